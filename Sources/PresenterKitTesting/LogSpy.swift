import PresenterKit
import Synchronization

/// Records every logged line, so a test can assert what was and what was never logged.
public final class LogSpy: EventLogging {
    private let storage = Mutex<[String]>([])

    /// A spy that has recorded nothing yet.
    public init() {}

    /// Every line logged so far, oldest first.
    public var messages: [String] { storage.withLock { $0 } }

    /// Records `message` (from any thread).
    public func log(_ message: String) {
        storage.withLock { $0.append(message) }
    }
}
