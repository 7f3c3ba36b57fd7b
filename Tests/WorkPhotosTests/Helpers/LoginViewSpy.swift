import WorkPhotos

/// Records every view model the login presenter displays, in order.
@MainActor
final class LoginViewSpy: LoginView {
    private(set) var displayed: [LoginViewModel] = []
    var last: LoginViewModel? { displayed.last }

    func display(_ model: LoginViewModel) {
        displayed.append(model)
    }
}

@MainActor
final class LoginNavigatorSpy: LoginNavigating {
    enum Message: Equatable { case showGlance(Account) }
    private(set) var messages: [Message] = []

    func showGlance(for account: Account) {
        messages.append(.showGlance(account))
    }
}
