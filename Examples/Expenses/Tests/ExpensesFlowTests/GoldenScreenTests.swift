import Console
import ExpensesTesting
import Foundation
import Testing

/// The toolkit's golden screens, recorded runs and accessibility audit, in the example's runner
/// with nothing written for them: the committed goldens, the whole loop (record, a screen that
/// differs, accept) saying `expenses-flow`, a cast, and the audit of every screen.
struct GoldenScreenTests {
    @Test func snapshotsListsTheCommittedGoldensAndTheFlowThatChecksEach() throws {
        let listed = try ExpensesRunner.run(["snapshots"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == """
            Flows/add/__Screens__/store-failure.save-failed.txt  checked by Flows/add/store-failure.yaml
            Flows/add/__Screens__/updates-total.after-adding.txt  checked by Flows/add/updates-total.yaml
            Flows/list/__Screens__/clear-all.cleared.txt  checked by Flows/list/clear-all.yaml
            Flows/list/__Screens__/load-failure.load-failed.txt  checked by Flows/list/load-failure.yaml
            Flows/list/__Screens__/seeded.list.txt  checked by Flows/list/seeded.yaml
            5 golden screens, 0 pending, 0 unused

            """)
        let help = try ExpensesRunner.run(["snapshots", "--help"])
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Only accept and expenses-flow run --record rewrite a golden."), "\(help.stdout)")
    }

    @Test func aGoldenIsRecordedFailsWithADiffWhenItDiffersAndPassesAfterAccept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let flow = folder.path("list.yaml")
        let golden = folder.path("__Screens__/list.list.txt")
        let seeded = try String(contentsOfFile: ExpensesRunner.example.appendingPathComponent("Flows/list/seeded.yaml").path, encoding: .utf8)
        try Data(seeded.utf8).write(to: URL(fileURLWithPath: flow))

        let first = try ExpensesRunner.run(["run", flow])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("1 golden screen recorded: review it (expenses-flow snapshots lists them) and commit it"), "\(first.stdout)")
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == String(contentsOfFile: ExpensesRunner.example.appendingPathComponent("Flows/list/__Screens__/seeded.list.txt").path, encoding: .utf8),
                "the same screen as the committed golden")

        // The golden as an older app drew it: the screen now differs in its total.
        let older = try String(contentsOfFile: golden, encoding: .utf8).replacingOccurrences(of: "Total: 39.70", with: "Total: 38.70")
        try Data(older.utf8).write(to: URL(fileURLWithPath: golden))
        let changed = try ExpensesRunner.run(["run", flow])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("the screen now is in \(golden).pending: accept it with expenses-flow snapshots accept list (or fix the app)"), "\(changed.stdout)")
        #expect(changed.stdout.contains("-     Total: 38.70\n+     Total: 39.70\n"), "the line diff")
        #expect(try String(contentsOfFile: golden, encoding: .utf8) == older, "a golden that differs is not rewritten")

        let listed = try ExpensesRunner.run(["snapshots", folder.url.path])
        #expect(listed.stdout.contains("  PENDING: \(golden).pending (expenses-flow snapshots accept list)"), "\(listed.stdout)")
        let accepted = try ExpensesRunner.run(["snapshots", "accept", "list", folder.url.path])
        #expect(accepted.status == 0 && accepted.stdout == "accepted \(golden).pending as \(golden)\n", "\(accepted.stdout)\(accepted.stderr)")
        #expect(try ExpensesRunner.run(["run", flow]).status == 0)
    }

    @Test func aRunIsRecordedAsACastAndEveryScreenAudited() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try ExpensesRunner.run(["run", "Flows/list/clear-all.yaml", "--audit", "--record-casts", folder.path("casts")])
        #expect(run.status == 0, "the audit finds nothing on the expense screens: \(run.stdout)\(run.stderr)")
        let cast = try String(contentsOfFile: folder.path("casts/Flows_list_clear-all.cast"), encoding: .utf8)
        let lines = cast.split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["title"] as? String == "Clear all asks first; Cancel keeps, Clear empties")
        #expect(cast.contains(#""m","Expenses.clearAll"]"#) && cast.contains(#""m","assertScreen"]"#), "a marker per step")
        #expect(cast.contains("Clear all expenses?"), "the alert's frame")
    }
}
