/// What makes two idle screens "the same screen" for a map of the app (`flow explore`) and for a
/// suite's UI coverage: the title and the structure of the elements (their kinds and identifiers,
/// enabled and selected states, the alert on top), never volatile text (a counter, a date, what a
/// field holds), so that a map of an app has an end.
///
/// - Fields count by kind and identifier (and whether they are enabled), not by what they hold.
/// - A static text counts by its identifier and whether it says anything (an error line that
///   appears makes another screen; its words do not).
/// - The rows of a list count as classes: rows whose identifiers differ only in their digits
///   (`photo-1`, `photo-2`) are one class, present or not, with whether any can be selected and
///   whether none, some or all are selected. A list of eight rows and one of seven are the same
///   screen; an empty list is another.
/// - An alert counts with its buttons.
/// - Focus does not count (typing moves it).
///
/// ``Rules`` change what counts: an identifier left out altogether (a banner that comes and goes
/// on a timer), or one whose text counts too (a mode shown only in words).
public struct ScreenIdentity: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The screen's title.
    public let title: String
    /// The structure, one part a line after the title: what is compared.
    public let key: String

    /// What counts toward a screen's identity besides its structure, and what does not.
    public struct Rules: Hashable, Sendable, Codable {
        /// Identifiers left out of the identity altogether (an element that comes and goes by itself).
        public var ignoring: [String]
        /// Identifiers whose label and value count too (a state shown only in words).
        public var byText: [String]

        /// The rules: nothing ignored, no text counted.
        public init(ignoring: [String] = [], byText: [String] = []) {
            self.ignoring = ignoring
            self.byText = byText
        }

        /// True when no rule changes the default identity.
        public var isDefault: Bool { ignoring.isEmpty && byText.isEmpty }
    }

    /// The identity of `screen` under `rules`.
    public init(_ screen: ScreenSnapshot, rules: Rules = Rules()) {
        title = screen.title
        let ignored = Set(rules.ignoring), byText = Set(rules.byText)
        var parts: [String] = []
        var rowClasses: [String] = []
        var rows: [String: [ElementSnapshot]] = [:]
        for element in screen.elements where !ignored.contains(element.identifier) {
            if element.kind == .cell {
                let rowClass = Self.rowClass(of: element.identifier)
                if rows[rowClass] == nil { rowClasses.append(rowClass) }
                rows[rowClass, default: []].append(element)
                continue
            }
            parts.append(Self.part(element, byText: byText))
            if element.kind == .alert {
                for child in element.children where child.kind.isControl && !ignored.contains(child.identifier) {
                    parts.append("  " + Self.part(child, byText: byText))
                }
            }
        }
        for rowClass in rowClasses {
            let group = rows[rowClass] ?? []
            var part = "cell \(rowClass) rows"
            if group.contains(where: \.isSelectable) { part += " selectable" }
            let selected = group.filter(\.isSelected).count
            if selected > 0 { part += selected == group.count ? " all-selected" : " some-selected" }
            if group.contains(where: { !$0.isEnabled }) { part += group.allSatisfy { !$0.isEnabled } ? " disabled" : " some-disabled" }
            parts.append(part)
        }
        key = ([title] + parts).joined(separator: "\n")
    }

    /// `button Login disabled`, `staticText results empty`: one element's part of the identity.
    private static func part(_ element: ElementSnapshot, byText: Set<String>) -> String {
        var part = "\(element.kind.rawValue) \(element.identifier)"
        if element.kind.isControl, !element.isEnabled { part += " disabled" }
        if element.isSelected { part += " selected" }
        if element.kind == .staticText, element.label.isEmpty { part += " empty" }
        if byText.contains(element.identifier) {
            part += " label=\(element.label)" + (element.value.map { " value=\($0)" } ?? "")
        }
        return part
    }

    /// The class of a row by its identifier: its runs of digits made `#` (`photo-12` and `photo-3`
    /// are `photo-#`), so the rows of one list are one class.
    public static func rowClass(of identifier: String) -> String {
        var result = ""
        var inDigits = false
        for character in identifier {
            if character.isASCII, character.isNumber {
                if !inDigits { result.append("#") }
                inDigits = true
            } else {
                result.append(character)
                inDigits = false
            }
        }
        return result
    }

    /// The title, then the structure: what the map's JSON shows.
    public var description: String { key }

    /// By title, then by structure: the order maps list screens in.
    public static func < (a: ScreenIdentity, b: ScreenIdentity) -> Bool {
        (a.title, a.key) < (b.title, b.key)
    }
}
