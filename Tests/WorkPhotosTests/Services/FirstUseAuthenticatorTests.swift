import Foundation
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

    @Test func attemptsThatArriveTogetherMakeItOnce() throws {
        // Eight threads sign in at once. The first to make the sign-in holds `make` until all
        // eight have arrived at `authenticate`, so without the lock each would make its own.
        let arrivals = Barrier(count: 8)
        let counter = Counter()
        let sut = FirstUseAuthenticator {
            counter.made.add(1, ordering: .relaxed)
            arrivals.waitForAll()
            return UnconfiguredAuthenticator(reason: "No account store yet.")
        }
        let finished = DispatchGroup()
        let answers = Answers()
        for _ in 0..<8 {
            finished.enter()
            Thread {
                arrivals.arrive()
                do {
                    _ = try sut.authenticate(Credentials(username: "a", password: "b"))
                } catch {
                    answers.append(error as? AuthenticationError)
                }
                finished.leave()
            }.start()
        }
        #expect(finished.wait(timeout: .now() + 20) == .success, "a safety net: eight sign-ins end at once")
        #expect(counter.made.load(ordering: .relaxed) == 1)
        #expect(answers.all == Array(repeating: AuthenticationError.notConfigured(reason: "No account store yet."), count: 8))
    }

    /// Counts threads arriving; `waitForAll` returns once `count` have (or after 10 s, a safety net).
    private final class Barrier: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private var arrived = 0
        init(count: Int) { self.count = count }
        func arrive() {
            condition.lock()
            arrived += 1
            condition.broadcast()
            condition.unlock()
        }
        func waitForAll() {
            condition.lock()
            let deadline = Date().addingTimeInterval(10)
            while arrived < count, condition.wait(until: deadline) {}
            condition.unlock()
        }
    }

    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [AuthenticationError?] = []
        func append(_ value: AuthenticationError?) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
        var all: [AuthenticationError?] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }
}
