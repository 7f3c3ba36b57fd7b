import FlowCommandLine
import TodosRobots

/// The TodoMVC app's flow runner: the toolkit's command line with the TodoMVC robot and its properties.
@main
enum TodosFlow {
    static func main() {
        FlowRunnerCommandLine.main(name: "todos-flow", catalog: TodosCatalog.catalog, flows: "Flows", schemes: "Flows/schemes")
    }
}
