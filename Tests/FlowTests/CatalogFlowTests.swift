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
            action.run(on: app, with: ActionArguments(["text": .text("Welcome")]), at: site)
        }
        let swift = try runFailing { app, site in
            LoginRobot(app: app).checkResult("Welcome", sourceLocation: site.sourceLocation)
        }
        #expect(yaml.step == swift.step)
        #expect(yaml.reason == swift.reason)
        #expect(yaml.site == swift.site, "reported where the step was written")
        #expect(yaml.step == #"check that static text "results" has label "Welcome""#)
    }

    @Test func aRobotActionDrivesTheAppAsItsMethodDoes() throws {
        let prepared = try AppLaunch.workPhotos().prepare(reporter: FailureCollector())
        defer { prepared.cleanUp() }
        prepared.app.launch()
        let site = CallSite(file: "Flows/x.yaml", line: 3)
        try #require(WorkPhotosCatalog.catalog.action("Login", "login")).run(on: prepared.app, with: ActionArguments(), at: site)
        try #require(WorkPhotosCatalog.catalog.action("Glance", "answerPhotoAccess")).run(on: prepared.app, with: ActionArguments(["allow": .boolean(true)]), at: site)
        GlanceRobot(app: prepared.app).checkCounts(work: 8, other: 1)
        #expect(!prepared.app.hasFailed)
    }

    @Test func aRequiredArgumentThatIsMissingFailsTheStepInsteadOfDefaulting() throws {
        let failure = try runFailing { app, site in
            try #require(WorkPhotosCatalog.catalog.action("Glance", "checkCounts")).run(on: app, with: ActionArguments(["work": .integer(8)]), at: site)
        }
        #expect(failure.step == "Glance.checkCounts")
        #expect(failure.reason == #"it needs "other", and the step does not give it"#)
    }

    @Test func loginOnAnOfflineAppFailsAtTheCallerBecauseTheGlanceNeverCame() throws {
        let failures = FailureCollector()
        let prepared = try AppLaunch.workPhotos(offline: true).prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()
        let line = #line + 1
        LoginRobot(app: prepared.app).login().checkGlance()
        let failure = try #require(failures.failures.first)
        #expect(failures.failures.count == 1, "the rest of the chain is skipped")
        #expect(failure.step == #"arrive on the Glance screen ("At a glance")"#)
        #expect(failure.reason == #"the screen is "Login", not "At a glance""#)
        #expect(failure.site.line == line)
        #expect(failure.screen?.contains("You are offline. Check your connection and try again.") == true)
    }

    @Test func everyActionThatMovesChecksTheScreenItLeadsTo() throws {
        // On the Login screen no move of another robot can arrive where it says: each must fail,
        // by its own tap or by the arrival check, and never pass.
        let catalog = WorkPhotosCatalog.catalog
        let moves = catalog.actions.filter { $0.returns != nil && $0.robot != "Login" && $0.parameters.allSatisfy(\.isOptional) }
        #expect(moves.count >= 5)
        for action in moves {
            let failure = try runFailing { app, site in action.run(on: app, with: ActionArguments(), at: site) }
            #expect(!failure.reason.isEmpty, "\(action.fullName)")
        }
    }

    @Test func everyActionNamesAKnownRobotAndEveryReturnIsARobotWithAScreen() {
        let catalog = WorkPhotosCatalog.catalog
        #expect(catalog.robots == ["Login", "Glance", "Photos", "PhotoDetail", "Settings"])
        for action in catalog.actions {
            #expect(action.returns.map(catalog.robots.contains) ?? true, "\(action.fullName) returns \(action.returns ?? "")")
        }
        #expect(catalog.robots.map { catalog.screenTitle(of: $0) ?? "" } == ["Login", "At a glance", "Work photos", "Photo", "Settings"])
        let names = catalog.actions.map(\.fullName)
        #expect(Set(names).count == names.count, "no action is declared twice")
        #expect(catalog.action("Login", "typePassword")?.parameters.first?.isSecret == true)
        #expect(catalog.action("Photos", "select")?.parameters.first?.kind == .integers)
        #expect(catalog.action("Glance", "checkLastUpload")?.parameters.map(\.name) == ["count"], "every count is called count")
    }

    private func runFailing(_ body: (FlowApp, CallSite) throws -> Void) throws -> FlowFailure {
        let failures = FailureCollector()
        let prepared = try AppLaunch.workPhotos().prepare(reporter: failures)
        defer { prepared.cleanUp() }
        prepared.app.launch()
        try body(prepared.app, CallSite(file: "Flows/login/x.yaml", line: 7))
        return try #require(failures.failures.first)
    }
}
