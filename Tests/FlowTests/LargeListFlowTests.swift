import FlowKit
import Foundation
import Testing
import WorkPhotosRobots

/// Five thousand work photos (the `large` fixture): frames stay small, and FlowKit scrolls to a row
/// that is not on screen, as XCUITest does.
@Suite(.workPhotosApp(fixture: "large"))
struct LargeListFlowTests {
    @Test func theListShowsAWindowAndCountsEveryRow() throws {
        let photos = LoginRobot().login().reviewWorkPhotos().checkWorkPhotos(count: 5000)
        let screen = try #require(photos.app.snapshot())
        #expect(screen.elements.filter { $0.kind == .cell }.count == 20)
        #expect(screen.list == ListWindow(first: 0, total: 5000))
        #expect(WireCodec.encode(screen).count < 16 * 1024)
    }

    @Test func aRowFarDownIsFoundByIndexAndByName() {
        let photos = LoginRobot().login().reviewWorkPhotos()
        photos.checkPhoto(4000, date: "Mon 30 Nov 2026, 14:00", place: "Office")
        photos.app.cells["photo-7999"].assertLabel("Mon 30 Nov 2026, 14:00")
        photos.app.cells["Mon 30 Nov 2026, 14:00"].assertVisible()
        photos.app.cells["photo-2"].assertNotVisible()  // a home photo: the whole list is looked through
    }

    @Test func aRowFarDownCanBeTappedToOpenItsPhoto() {
        let photos = LoginRobot().login().reviewWorkPhotos()
        photos.app.cells["photo-9999"].tap()
        photos.app.staticTexts["date"].assertLabel("Sun 21 Feb 2027, 22:00")
        photos.app.back()
        photos.app.staticTexts["status"].assertLabel("5000 work photos")
    }
}
