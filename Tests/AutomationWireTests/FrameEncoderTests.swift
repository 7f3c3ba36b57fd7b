@testable import AutomationWire
import Testing

/// An app's `FrameEncoder` writes each frame byte for byte as `WireCodec.encodeFrame` writes it
/// alone, whatever came before; it only copies the bytes of an element equal to the element at
/// its place in the last frame.
struct FrameEncoderTests {
    @Test func aRunOfFramesIsWrittenAsEachAloneAndCopiesOnlyTheElementsAsBefore() {
        let frame = WireReaderTests.frame
        func changed(_ change: (inout [Element]) -> Void) -> Frame {
            var changed = frame
            change(&changed.screen.elements)
            changed.seq += 1
            return changed
        }
        let frames: [(Frame, kept: Int)] = [
            (frame, 0),
            // One letter of one value: written again.
            (changed { $0[0].value = "alicd" }, 4),
            // Empty and none are two values, and so are two flags.
            (changed { $0[0].value = "alicd"; $0[1].value = nil }, 4),
            (changed { $0[0].value = "alicd"; $0[1].value = nil; $0[2].isEnabled = true }, 4),
            (changed { $0[0].value = "alicd"; $0[1].value = nil; $0[2].isEnabled = true }, 5),
            // A child of the alert: the alert is written again, with its children.
            (changed { $0[0].value = "alicd"; $0[1].value = nil; $0[2].isEnabled = true; $0[4].children[1].label = "Yes" }, 4),
            // An element put in front: every other one is at another place.
            (changed { $0.insert(.text("Wrong password", identifier: "error"), at: 0) }, 0),
            (changed { $0.removeAll() }, 0),
            (frame, 0),
            (changed { $0.removeLast() }, 4),
        ]
        var encoder = FrameEncoder()
        for (index, (frame, kept)) in frames.enumerated() {
            #expect(encoder.encode(frame) == WireCodec.encodeFrame(frame), "frame \(index)")
            #expect(encoder.elementsKept == kept, "frame \(index)")
        }
    }

    @Test func whatOneWritesTheOtherReadsKeepingTheSameElements() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var frame = WireReaderTests.frame
        for letter in "abcdef" {
            frame.screen.elements[0].value = "alice" + String(letter)
            frame.seq += 1
            #expect(try decoder.decode(encoder.encode(frame)) == frame)
        }
        #expect(encoder.elementsKept == 4)
        #expect(decoder.elementsKept == 4)
    }
}
