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

    /// The first control character of `text` (of those `matching` picks) and where it is, in
    /// words a message quotes (`a NUL character (U+0000) at character 6`, counted from 1), or nil
    /// when it holds none: a path, a flow's name or a tool's argument refuses one in these words
    /// wherever it is checked.
    public static func firstControl(
        in text: String, matching: (Unicode.Scalar) -> Bool = { $0.properties.generalCategory == .control }
    ) -> String? {
        guard let index = text.unicodeScalars.firstIndex(where: matching) else { return nil }
        let scalar = text.unicodeScalars[index]
        let code = String(scalar.value, radix: 16, uppercase: true)
        let name = scalar == "\0" ? "a NUL character" : "a control character"
        return "\(name) (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character "
            + "\(text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index) + 1)"
    }

    private static func replacingControls(in text: String, keeping kept: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !kept($0) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control && !kept($0) ? "\u{FFFD}" : $0 }))
    }
}
