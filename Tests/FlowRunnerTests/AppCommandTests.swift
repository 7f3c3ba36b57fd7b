import FlowKit
@testable import FlowRunner
import Testing
import Yams

/// An app command (`3`, `tap Login`, `type Username text`, `back`) as the YAML step it means on a
/// screen, or the reason it names nothing there, word for word.
struct AppCommandTests {
    static let screen = Screen(title: "Sign in", elements: [
        .text("Welcome"),
        .textField("Username", value: ""),
        .textField("work-place", label: "Work place", value: ""),
        .button("go", label: "Continue"),
        .button("Review work photos"),
    ])

    @Test(arguments: [
        ("back", "back"),
        ("3", "tap: {button: go}"),
        ("tap 4", "tap: {button: Review work photos}"),
        ("tap go", "tap: {button: go}"),
        ("tap Continue", "tap: {button: go}"),
        // A name in any case, by its identifier or by its label, when one control has it.
        ("tap GO", "tap: {button: go}"),
        ("tap continue", "tap: {button: go}"),
        (#"tap "Review work photos""#, "tap: {button: Review work photos}"),
        ("tap Review work photos", "tap: {button: Review work photos}"),
        ("type Username zoe", #"type: {textField: Username, text: "zoe"}"#),
        ("type Username two  words ", #"type: {textField: Username, text: "two  words"}"#),
        (#"type "Work place"   Office 3"#, #"type: {textField: work-place, text: "Office 3"}"#),
        ("type work-place Office", #"type: {textField: work-place, text: "Office"}"#),
    ])
    func aCommandIsTheStepItMeans(line: String, step: String) throws {
        let result = try #require(AppCommand.step(for: line, on: Self.screen))
        let node = try result.get()
        #expect(try Yams.serialize(node: node).trimmingCharacters(in: .newlines) == step)
    }

    @Test(arguments: [
        ("back now", "back takes nothing: write back (it goes back one screen)"),
        ("tap", "tap needs a control: tap 3 or tap Continue (by its number or its name on the screen)"),
        ("type", "type needs a text field and the text: type Email TEXT"),
        ("9", "no control number 9: this screen has controls 1 to 4"),
        ("0", "no control number 0: this screen has controls 1 to 4"),
        ("-1", "no control number -1: this screen has controls 1 to 4"),
        ("tap Nowhere", #"no control "Nowhere" on this screen"#),
        // Only the first word is said: the rest may be a secret typed in the wrong place.
        ("tap hunter2Zq and more", #"no control "hunter2Zq …" on this screen"#),
        (#"tap """#, #"no control "" on this screen"#),
        (#"tap ""#, #"no control """ on this screen"#),
        (#"tap "go"#, #"no control ""go" on this screen (did you mean "go"?)"#),
        ("tap Username", "not kept: a tap on the text field Username only focuses it, and type focuses it anyway; type into it with: type Username TEXT"),
        ("tap 2", #"not kept: a tap on the text field work-place only focuses it, and type focuses it anyway; type into it with: type work-place TEXT"#),
        ("type Continue hello", #""Continue" names the button go, not a text field: type goes into a text field"#),
        ("type Username", "type needs the text after the field: type Username TEXT"),
        (#"type "Work place""#, "type needs the text after the field: type work-place TEXT"),
    ])
    func aCommandThatNamesNothingSaysWhy(line: String, message: String) throws {
        let result = try #require(AppCommand.step(for: line, on: Self.screen))
        guard case let .failure(error) = result else {
            Issue.record("\(line) was taken: \(result)")
            return
        }
        #expect(error.message == message)
    }

    @Test func aNumberOnAScreenWithoutControlsSaysSo() throws {
        let bare = Screen(title: "Nothing", elements: [.text("Only text")])
        guard case let .failure(error)? = AppCommand.step(for: "1", on: bare) else { Issue.record("taken"); return }
        #expect(error.message == "no control number 1: this screen has no controls")
    }

    @Test func withoutAScreenNothingIsResolved() throws {
        for line in ["3", "tap Login", "type Username zoe"] {
            guard case let .failure(error)? = AppCommand.step(for: line, on: nil) else { Issue.record("\(line) was taken"); return }
            #expect(error.message == "the app has no screen yet", "\(line)")
        }
        #expect(try AppCommand.step(for: "back", on: nil)?.get() == Node("back"), "back needs no screen")
    }

    @Test func aLineThatIsNoAppCommandIsLeftToTheYAML() {
        for line in ["tap: Continue", "Login.login", "assertVisible: {button: go}", "backwards", "typed x"] {
            #expect(AppCommand.step(for: line, on: Self.screen) == nil, "\(line)")
        }
    }
}
