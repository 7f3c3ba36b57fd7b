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
        // Tab completes the whole line: names hold spaces, so nothing breaks a word.
        flow_editline_setup { text, _, _ in
            flow_editline_completion_over()
            return rl_completion_matches(text) { text, state in
                if state == 0 {
                    let line = text.map { String(cString: $0) } ?? ""
                    LineEditorCompletion.matches = LineEditorCompletion.completer?(line) ?? []
                }
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
