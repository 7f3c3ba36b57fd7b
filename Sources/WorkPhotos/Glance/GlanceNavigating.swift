/// Where the At a glance screen can lead.
@MainActor
public protocol GlanceNavigating: AnyObject {
    func showWorkPhotos()
    func showSettings()
}
