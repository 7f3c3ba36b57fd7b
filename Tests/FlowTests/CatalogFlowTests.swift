import FlowKit
import Foundation
import Testing
import WorkPhotosRobots

/// A YAML step and the Swift robot method it names run the same code: the catalog's entry calls
/// the method, so both drive the app the same way and fail with the same words.
struct CatalogFlowTests {
    @Test func aRobotStepAndItsSwiftMethodFailTheSameWay() throws {
        let yaml = try runFailing { app, site in
            let action = try #require(WorkPhotosCatalog.catalog.action("Login", "checkResult"))
            action.run(on: app, with: StepArguments(["text": .string("Welcome")]), at: site)
        }
        let swift = try runFailing { app, site in
            LoginRobot(app: app).checkResult("Welcome", file: site.file, line: site.line)
        }
        #expect(yaml.step == swift.step)
        #expect(yaml.reason == swift.reason)
        #expect(yaml.site == swift.site, "reported where the step was written")
        #expect(yaml.step == #"check that static text "results" has label "Welcome""#)
    }

    @Test func aRobotActionDrivesTheAppAsItsMethodDoes() throws {
        let prepared = try WorkPhotosLaunch().prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }
        prepared.app.launch()
        let site = CallSite(file: "Flows/x.yaml", line: 3)
        try #require(WorkPhotosCatalog.catalog.action("Login", "login")).run(on: prepared.app, with: StepArguments(), at: site)
        try #require(WorkPhotosCatalog.catalog.action("Glance", "answerPhotoAccess")).run(on: prepared.app, with: StepArguments(["allow": .boolean(true)]), at: site)
        GlanceRobot(app: prepared.app).checkCounts(work: 8, other: 1)
        #expect(!prepared.app.hasFailed)
    }

    @Test func everyActionNamesAKnownRobotAndEveryReturnIsARobot() {
        let catalog = WorkPhotosCatalog.catalog
        #expect(catalog.robots == ["Login", "Glance", "Photos", "Detail", "Settings"])
        for action in catalog.actions {
            #expect(action.returns.map(catalog.robots.contains) ?? true, "\(action.fullName) returns \(action.returns ?? "")")
        }
        let names = catalog.actions.map(\.fullName)
        #expect(Set(names).count == names.count, "no action is declared twice")
        #expect(catalog.action("Login", "typePassword")?.parameters.first?.isSecret == true)
    }

    private func runFailing(_ body: (FlowApp, CallSite) throws -> Void) throws -> FlowFailure {
        let failures = FailureCollector()
        let prepared = try WorkPhotosLaunch().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()
        try body(prepared.app, CallSite(file: "Flows/login/x.yaml", line: 7))
        return try #require(failures.failures.first)
    }
}
