import ArgumentParser
import Console
import FlowKit
import FlowRunner
import Foundation

extension FlowCommand {
    /// `flow inspect`: the element tree of a screen, at launch or after a flow's step N.
    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the element tree of the screen: at launch, or after step N of a FLOW (kind, identifier, label, value, state).",
            discussion: "--json prints the automation protocol's own screen object, for scripts and CI failure triage."
        )

        @OptionGroup var schemeOptions: SchemeOptions

        @Option(help: ArgumentHelp("The fixture to seed (default: the FLOW's, or default).", valueName: "name"))
        var fixture: String?

        @Option(help: ArgumentHelp("Inspect after this many of the FLOW's steps (default: all of them).", valueName: "n"))
        var step: Int?

        @Flag(help: "Print the screen as the protocol's JSON.")
        var json = false

        @Argument(help: "A flow to run first.")
        var flow: String?

        func run() throws {
            let (scheme, variables) = try schemeOptions.load()
            let catalog = RunnerSetup.current.catalog
            let start = try SessionStart.reading(flow, until: step, option: "--step", catalog: catalog, scheme: scheme, variables: variables)
            let session = try start.opening(scheme: scheme, variables: variables, catalog: catalog, fixture: fixture)
            defer { session.close() }
            // Steps come only with a flow: they are said as its steps.
            let ofFlow = flow.map { " of \($0)" } ?? ""
            for (index, line) in start.steps.enumerated() {
                switch session.run(line) {
                case .kept: continue
                case let .failed(failure, _):
                    throw FlowCommandError.failed("step \(index + 1)\(ofFlow) failed, so there is no screen after it:\n\(failure)")
                case let .refused(message):
                    // Said once as the runner's error: studio's own "error: " is left out.
                    let reason = message.hasPrefix("error: ") ? String(message.dropFirst("error: ".count)) : message
                    throw FlowCommandError.usage("step \(index + 1)\(ofFlow): \(reason)")
                }
            }
            // The screen as the next step would see it: an alert the flow's onAlert answers is answered.
            session.answerAlertsAsTheNextStepWould()
            // Masked field by field before it is drawn or encoded: a label may show what a flow typed.
            let text = (json ? session.shownScreenJSON : session.elementTree) ?? ""
            Console.output(session.masked(text) + "\n")
        }
    }
}
