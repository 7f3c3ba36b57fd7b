import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// A progress overlay on the stage's alert layer: an alert with no buttons, so nothing behind it
/// can be used until the work ends and the presenter dismisses it.
@MainActor
public final class StageProgress: ProgressPresenting {
    private let stage: Stage

    public init(stage: Stage) {
        self.stage = stage
    }

    public func presentProgress(title: String, message: String) {
        stage.dismiss(identifier: Identifiers.Progress.identifier)
        stage.present(Stage.Alert(identifier: Identifiers.Progress.identifier, title: title, message: message, buttons: []))
    }

    public func dismissProgress() {
        stage.dismiss(identifier: Identifiers.Progress.identifier)
    }
}
