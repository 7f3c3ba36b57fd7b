import PresenterKit
import TextUI
import WorkPhotos

/// The "system" side of photo access: answers from the stored authorization, and the first time
/// draws the permission alert on the stage's alert layer, over the app, as a phone's OS does.
@MainActor
public final class SystemPhotoAccess: PhotoAccessRequesting {
    public enum Alert {
        public static let identifier = "PhotosPermission"
        public static let title = "\"WorkPhotos\" Would Like to Access Your Photos"
        public static let message = "WorkPhotos finds the photos you took at work, by where they were taken."
        public static let deny = "Don't Allow"
        public static let allow = "OK"
    }

    /// Said when the answer could not be stored: the user must know they will be asked again.
    public enum NotSaved {
        public static let identifier = "PhotosAnswerNotSaved"
        public static let title = "Your answer was not saved"
        public static func message(_ error: any Error) -> String {
            "WorkPhotos could not store it: \(ErrorWording.userMessage(for: error)). It will ask again next time."
        }
        public static let ok = "OK"
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
            identifier: Alert.identifier, title: Alert.title, message: Alert.message,
            buttons: [
                .init(Alert.deny) { [weak self] in self?.answer(.denied) },
                .init(Alert.allow) { [weak self] in self?.answer(.authorized) },
            ]
        ))
    }

    private func answer(_ authorization: PhotoAuthorization) {
        do {
            try library.setAuthorization(authorization)
        } catch {
            logger.log("photos: cannot store the answer \(authorization.rawValue): \(error)")
            stage.present(Stage.Alert(
                identifier: NotSaved.identifier, title: NotSaved.title, message: NotSaved.message(error),
                buttons: [.init(NotSaved.ok)]
            ))
        }
        let completions = waiting
        waiting = []
        completions.forEach { $0(authorization) }
    }
}
