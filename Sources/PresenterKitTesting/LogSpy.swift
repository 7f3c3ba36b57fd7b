import PresenterKit
import Synchronization

/// Records every logged line, so a test can assert what was and what was never logged.
public final class LogSpy: EventLogging {
    private let storage = Mutex<[String]>([])

    public init() {}

    public var messages: [String] { storage.withLock { $0 } }

    public func log(_ message: String) {
        storage.withLock { $0.append(message) }
    }
}
