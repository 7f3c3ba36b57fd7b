@testable import FlowRunner
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `OutputFile`, the one writer of a file a person named: whole or not at all, missing folders
/// made, and nothing but a regular file ever replaced. Each kind of target is tried; a device is
/// only ever reached through a path the writer must refuse before it opens anything (these tests
/// run as root: a rename over a real device would replace it).
struct OutputFileTests {
    @Test func aNewFileIsWrittenWithItsFoldersAndNothingElseIsLeft() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.write("hello\n", to: folder.path("a/b/out.xml"))
        #expect(try String(contentsOfFile: folder.path("a/b/out.xml"), encoding: .utf8) == "hello\n")
        #expect(folder.names("a/b") == ["out.xml"], "no temporary file is left beside it")
    }

    @Test func anExistingFileIsReplacedWholeAndKeepsItsPermissions() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let file = folder.path("out.txt")
        try OutputFile.write("old, and longer than the new text\n", to: file)
        chmod(file, 0o640)
        try OutputFile.write("new\n", to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
        #expect(folder.mode("out.txt") == 0o640)
        #expect(folder.names("") == ["out.txt"])
    }

    @Test func aFolderIsRefusedAndStaysAFolder() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("taken"), withIntermediateDirectories: true)
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("taken")) }
        #expect(error.reason == .notAFile(.folder))
        #expect(error.description == "cannot write \(folder.path("taken")): it is a folder, not a regular file, and would be replaced: give a file's path inside it")
        #expect(InputFile.kind(folder.path("taken")) == .folder)
        #expect(folder.names("") == ["taken"])
    }

    @Test func theRootFolderIsRefused() throws {
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: "/") }
        #expect(error.description == "cannot write /: it is a folder, not a regular file, and would be replaced: give a file's path inside it")
    }

    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try #require(mkfifo(folder.path("pipe"), 0o600) == 0)
        // Opening a FIFO to write blocks until a reader comes: a refusal that opened it would hang here.
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("pipe")) }
        #expect(error.explanation == "it is a FIFO (named pipe), not a regular file, and would be replaced: give a file's path")
        #expect(InputFile.kind(folder.path("pipe")) == .fifo)
        #expect(folder.names("") == ["pipe"])
    }

    @Test(.enabled(if: Folder.canMakeDevices, "making a device node needs root"))
    func aDeviceIsRefusedAndStaysADevice() throws {
        // A node of the test's own: a writer that wrongly renamed over it would replace only this
        // node, never the system's /dev/null (as `:save /dev/null` did, run as root).
        let folder = try Folder()
        defer { folder.remove() }
        try #require(folder.makeNullDevice("null"))
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("null")) }
        #expect(error.reason == .notAFile(.characterDevice))
        #expect(error.explanation == "it is a character device, not a regular file, and would be replaced: give a file's path")
        #expect(InputFile.kind(folder.path("null")) == .characterDevice)
        #expect(folder.names("") == ["null"])
    }

    @Test func aSocketIsRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let path = folder.path("socket")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0, "errno \(errno)")
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: path) }
        #expect(error.reason == .notAFile(.socket))
    }

    @Test func aLinkToAFileIsWrittenThroughAndStaysALink() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.write("old\n", to: folder.path("real/target.xml"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.xml"), withDestinationPath: "real/target.xml")
        try OutputFile.write("new\n", to: folder.path("link.xml"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.xml")) == "real/target.xml", "the link stays")
        #expect(try String(contentsOfFile: folder.path("real/target.xml"), encoding: .utf8) == "new\n", "its file is replaced")
        #expect(folder.names("real") == ["target.xml"], "the temporary file was beside the target, and is gone")
    }

    @Test func aDanglingLinkIsRefusedAndNothingAppearsWhereItPoints() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.xml"), withDestinationPath: "nowhere/x.xml")
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("link.xml")) }
        #expect(error.explanation == "it is a symbolic link to nowhere/x.xml, which does not exist: create that file or remove the link")
        #expect(folder.names("") == ["link.xml"])
    }

    @Test(.enabled(if: Folder.canMakeDevices, "making a device node needs root"))
    func aLinkToADeviceOrAFolderIsRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try #require(folder.makeNullDevice("null"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("devlink"), withDestinationPath: "null")
        try FileManager.default.createSymbolicLink(atPath: folder.path("here"), withDestinationPath: ".")
        let device = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("devlink")) }
        #expect(device.explanation == "it is a symbolic link to null, which is a character device, not a regular file: give a file's path")
        let here = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("here")) }
        #expect(here.reason == .linkToNotAFile(".", .folder))
        #expect(InputFile.kind(folder.path("null")) == .characterDevice)
    }

    @Test func aLinkThatPointsAtItselfIsRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.path("loop"), withDestinationPath: "loop")
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("loop")) }
        #expect(error.explanation == "too many symbolic links on the way (a link that points back to itself?)")
    }

    @Test(arguments: [("a\u{0}b", 0x00), ("line\nbreak", 0x0A), ("esc\u{1B}[2J", 0x1B), ("del\u{7F}", 0x7F), ("c1\u{85}", 0x85)])
    func aPathWithAControlCharacterIsRefused(name: String, code: UInt32) throws {
        let folder = try Folder()
        defer { folder.remove() }
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path(name)) }
        #expect(error.reason == .controlCharacter(code))
        #expect(!error.description.unicodeScalars.contains { $0.properties.generalCategory == .control }, "the path is shown escaped")
        #expect(folder.names("").isEmpty)
    }

    @Test func anEmptyPathAFolderPathAndAFileOnTheWayAreRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.write("a file\n", to: folder.path("file"))
        #expect(throws: OutputFileError(path: "", reason: .empty)) { try OutputFile.write("x", to: "") }
        #expect(throws: OutputFileError(path: folder.path("new/"), reason: .endsInSlash)) { try OutputFile.write("x", to: folder.path("new/")) }
        let below = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("file/deeper/x.xml")) }
        #expect(below.explanation == "\(folder.path("file")) is not a folder, so nothing can be written below it")
        #expect(folder.names("") == ["file"])
    }

    /// The system climbs `..` only out of a folder that is there: `new/../file/x.xml` failed only
    /// once `new` was made, and `made/deeper/../../x.xml` left `made/deeper` behind its file. Both
    /// are refused before anything is made, and so is a file, or a link to nothing, on the way
    /// below a folder still to be made. (The MCP server's `save_flow` had this rule alone.)
    @Test(arguments: [
        ("new/../file/x.xml", "a .. comes after NEW, a folder that is not there yet: give the path without ..", "new"),
        ("made/deeper/../../x.xml", "a .. comes after MADE, a folder that is not there yet: give the path without ..", "made"),
        ("new/..", "a .. comes after NEW, a folder that is not there yet: give the path without ..", "new"),
        ("file/x.xml", "FILE is not a folder, so nothing can be written below it", "file"),
        ("nowhere/x.xml", "NOWHERE is not a folder, so nothing can be written below it", "nowhere"),
    ])
    func aPathThatCouldFailOnlyOnceFoldersWereMadeIsRefusedBeforeAny(path: String, explanation: String, named: String) throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.write("a file\n", to: folder.path("file"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("nowhere"), withDestinationPath: "gone")
        let before = folder.names("")
        let words = explanation.replacingOccurrences(of: "NEW", with: folder.path("new")).replacingOccurrences(of: "MADE", with: folder.path("made"))
            .replacingOccurrences(of: "FILE", with: folder.path("file")).replacingOccurrences(of: "NOWHERE", with: folder.path("nowhere"))
        let written = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path(path)) }
        #expect(written.explanation == words)
        let checked = try #require(throws: OutputFileError.self) { try OutputFile.check(folder.path(path)) }
        #expect(checked == written, "a check says what the write would")
        let asFolder = try #require(throws: OutputFileError.self) { try OutputFile.folder(folder.path(path)) }
        #expect(asFolder.explanation == words, "a report folder's path is held to the same rule")
        #expect(folder.names("") == before, "nothing was made, \(named) included")
    }

    @Test func aControlCharacterIsSaidWithWhereItIs() throws {
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: "out/a\u{0}b.yaml") }
        #expect(error.description == "cannot write out/a\\u{0}b.yaml: the path holds a NUL character (U+0000) at character 6: give a path without one")
        #expect(OutputFileError(path: "", reason: .empty).description == #"cannot write "": the path is empty: give a file's path"#)
    }

    @Test(.enabled(if: getuid() != 0, "root may write in a read-only folder"))
    func aReadOnlyFolderSaysSoAndLeavesNothing() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("locked"), withIntermediateDirectories: true)
        chmod(folder.path("locked"), 0o555)
        defer { chmod(folder.path("locked"), 0o755) }
        let error = try #require(throws: OutputFileError.self) { try OutputFile.write("x", to: folder.path("locked/x.xml")) }
        #expect(error.explanation == "no permission to write in the folder \(folder.path("locked"))")
        #expect(folder.names("locked").isEmpty)
    }

    @Test(arguments: [
        (ENOSPC, "no space left on the device"), (EROFS, "the file system is read-only"), (EDQUOT, "the disk quota is used up"),
        (EACCES, "no permission to write"), (EIO, "an input/output error on the device"), (ENAMETOOLONG, "the path, or a name in it, is too long"),
    ])
    func theSystemsErrorsAreSaidInWords(code: Int32, words: String) {
        let error = OutputFileError(path: "out.xml", reason: .system(code, .writing))
        #expect(error.description == "cannot write out.xml: \(words)")
        #expect(!error.description.contains("NSCocoaErrorDomain"))
    }

    @Test func aTemporaryFileOfAWriterThatWasKilledIsRemovedByTheNextWrite() throws {
        let folder = try Folder()
        defer { folder.remove() }
        // No process has pid 2^22 + 1 (above Linux's largest pid_max); pid 1 is alive, so its file stays.
        let abandoned = [".out.xml.4194305-abc.tmp", ".other.5.4194305-x9.tmp"], alive = ".out.xml.1-abc.tmp", other = ".notes.tmp"
        for name in abandoned + [alive, other] { #expect(FileManager.default.createFile(atPath: folder.path(name), contents: Data())) }
        try OutputFile.write("x", to: folder.path("out.xml"))
        #expect(folder.names("") == [other, alive, "out.xml"].sorted())
    }

    @Test func aFolderForAReportIsMadeOrMustBeOne() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try OutputFile.folder(folder.path("report/inner"))
        #expect(InputFile.kind(folder.path("report/inner")) == .folder)
        try OutputFile.write("x", to: folder.path("file"))
        #expect(throws: OutputFileError(path: folder.path("file"), reason: .notAFolderItself(.file))) { try OutputFile.folder(folder.path("file")) }
        #expect(throws: OutputFileError(path: folder.path("file"), reason: .notAFolderItself(.file))) { try OutputFile.checkFolder(folder.path("file")) }
    }

    @Test(arguments: [
        ("a/b", "a", "b"), ("a", "", "a"), ("/a", "/", "a"), ("a/b/", "a", "b"), ("/", "/", "/"), ("", "", ""), ("a//b", "a", "b"), ("j", "", "j"),
    ])
    func pathTextSplitsAsDirnameAndBasename(path: String, parent: String, name: String) {
        #expect(PathText.parent(of: path) == parent)
        #expect(PathText.name(of: path) == name)
    }
}

/// A fresh folder of the test's own, removed at the end.
struct Folder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("output-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A folder that exists already (a workspace's).
    init(url: URL) {
        self.url = url
    }

    func path(_ name: String) -> String { name.isEmpty ? url.path : url.path + "/" + name }

    /// The names in `sub`, hidden ones included, sorted.
    func names(_ sub: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(sub))) ?? []).sorted()
    }

    func mode(_ name: String) -> mode_t {
        var info = stat()
        return stat(path(name), &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Only root may make a device node.
    static var canMakeDevices: Bool { getuid() == 0 }

    /// A null device node (character device 1, 3) named `name` in the folder: what a test points
    /// a writer at instead of the system's `/dev/null`, which a wrong rename would replace.
    func makeNullDevice(_ name: String) -> Bool {
        mknod(path(name), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
    }
}
