import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosTesting
import WorkPhotosUI

@MainActor
struct SystemPhotoAccessTests {
    @Test(arguments: [("OK", PhotoAuthorization.authorized), ("Don't Allow", .denied)])
    func theFirstRequestRaisesTheSystemAlertAndStoresTheAnswer(button: String, expected: PhotoAuthorization) throws {
        let (sut, session, library) = makeSUT(.notDetermined)
        var answers: [PhotoAuthorization] = []

        sut.requestAccess { answers.append($0) }
        sut.requestAccess { answers.append($0) }  // a second request while the alert is up

        let alert = try #require(session.stage.screen.topAlert)
        #expect(alert.identifier == "PhotosPermission")
        #expect(alert.label == "\"WorkPhotos\" Would Like to Access Your Photos")
        #expect(alert.children.filter { $0.kind == .button }.map(\.label) == ["Don't Allow", "OK"])
        #expect(answers.isEmpty)

        try session.perform(.tap(button))

        #expect(answers == [expected, expected], "one alert answers every request")
        #expect(try library.authorization() == expected)
        #expect(session.stage.screen.topAlert == nil)
    }

    @Test(arguments: [PhotoAuthorization.authorized, .denied])
    func anEarlierAnswerIsGivenWithoutAnAlert(stored: PhotoAuthorization) {
        let (sut, session, _) = makeSUT(stored)
        var answers: [PhotoAuthorization] = []
        sut.requestAccess { answers.append($0) }
        #expect(answers == [stored])
        #expect(session.stage.screen.topAlert == nil)
    }

    @Test func anUnreadableAuthorizationIsLoggedAndLeftToTheLibraryReadToExplain() {
        struct Broken: Error {}
        let library = InMemoryPhotoLibrary()
        library.fail(with: Broken())
        let log = LogSpy()
        let stage = Stage()
        let access = SystemPhotoAccess(library: library, stage: stage, logger: log)
        var answers: [PhotoAuthorization] = []
        access.requestAccess { answers.append($0) }
        #expect(stage.screen.topAlert == nil)
        #expect(answers == [.authorized], "not denied: that would send the user to Settings for nothing")
        #expect(log.messages == ["photos: cannot read the authorization (the library read will say why): Broken()"])
    }

    @Test func anAnswerThatCannotBeStoredIsSaidOnTheScreen() throws {
        struct Replaced: UserFacingError { var userMessage: String { "the photo store was replaced" } }
        let (sut, session, library) = makeSUT(.notDetermined)
        library.failWrites(with: Replaced())
        var answers: [PhotoAuthorization] = []
        sut.requestAccess { answers.append($0) }

        try session.perform(.tap("OK"))

        #expect(answers == [.authorized], "the app goes on with the answer for this run")
        let alert = try #require(session.stage.screen.topAlert)
        #expect(alert.identifier == "PhotosAnswerNotSaved")
        #expect(alert.label == "Your answer was not saved")
        #expect(alert.children.first?.label == "WorkPhotos could not store it: the photo store was replaced. It will ask again next time.")
        try session.perform(.tap("OK"))
        #expect(session.stage.screen.topAlert == nil)
    }

    private func makeSUT(_ authorization: PhotoAuthorization) -> (SystemPhotoAccess, Session, InMemoryPhotoLibrary) {
        let stage = Stage()
        stage.setRoot(BlankScreen())
        let library = InMemoryPhotoLibrary(authorization: authorization)
        return (SystemPhotoAccess(library: library, stage: stage, logger: LogSpy()), Session(stage: stage), library)
    }
}

@MainActor
private final class BlankScreen: ScreenController {
    let title = "Blank"
    let elements: [Element] = [.button("Behind")]
    func tap(_ identifier: String) {}
    func enter(_ text: String, into identifier: String) {}
}
