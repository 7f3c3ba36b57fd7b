/// An error a screen may show as it is: its `userMessage` says what went wrong and what to do,
/// in words a person reads, without SQL, file internals or secrets.
public protocol UserFacingError: Error {
    var userMessage: String { get }
}

/// What a screen says about an error from a service: its user message when it has one, else a
/// plain sentence (the details belong in the log, never on the screen).
public enum ErrorWording {
    public static func userMessage(for error: any Error) -> String {
        (error as? any UserFacingError)?.userMessage ?? "something went wrong; the log has the details"
    }
}
