import FlowKit
import Testing
import WorkPhotosRobots

/// A photo's detail and Show & Hide, driven through the screens only.
struct PhotoDetailFlowTests {
    @Test(.workPhotosApp())
    func showAndHideIsReadyThenSwitchesBackAndForthThenApplies() {
        PhotoPermissionAlert.answerWhenAsked(in: FlowApp.current!, allow: true)
        LoginRobot().login().reviewWorkPhotos()
            .openPhotoWatchingShowAndHide(1)
            .checkPhoto(date: "Mon 1 Jun 2026, 09:05", place: "Office")
            .checkShowAndHideReady(colour: "#D62828")
            .showShowAndHide().checkShowingShowAndHide()
            .showOriginal().checkShowingOriginal()
            .apply()
            .checkApplyEnabled(false)
            .back()
            .checkWorkPhotos(count: 8)
    }

    @Test(.workPhotosApp())
    func anAppliedPictureIsTheOneShownNextTime() {
        PhotoPermissionAlert.answerWhenAsked(in: FlowApp.current!, allow: true)
        LoginRobot().login().reviewWorkPhotos().openPhoto(2).apply().back().openPhoto(2).checkShowingOriginal()
        FlowApp.current?.images["picture"].assertLabel("64×48, the original")
    }
}

/// Deleting work photos: the system asks, and the list and the glance follow.
struct DeleteFlowTests {
    @Test(.workPhotosApp())
    func aConfirmedDeletionRemovesThePhotosEverywhere() {
        PhotoPermissionAlert.answerWhenAsked(in: FlowApp.current!, allow: true)
        LoginRobot().login().reviewWorkPhotos()
            .select([2])
            .delete(confirm: true)
            .checkNotice("1 photo deleted")
            .checkWorkPhotos(count: 7)
            .back()
            .checkCounts(work: 7, other: 1)
    }

    @Test(.workPhotosApp())
    func aRefusedDeletionKeepsEveryPhoto() {
        PhotoPermissionAlert.answerWhenAsked(in: FlowApp.current!, allow: true)
        LoginRobot().login().reviewWorkPhotos()
            .select([1, 2, 3])
            .delete(confirm: false)
            .checkNotice("Nothing was deleted")
            .checkWorkPhotos(count: 8)
    }
}
