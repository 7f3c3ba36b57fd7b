import Foundation
import PresenterKit
import TextUI
import WorkPhotos
import WorkPhotosUI

/// Builds each screen with its presenter and services, and moves between them.
///
/// The only place that knows which concrete type talks to which.
@MainActor
final class AppComposer: LoginNavigating, GlanceNavigating, WorkPhotosNavigating {
    private let stage: Stage
    private let scheduler: any WorkScheduling
    private let logger: any EventLogging
    private let authenticator: any Authenticating
    private let library: any PhotoLibrary
    private let access: any PhotoAccessRequesting
    private let deletionConfirmation: SystemDeletionConfirmation
    private let drive: any Drive
    private let progress: StageProgress
    /// Made when a screen first shows a date: finding the time zone (ICU) is not the first screen's work.
    private lazy var formatting = PhotoFormatting(timeZone: timeZone())
    private let timeZone: () -> TimeZone

    init(
        stage: Stage, scheduler: any WorkScheduling, logger: any EventLogging,
        authenticator: any Authenticating, library: any PhotoLibrary, drive: any Drive, timeZone: @escaping () -> TimeZone
    ) {
        self.stage = stage
        self.scheduler = scheduler
        self.logger = logger
        self.authenticator = authenticator
        self.library = library
        self.access = SystemPhotoAccess(library: library, stage: stage, logger: logger)
        self.deletionConfirmation = SystemDeletionConfirmation(stage: stage)
        self.drive = drive
        self.progress = StageProgress(stage: stage)
        self.timeZone = timeZone
    }

    func start() {
        stage.setRoot(LoginScreen(presenter: LoginPresenter(
            authenticator: authenticator, scheduler: scheduler, navigator: self, logger: logger
        )))
    }

    func showGlance(for account: Account) {
        stage.setRoot(GlanceScreen(presenter: GlancePresenter(
            account: account, library: library, access: access, scheduler: scheduler, formatting: formatting, navigator: self
        )))
    }

    func showWorkPhotos() {
        stage.push(WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler, formatting: formatting, navigator: self,
            confirmer: deletionConfirmation, drive: drive, progress: progress
        )))
    }

    func showPhotoDetail(_ photo: Photo) {
        stage.push(PhotoDetailScreen(presenter: PhotoDetailPresenter(
            photo: photo, library: library, processing: ShowAndHideProcessor(), scheduler: scheduler, formatting: formatting
        )))
    }

    func showSettings() {
        stage.push(SettingsScreen(presenter: SettingsPresenter(library: library, scheduler: scheduler)))
    }
}
