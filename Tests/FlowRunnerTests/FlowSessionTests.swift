import FlowKit
@testable import FlowRunner
import Foundation
import Testing
import WorkPhotosRobots

/// The session engine behind studio, inspect and mcp: steps run at once and are kept as YAML,
/// app commands become the YAML steps they mean, failures are not kept, undo replays, and a
/// secret is never written.
@Suite(.serialized)
struct FlowSessionTests {
    @Test func anAppCommandIsKeptAsTheYAMLStepItMeansNamingTheElementByItsIdentifier() throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(line(session.run("type Username test")) == #"type: {textField: Username, text: "${test.user}"}"#,
                "text typed as a credential's value is kept as that variable, so a private scheme's account is used")
        #expect(line(session.run("type Username tester")) == #"type: {textField: Username, text: "tester"}"#, "any other text stays")
        _ = session.undo()
        #expect(line(session.run("type Password 1234")) == #"type: {secureTextField: Password, text: "${test.password}"}"#,
                "a secret typed as the value of a secret variable is kept as that variable")
        #expect(line(session.run("3")) == "tap: {button: Login}", "by identifier, never by number")
        #expect(line(session.run("tap ok")) == "tap: {button: OK, in: PhotosPermission}", "an alert's button names its alert; any case")
        #expect(session.screen?.title == "At a glance")
        #expect(session.kept.count == 4, "\(session.kept.count)")
    }

    @Test func aStepThatIsNotOneIsRefusedWithLintsErrorAndNothingRuns() throws {
        let session = try makeSession()
        defer { session.close() }
        guard case let .refused(message) = session.run("tpa: Login") else { Issue.record("a misspelt step ran"); return }
        #expect(message.contains(#"error: unknown step "tpa" (did you mean "tap"?)"#), "\(message)")
        guard case let .refused(noControl) = session.run("tap Password hunter2") else { Issue.record("a missing control ran"); return }
        #expect(!noControl.contains("hunter2"))
        guard case let .refused(unknown) = session.run("type: {textField: Username, text: \"${nosuch}\"}") else { Issue.record("ran"); return }
        #expect(unknown.contains("no value for ${nosuch}"))
        #expect(session.kept.isEmpty)
    }

    @Test func aFailedStepIsNotKeptAndTheAppIsPutBackByReplay() throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("type Username test")
        guard case let .failed(failure, _) = session.run("assertVisible: {button: Login, enabled: true}") else {
            Issue.record("a check that cannot pass passed")
            return
        }
        #expect(failure.failure.reason == "it is there, but disabled")
        #expect(session.kept.map(\.line) == [#"type: {textField: Username, text: "${test.user}"}"#])
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "test", "the app is as the kept steps left it")
        #expect(line(session.run("assertVisible: {textField: Username, value: test}")) != nil, "and the session goes on")
    }

    @Test func undoRelaunchesOnAFreshCopyAndReplaysTheRest() throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("type Username test")
        _ = session.run("type Username alice")
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "alice")
        #expect(session.undo() != nil)
        #expect(session.kept.count == 1)
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "test")
        #expect(session.undo() != nil)
        #expect(session.undo() == nil, "nothing left to undo")
        #expect(session.screen?.elements.first { $0.identifier == "Username" }?.value == "")
    }

    @Test func aSecretThatNoVariableHoldsIsMaskedAndRefusedAtSave() throws {
        let session = try makeSession()
        defer { session.close() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.yaml").path
        _ = session.run("type Username test")
        _ = session.run("type: {secureTextField: Password, text: hunter2}")
        #expect(session.kept.last?.line == "type: {secureTextField: Password, text: ••••••••}")
        #expect(throws: SessionError.self) { try session.save(to: file, name: "Leaks") }
        do {
            try session.save(to: file, name: "Leaks")
        } catch {
            #expect(error.description.contains("private scheme") && !error.description.contains("hunter2"))
        }
        #expect(!FileManager.default.fileExists(atPath: file), "nothing is written")
        _ = session.undo()
        _ = session.run("Login.typePassword: {password: \"1234\"}")
        try session.save(to: file, name: "Signs in")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#"Login.typePassword: {password: "${test.password}"}"#), "\(saved)")
        #expect(!saved.contains("1234") && !saved.contains("hunter2"))
        #expect(FlowParser(catalog: WorkPhotosCatalog.catalog).parse(file: file) != nil, "the saved flow lints")
    }

    @Test func theSaveRefusalSaysWhereTheRunnersOwnPrivateSchemeGoes() throws {
        let runner = RunnerIdentity(name: "expenses-flow", flows: "UITests/Flows", schemes: "UITests/Schemes")
        let session = try FlowSession(.init(
            scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog,
            folder: FlowWorkspace.repository.appendingPathComponent("Flows").path, runner: runner
        ))
        defer { session.close() }
        _ = session.run("type: {secureTextField: Password, text: hunter2}")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Leaks", file: "/tmp/leaks.yaml") }
        #expect(error.description.contains("(UITests/Schemes/\(FlowWorkspace.scheme.name).private.yaml: variables:"), "\(error)")
        #expect(!error.description.contains("Flows/schemes"), "\(error)")
    }

    @Test func aSavedFlowWritesTextOutsideASCIIAsItIs() throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(line(session.run("type Username zoë")) == #"type: {textField: Username, text: "zoë"}"#)
        let text = try session.flowText(name: "Zoë signs in", file: "/tmp/zoe.yaml")
        #expect(text.contains("name: Zoë signs in\n") && text.contains(#"text: "zoë"}"#), "\(text)")
    }

    /// A flow saved below the folder that holds flow.schema.json names it, as the repository's
    /// flows do, so an editor checks it; one saved elsewhere does not.
    @Test(arguments: [("Flows/new.yaml", "flow.schema.json"), ("Flows/photos/new.yaml", "../flow.schema.json"),
                      ("Flows/photos/a/b/new.yaml", "../../../flow.schema.json"), ("/tmp/new.yaml", nil)])
    func aSavedFlowNamesTheSchemaWhenItIsBelowIt(file: String, schema: String?) throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("assertVisible: {button: Login}")
        let path = file.hasPrefix("/") ? file : FlowWorkspace.repository.appendingPathComponent(file).path
        let text = try session.flowText(name: "Schema", file: path)
        #expect(text.hasPrefix(schema.map { "# yaml-language-server: $schema=\($0)\nname: Schema\n" } ?? "name: Schema\n"), "\(text)")
    }

    @Test func aSavedFlowHasItsNameFixtureLaunchSettingsAndSteps() throws {
        let session = try makeSession(launch: LaunchSettings(defaults: [("drive.delay", "0.1")]), onAlert: [("PhotosPermission", "OK")])
        defer { session.close() }
        _ = session.run("Login.login")
        _ = session.run("Glance.checkCounts: {work: 8, other: 1}")
        let text = try session.flowText(name: "Counts", file: "/tmp/counts.yaml")
        #expect(text == """
            name: Counts
            fixture: default
            launch:
              defaults: {drive.delay: "0.1"}
            onAlert: {PhotosPermission: OK}
            steps:
            - Login.login
            - Glance.checkCounts: {work: 8, other: 1}

            """)
    }

    @Test(arguments: [
        ("Login.lo", ["Login.login"]),
        ("tap Rev", ["tap Review work photos"]),
        ("tap ", ["tap Review work photos", "tap Settings", "tap Username", "tap row-1"]),
        ("type Us", ["type Username"]),
        ("tap: {al", ["tap: {alert: "]),
        ("tap: {button: Rev", ["tap: {button: Review work photos"]),
        ("tap: {button: Login, ena", ["tap: {button: Login, enabled: "]),
        ("tap: Se", ["tap: Settings"]),
        // Nothing typed after the key yet, with or without the space: every name on the screen,
        // after ": " (YAML reads button:Login as one word).
        ("tap: {button: ", ["tap: {button: At a glance", "tap: {button: Mon 1 Jun 2026, 09:05", "tap: {button: Mon 1 Jun 2026, 09:05  Office", "tap: {button: Review work photos", "tap: {button: Settings", "tap: {button: Username", "tap: {button: row-1", "tap: {button: title"]),
        ("tap: {button:", ["tap: {button: At a glance", "tap: {button: Mon 1 Jun 2026, 09:05", "tap: {button: Mon 1 Jun 2026, 09:05  Office", "tap: {button: Review work photos", "tap: {button: Settings", "tap: {button: Username", "tap: {button: row-1", "tap: {button: title"]),
        ("tap:Se", ["tap: Settings"]),
        ("Glance.checkCounts: {wo", ["Glance.checkCounts: {work: "]),
        ("Glance.nosuch: {wo", []),
        ("nosuch: {but", []),
        ("assertVisible: {cell: Mon", ["assertVisible: {cell: Mon 1 Jun 2026, 09:05", "assertVisible: {cell: Mon 1 Jun 2026, 09:05  Office"]),
        ("assertVisible: {button: Se", ["assertVisible: {button: Settings"]),
        (":qu", [":quit"]),
        (":s", [":save", ":screen", ":steps"]),
        (":save x", []),
    ])
    func tabCompletesStepsKeysAndTheNamesOnTheScreen(line: String, expected: [String]) {
        let screen = Screen(title: "At a glance", elements: [
            .text("At a glance", identifier: "title"), .button("Review work photos"), .button("Settings"), .textField("Username", value: ""),
            .cell("row-1", label: "Mon 1 Jun 2026, 09:05", value: "Office"),
        ])
        #expect(Completion.lines(for: line, screen: screen, catalog: WorkPhotosCatalog.catalog) == expected, "\(line)")
    }

    /// `until` takes 0 (none of the flow's steps) up to as many steps as the flow has.
    @Test func untilTakesNoneUpToAllTheFlowsSteps() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let flow = folder.path("three.yaml")
        try "name: Three\nsteps:\n  - back\n  - back\n  - back\n".write(toFile: flow, atomically: true, encoding: .utf8)
        func start(_ until: Int?) throws(SessionStartError) -> SessionStart {
            try SessionStart(flow: flow, until: until, catalog: WorkPhotosCatalog.catalog, scheme: FlowWorkspace.scheme, variables: [:])
        }
        #expect(try start(0).steps.isEmpty)
        #expect(try start(3).steps == ["back", "back", "back"])
        #expect(try start(nil).steps.count == 3 && start(nil).stepCount == 3)
        #expect(throws: SessionStartError.self) { try start(4) }
        #expect(throws: SessionStartError.self) { try start(-1) }
    }

    @Test func tabOnAnEmptyLineOffersEveryStepActionAndCommand() {
        let lines = Completion.lines(for: "", screen: nil, catalog: WorkPhotosCatalog.catalog)
        let expected = Set(StepRegistry.keywords + WorkPhotosCatalog.catalog.actions.map(\.fullName) + [":undo", ":steps", ":save", ":ids", ":screen", ":help", ":quit"])
        #expect(Completion.commands.count == 7)
        #expect(Set(lines) == expected && lines == lines.sorted() && lines.count == expected.count)
        #expect(Completion.lines(for: "tap: Se", screen: nil, catalog: WorkPhotosCatalog.catalog).isEmpty, "no screen, no names")
    }

    // MARK: - Secrets

    @Test func noSecretValueIsWrittenAnywhereInASavedFlowEachIsItsVariable() throws {
        let session = try makeSecretSession()
        defer { session.close() }
        let folder = try Folder()
        defer { folder.remove() }
        for (secret, variable) in Self.secrets {
            #expect(line(session.run("type Username \(secret)")) == #"type: {textField: Username, text: "${\#(variable)}"}"#)
            #expect(line(session.run("assertVisible: {textField: Username, value: \(secret)}")) == #"assertVisible: {textField: Username, value: "${\#(variable)}"}"#,
                    "what MCP save_flow wrote as is")
        }
        try session.save(to: folder.path("saved.yaml"), name: "Every secret")
        let saved = try String(contentsOfFile: folder.path("saved.yaml"), encoding: .utf8)
        for (secret, variable) in Self.secrets {
            #expect(!saved.contains(secret), "\(saved)")
            #expect(saved.contains("value: \"${\(variable)}\""), "\(saved)")
        }
        #expect(FlowParser(catalog: WorkPhotosCatalog.catalog).parse(file: folder.path("saved.yaml")) != nil, "it lints")
    }

    @Test func aFlowNamedAsASecretIsRefusedWithoutEchoingItAndNothingIsWritten() throws {
        let session = try makeSecretSession()
        defer { session.close() }
        let folder = try Folder()
        defer { folder.remove() }
        _ = session.run("type Username someone")
        for name in ["hunter2Zq", "Sign in with hunter2Zq"] {
            let error = try #require(throws: SessionError.self) { try session.save(to: folder.path("x.yaml"), name: name) }
            #expect(error.description == "the flow's name holds the value of a secret (that of ${test.password}), and a secret is never written to a flow: "
                + "give it another name")
        }
        #expect(folder.names("").isEmpty)
    }

    @Test func aNameWithAControlCharacterIsRefused() throws {
        let session = try makeSession()
        defer { session.close() }
        _ = session.run("Login.login")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Title\u{1B}]0;owned\u{7}", file: "x.yaml") }
        #expect(error.description == "the flow's name holds a control character (U+001B) at character 6: give a name without one")
        #expect((try? session.flowText(name: "Plain", file: "x.yaml")) != nil)
    }

    /// A secret typed as a literal and taken back is still a secret: a step kept before it that
    /// holds its value, the launch settings and onAlert (its alert or its button) are each
    /// refused at save, in their own words, and the name is refused for a control character.
    @Test(arguments: [
        (["type Username zz9Secret"], LaunchSettings(), [(alert: String, button: String)](),
         "step 1 has in it the value of a secret typed later as a literal, and a secret is never written to a flow: :undo back to it"),
        (["assertVisible: {button: Login}"], LaunchSettings(environment: [("NOTE", "zz9Secret")]), [],
         "the flow's launch settings hold the value of a secret that no variable holds, and a secret is never written to a flow"),
        (["assertVisible: {button: Login}"], LaunchSettings(), [("zz9Secret", "OK")], "the flow's onAlert holds the value of a secret, and a secret is never written to a flow"),
        (["assertVisible: {button: Login}"], LaunchSettings(), [("PhotosPermission", "zz9Secret")], "the flow's onAlert holds the value of a secret, and a secret is never written to a flow"),
    ])
    func aSecretTakenBackIsStillRefusedWhereverTheFlowWouldHoldIt(
        before: [String], launch: LaunchSettings, onAlert: [(alert: String, button: String)], message: String
    ) throws {
        let session = try makeSession(launch: launch, onAlert: onAlert)
        defer { session.close() }
        for step in before { #expect(line(session.run(step)) != nil) }
        #expect(line(session.run("type Password zz9Secret")) != nil)
        #expect(session.undo() != nil)
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Leak", file: "x.yaml") }
        #expect(error.description == message)
        #expect(!error.description.contains("zz9Secret"))
    }

    @Test func aSecretWhereNoVariableCanStandIsRefusedAtSave() throws {
        let session = try makeSecretSession(extra: ["count.secret": "8"])
        defer { session.close() }
        let folder = try Folder()
        defer { folder.remove() }
        _ = session.run("Login.login")
        _ = session.run("answerAlert: OK")
        let kept = try #require(line(session.run("Glance.checkCounts: {work: 8, other: 1}")))
        #expect(!kept.contains("8"), "shown masked: \(kept)")
        let error = try #require(throws: SessionError.self) { try session.save(to: folder.path("x.yaml"), name: "Counts") }
        #expect(error.description == "step 3 has a secret's value where no ${variable} can stand in for it (a number, a flow file's name), "
            + "and a secret is never written to a flow: :undo the step", "\(error)")
        #expect(folder.names("").isEmpty)
    }

    /// Two secrets that overlap, typed as one text, cannot be written as variables end to end:
    /// the step is kept with the whole text masked (no tail of either shows), said, and not saved.
    @Test func overlappingSecretsTypedTogetherAreMaskedWholeAndNotSaved() throws {
        let session = try makeSecretSession(extra: ["one.secret": "q7abc", "two.secret": "abcz9"])
        defer { session.close() }
        let outcome = session.run("type Username q7abcz9")
        guard case let .kept(kept) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(kept.line == #"type: {textField: Username, text: "••••••••"}"#, "no tail of either secret shows")
        #expect(kept.unsavedSecret == .overlapping)
        #expect(kept.unsavedSecret?.remedy == ":undo the step", "no variable of a private scheme can stand in either")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Overlap", file: "x.yaml") }
        #expect(error.description == "step 1 has the values of secrets that overlap, which no ${variables} end to end can stand in for, "
            + "and a secret is never written to a flow: :undo the step")
        _ = session.run(":undo")
        #expect(line(session.run("type Username q7abcabcz9")) == #"type: {textField: Username, text: "${one.secret}${two.secret}"}"#,
                "the same secrets end to end are stood in for")
    }

    /// A robot's secret parameter given as a literal no variable holds is said by its name and its
    /// action, and refused at save.
    @Test func aRobotsSecretParameterGivenAsALiteralIsRefusedByName() throws {
        let session = try makeSession()
        defer { session.close() }
        let outcome = session.run("Login.typePassword: {password: n0tAVar1able}")
        guard case let .kept(kept) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(kept.unsavedSecret?.problem == "the password given to Login.typePassword, a secret no variable of the scheme holds")
        #expect(kept.unsavedSecret?.remedy == "use a private scheme's variable")
        #expect(!kept.line.contains("n0tAVar1able"), "\(kept.line)")
        // The same text anywhere else is that secret too: masked, and said as a secret's value.
        let again = session.run("type Username n0tAVar1able")
        guard case let .kept(typed) = again else { Issue.record("not kept: \(again)"); return }
        #expect(typed.line == #"type: {textField: Username, text: "••••••••"}"#)
        #expect(typed.unsavedSecret?.problem == "a secret's value, a secret no variable of the scheme holds")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Typed", file: "x.yaml") }
        #expect(error.description.hasPrefix("step 1 has the password given to Login.typePassword, a secret no variable of the scheme holds, "
            + "and a secret is never written to a flow: put it in a private scheme"), "\(error)")
    }

    /// Where a name holds two secrets, one inside the other, the refusal names the variable of the
    /// longer: the one it shows.
    @Test func aNameHoldingTwoSecretsNamesTheLongersVariable() throws {
        let session = try makeSecretSession(extra: ["short.secret": "hunter2"])
        defer { session.close() }
        _ = session.run("type Username someone")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "hunter2Zq", file: "x.yaml") }
        #expect(error.description.hasPrefix("the flow's name holds the value of a secret (that of ${test.password})"), "\(error)")
        let shorter = try #require(throws: SessionError.self) { try session.flowText(name: "hunter2 only", file: "x.yaml") }
        #expect(shorter.description.hasPrefix("the flow's name holds the value of a secret (that of ${short.secret})"), "\(shorter)")
        // Of two as long, the one first in the order of their bytes (whichever the name puts first).
        for name in ["s3cr3tVal and m4rkedVal", "m4rkedVal and s3cr3tVal"] {
            let two = try #require(throws: SessionError.self) { try session.flowText(name: name, file: "x.yaml") }
            #expect(two.description.hasPrefix("the flow's name holds the value of a secret (that of ${marked})"), "\(two)")
        }
    }

    /// The refusal says which variable to keep the secret in: the scheme's own credential (the
    /// last of them, the secret of a user and password pair), or a neutral name when it has none.
    @Test(arguments: [(["api.user", "api.key"], "api.key"), ([], "account.password")])
    func aSecureValueNoVariableHoldsIsRefusedNamingTheSchemesCredential(credentials: [String], variable: String) throws {
        var scheme = FlowWorkspace.scheme
        scheme.credentials = credentials
        let session = try FlowSession(.init(scheme: scheme, variables: scheme.variables, catalog: WorkPhotosCatalog.catalog,
                                            folder: FlowWorkspace.repository.appendingPathComponent("Flows").path))
        defer { session.close() }
        _ = session.run("type Username test")
        _ = session.run("type Password hunter2Zq")
        let error = try #require(throws: SessionError.self) { try session.flowText(name: "Leak", file: "x.yaml") }
        #expect(error.description.contains("variables: {\(variable): {secret: ...}}) and write ${\(variable)} instead"), "\(error)")
        #expect(!error.description.contains("hunter2Zq"))
    }

    @Test func closingEndsTheAppAndRemovesTheSessionsStores() throws {
        let session = try makeSession()
        let folder = session.folder.path
        #expect(FileManager.default.fileExists(atPath: folder))
        #expect(FlowRunTests.apps(matching: folder).count == 1, "the session's app runs on a copy in its folder")
        session.close()
        #expect(!FileManager.default.fileExists(atPath: folder), "the stores are removed")
        #expect(FlowRunTests.apps(matching: folder).isEmpty, "the app has ended")
    }

    @Test func aSessionLetGoEndsItsAppAndRemovesItsStores() throws {
        var session: FlowSession? = try makeSession()
        let folder = try #require(session?.folder.path)
        #expect(FlowRunTests.apps(matching: folder).count == 1)
        session = nil
        #expect(!FileManager.default.fileExists(atPath: folder), "the stores are removed")
        #expect(FlowRunTests.apps(matching: folder).isEmpty, "the app has ended")
    }

    /// A session that cannot begin (a fixture that is not there, an app that ends at once) says
    /// why and leaves no folder behind.
    @Test func aSessionThatCannotBeginLeavesNothingBehind() throws {
        let before = Self.runFolders()
        var options = FlowSession.Options(scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog,
                                          folder: FlowWorkspace.repository.appendingPathComponent("Flows").path)
        options.fixture = "nosuch"
        #expect(throws: SessionError.self) { try FlowSession(options) }
        var gone = FlowWorkspace.scheme
        gone.app = "/bin/false"
        let refused = try #require(throws: SessionError.self) {
            try FlowSession(.init(scheme: gone, variables: gone.variables, catalog: WorkPhotosCatalog.catalog,
                                  folder: FlowWorkspace.repository.appendingPathComponent("Flows").path))
        }
        #expect(refused.description.hasPrefix("the app did not start: "), "\(refused)")
        #expect(Self.runFolders() == before, "no run folder is left")
    }

    /// This process's run folders in the temporary folder.
    static func runFolders() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("flow-run-\(getpid())-") })
    }

    @Test func aSecretTypedInAPlaceItIsNotAControlIsNeverEchoed() throws {
        let session = try makeSecretSession()
        defer { session.close() }
        for typed in ["tap hunter2Zq", "type  hunter2Zq", "type hunter2Zq x", "tap: hunter2Zq", "tap: {button: hunter2Zq", "hunter2Zq words here",
                      "type Username hunter2Zq and more"] {
            let said: String
            switch session.run(typed) {
            case let .refused(message): said = message
            case let .failed(failure, _): said = "\(failure)"
            case let .kept(kept): said = kept.line + (session.elementTree ?? "") + (session.renderedScreen ?? "")
            }
            #expect(!said.contains("hunter2Zq"), "\(typed): \(said)")
        }
        #expect(session.elementTree?.contains("hunter2Zq") == false, "the element list shows the field's value masked")
    }

    // MARK: - Lines that are not steps

    @Test func aTapOnATextFieldIsNotKeptAndSaysHowToTypeIntoIt() throws {
        let session = try makeSession()
        defer { session.close() }
        for typed in ["1", "tap Username", "tap username"] {
            #expect(refusal(session.run(typed)) == "error: not kept: a tap on the text field Username only focuses it, and type focuses it anyway; "
                + "type into it with: type Username TEXT", "\(typed)")
        }
        #expect(refusal(session.run("2")) == "error: not kept: a tap on the secure text field Password only focuses it, and type focuses it anyway; "
            + "type into it with: type Password TEXT")
        #expect(session.kept.isEmpty)
        #expect(line(session.run("tap: {textField: Username}")) == "tap: {textField: Username}", "a YAML tap is what the person wrote")
    }

    @Test(arguments: [
        ("hello world", #"error: not a step: "hello" is neither a YAML step nor an app command; write a YAML step (tap: Continue, Login.login) "#
            + "or an app command (3, tap Continue, type Email TEXT, back)"),
        ("tpa Login", #"error: not a step: "tpa" is neither a YAML step nor an app command (did you mean "tap"?); write a YAML step "#
            + "(tap: Continue, Login.login) or an app command (3, tap Continue, type Email TEXT, back)"),
        ("tap", "error: tap needs a control: tap 3 or tap Continue (by its number or its name on the screen)"),
        ("tap   ", "error: tap needs a control: tap 3 or tap Continue (by its number or its name on the screen)"),
        ("type", "error: type needs a text field and the text: type Email TEXT"),
        ("type Username", "error: type needs the text after the field: type Username TEXT"),
        ("type Login x", #"error: "Login" names the button Login, not a text field: type goes into a text field"#),
        ("back now", "error: back takes nothing: write back (it goes back one screen)"),
        ("tap: {button: Lo", "step:1:17: error: the line ends inside { }: close it with }\ntap: {button: Lo\n                ^"),
        ("assertVisible: [button", "step:1:23: error: the line ends inside [ ]: close it with ]\nassertVisible: [button\n                      ^"),
        // One word is read as a YAML step (back is one): its error lists the steps.
        ("hello", #"step:1:1: error: unknown step "hello"; steps are tap, type, eraseText, assertVisible, assertNotVisible, waitFor, "#
            + "waitUntilGone, back, answerAlert, launch, relaunch, terminate, seed, runFlow, repeat, snapshot, assertScreen, assertAccessible, assertNotShown, assertWayOut, assertProperty, "
            + "or a robot action such as Login.login\nhello\n^"),
        // Plain words that start with a robot action or a step's keyword are read as YAML, whose error says more.
        ("Login.login now", #"step:1:1: error: unknown action "login now" of robot Login; its actions are login, attemptLogin, typeUsername, "#
            + "typePassword, tapLogin, checkLoginScreen, checkLoginEnabled, checkResult, checkLoginFailed, checkOffline\nLogin.login now\n^"),
        ("assertVisible Login", #"step:1:1: error: unknown step "assertVisible Login" (did you mean "assertVisible"?); steps are tap, type, "#
            + "eraseText, assertVisible, assertNotVisible, waitFor, waitUntilGone, back, answerAlert, launch, relaunch, terminate, seed, runFlow, "
            + "repeat, snapshot, assertScreen, assertAccessible, assertNotShown, assertWayOut, assertProperty, or a robot action such as Login.login\nassertVisible Login\n^"),
        // An error on the line is placed where it is (an unclosed one at the line's end: above).
        ("tap: {button: Login, bogus: 1}", #"step:1:22: error: unknown key "bogus" in tap; name the element by its kind (button: Continue, "#
            + "staticText: message, cell: ..., element: ...), with enabled, selected, label, value, in, and waitForIdle\n"
            + "tap: {button: Login, bogus: 1}\n                     ^"),
        ("", "an empty line: write a step such as tap: Continue"),
        (" \t ", "an empty line: write a step such as tap: Continue"),
    ])
    func aLineThatIsNotAStepSaysWhatToWrite(typed: String, message: String) throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(refusal(session.run(typed)) == message)
        #expect(session.kept.isEmpty)
    }

    /// An error in a flow a typed `runFlow` reads is located in that flow's file, at its line,
    /// not in the line typed.
    @Test func anErrorInAFlowThatALineRunsIsLocatedInThatFlow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-runflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "name: Bad\nsteps:\n  - tap: {button: Login, bogus: 1}\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let session = try FlowSession(.init(
            scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog, folder: folder.path
        ))
        defer { session.close() }
        #expect(refusal(session.run("runFlow: bad.yaml")) == folder.appendingPathComponent("bad.yaml").path
            + #":3:26: error: unknown key "bogus" in tap; name the element by its kind (button: Continue, staticText: message, cell: ..., "#
            + "element: ...), with enabled, selected, label, value, in, and waitForIdle\n  - tap: {button: Login, bogus: 1}\n"
            + "                         ^")
    }

    /// A kept step that fails when the app is put back (an app that does not do the same twice:
    /// a drive that fails only the first upload of all launches) is said, with why; it is then
    /// forgotten, and the next step runs on the app as that step left it.
    @Test func aKeptStepThatFailsOnReplayIsSaidAndTheNextStepRunsOnTheAppAsItIs() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("session-flaky-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let session = try makeSession(launch: LaunchSettings(defaults: [("drive.flaky", .init(marker))]), onAlert: [("PhotosPermission", "OK")])
        defer { session.close() }
        for step in ["Login.login", "Glance.reviewWorkPhotos", "Photos.select: {positions: [1]}", "Photos.upload",
                     #"Photos.checkUploadFailed: {reason: "the drive cannot be reached. Check your connection and try again"}"#] {
            #expect(line(session.run(step)) != nil, "\(step)")
        }
        guard case let .failed(_, restored) = session.run("tap: Nowhere") else {
            Issue.record("tap: Nowhere passed")
            return
        }
        let failure = try #require(restored.failure, "the upload succeeds on the second launch, so the check that it failed fails")
        #expect(restored.steps == 5)
        #expect(failure.stepTitle.hasPrefix("Photos.checkUploadFailed"), "\(failure)")
        #expect(restored.said.hasPrefix("could not be put back: replaying the kept steps, Photos.checkUploadFailed"), "\(restored.said)")
        #expect(restored.said.hasSuffix("; the app is as that step left it"), "\(restored.said)")
        #expect(line(session.run("Photos.checkUploaded: {count: 1}")) != nil, "the next step runs on the app as the replay left it")
        let undone = try #require(session.undo())
        #expect(undone.failure != nil && undone.steps == 5, "the upload succeeds again, so its check fails again")
    }

    /// A `seed:` step seeds a fixture the session has not seeded yet, once, and runs; the
    /// replay after a failure seeds it again.
    @Test func aSeedStepOfAnotherFixtureRunsAndIsReplayed() throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(line(session.run("seed: large")) == "seed: large")
        guard case let .failed(_, restored) = session.run("tap: Nowhere") else {
            Issue.record("tap: Nowhere passed")
            return
        }
        #expect(restored.failure == nil, "\(restored.said)")
        #expect(refusal(session.run("seed: nosuch"))?.hasPrefix("error: ") == true, "a fixture there is not is refused before it runs")
    }

    @Test func aStepCopiedFromAFlowWithItsDashRuns() throws {
        let session = try makeSession()
        defer { session.close() }
        #expect(line(session.run("- assertVisible: {button: Login}")) == "assertVisible: {button: Login}")
    }

    @Test func aLineOverTheLimitIsRefusedAtOnce() throws {
        let session = try makeSession()
        defer { session.close() }
        // Refused by its size before it is read as a step (the message says so; a 10 MB line took seconds before).
        let message = refusal(session.run("type Username " + String(repeating: "x", count: 10_000_000)))
        #expect(message == "error: the line is 10000014 bytes, over the limit of 16384 for a step: a step is one line")
        #expect(line(session.run("type Username " + String(repeating: "x", count: 16_000))) != nil, "a long line within it runs")
        #expect(line(session.run("type Username " + String(repeating: "x", count: 16384 - 14))) != nil, "a line of the limit runs")
        #expect(refusal(session.run("type Username " + String(repeating: "x", count: 16385 - 14)))
            == "error: the line is 16385 bytes, over the limit of 16384 for a step: a step is one line")
    }

    // MARK: - Helpers

    /// A secret in each way a scheme makes one: `test.password`, a `*.secret` and a `*.token`
    /// variable (as `--var` gives them), and one the scheme marks `{secret: ...}`.
    static let secrets = [("hunter2Zq", "test.password"), ("s3cr3tVal", "my.secret"), ("t0kenVal", "api.token"), ("m4rkedVal", "marked")]

    private func makeSecretSession(extra: [String: String] = [:]) throws -> FlowSession {
        var scheme = FlowWorkspace.scheme
        scheme.launch.defaults = [("model.user", "test"), ("model.password", "hunter2Zq")]
        scheme.secretVariables = ["marked"]
        var variables = scheme.variables
        for (secret, variable) in Self.secrets { variables[variable] = secret }
        variables.merge(extra) { $1 }
        scheme.variables = variables
        return try FlowSession(.init(scheme: scheme, variables: variables, catalog: WorkPhotosCatalog.catalog,
                                     folder: FlowWorkspace.repository.appendingPathComponent("Flows").path))
    }

    private func refusal(_ outcome: FlowSession.Outcome) -> String? {
        if case let .refused(message) = outcome { return message }
        Issue.record("not refused: \(outcome)")
        return nil
    }

    private func makeSession(launch: LaunchSettings = LaunchSettings(), onAlert: [(alert: String, button: String)] = []) throws -> FlowSession {
        try FlowSession(.init(
            scheme: FlowWorkspace.scheme, variables: FlowWorkspace.scheme.variables, catalog: WorkPhotosCatalog.catalog,
            launch: launch, onAlert: onAlert, folder: FlowWorkspace.repository.appendingPathComponent("Flows").path
        ))
    }

    private func line(_ outcome: FlowSession.Outcome) -> String? {
        if case let .kept(kept) = outcome { return kept.line }
        Issue.record("not kept: \(outcome)")
        return nil
    }
}
