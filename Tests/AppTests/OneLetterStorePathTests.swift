import Console
import Foundation
import Testing

/// A store named by one letter, relative to the current folder (`--store a`): Foundation's
/// `NSString.deletingLastPathComponent` traps on Linux for such a path, and the command crashed
/// (SIGILL) before making the store.
struct OneLetterStorePathTests {
    @Test func anAccountStoreNamedByOneLetterIsMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-letter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try ChildProcess.run(AppProcess.executable("workphotos-accounts").path, ["add", "carol", "--store", "a"],
                                         input: "c0rrect-h0rse\n", currentDirectory: folder.path)
        #expect(!added.signaled && added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added carol to a\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a").path))
    }
}
