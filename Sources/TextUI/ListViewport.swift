/// The window a screen shows onto a long list, a page of rows at a time, as a list view on a
/// phone shows only the rows that fit. Frames and the terminal then stay the same size whether
/// the list has eight rows or five thousand.
public struct ListViewport: Equatable, Sendable {
    /// Rows shown at once.
    public let pageSize: Int
    /// Rows in the whole list.
    public private(set) var total: Int
    /// Rows above the window.
    public private(set) var first: Int = 0

    /// A window at the top of a list of `total` rows, showing `pageSize` of them (at least one).
    public init(pageSize: Int = 20, total: Int = 0) {
        self.pageSize = max(1, pageSize)
        self.total = max(0, total)
    }

    /// The rows in the window, as indices into the whole list.
    public var visible: Range<Int> { first..<min(total, first + pageSize) }

    /// What a frame publishes: nil while the whole list fits in one window.
    public var window: ListWindow? {
        total > pageSize ? ListWindow(first: first, total: total) : nil
    }

    /// The list now has `total` rows; the window stays where it was if it still can.
    public mutating func resize(to total: Int) {
        self.total = max(0, total)
        first = min(first, lastFirst)
    }

    /// Moves the window a page up or down, to the top, to the last full page, or to a row: the
    /// window then starts at that row's page, or is the last full page near the end. It never
    /// moves past either end.
    public mutating func scroll(_ direction: ScrollDirection) {
        switch direction {
        case .up: first = max(0, first - pageSize)
        case .down: first = min(lastFirst, first + pageSize)
        case .top: first = 0
        case .bottom: first = lastFirst
        case let .row(row):
            // Whole pages, so that scrolling to a row and paging agree on what a page is.
            first = min(lastFirst, max(0, (min(row, total) - 1) / pageSize * pageSize))
        }
    }

    /// The first row of the last full window.
    private var lastFirst: Int { max(0, total - pageSize) }
}
