import Foundation

/// Where the app keeps its files when no path is given: per user, under the XDG data folder.
///
/// The photo store (`photos.sqlite`) and the account store (`accounts.sqlite`) are the stores of
/// this module; the composition root puts the drive's default folder (`Drive`) beside them.
public enum DefaultStorePath {
    /// `$XDG_DATA_HOME/workphotos/FILE`, else `~/.local/share/workphotos/FILE` (FILE: photos.sqlite).
    public static func resolve(file: String = "photos.sqlite", environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = home + "/.local/share"
        }
        return base + "/workphotos/" + file
    }
}
