import BadText
import FlowKit
import Foundation
import Testing

/// The golden screen file: its format, its masking, its naming rule, and how a file that is not one is refused.
struct GoldenScreenTests {
    static let screen = ScreenSnapshot(title: "Inbox", elements: [
        .text("Inbox", identifier: "title"),
        .text("Last sync: Mon 1 Jun 2026, 09:05", identifier: "lastSync"),
        .cell("row-1", label: "From Ann", value: "3 new"),
        .button("Refresh"),
    ])
    static let rendered = """
        ── Inbox ──────────
             Inbox
             Last sync: Mon 1 Jun 2026, 09:05
        [1]  From Ann  3 new
        [2]  < Refresh >   \n────────────────────
        """

    @Test func holdsTheScreenAsDrawnThenItsElementTree() throws {
        let golden = try GoldenScreen(screen: Self.screen, rendered: Self.rendered)
        #expect(golden.text == """
            \(GoldenScreen.header)
            ── screen ──
            ── Inbox ──────────
                 Inbox
                 Last sync: Mon 1 Jun 2026, 09:05
            [1]  From Ann  3 new
            [2]  < Refresh >
            ────────────────────
            ── elements ──
            screen "Inbox"
              staticText       "title"  label "Inbox"
              staticText       "lastSync"  label "Last sync: Mon 1 Jun 2026, 09:05"
              cell             "row-1"  label "From Ann"  value "3 new"  enabled
              button           "Refresh"  enabled

            """, "trailing blanks are dropped, so an editor that strips them changes nothing")
        #expect(try GoldenScreen(parsing: golden.text) == golden, "what it writes, it reads back as the same")
    }

    @Test func aMaskedIdentifierShowsThePlaceholderInBothParts() throws {
        let golden = try GoldenScreen(screen: Self.screen, rendered: Self.rendered, masking: ["lastSync", "row-1"])
        #expect(golden.text.contains("masked: lastSync, row-1\n"))
        #expect(golden.text.contains("     «masked»\n"), "the drawn line")
        #expect(golden.text.contains("[1]  «masked»\n"), "a row's whole text")
        #expect(golden.text.contains(#"staticText       "lastSync"  label "«masked»""#))
        #expect(golden.text.contains(#"cell             "row-1"  label "«masked»"  value "«masked»""#))
        #expect(!golden.text.contains("09:05") && !golden.text.contains("3 new"))
        #expect(golden.maskedIdentifiers == ["lastSync", "row-1"])

        var later = Self.screen
        later.elements[1] = .text("Last sync: Tue 2 Jun 2026, 10:00", identifier: "lastSync")
        let laterRendered = Self.rendered.replacingOccurrences(of: "Mon 1 Jun 2026, 09:05", with: "Tue 2 Jun 2026, 10:00")
        #expect(try GoldenScreen(screen: later, rendered: laterRendered, masking: ["lastSync", "row-1"]) == golden, "a masked value is not compared")
    }

    @Test func maskingAnIdentifierTheScreenDoesNotShowIsAnError() {
        #expect(throws: GoldenScreenError.notOnScreen("lastSnyc", nearest: "lastSync", screen: "Inbox")) {
            try GoldenScreen(screen: Self.screen, rendered: Self.rendered, masking: ["lastSnyc"])
        }
        let message = GoldenScreenError.notOnScreen("lastSnyc", nearest: "lastSync", screen: "Inbox").description
        #expect(message == #"mask: no element with identifier "lastSnyc" on the screen "Inbox" (did you mean "lastSync"?); mask only identifiers the screen shows"#)
    }

    @Test(arguments: [
        ("", 1, 1), ("hello\n", 1, 1), ("\u{FEFF}" + GoldenScreen.header + "\n", 1, 1),
        (GoldenScreen.header + "\n", 2, 1), (GoldenScreen.header + "\nscreen\n", 2, 1),
        (GoldenScreen.header + "\n── screen ──\nx\n", 3, 1), (GoldenScreen.header + "\n── screen ──\nx\n── elements ──\ngarbage\n", 5, 1),
        // Cut short: refused at the last line the file has.
        (GoldenScreen.header, 1, 1), (GoldenScreen.header + "\nmasked: lastSync", 2, 1),
        (GoldenScreen.header + "\n── screen ──\nx\n── elements ──", 4, 1),
    ])
    func aFileThatIsNotAGoldenScreenIsRefusedWithWhere(text: String, line: Int, column: Int) {
        #expect {
            try GoldenScreen(parsing: text)
        } throws: { error in
            guard case let .malformed(foundLine, foundColumn, _)? = error as? GoldenScreenError else { return false }
            return (foundLine, foundColumn) == (line, column) && "\(error)".hasSuffix("; record it again (delete it, or run with --record)")
        }
    }

    @Test func carriageReturnsAndAMissingFinalNewlineReadAsTheSameFile() throws {
        let golden = try GoldenScreen(screen: Self.screen, rendered: Self.rendered)
        let windows = golden.text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try GoldenScreen(parsing: windows) == golden)
        #expect(try GoldenScreen(parsing: String(golden.text.dropLast())) == golden)
    }

    /// Mutated golden files (bytes flipped, cut short, a prefix repeated, line breaks added): each is
    /// read as a golden that writes back as itself, or refused as malformed at a line of the file;
    /// none crashes or hangs.
    @Test func mutatedGoldenFilesAreReadOrRefusedNeverACrash() throws {
        let golden = Array(try GoldenScreen(screen: Self.screen, rendered: Self.rendered, masking: ["lastSync"]).text.utf8)
        var generator = SeededGenerator(seed: 24)
        var refused = 0
        for round in 0..<3000 {
            var bytes = golden
            for _ in 0...(round % 4) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
                case 2: bytes += bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))
                default: bytes.insert(0x0A, at: Int.random(in: 0...bytes.count, using: &generator))
                }
                if bytes.isEmpty { bytes = [0x0A] }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // The error is matched in the body, not in a `catch` pattern: Swift 6.3.1's SILGen
            // crashes on `catch let GoldenScreenError.malformed(...)` with an `#expect` inside.
            let read: GoldenScreen
            do {
                read = try GoldenScreen(parsing: text)
            } catch {
                guard case let .malformed(line, column, _) = error else {
                    Issue.record("round \(round): refused with \(error), not as malformed")
                    continue
                }
                refused += 1
                #expect(line >= 1 && line <= text.split(separator: "\n", omittingEmptySubsequences: false).count && column == 1, "round \(round): line \(line) of \(text.debugDescription.suffix(200))")
                continue
            }
            #expect(try GoldenScreen(parsing: read.text) == read, "round \(round): what it read, it writes back as the same")
        }
        #expect(refused > 100, "the mutations reach the checks")
    }

    @Test func aGoldenIsNamedByTheCheckingFileAndTheScreen() {
        #expect(GoldenScreenFile.path(screen: "glance", checkedBy: "Flows/login/sign-in.yaml") == "Flows/login/__Screens__/sign-in.glance.txt")
        #expect(GoldenScreenFile.path(screen: "glance", checkedBy: "/r/Tests/AppTests/LoginTests.swift") == "/r/Tests/AppTests/__Screens__/LoginTests.glance.txt")
        #expect(GoldenScreenFile.path(screen: "x", checkedBy: "sign in.yaml") == "__Screens__/sign-in.x.txt", "as swift-snapshot-testing names a test")
        #expect(GoldenScreenFile.pendingPath(for: "a/__Screens__/f.x.txt") == "a/__Screens__/f.x.txt.pending")
        #expect(GoldenScreenFile.golden(ofPending: "a/__Screens__/f.x.txt.pending") == "a/__Screens__/f.x.txt")
        #expect(GoldenScreenFile.golden(ofPending: "a/__Screens__/f.x.txt") == nil)
        #expect(GoldenScreenFile.parts(ofGolden: "sign-in.glance.txt")! == ("sign-in", "glance"))
        #expect(GoldenScreenFile.parts(ofGolden: "glance.txt") == nil)
    }

    @Test(arguments: ["", "-x", "x-", "a b", "a.b", "a/b", "é", String(repeating: "a", count: 101), "x\u{1B}"])
    func aScreenNameThatIsNotAPlainFileNameIsRefused(name: String) {
        #expect(GoldenScreenFile.problem(withName: name) != nil)
    }

    @Test(arguments: ["glance", "a", "sign_in-2", String(repeating: "a", count: 100)])
    func aPlainScreenNameIsTaken(name: String) {
        #expect(GoldenScreenFile.problem(withName: name) == nil)
    }
}

/// The line diff that a golden screen's mismatch shows.
struct LineDiffTests {
    @Test func aChangedLineIsShownWithItsContext() throws {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n", new = "a\nb\nc\nd\nE\nf\ng\nh\n"
        let diff = try #require(LineDiff.unified(from: old, to: new, fromName: "golden", toName: "now"))
        #expect(diff == """
            --- golden
            +++ now
            @@ -2,7 +2,7 @@
             b
             c
             d
            -e
            +E
             f
             g
             h

            """)
    }

    @Test func theSameTextsHaveNoDiff() {
        #expect(LineDiff.unified(from: "a\nb\n", to: "a\nb\n", fromName: "x", toName: "y") == nil)
    }

    @Test func linesAddedAndRemovedAtTheEdges() throws {
        #expect(LineDiff.lines(from: ["a", "b"], to: ["b", "c"]) == [.removed("a"), .same("b"), .added("c")])
        #expect(LineDiff.lines(from: [], to: ["x"]) == [.added("x")])
        let diff = try #require(LineDiff.unified(from: "", to: "x\n", fromName: "g", toName: "n"))
        #expect(diff == "--- g\n+++ n\n@@ -0,0 +1,1 @@\n+x\n")
    }

    @Test func pastTheCellLimitTheMiddleIsShownAsReplaced() {
        let old = ["top"] + (0..<3000).map { "line \($0)" } + ["end"], new = ["top"] + (0..<3000).map { "other \($0)" } + ["end"]
        let lines = LineDiff.lines(from: old, to: new)
        #expect(lines.first == .same("top") && lines.last == .same("end"))
        #expect(lines.count == 6002)
    }
}
