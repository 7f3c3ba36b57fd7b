import Expenses
import ExpensesIdentifiers
import TextUI

/// The "system" asking before every expense is removed, drawn on the stage's alert layer over the
/// app, as a phone's OS draws a confirmation: Cancel keeps them, Clear removes them.
@MainActor
public final class SystemClearConfirmation: ClearConfirming {
    /// The alert's words; its identifier and buttons are `Identifiers.ClearAll`, shared with the robots.
    public enum Wording {
        /// The alert's title.
        public static let title = "Clear all expenses?"
        /// What it says will happen.
        public static func message(_ count: Int) -> String { "\(count) expense\(count == 1 ? "" : "s") will be removed. This cannot be undone." }
    }

    private let stage: Stage

    /// Asks on `stage`'s alert layer.
    public init(stage: Stage) {
        self.stage = stage
    }

    /// Presents the question; the button chosen answers `completion`.
    public func confirmClearAll(count: Int, _ completion: @escaping @MainActor (Bool) -> Void) {
        typealias ID = Identifiers.ClearAll
        stage.present(Stage.Alert(
            identifier: ID.identifier, title: Wording.title, message: Wording.message(count),
            buttons: [.init(ID.cancel) { completion(false) }, .init(ID.clear) { completion(true) }]
        ))
    }
}
