import Foundation

/// Replaces a store file with a new one, atomically: the new store is written to a hidden
/// temporary file beside the target and renamed over it only once it is complete and closed.
///
/// `rename(2)` within one folder is atomic, so a reset that fails or is killed at any point leaves
/// the previous store exactly as it was (a killed one leaves only its temporary file, which the
/// next reset of the same store removes once its process is gone).
public enum AtomicStoreReset {
    /// Replaces the store at `storePath` with what `write` makes at the temporary path it is given.
    ///
    /// Only the app's store, or nothing, is replaced. A directory, a FIFO, a device or a socket is
    /// always refused; a symbolic link, or a file `identify` does not recognise, unless `force`
    /// is set (the link itself, not what it points to, is then replaced).
    ///
    /// - Parameters:
    ///   - storePath: the store to replace (its folder is made when missing).
    ///   - force: replace a symbolic link or a file that is not the app's store too.
    ///   - identify: given the path of the file that is there, says why it is not the app's store
    ///     (`it is not an expense store (...)`), or nil when it is.
    ///   - write: writes the complete new store at the path it is given, and closes it; whatever it
    ///     throws abandons the reset, its temporary files removed.
    /// - Returns: the store's path, standardised.
    @discardableResult
    public static func replace(
        storeAt storePath: String, force: Bool = false, identify: (String) -> String?, write: (String) throws -> Void
    ) throws -> String {
        let target = URL(fileURLWithPath: storePath).standardizedFileURL
        let directory = target.deletingLastPathComponent()
        try checkReplaceable(target.path, force: force, identify: identify)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SeedingError.cannotWrite(path: directory.path, reason: "cannot create the directory: \(error.localizedDescription)")
        }
        removeAbandonedTemporaries(for: target)
        let temporary = directory.appendingPathComponent(temporaryPrefix(for: target.lastPathComponent) + "\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try write(temporary.path)
            guard rename(temporary.path, target.path) == 0 else {
                throw SeedingError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        } catch {
            removeTemporary(temporary)
            throw error
        }
        return target.path
    }

    /// Refuses what must not be replaced (see ``replace(storeAt:force:identify:write:)``).
    public static func checkReplaceable(_ path: String, force: Bool, identify: (String) -> String?) throws(SeedingError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        let other: String? = switch kind {
        case S_IFDIR: "it is a directory"
        case S_IFIFO: "it is a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "it is a device"
        case S_IFSOCK: "it is a socket"
        default: nil
        }
        if let other { throw .refused(path: path, reason: other, forceable: false) }
        if force { return }
        if kind == S_IFLNK {
            throw .refused(path: path, reason: "it is a symbolic link (seeding would replace the link with a file)", forceable: true)
        }
        if let reason = identify(path) { throw .refused(path: path, reason: reason, forceable: true) }
    }

    /// The prefix of a reset's temporary files beside the store named `storeFile`.
    public static func temporaryPrefix(for storeFile: String) -> String {
        ".\(storeFile).seeding-"
    }

    private static func removeTemporary(_ url: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: url.path + suffix)
        }
    }

    /// Temporaries left by resets that were killed: their process is gone.
    private static func removeAbandonedTemporaries(for target: URL) {
        let directory = target.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: target.lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(pidText), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
