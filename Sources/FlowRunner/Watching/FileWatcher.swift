import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits on file-system events with inotify, one watch per directory: an editor often saves by
/// writing another file and renaming it over the old one, which a watch on the file itself would
/// lose; a watch on its directory sees the new file arrive under the old name.
///
/// inotify is Linux's: elsewhere `init` throws, and `flow run --watch` says so.
///
/// It never polls the disk: `descriptor` becomes readable when something happened (hand it to
/// `poll`), and `read()` returns what is readable now, without blocking.
///
/// A file is reported once per version: a writer that renames its file into place and closes it
/// after (as Foundation's atomic write does) makes two events, which can be read apart; the second,
/// for a file whose content (for a large file: inode, size and modification time) was reported
/// already, is dropped. So is a file saved again unchanged.
package final class FileWatcher {
    /// One thing that happened in a watched directory.
    package struct Event: Sendable, Equatable {
        /// What happened to the path.
        package enum Kind: Sendable, Equatable {
            /// A file was closed after writing, or a file or folder was moved in: its content is whole.
            case written
            /// A file or folder was deleted or moved out.
            case removed
            /// A folder was made (a file's creation is reported once it is written).
            case created
            /// The kernel's queue overflowed: events were lost, anything may have changed.
            case overflow
        }

        /// The directory and the name in it (empty for `overflow`).
        package let path: String
        /// What happened to it.
        package let kind: Kind
        /// True when the path is a folder, not a file.
        package let isDirectory: Bool

        /// An event, as a test or the watcher makes it.
        package init(path: String, kind: Kind, isDirectory: Bool) {
            self.path = path
            self.kind = kind
            self.isDirectory = isDirectory
        }
    }

    /// Why inotify could not start.
    package struct Failure: Error, CustomStringConvertible {
        /// The reason, as `flow run --watch` prints it.
        package let description: String
    }

    /// Readable when events are waiting (non-blocking, closed on exec).
    package let descriptor: Int32
    private var folders: [Int32: String] = [:]  // watch → directory
    private var watches: [String: Int32] = [:]  // directory → watch
    #if os(Linux)
    private var reported: [String: Stamp] = [:]  // file → the version last reported written

    static let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
        | UInt32(IN_CREATE) | UInt32(IN_ONLYDIR)
    #endif

    /// Starts inotify with no directory watched yet; throws where inotify is missing or refuses,
    /// saying so in the words of `runner` (`flow run --watch`).
    package init(runner: RunnerIdentity = .standard) throws(Failure) {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "cannot watch files: inotify_init1 failed: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
        #else
        throw Failure(description: "cannot watch files here: \(runner.name) run --watch needs Linux's inotify")
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// The directories watched now.
    package var directories: [String] { watches.keys.sorted() }

    /// Watches `directory` (an absolute path), unless it is watched already. False when it cannot
    /// be watched (it is not there, not a directory, or the watch limit is reached).
    @discardableResult
    package func watch(_ directory: String) -> Bool {
        #if os(Linux)
        if watches[directory] != nil { return true }
        let watch = inotify_add_watch(descriptor, directory, Self.mask)
        guard watch >= 0 else { return false }
        // The same directory by another path (a symbolic link) gets the same watch: keep one name.
        if let old = folders[watch] { watches[old] = nil }
        folders[watch] = directory
        watches[directory] = watch
        return true
        #else
        return false
        #endif
    }

    /// Every event readable now; empty when none is. Never blocks.
    package func read() -> [Event] {
        #if os(Linux)
        var events: [Event] = []
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = Glibc.read(descriptor, buffer, size)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + header
                offset = nameStart + length
                guard offset <= count else { break }
                let nameBytes = UnsafeRawBufferPointer(start: buffer + nameStart, count: length).prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let event = event(watch: watch, mask: mask, name: name) { events.append(event) }
            }
        }
        return events
        #else
        return []
        #endif
    }

    #if os(Linux)
    /// The event of one inotify record: nil for what the watch ignores (a file just created,
    /// a watch removed).
    private func event(watch: Int32, mask: UInt32, name: String) -> Event? {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return Event(path: "", kind: .overflow, isDirectory: false) }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The directory went (or was unmounted): its watch is gone with it.
            if let folder = folders.removeValue(forKey: watch) { watches[folder] = nil }
            return nil
        }
        guard let folder = folders[watch], !name.isEmpty else { return nil }
        let isDirectory = mask & UInt32(IN_ISDIR) != 0
        let path = folder == "/" ? "/" + name : folder + "/" + name
        if mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 {
            if !isDirectory, let stamp = Stamp(path) {
                guard reported[path] != stamp else { return nil }
                reported[path] = stamp
            }
            return Event(path: path, kind: .written, isDirectory: isDirectory)
        }
        if mask & (UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)) != 0 {
            // Forgotten only if it is gone still (an editor may have put a new one there already).
            if Stamp(path) == nil { reported[path] = nil }
            return Event(path: path, kind: .removed, isDirectory: isDirectory)
        }
        // A file just made is empty: it counts once it is written and closed.
        if mask & UInt32(IN_CREATE) != 0, isDirectory { return Event(path: path, kind: .created, isDirectory: true) }
        return nil
    }

    /// A version of a file. A small regular file (a flow, a fixture, a scheme) is known by its
    /// content: two writes within a clock tick can leave the same size and time, and the same
    /// text renamed into place again is the same version. A large one (the app) is known by its
    /// inode, size and modification time.
    private enum Stamp: Equatable {
        case content(Int)
        case metadata(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int)

        /// Files up to this size are read to tell their versions apart.
        static let contentLimit = 1 << 20

        /// The file's stamp now; nil when it is not there.
        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.contentLimit, let data = FileManager.default.contents(atPath: path) {
                var hasher = Hasher()
                data.withUnsafeBytes { hasher.combine(bytes: $0) }
                self = .content(hasher.finalize())
            } else {
                self = .metadata(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                 seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
            }
        }
    }
    #endif
}
