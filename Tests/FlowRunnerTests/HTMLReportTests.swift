import FlowKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import FlowRunner
import LocatedYAML
import Testing

/// `flow run --html FILE`: one self-contained page, parsed as XML to check what it holds, that
/// nothing in it comes from elsewhere, and that no text from a flow or an app can become markup.
@Suite(.serialized)
struct HTMLReportTests {
    static let hostile = "<script>alert(1)</script> & 'more'"

    // MARK: - In process

    @Test func everyFlowStepAndScreenIsThereAndTheFailingStepIsMarked() throws {
        let page = HTMLReport.html([Self.passing, Self.failing], summary: .init(scheme: "default", duration: .seconds(2)))
        let document = try Self.parse(page)

        let flows = try Self.elements(document, "//section[contains(@class, 'flow')]")
        #expect(flows.count == 2)
        #expect(try Self.text(document, "//section[contains(@class, ' passed')]/h2").contains("Signs in"))
        #expect(try Self.text(document, "//section[contains(@class, ' failed')]/h2").contains("Checks the result"))
        for result in [Self.passing, Self.failing] {
            for step in result.steps {
                let items = try Self.elements(document, "//li[contains(@class, 'step')][.//span[@class='location']='\(step.location)']")
                #expect(items.count == 1, "\(step.location)")
                #expect(items.first?.stringValue?.contains(step.title) == true)
                if let screen = step.screen ?? step.after {
                    #expect(items.first.flatMap { try? $0.nodes(forXPath: ".//pre[@class='screen']").first?.stringValue } == screen)
                }
            }
        }

        let failing = try #require(try Self.elements(document, "//li[contains(@class, 'failing')]").first)
        #expect(try Self.elements(document, "//li[contains(@class, 'failing')]").count == 1, "the enclosing step failed too, but is not the failing one")
        #expect(failing.attribute(forName: "id")?.stringValue == "flow-1-step-3", "the failing flow sorts first; its runFlow is step 1")
        let failingText = failing.stringValue ?? ""
        #expect(failingText.contains("Login.checkResult"))
        #expect(failingText.contains(#"it is there, but its label is "Login failed""#), "the reason")
        #expect(failingText.contains(#"check that static text "results" (labelled "Welcome") is visible"#), "FlowKit's step")
        #expect(failingText.contains("workphotos: login: sign-in failed for test"), "the standard error")
        #expect(try Self.elements(failing, ".//pre[@class='stderr']").first?.stringValue == "workphotos: using stub services\nworkphotos: login: sign-in failed for test")
        #expect(try Self.elements(failing, ".//pre[@class='screen']").first?.stringValue == "── Login ──\n     Login failed")
        #expect(try Self.elements(failing, ".//details[@open]").count == 1, "its screen is open")

        let whereText = try Self.text(document, "//section[contains(@class, ' failed')]//p[@class='where']")
        #expect(whereText.hasPrefix("Flows/common/check.yaml:4:5: error: Login.checkResult"), "the failing step's own file:line:column")
        let link = try Self.elements(document, "//p[@class='where']/a").first?.attribute(forName: "href")?.stringValue
        #expect(link == "#flow-1-step-3", "the location links to the failing step")
        #expect(try Self.elements(document, "//li[contains(@class, 'skipped')]").first?.stringValue?.contains("Not run") == true)
    }

    @Test func anInterruptedRunSaysWhatItDidNotRunAsTheConsoleJUnitAndTextReportDo() throws {
        let notRun = [NotRun(flow: Self.flow(file: "Flows/b.yaml", name: "B"), iteration: 1), NotRun(flow: Self.flow(file: "Flows/<c>.yaml", name: "C"), iteration: 2)]
        var tally = RunTally()
        tally.add(Self.passing)
        tally.notRun = notRun.count
        #expect(tally.line == "1 passed, 0 failed, 2 not run (interrupted)")

        let page = try Self.parse(HTMLReport.html([Self.passing], summary: .init(scheme: "default", duration: .seconds(2), notRun: notRun)))
        #expect(try Self.text(page, "//h1") == "Flow run: " + tally.line, "the console's very line")
        #expect(try Self.text(page, "//dd[@class='notrun']") == "2")
        #expect(try Self.elements(page, "//section[@id='not-run']//li").compactMap(\.stringValue) == ["B Flows/b.yaml", "C #2 Flows/<c>.yaml"])
        #expect(try Self.elements(page, "//section[contains(@class, 'flow')]").count == 1, "a flow not run is no flow section")

        let junit = try Self.parse(JUnitReport.xml([Self.passing], suiteName: "flows", duration: .seconds(2), notRun: notRun))
        #expect(try Self.elements(junit, "//testcase").count == 1, "no testcase for what did not run: a merge finds it missing")
        #expect(try Self.elements(junit, "//testsuite")[0].attribute(forName: "skipped")?.stringValue == "0", "and it is not skipped")
        let properties = try Self.elements(junit, "//testsuite/properties/property").map { ($0.attribute(forName: "name")?.stringValue, $0.attribute(forName: "value")?.stringValue) }
        #expect(properties.map(\.0) == ["interrupted", "notRun", "notRun"])
        #expect(properties.map(\.1) == ["2 not run (interrupted)", "Flows/b.yaml", "Flows/<c>.yaml #2"])

        #expect(notRun.map(FolderReport.text) == ["NOT RUN (interrupted)  B  Flows/b.yaml\n", "NOT RUN (interrupted)  C #2  Flows/<c>.yaml\n"])
        // The page's words (its style names a skipped step's look, which is another thing).
        for text in [try Self.text(page, "//body"), JUnitReport.xml([Self.passing], suiteName: "flows", duration: .seconds(2), notRun: notRun)] {
            #expect(!text.replacingOccurrences(of: #"skipped="0""#, with: "").lowercased().contains("skip"), "nothing says skipped")
        }
    }

    @Test func aRunThatWasNotInterruptedSaysNothingOfIt() throws {
        let page = HTMLReport.html([Self.passing], summary: .init(scheme: "default", duration: .seconds(2)))
        #expect(!page.contains("not run") && !page.contains("not-run"))
        #expect(!JUnitReport.xml([Self.passing], suiteName: "flows", duration: .seconds(2)).contains("<properties>"))
    }

    @Test func aHostileLabelIsShownAsTextAndNothingComesFromElsewhere() throws {
        let hostile = Self.hostile
        let screen = "── \(hostile) ──"
        let flow = Self.flow(file: "Flows/\(hostile).yaml", name: hostile, tags: [hostile])
        let location = SourceLocation(file: flow.file, line: 3, column: 5)
        let result = FlowResult(
            flow: flow, iteration: 1,
            failure: FlowRunFailure(location: location, stepTitle: hostile, via: [location], failure: FlowFailure(
                step: "tap \(hostile)", reason: "no \(hostile)", screen: screen, standardError: [hostile], site: CallSite()
            )),
            steps: [StepRecord(title: hostile, location: location, duration: .milliseconds(5), status: .failed, screen: screen, depth: 0, after: screen)],
            duration: .milliseconds(10), copyDuration: .zero, launchDuration: .zero
        )
        let page = HTMLReport.html([result], summary: .init(scheme: hostile, duration: .seconds(1), includeTags: [hostile], excludeTags: [hostile], shard: hostile))

        #expect(!page.contains("<script>alert"), "never markup")
        #expect(!page.contains(hostile))
        let ampersands = page.components(separatedBy: "&").dropFirst()
        #expect(ampersands.allSatisfy { rest in ["amp;", "lt;", "gt;", "quot;", "#39;"].contains { rest.hasPrefix($0) } }, "every & is a reference")

        let document = try Self.parse(page)
        let scripts = try Self.elements(document, "//script")
        #expect(scripts.count == 1, "only the filter's own script")
        #expect(scripts.first?.stringValue?.contains("alert") == false)
        #expect(scripts.first?.attribute(forName: "src") == nil)
        #expect(try document.nodes(forXPath: "//@src").isEmpty, "nothing loaded from elsewhere")
        #expect(try document.nodes(forXPath: "//link | //iframe | //object | //embed | //img").isEmpty)
        let links = try document.nodes(forXPath: "//@href").compactMap(\.stringValue)
        #expect(links.allSatisfy { $0.hasPrefix("#") }, "\(links)")
        let style = try Self.text(document, "//style")
        #expect(!style.contains("url(") && !style.contains("@import"))
        let attributes = try document.nodes(forXPath: "//@*").compactMap { $0.name }
        #expect(!attributes.contains { $0.lowercased().hasPrefix("on") }, "no inline handlers")

        let body = try Self.text(document, "//body")
        #expect(body.components(separatedBy: hostile).count - 1 >= 8, "shown as text wherever it was: name, tags, step, reason, stderr, screen, scheme, shard")
        #expect(try Self.text(document, "//title").contains(hostile))
    }

    @Test func controlCharactersAreReplacedAndACarriageReturnDropped() throws {
        #expect(HTMLReport.escape("a\u{1B}[31mb\u{0}c\u{7F}d\u{85}e\r\n\tf'\"") == "a\u{FFFD}[31mb\u{FFFD}c\u{FFFD}d\u{FFFD}e\n\tf&#39;&quot;")
        var result = Self.passing
        let screen = "\u{1B}[1m── Glance ──\u{1B}[0m\r\nbell\u{7}"
        result = FlowResult(
            flow: result.flow, iteration: 1, failure: nil,
            steps: [StepRecord(title: "back", location: .init(file: "Flows/pass.yaml", line: 4, column: 5), duration: .zero, status: .passed,
                               screen: nil, depth: 0, after: screen)],
            duration: .milliseconds(3), copyDuration: .zero, launchDuration: .zero
        )
        let page = HTMLReport.html([result], summary: .init(scheme: "default", duration: .seconds(1)))
        #expect(!page.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) })
        let document = try Self.parse(page)
        #expect(try Self.text(document, "//pre[@class='screen']") == "\u{FFFD}[1m── Glance ──\u{FFFD}[0m\nbell\u{FFFD}")
    }

    @Test func nestedStepsFollowTheirRunFlowIndentedByDepth() throws {
        let document = try Self.parse(HTMLReport.html([Self.failing], summary: .init(scheme: "default", duration: .seconds(1))))
        let items = try Self.elements(document, "//li[contains(@class, 'step')]")
        let titles = items.compactMap { try? $0.nodes(forXPath: ".//span[@class='title']").first?.stringValue }
        #expect(titles == ["runFlow", "Login.attemptLogin", "Login.checkResult", "back"], "the runFlow first, as written, then its steps")
        #expect(items.map { $0.attribute(forName: "data-depth")?.stringValue } == ["0", "1", "1", "0"])
        #expect(items[1].attribute(forName: "style")?.stringValue == "margin-left: 2em")
        #expect(items[0].attribute(forName: "style") == nil)
        let via = try Self.text(document, "//p[@class='via']")
        #expect(via == "Flows/fail.yaml:3:5: note: in runFlow")
    }

    @Test func theSummarySaysTheTallyDurationSchemeTagsAndShard() throws {
        let summary = HTMLReport.Summary(scheme: "real", duration: .milliseconds(2500), includeTags: ["smoke,login"], excludeTags: ["slow"], shard: "1/2")
        let document = try Self.parse(HTMLReport.html([Self.passing, Self.failing], summary: summary))
        let terms = try Self.elements(document, "//dl[@class='summary']/dt").compactMap(\.stringValue)
        let values = try Self.elements(document, "//dl[@class='summary']/dd").compactMap(\.stringValue)
        let pairs = Dictionary(uniqueKeysWithValues: zip(terms, values))
        #expect(pairs["Passed"] == "1")
        #expect(pairs["Failed"] == "1")
        #expect(pairs["Duration"] == "2.50 s")
        #expect(pairs["Scheme"] == "real")
        #expect(pairs["Tags selected"] == "include smoke, login; exclude slow")
        #expect(pairs["The flows' tags"] == "login, smoke")
        #expect(pairs["Shard"] == "1/2")
        let unsharded = try Self.parse(HTMLReport.html([Self.passing], summary: .init(scheme: "default", duration: .zero)))
        let plain = try Self.elements(unsharded, "//dl[@class='summary']/dt").compactMap(\.stringValue)
        #expect(!plain.contains("Shard"))
        #expect(try Self.text(unsharded, "//dl[@class='summary']").contains("every flow (no tag filter)"))
        let filter = try #require(try Self.elements(unsharded, "//p[@id='filter']").first)
        #expect(filter.attribute(forName: "hidden") != nil, "with scripts off there is no filter, and every flow shows")
        #expect(try Self.elements(unsharded, "//input[@type='checkbox'][@id='only-failed']").count == 1)
    }

    @Test func aFlowThatNeverStartedShowsItsEvidenceAtTheFlow() throws {
        let flow = Self.flow(file: "Flows/x.yaml", name: "Never starts")
        let root = SourceLocation(file: "Flows/x.yaml", line: 1, column: 1)
        let result = FlowResult(
            flow: flow, iteration: 2,
            failure: FlowRunFailure(location: root, stepTitle: "launch", via: [], failure: FlowFailure(
                step: "launch the app", reason: "it exited with code 2", screen: nil, standardError: ["workphotos: error: no store"], site: CallSite()
            )),
            steps: [], duration: .milliseconds(40), copyDuration: .milliseconds(4), launchDuration: .milliseconds(30)
        )
        let document = try Self.parse(HTMLReport.html([result], summary: .init(scheme: "default", duration: .seconds(1))))
        let failure = try Self.text(document, "//section/div[@class='failure']")
        #expect(failure.contains("Flows/x.yaml:1:1: error: launch: launch the app failed: it exited with code 2"))
        #expect(try Self.text(document, "//section/div[@class='failure']/pre[@class='stderr']") == "workphotos: error: no store")
        #expect(try Self.text(document, "//section/h2").contains("#2"), "the iteration under --repeat")
        #expect(try Self.text(document, "//ol[@class='steps']").contains("No step ran."))
    }

    // MARK: - Through the CLI

    @Test func runWritesThePageWithBothFlowsEveryStepAndTheReason() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes", tags: ["smoke"]))
        try workspace.write("Flows/fail.yaml", "name: Fails\nsteps:\n  - Login.checkLoginScreen\n  - tap: Logn\n  - back\n")

        let output = try workspace.flow(["run", "--jobs", "1", "--html", "report.html"])

        #expect(output.status == 1)
        #expect(!output.stderr.contains("cannot write"), "\(output.stderr)")
        let document = try Self.parse(try workspace.read("report.html"))
        let headings = try Self.elements(document, "//section/h2").compactMap(\.stringValue)
        #expect(headings.contains { $0.contains("Passes") } && headings.contains { $0.contains("Fails") }, "\(headings)")
        let titles = try Self.elements(document, "//span[@class='title']").compactMap(\.stringValue)
        for title in ["Login.login", "assertVisible", "answerAlert", "Glance.checkCounts", "Login.checkLoginScreen", "tap", "back"] {
            #expect(titles.contains(title), "\(title) in \(titles)")
        }
        let screens = try Self.elements(document, "//section[contains(@class, ' passed')]//pre[@class='screen']").compactMap(\.stringValue)
        #expect(screens.count == 4, "a screen after every step")
        #expect(screens.last?.contains("At a glance") == true)
        let failing = try Self.text(document, "//li[contains(@class, 'failing')]")
        #expect(failing.contains(#"did you mean "Login"?"#), "the reason")
        #expect(failing.contains("workphotos:"), "the app's standard error")
        #expect(try Self.text(document, "//p[@class='where']").hasPrefix("Flows/fail.yaml:4:5: error: tap"))
        let summary = try Self.text(document, "//dl[@class='summary']")
        #expect(summary.contains("every flow (no tag filter)") && summary.contains("smoke"), "\(summary)")
    }

    /// The page walks through the run: each step in the order it ran, with the screen it led to
    /// (the alert the sign-in brought up, then the glance once it was answered).
    @Test func eachStepsScreenFollowsItInOrder() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", FlowWorkspace.passing("Passes"))
        let output = try workspace.flow(["run", "--jobs", "1", "--html", "report.html"])
        #expect(output.status == 0, "\(output.stdout)")
        let document = try Self.parse(try workspace.read("report.html"))
        let steps = try Self.elements(document, "//section[contains(@class, 'flow')]//li[contains(@class, 'step')]")
        let walk = steps.map { step in
            (title: (try? step.nodes(forXPath: ".//span[@class='title']").first?.stringValue) ?? nil,
             caption: (try? step.nodes(forXPath: ".//details[@class='screen']/summary").first?.stringValue) ?? nil,
             screen: ((try? step.nodes(forXPath: ".//pre[@class='screen']").first?.stringValue) ?? nil) ?? "")
        }
        #expect(walk.map(\.title) == ["Login.login", "assertVisible", "answerAlert", "Glance.checkCounts"])
        #expect(walk.allSatisfy { $0.caption == "The screen after it" })
        let alert = "Would Like to Access Your Photos", counted = "8 work photos"
        #expect(walk.map { $0.screen.contains(alert) } == [true, true, false, false], "the alert until answerAlert")
        #expect(walk.map { $0.screen.contains(counted) } == [false, false, true, true], "the counts once it was answered")
    }

    @Test func anUnwritableHTMLPathIsAnErrorAndTheRunExitsThree() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/pass.yaml", "name: Passes\nsteps:\n  - Login.checkLoginScreen\n")
        // A folder that cannot be made, even by root: its parent is a file.
        try workspace.write("taken", "a file, not a folder")
        let output = try workspace.flow(["run", "--html", "taken/x.html"])
        #expect(output.status == 3, "the flows passed, but CI would not get the page: the run was not made")
        #expect(output.stderr.contains("flow: error: cannot write the HTML report taken/x.html"), "\(output.stderr)")
        #expect(output.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aSecretIsInNoByteOfThePage() throws {
        let secret = "s3cr3t-Pa55"
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/leak.yaml", """
            name: Tries to leak
            steps:
              - type: {textField: Username, text: "${test.password}"}
              - assertVisible: {staticText: results, label: "${test.password}"}
            """)
        let output = try workspace.flow(["run", "--html", "report.html", "-test.password", secret])
        #expect(output.status == 1)
        let page = try workspace.read("report.html")
        #expect(!page.contains(secret))
        #expect(page.contains("••••••••"), "masked where it was")
    }

    // MARK: - Helpers

    /// Passes: sign in, check the counts.
    static let passing = FlowResult(
        flow: flow(file: "Flows/pass.yaml", name: "Signs in", tags: ["smoke", "login"]), iteration: 1, failure: nil,
        steps: [
            StepRecord(title: "Login.login", location: .init(file: "Flows/pass.yaml", line: 3, column: 5), duration: .milliseconds(20),
                       status: .passed, screen: nil, depth: 0, after: "── At a glance ──\n8 work photos"),
            StepRecord(title: "snapshot", location: .init(file: "Flows/pass.yaml", line: 4, column: 5), duration: .milliseconds(1),
                       status: .passed, screen: "── At a glance ──\n8 work photos\n1 other photo", depth: 0,
                       after: "── At a glance ──\n8 work photos\n1 other photo"),
        ],
        duration: .milliseconds(60), copyDuration: .milliseconds(3), launchDuration: .milliseconds(30)
    )

    /// Fails inside a runFlow, recorded as the runner records it: the nested steps before the
    /// runFlow step that ran them, then the step skipped after it.
    static let failing: FlowResult = {
        let file = "Flows/fail.yaml", common = "Flows/common/check.yaml"
        let failed = SourceLocation(file: common, line: 4, column: 5)
        let failure = FlowFailure(
            step: #"check that static text "results" (labelled "Welcome") is visible"#, reason: #"it is there, but its label is "Login failed""#,
            screen: "── Login ──\n     Login failed", standardError: ["workphotos: using stub services", "workphotos: login: sign-in failed for test"],
            site: CallSite(file: common, line: 4)
        )
        return FlowResult(
            flow: flow(file: file, name: "Checks the result", tags: ["login"]), iteration: 1,
            failure: FlowRunFailure(location: failed, stepTitle: "Login.checkResult", via: [SourceLocation(file: file, line: 3, column: 5)], failure: failure),
            steps: [
                StepRecord(title: "Login.attemptLogin", location: .init(file: common, line: 3, column: 5), duration: .milliseconds(15),
                           status: .passed, screen: nil, depth: 1, after: "── Login ──\n     Login failed"),
                StepRecord(title: "Login.checkResult", location: failed, duration: .milliseconds(2),
                           status: .failed, screen: "── Login ──\n     Login failed", depth: 1, after: "── Login ──\n     Login failed"),
                StepRecord(title: "runFlow", location: .init(file: file, line: 3, column: 5), duration: .milliseconds(18),
                           status: .failed, screen: "── Login ──\n     Login failed", depth: 0, after: "── Login ──\n     Login failed"),
                StepRecord(title: "back", location: .init(file: file, line: 4, column: 5), duration: .zero, status: .skipped, screen: nil, depth: 0),
            ],
            duration: .milliseconds(50), copyDuration: .milliseconds(3), launchDuration: .milliseconds(28)
        )
    }()

    @Test func aReasonOfSeveralLinesKeepsItsLinesUnderItsFirst() throws {
        let location = SourceLocation(file: "Flows/g.yaml", line: 5, column: 5)
        let reason = "the screen does not match its golden\n--- golden\n+++ the screen now\n-7 work photos\n+8 work photos"
        let result = FlowResult(
            flow: Self.flow(file: "Flows/g.yaml", name: "Golden"), iteration: 1,
            failure: FlowRunFailure(location: location, stepTitle: "assertScreen", via: [], failure: FlowFailure(
                step: "compare the screen", reason: reason, screen: nil, standardError: [], site: CallSite(file: "Flows/g.yaml", line: 5))),
            steps: [StepRecord(title: "assertScreen", location: location, duration: .milliseconds(1), status: .failed, screen: nil, depth: 0)],
            duration: .milliseconds(5), copyDuration: .zero, launchDuration: .zero
        )
        let page = HTMLReport.html([result], summary: .init(scheme: "default", duration: .milliseconds(5)))
        #expect(page.contains(": error: assertScreen: compare the screen failed: the screen does not match its golden</p>\n<pre class=\"reason-more\">--- golden\n+++ the screen now\n-7 work photos\n+8 work photos</pre>"), "\(page)")
        #expect(page.contains("<strong>Reason:</strong> the screen does not match its golden</p>\n<pre class=\"reason-more\">--- golden\n"))
        _ = try Self.parse(page)
    }

    static func flow(file: String, name: String, tags: [String] = []) -> Flow {
        Flow(file: file, name: name, tags: tags, fixture: nil, launch: LaunchSettings(), onAlert: [], steps: [], variableUses: [])
    }

    static func parse(_ page: String) throws -> XMLDocument {
        try XMLDocument(data: Data(page.utf8), options: [.nodePreserveWhitespace])
    }

    static func elements(_ node: XMLNode, _ path: String) throws -> [XMLElement] {
        try node.nodes(forXPath: path).compactMap { $0 as? XMLElement }
    }

    /// The text of the first node at `path` ("" when there is none, which the expectation then shows).
    static func text(_ node: XMLNode, _ path: String) throws -> String {
        try node.nodes(forXPath: path).first?.stringValue ?? ""
    }
}
