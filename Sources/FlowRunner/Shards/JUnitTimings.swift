import Foundation
import LocatedYAML

/// Reads the times out of a JUnit file, as `flow run --junit` writes it (and most tools do): each
/// testcase's `file` attribute (else its `classname`) and its `time` in seconds. A flow that ran
/// several times (`--repeat`) has several testcases, and so several times. A testcase that was
/// `<skipped>` took no time worth counting and is left out. The file is read as ``JUnitXML``
/// reads it for `flow merge` too: everything wrong with it (and a testcase without a file or a
/// good time) is a `LocatedError` at its line.
enum JUnitTimings {
    /// The timings in `data`, the contents of `file`.
    static func parse(_ data: Data, file: String) throws(LocatedError) -> FlowTimings {
        final class Collected {
            var flows: [String: [Double]] = [:]
            /// The testcase being read: its file, its time, and whether it was skipped.
            var current: (file: String, seconds: Double, skipped: Bool)?
        }
        let collected = Collected()
        // A testcase takes some 100 bytes of the file: room made once, not grown twenty times over.
        collected.flows.reserveCapacity(min(data.count / 100, 1 << 22))
        try JUnitXML.read(data, file: file) { element throws(JUnitXML.Refusal) in
            if element.isTestcase {
                let flowFile = try element.flowFile()
                guard let seconds = try element.seconds() else { throw JUnitXML.Refusal("\(element.described) has no time attribute") }
                collected.current = (flowFile, seconds, false)
            } else if element.name == "skipped", element.within.last == "testcase" {
                collected.current?.skipped = true
            }
        } end: { element in
            guard element.isTestcase, let testcase = collected.current else { return }
            if !testcase.skipped { collected.flows[FlowTimings.key(testcase.file), default: []].append(testcase.seconds) }
            collected.current = nil
        }
        return FlowTimings(keyed: collected.flows, fixtures: [:], interrupted: false)
    }
}
