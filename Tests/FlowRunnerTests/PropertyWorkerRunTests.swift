import Console
import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// The built runner (`desk-flow`, the toolkit's command line with a desk catalog) checks the app's
/// properties in a worker it starts from its own executable: a property that goes wrong as Swift
/// code does is a finding of that property in `explore` (exit 1, the map and the report written)
/// and a failure of each flow it breaks in `run --properties` (exit 1), never the runner's end, a
/// hang, or a green run; a worker killed from outside is a finding of the property it ran; a
/// worker that cannot be started is said, and the run is not made (exit 3).
@Suite(.timeLimit(.minutes(5)))
struct PropertyWorkerRunTests {
    /// A folder with the desk's scheme, where `desk-flow` runs as a tester runs it.
    struct Desk {
        let folder: URL

        init(bugs: [String] = []) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("property-worker-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Flows/schemes"), withIntermediateDirectories: true)
            let planted = bugs.isEmpty ? "" : ", -sample.bugs, \(bugs.joined(separator: ","))"
            try write("Flows/schemes/default.yaml", "app: \(BuiltProduct.url("explore-sample").path)\narguments: [-sample.app, desk\(planted)]\n")
            try write("Flows/ulysses.yaml", "name: Ulysses\nsteps:\n  - tap: {cell: book-3}\n  - tap: Help\n")
            try write("Flows/dune.yaml", "name: Dune\nsteps:\n  - tap: {cell: book-1}\n")
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
        }

        func read(_ path: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }

        /// `desk-flow ARGUMENTS` here, serving the catalog `catalog`.
        func run(_ arguments: [String], catalog: String, environment extra: [String: String] = [:]) throws -> ChildProcess.Output {
            var environment = DeskCatalog.environment(serving: catalog)
            environment.merge(extra) { $1 }
            return try ChildProcess.run(BuiltProduct.url("desk-flow").path, arguments, environment: environment, currentDirectory: folder.path)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(arguments: BrokenProperty.allCases.filter { $0 != .signalsThenBlocks })
    func exploreFindsABrokenPropertyExitsOneAndWritesTheMapAndTheReport(_ broken: BrokenProperty) throws {
        let desk = try Desk()
        defer { desk.remove() }
        let explored = try desk.run(["explore", "--out", "out", "--wait", "1", "--no-shrink", "--walks", "2"], catalog: broken.rawValue)
        #expect(explored.status == 1 && !explored.signaled, "exit 1: \(explored.stdout)\n\(explored.stderr)")
        #expect(explored.stdout.contains("FINDING  property  the property \(broken.property) (Goes wrong (\(broken.rawValue)) on Ulysses.) "), "\(explored.stdout)")
        #expect(explored.stdout.contains("explored in") && explored.stdout.contains("every screen explored"), "the crawl went on to its end: \(explored.stdout)")
        #expect(desk.exists("out/map.json") && desk.exists("out/report.html"), "the map and the report are written")
        let map = try desk.read("out/map.json")
        #expect(map.contains("\"summary\" : \"the property \(broken.property) "), "the map holds the finding")
        #expect(try desk.read("out/report.html").contains(broken.property))
    }

    @Test(arguments: BrokenProperty.allCases.filter { $0 != .signalsThenBlocks })
    func runWithPropertiesFailsTheFlowItBreaksAndRunsTheRest(_ broken: BrokenProperty) throws {
        let desk = try Desk()
        defer { desk.remove() }
        let run = try desk.run(["run", "--properties", "--timeout", "1", "--jobs", "1"], catalog: broken.rawValue)
        #expect(run.status == 1 && !run.signaled, "exit 1, never green, never a crash: \(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("check the property \(broken.property) (--properties)"), "\(run.stdout)")
        #expect(run.stdout.contains("1 passed, 1 failed"), "Dune never shows Ulysses: it passes, and was run: \(run.stdout)")
    }

    /// `desk-flow run --properties` on Ulysses with the property that says its worker's process
    /// number (through a FIFO) and then blocks: the runner, and the worker once the property runs.
    static func runnerBlockedInAProperty(_ desk: Desk) throws -> (runner: SpawnedChild, worker: Int32) {
        let fifo = desk.folder.appendingPathComponent("worker.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var environment = DeskCatalog.environment(serving: BrokenProperty.signalsThenBlocks.rawValue)
        environment[BrokenProperty.fifoVariable] = fifo
        let runner = try SpawnedChild(executable: BuiltProduct.url("desk-flow").path, arguments: ["run", "--properties", "--timeout", "60", "Flows/ulysses.yaml"],
                                      environment: environment, currentDirectory: desk.folder.path)
        let reader = try #require(FileHandle(forReadingAtPath: fifo))
        let said = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let worker = try #require(Int32(said), "the worker's process number: \(said)")
        return (runner, worker)
    }

    @Test func aWorkerKilledFromOutsideMidCheckIsAFindingOfThePropertyItRan() throws {
        let desk = try Desk()
        defer { desk.remove() }
        // The property says its worker's number once it runs, then blocks: the worker is killed then.
        let (runner, worker) = try Self.runnerBlockedInAProperty(desk)
        #expect(worker != runner.processIdentifier, "the property runs in a process of its own")
        #expect(kill(worker, SIGKILL) == 0)
        let output = String(decoding: runner.output.readDataToEndOfFile(), as: UTF8.self)
        runner.waitForExit()
        #expect(runner.ending?.status == 1 && runner.ending?.signaled == false, "\(output)")
        #expect(output.contains("the property brokenSignalsThenBlocks (Goes wrong (signalsThenBlocks) on Ulysses.) was killed (signal 9) during its check"), "\(output)")
    }

    @Test func aRunnerKilledMidCheckLeavesNoWorkerBehind() throws {
        let desk = try Desk()
        defer { desk.remove() }
        // The property blocks for good: the runner is killed then, with no time to end its worker,
        // which must end by itself.
        let (runner, worker) = try Self.runnerBlockedInAProperty(desk)
        #expect(kill(runner.processIdentifier, SIGKILL) == 0)
        runner.waitForExit()
        let ended = LeftoverRunFolderTests.waitForExit(of: worker)
        #expect(ended, "the worker \(worker) ended once its runner was gone")
        if !ended { kill(worker, SIGKILL) }
    }

    @Test func aWorkerThatIsNotThisRunnersIsRefusedAndNothingIsMade() throws {
        let desk = try Desk()
        defer { desk.remove() }
        let other = ["DESK_WORKER_CATALOG": "ledger"]
        let run = try desk.run(["run", "--properties"], catalog: "desk", environment: other)
        #expect(run.status == 3, "the run could not be made: \(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("--properties: the property worker could not be started: ") && run.stderr.contains("knows other properties than this runner's"),
                "\(run.stderr)")
        #expect(!run.stdout.contains("running"), "nothing ran: \(run.stdout)")
        let explored = try desk.run(["explore", "--out", "out"], catalog: "desk", environment: other)
        #expect(explored.status == 3 && explored.stderr.contains("the property worker could not be started"), "\(explored.stderr)")
        #expect(try desk.run(["explore", "--out", "out", "--no-properties", "--walks", "0"], catalog: "desk", environment: other).status == 0, "--no-properties needs no worker")
    }

    @Test func exitZeroInAPropertyNeverEndsARunGreenHavingRunNothing() throws {
        let desk = try Desk()
        defer { desk.remove() }
        let run = try desk.run(["run", "--properties", "Flows"], catalog: BrokenProperty.exitZero.rawValue)
        #expect(run.stdout.contains("running 2 flows"), "\(run.stdout)")
        #expect(run.status == 1 && run.stdout.contains("1 passed, 1 failed"), "\(run.stdout)")
    }

    @Test func aCatalogWithTwoPropertiesOfOneNameIsRefusedByEveryCommand() throws {
        let desk = try Desk()
        defer { desk.remove() }
        for command in [["run"], ["lint"], ["explore", "--out", "out"]] {
            let refused = try desk.run(command, catalog: "twice")
            #expect(refused.status == 2, "\(command): \(refused.stderr)")
            #expect(refused.stderr == "desk-flow: error: the catalog declares two properties of one name: lentCountMatchesRows (in the Desk robot's RobotProperties "
                + "and the Lend robot's RobotProperties); give each property a name of its own\n", "\(refused.stderr)")
        }
    }

    @Test func exploreSaysHowOftenEachPropertyWasCheckedAndWarnsOfOneThatNeverApplied() throws {
        let desk = try Desk()
        defer { desk.remove() }
        let explored = try desk.run(["explore", "--out", "out", "--walks", "0"], catalog: "neverApplies")
        #expect(explored.status == 0, "\(explored.stdout)\n\(explored.stderr)")
        let lines = explored.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  properties        3 declared, checked ") && $0.hasSuffix(": 1 applied, 2 never did") }, "\(explored.stdout)")
        #expect(lines.contains { $0.hasPrefix("    lentCountMatchesRows  checked ") && $0.hasSuffix(", failed 0") }, "\(explored.stdout)")
        #expect(lines.contains { $0.hasPrefix("    renewKeepsTheLoan     checked 0, applied 0, failed 0") }, "\(explored.stdout)")
        #expect(lines.contains(#"warning: the property renewKeepsTheLoan never applied: no screen titled "Book" had a control "Renew" (its trigger, tap Renew)"#),
                "\(explored.stdout)")
        #expect(lines.contains { $0.hasPrefix("warning: the property overdueBooksSaySo never applied: its check said it does not apply each of the ") }, "\(explored.stdout)")
        let map = try desk.read("out/map.json")
        #expect(map.contains("\"neverApplied\" : \"no screen titled \\\"Book\\\" had a control \\\"Renew\\\" (its trigger, tap Renew)\""), "\(map)")
        let none = try desk.run(["explore", "--out", "out", "--walks", "0"], catalog: "none")
        #expect(none.stdout.contains("  properties        none declared: nothing says what is right for this app"), "\(none.stdout)")
        let unchecked = try desk.run(["explore", "--out", "out", "--no-properties", "--walks", "0"], catalog: "desk")
        #expect(!unchecked.stdout.contains("properties"), "\(unchecked.stdout)")
    }
}
