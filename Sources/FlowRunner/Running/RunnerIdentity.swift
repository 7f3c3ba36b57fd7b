/// What a flow runner is called and where its files are, as its messages say them when they tell
/// a person what to type (`expenses-flow run --junit FILE`, `Flows/schemes/NAME.private.yaml`).
///
/// An app's runner passes its own (FlowCommandLine makes one from what the app gave its entry
/// point) to each part of the runner that says such a thing: a value, never a global, so two
/// runners in one process (a test's) each say their own.
package struct RunnerIdentity: Sendable, Equatable {
    /// The runner's executable (`flow`, `expenses-flow`).
    package var name: String
    /// The folder of the flows a command reads when given no path (`Flows`).
    package var flows: String
    /// The folder of the schemes (`Flows/schemes`).
    package var schemes: String
    /// The document that teaches the app's testers to write flows, if any (`docs/flows.md`).
    package var guide: String?

    /// A runner named `name`, its flows in `flows`, its schemes in `schemes` (by default
    /// `schemes` inside `flows`), its guide `guide`.
    package init(name: String, flows: String, schemes: String? = nil, guide: String? = nil) {
        self.name = name
        self.flows = flows
        self.schemes = schemes ?? Self.joined(flows, "schemes")
        self.guide = guide
    }

    /// The toolkit's own names (`flow`, `Flows`, `Flows/schemes`, no guide): what a part of the
    /// runner says when its caller names no runner (a test, a tool built on FlowRunner alone).
    package static let standard = RunnerIdentity(name: "flow", flows: "Flows")

    /// `name` in the schemes' folder (`Flows/schemes/ci.private.yaml`).
    package func scheme(_ name: String) -> String {
        Self.joined(schemes, name)
    }

    /// `name` in the flows' folder (`Flows/new.yaml`).
    package func flow(_ name: String) -> String {
        Self.joined(flows, name)
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    /// Where a person reads how to write a flow: the guide, else the runner's step reference.
    package var guideHint: String {
        guide ?? "\(name) docs"
    }
}
