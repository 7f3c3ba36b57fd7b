import TextUI
import WorkPhotos
import WorkPhotosIdentifiers

/// The login screen: fields and a button that forward to `LoginPresenter`, and a result line.
///
/// It keeps the password only to forward it; the element tree says no more than "filled".
@MainActor
public final class LoginScreen: ScreenController, LoginView {
    /// Its identifiers, shared with the robots.
    public typealias ID = Identifiers.Login

    private let presenter: LoginPresenter
    private var username = ""
    private var isPasswordFilled = false
    private var focused: String?
    private var model = LoginViewModel(isLoginEnabled: false, isSigningIn: false, result: "")

    public init(presenter: LoginPresenter) {
        self.presenter = presenter
        presenter.attach(self)
        presenter.viewDidLoad()
    }

    public let title = "Login"

    public var elements: [Element] {
        [
            .textField(ID.username, value: username, isFocused: focused == ID.username),
            .secureField(ID.password, isFilled: isPasswordFilled, isFocused: focused == ID.password),
            .button(ID.login, isEnabled: model.isLoginEnabled),
            .text(model.result, identifier: ID.results),
        ]
    }

    public func display(_ model: LoginViewModel) {
        self.model = model
    }

    public func tap(_ identifier: String) {
        if identifier == ID.login { presenter.didTapLogin() }
    }

    public func enter(_ text: String, into identifier: String) {
        focused = identifier
        switch identifier {
        case ID.username:
            username = text
            presenter.didChangeUsername(text)
        case ID.password:
            isPasswordFilled = !text.isEmpty
            presenter.didChangePassword(text)
        default:
            break
        }
    }

    public func didAppear() {
        presenter.viewDidAppear()
    }
}
