import FlowKit
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosIdentifiers
import WorkPhotosRobots
import WorkPhotosTesting
import WorkPhotosUI

/// The alerts the robots' catalog declares (the names flows may use, which `flow lint` checks) are
/// the alerts the app raises: each raised alert is declared with its identifier, its title when the
/// declaration gives one, and exactly its buttons; and no declared alert is one the app never raises.
@MainActor
struct AlertNamesTests {
    struct WriteFailed: Error {}

    let catalog = WorkPhotosCatalog.catalog
    let scheduler = ManualScheduler()
    let navigator = NavigatorDummy()

    @Test func everyAlertTheAppRaisesIsDeclaredAsItIsShown() throws {
        let raised = try raisedAlerts()
        #expect(raised.count == 4)
        for alert in raised {
            let declared = try #require(catalog.alert(named: alert.identifier), "alert \"\(alert.identifier)\" is not in the robots' catalog")
            #expect(declared.identifier == alert.identifier)
            if let title = declared.title {
                #expect(title == alert.label, "alert \"\(alert.identifier)\" is declared with another title")
            }
            let buttons = alert.children.filter { $0.kind == .button }
            #expect(Set(declared.buttons) == Set(buttons.map(\.label)), "alert \"\(alert.identifier)\": its buttons")
            #expect(Set(declared.buttons) == Set(buttons.map(\.identifier)), "alert \"\(alert.identifier)\": its buttons' identifiers")
        }
        #expect(Set(catalog.alerts.map(\.identifier)) == Set(raised.map(\.identifier)), "the catalog declares no alert the app never raises")
    }

    /// Raises each alert through the code the app uses: the permission question (and, as its answer
    /// cannot be stored, the alert that says so), the question before deleting, and the overlay over
    /// an upload in flight, whose title the presenter gives.
    private func raisedAlerts() throws -> [Element] {
        var raised: [Element] = []

        let stage = Stage()
        stage.setRoot(BlankScreen())
        let library = InMemoryPhotoLibrary(authorization: .notDetermined)
        library.failWrites(with: WriteFailed())
        let access = SystemPhotoAccess(library: library, stage: stage, logger: LogSpy())
        access.requestAccess { _ in }
        raised.append(try #require(stage.screen.topAlert))
        try Session(stage: stage).perform(.tap(Identifiers.PhotosPermission.allow))
        raised.append(try #require(stage.screen.topAlert))

        let deletionStage = Stage()
        deletionStage.setRoot(BlankScreen())
        SystemDeletionConfirmation(stage: deletionStage).confirmDeletion(of: 2) { _ in }
        raised.append(try #require(deletionStage.screen.topAlert))

        let uploadStage = Stage()
        let photos = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(7)], workLocations: [PhotoFactory.office])
        photos.setPicture(try #require(RGBImage.make([[Paint.red]])), ofPhoto: 7)
        let screen = WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: photos, access: PhotoAccessStub(), scheduler: scheduler, formatting: PhotoFormatting(timeZone: .gmt),
            navigator: navigator, confirmer: DeletionConfirmationFake(), drive: DriveFake(), progress: StageProgress(stage: uploadStage)
        ))
        uploadStage.setRoot(screen)
        scheduler.runAll()
        let session = Session(stage: uploadStage)
        try session.perform(.tap(Identifiers.Photos.select))
        try session.perform(.tap("photo-7"))
        try session.perform(.tap(Identifiers.Photos.upload))
        raised.append(try #require(uploadStage.screen.topAlert, "the upload is in flight"))
        return raised
    }
}
