import FlowKit

/// The step reference of docs/flows.md, made from the step registry and the robot catalog: every
/// step with its form, fields and examples; the element selector; every robot action with its
/// parameters; the spellings that changed. `flow docs` prints it and `flow docs --update FILE`
/// puts it between the markers; a test fails when the committed docs are stale.
package enum StepReference {
    /// Where the app's properties are checked, as the reference says it (`run --properties` as its help says).
    static let whereChecked = "`flow explore` checks each on every state and after every action; `flow run --properties`, after "
        + "each step that passed, checks the action properties that step triggered (by a command it sent, or as the robot action "
        + "itself), then the invariants on the screen it left; and `assertProperty: NAME` checks one where a flow says."
    /// The same, for an app that declares none yet.
    static let whereCheckedThen = whereChecked.replacingOccurrences(of: "checks each on", with: "then checks them on")

    /// Where the reference goes in a file: between its markers, which name the runner that wrote them.
    package static let marked = GeneratedSection(name: "step reference", source: "the step registry and the robots")

    /// The marker before the generated reference in docs/flows.md, as the toolkit's own runner
    /// writes it; `docs --update` replaces what is between the markers, whichever runner wrote them.
    package static let begin = begin(runner: .standard)

    /// The marker before the generated reference, naming the command of `runner` that writes it.
    package static func begin(runner: RunnerIdentity) -> String { marked.begin(runner: runner) }

    /// The marker after the generated reference.
    package static let end = marked.end

    /// The reference as Markdown, markers included, for every primitive step and every action of `catalog`'s robots.
    /// `runner` is the runner that writes it, as its begin marker names it.
    package static func markdown(catalog: RobotCatalog, runner: RunnerIdentity = .standard) -> String {
        var lines: [String] = [begin(runner: runner), "", "## Step reference", ""]
        lines += ["### Primitives", ""]
        // The examples are the toolkit's, the same for every app: say so, so nobody copies `Permission` into a flow.
        lines += ["The examples name no app's screens (`Continue`, the `Permission` alert): a flow names the app's own elements, "
            + "and the alerts and robot actions listed below.", ""]
        for primitive in StepRegistry.primitives {
            lines.append("#### `\(primitive.keyword)`")
            lines.append("")
            lines.append(primitive.summary)
            lines.append("")
            switch primitive.form {
            case .bare:
                lines.append("Written as a bare word: `- \(primitive.keyword)`.")
            case let .value(type, summary):
                lines.append("`\(primitive.keyword): VALUE`: \(summary) (\(type.description)).")
            case let .element(fields):
                lines.append("`\(primitive.keyword): NAME` (any kind), or `\(primitive.keyword): {KIND: NAME, ...}` with the selector's keys"
                    + (fields.isEmpty ? "." : " and:"))
                lines += fieldLines(fields)
            case let .fields(fields, shorthand):
                lines.append((primitive.form.isBareToo ? "`- \(primitive.keyword)` alone, or " : "")
                    + "`\(primitive.keyword): {...}` with:" + (shorthand.map { " (or `\(primitive.keyword): \($0.uppercased())` alone)" } ?? ""))
                lines += fieldLines(fields)
            }
            lines += ["", "```yaml"] + primitive.examples.map { "- " + $0 } + ["```", ""]
        }
        lines += ["### The element selector", ""]
        lines.append("Every step that takes an element takes it the same way: a name alone (any kind; an identifier, a label, "
            + "or a row's text as the screen shows it), or a mapping with one kind key and any of the state keys.")
        lines.append("")
        lines.append("| key | meaning |")
        lines.append("|---|---|")
        for (key, kind) in ElementSelector.kinds {
            lines.append("| `\(key)` | " + (kind.map { "\(article($0.description)) \($0.description), by identifier, label or row text" } ?? "any kind of element") + " |")
        }
        for state in ElementSelector.stateKeys { lines.append("| `\(state.key)` | \(state.summary) (\(state.type.description)) |") }
        lines.append("")
        if !catalog.alerts.isEmpty {
            lines.append("Alerts the app raises (names for `in:`, `{alert: ...}`, `onAlert` and `answerAlert`, checked by lint):")
            lines.append("")
            lines.append("| alert | title | buttons |")
            lines.append("|---|---|---|")
            for alert in catalog.alerts {
                lines.append("| `\(alert.identifier)` | \(alert.title.map { "`\($0)`" } ?? "varies") | "
                    + (alert.buttons.isEmpty ? "none (it goes when its work ends)" : alert.buttons.map { "`\($0)`" }.joined(separator: ", ")) + " |")
            }
            lines.append("")
        }
        lines += ["### Robot actions", ""]
        lines.append("`Robot.action`, with its parameters as a mapping. An action that leads to another screen checks that "
            + "the screen came, and fails at the step if it did not.")
        lines.append("")
        for robot in catalog.robots {
            lines.append("#### \(robot) (the \"\(catalog.screenTitle(of: robot) ?? robot)\" screen)")
            lines.append("")
            lines.append("| action | parameters | what it does |")
            lines.append("|---|---|---|")
            for action in catalog.actions(of: robot) {
                let parameters = action.parameters.map { parameter in
                    "`\(parameter.name)` (\(describe(parameter))\(parameter.isOptional ? ", optional" : "")\(parameter.isSecret ? ", secret" : ""))"
                        + (parameter.summary.isEmpty ? "" : ": \(parameter.summary)")
                }
                lines.append("| `\(action.fullName)` | \(parameters.isEmpty ? "none" : parameters.joined(separator: "; ")) | "
                    + action.summary + (action.returns.map { " Leads to \($0)." } ?? "") + " |")
            }
            lines.append("")
        }
        lines += ["### Properties", ""]
        if catalog.properties.isEmpty {
            lines.append("This app declares no property. A robot declares its own beside its actions (`RobotProperties`); "
                + Self.whereCheckedThen)
        } else {
            lines.append("What must always hold, declared beside the robots: " + Self.whereChecked)
            lines.append("")
            lines.append("| property | kind | checked | what holds |")
            lines.append("|---|---|---|---|")
            for property in catalog.properties {
                let screen = property.robot.map { "on the \($0) screen" } ?? "on every screen"
                let when: String = switch property.kind {
                case .invariant: screen
                case .action: "after `\(property.trigger?.description ?? "")` \(screen)"
                case .eventually: "within \(PropertyChecker.seconds(property.within ?? .zero)) after `\(property.trigger?.description ?? "")` \(screen)"
                }
                lines.append("| `\(property.name)` | \(property.kind.rawValue) | \(when) | \(property.summary) |")
            }
        }
        lines.append("")
        lines += ["### Spellings that changed", ""]
        lines.append("Lint refuses these and says what to write instead.")
        lines.append("")
        lines.append("| written before | write now |")
        lines.append("|---|---|")
        for primitive in StepRegistry.primitives {
            for (old, now) in primitive.formerly.sorted(by: { $0.key < $1.key }) { lines.append("| `\(old)` | `\(now)` |") }
        }
        for (old, now) in ElementSelector.formerKeys.sorted(by: { $0.key < $1.key }) { lines.append("| `\(old):` in an element | \(now) |") }
        for (old, now) in catalog.formerRobots.sorted(by: { $0.key < $1.key }) { lines.append("| robot `\(old)` | robot `\(now)` |") }
        for action in catalog.actions {
            for (old, now) in action.formerParameters.sorted(by: { $0.key < $1.key }) {
                lines.append("| `\(action.fullName): {\(old): ...}` | `\(action.fullName): {\(now): ...}` |")
            }
        }
        for robot in catalog.robots {
            for (old, now) in catalog.formerActions(of: robot).sorted(by: { $0.key < $1.key }) { lines.append("| `\(robot).\(old)` | `\(now)` |") }
        }
        lines += ["", end]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with its reference section replaced by `section`; nil when the markers are missing.
    package static func replacing(in text: String, with section: String) -> String? {
        marked.replacing(in: text, with: section)
    }

    /// The reference section as it stands in `text`, or nil.
    package static func section(in text: String) -> String? {
        marked.section(in: text)
    }

    /// `a` or `an`, as the word reads.
    static func article(_ word: String) -> String {
        "aeiou".contains(word.first ?? "x") ? "an" : "a"
    }

    private static func fieldLines(_ fields: [Field]) -> [String] {
        fields.map { "- `\($0.name)` (\($0.type.description)\($0.isRequired ? ", required" : "")): \($0.summary)" }
    }

    private static func describe(_ parameter: ActionParameter) -> String {
        switch parameter.kind {
        case .text: parameter.kind.description
        case .integer, .integers: parameter.kind.description + (parameter.minimum.map { " from \($0)" } ?? "")
        case .boolean: parameter.kind.description
        }
    }
}
