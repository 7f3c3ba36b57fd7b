/// Shows that slow work is in flight, over the whole screen, and blocks it meanwhile: on a phone a
/// modal overlay with a spinner; here the text UI's alert layer, with no buttons.
@MainActor
public protocol ProgressPresenting: AnyObject {
    func presentProgress(title: String, message: String)
    /// Dismisses the overlay `presentProgress` put up (nothing when none is up).
    func dismissProgress()
}
