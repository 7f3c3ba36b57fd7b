/// Where presenters write what happened, for a person reading the app's standard error.
///
/// A seam so tests can read the log and prove what never goes into it (a password, for one).
public protocol EventLogging: Sendable {
    /// Writes one line about what happened (`login: signed in as alice`); never a secret, since a
    /// person or a log file reads every line.
    func log(_ message: String)
}
