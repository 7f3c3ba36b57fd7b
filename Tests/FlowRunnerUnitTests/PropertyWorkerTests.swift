import Console
import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import ProcessTesting
import Testing

/// The worker's own side, talked to line by line as its runner would (`desk-worker`, the desk's
/// catalogs): what it is started with, what it says and marks for each check, and a runner that
/// breaks the protocol (a setup, a check or a frame that is not one, a check of a property it does
/// not know or of a screen it was not sent) refused with exit code 2, saying what it was sent.
struct PropertyWorkerTests {
    typealias Arguments = PropertyWorker.Arguments

    @Test func itsArgumentsAreReadBackAsTheRunnerWritesThem() {
        let arguments = Arguments(marker: "/tmp/page", memory: 1 << 20)
        #expect(arguments.words == ["--marker", "/tmp/page", "--memory", "1048576"])
        #expect(Arguments(words: arguments.words) == arguments)
        #expect(Arguments(words: ["--marker", "/tmp/page", "--memory", "0"]) == Arguments(marker: "/tmp/page", memory: 0), "0: no limit of its own")
    }

    @Test(arguments: [[], ["--marker", "/tmp/page"], ["--marker", "/tmp/page", "--memory"], ["--marker", "/tmp/page", "--memory", "1", "more"],
                      ["--mark", "/tmp/page", "--memory", "1"], ["--marker", "/tmp/page", "--memo", "1"], ["--marker", "/tmp/page", "--memory", "-1"],
                      ["--marker", "/tmp/page", "--memory", "lots"]])
    func wordsThatAreNotItsArgumentsAreRefused(_ words: [String]) {
        #expect(Arguments(words: words) == nil, "\(words)")
    }

    @Test func itSaysHelloTakesItsSetupAndAnswersEachCheckMarkingTheLastOne() throws {
        let served = try Self.serve("counter", [Self.setup, "C 1 1 n 1 - - 2,3", Self.frame(1, count: 3), "C 2 1 s 2 0 - -", Self.frame(2, count: 3), Self.frame(3, count: 4)])
        #expect(served.output.status == 0 && !served.output.signaled, "\(served.output.stderr)")
        #expect(served.output.stdout.split(separator: "\n") == [#"{"properties":["addAddsOne","showsACount","trapsOnSeven","countIsNotNegative"],"worker":1}"#, "A 1 hh", "A 2 h"])
        #expect(served.check == 2 && served.property == -1, "after its last check it marks that check, and no property running")
    }

    @Test func aWorkerGivenNoDataLimitStillChecks() throws {
        let served = try Self.serve("counter", [Self.setup, "C 1 1 n 1 - - 3", Self.frame(1, count: 3)], memory: 0)
        #expect(served.output.stdout.hasSuffix("A 1 h\n"), "\(served.output.stdout) \(served.output.stderr)")
    }

    @Test func aWorkerGivenNoDataLimitChecksALargeScreen() throws {
        // Its line alone takes more memory than the worker had when it started: 0 is no limit, not none.
        let rows = (0..<2000).map { Element.text("row \($0) of a long list", identifier: "row\($0)") }
        let big = Frame(seq: 1, reply: nil, idle: true, error: nil,
                        screen: ScreenSnapshot(title: "Counter", elements: [.text("3", identifier: "count"), .button("Add")] + rows), text: "count 3")
        var encoder = FrameEncoder()
        let line = String(decoding: encoder.encode(big), as: UTF8.self)
        #expect(line.utf8.count > 256 << 10)
        let served = try Self.serve("counter", [Self.setup, "C 1 1 n 1 - - 3", line], memory: 0)
        #expect(served.output.stdout.hasSuffix("A 1 h\n") && served.output.status == 0, "\(served.output.status) \(served.output.stderr.prefix(500))")
    }

    @Test func aWorkerWhoseInputEndsEndsWithNothingToSay() throws {
        for lines in [[], [Self.setup], [Self.setup, "C 1 1 n 1 - - 3"]] {
            let served = try Self.serve("counter", lines)
            #expect(served.output.status == 0 && !served.output.signaled && served.output.stderr.isEmpty, "\(lines): \(served.output.stderr)")
        }
    }

    @Test(arguments: [
        (["{\"variable\": 1}"], #"the runner's setup is not one: {"variable": 1}"#),
        ([PropertyWorkerTests.setup, "Check 1"], "a line that is not a check: Check 1"),
        ([PropertyWorkerTests.setup, "C 1 1 n 1 - - 3", "not a frame"], "a check's frame is not one ("),
        ([PropertyWorkerTests.setup, "C 7 1 n 1 - - 9", PropertyWorkerTests.frame(1, count: 3)], "check 7 has no frame to check, or names a property it does not know"),
        ([PropertyWorkerTests.setup, "C 7 1 n 0 - - 3"], "check 7 has no frame to check, or names a property it does not know"),
        ([PropertyWorkerTests.setup, "C 7 1 p 1 0 - -", PropertyWorkerTests.frame(1, count: 3)], "check 7 has no frame to check, or names a property it does not know"),
    ])
    func aRunnerThatBreaksTheProtocolIsRefused(_ lines: [String], _ said: String) throws {
        let served = try Self.serve("counter", lines)
        #expect(served.output.status == 2 && !served.output.signaled, "\(lines): \(served.output.status) \(served.output.stderr)")
        #expect(served.output.stderr.hasPrefix("property worker: error: \(said)"), "\(served.output.stderr)")
    }

    @Test func aWorkerWithoutItsPageIsRefused() throws {
        let output = try ChildProcess.run(BuiltProduct.url("desk-worker").path, ["property-worker"] + Arguments(marker: "/nowhere/page", memory: 0).words,
                                          environment: DeskCatalog.environment(serving: "counter"))
        #expect(output.status == 2 && output.stderr == "property worker: error: cannot open its marker /nowhere/page\n", "\(output.stderr)")
    }

    @Test func aWorkerWithoutAStandardInputIsRefused() throws {
        let (_, path) = try #require(PropertyWorkerMarker.make())
        defer { unlink(path) }
        let output = try ChildProcess.run("/bin/sh", ["-c", #"exec "$0" "$@" <&-"#, BuiltProduct.url("desk-worker").path, "property-worker"] + Arguments(marker: path, memory: 0).words,
                                          environment: DeskCatalog.environment(serving: "counter"))
        #expect(output.status == 2 && output.stderr == "property worker: error: cannot set up its standard streams\n", "\(output.status) \(output.stderr)")
    }

    @Test func aWorkerKeepsNoDescriptorOfDevNullButItsStandardInput() throws {
        // Its standard input is /dev/null (a property that reads it reads nothing); the descriptor
        // it opened to make it so is closed, not left for every property to inherit.
        let worker = try Self.helloedWorker()
        defer { worker.send(SIGKILL) }
        let folder = "/proc/\(worker.processIdentifier)/fd"
        let open = try FileManager.default.contentsOfDirectory(atPath: folder).compactMap(Int32.init).sorted()
        let null = open.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == "/dev/null" }
        #expect(null == [STDIN_FILENO], "descriptors \(open), of /dev/null \(null)")
    }

    @Test func aWorkerWhoseAnswersNoLongerGoAnywhereEnds() throws {
        Console.ignoreBrokenPipes()  // as a runner does, and its workers after it
        let worker = try Self.helloedWorker()
        defer { worker.send(SIGKILL) }
        try worker.output.close()
        // Its watchdog may end it before it reads this, or its answer, failing, does: either way
        // it ends, with code 0, though its input is still open.
        _ = Console.write([Self.setup, "C 1 1 n 1 - - 3", Self.frame(1, count: 3), ""].joined(separator: "\n"), to: worker.input.fileDescriptor)
        #expect(worker.waitForExit(until: Date().addingTimeInterval(10)), "its input is still open: only its answers' end ends it")
        #expect(worker.ending?.status == 0 && worker.ending?.signaled == false)
    }

    // MARK: - Helpers

    /// A desk-worker of the counter catalog, started as a runner starts one, once it said hello
    /// (its page open: the page's file is removed then, as the runner does).
    static func helloedWorker() throws -> SpawnedChild {
        let (_, path) = try #require(PropertyWorkerMarker.make())
        defer { unlink(path) }
        let worker = try SpawnedChild(executable: BuiltProduct.url("desk-worker").path, arguments: ["property-worker"] + Arguments(marker: path, memory: 0).words,
                                      environment: DeskCatalog.environment(serving: "counter"))
        #expect(line(from: worker.output.fileDescriptor).hasPrefix(#"{"properties":"#))
        return worker
    }

    /// The next line read from `fd`, byte by byte.
    static func line(from fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let setup = #"{"variables":{}}"#

    static func frame(_ seq: Int, count: Int) -> String {
        var encoder = FrameEncoder()
        return String(decoding: encoder.encode(PropertyCheckerTests.frame(seq, count: count)), as: UTF8.self)
    }

    /// What a `desk-worker` serving the catalog `name` said to `lines` (each a line of its input,
    /// which then ends), and what its page marks at its end.
    static func serve(_ name: String, _ lines: [String], memory: Int = PropertyWorkerLaunch.defaultMemory) throws -> (output: ChildProcess.Output, check: Int, property: Int) {
        let (marker, path) = try #require(PropertyWorkerMarker.make())
        defer { unlink(path) }
        let output = try ChildProcess.run(BuiltProduct.url("desk-worker").path, ["property-worker"] + Arguments(marker: path, memory: memory).words,
                                          environment: DeskCatalog.environment(serving: name), input: lines.map { $0 + "\n" }.joined())
        return (output, marker.check, marker.property)
    }
}
