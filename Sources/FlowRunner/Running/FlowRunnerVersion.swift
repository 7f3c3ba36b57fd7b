/// The flow runner's version, declared once: what `flow --version` prints and what the MCP
/// server gives as its own.
public enum FlowRunnerVersion {
    /// The version of this runner, `MAJOR.MINOR.PATCH`.
    public static let current = "1.0.0"
}
