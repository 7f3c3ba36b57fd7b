import FlowKit
import FlowRunner
import Foundation
import LocatedYAML

/// What a crawl writes into its output folder, and the figures it prints.
package enum ExploreOutput {
    /// The files a crawl writes into its folder.
    package static let mapFile = "map.json"
    /// The map as Graphviz DOT.
    package static let dotFile = "map.dot"
    /// The map drawn.
    package static let svgFile = "map.svg"
    /// The page with the map, the figures, the findings and the coverage.
    package static let reportFile = "report.html"
    /// The findings as JUnit failures.
    package static let junitFile = "junit.xml"
    /// The folder of the findings' flows.
    package static let findingsFolder = "findings"

    /// Writes the findings' flows (those of an earlier crawl removed first), then the map with
    /// its findings, the DOT, the picture, the page and the JUnit file into `folder`; `map` gets
    /// the findings with their flows. Returns the files written, and what could not be.
    package static func write(_ result: ExploreResult, into folder: String, map: inout ExploreMap, runner: String) -> (files: [String], problems: [String]) {
        let findingsFolder = (folder as NSString).appendingPathComponent(Self.findingsFolder)
        return write(flows(result, map: map, in: findingsFolder), into: folder, map: &map, runner: runner)
    }

    /// Writes each finding's flow (those of an earlier crawl removed first), then the map with
    /// those findings, the DOT, the picture, the page and the JUnit file into `folder`.
    package static func write(
        _ flows: [(entry: ExploreMap.Finding, file: String, text: String?, problem: String?)], into folder: String, map: inout ExploreMap, runner: String
    ) -> (files: [String], problems: [String]) {
        var files: [String] = []
        var problems: [String] = []
        removeEarlierFindings(in: (folder as NSString).appendingPathComponent(Self.findingsFolder))
        map.findings = []
        for flow in flows {
            var entry = flow.entry
            if let text = flow.text {
                do {
                    try OutputFile.write(text, to: flow.file)
                    entry.flow = (Self.findingsFolder as NSString).appendingPathComponent((flow.file as NSString).lastPathComponent)
                    files.append(flow.file)
                } catch {
                    problems.append("cannot write \(flow.file): \(error.explanation)")
                }
            }
            if let problem = flow.problem { problems.append(problem) }
            map.findings.append(entry)
        }
        map.stats.findings = map.findings.count
        let outputs: [(String, String)] = [
            (mapFile, map.json), (dotFile, map.dot), (svgFile, MapPicture.svg(map)), (reportFile, ExploreReport.html(map, runner: runner, folder: folder)),
            (junitFile, ExploreReport.junit(map, runner: runner, folder: folder)),
        ]
        for (name, text) in outputs {
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                try OutputFile.write(text, to: path)
                files.append(path)
            } catch {
                problems.append("cannot write \(path): \(error.explanation)")
            }
        }
        return (files, problems)
    }

    /// The name of the flow file of the `number`th finding (from 1), of `kind`, on a screen titled `title`.
    package static func flowName(_ number: Int, _ kind: ExploreFinding.Kind, _ title: String) -> String {
        String(format: "%02d-%@-%@.yaml", number, kind.rawValue, slug(title))
    }

    /// Each finding as the map holds it, with its flow's text for a file in `folder` (nil, and
    /// why, when it cannot be written: it would hold a secret no variable holds).
    package static func flows(_ result: ExploreResult, map: ExploreMap, in folder: String) -> [(entry: ExploreMap.Finding, file: String, text: String?, problem: String?)] {
        result.findings.enumerated().map { index, finding in
            let screen = map.screens.first { $0.identity == finding.screen.key }
            let title = screen?.title ?? finding.screen.title
            let name = "explore: \(finding.kind.title) on \"\(TerminalText.oneLine(title))\""
            let file = (folder as NSString).appendingPathComponent(flowName(index + 1, finding.kind, title))
            var entry = ExploreMap.Finding(
                id: "f\(index + 1)", kind: finding.kind, screen: screen?.id ?? "launch", title: title,
                summary: finding.summary, details: finding.details, steps: [], foundAfter: finding.foundAfter, replays: finding.replays, flow: nil,
                problem: result.writer.masked(finding.problem.description), paths: finding.paths, found: finding.origin.description, foundAt: finding.seconds,
                traces: finding.traces.sorted()
            )
            do {
                let text = try result.writer.text(for: finding, name: name, file: file)
                entry.steps = stepLines(of: text)
                return (entry, file, text, nil)
            } catch {
                return (entry, file, nil, "\(error)")
            }
        }
    }

    /// The command that runs a finding's flow `flow` (a path in the crawl's folder, as the map says
    /// it) from where the crawl ran: `flow run out/findings/01-crash-book.yaml`, its folder as
    /// given to `--out` (nil: the map's own folder).
    package static func runCommand(_ runner: String, flow: String, folder: String?) -> String {
        "\(runner) run " + ShellWord.quoted(folder.map { PathText.joined($0, flow) } ?? flow)
    }

    /// The figures, as Robo prints them, and more: each finding's command names its flow in
    /// `folder`, the crawl's as given to `--out` (nil: the map's own).
    package static func stats(_ map: ExploreMap, runner: String, folder: String?) -> String {
        let stats = map.stats
        let how = switch stats.ended {
        case .done: "every screen explored"
        case .maxActions: "stopped at --max-actions \(map.budget.maxActions)"
        case .time: "stopped at --time \(Int(map.budget.seconds)) s"
        case .maxFindings: "stopped at --max-findings \(map.budget.maxFindings ?? 0)"
        case .interrupted: "interrupted"
        case .launch: "the app did not start"
        }
        var lines = ["explored in \(String(format: "%.2f", stats.seconds)) s: \(how)" + (stats.complete || stats.ended != .done ? "" : " (some screens past --max-depth \(map.budget.maxDepth))")]
        let rows: [(String, String)] = [
            ("actions tried", "\(stats.actions)"),
            ("actions sent", "\(stats.actionsSent) (\(Int(stats.actionsPerSecond.rounded())) a second, replays and the prefix included)"),
            ("distinct screens", "\(stats.screens)"), ("transitions", "\(stats.transitions)"), ("launches", "\(stats.launches)"),
            ("findings", "\(stats.findings)" + (map.findings.contains { $0.replays > 0 }
                ? String(format: " (shrunk in %.2f s, %d replays)", stats.shrinkSeconds, map.findings.map(\.replays).reduce(0, +)) : "")),
        ]
        for (label, value) in rows + walkRows(map) + searchRows(map) + propertyRows(map) { lines.append("  " + label.padding(toLength: 18, withPad: " ", startingAt: 0) + value) }
        lines += propertyLines(map)
        for finding in map.findings {
            let paths = finding.paths.map { $0 > 1 ? "  (\($0) paths)" : "" } ?? ""
            lines.append("FINDING  \(finding.kind.rawValue)  \(TerminalText.oneLine(finding.summary))" + paths)
            for detail in finding.details.prefix(5) { lines.append("    " + TerminalText.oneLine(detail)) }
            if let flow = finding.flow {
                let when = [finding.found.map { "by the \($0)" }, finding.foundAt.map { String(format: "at %.2f s", $0) }].compactMap { $0 }.joined(separator: " ")
                lines.append("    \(runCommand(runner, flow: flow, folder: folder))  (\(finding.steps.count) step\(finding.steps.count == 1 ? "" : "s"), found after \(finding.foundAfter)"
                    + (when.isEmpty ? "" : " " + when) + ")")
            }
        }
        if let coverage = map.coverage {
            lines.append("coverage by \(coverage.flows.joined(separator: ", ")): screens \(coverage.screens), controls \(coverage.controls), transitions \(coverage.transitions)")
            lines += untestedScreens(map)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The walks' lines of the figures: how many, how long, the seed and how to replay it.
    static func walkRows(_ map: ExploreMap) -> [(String, String)] {
        guard let walks = map.walks else { return [] }
        let shard = walks.shard.map { " (shard \($0.index)/\($0.count)\(walks.count.map { " of \($0)" } ?? ""))" } ?? ""
        return [
            ("walks", "\(walks.walked) of at most \(walks.length) actions\(shard): \(walks.actions) actions, \(Int(walks.actionsPerSecond.rounded())) a second"
                + String(format: " (%.2f s, %d launches)", walks.seconds, walks.launches)),
            ("seed", "\(walks.seed) (--seed \(walks.seed) walks the same walks again)"),
        ]
    }

    /// What was searched and what was not: the map (to its end, or cut short and by what), the
    /// walks (how many, and why no more), the data states left to the walks, robot actions skipped.
    static func searchRows(_ map: ExploreMap) -> [(String, String)] {
        guard let madeMap = map.madeMap else { return [] }
        var searched: [String] = []
        var not: [String] = []
        let stats = map.stats
        if madeMap {
            // Walks follow a map that ended or was cut at --max-actions; a map written before
            // `mapEnded` was said ended.
            let mapEnded = map.walks == nil ? stats.ended : map.mapEnded ?? .done
            switch (mapEnded, stats.complete || (map.walks != nil && mapEnded == .done)) {
            case (.done, true): searched.append("the map (every screen within --max-depth \(map.budget.maxDepth))")
            case (.done, false): searched.append("the map"); not.append("screens past --max-depth \(map.budget.maxDepth)")
            case (.maxActions, _): searched.append("the map"); not.append("the rest of the map (--max-actions \(map.budget.maxActions) ran out)")
            case (.time, _): searched.append("part of the map"); not.append("the rest of the map (--time \(Int(map.budget.seconds)) s ran out)")
            case (.interrupted, _): searched.append("part of the map"); not.append("the rest (interrupted)")
            case (.maxFindings, _): searched.append("part of the map"); not.append("the rest (stopped at --max-findings)")
            case (.launch, _): not.append("the app's screens (it did not start)")
            }
        } else {
            not.append("the map (walks alone)")
        }
        if let walks = map.walks {
            if let count = walks.count {
                searched.append("\(walks.walked) of \(count) walks asked for")
                if walks.walked < walks.mineCount(of: count) { not.append("\(walks.mineCount(of: count) - walks.walked) walks (\(stats.ended.rawValue))") }
            } else {
                searched.append(walks.walked == 0 ? "no walk (the map took the time)" : "\(walks.walked) walks, until the time was up")
                if walks.walked == 0 { not.append("the states data makes (no time was left for walks: give more --time)") }
            }
            if let skipped = walks.skipped, skipped > 0 {
                not.append(skipped == 1 ? "1 robot action that failed on the screen it was offered on (skipped)"
                    : "\(skipped) robot actions that failed on the screen they were offered on (skipped)")
            }
            if let unfillable = walks.unfillable, unfillable > 0 {
                not.append("\(unfillable) robot action\(unfillable == 1 ? "" : "s") whose parameters could not be filled on their screen")
            }
        } else if madeMap {
            not.append("the states data makes (--walks 0)")
        }
        if let left = map.leftToWalks, left > 0 {
            let states = "\(left) data state\(left == 1 ? "" : "s") of screens it explored"
            if map.walks != nil { searched.append("the map left the walks \(states)") } else { not.append(states) }
        }
        return [("searched", searched.isEmpty ? "nothing" : searched.joined(separator: "; "))] + (not.isEmpty ? [] : [("not searched", not.joined(separator: "; "))])
    }

    /// The properties' line of the figures: how many, how often checked, how many never applied.
    static func propertyRows(_ map: ExploreMap) -> [(String, String)] {
        guard let properties = map.properties else { return [] }
        guard !properties.isEmpty else {
            return [("properties", "none declared: nothing says what is right for this app (RobotProperties beside the robots do: docs/explore.md)")]
        }
        let never = properties.filter { $0.applied == 0 }.count
        let checks = properties.map(\.checked).reduce(0, +)
        return [("properties", "\(properties.count) declared, checked \(checks) time\(checks == 1 ? "" : "s")"
            + (never == 0 ? ", each applied" : ": \(properties.count - never) applied, \(never) never did"))]
    }

    /// A line for each property (how often it was checked, applied and failed), and a warning for
    /// each that never applied, saying why.
    static func propertyLines(_ map: ExploreMap) -> [String] {
        guard let properties = map.properties else { return [] }
        let width = min(40, properties.map(\.name.count).max() ?? 0)
        var lines = properties.map { property in
            "    " + property.name.padding(toLength: max(width, property.name.count), withPad: " ", startingAt: 0)
                + "  checked \(property.checked), applied \(property.applied), failed \(property.failed)"
        }
        for property in properties where property.applied == 0 {
            lines.append("warning: the property \(property.name) never applied: \(property.neverApplied ?? "it was never checked")")
        }
        return lines
    }

    /// The screens the coverage's flows never showed, a line each (the first ten, then how many more).
    package static func untestedScreens(_ map: ExploreMap) -> [String] {
        guard let untested = map.coverage?.untestedScreens else { return [] }
        var lines = untested.prefix(10).map { "  untested screen \($0) \(TerminalText.oneLine(map.screen($0)?.title ?? ""))" }
        if untested.count > 10 { lines.append("  … \(untested.count - 10) more untested screens (report.html lists every one)") }
        return lines
    }

    /// The flows an earlier crawl wrote (their first line says so), removed so that none is read as this one's.
    private static func removeEarlierFindings(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".yaml") {
            let path = (folder as NSString).appendingPathComponent(name)
            guard InputFile.kind(path, following: false) == .file, case let .success(data) = InputFile.read(path, limit: 1 << 20),
                  FindingFlows.isWritten(String(decoding: data.prefix(256), as: UTF8.self)) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The steps of a flow's text, each on one line.
    private static func stepLines(of text: String) -> [String] {
        guard let root = try? LocatedYAML.compose(text, file: "flow"), let items = root.mapping?["steps"]?.sequence else { return [] }
        return items.map { FlowSession.line(of: $0) }
    }

    /// A title as part of a file's name: letters and digits, dashes between.
    static func slug(_ title: String) -> String {
        var result = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber, character.isASCII {
                result.append(character)
            } else if !result.hasSuffix("-"), !result.isEmpty {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "screen" : String(result.prefix(40))
    }
}

extension ExploreOutput {
    /// The map in a few lines, for an agent (`flow mcp`'s `explore_app`): the figures, each finding
    /// with its minimal flow's steps, then a line a screen with where each of its actions led
    /// (values typed into one field, and rows of one class, said once). A tenth of the map's JSON.
    package static func compact(_ map: ExploreMap, runner: String, folder: String?) -> String {
        // The figures: no line of them is empty.
        var lines = stats(map, runner: runner, folder: folder).split(separator: "\n").prefix { !$0.hasPrefix("FINDING") }.map(String.init)
        if !map.findings.isEmpty { lines.append("findings:") }
        for finding in map.findings {
            var about = [finding.kind.rawValue, "on \"\(TerminalText.oneLine(finding.title))\" (\(finding.screen))"]
            if let paths = finding.paths, paths > 1 { about.append("\(paths) paths") }
            if let found = finding.found { about.append("found by the \(found)") }
            lines.append("\(finding.id) " + about.joined(separator: ", ") + ": " + TerminalText.oneLine(finding.summary))
            lines.append("  steps: " + finding.steps.joined(separator: "; "))
            if let flow = finding.flow { lines.append("  run: " + runCommand(runner, flow: flow, folder: folder)) }
        }
        lines.append("screens (id \"title\" depth: action → where it led):")
        var leaving: [String: [ExploreMap.Transition]] = [:]
        for transition in map.transitions { leaving[transition.from, default: []].append(transition) }
        for screen in map.screens {
            // Each action once, with every screen it led to: values typed into one field, and rows
            // of one class, are one action.
            var whats: [String] = []
            var targets: [String: [String]] = [:]
            for transition in leaving[screen.id] ?? [] {
                let target = transition.to ?? transition.outcome.rawValue
                let what = transition.control.map { control in
                    switch transition.key.split(separator: " ").first {
                    case "type": "type into \(control.identifier)"
                    case "tap" where control.kind == ElementSnapshot.Kind.cell.rawValue: "tap a row \(control.identifier)"
                    default: transition.action
                    }
                } ?? transition.action
                if targets[what] == nil { whats.append(what) }
                if targets[what]?.contains(target) != true { targets[what, default: []].append(target) }
            }
            let ways = whats.map { "\($0) → " + (targets[$0] ?? []).joined(separator: ", ") }
            lines.append("\(screen.id) \"\(TerminalText.oneLine(screen.title))\" \(screen.depth): " + (ways.isEmpty ? "(nothing tried)" : ways.joined(separator: "; ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
