/// Asks the person before every expense is removed: on a phone the system draws that question
/// over the app; here the text UI's alert layer does.
@MainActor
public protocol ClearConfirming: AnyObject {
    /// Asks about clearing `count` expenses; `completion` says whether they may be removed.
    func confirmClearAll(count: Int, _ completion: @escaping @MainActor (Bool) -> Void)
}
