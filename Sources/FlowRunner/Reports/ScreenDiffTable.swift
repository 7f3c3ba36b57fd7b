import FlowKit

/// A golden screen and the screen now, line by line side by side: the lines that differ marked,
/// a line only one side has facing a blank, and within a changed line facing another the
/// characters that differ marked too. The one rendering of a golden's difference in HTML: the
/// run's report (`--html`) and `snapshots review`'s page both show it, from FlowKit's
/// ``LineDiff`` (the same lines the console's unified diff shows). Its styles are
/// ``HTMLReport``'s (`table.screen-diff`).
enum ScreenDiffTable {
    /// The table: `goldenCaption` over the golden's column, `currentCaption` over the screen's.
    static func html(golden: String, current: String, goldenCaption: String, currentCaption: String) -> String {
        var html = "<table class=\"screen-diff\">\n<thead><tr><th>" + escape(goldenCaption) + "</th><th>"
            + escape(currentCaption) + "</th></tr></thead>\n<tbody>\n"
        let lines = LineDiff.lines(from: LineDiff.split(golden), to: LineDiff.split(current))
        var index = 0
        while index < lines.count {
            if case let .same(text) = lines[index] {
                html += "<tr><td><pre>" + escape(text) + "</pre></td><td><pre>" + escape(text) + "</pre></td></tr>\n"
                index += 1
                continue
            }
            // A run of changes: what was removed facing what was added, row by row.
            var removed: [String] = [], added: [String] = []
            while index < lines.count {
                if case let .removed(text) = lines[index] { removed.append(text) } else if case let .added(text) = lines[index] { added.append(text) } else { break }
                index += 1
            }
            for row in 0..<max(removed.count, added.count) {
                // A line facing a line: the characters that differ marked in each.
                let marks = row < removed.count && row < added.count ? characters(from: removed[row], to: added[row]) : nil
                let old = row < removed.count ? "<td class=\"removed\"><pre>" + (marks.map { marked($0.old) } ?? escape(removed[row])) + "</pre></td>" : "<td class=\"blank\"></td>"
                let new = row < added.count ? "<td class=\"added\"><pre>" + (marks.map { marked($0.new) } ?? escape(added[row])) + "</pre></td>" : "<td class=\"blank\"></td>"
                html += "<tr>" + old + new + "</tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n"
    }

    /// A piece of a line, and whether it differs from the line it faces.
    struct Piece: Equatable {
        var text: String
        var changed: Bool
    }

    /// The longest lines whose characters are compared one by one (their lengths' product); past
    /// it, what lies between the shared start and end is marked whole.
    static let characterLimit = 250_000

    /// `old` and `new` cut into pieces, the characters that differ marked: a character diff (the
    /// same LCS as the lines'), tidied so that a person reads the change rather than a sprinkle:
    /// a run of one or two shared characters next to a change counts as changed, and when what
    /// lies between the shared start and end is mostly changed, it is one mark.
    static func characters(from old: String, to new: String) -> (old: [Piece], new: [Piece]) {
        let a = old.map(String.init), b = new.map(String.init)
        let diff: [LineDiff.Line]
        if a.count * b.count > characterLimit {
            var prefix = 0
            while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
            diff = a[..<prefix].map(LineDiff.Line.same) + a[prefix..<(a.count - suffix)].map(LineDiff.Line.removed)
                + b[prefix..<(b.count - suffix)].map(LineDiff.Line.added) + a[(a.count - suffix)...].map(LineDiff.Line.same)
        } else {
            diff = LineDiff.lines(from: a, to: b)
        }
        // Runs: shared text, or a change (what the old line has there, and what the new one has).
        var runs: [(same: Bool, old: String, new: String)] = []
        for line in diff {
            let (same, o, n): (Bool, String, String) = switch line {
            case let .same(text): (true, text, text)
            case let .removed(text): (false, text, "")
            case let .added(text): (false, "", text)
            }
            if let last = runs.last, last.same == same {
                runs[runs.count - 1].old += o
                runs[runs.count - 1].new += n
            } else {
                runs.append((same, o, n))
            }
        }
        // A short shared run beside a change is part of it.
        if runs.contains(where: { !$0.same }) {
            for index in runs.indices where runs[index].same && runs[index].old.count < 3 { runs[index].same = false }
        }
        // Between the shared start and end, mostly changed: one change.
        let first = runs.first?.same == true ? 1 : 0, last = runs.last?.same == true && runs.count > first ? runs.count - 1 : runs.count
        if first < last {
            let middle = runs[first..<last]
            let shared = middle.filter(\.same).map(\.old.count).reduce(0, +)
            let longer = max(middle.map(\.old.count).reduce(0, +), middle.map(\.new.count).reduce(0, +))
            if shared * 2 < longer {
                runs.replaceSubrange(first..<last, with: [(false, middle.map(\.old).joined(), middle.map(\.new).joined())])
            }
        }
        var oldPieces: [Piece] = [], newPieces: [Piece] = []
        func append(_ text: String, changed: Bool, to pieces: inout [Piece]) {
            guard !text.isEmpty else { return }
            if let last = pieces.last, last.changed == changed {
                pieces[pieces.count - 1].text += text
            } else {
                pieces.append(Piece(text: text, changed: changed))
            }
        }
        for run in runs {
            append(run.old, changed: !run.same, to: &oldPieces)
            append(run.new, changed: !run.same, to: &newPieces)
        }
        return (oldPieces, newPieces)
    }

    /// The pieces escaped, each changed one in a `<mark>`.
    private static func marked(_ pieces: [Piece]) -> String {
        pieces.map { $0.changed ? "<mark>" + escape($0.text) + "</mark>" : escape($0.text) }.joined()
    }

    private static func escape(_ text: String) -> String {
        Markup.escape(text, for: .html)
    }
}
