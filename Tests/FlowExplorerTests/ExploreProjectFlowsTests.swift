import Console
import Foundation
import Testing

/// What `flow explore` says of the project it explores: the flows in `Flows/` it takes field values
/// from, and the fixture, only when there is one.
@Suite(.timeLimit(.minutes(5)))
struct ExploreProjectFlowsTests {
    /// A flow in `Flows/` that does not lint gives no values: explore says so once, in the words
    /// `run` refuses it with, and the crawl goes on.
    @Test func aFlowInFlowsThatDoesNotLintIsSaidOnceAsRunRefusesItAndTheCrawlGoesOn() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/lend.yaml", "name: Lend\nsteps:\n  - tapp: Lend\n")
        let run = try workspace.flow(["run"])
        #expect(run.status == 2, "run refuses it: \(run.stdout)\(run.stderr)")
        let refusal = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("Flows/lend.yaml:3:") }, "\(run.stderr)")

        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "the crawl goes on: \(explore.stdout)\(explore.stderr)")
        #expect(explore.stdout.contains("every screen explored"), "\(explore.stdout)")
        #expect(explore.stderr.components(separatedBy: "flow: warning: a flow in Flows/ does not lint: explore takes no field values from it, and flow run refuses it:\n").count == 2,
                "said once: \(explore.stderr)")
        #expect(explore.stderr.components(separatedBy: refusal).count == 2, "in run's words, once: \(refusal)\n\(explore.stderr)")
    }

    /// Flows that lint give their values in silence.
    @Test func flowsThatLintAreReadInSilence() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/lend.yaml", "name: Lend\nsteps:\n  - tap: Lend\n")
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        #expect(!explore.stderr.contains("warning"), "\(explore.stderr)")
    }

    /// An app that keeps no data (no seeder in its scheme) is launched as it is: the header names
    /// no fixture. (With a store it does: `make explore-check` and StudioTests' WorkPhotos.)
    @Test func anAppWithNoStoreIsExploredWithNoFixtureNamed() throws {
        let workspace = try ExploreWorkspace()
        defer { workspace.remove() }
        let explore = try workspace.flow(["explore", "--out", "out", "--walks", "0"])
        #expect(explore.status == 0, "\(explore.stdout)\(explore.stderr)")
        let header = explore.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header == "exploring \(ExploreWorkspace.sample) (scheme default)", "\(header)")
    }
}
