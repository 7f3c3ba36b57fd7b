import FlowKit
import Testing

extension SourceLocation {
    /// A line of this file, for a test that checks a failure is reported where it was asked to be.
    static func line(_ line: Int, filePath: String = #filePath) -> SourceLocation {
        CallSite(file: filePath, line: line).sourceLocation
    }
}
