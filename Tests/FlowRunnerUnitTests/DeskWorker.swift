import DeskRobots
import FlowRunner
import ProcessTesting

/// The desk's property worker (`desk-worker`, DeskRobots' catalogs) as a runner would start it.
enum DeskWorker {
    /// A worker of the desk catalog `name`, each with `memory` of memory.
    static func launch(_ name: String, memory: Int = PropertyWorkerLaunch.defaultMemory) -> PropertyWorkerLaunch {
        PropertyWorkerLaunch(executable: BuiltProduct.url("desk-worker").path, environment: DeskCatalog.environment(serving: name), memory: memory)
    }
}
