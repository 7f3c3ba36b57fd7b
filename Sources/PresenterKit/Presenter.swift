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

    public init() {}

    /// Connects the view. Call before the view reports `viewDidLoad()`.
    public func attach(_ view: View) {
        viewObject = view as AnyObject
    }

    open func viewDidLoad() {}
    open func viewDidAppear() {}
}
