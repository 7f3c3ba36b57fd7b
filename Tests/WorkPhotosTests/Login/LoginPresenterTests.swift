import PresenterKitTesting
import Testing
import WorkPhotos

@MainActor
struct LoginPresenterTests {
    @Test func startsWithLoginDisabledAndNoResult() {
        let sut = makeSUT()
        sut.presenter.viewDidLoad()
        #expect(sut.view.displayed == [model(enabled: false)])
    }

    @Test(arguments: [
        ("", "", false), ("alice", "", false), ("", "secret", false), ("   ", "secret", false), (" \t\u{A0}\u{2003}", "secret", false), ("\u{200B}", "secret", true), ("\n", "secret", true), ("alice", "secret", true),
    ])
    func enablesLoginOnlyWhenBothFieldsAreFilled(username: String, password: String, enabled: Bool) {
        let sut = makeSUT()
        sut.presenter.didChangeUsername(username)
        sut.presenter.didChangePassword(password)
        #expect(sut.view.last?.isLoginEnabled == enabled)
    }

    @Test func signsInWithTheTypedCredentialsThenShowsTheGlance() {
        let sut = makeSUT(.success(Account(username: "alice")))
        fill(sut.presenter, "  alice ", "secret")

        sut.presenter.didTapLogin()

        #expect(sut.view.last == LoginViewModel(isLoginEnabled: false, isSigningIn: true, result: "Signing in…"))
        #expect(sut.navigator.messages.isEmpty, "nothing happens before the work completes")
        #expect(sut.scheduler.pendingWork == [LoginPresenter.Work.signIn])
        sut.scheduler.runAll()
        #expect(sut.authenticator.receivedCredentials == [Credentials(username: "alice", password: "secret")])
        #expect(sut.navigator.messages == [.showGlance(Account(username: "alice"))])
        #expect(sut.view.last == model(enabled: true))
    }

    @Test(arguments: [
        (AuthenticationError.invalidCredentials, "Login failed"),
        (.offline, "You are offline. Check your connection and try again."),
        (.notConfigured(reason: "No account store is configured."), "No account store is configured."),
    ])
    func showsWhySigningInFailedAndAllowsATryAgain(error: AuthenticationError, message: String) {
        let sut = makeSUT(.failure(error))
        fill(sut.presenter, "alice", "wrong")

        sut.presenter.didTapLogin()
        sut.scheduler.runAll()

        #expect(sut.view.last == model(enabled: true, result: message))
        #expect(sut.navigator.messages.isEmpty)
    }

    @Test func anUnexpectedErrorSaysSomethingWentWrongAndIsLoggedByItsType() {
        struct Surprise: Error {}
        let log = LogSpy()
        let sut = makeSUT(error: Surprise(), logger: log)
        fill(sut.presenter, "alice", "secret")

        sut.presenter.didTapLogin()
        sut.scheduler.runAll()

        #expect(sut.view.last == model(enabled: true, result: "Login failed: something went wrong. Try again."))
        #expect(sut.navigator.messages.isEmpty)
        #expect(log.messages.last == "login: sign-in failed for alice: unexpected error Surprise")
    }

    @Test func eachKeystrokeInEitherFieldIsShownAtOnce() {
        let sut = makeSUT()
        sut.presenter.didChangePassword("secret")
        #expect(sut.view.displayed == [model(enabled: false)])
        sut.presenter.didChangeUsername("a")
        #expect(sut.view.displayed == [model(enabled: false), model(enabled: true)], "typing the username enables Login at once")
        sut.presenter.didChangeUsername("")
        #expect(sut.view.displayed.last == model(enabled: false))
    }

    @Test func aSuccessfulSignInIsLoggedWithTheAccountsName() {
        let log = LogSpy()
        let sut = makeSUT(.success(Account(username: "Alice A.")), logger: log)
        fill(sut.presenter, "alice", "secret")
        sut.presenter.didTapLogin()
        sut.scheduler.runAll()
        #expect(log.messages == ["login: signing in as alice", "login: signed in as Alice A."])
    }

    @Test(arguments: [
        (AuthenticationError.offline, "login: sign-in failed for alice: offline"),
        (.notConfigured(reason: "x"), "login: sign-in failed for alice: no account store configured"),
    ])
    func eachFailureIsLoggedWithItsReason(error: AuthenticationError, line: String) {
        let log = LogSpy()
        let sut = makeSUT(.failure(error), logger: log)
        fill(sut.presenter, "alice", "secret")
        sut.presenter.didTapLogin()
        sut.scheduler.runAll()
        #expect(log.messages.last == line)
    }

    @Test func ignoresLoginWhileItIsDisabled() {
        let sut = makeSUT(authenticator: .unexpected())
        sut.presenter.didChangeUsername("alice")
        sut.presenter.didTapLogin()
        #expect(sut.scheduler.pendingWorkCount == 0)
        #expect(sut.authenticator.receivedCredentials.isEmpty)
    }

    @Test func signsInOnceWhenLoginIsTappedTwiceQuickly() {
        let sut = makeSUT()
        fill(sut.presenter, "alice", "secret")
        sut.presenter.didTapLogin()
        sut.presenter.didTapLogin()
        sut.scheduler.runAll()
        #expect(sut.authenticator.receivedCredentials.count == 1)
        #expect(sut.navigator.messages.count == 1)
    }

    @Test func neverPassesThePasswordToTheViewOrTheLog() {
        let log = LogSpy()
        let sut = makeSUT(.failure(.invalidCredentials), logger: log)
        fill(sut.presenter, "alice", "hunter2-secret")
        sut.presenter.didTapLogin()
        sut.scheduler.runAll()

        let everythingShown = sut.view.displayed.map { String(reflecting: $0) }.joined()
        #expect(!everythingShown.contains("hunter2"))
        #expect(!log.messages.isEmpty)
        #expect(!log.messages.joined().contains("hunter2"))
        #expect(log.messages == ["login: signing in as alice", "login: sign-in failed for alice: invalid credentials"])
    }

    @Test func doesNotKeepItsViewAlive() {
        let sut = makeSUT()
        var view: LoginViewSpy? = LoginViewSpy()
        sut.presenter.attach(view!)
        fill(sut.presenter, "alice", "secret")
        sut.presenter.didTapLogin()

        view = nil
        sut.scheduler.runAll()  // completing after the view is gone must be harmless

        #expect(sut.presenter.view == nil)
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
    ) -> SUT {
        let view = LoginViewSpy()
        let navigator = LoginNavigatorSpy()
        let scheduler = ManualScheduler()
        let authenticator = chosen ?? AuthenticatorStub(error.map { .failure($0) } ?? result.mapError { $0 })
        let sut = LoginPresenter(authenticator: authenticator, scheduler: scheduler, navigator: navigator, logger: logger)
        sut.attach(view)
        return SUT(presenter: sut, view: view, navigator: navigator, scheduler: scheduler, authenticator: authenticator)
    }

    /// The presenter and its collaborators, by name.
    private struct SUT {
        let presenter: LoginPresenter
        let view: LoginViewSpy
        let navigator: LoginNavigatorSpy
        let scheduler: ManualScheduler
        let authenticator: AuthenticatorStub
    }

    private func fill(_ sut: LoginPresenter, _ username: String, _ password: String) {
        sut.didChangeUsername(username)
        sut.didChangePassword(password)
    }

    private func model(enabled: Bool, result: String = "") -> LoginViewModel {
        LoginViewModel(isLoginEnabled: enabled, isSigningIn: false, result: result)
    }
}
