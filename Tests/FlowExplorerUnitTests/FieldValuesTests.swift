@testable import FlowExplorer
import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// What each field is typed with: its valid values first, then short ordinary values, then the
/// rest; and a robot action's argument reaches the field the action was seen to type it into.
struct FieldValuesTests {
    let scheme = Scheme(name: "model", secretVariables: ["test.password"])

    @Test func aFieldNoFlowNamesGetsAShortOrdinaryValueBeforeTheEdgeValues() {
        let values = FieldValues(flowValues: [], variables: [:], scheme: scheme)
        let pool = values.pool(for: .textField("Borrower", value: ""))
        #expect(pool.map(\.value) == [.letter, .word, .number, .empty, .whitespace, .padded, .long, .nonASCII])
        #expect(pool.map(\.text).prefix(3) == ["a", "Ann", "7"])
        #expect(pool.first { $0.value == .long }?.text.count == TypedValue.longLength)
        let secure = values.pool(for: .secureField("PIN", isFilled: false))
        #expect(secure.last?.value == .wouldBeSecret, "the would-be secret into a secure field only")
        #expect(secure.last?.text == TypedValue.wouldBeSecretText)
    }

    @Test func theValidValuesComeFirstFromThePrefixTheFlowsAndVariablesNamedLikeTheField() {
        var values = FieldValues(flowValues: [("borrower", "Bob"), ("username", "ann"), ("note", "x")],
                                 variables: ["test.user": "ann", "test.password": "s3cret"], scheme: scheme)
        values.learn(typedByPrefix: [("Password", "s3cret"), ("City", "Paris")])
        #expect(values.valid(for: .textField("Borrower", value: "")) == ["Bob"])
        #expect(values.valid(for: .textField("City", value: "")) == ["Paris"])
        #expect(values.valid(for: .secureField("Password", isFilled: false)) == ["${test.password}"], "a secret as its variable, never its value")
        #expect(values.valid(for: .textField("User", value: "")) == ["ann", "${test.user}"], "near: user names username")
        #expect(values.valid(for: .textField("Us", value: "")) == [], "two letters name nothing")
        #expect(values.pool(for: .textField("Borrower", value: "")).first?.value == .valid)
    }

    @Test func nearNamesAreTheSameOrOneStartsTheOtherWithFourLettersOrMore() {
        #expect(FieldValues.near("user", ["username"]))
        #expect(FieldValues.near("username", ["user"]))
        #expect(!FieldValues.near("use", ["username"]), "three letters start nothing")
        #expect(FieldValues.near("use", ["use"]))
        #expect(!FieldValues.near("ab", ["ab"]))
        #expect(!FieldValues.near("name", ["username"]), "inside is not near")
        #expect(FieldValues.letters("E-mail 2!") == "email2")
    }

    @Test func atMostTwelveValidValuesAField() {
        let many = (1...20).map { ("name", "n\($0)") }
        let values = FieldValues(flowValues: many, variables: [:], scheme: scheme)
        #expect(values.valid(for: .textField("Name", value: "")).count == FieldValues.validLimit)
        #expect(values.valid(for: .textField("Name", value: "")).first == "n1")
    }

    @Test func aRobotActionsArgumentGoesToTheFieldTheActionWasSeenToTypeIntoWhateverItsName() throws {
        let catalog = RobotCatalog([LendRobot.yaml])
        let parser = FlowParser(catalog: catalog)
        let lend = try #require(parser.parse(text: "name: Lend\nsteps:\n  - Lend.typeBorrower: {name: Bob}\n  - Lend.typeBorrower: {name: \"${who}\"}\n", file: "lend.yaml"))
        let other = try #require(parser.parse(text: "name: Again\nsteps:\n  - Lend.typeBorrower: {name: Eve}\n", file: "again.yaml"))
        let flows = [lend, other]
        #expect(RobotValues.flowsToWatch(flows).map(\.file) == ["lend.yaml"], "one flow a parameter")
        #expect(RobotValues.flowsToWatch(flows, limit: 1).map(\.file) == ["lend.yaml"])
        #expect(RobotValues.flowsToWatch(flows, limit: 0).isEmpty, "no more flows than the limit")
        let tail = try #require(parser.parse(text: "name: Tail\nsteps:\n  - back\n  - Lend.typeBorrower: {name: Al}\n  - back\n  - back\n", file: "tail.yaml"))
        #expect(RobotValues.flowsToWatch([tail]).map(\.steps.count) == [2], "run up to its last robot text argument, not after")
        #expect(RobotValues.flowsToWatch([lend]).map(\.steps.count) == [2], "a flow that ends with one is run whole")
        let audited = try #require(parser.parse(text: "name: Audited\naudit: {skip: [readableLabels]}\nsteps:\n  - Lend.typeBorrower: {name: Al}\n  - back\n", file: "audited.yaml"))
        #expect(RobotValues.flowsToWatch([audited]).first?.auditOff == audited.auditOff && !audited.auditOff.isEmpty, "the cut flow keeps the audit rules it turns off")
        let fields = RobotValues.fields(of: [lend], typed: ["lend.yaml": [("Borrower", "Bob"), ("Borrower", "Cy")]]) { $0 == "${who}" ? "Cy" : $0 }
        #expect(fields == [RobotValues.Parameter(action: "Lend.typeBorrower", name: "name"): "Borrower"])
        let values = RobotValues.values(in: flows, fields: fields)
        #expect(values.map(\.text) == ["Bob", "${who}", "Eve"])
        #expect(Set(values.map(\.name)) == ["borrower"])
        #expect(RobotValues.fields(of: [lend], typed: [:]) { $0 }.isEmpty, "a flow not run teaches nothing")
        #expect(RobotValues.fields(of: [lend], typed: ["lend.yaml": [("Other", "Zed")]]) { $0 }.isEmpty, "a typed text that is no argument")
    }

    @Test func theFlowsTypeStepsGiveTheirFieldsValuesNestedStepsIncluded() throws {
        let parser = FlowParser(catalog: RobotCatalog([]))
        let flow = try #require(parser.parse(text: """
            name: Typing
            steps:
              - type: {textField: E-mail, text: ann@example.com}
              - repeat:
                  times: 2
                  steps:
                    - type: {textField: Code, text: "42"}
              - type: {textField: "${field}", text: lost}
              - type: {textField: E-mail, text: ann@example.com}
            """, file: "typing.yaml"))
        let values = FieldValues.typedValues(in: [flow])
        #expect(values.map(\.name) == ["email", "code"])
        #expect(values.map(\.text) == ["ann@example.com", "42"])
    }
}

extension FieldValuesTests {
    @Test func onTheDeskARobotActionsArgumentReachesTheFieldTheActionTypesInto() throws {
        let catalog = RobotCatalog([LendRobot.yaml])
        let flow = try #require(FlowParser(catalog: catalog).parse(text: """
            name: Lend to Bobby
            steps:
              - tap: {cell: book-1}
              - Lend.typeBorrower: {name: Bobby Tables}
            """, file: "lend.yaml"))
        let scheme = Scheme(name: "default", app: BuiltProduct.url("explore-sample").path, launch: LaunchSettings(arguments: ["-sample.app", "desk"]))
        let explorer = try Explorer(scheme: scheme, variables: [:], catalog: catalog, options: ExploreOptions(), valuesFrom: [flow])
        defer { explorer.close() }
        let map = try explorer.run().map
        #expect(map.transitions.contains { $0.action == #"type "Bobby Tables" into Borrower"# }, "\(Set(map.transitions.map(\.action)).sorted())")
        #expect(!map.transitions.contains { $0.action.contains("Bobby") && $0.key != "type textField Borrower" })
    }
}

