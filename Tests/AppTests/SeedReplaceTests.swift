import Foundation
import WorkPhotosSQLite
import Testing

/// `workphotos-seed --store` replaces a WorkPhotos store or nothing: anything else is refused,
/// left exactly as it was, with code 2 (`--force` replaces a file, a damaged store or a link).
@Suite(.serialized)
struct SeedReplaceTests {
    @Test func aTextFileIsRefusedAndKeptUnlessForced() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        try "my notes\n".write(toFile: store.path, atomically: true, encoding: .utf8)

        let refused = try seed(["--store", store.path, "default"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "workphotos-seed: error: refusing to replace \(store.path): it is not a WorkPhotos store (it is not an SQLite database); it was left as it is. Give another --store, or add --force to replace it\n")
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "my notes\n")

        let forced = try seed(["--force", "--store", store.path, "default"])
        #expect(forced.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)).prefix(15) == Data("SQLite format 3".utf8))
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetUntouched() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let target = store.folder.appendingPathComponent("elsewhere.txt").path
        try "keep\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: target)

        let refused = try seed(["--store", store.path, "default"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is a symbolic link"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: store.path) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
    }

    @Test func aFIFOIsRefusedEvenWithForceAndNothingBlocks() throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        #expect(mkfifo(store.path, 0o600) == 0)

        let refused = try seed(["--force", "--store", store.path, "default"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is a FIFO (named pipe); it was left as it is. Give another --store\n"))
        var info = stat()
        #expect(lstat(store.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aDeviceIsRefusedEvenWithForce() throws {
        let output = try seed(["--force", "--store", "/dev/null", "default"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("refusing to replace /dev/null: it is a device"))
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aStoreDamagedInsideIsStillAStoreAndIsReplaced() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        // The last page's b-tree header: photo data, not the migrations table.
        bytes.replaceSubrange(bytes.count - 4096..<bytes.count - 4088, with: Data(repeating: 0xA5, count: 8))
        try bytes.write(to: URL(fileURLWithPath: store.path))
        #expect(throws: StoreError.self) { try PhotoStore.open(at: store.path) }

        #expect(try seed(["--store", store.path, "default"]).status == 0, "reseeding is the cure for a damaged store")
    }

    @Test func aFileWhoseSchemaIsUnreadableIsRefusedUnlessForced() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.path))
        bytes.replaceSubrange(100..<4096, with: Data(repeating: 0xA5, count: 3996))  // the schema page
        try bytes.write(to: URL(fileURLWithPath: store.path))

        let refused = try seed(["--store", store.path, "default"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("refusing to replace \(store.path)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == bytes)
        #expect(try seed(["--force", "--store", store.path, "default"]).status == 0)
    }

    @Test func aStoreIsReplacedWithoutForce() throws {
        let store = try SeededStore("default")
        defer { store.remove() }
        #expect(try seed(["--store", store.path, "default"]).status == 0)
    }

    private func seed(_ arguments: [String]) throws -> AppProcess.Output {
        try AppProcess.run(arguments + ["--seeds", SeededStore.seeds.path], input: "", binary: "workphotos-seed")
    }
}
