@testable import FlowExplorer
import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import LocatedYAML
import Testing

/// What `Explorer` does around its strategies: a prefix it cannot use, Ctrl-C before the first
/// screen, what it reports while shrinking, the app it leaves behind and its figures.
struct ExplorerEdgeTests {
    static func explorer(
        _ app: ModelApp, prefix: ExplorePrefix = .none, walks: Int = 0, valuesFrom flows: [Flow] = []
    ) throws(ExploreError) -> Explorer {
        try Explorer(scheme: Scheme(name: "model", app: "model"), variables: [:], catalog: RobotCatalog([]),
                     options: ExploreOptions(maxActions: 200, wait: 5, walks: WalkOptions(count: walks, length: 30, seed: 5)),
                     prefix: prefix, valuesFrom: flows, app: app)
    }

    /// A flow file in a folder of its own, removed when the test ends.
    static func flowFile(_ text: String) throws -> (path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("prefix.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (file.path, folder)
    }

    static func error(_ make: () throws(ExploreError) -> Explorer) -> ExploreError? {
        do {
            _ = try make()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - A prefix it cannot use: named, and nothing launched

    @Test func aStepPrefixThatDoesNotParseIsAnErrorThatQuotesItAndSaysWhy() throws {
        let app = ModelApp { DeskModel() }
        let error = try #require(Self.error { () throws(ExploreError) in try Self.explorer(app, prefix: .step("tapp: Lend")) })
        #expect(error.description.hasPrefix("--from tapp: Lend: "), "\(error.description)")
        #expect(error.description.count > "--from tapp: Lend: ".count, "and why: \(error.description)")
        #expect(error.exit == .badInput)
        #expect(app.launches == 0)
    }

    @Test func aFlowPrefixThatDoesNotParseIsAnErrorNamingTheFileAndItsProblems() throws {
        let (path, folder) = try Self.flowFile("name: broken\nsteps:\n  - tapp: Lend\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = ModelApp { DeskModel() }
        let error = try #require(Self.error { () throws(ExploreError) in try Self.explorer(app, prefix: .flow(path)) })
        #expect(error.description.hasPrefix("--from \(path) has problems:\n"), "\(error.description)")
        #expect(error.description.contains("tapp"), "the problem itself: \(error.description)")
        #expect(app.launches == 0)
    }

    @Test func aPrefixThatNeedsValuesNobodyGaveNamesEachOneOnOneLine() throws {
        let (path, folder) = try Self.flowFile("name: needs values\nsteps:\n  - tap: ${first}\n  - tap: ${second}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = ModelApp { DeskModel() }
        let error = try #require(Self.error { () throws(ExploreError) in try Self.explorer(app, prefix: .flow(path)) })
        #expect(error.description.hasPrefix("--from \(path): no value for ${first}"), "\(error.description)")
        #expect(error.description.contains("; no value for ${second}"), "each problem, apart: \(error.description)")
        #expect(!error.description.contains("\n"), "one line: \(error.description)")
        #expect(app.launches == 0)
    }

    // MARK: - A prefix that fails, and Ctrl-C before the first screen

    static let prefixFailure = FlowRunFailure(
        location: SourceLocation(file: "prefix.yaml", line: 3, column: 5), stepTitle: "Login.login", via: [],
        failure: FlowFailure(step: "tap Sign in", reason: "no element Sign in", screen: nil, standardError: [], site: CallSite(file: "model", line: 1))
    )

    @Test func aStepPrefixThatNeedsAValueNobodyGaveIsAnErrorNamingIt() throws {
        let app = ModelApp { DeskModel() }
        let error = try #require(Self.error { () throws(ExploreError) in try Self.explorer(app, prefix: .step("tap: ${nope}")) })
        #expect(error.description.hasPrefix("--from tap: ${nope}: no value for ${nope}"), "\(error.description)")
        #expect(app.launches == 0)
    }

    @Test func aPrefixThatFailsIsAnErrorSayingThereIsNowhereToExploreFrom() throws {
        let app = ModelApp { DeskModel() }
        app.prefixFailure = Self.prefixFailure
        let explorer = try Self.explorer(app, prefix: .step("tap: Sign in"))
        let error = try #require(Self.error { () throws(ExploreError) in
            _ = try explorer.run()
            return explorer
        })
        #expect(error.description == "the prefix tap: Sign in failed, so there is nowhere to explore from: Login.login: tap Sign in failed: no element Sign in",
                "\(error.description)")
    }

    @Test func ctrlCWhileThePrefixFailsEndsTheCrawlInterruptedAndIncomplete() throws {
        let app = ModelApp { DeskModel() }
        app.prefixFailure = Self.prefixFailure
        let map = try Self.explorer(app, prefix: .step("tap: Sign in")).run(interrupted: { true }).map
        #expect(map.stats.ended == .interrupted)
        #expect(!map.stats.complete)
        #expect(map.screens.isEmpty)
    }

    @Test func ctrlCWhileTheAppFailsToStartIsNoFindingButAnInterruptedCrawl() throws {
        let result = try Self.explorer(ModelApp { CrashAtLaunchModel() }).run(interrupted: { true })
        #expect(result.map.stats.ended == .interrupted)
        #expect(!result.map.stats.complete)
        #expect(result.findings.isEmpty, "Ctrl-C, not the app: \(result.findings.map(\.summary))")
    }

    // MARK: - What it reports, what it leaves

    @Test func itSaysWhichFindingItIsShrinkingOfHowMany() throws {
        var phases: [String] = []
        let result = try ExplorerTests.explorer(ModelApp { DeskModel([.longLend, .returnHang]) }, walks: 60).run { phases.append($0.phase) }
        #expect(result.findings.count == 2)
        let shrinking = phases.filter { $0.hasPrefix("shrinking") }
        #expect(Array(Set(shrinking)).sorted() == ["shrinking 1 of 2", "shrinking 2 of 2"], "\(Set(phases))")
        #expect(phases.last?.hasPrefix("shrinking 2 of 2") == true)
    }

    @Test func theCrawlLeavesNoAppRunningAndClosingClosesTheApp() throws {
        let app = ModelApp { DeskModel() }
        do {
            let explorer = try Self.explorer(app, walks: 3)
            _ = try explorer.run()
            #expect(!app.isRunning, "the last app is ended when the crawl is done")
            #expect(app.closes == 0)
            explorer.close()
            #expect(app.closes == 1)
        }
        #expect(app.closes == 2, "and once more when the explorer goes")
        let dropped = ModelApp { DeskModel() }
        do { _ = try Self.explorer(dropped) }
        #expect(dropped.closes == 1, "an explorer never closed closes its app when it goes")
    }

    /// The first flow for each robot text parameter is run to see where it types, up to its last
    /// step that gives one; a flow the scheme's tags leave out (a slow one) is not run for it.
    @Test func flowsTheSchemesTagsLeaveOutAreNotRunToSeeWhatTheyType() throws {
        let parser = FlowParser(catalog: RobotCatalog([LendRobot.yaml]))
        let slow = try #require(parser.parse(text: "name: Slow\ntags: [slow]\nsteps:\n  - Lend.typeBorrower: {name: Bob}\n", file: "slow.yaml"))
        let quick = try #require(parser.parse(text: "name: Quick\nsteps:\n  - Lend.typeBorrower: {name: Eve}\n  - back\n  - back\n", file: "quick.yaml"))
        func watched(excluding tags: [String]) throws -> [String] {
            let app = ModelApp { DeskModel() }
            let scheme = Scheme(name: "model", app: "model", excludeTags: tags)
            _ = try Explorer(scheme: scheme, variables: [:], catalog: RobotCatalog([]), options: ExploreOptions(maxActions: 20, wait: 5),
                             valuesFrom: [slow, quick], app: app).run()
            return app.watched.map { "\($0.file) \($0.steps)" }
        }
        #expect(try watched(excluding: []) == ["slow.yaml 1"], "the first flow that gives the parameter")
        #expect(try watched(excluding: ["slow"]) == ["quick.yaml 1"], "the slow one left out; the two backs after the robot action not run")
    }

    @Test func flowsWithNoRobotActionAreNotRunToSeeWhatTheyType() throws {
        let plain = Flow(file: "plain.yaml", name: "plain", fixture: nil, steps: [])
        let app = ModelApp { DeskModel() }
        _ = try Self.explorer(app, valuesFrom: [plain]).run()
        #expect(app.flowRuns == 0, "nothing to watch: no launch spent on it")
    }

    @Test func aHangsShrinkingMayShowItTwentyTimesAndAnotherProblemsAsOftenAsItTakes() {
        #expect(Shrinker.shownReplays(for: .hang) == 20)
        for kind in ExploreFinding.Kind.allCases where kind != .hang {
            #expect(Shrinker.shownReplays(for: kind) == .max, "\(kind)")
        }
    }

    @Test func aRateIsACountOverTheTimeOrNothingWhenNoTimePassed() {
        #expect(perSecond(10, in: 4) == 2.5)
        #expect(perSecond(10, in: 0) == 0)
        #expect(perSecond(0, in: 0) == 0)
    }

    @Test func secondsAreSaidAsFlowKitSaysThem() {
        #expect(FlowKitSeconds.shown(5) == "5 s")
        #expect(FlowKitSeconds.shown(0.5) == "0.5 s")
        #expect(FlowKitSeconds.shown(2.25) == "2.2 s" || FlowKitSeconds.shown(2.25) == "2.3 s")
    }

    @Test func theCrawlsAppsRunWithoutSwiftsBacktracerUnlessTheSchemeSaysOtherwise() {
        var scheme = Scheme(name: "model", app: "model")
        scheme.launch.environment = [("LANG", "C")]
        let off = AppDriver.withoutBacktraces(scheme).launch.environment
        #expect(off.map(\.key) == ["LANG", "SWIFT_BACKTRACE"] && off.last?.value.raw == "enable=no")
        scheme.launch.environment = [("SWIFT_BACKTRACE", "enable=yes")]
        let kept = AppDriver.withoutBacktraces(scheme).launch.environment
        #expect(kept.map(\.key) == ["SWIFT_BACKTRACE"] && kept.first?.value.raw == "enable=yes", "the scheme's own setting wins")
    }

    @Test func theProgressLineSaysThePhaseTheFiguresAndWhatIsLeft() {
        let progress = ExploreProgress(screens: 12, actions: 340, findings: 1, elapsed: .milliseconds(2_140), actionsLeft: 4_660, timeLeft: .seconds(-3),
                                       phase: "walking 3 of 200")
        #expect(progress.line == "walking 3 of 200: screens 12  actions 340  findings 1  2.1 s  (budget left: 4660 actions, 0.0 s)")
    }
}
