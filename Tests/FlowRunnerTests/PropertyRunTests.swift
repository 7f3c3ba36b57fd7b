import DeskRobots
import FlowKit
import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// Properties in a run, on the explore sample's lending desk with its robots' catalog
/// (DeskRobots): `--properties` checks every invariant after every step and fails the step where
/// one breaks; `assertProperty` checks one where a flow says, an action property on the step just
/// before; lint refuses a property the app does not declare.
@Suite(.timeLimit(.minutes(5)))
struct PropertyRunTests {
    static let sample = BuiltProduct.url("explore-sample").path
    static let lend = """
        name: Lend Dune
        steps:
          - tap: {cell: book-1}
          - Lend.typeBorrower: {name: Ann}
          - tap: Lend
          - Desk.checkLent: {count: 1}
        """

    /// Runs `text` as a flow on the desk with `bugs`, the catalog's properties checked after every step when `properties`.
    static func run(_ text: String, bugs: [String] = [], properties: Bool, catalog: RobotCatalog = DeskCatalog.catalog) throws -> FlowResult {
        let flow = try #require(FlowParser(catalog: catalog).parse(text: text, file: "desk.yaml"))
        let scheme = Scheme(name: "desk", app: sample, launch: LaunchSettings(arguments: ["-sample.app", "desk"] + (bugs.isEmpty ? [] : ["-sample.bugs", bugs.joined(separator: ",")]).map { Text($0) }))
        var options = SuiteRunner.Options(jobs: 1, timeout: 5)
        if properties { options.properties = catalog.properties }
        let runner = SuiteRunner(scheme: scheme, variables: [:], secrets: [], options: options)
        defer { runner.cleanUp() }
        let results = runner.run(FlowSuite(flows: [flow]), templates: try runner.prepare(fixtures: ["default"]) { _ in }) { _ in }
        return try #require(results.first)
    }

    @Test func withPropertiesAStepThatBreaksAnInvariantFailsThereWithWhatItFound() throws {
        let broken = try Self.run(Self.lend, bugs: ["lentCount"], properties: true)
        let failure = try #require(broken.failure)
        #expect(failure.location.line == 5, "the Lend step, before the flow's own check: \(failure)")
        #expect(failure.failure.step == "check the property lentCountMatchesRows (--properties)")
        #expect(failure.failure.reason.hasPrefix("the property lentCountMatchesRows (The Lent count says how many books are on loan.) does not hold: "),
                "\(failure.failure.reason)")
        #expect(try Self.run(Self.lend, properties: true).passed, "the correct desk holds")
        let unchecked = try Self.run(Self.lend.replacingOccurrences(of: "\n  - Desk.checkLent: {count: 1}", with: ""), bugs: ["lentCount"], properties: false)
        #expect(unchecked.passed, "without --properties, a flow that checks nothing passes on the broken desk: the oracle is what --properties adds")
    }

    @Test func assertPropertyChecksOneWhereTheFlowSays() throws {
        let flow = """
            name: Lend and check
            steps:
              - tap: {cell: book-2}
              - type: {textField: Borrower, text: Bo}
              - tap: Lend
              - assertProperty: lentCountMatchesRows
            """
        #expect(try Self.run(flow, properties: false).passed)
        let broken = try #require(try Self.run(flow, bugs: ["lentCount"], properties: false).failure)
        #expect(broken.location.line == 6 && broken.failure.step == "check the property lentCountMatchesRows", "\(broken)")
        #expect(broken.failure.reason.contains("Lent: 1") && broken.failure.reason.contains("Lent: 2"), "\(broken.failure.reason)")
    }

    /// The desk's Lend, said wrongly: the row should say the borrower in capitals (it does not).
    static let wrongLend = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [RobotProperties<LendRobot> {
        $0.after(.tap("Lend"), "lendShouts", "The desk's row says the borrower in capitals.", leadsTo: DeskRobot.self) { book, desk in
            let expected = "on loan to \((book.app.textFields["Borrower"].value ?? "").uppercased())"
            if !desk.app.cells.snapshots().contains(where: { $0.value == expected }) { desk.app.fail("find a row reading \(expected)", "none does", site: CallSite()) }
        }
    }])

    @Test func anActionPropertyIsCheckedOnTheStepJustBeforeWhichMustBeItsAction() throws {
        let after = "name: Lend\nsteps:\n  - tap: {cell: book-1}\n  - type: {textField: Borrower, text: ann}\n  - tap: Lend\n  - assertProperty: lendShouts\n"
        let failure = try #require(try Self.run(after, properties: false, catalog: Self.wrongLend).failure)
        #expect(failure.failure.reason.contains("does not hold: find a row reading on loan to ANN failed: none does"), "\(failure.failure.reason)")
        let notAfter = "name: Lend\nsteps:\n  - tap: {cell: book-1}\n  - assertProperty: lendShouts\n"
        let misplaced = try #require(try Self.run(notAfter, properties: false, catalog: Self.wrongLend).failure)
        #expect(misplaced.failure.reason == #"the property lendShouts follows tap Lend, and the step before assertProperty is tap "book-1": put it right after that action"#,
                "\(misplaced.failure.reason)")
        let withProperties = try #require(try Self.run(after.replacingOccurrences(of: "  - assertProperty: lendShouts\n", with: ""), properties: true,
                                                       catalog: Self.wrongLend).failure)
        #expect(withProperties.location.line == 5, "--properties checks it after the Lend it follows: \(withProperties)")
    }

    @Test func lintRefusesAPropertyTheAppDoesNotDeclareAndSaysWhichItDoes() {
        let parser = FlowParser(catalog: DeskCatalog.catalog)
        #expect(parser.parse(text: "name: X\nsteps:\n  - assertProperty: lentCountMatchesRow\n", file: "x.yaml") == nil)
        #expect(parser.problems.map { $0.description.split(separator: "\n").first.map(String.init) ?? "" } == [
            #"x.yaml:3:21: error: no property "lentCountMatchesRow" in this app (did you mean "lentCountMatchesRows"?); its properties are "lentCountMatchesRows""#,
        ], "\(parser.problems.map(\.description))")
        let none = FlowParser(catalog: RobotCatalog([]))
        #expect(none.parse(text: "name: X\nsteps:\n  - assertProperty: anything\n", file: "x.yaml") == nil)
        #expect(none.problems.first?.description.contains("it declares none") == true, "\(none.problems.map(\.description))")
    }

    @Test func aPropertyThatTrapsInARunFailsItsStepNamingItAndTheRunGoesOn() throws {
        let trapping = RobotCatalog([DeskRobot.yaml, LendRobot.yaml], properties: [AppProperties {
            $0.invariant("indexesPastTheEnd", "Reads a row that is not there.") { app in _ = app.cells.snapshots()[99] }
        }])
        let result = try Self.run("name: T\nsteps:\n  - tap: {cell: book-1}\n", properties: true, catalog: trapping)
        let failure = try #require(result.failure)
        #expect(failure.failure.reason.hasPrefix("the property indexesPastTheEnd (Reads a row that is not there.) trapped in the runner (signal 4)"),
                "\(failure.failure.reason)")
        #expect(try Self.run("name: Again\nsteps:\n  - tap: {cell: book-2}\n", properties: false, catalog: trapping).passed, "the runner goes on")
    }
}
