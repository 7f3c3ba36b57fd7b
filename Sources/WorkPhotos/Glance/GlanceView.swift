/// What the At a glance screen can be told to show.
@MainActor
public protocol GlanceView: AnyObject {
    func display(_ model: GlanceViewModel)
}

public struct GlanceViewModel: Equatable, Sendable {
    public var title: String
    public var signedInAs: String
    /// "8 work photos", or "Counting…" while the library is read, or "—" without access.
    public var workPhotos: String
    public var otherPhotos: String
    /// "Last upload: 8 photos, Mon 1 Jun 2026, 17:30", "No uploads yet", or empty without counts.
    public var lastUpload: String
    /// Why the counts are missing (no access, a store error); empty when all is well.
    public var notice: String

    public init(title: String, signedInAs: String, workPhotos: String, otherPhotos: String, lastUpload: String, notice: String) {
        self.title = title
        self.signedInAs = signedInAs
        self.workPhotos = workPhotos
        self.otherPhotos = otherPhotos
        self.lastUpload = lastUpload
        self.notice = notice
    }
}
