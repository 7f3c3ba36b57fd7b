import ArgumentParser
import FlowKit
import FlowRunner
import Foundation
import Testing
import TextUI
import WorkPhotos
import WorkPhotosDrive
import WorkPhotosRobots
import WorkPhotosSQLite
import WorkPhotosSeeding

/// `make bench`: the performance figures the design sets targets for, measured on a release build.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workphotos-bench",
        abstract: "Measure WorkPhotos' performance targets (run it from a release build: make bench)."
    )

    /// The runner-level figures, each beside its floor measured in the same run. (The in-process
    /// ones, images, the wire and seeding, are in the Benchmarks/ package: ordo-one/benchmark.)
    enum Measure: String, ExpressibleByArgument, CaseIterable {
        case launch, step, suite, list, upload, scale, start, explore, depth, properties, trace, adopt, all
        /// The figures `make bench-check` guards: a step, the default run's hundred flows, `flow`'s start.
        case targets
    }

    @Argument(help: "What to measure: \(Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
    var measure: Measure = .all

    @Option(help: "Repetitions of the seeding and launch measurements.")
    var iterations = 20

    @Option(help: "Flow steps to time (after 200 to warm up).")
    var steps = 5000

    @Option(help: "The fixtures folder (default: ./Seeds, or the repository's).")
    var seeds: String?

    @Option(help: "The app the flows run (default: the debug build beside the release bench, as make flows runs it).")
    var app: String?

    @Option(help: "The floor program, statically linked (make bench builds .build/floor/floor-echo-static).")
    var floor: String = ".build/floor/floor-echo-static"

    @Option(help: "The same floor program, linked as usual.")
    var dynamicFloor: String = ".build/floor/floor-echo"

    @Option(help: "The static floor program that reads UserDefaults' argument domain first (make bench builds .build/floor/floor-defaults-static).")
    var defaultsFloor: String = ".build/floor/floor-defaults-static"

    @Option(help: "The static floor program linked at a fixed address (-no-pie), as the testing build is.")
    var fixedAddressFloor: String = ".build/floor/floor-echo-static-nopie"

    @Flag(help: "Exit 1 when a figure in the summary misses its target (make bench-check).")
    var check = false

    func validate() throws {
        guard iterations > 0 else { throw ValidationError("--iterations must be at least 1") }
    }

    func run() throws {
        #if DEBUG
        print("warning: this is a debug build; figures are only meaningful from `make bench` (release)")
        #endif
        let scoreboard = Scoreboard()
        let measures: [(Measure, (Scoreboard) throws -> Void)] = [
            (.launch, launch), (.step, step), (.suite, { try suite($0, every: measure != .targets) }), (.list, list), (.upload, upload),
            (.scale, scale), (.start, start), (.explore, explore), (.depth, depth), (.properties, properties), (.trace, trace), (.adopt, adopt),
        ]
        let guarded: Set<Measure> = [.step, .suite, .start]
        // `adopt` builds the toolkit from nothing, twice a run (minutes): only when asked by name.
        for (name, run) in measures where measure == name || (measure == .all && name != .adopt) || (measure == .targets && guarded.contains(name)) {
            try run(scoreboard)
        }
        guard !scoreboard.rows.isEmpty else { return }
        print("\nSummary (load average \(Self.loadAverage); on a shared machine, take the best of a few runs):\n" + scoreboard.table)
        if check, !scoreboard.missed.isEmpty {
            print("bench-check: missed: " + scoreboard.missed.map(\.figure).joined(separator: "; "))
            throw ExitCode(1)
        }
    }

    /// The load averages over 1, 5 and 15 minutes, as uptime says them: a busy machine slows every figure.
    static var loadAverage: String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Where the built programs are: this bench's own folder (release), the debug build beside
    /// it, and the app the flows run.
    struct Binaries {
        let release: URL
        let debug: URL

        init() {
            release = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            debug = release.deletingLastPathComponent().appendingPathComponent("debug")
        }

        /// The testing build (`make testing-app`: .build-testing/ beside .build/), if it was built.
        var testing: String? {
            var folder = release
            while folder.lastPathComponent != ".build", folder.pathComponents.count > 1 { folder.deleteLastPathComponent() }
            let app = folder.deletingLastPathComponent().appendingPathComponent(".build-testing/release/workphotos").path
            return FileManager.default.isExecutableFile(atPath: app) ? app : nil
        }
    }

    var binaries: Binaries { Binaries() }

    /// The app flows run: `--app`, or the debug build (stubs are refused by a release build).
    var flowApp: String { app ?? binaries.debug.appendingPathComponent("workphotos").path }

    /// The runner itself at scale: lint of 1,000 generated flows, and a run of 1,000 short flows
    /// with two jobs whose resident memory stays flat (after 1,000 flows against after 100), with
    /// no file descriptor or process left behind.
    private func scale(_: Scoreboard) throws {
        let debug = binaries.debug
        let seeds = try FixtureCatalog.locate(explicit: self.seeds).directory.path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-scale-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("lint"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("run"), withIntermediateDirectories: true)
        for index in 1...1000 {
            try """
                name: Generated \(index)
                tags: [generated, batch\(index % 10)]
                onAlert: {PhotosPermission: OK}
                steps:
                  - Login.login
                  - Glance.checkCounts: {work: 8, other: 1}
                  - tap: {button: Review work photos}
                  - assertVisible: {cell: "Mon 1 Jun 2026, 09:05  Office", selected: false}
                  - Photos.select: {positions: [1, 3]}
                  - repeat: {times: 2, steps: [{assertNotVisible: {button: Retry}}]}
                """.write(to: folder.appendingPathComponent("lint/flow-\(index).yaml"), atomically: true, encoding: .utf8)
            try "name: Short \(index)\nsteps:\n  - Login.checkLoginScreen\n"
                .write(to: folder.appendingPathComponent("run/flow-\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let lintStart = ContinuousClock.now
        let linted = try FlowSuite.load([folder.appendingPathComponent("lint").path], catalog: WorkPhotosCatalog.catalog)
        try linted.checkVariables(known: ["test.user", "test.password"])
        let lint = (ContinuousClock.now - lintStart) / .seconds(1)
        print(String(format: "lint of %d flows (6 steps each): %.3f s (target: under 1 s)", linted.flows.count, lint))

        let suite = try FlowSuite.load([folder.appendingPathComponent("run").path], catalog: WorkPhotosCatalog.catalog)
        let scheme = Scheme(
            name: "bench", app: debug.appendingPathComponent("workphotos").path, seeder: debug.appendingPathComponent("workphotos-seed").path,
            seeds: seeds, store: Scheme.Store(argument: "photos.store", file: "photos.sqlite"), credentials: ["test.user", "test.password"],
            launch: LaunchSettings(arguments: ["-ui-testing", "YES"], defaults: [("model.user", "test"), ("model.password", "1234")])
        )
        let descriptorsBefore = Self.openDescriptors()
        let runner = SuiteRunner(scheme: scheme, variables: ["test.user": "test", "test.password": "1234"], secrets: [], options: .init(jobs: 2))
        let templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
        let memory = Memory()
        let start = ContinuousClock.now
        let results = runner.run(suite, templates: templates) { _ in memory.finished() }
        let wall = (ContinuousClock.now - start) / .seconds(1)
        runner.cleanUp()
        guard results.count == 1000, results.allSatisfy(\.passed) else {
            throw BenchError("the scale run failed: \(results.first { !$0.passed }?.failure.map { "\($0)" } ?? "\(results.count) results")")
        }
        let (after100, after1000) = memory.figures
        let (descriptors100, descriptors1000) = memory.descriptorFigures
        let descriptorsAfter = Self.openDescriptors()
        let leftApps = Self.apps(of: runner.folder)
        print(String(format: "1000 short flows, 2 jobs: %.2f s; resident memory after 100 flows %.1f MB, after 1000 %.1f MB (%+.1f%%, target: within 10%%); "
                     + "file descriptors %d before the run, %d after 100 flows, %d after 1000, %d at the end (no more after 1000 flows than after 100: none leaks per flow); apps left: %d",
                     wall, after100, after1000, (after1000 / after100 - 1) * 100, descriptorsBefore, descriptors100, descriptors1000, descriptorsAfter, leftApps))
    }

    /// Resident memory (MB) when the 100th and the 1,000th flow finish.
    final class Memory: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var marks: [Double] = []
        private var descriptors: [Int] = []

        func finished() {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            if count == 100 || count == 1000 {
                marks.append(Bench.residentMegabytes())
                descriptors.append(Bench.openDescriptors())
            }
        }

        var figures: (Double, Double) {
            lock.lock()
            defer { lock.unlock() }
            return (marks.first ?? 0, marks.last ?? 0)
        }

        /// Open file descriptors when the 100th and the 1,000th flow finished.
        var descriptorFigures: (Int, Int) {
            lock.lock()
            defer { lock.unlock() }
            return (descriptors.first ?? 0, descriptors.last ?? 0)
        }
    }

    static func residentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }

    static func openDescriptors() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
    }

    /// This run's apps still running: the processes whose command line names the run's folder.
    static func apps(of folder: URL) -> Int {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.filter { SuiteRunner.isApp($0, of: folder) }.count
    }

    /// The eight work photos of the default fixture uploaded to a real drive folder: read from the
    /// store, written as files with their manifest (checksums included), synced, renamed in place.
    private func upload(_: Scoreboard) throws {
        let (fixture, _) = try FixtureCatalog.locate(explicit: seeds).load("default")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-upload-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let storePath = folder.appendingPathComponent("photos.sqlite").path
        try Seeder.reset(storeAt: storePath, to: fixture)
        let store = try PhotoStore.open(at: storePath)
        let drivePath = folder.appendingPathComponent("Drive").path
        try FileManager.default.createDirectory(atPath: drivePath, withIntermediateDirectories: true)
        let work = WorkPhotoClassifier(locations: try store.workLocations()).split(try store.photos()).work
        guard work.count == 8 else { throw BenchError("the default fixture has \(work.count) work photos, not 8") }
        let drive = FolderDrive(folder: drivePath)
        var date = Date(timeIntervalSince1970: 1_780_333_200)
        let samples = try (0..<iterations).map { _ in
            date += 1
            let upload = PhotoUpload(photos: work, date: date)
            return try Self.time { _ = try upload.run(library: store, drive: drive) }
        }
        report("upload of 8 work photos to a drive folder (files, manifest, fsync, rename)", samples, target: "none set; for reference")
    }

    /// One flow step, command to answering idle frame, through FlowKit as a flow test drives it,
    /// beside its floor: a round trip of one line through a pipe to `cat` and back, each floor
    /// sample taken just before a step's, so both see the machine as it is at that moment (a
    /// shared machine moved a floor measured apart by half from one run to the next).
    /// The release app as shipped, the testing build and the debug app (which `make flows` runs).
    private func step(_ scoreboard: Scoreboard) throws {
        let pipe = try PipeFloor()
        defer { pipe.close() }
        for (build, path) in stepApps {
            try withApp(path) { app, _ in
                let field = app.textFields["Username"]
                for index in 0..<200 {
                    _ = pipe.roundTrip()
                    field.replaceText("warm\(index)")
                }
                var floor: [Double] = [], samples: [Double] = []
                for index in 0..<steps {
                    floor.append(pipe.roundTrip())
                    samples.append(Self.time { field.replaceText("user\(index)") })
                }
                guard !app.hasFailed else { throw BenchError("the step benchmark failed: \(app.failures[0])") }
                let floorMedian = Self.percentile(floor, 0.5)
                let (median, p99) = (Self.percentile(samples, 0.5), Self.percentile(samples, 0.99))
                report("pipe round trip, each beside a step of the \(build) (the floor of a step)", floor, target: "the floor")
                report("flow step, \(build) (type into a field, command to idle frame)", samples, target: build.stepTarget)
                print(String(format: "  step ÷ floor: median %.1f× the pipe round trip; median %.3f ms, p99 %.3f ms", median / floorMedian, median, p99))
                switch build {
                case .testing:
                    scoreboard.add("a step, testing build, median", median, floor: floorMedian, unit: "ms", target: .timesFloor(3))
                    scoreboard.add("a step, testing build, p99", p99, floor: floorMedian, unit: "ms", target: .atMost(1))
                case .debug:
                    scoreboard.add("a step, debug app (make flows), median", median, floor: floorMedian, unit: "ms", target: .atMost(0.3))
                case .release, .given:
                    break
                }
            }
        }
    }

    /// Which build of the app a figure is of.
    enum Build: CustomStringConvertible {
        case release, testing, debug, given

        var description: String {
            switch self {
            case .release: "release app"
            case .testing: "testing build"
            case .debug: "debug app"
            case .given: "--app"
            }
        }

        var stepTarget: String {
            switch self {
            case .testing: "median ≤ 3× the pipe round trip, p99 ≤ 1 ms"
            case .debug: "median ≤ 0.3 ms"
            case .release, .given: "none of its own"
            }
        }
    }

    /// The apps `step` measures: `--app`, or the release app, the testing build when it is there,
    /// and the debug app.
    private var stepApps: [(Build, String)] {
        if let app { return [(.given, app)] }
        return [(.release, binaries.release.appendingPathComponent("workphotos").path)] + (binaries.testing.map { [(.testing, $0)] } ?? [])
            + [(.debug, binaries.debug.appendingPathComponent("workphotos").path)]
    }

    /// `flow`'s start, to its exit, for the commands that launch nothing (all but `run` and `mcp`),
    /// in the debug and release builds, beside the floor: the Foundation echo linked as usual, as
    /// `flow` is. Run from the repository (the commands read Flows/).
    private func start(_ scoreboard: Scoreboard) throws {
        let flowFile = "Flows/login/sign-in.yaml"
        guard FileManager.default.fileExists(atPath: flowFile) else {
            throw BenchError("no \(flowFile) here: run the bench from the repository's folder (make bench does)")
        }
        let floor = try (0..<iterations).map { _ in try Self.runToExit(dynamicFloor, []) }
        let floorMedian = Self.percentile(floor, 0.5)
        report("start to exit: Foundation echo, linked as usual (the floor of flow's start)", floor, target: "the floor")
        let commands = [["--help"], ["lint", flowFile], ["list"], ["schema"], ["run", "--help"]]
        for (build, folder) in [("debug", binaries.debug), ("release", binaries.release)] {
            let flow = folder.appendingPathComponent("flow").path
            guard FileManager.default.isExecutableFile(atPath: flow) else {
                throw BenchError("no flow at \(flow): make bench builds it (swift build --product flow, debug and release)")
            }
            for command in commands {
                let samples = try (0..<iterations).map { _ in try Self.runToExit(flow, command) }
                let name = "flow \(command.joined(separator: " ")), \(build)"
                report("start to exit: \(name)", samples, target: "≤ 100 ms")
                scoreboard.add("start of \(name)", Self.percentile(samples, 0.5), floor: floorMedian, unit: "ms", target: .atMost(100))
            }
        }
    }

    /// Milliseconds from spawning `path` with `arguments` (output discarded) to its exit, which must
    /// be 0. posix_spawn and waitpid, not Process: Foundation's waitUntilExit looks for the exit
    /// every 50 ms, which would be all this measures.
    static func runToExit(_ path: String, _ arguments: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDOUT_FILENO, STDERR_FILENO] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("could not start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
        guard status == 0 else { throw BenchError("\(path) \(arguments.joined(separator: " ")) ended with status \(status)") }
        return elapsed
    }

    /// Steps on the Work photos list of the `large` fixture (5,000 rows): paging, and finding a row
    /// far down by name. Signing in needs the stub, which a release build refuses, so this runs the
    /// debug app (`.build/debug/workphotos`): the target holds for debug and release alike.
    private func list(_: Scoreboard) throws {
        let debugApp = flowApp
        guard FileManager.default.isExecutableFile(atPath: debugApp) else {
            throw BenchError("no debug workphotos at \(debugApp): run swift build first (make bench does)")
        }
        let (fixture, _) = try FixtureCatalog.locate(explicit: seeds).load("large")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-list-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("photos.sqlite").path
        try Seeder.reset(storeAt: store, to: fixture)
        let app = FlowApp(executable: debugApp, arguments: AutomationLaunch.arguments + [
            "-photos.store", store, "-ui-testing", "YES", "-model.user", "u", "-model.password", "p",
        ], timeout: 60)
        app.launch()
        defer { app.terminate() }
        app.textFields["Username"].replaceText("u")
        app.secureTextFields["Password"].replaceText("p")
        app.buttons["Login"].tap()
        app.buttons["Review work photos"].tap()
        guard app.cells.count() == 5000, !app.hasFailed else {
            throw BenchError("the list benchmark could not reach the list: \(app.failures.first.map { "\($0)" } ?? "no 5000 rows")")
        }
        let pages = (0..<iterations * 10).map { index in
            Self.time { app.cells.element(boundBy: (index * 997) % 5000).assertVisible() }
        }
        report("list step (scroll to a row of 5,000, debug app)", pages, target: "under 5 ms")
        print("list frame: \(app.lastFrameBytes) bytes (target: under 16 KB)")
        let finds = (0..<5).map { _ in
            app.cells.element(boundBy: 0).assertVisible()  // back to the top
            return Self.time { app.cells["photo-9999"].assertVisible() } / 250
        }
        report("list step while finding the last of 5,000 rows by name (250 pages from the top, per page, debug app)", finds, target: "under 5 ms")
        guard !app.hasFailed else { throw BenchError("the list benchmark failed: \(app.failures[0])") }
    }

    /// A hundred generated flows (sign in, allow, check the glance) through the flow runner, with
    /// one job and with two: wall time, and where a flow's time goes. Signing in needs the stub, so
    /// the flows run the debug app, as `make flows` does.
    private func suite(_ scoreboard: Scoreboard, every: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-flows-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (suite, scheme) = try hundredFlows(in: folder)
        // The floor: a hundred launches of the static Foundation echo, one after another.
        let floor = FileManager.default.isExecutableFile(atPath: self.floor) ? try Self.launches(of: self.floor, count: 100).reduce(0, +) / 1000 : 0
        if floor > 0 { print(String(format: "100 launches of the static Foundation echo (the floor of 100 flows): %.2f s", floor)) }
        // Every combination; or, for the targets alone, each app with the defaults (2 jobs, prelaunch).
        for app in suiteApps { for jobs in every ? [1, 2] : [2] { for prelaunch in every ? [false, true] : [true] {
            var scheme = scheme
            scheme.app = app
            let runner = SuiteRunner(
                scheme: scheme, variables: ["test.user": "test", "test.password": "1234"], secrets: [], options: .init(jobs: jobs, prelaunch: prelaunch)
            )
            let templates = try runner.prepare(fixtures: suite.fixtures) { _ in }
            let start = ContinuousClock.now
            let results = runner.run(suite, templates: templates) { _ in }
            let wall = (ContinuousClock.now - start) / .seconds(1)
            guard results.count == 100, results.allSatisfy(\.passed) else {
                throw BenchError("the suite benchmark failed: \(results.first { !$0.passed }?.failure.map { "\($0)" } ?? "\(results.count) results")")
            }
            func mean(_ part: (FlowResult) -> Duration) -> Double {
                results.map { part($0) / .milliseconds(1) }.reduce(0, +) / Double(results.count)
            }
            print(String(format: "100 flows (sign in, allow, glance), %d job%@, %@: %.2f s wall, %.2f× the floor (target: %@); per flow: copy the store %.1f ms, wait for launch %.1f ms, steps %.1f ms (%@)",
                         jobs, jobs == 1 ? "" : "s", prelaunch ? "next app started ahead" : "no prelaunch", wall, floor > 0 ? wall / floor : 0, jobs == 1 ? "1.0 s" : "0.6 s",
                         mean(\.copyDuration), mean(\.launchDuration), mean { $0.duration - $0.copyDuration - $0.launchDuration }, app))
            if app == flowApp, jobs == 2, prelaunch {
                scoreboard.add("100 flows, 2 jobs, the default run (\(self.app == nil ? "debug app" : "--app"))", wall, floor: floor > 0 ? floor : nil, unit: "s", target: .atMost(1))
            }
        } } }
    }

    /// A hundred generated flows (sign in, allow, check the glance) written into `folder`, and the
    /// scheme they run under (the debug app's stubs, as `make flows` runs it).
    func hundredFlows(in folder: URL) throws -> (FlowSuite, Scheme) {
        let debug = binaries.debug
        let seeds = try FixtureCatalog.locate(explicit: self.seeds).directory.path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...100 {
            try """
                name: Generated \(index)
                steps:
                  - Login.login
                  - Glance.answerPhotoAccess: {allow: true}
                  - Glance.checkCounts: {work: 8, other: 1}
                """.write(to: folder.appendingPathComponent("flow-\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let suite = try FlowSuite.load([folder.path], catalog: WorkPhotosCatalog.catalog)
        let scheme = Scheme(
            name: "bench", app: flowApp, seeder: debug.appendingPathComponent("workphotos-seed").path,
            seeds: seeds, store: Scheme.Store(argument: "photos.store", file: "photos.sqlite"), credentials: ["test.user", "test.password"],
            launch: LaunchSettings(arguments: ["-ui-testing", "YES"], defaults: [("model.user", "test"), ("model.password", "1234")],
                                                 environment: [("TZ", "UTC")])
        )
        return (suite, scheme)
    }

    /// Launch to the first idle frame, beside its floors measured in the same loop (one launch of
    /// each floor, then one of the app, and again), so a machine that slows down part-way slows
    /// them alike: a Foundation program that prints a line and exits, linked as usual and with
    /// -static-stdlib (`--floor`), the static one reading UserDefaults' argument domain first
    /// (`--defaults-floor`), which every launch of the app must do, and the static one linked at a
    /// fixed address as the testing build is (`--fixed-address-floor`). The release app as shipped is
    /// measured, and the testing build the flows can run (make testing-app) when it is there.
    private func launch(_: Scoreboard) throws {
        let floors = [
            ("Foundation echo, linked as usual", dynamicFloor), ("Foundation echo, -static-stdlib", floor),
            ("the static echo reading UserDefaults' argument domain", defaultsFloor),
            ("Foundation echo, -static-stdlib, fixed address (-no-pie)", fixedAddressFloor),
        ]
        for (_, path) in floors where !FileManager.default.isExecutableFile(atPath: path) {
            throw BenchError("no floor program at \(path): make bench builds it (swiftc -static-stdlib Benchmarks/Floor/*.swift)")
        }
        for path in launchApps {
            try withApp(path) { app, arguments in
                var floorSamples = floors.map { _ in [Double]() }
                var samples: [Double] = []
                for _ in 0..<iterations {
                    for (index, (_, floor)) in floors.enumerated() {
                        floorSamples[index] += try Self.launches(of: floor, arguments: arguments, count: 1)
                    }
                    app.launch()
                    guard let duration = app.launchDuration, !app.hasFailed else {
                        throw BenchError("the launch benchmark failed: \(app.failures.first.map { "\($0)" } ?? "no frame")")
                    }
                    samples.append(duration / .milliseconds(1))
                    app.terminate()
                }
                for (index, (name, _)) in floors.enumerated() { report("launch to first line: \(name) (a floor)", floorSamples[index], target: "the floor") }
                report("launch to first idle frame: \(app.executable)", samples, target: "within 1.3× the static floor")
                let median = Self.percentile(samples, 0.5)
                print(String(format: "  launch ÷ static floor: %.2f× (target ≤ 1.3×); ÷ the usual floor: %.2f×; ÷ the floor with UserDefaults: %.2f×; ÷ the fixed-address static floor: %.2f×",
                             median / Self.percentile(floorSamples[1], 0.5), median / Self.percentile(floorSamples[0], 0.5),
                             median / Self.percentile(floorSamples[2], 0.5), median / Self.percentile(floorSamples[3], 0.5)))
            }
        }
    }

    /// The apps the hundred flows run on: `--app`, or the debug build (as `make flows` runs it) and
    /// the testing build (as `make flows SCHEME=fast` does) when it is there.
    private var suiteApps: [String] {
        if let app { return [app] }
        return [flowApp] + [binaries.testing].compactMap { $0 }
    }

    /// The apps `launch` measures: `--app`, or the release build beside this bench and the testing build.
    private var launchApps: [String] {
        if let app { return [app] }
        return [binaries.release.appendingPathComponent("workphotos").path] + [binaries.testing].compactMap { $0 }
    }

    /// Milliseconds from starting `path` (with `arguments`) to reading its first line, for each of `count` runs.
    static func launches(of path: String, arguments: [String] = [], count: Int) throws -> [Double] {
        try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            let start = ContinuousClock.now
            try process.run()
            var byte: UInt8 = 0
            while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 10 {}
            let elapsed = (ContinuousClock.now - start) / .milliseconds(1)
            process.waitUntilExit()
            return elapsed
        }
    }

    /// Milliseconds for one short line to go through a pipe to `cat` and come back, `count` times.
    /// A line's round trip through a pipe to `cat` and back, the floor of a step: `cat` stays
    /// up, so that floor samples can be taken one at a time beside what they are the floor of.
    final class PipeFloor {
        private let process = Process()
        private let input = Pipe(), output = Pipe()
        private let line = Array("{\"id\":1,\"action\":\"tap\",\"target\":\"Login\"}\n".utf8)
        private var buffer: [UInt8]

        init() throws {
            buffer = [UInt8](repeating: 0, count: line.count)
            process.executableURL = URL(fileURLWithPath: "/bin/cat")
            process.standardInput = input
            process.standardOutput = output
            try process.run()
        }

        /// Milliseconds for one line to `cat` and back.
        func roundTrip() -> Double {
            Bench.time {
                _ = line.withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
                var got = 0
                while got < line.count {
                    let n = buffer.withUnsafeMutableBytes { read(output.fileHandleForReading.fileDescriptor, $0.baseAddress! + got, line.count - got) }
                    guard n > 0 else { break }
                    got += n
                }
            }
        }

        func close() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// The release app beside this binary, on a store seeded with the default fixture. No stubs:
    /// a release build refuses them, and typing into the login form needs none.
    func withApp(_ path: String? = nil, _ body: (FlowApp, _ arguments: [String]) throws -> Void) throws {
        let app = path ?? self.app ?? binaries.release.appendingPathComponent("workphotos").path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            throw BenchError("no workphotos at \(app): build every product (make bench does), or give --app")
        }
        let (fixture, _) = try FixtureCatalog.locate(explicit: seeds).load("default")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workphotos-bench-app-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("photos.sqlite").path
        try Seeder.reset(storeAt: store, to: fixture)
        let arguments = AutomationLaunch.arguments + ["-photos.store", store]
        let flowApp = FlowApp(executable: app, arguments: arguments)
        flowApp.launch()
        defer { flowApp.terminate() }
        try body(flowApp, arguments)
    }

    func report(_ name: String, _ samples: [Double], target: String) {
        let sorted = samples.sorted()
        print(String(format: "%@: median %.3f ms, p99 %.3f ms, min %.3f ms, max %.3f ms over %d runs (target: %@)",
                     name, Self.percentile(sorted, 0.5), Self.percentile(sorted, 0.99), sorted[0], sorted[sorted.count - 1], sorted.count, target))
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Milliseconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start) / .milliseconds(1)
    }
}
