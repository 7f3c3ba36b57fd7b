import Foundation
import StoreSeeding
import Testing

/// The atomic reset any app's seeder uses: the new store appears whole or not at all.
struct AtomicStoreResetTests {
    @Test func aNewStoreIsWrittenWhereThereWasNone() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = try AtomicStoreReset.replace(storeAt: folder.store, identify: { _ in nil }) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        #expect(path == folder.store)
        #expect(try folder.read() == "new")
        #expect(try folder.leftovers().isEmpty)
    }

    @Test func theAppsStoreIsReplacedWhole() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("old")
        try AtomicStoreReset.replace(storeAt: folder.store, identify: { _ in nil }) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        #expect(try folder.read() == "new")
    }

    @Test func aWriteThatFailsLeavesTheOldStoreAndNoTemporaryFile() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("old")
        struct Interrupted: Error {}
        #expect(throws: Interrupted.self) {
            try AtomicStoreReset.replace(storeAt: folder.store, identify: { _ in nil }) { temporary in
                try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
                try Data().write(to: URL(fileURLWithPath: temporary + "-journal"))
                throw Interrupted()
            }
        }
        #expect(try folder.read() == "old")
        #expect(try folder.leftovers().isEmpty)
    }

    @Test func theTemporaryOfAResetWhoseProcessIsGoneIsRemovedByTheNext() throws {
        let folder = try Folder()
        defer { folder.remove() }
        // No process has this pid (above Linux's pid_max), so its reset was killed.
        let abandoned = folder.url.appendingPathComponent(AtomicStoreReset.temporaryPrefix(for: "store.db") + "99999999-abcd").path
        try Data("half".utf8).write(to: URL(fileURLWithPath: abandoned))
        // This process is alive: its temporary is another reset's, running now, and stays.
        let running = folder.url.appendingPathComponent(AtomicStoreReset.temporaryPrefix(for: "store.db") + "\(getpid())-0000").path
        try Data("running".utf8).write(to: URL(fileURLWithPath: running))

        try AtomicStoreReset.replace(storeAt: folder.store, identify: { _ in nil }) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }

        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test func aFileThatIsNotTheAppsStoreIsRefusedWithWhyUnlessForced() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("someone's notes")
        let identify: (String) -> String? = { _ in "it is not an expense store (no such table)" }
        #expect(throws: SeedingError.refused(path: folder.store, reason: "it is not an expense store (no such table)", forceable: true)) {
            try AtomicStoreReset.replace(storeAt: folder.store, identify: identify) { _ in Issue.record("nothing is written") }
        }
        #expect(try folder.read() == "someone's notes")
        try AtomicStoreReset.replace(storeAt: folder.store, force: true, identify: identify) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        #expect(try folder.read() == "new")
    }

    @Test func aSymbolicLinkIsRefusedUnlessForcedAndThenTheLinkIsReplacedNotItsTarget() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("elsewhere").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: folder.store, withDestinationPath: target)
        #expect(throws: SeedingError.refused(path: folder.store, reason: "it is a symbolic link (seeding would replace the link with a file)", forceable: true)) {
            try AtomicStoreReset.replace(storeAt: folder.store, identify: { _ in nil }) { _ in }
        }
        try AtomicStoreReset.replace(storeAt: folder.store, force: true, identify: { _ in nil }) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(try folder.read() == "new")
    }

    @Test func aDirectoryOrAFIFOIsNeverReplacedEvenForced() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.store, withIntermediateDirectories: false)
        #expect(throws: SeedingError.refused(path: folder.store, reason: "it is a directory", forceable: false)) {
            try AtomicStoreReset.replace(storeAt: folder.store, force: true, identify: { _ in nil }) { _ in }
        }
        let fifo = folder.url.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: SeedingError.refused(path: fifo, reason: "it is a FIFO (named pipe)", forceable: false)) {
            try AtomicStoreReset.replace(storeAt: fifo, force: true, identify: { _ in nil }) { _ in }
        }
    }

    @Test func theStoresFolderIsMade() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let nested = folder.url.appendingPathComponent("a/b/store.db").path
        try AtomicStoreReset.replace(storeAt: nested, identify: { _ in nil }) { try Data("new".utf8).write(to: URL(fileURLWithPath: $0)) }
        #expect(try String(contentsOfFile: nested, encoding: .utf8) == "new")
    }

    @Test func theRefusalSaysWhatToDo() {
        #expect(SeedingError.refused(path: "/s.db", reason: "it is a directory", forceable: false).description
            == "refusing to replace /s.db: it is a directory; it was left as it is. Give another --store")
        #expect(SeedingError.refused(path: "/s.db", reason: "it is a symbolic link", forceable: true).description
            == "refusing to replace /s.db: it is a symbolic link; it was left as it is. Give another --store, or add --force to replace it")
    }
}

/// A fresh folder with a store path in it, removed by the test.
struct Folder {
    let url: URL
    var store: String { url.appendingPathComponent("store.db").path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("store-seeding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: store)) }
    func read() throws -> String { try String(contentsOfFile: store, encoding: .utf8) }
    func leftovers() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasPrefix(".") } }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
