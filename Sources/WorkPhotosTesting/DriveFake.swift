import Foundation
import Synchronization
import WorkPhotos

/// A drive in memory: keeps each upload (names, date, the pictures it read), and fails while
/// `shouldFail` is on, as an unreachable drive would.
public final class DriveFake: Drive {
    public static let destination = "the fake drive"

    public struct Upload: Equatable, Sendable {
        public var names: [String]
        public var date: Date
        public var pictures: [RGBImage]

        public init(names: [String], date: Date, pictures: [RGBImage]) {
            self.names = names
            self.date = date
            self.pictures = pictures
        }
    }

    /// What a failing upload throws.
    public struct Unreachable: UserFacingError, Equatable {
        public var userMessage: String { "the drive cannot be reached" }
    }

    private struct State {
        var shouldFail = false
        var uploads: [Upload] = []
        var attempts = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// While true, every upload reads its pictures, then throws `Unreachable` and keeps nothing.
    public var shouldFail: Bool {
        get { state.withLock { $0.shouldFail } }
        set { state.withLock { $0.shouldFail = newValue } }
    }

    /// The uploads that succeeded, oldest first.
    public var uploads: [Upload] { state.withLock { $0.uploads } }
    /// Every call, failed ones included.
    public var attempts: Int { state.withLock { $0.attempts } }

    public func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt {
        state.withLock { $0.attempts += 1 }
        let pictures = try photos.map(picture)
        try state.withLock { state in
            if state.shouldFail { throw Unreachable() }
            state.uploads.append(Upload(names: photos.map(\.name), date: date, pictures: pictures))
        }
        return DriveReceipt(destination: Self.destination)
    }
}
