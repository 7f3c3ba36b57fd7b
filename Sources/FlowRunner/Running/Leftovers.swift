import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a runner killed part-way (SIGKILL, the OOM killer, a crash: no code of its own runs) left
/// behind, and its removal by the next runner. The runner names what it makes for a while after
/// its process id (a writer's temporary file `.NAME.PID-RANDOM.tmp`, a run's folder
/// `flow-run-PID-XXXXXXXX`), so a later one can tell a leftover from the work of one still running.
enum Leftovers {
    /// Whether no process has `pid` any more, so what it named after itself is a leftover. A live
    /// process is never gone: another user's (kill says EPERM) and this one included.
    static func ownerIsGone(_ pid: pid_t) -> Bool {
        pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// The name of a run's folder: its process id first.
    static func runFolderName() -> String {
        "\(runFolderPrefix)\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    private static let runFolderPrefix = "flow-run-"

    /// Removes from `temporary` the run folders (the fixture cache, every flow's store) of runners
    /// that are gone, once per process: a killed `flow run`, `flow studio` or `flow mcp` left
    /// theirs, which no later run would ever remove. Only a folder of this user's, whose name is a
    /// run folder's exactly, is removed; a link is not followed.
    static func removeRunFolders(in temporary: URL) {
        guard !swept.exchange(true, ordering: .relaxed) else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(runFolderPrefix) {
            let parts = name.dropFirst(runFolderPrefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit), let pid = pid_t(parts[0]), ownerIsGone(pid) else { continue }
            let path = temporary.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private static let swept = Atomic<Bool>(false)
}
