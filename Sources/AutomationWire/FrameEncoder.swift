/// Encodes one app's frames in the order it writes them: what ``WireCodec/encodeFrame(_:)`` writes,
/// byte for byte, in less time.
///
/// A frame repeats most of the one before it: a step types into one field, and the screen's other
/// elements are as they were. An element equal to the element at its place in the last frame is
/// written as the same bytes, copied rather than written again. The runner's ``FrameDecoder``
/// reads those bytes only once in turn.
///
/// The app's automation adapter keeps one, and writes every frame through it.
public struct FrameEncoder: Sendable {
    /// The last frame's elements, each with the bytes written for it.
    private var earlier: [WireWriter.WrittenElement] = []

    /// An encoder that has written no frame yet.
    public init() {}

    /// How many of the last frame's elements were copied from the frame before it.
    package private(set) var elementsKept = 0

    /// The next frame as one line of JSON, without the newline.
    public mutating func encode(_ frame: Frame) -> [UInt8] {
        var writer = WireWriter(earlier: earlier)
        writer.frame(frame)
        earlier = writer.written
        elementsKept = writer.kept
        return writer.bytes
    }
}
