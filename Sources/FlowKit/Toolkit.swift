/// The toolkit itself: its version, declared once.
///
/// `flow --version`, the MCP server, the apps `flow new` writes (their dependency on the toolkit,
/// `from:` this version) and the changelog's latest release all read this one value; a test fails
/// when CHANGELOG.md or the API record says another.
///
/// The toolkit follows semantic versioning (`MAJOR.MINOR.PATCH`) for the public API of its library
/// products, as recorded in `api/`: what a patch, a minor and a major may change is said once, in
/// the Versioning section at the head of the repository's CHANGELOG.md. A release
/// (`make release VERSION=X.Y.Z`) sets this value, and tags the commit with it.
public enum Toolkit {
    /// The toolkit's version, `MAJOR.MINOR.PATCH`.
    public static let version = "2.0.0"
}
