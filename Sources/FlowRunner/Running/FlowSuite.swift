import FlowKit
import Foundation
import LocatedYAML
import NameMatching

/// The flows a run will run: found under the paths given, read and checked (nothing launches if
/// any is bad), filtered by tags, split by shard, repeated.
package struct FlowSuite: Sendable {
    /// The flows, in the order they were found.
    package let flows: [Flow]

    /// Flow files under `paths` (files, or folders searched recursively for `*.yaml` and `*.yml`),
    /// sorted. Scheme files (`schemes/` folders), private files and hidden folders are not flows.
    package static func files(in paths: [String]) throws(LocatedError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .wholeFile(path, "there is no such file or folder")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let components = relative.split(separator: "/")
                guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
                guard !components.contains("schemes"), !relative.contains(".private.") else { continue }
                guard !components.contains(where: { $0.hasPrefix(".") }) else { continue }
                found.append(base + "/" + relative)
            }
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// Reads every flow under `paths`, every problem of every file in one pass; throws them
    /// all, sorted, if there is any.
    package static func load(_ paths: [String], catalog: RobotCatalog) throws(Diagnostics) -> FlowSuite {
        let (suite, _, problems) = read(paths, catalog: catalog)
        guard problems.isEmpty else { throw Diagnostics(problems) }
        return suite
    }

    /// Reads every flow under `paths`: the flows that are good, every problem of the others, and
    /// what could be read of those (`partial`), so that lint goes on checking the variables and
    /// fixtures of every step it could read.
    package static func read(_ paths: [String], catalog: RobotCatalog) -> (suite: FlowSuite, partial: FlowSuite, problems: [LocatedError]) {
        let files: [String]
        do {
            files = try self.files(in: paths)
        } catch {
            return (FlowSuite(flows: []), FlowSuite(flows: []), [error])
        }
        let parser = FlowParser(catalog: catalog)
        var flows: [Flow] = []
        for file in files {
            if let flow = parser.parse(file: file) { flows.append(flow) }
        }
        return (FlowSuite(flows: flows), FlowSuite(flows: parser.partialFlows), parser.problems)
    }

    /// Every fixture the flows name, each with where it is named: their `fixture:` (or the
    /// default, at the top of the file) and every `seed:` step with a literal fixture, in
    /// included flows too.
    package var fixtureUses: [(fixture: String, location: SourceLocation)] {
        var uses: [(String, SourceLocation)] = []
        func walk(_ steps: [Step]) {
            for step in steps {
                if let fixture = step.action.seededFixture, fixture.variables.isEmpty { uses.append((fixture.raw, step.location)) }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        for flow in flows {
            uses.append((flow.fixture ?? "default", flow.fixtureLocation ?? .start(of: flow.file)))
            walk(flow.steps)
        }
        return uses
    }

    /// A suite of `flows` as given, already read and checked.
    package init(flows: [Flow]) {
        self.flows = flows
    }

    /// Every tag the flows use, sorted.
    package var tags: [String] { Array(Set(flows.flatMap(\.tags))).sorted() }

    /// Flows with any tag of `include` (when it is not empty) and no tag of `exclude`. A tag given
    /// as `a,b` is two tags, as Maestro spells a list.
    package func filtered(include: [String], exclude: [String]) -> FlowSuite {
        let include = Self.splitTags(include), exclude = Self.splitTags(exclude)
        return FlowSuite(flows: flows.filter { flow in
            (include.isEmpty || flow.tags.contains(where: include.contains)) && !flow.tags.contains(where: exclude.contains)
        })
    }

    /// `["smoke,login", "x"]` → `["smoke", "login", "x"]`.
    package static func splitTags(_ tags: [String]) -> [String] {
        tags.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// This machine's share (`index` from 1 of `count`), by a stable hash of each flow's file, so
    /// that `count` machines together run every flow exactly once.
    package func shard(_ index: Int, of count: Int) -> FlowSuite {
        FlowSuite(flows: flows.filter { Self.stableHash($0.file) % UInt64(count) == UInt64(index - 1) })
    }

    /// FNV-1a of the path: the same on every machine and every run (Swift's `hashValue` is not).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Checks that every `${variable}` a flow uses has a value: from `known`, or from the
    /// `runFlow` step that includes it. Every one missing is a problem, at its use. The
    /// `credentials` (the scheme's test account) are left to the run: without them a flow that
    /// signs in fails with `No credentials provided for testing`, which is not a mistake in it.
    package func checkVariables(known: Set<String>, credentials: Set<String> = []) throws(Diagnostics) {
        var problems: [LocatedError] = []
        for flow in flows { Self.check(flow, known: known.union(credentials), into: &problems) }
        if !problems.isEmpty { throw Diagnostics(problems) }
    }

    /// The credentials a flow needs and `known` does not give (runFlow's variables count).
    package static func missingCredentials(_ flow: Flow, known: Set<String>, credentials: Set<String>) -> VariableUse? {
        if let use = flow.variableUses.first(where: { credentials.contains($0.name) && !known.contains($0.name) }) { return use }
        func walk(_ steps: [Step], _ known: Set<String>) -> VariableUse? {
            for step in steps {
                for inner in step.action.inner {
                    let known = known.union(inner.variables)
                    if let flow = inner.flow {
                        if let use = missingCredentials(flow, known: known, credentials: credentials) { return use }
                    } else if let use = walk(inner.steps, known) {
                        return use
                    }
                }
            }
            return nil
        }
        return walk(flow.steps, known)
    }

    private static func check(_ flow: Flow, known: Set<String>, into problems: inout [LocatedError]) {
        for use in flow.variableUses where !known.contains(use.name) {
            problems.append(LocatedError(
                at: use.location, text: (try? String(contentsOfFile: use.location.file, encoding: .utf8)) ?? "",
                message: "no value for ${\(use.name)}" + Suggestion.didYouMean(use.name, in: Array(known))
                    + "; give it in the scheme's variables, with --var \(use.name)=VALUE, or as -\(use.name) VALUE"
            ))
        }
        checkIncluded(flow.steps, known: known, into: &problems)
    }

    private static func checkIncluded(_ steps: [Step], known: Set<String>, into problems: inout [LocatedError]) {
        for step in steps {
            for inner in step.action.inner {
                if let flow = inner.flow {
                    check(flow, known: known.union(inner.variables), into: &problems)
                } else {
                    checkIncluded(inner.steps, known: known, into: &problems)
                }
            }
        }
    }

    /// Every fixture a flow names (its `fixture:`, a literal `seed:` step) that is not in the
    /// folder `seeds`, as a problem at the place it is named, with the nearest fixture there: what
    /// lint reports, and anything else that checks a suite against a seeds folder.
    package func fixtureProblems(seeds: String) -> [LocatedError] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: seeds)) ?? []).filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        var problems: [LocatedError] = []
        for (fixture, location) in fixtureUses where !FileManager.default.fileExists(atPath: "\(seeds)/\(fixture).yaml") {
            let text = (try? String(contentsOfFile: location.file, encoding: .utf8)) ?? ""
            problems.append(LocatedError(at: location, text: text,
                                         message: "fixture \"\(Suggestion.shown(fixture))\" is not in \(seeds)/" + Suggestion.didYouMean(fixture, in: names)))
        }
        return problems
    }

    /// What lint reports of the fixtures under `scheme`: with a seeder, every fixture a flow
    /// names or starts from that is not in its seeds folder (``fixtureProblems(seeds:)``);
    /// without one, every fixture a flow names (its `fixture:`, even `default`) and every `seed:`
    /// step, since nothing is seeded: a flow that names no fixture starts from the app as it is
    /// launched, and needs no `default` fixture.
    package func fixtureProblems(under scheme: Scheme) -> [LocatedError] {
        guard scheme.seeder == nil else { return fixtureProblems(seeds: scheme.seeds) }
        var problems: [LocatedError] = []
        func problem(_ message: String, at location: SourceLocation) {
            problems.append(LocatedError(at: location, text: (try? String(contentsOfFile: location.file, encoding: .utf8)) ?? "", message: message))
        }
        func walk(_ steps: [Step]) {
            for step in steps {
                if let fixture = step.action.seededFixture { problem(scheme.noSeeder(for: "seed \(Suggestion.shown(fixture.raw))", takeOut: "the seed step"), at: step.location) }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        for flow in flows {
            if let fixture = flow.fixture {
                problem(scheme.noSeeder(for: "fixture \"\(Suggestion.shown(fixture))\""), at: flow.fixtureLocation ?? .start(of: flow.file))
            }
            walk(flow.steps)
        }
        return problems
    }

    /// The fixtures the flows seed (their `fixture`, and literal `seed` steps), for the run's cache.
    package var fixtures: [String] {
        var names: [String] = []
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        func walk(_ steps: [Step]) {
            for step in steps {
                if let fixture = step.action.seededFixture, fixture.variables.isEmpty { add(fixture.raw) }
                for inner in step.action.inner { walk(inner.steps) }
            }
        }
        for flow in flows {
            add(flow.fixture ?? "default")
            walk(flow.steps)
        }
        return names
    }
}
