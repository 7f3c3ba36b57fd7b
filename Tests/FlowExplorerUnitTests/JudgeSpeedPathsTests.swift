@testable import FlowExplorer
import FlowKit
import FlowRunner
import Foundation
import Testing

/// The judge's and the walks' quick paths say what the slow ones said: a secret looked for on the
/// bytes of each screen, and each action's YAML line written once and kept.
struct JudgeSpeedPathsTests {
    static func frame(text: String, elements: [ElementSnapshot]) -> Frame {
        Frame(seq: 1, reply: nil, idle: true, error: nil, screen: ScreenSnapshot(title: "Account", elements: elements), text: text)
    }

    @Test func aSecretIsFoundWhereverTheScreenShowsIt() {
        let plain = Self.frame(text: "Account\nSigned in", elements: [.text("Signed in", identifier: "status"), .button("Sign out")])
        #expect(!Verdicts.shows(plain, "1234"))
        #expect(Verdicts.shows(Self.frame(text: "Account\npassword x1234y", elements: []), "1234"), "in the drawn text")
        #expect(Verdicts.shows(Self.frame(text: "-", elements: [.text("pin 1234", identifier: "pin")]), "1234"), "in a label")
        #expect(Verdicts.shows(Self.frame(text: "-", elements: [.textField("Name", value: "1234")]), "1234"), "in a field's value")
        #expect(!Verdicts.shows(Self.frame(text: "123", elements: [.text("12 34")]), "1234"), "no part of it is the whole")
        #expect(!Verdicts.shows(Self.frame(text: "", elements: []), "1234"))
    }

    @Test func aSecretOutsideASCIIIsLookedForAsText() {
        #expect(Verdicts.shows(Self.frame(text: "mot de passe: pässwörd", elements: []), "pässwörd"))
        #expect(Verdicts.shows(Self.frame(text: "-", elements: [.text("p\u{00E4}sswort")]), "pa\u{0308}sswort"), "the same text, composed or not")
        #expect(!Verdicts.shows(Self.frame(text: "passwort", elements: []), "pässwort"))
    }

    @Test func holdsMatchesFoundationsContainsOnASCIIParts() {
        let texts = ["", "a", "abc", "xabcx", "ab\nc", "ABC", "héllo abc", "日本 abc", "abcabc", "a\u{0}bc"]
        let parts = ["a", "abc", "bc", "c\n", "x", "abcd", "ABC", " ", "\n", "abcabc"]
        for text in texts {
            for part in parts {
                #expect(text.holds(part) == text.contains(part), "\(text.debugDescription) holds \(part.debugDescription)")
            }
        }
        #expect(!"abc".holds(""))
    }

    static let actions: [ExploreAction] = [
        .back,
        ExploreAction(.tap, kind: .button, identifier: "Save"),
        ExploreAction(.tap, kind: .button, identifier: "Save: now"),
        ExploreAction(.tap, kind: .cell, identifier: "row-1"),
        ExploreAction(.answer, kind: .button, identifier: "OK", alert: "Saved"),
        ExploreAction(.type, kind: .textField, identifier: "Name", text: "Bob", value: .word),
        ExploreAction(.type, kind: .textField, identifier: "Name", text: "Bo\"b", value: .word),
        ExploreAction(.type, kind: .textField, identifier: "Name", text: "", value: .empty),
        ExploreAction(.type, kind: .textField, identifier: "Name", text: "a: b # c", value: .word),
        ExploreAction(.type, kind: .secureTextField, identifier: "Password", text: "${test.password}", value: .valid),
        ExploreAction(.type, kind: .textField, identifier: "Name", text: "日本語\nline", value: .nonASCII),
    ]

    @Test func eachActionsLineIsTheOneYamsWrites() {
        for _ in 0..<2 {  // written, then read back from what was kept
            for action in Self.actions {
                #expect(action.yaml == FlowSession.line(of: action.node), "\(action)")
            }
        }
        #expect(Set(Self.actions.map(\.yaml)).count == Self.actions.count, "no two actions share a line")
    }

    @Test func linesKeptPastTheBoundAreStillRight() {
        let many = (0..<(ExploreAction.linesKept + 10)).map { ExploreAction(.type, kind: .textField, identifier: "Name", text: "v\($0)", value: .word) }
        var most = 0
        for action in many + many.prefix(20) {
            #expect(action.yaml == #"type: {textField: Name, text: "\#(action.text ?? "")"}"#)
            most = max(most, ExploreAction.linesCached)
        }
        #expect(most <= ExploreAction.linesKept, "the cache grew past its bound: \(most)")
        #expect(most >= ExploreAction.linesKept - 20, "the cache was cleared before its bound: \(most)")
    }
}
