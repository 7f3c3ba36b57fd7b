import Foundation

/// Where the photo store lives when no path is given: per user, under the XDG data folder.
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
