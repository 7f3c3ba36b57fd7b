@testable import FlowRunner
import Foundation
import Testing

/// The page a worker marks which check and which property it runs on, shared with its runner: a
/// new page names none, both ends see what one writes, a page let go is unmapped, a file that
/// cannot be one is refused and left behind by no one, and a closed standard input (descriptor 0
/// free for the page's file) is no reason to refuse one.
struct PropertyWorkerMarkerTests {
    @Test func aNewPageNamesNoCheckNoPropertyAndNoThreadsLeft() throws {
        let (marker, path) = try #require(PropertyWorkerMarker.make())
        defer { unlink(path) }
        #expect(marker.check == 0 && marker.property == -1 && marker.leftThreads == -1)
    }

    @Test func whatTheWorkerMarksTheRunnerReads() throws {
        let (runner, path) = try #require(PropertyWorkerMarker.make())
        defer { unlink(path) }
        let worker = try #require(PropertyWorkerMarker.open(path))
        worker.set(check: 12, property: 3)
        worker.leftThreads = 2
        #expect(runner.check == 12 && runner.property == 3 && runner.leftThreads == 2)
    }

    @Test func aFileThatIsNotThereIsNoPage() {
        #expect(PropertyWorkerMarker.open("/nowhere/flow-property-worker") == nil)
    }

    @Test func aPageLetGoIsUnmapped() throws {
        let path = try #require(Self.pathOfAPageHeldThenLetGo())
        defer { unlink(path) }
        #expect(!Self.mappings().contains(Self.name(path)), "the page of \(path) is still mapped")
    }

    @Test func aFileThatCannotBeMappedForWritingIsNoPage() throws {
        // A memory file sealed against writes: it opens for reading and writing, it is already
        // the page's length, and no writable shared mapping of it is allowed.
        let fd = try #require(Self.sealedAgainstWrites())
        defer { close(fd) }
        #expect(PropertyWorkerMarker.open("/proc/self/fd/\(fd)") == nil)
    }

    @Test func aPageIsMadeAndOpenedWithStandardInputClosed() async {
        // `flow run <&-`: the page's file is then descriptor 0.
        await #expect(processExitsWith: .success) {
            close(STDIN_FILENO)
            guard let (marker, path) = PropertyWorkerMarker.make() else { exit(1) }
            defer { unlink(path) }
            guard let other = PropertyWorkerMarker.open(path) else { exit(2) }
            other.set(check: 4, property: 1)
            exit(marker.check == 4 && marker.property == 1 ? 0 : 3)
        }
    }

    @Test func aPageThatCannotBeMadeLeavesNoFileBehind() async {
        await #expect(processExitsWith: .success) {
            // Files of this process may not grow (and the signal that says so is ignored): the
            // page's file is made, and cannot be made the page's length.
            let folder = NSTemporaryDirectory() + "/flow-marker-test-\(getpid())"
            guard mkdir(folder, 0o700) == 0, setenv("TMPDIR", folder, 1) == 0 else { exit(1) }
            defer { rmdir(folder) }
            signal(SIGXFSZ, SIG_IGN)
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let allowed = limit.rlim_cur
            limit.rlim_cur = 0
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            let made = PropertyWorkerMarker.make()
            limit.rlim_cur = allowed
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
            guard made == nil else { exit(2) }
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]
            exit(left.isEmpty ? 0 : 3)
        }
    }

    // MARK: - Helpers

    /// The path of a page made, held while its mapping is checked, then let go.
    private static func pathOfAPageHeldThenLetGo() -> String? {
        guard let (marker, path) = PropertyWorkerMarker.make() else { return nil }
        #expect(mappings().contains(name(path)), "the page is mapped while it is held")
        withExtendedLifetime(marker) {}
        return path
    }

    /// The name of the file at `path` (procfs lists a mapping's file by its path made canonical).
    private static func name(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    /// This process's mappings, as procfs lists them.
    private static func mappings() -> String {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A memory file (memfd_create, looked up: Swift does not see its declaration) the page's
    /// length, sealed against writes.
    private static func sealedAgainstWrites() -> Int32? {
        typealias MemoryFile = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return nil }
        let allowSealing: UInt32 = 2, addSeals: Int32 = 1033, sealWrite: Int32 = 8
        let fd = unsafeBitCast(symbol, to: MemoryFile.self)("flow-marker-test", allowSealing)
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(3 * MemoryLayout<Int64>.stride)) == 0, fcntl(fd, addSeals, sealWrite) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
