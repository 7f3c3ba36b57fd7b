import FlowKit
import Foundation
import TextBytes

/// What `explore` found: the app's screens as nodes and the actions between them as edges, with
/// how often each was seen and taken, the findings, and the crawl's figures. Written as JSON
/// (`map.json`, its schema ``ExploreMap/schema``), as Graphviz DOT, and drawn as SVG.
public struct ExploreMap: Codable, Sendable, Equatable {
    /// `flow-explore-map`: what the file is.
    public var format = ExploreMap.formatName
    /// The file's version: a reader refuses one it does not know.
    public var version = ExploreMap.currentVersion
    /// The app's path, as the scheme gives it.
    public var app: String
    /// The scheme it was launched under.
    public var scheme: String
    /// The fixture its store was seeded from.
    public var fixture: String
    /// The prefix that ran before exploring (`Login.login`, a flow's path), if any.
    public var from: String?
    /// What told screens apart.
    public var rules: ScreenIdentity.Rules
    /// The budgets it ran within.
    public var budget: Budget
    /// The crawl's figures.
    public var stats: Stats
    /// The screens, in the order they were found (breadth first from the first).
    public var screens: [Screen]
    /// The actions taken between them, each once with how often it was taken.
    public var transitions: [Transition]
    /// What went wrong, each with the minimal flow that shows it.
    public var findings: [Finding]
    /// What a suite's flows exercise of the map, when it was asked for.
    public var coverage: Coverage?
    /// The seeded random walks, when there were any.
    public var walks: Walks?
    /// In data identity, the most states one structure was given (the rest are `data other`).
    public var dataLimit: Int?

    /// The seeded random walks of a crawl.
    public struct Walks: Codable, Sendable, Equatable {
        /// How many walks were asked for (on every machine together).
        public var count: Int
        /// The most actions a walk takes.
        public var length: Int
        /// The seed (a whole number, written as text: JSON's numbers lose digits past 2^53): `--seed` replays it.
        public var seed: String
        /// This machine's share, when the walks were split (`--shard I/N`).
        public var shard: ExploreShard?
        /// How many were walked here.
        public var walked: Int
        /// The actions they took (launches and the prefix not counted).
        public var actions: Int
        /// The launches they took.
        public var launches: Int
        /// Their time, in seconds.
        public var seconds: Double
        /// Actions sent a second while walking, the prefix at each launch included.
        public var actionsPerSecond: Double
        /// Each walk walked here, by number.
        public var each: [Walk]
    }

    /// One walk.
    public struct Walk: Codable, Sendable, Equatable {
        /// Its number, from 0: which of the crawl's walks it is.
        public var number: Int
        /// Its own seed, made from the crawl's and its number.
        public var seed: String
        /// The actions it took.
        public var actions: Int
        /// How it ended: `length`, `crashed`, `hung`, `exited`, `broke`, `ended`, `stuck`, `launch`, `time`, `interrupted`.
        public var ended: String
        /// A digest of its steps: the same seed walks the same walk, with the same digest.
        public var digest: String
    }

    /// `flow-explore-map`.
    public static let formatName = "flow-explore-map"
    /// The version this toolkit writes and reads.
    public static let currentVersion = 1

    /// The budgets of a crawl.
    public struct Budget: Codable, Sendable, Equatable {
        /// The most actions tried (each once from its screen).
        public var maxActions: Int
        /// The most actions from the first screen to any screen explored.
        public var maxDepth: Int
        /// The most seconds the crawl runs.
        public var seconds: Double
    }

    /// The crawl's figures, as Robo prints them, and more.
    public struct Stats: Codable, Sendable, Equatable {
        /// Actions tried, each once from the screen it was tried on.
        public var actions: Int
        /// Every action sent to the app: those tried, and those that put the app back on a screen (a replay).
        public var actionsSent: Int
        /// Distinct screens.
        public var screens: Int
        /// Distinct transitions (a screen, an action, where it led); an action the app refused is none.
        public var transitions: Int
        /// Findings.
        public var findings: Int
        /// Times the app was launched.
        public var launches: Int
        /// The crawl's time, in seconds (shrinking findings included).
        public var seconds: Double
        /// Of which shrinking the findings, in seconds.
        public var shrinkSeconds: Double
        /// Actions sent a second.
        public var actionsPerSecond: Double
        /// True when every action of every screen within the depth was tried; false when a budget
        /// (or an interruption) ended the crawl first.
        public var complete: Bool
        /// What ended the crawl: `done`, `max-actions`, `time`, `interrupted`.
        public var ended: String
    }

    /// One screen of the map.
    public struct Screen: Codable, Sendable, Equatable {
        /// `s1`, `s2`, ... in the order found.
        public var id: String
        /// The screen's title.
        public var title: String
        /// Its identity: what told it apart (see FlowKit's `ScreenIdentity`).
        public var identity: String
        /// The fewest actions from the first screen to it over the map's transitions (after the prefix).
        public var depth: Int
        /// The steps the crawl reached it by (the shortest it met before it explored it), as a flow writes them.
        public var path: [String]
        /// The screen as drawn the first time it was seen (secrets masked).
        public var text: String
        /// Its controls: what a flow can name on it.
        public var controls: [Control]
        /// How many times an action led to it.
        public var visits: Int
    }

    /// A control of a screen.
    public struct Control: Codable, Sendable, Equatable, Hashable {
        /// Its kind: `button`, `cell`, ...
        public var kind: String
        /// Its identifier (a row's class, `photo-#`, for rows).
        public var identifier: String
        /// What it reads (a row's text for the first row of a class).
        public var label: String
    }

    /// An action from a screen, and where it led.
    public struct Transition: Codable, Sendable, Equatable {
        /// The screen it was taken on.
        public var from: String
        /// The screen it led to; nil when it led nowhere (refused) or ended the app.
        public var to: String?
        /// The step as a flow writes it.
        public var step: String
        /// How the map shows it: `tap Save`.
        public var action: String
        /// The control it acted on (nil for back).
        public var control: Control?
        /// What a suite's coverage matches it by: the verb, the control's kind and identifier
        /// (`tap button Save`, `tap cell photo-#`, `type textField Name`, `back`).
        public var key: String
        /// What happened: `screen`, `refused`, `crashed`, `exited`, `hung`, `broke` (a line not a frame), `ended` (exit 0).
        public var outcome: String
        /// How many times it was taken.
        public var count: Int
    }

    /// A problem the crawl found.
    public struct Finding: Codable, Sendable, Equatable {
        /// `f1`, `f2`, ...
        public var id: String
        /// What kind of problem.
        public var kind: ExploreFinding.Kind
        /// The screen it happened on.
        public var screen: String
        /// The screen's title.
        public var title: String
        /// One line: what went wrong.
        public var summary: String
        /// More: the app's last lines of standard error, the audit's findings.
        public var details: [String]
        /// The minimal flow's steps (the prefix first), as the flow file writes them.
        public var steps: [String]
        /// The steps of the path it was found on, before it was shrunk.
        public var foundAfter: Int
        /// The fresh launches shrinking it took (0: not shrunk).
        public var replays: Int
        /// The flow file written for it, relative to the output folder.
        public var flow: String?
        /// What makes another occurrence the same problem: its kind, cause and place.
        public var problem: String?
        /// How many different paths (action sequences from a launch) met the problem.
        public var paths: Int?
        /// Where it was first met: `map`, or `walk N`.
        public var found: String?
        /// When it was first met, in seconds since the crawl began.
        public var foundAt: Double?
        /// The digests of the paths that met it (how shards' findings are merged).
        public var traces: [String]?
    }

    /// What a suite's flows exercised of the map.
    public struct Coverage: Codable, Sendable, Equatable {
        /// The flows it comes from (paths as given).
        public var flows: [String]
        /// Screens the flows showed, of those in the map.
        public var screens: Counted
        /// Controls the flows used, of those in the map.
        public var controls: Counted
        /// Transitions the flows took, of those in the map.
        public var transitions: Counted
        /// Screens the flows never showed (ids).
        public var untestedScreens: [String]
        /// Controls never used: `s3 button Delete`.
        public var untestedControls: [String]
        /// Transitions never taken: `s3 tap Delete → s5`.
        public var untestedTransitions: [String]
        /// The ids of the screens the flows showed.
        public var testedScreens: [String]
        /// The indexes (in ``ExploreMap/transitions``) of the transitions the flows took.
        public var testedTransitions: [Int]
    }

    /// How many of how many.
    public struct Counted: Codable, Sendable, Equatable, CustomStringConvertible {
        /// How many were exercised.
        public var covered: Int
        /// How many there are.
        public var total: Int

        /// `12 of 14 (86%)`.
        public var description: String {
            "\(covered) of \(total)" + (total > 0 ? " (\(Int((Double(covered) / Double(total) * 100).rounded()))%)" : "")
        }
    }

    // MARK: - Files

    /// The map as JSON, keys sorted, pretty-printed: the same crawl gives the same bytes (but its times).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// Reads a map written by ``json``: a located error for what is not one (and bytes that are
    /// not text, as every outside file).
    public static func read(_ data: Data, file: String) throws(ExploreMapError) -> ExploreMap {
        if let problem = TextBytes.firstProblem(in: data) { throw ExploreMapError("\(file):\(problem.line):\(problem.column): " + problem.message("the map")) }
        do {
            let map = try JSONDecoder().decode(ExploreMap.self, from: data)
            guard map.format == formatName else { throw ExploreMapError("\(file): not an explore map (its format is \"\(map.format)\", not \"\(formatName)\")") }
            guard map.version == currentVersion else {
                throw ExploreMapError("\(file): an explore map of version \(map.version); this runner reads version \(currentVersion): explore again")
            }
            return map
        } catch let error as ExploreMapError {
            throw error
        } catch {
            throw ExploreMapError("\(file): not an explore map (\(ExploreMapError.words(error))): write one with explore --out DIR")
        }
    }

    /// The screen with `id`.
    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }

    /// The map as Graphviz DOT: screens as boxes (their titles), transitions as labelled arrows
    /// (with their counts), findings in red.
    public var dot: String {
        var lines = ["digraph explore {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"monospace\"];"]
        let found = Set(findings.map(\.screen))
        for screen in screens {
            let colour = found.contains(screen.id) ? ", color=red, fontcolor=red" : ""
            lines.append("  \(screen.id) [label=\(Self.dotQuoted("\(screen.title)\n\(screen.id)"))\(colour)];")
        }
        var ends: Set<String> = []
        for transition in transitions where transition.outcome != "refused" {
            let target: String
            if let to = transition.to {
                target = to
            } else {
                target = "end_\(transition.outcome)"
                if ends.insert(target).inserted {
                    lines.append("  \(target) [label=\(Self.dotQuoted(transition.outcome)), shape=octagon\(transition.outcome == "ended" ? "" : ", color=red")];")
                }
            }
            let label = transition.action + (transition.count > 1 ? " ×\(transition.count)" : "")
            lines.append("  \(transition.from) -> \(target) [label=\(Self.dotQuoted(label))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dotQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

/// Why a file is not an explore map.
public struct ExploreMapError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// A decoding error in words: the key and what was wrong, never Foundation's dump.
    static func words(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "it is not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch decoding {
        case let .keyNotFound(key, context): return "\"\(path(context).isEmpty ? key.stringValue : path(context) + "." + key.stringValue)\" is missing"
        case let .typeMismatch(_, context), let .valueNotFound(_, context): return "\"\(path(context))\" has the wrong type"
        case let .dataCorrupted(context): return path(context).isEmpty ? "it is not JSON" : "\"\(path(context))\" is not valid"
        @unknown default: return "it is not JSON"
        }
    }
}
