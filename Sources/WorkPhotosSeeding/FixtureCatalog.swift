import Foundation
import NameMatching

/// The fixtures in a `Seeds/` folder, by name (`default` is `Seeds/default.yaml`).
public struct FixtureCatalog: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Finds `Seeds/`: the explicit folder, else `WORKPHOTOS_SEEDS`, else `./Seeds`, else a `Seeds/`
    /// above the executable (a build folder inside the repository).
    public static func locate(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        executable: String = CommandLine.arguments.first ?? ""
    ) throws(SeedError) -> FixtureCatalog {
        if let explicit { return FixtureCatalog(directory: URL(fileURLWithPath: explicit)) }
        if let variable = environment["WORKPHOTOS_SEEDS"], !variable.isEmpty {
            return FixtureCatalog(directory: URL(fileURLWithPath: variable))
        }
        var searched = [URL(fileURLWithPath: currentDirectory).appendingPathComponent("Seeds")]
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            searched.append(folder.appendingPathComponent("Seeds"))
        }
        for candidate in searched where isDirectory(candidate) {
            return FixtureCatalog(directory: candidate)
        }
        throw .noSeedsDirectory(searched: Array(searched.prefix(2).map(\.path)))
    }

    /// The fixtures' names, sorted.
    public func names() throws(SeedError) -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .cannotRead(path: directory.path, reason: error.localizedDescription)
        }
        return entries.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The file a fixture argument means: a path if it looks like one, else a name in the folder.
    public func file(for argument: String) throws(SeedError) -> URL {
        if argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml") {
            return URL(fileURLWithPath: argument)
        }
        let available = try names()
        guard available.contains(argument) else {
            throw .noSuchFixture(
                name: argument, directory: directory.path, available: available,
                suggestion: NameMatcher.nearest(to: argument, in: available)
            )
        }
        return directory.appendingPathComponent("\(argument).yaml")
    }

    /// Reads and parses the fixture an argument names. Errors name the file as given.
    public func load(_ argument: String) throws -> (fixture: Fixture, file: URL) {
        let file = try file(for: argument)
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw SeedError.cannotRead(path: file.path, reason: FileManager.default.fileExists(atPath: file.path)
                ? "not readable UTF-8 text" : "no such file")
        }
        return (try FixtureParser.parse(text, file: displayPath(file)), file)
    }

    /// A path relative to the current folder when the file is below it, as a person would type it.
    private func displayPath(_ file: URL) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
