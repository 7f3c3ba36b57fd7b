/// One thing on a screen, as a person sees it and as automation reads it.
///
/// This is the wire format itself: the app encodes it into frames and the flow runner decodes it,
/// so both sides share this one declaration. Every key is written, flags and a missing value (as
/// null) included, and every key is required when read: a renamed key or an unknown kind is an
/// error, never a silent default.
public struct Element: Codable, Equatable, Sendable {
    /// What kind of element it is; automation queries by kind (`buttons`, `textFields`, ...).
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case staticText, textField, secureTextField, button, cell, image, alert

        /// Controls can be tapped (and fields typed into); they get numbers in the shell.
        public var isControl: Bool {
            switch self {
            case .textField, .secureTextField, .button, .cell: true
            case .staticText, .image, .alert: false
            }
        }

        public var isField: Bool { self == .textField || self == .secureTextField }

        /// "button", "text field", ... for messages.
        public var description: String {
            switch self {
            case .staticText: "static text"
            case .textField: "text field"
            case .secureTextField: "secure text field"
            case .button: "button"
            case .cell: "cell"
            case .image: "image"
            case .alert: "alert"
            }
        }
    }

    public var kind: Kind
    /// Stable name for automation (`Login`, `Username`, `results`).
    public var identifier: String
    /// What a person reads: a button's title, a field's caption, a text's words.
    public var label: String
    /// A field's contents; for a secure field only the mask, never the text.
    public var value: String?
    public var isEnabled: Bool
    public var isSelected: Bool
    /// It can be selected now (a row of a list in selection mode): drawn with its state, `[ ]`
    /// or `[x]`, whether it is selected or not.
    public var isSelectable: Bool
    public var isFocused: Bool
    public var isSecure: Bool
    /// An alert's message and buttons, or a cell's parts.
    public var children: [Element]

    public init(
        kind: Kind, identifier: String, label: String, value: String? = nil,
        isEnabled: Bool = true, isSelected: Bool = false, isFocused: Bool = false,
        isSecure: Bool = false, isSelectable: Bool = false, children: [Element] = []
    ) {
        self.kind = kind
        self.identifier = identifier
        self.label = label
        self.value = value
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.isSelectable = isSelectable
        self.isFocused = isFocused
        self.isSecure = isSecure
        self.children = children
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, identifier, label, value
        case isEnabled = "enabled", isSelected = "selected", isSelectable = "selectable", isFocused = "focused", isSecure = "secure"
        case children
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(label, forKey: .label)
        try c.encode(value, forKey: .value)
        try c.encode(isEnabled, forKey: .isEnabled)
        try c.encode(isSelected, forKey: .isSelected)
        try c.encode(isSelectable, forKey: .isSelectable)
        try c.encode(isFocused, forKey: .isFocused)
        try c.encode(isSecure, forKey: .isSecure)
        try c.encode(children, forKey: .children)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        identifier = try c.decode(String.self, forKey: .identifier)
        label = try c.decode(String.self, forKey: .label)
        value = try c.decode(String?.self, forKey: .value)
        isEnabled = try c.decode(Bool.self, forKey: .isEnabled)
        isSelected = try c.decode(Bool.self, forKey: .isSelected)
        isSelectable = try c.decode(Bool.self, forKey: .isSelectable)
        isFocused = try c.decode(Bool.self, forKey: .isFocused)
        isSecure = try c.decode(Bool.self, forKey: .isSecure)
        children = try c.decode([Element].self, forKey: .children)
    }
}

extension Element {
    /// True when `name` is this element's identifier or its label.
    public func isNamed(_ name: String) -> Bool { identifier == name || label == name }

    /// A cell's row as the screen draws it: its label, then its value after two spaces
    /// (`Mon 1 Jun 2026, 09:05  Office`). The renderer draws it and automation matches it, so a
    /// row copied from the screen names its cell.
    public var rowText: String { label + (value.map { "  \($0)" } ?? "") }

    /// The mask shown for a non-empty secure value. Fixed length, so it does not reveal the length.
    public static let secureMask = "••••••••"

    public static func text(_ label: String, identifier: String? = nil) -> Element {
        Element(kind: .staticText, identifier: identifier ?? label, label: label)
    }

    public static func textField(_ identifier: String, label: String? = nil, value: String, isFocused: Bool = false) -> Element {
        Element(kind: .textField, identifier: identifier, label: label ?? identifier, value: value, isFocused: isFocused)
    }

    /// A secure field. Only whether it is filled is passed in: the text itself never enters the tree.
    public static func secureField(_ identifier: String, label: String? = nil, isFilled: Bool, isFocused: Bool = false) -> Element {
        Element(
            kind: .secureTextField, identifier: identifier, label: label ?? identifier,
            value: isFilled ? secureMask : "", isFocused: isFocused, isSecure: true
        )
    }

    public static func button(_ identifier: String, label: String? = nil, isEnabled: Bool = true) -> Element {
        Element(kind: .button, identifier: identifier, label: label ?? identifier, isEnabled: isEnabled)
    }

    /// A row of a list; `isSelectable` while the list is in selection mode, when every row shows
    /// whether it is selected.
    public static func cell(
        _ identifier: String, label: String, value: String? = nil, isSelected: Bool = false, isSelectable: Bool = false, isEnabled: Bool = true
    ) -> Element {
        Element(kind: .cell, identifier: identifier, label: label, value: value, isEnabled: isEnabled, isSelected: isSelected, isSelectable: isSelectable)
    }

    public static func image(_ identifier: String, label: String, rows: [String] = []) -> Element {
        Element(kind: .image, identifier: identifier, label: label, children: rows.map { .text($0, identifier: "") })
    }

    public static func alert(_ identifier: String, title: String, message: String, buttons: [String]) -> Element {
        Element(
            kind: .alert, identifier: identifier, label: title,
            children: [.text(message, identifier: "message")] + buttons.map { .button($0) }
        )
    }
}
