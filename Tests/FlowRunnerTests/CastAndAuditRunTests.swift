import Console
import FlowKit
import Foundation
import Testing

/// `run --record-casts DIR` and `run --audit`, with the built runner.
struct CastAndAuditRunTests {
    @Test func aCastIsValidAsciicastV2WithEveryFrameAndAMarkerPerStep() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sign-in.yaml", FlowWorkspace.passing("Sign in"))
        let run = try workspace.flow(["run", "Flows/sign-in.yaml", "--jobs", "1", "--record-casts", "out/casts"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let text = try workspace.read("out/casts/Flows_sign-in.cast")
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect((header["width"] as? Int ?? 0) >= 48 && (header["height"] as? Int ?? 0) >= 5)
        #expect((header["timestamp"] as? Int ?? 0) > 1_600_000_000)
        #expect(header["title"] as? String == "Sign in")
        var last = 0.0
        var markers: [String] = []
        var frames = 0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "every event is a JSON array: \(line)")
            #expect(event.count == 3)
            let time = try #require(event[0] as? Double)
            #expect(time >= last, "times never go back")
            last = time
            let text = try #require(event[2] as? String)
            switch event[1] as? String {
            case "o": frames += 1; #expect(text.hasPrefix("\u{1B}[H\u{1B}[2J── "))
            case "m": markers.append(text)
            default: Issue.record("an event of an unknown type: \(line)")
            }
        }
        #expect(markers == ["Login.login", "assertVisible", "answerAlert", "Glance.checkCounts"])
        #expect(frames >= 4, "the launch frame and each action's frames")
        #expect(lines.dropFirst().first?.hasPrefix(#"[0,"o","\u001b[H\u001b[2J── Login"#) == true, "it starts with the first screen, at 0: \(lines[1].prefix(60))")
    }

    @Test func asciinemaPrintsTheCast() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema") else {
            Issue.record("asciinema is not installed: make deps installs it (Debian's asciinema)")
            return
        }
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sign-in.yaml", FlowWorkspace.passing("Sign in"))
        _ = try workspace.flow(["run", "Flows/sign-in.yaml", "--jobs", "1", "--record-casts", "casts"])
        // asciinema cat opens /dev/tty: script(1) gives it a terminal of its own, as a person has.
        let shown = try ChildProcess.run("/usr/bin/script", ["-qec", "asciinema cat casts/Flows_sign-in.cast", "/dev/null"], currentDirectory: workspace.folder.path)
        #expect(shown.status == 0, "\(shown.stdout)\(shown.stderr)")
        #expect(shown.stdout.contains("── At a glance") && shown.stdout.contains("8 work photos"), "the frames, the last the glance with its counts")
    }

    /// `asciinema play` with no terminal (setsid: it has none to read keys from, as in CI) writes
    /// every frame of the cast, in order, and exits 0; a cast cut short is refused, so the check can fail.
    @Test func asciinemaPlaysTheCastWithNoTerminalAndRefusesABrokenOne() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/asciinema") else {
            Issue.record("asciinema is not installed: make deps installs it (Debian's asciinema)")
            return
        }
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sign-in.yaml", FlowWorkspace.passing("Sign in"))
        _ = try workspace.flow(["run", "Flows/sign-in.yaml", "--jobs", "1", "--record-casts", "casts"])
        let cast = try workspace.read("casts/Flows_sign-in.cast")
        let frames = try cast.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            return event[1] as? String == "o" ? event[2] as? String : nil
        }
        let play = ["-w", "/usr/bin/asciinema", "play", "--idle-time-limit", "0.01", "--speed", "100"]
        let played = try ChildProcess.run("/usr/bin/setsid", play + ["casts/Flows_sign-in.cast"], currentDirectory: workspace.folder.path)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout == frames.joined(), "every frame, in order, as the app drew it")
        #expect(frames.last?.contains("8 work photos") == true)

        // Cut part-way through its first event: the header, and the event without its closing bracket.
        let lines = cast.split(separator: "\n")
        try workspace.write("casts/cut.cast", "\(lines[0])\n\(lines[1].dropLast())\n")
        let cut = try ChildProcess.run("/usr/bin/setsid", play + ["casts/cut.cast"], currentDirectory: workspace.folder.path)
        #expect(cut.status != 0, "a cast cut short does not play")
    }

    @Test func aSecretIsMaskedInTheCastAndAFlowRunAgainGetsItsTry() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/typed.yaml", """
            name: Typed ${test.password}
            steps:
              - type: {textField: Username, text: "${test.password}"}
              - assertVisible: Nope
            """)
        let run = try workspace.flow(["run", "Flows/typed.yaml", "--jobs", "1", "--retries", "1", "--record-casts", "casts"])
        #expect(run.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("casts").path).sorted()
        #expect(names == ["Flows_typed-try1.cast", "Flows_typed.cast"])
        for name in names {
            let cast = try workspace.read("casts/" + name)
            #expect(!cast.contains("1234") && cast.contains("Username: ••••••••"))
        }
    }

    @Test func aCastsFolderThatCannotBeOneIsBadInputBeforeAnythingRuns() throws {
        let workspace = try FlowWorkspace()
        defer { workspace.remove() }
        try workspace.write("Flows/sign-in.yaml", FlowWorkspace.passing("Sign in"))
        try workspace.write("casts", "a file, not a folder\n")
        let run = try workspace.flow(["run", "Flows/sign-in.yaml", "--record-casts", "casts"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--record-casts casts: it is a regular file, not a folder: give a folder's path"), "\(run.stderr)")
        #expect(!run.stdout.contains("running"))
    }

    /// The stand-in app of FlowKit's tests, planted with an unlabelled button and a duplicate identifier.
    private func plantedWorkspace(_ flow: String, screen: String = "inaccessible") throws -> FlowWorkspace {
        let fake = FlowWorkspace.repository.appendingPathComponent("Tests/FlowKitTests/Fixtures/fake-app.sh").path
        let workspace = try FlowWorkspace()
        try workspace.write("bad-app", "#!/bin/sh\nFAKE_SCREEN=\(screen) exec /bin/bash \(fake) \"$@\"\n")
        chmod(workspace.folder.appendingPathComponent("bad-app").path, 0o755)
        try workspace.write("Flows/schemes/bad.yaml", (try workspace.read("Flows/schemes/default.yaml"))
            .replacingOccurrences(of: "app: " + FlowWorkspace.binaries.appendingPathComponent("workphotos").path + "\n", with: "app: " + workspace.folder.appendingPathComponent("bad-app").path + "\n"))
        try workspace.write("Flows/bad.yaml", flow)
        return workspace
    }

    @Test func theAuditFindsThePlantedProblemsNamingScreenElementAndRule() throws {
        let workspace = try plantedWorkspace("name: Planted\nsteps:\n  - assertVisible: Save\n")
        defer { workspace.remove() }
        let plain = try workspace.flow(["run", "Flows/bad.yaml", "--scheme", "bad", "--jobs", "1"])
        #expect(plain.status == 0, "without --audit nothing is audited: \(plain.stdout)\(plain.stderr)")

        let audited = try workspace.flow(["run", "Flows/bad.yaml", "--scheme", "bad", "--jobs", "1", "--audit"])
        #expect(audited.status == 1)
        #expect(audited.stdout.contains("""
            Flows/bad.yaml:1:1: error: launch: audit the screens for accessibility (--audit) failed: 2 findings:
              - screen "Fake": button "icon": readableLabels: no label a person can read (its label is ""): give it words that say what it does
              - screen "Fake": button "save": uniqueIdentifiers: 2 elements here have the identifier "save": give each its own
            """), "\(audited.stdout)")
    }

    /// A screen a step brings fails that step, at its line, under --audit.
    @Test func theAuditFailsTheStepThatShowedTheScreen() throws {
        // The launch screen's two OK buttons are left out (distinctNames); the tap brings the planted screen.
        let workspace = try plantedWorkspace("name: Later\naudit: {skip: [distinctNames]}\nsteps:\n  - tap: {button: ok-1}\n  - assertVisible: Save\n", screen: "later")
        defer { workspace.remove() }
        let audited = try workspace.flow(["run", "Flows/bad.yaml", "--scheme", "bad", "--jobs", "1", "--audit"])
        #expect(audited.status == 1)
        #expect(audited.stdout.contains("Flows/bad.yaml:4:5: error: tap: audit the screens for accessibility (--audit) failed: 2 findings:"), "\(audited.stdout)")
    }

    @Test func rulesSwitchedOffForTheFlowAndTheStepAreLeftOut() throws {
        let workspace = try plantedWorkspace("""
            name: Planted
            audit: {skip: [readableLabels]}
            steps:
              - assertAccessible: {skip: [uniqueIdentifiers]}
              - assertAccessible
            """)
        defer { workspace.remove() }
        let run = try workspace.flow(["run", "Flows/bad.yaml", "--scheme", "bad", "--jobs", "1"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("Flows/bad.yaml:5:5: error: assertAccessible: audit the screen \"Fake\" for accessibility failed: 1 finding:\n"
            + "  - screen \"Fake\": button \"save\": uniqueIdentifiers:"), "the first step passes; the second finds only what the flow did not skip: \(run.stdout)")
        let audited = try workspace.flow(["run", "Flows/bad.yaml", "--scheme", "bad", "--jobs", "1", "--audit"])
        #expect(!audited.stdout.contains("readableLabels"), "--audit leaves out what the flow skips: \(audited.stdout)")
    }
}
