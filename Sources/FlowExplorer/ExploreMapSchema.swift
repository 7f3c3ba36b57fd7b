import FlowKit
import FlowRunner
import Foundation

extension ExploreMap {
    /// The JSON Schema of `map.json` (`flow schema --map`, committed beside the flow schema as
    /// `explore-map.schema.json`): each object of the map with its keys, their types and what
    /// they mean. A test encodes a real map and checks that every key it writes is declared here
    /// and every key declared required is written, so the schema cannot drift from the types.
    public static var schema: String {
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
            ], "what told screens apart besides their structure"), true),
            ("budget", object([
                ("maxActions", described(integer, "the most actions tried"), true), ("maxDepth", described(integer, "the deepest screen explored"), true),
                ("seconds", described(number, "the most time the crawl took"), true),
            ], "the budgets the crawl ran within"), true),
            ("stats", object([
                ("actions", described(integer, "actions tried, each once from its screen"), true),
                ("actionsSent", described(integer, "every action sent, replays and the prefix included"), true),
                ("screens", described(integer, "distinct screens"), true), ("transitions", described(integer, "distinct transitions (refused actions not counted)"), true),
                ("findings", described(integer, "problems found"), true), ("launches", described(integer, "times the app was launched"), true),
                ("seconds", described(number, "the crawl's time, shrinking included"), true),
                ("shrinkSeconds", described(number, "of which shrinking the findings"), true), ("actionsPerSecond", described(number, "actions sent a second"), true),
                ("complete", described(["type": "boolean"], "every action of every screen within the depth was tried"), true),
                ("ended", described(["type": "string", "enum": ["done", "max-actions", "time", "interrupted", "launch"]], "what ended the crawl"), true),
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
                ("outcome", described(["type": "string", "enum": ["screen", "refused", "crashed", "exited", "hung", "broke", "ended"]], "what happened"), true),
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
            ], "a finding")], true),
            ("coverage", object([
                ("flows", strings("the flows it comes from"), true), ("screens", counted, true), ("controls", counted, true), ("transitions", counted, true),
                ("untestedScreens", strings("screens no flow showed (ids)"), true), ("untestedControls", strings("controls no flow used"), true),
                ("untestedTransitions", strings("transitions no flow took"), true), ("testedScreens", strings("screens the flows showed (ids)"), true),
                ("testedTransitions", ["type": "array", "items": integer, "description": "indexes of the transitions the flows took"], true),
            ], "what a suite's flows exercise of the map (explore --against, run --coverage)"), false),
        ]
        let root = object(properties, "The map flow explore writes (map.json): an app's screens as nodes, the actions between them as edges, the findings.")
        return JSONSchemaText.document(root, title: "flow explore map")
    }
}
