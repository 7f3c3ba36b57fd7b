/// Base for presenters: holds its view weakly and reacts to the view's lifecycle.
///
/// Subclasses add intent-named event methods (`didTapLogin()`, `didChangeUsername(_:)`) and
/// tell the view what to show through the view's own small protocol.
///
/// `View` is the screen's view protocol (`any LoginView`); it must be class-bound (`AnyObject`).
@MainActor
open class Presenter<View>: ViewLifecycleObserving {
    // Held weakly, so a screen that went away is not kept alive by its presenter. Stored as
    // AnyObject because a generic parameter cannot be constrained to a class-bound existential.
    private weak var viewObject: AnyObject?

    /// The view, if it is still there.
    public var view: View? { viewObject as? View }

    /// A presenter with no view yet: subclasses take their collaborators in their own initialiser,
    /// and the view is attached afterwards, since it is usually made with the presenter in hand.
    public init() {}

    /// Connects the view. Call before the view reports `viewDidLoad()`.
    public func attach(_ view: View) {
        viewObject = view as AnyObject
    }

    /// Does nothing: override it to show the view's first state. The view calls it once it is
    /// built and can be displayed into.
    open func viewDidLoad() {}
    /// Does nothing: override it to act each time the screen becomes the visible one (shown
    /// first, or returned to).
    open func viewDidAppear() {}
}
