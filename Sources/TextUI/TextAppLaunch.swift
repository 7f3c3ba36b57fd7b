import Console
import Foundation
import PresenterKit

extension TextApp {
    /// What a text app's composition is given: its launch arguments, the stage to show its screens
    /// on, the scheduler and the log its presenters use, and the hooks through which it ends the
    /// app when something it depends on cannot work.
    @MainActor
    public final class Launch {
        /// The app's name, as given to ``TextApp/main(name:compose:)``.
        public let name: String
        /// True with `-automation YES`: a script drives the app through the automation protocol.
        /// False for a person at the interactive shell (or a script piping lines to it).
        public let isAutomation: Bool
        /// The launch arguments as `-key value` defaults, their shape already checked.
        public let defaults: any LaunchDefaults
        /// Every key given as a `-key value` launch argument, the toolkit's own
        /// (``TextApp/launchKeys``) included: the app refuses those it does not know.
        public let argumentKeys: [String]
        /// The display: the composition gives it the first screen (``Stage/setRoot(_:)``).
        public let stage = Stage()
        /// Where the presenters' background work runs: the app is idle when none is in flight.
        public var scheduler: any WorkScheduling { backgroundScheduler }
        /// The app's log. A person at a terminal sees only the screen, so there the log is appended
        /// to `$XDG_STATE_HOME/NAME/NAME.log` (else `~/.local/state/NAME/NAME.log`); otherwise each
        /// line goes to standard error as `NAME: ...`, where a runner reads it. Made at first use,
        /// so that a composition that fails first leaves no file behind.
        public private(set) lazy var logger: any EventLogging = isAutomation || !Console.isTerminal(STDERR_FILENO)
            ? StandardErrorLogger(name: name)
            : FileLogger(path: FileLogger.defaultPath(name: name), name: name)

        let terminal: StandardInputTerminal?
        private(set) var endChecks: [@MainActor () throws -> Void] = []
        private let backgroundScheduler: BackgroundScheduler
        /// Wakes the main actor out of its wait on input, so that what ``stop(because:)`` queues
        /// for it runs while the app is idle.
        private let wake: WakePipe?

        init(
            name: String, isAutomation: Bool, defaults: any LaunchDefaults, argumentKeys: [String], scheduler: BackgroundScheduler,
            terminal: StandardInputTerminal?, wake: WakePipe?
        ) {
            self.name = name
            self.isAutomation = isAutomation
            self.defaults = defaults
            self.argumentKeys = argumentKeys
            self.backgroundScheduler = scheduler
            self.terminal = terminal
            self.wake = wake
        }

        /// Adds a check made once the input has ended, after the terminal is put back: one that
        /// throws makes the exit code 2 and says why (a store that turned out unusable, say).
        /// Checks run in the order they were added; the first that throws is the one said.
        public func checkAtEnd(_ check: @escaping @MainActor () throws -> Void) {
            endChecks.append(check)
        }

        /// Ends the app now, from any thread: the terminal put back, `NAME: error: REASON` said, and
        /// exit code 2. For a failure met in the background that leaves the app unable to go on (a
        /// store that could not be opened); a failure met while composing is thrown instead.
        public nonisolated func stop(because error: any Error) {
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self.terminal?.restore()
                    exit(TextApp.failed(name: self.name, error))
                }
            }
            wake?.signal()
        }
    }
}
