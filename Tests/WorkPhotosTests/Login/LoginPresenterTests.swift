import PresenterKitTesting
import Testing
import WorkPhotos

@MainActor
struct LoginPresenterTests {
    @Test func startsWithLoginDisabledAndNoResult() {
        let (sut, view, _, _, _) = makeSUT()
        sut.viewDidLoad()
        #expect(view.displayed == [model(enabled: false)])
    }

    @Test(arguments: [
        ("", "", false), ("alice", "", false), ("", "secret", false), ("   ", "secret", false), ("alice", "secret", true),
    ])
    func enablesLoginOnlyWhenBothFieldsAreFilled(username: String, password: String, enabled: Bool) {
        let (sut, view, _, _, _) = makeSUT()
        sut.didChangeUsername(username)
        sut.didChangePassword(password)
        #expect(view.last?.isLoginEnabled == enabled)
    }

    @Test func signsInWithTheTypedCredentialsThenShowsTheGlance() {
        let (sut, view, navigator, scheduler, authenticator) = makeSUT(.success(Account(username: "alice")))
        fill(sut, "  alice ", "secret")

        sut.didTapLogin()

        #expect(view.last == LoginViewModel(isLoginEnabled: false, isSigningIn: true, result: "Signing in…"))
        #expect(navigator.messages.isEmpty, "nothing happens before the work completes")
        scheduler.runAll()
        #expect(authenticator.receivedCredentials == [Credentials(username: "alice", password: "secret")])
        #expect(navigator.messages == [.showGlance(Account(username: "alice"))])
        #expect(view.last == model(enabled: true))
    }

    @Test(arguments: [
        (AuthenticationError.invalidCredentials, "Login failed"),
        (.offline, "You are offline. Check your connection and try again."),
        (.notConfigured(reason: "No account store is configured."), "No account store is configured."),
    ])
    func showsWhySigningInFailedAndAllowsATryAgain(error: AuthenticationError, message: String) {
        let (sut, view, navigator, scheduler, _) = makeSUT(.failure(error))
        fill(sut, "alice", "wrong")

        sut.didTapLogin()
        scheduler.runAll()

        #expect(view.last == model(enabled: true, result: message))
        #expect(navigator.messages.isEmpty)
    }

    @Test func anUnexpectedErrorSaysSomethingWentWrongAndIsLoggedByItsType() {
        struct Surprise: Error {}
        let log = LogSpy()
        let (sut, view, navigator, scheduler, _) = makeSUT(error: Surprise(), logger: log)
        fill(sut, "alice", "secret")

        sut.didTapLogin()
        scheduler.runAll()

        #expect(view.last == model(enabled: true, result: "Login failed: something went wrong. Try again."))
        #expect(navigator.messages.isEmpty)
        #expect(log.messages.last == "login: sign-in failed for alice: unexpected error Surprise")
    }

    @Test func eachKeystrokeInEitherFieldIsShownAtOnce() {
        let (sut, view, _, _, _) = makeSUT()
        sut.didChangePassword("secret")
        #expect(view.displayed == [model(enabled: false)])
        sut.didChangeUsername("a")
        #expect(view.displayed == [model(enabled: false), model(enabled: true)], "typing the username enables Login at once")
        sut.didChangeUsername("")
        #expect(view.displayed.last == model(enabled: false))
    }

    @Test func aSuccessfulSignInIsLoggedWithTheAccountsName() {
        let log = LogSpy()
        let (sut, _, _, scheduler, _) = makeSUT(.success(Account(username: "Alice A.")), logger: log)
        fill(sut, "alice", "secret")
        sut.didTapLogin()
        scheduler.runAll()
        #expect(log.messages == ["login: signing in as alice", "login: signed in as Alice A."])
    }

    @Test(arguments: [
        (AuthenticationError.offline, "login: sign-in failed for alice: offline"),
        (.notConfigured(reason: "x"), "login: sign-in failed for alice: no account store configured"),
    ])
    func eachFailureIsLoggedWithItsReason(error: AuthenticationError, line: String) {
        let log = LogSpy()
        let (sut, _, _, scheduler, _) = makeSUT(.failure(error), logger: log)
        fill(sut, "alice", "secret")
        sut.didTapLogin()
        scheduler.runAll()
        #expect(log.messages.last == line)
    }

    @Test func ignoresLoginWhileItIsDisabled() {
        let (sut, _, _, scheduler, authenticator) = makeSUT(authenticator: .unexpected())
        sut.didChangeUsername("alice")
        sut.didTapLogin()
        #expect(scheduler.pendingWorkCount == 0)
        #expect(authenticator.receivedCredentials.isEmpty)
    }

    @Test func signsInOnceWhenLoginIsTappedTwiceQuickly() {
        let (sut, _, navigator, scheduler, authenticator) = makeSUT()
        fill(sut, "alice", "secret")
        sut.didTapLogin()
        sut.didTapLogin()
        scheduler.runAll()
        #expect(authenticator.receivedCredentials.count == 1)
        #expect(navigator.messages.count == 1)
    }

    @Test func neverPassesThePasswordToTheViewOrTheLog() {
        let log = LogSpy()
        let (sut, view, _, scheduler, _) = makeSUT(.failure(.invalidCredentials), logger: log)
        fill(sut, "alice", "hunter2-secret")
        sut.didTapLogin()
        scheduler.runAll()

        let everythingShown = view.displayed.map { String(reflecting: $0) }.joined()
        #expect(!everythingShown.contains("hunter2"))
        #expect(!log.messages.isEmpty)
        #expect(!log.messages.joined().contains("hunter2"))
        #expect(log.messages == ["login: signing in as alice", "login: sign-in failed for alice: invalid credentials"])
    }

    @Test func doesNotKeepItsViewAlive() {
        let (sut, _, _, scheduler, _) = makeSUT()
        var view: LoginViewSpy? = LoginViewSpy()
        sut.attach(view!)
        fill(sut, "alice", "secret")
        sut.didTapLogin()

        view = nil
        scheduler.runAll()  // completing after the view is gone must be harmless

        #expect(sut.view == nil)
    }

    @Test func credentialsNeverDescribeThePassword() {
        let credentials = Credentials(username: "alice", password: "hunter2")
        #expect(!"\(credentials)".contains("hunter2"))
        #expect(!String(reflecting: credentials).contains("hunter2"))
    }

    // MARK: - Helpers

    private func makeSUT(
        _ result: Result<Account, AuthenticationError> = .success(Account(username: "alice")),
        error: (any Error)? = nil,
        authenticator chosen: AuthenticatorStub? = nil,
        logger: LogSpy = LogSpy()
    ) -> (LoginPresenter, LoginViewSpy, LoginNavigatorSpy, ManualScheduler, AuthenticatorStub) {
        let view = LoginViewSpy()
        let navigator = LoginNavigatorSpy()
        let scheduler = ManualScheduler()
        let authenticator = chosen ?? AuthenticatorStub(error.map { .failure($0) } ?? result.mapError { $0 })
        let sut = LoginPresenter(authenticator: authenticator, scheduler: scheduler, navigator: navigator, logger: logger)
        sut.attach(view)
        return (sut, view, navigator, scheduler, authenticator)
    }

    private func fill(_ sut: LoginPresenter, _ username: String, _ password: String) {
        sut.didChangeUsername(username)
        sut.didChangePassword(password)
    }

    private func model(enabled: Bool, result: String = "") -> LoginViewModel {
        LoginViewModel(isLoginEnabled: enabled, isSigningIn: false, result: result)
    }
}
