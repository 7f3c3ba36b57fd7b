/// What is on the display at one moment: the visible screen's title and elements, then alerts.
public struct Screen: Codable, Equatable, Sendable {
    public var title: String
    public var elements: [Element]

    public init(title: String, elements: [Element]) {
        self.title = title
        self.elements = elements
    }

    /// The alert on top, if any: while it is up, only its buttons can be used.
    public var topAlert: Element? { elements.last { $0.kind == .alert } }

    /// Controls a person or a script can use now, in display order; the shell numbers them from 1.
    public var controls: [Element] {
        if let alert = topAlert { return alert.children.filter { $0.kind.isControl } }
        return elements.filter { $0.kind.isControl }
    }
}
