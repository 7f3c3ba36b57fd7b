import PresenterKit

/// Owns the Settings screen: the app's access to the photo library, which the user can turn on or
/// off, as in a phone's privacy settings.
@MainActor
public final class SettingsPresenter: Presenter<any SettingsView> {
    /// The work this presenter schedules, by the names the app is busy with while it runs
    /// (a runner that times out says them: `still busy after 5 s: upload (4.9 s)`).
    public enum Work {
        public static let readPhotoAccess = "read photo access"
        public static let setPhotoAccess = "set photo access"
    }

    public enum Message {
        public static let title = "Settings"
        public static func access(_ authorization: PhotoAuthorization?) -> String {
            switch authorization {
            case .authorized: "Allowed"
            case .denied: "Not allowed"
            case .notDetermined: "Not asked yet"
            case nil: "…"
            }
        }
        public static func failed(_ error: any Error) -> String { "Could not change the setting: \(ErrorWording.userMessage(for: error))" }
    }

    private let library: any PhotoLibrary
    private let scheduler: any WorkScheduling
    private var authorization: PhotoAuthorization?
    private var notice = ""

    public init(library: any PhotoLibrary, scheduler: any WorkScheduling) {
        self.library = library
        self.scheduler = scheduler
    }

    override public func viewDidLoad() {
        display()
        let library = self.library
        scheduler.schedule(named: Work.readPhotoAccess, { try library.authorization() }) { [weak self] result in
            self?.finish(result)
        }
    }

    /// Turns access on when it is off or was never asked, and off when it is on.
    public func didTogglePhotosAccess() {
        guard let current = authorization else { return }
        let next: PhotoAuthorization = current == .authorized ? .denied : .authorized
        let library = self.library
        scheduler.schedule(named: Work.setPhotoAccess, { try library.setAuthorization(next); return next }) { [weak self] result in
            self?.finish(result)
        }
    }

    private func finish(_ result: Result<PhotoAuthorization, any Error>) {
        switch result {
        case let .success(authorization):
            self.authorization = authorization
            notice = ""
        case let .failure(error):
            notice = Message.failed(error)
        }
        display()
    }

    private func display() {
        view?.display(SettingsViewModel(title: Message.title, photosAccess: Message.access(authorization), notice: notice))
    }
}
