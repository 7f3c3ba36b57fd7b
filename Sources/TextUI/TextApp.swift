import Console
import Foundation
import PresenterKit
import TextBytes

/// The `main` of a text app: everything in it but the app's own composition.
///
/// An app's `main` is one call, given the app's name and a closure that builds its screens and
/// services on a ``Launch``:
///
/// ```swift
/// @main
/// enum ExpensesApp {
///     static func main() async {
///         await TextApp.main(name: "expenses") { launch in
///             let composer = ExpensesComposer(stage: launch.stage, scheduler: launch.scheduler, logger: launch.logger)
///             composer.start()  // the first screen
///             return composer
///         }
///     }
/// }
/// ```
///
/// It ignores broken pipes, checks the launch arguments' shape, chooses the automation server
/// (`-automation YES`) or the interactive shell, keeps the terminal's settings and puts them back
/// however the app ends (a quit, Ctrl-C, a `kill`, a closed terminal), gives the app its log,
/// wires the scheduler, stage, session and input loop, and turns the outcome into the exit code.
public enum TextApp {
    /// The launch arguments the toolkit reads itself: an app's check of its own launch arguments
    /// counts these as known, and leaves them alone.
    public static let launchKeys = [AutomationLaunch.key]

    /// Runs the app until `quit` or the end of input, then ends the process with its exit code.
    ///
    /// The exit code is 0 after a quit or the end of input, and 2 when the launch arguments are not
    /// `-key value` pairs, when `compose` throws, when it gives the stage no screen, when a check
    /// added with ``Launch/checkAtEnd(_:)`` throws, or when ``Launch/stop(because:)`` is called;
    /// the reason is said once on standard error, as `NAME: error: REASON`. A signal that ends the
    /// app at a terminal gives 128 plus its number, as the shell expects.
    ///
    /// - Parameters:
    ///   - name: the app's name, as its executable is named: it starts every error and log line,
    ///     and names the log file at a terminal (`$XDG_STATE_HOME/NAME/NAME.log`).
    ///   - compose: builds the app on the launch: reads its own launch arguments, makes its
    ///     services, and gives the stage its first screen. It runs before anything is shown, and
    ///     whatever it throws ends the app with code 2. What it returns (the app's composer, whose
    ///     screens may hold it weakly) is kept alive until the app ends.
    @MainActor
    public static func main<Root>(name: String, compose: (Launch) throws -> Root) async -> Never {
        exit(await run(name: name, compose: compose))
    }

    @MainActor
    private static func run<Root>(name: String, compose: (Launch) throws -> Root) async -> Int32 {
        Console.ignoreBrokenPipes()
        let defaults = UserDefaultsLaunchDefaults()
        let isAutomation: Bool
        var protocolVersion = 1
        do {
            // The words as given first: CommandLine.arguments has replaced what is not UTF-8.
            try UserDefaultsLaunchDefaults.validateText(of: ArgumentText.processArguments)
            try UserDefaultsLaunchDefaults.validateShape(of: CommandLine.arguments)
            isAutomation = try defaults.flag(AutomationLaunch.key) ?? false
            if isAutomation { protocolVersion = try AutomationLaunch.version(in: ProcessInfo.processInfo.environment) }
        } catch {
            return failed(name: name, error)
        }
        let scheduler = BackgroundScheduler()
        let wake = WakePipe.make()
        let launch = Launch(
            name: name, isAutomation: isAutomation, defaults: defaults, argumentKeys: defaults.argumentKeys,
            scheduler: scheduler, terminal: isAutomation ? nil : StandardInputTerminal.make(), wake: wake
        )
        let root: Root
        do {
            root = try compose(launch)
            guard !launch.stage.screens.isEmpty else { throw SetupError.noFirstScreen }
        } catch {
            return failed(name: name, error)
        }

        let session = Session(stage: launch.stage, scheduler: scheduler)
        let adapter: Adapter = isAutomation
            ? AutomationServer(session: session, output: StandardOutput(), protocolVersion: protocolVersion)
            : InteractiveShell(
                session: session, output: StandardOutput(), terminal: launch.terminal,
                drawsPictures: Console.isTerminal(STDOUT_FILENO) && TerminalColour.supportsTrueColour(environment: ProcessInfo.processInfo.environment)
            )
        let loop = InputLoop(adapter: adapter, session: session, wake: wake)
        scheduler.onSettle = { loop.settle() }
        launch.terminal?.restoresOnSignals()

        await loop.run()
        withExtendedLifetime(root) {}  // until here: the screens may hold the composer weakly
        launch.terminal?.restore()
        do {
            for check in launch.endChecks { try check() }
        } catch {
            return failed(name: name, error)
        }
        return 0
    }

    /// Says why the app cannot go on, the one way it always does, and gives its exit code, 2.
    static func failed(name: String, _ error: any Error) -> Int32 {
        Console.error("\(name): error: \(error)\n")
        return 2
    }

    /// A composition that cannot run: said like any other fatal setup error.
    enum SetupError: Error, CustomStringConvertible {
        case noFirstScreen

        var description: String {
            switch self {
            case .noFirstScreen:
                "the app has no first screen: its composition must give the stage one (launch.stage.setRoot(...))"
            }
        }
    }
}
