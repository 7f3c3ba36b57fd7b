import Foundation

// The least a Swift program that uses Foundation can do: start, print one line, exit. Its launch
// time is the floor the app's launch is measured against (make bench builds it with swiftc, once
// linked as usual and once with -static-stdlib; it is no target of either package).
FileHandle.standardOutput.write(Data("ready \(ProcessInfo.processInfo.processIdentifier)\n".utf8))
