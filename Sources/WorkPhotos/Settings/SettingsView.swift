/// What the Settings screen can be told to show.
@MainActor
public protocol SettingsView: AnyObject {
    func display(_ model: SettingsViewModel)
}

public struct SettingsViewModel: Equatable, Sendable {
    public var title: String
    /// "Allowed", "Not allowed" or "Not asked yet".
    public var photosAccess: String
    /// A line under the settings: an error, or empty.
    public var notice: String

    public init(title: String, photosAccess: String, notice: String) {
        self.title = title
        self.photosAccess = photosAccess
        self.notice = notice
    }
}
