/// What the At a glance screen can be told to show.
@MainActor
public protocol GlanceView: AnyObject {
    func display(_ model: GlanceViewModel)
}

public struct GlanceViewModel: Equatable, Sendable {
    public var title: String
    public var signedInAs: String

    public init(title: String, signedInAs: String) {
        self.title = title
        self.signedInAs = signedInAs
    }
}
