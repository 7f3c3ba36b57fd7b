import FlowKit
import Testing
import WorkPhotosIdentifiers

/// The system alert that asks for access to the photo library.
public struct PhotoPermissionAlert {
    public static let identifier = Identifiers.PhotosPermission.identifier
    public static let allow = Identifiers.PhotosPermission.allow
    public static let deny = Identifiers.PhotosPermission.deny
    /// The alert as flows may name it (`in: PhotosPermission`, `onAlert: {PhotosPermission: OK}`).
    public static let declaration = AlertDeclaration(identifier: identifier, buttons: [allow, deny])
    /// The alert that says an answer could not be saved.
    public static let notSaved = AlertDeclaration(
        identifier: Identifiers.PhotosAnswerNotSaved.identifier, title: Identifiers.PhotosAnswerNotSaved.title,
        buttons: [Identifiers.PhotosAnswerNotSaved.ok]
    )

    let app: FlowApp

    public init(app: FlowApp) {
        self.app = app
    }

    public func answer(allow: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        CallSite.reporting(at: sourceLocation) {
            app.alerts[Self.identifier].buttons[allow ? Self.allow : Self.deny].tap()
        }
    }

    /// Answers the alert whenever it blocks a later step (an interruption monitor).
    @discardableResult
    public static func answerWhenAsked(in app: FlowApp, allow: Bool) -> Int {
        app.addInterruptionMonitor(withDescription: "Photo access") { alert in
            let button = alert.buttons[allow ? Self.allow : Self.deny]
            guard button.exists else { return false }
            button.tap()
            return true
        }
    }
}
