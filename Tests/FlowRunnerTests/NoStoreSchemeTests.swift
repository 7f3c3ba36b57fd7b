import Console
import FlowKit
import FlowRunner
import Foundation
import Testing

/// An app that keeps no data is run by a scheme that names only the app: nothing seeded, no store
/// argument, no `Seeds/default.yaml`. A flow that names a fixture there is refused where it names
/// it; a seeder without a store (or a store without a seeder) is refused; and a scheme with a
/// seeder and a store runs exactly as before.
///
/// The app is TextUI's sample (`textapp-sample`) with its flows and scheme
/// (`Tests/TextAppSample/Flows`), run from its folder as the guide says, or from a copy of it for
/// flows written here. It refuses any launch argument it does not know, so a store argument
/// passed to it would end its launch.
struct NoStoreSchemeTests {
    static let sample = FlowWorkspace.binaries.appendingPathComponent("textapp-sample").path
    static let sampleFolder = "Tests/TextAppSample"
    static let sampleFlows = FlowWorkspace.repository.appendingPathComponent("\(sampleFolder)/Flows")

    /// The sample's flow: it passes.
    static var taps: String {
        get throws { try String(contentsOf: sampleFlows.appendingPathComponent("taps.yaml"), encoding: .utf8) }
    }

    @Test func theSamplesFlowsRunGreenFromItsFolderWithNoSeeds() throws {
        let folder = FlowWorkspace.repository.appendingPathComponent(Self.sampleFolder).path
        #expect(!FileManager.default.fileExists(atPath: folder + "/Seeds"))
        func flow(_ arguments: [String]) throws -> ChildProcess.Output {
            try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, currentDirectory: folder)
        }

        let lint = try flow(["lint"])
        #expect(lint.status == 0, "\(lint.stderr)")
        let run = try flow(["run", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("1 passed, 0 failed"), "\(run.stdout)")
        #expect(!run.stdout.contains("seeded"), "nothing is seeded: \(run.stdout)")
    }

    @Test func aFailingFlowOfAnAppWithNoStoreFails() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try workspace.write("Flows/taps.yaml", try Self.taps.replacingOccurrences(of: "Taps: 1", with: "Taps: 2"))
        let run = try workspace.flow(["run", "--jobs", "1", "--timeout", "2"])
        #expect(run.status == 1, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("0 passed, 1 failed"), "\(run.stdout)")
    }

    @Test func inspectStartsAnAppWithNoStore() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let inspect = try workspace.flow(["inspect", "Flows/taps.yaml"])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("Taps: 1"), "\(inspect.stdout)")
    }

    static let refusal = "the scheme default has no seeder, so every flow starts from the app as it is launched; give the scheme a seeder and a store, or take"

    @Test(arguments: [
        ("name: F\nfixture: small\nsteps:\n  - tap: Tap\n", "Flows/f.yaml:2:10: error: fixture \"small\": \(NoStoreSchemeTests.refusal) the fixture out"),
        ("name: F\nfixture: default\nsteps:\n  - tap: Tap\n", "Flows/f.yaml:2:10: error: fixture \"default\": \(NoStoreSchemeTests.refusal) the fixture out"),
        ("name: F\nsteps:\n  - tap: Tap\n  - seed: large\n", "Flows/f.yaml:4:5: error: seed large: \(NoStoreSchemeTests.refusal) the seed step out"),
        ("name: F\nsteps:\n  - seed: ${which}\n", "Flows/f.yaml:3:5: error: seed ${which}: \(NoStoreSchemeTests.refusal) the seed step out"),
    ])
    func aFlowThatNamesAFixtureUnderASchemeWithNoSeederIsRefusedWhereItNamesIt(flow: String, error: String) throws {
        let workspace = try Self.workspace(extra: "variables: {which: large}")
        defer { workspace.remove() }
        try workspace.write("Flows/f.yaml", flow)
        for command in ["lint", "run"] {
            let output = try workspace.flow([command])
            #expect(output.status == 2, "\(command): \(output.stdout)\n\(output.stderr)")
            #expect(output.stderr.contains(error), "\(command): \(output.stderr)")
            #expect(!output.stdout.contains("running"), "nothing is launched: \(output.stdout)")
        }
    }

    @Test func inspectRefusesAFixtureUnderASchemeWithNoSeeder() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        let output = try workspace.flow(["inspect", "--fixture", "small"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("fixture \"small\": \(Self.refusal) the fixture out"), "\(output.stderr)")
    }

    @Test(arguments: [
        ("seeder: /bin/true\n", "Flows/schemes/default.yaml:1:1: error: the scheme gives a seeder but no store: give store: {argument: app.store, file: app.sqlite} too"),
        ("store: {argument: app.store, file: app.sqlite}\n", "Flows/schemes/default.yaml:1:1: error: the scheme gives a store but no seeder: give seeder: too"),
        ("seeder: \"\"\n", "Flows/schemes/default.yaml:5:9: error: seeder is the seeder's path, such as .build/debug/app-seed; for an app with no store leave out seeder and store"),
    ])
    func aSeederWithoutAStoreOrAStoreWithoutASeederIsRefused(extra: String, error: String) throws {
        let workspace = try Self.workspace(extra: extra)
        defer { workspace.remove() }
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.contains(error), "\(output.stderr)")
    }

    @Test func aSchemeWithNoAppIsRefused() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/default.yaml", "arguments: [-ui-testing, YES]\n")
        try workspace.write("Flows/taps.yaml", try Self.taps)
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("Flows/schemes/default.yaml:1:1: error: the scheme gives no app (app: the app's path, such as .build/debug/app)"), "\(output.stderr)")
    }

    // MARK: - A scheme with a seeder and a store, as before

    @Test func aSchemeWithASeederStillNeedsTheDefaultFixtureForAFlowThatNamesNone() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/schemes/default.private.yaml", "seeds: Empty\n")
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        try workspace.write("Flows/taps.yaml", try Self.taps)
        let output = try workspace.flow(["lint"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("Flows/taps.yaml:1:1: error: fixture \"default\" is not in Empty/"), "\(output.stderr)")
    }

    @Test func theStoreArgumentIsTheSchemesStoreInTheFlowsFolderAndNoneWithoutAStore() {
        let folder = URL(fileURLWithPath: "/tmp/run/flow-1")
        #expect(FlowWorkspace.scheme.storeArguments(in: folder) == ["-photos.store", "/tmp/run/flow-1/photos.sqlite"])
        #expect(Scheme(name: "default", app: "app").storeArguments(in: folder) == [])
        #expect(Scheme(name: "default", app: "app").storePath(in: folder) == nil)
    }

    @Test func prepareSeedsNothingWithoutASeederAndRefusesANamedFixture() throws {
        let runner = SuiteRunner(scheme: Scheme(name: "plain", app: Self.sample), variables: [:], secrets: [], options: .init(jobs: 1))
        defer { runner.cleanUp() }
        var said: [String] = []
        #expect(try runner.prepare(fixtures: ["default"]) { said.append($0) } == [:])
        #expect(said.isEmpty)
        #expect {
            try runner.prepare(fixtures: ["default", "small"]) { _ in }
        } throws: { error in
            "\(error)" == "fixture \"small\": the scheme plain has no seeder, so every flow starts from the app as it is launched; "
                + "give the scheme a seeder and a store, or take the fixture out"
        }
    }

    @Test func aSchemeMadeInCodeWithASeederButNoStoreIsRefusedBeforeAnythingIsSeeded() {
        let scheme = Scheme(name: "half", app: Self.sample, seeder: "/bin/true")
        let runner = SuiteRunner(scheme: scheme, variables: [:], secrets: [], options: .init(jobs: 1))
        defer { runner.cleanUp() }
        #expect {
            try runner.prepare(fixtures: ["default"]) { _ in }
        } throws: { error in
            "\(error)".hasPrefix("the scheme gives a seeder but no store")
        }
    }

    @Test func aSeedStepTypedIntoASessionUnderASchemeWithNoSeederFailsAndSaysWhy() throws {
        let session = try FlowSession(.init(
            scheme: Scheme(name: "plain", app: Self.sample), variables: [:], catalog: RobotCatalog([]), folder: FileManager.default.temporaryDirectory.path
        ))
        defer { session.close() }
        if case let .refused(message) = session.run("seed: small") {
            #expect(message.contains("fixture \"small\": the scheme plain has no seeder"), "\(message)")
        } else {
            Issue.record("seed: small was not refused")
        }
        if case let .failed(failure, _) = session.run("seed: default") {
            #expect(failure.failure.reason.contains("seed default: the scheme plain has no seeder"), "\(failure)")
        } else {
            Issue.record("seed: default did not fail")
        }
        guard case .kept = session.run("tap: Tap") else {
            Issue.record("the app did not go on after the refusals")
            return
        }
    }

    /// A secure field named by its label, not its identifier, is still a secure field: what is
    /// typed into it is masked and never saved.
    @Test func textTypedIntoASecureFieldNamedByItsLabelIsMasked() throws {
        let session = try FlowSession(.init(
            scheme: Scheme(name: "plain", app: Self.sample), variables: [:], catalog: RobotCatalog([]), folder: FileManager.default.temporaryDirectory.path
        ))
        defer { session.close() }
        let outcome = session.run("type: {element: Passphrase, text: s3cr3tXY}")
        guard case let .kept(kept) = outcome else {
            Issue.record("not kept: \(outcome)")
            return
        }
        #expect(kept.line == "type: {element: Passphrase, text: ••••••••}")
        #expect(kept.unsavedSecret?.problem == "the text typed into element \"Passphrase\", a secret no variable of the scheme holds")
    }

    // MARK: - Helpers

    /// A copy of the sample's folder, as `Tests/TextAppSample` in a workspace (its flows and its
    /// scheme, with `extra` at the end of the scheme), the app where the scheme says, and no Seeds
    /// folder. Its `flow` runs in that folder.
    static func workspace(extra: String = "") throws -> SampleWorkspace {
        let root = try FlowWorkspace()
        let workspace = SampleWorkspace(root: root)
        try FileManager.default.createDirectory(at: workspace.folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sampleFlows, to: workspace.folder.appendingPathComponent("Flows"))
        if !extra.isEmpty { try workspace.write("Flows/schemes/default.yaml", try workspace.read("Flows/schemes/default.yaml") + extra) }
        let debug = root.folder.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: debug.appendingPathComponent("textapp-sample").path, withDestinationPath: sample)
        return workspace
    }
}

/// The sample's folder copied into a workspace, two folders down as in the repository.
struct SampleWorkspace {
    let root: FlowWorkspace
    var folder: URL { root.folder.appendingPathComponent(NoStoreSchemeTests.sampleFolder) }

    func write(_ path: String, _ text: String) throws {
        try root.write("\(NoStoreSchemeTests.sampleFolder)/\(path)", text)
    }

    func read(_ path: String) throws -> String {
        try root.read("\(NoStoreSchemeTests.sampleFolder)/\(path)")
    }

    /// Runs `flow ARGUMENTS` in the sample's folder.
    func flow(_ arguments: [String]) throws -> ChildProcess.Output {
        try ChildProcess.run(FlowWorkspace.binaries.appendingPathComponent("flow").path, arguments, currentDirectory: folder.path)
    }

    func remove() { root.remove() }
}
