/// A picture a screen can show in a colour terminal: RGB bytes, row by row, three per pixel.
///
/// Only a person's terminal ever draws it (as true-colour half blocks, two pixels a character);
/// frames for automation and terminals without colour carry the image element's description.
public struct TerminalPicture: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// Red, green and blue bytes, row by row from the top left: `width * height * 3` of them.
    public let rgb: [UInt8]

    /// Nil when `rgb` does not hold exactly `width * height` pixels.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        let area = width.multipliedReportingOverflow(by: height), bytes = area.partialValue.multipliedReportingOverflow(by: 3)
        guard width > 0, height > 0, !area.overflow, !bytes.overflow, rgb.count == bytes.partialValue else { return nil }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The picture scaled to fit `columns` characters and `rows` lines (keeping its shape), each
    /// character an upper half block: its foreground the upper pixel, its background the lower.
    /// Each scaled pixel is the mean of the source pixels it covers (up to 4 × 4 samples of them).
    public func halfBlocks(columns: Int, rows: Int) -> [String] {
        guard columns > 0, rows > 0 else { return [] }
        let scale = max(Double(width) / Double(columns), Double(height) / Double(rows * 2), 1)
        let outWidth = max(1, Int(Double(width) / scale)), outHeight = max(1, Int(Double(height) / scale))
        var lines: [String] = []
        var y = 0
        while y < outHeight {
            var line = ""
            for x in 0..<outWidth {
                let top = sample(x, y, scale)
                line += "\u{1B}[38;2;\(top.0);\(top.1);\(top.2)m"
                if y + 1 < outHeight {
                    let bottom = sample(x, y + 1, scale)
                    line += "\u{1B}[48;2;\(bottom.0);\(bottom.1);\(bottom.2)m"
                } else {
                    line += "\u{1B}[49m"  // an odd last row: the terminal's own background below
                }
                line += "▀"
            }
            lines.append(line + "\u{1B}[0m")
            y += 2
        }
        return lines
    }

    /// The mean colour of the source pixels under scaled pixel (x, y).
    private func sample(_ x: Int, _ y: Int, _ scale: Double) -> (Int, Int, Int) {
        let x0 = Int(Double(x) * scale), y0 = Int(Double(y) * scale)
        let x1 = min(width, max(x0 + 1, Int(Double(x + 1) * scale))), y1 = min(height, max(y0 + 1, Int(Double(y + 1) * scale)))
        let stepX = max(1, (x1 - x0) / 4), stepY = max(1, (y1 - y0) / 4)
        var sums = (0, 0, 0), count = 0
        for sy in stride(from: y0, to: y1, by: stepY) {
            for sx in stride(from: x0, to: x1, by: stepX) {
                let offset = (sy * width + sx) * 3
                sums.0 += Int(rgb[offset])
                sums.1 += Int(rgb[offset + 1])
                sums.2 += Int(rgb[offset + 2])
                count += 1
            }
        }
        return ((sums.0 + count / 2) / count, (sums.1 + count / 2) / count, (sums.2 + count / 2) / count)
    }
}

/// Whether the terminal draws 24-bit colour, from what the environment says about it.
public enum TerminalColour {
    /// True with `COLORTERM=truecolor` (or `24bit`), the convention terminals that support it
    /// follow; false with `NO_COLOR` set (no-color.org), with `TERM=dumb`, and otherwise.
    public static func supportsTrueColour(environment: [String: String]) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }
}
