import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn` directly, its three standard streams on pipes:
/// how the runner starts an app, and how ``ChildProcess`` runs a program to its end.
///
/// Not Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` to close every other
/// descriptor in the child, and copies each directory entry's whole 256-byte name, reading past
/// glibc's buffer; the runner, which starts many apps from several threads, crashed there (SIGSEGV
/// in memmove) in about one full test run of three (swift-corelibs-foundation PR #5472 fixes it
/// upstream, after this toolchain). Here the pipes are made close-on-exec, and the child closes
/// every other descriptor with glibc's `posix_spawn_file_actions_addclosefrom_np` when the C
/// library has it. The child gets a process group of its own, as `Process` gives it. A thread of
/// its own waits for it (waitpid), so ``ending`` is known the moment it ends.
public final class SpawnedChild: @unchecked Sendable {
    /// The child's process identifier.
    public let processIdentifier: Int32
    /// The write end of the child's standard input.
    public let input: FileHandle
    /// The read end of its standard output.
    public let output: FileHandle
    /// The read end of its standard error.
    public let errors: FileHandle

    private let exit = NSCondition()
    private var status: (code: Int32, signaled: Bool)?

    /// A spawn that failed: what `posix_spawn` or a pipe said.
    public struct SpawnError: Error, CustomStringConvertible {
        /// What could not be done, and the system's words for why.
        public let description: String
        /// An error for `what`, with `errno`'s words.
        init(_ what: String, _ code: Int32) {
            description = "\(what): \(String(cString: strerror(code)))"
        }
    }

    /// Starts `executable` with `arguments` (not counting its own name) and `environment`, its
    /// standard streams on new pipes, in `currentDirectory` (by default this process's).
    public init(executable: String, arguments: [String], environment: [String: String], currentDirectory: String? = nil) throws {
        var access = stat()
        guard stat(executable, &access) == 0 else { throw SpawnError(executable, errno) }
        guard access.st_mode & S_IFMT == S_IFREG, Glibc.access(executable, X_OK) == 0 else { throw SpawnError(executable, EACCES) }
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            // Close-on-exec (pipe2 is not visible to Swift: fcntl right after; the closing of
            // every other descriptor in the child below covers a spawn in between).
            guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
                let code = errno
                for fd in pipes.joined() + ends where fd >= 0 { close(fd) }
                throw SpawnError("cannot make a pipe", code)
            }
            pipes.append(ends)
        }
        let (stdin, stdout, stderr) = (pipes[0], pipes[1], pipes[2])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], STDERR_FILENO)
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        if let currentDirectory {
            guard let changeDirectory = Self.changeDirectory else {
                for fd in pipes.joined() { close(fd) }
                throw SpawnError("cannot start \(executable) in \(currentDirectory): this C library cannot change a spawned program's folder", ENOSYS)
            }
            _ = changeDirectory(&actions, currentDirectory)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // The child's ends are the child's now (or nobody's): closed here either way.
        close(stdin[0])
        close(stdout[1])
        close(stderr[1])
        guard spawned == 0 else {
            for fd in [stdin[1], stdout[0], stderr[0]] { close(fd) }
            throw SpawnError(executable, spawned)
        }
        let child = pid
        processIdentifier = child
        input = FileHandle(fileDescriptor: stdin[1], closeOnDealloc: true)
        output = FileHandle(fileDescriptor: stdout[0], closeOnDealloc: true)
        errors = FileHandle(fileDescriptor: stderr[0], closeOnDealloc: true)
        let thread = Thread { [exit] in
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1, errno == EINTR {}
            // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
            let signal = status & 0x7F
            let ended = signal != 0 && signal != 0x7F ? (signal, true) : ((status >> 8) & 0xFF, false)
            exit.lock()
            self.status = (ended.0, ended.1)
            exit.broadcast()
            exit.unlock()
        }
        thread.stackSize = 64 * 1024
        thread.start()
    }

    /// How the child ended, once it has: its exit code, or the signal that ended it.
    public var ending: (status: Int32, signaled: Bool)? {
        exit.lock()
        defer { exit.unlock() }
        return status.map { ($0.code, $0.signaled) }
    }

    /// Whether the child still runs.
    public var isRunning: Bool { ending == nil }

    /// Waits until the child has ended, or `deadline` passes (nil: as long as it takes); true
    /// when it has ended.
    @discardableResult
    public func waitForExit(until deadline: Date? = nil) -> Bool {
        exit.lock()
        defer { exit.unlock() }
        while status == nil {
            if let deadline {
                guard exit.wait(until: deadline) else { return status != nil }
            } else {
                exit.wait()
            }
        }
        return true
    }

    /// Sends `signal` to the child while it runs.
    public func send(_ signal: Int32) {
        if isRunning { Glibc.kill(processIdentifier, signal) }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on) and `..._addchdir_np` (2.29
    /// on), looked up once: Swift does not see their declarations, which need `_GNU_SOURCE`.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
    private static let changeDirectory: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()
}
