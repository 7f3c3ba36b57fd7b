import PresenterKit
import TextUI
import WorkPhotos
import WorkPhotosUI

/// Builds each screen with its presenter and services, and moves between them.
///
/// The only place that knows which concrete type talks to which.
@MainActor
final class AppComposer: LoginNavigating {
    private let stage: Stage
    private let scheduler: any WorkScheduling
    private let logger: any EventLogging
    private let authenticator: any Authenticating

    init(stage: Stage, scheduler: any WorkScheduling, logger: any EventLogging, authenticator: any Authenticating) {
        self.stage = stage
        self.scheduler = scheduler
        self.logger = logger
        self.authenticator = authenticator
    }

    func start() {
        stage.setRoot(makeLogin())
    }

    func showGlance(for account: Account) {
        stage.setRoot(GlanceScreen(presenter: GlancePresenter(account: account)))
    }

    private func makeLogin() -> LoginScreen {
        LoginScreen(presenter: LoginPresenter(
            authenticator: authenticator, scheduler: scheduler, navigator: self, logger: logger
        ))
    }
}
