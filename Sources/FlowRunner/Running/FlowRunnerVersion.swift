import FlowKit

/// The flow runner's version: the toolkit's own (``Toolkit/version``), what `flow --version` prints
/// and what the MCP server gives as its own.
package enum FlowRunnerVersion {
    /// The version of this runner, `MAJOR.MINOR.PATCH`.
    package static let current = Toolkit.version
}
