import FlowKit
import FlowRunner
import Foundation
import Yams

/// Writes each finding as a YAML flow that `flow run` runs and fails on, with the same problem:
/// the prefix (the robot action as given, or `runFlow` of the flow), the shrunk steps, and for a
/// screen's problem the check that fails on it (`assertAccessible`, `assertWayOut`,
/// `assertNotShown`). A secret is only ever written as the
/// variable that holds it.
package struct FindingFlows {
    let prefixNodes: [Node]
    let prefixFlow: Flow
    let prefix: ExplorePrefix
    let fixture: String
    let rules: ScreenIdentity.Rules
    let auditSkipping: Set<AuditRule>
    let scheme: Scheme
    let variables: [String: String]
    let runner: RunnerIdentity

    /// The tag every flow `explore` writes carries: `flow run --include-tags explore` runs them.
    package static let tag = "explore"

    /// How every flow `explore` writes begins (`# Found by flow explore:`): how a later crawl knows its own.
    package static let marker = "# Found by "

    /// Whether `text` begins as a flow `explore` wrote does.
    package static func isWritten(_ text: String) -> Bool {
        text.hasPrefix(marker) && (text.split(separator: "\n").first?.contains(" explore: ") ?? false)
    }

    /// The flow that shows `finding`, to be written at `file` (the prefix flow's path is made
    /// relative to it). Throws when it would hold a secret no variable holds.
    package func text(for finding: ExploreFinding, name: String, file: String) throws(ExploreError) -> String {
        let standIns = SecretStandIns(secrets: scheme.secretValues(variables: variables), variables: variables, scheme: scheme)
        var steps: [Node] = []
        switch prefix {
        case .none:
            break
        case .step:
            steps += prefixNodes
        case let .flow(path):
            steps.append(.mapping(Node.Mapping([(Node("runFlow"), Node(Self.relative(path, from: file)))])))
        }
        steps += finding.actions.map(\.node)
        steps += checks(for: finding)
        var stoodIn: [Node] = []
        for step in steps {
            let outcome = standIns.standIn(step)
            guard !outcome.unheld else { throw ExploreError("the flow for \(finding.kind.title) would hold a secret no variable holds: it is not written") }
            stoodIn.append(FlowSession.flowStyled(outcome.value))
        }
        var pairs: [(Node, Node)] = [(Node("name"), Node(standIns.standIn(Node(name)).value.string ?? name)), (Node("tags"), .sequence(Node.Sequence([Node(Self.tag)], .implicit, .flow)))]
        // An app with no store has no fixture to name (lint refuses one there).
        if scheme.seeder != nil { pairs.append((Node("fixture"), Node(fixture))) }
        if case .flow = prefix, let launch = FlowSession.node(prefixFlow.launch) { pairs.append((Node("launch"), standIns.standIn(launch).value)) }
        pairs.append((Node("steps"), .sequence(Node.Sequence(stoodIn))))
        let body: String
        do {
            body = try Yams.serialize(node: .mapping(Node.Mapping(pairs)), width: -1, allowUnicode: true)
        } catch {
            throw ExploreError("cannot write the flow as YAML: \(error)")
        }
        let mask = SecretMask(scheme.secretValues(variables: variables))
        let summary = TerminalText.oneLine(mask.mask(finding.summary))
        var header = "\(Self.marker)\(runner.name) explore: \(summary)\(summary.hasSuffix(".") ? "" : ".")\n"
            + "# `\(runner.name) run` fails on it until the app is fixed; then keep it as a regression flow (take the explore tag off).\n"
        // A property whose check ended its worker: what the worker said (a trap's message, with its file and line).
        let said: [String] = if case let .property(_, workerSaid) = finding.evidence { workerSaid } else { [] }
        if !said.isEmpty { header += "# Its property's worker wrote to standard error:\n" + said.map { "#   " + TerminalText.oneLine(mask.mask($0)) + "\n" }.joined() }
        let text = header + FlowSession.schemaComment(for: file) + body
        guard !standIns.reveals(text) else { throw ExploreError("the flow for \(finding.kind.title) would hold a secret: it is not written") }
        return text
    }

    /// `text` with every secret of the scheme masked.
    func masked(_ text: String) -> String {
        SecretMask(scheme.secretValues(variables: variables)).mask(text)
    }

    /// The steps that fail on a screen's problem once the flow is on its screen.
    private func checks(for finding: ExploreFinding) -> [Node] {
        switch finding.evidence {
        case .crash, .exit, .hang, .refused, .wireError:
            return []
        case .audit:
            guard !auditSkipping.isEmpty else { return [Node("assertAccessible")] }
            let skip = Node.sequence(Node.Sequence(auditSkipping.sorted().map { Node($0.rawValue) }, .implicit, .flow))
            return [.mapping(Node.Mapping([(Node("assertAccessible"), .mapping(Node.Mapping([(Node("skip"), skip)], .implicit, .flow)))]))]
        case .deadEnd:
            guard !rules.ignoring.isEmpty || !rules.byText.isEmpty else { return [Node("assertWayOut")] }
            var pairs: [(Node, Node)] = []
            if !rules.ignoring.isEmpty { pairs.append((Node("ignoring"), .sequence(Node.Sequence(rules.ignoring.map { Node($0) }, .implicit, .flow)))) }
            if !rules.byText.isEmpty { pairs.append((Node("byText"), .sequence(Node.Sequence(rules.byText.map { Node($0) }, .implicit, .flow)))) }
            return [.mapping(Node.Mapping([(Node("assertWayOut"), .mapping(Node.Mapping(pairs, .implicit, .flow)))]))]
        case let .secretShown(variable):
            let text = variable.map { "${\($0)}" } ?? TypedValue.wouldBeSecretText
            return [.mapping(Node.Mapping([(Node("assertNotShown"), Node(text, .implicit, .doubleQuoted))]))]
        case .alertNeverCloses:
            // Each of the alert's buttons tried in turn: none takes it away.
            return [Node("assertWayOut")]
        case let .property(property, _):
            return [.mapping(Node.Mapping([(Node("assertProperty"), Node(property.name))]))]
        }
    }

    /// `path` as a flow at `file` names it: relative to the flow's folder.
    static func relative(_ path: String, from file: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().pathComponents
        var common = 0
        while common < min(target.count, folder.count), target[common] == folder[common] { common += 1 }
        return (Array(repeating: "..", count: folder.count - common) + target[common...]).joined(separator: "/")
    }
}
