#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command line's words as the process was given them, bytes and all: `CommandLine.arguments`
/// replaces a byte that is not UTF-8 with U+FFFD, so a path or a value that is not text reads as
/// another one, silently. A program checks its words here first.
public enum ArgumentText {
    /// The first word that is not text: its index in the command line (0 is the program), and why.
    public struct Problem: Error, Sendable, Equatable {
        /// The word's index: 1 is the first argument.
        public let index: Int
        /// What is wrong with it, and where in it.
        public let problem: TextProblem
    }

    /// The first word of `arguments` (the command line, the program first) that is not text.
    public static func firstProblem(in arguments: [[UInt8]]) -> Problem? {
        for (index, word) in arguments.enumerated() {
            if let problem = TextBytes.firstProblem(in: word) { return Problem(index: index, problem: problem) }
        }
        return nil
    }

    /// The process's own command line, each word's bytes as the kernel gave them.
    public static var processArguments: [[UInt8]] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let word = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(word).assumingMemoryBound(to: UInt8.self), count: strlen(word)))
        }
    }

    /// The first word of the process's command line that is not text, or nil.
    public static func firstProblemInProcessArguments() -> Problem? {
        firstProblem(in: processArguments)
    }
}
