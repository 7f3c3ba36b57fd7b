#if DEBUG || TESTING
/// Compiled into test builds only (debug, or `-DTESTING`): a release build has no stub sign-in to be tricked into.
///
/// Sign-in for UI tests (`-ui-testing YES`): accepts exactly one user and password, given by the
/// launch arguments `-model.user` and `-model.password`; `-model.offline YES` fails as if offline.
public struct StubAuthenticator: Authenticating {
    public let user: String?
    public let password: String?
    public let isOffline: Bool

    public init(user: String?, password: String?, isOffline: Bool) {
        self.user = user
        self.password = password
        self.isOffline = isOffline
    }

    public func authenticate(_ credentials: Credentials) throws -> Account {
        if isOffline { throw AuthenticationError.offline }
        guard let user, let password, credentials.username == user, credentials.password == password else {
            throw AuthenticationError.invalidCredentials
        }
        return Account(username: user)
    }
}
#endif
