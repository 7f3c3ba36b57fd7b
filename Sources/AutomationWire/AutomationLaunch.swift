/// How a runner asks an app for the automation protocol: the launch argument `-automation YES`,
/// and the protocol's version in the environment (`AUTOMATION_PROTOCOL=2`).
///
/// Declared here, beside the frames and commands, because both sides read it: the app's entry
/// point (TextUI's `TextApp`) chooses the automation server when it is given, and a runner
/// (FlowKit's `FlowApp`) passes it.
///
/// The version travels in the environment, not as a launch argument, so that each side tolerates
/// an older peer: an app older than version 2 refuses a launch argument it does not know, but
/// ignores the variable and writes frames of version 1, which a newer runner still reads; an
/// app of version 2 started by an older runner, without the variable, writes frames of version 1,
/// which that runner reads. See "Versions" in docs/automation-protocol.md.
public enum AutomationLaunch {
    /// The launch argument's key, without its dash.
    public static let key = "automation"
    /// The launch arguments that ask for the protocol, as a runner passes them.
    public static let arguments = ["-\(key)", "YES"]

    /// The protocol version this side speaks: 2 adds `busy` to frames (the work in flight, by name).
    public static let protocolVersion = 2
    /// The environment variable by which a runner says the highest version it reads.
    public static let versionVariable = "AUTOMATION_PROTOCOL"

    /// `environment` with the variable that says this runner reads version ``protocolVersion``.
    public static func environment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment[versionVariable] = String(protocolVersion)
        return environment
    }

    /// The version an app speaks to a runner that set `environment`: the runner's, or this app's
    /// own if the runner reads a later one; 1 when the runner does not say (a runner older than
    /// version 2). A value that is not a whole number from 1 is an error that names it.
    public static func version(in environment: [String: String]) throws(VersionError) -> Int {
        guard let raw = environment[versionVariable] else { return 1 }
        guard let asked = Int(raw), asked >= 1 else { throw VersionError(value: raw) }
        return min(asked, protocolVersion)
    }

    /// A version variable that is not a version.
    public struct VersionError: Error, Equatable, CustomStringConvertible {
        /// The value as given (a version number is no secret).
        public let value: String

        /// The error for `value`, which is no version.
        public init(value: String) {
            self.value = value
        }

        public var description: String {
            let printable = BusyWork.oneLine(value)
            let shown = printable.count > 40 ? String(printable.prefix(40)) + "…" : printable
            return "\(AutomationLaunch.versionVariable) is \"\(shown)\": it takes the automation protocol's version, a whole number from 1 (this app speaks 1 to \(AutomationLaunch.protocolVersion))"
        }
    }
}
