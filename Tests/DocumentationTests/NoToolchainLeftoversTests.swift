import Foundation
import Testing

/// SwiftPM and the Swift driver leave a `TemporaryDirectory.*` folder in `$TMPDIR` at every call
/// (a toolchain bug: `make test` left five in /tmp each time, a mutation run 1,720). Every swift
/// and swiftc the project's own scripts run therefore goes through `scripts/own-tmpdir.sh`, which
/// gives it a folder of its own and removes it, or `scripts/swift-in-turn.sh`, which runs it in
/// its turn with TMPDIR=.build/swift-tmp and empties that after (one folder for every call, so
/// SwiftPM's manifest cache, keyed by the environment, serves them all): this test reads the
/// Makefile and the scripts and fails on a call that does neither.
struct NoToolchainLeftoversTests {
    /// The files that run the toolchain for a person or CI.
    static let files = ["Makefile", ".ci/run", "scripts/bench-check.sh", "Examples/Expenses/scripts/broken-build.sh"]

    @Test func everySwiftCallGoesThroughItsOwnTemporaryFolder() throws {
        var bare: [String] = []
        var calls = 0
        for file in Self.files {
            let text = try String(contentsOf: DocCommentTests.root.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                for call in Self.toolchainCalls(in: code) {
                    calls += 1
                    if !call.wrapped { bare.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))") }
                }
            }
        }
        #expect(calls >= 12, "the scan found \(calls) calls: it lost its way")
        #expect(bare.isEmpty, "run these through scripts/own-tmpdir.sh (or $(SWIFT_RUN)):\n\(bare.joined(separator: "\n"))")
    }

    @Test func theScanTellsAWrappedCallFromABareOne() {
        #expect(Self.toolchainCalls(in: "\t$(SWIFT_RUN) build --build-tests").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "\tcd x && $(EXPENSES_RUN) test").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "\tcd Benchmarks && ../$(SWIFT_RUN) package benchmark").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "\t$(SWIFT) build").map(\.wrapped) == [false])
        #expect(Self.toolchainCalls(in: "\t[ -x a ] || swiftc -O a.swift").map(\.wrapped) == [false])
        #expect(Self.toolchainCalls(in: "\t[ -x a ] || scripts/own-tmpdir.sh swiftc -O a.swift").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "$own_tmpdir swift build --product x || exit 2").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "SWIFT_RUN := scripts/swift-in-turn.sh $(SWIFT)").map(\.wrapped) == [true])
        #expect(Self.toolchainCalls(in: "\tscripts/swift-in-turn.sh swift build").map(\.wrapped) == [true], "in its turn, in .build/swift-tmp")
        #expect(Self.toolchainCalls(in: "\tscripts/flock.sh swift build").map(\.wrapped) == [false])
        #expect(Self.toolchainCalls(in: "SWIFT ?= swift").isEmpty, "a variable's value is no call")
        #expect(Self.toolchainCalls(in: "\t@command -v $(SWIFT) >/dev/null").isEmpty, "looking for it is no call")
    }

    /// Each call of swift or swiftc in a line of shell (or a recipe), and whether it is wrapped.
    static func toolchainCalls(in line: String) -> [(command: String, wrapped: Bool)] {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var calls: [(String, Bool)] = []
        for (index, word) in words.enumerated() {
            let before = index > 0 ? words[index - 1] : ""
            switch word {
            case _ where word.hasSuffix("$(SWIFT_RUN)") || word.hasSuffix("$(EXPENSES_RUN)"):  // ../$(SWIFT_RUN) too
                calls.append((word, true))
            case "swift", "swiftc", "$(SWIFT)":
                guard before != "-v", before != "?=", before != ":=", before != "=" else { continue }
                // own-tmpdir.sh, or swift-in-turn.sh (the Makefile's SWIFT_RUN).
                calls.append((word, before.hasSuffix("own-tmpdir.sh") || before == "$own_tmpdir" || before.hasSuffix("swift-in-turn.sh")))
            default:
                continue
            }
        }
        return calls
    }
}
