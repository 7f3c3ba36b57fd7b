import Foundation
import Synchronization
import Testing
import WorkPhotos
@testable import WorkPhotosDrive
import WorkPhotosTesting

struct FolderDriveTests {
    static let red = RGBImage(width: 1, height: 1, pixels: [255, 0, 0])!
    static let redThenBlue = RGBImage(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])!
    /// `printf 'P6\n1 1\n255\n\xff\x00\x00' | sha256sum`
    static let redChecksum = "8dee30e2caa26a23f15a2e903788b34b4bd247a15ccb4feed7ec8b3db1bc71ee"
    static let redThenBlueChecksum = "b7a464a9032f045c93a1761df45bf2bf74461d7818fd9d44ccf8e0505011d9e8"

    @Test func anUploadIsOneFolderOfPPMFilesAndAManifestWithChecksumsAsSha256sumPrintsThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let photos = [photo(1, "office-red-wall", 1, 1), photo(2, "office-blue-screen", 2, 1)]

        let receipt = try FolderDrive(folder: directory.path("")).upload(photos, at: PhotoFactory.june1(17, 30)) { photo in
            photo.id == 1 ? Self.red : Self.redThenBlue
        }

        #expect(receipt.destination == directory.path("upload-2026-06-01T173000Z"))
        #expect(try contents(directory.path("")) == ["upload-2026-06-01T173000Z"])
        #expect(try contents(receipt.destination) == ["SHA256SUMS", "manifest.json", "office-blue-screen.ppm", "office-red-wall.ppm"])
        #expect(try String(contentsOfFile: receipt.destination + "/SHA256SUMS", encoding: .utf8)
            == "\(Self.redChecksum)  office-red-wall.ppm\n\(Self.redThenBlueChecksum)  office-blue-screen.ppm\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: receipt.destination + "/office-red-wall.ppm")) == Data("P6\n1 1\n255\n".utf8) + [255, 0, 0])

        let manifest = try Manifest.decode(Data(contentsOf: URL(fileURLWithPath: receipt.destination + "/manifest.json")))
        #expect(manifest.format == "workphotos-drive-manifest/1")
        #expect(manifest.uploadedAt == PhotoFactory.june1(17, 30))
        #expect(manifest.photos.map(\.name) == ["office-red-wall", "office-blue-screen"])
        #expect(manifest.photos.map(\.file) == ["office-red-wall.ppm", "office-blue-screen.ppm"])
        #expect(manifest.photos.map(\.sha256) == [Self.redChecksum, Self.redThenBlueChecksum])
        #expect(manifest.photos.map(\.bytes) == [14, 17])
        #expect(manifest.photos[0].takenAt == PhotoFactory.june1(9))
        #expect(manifest.photos[0].place == "Office")
        #expect(manifest.photos[0].latitude == PhotoFactory.atOffice.latitude)
        #expect(manifest.photos[0].longitude == PhotoFactory.atOffice.longitude)
        #expect(manifest.photos[1].width == 2 && manifest.photos[1].height == 1)
    }

    @Test func theManifestReadsAsPlainJSONWithISODates() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let receipt = try FolderDrive(folder: directory.path("")).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17, 30)) { _ in Self.red }
        let text = try String(contentsOfFile: receipt.destination + "/manifest.json", encoding: .utf8)
        #expect(text.contains(#""uploadedAt" : "2026-06-01T17:30:00Z""#))
        #expect(text.contains(#""takenAt" : "2026-06-01T09:00:00Z""#))
        #expect(text.contains(#""sha256" : "\#(Self.redChecksum)""#))
    }

    @Test func anUploadThatFailsHalfWayLeavesNothingInTheFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        struct Lost: Error {}
        #expect(throws: Lost.self) {
            try FolderDrive(folder: directory.path("")).upload([photo(1, "a", 1, 1), photo(2, "b", 1, 1)], at: PhotoFactory.june1(17)) { photo in
                if photo.id == 2 { throw Lost() }
                return Self.red
            }
        }
        #expect(try contents(directory.path("")) == [], "no upload folder, no partial folder, no manifest")
    }

    @Test func twoUploadsOfTheSameSecondNeverMeet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let drive = FolderDrive(folder: directory.path(""))
        let first = try drive.upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        let second = try drive.upload([photo(2, "b", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        #expect(first.destination.hasSuffix("/upload-2026-06-01T170000Z"))
        #expect(second.destination.hasSuffix("/upload-2026-06-01T170000Z-2"))
        #expect(try contents(first.destination) == ["SHA256SUMS", "a.ppm", "manifest.json"])
        #expect(try contents(second.destination) == ["SHA256SUMS", "b.ppm", "manifest.json"])
    }

    @Test func uploadsRunningAtOnceIntoOneFolderEachLandWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let drive = FolderDrive(folder: directory.path(""))
        let receipts = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            let photos = (0..<5).map { photo(Int64(index * 10 + $0), "p\(index)-\($0)", 1, 1) }
            if let receipt = try? drive.upload(photos, at: PhotoFactory.june1(17), picture: { _ in Self.red }) {
                receipts.withLock { $0.append(receipt.destination) }
            }
        }
        let destinations = receipts.withLock { $0 }
        #expect(Set(destinations).count == 6, "six uploads, six folders")
        #expect(try contents(directory.path("")).count == 6, "and nothing else: no partial folder left")
        for destination in destinations {
            let manifest = try Manifest.decode(Data(contentsOf: URL(fileURLWithPath: destination + "/manifest.json")))
            #expect(manifest.photos.count == 5)
            #expect(try contents(destination).count == 7)
            #expect(Set(manifest.photos.map { $0.name.prefix(2) }).count == 1, "no upload holds another's photos")
        }
    }

    @Test func photoNamesBecomeSafeUniqueFileNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let names = ["../../etc/passwd", "a/b", ".hidden", "same", "SAME", "manifest.json", "", "tab\there", String(repeating: "é", count: 300)]
        let photos = names.enumerated().map { photo(Int64($0.offset + 1), $0.element, 1, 1) }
        let receipt = try FolderDrive(folder: directory.path("")).upload(photos, at: PhotoFactory.june1(17)) { _ in Self.red }

        let files = try Manifest.decode(Data(contentsOf: URL(fileURLWithPath: receipt.destination + "/manifest.json"))).photos.map(\.file)
        #expect(Array(files.prefix(8)) == [
            "_.._etc_passwd.ppm", "a_b.ppm", "hidden.ppm", "same.ppm", "SAME-2.ppm", "manifest.json.ppm", "photo.ppm", "tab_here.ppm",
        ])
        #expect(files[8].utf8.count <= 204 && files[8].hasSuffix(".ppm"))
        #expect(try contents(directory.path("")) == [URL(fileURLWithPath: receipt.destination).lastPathComponent], "nothing written outside")
        #expect(try contents(receipt.destination).count == names.count + 2)
    }

    @Test func aMissingFolderIsSaidAndNotMade() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path("no-such-drive")
        #expect(throws: DriveError.folderMissing(path: folder)) {
            try FolderDrive(folder: folder).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(DriveError.folderMissing(path: folder).userMessage == "the drive folder \(folder) does not exist")
    }

    /// The per-user default folder (`$XDG_DATA_HOME/workphotos/Drive`, which the composition root
    /// picks; `DefaultStorePathTests` pins the path) is made, with its parents, on first use.
    @Test func theDefaultFolderIsMadeOnFirstUse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path("data") + "/workphotos/Drive"
        let receipt = try FolderDrive(folder: folder, createsFolder: true).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        #expect(receipt.destination.hasPrefix(folder + "/upload-"))
    }

    @Test func aFileWhereTheFolderShouldBeIsSaid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.path("drive")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: DriveError.notAFolder(path: file)) {
            try FolderDrive(folder: file).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("x".utf8), "left as it was")
    }

    /// chmod cannot stop root, and the tests may run as root: /proc/self refuses even root.
    @Test func aFolderThatCannotBeWrittenIsSaid() throws {
        let directory = try TemporaryDirectory()
        defer {
            chmod(directory.path("locked"), 0o755)
            directory.remove()
        }
        let folder: String
        if geteuid() == 0 {
            folder = "/proc/self"
        } else {
            folder = directory.path("locked")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            chmod(folder, 0o555)
        }
        #expect {
            try FolderDrive(folder: folder).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }
        } throws: { error in
            guard case let .notWritable(path, reason)? = error as? DriveError else { return false }
            return path == folder && !reason.isEmpty
        }
    }

    @Test func aPartialFolderLeftByAKilledUploadIsRemovedButARunningOnesIsKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deadPID = try Self.exitedProcessID()
        let abandoned = directory.path(".upload-\(deadPID)-X.partial"), running = directory.path(".upload-\(getpid())-Y.partial")
        for path in [abandoned, running] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("half".utf8).write(to: URL(fileURLWithPath: path + "/half.ppm"))
        }

        _ = try FolderDrive(folder: directory.path("")).upload([photo(1, "a", 1, 1)], at: PhotoFactory.june1(17)) { _ in Self.red }

        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test func theChecksumIsSHA256() {
        #expect(Checksum.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Checksum.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    // MARK: - Helpers

    private func photo(_ id: Int64, _ name: String, _ width: Int, _ height: Int) -> Photo {
        Photo(id: id, name: name, takenAt: PhotoFactory.june1(9), coordinate: PhotoFactory.atOffice, place: "Office", width: width, height: height)
    }

    private func contents(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The id of a process that has ended and been reaped: nothing runs under it now.
    private static func exitedProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
