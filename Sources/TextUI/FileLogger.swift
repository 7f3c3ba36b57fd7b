import Console
import Foundation
import PresenterKit

/// The log of a person's session at a terminal: appended to a file, so that log lines do not
/// interleave with the screen. If the file cannot be opened the log is dropped.
final class FileLogger: EventLogging, @unchecked Sendable {
    let path: String
    private let name: String
    private let fd: Int32

    /// `$XDG_STATE_HOME/NAME/NAME.log`, else `~/.local/state/NAME/NAME.log`.
    static func defaultPath(name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
        return base + "/\(name)/\(name).log"
    }

    /// A log appended to `path` (its folder made if need be), each line `DATE NAME: ...`.
    init(path: String, name: String) {
        self.path = path
        self.name = name
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
        Console.write("\(Date().ISO8601Format()) \(name): \(message)\n", to: fd)
    }
}
