/// Text from outside (a line typed, a flow's name, a JUnit file's attributes, a file name) made
/// safe to print on a terminal or a CI log: a control character is shown as `\u{FFFD}`, never
/// sent, so an escape sequence in the input cannot clear the screen, recolour or retitle it.
public enum TerminalText {
    /// `text` with every control character but newline and tab shown as `\u{FFFD}`.
    public static func printable(_ text: String) -> String {
        replacingControls(in: text) { $0 == "\n" || $0 == "\t" }
    }

    /// `text` on one line: every control character, newline and tab included, shown as `\u{FFFD}`.
    public static func oneLine(_ text: String) -> String {
        replacingControls(in: text) { _ in false }
    }

    private static func replacingControls(in text: String, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !kept($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control && !kept($0) ? "\u{FFFD}" : $0 }))
    }
}
