/// What the login screen can be told to show.
@MainActor
public protocol LoginView: AnyObject {
    func display(_ model: LoginViewModel)
}

/// The login screen's state as the presenter decides it. It never holds the password.
public struct LoginViewModel: Equatable, Sendable {
    public var isLoginEnabled: Bool
    public var isSigningIn: Bool
    /// The result line (identifier `results`): empty, progress, or why signing in failed.
    public var result: String

    public init(isLoginEnabled: Bool, isSigningIn: Bool, result: String) {
        self.isLoginEnabled = isLoginEnabled
        self.isSigningIn = isSigningIn
        self.result = result
    }
}
