import FlowKit
import FlowRunner
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Golden screens, as a tester uses them with the built runner: record, compare, see the diff,
/// accept; masks; nothing rewritten without --record or accept; files that are not goldens.
struct GoldenScreenRunTests {
    static let flow = """
        name: Typed form
        steps:
          - type: {textField: Username, text: "${who}"}
          - assertScreen: form
        """
    static let golden = "Flows/__Screens__/form.form.txt"

    @Test func aGoldenPassesThenFailsWithADiffWhenTheScreenChangesThenPassesAfterAccept() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)

        let first = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("note: recorded golden screen \"form\": \(Self.golden) (new: review it and commit it)"))
        #expect(first.stdout.contains("1 golden screen recorded: review it (flow snapshots lists them) and commit it"))
        let recorded = try workspace.read(Self.golden)
        #expect(recorded.hasPrefix(GoldenScreen.header + "\n") && recorded.contains("[1]  Username: ann"))

        let same = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        #expect(same.status == 0 && !same.stdout.contains("note:"), "\(same.stdout)")
        #expect(!same.stdout.contains("snapshots review"), "nothing changed, nothing to review")

        // Without --html, the run says where the changed golden can be seen beside its own.
        let plain = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob"])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("1 golden screen changed: flow snapshots review shows it beside its golden, with the command that accepts it\n"), "\(plain.stdout)")

        let changed = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob", "--junit", "out/junit.xml", "--html", "out/report.html"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("Flows/form.yaml:4:5: error: assertScreen: compare the screen with its golden \"form\" failed: the screen does not match its golden "
            + "\(Self.golden); the screen now is in \(Self.golden).pending: accept it with flow snapshots accept form (or fix the app)"))
        #expect(changed.stdout.contains("""
            --- golden \(Self.golden)
            +++ the screen now
            @@ -1,13 +1,13 @@
             golden screen: the screen as a person sees it, then its elements (kind, identifier, label, value, state)
             ── screen ──
             ── Login ───────────────────────────────────────
            -[1]  Username: ann  ◂
            +[1]  Username: bob  ◂
             [2]  Password: (empty)
            """))
        #expect(try workspace.read(Self.golden) == recorded, "a golden that differs is never rewritten")
        #expect(try workspace.read(Self.golden + ".pending").contains("Username: bob"))
        let junit = try workspace.read("out/junit.xml")
        #expect(junit.contains("-[1]  Username: ann  ◂\n+[1]  Username: bob  ◂"), "the JUnit failure holds the diff")
        let html = try workspace.read("out/report.html")
        #expect(html.contains("<table class=\"screen-diff\">"))
        #expect(html.contains("<td class=\"removed\"><pre>[1]  Username: <mark>ann</mark>  ◂</pre></td><td class=\"added\"><pre>[1]  Username: <mark>bob</mark>  ◂</pre></td>"), "side by side, the change marked")

        let listed = try workspace.flow(["snapshots"])
        #expect(listed.stdout == """
            \(Self.golden)  checked by Flows/form.yaml
              PENDING: \(Self.golden).pending (flow snapshots accept form)
            1 golden screen, 1 pending, 0 unused

            """)
        let accepted = try workspace.flow(["snapshots", "accept", "form"])
        #expect(accepted.status == 0 && accepted.stdout == "accepted \(Self.golden).pending as \(Self.golden)\n", "\(accepted.stdout)\(accepted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent(Self.golden + ".pending").path))
        let after = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob"])
        #expect(after.status == 0, "\(after.stdout)")
    }

    /// `Tests/FlowTests/GoldenScreenFlowTests.swift` checks this golden from Swift through
    /// swift-snapshot-testing; the flow beside it checks the same file from YAML.
    @Test func aYAMLFlowMatchesTheGoldenASwiftTestRecorded() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        let flow = FlowWorkspace.repository.appendingPathComponent("Tests/FlowTests/GoldenScreenFlowTests.yaml").path
        let golden = GoldenScreenFile.path(screen: "login", checkedBy: flow)
        #expect(golden.hasSuffix("Tests/FlowTests/__Screens__/GoldenScreenFlowTests.login.txt"))
        let before = try Data(contentsOf: URL(fileURLWithPath: golden))
        let run = try workspace.flow(["run", flow, "--jobs", "1"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("note:"), "matched, not recorded")
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden)) == before)
    }

    @Test func recordRewritesAGoldenAndSaysSoWhileAMatchingOneIsLeftAlone() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        let path = workspace.folder.appendingPathComponent(Self.golden).path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

        let again = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann", "--record"])
        #expect(again.status == 0 && !again.stdout.contains("recorded"), "\(again.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == before, "a golden that matches is not written")

        let record = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=carl", "--record"])
        #expect(record.status == 0)
        #expect(record.stdout.contains("note: re-recorded golden screen \"form\": \(Self.golden) (--record: review the change before you commit it)"))
        #expect(try workspace.read(Self.golden).contains("Username: carl"))
    }

    @Test func aMaskedIdentifierIgnoresItsValue() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow.replacingOccurrences(of: "assertScreen: form", with: "assertScreen: {name: form, mask: [Username]}"))
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        let golden = try workspace.read(Self.golden)
        #expect(golden.contains("masked: Username\n") && golden.contains("[1]  «masked»: «masked»") && !golden.contains("ann"))
        let other = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob"])
        #expect(other.status == 0, "\(other.stdout)")

        try workspace.write("Flows/form.yaml", Self.flow.replacingOccurrences(of: "assertScreen: form", with: "assertScreen: {name: form, mask: [Usrname]}"))
        let typo = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=bob"])
        #expect(typo.status == 1)
        #expect(typo.stdout.contains("mask: no element with identifier \"Usrname\" on the screen \"Login\" (did you mean \"Username\"?)"))
        #expect(try workspace.read(Self.golden) == golden)
    }

    @Test(arguments: [
        (Data("<<<<<<< HEAD\nmine\n=======\n".utf8), "Flows/__Screens__/form.form.txt:1:1: error: it is not a golden screen: its first line should be"),
        (Data([0x67, 0x6F, 0xFF, 0xFE, 0x0A]), "Flows/__Screens__/form.form.txt:1:3: error: the golden screen is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?); record it again"),
        (Data(), "Flows/__Screens__/form.form.txt:1:1: error: it is not a golden screen"),
    ])
    func aGoldenThatIsNotOneIsALocatedFailureAndIsNotRewritten(contents: Data, message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        let path = workspace.folder.appendingPathComponent(Self.golden)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: path)

        let run = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        #expect(run.status == 1)
        #expect(run.stdout.contains(message), "\(run.stdout)")
        #expect(run.stdout.contains("The screen now is in \(Self.golden).pending: accept it with flow snapshots accept form"))
        #expect(try Data(contentsOf: path) == contents, "only --record or accept rewrites it")
    }

    @Test func twoRunsAtOnceNeverCorruptAGoldenOrAPendingFile() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        let first = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "2", "--repeat", "6", "--var", "who=ann"])
        #expect(first.status == 0, "\(first.stdout)")
        #expect(first.stdout.components(separatedBy: "note: recorded golden screen").count == 2, "one run records it; the others compare with it")
        let golden = try workspace.read(Self.golden)
        #expect(try GoldenScreen(parsing: golden).text == golden)

        let second = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "2", "--repeat", "6", "--var", "who=bob"])
        #expect(second.status == 1)
        #expect(try workspace.read(Self.golden) == golden)
        let pending = try workspace.read(Self.golden + ".pending")
        #expect(try GoldenScreen(parsing: pending).text == pending && pending.contains("Username: bob"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("Flows/__Screens__").path)
        #expect(leftovers.sorted() == ["form.form.txt", "form.form.txt.pending"], "no temporary file is left")
    }

    @Test func aSecretTypedIntoAPlainFieldIsMaskedInTheGoldenThePendingFileAndTheDiff() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow.replacingOccurrences(of: "${who}", with: "${test.password}"))
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1"])
        let golden = try workspace.read(Self.golden)
        #expect(golden.contains("Username: ••••••••") && !golden.contains("1234"))
        try workspace.write("Flows/form.yaml", Self.flow.replacingOccurrences(of: "${who}", with: "x${test.password}"))
        let run = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--html", "report.html"])
        #expect(run.status == 1)
        #expect(!run.stdout.contains("1234") && run.stdout.contains("+[1]  Username: x••••••••  ◂"))
        #expect(!(try workspace.read(Self.golden + ".pending")).contains("1234"))
        #expect(!(try workspace.read("report.html")).contains("1234"))
    }

    @Test(arguments: [
        ("assertScreen: \"a b\"", "Flows/bad.yaml:3:19: error: assertScreen: a screen's name is letters, digits, _ and - (not first or last), as a file's name: \"a b\" is not one"),
        ("assertScreen: \"${who}\"", "Flows/bad.yaml:3:19: error: assertScreen: name \"${who}\" holds a variable"),
        ("assertScreen: {name: x, mask: [a, a]}", "Flows/bad.yaml:3:39: error: assertScreen mask gives \"a\" twice; give each once"),
        ("assertScreen: {name: x, mask: {a: b}}", "Flows/bad.yaml:3:35: error: each of assertScreen mask should be text, not a list or mapping"),
        ("assertAccessible: {skip: [readableLabel]}", "Flows/bad.yaml:3:31: error: assertAccessible skip: unknown \"readableLabel\" (did you mean \"readableLabels\"?); choose from readableLabels, uniqueIdentifiers, distinctNames, alertWayOut, enabledWayOn"),
    ])
    func aBadGoldenOrAuditStepIsALocatedLintError(step: String, message: String) throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/bad.yaml", "name: Bad\nsteps:\n  - \(step)\n")
        let lint = try workspace.flow(["lint", "Flows/bad.yaml"])
        #expect(lint.status == 2)
        #expect(lint.stderr.contains(message), "\(lint.stderr)")
    }

    @Test func pruneListsTheUnusedAndRemovesThemOnlyWhenToldWhileASwiftTestsGoldenStays() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        let golden = try workspace.read(Self.golden)
        try workspace.write("Flows/__Screens__/gone.old.txt", golden)
        try workspace.write("Flows/__Screens__/gone.old.txt.pending", golden)
        try workspace.write("Flows/__Screens__/LoginTests.login.txt", golden)
        try workspace.write("Flows/LoginTests.swift", "// a Swift test checks LoginTests.login.txt\n")

        let dry = try workspace.flow(["snapshots", "prune"])
        #expect(dry.status == 0)
        #expect(dry.stdout == """
            would remove Flows/__Screens__/gone.old.txt
            1 unused golden screen; nothing removed: flow snapshots prune --delete removes it

            """)
        #expect(FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("Flows/__Screens__/gone.old.txt").path))

        try workspace.write("Flows/broken.yaml", "name: Broken\nsteps: [tapp: x]\n")
        let broken = try workspace.flow(["snapshots", "prune", "--delete"])
        #expect(broken.status == 2 && broken.stderr.contains("Flows/broken.yaml:2:9: error: unknown step \"tapp\""), "\(broken.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("Flows/__Screens__/gone.old.txt").path), "nothing is removed while a flow is broken")
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("Flows/broken.yaml"))

        let delete = try workspace.flow(["snapshots", "prune", "--delete"])
        #expect(delete.status == 0 && delete.stdout == "removed Flows/__Screens__/gone.old.txt\n", "\(delete.stdout)")
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("Flows/__Screens__").path).sorted()
        #expect(left == ["LoginTests.login.txt", "form.form.txt"])
    }

    @Test func acceptNamingAScreenWithNothingPendingSaysWhatIsPending() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/form.yaml", Self.flow)
        _ = try workspace.flow(["run", "Flows/form.yaml", "--jobs", "1", "--var", "who=ann"])
        let typo = try workspace.flow(["snapshots", "accept", "from"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "flow: error: no golden screen is named \"from\" (did you mean \"form\"?); nothing is pending\n")
        let none = try workspace.flow(["snapshots", "accept"])
        #expect(none.status == 0 && none.stdout == "nothing is pending: every golden screen matched at its last run\n")
        try workspace.write(Self.golden + ".pending", "not a screen\n")
        let garbage = try workspace.flow(["snapshots", "accept"])
        #expect(garbage.status == 2 && garbage.stderr.contains("is not a golden screen"), "\(garbage.stderr)")
        #expect(try workspace.read(Self.golden).hasPrefix(GoldenScreen.header), "a pending file that is not a screen is never accepted")
    }
}
