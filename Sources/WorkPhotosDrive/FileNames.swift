import Foundation

/// File names for the photos of one upload: the photo's name made safe for a file system, and
/// unique within the upload (`-2`, `-3`, ... for a repeat).
struct FileNames {
    /// Lower-cased, so two names that differ only in case never meet on a case-blind file system.
    /// (Every name ends in `.ppm`: none can be the manifest or the checksums.)
    private var taken: Set<String> = []

    mutating func claim(for photoName: String) -> String {
        let base = Self.safe(photoName)
        var name = base + ".ppm"
        var counter = 1
        while taken.contains(name.lowercased()) {
            counter += 1
            name = "\(base)-\(counter).ppm"
        }
        taken.insert(name.lowercased())
        return name
    }

    /// No path separators, control characters or leading dots; at most 200 bytes; never empty.
    static func safe(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || scalar == ":" || scalar.properties.generalCategory == .control
            scalars.append(unsafe ? "_" : scalar)
        }
        var safe = String(scalars)
        while safe.hasPrefix(".") { safe.removeFirst() }
        while safe.utf8.count > 200 { safe.removeLast() }
        safe = safe.trimmingCharacters(in: .whitespaces)
        return safe.isEmpty ? "photo" : safe
    }
}
