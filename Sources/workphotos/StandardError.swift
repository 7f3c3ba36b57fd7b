import Console
import Foundation
import PresenterKit

/// The app's log: one line per event on standard error, which the flow runner shows on failure.
/// A log that cannot be written is dropped: it never ends the app or changes its exit code.
struct StandardErrorLogger: EventLogging {
    func log(_ message: String) {
        Console.error("workphotos: \(message)\n")
    }
}

/// The log of a person's session at a terminal: appended to a file, so that log lines do not
/// interleave with the screen. If the file cannot be opened the log is dropped.
final class FileLogger: EventLogging, @unchecked Sendable {
    let path: String
    private let fd: Int32

    /// `$XDG_STATE_HOME/workphotos/workphotos.log`, else `~/.local/state/workphotos/workphotos.log`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
        return base + "/workphotos/workphotos.log"
    }

    init(path: String) {
        self.path = path
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    func log(_ message: String) {
        guard fd >= 0 else { return }
        Console.write("\(Date().ISO8601Format()) workphotos: \(message)\n", to: fd)
    }
}
