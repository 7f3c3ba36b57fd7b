import FlowKit
import Testing
import WorkPhotosIdentifiers

/// The Login screen: username, password, Login, and the result line.
public final class LoginRobot: Robot {
    /// The title the screen shows (`LoginScreen.title`), copied: the robots import nothing of
    /// the app but its identifiers. WorkPhotosIdentifiersTests checks it.
    override public class var screenTitle: String { "Login" }

    /// The screen's identifiers, shared with it.
    public typealias ID = Identifiers.Login

    /// Signs in and returns the glance's robot. Without arguments it uses the account the run
    /// was configured with (`test.user` and `test.password`).
    @discardableResult
    public func login(user: String? = nil, password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> GlanceRobot {
        at(sourceLocation) {
            attemptLogin(user: user, password: password)
            return next(GlanceRobot.self)
        }
    }

    /// Fills both fields and taps Login, staying on this screen (to check why it failed).
    @discardableResult
    public func attemptLogin(user: String? = nil, password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            typeUsername(user ?? app.variables["test.user"] ?? "")
            typePassword(password ?? app.variables["test.password"] ?? "")
            return tapLogin()
        }
    }

    @discardableResult
    public func typeUsername(_ username: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.textFields[ID.username].replaceText(username)
            return self
        }
    }

    @discardableResult
    public func typePassword(_ password: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.secureTextFields[ID.password].replaceText(password)
            return self
        }
    }

    @discardableResult
    public func tapLogin(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.login].tap()
            return self
        }
    }

    @discardableResult
    public func checkLoginScreen(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.login].assertVisible()
            return self
        }
    }

    @discardableResult
    public func checkLoginEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.buttons[ID.login].assertEnabled(enabled)
            return self
        }
    }

    /// The result line reads exactly `text` (`Login failed`, the offline message, ...).
    @discardableResult
    public func checkResult(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            app.staticTexts[ID.results].assertLabel(text)
            return self
        }
    }

    @discardableResult
    public func checkLoginFailed(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            checkResult("Login failed")
        }
    }

    @discardableResult
    public func checkOffline(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        at(sourceLocation) {
            checkResult("You are offline. Check your connection and try again.")
        }
    }
}

extension LoginRobot {
    /// The YAML actions of this screen: `Login.login`, `Login.checkResult: {text: ...}`, ...
    public static let yaml = RobotActions<LoginRobot> {
        $0.move("login", to: GlanceRobot.self, "Signs in (with test.user and test.password unless given) and checks the glance is shown.",
                .user, .password) { $0.login(user: $1, password: $2) }
        $0.action("attemptLogin", "Fills both fields and taps Login, staying on this screen.", .user, .password) {
            $0.attemptLogin(user: $1, password: $2)
        }
        $0.action("typeUsername", "Replaces the username.", .text("username", "the username to type")) { $0.typeUsername($1) }
        $0.action("typePassword", "Replaces the password.", .text("password", "the password to type", secret: true)) { $0.typePassword($1) }
        $0.action("tapLogin", "Taps Login.") { $0.tapLogin() }
        $0.action("checkLoginScreen", "The Login screen is shown.") { $0.checkLoginScreen() }
        $0.action("checkLoginEnabled", "Login is enabled (or not).", .boolean("enabled", "true: enabled; false: disabled")) {
            $0.checkLoginEnabled($1)
        }
        $0.action("checkResult", "The result line reads exactly this text.", .text("text", "the whole line")) { $0.checkResult($1) }
        $0.action("checkLoginFailed", "The result line says Login failed.") { $0.checkLoginFailed() }
        $0.action("checkOffline", "The result line says the app is offline.") { $0.checkOffline() }
    }
}

extension Parameter where Value == String? {
    /// The user to sign in as; by default the run's test account.
    static let user = Parameter.text("user", "default: ${test.user}", defaultVariable: "test.user")
    /// Its password; by default the run's test account's. Never printed.
    static let password = Parameter.text("password", "default: ${test.password}", secret: true, defaultVariable: "test.password")
}
