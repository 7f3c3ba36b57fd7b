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

    /// The variable that stands in: a secret one first, then a credential, then any other, and
    /// among equals the first by name, whatever order the variables come in.
    @Test func theHolderIsASecretThenACredentialThenTheFirstByName() {
        let variables = ["b.other": "v", "a.other": "v", "test.user": "v", "z.token": "v", "y.token": "v"]
        #expect(SecretStandIns(secrets: ["v"], variables: variables, scheme: Self.scheme).variable(holding: "v") == "y.token")
        var noSecret = variables
        noSecret["z.token"] = nil
        noSecret["y.token"] = nil
        #expect(SecretStandIns(secrets: ["v"], variables: noSecret, scheme: Self.scheme).variable(holding: "v") == "test.user")
        noSecret["test.user"] = nil
        #expect(SecretStandIns(secrets: ["v"], variables: noSecret, scheme: Self.scheme).variable(holding: "v") == "a.other")
        #expect(SecretStandIns(secrets: ["v", "", "v"], variables: [:], scheme: Self.scheme).holders.map(\.value) == ["v"], "each once, none empty")
    }

    /// Where two secrets start together the longer is stood in for whole, whichever sorts first;
    /// where one starts earlier it goes first.
    @Test func theLongestSecretAtAPlaceIsStoodInForWhole() {
        for (short, long) in [("ab", "abcd"), ("zz", "zzyy"), ("b", "abc")] {
            let standIns = SecretStandIns(secrets: [short, long], variables: ["s.secret": short, "l.secret": long], scheme: Self.scheme)
            #expect(standIns.standIn("<\(long)>").value == "<${l.secret}>", "\(short) in \(long)")
        }
        let overlapping = SecretStandIns(secrets: ["abc", "bcde"], variables: ["one.secret": "abc", "two.secret": "bcde"], scheme: Self.scheme)
        #expect(overlapping.standIn("abcde").value == "${one.secret}de", "the earlier start wins")
    }

    /// A secret anywhere in a step, key or value, at any depth, is found; an alias holds none.
    @Test func aSecretIsFoundInAKeyAValueOrAListAtAnyDepth() throws {
        let standIns = SecretStandIns(secrets: ["hunter2Zq"], variables: ["test.password": "hunter2Zq"], scheme: Self.scheme)
        for (yaml, reveals) in [
            ("tap: {button: hunter2Zq}", true), ("tap: {hunter2Zq: Login}", true), ("repeat: {times: 2, steps: [{tap: hunter2Zq}]}", true),
            ("tap: {button: Login}", false), ("repeat: {times: 2, steps: [back]}", false), ("tap: \"${test.password}\"", false),
        ] {
            let node = try #require(try Yams.compose(yaml: yaml))
            #expect(standIns.reveals(in: node) == reveals, "\(yaml)")
        }
        #expect(!standIns.reveals(in: .alias(.init("hunter2Zq"))), "an alias names an anchor, not a value")
    }

    @Test func anAliasIsLeftAsItIsAndHoldsNoSecret() {
        let standIns = SecretStandIns(secrets: ["hunter2Zq"], variables: ["test.password": "hunter2Zq"], scheme: Self.scheme)
        let outcome = standIns.standIn(Node.alias(.init("anchor")))
        #expect(outcome.value == .alias(.init("anchor")) && outcome.replaced == 0 && !outcome.unheld)
    }

    static let scheme = Scheme(name: "default", credentials: ["test.user", "test.password"])
}
