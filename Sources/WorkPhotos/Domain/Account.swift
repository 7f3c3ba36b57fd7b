/// A signed-in user.
public struct Account: Equatable, Sendable {
    public let username: String

    public init(username: String) {
        self.username = username
    }
}
