/// A screen of the text UI: describes itself as elements and receives the events aimed at them.
///
/// Implementations are thin views: they forward events to a presenter and display what it says.
/// A screen writes ``title``, ``elements`` and ``tap(_:)``, and ``enter(_:into:)`` when it has
/// text fields; every other requirement has a default, which a screen replaces when it needs to.
@MainActor
public protocol ScreenController: AnyObject {
    /// The title in the screen's top rule: robots recognise the screen by it.
    var title: String { get }
    /// The screen's elements now. Must not change unless the screen's state changed.
    var elements: [Element] { get }
    /// The control with `identifier` was tapped (it exists and is enabled).
    func tap(_ identifier: String)
    /// The text field with `identifier` now holds `text`. Called only for an enabled text field
    /// (or secure field) among the screen's ``elements``: typing aimed at anything else is refused
    /// before it reaches the screen.
    func enter(_ text: String, into identifier: String)
    /// The screen is now the visible one (pushed, or uncovered by going back).
    func didAppear()
    /// The window onto the screen's list, when its cells are one (see `ListWindow`).
    var list: ListWindow? { get }
    /// Moves the list's window. Called only when `list` is not nil.
    func scroll(_ direction: ScrollDirection)
    /// The picture of image element `identifier`, for a colour terminal to draw; nil for none.
    func picture(_ identifier: String) -> TerminalPicture?
}

extension ScreenController {
    /// Does nothing: a screen with no text field is sent no typing, and need not write one.
    public func enter(_ text: String, into identifier: String) {}
    /// Does nothing: a screen with nothing to refresh need not say so.
    public func didAppear() {}
    /// Nil: the screen has no long list, and shows all its cells.
    public var list: ListWindow? { nil }
    /// Does nothing: never called while ``list`` is nil.
    public func scroll(_ direction: ScrollDirection) {}
    /// Nil: the screen has no pictures to draw.
    public func picture(_ identifier: String) -> TerminalPicture? { nil }
}
