import PresenterKit
import TextUI

/// Implements the presenters' generic navigation on the text UI's stage.
@MainActor
public final class StageNavigator: Navigating {
    public let stage: Stage

    public init(stage: Stage) {
        self.stage = stage
    }

    public func goBack() {
        stage.pop()
    }

    public func present(_ alert: AlertModel) {
        stage.present(Stage.Alert(
            identifier: alert.identifier, title: alert.title, message: alert.message,
            buttons: alert.actions.map { action in Stage.Alert.Button(action.title, handler: action.handler) }
        ))
    }
}
