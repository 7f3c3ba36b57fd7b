import Expenses
import ExpensesSQLite
import Foundation
import PresenterKit
import TextUI

/// The composition root: reads the expense app's launch arguments, opens its store (or the stub
/// one), and shows the list; TextUI's `TextApp.main` does the rest of `main`.
@main
enum ExpensesApp {
    static func main() async {
        await TextApp.main(name: "expenses", compose: compose)
    }

    @MainActor
    private static func compose(_ launch: TextApp.Launch) throws -> ExpensesComposer {
        let options = try LaunchOptions.load(
            from: launch.defaults, argumentKeys: launch.argumentKeys, toolkitKeys: TextApp.launchKeys, allowsStubs: LaunchKeys.buildAllowsStubs
        )
        let composer = ExpensesComposer(stage: launch.stage, scheduler: launch.scheduler, logger: launch.logger, store: try makeStore(options, logger: launch.logger))
        composer.start()
        return composer
    }

    /// The one place that decides which store the app uses.
    private static func makeStore(_ options: LaunchOptions, logger: any EventLogging) throws -> any ExpenseStore {
        #if DEBUG || TESTING
        if let stub = options.stub {
            logger.log("using the stub store (-ui-testing YES); no file is opened")
            return StubExpenseStore(stub)
        }
        #endif
        let path = options.storePath ?? defaultStorePath()
        let store = try ExpenseDatabase.open(at: path)
        logger.log("expenses are kept in \(path)")
        return store
    }

    /// `$XDG_DATA_HOME/expenses/expenses.sqlite`, else under `~/.local/share`.
    private static func defaultStorePath() -> String {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
        return URL(fileURLWithPath: data).appendingPathComponent("expenses/expenses.sqlite").path
    }
}
