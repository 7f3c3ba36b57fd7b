import FlowKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file a person named without hanging or running out of memory: only a regular file
/// is read (opening a FIFO blocks until a writer comes, `/dev/zero` never ends), and only up to a
/// limit. `flow merge` reads the shards' JUnit files and reports this way, and a session its flow.
package enum InputFile {
    /// Why a file was not read.
    package enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path is empty.
        case empty
        /// The path holds a control character: which, and where, in words.
        case controlCharacter(String)
        /// Nothing is there.
        case missing
        /// Something is there, but not a regular file.
        case notAFile(FileKind)
        /// It is larger than the limit: its size, and the limit.
        case tooLarge(Int, limit: Int)
        /// The system would not let it be read: errno.
        case unreadable(Int32)

        /// The problem in words, for a located error on the file.
        package var description: String {
            switch self {
            case .empty: "the path is empty: give a path"
            case let .controlCharacter(words): "the path holds \(words): give a path without one"
            case .missing: "there is no such file"
            case let .notAFile(kind): "it is \(kind), not a regular file"
            case let .tooLarge(size, limit): "it is \(size) bytes, over the limit of \(limit)"
            case let .unreadable(code): "cannot read it: " + (code == EACCES ? "no permission" : String(cString: strerror(code)).lowercased())
            }
        }
    }

    /// What is at `path` (a link followed unless `following` is false), or nil when nothing is.
    package static func kind(_ path: String, following: Bool = true) -> FileKind? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// What is wrong with `path` as a file or a folder to read, found without opening anything:
    /// it is empty, holds a control character, or names a FIFO, a device or a socket (a link is
    /// followed), which a reader would wait on for ever or read without end. Nothing there, a file
    /// or a folder is no problem here: the reader says what it finds. For a tool that checks its
    /// arguments before it runs; `read` refuses the same kinds when it opens the file.
    package static func check(_ path: String) -> Problem? {
        guard !path.isEmpty else { return .empty }
        if let control = TerminalText.firstControl(in: path) { return .controlCharacter(control) }
        guard let kind = kind(path), kind != .file, kind != .folder else { return nil }
        return .notAFile(kind)
    }

    /// The bytes of the regular file at `path` (a link to one is followed), if it holds at most `limit`.
    package static func read(_ path: String, limit: Int) -> Result<Data, Problem> {
        // Opened without blocking and checked after opening: what is checked is what is read.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(errno)) }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .file else { return .failure(.notAFile(kind)) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(Int(info.st_size), limit: limit)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.read(fd, base, bytes.count)
                #else
                return Darwin.read(fd, base, bytes.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[..<count])
            // A file that grows while it is read is held to the same limit.
            if data.count > limit { return .failure(.tooLarge(data.count, limit: limit)) }
        }
        return .success(data)
    }

    /// Everything below `folder`, depth first, with what it is (a symbolic link is not followed).
    package static func entries(below folder: String) -> [(path: String, kind: FileKind)] {
        var found: [(String, FileKind)] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let kind = kind(path, following: false) else { continue }
            found.append((path, kind))
            if kind == .folder { found += entries(below: path) }
        }
        return found
    }
}
