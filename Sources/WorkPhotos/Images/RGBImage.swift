/// A picture as the core handles it: RGB bytes, row by row, three per pixel. Plain Swift, so that
/// image processing is unit-tested like any other logic.
public struct RGBImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes.
    public var pixels: [UInt8]

    /// Nil when `pixels` does not hold exactly `width * height` RGB pixels.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        let area = width.multipliedReportingOverflow(by: height), bytes = area.partialValue.multipliedReportingOverflow(by: 3)
        guard width > 0, height > 0, !area.overflow, !bytes.overflow, pixels.count == bytes.partialValue else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> RGBColour {
        let offset = (y * width + x) * 3
        return RGBColour(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2])
    }
}

/// One colour, 8 bits a channel.
public struct RGBColour: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`.
    public var description: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The grey of the same lightness (Rec. 601 luma).
    public var grey: RGBColour {
        let luma = Self.luma(red, green, blue)
        return RGBColour(red: luma, green: luma, blue: luma)
    }

    /// Rec. 601 luma in fixed point, rounded: (77 R + 150 G + 29 B + 128) / 256, which is
    /// 0.301 R + 0.586 G + 0.113 B (the weights sum to 256, so white stays 255).
    @inline(__always)
    public static func luma(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        let r = UInt32(red) &* 77, g = UInt32(green) &* 150, b = UInt32(blue) &* 29
        return UInt8(truncatingIfNeeded: (r &+ g &+ b &+ 128) >> 8)
    }
}
