import TextUI

/// A screen with nothing on it, for the system alerts to be drawn over.
@MainActor
final class BlankScreen: ScreenController {
    let title = "Blank"
    let elements: [Element] = []
    func tap(_ identifier: String) {}
    func enter(_ text: String, into identifier: String) {}
}
