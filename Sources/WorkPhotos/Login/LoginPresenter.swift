import Foundation
import PresenterKit

/// Owns every decision of the login screen: when Login is enabled, what a result means, where
/// success leads. The password is kept only to hand to the authenticator; it never reaches the
/// view or the log.
@MainActor
public final class LoginPresenter: Presenter<any LoginView> {
    /// The work this presenter schedules, by the names the app is busy with while it runs
    /// (a runner that times out says them: `still busy after 5 s: upload (4.9 s)`).
    public enum Work {
        public static let signIn = "sign in"
    }

    /// The texts the result line can show.
    public enum Message {
        public static let signingIn = "Signing in…"
        public static let failed = "Login failed"
        public static let offline = "You are offline. Check your connection and try again."
        public static let unexpected = "Login failed: something went wrong. Try again."
    }

    private let authenticator: any Authenticating
    private let scheduler: any WorkScheduling
    private weak var navigator: (any LoginNavigating)?
    private let logger: any EventLogging

    private var username = ""
    private var password = ""
    private var isSigningIn = false
    private var result = ""

    public init(
        authenticator: any Authenticating, scheduler: any WorkScheduling,
        navigator: any LoginNavigating, logger: any EventLogging
    ) {
        self.authenticator = authenticator
        self.scheduler = scheduler
        self.navigator = navigator
        self.logger = logger
    }

    override public func viewDidLoad() {
        display()
    }

    public func didChangeUsername(_ username: String) {
        self.username = username
        display()
    }

    public func didChangePassword(_ password: String) {
        self.password = password
        display()
    }

    public func didTapLogin() {
        guard isLoginEnabled else { return }
        let credentials = Credentials(username: trimmedUsername, password: password)
        isSigningIn = true
        result = Message.signingIn
        display()
        logger.log("login: signing in as \(credentials.username)")

        let authenticator = self.authenticator
        scheduler.schedule(named: Work.signIn, { try authenticator.authenticate(credentials) }) { [weak self] outcome in
            self?.finishSignIn(outcome, username: credentials.username)
        }
    }

    private func finishSignIn(_ outcome: Result<Account, any Error>, username: String) {
        isSigningIn = false
        switch outcome {
        case let .success(account):
            result = ""
            display()
            logger.log("login: signed in as \(account.username)")
            navigator?.showGlance(for: account)
        case let .failure(error):
            result = Self.message(for: error)
            display()
            logger.log("login: sign-in failed for \(username): \(Self.logReason(for: error))")
        }
    }

    private var trimmedUsername: String { username.trimmingCharacters(in: .whitespaces) }

    /// Login is enabled with a username that is not only spaces and a password, while no sign-in
    /// is in flight. (Asked at every keystroke: it looks for a character that is no space rather
    /// than trimming through Foundation, which cost a tenth of a typed step.)
    private var isLoginEnabled: Bool {
        !isSigningIn && username.unicodeScalars.contains { !Self.isSpace($0) } && !password.isEmpty
    }

    /// What Foundation's `.whitespaces` holds, which `trimmedUsername` trims: the tab and Unicode's space separators.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    private func display() {
        view?.display(LoginViewModel(isLoginEnabled: isLoginEnabled, isSigningIn: isSigningIn, result: result))
    }

    private static func message(for error: any Error) -> String {
        switch error as? AuthenticationError {
        case .invalidCredentials: Message.failed
        case .offline: Message.offline
        case let .notConfigured(reason): reason
        case nil: Message.unexpected
        }
    }

    private static func logReason(for error: any Error) -> String {
        switch error as? AuthenticationError {
        case .invalidCredentials: "invalid credentials"
        case .offline: "offline"
        case .notConfigured: "no account store configured"
        case nil: "unexpected error \(type(of: error))"
        }
    }
}
