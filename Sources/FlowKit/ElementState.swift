import NameMatching

/// What an element must be besides its name: part of the selector, the same for every step that
/// takes an element (`{button: Apply, enabled: false}`, `{staticText: results, label: Login failed}`).
///
/// A nil property is not checked. An element whose name matches but whose state does not is
/// reported as such ("it is there, but disabled"), never as a missing name.
public struct ElementState: Sendable, Equatable, CustomStringConvertible {
    /// Enabled (true) or disabled (false); nil: either.
    public var enabled: Bool?
    /// Selected (true) or not (false); nil: either.
    public var selected: Bool?
    /// The whole label; nil: any.
    public var label: String?
    /// The whole value (a field's text; an element without one reads as empty); nil: any.
    public var value: String?

    /// A state that checks what is given and nothing else.
    public init(enabled: Bool? = nil, selected: Bool? = nil, label: String? = nil, value: String? = nil) {
        self.enabled = enabled
        self.selected = selected
        self.label = label
        self.value = value
    }

    /// No condition: any element with the name.
    public static let any = ElementState()

    /// Nothing is checked: the element only has to be there by name.
    public var isAny: Bool { self == .any }

    /// True when `element` is in this state.
    public func matches(_ element: ElementSnapshot) -> Bool {
        mismatch(element) == nil
    }

    /// How `element` differs from this state (`disabled`, `its label is "Done"`), or nil.
    public func mismatch(_ element: ElementSnapshot) -> String? {
        var differences: [String] = []
        if let enabled, element.isEnabled != enabled { differences.append(element.isEnabled ? "enabled" : "disabled") }
        if let selected, element.isSelected != selected { differences.append(element.isSelected ? "selected" : "not selected") }
        if let label, element.label != label { differences.append("its label is \"\(Suggestion.shown(element.label))\"") }
        if let value, (element.value ?? "") != value { differences.append("its value is \"\(Suggestion.shown(element.value ?? ""))\"") }
        return differences.isEmpty ? nil : differences.joined(separator: " and ")
    }

    /// `enabled, label "Done"`: how a step names the state it wants.
    public var description: String {
        var parts: [String] = []
        if let enabled { parts.append(enabled ? "enabled" : "disabled") }
        if let selected { parts.append(selected ? "selected" : "not selected") }
        if let label { parts.append("labelled \"\(Suggestion.shown(label))\"") }
        if let value { parts.append("with value \"\(Suggestion.shown(value))\"") }
        return parts.joined(separator: ", ")
    }
}
