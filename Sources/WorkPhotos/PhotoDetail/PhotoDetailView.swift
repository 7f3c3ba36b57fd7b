/// What the photo detail screen can be told to show.
@MainActor
public protocol PhotoDetailView: AnyObject {
    func display(_ model: PhotoDetailViewModel)
}

/// The photo detail screen as the presenter decides it.
public struct PhotoDetailViewModel: Equatable, Sendable {
    /// Which version of the picture is shown.
    public enum Version: Equatable, Sendable { case original, showAndHide }

    public var title: String
    public var date: String
    public var place: String
    public var coordinates: String
    public var size: String
    /// "#D62828", or a dash while it is being worked out.
    public var dominantColour: String
    /// The picture shown (nil until it is read), and which version it is.
    public var picture: RGBImage?
    public var version: Version
    /// Original and Show & Hide can be switched once the processed picture is ready.
    public var canSwitch: Bool
    public var isApplyEnabled: Bool
    /// A line under the picture: progress, a result, or why something failed.
    public var status: String

    public init(
        title: String, date: String, place: String, coordinates: String, size: String, dominantColour: String,
        picture: RGBImage?, version: Version, canSwitch: Bool, isApplyEnabled: Bool, status: String
    ) {
        self.title = title
        self.date = date
        self.place = place
        self.coordinates = coordinates
        self.size = size
        self.dominantColour = dominantColour
        self.picture = picture
        self.version = version
        self.canSwitch = canSwitch
        self.isApplyEnabled = isApplyEnabled
        self.status = status
    }
}
