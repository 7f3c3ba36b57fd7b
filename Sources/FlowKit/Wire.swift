/// The app's frames as the automation protocol defines them (docs/automation-protocol.md).
///
/// FlowKit reads the wire format itself: it never imports an app module, so the app stays a black
/// box behind a process boundary.
public struct Frame: Decodable, Sendable {
    public let seq: Int
    public let reply: Int?
    public let idle: Bool
    public let error: String?
    public let screen: ScreenSnapshot
    /// The screen rendered exactly as a person sees it.
    public let text: String
}

/// A consistent snapshot of the whole screen, taken from one frame.
public struct ScreenSnapshot: Decodable, Sendable {
    public let title: String
    public let elements: [ElementSnapshot]

    /// The alert on top, if any: while it is up, only its buttons can be used.
    public var topAlert: ElementSnapshot? { elements.last { $0.kind == .alert } }

    /// Every element, depth first (alerts' and cells' children included).
    public var allElements: [ElementSnapshot] {
        elements.flatMap { [$0] + $0.children }
    }
}

/// The kinds of element a query can ask for.
public enum ElementKind: String, Decodable, Sendable, CustomStringConvertible {
    case staticText, textField, secureTextField, button, cell, image, alert
    case other

    public init(from decoder: any Decoder) throws {
        self = ElementKind(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }

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
        case .other: "element"
        }
    }
}

/// One element of a frame.
public struct ElementSnapshot: Decodable, Sendable, Equatable {
    public let kind: ElementKind
    public let identifier: String
    public let label: String
    public let value: String?
    public let isEnabled: Bool
    public let isSelected: Bool
    public let isFocused: Bool
    public let isSecure: Bool
    public let children: [ElementSnapshot]

    enum CodingKeys: String, CodingKey {
        case kind, identifier, label, value, children
        case isEnabled = "enabled", isSelected = "selected", isFocused = "focused", isSecure = "secure"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(ElementKind.self, forKey: .kind)
        identifier = try c.decode(String.self, forKey: .identifier)
        label = try c.decode(String.self, forKey: .label)
        value = try c.decodeIfPresent(String.self, forKey: .value)
        isEnabled = try c.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        isSelected = try c.decodeIfPresent(Bool.self, forKey: .isSelected) ?? false
        isFocused = try c.decodeIfPresent(Bool.self, forKey: .isFocused) ?? false
        isSecure = try c.decodeIfPresent(Bool.self, forKey: .isSecure) ?? false
        children = try c.decodeIfPresent([ElementSnapshot].self, forKey: .children) ?? []
    }

    /// True when `name` is this element's identifier or label.
    func isNamed(_ name: String) -> Bool { identifier == name || label == name }
}
