/// What a view reports of its lifecycle to whoever owns its logic.
@MainActor
public protocol ViewLifecycleObserving: AnyObject {
    /// The view was built and can be displayed into.
    func viewDidLoad()
    /// The view became the visible screen (first time or when returned to).
    func viewDidAppear()
}
