import Foundation

/// A fresh folder under the system's temporary one for a test's files (real stores, fixtures, a
/// runner's reports), removed by the test when it is done.
public struct TemporaryFolder {
    /// The folder.
    public let url = FileManager.default.temporaryDirectory.appendingPathComponent("expenses-\(UUID().uuidString)")

    /// Makes the folder.
    public init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
