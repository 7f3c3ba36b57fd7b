import NameMatching

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
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private let decoder = JSONDecoder()

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
            request = try decode(line)
        } catch {
            send(session.makeFrame(), reply: nil, error: error)
            return true
        }
        var failure: CommandError?
        do {
            let command = try request.command()
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

    public func settle() {
        if let frame = session.frameIfChanged() { send(frame, reply: nil, error: nil) }
    }

    private func decode(_ line: String) throws(CommandError) -> Request {
        guard !line.trimmingWhitespace().isEmpty else { throw .malformed("empty line; expected a JSON object") }
        do {
            return try decoder.decode(Request.self, from: Data(line.utf8))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .malformed("missing \"\(key.stringValue)\" in \(Self.quoted(line))")
        } catch let DecodingError.typeMismatch(_, context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .malformed(field.isEmpty
                ? "expected a JSON object, got \(Self.quoted(line))"
                : "\"\(field)\" has the wrong type in \(Self.quoted(line))")
        } catch {
            throw .malformed("not valid JSON: \(Self.quoted(line))")
        }
    }

    private static func quoted(_ line: String) -> String {
        let shown = line.count > 80 ? line.prefix(77) + "..." : Substring(line)
        return "`\(shown)`"
    }

    private func send(_ frame: Session.Frame, reply: Int?, error: CommandError?) {
        let wire = WireFrame(
            seq: frame.sequence, reply: reply, idle: frame.isIdle, error: error?.description,
            screen: frame.screen, text: Renderer.render(frame.screen)
        )
        guard let data = try? encoder.encode(wire), let json = String(data: data, encoding: .utf8) else { return }
        output.write(json + "\n")
    }

    /// One command line: `{"id": 1, "action": "tap", "target": "Login"}`.
    struct Request: Decodable {
        let id: Int?
        let action: String
        let target: String?
        let text: String?

        static let actions = ["tap", "type", "back", "snapshot", "quit"]

        func command() throws(CommandError) -> Command {
            switch action {
            case "tap":
                guard let target, !target.isEmpty else { throw .malformed("\"tap\" needs a \"target\"") }
                return .tap(target)
            case "type":
                guard let target, !target.isEmpty else { throw .malformed("\"type\" needs a \"target\"") }
                guard let text else { throw .malformed("\"type\" needs a \"text\"") }
                return .type(target, text: text)
            case "back": return .back
            case "snapshot": return .show
            case "quit": return .quit
            default:
                let hint = NameMatcher.nearest(to: action, in: Self.actions).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw .malformed("unknown action \"\(action)\"\(hint); actions are \(Self.actions.joined(separator: ", "))")
            }
        }
    }

    /// A frame on the wire.
    struct WireFrame: Encodable {
        let seq: Int
        let reply: Int?
        let idle: Bool
        let error: String?
        let screen: Screen
        let text: String
    }
}
