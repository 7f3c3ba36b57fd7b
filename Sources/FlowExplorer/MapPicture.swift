import FlowRunner
import Foundation

/// The map drawn as SVG by the toolkit itself (no Graphviz): screens in columns by their depth
/// from the first, each a box with its title and the screen as drawn; actions as arrows with their
/// words; an action that ended the app as an arrow to a small end mark. A screen with a finding
/// is red. With coverage, what the suite exercised is drawn solid and green, what it did not,
/// dashed and grey.
package enum MapPicture {
    static let boxWidth = 300.0
    static let columnGap = 150.0
    static let rowGap = 36.0
    static let lineHeight = 11.0
    static let headerHeight = 22.0
    static let margin = 24.0
    static let legendHeight = 40.0
    /// The most lines of a screen drawn in its box (the rest is said to be cut).
    static let shownLines = 18
    /// The most characters of a line drawn.
    static let shownColumns = 48

    /// The picture of `map`.
    package static func svg(_ map: ExploreMap) -> String {
        let layout = Layout(map)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(layout.width))\" height=\"\(fmt(layout.height))\" "
            + "viewBox=\"0 0 \(fmt(layout.width)) \(fmt(layout.height))\" font-family=\"ui-monospace, monospace\">\n"
        out += "<title>" + esc("Map of \(map.app): \(map.stats.screens) screens, \(map.stats.transitions) transitions, \(map.stats.findings) findings") + "</title>\n"
        out += """
            <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>
            <marker id="arrow-tested" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1a7f37"/></marker>
            <marker id="arrow-end" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c62828"/></marker>
            </defs>
            <rect width="100%" height="100%" fill="#fafafa"/>

            """
        out += legend(map)
        // Edges first, under the boxes.
        for edge in layout.edges { out += draw(edge, layout: layout, map: map) }
        for (index, screen) in map.screens.enumerated() { out += draw(screen, box: layout.boxes[index], map: map) }
        for end in layout.ends { out += draw(end) }
        out += "</svg>\n"
        return out
    }

    // MARK: - Layout

    /// Where everything goes.
    struct Layout {
        var boxes: [Box] = []
        var edges: [Edge] = []
        var ends: [End] = []
        var width = 0.0
        var height = 0.0

        init(_ map: ExploreMap) {
            let depths = map.screens.map(\.depth)
            let columns = Dictionary(grouping: map.screens.indices, by: { depths[$0] })
            var heights: [Int: Double] = [:]
            var index: [String: Int] = [:]
            boxes = Array(repeating: Box(x: 0, y: 0, height: 0, lines: []), count: map.screens.count)
            for column in columns.keys.sorted() {
                var y = MapPicture.margin + MapPicture.legendHeight
                for screenIndex in columns[column] ?? [] {
                    let screen = map.screens[screenIndex]
                    let lines = MapPicture.lines(of: screen.text)
                    let height = MapPicture.headerHeight + Double(lines.count) * MapPicture.lineHeight + 10
                    boxes[screenIndex] = Box(x: MapPicture.margin + Double(column) * (MapPicture.boxWidth + MapPicture.columnGap), y: y, height: height, lines: lines)
                    index[screen.id] = screenIndex
                    y += height + MapPicture.rowGap
                }
                heights[column] = y
            }
            // One edge a pair of screens (their actions' words together), and the ends.
            var pairs: [String: Int] = [:]
            var endsOf: [String: Int] = [:]
            for (transitionIndex, transition) in map.transitions.enumerated() where transition.outcome != .refused {
                guard let from = index[transition.from] else { continue }
                if let toID = transition.to, let to = index[toID] {
                    let key = "\(from)>\(to)"
                    if let existing = pairs[key] {
                        edges[existing].transitions.append(transitionIndex)
                    } else {
                        pairs[key] = edges.count
                        edges.append(Edge(from: from, to: to, transitions: [transitionIndex], end: nil))
                    }
                } else {
                    let key = "\(from)>\(transition.outcome.rawValue)"
                    let endIndex: Int
                    if let existing = endsOf[key] {
                        endIndex = existing
                    } else {
                        let box = boxes[from]
                        let count = ends.filter { $0.from == from }.count
                        endIndex = ends.count
                        endsOf[key] = endIndex
                        ends.append(End(from: from, outcome: transition.outcome, x: box.x + MapPicture.boxWidth + 60, y: box.y + 14 + Double(count) * 26))
                    }
                    edges.append(Edge(from: from, to: nil, transitions: [transitionIndex], end: endIndex))
                }
            }
            let columnsUsed = (columns.keys.max() ?? 0) + 1
            width = MapPicture.margin * 2 + Double(columnsUsed) * MapPicture.boxWidth + Double(columnsUsed - 1) * MapPicture.columnGap + 120
            height = max(heights.values.max() ?? 0, MapPicture.margin + MapPicture.legendHeight + 60) + MapPicture.margin
        }
    }

    /// A screen's box.
    struct Box {
        let x: Double
        let y: Double
        let height: Double
        let lines: [String]
    }

    /// An arrow between two screens (all the actions between them), or to an end mark.
    struct Edge {
        let from: Int
        let to: Int?
        var transitions: [Int]
        let end: Int?
    }

    /// Where an action ended the app: `crashed`, `exited`, `hung`, `ended`.
    struct End {
        let from: Int
        let outcome: TransitionOutcome
        let x: Double
        let y: Double
    }

    // MARK: - Drawing

    private static func legend(_ map: ExploreMap) -> String {
        var text = "<g font-family=\"system-ui, sans-serif\" font-size=\"13\">\n"
        text += "<text x=\"\(fmt(margin))\" y=\"\(fmt(margin + 4))\" font-weight=\"600\">" + esc("\(map.stats.screens) screens, \(map.stats.transitions) transitions, \(map.stats.findings) findings"
            + (map.from.map { " (from \($0))" } ?? "")) + "</text>\n"
        var legend = "boxes: screens by depth from the first; arrows: actions, with how often they were taken; red: a finding"
        if let coverage = map.coverage {
            legend += "; green and solid: exercised by \(coverage.flows.joined(separator: ", ")) (screens \(coverage.screens), transitions \(coverage.transitions)); grey and dashed: untested"
        }
        text += "<text x=\"\(fmt(margin))\" y=\"\(fmt(margin + 22))\" fill=\"#555\" font-size=\"11\">" + esc(legend) + "</text>\n</g>\n"
        return text
    }

    private static func draw(_ screen: ExploreMap.Screen, box: Box, map: ExploreMap) -> String {
        let findings = map.findings.filter { $0.screen == screen.id }
        let tested = map.coverage.map { $0.testedScreens.contains(screen.id) }
        let stroke = !findings.isEmpty ? "#c62828" : tested == true ? "#1a7f37" : tested == false ? "#999" : "#555"
        let dash = tested == false ? " stroke-dasharray=\"6 4\"" : ""
        let fill = tested == true ? "#f1faf3" : "#fff"
        var text = "<g id=\"\(esc(screen.id))\">\n"
        text += "<rect x=\"\(fmt(box.x))\" y=\"\(fmt(box.y))\" width=\"\(fmt(boxWidth))\" height=\"\(fmt(box.height))\" rx=\"6\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(findings.isEmpty ? "1.5" : "3")\"\(dash)/>\n"
        text += "<rect x=\"\(fmt(box.x))\" y=\"\(fmt(box.y))\" width=\"\(fmt(boxWidth))\" height=\"\(fmt(headerHeight))\" rx=\"6\" fill=\"\(stroke)\"/>\n"
        let badge = findings.isEmpty ? "" : "  ⚠ " + findings.map(\.kind.rawValue).joined(separator: ", ")
        text += "<text x=\"\(fmt(box.x + 8))\" y=\"\(fmt(box.y + 15))\" fill=\"#fff\" font-size=\"12\" font-family=\"system-ui, sans-serif\" font-weight=\"600\">"
            + esc(clip("\(screen.id)  \(screen.title)\(badge)", 44)) + "</text>\n"
        for (index, line) in box.lines.enumerated() {
            text += "<text x=\"\(fmt(box.x + 8))\" y=\"\(fmt(box.y + headerHeight + 12 + Double(index) * lineHeight))\" font-size=\"9\" fill=\"#333\" xml:space=\"preserve\">"
                + esc(line) + "</text>\n"
        }
        return text + "</g>\n"
    }

    private static func draw(_ edge: Edge, layout: Layout, map: ExploreMap) -> String {
        let transitions = edge.transitions.map { map.transitions[$0] }
        let tested = map.coverage.map { coverage in edge.transitions.contains { coverage.testedTransitions.contains($0) } }
        let from = layout.boxes[edge.from]
        var words = transitions.map { $0.action + ($0.count > 1 ? " ×\($0.count)" : "") }
        if words.count > 3 { words = Array(words.prefix(3)) + ["+\(words.count - 3) more"] }
        let label = words.joined(separator: "; ")
        let endsBadly = edge.end != nil && transitions.first?.outcome != .ended
        let colour: String = endsBadly ? "#c62828" : tested == true ? "#1a7f37" : tested == false ? "#aaa" : "#555"
        let marker: String = endsBadly ? "arrow-end" : tested == true ? "arrow-tested" : "arrow"
        let dash = tested == false ? " stroke-dasharray=\"5 4\"" : ""
        let path: String
        let labelPoint: (Double, Double)
        // An arrow back (to this column or one before) is drawn faint: the way on is what a map is read for.
        var faint = false
        if let endIndex = edge.end {
            let end = layout.ends[endIndex]
            let (x1, y1) = (from.x + boxWidth, from.y + headerHeight / 2)
            path = "M\(fmt(x1)),\(fmt(y1)) C\(fmt(x1 + 30)),\(fmt(y1)) \(fmt(end.x - 40)),\(fmt(end.y)) \(fmt(end.x - 10)),\(fmt(end.y))"
            labelPoint = (x1 + 4, end.y - 6)
        } else if let toIndex = edge.to {
            let to = layout.boxes[toIndex]
            if toIndex == edge.from {
                let (x, y) = (from.x + boxWidth, from.y + headerHeight + 6)
                path = "M\(fmt(x)),\(fmt(y)) C\(fmt(x + 50)),\(fmt(y - 30)) \(fmt(x + 50)),\(fmt(y + 40)) \(fmt(x)),\(fmt(y + 14))"
                labelPoint = (x + 8, y + 36)
            } else if to.x > from.x {
                let (x1, y1) = (from.x + boxWidth, from.y + headerHeight + 4)
                let (x2, y2) = (to.x, to.y + headerHeight / 2)
                path = "M\(fmt(x1)),\(fmt(y1)) C\(fmt(x1 + columnGap / 2)),\(fmt(y1)) \(fmt(x2 - columnGap / 2)),\(fmt(y2)) \(fmt(x2 - 2)),\(fmt(y2))"
                labelPoint = ((x1 + x2) / 2 - 40, (y1 + y2) / 2 - 4)
            } else {
                // Back to a screen in this column or one before: a curve below the boxes' bottoms.
                faint = true
                let (x1, y1) = (from.x + boxWidth / 2, from.y + from.height)
                let (x2, y2) = (to.x + boxWidth / 2 + 20, to.y + to.height)
                let low = max(y1, y2) + 30
                path = "M\(fmt(x1)),\(fmt(y1)) C\(fmt(x1)),\(fmt(low)) \(fmt(x2)),\(fmt(low)) \(fmt(x2)),\(fmt(y2 + 2))"
                labelPoint = ((x1 + x2) / 2 - 40, low - 6)
            }
        } else {
            return ""
        }
        let opacity = faint ? " opacity=\"0.45\"" : ""
        var text = "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(faint ? "1" : "1.3")\"\(dash)\(opacity) marker-end=\"url(#\(marker))\"/>\n"
        text += "<text\(opacity) x=\"\(fmt(labelPoint.0))\" y=\"\(fmt(labelPoint.1))\" font-size=\"10\" fill=\"\(colour)\" font-family=\"system-ui, sans-serif\" "
            + "stroke=\"#fafafa\" stroke-width=\"3\" paint-order=\"stroke\">" + esc(clip(label, 60)) + "</text>\n"
        return text
    }

    private static func draw(_ end: End) -> String {
        let colour = end.outcome == .ended ? "#555" : "#c62828"
        return "<g><circle cx=\"\(fmt(end.x))\" cy=\"\(fmt(end.y))\" r=\"9\" fill=\"\(colour)\"/>"
            + "<text x=\"\(fmt(end.x + 14))\" y=\"\(fmt(end.y + 4))\" font-size=\"11\" fill=\"\(colour)\" font-family=\"system-ui, sans-serif\">"
            + esc(end.outcome == .ended ? "the app ended" : end.outcome.rawValue) + "</text></g>\n"
    }

    // MARK: - Text

    /// The screen's lines as a box shows them: at most ``shownLines``, each cut to ``shownColumns``.
    static func lines(of text: String) -> [String] {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var shown = all.prefix(shownLines).map { clip($0, shownColumns) }
        if all.count > shownLines { shown.append("… \(all.count - shownLines) more lines") }
        return shown
    }

    private static func clip(_ text: String, _ count: Int) -> String {
        text.count > count ? String(text.prefix(count - 1)) + "…" : text
    }

    private static func esc(_ text: String) -> String {
        Markup.escape(text, for: .xml)
    }

    private static func fmt(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
