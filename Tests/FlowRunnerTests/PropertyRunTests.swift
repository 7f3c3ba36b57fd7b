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

    /// Runs `text` as a flow on the desk with `bugs`, the properties of the desk catalog `catalog`
    /// (checked in `desk-worker`s) checked after every step when `properties`.
    static func run(_ text: String, bugs: [String] = [], properties: Bool, catalog: String = "desk", timeout: TimeInterval = 5) throws -> FlowResult {
        let named = try #require(DeskCatalog.named[catalog])
        let flow = try #require(FlowParser(catalog: named).parse(text: text, file: "desk.yaml"))
        let scheme = Scheme(name: "desk", app: sample, launch: LaunchSettings(arguments: ["-sample.app", "desk"] + (bugs.isEmpty ? [] : ["-sample.bugs", bugs.joined(separator: ",")]).map { Text($0) }))
        var options = SuiteRunner.Options(jobs: 1, timeout: timeout)
        let worker = PropertyWorkerLaunch(executable: BuiltProduct.url("desk-worker").path, environment: DeskCatalog.environment(serving: catalog))
        options.propertyWorkers = PropertyWorkers(launch: worker, properties: named.properties, variables: [:])
        options.checksProperties = properties
        defer { options.propertyWorkers?.close() }
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

    @Test func anActionPropertyIsCheckedOnTheStepJustBeforeWhichMustBeItsAction() throws {
        let after = "name: Lend\nsteps:\n  - tap: {cell: book-1}\n  - type: {textField: Borrower, text: ann}\n  - tap: Lend\n  - assertProperty: lendShouts\n"
        let failure = try #require(try Self.run(after, properties: false, catalog: "lendShouts").failure)
        #expect(failure.failure.reason.contains("does not hold: find a row reading on loan to ANN failed: none does"), "\(failure.failure.reason)")
        let notAfter = "name: Lend\nsteps:\n  - tap: {cell: book-1}\n  - assertProperty: lendShouts\n"
        let misplaced = try #require(try Self.run(notAfter, properties: false, catalog: "lendShouts").failure)
        #expect(misplaced.failure.reason == #"the property lendShouts follows tap Lend, and the step before assertProperty is tap "book-1": put it right after that action"#,
                "\(misplaced.failure.reason)")
        let withProperties = try #require(try Self.run(after.replacingOccurrences(of: "  - assertProperty: lendShouts\n", with: ""), properties: true,
                                                       catalog: "lendShouts").failure)
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

    @Test func aPropertyThatTrapsInARunFailsItsStepWithTheTrapsMessageAndTheRunGoesOn() throws {
        let flow = "name: T\nsteps:\n  - tap: {cell: book-3}\n  - tap: Help\n"
        let result = try Self.run(flow, properties: true, catalog: BrokenProperty.fatalError.rawValue)
        let failure = try #require(result.failure)
        #expect(failure.location.line == 3, "the step that showed Ulysses: \(failure)")
        #expect(failure.failure.reason.hasPrefix("the property brokenFatalError (Goes wrong (fatalError) on Ulysses.) trapped (signal "), "\(failure.failure.reason)")
        #expect(failure.failure.reason.contains("DeskCatalogs.swift:") && failure.failure.reason.contains("Fatal error: \(BrokenProperty.fatalMessage)"),
                "the trap's message with its file and line: \(failure.failure.reason)")
        #expect(try Self.run("name: Again\nsteps:\n  - tap: {cell: book-2}\n", properties: true, catalog: BrokenProperty.fatalError.rawValue).passed,
                "the runner goes on, and the property holds where it does not trap")
    }

    @Test func aPropertyThatExitsZeroFailsItsFlowNeverGreensTheRun() throws {
        let failure = try #require(try Self.run("name: T\nsteps:\n  - tap: {cell: book-3}\n", properties: true, catalog: BrokenProperty.exitZero.rawValue).failure)
        #expect(failure.failure.reason.contains("ended its worker with exit code 0"), "\(failure.failure.reason)")
    }

    @Test func eachFlowABrokenPropertyBreaksReportsIt() throws {
        // Checked again in every flow, never said once and then taken for holding.
        for book in ["book-3", "book-3"] {
            let failure = try #require(try Self.run("name: T\nsteps:\n  - tap: {cell: \(book)}\n", properties: true, catalog: BrokenProperty.indexOutOfRange.rawValue).failure)
            #expect(failure.failure.reason.contains("brokenIndexOutOfRange") && failure.failure.reason.contains("Index out of range"), "\(failure.failure.reason)")
        }
    }

    @Test func assertPropertyReadsTheModelTheLaunchKeptFromItsFirstAction() throws {
        let flow = """
            name: Two lends
            steps:
              - tap: {cell: book-1}
              - Lend.typeBorrower: {name: Ann}
              - tap: Lend
              - tap: {cell: book-2}
              - Lend.typeBorrower: {name: Bob}
              - tap: Lend
              - assertProperty: lentCountFollowsTheLedger
            """
        #expect(try Self.run(flow, properties: false, catalog: "ledger").passed, "the correct desk: two lent since launch, and the count says 2")
        let forgot = try #require(try Self.run(flow, bugs: ["forgetsALend"], properties: false, catalog: "ledger").failure)
        #expect(forgot.location.line == 9 && forgot.failure.reason.contains("Lent: 1") && forgot.failure.reason.contains("Lent: 2"), "\(forgot)")
        // The rows and the count agree on that desk: without the model nothing tells.
        #expect(try Self.run(flow.replacingOccurrences(of: "lentCountFollowsTheLedger", with: "lentCountMatchesRows"), bugs: ["forgetsALend"], properties: false).passed)
        let checked = try #require(try Self.run(flow.replacingOccurrences(of: "  - assertProperty: lentCountFollowsTheLedger\n", with: ""), bugs: ["forgetsALend"],
                                                properties: true, catalog: "ledger").failure)
        #expect(checked.location.line == 8 && checked.failure.step == "check the property lentCountFollowsTheLedger (--properties)", "--properties: at the second Lend, \(checked)")
    }
}
