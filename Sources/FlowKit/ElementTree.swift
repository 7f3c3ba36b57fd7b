import NameMatching

/// The element tree of a screen as text: kind, identifier, label, value and state of every
/// element, children indented under their alert or cell. What `flow inspect` prints and what
/// `flow studio` shows beside the screen, so the names a flow must use are always in view.
public enum ElementTree {
    /// The tree of `screen`, one element a line, starting with the screen's title and its list's rows.
    public static func text(_ screen: ScreenSnapshot) -> String {
        var lines = ["screen \"\(visible(screen.title))\"" + (screen.list.map { "  (list: rows \($0.first + 1)… of \($0.total))" } ?? "")]
        for element in screen.elements { append(element, depth: 1, to: &lines) }
        return lines.joined(separator: "\n")
    }

    /// One element's line: `button  Login  enabled`, `staticText  results  label "Login failed"`.
    public static func line(_ element: ElementSnapshot) -> String {
        var parts = [element.kind.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0), quoted(element.identifier)]
        if element.label != element.identifier { parts.append("label " + quoted(element.label)) }
        if let value = element.value { parts.append("value " + quoted(value)) }
        var state: [String] = []
        if element.kind.isControl || element.kind == .alert { state.append(element.isEnabled ? "enabled" : "disabled") }
        if element.isSelected { state.append("selected") }
        if element.isFocused { state.append("focused") }
        return (parts + state).joined(separator: "  ")
    }

    private static func append(_ element: ElementSnapshot, depth: Int, to lines: inout [String]) {
        // Pictures' rows are drawing, not elements a flow names.
        if element.kind == .staticText, element.identifier.isEmpty { return }
        lines.append(String(repeating: "  ", count: depth) + line(element))
        for child in element.children { append(child, depth: depth + 1, to: &lines) }
    }

    /// A name as a flow writes it: bare when YAML reads it back as the same text, else quoted.
    package static func quoted(_ text: String) -> String {
        "\"" + visible(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func visible(_ text: String) -> String {
        TerminalText.oneLine(text)
    }
}
