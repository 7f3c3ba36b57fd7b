import FlowKit
@testable import FlowRunner
import Foundation
import LocatedYAML
import Testing
import WorkPhotosRobots

/// The flow language, read in process with a small catalog of its own (no app). The step
/// registry's own examples name no app's screens: they are read with the alerts they name declared
/// (`Permission`, `Syncing…`), in a folder whose `../common/sign-in.yaml` they may run.
struct FlowParserTests {
    static let catalog = RobotCatalog(
        [FormRobot.yaml], alerts: [AlertDeclaration(identifier: "PhotosPermission", buttons: ["OK", "Don't Allow"])], formerRobots: ["Sheet": "Form"]
    )

    @Test func everyPrimitiveOfTheRegistryIsReadFromItsOwnExamples() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("step-examples-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("common"), withIntermediateDirectories: true)
        try "name: Sign in\nsteps:\n  - type: {textField: Email, text: \"${test.user}\"}\n  - tap: Continue\n"
            .write(to: folder.appendingPathComponent("common/sign-in.yaml"), atomically: true, encoding: .utf8)
        let examplesApp = RobotCatalog([], alerts: [
            AlertDeclaration(identifier: "Permission", buttons: ["OK", "Not now"]), AlertDeclaration(identifier: "Sync", title: "Syncing…", buttons: []),
        ], properties: [AppProperties { $0.invariant("totalIsTheSumOfTheRows", "The example's property.") { _ in } }])
        for primitive in StepRegistry.primitives {
            #expect(!primitive.examples.isEmpty, "\(primitive.keyword) has an example")
            for example in primitive.examples {
                let flow = try parse("  - " + example, file: folder.appendingPathComponent("flows/example.yaml").path, catalog: examplesApp)
                #expect(flow?.steps.first?.title == primitive.keyword, "\(example)")
            }
        }
    }

    @Test func theRegistryNamesEachPrimitiveOnce() {
        let keywords = StepRegistry.keywords
        #expect(Set(keywords).count == keywords.count)
        let former = StepRegistry.primitives.flatMap { $0.formerly.keys }
        #expect(Set(former).isDisjoint(with: keywords), "an old spelling is never a step of today")
    }

    @Test func aSelectorCarriesKindNameScopeAndState() throws {
        let flow = try #require(try parse("""
              - tap: {button: OK, in: PhotosPermission}
              - assertVisible: {button: Login, enabled: false, selected: true, label: "${who}", value: v}
              - waitFor: {element: Apply, enabled: true, timeout: 2.5}
              - tap: {button: Upload to Drive, waitForIdle: false}
            """))
        let tap = try #require(flow.steps[0].action as? Tap)
        #expect(tap.element == ElementSelector(kind: .button, name: "OK", scope: "PhotosPermission"))
        #expect(tap.waitsForIdle)
        let visible = try #require(flow.steps[1].action as? AssertVisible)
        #expect(visible.element == ElementSelector(kind: .button, name: "Login", enabled: false, selected: true, label: "${who}", value: "v"))
        let wait = try #require(flow.steps[2].action as? WaitFor)
        #expect(wait.element.kind == nil && wait.element.enabled == true && wait.timeout == 2.5)
        #expect(try #require(flow.steps[3].action as? Tap).waitsForIdle == false)
        #expect(flow.variableUses.map(\.name) == ["who"])
    }

    @Test func robotArgumentsAreTypedAsTheirParametersSay() throws {
        let flow = try #require(try parse("  - Form.fill: {name: \"${user}\", age: 3, ok: true, rows: [1, 3]}"))
        let step = try #require(flow.steps[0].action as? RobotStep)
        #expect(step.action.fullName == "Form.fill")
        #expect(step.arguments == ["name": .text("${user}"), "age": .integer(3), "ok": .boolean(true), "rows": .integers([1, 3])])
    }

    @Test(arguments: [
        ("  - tpa: Login", #"f.yaml:3:5: error: unknown step "tpa" (did you mean "tap"?)"#),
        ("  - assertEnabled: {button: Login}", "f.yaml:3:5: error: assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: true}"),
        ("  - assertEnabled: {button: Login, is: false}", "f.yaml:3:5: error: assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: false}"),
        ("  - assertEnabled: Login", "f.yaml:3:5: error: assertEnabled is no longer a step: write assertVisible: {element: Login, enabled: true}"),
        ("  - assertLabel: {staticText: results, is: x}", "f.yaml:3:5: error: assertLabel is no longer a step: write assertVisible: {staticText: results, label: x}"),
        ("  - assertValue: {textField: Username, is: x}", "f.yaml:3:5: error: assertValue is no longer a step: write assertVisible: {textField: Username, value: x}"),
        ("  - assertExists: {button: Login}", "f.yaml:3:5: error: assertExists is no longer a step: write assertVisible: {button: Login}"),
        ("  - assertVisible: \"\"", "f.yaml:3:20: error: assertVisible names no element: give its identifier, label or row text"),
        ("  - tap: {staticText: \" \"}", "f.yaml:3:23: error: tap staticText names no element"),
        ("  - assertVisible: {button: Login, enabled: yes}", #"f.yaml:3:45: error: assertVisible enabled should be true or false, not "yes""#),
        ("  - Sheet.submit", "f.yaml:3:5: error: robot Sheet is now called Form: write Form.send"),
        ("  - assertVisible: {button: Login, is: x}", #"f.yaml:3:36: error: "is" is no longer a key in assertVisible: put the state on the element: enabled:, selected:, label: or value:"#),
        ("  - tap: {field: Username}", #"f.yaml:3:11: error: "field" is no longer a key in tap: write element: (any kind), textField: or secureTextField:"#),
        ("  - answerAlert: {alert: PhotosPermission, button: OK}", #"f.yaml:3:19: error: unknown key "alert" in answerAlert (an alert's scope is written in: ALERT); expected button, in"#),
        ("  - Sheet.fill: {name: x}", "f.yaml:3:5: error: robot Sheet is now called Form: write Form.fill: {name: x}"),
        ("  - Form.fil: {name: x}", #"f.yaml:3:5: error: unknown action "fil" of robot Form (did you mean "fill"?)"#),
        ("  - Form.submit", "f.yaml:3:5: error: Form.submit is no longer an action: write Form.send"),
        ("  - Form.fill: {nmae: x}", #"f.yaml:3:17: error: Form.fill has no parameter "nmae" any more: it is called name now (write Form.fill: {name: x})"#),
        ("  - Form.fill: {age: 3}", "f.yaml:3:16: error: Form.fill needs name (text): write Form.fill: {name: ...}"),
        ("  - Form.fill: {name: x, age: eight}", #"f.yaml:3:31: error: Form.fill age should be a whole number, not "eight""#),
        ("  - Form.fill: {name: x, age: -1}", "f.yaml:3:31: error: Form.fill age should be at least 0, not -1"),
        ("  - Form.fill: {name: x, rows: \"1, 3\"}", "f.yaml:3:32: error: Form.fill rows should be a list of whole numbers: write rows: [1, 3]"),
        ("  - Form.fill: {name: x, rows: [1, x]}", #"f.yaml:3:36: error: each of Form.fill rows should be a whole number, not "x""#),
        ("  - Form.fill: {name: x, rows: [0]}", "f.yaml:3:33: error: each of Form.fill rows should be at least 1, not 0"),
        ("  - Form.fill: {name: x, rows: [2, 1, 2]}", "f.yaml:3:39: error: Form.fill rows gives 2 twice; give each once"),
        ("  - Form.fill: {name: x, rows: []}", "f.yaml:3:32: error: Form.fill rows is empty; give at least one, such as [1]"),
        ("  - tap: {button: OK, in: PhotosPermision}", #"f.yaml:3:27: error: no alert "PhotosPermision" in this app (did you mean "PhotosPermission"?)"#),
        ("  - tap: {button: Ok, in: PhotosPermission}", #"f.yaml:3:19: error: the alert "PhotosPermission" has no button "Ok" (did you mean "OK"?)"#),
        ("  - assertVisible: {alert: PhotoPermission}", #"f.yaml:3:28: error: no alert "PhotoPermission" in this app (did you mean "PhotosPermission"?)"#),
        ("  - answerAlert: {button: Nope, in: PhotosPermission}", #"f.yaml:3:18: error: the alert "PhotosPermission" has no button "Nope""#),
        ("  - tap: {button: Login, textField: Username}", "f.yaml:3:26: error: tap names its element twice (button and textField); give one kind"),
        ("  - tap: {enabled: true}", "f.yaml:3:10: error: tap should name one element by its kind, such as {button: Continue} or {element: Continue}"),
        ("  - waitFor: {button: Apply, enabled: 1}", #"f.yaml:3:39: error: waitFor enabled should be true or false, not "1""#),
        ("  - waitUntilGone: {alert: PhotosPermission, timeout: -1}", "f.yaml:3:55: error: waitUntilGone timeout (seconds) -1 is out of range 0.001...3600.0"),
        ("  - type: {textField: Username}", #"f.yaml:3:11: error: type is missing "text" (text)"#),
        ("  - back: now", "f.yaml:3:11: error: back takes no value; write it as a bare word: - back"),
        ("  - repeat: {times: 2, until: Login, steps: [back]}", "f.yaml:3:13: error: repeat: give exactly one of times, while, until"),
        ("  - repeat: {times: 2, max: 3, steps: [back]}", "f.yaml:3:13: error: repeat: max goes with while or until"),
    ])
    func aMistakeIsOneLocatedErrorWithWhatToWrite(step: String, message: String) throws {
        let problems = try problems("name: Bad\nsteps:\n" + step + "\n")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.description.hasPrefix(message) == true, "\(problems.first?.description ?? "none")")
    }

    @Test func everyMistakeInAFileIsReportedInOnePass() throws {
        let problems = try problems("""
            name: Bad
            tags: [a b]
            stpes: []
            steps:
              - tpa: Login
              - back
              - Form.fill: {age: x}
              - repeat: {times: 2, steps: [{tpa: x}, back, {assertEnabled: Login}]}
            """)
        #expect(Diagnostics(problems).errors.map { "\($0.line):\($0.column)" } == ["2:7", "3:1", "5:5", "7:22", "8:33", "8:49"], "\(problems.map(\.description))")
    }

    @Test func lintSortsEveryProblemOfEveryFileAndCountsThem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: B\nsteps:\n  - tpa: x\n".write(to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        try "name: A\nsteps:\n  - back: 1\n  - Form.fill\n".write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: Diagnostics.self) { try FlowSuite.load([folder.path], catalog: Self.catalog) }
        do {
            _ = try FlowSuite.load([folder.path], catalog: Self.catalog)
        } catch {
            #expect(error.errors.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" } == ["a.yaml:3", "a.yaml:4", "b.yaml:3"])
            #expect(error.summary == "3 errors in 2 files")
            #expect(error.description.hasSuffix("\n3 errors in 2 files"))
            #expect(!error.description.contains("flow: error:"))
        }
    }

    @Test func aBadIncludedFlowIsReportedOnceInItsOwnFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: Inner\nsteps:\n  - tpa: x\n".write(to: folder.appendingPathComponent("inner.yaml"), atomically: true, encoding: .utf8)
        try "name: Outer\nsteps:\n  - runFlow: inner.yaml\n".write(to: folder.appendingPathComponent("outer.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try FlowSuite.load([folder.path], catalog: Self.catalog)
            Issue.record("a bad included flow was accepted")
        } catch {
            #expect(error.errors.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["inner.yaml"])
        }
    }

    @Test func aSecondYAMLDocumentIsNamedPlainly() throws {
        let problems = try problems("name: A\nsteps: [back]\n---\nname: B\n")
        #expect(problems.first?.message.hasPrefix("the file holds one YAML document, and a second one starts here (---)") == true, "\(problems)")
    }

    @Test func tagsGivenWithCommasAreSeveralTags() {
        #expect(FlowSuite.splitTags(["smoke,login", " x ", ","]) == ["smoke", "login", "x"])
        let flows = ["a", "b", "c"].map { Flow(file: "\($0).yaml", name: $0, tags: [$0], fixture: nil, launch: LaunchSettings(), onAlert: [], steps: [], variableUses: []) }
        #expect(FlowSuite(flows: flows).filtered(include: ["a,c"], exclude: []).flows.map(\.name) == ["a", "c"])
        #expect(FlowSuite(flows: flows).filtered(include: [], exclude: ["a,b"]).flows.map(\.name) == ["c"])
    }

    @Test func variablesInTextAreFound() {
        #expect(Text("${a} and ${b.c}, not $d or ${").variables == ["a", "b.c"])
        #expect(Text("plain").variables.isEmpty)
    }

    @Test func theShardHashIsFNV1aSoEveryMachineAgrees() {
        #expect(FlowSuite.stableHash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FlowSuite.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func junitEscapesMarkupAndDropsWhatXMLCannotHold() {
        #expect(JUnitReport.escape("a<b>&\"c\"'\u{1B}[31m") == "a&lt;b&gt;&amp;&quot;c&quot;&apos;\u{FFFD}[31m")
    }

    @Test func theTallyLineIsThePlainClosingLine() {
        var tally = RunTally()
        #expect(tally.line == "0 passed, 0 failed")
        tally.notRun = 2
        #expect(tally.line == "0 passed, 0 failed, 2 not run (interrupted)")
    }

    // MARK: - Helpers

    private func parse(_ steps: String, file: String = "f.yaml", catalog: RobotCatalog = Self.catalog) throws -> Flow? {
        let parser = FlowParser(catalog: catalog)
        let flow = parser.parse(text: "name: Test\nsteps:\n" + steps + "\n", file: file)
        if !parser.problems.isEmpty { Issue.record("\(parser.problems.map(\.description))") }
        return flow
    }

    private func problems(_ text: String) throws -> [LocatedError] {
        let parser = FlowParser(catalog: Self.catalog)
        #expect(parser.parse(text: text, file: "f.yaml") == nil, "a flow with a problem is not returned")
        return parser.problems
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flow-parser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Every spelling lint refuses because it changed, answered with the step as it is written now:
/// the same element and values, the state it checked kept (never given twice, never turned
/// round), and the rewrite itself a step that lints clean.
struct OldSpellingRewriteTests {
    @Test(arguments: [
        // assertEnabled: the state from is:, from enabled:, or the old step's own check (true).
        ("assertEnabled: {button: Login}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: true}"),
        ("assertEnabled: {button: Login, is: false}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: false}"),
        ("assertEnabled: {button: Login, enabled: false}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: false}"),
        ("assertEnabled: {button: Login, enabled: true}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: true}"),
        ("assertEnabled: {button: Login, is: false, enabled: false}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: false}"),
        ("assertEnabled: {button: Login, is: true, enabled: false}", "assertEnabled is no longer a step: write assertVisible: {button: Login, enabled: true} "
            + "or assertVisible: {button: Login, enabled: false} (its is: and enabled: disagree; keep the one you mean)"),
        ("assertEnabled: Login", "assertEnabled is no longer a step: write assertVisible: {element: Login, enabled: true}"),
        // assertSelected (FlowKit's Swift name, which a flow may well borrow): the same with selected.
        ("assertSelected: {button: Show & Hide}", "assertSelected is no longer a step: write assertVisible: {button: Show & Hide, selected: true}"),
        ("assertSelected: {button: Original, selected: false}", "assertSelected is no longer a step: write assertVisible: {button: Original, selected: false}"),
        ("assertSelected: {button: Original, is: false}", "assertSelected is no longer a step: write assertVisible: {button: Original, selected: false}"),
        ("assertSelected: Original", "assertSelected is no longer a step: write assertVisible: {element: Original, selected: true}"),
        // assertLabel and assertValue: the text from is: or from the key; none given is said as ...
        ("assertLabel: {staticText: results, is: Login failed}", "assertLabel is no longer a step: write assertVisible: {staticText: results, label: Login failed}"),
        ("assertLabel: {staticText: results, label: Login failed}", "assertLabel is no longer a step: write assertVisible: {staticText: results, label: Login failed}"),
        ("assertLabel: {staticText: results}", "assertLabel is no longer a step: write assertVisible: {staticText: results, label: ...}"),
        ("assertLabel: results", "assertLabel is no longer a step: write assertVisible: {element: results, label: ...}"),
        ("assertValue: {textField: Username, is: test}", "assertValue is no longer a step: write assertVisible: {textField: Username, value: test}"),
        ("assertValue: {textField: Username, value: test}", "assertValue is no longer a step: write assertVisible: {textField: Username, value: test}"),
        // The others take their value as it was; an is: there (no state they checked) leaves the example.
        ("assertExists: {button: Login}", "assertExists is no longer a step: write assertVisible: {button: Login}"),
        // No rewrite (is: meant nothing to it): the step's own example of how it is written now.
        ("assertExists: {button: Login, is: true}", "assertExists is no longer a step: write assertVisible: Continue"),
        ("assertNotExists: Login", "assertNotExists is no longer a step: write assertNotVisible: Login"),
        ("assertAppears: {alert: PhotosPermission}", "assertAppears is no longer a step: write waitFor: {alert: PhotosPermission}"),
        ("assertGoes: {alert: PhotosPermission}", "assertGoes is no longer a step: write waitUntilGone: {alert: PhotosPermission}"),
        // Robots and their actions and parameters, with the values given.
        ("Detail.checkPhoto: {date: \"Mon 1 Jun 2026, 09:05\", place: Office}",
         "robot Detail is now called PhotoDetail: write PhotoDetail.checkPhoto: {date: \"Mon 1 Jun 2026, 09:05\", place: Office}"),
        ("Detail.showOriginal", "robot Detail is now called PhotoDetail: write PhotoDetail.showOriginal"),
        ("Detail.checkShowing", "robot Detail is now called PhotoDetail: write PhotoDetail.checkShowingShowAndHide or PhotoDetail.checkShowingOriginal"),
        ("PhotoDetail.checkShowing", "PhotoDetail.checkShowing is no longer an action: write PhotoDetail.checkShowingShowAndHide or PhotoDetail.checkShowingOriginal"),
        ("Settings.back", "Settings.back is no longer an action: write Settings.backToPhotos or Settings.backToGlance"),
        ("Glance.checkLastUpload: {photos: 3}", #"Glance.checkLastUpload has no parameter "photos" any more: it is called count now (write Glance.checkLastUpload: {count: 3})"#),
        ("Photos.select: {positions: \"1, 3\"}", "Photos.select positions should be a list of whole numbers: write positions: [1, 3]"),
        ("Photos.select: {positions: \"1,3\"}", "Photos.select positions should be a list of whole numbers: write positions: [1, 3]"),
        ("Photos.select: {positions: 2}", "Photos.select positions should be a list of whole numbers: write positions: [2]"),
        ("Photos.select: {positions: first}", "Photos.select positions should be a list of whole numbers, such as [1, 3]"),
        // Keys of an element that changed.
        ("tap: {field: Username}", #""field" is no longer a key in tap: write element: (any kind), textField: or secureTextField:"#),
        ("assertVisible: {button: Login, is: false}", #""is" is no longer a key in assertVisible: put the state on the element: enabled:, selected:, label: or value:"#),
    ])
    func anOldSpellingIsAnsweredWithTheStepAsWrittenNow(old: String, message: String) throws {
        let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
        #expect(parser.step(text: old, file: "f.yaml") == nil)
        let problem = try #require(parser.problems.first)
        #expect(parser.problems.count == 1 && problem.message.hasPrefix(message), "\(problem.message)")
        // The rewrite is a step: it lints clean (each of two, when it offers two).
        guard let written = problem.message.components(separatedBy: "write ").last, problem.message.contains("write "),
              !written.contains("..."), !written.contains("element: (any kind)") else { return }
        var steps = written.replacingOccurrences(of: " (its is: and enabled: disagree; keep the one you mean)", with: "")
            .replacingOccurrences(of: " (the screen it goes back to is checked)", with: "").replacingOccurrences(of: ")", with: "")
            .components(separatedBy: " or ")
        // A parameter's new value goes in the step it came from.
        if written.hasPrefix("positions: ") { steps = ["Photos.select: {\(written)}"] }
        for step in steps {
            let check = FlowParser(catalog: WorkPhotosCatalog.catalog)
            #expect(check.step(text: step, file: "f.yaml") != nil, "\(step): \(check.problems.map(\.message))")
        }
    }

    @Test(arguments: [
        "Detail.checkPhoto: {date: x, place: y, password: hunter2}",
        "assertValue: {secureTextField: Password, is: hunter2}",
        "assertValue: {secureTextField: Password, value: hunter2}",
    ])
    func aRewriteNeverShowsASecret(old: String) throws {
        let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
        _ = parser.step(text: old, file: "f.yaml")
        #expect(parser.problems.count == 1)
        #expect(!parser.problems.map(\.description).joined().contains("hunter2"), "\(parser.problems)")
    }
}

/// A robot for the parser's own catalog: never driven, only declared.
final class FormRobot: Robot {
    override class var screenTitle: String { "Form" }

    func fill(_ name: String, age: Int?, ok: Bool?, rows: [Int]?) {}

    static let yaml = RobotActions<FormRobot> {
        $0.action("fill", "Fills the form.", .text("name", "a name"), Parameter<Int?>.integer("age", "an age"), Parameter<Bool?>.boolean("ok", "ok"),
                  Parameter<[Int]?>.positions("rows"), formerParameters: ["nmae": "name"]) { $0.fill($1, age: $2, ok: $3, rows: $4) }
        $0.action("send", "Sends it.") { _ in }
        $0.formerly("submit", now: "Form.send")
    }
}

/// A scheme's `build:`, the command named when its app is missing: read as text, and refused at
/// its own line and column when it is anything else.
struct SchemeBuildKeyTests {
    @Test func theBuildCommandIsReadAndAbsentByDefault() throws {
        let fast = try Scheme.parse("app: x\nbuild: make testing-app\n", file: "fast.yaml", name: "fast", over: Scheme(name: "fast"))
        #expect(fast.build == "make testing-app")
        let plain = try Scheme.parse("app: x\n", file: "default.yaml", name: "default", over: Scheme(name: "default"))
        #expect(plain.build == nil)
    }

    @Test(arguments: ["build: [make, testing-app]\n", "build: {make: testing-app}\n"])
    func aBuildThatIsNotTextIsALocatedError(text: String) {
        #expect {
            _ = try Scheme.parse("app: x\n" + text, file: "fast.yaml", name: "fast", over: Scheme(name: "fast"))
        } throws: { error in
            (error as? LocatedError)?.description.hasPrefix("fast.yaml:2:8: error: build should be text") == true
        }
    }
}
