/// A screen of the text UI: describes itself as elements and receives the events aimed at them.
///
/// Implementations are thin views: they forward events to a presenter and display what it says.
@MainActor
public protocol ScreenController: AnyObject {
    var title: String { get }
    /// The screen's elements now. Must not change unless the screen's state changed.
    var elements: [Element] { get }
    /// The control with `identifier` was tapped (it exists and is enabled).
    func tap(_ identifier: String)
    /// The text field with `identifier` now holds `text`.
    func enter(_ text: String, into identifier: String)
    /// The screen is now the visible one (pushed, or uncovered by going back).
    func didAppear()
}

extension ScreenController {
    public func didAppear() {}
}
