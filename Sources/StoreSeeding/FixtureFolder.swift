import Foundation
import NameMatching
import TextBytes

/// A folder of YAML fixtures, by name (`default` is `Seeds/default.yaml`): how a seeder finds
/// the fixture it is asked for, and the text it parses.
public struct FixtureFolder: Sendable {
    /// The folder.
    public let directory: URL

    /// The fixtures in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Finds the fixtures' folder: `explicit` (`--seeds DIR`), else the folder the environment
    /// variable `variable` names, else `./Seeds`, else a `Seeds/` up to six folders above the
    /// executable (its build folder inside the repository).
    public static func locate(
        explicit: String?, variable: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath, executable: String = CommandLine.arguments.first ?? ""
    ) throws(SeedingError) -> FixtureFolder {
        if let explicit { return FixtureFolder(directory: URL(fileURLWithPath: explicit)) }
        if let value = environment[variable], !value.isEmpty {
            return FixtureFolder(directory: URL(fileURLWithPath: value))
        }
        var searched = [URL(fileURLWithPath: currentDirectory).appendingPathComponent("Seeds")]
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            searched.append(folder.appendingPathComponent("Seeds"))
        }
        for candidate in searched where isDirectory(candidate) {
            return FixtureFolder(directory: candidate)
        }
        throw .noSeedsDirectory(searched: Array(searched.prefix(2).map(\.path)))
    }

    /// The fixtures' names (their files without `.yaml`), sorted; hidden files are not fixtures.
    public func names() throws(SeedingError) -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .cannotRead(path: directory.path, reason: error.localizedDescription)
        }
        return entries.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The file a fixture argument means: a path if it looks like one (a `/`, `.yaml` or `.yml`),
    /// else a name in the folder, with a did-you-mean when there is no such name.
    public func file(for argument: String) throws(SeedingError) -> URL {
        if argument.contains("/") || argument.hasSuffix(".yaml") || argument.hasSuffix(".yml") {
            return URL(fileURLWithPath: argument)
        }
        let available = try names()
        guard available.contains(argument) else {
            throw .noSuchFixture(
                name: argument, directory: directory.path, available: available, suggestion: NameMatcher.nearest(to: argument, in: available)
            )
        }
        return directory.appendingPathComponent("\(argument).yaml")
    }

    /// The text of the fixture an argument names, and its path as errors should locate it (relative
    /// to the current folder when the file is below it, as a person would type it).
    public func text(of argument: String) throws(SeedingError) -> (text: String, file: URL, shownPath: String) {
        let file = try file(for: argument)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw .cannotRead(path: file.path, reason: FileManager.default.fileExists(atPath: file.path) ? "cannot read it" : "no such file")
        }
        // Checked as every outside text is (YAML allows a byte-order mark at the start, dropped here).
        switch TextBytes.string(data, byteOrderMark: .allowedAtStart) {
        case let .success(text): return (text, file, Self.shownPath(file))
        case let .failure(problem): throw .notText(path: Self.shownPath(file), problem: problem)
        }
    }

    private static func shownPath(_ file: URL) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        let path = file.standardizedFileURL.path
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
