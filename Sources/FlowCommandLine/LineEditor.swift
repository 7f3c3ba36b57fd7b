import CEditLine
import Foundation
import TextBytes

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

    /// The next line, or why its bytes are not text (`TextBytes`: read as it was, a byte that is
    /// not UTF-8 would be U+FFFD, another step); nil at the end of input.
    func readLine(prompt: String) -> Result<String, TextProblem>? {
        guard isInteractive else { return plainLine().map { TextBytes.string($0) } }
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = TextBytes.string(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        if case let .success(text) = line, !text.trimmingCharacters(in: .whitespaces).isEmpty { add_history(raw) }
        return line
    }

    /// What was read of standard input: `unread[start...]` is past the last line given, and none
    /// of `unread[start..<searched]` is a line break (each byte is looked at once: a line of
    /// megabytes costs no more than its length).
    private var unread: [UInt8] = []
    private var start = 0
    private var searched = 0
    private var ended = false

    /// A line of standard input as its bytes (a NUL among them), without its line break; nil at the end.
    private func plainLine() -> [UInt8]? {
        while true {
            if let newline = unread[searched...].firstIndex(of: 0x0A) {
                var line = Array(unread[start..<newline])
                (start, searched) = (newline + 1, newline + 1)
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            searched = unread.count
            if ended {
                guard start < unread.count else { return nil }
                var line = Array(unread[start...])
                (start, searched) = (unread.count, unread.count)
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            if start > 0 {
                unread.removeSubrange(..<start)
                (searched, start) = (searched - start, 0)
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                unread += chunk[..<count]
            }
        }
    }
}

/// libedit calls back through C function pointers, which cannot capture: the completer and the
/// matches of the Tab in progress live here (one studio per process, used from its one thread).
enum LineEditorCompletion {
    nonisolated(unsafe) static var completer: LineEditor.Completer?
    nonisolated(unsafe) static var matches: [String] = []
}
