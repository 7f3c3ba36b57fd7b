import FlowKit
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the runner writes a file a person named: a saved flow, JUnit, an HTML page, a
/// report, a timings file, the step reference. The file is written whole or not at all, and
/// nothing but a regular file is ever replaced.
///
/// - The folders on the way are made when missing (`out/1/junit.xml` on a fresh CI machine), and
///   removed again when the write fails.
/// - An existing target that is a folder, a FIFO, a device or a socket is refused, with what it
///   is: writing would replace it (a `:save /dev/full` run as root replaced the system's
///   `/dev/full` with a file before).
/// - A symbolic link is written through, as most tools do: the file it points to is replaced and
///   the link stays. A link that points nowhere (or to something that is not a regular file) is
///   refused, as `cp` refuses to write through a dangling link: the file would appear wherever
///   the link says, which may be a surprise.
/// - A path holding a control character (a NUL, a newline, an escape) is refused.
/// - The text goes to a hidden temporary file in the target's folder (`.NAME.RANDOM.tmp`),
///   flushed to disk, then renamed over the target: a reader sees the old file or the new one,
///   never half of one. The temporary file is removed on any failure, and one a killed writer
///   left is removed by the next write in its folder. An existing file's permissions are kept.
///
/// Foundation's atomic writes are not used: on Linux they rename over whatever the target is,
/// and their errors read `NSCocoaErrorDomain error 512`. Every error here names the path and says
/// what is wrong in words (no permission, no space left, a read-only file system, not a folder).
package enum OutputFile {
    /// Writes `text` as UTF-8 to `path` (see the type's rules).
    package static func write(_ text: String, to path: String) throws(OutputFileError) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` (see the type's rules).
    package static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        try prepare(bytes, to: path).commit()
    }

    /// Writes `bytes` to `path`'s temporary file (the folders on the way made), flushed, but does
    /// not rename it over `path` yet: ``Prepared/commit()`` does, ``Prepared/discard()`` removes
    /// it and the folders made. Several files are written whole or not at all this way
    /// (``OutputBatch``): each is prepared, and none is renamed until all are.
    package static func prepare(_ bytes: [UInt8], to path: String) throws(OutputFileError) -> Prepared {
        let target = try check(path)
        var made: [String] = []
        do throws(OutputFileError) {
            made = try makeFolders(for: target.path, named: path)
            let temporary = try writeTemporary(for: target, with: bytes, named: path)
            return Prepared(path: path, target: target.path, temporary: temporary, made: made)
        } catch {
            removeFolders(made)
            throw error
        }
    }

    /// A file written to its temporary file beside its target, not yet renamed over it.
    package struct Prepared: Sendable {
        /// The path as it was given.
        package let path: String
        let target: String
        let temporary: String
        /// The folders made on the way, outermost first.
        let made: [String]

        /// Renames the temporary file over the target: the new file appears whole. On failure
        /// the temporary file and the folders made are removed.
        package func commit() throws(OutputFileError) {
            guard rename(temporary, target) == 0 else {
                let code = errno
                discard()
                throw OutputFileError(path: path, reason: .system(code, .renaming))
            }
        }

        /// Removes the temporary file, and the folders made for it that are empty then.
        package func discard() {
            unlink(temporary)
            removeFolders(made)
        }
    }

    /// Makes the folder `path` (and the folders on the way) when missing; refuses a path that is
    /// something else, with what it is. For `--report DIR`, whose files are then written with `write`.
    package static func folder(_ path: String) throws(OutputFileError) {
        _ = try makeFolder(path)
    }

    /// Makes the folder `path` as ``folder(_:)`` does; the folders it made, outermost first.
    static func makeFolder(_ path: String) throws(OutputFileError) -> [String] {
        guard try !checkFolder(path) else { return [] }
        return try makeFolders(for: (path as NSString).appendingPathComponent("x"), named: path)
    }

    /// Checks that `path` is a folder, or can be made one (see ``folder(_:)``), without making it;
    /// true when it is there already.
    @discardableResult
    package static func checkFolder(_ path: String) throws(OutputFileError) -> Bool {
        try checkCharacters(path)
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputFileError(path: path, reason: .notAFolderItself(kind(of: info.st_mode))) }
            return true
        }
        let code = errno
        guard code == ENOENT || code == ENOTDIR else { throw OutputFileError(path: path, reason: .system(code, .reading)) }
        var link = stat()
        if code == ENOENT, lstat(path, &link) == 0 { throw OutputFileError(path: path, reason: .danglingLink(linkTarget(path) ?? "?")) }
        if let reason = problemOnTheWay(to: path) { throw OutputFileError(path: path, reason: reason) }
        if code == ENOTDIR { throw OutputFileError(path: path, reason: .system(ENOTDIR, .reading)) }
        return false
    }

    /// Checks that `path` can be written (see the type's rules) without writing anything: the
    /// file that a write would replace, or nil when there is none yet. A command that writes
    /// several files checks them all first, so one bad path leaves nothing half-written.
    @discardableResult
    package static func check(_ path: String) throws(OutputFileError) -> Target {
        try checkCharacters(path)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT || code == ENOTDIR else { throw OutputFileError(path: path, reason: .system(code, .reading)) }
            if let reason = problemOnTheWay(to: path) { throw OutputFileError(path: path, reason: reason) }
            if code == ENOTDIR { throw OutputFileError(path: path, reason: .system(ENOTDIR, .reading)) }
            if path.hasSuffix("/") { throw OutputFileError(path: path, reason: .endsInSlash) }
            return Target(path: path, existing: nil)
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            let pointsTo = linkTarget(path) ?? "?"
            guard let resolved = realpathOf(path) else {
                if errno == ELOOP { throw OutputFileError(path: path, reason: .system(ELOOP, .reading)) }
                throw OutputFileError(path: path, reason: .danglingLink(pointsTo))
            }
            var final = stat()
            guard stat(resolved, &final) == 0 else { throw OutputFileError(path: path, reason: .danglingLink(pointsTo)) }
            guard final.st_mode & S_IFMT == S_IFREG else {
                throw OutputFileError(path: path, reason: .linkToNotAFile(pointsTo, kind(of: final.st_mode)))
            }
            return Target(path: resolved, existing: final)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw OutputFileError(path: path, reason: .notAFile(kind(of: info.st_mode))) }
        return Target(path: path, existing: info)
    }

    /// Where a write goes: the file itself (a link's target, resolved), and what is there now.
    package struct Target {
        /// The path the temporary file is renamed to.
        package let path: String
        let existing: stat?
    }

    // MARK: - Writing

    /// The temporary file beside `target`, holding `bytes`, flushed to disk and closed.
    private static func writeTemporary(for target: Target, with bytes: [UInt8], named path: String) throws(OutputFileError) -> String {
        let folder = PathText.parent(of: target.path)
        let name = PathText.name(of: target.path)
        // A short stem keeps the temporary name within NAME_MAX whatever the target's length.
        let stem = String(decoding: name.utf8.prefix(64), as: UTF8.self).replacingOccurrences(of: "\u{FFFD}", with: "")
        removeAbandonedTemporaries(in: folder)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            let unique = "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = (folder.isEmpty ? "" : folder + "/") + ".\(stem).\(unique).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw OutputFileError(path: path, reason: .system(errno, .creatingIn(folder.isEmpty ? "." : folder))) }
        var closed = false
        do throws(OutputFileError) {
            if let existing = target.existing {
                // The file stays whose it was, with its permissions (best effort: only root may give a file away).
                _ = fchown(fd, existing.st_uid, existing.st_gid)
                _ = fchmod(fd, existing.st_mode & 0o777)
            }
            try writeAll(bytes, to: fd, named: path)
            guard fsync(fd) == 0 else { throw OutputFileError(path: path, reason: .system(errno, .writing)) }
            closed = true
            guard close(fd) == 0 else { throw OutputFileError(path: path, reason: .system(errno, .writing)) }
            return temporary
        } catch {
            if !closed { close(fd) }
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, named path: String) throws(OutputFileError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.write(fd, base + offset, buffer.count - offset)
                #else
                return Darwin.write(fd, base + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, reason: .system(errno, .writing))
            }
            offset += written
        }
    }

    /// Temporary files left in `folder` by a writer that was killed part-way (`.NAME.PID-RANDOM.tmp`
    /// whose process is gone): looked for once per folder and process, so writing a report's
    /// thousand files lists their folder once, not a thousand times.
    private static func removeAbandonedTemporaries(in folder: String) {
        let folder = folder.isEmpty ? "." : folder
        guard scannedFolders.withLock({ $0.insert(folder).inserted }) else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".").last?.split(separator: "-", omittingEmptySubsequences: false) ?? []
            guard parts.count == 2, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }), let pid = pid_t(parts[0]),
                  Leftovers.ownerIsGone(pid) else { continue }
            unlink(folder + "/" + name)
        }
    }

    private static let scannedFolders = Mutex<Set<String>>([])

    // MARK: - Folders

    /// Makes the missing folders above `file`, outermost first; returns those it made.
    private static func makeFolders(for file: String, named path: String) throws(OutputFileError) -> [String] {
        var missing: [String] = []
        var folder = PathText.parent(of: file)
        while !folder.isEmpty {
            var info = stat()
            if stat(folder, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputFileError(path: path, reason: .partNotAFolder(folder)) }
                break
            }
            guard errno == ENOENT else {
                let code = errno
                if code == ENOTDIR, let reason = problemOnTheWay(to: folder) { throw OutputFileError(path: path, reason: reason) }
                throw OutputFileError(path: path, reason: .system(code, .reading))
            }
            missing.append(folder)
            let parent = PathText.parent(of: folder)
            if parent == folder { break }
            folder = parent
        }
        var made: [String] = []
        for folder in missing.reversed() {
            guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
                let code = errno
                removeFolders(made)
                throw OutputFileError(path: path, reason: .system(code, .makingFolder(folder)))
            }
            made.append(folder)
        }
        return made
    }

    /// Removes the folders a failed write made, innermost first (only while empty).
    static func removeFolders(_ made: [String]) {
        for folder in made.reversed() { rmdir(folder) }
    }

    // MARK: - Paths

    private static func checkCharacters(_ path: String) throws(OutputFileError) {
        guard !path.isEmpty else { throw OutputFileError(path: path, reason: .empty) }
        if let control = path.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw OutputFileError(path: path, reason: .controlCharacter(control.value))
        }
    }

    /// What stops a write at `path`, or below it, found before anything is made: a part of it
    /// that is there and is not a folder (or is a link to nothing) with more after it, or a `..`
    /// after a folder still to be made (`new/../file.yaml/x.yaml`, `new/..`: the system climbs only
    /// out of a folder that is there, so the write would fail, or leave `new` behind, only once the
    /// folders were made). Called when `path` itself is not there, or is a folder to be.
    private static func problemOnTheWay(to path: String) -> OutputFileError.Reason? {
        var prefix = path.hasPrefix("/") ? "/" : ""
        var missing: String?
        for part in path.split(separator: "/").map(String.init) {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
            if let missing {
                if part == ".." { return .climbsOutOfMissing(missing) }
                continue
            }
            var info = stat()
            if stat(prefix, &info) == 0 {
                if info.st_mode & S_IFMT != S_IFDIR { return .partNotAFolder(prefix) }
            } else if errno == ENOENT {
                if lstat(prefix, &info) == 0 { return .partNotAFolder(prefix) }
                missing = prefix
            } else {
                return nil  // no permission to look, say: the write says what stops it
            }
        }
        return nil
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func realpathOf(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func kind(of mode: mode_t) -> FileKind {
        FileKind(mode: mode)
    }
}

/// What a path is: a regular file, a folder, or one of the things that must never be read as a
/// file (it blocks, or never ends) nor replaced by one.
package enum FileKind: String, Sendable, Equatable, CustomStringConvertible {
    /// A regular file: the only kind read or replaced.
    case file = "a regular file"
    /// A folder (a directory).
    case folder = "a folder"
    /// A named pipe: opening it blocks until the other end opens.
    case fifo = "a FIFO (named pipe)"
    /// A character device (`/dev/null`, `/dev/full`, a terminal).
    case characterDevice = "a character device"
    /// A block device (a disk).
    case blockDevice = "a block device"
    /// A Unix socket.
    case socket = "a socket"
    /// A symbolic link, not followed.
    case link = "a symbolic link"
    /// Anything else the system may have.
    case other = "not a regular file"

    /// The kind of a `stat` mode.
    init(mode: mode_t) {
        self = switch mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .link
        default: .other
        }
    }

    /// `a folder`, `a FIFO (named pipe)`: as a message says what a path is.
    package var description: String { rawValue }
}

/// Why a file a person named could not be written: the path as given, and the reason in words.
package struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done when the system said no.
    package enum Doing: Sendable, Equatable {
        /// Looking at what is there.
        case reading
        /// Creating the temporary file in this folder.
        case creatingIn(String)
        /// Making this folder on the way.
        case makingFolder(String)
        /// Writing the bytes, flushing them, closing the file.
        case writing
        /// Renaming the temporary file over the target.
        case renaming
    }

    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// The path is empty.
        case empty
        /// The path holds this control character (a NUL, a newline, an escape).
        case controlCharacter(UInt32)
        /// A path that is not there ends in `/`: it names a folder.
        case endsInSlash
        /// What is there is not a regular file: it would be replaced.
        case notAFile(FileKind)
        /// A folder was asked for, and this is there instead.
        case notAFolderItself(FileKind)
        /// A symbolic link to this path, where nothing is.
        case danglingLink(String)
        /// A symbolic link to this path, which is not a regular file.
        case linkToNotAFile(String, FileKind)
        /// This part of the path is not a folder.
        case partNotAFolder(String)
        /// A `..` comes after this folder, which is not there yet.
        case climbsOutOfMissing(String)
        /// The system said no (errno), while doing this.
        case system(Int32, Doing)
    }

    /// The path as it was given.
    package let path: String
    /// What is wrong with it.
    package let reason: Reason

    /// `cannot write PATH: REASON`, the path shown as ``PathText/shown(_:)`` shows it.
    package var description: String {
        "cannot write \(PathText.shown(path)): \(explanation)"
    }

    /// The reason, naming the file when it is not `folder` itself but one written below it (a
    /// report's file): for a message that already names `folder`.
    package func explanation(below folder: String) -> String {
        path == folder ? explanation : "\(PathText.shown(path)): \(explanation)"
    }

    /// The reason in words, and what to do.
    package var explanation: String {
        switch reason {
        case .empty:
            return "the path is empty: give a file's path"
        case let .controlCharacter(value):
            return "the path holds \(TerminalText.firstControl(in: path) ?? "a control character (U+\(String(value, radix: 16)))"): give a path without one"
        case .endsInSlash:
            return "the path ends in /, so it names a folder: give a file's path inside it"
        case let .notAFile(kind):
            return "it is \(kind.rawValue), not a regular file, and would be replaced: give a file's path" + (kind == .folder ? " inside it" : "")
        case let .notAFolderItself(kind):
            return "it is \(kind.rawValue), not a folder: give a folder's path"
        case let .danglingLink(target):
            return "it is a symbolic link to \(PathText.shown(target)), which does not exist: create that file or remove the link"
        case let .linkToNotAFile(target, kind):
            return "it is a symbolic link to \(PathText.shown(target)), which is \(kind.rawValue), not a regular file: give a file's path"
        case let .partNotAFolder(part):
            return "\(PathText.shown(part)) is not a folder, so nothing can be written below it"
        case let .climbsOutOfMissing(folder):
            return "a .. comes after \(PathText.shown(folder)), a folder that is not there yet: give the path without .."
        case let .system(code, doing):
            return Self.words(code, doing)
        }
    }

    /// The system's error in words, with where it happened.
    static func words(_ code: Int32, _ doing: Doing) -> String {
        let place: String = switch doing {
        case let .creatingIn(folder): " in the folder \(PathText.shown(folder))"
        case let .makingFolder(folder): " to make the folder \(PathText.shown(folder))"
        case .reading, .writing, .renaming: ""
        }
        switch code {
        case EACCES, EPERM: return "no permission to write\(place)"
        case ENOSPC: return "no space left on the device"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the file system is read-only"
        case ENOTDIR: return "a part of the path is not a folder"
        case ENAMETOOLONG: return "the path, or a name in it, is too long"
        case ELOOP: return "too many symbolic links on the way (a link that points back to itself?)"
        case EIO: return "an input/output error on the device"
        case EMFILE, ENFILE: return "too many files are open"
        case EFBIG: return "the file would be larger than the system allows (ulimit -f)"
        case EISDIR: return "it is a folder, not a regular file"
        case EBUSY: return "it is in use by the system (a mount point?)"
        case EXDEV: return "the temporary file and the target are on different file systems"
        case ENOENT: return "a folder on the way vanished while writing"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
