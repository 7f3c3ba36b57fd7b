import StrictMocks
import Testing
import WorkPhotos

/// A strict mock of the progress overlay: the test says when it must be presented and dismissed,
/// in order; a present or dismiss nobody expected fails at the test's line.
final class ProgressPresentingMock: StrictMock<ProgressPresentingMock.Call, Void>, ProgressPresenting, @unchecked Sendable {
    enum Call: Equatable, Sendable, CustomStringConvertible {
        case present(title: String, message: String)
        case dismiss

        var description: String {
            switch self {
            case let .present(title, message): "presentProgress(title: \"\(title)\", message: \"\(message)\")"
            case .dismiss: "dismissProgress()"
            }
        }
    }

    struct Expect {
        let mock: ProgressPresentingMock
        let location: SourceLocation

        func present(title: String, message: String) {
            mock.expect(.present(title: title, message: message), reply: (), sourceLocation: location)
        }

        func dismiss() {
            mock.expect(.dismiss, reply: (), sourceLocation: location)
        }
    }

    /// `progress.expect().present(title: "Uploading…", message: ...)`.
    func expect(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) -> Expect {
        Expect(mock: self, location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        super.init(fallback: (), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    nonisolated func presentProgress(title: String, message: String) {
        record(.present(title: title, message: message))
    }

    nonisolated func dismissProgress() {
        record(.dismiss)
    }
}
