import PresenterKit

/// Owns the At a glance screen: who is signed in, and how many work and other photos there are.
///
/// Reading the library is its first access, which the system may answer with a permission alert;
/// the counts are read again each time the screen appears, since access or photos may have changed.
@MainActor
public final class GlancePresenter: Presenter<any GlanceView> {
    public enum Message {
        public static let title = "At a glance"
        public static let counting = "Counting…"
        public static let unknown = "—"
        public static let noAccess = "WorkPhotos cannot see your photos. Allow access in Settings."
        public static func failed(_ error: any Error) -> String { "Could not read your photos: \(error)" }
    }

    private let account: Account
    private let library: any PhotoLibrary
    private let access: any PhotoAccessRequesting
    private let scheduler: any WorkScheduling
    private weak var navigator: (any GlanceNavigating)?
    private var model: GlanceViewModel
    private var isLoading = false

    public init(
        account: Account, library: any PhotoLibrary, access: any PhotoAccessRequesting,
        scheduler: any WorkScheduling, navigator: any GlanceNavigating
    ) {
        self.account = account
        self.library = library
        self.access = access
        self.scheduler = scheduler
        self.navigator = navigator
        model = GlanceViewModel(
            title: Message.title, signedInAs: "Signed in as \(account.username)",
            workPhotos: Message.counting, otherPhotos: "", notice: ""
        )
    }

    override public func viewDidLoad() {
        view?.display(model)
    }

    override public func viewDidAppear() {
        guard !isLoading else { return }
        isLoading = true
        access.requestAccess { [weak self] authorization in
            self?.accessAnswered(authorization)
        }
    }

    public func didTapReviewWorkPhotos() {
        navigator?.showWorkPhotos()
    }

    public func didTapSettings() {
        navigator?.showSettings()
    }

    private func accessAnswered(_ authorization: PhotoAuthorization) {
        guard authorization == .authorized else {
            isLoading = false
            show(work: Message.unknown, other: "", notice: Message.noAccess)
            return
        }
        let library = self.library
        scheduler.schedule({ () throws -> (work: Int, other: Int) in
            let split = WorkPhotoClassifier(locations: try library.workLocations()).split(try library.photos())
            return (split.work.count, split.other.count)
        }) { [weak self] result in
            self?.countsRead(result)
        }
    }

    private func countsRead(_ result: Result<(work: Int, other: Int), any Error>) {
        isLoading = false
        switch result {
        case let .success(counts):
            show(work: PhotoFormatting.count(counts.work, "work"), other: PhotoFormatting.count(counts.other, "other"), notice: "")
        case let .failure(error):
            show(work: Message.unknown, other: "", notice: Message.failed(error))
        }
    }

    private func show(work: String, other: String, notice: String) {
        model.workPhotos = work
        model.otherPhotos = other
        model.notice = notice
        view?.display(model)
    }
}
