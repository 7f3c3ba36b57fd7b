import WorkPhotos

/// A deletion confirmation that keeps the question open until the test answers it: the test
/// checks the screen while the system is asking, then answers yes or no.
@MainActor
public final class DeletionConfirmationFake: DeletionConfirming {
    /// How many photos each question was about, in order.
    public private(set) var questions: [Int] = []
    private var pending: [@MainActor (Bool) -> Void] = []

    public init() {}

    public func confirmDeletion(of count: Int, _ completion: @escaping @MainActor (Bool) -> Void) {
        questions.append(count)
        pending.append(completion)
    }

    /// Answers the questions being held.
    public func answer(_ confirmed: Bool) {
        let completions = pending
        pending = []
        completions.forEach { $0(confirmed) }
    }
}
