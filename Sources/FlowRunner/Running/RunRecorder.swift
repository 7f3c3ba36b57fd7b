import FlowKit
import Foundation
import LocatedYAML
import TextBytes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run keeps or checks besides its steps: golden screens re-recorded (`--record`), every
/// frame as an asciicast (`--record-casts`), every screen audited (`--audit`).
package struct RecordingOptions: Sendable {
    /// The runner whose commands its messages name (`expenses-flow snapshots accept`).
    package var runner: RunnerIdentity
    /// Re-record every golden screen the flows check, whether it matches or not (`--record`).
    package var recordsGoldens = false
    /// Keep every frame the flow sees, with its time, for an asciicast (`--record-casts`).
    package var recordsCasts = false
    /// Audit every distinct idle screen a flow shows for accessibility (`--audit`).
    package var audits = false
    /// Note every screen the flows show and every action they take (`--coverage`).
    package var coverage: CoverageRecorder?

    /// Nothing recorded, nothing audited; golden screens compared, and recorded when missing;
    /// messages name `runner`'s commands.
    package init(runner: RunnerIdentity = .standard) {
        self.runner = runner
    }
}

/// A golden screen that did not match: the texts side by side in the HTML report, and the files.
package struct ScreenDiff: Sendable, Equatable {
    /// The golden file.
    package let goldenPath: String
    /// Where the screen now was written, for `snapshots accept`.
    package let pendingPath: String
    /// The golden's text (empty when the file could not be read as one).
    package let golden: String
    /// The screen now, as a golden file would hold it.
    package let current: String
}

/// One flow run's recording: the cast's frames and markers, the screens audited, and what the
/// step that runs now leaves for its record. Each executor has its own; one flow runs at a time on it.
final class RunRecorder {
    let options: RecordingOptions
    private let mask: SecretMask
    private var start: ContinuousClock.Instant?
    private var startDate = Date()
    private(set) var events: [AsciiCast.Event] = []
    private var audited: [ScreenSnapshot] = []
    private var findings: [AuditFinding] = []
    /// The flow's `audit: skip:` rules.
    var auditOff: Set<AuditRule> = []
    /// Notes (a golden recorded) and a diff the running step leaves for its record.
    var stepNotes: [String] = []
    var stepDiff: ScreenDiff?

    init(options: RecordingOptions, secrets: [String]) {
        self.options = options
        mask = SecretMask(secrets)
    }

    /// Watches `app`'s frames for `flow`, when the run records casts or audits.
    func attach(to app: FlowApp, flow: Flow) {
        auditOff = Set(flow.auditOff)
        let frames: ((Frame) -> Void)? = options.recordsCasts || options.audits ? { [weak self] frame in self?.saw(frame) } : nil
        if let coverage = options.coverage {
            coverage.track(app, forwarding: frames)
        } else if let frames {
            app.frameObserver = frames
        }
    }

    /// Seconds since the first frame the flow saw: a cast starts with the app's first screen, at 0.
    private var elapsed: Double {
        guard let start else {
            start = ContinuousClock.now
            startDate = Date()
            return 0
        }
        return (ContinuousClock.now - start) / .seconds(1)
    }

    private func saw(_ frame: Frame) {
        if options.recordsCasts { events.append(.output(elapsed, mask.mask(frame.text))) }
        guard options.audits, frame.idle, !audited.contains(frame.screen) else { return }
        audited.append(frame.screen)
        for finding in AccessibilityAudit.findings(in: frame.screen, skipping: auditOff) where !findings.contains(finding) {
            findings.append(finding)
        }
    }

    /// A step begins: its title marks the cast, and it has left nothing yet.
    func beginStep(_ title: String) {
        stepNotes = []
        stepDiff = nil
        if options.recordsCasts { events.append(.marker(elapsed, mask.mask(title))) }
    }

    /// The audit's findings since the last call, to fail the step that showed their screens.
    func takeFindings() -> [AuditFinding] {
        defer { findings = [] }
        return findings
    }

    /// The cast of the flow so far, titled `title`; nil when the run records none.
    func cast(title: String) -> AsciiCast? {
        options.recordsCasts ? AsciiCast(title: mask.mask(title), timestamp: Int(startDate.timeIntervalSince1970), events: events) : nil
    }
}

extension StepContext {
    /// The rules the flow's `audit: skip:` leaves out.
    package var auditOff: Set<AuditRule> { executor.recorder.auditOff }

    /// Compares the idle screen (secrets masked, `masking` identifiers shown as the placeholder)
    /// with its golden file beside the flow: records it when there is none or the run re-records,
    /// else fails with a line diff and leaves the screen in the pending file.
    package func compareScreen(named name: String, masking: [String]) {
        let step = "compare the screen with its golden \"\(name)\""
        guard let frame = app.idleFrame(sourceLocation: site.sourceLocation) else { return }
        let secrets = SecretMask(executor.environment.secrets)
        let current: GoldenScreen
        do {
            current = try GoldenScreen(screen: secrets.mask(frame.screen), rendered: secrets.mask(frame.text), masking: masking)
        } catch {
            return fail(step, error.description)
        }
        let recorder = executor.recorder
        let path = GoldenScreenFile.path(screen: name, checkedBy: location.file)
        let runner = recorder.options.runner.name
        switch GoldenScreenStore.check(current, at: path, record: recorder.options.recordsGoldens) {
        case .matched:
            break
        case let .recorded(replacing):
            recorder.stepNotes.append("\(replacing ? "re-recorded" : "recorded") golden screen \"\(name)\": \(path)"
                + (replacing ? " (--record: review the change before you commit it)" : " (new: review it and commit it)"))
        case let .differs(golden, diff, pending):
            recorder.stepDiff = ScreenDiff(goldenPath: path, pendingPath: pending, golden: golden.text, current: current.text)
            fail(step, "the screen does not match its golden \(path); the screen now is in \(pending): accept it with "
                + "\(runner) snapshots accept \(name) (or fix the app)\n\n\(diff)")
        case let .unreadable(error, pending):
            recorder.stepDiff = pending.map { ScreenDiff(goldenPath: path, pendingPath: $0, golden: "", current: current.text) }
            fail(step, "\(error)" + (pending.map { "\nThe screen now is in \($0): accept it with \(runner) snapshots accept \(name)" } ?? ""))
        case let .cannotWrite(error):
            fail(step, "\(error)")
        }
    }
}

/// Reads, compares and writes golden screen files: a golden is written only when it is missing
/// or the run re-records (`--record`), never because it differs; the screen that differs goes to
/// the pending file beside it. Every write goes through ``OutputFile`` (whole or not at all), and a
/// missing golden is created only if it is still missing, so two runs at once never corrupt one.
package enum GoldenScreenStore {
    /// The largest golden file read: a screen is a page, not a megabyte.
    package static let fileLimit = 1 << 20

    /// How a comparison went.
    package enum Outcome: Sendable {
        /// The golden matches.
        case matched
        /// The golden was written: replacing one (`--record`), or new.
        case recorded(replacing: Bool)
        /// The golden differs: it, the unified diff, and the pending file the screen now is in.
        case differs(GoldenScreen, diff: String, pending: String)
        /// The golden cannot be read as one: why, located, and the pending file the screen is in (nil when it could not be written).
        case unreadable(LocatedError, pending: String?)
        /// A file could not be written.
        case cannotWrite(OutputFileError)
    }

    /// Compares `current` with the golden at `path`; see the type for what is written when.
    package static func check(_ current: GoldenScreen, at path: String, record: Bool) -> Outcome {
        let read = self.read(path)
        if record {
            if case let .success(golden?) = read, golden == current { return .matched }
            do {
                try OutputFile.write(current.text, to: path)
            } catch {
                return .cannotWrite(error)
            }
            return .recorded(replacing: (try? read.get()) != nil || InputFile.kind(path) != nil)
        }
        switch read {
        case .success(nil):
            switch createIfMissing(current.text, at: path) {
            case .success(true): return .recorded(replacing: false)
            case .success(false): return check(current, at: path, record: false)  // another run made it meanwhile
            case let .failure(error): return .cannotWrite(error)
            }
        case let .success(golden?):
            guard let diff = current.difference(from: golden, goldenName: "golden \(path)", currentName: "the screen now") else { return .matched }
            let pending = GoldenScreenFile.pendingPath(for: path)
            do {
                try OutputFile.write(current.text, to: pending)
            } catch {
                return .cannotWrite(error)
            }
            return .differs(golden, diff: diff, pending: pending)
        case let .failure(error):
            let pending = GoldenScreenFile.pendingPath(for: path)
            return .unreadable(error, pending: (try? OutputFile.write(current.text, to: pending)) == nil ? nil : pending)
        }
    }

    /// The golden at `path`, nil when there is none, or why it cannot be read as one (located).
    package static func read(_ path: String) -> Result<GoldenScreen?, LocatedError> {
        switch InputFile.read(path, limit: fileLimit) {
        case .failure(.missing):
            return .success(nil)
        case let .failure(problem):
            return .failure(.wholeFile(path, "cannot read the golden screen: \(problem)"))
        case let .success(data):
            let text: String
            switch TextBytes.string(data) {
            case let .success(read):
                text = read
            case let .failure(problem):
                return .failure(LocatedError(file: path, line: problem.line, column: problem.column,
                                             message: problem.statement("the golden screen") + "; record it again (delete it, or run with --record)",
                                             sourceLine: problem.sourceLine, sourceLineColumn: problem.sourceLineColumn))
            }
            do {
                return .success(try GoldenScreen(parsing: text))
            } catch {
                if case let .malformed(line, column, _) = error {
                    return .failure(LocatedError(file: path, text: text, line: line, column: column, message: error.description))
                }
                return .failure(.wholeFile(path, error.description))
            }
        }
    }

    /// Writes `text` at `path` only if nothing is there: true when it did, false when another
    /// writer was first (its file is left as it is).
    static func createIfMissing(_ text: String, at path: String) -> Result<Bool, OutputFileError> {
        let prepared: OutputFile.Prepared
        do {
            prepared = try OutputFile.prepare(Array(text.utf8), to: path)
        } catch {
            return .failure(error)
        }
        return prepared.commitIfMissing()
    }
}

extension OutputFile.Prepared {
    /// Puts the temporary file in place only if nothing is at the target (a hard link fails when
    /// the name is taken, where a rename would replace it), then removes the temporary name:
    /// true when it was put in place, false when the target was there already.
    func commitIfMissing() -> Result<Bool, OutputFileError> {
        defer { unlink(temporary) }
        guard link(temporary, target) == 0 else {
            let code = errno
            if code == EEXIST {
                OutputFile.removeFolders(made)
                return .success(false)
            }
            OutputFile.removeFolders(made)
            return .failure(OutputFileError(path: path, reason: .system(code, .renaming)))
        }
        return .success(true)
    }
}
