#if DEBUG || TESTING
import Foundation
import Synchronization

/// Compiled into test builds only (debug, or `-DTESTING`), like the stub sign-in.
///
/// The drive for UI tests (`-ui-testing YES`): keeps what was uploaded in memory;
/// `-drive.fail YES` makes every upload fail as an unreachable drive would (`-drive.failures N`
/// only the first N, so a flow can fail then retry), and `-drive.delay S` makes each take S
/// seconds. The delay is spent inside the upload's background job, so the app is not idle
/// meanwhile: a flow sees the `Uploading…` overlay in the frames pushed during it and waits on
/// frames for it to go, never on a clock of its own.
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

    public let delay: Duration
    /// Spends `delay` (the composition root passes a real wait; unit tests record it instead).
    private let wait: @Sendable (Duration) -> Void
    private let state: Mutex<(failuresLeft: Int, uploads: [Upload])>

    /// - Parameter failures: how many uploads fail before they succeed (`Int.max`: every one).
    public init(failures: Int, delay: Duration, wait: @escaping @Sendable (Duration) -> Void) {
        self.delay = delay
        self.wait = wait
        state = Mutex((failuresLeft: failures, uploads: []))
    }

    /// Every upload accepted so far, oldest first.
    public var uploads: [Upload] { state.withLock { $0.uploads } }

    public func upload(_ photos: [Photo], at date: Date, picture: (Photo) throws -> RGBImage) throws -> DriveReceipt {
        if delay > .zero { wait(delay) }
        // Every picture is read, as a real drive would: a missing one fails the stub too.
        for photo in photos { _ = try picture(photo) }
        try state.withLock { state in
            if state.failuresLeft > 0 {
                if state.failuresLeft != Int.max { state.failuresLeft -= 1 }
                throw StubDriveError.unreachable
            }
            state.uploads.append(Upload(names: photos.map(\.name), date: date))
        }
        return DriveReceipt(destination: Self.destination)
    }
}

/// The stub's one failure (`-drive.fail YES`).
public enum StubDriveError: Error, Equatable, UserFacingError, CustomStringConvertible {
    case unreachable

    public var userMessage: String { "the drive cannot be reached. Check your connection and try again" }
    public var description: String { "the test drive was told to fail this upload (-drive.fail or -drive.failures)" }
}
#endif
