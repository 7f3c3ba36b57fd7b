import FlowKit
import NameMatching

/// How a step names an element, the same for every step that takes one: by kind and name
/// (identifier, label, or a row's text as the screen shows it), in an alert, and in a state.
///
/// ```yaml
/// - tap: Login                                        # any kind
/// - tap: {button: OK, in: PhotosPermission}           # inside an alert
/// - assertVisible: {button: Login, enabled: false}    # in a state
/// - assertVisible: {staticText: results, label: Login failed}
/// ```
package struct ElementSelector: Sendable, Equatable, CustomStringConvertible {
    /// The element's kind (`button:`), or nil for any kind (`element:` or a bare name).
    package var kind: ElementKind?
    /// The identifier, label or row text the element is found by; it may hold `${variables}`.
    package var name: Text
    /// The alert it is in (`in: PhotosPermission`), by identifier or title.
    package var scope: Text?
    /// When given, the element must be enabled (true) or disabled (false).
    package var enabled: Bool?
    /// When given, the element must be selected (true) or not (false).
    package var selected: Bool?
    /// When given, the element's label must read exactly this.
    package var label: Text?
    /// When given, the element's value must read exactly this.
    package var value: Text?

    /// A selector by `name`, of any kind unless `kind` is given, with the states given.
    package init(
        kind: ElementKind? = nil, name: Text, scope: Text? = nil, enabled: Bool? = nil, selected: Bool? = nil, label: Text? = nil,
        value: Text? = nil
    ) {
        self.kind = kind
        self.name = name
        self.scope = scope
        self.enabled = enabled
        self.selected = selected
        self.label = label
        self.value = value
    }

    /// The keys that name an element's kind (`element` matches any kind).
    package static let kinds: [(key: String, kind: ElementKind?)] = [
        ("element", nil), ("button", .button), ("textField", .textField), ("secureTextField", .secureTextField),
        ("staticText", .staticText), ("cell", .cell), ("image", .image), ("alert", .alert),
    ]

    /// A key that gives an element's state, or the alert it is in.
    package struct StateKey: Sendable {
        /// The key as a flow writes it (`enabled`).
        package let key: String
        /// The type of its value, checked by the parser.
        package let type: FieldType
        /// One line for the docs and the schema.
        package let summary: String
        /// Puts the value read into the selector.
        let apply: @Sendable (inout ElementSelector, FieldValue) -> Void
    }

    /// The keys that give its state, and the alert it is in: the same for every step, declared
    /// once here for the parser, the schema and the docs.
    package static let stateKeys: [StateKey] = [
        StateKey(key: "enabled", type: .boolean, summary: "it must be enabled (true) or disabled (false)") { if case let .boolean(flag) = $1 { $0.enabled = flag } },
        StateKey(key: "selected", type: .boolean, summary: "it must be selected (true) or not (false)") { if case let .boolean(flag) = $1 { $0.selected = flag } },
        StateKey(key: "label", type: .text, summary: "its label must read exactly this") { if case let .text(text) = $1 { $0.label = text } },
        StateKey(key: "value", type: .text, summary: "its value must read exactly this") { if case let .text(text) = $1 { $0.value = text } },
        StateKey(key: "in", type: .alertName, summary: "the alert it is in, by identifier or title") { if case let .text(text) = $1 { $0.scope = text } },
    ]

    /// Selector keys that were spelled otherwise before: old key → what to write now.
    package static let formerKeys: [String: String] = [
        "is": "put the state on the element: enabled:, selected:, label: or value:",
        "field": "write element: (any kind), textField: or secureTextField:",
    ]

    /// `button "Login"`, `cell "Mon 1 Jun…" (selected) in alert "X"`.
    package var description: String {
        var text = "\(kind?.description ?? "element") \"\(Suggestion.shown(name.raw))\""
        if let scope { text += " in alert \"\(Suggestion.shown(scope.raw))\"" }
        return text
    }
}
