import Foundation
import StoreSeeding

/// The photo fixtures in a `Seeds/` folder, by name (`default` is `Seeds/default.yaml`): the
/// toolkit's `FixtureFolder`, with WorkPhotos' environment variable and fixture parser.
public struct FixtureCatalog: Sendable {
    /// The folder as the toolkit reads it.
    public let folder: FixtureFolder
    /// The fixtures' folder.
    public var directory: URL { folder.directory }

    public init(directory: URL) {
        self.folder = FixtureFolder(directory: directory)
    }

    /// Finds `Seeds/`: the explicit folder, else `WORKPHOTOS_SEEDS`, else `./Seeds`, else a `Seeds/`
    /// above the executable (a build folder inside the repository).
    public static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executable: String = CommandLine.arguments.first ?? ""
    ) throws(SeedError) -> FixtureCatalog {
        let folder = try FixtureFolder.locate(
            explicit: explicit, variable: "WORKPHOTOS_SEEDS", environment: environment, currentDirectory: currentDirectory, executable: executable
        )
        return FixtureCatalog(directory: folder.directory)
    }

    /// The fixtures' names, sorted.
    public func names() throws(SeedError) -> [String] {
        try folder.names()
    }

    /// The file a fixture argument means: a path if it looks like one, else a name in the folder.
    public func file(for argument: String) throws(SeedError) -> URL {
        try folder.file(for: argument)
    }

    /// Reads and parses the fixture an argument names. Errors name the file as given.
    public func load(_ argument: String) throws -> (fixture: Fixture, file: URL) {
        let (text, file, shownPath) = try folder.text(of: argument)
        return (try FixtureParser.parse(text, file: shownPath), file)
    }
}
