/// Paints a photo's RGB pixels from its paint steps.
public enum Painter {
    public static func paint(width: Int, height: Int, steps: [PaintStep]) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for step in steps {
                switch step {
                case let .fill(color):
                    fill(&buffer, width: width, x0: 0, y0: 0, x1: width, y1: height, color: color)
                case let .rect(x, y, w, h, color):
                    // Clipped to the image: a rectangle may hang over an edge.
                    fill(&buffer, width: width, x0: max(0, x), y0: max(0, y),
                         x1: min(width, x + w), y1: min(height, y + h), color: color)
                case let .gradient(from, to, vertical):
                    gradient(&buffer, width: width, height: height, from: from, to: to, vertical: vertical)
                }
            }
        }
        return pixels
    }

    private static func fill(
        _ buffer: inout UnsafeMutableBufferPointer<UInt8>, width: Int, x0: Int, y0: Int, x1: Int, y1: Int, color: RGB
    ) {
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            var offset = (y * width + x0) * 3
            for _ in x0..<x1 {
                buffer[offset] = color.red
                buffer[offset + 1] = color.green
                buffer[offset + 2] = color.blue
                offset += 3
            }
        }
    }

    private static func gradient(
        _ buffer: inout UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, from: RGB, to: RGB, vertical: Bool
    ) {
        let steps = max(1, (vertical ? height : width) - 1)
        func mix(_ a: UInt8, _ b: UInt8, _ position: Int) -> UInt8 {
            UInt8((Int(a) * (steps - position) + Int(b) * position) / steps)
        }
        for y in 0..<height {
            for x in 0..<width {
                let position = vertical ? y : x
                let offset = (y * width + x) * 3
                buffer[offset] = mix(from.red, to.red, position)
                buffer[offset + 1] = mix(from.green, to.green, position)
                buffer[offset + 2] = mix(from.blue, to.blue, position)
            }
        }
    }
}
