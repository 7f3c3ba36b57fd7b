import FlowKit
@testable import FlowRunner
import Foundation
import Testing
import Yams

/// Masking what is shown, and standing a variable in for a secret in what is saved.
struct SecretMaskTests {
    @Test(arguments: [
        (["hunter2Zq"], "typed hunter2Zq twice: hunter2Zq", "typed •••••••• twice: ••••••••"),
        // One at a time, the shorter first, left "••••••••Zq" of the longer.
        (["hunter2", "hunter2Zq"], "hunter2Zq", "••••••••"),
        // Overlapping: every byte either covers is masked.
        (["abcd", "cdef"], "xabcdefx", "x••••••••x"),
        (["aa"], "aaa", "••••••••"),
        (["pässwörd"], "ein pässwörd!", "ein ••••••••!"),
        ([""], "nothing to mask", "nothing to mask"),
    ])
    func everyByteASecretCoversIsMasked(secrets: [String], text: String, masked: String) {
        #expect(SecretMask(secrets).mask(text) == masked)
    }

    @Test func aScreenIsMaskedFieldByFieldSoAnEscapedSecretIsMaskedToo() throws {
        let secret = #"p"q\r"#
        let screen = Screen(title: "Hello \(secret)", elements: [.textField("Username", value: secret)])
        let masked = SecretMask([secret]).mask(screen)
        let json = String(decoding: try JSONEncoder().encode(masked), as: UTF8.self)
        let tree = ElementTree.text(masked)
        for shown in [json, tree] {
            #expect(!shown.contains(secret) && !shown.contains(#"p\"q\\r"#), "\(shown)")
            #expect(shown.contains(Element.secureMask))
        }
    }

    @Test func aSecretIsStoodInForByTheVariableThatHoldsItAndAWrittenVariableIsLeftAlone() {
        let standIns = SecretStandIns(secrets: ["hunter2Zq", "test"], variables: ["test.password": "hunter2Zq", "my.secret": "test"], scheme: Self.scheme)
        let outcome = standIns.standIn("hunter2Zq and test, then ${test.password} and ${test.user}")
        #expect(outcome.value == "${test.password} and ${my.secret}, then ${test.password} and ${test.user}")
        #expect(outcome.replaced == 2 && !outcome.unheld)
        #expect(!standIns.reveals(outcome.value), "a secret inside a written ${name} is not one")
    }

    @Test func aSecretNoVariableHoldsIsLeftAndSaid() {
        let standIns = SecretStandIns(secrets: ["lonely"], variables: [:], scheme: Self.scheme)
        let outcome = standIns.standIn("a lonely value")
        #expect(outcome.value == "a lonely value" && outcome.unheld && outcome.replaced == 0)
    }

    @Test func aSecretVariableIsPreferredToAnotherThatHoldsTheSameValue() {
        let standIns = SecretStandIns(secrets: ["1234"], variables: ["a.pin": "1234", "test.password": "1234"], scheme: Self.scheme)
        #expect(standIns.variable(holding: "1234") == "test.password")
    }

    @Test func inAStepOnlyValuesAreStoodInForAndASecretInAKeyIsSaid() throws {
        let standIns = SecretStandIns(secrets: ["hunter2Zq"], variables: ["test.password": "hunter2Zq"], scheme: Self.scheme)
        let value = try #require(try Yams.compose(yaml: "assertVisible: {textField: Username, value: hunter2Zq}"))
        let stoodIn = standIns.standIn(value)
        #expect(FlowSession.line(of: stoodIn.value) == #"assertVisible: {textField: Username, value: "${test.password}"}"#)
        #expect(stoodIn.replaced == 1 && !stoodIn.unheld)
        let key = try #require(try Yams.compose(yaml: "runFlow: {file: a.yaml, variables: {hunter2Zq: x}}"))
        #expect(standIns.standIn(key).unheld)
    }

    static let scheme = Scheme(name: "default", credentials: ["test.user", "test.password"])
}
