import Foundation
import WorkPhotos

#if canImport(Glibc)
import Glibc
#endif

/// The real drive: a folder (`-drive.folder PATH`, a synced or mounted one in real life).
///
/// Each upload becomes one subfolder, `upload-2026-06-01T173000Z`, holding every photo as a
/// binary PPM file (`office-red-wall.ppm`), `manifest.json` (names, dates, places, coordinates,
/// sizes and SHA-256 checksums, as `sha256sum` prints them) and `SHA256SUMS`, so that
/// `sha256sum -c SHA256SUMS` checks the files without WorkPhotos. The subfolder is written under a
/// hidden `.partial` name and renamed into place only when complete, so an upload that fails or
/// is killed half-way leaves no upload folder and no manifest; a partial folder a killed upload
/// left behind is removed by the next upload.
public struct FolderDrive: Drive {
    public let folder: String
    /// True for the per-user default folder the app picks when no `-drive.folder` is given: it is
    /// made, with its parents, on first use. A folder given with `-drive.folder` must exist (a typo
    /// must not create a stray folder).
    public let createsFolder: Bool

    public static let manifestName = "manifest.json"
    public static let checksumsName = "SHA256SUMS"
    static let partialPrefix = ".upload-"
    static let partialSuffix = ".partial"

    public init(folder: String, createsFolder: Bool = false) {
        self.folder = folder
        self.createsFolder = createsFolder
    }

    /// Why the folder cannot take an upload now, or nil when it can. Also said at launch.
    public func problem() -> DriveError? {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            return errno == ENOENT ? .folderMissing(path: folder) : .notWritable(path: folder, reason: Self.describeErrno())
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return .notAFolder(path: folder) }
        guard access(folder, W_OK | X_OK) == 0 else { return .notWritable(path: folder, reason: Self.describeErrno()) }
        return nil
    }

    public func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt {
        if createsFolder, problem() == .folderMissing(path: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw DriveError.notWritable(path: folder, reason: "it could not be made: \(error.localizedDescription)")
            }
        }
        if let problem = problem() { throw problem }
        removeAbandonedPartials()

        let partial = folder + "/" + Self.partialPrefix + "\(getpid())-\(UUID().uuidString)" + Self.partialSuffix
        guard mkdir(partial, 0o755) == 0 else { throw DriveError.notWritable(path: folder, reason: Self.describeErrno()) }
        do {
            var entries: [Manifest.Entry] = []
            var fileNames = FileNames()
            for photo in photos {
                let image = try picture(photo)
                let file = fileNames.claim(for: photo.name)
                let data = PPM.encode(image)
                try Self.writeNew(data, to: partial + "/" + file)
                entries.append(Manifest.Entry(photo: photo, file: file, bytes: data.count, sha256: Checksum.sha256(data)))
            }
            let manifest = Manifest(uploadedAt: date, photos: entries)
            try Self.writeNew(try manifest.encoded(), to: partial + "/" + Self.manifestName)
            let sums = entries.map { "\($0.sha256)  \($0.file)\n" }.joined()
            try Self.writeNew(Data(sums.utf8), to: partial + "/" + Self.checksumsName)
            try Self.sync(directory: partial)
            let final = try moveIntoPlace(partial, named: Self.uploadName(date))
            // The upload is whole and in place: a failure to sync the rename itself (rare) must not
            // report it as failed, which would invite a Retry that uploads it twice.
            try? Self.sync(directory: folder)
            return DriveReceipt(destination: final)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// `upload-2026-06-01T173000Z`, in UTC.
    static func uploadName(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "upload-\(String(format: "%04d", c.year ?? 0))-\(two(c.month))-\(two(c.day))T\(two(c.hour))\(two(c.minute))\(two(c.second))Z"
    }

    /// Renames the finished partial folder to `name`, or `name-2`, `name-3`, ... when an upload
    /// of the same second is there. Never over another upload: rename(2) replaces only an empty
    /// folder, and an upload folder always holds its manifest.
    private func moveIntoPlace(_ partial: String, named name: String) throws -> String {
        for attempt in 1...1000 {
            let final = folder + "/" + (attempt == 1 ? name : "\(name)-\(attempt)")
            if rename(partial, final) == 0 { return final }
            guard errno == EEXIST || errno == ENOTEMPTY else { throw DriveError.writeFailed(path: final, reason: Self.describeErrno()) }
        }
        throw DriveError.writeFailed(path: folder + "/" + name, reason: "a thousand uploads of that second are already there")
    }

    /// Removes partial folders whose process is gone (killed part-way); a running upload's stays.
    private func removeAbandonedPartials() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(Self.partialPrefix) && name.hasSuffix(Self.partialSuffix) {
            let middle = name.dropFirst(Self.partialPrefix.count)
            guard let pid = middle.split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0 else { continue }
            if kill(pid, 0) == -1, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    /// Writes a file that must not exist yet, to the disk (fsync), or throws with the reason.
    private static func writeNew(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DriveError.writeFailed(path: path, reason: describeErrno()) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw DriveError.writeFailed(path: path, reason: describeErrno())
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw DriveError.writeFailed(path: path, reason: describeErrno()) }
    }

    private static func sync(directory path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DriveError.writeFailed(path: path, reason: describeErrno()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw DriveError.writeFailed(path: path, reason: describeErrno()) }
    }

    private static func describeErrno() -> String {
        String(cString: strerror(errno))
    }
}
