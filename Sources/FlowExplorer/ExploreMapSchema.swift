import FlowKit
import FlowRunner
import Foundation

extension ExploreMap {

    /// The JSON Schema of `map.json` (`flow schema --map`, committed beside the flow schema as
    /// `explore-map.schema.json`): each object of the map with its keys, their types and what
    /// they mean. A test encodes a real map and checks that every key it writes is declared here
    /// and every key declared required is written, so the schema cannot drift from the types.
    package static var schema: String {
        let string: [String: Any] = ["type": "string"]
        let integer: [String: Any] = ["type": "integer", "minimum": 0]
        let number: [String: Any] = ["type": "number", "minimum": 0]
        func strings(_ description: String) -> [String: Any] { ["type": "array", "items": string, "description": description] }
        let (described, object) = (JSONSchemaText.described, JSONSchemaText.object)
        let control = object([
            ("kind", described(["type": "string", "enum": ElementSnapshot.Kind.allCases.map(\.rawValue)], "the control's kind"), true),
            ("identifier", described(string, "its identifier; for rows, their class (digits made #: photo-#)"), true),
            ("label", described(string, "what it reads (a row's text, for the first row of a class)"), true),
        ], "a control of a screen")
        let counted = object([
            ("covered", described(integer, "how many the flows exercised"), true), ("total", described(integer, "how many the map has"), true),
        ], "how many of how many")
        let properties: [(String, [String: Any], Bool)] = [
            ("format", described(["const": formatName], "what the file is"), true),
            ("version", described(["const": currentVersion], "the file's version: a reader refuses one it does not know"), true),
            ("app", described(string, "the app's path, as the scheme gives it"), true),
            ("scheme", described(string, "the scheme it was launched under"), true),
            ("fixture", described(string, "the fixture its store was seeded from"), true),
            ("from", described(string, "the prefix run before exploring: a step or a flow file"), false),
            ("rules", object([
                ("ignoring", strings("identifiers that do not tell screens apart"), true),
                ("byText", strings("identifiers whose label and value tell screens apart too"), true),
                ("mode", described(["type": "string", "enum": ScreenIdentity.Rules.Mode.allCases.map(\.rawValue)],
                                   "structure: what rows and fields hold does not count; data: it does (a last line, data DIGEST)"), true),
            ], "what told screens apart besides their structure"), true),
            ("budget", object([
                ("maxActions", described(integer, "the most actions tried"), true), ("maxDepth", described(integer, "the deepest screen explored"), true),
                ("seconds", described(number, "the most time the crawl took"), true),
                ("maxFindings", described(integer, "the crawl stopped once this many problems were found (--max-findings)"), false),
            ], "the budgets the crawl ran within"), true),
            ("stats", object([
                ("actions", described(integer, "actions tried, each once from its screen"), true),
                ("actionsSent", described(integer, "every action sent, replays and the prefix included"), true),
                ("screens", described(integer, "distinct screens"), true), ("transitions", described(integer, "distinct transitions (refused actions not counted)"), true),
                ("findings", described(integer, "problems found"), true), ("launches", described(integer, "times the app was launched"), true),
                ("seconds", described(number, "the crawl's time, shrinking included"), true),
                ("shrinkSeconds", described(number, "of which shrinking the findings"), true), ("actionsPerSecond", described(number, "actions sent a second"), true),
                ("complete", described(["type": "boolean"], "every action of every screen within the depth was tried"), true),
                ("ended", described(["type": "string", "enum": CrawlEnd.allCases.map(\.rawValue)], "what ended the crawl"), true),
            ], "the crawl's figures"), true),
            ("screens", ["type": "array", "description": "the screens, breadth first from the first", "items": object([
                ("id", described(string, "s1, s2, ... in the order found"), true), ("title", described(string, "the screen's title"), true),
                ("identity", described(string, "what told it apart: its title, then its structure, a part a line"), true),
                ("depth", described(integer, "actions from the first screen to it"), true),
                ("path", strings("the steps that reached it first, as a flow writes them"), true),
                ("text", described(string, "the screen as drawn the first time it was seen (secrets masked)"), true),
                ("controls", ["type": "array", "items": control, "description": "what a flow can name on it"], true),
                ("visits", described(integer, "times an action led to it"), true),
            ], "a screen")], true),
            ("transitions", ["type": "array", "description": "each action from a screen, once, with how often it was taken", "items": object([
                ("from", described(string, "the screen it was taken on"), true), ("to", described(string, "the screen it led to (none: refused, or the app ended)"), false),
                ("step", described(string, "the step as a flow writes it"), true), ("action", described(string, "the action in words"), true),
                ("control", control, false), ("key", described(string, "what coverage matches it by: tap button Save, type textField Name, back"), true),
                ("outcome", described(["type": "string", "enum": TransitionOutcome.allCases.map(\.rawValue)], "what happened"), true),
                ("count", described(integer, "times it was taken"), true),
            ], "a transition")], true),
            ("findings", ["type": "array", "description": "the problems found, each with its minimal flow", "items": object([
                ("id", described(string, "f1, f2, ..."), true),
                ("kind", described(["type": "string", "enum": ExploreFinding.Kind.allCases.map(\.rawValue)], "what kind of problem"), true),
                ("screen", described(string, "the screen it happened on (launch: before the first)"), true), ("title", described(string, "the screen's title"), true),
                ("summary", described(string, "what went wrong, in one line"), true),
                ("details", strings("the app's standard error, the audit's findings (secrets masked)"), true),
                ("steps", strings("the minimal flow's steps, the prefix first"), true),
                ("foundAfter", described(integer, "the actions it was found after, before it was shrunk"), true),
                ("replays", described(integer, "the fresh launches shrinking it took (0: not shrunk)"), true),
                ("flow", described(string, "the flow file written for it, relative to the output folder"), false),
                ("problem", described(string, "what makes another occurrence the same problem: its kind, cause and place"), false),
                ("paths", described(["type": "integer", "minimum": 1], "how many different paths met the problem"), false),
                ("found", described(["type": "string", "pattern": "^(map|walk (0|[1-9][0-9]*))$"], "where it was first met: map, or walk N"), false),
                ("foundAt", described(number, "when it was first met, in seconds since the crawl began"), false),
                ("traces", strings("the digests of the paths that met it, as flow merge joins shards"), false),
            ], "a finding")], true),
            ("coverage", object([
                ("flows", strings("the flows it comes from"), true), ("screens", counted, true), ("controls", counted, true), ("transitions", counted, true),
                ("untestedScreens", strings("screens no flow showed (ids)"), true), ("untestedControls", strings("controls no flow used"), true),
                ("untestedTransitions", strings("transitions no flow took"), true), ("testedScreens", strings("screens the flows showed (ids)"), true),
                ("testedTransitions", ["type": "array", "items": integer, "description": "indexes of the transitions the flows took"], true),
            ], "what a suite's flows exercise of the map (explore --against, run --coverage)"), false),
            ("walks", object([
                ("count", described(integer, "walks asked for, on every machine together (absent: as many as the time allowed)"), false),
                ("length", described(integer, "the most actions a walk takes"), true),
                ("seed", described(["type": "string", "pattern": "^(0|[1-9][0-9]*)$"], "the seed, a whole number written as text: --seed replays it"), true),
                ("shard", object([
                    ("index", described(["type": "integer", "minimum": 1], "which share, from 1"), true), ("count", described(["type": "integer", "minimum": 1], "of how many"), true),
                ], "this machine's share of the walks (--shard I/N)"), false),
                ("walked", described(integer, "walks walked here"), true), ("actions", described(integer, "the actions they took"), true),
                ("launches", described(integer, "the launches they took"), true), ("seconds", described(number, "their time"), true),
                ("actionsPerSecond", described(number, "actions sent a second while walking, the prefix included"), true),
                ("each", ["type": "array", "description": "each walk walked here", "items": object([
                    ("number", described(integer, "which of the crawl's walks, from 0"), true),
                    ("seed", described(["type": "string", "pattern": "^(0|[1-9][0-9]*)$"], "its own seed"), true),
                    ("actions", described(integer, "the actions it took"), true),
                    ("ended", described(["type": "string", "enum": WalkEnd.allCases.map(\.rawValue)], "how it ended"), true),
                    ("digest", described(string, "a digest of its steps: the same seed walks the same walk"), true),
                ], "a walk")], true),
                ("skipped", described(integer, "robot actions taken that failed on the screen they were offered on (skipped steps)"), false),
                ("unfillable", described(integer, "robot actions chosen whose parameters could not be filled on their screen"), false),
            ], "the seeded random walks (after the map until the time is up, or explore --walks N)"), false),
            ("leftToWalks", described(integer, "in data identity, the states the map met besides the first of each structure, left to the walks"), false),
            ("madeMap", described(["type": "boolean"], "whether the breadth-first map was made (false: walks alone, or another shard's)"), false),
            ("mapEnded", described(["type": "string", "enum": CrawlEnd.allCases.map(\.rawValue)], "what ended the map, when walks followed it"), false),
            ("dataLimit", described(["type": "integer", "minimum": 1], "in data identity, the most states one structure was given (the rest: data other)"), false),
            ("properties", ["type": "array", "description": "each property the app declares, as the crawl checked it (absent: none was checked)", "items": object([
                ("name", described(string, "its name, as assertProperty names it"), true),
                ("kind", described(["type": "string", "enum": AppProperty.Kind.allCases.map(\.rawValue)], "its kind"), true),
                ("checked", described(integer, "times its check ran"), true),
                ("applied", described(integer, "times it applied: its check ran and did not say it does not apply"), true),
                ("failed", described(integer, "times it did not hold (a violation, an error, its worker ended)"), true),
                ("neverApplied", described(string, "why it never applied: a trigger naming a control no screen had, a screen never reached"), false),
            ], "a property")], false),
        ]
        let root = object(properties, "The map flow explore writes (map.json): an app's screens as nodes, the actions between them as edges, the findings.")
        return JSONSchemaText.document(root, title: "flow explore map")
    }
}
