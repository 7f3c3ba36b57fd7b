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

    /// Where secrets are found, each stretch they cover is stood in for by the fewest held secrets
    /// that make it up end to end: a secret holding another whole, a secret twice, two side by
    /// side; a stretch no held secrets make up is left whole and said (overlapping, or unheld).
    @Test(arguments: [
        // (secrets and their variables, text, saved as, replaced, unheld, overlapping)
        ([("ab", "s.secret"), ("abcd", "l.secret")], "<abcd>", "<${l.secret}>", 1, false, false),
        ([("zzyy", "l.secret"), ("zz", "s.secret")], "<zzyy>", "<${l.secret}>", 1, false, false),
        ([("b", "s.secret"), ("abc", "l.secret")], "<abc>", "<${l.secret}>", 1, false, false),
        ([("abc", "x.secret")], "abcabc", "${x.secret}${x.secret}", 2, false, false),
        ([("ab", "a.secret"), ("abc", "b.secret"), ("cd", "c.secret")], "abcd", "${a.secret}${c.secret}", 2, false, false),
        ([("abcd", "l.secret"), ("bc", "")], "abcd", "${l.secret}", 1, false, false),
        ([("abc", "one.secret"), ("bcde", "two.secret")], "abcde", "abcde", 0, false, true),
        ([("abc", "one.secret"), ("cde", "")], "abcde", "abcde", 0, false, true),
        ([("abc", ""), ("de", "two.secret")], "abcde", "abcde", 0, true, false),
        ([("👍", "thumb.secret")], "ok 👍🏽", "ok ${thumb.secret}🏽", 1, false, false),
        // Two ways with as many secrets: the one found first (the secrets in the order of their bytes).
        ([("c", "d.secret"), ("ab", "c.secret"), ("bc", "b.secret"), ("a", "a.secret")], "abc", "${a.secret}${b.secret}", 2, false, false),
    ] as [([(String, String)], String, String, Int, Bool, Bool)])
    func eachStretchIsStoodInForByTheFewestHeldSecretsOrLeftWhole(
        secrets: [(String, String)], text: String, saved: String, replaced: Int, unheld: Bool, overlapping: Bool
    ) {
        var variables: [String: String] = [:]
        for (value, variable) in secrets where !variable.isEmpty { variables[variable] = value }
        let standIns = SecretStandIns(secrets: secrets.map(\.0), variables: variables, scheme: Self.scheme)
        let outcome = standIns.standIn(text)
        #expect(outcome.value == saved)
        #expect(outcome.replaced == replaced)
        #expect(outcome.unheld == unheld)
        #expect(outcome.overlapping == overlapping)
    }

    /// Secrets are told apart byte for byte, as the mask finds them: an é written precomposed and
    /// one written as e and a combining accent are two secrets, each masked and each stood in for
    /// by its own variable.
    @Test func twoSpellingsOfOneTextAreTwoSecrets() {
        let composed = "Jos\u{E9}", decomposed = "Jose\u{301}"
        #expect(composed == decomposed, "Swift's == calls them equal")
        let mask = SecretMask([composed, decomposed])
        #expect(mask.values.count == 2)
        #expect(mask.mask("\(composed) and \(decomposed)") == "•••••••• and ••••••••")
        let standIns = SecretStandIns(secrets: [composed, decomposed], variables: ["a.secret": composed, "b.secret": decomposed], scheme: Self.scheme)
        #expect(standIns.standIn("\(composed)/\(decomposed)").value == "${a.secret}/${b.secret}")
        #expect(standIns.variable(holding: decomposed) == "b.secret")
    }

    /// A step's scalars are stood in for where they hold a secret (then written in double quotes)
    /// and left as they were written where they hold none.
    @Test func aScalarWithoutASecretIsLeftAsWritten() throws {
        let standIns = SecretStandIns(secrets: ["hunter2Zq"], variables: ["test.password": "hunter2Zq"], scheme: Self.scheme)
        let node = try #require(try Yams.compose(yaml: "type: {textField: Username, text: 'plain text'}"))
        let outcome = standIns.standIn(node)
        #expect(outcome.value == node && outcome.replaced == 0 && !outcome.unheld && !outcome.overlapping)
        #expect(try Yams.serialize(node: outcome.value).contains("'plain text'"), "its style is kept")
        let alias = standIns.standIn(.alias(.init("hunter2Zq")))
        #expect(alias.replaced == 0 && !alias.unheld && !alias.overlapping, "an alias names an anchor, not a value")
        let secret = try #require(try Yams.compose(yaml: "type: {textField: Username, text: hunter2Zq}"))
        #expect(try Yams.serialize(node: standIns.standIn(secret).value).contains(#"text: "${test.password}""#))
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
