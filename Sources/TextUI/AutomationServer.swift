import Foundation

/// The automation adapter: one JSON command per input line, one JSON frame per output line.
///
/// Every command is answered by exactly one frame carrying its `id` in `reply`; a command that could
/// not be carried out is answered by a frame with `error` set, and the app carries on. Frames are
/// also pushed unasked (`reply` absent) whenever the screen or idle changes, for example when
/// background work completes. See docs/automation-protocol.md.
@MainActor
public final class AutomationServer: Adapter {
    private let session: Session
    private let output: TextOutput

    public init(session: Session, output: TextOutput) {
        self.session = session
        self.output = output
    }

    public func start() {
        send(session.makeFrame(), reply: nil, error: nil)
    }

    public func handle(_ line: String) -> Bool {
        let request: Request
        do {
            request = try WireCodec.decodeCommand(Array(line.utf8))
        } catch {
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

    public func handleOverlong(bytes: Int) {
        send(session.makeFrame(), reply: nil, error: .malformed(WireError.tooLong(bytes: bytes, limit: InputLoop.lineLimit).description))
    }

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
            screen: frame.screen, text: Renderer.render(frame.screen)
        )
        var line = WireCodec.encodeFrame(wire)
        line.append(0x0A)
        output.write(String(decoding: line, as: UTF8.self))
    }
}
