import ExpensesRobots
import FlowCommandLine

/// The expense app's flow runner: the toolkit's command line with the expense robots.
@main
enum ExpensesFlow {
    static func main() {
        FlowRunnerCommandLine.main(name: "expenses-flow", catalog: ExpensesCatalog.catalog, flows: "Flows", schemes: "Flows/schemes", guide: "Flows/README.md")
    }
}
