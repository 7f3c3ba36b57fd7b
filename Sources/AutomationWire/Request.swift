/// One command, runner to app: `{"id": 1, "action": "tap", "target": "Login"}`.
public struct Request: Codable, Equatable, Sendable {
    /// What a command can ask.
    public enum Action: String, Codable, Sendable, CaseIterable {
        /// Tap the control `target` (identifier, label or number).
        case tap
        /// Replace the text of the field `target` with `text`.
        case type
        /// Go back to the previous screen.
        case back
        /// Move a list's window: `target` is `up`, `down`, `top`, `bottom` or a row number from 1.
        case scroll
        /// Answer with the current frame.
        case snapshot
        /// Answer, then exit.
        case quit
    }

    public var id: Int?
    public var action: Action
    public var target: String?
    public var text: String?

    public init(id: Int?, action: Action, target: String? = nil, text: String? = nil) {
        self.id = id
        self.action = action
        self.target = target
        self.text = text
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, action, target, text
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: CodingKeys.allCases, in: "a command")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int.self, forKey: .id)
        let raw = try c.decode(String.self, forKey: .action)
        guard let action = Action(rawValue: raw) else {
            throw WireError.unknownAction(raw)
        }
        self.action = action
        target = try c.decodeIfPresent(String.self, forKey: .target)
        text = try c.decodeIfPresent(String.self, forKey: .text)
    }
}
