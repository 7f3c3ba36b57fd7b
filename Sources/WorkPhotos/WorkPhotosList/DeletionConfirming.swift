/// Asks the person to confirm a deletion: on a phone the system draws that question over the
/// app; here the text UI's system layer does.
@MainActor
public protocol DeletionConfirming: AnyObject {
    /// Asks about deleting `count` photos; `completion` says whether they may be deleted.
    func confirmDeletion(of count: Int, _ completion: @escaping @MainActor (Bool) -> Void)
}
