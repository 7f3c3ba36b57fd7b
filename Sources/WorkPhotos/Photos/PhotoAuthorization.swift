/// Whether the user let the app read the photo library.
public enum PhotoAuthorization: String, Sendable, CaseIterable {
    /// Never asked: the first access raises the system's permission alert.
    case notDetermined
    case authorized
    case denied
}
