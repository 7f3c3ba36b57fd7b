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
        #expect(verdict == .violated("check that there are 8 cells failed: there are 7 on the idle screen"),
                "\(verdict)")
    }

    /// With no work photo, the list says so in words of its own ("No work photos. ..."), not
    /// "0 work photos": what the glance counts is the rows, none. Explore met it after deleting
    /// them all.
    @Test func itHoldsWhenTheGlanceCountsNoneAndTheListIsEmpty() throws {
        let verdict = try property.verdict(before: glance(Self.library(work: 0)), after: list(Self.library(work: 0)))
        #expect(verdict == .holds, "\(verdict)")
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
        InMemoryPhotoLibrary(authorization: .authorized, photos: (0..<work).map { PhotoFactory.photo(Int64($0 + 1)) }, workLocations: [PhotoFactory.office])
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
