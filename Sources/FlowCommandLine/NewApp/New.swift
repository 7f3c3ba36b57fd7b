import ArgumentParser
import Console
import FlowKit
import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FlowCommand {
    /// `new`: writes a new app's package on the toolkit (see ``NewApp``), all of it or nothing.
    struct New: ParsableCommand {
        static var configuration: CommandConfiguration {
            let runner = RunnerSetup.current.name
            return CommandConfiguration(
                abstract: "Write a new app's package on the toolkit: one screen, its presenter and tests, a robot, a runner and two flows.",
                discussion: """
                    NAME names everything (Tally: the modules Tally, TallyUI, TallyRobots..., the executables tally and tally-flow). \
                    The package depends on the toolkit's clone this runner was built from, by path, unless --toolkit-path or \
                    --toolkit-url and --toolkit-version say otherwise; --store sqlite adds a SQLite store, its seeder and a fixture. \
                    The folder must be new or empty: every file is written, or none. Then, in it: make test.
                    \(RunnerExit.help([.passed: "written", .badInput: "bad input (nothing written)", .notMade: "the package could not be written (nothing is left)"], leaving: [.failed, .interrupted])) \
                    Example: \(runner) new Tally --path ../tally
                    """
            )
        }

        @Argument(help: ArgumentHelp("The app's name: an upper-case letter, then letters and digits (Tally).", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("The package's folder, new or empty (default: the name in lower case, here).", valueName: "dir"))
        var path: String?

        @Option(help: ArgumentHelp("none, or sqlite: a SQLite store, its seeder and a fixture.", valueName: "store"))
        var store = "none"

        @Option(help: ArgumentHelp("The toolkit's clone to depend on, by path (default: the one this runner was built from).", valueName: "path"))
        var toolkitPath: String?

        @Option(help: ArgumentHelp("The toolkit's repository to depend on, by URL (with --toolkit-version).", valueName: "url"))
        var toolkitURL: String?

        @Option(help: ArgumentHelp("The toolkit's version to depend on, with --toolkit-url: from it up to the next major (default: this runner's own, which \(RunnerSetup.current.name) --version prints).", valueName: "x.y.z"))
        var toolkitVersion: String?

        func run() throws {
            let options = try self.options()
            let folder = path ?? NewAppNames(app: options.name).executable
            let files = NewApp.files(for: options)
            try NewAppWriter.write(files, to: folder)
            Console.output(Self.report(files: files, folder: folder, options: options))
        }

        /// The options, every one checked: a problem is a usage error (exit 2), said in one line.
        func options() throws(FlowCommandError) -> NewAppOptions {
            guard let store = NewAppOptions.Store(rawValue: store) else {
                throw .usage("--store \"\(NewAppNameCheck.shown(store))\" is not a store: give none or sqlite")
            }
            if let problem = NewAppNameCheck.problem(with: name, store: store) { throw .usage(problem) }
            let toolkit: NewAppOptions.Toolkit
            switch (toolkitPath, toolkitURL, toolkitVersion) {
            case (.some, .some, _):
                throw .usage("--toolkit-path and --toolkit-url both say where the toolkit is: give one")
            case (_, nil, .some):
                throw .usage("--toolkit-version is the version of --toolkit-url: give the URL too, or leave the version out")
            case let (nil, .some(url), version):
                if let problem = NewAppNameCheck.problem(withURL: url) { throw .usage(problem) }
                let version = version ?? Toolkit.version
                if let problem = NewAppNameCheck.problem(withVersion: version) { throw .usage(problem) }
                toolkit = .url(url, version: version)
            case let (.some(given), nil, nil):
                toolkit = .path(try Self.toolkitClone(given, option: "--toolkit-path"))
            case (nil, nil, nil):
                toolkit = .path(try Self.toolkitClone(Self.builtFrom, option: nil))
            }
            return NewAppOptions(name: name, store: store, toolkit: toolkit)
        }

        /// The clone this runner was built from: three folders up from this file's folder at compile time.
        static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

        /// `path` as an absolute path. The clone this runner was built from must still be there; a path
        /// given may name a clone still to be made (the report says so), but never something else.
        static func toolkitClone(_ path: String, option: String?) throws(FlowCommandError) -> String {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            let said = option.map { "\($0) \(PathText.shown(path))" } ?? "the toolkit's clone this runner was built from, \(PathText.shown(absolute)),"
            if let control = TerminalText.firstControl(in: path) { throw .usage("\(said) holds \(control): give a path without one") }
            if option != nil, InputFile.kind(absolute) == nil { return absolute }
            guard isToolkitClone(absolute) else {
                throw .usage("\(said) is not the toolkit's clone (no Package.swift and Sources/FlowCommandLine there): "
                    + (option == nil ? "give --toolkit-path PATH or --toolkit-url URL --toolkit-version X.Y.Z" : "give the clone's folder"))
            }
            return absolute
        }

        /// The folder holds the toolkit's manifest and its command line's sources.
        static func isToolkitClone(_ folder: String) -> Bool {
            InputFile.kind((folder as NSString).appendingPathComponent("Package.swift")) == .file
                && InputFile.kind((folder as NSString).appendingPathComponent("Sources/FlowCommandLine")) == .folder
        }

        /// What was written, and what to do next.
        static func report(files: [String: String], folder: String, options: NewAppOptions) -> String {
            let names = NewAppNames(app: options.name)
            let dependency = switch options.toolkit {
            case let .path(path): "the toolkit at \(path)"
            case let .url(url, version): "the toolkit at \(url), version \(version)"
            }
            var lines = ["wrote \(options.name), an app on \(dependency)" + (options.store == .sqlite ? ", with a SQLite store" : "")
                + ", in \(PathText.shown(folder)): \(files.count) files"]
            lines += files.keys.sorted().map { "  \($0)" }
            if case let .path(path) = options.toolkit, !isToolkitClone(path) {
                lines.append("note: there is no toolkit at \(PathText.shown(path)) yet: clone it there before you build")
            }
            lines += [
                "next:",
                "  cd \(shellWord(folder))",
                "  make test      # build, run the tests, then the flows (the first build compiles the toolkit: a few minutes)",
                "  make flows     # build, then run the flows: 2 passed, 0 failed",
                "  make explore   # crawl the app: every screen, each problem as a flow, the map (in explore/)",
                "  make run       # the app by hand (.build/debug/\(names.executable))",
            ]
            return lines.joined(separator: "\n") + "\n"
        }

        /// `word` as a shell reads it as one word.
        static func shellWord(_ word: String) -> String {
            ShellWord.quoted(word)
        }
    }
}

/// Writes a new package's files into a folder, all of them or none: into a hidden folder beside
/// it, then renamed into place. The folder may be missing or empty; anything else is refused
/// before a byte is written.
enum NewAppWriter {
    /// Writes `files` (relative path → text) into `folder`.
    static func write(_ files: [String: String], to folder: String) throws(FlowCommandError) {
        let shown = PathText.shown(folder)
        guard !folder.isEmpty else { throw .usage("--path is empty: give the new package's folder") }
        if let control = TerminalText.firstControl(in: folder) { throw .usage("--path \(shown) holds \(control): give a path without one") }
        let target = URL(fileURLWithPath: folder).standardizedFileURL.path
        switch InputFile.kind(target) {
        case nil:
            if InputFile.kind(target, following: false) != nil { throw .usage("\(shown) is a symbolic link to nothing: give a new folder's path") }
        case .folder:
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: target)
            } catch {
                throw .usage("cannot read the folder \(shown): \(error.localizedDescription)")
            }
            guard entries.isEmpty else {
                throw .usage("the folder \(shown) is not empty (it holds \(entries.count) \(entries.count == 1 ? "entry" : "entries"), such as \(entries.sorted()[0])): give a new or empty folder")
            }
        case let kind?:
            throw .usage("\(shown) is \(kind), not a folder: give a new or empty folder")
        }
        // A file where a folder should be, on the way there, is bad input: said before anything is made.
        var onTheWay = (target as NSString).deletingLastPathComponent
        while InputFile.kind(onTheWay) == nil, onTheWay != "/", !onTheWay.isEmpty { onTheWay = (onTheWay as NSString).deletingLastPathComponent }
        if let kind = InputFile.kind(onTheWay), kind != .folder {
            throw .usage("\(PathText.shown(onTheWay)), on the way to \(shown), is \(kind), not a folder: give another path")
        }
        // Every file through one OutputBatch: all appear, or none, nor the folders made for them.
        // An empty folder that is there is filled, not replaced: its owner and mode stay, and a
        // shell whose folder it is stays in it.
        let batch = OutputBatch()
        do {
            for (path, text) in files.sorted(by: { $0.key < $1.key }) {
                try batch.add(text, to: (target as NSString).appendingPathComponent(path))
            }
            try batch.commit()
        } catch {
            batch.discard()
            throw .notMade("cannot write the package into \(shown): \(error.description)")
        }
    }
}
