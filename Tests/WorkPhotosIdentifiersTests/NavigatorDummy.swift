import WorkPhotos

/// Where the screens could lead, for tests that only read what a screen shows: it goes nowhere.
/// The presenters hold their navigator weakly, so a test keeps this one for as long as its screens.
@MainActor
final class NavigatorDummy: LoginNavigating, GlanceNavigating, WorkPhotosNavigating {
    func showGlance(for account: Account) {}
    func showWorkPhotos() {}
    func showSettings() {}
    func showPhotoDetail(_ photo: Photo) {}
}
