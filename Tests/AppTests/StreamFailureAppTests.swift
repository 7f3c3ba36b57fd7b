import Console
import Foundation
import Testing

/// A closed or full standard error, or an output reader that goes away, never ends a binary: its
/// exit code stays what it would have been.
struct StreamFailureAppTests {
    @Test(arguments: ["2>&-", "2>/dev/full"])
    func signingInWithAnUnwritableLogStillExitsZero(redirection: String) throws {
        let store = try SeededStore()
        defer { store.remove() }
        let result = try shell("""
            printf 'type Username test\\ntype Password 1234\\ntap Login\\ntap OK\\nquit\\n' | \
            "$APP" -ui-testing YES -model.user test -model.password 1234 -photos.store "$STORE" >"$OUT" \(redirection); echo $?
            """, store: store)
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try String(contentsOfFile: store.folder.appendingPathComponent("out").path, encoding: .utf8).contains("8 work photos"))
    }

    @Test(arguments: ["2>&-", "2>/dev/full"])
    func aBadLaunchArgumentWithAnUnwritableLogStillExitsTwo(redirection: String) throws {
        let store = try SeededStore()
        defer { store.remove() }
        let result = try shell(#""$APP" -bogus 1 </dev/null >"$OUT" \#(redirection); echo $?"#, store: store)
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
    }

    @Test func theAppOutlivesAReaderThatGoesAway() throws {
        let store = try SeededStore()
        defer { store.remove() }
        // `head` reads one line and leaves; the app goes on writing screens into a broken pipe.
        let result = try shell("""
            { printf 'type Username test\\n'; for i in $(seq 1 200); do printf 'show\\n'; done; printf 'quit\\n'; } | \
            "$APP" -ui-testing YES -model.user test -model.password 1234 -photos.store "$STORE" 2>/dev/null | head -n 1 >/dev/null; \
            echo "${PIPESTATUS[1]}"
            """, store: store)
        #expect(result.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "not 141 (SIGPIPE)")
    }

    @Test(arguments: ["2>&-", "2>/dev/full", ">/dev/full"])
    func theSeederWithUnwritableStreamsKeepsItsExitCode(redirection: String) throws {
        let store = try SeededStore(nil)
        defer { store.remove() }
        let good = try shell(#""$SEED" --store "$STORE" default </dev/null \#(redirection); echo $?"#, store: store)
        #expect(good.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("0"))
        let bad = try shell(#""$SEED" --store "$STORE" nosuchfixture </dev/null \#(redirection); echo $?"#, store: store)
        #expect(bad.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("2"))
    }

    // MARK: - Helpers

    /// Runs `script` with bash; `$APP`, `$SEED`, `$STORE` and `$OUT` are set. Returns its stdout.
    private func shell(_ script: String, store: SeededStore) throws -> String {
        let environment = ProcessInfo.processInfo.environment.merging([
            "APP": AppProcess.executable("workphotos").path, "SEED": AppProcess.executable("workphotos-seed").path,
            "STORE": store.path, "OUT": store.folder.appendingPathComponent("out").path, "TZ": "UTC",
        ]) { $1 }
        return try ChildProcess.run("/bin/bash", ["-c", script], environment: environment).stdout
    }
}
