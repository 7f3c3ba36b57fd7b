import WorkPhotos

/// Named colours for pictures written as arrays in tests: `RGBImage.make([[Paint.red, Paint.blue]])`.
public enum Paint {
    public static let red = RGBColour(red: 0xD6, green: 0x28, blue: 0x28)
    public static let green = RGBColour(red: 0x2A, green: 0x9D, blue: 0x3F)
    public static let blue = RGBColour(red: 0x1D, green: 0x4E, blue: 0xD8)
    public static let yellow = RGBColour(red: 0xF5, green: 0xD0, blue: 0x20)
    public static let white = RGBColour(red: 0xFF, green: 0xFF, blue: 0xFF)
    public static let asphalt = RGBColour(red: 0x60, green: 0x60, blue: 0x64)
    public static let black = RGBColour(red: 0, green: 0, blue: 0)
}

public extension RGBImage {
    /// A picture from rows of colours, top row first: `RGBImage.make([[.red, .blue], [.blue, .blue]])`.
    /// Every row must have the same length; the test fails loudly (a nil) otherwise.
    static func make(_ rows: [[RGBColour]]) -> RGBImage? {
        guard let width = rows.first?.count, rows.allSatisfy({ $0.count == width }) else { return nil }
        return RGBImage(width: width, height: rows.count, pixels: rows.flatMap { $0.flatMap { [$0.red, $0.green, $0.blue] } })
    }

    /// A picture of one colour, with `painted` colours at given places.
    static func filled(width: Int, height: Int, with colour: RGBColour, painting rects: [(x: Range<Int>, y: Range<Int>, colour: RGBColour)] = []) -> RGBImage? {
        var rows = [[RGBColour]](repeating: [RGBColour](repeating: colour, count: width), count: height)
        for rect in rects {
            for y in rect.y { for x in rect.x { rows[y][x] = rect.colour } }
        }
        return make(rows)
    }
}

/// Compares two pictures pixel by pixel and says how they differ, for a person reading a failure.
public enum ImageComparison {
    /// Nil when they are the same; else `3 of 9 pixels differ; first at (1, 0): expected #D62828, got #4D4D4D`.
    public static func difference(expected: RGBImage, actual: RGBImage) -> String? {
        guard expected.width == actual.width, expected.height == actual.height else {
            return "the sizes differ: expected \(expected.width)×\(expected.height), got \(actual.width)×\(actual.height)"
        }
        var differing: [(Int, Int)] = []
        for y in 0..<expected.height {
            for x in 0..<expected.width where expected[x, y] != actual[x, y] { differing.append((x, y)) }
        }
        guard let (x, y) = differing.first else { return nil }
        return "\(differing.count) of \(expected.width * expected.height) pixels differ; first at (\(x), \(y)): "
            + "expected \(expected[x, y]), got \(actual[x, y])"
    }
}
