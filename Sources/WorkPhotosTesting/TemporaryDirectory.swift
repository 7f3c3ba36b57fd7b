import Foundation

/// A fresh folder under the system's temporary folder. Tests remove it with `defer { remove() }`,
/// at the end of their scope, so no open store loses its file early.
public struct TemporaryDirectory {
    /// The folder.
    public let url: URL

    /// Makes a new, empty folder with a unique name.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Deletes the folder and all it holds.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
