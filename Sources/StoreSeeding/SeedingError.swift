import NameMatching
import TextBytes

/// Why a seeder could not reset a store, apart from a bad fixture (a `LocatedError`, located in
/// its file) or a store that failed while it was written (the app's own store error).
///
/// The words are a seeder command's: it takes the store as `--store PATH`, the fixtures' folder as
/// `--seeds DIR`, and replaces what is not the app's store only with `--force`.
public enum SeedingError: Error, Equatable, CustomStringConvertible {
    /// The store (or its folder) could not be written: nothing was replaced.
    case cannotWrite(path: String, reason: String)
    /// A fixture or the fixtures' folder could not be read.
    case cannotRead(path: String, reason: String)
    /// A fixture's bytes are not text (see `TextBytes`): what is wrong, where.
    case notText(path: String, problem: TextProblem)
    /// No fixture of that name in the folder, with the nearest name and every name there is.
    case noSuchFixture(name: String, directory: String, available: [String], suggestion: String?)
    /// No fixtures' folder was given, and none was found where one is looked for.
    case noSeedsDirectory(searched: [String])
    /// Something other than the app's store is at the path: it is left alone.
    case refused(path: String, reason: String, forceable: Bool)

    /// The line a person reads, saying what to do.
    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write the store at \(path): \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read \(path): \(reason)"
        case let .notText(path, problem):
            return "cannot read \(path): " + problem.message("the fixture") + " (line \(problem.line), column \(problem.column))"
        case let .noSuchFixture(name, directory, available, suggestion):
            return "no fixture named \"\(Suggestion.shown(name))\" in \(directory)\(Suggestion.format(suggestion)); fixtures: \(available.joined(separator: ", "))"
        case let .refused(path, reason, forceable):
            return "refusing to replace \(path): \(reason); it was left as it is. "
                + (forceable ? "Give another --store, or add --force to replace it" : "Give another --store")
        case let .noSeedsDirectory(searched):
            return "cannot find the Seeds/ folder (looked in \(searched.joined(separator: ", "))); pass --seeds DIR"
        }
    }
}
