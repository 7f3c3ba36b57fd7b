/// Sorts colours into hue buckets: twelve chromatic buckets of 30° each, and one for colours
/// too grey or too dark to have a hue that a person would name.
///
/// A colour counts as chromatic when its saturation (max − min) / max is at least 25% and its
/// value (max) at least 20%. Each of the 32,768 colours of 5 bits a channel is classified once,
/// into a table, so classifying a pixel is a shift, a mask and a lookup.
public enum HueBuckets {
    public static let chromaticCount = 12
    /// The bucket of colours with no hue to speak of (greys, near-blacks).
    public static let achromatic = chromaticCount

    /// The bucket of `colour`.
    public static func bucket(of colour: RGBColour) -> Int {
        Int(table[index(colour.red, colour.green, colour.blue)])
    }

    @inline(__always)
    static func index(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(red >> 3) << 10 | Int(green >> 3) << 5 | Int(blue >> 3)
    }

    /// Bucket by quantised colour, built once.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 1 << 15)
        for index in 0..<(1 << 15) {
            // The centre of the quantised cell.
            let red = (index >> 10 & 31) << 3 | 4, green = (index >> 5 & 31) << 3 | 4, blue = (index & 31) << 3 | 4
            table[index] = UInt8(classify(red: red, green: green, blue: blue))
        }
        return table
    }()

    static func classify(red: Int, green: Int, blue: Int) -> Int {
        let high = max(red, green, blue), low = min(red, green, blue), range = high - low
        guard high >= 51, range * 4 >= high else { return achromatic }  // value ≥ 20%, saturation ≥ 25%
        var hue: Int  // in sixths of a turn × range, then degrees
        if high == red {
            hue = 60 * (green - blue) / range
        } else if high == green {
            hue = 120 + 60 * (blue - red) / range
        } else {
            hue = 240 + 60 * (red - green) / range
        }
        if hue < 0 { hue += 360 }
        // Buckets centred on red (0°), orange (30°), yellow (60°), ...
        return ((hue + 15) / 30) % chromaticCount
    }
}
