@testable import AutomationWire
import BadText
import Foundation
import Testing
import TextBytes

/// A runner's `FrameDecoder` reads each of an app's frames as `WireCodec.decodeFrame` reads it
/// alone, errors included, whatever came before; it only skips reading again an element written
/// byte for byte as the element at its place in the last frame.
struct FrameDecoderTests {
    static let frame = WireReaderTests.frame

    /// The frame with its screen's elements changed by `change`.
    static func frame(_ change: (inout [Element]) -> Void) -> Frame {
        var frame = Self.frame
        change(&frame.screen.elements)
        frame.seq += 1
        return frame
    }

    @Test func aRunOfFramesReadsAsEachAloneAndKeepsOnlyTheElementsWrittenAsBefore() throws {
        let frames: [(Frame, kept: Int)] = [
            (Self.frame, 0),
            // One byte of one value changed, near its end, the length the same: read again.
            (Self.frame { $0[0].value = "alicd" }, 4),
            // An element put in front: every other is at another place now.
            (Self.frame { $0.insert(.text("Wrong password", identifier: "error"), at: 0) }, 0),
            (Self.frame { $0.insert(.text("Wrong password", identifier: "error"), at: 0) }, 6),
            // A child of the alert renamed: the alert is read again, with its children.
            (Self.frame { $0.insert(.text("Wrong password", identifier: "error"), at: 0); $0[5].children[2].label = "Allow" }, 5),
            (Self.frame { $0.removeAll() }, 0),
            (Self.frame, 0),
            (Self.frame { $0.removeLast() }, 4),
        ]
        var decoder = FrameDecoder()
        for (index, (frame, kept)) in frames.enumerated() {
            let line = WireCodec.encodeFrame(frame)
            let read = try decoder.decode(line)
            #expect(read == frame, "frame \(index)")
            #expect(read == (try WireCodec.decodeFrame(line)), "frame \(index)")
            #expect(decoder.elementsKept == kept, "frame \(index)")
        }
    }

    @Test func anElementWrittenWithOtherSpacingIsReadAgainAndReadTheSame() throws {
        var decoder = FrameDecoder()
        let line = WireCodec.encodeFrame(Self.frame)
        _ = try decoder.decode(line)
        // Spaces before an element are no element's bytes; inside every element, they are.
        let between = String(decoding: line, as: UTF8.self).replacingOccurrences(of: #""elements":[{"#, with: #""elements": [ {"#)
        #expect(try decoder.decode(Array(between.utf8)) == Self.frame)
        #expect(decoder.elementsKept == 5)
        let inside = String(decoding: line, as: UTF8.self).replacingOccurrences(of: #""label":"#, with: #""label" : "#)
        #expect(try decoder.decode(Array(inside.utf8)) == Self.frame)
        #expect(decoder.elementsKept == 0)
        #expect(try decoder.decode(line) == Self.frame)
        #expect(decoder.elementsKept == 0)
        #expect(try decoder.decode(line) == Self.frame)
        #expect(decoder.elementsKept == 5)
    }

    @Test func aRefusedFrameIsRefusedAsAloneAndLeavesTheDecoderAsItWas() throws {
        var decoder = FrameDecoder()
        let line = String(decoding: WireCodec.encodeFrame(Self.frame), as: UTF8.self)
        _ = try decoder.decode(Array(line.utf8))
        // Its elements as before, its text gone; then an element given a key twice, twice over.
        let noText = line.replacingOccurrences(of: #","text":"#, with: #","txt":"#)
        let twice = line.replacingOccurrences(of: #""identifier":"Username""#, with: #""identifier":"Username","identifier":"Username""#)
        for bad in [noText, twice, twice] {
            let alone = Result { () throws(WireError) in try WireCodec.decodeFrame(Array(bad.utf8)) }
            let read = Result { () throws(WireError) in try decoder.decode(Array(bad.utf8)) }
            guard case let .failure(error) = read else {
                Issue.record("read a frame that is refused alone: \(bad)")
                continue
            }
            #expect(alone == .failure(error))
        }
        #expect(try decoder.decode(Array(line.utf8)) == Self.frame)
        #expect(decoder.elementsKept == 5)
    }

    /// Lines changed a byte or a few at a time, each after a good frame (so that the decoder
    /// remembers its elements): every answer is the one the line gets alone.
    @Test func mangledLinesAfterAGoodFrameGetTheAnswerTheyGetAlone() throws {
        var random = SeededGenerator(seed: 2026)
        let good = WireCodec.encodeFrame(Self.frame)
        var decoder = FrameDecoder()
        var counts = (read: 0, refused: 0, kept: 0)
        for _ in 0..<3000 {
            _ = try decoder.decode(good)
            let line = random.mangled(good)
            let alone = Result { () throws(WireError) in try WireCodec.decodeFrame(line) }
            let read = Result { () throws(WireError) in try decoder.decode(line) }
            #expect(read == alone, "\(String(decoding: line, as: UTF8.self))")
            if case .success = read {
                counts.read += 1
                counts.kept += decoder.elementsKept
            } else {
                counts.refused += 1
            }
        }
        // The generator must reach both outcomes, and frames that keep elements, or it tests nothing.
        #expect(counts.read > 50 && counts.refused > 500 && counts.kept > 100, "\(counts)")
    }
}

/// The runner's reader of the app's frames refuses bytes that are not text as that, naming the
/// bad bytes and where (a frame holds no secret: a secure field's value is masked by the app).
struct FrameBytesTests {
    @Test(arguments: BadText.all)
    func aFrameThatIsNotTextIsRefusedAsThat(_ bad: BadText) throws {
        let good = WireCodec.encodeFrame(FrameDecoderTests.frame)
        let line = bad.put(into: String(decoding: good, as: UTF8.self), before: "Login")
        let problem = try #require(TextBytes.firstProblem(in: line))
        var decoder = FrameDecoder()
        _ = try decoder.decode(good)
        #expect(throws: WireError.notText(problem)) { try decoder.decode(line) }
        #expect(WireError.notText(problem).description == problem.statement("the line") + " at byte \(problem.offset)")
        #expect(try decoder.decode(good) == FrameDecoderTests.frame, "the decoder reads on as before")
    }
}
