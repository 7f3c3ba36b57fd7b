import LocatedYAML

/// Every problem lint found, in every file: sorted by file, line and column, each once.
package struct Diagnostics: Error, Sendable, CustomStringConvertible {
    /// The problems, each once, sorted by file, line and column.
    package let errors: [LocatedError]

    /// Sorts `errors` and drops repeats, so a problem met twice is printed once.
    package init(_ errors: [LocatedError]) {
        var seen: Set<LocatedError> = []
        let unique = errors.filter { seen.insert($0).inserted }
        self.errors = unique.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// True when lint found nothing.
    package var isEmpty: Bool { errors.isEmpty }

    /// The files with a problem.
    package var files: [String] {
        var seen: [String] = []
        for error in errors where !seen.contains(error.file) { seen.append(error.file) }
        return seen
    }

    /// `3 errors in 2 files`.
    package var summary: String {
        "\(errors.count) error\(errors.count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")"
    }

    /// Each error as a compiler prints it, then the summary.
    package var description: String {
        errors.map(\.description).joined(separator: "\n") + "\n" + summary
    }
}
