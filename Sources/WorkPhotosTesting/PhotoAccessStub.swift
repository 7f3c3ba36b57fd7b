import WorkPhotos

/// Answers access requests as the test says: at once with a fixed answer, or later, when the test
/// calls `answer(_:)`, to check what a screen shows while the system alert is up.
@MainActor
public final class PhotoAccessStub: PhotoAccessRequesting {
    public var immediateAnswer: PhotoAuthorization?
    public private(set) var requestCount = 0
    private var waiting: [@MainActor (PhotoAuthorization) -> Void] = []

    /// - Parameter answer: the answer every request gets at once; nil to hold requests.
    public init(answer: PhotoAuthorization? = .authorized) {
        immediateAnswer = answer
    }

    public func requestAccess(_ completion: @escaping @MainActor (PhotoAuthorization) -> Void) {
        requestCount += 1
        if let immediateAnswer { completion(immediateAnswer) } else { waiting.append(completion) }
    }

    /// Answers the requests being held.
    public func answer(_ authorization: PhotoAuthorization) {
        let completions = waiting
        waiting = []
        completions.forEach { $0(authorization) }
    }
}
