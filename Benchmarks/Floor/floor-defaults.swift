import Foundation

// The floor with the one thing every WorkPhotos launch must do by the project's rules: read its
// `-key value` launch arguments through UserDefaults' argument domain. Then it prints one line and
// exits, like floor-echo.swift (make bench builds it with swiftc -static-stdlib; no package holds it).
let automation = UserDefaults.standard.bool(forKey: "automation")
FileHandle.standardOutput.write(Data("ready \(automation) \(ProcessInfo.processInfo.processIdentifier)\n".utf8))
