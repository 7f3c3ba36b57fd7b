/// One frame, app to runner: the screen now, whether the app is idle, and which command it answers.
/// See docs/automation-protocol.md. Every key is written (`reply` and `error` as null when there is
/// none) and required when read, so a renamed key is an error rather than a silent nil; but for
/// `busy`, which protocol 2 added: a frame of version 1 has none (nil), one of version 2 always
/// has it (empty when idle).
public struct Frame: Codable, Equatable, Sendable {
    /// 1 for the first frame, then one more for each frame.
    public var seq: Int
    /// The `id` of the command this frame answers; nil for a pushed frame or an unreadable line.
    public var reply: Int?
    /// No input being handled, no background work in flight, no timer pending.
    public var idle: Bool
    /// Why the command could not be carried out; the frame still shows the screen.
    public var error: String?
    public var screen: Screen
    /// The screen rendered exactly as a person sees it.
    public var text: String
    /// The work in flight, by name, when the frame was made (protocol 2): empty when idle; nil
    /// from an app that speaks protocol 1, which does not say.
    public var busy: [BusyWork]?

    public init(seq: Int, reply: Int?, idle: Bool, error: String?, screen: Screen, text: String, busy: [BusyWork]? = nil) {
        self.seq = seq
        self.reply = reply
        self.idle = idle
        self.error = error
        self.screen = screen
        self.text = text
        self.busy = busy
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case seq, reply, idle, error, screen, text, busy
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seq, forKey: .seq)
        try c.encode(reply, forKey: .reply)
        try c.encode(idle, forKey: .idle)
        try c.encode(error, forKey: .error)
        try c.encode(screen, forKey: .screen)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(busy, forKey: .busy)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        seq = try c.decode(Int.self, forKey: .seq)
        reply = try c.decode(Int?.self, forKey: .reply)
        idle = try c.decode(Bool.self, forKey: .idle)
        error = try c.decode(String?.self, forKey: .error)
        screen = try c.decode(Screen.self, forKey: .screen)
        text = try c.decode(String.self, forKey: .text)
        busy = try c.decodeIfPresent([BusyWork].self, forKey: .busy)
    }
}
