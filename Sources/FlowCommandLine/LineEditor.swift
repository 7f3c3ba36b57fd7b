import CEditLine
import Foundation

/// Reads the lines a person types: on a terminal through libedit (editing, history, Tab
/// completion), else plain lines from standard input, so a session can be scripted and tested.
final class LineEditor {
    /// Whole lines that complete the line typed so far (for Tab).
    typealias Completer = (String) -> [String]

    let isInteractive: Bool

    init(completer: @escaping Completer) {
        isInteractive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        guard isInteractive else { return }
        LineEditorCompletion.completer = completer
        // The completer works on the whole line (names hold spaces); libedit replaces the word it
        // broke off at `start`, so each match is the completed line from that byte on.
        flow_editline_setup { _, start, end in
            flow_editline_completion_over()
            let line = Array(String(cString: flow_editline_line()).utf8.prefix(Int(end)))
            let typed = String(decoding: line, as: UTF8.self)
            LineEditorCompletion.matches = (LineEditorCompletion.completer?(typed) ?? []).map {
                String(decoding: Array($0.utf8).dropFirst(Int(start)), as: UTF8.self)
            }
            guard !LineEditorCompletion.matches.isEmpty else { return nil }
            let word = String(decoding: line.dropFirst(Int(start)), as: UTF8.self)
            return rl_completion_matches(word) { _, state in
                let index = Int(state)
                guard LineEditorCompletion.matches.indices.contains(index) else { return nil }
                return strdup(LineEditorCompletion.matches[index])
            }
        }
    }

    /// The next line, or nil at the end of input.
    func readLine(prompt: String) -> String? {
        guard isInteractive else { return Swift.readLine(strippingNewline: true) }
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { add_history(raw) }
        return line
    }
}

/// libedit calls back through C function pointers, which cannot capture: the completer and the
/// matches of the Tab in progress live here (one studio per process, used from its one thread).
enum LineEditorCompletion {
    nonisolated(unsafe) static var completer: LineEditor.Completer?
    nonisolated(unsafe) static var matches: [String] = []
}
