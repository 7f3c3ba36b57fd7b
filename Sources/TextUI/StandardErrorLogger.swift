import Console
import PresenterKit

/// A text app's log when a script runs it (or its standard error is redirected): one line per
/// event on standard error, `NAME: ...`, which the flow runner shows when a flow fails. A log that
/// cannot be written is dropped: it never ends the app or changes its exit code.
struct StandardErrorLogger: EventLogging {
    let name: String

    func log(_ message: String) {
        Console.error("\(name): \(message)\n")
    }
}
