import PresenterKit

/// Owns the At a glance screen: who is signed in, how many work and other photos there are, and
/// the last upload.
///
/// Reading the library is its first access, which the system may answer with a permission alert;
/// the counts are read again each time the screen appears, since access or photos may have changed.
@MainActor
public final class GlancePresenter: Presenter<any GlanceView> {
    /// The work this presenter schedules, by the names the app is busy with while it runs
    /// (a runner that times out says them: `still busy after 5 s: upload (4.9 s)`).
    public enum Work {
        public static let countPhotos = "count photos"
    }

    public enum Message {
        public static let title = "At a glance"
        public static let counting = "Counting…"
        public static let unknown = "—"
        public static let noAccess = "WorkPhotos cannot see your photos. Allow access in Settings."
        public static func failed(_ error: any Error) -> String { "Could not read your photos: \(ErrorWording.userMessage(for: error))" }
        public static let noUpload = "No uploads yet"
        public static func lastUpload(count: Int, date: String) -> String { "Last upload: \(PhotoFormatting.count(count)), \(date)" }
    }

    private let account: Account
    private let reader: LibraryReader
    private let formatting: PhotoFormatting
    private weak var navigator: (any GlanceNavigating)?
    private var model: GlanceViewModel

    public init(
        account: Account, library: any PhotoLibrary, access: any PhotoAccessRequesting,
        scheduler: any WorkScheduling, formatting: PhotoFormatting, navigator: any GlanceNavigating
    ) {
        self.account = account
        self.reader = LibraryReader(library: library, access: access, scheduler: scheduler)
        self.formatting = formatting
        self.navigator = navigator
        model = GlanceViewModel(
            title: Message.title, signedInAs: "Signed in as \(account.username)",
            workPhotos: Message.counting, otherPhotos: "", lastUpload: "", notice: ""
        )
    }

    override public func viewDidLoad() {
        view?.display(model)
    }

    override public func viewDidAppear() {
        reader.read(named: Work.countPhotos, { library in
            let split = WorkPhotoClassifier(locations: try library.workLocations()).split(try library.photos())
            return (work: split.work.count, other: split.other.count, lastUpload: try library.lastUpload())
        }) { [weak self] outcome in
            self?.countsRead(outcome)
        }
    }

    public func didTapReviewWorkPhotos() {
        navigator?.showWorkPhotos()
    }

    public func didTapSettings() {
        navigator?.showSettings()
    }

    private func countsRead(_ outcome: LibraryReader.Outcome<(work: Int, other: Int, lastUpload: UploadRecord?)>) {
        switch outcome {
        case let .read(counts):
            let upload = counts.lastUpload.map { Message.lastUpload(count: $0.photoCount, date: formatting.date($0.date)) } ?? Message.noUpload
            show(
                work: PhotoFormatting.count(counts.work, "work"), other: PhotoFormatting.count(counts.other, "other"),
                lastUpload: upload, notice: ""
            )
        case .noAccess:
            show(work: Message.unknown, other: "", lastUpload: "", notice: Message.noAccess)
        case let .failed(error):
            show(work: Message.unknown, other: "", lastUpload: "", notice: Message.failed(error))
        }
    }

    private func show(work: String, other: String, lastUpload: String, notice: String) {
        model.workPhotos = work
        model.otherPhotos = other
        model.lastUpload = lastUpload
        model.notice = notice
        view?.display(model)
    }
}
