/// The toolkit itself: its version, declared once.
///
/// `flow --version`, the MCP server, the apps `flow new` writes (their dependency on the toolkit,
/// `from:` this version) and the changelog's latest release all read this one value; a test fails
/// when CHANGELOG.md or the API record says another.
///
/// The toolkit follows semantic versioning (`MAJOR.MINOR.PATCH`) for the public API of its library
/// products, as recorded in `api/`:
/// - a patch fixes behaviour and changes no public declaration;
/// - a minor adds declarations, or deprecates one (with a message saying what to write now), and
///   removes or changes none: an app that built on `X.Y` builds on `X.(Y+1)`, at most with warnings;
/// - a major removes or changes a declaration, each named in CHANGELOG.md with its migration, after
///   it has been deprecated for at least one minor release.
public enum Toolkit {
    /// The toolkit's version, `MAJOR.MINOR.PATCH`.
    public static let version = "2.0.0"
}
