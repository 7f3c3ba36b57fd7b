/// What is on the display at one moment: the visible screen's title and elements, then alerts.
public struct Screen: Codable, Equatable, Sendable {
    public var title: String
    public var elements: [Element]
    /// Set when the screen's cells are a window onto a longer list: which rows are shown.
    public var list: ListWindow?

    public init(title: String, elements: [Element], list: ListWindow? = nil) {
        self.title = title
        self.elements = elements
        self.list = list
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, elements, list
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        elements = try c.decode([Element].self, forKey: .elements)
        list = try c.decode(ListWindow?.self, forKey: .list)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encode(elements, forKey: .elements)
        try c.encode(list, forKey: .list)
    }

    /// The alert on top, if any: while it is up, only its buttons can be used.
    public var topAlert: Element? { elements.last { $0.kind == .alert } }

    /// Controls a person or a script can use now, in display order; the shell numbers them from 1.
    public var controls: [Element] {
        if let alert = topAlert { return alert.children.filter { $0.kind.isControl } }
        return elements.filter { $0.kind.isControl }
    }

    /// Every element, depth first (alerts' and cells' children included).
    public var allElements: [Element] {
        elements.flatMap { [$0] + $0.children }
    }
}

/// A window of rows onto a list longer than a screen: the screen's cells are rows
/// `first + 1` to `first + cells` of `total`. A person pages with `more`; a script scrolls.
public struct ListWindow: Codable, Equatable, Sendable {
    /// The number of rows above the window (0 at the top).
    public var first: Int
    /// How many rows the list has in all.
    public var total: Int

    public init(first: Int, total: Int) {
        self.first = first
        self.total = total
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case first, total
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        first = try c.decode(Int.self, forKey: .first)
        total = try c.decode(Int.self, forKey: .total)
    }
}
