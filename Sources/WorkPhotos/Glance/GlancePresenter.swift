import PresenterKit

/// Owns the At a glance screen: who is signed in (photo counts arrive with the photo store).
@MainActor
public final class GlancePresenter: Presenter<any GlanceView> {
    public static let title = "At a glance"

    private let account: Account

    public init(account: Account) {
        self.account = account
    }

    override public func viewDidLoad() {
        view?.display(GlanceViewModel(title: Self.title, signedInAs: "Signed in as \(account.username)"))
    }
}
