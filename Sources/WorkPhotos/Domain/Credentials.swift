/// What a person typed to sign in. Its description never includes the password.
public struct Credentials: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let username: String
    public let password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public var description: String { "Credentials(username: \(username), password: <redacted>)" }
    public var debugDescription: String { description }
}
