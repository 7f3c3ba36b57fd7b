import Foundation

/// A flow run as an asciicast v2 recording (`run --record-casts DIR`), which `asciinema play`
/// plays and `asciinema cat` prints: a header line (version 2, the width and height that hold
/// every frame, when it began, the flow's name), then one event a line: each frame the flow saw
/// as `[seconds, "o", text]` (the screen cleared, then drawn), and each step as a marker,
/// `[seconds, "m", "step"]`, at the time it began. Secrets are masked before anything is kept.
package struct AsciiCast: Sendable, Equatable {
    /// One event of the recording.
    package enum Event: Sendable, Equatable {
        /// A frame drawn, at this many seconds from the flow's start.
        case output(Double, String)
        /// A step began: its title.
        case marker(Double, String)
    }

    /// The flow's name, shown by players.
    package let title: String
    /// When the flow began, in seconds since 1970.
    package let timestamp: Int
    /// The frames and markers, in the order they happened.
    package let events: [Event]

    /// A recording titled `title` that began at `timestamp`.
    package init(title: String, timestamp: Int, events: [Event]) {
        self.title = title
        self.timestamp = timestamp
        self.events = events
    }

    /// What a terminal is sent before each frame: the cursor home, the screen cleared.
    static let clear = "\u{1B}[H\u{1B}[2J"

    /// The widest line of any frame, and the most lines, at least 1 each.
    package var size: (width: Int, height: Int) {
        var width = 1, height = 1
        for case let .output(_, text) in events {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            height = max(height, lines.count)
            for line in lines { width = max(width, line.count) }
        }
        return (width, height)
    }

    /// The file's text: the header line, then one event a line, each a line of JSON.
    package var text: String {
        let size = self.size
        let header: [String: Any] = [
            "version": 2, "width": size.width, "height": size.height, "timestamp": timestamp, "title": title,
            "env": ["TERM": "xterm-256color"],
        ]
        var lines = [Self.json(header)]
        for event in events {
            switch event {
            case let .output(time, text):
                lines.append(Self.json([Self.seconds(time), "o", Self.clear + text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"]))
            case let .marker(time, title):
                lines.append(Self.json([Self.seconds(time), "m", title]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds to the microsecond, as asciinema writes them.
    private static func seconds(_ time: Double) -> Double {
        (max(0, time) * 1_000_000).rounded() / 1_000_000
    }

    private static func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The cast file's name for a flow run in `--record-casts DIR`: the report's name for it,
    /// with `.cast`; an earlier try (`--retries`) is `-try1`, `-try2`, ...
    package static func fileName(_ flow: Flow, iteration: Int, earlierTry: Int? = nil) -> String {
        FolderReport.baseName(flow, iteration) + (earlierTry.map { "-try\($0)" } ?? "") + ".cast"
    }
}
