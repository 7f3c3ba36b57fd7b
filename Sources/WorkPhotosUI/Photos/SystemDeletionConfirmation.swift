import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The "system" asking before photos are deleted, drawn on the stage's alert layer over the app,
/// as a phone's OS asks before an app deletes from the library.
@MainActor
public final class SystemDeletionConfirmation: DeletionConfirming {
    /// The alert's words. Its identifier and buttons are `Identifiers.PhotosDelete`, shared with the robots.
    public enum Alert {
        public static func title(_ count: Int) -> String { "Allow \"WorkPhotos\" to delete \(PhotoFormatting.count(count))?" }
        public static let message = "They will be removed from your photo library."
    }

    private let stage: Stage

    public init(stage: Stage) {
        self.stage = stage
    }

    public func confirmDeletion(of count: Int, _ completion: @escaping @MainActor (Bool) -> Void) {
        stage.present(Stage.Alert(
            identifier: Identifiers.PhotosDelete.identifier, title: Alert.title(count), message: Alert.message,
            buttons: [.init(Identifiers.PhotosDelete.refuse) { completion(false) }, .init(Identifiers.PhotosDelete.delete) { completion(true) }]
        ))
    }
}
