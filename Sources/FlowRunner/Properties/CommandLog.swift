import FlowKit
import Foundation

/// What a flow's app was told, command by command, as properties read it: for each command the
/// idle frame before it, the element it named there, every frame after it (with when), and the idle
/// frame it left. Fed by the app's observers (set after a run's recorder and coverage, whose own
/// observers it passes every frame and command on to).
package final class CommandLog {
    /// One command.
    package struct Entry {
        let request: Request
        let before: Frame
        let element: ElementSnapshot?
        let sent: ContinuousClock.Instant
        var during: [(frame: Frame, at: Duration)] = []
        var after: Frame?
    }

    /// The commands of the step that runs now, and those of the one before it.
    package private(set) var step: [Entry] = []
    private(set) var previousStep: [Entry] = []
    /// The idle frame the app shows now.
    private(set) var idle: Frame?

    /// Watches `app`'s frames and commands from now on, passing them to its observers too.
    func watch(_ app: FlowApp) {
        let frames = app.frameObserver, commands = app.commandObserver
        idle = nil
        app.frameObserver = { [weak self] frame in
            frames?(frame)
            self?.saw(frame)
        }
        app.commandObserver = { [weak self, weak app] request in
            commands?(request)
            self?.sent(request, latest: app?.latestFrame)
        }
    }

    /// A new step begins: the last one's commands are kept as the one before.
    func beginStep() {
        previousStep = step
        step = []
    }

    private func saw(_ frame: Frame) {
        if frame.idle { idle = frame }
        guard let last = step.indices.last, step[last].after == nil else { return }
        step[last].during.append((frame, ContinuousClock.now - step[last].sent))
        // The first idle frame that answers the command, or comes after its answer.
        if frame.idle, step[last].during.contains(where: { $0.frame.reply == step[last].request.id }) {
            step[last].after = frame
        }
    }

    private func sent(_ request: Request, latest: Frame?) {
        guard request.action != .snapshot, request.action != .scroll, let before = latest ?? idle else { return }
        let element = request.target.flatMap { target in
            before.screen.allElements.first { $0.identifier == target } ?? before.screen.allElements.first { $0.label == target || $0.rowText == target }
        }
        step.append(Entry(request: request, before: before, element: element, sent: ContinuousClock.now))
    }

    /// The commands of `entries` that ended, as properties read them.
    package static func observed(_ entries: [Entry]) -> [ObservedAction] {
        entries.compactMap { entry in
            guard let after = entry.after else { return nil }
            let verb: String = switch entry.request.action {
            case .tap: entry.element.map { _ in entry.before.screen.topAlert == nil ? "tap" : "answer" } ?? "tap"
            case .type: "type"
            case .back: "back"
            case .scroll, .snapshot, .quit: entry.request.action.rawValue
            }
            return ObservedAction(verb: verb, element: entry.element, before: entry.before, during: entry.during, after: after)
        }
    }
}
