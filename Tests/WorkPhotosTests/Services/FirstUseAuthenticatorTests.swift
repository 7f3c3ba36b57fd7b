import Synchronization
import Testing
import WorkPhotos

/// The real sign-in is made at the first sign-in, once, and answers every attempt after it.
struct FirstUseAuthenticatorTests {
    private final class Counter: Sendable {
        let made = Atomic<Int>(0)
    }

    @Test func nothingIsMadeBeforeTheFirstSignIn() {
        let counter = Counter()
        _ = FirstUseAuthenticator {
            counter.made.add(1, ordering: .relaxed)
            return StubAuthenticator(user: "test", password: "1234", isOffline: false)
        }
        #expect(counter.made.load(ordering: .relaxed) == 0)
    }

    @Test func theSignInIsMadeOnceAndAnswersEveryAttempt() throws {
        let counter = Counter()
        let sut = FirstUseAuthenticator {
            counter.made.add(1, ordering: .relaxed)
            return StubAuthenticator(user: "test", password: "1234", isOffline: false)
        }
        #expect(throws: AuthenticationError.invalidCredentials) { try sut.authenticate(Credentials(username: "test", password: "x")) }
        #expect(try sut.authenticate(Credentials(username: "test", password: "1234")) == Account(username: "test"))
        #expect(counter.made.load(ordering: .relaxed) == 1)
    }

    @Test func attemptsThatArriveTogetherMakeItOnce() async throws {
        let counter = Counter()
        let sut = FirstUseAuthenticator {
            counter.made.add(1, ordering: .relaxed)
            return UnconfiguredAuthenticator(reason: "No account store yet.")
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    #expect(throws: AuthenticationError.notConfigured(reason: "No account store yet.")) {
                        try sut.authenticate(Credentials(username: "a", password: "b"))
                    }
                }
            }
        }
        #expect(counter.made.load(ordering: .relaxed) == 1)
    }
}
