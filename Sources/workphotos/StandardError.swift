import Console
import PresenterKit

/// The app's log: one line per event on standard error, which the flow runner shows on failure.
/// A log that cannot be written is dropped: it never ends the app or changes its exit code.
struct StandardErrorLogger: EventLogging {
    func log(_ message: String) {
        Console.error("workphotos: \(message)\n")
    }
}
