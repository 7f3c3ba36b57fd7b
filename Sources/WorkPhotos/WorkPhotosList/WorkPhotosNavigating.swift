/// Where the Work photos screen can lead.
@MainActor
public protocol WorkPhotosNavigating: AnyObject {
    func showSettings()
    func showPhotoDetail(_ photo: Photo)
}
