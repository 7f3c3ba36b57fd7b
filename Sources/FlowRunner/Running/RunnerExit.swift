/// How a command of the runner ends, by cause, declared once: `run`, `explore`, `merge` and `lint`
/// exit with these codes, their `--help` and the docs say them from here, and the JUnit file
/// records the run's. CI tells a bug in the app (1) from a broken setup (2, 3) by them.
package enum RunnerExit: Int32, CaseIterable, Sendable {
    /// Every flow passed (explore: nothing found).
    case passed = 0
    /// A flow failed: an assertion, or the app crashed or hung under test. The app's fault.
    case failed = 1
    /// Bad input: usage, a flow or scheme that cannot be read, lint's problems. Nothing launched.
    case badInput = 2
    /// The run could not be made: the app is not built or not executable, seeding failed, a
    /// report cannot be written, no process could be started.
    case notMade = 3
    /// Interrupted (Ctrl-C or SIGTERM): every app was ended.
    case interrupted = 130

    /// What the code means, as `--help` says it.
    package var meaning: String {
        switch self {
        case .passed: "all passed"
        case .failed: "a flow failed (an assertion, or the app crashed or hung under test)"
        case .badInput: "bad input (usage, lint, a flow or scheme that cannot be read; nothing launched)"
        case .notMade: "the run could not be made (the app not built, seeding failed, a report not written, no process started)"
        case .interrupted: "interrupted (Ctrl-C)"
        }
    }

    /// `Exit codes: 0 all passed, 1 a flow failed (...), ...`, with a command's own words for some
    /// codes (`explore`: 0 nothing found, 1 findings) and without those it never ends with.
    package static func help(_ own: [RunnerExit: String] = [:], leaving out: Set<RunnerExit> = []) -> String {
        "Exit codes: " + allCases.filter { !out.contains($0) }.map { "\($0.rawValue) \(own[$0] ?? $0.meaning)" }.joined(separator: ", ") + "."
    }
}
