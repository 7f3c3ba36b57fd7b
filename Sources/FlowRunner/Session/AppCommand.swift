import FlowKit
import NameMatching
import Yams

/// A line typed as a person types it to the app (`3`, `tap Login`, `type Username test`, `back`),
/// turned into the YAML step it means, naming the element by its identifier (never by its number,
/// which moves as screens change), so that it can be kept in a flow.
enum AppCommand {
    /// The YAML step `line` means on `screen`; nil when `line` is not an app command (it is a YAML
    /// step then); a failure with the reason when it names no control.
    static func step(for line: String, on screen: ScreenSnapshot?) -> Result<Node, AppCommandError>? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = words.first else { return nil }
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        if Self.isNumber(line) { return tap(line, on: screen) }
        switch verb {
        case "back":
            guard rest.isEmpty else { return .failure(AppCommandError("back takes nothing: write back (it goes back one screen)")) }
            return .success(Node("back"))
        case "tap":
            guard !rest.isEmpty else { return .failure(AppCommandError("tap needs a control: tap 3 or tap Continue (by its number or its name on the screen)")) }
            return tap(rest, on: screen)
        case "type":
            guard !rest.isEmpty else { return .failure(AppCommandError("type needs a text field and the text: type Email TEXT")) }
            return type(rest, on: screen)
        default:
            return nil
        }
    }

    private static func tap(_ target: String, on screen: ScreenSnapshot?) -> Result<Node, AppCommandError> {
        guard let screen else { return .failure(AppCommandError("the app has no screen yet")) }
        switch resolve(unquoted(target), on: screen) {
        case let .failure(error):
            return .failure(error)
        case let .success(element) where element.kind.isField:
            // A tap only focuses a field, and typing focuses it anyway: as a step it is noise.
            let name = writable(element.identifier)
            return .failure(AppCommandError("not kept: a tap on the \(element.kind.description) \(name) only focuses it, and type focuses it "
                + "anyway; type into it with: type \(name) TEXT"))
        case let .success(element):
            return .success(step("tap", element, on: screen, extra: []))
        }
    }

    private static func type(_ rest: String, on screen: ScreenSnapshot?) -> Result<Node, AppCommandError> {
        guard let screen else { return .failure(AppCommandError("the app has no screen yet")) }
        let (field, text) = splitField(rest)
        switch resolve(field, on: screen) {
        case let .failure(error):
            return .failure(error)
        case let .success(element):
            guard element.kind.isField else {
                return .failure(AppCommandError("\"\(Suggestion.shown(field))\" names the \(element.kind.description) \(writable(element.identifier)), "
                    + "not a text field: type goes into a text field"))
            }
            guard !text.isEmpty else {
                return .failure(AppCommandError("type needs the text after the field: type \(writable(element.identifier)) TEXT"))
            }
            return .success(step("type", element, on: screen, extra: [(Node("text"), Node(text, .implicit, .doubleQuoted))]))
        }
    }

    /// `tap: {button: Login}`, with `in: ALERT` for a button of the alert on top.
    private static func step(_ keyword: String, _ element: ElementSnapshot, on screen: ScreenSnapshot, extra: [(Node, Node)]) -> Node {
        var pairs: [(Node, Node)] = [(Node(element.kind.rawValue), Node(element.identifier))]
        if let alert = screen.topAlert, alert.children.contains(element) { pairs.append((Node("in"), Node(alert.identifier))) }
        let selector = Node.mapping(Node.Mapping(pairs + extra, .implicit, .flow))
        return Node.mapping(Node.Mapping([(Node(keyword), selector)]))
    }

    /// A control of the screen by number, identifier, label, or a unique case-insensitive name.
    private static func resolve(_ target: String, on screen: ScreenSnapshot) -> Result<ElementSnapshot, AppCommandError> {
        let controls = screen.controls
        if isNumber(target) {
            guard let number = Int(target), controls.indices.contains(number - 1) else {
                return .failure(AppCommandError(controls.isEmpty ? "no control number \(Suggestion.shown(target)): this screen has no controls"
                    : "no control number \(Suggestion.shown(target)): this screen has controls 1 to \(controls.count)"))
            }
            return .success(controls[number - 1])
        }
        if let match = controls.first(where: { $0.identifier == target }) ?? controls.first(where: { $0.label == target }) { return .success(match) }
        let loose = controls.filter { $0.identifier.lowercased() == target.lowercased() || $0.label.lowercased() == target.lowercased() }
        if loose.count == 1 { return .success(loose[0]) }
        // Only the first word is quoted: the rest may be a secret typed in the wrong place.
        let shown = target.split(separator: " ", maxSplits: 1).first.map { String($0) + (target.contains(" ") ? " …" : "") } ?? target
        let names = controls.flatMap { [$0.identifier, $0.label] }
        return .failure(AppCommandError("no control \"\(Suggestion.shown(shown))\" on this screen"
            + Suggestion.format(NameMatcher.nearest(to: target, in: names))))
    }

    /// `"Work place" text` or `Username text`: the field, then the rest of the line verbatim.
    private static func splitField(_ rest: String) -> (String, String) {
        if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
            let field = String(rest[rest.index(after: rest.startIndex)..<close])
            return (field, String(rest[rest.index(after: close)...].drop { $0 == " " }))
        }
        let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }

    /// `3`, `-1`, `99999999999999999999`: a control's number, however wrong.
    private static func isNumber(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A name as an app command takes it: quoted when it holds a space.
    private static func writable(_ name: String) -> String {
        name.contains(" ") ? "\"\(name)\"" : name
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.first == "\"" && text.last == "\"" ? String(text.dropFirst().dropLast()) : text
    }
}

/// Why an app command names nothing on the screen.
struct AppCommandError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
