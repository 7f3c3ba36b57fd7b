import Synchronization

/// Makes the real sign-in when a person first signs in, not at launch: opening the account store
/// (SQLite) is no work for the Login screen's first frame. Presenters call `authenticate` through
/// the scheduler, so the opening happens off the main actor too.
///
/// `make` runs once, at the first call, and what it made answers every call after it (calls that
/// arrive together wait for the one making it).
public final class FirstUseAuthenticator: Authenticating {
    private let make: @Sendable () -> any Authenticating
    private let made = Mutex<(any Authenticating)?>(nil)

    /// A sign-in that calls `make` at the first `authenticate` and uses what it returns from then on.
    public init(_ make: @escaping @Sendable () -> any Authenticating) {
        self.make = make
    }

    public func authenticate(_ credentials: Credentials) throws -> Account {
        let authenticator = made.withLock { made in
            if let made { return made }
            let new = make()
            made = new
            return new
        }
        return try authenticator.authenticate(credentials)
    }
}
