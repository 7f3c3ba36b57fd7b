import Foundation
import TextBytes

/// The automation adapter: one JSON command per input line, one JSON frame per output line.
///
/// Every command is answered by exactly one frame carrying its `id` in `reply`; a command that could
/// not be carried out is answered by a frame with `error` set, and the app carries on. Frames are
/// also pushed unasked (`reply` null) whenever the screen or idle changes, for example when
/// background work completes. See docs/automation-protocol.md.
@MainActor
public final class AutomationServer: Adapter {
    private let session: Session
    private let output: TextOutput
    /// Writes the elements that are as they were in the last frame as the same bytes, copied.
    private var encoder = FrameEncoder()
    /// The protocol version spoken: from 2, frames say the work in flight (`busy`).
    public let protocolVersion: Int

    /// A server that carries out commands on `session` and writes one frame a line to `output`
    /// (standard output in the app, a buffer in a test), in the protocol's `version` (what the
    /// runner asked for: `AutomationLaunch.version(in:)`; 1 writes no `busy`, as a runner older
    /// than version 2 reads frames).
    public init(session: Session, output: TextOutput, protocolVersion: Int = 1) {
        self.session = session
        self.output = output
        self.protocolVersion = protocolVersion
    }

    /// Writes the first frame, unasked: the runner learns the app is up, and what it shows.
    public func start() {
        send(session.makeFrame(), reply: nil, error: nil)
    }

    /// Carries out one JSON command and answers with one frame carrying its `id` in `reply`; false
    /// only for `quit`, once answered. A command the app refuses is answered with `error` set; a line
    /// that is no command at all gets a frame with `error` and no `reply` (its `id` could not be
    /// read). Either way the app carries on.
    public func handle(_ line: String) -> Bool {
        var line = line
        let request: Request
        switch line.withUTF8({ bytes in Result { () throws(WireError) in try WireCodec.decodeCommand(bytes) } }) {
        case let .success(decoded):
            request = decoded
        case let .failure(error):
            send(session.makeFrame(), reply: nil, error: .malformed(error.description))
            return true
        }
        var failure: CommandError?
        do {
            let command = try Self.command(for: request)
            if command == .quit {
                send(session.makeFrame(), reply: request.id, error: nil)
                return false
            }
            try session.perform(command)
        } catch {
            failure = error
        }
        send(session.makeFrame(), reply: request.id, error: failure)
        return true
    }

    /// Answers a line over ``InputLoop/lineLimit`` with a frame whose `error` gives its length: the
    /// line was never read, and the app carries on.
    public func handleOverlong(bytes: Int) {
        send(session.makeFrame(), reply: nil, error: .malformed(WireError.tooLong(bytes: bytes, limit: InputLoop.lineLimit).description))
    }

    /// Answers a line that is not text with a frame whose `error` says what and at which byte (no
    /// byte of it is named: a `type` may carry a secret), and carries on.
    public func handleNotText(_ problem: TextProblem) {
        send(session.makeFrame(), reply: nil, error: .malformed(problem.maskedStatement("the line") + " at byte \(problem.offset)"))
    }

    /// Pushes a frame, unasked, when the screen or idle changed since the last one: how a runner sees
    /// background work end.
    public func settle() {
        if let frame = session.frameIfChanged() { send(frame, reply: nil, error: nil) }
    }

    private static func command(for request: Request) throws(CommandError) -> Command {
        switch request.action {
        case .tap:
            guard let target = request.target, !target.isEmpty else { throw .malformed("\"tap\" needs a \"target\"") }
            return .tap(target)
        case .type:
            guard let target = request.target, !target.isEmpty else { throw .malformed("\"type\" needs a \"target\"") }
            guard let text = request.text else { throw .malformed("\"type\" needs a \"text\"") }
            return .type(target, text: text)
        case .scroll:
            guard let target = request.target, let direction = ScrollDirection(target) else {
                throw .malformed("\"scroll\" needs a \"target\": up, down, top, bottom or a row number from 1")
            }
            return .scroll(direction)
        case .back: return .back
        case .snapshot: return .show
        case .quit: return .quit
        }
    }

    private func send(_ frame: Session.Frame, reply: Int?, error: CommandError?) {
        let wire = Frame(
            seq: frame.sequence, reply: reply, idle: frame.isIdle, error: error?.description,
            screen: frame.screen, text: Renderer.render(frame.screen), busy: protocolVersion >= 2 ? frame.busy : nil
        )
        var line = encoder.encode(wire)
        line.append(0x0A)
        output.write(bytes: line)
    }
}
