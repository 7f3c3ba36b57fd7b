@testable import FlowRunner
import Foundation
import Testing

/// The worker's input, read line by line: every line as it was written, across reads of any
/// size, an empty one too; the input's end (or a descriptor that cannot be read) ends it, and a
/// last line without its newline is not one.
struct LineInputTests {
    @Test func eachLineIsReadWithoutItsNewlineAndALastLineWithoutOneIsNot() throws {
        try Self.reading(Array("one\ntwo\n\nthree".utf8)) { input in
            #expect(input.next().map { String(decoding: $0, as: UTF8.self) } == "one")
            #expect(input.next().map { String(decoding: $0, as: UTF8.self) } == "two")
            #expect(input.next() == [])
            #expect(input.next() == nil)
            #expect(input.next() == nil, "and the end stays the end")
        }
    }

    @Test func linesLongerThanAReadAndManyOfThemAreReadWhole() throws {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 150_000)
        let short = (0..<20_000).map { Array("line \($0)".utf8) }
        try Self.reading((short + [long] + short).flatMap { $0 + [0x0A] }) { input in
            var read: [[UInt8]] = []
            while let line = input.next() { read.append(line) }
            #expect(read == short + [long] + short)
        }
    }

    @Test func aDescriptorThatCannotBeReadEndsTheInput() {
        var input = LineInput(fd: -1)
        #expect(input.next() == nil)
    }

    @Test func theEndOfTheInputEndsItWhateverErrnoSaidBefore() throws {
        try Self.reading([]) { input in
            errno = EINTR
            #expect(input.next() == nil)
        }
    }

    // MARK: - Helpers

    /// Runs `body` on an input reading `bytes` from a file of their own.
    static func reading(_ bytes: [UInt8], _ body: (inout LineInput) -> Void) throws {
        let path = NSTemporaryDirectory() + "/line-input-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        try #require(fd >= 0)
        defer { close(fd) }
        var input = LineInput(fd: fd)
        body(&input)
    }
}
