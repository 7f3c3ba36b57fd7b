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
///   screen; an empty list is another. So does any control whose identifier carries a number (a
///   row's own `delete-3`): the Delete of each row is one class.
/// - An alert counts with its buttons.
/// - Focus does not count (typing moves it).
///
/// ``Rules`` change what counts: an identifier left out altogether (a banner that comes and goes
/// on a timer), one whose text counts too (a mode shown only in words), or, with
/// ``Rules/Mode/data``, what every row and field holds (a list with the third book on loan is
/// then another screen than the list without): a last line `data DIGEST` after the structure.
public struct ScreenIdentity: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The screen's title.
    public let title: String
    /// The structure, one part a line after the title, then (in ``Rules/Mode/data``) the data's
    /// line: what is compared.
    public let key: String

    /// What counts toward a screen's identity besides its structure, and what does not.
    public struct Rules: Hashable, Sendable, Codable {
        /// Identifiers left out of the identity altogether (an element that comes and goes by itself).
        public var ignoring: [String]
        /// Identifiers whose label and value count too (a state shown only in words).
        public var byText: [String]
        /// Whether what rows and fields hold counts too.
        public var mode: Mode

        /// What an identity is made of.
        public enum Mode: String, Hashable, Sendable, Codable, CaseIterable {
            /// The structure alone: what rows and fields hold does not count (a list of eight
            /// rows and one of seven are the same screen).
            case structure
            /// The structure and what every row (its identifier, label, value, selection) and
            /// every field (its value) holds: a state made by data is a state of its own. A crawl
            /// keeps a bounded number of these a structure, so a counter cannot make an endless map.
            case data
        }

        /// The rules: nothing ignored, no text counted, the structure alone.
        public init(ignoring: [String] = [], byText: [String] = [], mode: Mode = .structure) {
            self.ignoring = ignoring
            self.byText = byText
            self.mode = mode
        }

        /// True when no rule changes the default identity.
        public var isDefault: Bool { ignoring.isEmpty && byText.isEmpty && mode == .structure }

        private enum CodingKeys: String, CodingKey {
            case ignoring, byText, mode
        }

        /// Reads rules written before ``mode`` was (a map of an earlier crawl): the structure alone.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ignoring = try container.decode([String].self, forKey: .ignoring)
            byText = try container.decode([String].self, forKey: .byText)
            mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .structure
        }
    }

    /// The identity of `screen` under `rules`.
    public init(_ screen: ScreenSnapshot, rules: Rules = Rules()) {
        title = screen.title
        let ignored = Set(rules.ignoring), byText = Set(rules.byText)
        var parts: [String] = []
        var rowClasses: [String] = []
        var rows: [String: [ElementSnapshot]] = [:]
        for element in screen.elements where !ignored.contains(element.identifier) {
            if let rowClass = Self.controlClass(of: element) {
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
            var part = "\(rowClass) rows"
            if group.contains(where: \.isSelectable) { part += " selectable" }
            let selected = group.filter(\.isSelected).count
            if selected > 0 { part += selected == group.count ? " all-selected" : " some-selected" }
            if group.contains(where: { !$0.isEnabled }) { part += group.allSatisfy { !$0.isEnabled } ? " disabled" : " some-disabled" }
            parts.append(part)
        }
        if rules.mode == .data { parts.append(Self.dataLine + Self.digest(of: Self.data(of: screen, ignoring: ignored))) }
        key = ([title] + parts).joined(separator: "\n")
    }

    private init(title: String, key: String) {
        self.title = title
        self.key = key
    }

    /// How the line of what rows and fields hold begins: `data 3f9a2c71b04e5d16`.
    public static let dataLine = "data "

    /// The identity's structure: its key without the line of what rows and fields hold.
    public var structure: String {
        guard let range = key.range(of: "\n" + Self.dataLine, options: .backwards) else { return key }
        return String(key[..<range.lowerBound])
    }

    /// Whether what rows and fields hold is part of it.
    public var hasData: Bool { structure != key }

    /// The identity of this structure's screens once a crawl has met as many states of it as it
    /// keeps: the structure and `data other`, one state for every further one.
    public var withOtherData: ScreenIdentity {
        ScreenIdentity(title: title, key: structure + "\n" + Self.dataLine + Self.otherData)
    }

    /// Whether it is ``withOtherData``: one state for a structure's screens past a crawl's bound.
    public var hasOtherData: Bool { key.hasSuffix("\n" + Self.dataLine + Self.otherData) }

    /// The data line's word for a screen past a crawl's bound.
    public static let otherData = "other"

    /// What the rows and fields of `screen` hold, a line each, in the screen's order: a row's
    /// identifier, label, value and selection; a field's identifier and value (a secure field's
    /// is its mask, never its text).
    static func data(of screen: ScreenSnapshot, ignoring: Set<String>) -> String {
        var lines: [String] = []
        for element in screen.allElements where !ignoring.contains(element.identifier) {
            switch element.kind {
            case .cell:
                lines.append("row \(element.identifier)\t\(element.label)\t\(element.value ?? "")\t\(element.isSelected)")
            case .textField, .secureTextField:
                lines.append("field \(element.identifier)\t\(element.value ?? "")")
            case .staticText, .button, .image, .alert:
                continue
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A 64-bit FNV-1a digest of `text`, as 16 hexadecimal digits: short, stable across runs and
    /// machines (Swift's own hashing is seeded per process).
    public static func digest(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The class of a control that is one of many alike: `cell photo-#` for every row of a list, and
    /// `button delete-#` for a control whose identifier carries a number (a row's own Delete); nil
    /// for any other element, which is a part of its own.
    public static func controlClass(of element: ElementSnapshot) -> String? {
        guard element.kind.isControl else { return nil }
        let rowClass = rowClass(of: element.identifier)
        guard element.kind == .cell || rowClass != element.identifier else { return nil }
        return "\(element.kind.rawValue) \(rowClass)"
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
        // Most identifiers are ASCII: their bytes are their characters (the map and every action
        // property's trigger ask for rows' classes after each action).
        if identifier.utf8.allSatisfy({ $0 < 0x80 }) {
            guard identifier.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return identifier }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(identifier.utf8.count)
            var inDigits = false
            for byte in identifier.utf8 {
                if (0x30...0x39).contains(byte) {
                    if !inDigits { bytes.append(UInt8(ascii: "#")) }
                    inDigits = true
                } else {
                    bytes.append(byte)
                    inDigits = false
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
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

extension ScreenSnapshot {
    /// Whether this screen holds other data than `other`: another row, a row's label, value or
    /// selection, a text's words; what fields hold aside (typing into a field changes only that).
    /// An action after which it does is a way on, even where the screen is the same one (a
    /// one-screen app's actions change its data, not its screen): `assertWayOut` and explore's
    /// dead-end rule both say so from here.
    package func differsInData(from other: ScreenSnapshot) -> Bool {
        func unfilled(_ elements: [ElementSnapshot]) -> [ElementSnapshot] {
            elements.map { element in
                var element = element
                if element.kind.isField { element.value = nil }
                element.isFocused = false
                element.children = unfilled(element.children)
                return element
            }
        }
        return title != other.title || unfilled(elements) != unfilled(other.elements)
    }
}
