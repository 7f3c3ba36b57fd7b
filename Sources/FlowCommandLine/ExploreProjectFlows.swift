import Console
import FlowKit
import FlowRunner
import Foundation

extension FlowCommand.Explore {
    /// The project's own flows (the runner's `Flows/`), whose typed values give each field a valid
    /// value. A flow there that does not lint gives none, and is said once, in the words `run`
    /// refuses it with, rather than passed over in silence: the crawl goes on without it.
    static func projectFlows(in folder: String = RunnerSetup.current.flows, catalog: RobotCatalog = RunnerSetup.current.catalog) -> [Flow] {
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        let read = FlowSuite.read([folder], catalog: catalog)
        if !read.problems.isEmpty {
            Console.error(unreadNote(Diagnostics(read.problems), folder: folder))
        }
        return read.suite.flows
    }

    /// `flow: warning: ...` then each problem as `run` and `lint` print it.
    static func unreadNote(_ diagnostics: Diagnostics, folder: String) -> String {
        let files = diagnostics.files.count == 1 ? "a flow in \(folder)/ does not lint" : "\(diagnostics.files.count) flows in \(folder)/ do not lint"
        return "\(RunnerSetup.current.name): warning: \(files): explore takes no field values from "
            + (diagnostics.files.count == 1 ? "it" : "them") + ", and \(RunnerSetup.current.name) run refuses "
            + (diagnostics.files.count == 1 ? "it" : "them") + ":\n" + diagnostics.description + "\n"
    }
}

extension Scheme {
    /// `, fixture NAME` for a header line, when the scheme seeds a store; nothing for an app that
    /// keeps no data (it is launched as it is: there is no fixture to name).
    func shownFixture(_ fixture: String) -> String {
        seeder == nil ? "" : ", fixture \(fixture)"
    }
}
