/// The robot, its YAML actions and the catalog (`Sources/{{App}}Robots/`), and the app's runner
/// (`Sources/{{app}}-flow/`).
extension NewAppTemplate {
    /// `Sources/{{App}}Robots/CounterRobot.swift` of an app with no store.
    static let counterRobot = #"""
        import FlowKit
        import Testing
        import {{App}}Identifiers

        /// The counter screen: the count, Add one and Reset. Each method takes its caller's place
        /// once, and every check inside it reports there.
        public final class CounterRobot: Robot {
            /// The title the presenter gives the screen (`CounterPresenter.Message.title`), written
            /// out: the robots import nothing of the app but its identifiers.
            override public class var screenTitle: String { "{{App}}" }

            typealias ID = Identifiers.Counter

            /// The count line reads `Count: COUNT`.
            @discardableResult
            public func checkCount(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
                at(sourceLocation) {
                    app.staticTexts[ID.count].assertLabel("Count: \(count)")
                    return self
                }
            }

            /// Taps Add one, `times` times.
            @discardableResult
            public func addOne(times: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
                at(sourceLocation) {
                    for _ in 0..<times { app.buttons[ID.addOne].tap() }
                    return self
                }
            }

            /// Taps Reset.
            @discardableResult
            public func reset(sourceLocation: SourceLocation = #_sourceLocation) -> Self {
                at(sourceLocation) {
                    app.buttons[ID.reset].tap()
                    return self
                }
            }

            /// Reset is enabled (or not).
            @discardableResult
            public func checkResetEnabled(_ enabled: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
                at(sourceLocation) {
                    app.buttons[ID.reset].assertEnabled(enabled)
                    return self
                }
            }
        {{statusCheck}}}

        extension CounterRobot {
            /// What must hold of the counter whatever was done: `flow explore` checks it on every
            /// screen it reaches, `flow run --properties` after every step, `assertProperty` by name.
            public static let properties = RobotProperties<CounterRobot> {
                $0.invariant("resetIsEnabledAboveZero", "Reset is enabled exactly when the count is above 0.") { counter in
                    counter.checkResetEnabled(counter.app.staticTexts[ID.count].label != "Count: 0")
                }
            }

            /// The YAML actions of the counter: `Counter.addOne: {times: 2}`, `Counter.checkCount: {count: 2}`, ...
            public static let yaml = RobotActions<CounterRobot> {
                $0.action("checkCount", "The count line reads Count: COUNT.", .count("the count shown")) { $0.checkCount($1) }
                $0.action("addOne", "Taps Add one, TIMES times (once when left out).", .integer("times", "how many taps", minimum: 1)) {
                    $0.addOne(times: $1 ?? 1)
                }
                $0.action("reset", "Taps Reset.") { $0.reset() }
                $0.action("checkResetEnabled", "Reset is enabled (or not).", .boolean("enabled", "true: enabled; false: disabled")) {
                    $0.checkResetEnabled($1)
                }
        {{statusAction}}    }
        }

        """#

    /// The status check of the robot of an app with a store, after `checkResetEnabled`.
    static let statusCheck = #"""

            /// The status line reads exactly `text` (empty when all is well).
            @discardableResult
            public func checkStatus(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
                at(sourceLocation) {
                    app.staticTexts[ID.status].assertLabel(text)
                    return self
                }
            }

        """#

    /// The status check's YAML action, in an app with a store.
    static let statusAction = #"""
                $0.action("checkStatus", "The status line reads exactly this text.", .text("text", "the whole line")) { $0.checkStatus($1) }

        """#

    /// `Sources/{{App}}Robots/{{App}}Catalog.swift`.
    static let catalog = #"""
        import FlowKit

        /// What the app's YAML flows can call: each robot's actions (and the system alerts the app
        /// raises, none yet), and what must hold of the app. The runner's parser, lint, schema and
        /// step reference are made from it.
        public enum {{App}}Catalog {
            /// The robots' tables and their properties.
            public static let catalog = RobotCatalog([CounterRobot.yaml], properties: [CounterRobot.properties])
        }

        """#

    /// `Sources/{{app}}-flow/{{App}}Flow.swift`.
    static let runner = #"""
        import FlowCommandLine
        import {{App}}Robots

        /// The app's flow runner: the toolkit's command line with the app's robots.
        @main
        enum {{App}}Flow {
            static func main() {
                FlowRunnerCommandLine.main(name: "{{app}}-flow", catalog: {{App}}Catalog.catalog, flows: "Flows", schemes: "Flows/schemes", guide: "Flows/README.md")
            }
        }

        """#
}
