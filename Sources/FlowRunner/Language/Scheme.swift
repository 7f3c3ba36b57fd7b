import FlowKit
import Foundation
import LocatedYAML
import NameMatching
import TextBytes
import Yams

/// What a run needs besides the flows: the app and the seeder to use, the fixtures folder, where
/// the app reads its store, the test account's variables, launch arguments, `-key value`
/// defaults, environment and variables for every flow, and tag filters. Shared schemes are
/// committed in `Flows/schemes/NAME.yaml`.
///
/// Only `app` is required. `seeder` and `store` come together: with them each flow starts from
/// a fresh copy of a seeded fixture, passed as the store argument; without them (an app that
/// keeps no data) the app is launched as it is, nothing is seeded and no store argument is
/// passed, and a flow that names a fixture is refused.
///
/// Everything the runner knows of the app under test comes from here: the runner itself could
/// drive any app that speaks the automation protocol.
package struct Scheme: Sendable {
    /// Where the app reads its store: each flow's copy is passed as `-ARGUMENT PATH`, the copy
    /// named `file` inside the flow's own folder (FlowKit's `AppStore`, which `AppLaunch` uses too).
    package typealias Store = AppStore

    /// The scheme's name (`default`, `fast`), as `--scheme` gives it.
    package var name: String
    /// The app under test: the binary the flows launch.
    package var app: String
    /// The program that seeds a fixture's store, run once per fixture before the flows; nil for
    /// an app with no store.
    package var seeder: String?
    /// The command that builds the app and the seeder, named when one of them is missing
    /// (`make testing-app`); nil for `swift build`.
    package var build: String?
    /// The folder of the fixtures the seeder reads.
    package var seeds: String
    /// Where the app reads its store, so each flow gets its own copy; nil for an app with no store.
    package var store: Store?
    /// The variables of the test account (`test.user`, `test.password`): a flow that uses them
    /// when the run gives none fails with "No credentials provided for testing" instead of lint
    /// refusing it, so the same flows run with a private scheme and without.
    package var credentials: [String]
    /// Launch arguments, `-key value` defaults and environment for every flow; a flow's own are added.
    package var launch: LaunchSettings
    /// Variables every flow can use, beside those of `--var` and the runner's own `-key value`.
    package var variables: [String: String]
    /// Variables whose values are never printed (any `*.password`, `*.secret`, `*.token`, and
    /// those a scheme marks `{secret: ...}`).
    package var secretVariables: Set<String>
    /// Tags a flow must have one of to run, unless the command line gives its own.
    package var includeTags: [String]
    /// Tags that keep a flow out of the run, unless the command line gives its own.
    package var excludeTags: [String]

    /// The keys a scheme file may have: the reader refuses any other.
    package static let keys = ["app", "seeder", "build", "seeds", "store", "credentials", "arguments", "defaults", "variables", "environment", "tags"]

    /// A scheme with `name` and the given settings; the rest empty, for the layers to fill in.
    package init(
        name: String, app: String = "", seeder: String? = nil, seeds: String = "Seeds", store: Store? = nil,
        credentials: [String] = [], launch: LaunchSettings = LaunchSettings(), variables: [String: String] = [:],
        secretVariables: Set<String> = [], includeTags: [String] = [], excludeTags: [String] = []
    ) {
        self.name = name
        self.app = app
        self.seeder = seeder
        self.seeds = seeds
        self.store = store
        self.credentials = credentials
        self.launch = launch
        self.variables = variables
        self.secretVariables = secretVariables
        self.includeTags = includeTags
        self.excludeTags = excludeTags
    }

    /// Every value that must never be printed: secret variables, and `-key value` defaults whose
    /// key is secret (`model.password`).
    package func secretValues(variables: [String: String]) -> [String] {
        variables.filter { isSecret($0.key) }.map(\.value)
            + launch.defaults.filter { Self.isSecretName($0.key) && $0.value.variables.isEmpty }.map(\.value.raw)
    }

    /// True for a variable whose value must never be printed.
    package func isSecret(_ variable: String) -> Bool {
        secretVariables.contains(variable) || Self.isSecretName(variable)
    }

    /// True for a name that marks a secret by its ending (`password`, `secret`, `token`, any case).
    package static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["password", "secret", "token"].contains { lowered.hasSuffix($0) }
    }

    /// The tags a run selects its flows by: those given on the command line replace the scheme's
    /// filters (an empty one is no tag); with none given, the scheme's. `fromScheme` says which.
    package func tagFilters(include: [String] = [], exclude: [String] = []) -> (include: [String], exclude: [String], fromScheme: Bool) {
        let given = !FlowSuite.splitTags(include).isEmpty || !FlowSuite.splitTags(exclude).isEmpty
        return given ? (include, exclude, false) : (includeTags, excludeTags, true)
    }

    /// What is missing for a run once the layers are merged, said as a person fixes it: no `app`,
    /// or a `seeder` without a `store` (or a store without a seeder); nil when the scheme is whole.
    package func incompleteness() -> String? {
        var problems: [String] = []
        if app.isEmpty { problems.append("gives no app (app: the app's path, such as .build/debug/app)") }
        switch StoreSetup(seeder: seeder, store: store) {
        case .seederWithoutStore:
            problems.append("gives a seeder but no store: give store: {argument: app.store, file: app.sqlite} too (where the app reads what the seeder wrote), or take the seeder out for an app with no store")
        case .storeWithoutSeeder:
            problems.append("gives a store but no seeder: give seeder: too (the program that writes the store from Seeds/NAME.yaml), or take the store out for an app with no store")
        case .noStore, .seeded:
            break
        }
        return problems.isEmpty ? nil : "the scheme " + problems.joined(separator: "; it ")
    }

    /// The store a flow's app is launched on, inside the flow's own `folder`; nil for an app with no store.
    package func storePath(in folder: URL) -> String? {
        store?.path(in: folder)
    }

    /// The arguments that give the app its store in `folder` (`-photos.store FOLDER/photos.sqlite`);
    /// none for an app with no store, which is launched as it is.
    package func storeArguments(in folder: URL) -> [String] {
        store?.arguments(in: folder) ?? []
    }

    /// Why `fixture` cannot be seeded under this scheme, or nil when it can: a scheme with no
    /// seeder starts every flow from the app as it is launched (the fixture `default`, which a
    /// flow that names none starts from, needs nothing) and seeds nothing else.
    package func cannotSeed(_ fixture: String) -> String? {
        guard seeder == nil, StoreSetup.needsSeeder(fixture) else { return nil }
        return noSeeder(for: "fixture \"\(Suggestion.shown(fixture))\"")
    }

    /// `WHAT: the scheme NAME has no seeder...`: why a fixture or a `seed` step cannot be, and
    /// what to do about it.
    package func noSeeder(for what: String, takeOut: String = "the fixture") -> String {
        "\(what): the scheme \(name) has no seeder, so every flow starts from the app as it is launched; "
            + "give the scheme a seeder and a store, or take \(takeOut) out"
    }

    /// Reads a scheme file over `base` (a private scheme over the shared one of its name): `app`,
    /// `seeder`, `seeds`, `store`, `credentials`, `arguments` and `tags` replace the base's;
    /// `defaults`, `environment` and `variables` are merged entry by entry, the file's entry winning.
    package static func load(file: String, name: String, over base: Scheme? = nil) throws(LocatedError) -> Scheme {
        // Through InputFile: a FIFO is refused as what it is, never waited on.
        let text: String
        switch InputFile.read(file, limit: FlowParser.fileLimit) {
        case let .failure(problem):
            throw .wholeFile(file, "cannot read the scheme: \(problem)")
        case let .success(data):
            switch TextBytes.string(data, byteOrderMark: .allowedAtStart) {
            case let .success(read):
                text = read
            case let .failure(problem):
                let error = LocatedError(file: file, notText: problem, subject: "the scheme")
                // A line that may hold a secret is not quoted, nor is any byte of it named.
                guard error.quotingNoSecret() != error else { throw error }
                throw LocatedError(file: file, line: problem.line, column: problem.column, message: problem.maskedStatement("the scheme")
                    + "; save it as UTF-8 (the line is not shown: it may hold a secret)", sourceLine: nil)
            }
        }
        do {
            return try parse(text, file: file, name: name, over: base ?? Scheme(name: name))
        } catch let error as LocatedError {
            throw error.quotingNoSecret()
        } catch {
            throw .wholeFile(file, "\(error)")
        }
    }

    static func parse(_ text: String, file: String, name: String, over base: Scheme) throws -> Scheme {
        let reader = YAMLReader(file: file, text: text)
        var scheme = base
        scheme.name = name
        guard let root = try reader.root() else { return scheme }
        let keys = try reader.mapping(root, "the scheme", optional: keys)
        if let node = keys["app"] { scheme.app = try reader.string(node, "app") }
        if let node = keys["seeder"] {
            let seeder = try reader.string(node, "seeder")
            guard !seeder.isEmpty else { throw reader.error("seeder is the seeder's path, such as .build/debug/app-seed; for an app with no store leave out seeder and store", at: node) }
            scheme.seeder = seeder
        }
        if let node = keys["build"] { scheme.build = try reader.string(node, "build") }
        if let node = keys["seeds"] { scheme.seeds = try reader.string(node, "seeds") }
        if let node = keys["store"] {
            let store = try reader.mapping(node, "store", required: ["argument", "file"])
            let argument = try reader.string(store["argument"] ?? node, "store argument")
            let storeFile = try reader.string(store["file"] ?? node, "store file")
            guard Store.isArgument(argument) else { throw reader.error("store argument is the key without its dash, such as app.store", at: node) }
            guard Store.isFileName(storeFile) else { throw reader.error("store file is a file name, such as app.sqlite", at: node) }
            scheme.store = Store(argument: argument, file: storeFile)
        }
        if let node = keys["credentials"] { scheme.credentials = try reader.strings(node, "credentials") }
        if let node = keys["arguments"] { scheme.launch.arguments = try reader.strings(node, "arguments").map { Text($0) } }
        func merge(_ base: [(key: String, value: Text)], _ node: Node, _ what: String) throws -> [(key: String, value: Text)] {
            var result = base
            for pair in try reader.pairs(node, what) {
                let value = Text(try reader.string(pair.value, "\(what) \(pair.key)"))
                if let index = result.firstIndex(where: { $0.key == pair.key }) { result[index].value = value } else { result.append((pair.key, value)) }
            }
            return result
        }
        if let node = keys["defaults"] { scheme.launch.defaults = try merge(scheme.launch.defaults, node, "defaults") }
        if let node = keys["environment"] { scheme.launch.environment = try merge(scheme.launch.environment, node, "environment") }
        if let node = keys["variables"] {
            for pair in try reader.pairs(node, "variables") {
                if pair.value.mapping != nil {
                    let marked = try reader.mapping(pair.value, "variable \(pair.key)", required: ["secret"])
                    scheme.variables[pair.key] = try reader.string(marked["secret"]!, "variable \(pair.key) secret")
                    scheme.secretVariables.insert(pair.key)
                } else {
                    scheme.variables[pair.key] = try reader.string(pair.value, "variable \(pair.key)")
                }
            }
        }
        if let node = keys["tags"] {
            let tags = try reader.mapping(node, "tags", optional: ["include", "exclude"])
            scheme.includeTags = try tags["include"].map { try reader.strings($0, "tags include") } ?? []
            scheme.excludeTags = try tags["exclude"].map { try reader.strings($0, "tags exclude") } ?? []
        }
        return scheme
    }
}

extension LocatedError {
    /// The error without its quoted line when that line may hold a secret: a scheme is read before
    /// its secrets are known, so a line that names a secret (`{secret: ...}`, a `*.password`,
    /// `*.secret` or `*.token` key) is never shown; the file, line and column still say where.
    func quotingNoSecret() -> LocatedError {
        guard let sourceLine, ["secret", "password", "token"].contains(where: sourceLine.lowercased().contains) else { return self }
        return LocatedError(file: file, line: line, column: column, message: message + " (the line is not shown: it may hold a secret)", sourceLine: nil)
    }

    /// The error with every one of `secrets` replaced by the mask, in its message and its line;
    /// the column moves with the text before it, so the caret still points where it did.
    package func masking(_ secrets: [String]) -> LocatedError {
        let secrets = SecretMask(secrets)
        guard !secrets.values.isEmpty else { return self }
        func mask(_ text: String) -> String { secrets.mask(text) }
        var column = self.column
        if let sourceLine {
            let before = String(sourceLine.prefix(max(0, column - 1)))
            column += mask(before).count - before.count
        }
        return LocatedError(file: file, line: line, column: max(1, column), message: mask(message), sourceLine: sourceLine.map(mask))
    }
}
