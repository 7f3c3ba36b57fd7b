import FlowKit
import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosIdentifiers
import WorkPhotosRobots
import WorkPhotosTesting
import WorkPhotosUI

/// The glance's property (`reviewListsTheWorkPhotosCounted`) read on the screens the app draws:
/// it holds when the list shows what the glance counts, and fails, saying what it found, on a
/// build whose glance counts one photo the list does not show.
@MainActor
struct GlancePropertyTests {
    let scheduler = ManualScheduler()
    let navigator = NavigatorDummy()
    let formatting = PhotoFormatting(timeZone: .gmt)

    var property: AppProperty {
        get throws { try #require(WorkPhotosCatalog.catalog.property(named: "reviewListsTheWorkPhotosCounted")) }
    }

    @Test func itHoldsWhenTheListShowsWhatTheGlanceCounts() throws {
        let library = Self.library(work: 8)
        let verdict = try property.verdict(before: glance(library), after: list(library))
        #expect(verdict == .holds)
    }

    @Test func itFailsOnABuildWhoseGlanceCountsOnePhotoTheListDoesNotShow() throws {
        let verdict = try property.verdict(before: glance(Self.library(work: 8)), after: list(Self.library(work: 7)))
        #expect(verdict == .violated(#"check that static text "status" has label "8 work photos" failed: static text "status" has label "7 work photos", expected "8 work photos""#),
                "\(verdict)")
    }

    @Test func itSaysNothingWhenTheGlanceCountsNothing() throws {
        let denied = InMemoryPhotoLibrary(authorization: .denied)
        let verdict = try property.verdict(before: glance(denied, access: PhotoAccessStub(answer: .denied)), after: list(Self.library(work: 3)))
        #expect(verdict == .holds, "no count, nothing to compare")
    }

    @Test func itIsCheckedAfterReviewOnTheGlanceOnly() throws {
        let property = try property
        #expect(property.kind == .action && property.trigger == .tap(Identifiers.Glance.review))
        #expect(property.applies(toScreenTitled: GlanceRobot.screenTitle) && !property.applies(toScreenTitled: PhotosRobot.screenTitle))
    }

    // MARK: - Helpers

    static func library(work: Int) -> InMemoryPhotoLibrary {
        InMemoryPhotoLibrary(authorization: .authorized, photos: (1...work).map { PhotoFactory.photo(Int64($0)) }, workLocations: [PhotoFactory.office])
    }

    private func glance(_ library: InMemoryPhotoLibrary, access: PhotoAccessStub = PhotoAccessStub()) -> Frame {
        let screen = GlanceScreen(presenter: GlancePresenter(
            account: Account(username: "test"), library: library, access: access, scheduler: scheduler, formatting: formatting, navigator: navigator
        ))
        screen.didAppear()
        scheduler.runAll()
        return Self.frame(ScreenSnapshot(title: screen.title, elements: screen.elements))
    }

    private func list(_ library: InMemoryPhotoLibrary) -> Frame {
        let screen = WorkPhotosScreen(presenter: WorkPhotosPresenter(
            library: library, access: PhotoAccessStub(), scheduler: scheduler, formatting: formatting, navigator: navigator,
            confirmer: DeletionConfirmationFake(), drive: DriveFake(), progress: StageProgress(stage: Stage())
        ))
        screen.didAppear()
        scheduler.runAll()
        return Self.frame(ScreenSnapshot(title: screen.title, elements: screen.elements, list: screen.list))
    }

    static func frame(_ screen: ScreenSnapshot) -> Frame {
        Frame(seq: 1, reply: nil, idle: true, error: nil, screen: screen, text: screen.title)
    }
}
