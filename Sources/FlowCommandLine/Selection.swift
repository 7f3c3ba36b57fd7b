import ArgumentParser
import Console
import FlowKit
import FlowRunner
import Foundation
import LocatedYAML
import NameMatching

/// The scheme and the variables: what every command that launches the app or reads flows needs.
struct SchemeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The scheme: \(RunnerSetup.current.schemes)/NAME.yaml.", valueName: "name"))
    var scheme: String = "default"

    @Option(name: .customLong("scheme-file"), help: ArgumentHelp("A scheme file kept anywhere, merged over --scheme.", valueName: "path"))
    var schemeFile: String?

    @Option(name: .customLong("var"), help: ArgumentHelp("A variable for the flows: name=value (repeatable); or write -name value.", valueName: "name=value"))
    var variables: [String] = []

    func validate() throws {
        for variable in variables where !variable.contains("=") || variable.hasPrefix("=") {
            throw ValidationError("--var \(Suggestion.shown(variable)): expected name=value")
        }
    }

    /// The scheme's variables, then the runner's own `-name value` (main took them out before
    /// parsing), then `--var`: the last wins.
    func values(over scheme: Scheme?) throws(FlowCommandError) -> [String: String] {
        var values = scheme?.variables ?? [:]
        for (key, value) in (try LaunchDefaults.split(Array(CommandLine.arguments.dropFirst()))).defaults { values[key] = value }
        for variable in variables {
            let parts = variable.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return values
    }

    /// Where shared schemes are (the app's: `Flows/schemes`).
    static var folder: String { RunnerSetup.current.schemes }

    /// The files the scheme is read from, each merged over the one before: the shared scheme, the
    /// private one beside it, and `--scheme-file` (whether they exist or not).
    var files: [String] {
        ["\(Self.folder)/\(scheme).yaml", "\(Self.folder)/\(scheme).private.yaml"] + (schemeFile.map { [$0] } ?? [])
    }

    /// The scheme as a header names it: what was read, not only `--scheme`. The shared scheme's
    /// name, then each file merged over it (`default + .build-broken/scheme.yaml`); a scheme file
    /// read alone is named by its path.
    var shown: String {
        let merged = files.dropFirst().filter { FileManager.default.fileExists(atPath: $0) }
        guard FileManager.default.fileExists(atPath: files[0]) || merged.isEmpty else { return merged.joined(separator: " + ") }
        return ([scheme] + merged).joined(separator: " + ")
    }

    /// The scheme and the variables, or every problem with the scheme as located errors.
    func load() throws(FlowCommandError) -> (scheme: Scheme, variables: [String: String]) {
        var problems: [LocatedError] = []
        guard let scheme = try load(into: &problems) else { throw .diagnostics(Diagnostics(problems)) }
        return (scheme, try values(over: scheme))
    }

    /// The shared scheme `Flows/schemes/NAME.yaml` (in the app's schemes folder), then the private `NAME.private.yaml` beside it,
    /// then `--scheme-file`, each merged over the one before.
    func load(into problems: inout [LocatedError]) throws(FlowCommandError) -> Scheme? {
        let folder = Self.folder
        let (shared, privateFile) = (files[0], files[1])
        let layers = files.filter { FileManager.default.fileExists(atPath: $0) }
        if !FileManager.default.fileExists(atPath: shared), !FileManager.default.fileExists(atPath: privateFile), schemeFile == nil || scheme != "default" {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".yaml") && !$0.contains(".private.") }.map { String($0.dropLast(5)) }.sorted()
            throw .usage("no scheme \"\(Suggestion.shown(scheme))\": there is no \(shared)" + Suggestion.didYouMean(scheme, in: names)
                + (names.isEmpty ? "" : "; schemes: " + names.joined(separator: ", ")))
        }
        PrivateSchemeGuard.warnIfTracked(extra: schemeFile)
        var loaded = Scheme(name: scheme)
        for file in layers {
            do {
                loaded = try Scheme.load(file: file, name: scheme, over: loaded)
            } catch {
                problems.append(error)
                return nil
            }
        }
        if let incompleteness = loaded.incompleteness() {
            problems.append(.wholeFile(layers.last ?? shared, incompleteness))
            return nil
        }
        return loaded
    }
}

/// A command that reads flows: the paths (as arguments), the scheme's options and the filters,
/// each command declaring the three itself, at the top level. ArgumentParser's debug build checks
/// every option group again for each group above it, so the groups are never nested: three levels
/// (this selection holding the filters holding the scheme's options) cost `flow run` a tenth of a
/// second to start in a debug build.
protocol FlowSelecting {
    var paths: [String] { get }
    var schemeOptions: SchemeOptions { get }
    var filters: FlowFilters { get }
}

extension FlowSelecting {
    /// What the command selected, with the loading that goes with it.
    var selection: Selection { Selection(paths: paths, schemeOptions: schemeOptions, filters: filters) }
}

/// What every subcommand that reads flows shares, and the loading they share: the scheme, the
/// flows (every problem of every file in one pass), the variables, the fixtures, the selection.
struct Selection {
    /// The help of the flow paths each ``FlowSelecting`` command takes as its arguments.
    static var pathsHelp: ArgumentHelp { ArgumentHelp("Flow files or folders (default: \(RunnerSetup.current.flows)).") }

    let paths: [String]
    let schemeOptions: SchemeOptions
    let filters: FlowFilters

    var flowPaths: [String] { paths.isEmpty ? [RunnerSetup.current.flows] : paths }

    /// What a command works on once everything read is known to be good.
    struct Loaded {
        let scheme: Scheme
        let suite: FlowSuite
        let variables: [String: String]
        /// The tag filters that selected the suite: the command line's, else the scheme's.
        let includeTags: [String]
        let excludeTags: [String]
        /// How many flows the filters left out, so a run never hides that it skipped some.
        let leftOut: Int

        /// `, 1 left out by tags (exclude slow)`, or nothing.
        var leftOutNote: String {
            guard leftOut > 0 else { return "" }
            var filters: [String] = []
            if !includeTags.isEmpty { filters.append("include " + FlowSuite.splitTags(includeTags).joined(separator: ", ")) }
            if !excludeTags.isEmpty { filters.append("exclude " + FlowSuite.splitTags(excludeTags).joined(separator: ", ")) }
            return ", \(leftOut) left out by tags (\(filters.joined(separator: "; ")))"
        }
    }

    /// The scheme, the selected flows and the variables. Every problem in the flows, the scheme
    /// and the fixtures is collected and thrown together (exit 2), and so is a selection of nothing.
    func load(checkFixtures: Bool = true) throws(FlowCommandError) -> Loaded {
        try Self.load(flowPaths, schemeOptions: schemeOptions, filters: filters, checkFixtures: checkFixtures)
    }

    /// The same for flow paths given another way (`flow merge --flows`, whose positional
    /// arguments are the shards' outputs).
    static func load(
        _ flowPaths: [String], schemeOptions: SchemeOptions, filters: FlowFilters, checkFixtures: Bool = true
    ) throws(FlowCommandError) -> Loaded {
        let (includeTags, excludeTags, allowEmpty) = (filters.includeTags, filters.excludeTags, filters.allowEmpty)
        var problems: [LocatedError] = []
        let scheme = try schemeOptions.load(into: &problems)
        for path in flowPaths where !FileManager.default.fileExists(atPath: path) {
            throw .usage("there is no flow file or folder \(Suggestion.shown(path))")
        }
        // The flows that are good go on being checked (variables, fixtures) beside the others' problems.
        let (suite, partial, flowProblems) = FlowSuite.read(flowPaths, catalog: RunnerSetup.current.catalog)
        problems += flowProblems
        let checked = FlowSuite(flows: suite.flows + partial.flows)
        let values = try schemeOptions.values(over: scheme)
        if let scheme {
            do {
                try checked.checkVariables(known: Set(values.keys), credentials: Set(scheme.credentials))
            } catch {
                problems += error.errors
            }
            if checkFixtures { problems += checked.fixtureProblems(under: scheme) }
        }
        // A flow may quote a secret the scheme holds (a password typed into a step): never shown.
        let secrets = scheme?.secretValues(variables: values) ?? []
        guard problems.isEmpty, let scheme else { throw .diagnostics(Diagnostics(problems.map { $0.masking(secrets) })) }
        let (include, exclude, fromScheme) = scheme.tagFilters(include: includeTags, exclude: excludeTags)
        let selected = suite.filtered(include: include, exclude: exclude)
        if selected.flows.isEmpty, !allowEmpty {
            throw .usage(nothingSelected(suite, include: FlowSuite.splitTags(include), exclude: FlowSuite.splitTags(exclude),
                                         paths: flowPaths, fromScheme: fromScheme ? scheme.name : nil))
        }
        return Loaded(scheme: scheme, suite: selected, variables: values, includeTags: include, excludeTags: exclude,
                      leftOut: suite.flows.count - selected.flows.count)
    }

    /// Why nothing was selected, with the tags that exist and the nearest to each asked for.
    static func nothingSelected(_ suite: FlowSuite, include: [String], exclude: [String], paths: [String], fromScheme scheme: String?) -> String {
        let under = paths.joined(separator: ", ")
        guard !suite.flows.isEmpty else { return "no flow under \(under): nothing would run (--allow-empty makes that a success)" }
        var asked: [String] = []
        if !include.isEmpty { asked.append("--include-tags " + include.joined(separator: ",")) }
        if !exclude.isEmpty { asked.append("--exclude-tags " + exclude.joined(separator: ",")) }
        let filters = scheme.map { "the tag filters of scheme \($0) (\(asked.joined(separator: " ")))" } ?? asked.joined(separator: " ")
        var message = "\(filters) selected none of the \(suite.flows.count) flow\(suite.flows.count == 1 ? "" : "s") under \(under)"
        let tags = suite.tags
        for tag in include where !tags.contains(tag) {
            message += "; no flow has the tag \"\(Suggestion.shown(tag))\"" + Suggestion.didYouMean(tag, in: tags)
        }
        message += tags.isEmpty ? "; the flows have no tags" : "; tags: " + tags.joined(separator: ", ")
        return message + " (--allow-empty makes an empty selection a success)"
    }
}

/// The options that choose flows among those under the paths, beside the scheme's (whose tag
/// filters they replace): `--include-tags`, `--exclude-tags` and `--allow-empty`. A
/// ``FlowSelecting`` command takes the paths as arguments; `flow merge` takes them as `--flows`.
struct FlowFilters: ParsableArguments {
    @Option(name: .customLong("include-tags"), parsing: .upToNextOption,
            help: ArgumentHelp("Run only flows with one of these tags (a,b or a b; replaces the scheme's tag filters).", valueName: "tag"))
    var includeTags: [String] = []

    @Option(name: .customLong("exclude-tags"), parsing: .upToNextOption,
            help: ArgumentHelp("Leave out flows with any of these tags (a,b or a b; replaces the scheme's tag filters).", valueName: "tag"))
    var excludeTags: [String] = []

    @Flag(name: .customLong("allow-empty"), help: "Succeed when the filters select no flow (by default that is an error, exit 2).")
    var allowEmpty = false
}

/// A private scheme holds real credentials: if git tracks one, say so loudly (it is not fatal:
/// the harm is done already, and the run may be what shows it).
enum PrivateSchemeGuard {
    static func warnIfTracked(extra: String?) {
        var files: [String] = []
        if let listed = try? ChildProcess.run("/usr/bin/env", ["git", "ls-files", "--", "*.private.yaml", "*.private.yml", SchemeOptions.folder + "/private"]),
           listed.status == 0 {
            files += listed.stdout.split(separator: "\n").map(String.init)
        }
        if let extra, let listed = try? ChildProcess.run("/usr/bin/env", ["git", "ls-files", "--error-unmatch", "--", extra]),
           listed.status == 0, !files.contains(extra) {
            files.append(extra)
        }
        for file in files {
            Console.error("""
                \(RunnerSetup.current.name): warning: \(file) is a private scheme and git tracks it: its secrets are in the repository's history.
                  Untrack it (git rm --cached \(file)), keep it out with .gitignore, and change every password it holds.

                """)
        }
    }
}
