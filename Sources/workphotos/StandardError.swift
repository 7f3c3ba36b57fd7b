import Foundation
import PresenterKit

/// Writes to standard error, unbuffered.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// The app's log: one line per event on standard error, which the flow runner shows on failure.
struct StandardErrorLogger: EventLogging {
    func log(_ message: String) {
        StandardError.write("workphotos: \(message)\n")
    }
}
