import FlowKit
import Foundation

/// The lines a run prints: one per flow as it finishes, the failure in full, and the closing tally.
/// Colour only on a terminal.
package struct RunTally: Sendable {
    /// Flow runs that passed, on their first try or on a retry.
    package var passed = 0
    /// Flow runs that failed every try.
    package var failed = 0
    /// Flow runs an interrupted run never finished (`NotRun`); the caller sets it, as results
    /// do not say.
    package var notRun = 0
    /// Passed on a retry (counted in `passed` too), by file.
    package var flaky: [String] = []
    /// Every flow that failed at least once (for `--repeat`), by file, in the order first seen.
    package var everFailed: [String] = []

    /// A tally of nothing yet.
    package init() {}

    /// Counts `result`, and notes its file when it was flaky or failed.
    package mutating func add(_ result: FlowResult) {
        if result.passed {
            passed += 1
            if result.isFlaky, !flaky.contains(result.flow.file) { flaky.append(result.flow.file) }
        } else {
            failed += 1
            if !everFailed.contains(result.flow.file) { everFailed.append(result.flow.file) }
        }
    }

    /// `N passed, N failed` (`, N not run (interrupted)` when the run was cut short).
    package var line: String {
        "\(passed) passed, \(failed) failed" + (notRun > 0 ? ", \(notRun) \(NotRun.words)" : "")
    }
}

/// A flow run that an interrupted run (Ctrl-C, a kill) never finished: not started, or cut short.
/// Not "skipped", which a flow is by choice: every report says it the one way, `not run
/// (interrupted)`, and lists it.
package struct NotRun: Sendable, Equatable {
    /// The flow.
    package let flow: Flow
    /// Which of its runs (`--repeat`), from 1.
    package let iteration: Int

    /// The run `iteration` of `flow`, which did not finish.
    package init(flow: Flow, iteration: Int) {
        self.flow = flow
        self.iteration = iteration
    }

    /// How every report says it.
    package static let words = "not run (interrupted)"
    /// Its mark beside a flow, as PASS and FAIL are theirs.
    package static let badge = "NOT RUN"

    /// The flow's name, with `#2` for its second run and on, as its testcase would be named.
    package var name: String { flow.name + (iteration > 1 ? " #\(iteration)" : "") }

    /// The same run of the same flow file.
    package static func == (lhs: NotRun, rhs: NotRun) -> Bool {
        lhs.flow.file == rhs.flow.file && lhs.iteration == rhs.iteration
    }
}

/// The line printed for each flow as it finishes.
package enum ConsoleReport {
    /// `PASS  Sign in  Flows/login/sign-in.yaml  0.12 s`; a flow that passed on a retry is
    /// `FLAKY (passed on try 2 of 3)`, never a plain pass; one that failed every try says so.
    package static func line(_ result: FlowResult, colour: Bool, repeated: Bool, tries: Int = 1) -> String {
        let (word, code) = result.isFlaky ? ("FLAKY", "33") : result.passed ? ("PASS", "32") : ("FAIL", "31")
        let mark = colour ? "\u{1B}[\(code)m\(word)\u{1B}[0m" : word
        var note = ""
        if result.isFlaky { note = " (passed on try \(result.tryNumber) of \(tries))" }
        if !result.passed, result.tryNumber > 1 { note = " (failed all \(result.tryNumber) tries)" }
        let iteration = repeated ? " #\(result.iteration)" : ""
        return "\(mark)\(note)  \(result.flow.name)\(iteration)  \(result.flow.file)  \(seconds(result.duration))"
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", duration / .seconds(1))
    }
}

/// JUnit XML: one testcase per flow run, its time, and a failure's text with the screen inside.
package enum JUnitReport {
    /// The JUnit XML of `results`, as one suite named `suiteName` that took `duration`; failed tries are kept as Surefire's `flakyFailure` and `rerunFailure`.
    /// An interrupted run's `notRun` are no testcases (they did not run, and a merge must find
    /// them missing) but the suite's properties: `interrupted` with their count, then each one.
    /// `exit`, when given, is the code the run ends with as its flows decide it (a report that
    /// then cannot be written makes it 3): the properties `exit` and `exitMeaning` say it, for a
    /// CI tool that reads the file and not the runner's status.
    package static func xml(_ results: [FlowResult], suiteName: String, duration: Duration, notRun: [NotRun] = [], exit: RunnerExit? = nil) -> String {
        let failures = results.filter { !$0.passed }.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" time="\#(time(duration))">"# + "\n"
        xml += #"  <testsuite name="\#(escape(suiteName))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(time(duration))">"# + "\n"
        if !notRun.isEmpty || exit != nil {
            xml += "    <properties>\n"
            if let exit {
                xml += #"      <property name="exit" value="\#(exit.rawValue)"/>"# + "\n"
                xml += #"      <property name="exitMeaning" value="\#(escape(exit.meaning))"/>"# + "\n"
            }
            if !notRun.isEmpty {
                xml += #"      <property name="interrupted" value="\#(notRun.count) \#(escape(NotRun.words))"/>"# + "\n"
                for run in notRun { xml += #"      <property name="notRun" value="\#(escape(run.flow.file + (run.iteration > 1 ? " #\(run.iteration)" : "")))"/>"# + "\n" }
            }
            xml += "    </properties>\n"
        }
        for result in results {
            let name = result.flow.name + (result.iteration > 1 ? " #\(result.iteration)" : "")
            xml += #"    <testcase name="\#(escape(name))" classname="\#(escape(result.flow.file))" file="\#(escape(result.flow.file))" time="\#(time(result.duration))""#
            // A failed try is kept as Maven Surefire writes it, so CI tools show the flake:
            // <flakyFailure> inside a testcase that passed on a retry, <rerunFailure> inside one
            // that failed every try.
            let earlier = result.earlierTries.compactMap(\.failure)
            if result.failure == nil, earlier.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if let failure = result.failure { xml += element("failure", failure) }
            for failure in earlier { xml += element(result.passed ? "flakyFailure" : "rerunFailure", failure) }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func element(_ name: String, _ failure: FlowRunFailure) -> String {
        let message = failure.summary
        return #"      <\#(name) message="\#(escape(message))" type="FlowFailure">"# + escape(failure.description) + "</" + name + ">\n"
    }

    static func time(_ duration: Duration) -> String {
        String(format: "%.3f", duration / .seconds(1))
    }

    /// Escaped for XML text and attributes; characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ text: String) -> String {
        Markup.escape(text, for: .xml)
    }
}

/// The one escaper of the reports' markup: JUnit XML and the HTML pages.
package enum Markup {
    /// What the text goes into.
    package enum Dialect {
        /// XML 1.0: a carriage return kept, `'` as `&apos;`, only what XML cannot hold replaced.
        case xml
        /// A page read by HTML and XML parsers alike: a carriage return dropped, `'` as `&#39;`,
        /// and the C1 controls (U+007F–U+009F) replaced too, since a terminal would obey them.
        case html
    }

    /// `text` with the five markup characters as references, and any control character but tab
    /// and newline (and what XML 1.0 cannot hold) as U+FFFD.
    package static func escape(_ text: String, for dialect: Dialect) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += dialect == .xml ? "&apos;" : "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\r": if dialect == .xml { result.unicodeScalars.append(scalar) }
            default:
                let value = scalar.value
                let printable = dialect == .xml ? (0x20...0xD7FF).contains(value) : (0x20...0x7E).contains(value) || (0xA0...0xD7FF).contains(value)
                let allowed = printable || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}

/// `--report DIR`: per flow run a text file with each step, its duration and result, and the
/// screen after a failing step (and at each `snapshot`).
package enum FolderReport {
    /// Writes one text file per flow run into `folder`, made if missing, named by the flow's path,
    /// each through ``OutputFile`` (a folder that is something else is refused); a run an
    /// interrupted run never finished (`notRun`) gets one too, that says so.
    package static func write(_ results: [FlowResult], notRun: [NotRun] = [], to folder: String) throws(OutputFileError) {
        try OutputFile.folder(folder)
        let files = results.map { (fileName($0.flow, $0.iteration), text($0)) } + notRun.map { (fileName($0.flow, $0.iteration), text($0)) }
        for (name, text) in files {
            try OutputFile.write(text, to: (folder as NSString).appendingPathComponent(name))
        }
    }

    /// `Flows_login_sign-in.txt`, `-2` for the second run and on.
    static func fileName(_ flow: Flow, _ iteration: Int) -> String {
        baseName(flow, iteration) + ".txt"
    }

    /// `Flows_login_sign-in`, `-2` for the second run and on: a flow run's files are named so.
    static func baseName(_ flow: Flow, _ iteration: Int) -> String {
        flow.file.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".yaml", with: "") + (iteration > 1 ? "-\(iteration)" : "")
    }

    /// The report of a flow run that did not finish: `NOT RUN (interrupted)  NAME  FILE`.
    package static func text(_ run: NotRun) -> String {
        "\(NotRun.badge) (interrupted)  \(run.name)  \(run.flow.file)\n"
    }

    /// The report of one flow run: every try's steps and screens, failed tries first.
    package static func text(_ result: FlowResult) -> String {
        // Every try's steps and screens are kept, the failed ones first.
        let tries = result.earlierTries + [result]
        guard tries.count > 1 else { return text(ofTry: result) }
        return tries.enumerated().map { index, attempt in
            "try \(index + 1) of \(tries.count)\n" + text(ofTry: attempt)
        }.joined(separator: "\n")
    }

    static func text(ofTry result: FlowResult) -> String {
        let word = result.isFlaky ? "FLAKY" : result.passed ? "PASS" : "FAIL"
        var text = "\(word)  \(result.flow.name)  \(result.flow.file)  \(ConsoleReport.seconds(result.duration))\n"
        text += "copy the store \(ConsoleReport.seconds(result.copyDuration)), launch \(ConsoleReport.seconds(result.launchDuration))\n\n"
        for step in result.steps {
            let indent = String(repeating: "  ", count: step.depth)
            text += "\(indent)\(step.status.rawValue.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0)) "
                + "\(step.location)  \(step.title)  \(ConsoleReport.seconds(step.duration))\n"
            if let screen = step.screen { text += screen.split(separator: "\n").map { "\(indent)        \($0)" }.joined(separator: "\n") + "\n" }
        }
        if let failure = result.failure { text += "\n\(failure)\n" }
        return text
    }
}
