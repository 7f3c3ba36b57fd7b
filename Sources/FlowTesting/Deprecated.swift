import FlowKit
import Testing

// The golden-screen assertions' forms before they took Swift Testing's `sourceLocation` (a file ID,
// a path, a line and a column), kept so that a robot written against them still builds, with a
// warning that says what to write now. The path and the line are required: a call that names no
// place matches only the new form. Deprecated in 2.0.0, they stay through every 2.x and go in 3.0.0,
// as the versioning at the head of CHANGELOG.md says.

extension FlowApp {
    /// Deprecated: `assertScreen(matches:masking:record:sourceLocation:)` at the
    /// place given as a file ID, a path, a line and a column.
    @available(*, deprecated, message: "write `assertScreen(matches:masking:record:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took fileID:, filePath:, line: and column:, and pass it on")
    public func assertScreen(
        matches name: String, masking: [String] = [], record: Bool? = nil, fileID: String = "", filePath: String, line: Int, column: Int = 1
    ) {
        assertScreen(matches: name, masking: masking, record: record, sourceLocation: Self.deprecatedLocation(fileID, filePath, line, column))
    }

    /// The place the old form was given, as Swift Testing's source location; what Swift Testing
    /// would refuse (a file ID without a module, a line or column of 0) is made so, as a YAML
    /// step's place is.
    static func deprecatedLocation(_ fileID: String, _ filePath: String, _ line: Int, _ column: Int) -> SourceLocation {
        let place = CallSite(file: filePath, line: line, column: column).sourceLocation
        guard fileID.contains("/") else { return place }
        return SourceLocation(fileID: fileID, filePath: filePath, line: place.line, column: place.column)
    }
}

extension Robot {
    /// Deprecated: `assertScreen(matches:masking:record:sourceLocation:)` at the
    /// place given as a file ID, a path, a line and a column.
    @available(*, deprecated, message: "write `assertScreen(matches:masking:record:sourceLocation:)`: take `sourceLocation: SourceLocation = #_sourceLocation` where you took fileID:, filePath:, line: and column:, and pass it on")
    @discardableResult
    public func assertScreen(
        matches name: String, masking: [String] = [], record: Bool? = nil, fileID: String = "", filePath: String, line: Int, column: Int = 1
    ) -> Self {
        app.assertScreen(matches: name, masking: masking, record: record, sourceLocation: FlowApp.deprecatedLocation(fileID, filePath, line, column))
        return self
    }
}
