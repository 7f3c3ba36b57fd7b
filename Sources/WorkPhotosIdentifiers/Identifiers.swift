/// The names by which WorkPhotos' controls are found: every screen's identifiers, and the system
/// alerts' identifiers and buttons.
///
/// Declared once, here, and imported by both sides: the screens that show them (WorkPhotosUI) and
/// the robots that look for them (WorkPhotosRobots), as an iOS app shares an accessibility-identifier
/// file with its UI-test target. The robots import nothing else of the app. A button whose
/// identifier is its title (`Select`, `Apply`) is declared once, as its identifier.
///
/// The words a screen shows are not here: the presenters in `WorkPhotos` produce them, and the core
/// imports no module of the screens. A robot writes out what it expects to read (`Login failed`),
/// as a test writes its expected value, so that a change of wording fails a flow. Where a robot
/// also uses such a word as a name (a screen's title, the upload overlay's title), the tests in
/// `WorkPhotosIdentifiersTests` check it against the presenter's.
public enum Identifiers {}
