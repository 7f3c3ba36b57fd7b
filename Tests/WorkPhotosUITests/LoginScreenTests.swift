import PresenterKitTesting
import Testing
import TextUI
import WorkPhotos
import WorkPhotosUI

@MainActor
struct LoginScreenTests {
    @Test func showsTheLoginFormWithLoginDisabled() {
        let (screen, _, _) = makeSUT()
        #expect(screen.title == "Login")
        #expect(screen.elements == [
            .textField("Username", value: ""),
            .secureField("Password", isFilled: false),
            .button("Login", isEnabled: false),
            .text("", identifier: "results"),
        ])
    }

    @Test func forwardsTypingAndTapsToItsPresenterAndShowsTheResult() {
        let (screen, scheduler, navigator) = makeSUT(authenticator: StubAuthenticator(user: "test", password: "1234", isOffline: false))
        screen.enter("test", into: "Username")
        screen.enter("nope", into: "Password")
        #expect(screen.elements[2].isEnabled)

        screen.tap("Login")
        #expect(screen.elements[3].label == "Signing in…")
        scheduler.runAll()

        #expect(screen.elements[3].label == "Login failed")
        #expect(navigator.accounts.isEmpty)

        screen.enter("1234", into: "Password")
        screen.tap("Login")
        scheduler.runAll()
        #expect(navigator.accounts == [Account(username: "test")])
    }

    @Test func theElementTreeNeverHoldsThePassword() {
        let (screen, _, _) = makeSUT()
        screen.enter("hunter2", into: "Password")
        let rendered = Renderer.render(Screen(title: screen.title, elements: screen.elements))
        #expect(!String(describing: screen.elements).contains("hunter2"))
        #expect(!rendered.contains("hunter2"))
        #expect(screen.elements[1].value == Element.secureMask)
        #expect(screen.elements[1].isFocused)
    }

    private func makeSUT(
        authenticator: any Authenticating = UnconfiguredAuthenticator(reason: "No account store yet.")
    ) -> (LoginScreen, ManualScheduler, NavigatorSpy) {
        let scheduler = ManualScheduler()
        let navigator = NavigatorSpy()
        let presenter = LoginPresenter(authenticator: authenticator, scheduler: scheduler, navigator: navigator, logger: LogSpy())
        return (LoginScreen(presenter: presenter), scheduler, navigator)
    }
}

@MainActor
final class NavigatorSpy: LoginNavigating {
    private(set) var accounts: [Account] = []
    func showGlance(for account: Account) { accounts.append(account) }
}
