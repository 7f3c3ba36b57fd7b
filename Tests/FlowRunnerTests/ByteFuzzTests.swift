import BadText
import Console
import FlowRunner
import Foundation
import LocatedYAML
import Testing
import TextBytes
import WorkPhotosRobots

/// The readers of outside files fed raw byte mutations (`ByteMutation`: a bit flipped, a byte of
/// 0x80–0xFF put in or put over one, a character cut, a NUL or a byte-order mark put in, the rest
/// cut off), which the text mutations of the other fuzz tests never make. Each input is read, or
/// refused with a located error inside it; one that is not text is refused as that, at its first
/// bad byte. Seeded: the same inputs every run.
struct ByteFuzzTests {
    static let count = 3000

    /// Runs `reader` on `count` mutations of `good`, checking every refusal, and returns how many were read and refused.
    static func fuzz(
        _ good: [UInt8], seed: UInt64, byteOrderMark: TextBytes.ByteOrderMark, subject: String,
        _ reader: ([UInt8]) -> [LocatedError]?, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (read: Int, refused: Int, notText: Int) {
        var generator = SeededGenerator(seed: seed)
        var counts = (read: 0, refused: 0, notText: 0)
        for index in 0..<count {
            let bytes = ByteMutation.mangled(good, using: &generator)
            guard let errors = reader(bytes) else {
                counts.read += 1
                continue
            }
            counts.refused += 1
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            for error in errors {
                let inside = error.line >= 1 && error.line <= max(lines.count, 1) && error.column >= 1
                    && error.column <= (lines.isEmpty ? 1 : lines[error.line - 1].count + 1)
                #expect(inside && !error.message.isEmpty, "case \(index): \(error)", sourceLocation: sourceLocation)
            }
            if let problem = TextBytes.firstProblem(in: bytes, byteOrderMark: byteOrderMark) {
                counts.notText += 1
                #expect(errors.first.map { ($0.line, $0.column, $0.message) == (problem.line, problem.column, problem.message(subject)) } == true,
                        "case \(index): \(errors.first.map(String.init(describing:)) ?? "no error") / \(problem)", sourceLocation: sourceLocation)
            }
        }
        #expect(counts.refused > count / 2 && counts.notText > count / 3, "\(counts)", sourceLocation: sourceLocation)
        return counts
    }

    @Test func byteMutatedShardsAreMergedOrALocatedError() {
        let counts = Self.fuzz(Array(MergeFuzzTests.valid.utf8), seed: 32, byteOrderMark: .allowedAtStart, subject: "the JUnit file") { bytes in
            do throws(Diagnostics) {
                _ = try JUnitMerge.merge([JUnitMerge.Shard(file: "s.xml", data: Data(bytes))], suite: ["Flows/a.yaml", "Flows/b.yaml"])
                return nil
            } catch {
                return error.errors
            }
        }
        #expect(counts.read > 10, "\(counts)")
    }

    @Test(arguments: [("t.json", FlowTimingsHostileTests.good, TextBytes.ByteOrderMark.refused, "the timings file"),
                      ("j.xml", FlowTimingsHostileTests.goodJUnit, .allowedAtStart, "the JUnit file")])
    func byteMutatedTimingsFilesAreReadOrALocatedError(file: String, good: String, mark: TextBytes.ByteOrderMark, subject: String) {
        // A JUnit file whose mutation put a byte before its `<` is read as the runner's own JSON: said as that file.
        _ = Self.fuzz(Array(good.utf8), seed: 33, byteOrderMark: mark, subject: subject) { bytes in
            switch Result(catching: { () throws(LocatedError) in try FlowTimings.parse(Data(bytes), file: file) }) {
            case .success: return nil
            case let .failure(error):
                // A byte put before a JUnit file's `<` makes it the runner's JSON: its problem is said of that.
                if file == "j.xml", error.message.hasPrefix("the timings file") { return [LocatedError(file: error.file, line: error.line, column: error.column,
                    message: error.message.replacingOccurrences(of: "the timings file", with: "the JUnit file"), sourceLine: nil)] }
                return [error]
            }
        }
    }

    @Test func byteMutatedFlowsAreReadOrLocatedErrors() throws {
        let good = try Data(contentsOf: FlowWorkspace.repository.appendingPathComponent("Flows/photos/upload-retry.yaml"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let counts = Self.fuzz(Array(good), seed: 34, byteOrderMark: .allowedAtStart, subject: "the flow") { bytes in
            try? Data(bytes).write(to: file)
            let parser = FlowParser(catalog: WorkPhotosCatalog.catalog)
            return parser.parse(file: file.path) == nil ? parser.problems.filter { $0.file == file.path } : nil
        }
        #expect(counts.read > 10, "\(counts)")
    }
}
