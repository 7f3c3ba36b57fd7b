import TextUI
import WorkPhotos

/// The "system" asking before photos are deleted, drawn on the stage's alert layer over the app,
/// as a phone's OS asks before an app deletes from the library.
@MainActor
public final class SystemDeletionConfirmation: DeletionConfirming {
    public enum Alert {
        public static let identifier = "PhotosDelete"
        public static func title(_ count: Int) -> String { "Allow \"WorkPhotos\" to delete \(PhotoFormatting.count(count))?" }
        public static let message = "They will be removed from your photo library."
        public static let refuse = "Don't Allow"
        public static let delete = "Delete"
    }

    private let stage: Stage

    public init(stage: Stage) {
        self.stage = stage
    }

    public func confirmDeletion(of count: Int, _ completion: @escaping @MainActor (Bool) -> Void) {
        stage.present(Stage.Alert(
            identifier: Alert.identifier, title: Alert.title(count), message: Alert.message,
            buttons: [.init(Alert.refuse) { completion(false) }, .init(Alert.delete) { completion(true) }]
        ))
    }
}
