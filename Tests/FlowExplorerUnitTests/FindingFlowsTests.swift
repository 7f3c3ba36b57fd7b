@testable import FlowExplorer
import DeskRobots
import FlowKit
@testable import FlowRunner
import Foundation
import LocatedYAML
import Testing

/// Each finding's flow as written: the prefix as given (a step, or `runFlow` of a flow file and
/// its launch settings), the steps, the check its kind ends with, and which flows a later crawl
/// takes for its own.
struct FindingFlowsTests {
    static let pit = ScreenIdentity(ScreenSnapshot(title: "Pit", elements: []))

    static func writer(prefix: ExplorePrefix = .none, prefixFlow: Flow = Flow(file: "(explore)", name: "explore", fixture: nil, steps: []),
                       rules: ScreenIdentity.Rules = ScreenIdentity.Rules()) -> FindingFlows {
        FindingFlows(prefixNodes: [], prefixFlow: prefixFlow, prefix: prefix, fixture: "default", rules: rules, auditSkipping: [],
                     scheme: Scheme(name: "model", app: "model"), variables: [:], runner: .standard)
    }

    static func finding(_ evidence: ExploreFinding.Evidence, actions: [ExploreAction]) -> ExploreFinding {
        ExploreFinding(evidence, screen: pit, summary: "a problem", actions: actions)
    }

    static let open = ExploreAction(.tap, kind: .button, identifier: "Open")

    @Test func aLaterCrawlTakesForItsOwnOnlyAFlowThatBeginsAsExploreWritesThem() {
        #expect(FindingFlows.isWritten("# Found by flow explore: a crash.\nname: x\n"))
        #expect(FindingFlows.isWritten("# Found by expenses-flow explore: a crash.\n"))
        #expect(!FindingFlows.isWritten("# Found by hand: a crash.\n"), "the marker alone is not enough")
        #expect(!FindingFlows.isWritten("name: x\n# Found by flow explore: a crash.\n"), "it begins so, or it is not one")
        #expect(!FindingFlows.isWritten(""))
    }

    @Test func aFlowPrefixIsRunAsAFlowWithItsLaunchSettingsAndItsPathFromTheFinding() throws {
        let launch = LaunchSettings(arguments: ["-mode", "demo"])
        let prefixFlow = Flow(file: "Flows/start.yaml", name: "start", fixture: nil, launch: launch, steps: [])
        let text = try Self.writer(prefix: .flow("Flows/start.yaml"), prefixFlow: prefixFlow)
            .text(for: Self.finding(.crash(signal: 11, standardError: []), actions: [Self.open]), name: "explore: the app crashed", file: "out/findings/01-crash-pit.yaml")
        #expect(text.contains("steps:\n- runFlow: ../../Flows/start.yaml\n- tap: {button: Open}\n"), "\(text)")
        #expect(text.contains("launch:\n  arguments: [-mode, demo]") || text.contains("launch: {arguments: [-mode, demo]}"), "\(text)")
    }

    @Test func textOutsideASCIIIsWrittenAsItIs() throws {
        let typed = ExploreAction(.type, kind: .textField, identifier: "Name", text: "日本語", value: .nonASCII)
        let text = try Self.writer().text(for: Self.finding(.crash(signal: 11, standardError: []), actions: [typed]), name: "explore: 日本", file: "out/f.yaml")
        #expect(text.contains("日本語") && text.contains("name: 'explore: 日本'") , "\(text)")
    }

    @Test func aDeadEndUnderOtherRulesIsCheckedUnderThem() throws {
        let dead = Self.finding(.deadEnd, actions: [Self.open])
        let plain = try Self.writer().text(for: dead, name: "dead", file: "out/f.yaml")
        #expect(plain.hasSuffix("- tap: {button: Open}\n- assertWayOut\n"), "\(plain)")
        let ruled = try Self.writer(rules: ScreenIdentity.Rules(ignoring: ["clock"], byText: ["status"])).text(for: dead, name: "dead", file: "out/f.yaml")
        #expect(ruled.hasSuffix("- assertWayOut: {ignoring: [clock], byText: [status]}\n"), "\(ruled)")
        let ignoring = try Self.writer(rules: ScreenIdentity.Rules(ignoring: ["clock"])).text(for: dead, name: "dead", file: "out/f.yaml")
        #expect(ignoring.hasSuffix("- assertWayOut: {ignoring: [clock]}\n"), "either rule alone: \(ignoring)")
        let byText = try Self.writer(rules: ScreenIdentity.Rules(byText: ["status"])).text(for: dead, name: "dead", file: "out/f.yaml")
        #expect(byText.hasSuffix("- assertWayOut: {byText: [status]}\n"), "\(byText)")
    }

    /// A property whose check ended its worker: the flow's comment says what the worker wrote,
    /// a line each; a property that only did not hold has no such lines.
    @Test func aPropertysFlowSaysWhatItsWorkerWroteWhenItsCheckEndedIt() throws {
        let property = try #require(DeskCatalog.catalog.properties.first)
        let trapped = Self.finding(.property(property, workerSaid: ["Fatal error: Index out of range", "Desk.swift:12: the trap"]), actions: [Self.open])
        let text = try Self.writer().text(for: trapped, name: "trapped", file: "out/f.yaml")
        #expect(text.contains("\n# Its property's worker wrote to standard error:\n#   Fatal error: Index out of range\n#   Desk.swift:12: the trap\n"), "\(text)")
        let violated = try Self.writer().text(for: Self.finding(.property(property, workerSaid: []), actions: [Self.open]), name: "violated", file: "out/f.yaml")
        #expect(!violated.contains("worker wrote"), "\(violated)")
    }

    /// A writer whose scheme launches the app with a secret no variable holds (`-model.password`).
    static func secretive() -> FindingFlows {
        var scheme = Scheme(name: "model", app: "model")
        scheme.launch.defaults = [("model.password", "s3cret-77")]
        return FindingFlows(prefixNodes: [], prefixFlow: Flow(file: "(explore)", name: "explore", fixture: nil, steps: []), prefix: .none, fixture: "default",
                            rules: ScreenIdentity.Rules(), auditSkipping: [], scheme: scheme, variables: [:], runner: .standard)
    }

    static func refusal(_ write: () throws(ExploreError) -> String) -> String? {
        do {
            _ = try write()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aFlowThatWouldHoldASecretNoVariableHoldsIsNotWrittenAndSaysNoSecret() {
        let typed = ExploreAction(.type, kind: .secureTextField, identifier: "Password", text: "s3cret-77", value: .valid)
        let inAStep = Self.refusal { () throws(ExploreError) in
            try Self.secretive().text(for: Self.finding(.crash(signal: 11, standardError: []), actions: [typed, Self.open]), name: "crash", file: "out/f.yaml")
        }
        #expect(inAStep == "the flow for the app crashed would hold a secret no variable holds: it is not written")
        let inTheName = Self.refusal { () throws(ExploreError) in
            try Self.secretive().text(for: Self.finding(.crash(signal: 11, standardError: []), actions: [Self.open]), name: "explore: s3cret-77", file: "out/f.yaml")
        }
        #expect(inTheName == "the flow for the app crashed would hold a secret: it is not written")
        #expect(Self.refusal { () throws(ExploreError) in
            try Self.secretive().text(for: Self.finding(.crash(signal: 11, standardError: []), actions: [Self.open]), name: "crash", file: "out/f.yaml")
        } == nil, "nothing secret: written")
    }

    @Test func aPathIsNamedFromTheFlowsFolder() {
        #expect(FindingFlows.relative("Flows/start.yaml", from: "Flows/finding.yaml") == "start.yaml", "the same folder")
        #expect(FindingFlows.relative("Flows/start.yaml", from: "out/findings/01.yaml") == "../../Flows/start.yaml")
        #expect(FindingFlows.relative("Flows/a/start.yaml", from: "Flows/f.yaml") == "a/start.yaml", "below it")
    }
}
