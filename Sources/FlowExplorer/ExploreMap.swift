import FlowKit
import Foundation
import TextBytes

/// What `explore` found: the app's screens as nodes and the actions between them as edges, with
/// how often each was seen and taken, the findings, and the crawl's figures. Written as JSON
/// (`map.json`, its schema ``ExploreMap/schema``), as Graphviz DOT, and drawn as SVG.
package struct ExploreMap: Codable, Sendable, Equatable {
    /// `flow-explore-map`: what the file is.
    package var format = ExploreMap.formatName
    /// The file's version: a reader refuses one it does not know.
    package var version = ExploreMap.currentVersion
    /// The app's path, as the scheme gives it.
    package var app: String
    /// The scheme it was launched under.
    package var scheme: String
    /// The fixture its store was seeded from.
    package var fixture: String
    /// The prefix that ran before exploring (`Login.login`, a flow's path), if any.
    package var from: String?
    /// What told screens apart.
    package var rules: ScreenIdentity.Rules
    /// The budgets it ran within.
    package var budget: Budget
    /// The crawl's figures.
    package var stats: Stats
    /// The screens, in the order they were found (breadth first from the first).
    package var screens: [Screen]
    /// The actions taken between them, each once with how often it was taken.
    package var transitions: [Transition]
    /// What went wrong, each with the minimal flow that shows it.
    package var findings: [Finding]
    /// What a suite's flows exercise of the map, when it was asked for.
    package var coverage: Coverage?
    /// The seeded random walks, when there were any.
    package var walks: Walks?
    /// In data identity, the most states one structure was given (the rest are `data other`).
    package var dataLimit: Int?
    /// In data identity, the states the map met besides the first of each structure, which it left
    /// to the walks (absent in structure identity).
    package var leftToWalks: Int?
    /// Whether the breadth-first map was made (false: walks alone, or another shard's); absent in
    /// a map written before it was said.
    package var madeMap: Bool?
    /// What ended the breadth-first map, when walks followed it (`stats.ended` says what ended the
    /// whole crawl): `max-actions` when the map was cut short and the walks went on.
    package var mapEnded: CrawlEnd?
    /// Each property the app declares, with how often the crawl checked it, how often it applied
    /// and how often it failed (absent when the crawl checked none: `--no-properties`).
    package var properties: [Property]?

    /// A property the app declares, as the crawl checked it.
    package struct Property: Codable, Sendable, Equatable {
        /// Its name.
        package var name: String
        /// `invariant`, `action` or `eventually`.
        package var kind: String
        /// Times its check ran.
        package var checked: Int
        /// Times it applied (its check ran and did not say it does not apply).
        package var applied: Int
        /// Times it did not hold.
        package var failed: Int
        /// Why it never applied, when it did not: a trigger naming a control no screen had, a
        /// robot whose screen was never reached.
        package var neverApplied: String?
    }

    /// The seeded random walks of a crawl.
    package struct Walks: Codable, Sendable, Equatable {
        /// How many walks were asked for (on every machine together); absent: as many as the time allowed.
        package var count: Int?
        /// The most actions a walk takes.
        package var length: Int
        /// The seed (a whole number, written as text: JSON's numbers lose digits past 2^53): `--seed` replays it.
        package var seed: String
        /// This machine's share, when the walks were split (`--shard I/N`).
        package var shard: ExploreShard?
        /// How many were walked here.
        package var walked: Int
        /// The actions they took (launches and the prefix not counted).
        package var actions: Int
        /// The launches they took.
        package var launches: Int
        /// Their time, in seconds.
        package var seconds: Double
        /// Actions sent a second while walking, the prefix at each launch included.
        package var actionsPerSecond: Double
        /// Each walk walked here, by number.
        package var each: [Walk]
        /// How many of `count` walks this machine takes (its shard's share).
        package func mineCount(of count: Int) -> Int {
            WalkOptions(count: count, shard: shard).mine.count
        }

        /// Robot actions taken that failed on the screen they were offered on (skipped steps).
        package var skipped: Int?
        /// Robot actions chosen whose parameters could not be filled on their screen (a position, and no row).
        package var unfillable: Int?
    }

    /// One walk.
    package struct Walk: Codable, Sendable, Equatable {
        /// Its number, from 0: which of the crawl's walks it is.
        package var number: Int
        /// Its own seed, made from the crawl's and its number.
        package var seed: String
        /// The actions it took.
        package var actions: Int
        /// How it ended.
        package var ended: WalkEnd
        /// A digest of its steps: the same seed walks the same walk, with the same digest.
        package var digest: String
    }

    /// `flow-explore-map`.
    package static let formatName = "flow-explore-map"
    /// The version this toolkit writes and reads.
    package static let currentVersion = 1

    /// The budgets of a crawl.
    package struct Budget: Codable, Sendable, Equatable {
        /// The most actions tried (each once from its screen).
        package var maxActions: Int
        /// The most actions from the first screen to any screen explored.
        package var maxDepth: Int
        /// The most seconds the crawl runs.
        package var seconds: Double
        /// The crawl stops once this many problems are found (absent: no such limit).
        package var maxFindings: Int?
    }

    /// The crawl's figures, as Robo prints them, and more.
    package struct Stats: Codable, Sendable, Equatable {
        /// Actions tried, each once from the screen it was tried on.
        package var actions: Int
        /// Every action sent to the app: those tried, and those that put the app back on a screen (a replay).
        package var actionsSent: Int
        /// Distinct screens.
        package var screens: Int
        /// Distinct transitions (a screen, an action, where it led); an action the app refused is none.
        package var transitions: Int
        /// Findings.
        package var findings: Int
        /// Times the app was launched.
        package var launches: Int
        /// The crawl's time, in seconds (shrinking findings included).
        package var seconds: Double
        /// Of which shrinking the findings, in seconds.
        package var shrinkSeconds: Double
        /// Actions sent a second.
        package var actionsPerSecond: Double
        /// True when every action of every screen within the depth was tried; false when a budget
        /// (or an interruption) ended the crawl first.
        package var complete: Bool
        /// What ended the crawl.
        package var ended: CrawlEnd
    }

    /// One screen of the map.
    package struct Screen: Codable, Sendable, Equatable {
        /// `s1`, `s2`, ... in the order found.
        package var id: String
        /// The screen's title.
        package var title: String
        /// Its identity: what told it apart (see FlowKit's `ScreenIdentity`).
        package var identity: String
        /// The fewest actions from the first screen to it over the map's transitions (after the prefix).
        package var depth: Int
        /// The steps the crawl reached it by (the shortest it met before it explored it), as a flow writes them.
        package var path: [String]
        /// The screen as drawn the first time it was seen (secrets masked).
        package var text: String
        /// Its controls: what a flow can name on it.
        package var controls: [Control]
        /// How many times an action led to it.
        package var visits: Int
    }

    /// A control of a screen.
    package struct Control: Codable, Sendable, Equatable, Hashable {
        /// Its kind: `button`, `cell`, ...
        package var kind: String
        /// Its identifier (a row's class, `photo-#`, for rows).
        package var identifier: String
        /// What it reads (a row's text for the first row of a class).
        package var label: String
    }

    /// An action from a screen, and where it led.
    package struct Transition: Codable, Sendable, Equatable {
        /// The screen it was taken on.
        package var from: String
        /// The screen it led to; nil when it led nowhere (refused) or ended the app.
        package var to: String?
        /// The step as a flow writes it.
        package var step: String
        /// How the map shows it: `tap Save`.
        package var action: String
        /// The control it acted on (nil for back).
        package var control: Control?
        /// What a suite's coverage matches it by: the verb, the control's kind and identifier
        /// (`tap button Save`, `tap cell photo-#`, `type textField Name`, `back`).
        package var key: String
        /// What happened.
        package var outcome: TransitionOutcome
        /// How many times it was taken.
        package var count: Int
    }

    /// A problem the crawl found.
    package struct Finding: Codable, Sendable, Equatable {
        /// `f1`, `f2`, ...
        package var id: String
        /// What kind of problem.
        package var kind: ExploreFinding.Kind
        /// The screen it happened on.
        package var screen: String
        /// The screen's title.
        package var title: String
        /// One line: what went wrong.
        package var summary: String
        /// More: the app's last lines of standard error, the audit's findings.
        package var details: [String]
        /// The minimal flow's steps (the prefix first), as the flow file writes them.
        package var steps: [String]
        /// The steps of the path it was found on, before it was shrunk.
        package var foundAfter: Int
        /// The fresh launches shrinking it took (0: not shrunk).
        package var replays: Int
        /// The flow file written for it, relative to the output folder.
        package var flow: String?
        /// What makes another occurrence the same problem: its kind, cause and place.
        package var problem: String?
        /// How many different paths (action sequences from a launch) met the problem.
        package var paths: Int?
        /// Where it was first met: `map`, or `walk N`.
        package var found: String?
        /// When it was first met, in seconds since the crawl began.
        package var foundAt: Double?
        /// The digests of the paths that met it (how shards' findings are merged).
        package var traces: [String]?
    }

    /// What a suite's flows exercised of the map.
    package struct Coverage: Codable, Sendable, Equatable {
        /// The flows it comes from (paths as given).
        package var flows: [String]
        /// Screens the flows showed, of those in the map.
        package var screens: Counted
        /// Controls the flows used, of those in the map.
        package var controls: Counted
        /// Transitions the flows took, of those in the map.
        package var transitions: Counted
        /// Screens the flows never showed (ids).
        package var untestedScreens: [String]
        /// Controls never used: `s3 button Delete`.
        package var untestedControls: [String]
        /// Transitions never taken: `s3 tap Delete → s5`.
        package var untestedTransitions: [String]
        /// The ids of the screens the flows showed.
        package var testedScreens: [String]
        /// The indexes (in ``ExploreMap/transitions``) of the transitions the flows took.
        package var testedTransitions: [Int]
    }

    /// How many of how many.
    package struct Counted: Codable, Sendable, Equatable, CustomStringConvertible {
        /// How many were exercised.
        package var covered: Int
        /// How many there are.
        package var total: Int

        /// `12 of 14 (86%)`.
        package var description: String {
            "\(covered) of \(total)" + (total > 0 ? " (\(Int((Double(covered) / Double(total) * 100).rounded()))%)" : "")
        }
    }

    // MARK: - Files

    /// The map as JSON, keys sorted, pretty-printed: the same crawl gives the same bytes (but its times).
    package var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// Reads a map written by ``json``: a located error for what is not one (and bytes that are
    /// not text, as every outside file).
    package static func read(_ data: Data, file: String) throws(ExploreMapError) -> ExploreMap {
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
    package func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }

    /// The map as Graphviz DOT: screens as boxes (their titles), transitions as labelled arrows
    /// (with their counts), findings in red.
    package var dot: String {
        var lines = ["digraph explore {", "  rankdir=LR;", "  node [shape=box, style=rounded, fontname=\"monospace\"];"]
        let found = Set(findings.map(\.screen))
        for screen in screens {
            let colour = found.contains(screen.id) ? ", color=red, fontcolor=red" : ""
            lines.append("  \(screen.id) [label=\(Self.dotQuoted("\(screen.title)\n\(screen.id)"))\(colour)];")
        }
        var ends: Set<String> = []
        for transition in transitions where transition.outcome != .refused {
            let target: String
            if let to = transition.to {
                target = to
            } else {
                target = "end_\(transition.outcome.rawValue)"
                if ends.insert(target).inserted {
                    lines.append("  \(target) [label=\(Self.dotQuoted(transition.outcome.rawValue)), shape=octagon\(transition.outcome == .ended ? "" : ", color=red")];")
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
package struct ExploreMapError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    package let description: String

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
