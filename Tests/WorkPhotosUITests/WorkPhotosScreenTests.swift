import Foundation
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosTesting
import WorkPhotosUI

@MainActor
struct WorkPhotosScreenTests {
    let confirmer = DeletionConfirmationFake()
    let drive = DriveFake()
    let stage = Stage()

    @Test func showsACellPerWorkPhoto() {
        let library = InMemoryPhotoLibrary(
            authorization: .authorized,
            photos: [PhotoFactory.photo(7, taken: PhotoFactory.june1(9, 5)), PhotoFactory.photo(8, at: PhotoFactory.inPark)],
            workLocations: [PhotoFactory.office]
        )
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        screen.didAppear()
        scheduler.runAll()

        #expect(screen.elements == [
            .text("1 work photo", identifier: "status"),
            .button("Select"),
            .cell("photo-7", label: "Mon 1 Jun 2026, 09:05", value: "Office"),
        ])
    }

    @Test func selectingShowsDoneSelectAllDeleteAndTheChosenRows() {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(7)], workLocations: [PhotoFactory.office])
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        screen.didAppear()
        scheduler.runAll()
        let stage = Stage()
        stage.setRoot(screen)
        #expect(Renderer.render(stage.screen).contains("\n[2]  Mon 1 Jun 2026, 09:00  Office\n"), "not selecting: a row has no box")
        screen.tap("Select")
        #expect(Renderer.render(stage.screen).contains("\n[5]  [ ] Mon 1 Jun 2026, 09:00  Office\n"), "selecting: a row not chosen shows [ ]")
        screen.tap("photo-7")
        #expect(screen.elements.filter { $0.kind != .staticText } == [
            .button("Select", label: "Done"), .button("Select all"), .button("Upload to Drive", isEnabled: true),
            .button("Delete", isEnabled: true), .cell("photo-7", label: "Mon 1 Jun 2026, 09:00", value: "Office", isSelected: true, isSelectable: true),
        ])
        #expect(Renderer.render(stage.screen).contains("[5]  [x] Mon 1 Jun 2026, 09:00  Office"))
        screen.tap("Select")
        #expect(screen.elements.filter { $0.kind == .cell }.allSatisfy { !$0.isSelectable }, "done: no row is selectable")
    }

    @Test func anUploadIsCoveredByTheOverlayUntilItEndsThenSaysHowItWent() throws {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(7)], workLocations: [PhotoFactory.office])
        library.setPicture(try #require(RGBImage.make([[Paint.red]])), ofPhoto: 7)
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        stage.setRoot(screen)
        scheduler.runAll()
        try Session(stage: stage).perform(.tap("Select"))
        try Session(stage: stage).perform(.tap("photo-7"))
        try Session(stage: stage).perform(.tap("Upload to Drive"))

        let overlay = try #require(stage.screen.topAlert)
        #expect(overlay.identifier == "Progress")
        #expect(overlay.label == "Uploading…")
        #expect(overlay.children.filter { $0.kind == .button }.isEmpty, "nothing to press: it goes when the upload ends")
        #expect(Renderer.render(stage.screen).contains("""
               ╭─ Uploading… ───────────────────────────────
               │ Uploading 1 photo to the drive
               ╰────────────────────────────────────────────
            """))
        #expect(throws: CommandError.blockedByAlert(target: "Delete", alert: "Uploading…")) {
            try Session(stage: stage).perform(.tap("Delete"))
        }

        scheduler.runAll()
        #expect(stage.screen.topAlert == nil)
        #expect(stage.screen.elements.contains(.text("1 photo uploaded", identifier: "notice")))
        #expect(drive.uploads.map(\.names) == [["photo-7"]])
    }

    @Test func aFailedUploadOffersRetry() throws {
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: [PhotoFactory.photo(7)], workLocations: [PhotoFactory.office])
        library.setPicture(try #require(RGBImage.make([[Paint.red]])), ofPhoto: 7)
        drive.shouldFail = true
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        stage.setRoot(screen)
        scheduler.runAll()
        screen.tap("Select")
        screen.tap("Select all")
        screen.tap("Upload to Drive")
        scheduler.runAll()
        #expect(Array(screen.elements.suffix(2)) == [
            .text("Upload failed: the drive cannot be reached", identifier: "notice"), .button("Retry"),
        ])

        drive.shouldFail = false
        screen.tap("Retry")
        #expect(stage.screen.topAlert?.label == "Uploading…")
        scheduler.runAll()
        #expect(screen.elements.last == .text("1 photo uploaded", identifier: "notice"))
    }

    @Test func whenDeniedOffersSettings() {
        let (screen, _, navigator) = makeSUT(library: InMemoryPhotoLibrary(), access: PhotoAccessStub(answer: .denied))
        screen.didAppear()
        #expect(screen.elements.last == .button("Open Settings"))
        screen.tap("Open Settings")
        #expect(navigator.messages == ["settings"])
    }

    @Test func aLongListShowsAWindowOfRowsThatScrolls() throws {
        let photos = (1...45).map { PhotoFactory.photo(Int64($0), taken: PhotoFactory.june1(9, $0 % 60)) }
        let library = InMemoryPhotoLibrary(authorization: .authorized, photos: photos, workLocations: [PhotoFactory.office])
        let (screen, scheduler, _) = makeSUT(library: library, access: PhotoAccessStub())
        let stage = Stage()
        stage.setRoot(screen)
        scheduler.runAll()

        #expect(screen.elements.filter { $0.kind == .cell }.count == 20)
        #expect(screen.list == ListWindow(first: 0, total: 45))
        #expect(Renderer.render(stage.screen).contains("     rows 1–20 of 45  (more, scroll up|top|bottom|<row>)"))

        try Session(stage: stage).perform(.scroll(.row(45)))
        let cells = screen.elements.filter { $0.kind == .cell }
        #expect(cells.count == 20)
        #expect(cells.last?.identifier == "photo-45")
        #expect(stage.screen.list == ListWindow(first: 25, total: 45))
        #expect(Renderer.render(stage.screen).contains("rows 26–45 of 45"))
    }

    private func makeSUT(library: InMemoryPhotoLibrary, access: PhotoAccessStub) -> (WorkPhotosScreen, ManualScheduler, NavigationSpy) {
        let scheduler = ManualScheduler()
        let navigator = NavigationSpy()
        let screen = WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: library, access: access, scheduler: scheduler,
            formatting: PhotoFormatting(timeZone: TimeZone(identifier: "UTC")!), navigator: navigator,
            confirmer: confirmer, drive: drive, progress: StageProgress(stage: stage)
        ))
        return (screen, scheduler, navigator)
    }
}
