import Synchronization
import Testing
import WorkPhotos

/// Answers sign-in with a result the test chooses, and records the credentials it was given.
/// Made with `unexpected()`, it records a test failure if it is called at all: a test that says
/// sign-in must not happen proves it, instead of a silent default answer.
final class AuthenticatorStub: Authenticating {
    private let result: Result<Account, any Error>?
    private let received = Mutex<[Credentials]>([])

    init(_ result: Result<Account, any Error>) {
        self.result = result
    }

    private init(unexpected: Void) {
        self.result = nil
    }

    /// A stub that fails the test when it is used.
    static func unexpected() -> AuthenticatorStub { AuthenticatorStub(unexpected: ()) }

    struct UnexpectedCall: Error {}

    var receivedCredentials: [Credentials] { received.withLock { $0 } }

    func authenticate(_ credentials: Credentials) throws -> Account {
        received.withLock { $0.append(credentials) }
        guard let result else {
            Issue.record("authenticate(_:) was called, but this test expects no sign-in")
            throw UnexpectedCall()
        }
        return try result.get()
    }
}
