import Foundation

/// Decodes one app's frames in the order it writes them: what `WireCodec.decodeFrame(_:)`
/// answers, line for line, errors included, in less time.
///
/// A frame repeats most of the one before it: a step types into one field, and the screen's other
/// elements come back byte for byte. An element written exactly as the element at its place in
/// the last frame read is taken from there, not read again (its bytes are one whole, valid JSON
/// object, so they end where it ends and read as they did). Anything else is read in full, with
/// every check. A frame that is refused leaves the decoder as it was.
///
/// The runner keeps one for each app it talks to (a step decodes a frame, and decoding was the
/// largest part of a step's time in the runner).
public struct FrameDecoder: Sendable {
    /// The last frame's elements, each with the bytes it was read from.
    private var earlier: [WireReader.ReadElement] = []

    /// A decoder that has read no frame yet.
    public init() {}

    /// How many of the last frame's elements were taken from the frame before it.
    package private(set) var elementsKept = 0

    /// Decodes the next frame line held in `Data` (as the runner reads it from the app's output).
    public mutating func decode(_ line: Data) throws(WireError) -> Frame {
        let result = line.withUnsafeBytes { raw in
            Result { () throws(WireError) in try decode(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// Decodes the next frame line.
    public mutating func decode(_ line: [UInt8]) throws(WireError) -> Frame {
        try line.withUnsafeBufferPointer { buffer throws(WireError) in try decode(buffer) }
    }

    /// Decodes the next frame line held in a buffer.
    public mutating func decode(_ line: UnsafeBufferPointer<UInt8>) throws(WireError) -> Frame {
        try WireCodec.checked(line)
        let read = try WireReader.frame(line, earlier: earlier)
        earlier = read.elements
        elementsKept = read.kept
        return read.frame
    }
}
