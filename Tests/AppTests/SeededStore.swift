import Foundation
import WorkPhotosSeeding

/// A photo store in a temporary folder, seeded from a fixture in the repository's Seeds/.
struct SeededStore {
    static let seeds = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Seeds")

    let folder: URL
    var path: String { folder.appendingPathComponent("photos.sqlite").path }

    init(_ fixture: String? = "default") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-app-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let fixture {
            try Seeder.reset(storeAt: path, to: FixtureCatalog(directory: Self.seeds).load(fixture).fixture)
        }
    }

    /// The launch arguments that point the app at this store.
    var arguments: [String] { ["-photos.store", path] }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
