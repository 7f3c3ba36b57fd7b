import LocatedYAML

/// A fixture that cannot be used, located in its file: `FILE:LINE:COLUMN: error: ...`, then the
/// offending line and a caret under the column.
public typealias FixtureError = LocatedError
