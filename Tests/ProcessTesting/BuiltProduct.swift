import Foundation

/// The package's built programs, as tests find them: beside the running test binary, in the
/// build folder (`swift build --build-tests` builds every executable the test target depends on).
public enum BuiltProduct {
    /// The built executable `name` (`workphotos`, `textapp-sample`).
    public static func url(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent(name)
    }
}
