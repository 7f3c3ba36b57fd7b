import Testing
import WorkPhotos

struct StubAuthenticatorTests {
    @Test func acceptsExactlyTheConfiguredUserAndPassword() throws {
        let sut = StubAuthenticator(user: "test", password: "1234", isOffline: false)
        #expect(try sut.authenticate(Credentials(username: "test", password: "1234")) == Account(username: "test"))
    }

    @Test(arguments: [("test", "12345"), ("Test", "1234"), ("other", "1234"), ("test", "")])
    func rejectsAnythingElse(username: String, password: String) {
        let sut = StubAuthenticator(user: "test", password: "1234", isOffline: false)
        #expect(throws: AuthenticationError.invalidCredentials) {
            try sut.authenticate(Credentials(username: username, password: password))
        }
    }

    @Test func rejectsEveryoneWhenNoUserIsConfigured() {
        let sut = StubAuthenticator(user: nil, password: nil, isOffline: false)
        #expect(throws: AuthenticationError.invalidCredentials) {
            try sut.authenticate(Credentials(username: "", password: ""))
        }
    }

    @Test func failsAsIfOfflineWhenToldTo() {
        let sut = StubAuthenticator(user: "test", password: "1234", isOffline: true)
        #expect(throws: AuthenticationError.offline) {
            try sut.authenticate(Credentials(username: "test", password: "1234"))
        }
    }

    @Test func theUnconfiguredAuthenticatorSaysWhyOnEveryAttempt() {
        let sut = UnconfiguredAuthenticator(reason: "No account store yet: add an account with workphotos-accounts add NAME.")
        for _ in 0..<2 {
            #expect(throws: AuthenticationError.notConfigured(reason: "No account store yet: add an account with workphotos-accounts add NAME.")) {
                try sut.authenticate(Credentials(username: "a", password: "b"))
            }
        }
    }
}
