import FlowKit

/// The Login screen: username, password, Login, and the result line.
public final class LoginRobot: Robot {
    public enum ID {
        public static let username = "Username"
        public static let password = "Password"
        public static let login = "Login"
        public static let results = "results"
    }

    /// Signs in and returns the glance's robot. Without arguments it uses the account the run
    /// was configured with (`test.user` and `test.password`).
    @discardableResult
    public func login(user: String? = nil, password: String? = nil, file: String = #filePath, line: Int = #line) -> GlanceRobot {
        attemptLogin(user: user, password: password, file: file, line: line)
        return next(GlanceRobot.self)
    }

    /// Fills both fields and taps Login, staying on this screen (to check why it failed).
    @discardableResult
    public func attemptLogin(user: String? = nil, password: String? = nil, file: String = #filePath, line: Int = #line) -> Self {
        typeUsername(user ?? app.variables["test.user"] ?? "", file: file, line: line)
        typePassword(password ?? app.variables["test.password"] ?? "", file: file, line: line)
        return tapLogin(file: file, line: line)
    }

    @discardableResult
    public func typeUsername(_ username: String, file: String = #filePath, line: Int = #line) -> Self {
        app.textFields[ID.username].replaceText(username, file: file, line: line)
        return self
    }

    @discardableResult
    public func typePassword(_ password: String, file: String = #filePath, line: Int = #line) -> Self {
        app.secureTextFields[ID.password].replaceText(password, file: file, line: line)
        return self
    }

    @discardableResult
    public func tapLogin(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.login].tap(file: file, line: line)
        return self
    }

    @discardableResult
    public func checkLoginScreen(file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.login].assertExists(file: file, line: line)
        return self
    }

    @discardableResult
    public func checkLoginEnabled(_ enabled: Bool, file: String = #filePath, line: Int = #line) -> Self {
        app.buttons[ID.login].assertEnabled(enabled, file: file, line: line)
        return self
    }

    /// The result line reads exactly `text` (`Login failed`, the offline message, ...).
    @discardableResult
    public func checkResult(_ text: String, file: String = #filePath, line: Int = #line) -> Self {
        app.staticTexts[ID.results].assertLabel(text, file: file, line: line)
        return self
    }

    @discardableResult
    public func checkLoginFailed(file: String = #filePath, line: Int = #line) -> Self {
        checkResult("Login failed", file: file, line: line)
    }

    @discardableResult
    public func checkOffline(file: String = #filePath, line: Int = #line) -> Self {
        checkResult("You are offline. Check your connection and try again.", file: file, line: line)
    }
}
