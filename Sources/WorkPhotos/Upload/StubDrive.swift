#if DEBUG
import Foundation
import Synchronization

/// Compiled into debug (test) builds only, like the stub sign-in.
///
/// The drive for UI tests (`-ui-testing YES`): keeps what was uploaded in memory;
/// `-drive.fail YES` makes every upload fail as an unreachable drive would, and `-drive.delay S`
/// makes each take S seconds. The delay is spent inside the upload's background job, so the app
/// is not idle meanwhile: a flow sees the `Uploading…` overlay in the frames pushed during it and
/// waits on frames for it to go, never on a clock of its own.
public final class StubDrive: Drive {
    public static let destination = "the test drive"

    /// One upload the stub accepted.
    public struct Upload: Equatable, Sendable {
        public var names: [String]
        public var date: Date

        public init(names: [String], date: Date) {
            self.names = names
            self.date = date
        }
    }

    public let isFailing: Bool
    public let delay: Duration
    /// Spends `delay` (the composition root passes a real wait; unit tests record it instead).
    private let wait: @Sendable (Duration) -> Void
    private let recorded = Mutex<[Upload]>([])

    public init(isFailing: Bool, delay: Duration, wait: @escaping @Sendable (Duration) -> Void) {
        self.isFailing = isFailing
        self.delay = delay
        self.wait = wait
    }

    /// Every upload accepted so far, oldest first.
    public var uploads: [Upload] { recorded.withLock { $0 } }

    public func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt {
        if delay > .zero { wait(delay) }
        // Every picture is read, as a real drive would: a missing one fails the stub too.
        for photo in photos { _ = try picture(photo) }
        if isFailing { throw StubDriveError.unreachable }
        recorded.withLock { $0.append(Upload(names: photos.map(\.name), date: date)) }
        return DriveReceipt(destination: Self.destination)
    }
}

/// The stub's one failure (`-drive.fail YES`).
public enum StubDriveError: Error, Equatable, UserFacingError, CustomStringConvertible {
    case unreachable

    public var userMessage: String { "the drive cannot be reached. Check your connection and try again" }
    public var description: String { "the stub drive fails every upload (-drive.fail YES)" }
}
#endif
