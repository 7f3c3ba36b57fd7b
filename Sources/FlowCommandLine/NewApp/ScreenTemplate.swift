/// The identifiers the screen and the robot share (`Sources/{{App}}Identifiers/`) and the text
/// screen on TextUI (`Sources/{{App}}UI/`).
extension NewAppTemplate {
    /// `Sources/{{App}}Identifiers/Identifiers.swift`.
    static let identifiers = #"""
        /// The names by which the app's controls are found, declared once and imported by both the
        /// screens that show them ({{App}}UI) and the robots that look for them ({{App}}Robots), which
        /// import nothing else of the app.
        ///
        /// The words a screen shows are not here: the presenters make them, and a robot writes out
        /// what it expects to read, as a test writes its expected value.
        public enum Identifiers {
            /// The counter screen.
            public enum Counter {
                /// The count line (`Count: 3`).
                public static let count = "count"
                /// The Add one button.
                public static let addOne = "Add one"
                /// The Reset button.
                public static let reset = "Reset"
        {{statusIdentifier}}    }
        }

        """#

    /// The status line's identifier, in an app with a store.
    static let statusIdentifier = #"""
                /// `Loading…`, or what went wrong with the store.
                public static let status = "status"

        """#

    /// `Sources/{{App}}UI/CounterScreen.swift` of an app with no store.
    static let counterScreen = #"""
        import {{App}}
        import {{App}}Identifiers
        import TextUI

        /// The counter as text: the count, Add one and Reset, which it forwards to ``CounterPresenter``.
        @MainActor
        public final class CounterScreen: ScreenController, CounterView {
            private typealias ID = Identifiers.Counter

            private let presenter: CounterPresenter
            private var model = CounterViewModel(count: "", isResetEnabled: false)

            /// The screen of `presenter`, which it attaches and loads.
            public init(presenter: CounterPresenter) {
                self.presenter = presenter
                presenter.attach(self)
                presenter.viewDidLoad()
            }

            /// `{{App}}`.
            public let title = CounterPresenter.Message.title

            /// The count and the buttons.
            public var elements: [Element] {
                [
                    .text(model.count, identifier: ID.count),
                    .button(ID.addOne),
                    .button(ID.reset, isEnabled: model.isResetEnabled),
                ]
            }

            /// Shows what the presenter says.
            public func display(_ model: CounterViewModel) {
                self.model = model
            }

            /// Add one or Reset.
            public func tap(_ identifier: String) {
                switch identifier {
                case ID.addOne: presenter.didTapAddOne()
                case ID.reset: presenter.didTapReset()
                default: break
                }
            }
        }

        """#

    /// `Sources/{{App}}UI/CounterScreen.swift` of an app with a store.
    static let counterScreenWithStore = #"""
        import {{App}}
        import {{App}}Identifiers
        import TextUI

        /// The counter as text: the count, Add one, Reset and the status line; it forwards the taps
        /// to ``CounterPresenter``.
        @MainActor
        public final class CounterScreen: ScreenController, CounterView {
            private typealias ID = Identifiers.Counter

            private let presenter: CounterPresenter
            private var model = CounterViewModel(count: "", isAddEnabled: false, isResetEnabled: false, status: "")

            /// The screen of `presenter`, which it attaches and loads.
            public init(presenter: CounterPresenter) {
                self.presenter = presenter
                presenter.attach(self)
                presenter.viewDidLoad()
            }

            /// `{{App}}`.
            public let title = CounterPresenter.Message.title

            /// The count, the buttons and the status.
            public var elements: [Element] {
                [
                    .text(model.count, identifier: ID.count),
                    .button(ID.addOne, isEnabled: model.isAddEnabled),
                    .button(ID.reset, isEnabled: model.isResetEnabled),
                    .text(model.status, identifier: ID.status),
                ]
            }

            /// Shows what the presenter says.
            public func display(_ model: CounterViewModel) {
                self.model = model
            }

            /// Add one or Reset.
            public func tap(_ identifier: String) {
                switch identifier {
                case ID.addOne: presenter.didTapAddOne()
                case ID.reset: presenter.didTapReset()
                default: break
                }
            }
        }

        """#

    /// `Sources/{{app}}/{{App}}App.swift` of an app with no store.
    static let app = #"""
        import PresenterKit
        import TextUI
        import {{App}}
        import {{App}}UI

        /// The composition root: checks the launch arguments and shows the counter; TextUI's
        /// `TextApp.main` does the rest of `main` (the automation server or the terminal, the exit code).
        @main
        enum {{App}}App {
            static func main() async {
                await TextApp.main(name: "{{app}}", compose: compose)
            }

            /// The app reads no launch argument of its own: a mistyped one is refused, with the nearest known.
            @MainActor
            private static func compose(_ launch: TextApp.Launch) throws -> CounterScreen {
                try LaunchKeys(known: []).check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: LaunchKeys.buildAllowsStubs)
                let screen = CounterScreen(presenter: CounterPresenter(logger: launch.logger))
                launch.stage.setRoot(screen)
                return screen
            }
        }

        """#

    /// `Sources/{{app}}/{{App}}App.swift` of an app with a store.
    static let appWithStore = #"""
        import Foundation
        import PresenterKit
        import TextUI
        import {{App}}
        import {{App}}SQLite
        import {{App}}UI

        /// The composition root: reads the launch arguments, opens the store and shows the counter;
        /// TextUI's `TextApp.main` does the rest of `main` (the automation server or the terminal,
        /// the exit code).
        @main
        enum {{App}}App {
            /// `-{{app}}.store PATH`: the store's file (by default under `$XDG_DATA_HOME/{{app}}`).
            static let storeKey = "{{app}}.store"

            static func main() async {
                await TextApp.main(name: "{{app}}", compose: compose)
            }

            @MainActor
            private static func compose(_ launch: TextApp.Launch) throws -> CounterScreen {
                try LaunchKeys(known: [storeKey]).check(launch.argumentKeys, toolkit: TextApp.launchKeys, allowsStubs: LaunchKeys.buildAllowsStubs)
                let path = try launch.defaults.string(storeKey) ?? defaultStorePath()
                let store = try CountDatabase.open(at: path)
                launch.logger.log("the count is kept in \(path)")
                let screen = CounterScreen(presenter: CounterPresenter(store: store, scheduler: launch.scheduler, logger: launch.logger))
                launch.stage.setRoot(screen)
                return screen
            }

            /// `$XDG_DATA_HOME/{{app}}/{{app}}.sqlite`, else under `~/.local/share`.
            private static func defaultStorePath() -> String {
                let environment = ProcessInfo.processInfo.environment
                let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                    ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
                return URL(fileURLWithPath: data).appendingPathComponent("{{app}}/{{app}}.sqlite").path
            }
        }

        """#
}
