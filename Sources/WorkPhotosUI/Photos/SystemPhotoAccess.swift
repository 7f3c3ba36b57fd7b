import PresenterKit
import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The "system" side of photo access: answers from the stored authorization, and the first time
/// draws the permission alert on the stage's alert layer, over the app, as a phone's OS does.
@MainActor
public final class SystemPhotoAccess: PhotoAccessRequesting {
    /// The permission alert's words. Its identifier and buttons are `Identifiers.PhotosPermission`,
    /// shared with the robots.
    public enum Alert {
        public static let title = "\"WorkPhotos\" Would Like to Access Your Photos"
        public static let message = "WorkPhotos finds the photos you took at work, by where they were taken."
    }

    /// Said when the answer could not be stored: the user must know they will be asked again. Its
    /// identifier, title and button are `Identifiers.PhotosAnswerNotSaved`, shared with the robots.
    public enum NotSaved {
        public static func message(_ error: any Error) -> String {
            "WorkPhotos could not store it: \(ErrorWording.userMessage(for: error)). It will ask again next time."
        }
    }

    private let library: any PhotoLibrary
    private let stage: Stage
    private let logger: any EventLogging
    /// Requests made while the alert is up, all answered by the one choice.
    private var waiting: [@MainActor (PhotoAuthorization) -> Void] = []

    public init(library: any PhotoLibrary, stage: Stage, logger: any EventLogging) {
        self.library = library
        self.stage = stage
        self.logger = logger
    }

    public func requestAccess(_ completion: @escaping @MainActor (PhotoAuthorization) -> Void) {
        let current: PhotoAuthorization
        do {
            current = try library.authorization()
        } catch {
            // The library's read that follows fails the same way, and its screen says why; counting
            // this as "denied" would send the user to Settings for nothing.
            logger.log("photos: cannot read the authorization (the library read will say why): \(error)")
            completion(.authorized)
            return
        }
        guard current == .notDetermined else {
            completion(current)
            return
        }
        waiting.append(completion)
        guard waiting.count == 1 else { return }
        stage.present(Stage.Alert(
            identifier: Identifiers.PhotosPermission.identifier, title: Alert.title, message: Alert.message,
            buttons: [
                .init(Identifiers.PhotosPermission.deny) { [weak self] in self?.answer(.denied) },
                .init(Identifiers.PhotosPermission.allow) { [weak self] in self?.answer(.authorized) },
            ]
        ))
    }

    private func answer(_ authorization: PhotoAuthorization) {
        do {
            try library.setAuthorization(authorization)
        } catch {
            logger.log("photos: cannot store the answer \(authorization.rawValue): \(error)")
            stage.present(Stage.Alert(
                identifier: Identifiers.PhotosAnswerNotSaved.identifier, title: Identifiers.PhotosAnswerNotSaved.title,
                message: NotSaved.message(error), buttons: [.init(Identifiers.PhotosAnswerNotSaved.ok)]
            ))
        }
        let completions = waiting
        waiting = []
        completions.forEach { $0(authorization) }
    }
}
