import Synchronization
import WorkPhotos

/// Answers sign-in with a result the test chooses, and records the credentials it was given.
final class AuthenticatorStub: Authenticating {
    private let result: Result<Account, AuthenticationError>
    private let received = Mutex<[Credentials]>([])

    init(_ result: Result<Account, AuthenticationError>) {
        self.result = result
    }

    var receivedCredentials: [Credentials] { received.withLock { $0 } }

    func authenticate(_ credentials: Credentials) throws -> Account {
        received.withLock { $0.append(credentials) }
        return try result.get()
    }
}
