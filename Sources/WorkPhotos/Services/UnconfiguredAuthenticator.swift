/// The sign-in used when no account store is configured: says so plainly on every attempt,
/// rather than pretending to check a password.
public struct UnconfiguredAuthenticator: Authenticating {
    public static let reason =
        "No account store is configured: real sign-in is not built yet. A debug build signs in with stubs: "
        + "-ui-testing YES -model.user NAME -model.password SECRET."

    public init() {}

    public func authenticate(_ credentials: Credentials) throws -> Account {
        throw AuthenticationError.notConfigured(reason: Self.reason)
    }
}
