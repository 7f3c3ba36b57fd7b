/// The sign-in used when the account store cannot be used (there is none yet, say): says why
/// plainly on every attempt, rather than pretending to check a password.
public struct UnconfiguredAuthenticator: Authenticating {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public func authenticate(_ credentials: Credentials) throws -> Account {
        throw AuthenticationError.notConfigured(reason: reason)
    }
}
