import FlowKit
import FlowTesting
import Foundation
import Testing
import WorkPhotosRobots

/// Upload to Drive, driven as a person would, on the test drive (`-drive.*`) and on a real folder.
@Suite
struct UploadFlowTests {
    static let unreachable = "the drive cannot be reached. Check your connection and try again"

    @Test(.workPhotosApp())
    func everyWorkPhotoIsUploadedAndTheGlanceShowsIt() {
        LoginRobot().login()
            .answerPhotoAccess(allow: true)
            .checkNoUpload()
            .reviewWorkPhotos()
            .selectAll()
            .upload()
            .checkUploaded(8)
            .back()
            .checkLastUpload(count: 8)
    }

    @Test(.workPhotosApp(arguments: ["-drive.failures", "1"]))
    func aFailedUploadSaysWhyAndRetrySendsTheSamePhotos() {
        PhotoPermissionAlert.answerWhenAsked(in: FlowApp.current!, allow: true)
        LoginRobot().login().reviewWorkPhotos()
            .select([1, 3])
            .upload()
            .checkUploadFailed(Self.unreachable)
            .retryUpload()
            .checkUploaded(2)
            .back()
            .checkLastUpload(count: 2)
    }

    @Test(.workPhotosApp(arguments: ["-drive.delay", "0.5"]))
    func aSlowUploadShowsTheOverlayInTheBusyFramesUntilItEnds() throws {
        let app = try #require(FlowApp.current)
        PhotoPermissionAlert.answerWhenAsked(in: app, allow: true)
        LoginRobot().login().reviewWorkPhotos().selectAll()

        app.buttons["Upload to Drive"].tap(waitForIdle: false)
        #expect(app.alerts["Uploading…"].waitForExistence(timeout: 5), "seen while the upload is in flight")
        #expect(app.alerts["Uploading…"].staticTexts["Uploading 8 photos to the drive"].waitForExistence(timeout: 5))
        #expect(app.alerts["Uploading…"].waitForNonExistence(timeout: 10), "and seen to go when it ends")
        PhotosRobot().checkUploaded(8)
    }

    @Test func aRealDriveFolderGetsTheFilesAndAManifest() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-drive-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        try withApp(arguments: ["-drive.folder", folder]) { _ in
            LoginRobot().login().reviewWorkPhotos().select([1, 2]).upload().checkUploaded(2)
        }

        let uploads = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(uploads.count == 1 && uploads[0].hasPrefix("upload-"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + uploads[0]).sorted()
        #expect(files == ["SHA256SUMS", "manifest.json", "office-green-plant.ppm", "office-red-wall.ppm"])
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + uploads[0] + "/manifest.json")))
        let photos = (manifest as? [String: Any])?["photos"] as? [[String: Any]]
        #expect(photos?.compactMap { $0["name"] as? String } == ["office-red-wall", "office-green-plant"])
        #expect(photos?.first?["bytes"] as? Int == 13 + 64 * 48 * 3)
    }

    @Test func aMissingDriveFolderIsSaidOnScreenAndNothingIsMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-no-drive-\(UUID().uuidString)").path
        try withApp(arguments: ["-drive.folder", folder]) { _ in
            LoginRobot().login().reviewWorkPhotos().select([1]).upload()
                .checkUploadFailed("the drive folder \(folder) does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// A test of its own app, for arguments that carry a path made by the test.
    private func withApp(arguments: [String], _ body: (FlowApp) throws -> Void) throws {
        let prepared = try AppLaunch.workPhotos(arguments: arguments).prepare(reporter: IssueReporter())
        defer { prepared.cleanUp() }
        prepared.app.launch()
        defer { prepared.app.terminate() }
        PhotoPermissionAlert.answerWhenAsked(in: prepared.app, allow: true)
        try FlowApp.$current.withValue(prepared.app) { try body(prepared.app) }
    }
}
