import PresenterKit

/// Reads the photo library for a presenter: asks for access first (the system may show its
/// alert), then reads in the background, and never starts a second read while one is under way.
@MainActor
public final class LibraryReader {
    /// What a read came to.
    public enum Outcome<Value: Sendable> {
        /// The user has not given access (denied, or never answered).
        case noAccess
        case read(Value)
        case failed(any Error)
    }

    private let library: any PhotoLibrary
    private let access: any PhotoAccessRequesting
    private let scheduler: any WorkScheduling
    public private(set) var isReading = false

    public init(library: any PhotoLibrary, access: any PhotoAccessRequesting, scheduler: any WorkScheduling) {
        self.library = library
        self.access = access
        self.scheduler = scheduler
    }

    /// Runs `body` on the library once access is given, then `completion` on the main actor; the
    /// app is busy with it under `name` meanwhile. Does nothing if a read is already under way.
    public func read<Value: Sendable>(
        named name: String,
        _ body: @escaping @Sendable (any PhotoLibrary) throws -> Value,
        completion: @escaping @MainActor (Outcome<Value>) -> Void
    ) {
        guard !isReading else { return }
        isReading = true
        let library = self.library
        access.requestAccess { [weak self] authorization in
            guard let self else { return }
            guard authorization == .authorized else {
                isReading = false
                completion(.noAccess)
                return
            }
            scheduler.schedule(named: name, { try body(library) }) { [weak self] result in
                self?.isReading = false
                switch result {
                case let .success(value): completion(.read(value))
                case let .failure(error): completion(.failed(error))
                }
            }
        }
    }
}
