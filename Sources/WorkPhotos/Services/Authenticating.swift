/// Signs a person in. Implementations may be slow (password hashing, network): presenters call it
/// through the scheduler, never on the main actor.
public protocol Authenticating: Sendable {
    func authenticate(_ credentials: Credentials) throws -> Account
}

/// Why signing in failed, in the terms the login screen distinguishes.
public enum AuthenticationError: Error, Equatable, Sendable {
    /// The user is unknown or the password is wrong (deliberately not told apart).
    case invalidCredentials
    /// The service could not be reached.
    case offline
    /// There is no account store to check against; `reason` says what to do about it.
    case notConfigured(reason: String)
}
