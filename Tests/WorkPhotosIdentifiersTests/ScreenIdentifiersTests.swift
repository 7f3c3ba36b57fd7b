import Foundation
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosIdentifiers
import WorkPhotosTesting
import WorkPhotosUI

/// Every control a screen shows is found by an identifier `WorkPhotosIdentifiers` declares, so a
/// robot can name it; every identifier declared for a screen is shown by it in some state, so none
/// is stale; and a button's label is its identifier (the one exception, `Done`, is declared too).
@MainActor
struct ScreenIdentifiersTests {
    let scheduler = ManualScheduler()
    let navigator = NavigatorDummy()
    let formatting = PhotoFormatting(timeZone: .gmt)
    let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(7)], workLocations: [PhotoFactory.office])

    @Test func login() {
        let screen = LoginScreen(presenter: LoginPresenter(
            authenticator: UnconfiguredAuthenticator(reason: "none"), scheduler: scheduler, navigator: navigator, logger: LogSpy()
        ))
        expectDeclared([screen.elements], Identifiers.Login.all)
    }

    @Test func glance() {
        let screen = GlanceScreen(presenter: GlancePresenter(
            account: Account(username: "test"), library: library, access: PhotoAccessStub(), scheduler: scheduler,
            formatting: formatting, navigator: navigator
        ))
        screen.didAppear()
        scheduler.runAll()
        expectDeclared([screen.elements], Identifiers.Glance.all)
    }

    /// The list in each of its states: listing, choosing, after a failed upload, and without access.
    @Test func workPhotos() {
        let drive = DriveFake()
        drive.shouldFail = true
        let stage = Stage()
        let screen = makeWorkPhotosScreen(library: library, access: PhotoAccessStub(), drive: drive, stage: stage)
        screen.didAppear()
        scheduler.runAll()
        let listing = screen.elements
        screen.tap(Identifiers.Photos.select)
        screen.tap("photo-7")
        let choosing = screen.elements
        screen.tap(Identifiers.Photos.upload)
        scheduler.runAll()
        let failed = screen.elements

        let denied = makeWorkPhotosScreen(
            library: InMemoryPhotoLibrary(authorization: .denied), access: PhotoAccessStub(answer: .denied), drive: drive, stage: stage
        )
        denied.didAppear()
        scheduler.runAll()

        #expect(failed.contains { $0.identifier == Identifiers.Photos.retry }, "the upload failed, so Retry is offered")
        expectDeclared([listing, choosing, failed, denied.elements], Identifiers.Photos.all, photoCells: true)
    }

    @Test func photoDetail() {
        let screen = PhotoDetailScreen(presenter: PhotoDetailPresenter(
            photo: PhotoFactory.photo(7), library: library, processing: ShowAndHideProcessor(), scheduler: scheduler, formatting: formatting
        ))
        scheduler.runAll()
        expectDeclared([screen.elements], Identifiers.PhotoDetail.all)
    }

    @Test func settings() {
        let screen = SettingsScreen(presenter: SettingsPresenter(library: library, scheduler: scheduler))
        expectDeclared([screen.elements], Identifiers.Settings.all)
    }

    // MARK: - Helpers

    private func makeWorkPhotosScreen(library: InMemoryPhotoLibrary, access: PhotoAccessStub, drive: DriveFake, stage: Stage) -> WorkPhotosScreen {
        WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler, formatting: formatting, navigator: navigator,
            confirmer: DeletionConfirmationFake(), drive: drive, progress: StageProgress(stage: stage)
        ))
    }

    /// The elements of every state shown use exactly the identifiers declared (the list's cells
    /// aside, with `photoCells`: they are identified by photo), and each button reads its
    /// identifier, or `Done` for Select.
    private func expectDeclared(
        _ states: [[Element]], _ declared: [String], photoCells: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let shown = states.flatMap { $0 }.filter { !photoCells || $0.kind != .cell }
        #expect(!shown.isEmpty, "the screen showed nothing to check", sourceLocation: sourceLocation)
        for element in shown {
            #expect(declared.contains(element.identifier), "\(element.kind) \"\(element.identifier)\" is not declared in WorkPhotosIdentifiers",
                    sourceLocation: sourceLocation)
        }
        #expect(Set(shown.map(\.identifier)) == Set(declared), "every declared identifier is shown in some state", sourceLocation: sourceLocation)
        #expect(declared.count == Set(declared).count, "no identifier is declared twice for one screen", sourceLocation: sourceLocation)
        for button in shown where button.kind == .button {
            let isSelectWhileChoosing = button.identifier == Identifiers.Photos.select && button.label == Identifiers.Photos.done
            #expect(button.label == button.identifier || isSelectWhileChoosing,
                    "button \"\(button.identifier)\" reads \"\(button.label)\"", sourceLocation: sourceLocation)
        }
    }
}
