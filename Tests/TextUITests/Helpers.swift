import TextUI

/// A screen whose elements the test sets, recording every event it receives.
@MainActor
final class FakeScreen: ScreenController {
    enum Event: Equatable {
        case tap(String)
        case enter(String, String)
        case appear
        case scroll(ScrollDirection)
    }

    let title: String
    var elements: [Element]
    private(set) var events: [Event] = []
    var onTap: (String) -> Void = { _ in }
    var pictures: [String: TerminalPicture] = [:]
    /// The window onto a long list, when the test gives the screen one.
    var list: ListWindow?

    init(title: String = "Fake", elements: [Element]) {
        self.title = title
        self.elements = elements
    }

    func tap(_ identifier: String) {
        events.append(.tap(identifier))
        onTap(identifier)
    }

    func enter(_ text: String, into identifier: String) {
        events.append(.enter(text, identifier))
        if let index = elements.firstIndex(where: { $0.identifier == identifier }) {
            elements[index].value = elements[index].isSecure ? (text.isEmpty ? "" : Element.secureMask) : text
        }
    }

    func didAppear() {
        events.append(.appear)
    }

    func scroll(_ direction: ScrollDirection) {
        events.append(.scroll(direction))
    }

    func picture(_ identifier: String) -> TerminalPicture? { pictures[identifier] }
}

/// Collects what an adapter writes.
@MainActor
final class OutputSpy: TextOutput {
    private(set) var text = ""
    func write(_ text: String) { self.text += text }

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Records echo changes instead of touching a terminal.
@MainActor
final class TerminalSpy: TerminalControlling {
    private(set) var echoChanges: [Bool] = []
    func setEcho(_ enabled: Bool) { echoChanges.append(enabled) }
}

/// Pending background work, as the test sets it.
@MainActor
final class WorkCounter {
    var pending = 0
}

@MainActor
func loginLikeScreen() -> FakeScreen {
    FakeScreen(title: "Login", elements: [
        .textField("Username", value: ""),
        .secureField("Password", isFilled: false),
        .button("Login", isEnabled: true),
        .button("Help", label: "Need help?", isEnabled: false),
        .text("", identifier: "results"),
    ])
}
