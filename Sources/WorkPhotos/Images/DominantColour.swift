/// The dominant colour of a picture: the hue that covers the most pixels.
///
/// Method (hue buckets): every pixel goes into one of twelve 30° hue buckets, or into the
/// achromatic bucket when it is too grey or too dark to have a hue (`HueBuckets`). The chromatic
/// bucket with the most pixels wins, ties going to the bucket whose first pixel comes first in
/// reading order; its colour is the mean of its pixels. Greys never win while any pixel has a
/// hue: a red bus on a grey street is red. A picture with no chromatic pixel at all has the mean
/// of all its pixels as its dominant colour, in the achromatic bucket.
public struct DominantColour: Equatable, Sendable {
    public let colour: RGBColour
    /// The winning bucket (`HueBuckets.achromatic` for a grey picture).
    public let bucket: Int
    /// How many pixels are in it.
    public let pixelCount: Int

    public init(colour: RGBColour, bucket: Int, pixelCount: Int) {
        self.colour = colour
        self.bucket = bucket
        self.pixelCount = pixelCount
    }

    /// Finds the dominant colour of `image` in one pass over its pixels.
    ///
    /// Pixels are tallied into four interleaved sets of counters (pixel `i` into set `i % 4`),
    /// summed at the end: neighbouring pixels of one colour then update different counters, so
    /// the processor need not wait for one addition to finish before the next (the same answer,
    /// about twice as fast on a flat stretch of colour).
    public static func of(_ image: RGBImage) -> DominantColour {
        let buckets = HueBuckets.chromaticCount + 1, lanes = 4
        // Per lane and bucket: the count, the sums of red, green and blue, and the first pixel's index.
        var tally = [Int](repeating: 0, count: lanes * buckets * 5)
        for slot in 0..<(lanes * buckets) { tally[slot * 5 + 4] = .max }
        image.pixels.withUnsafeBufferPointer { pixels in
            HueBuckets.table.withUnsafeBufferPointer { table in
                tally.withUnsafeMutableBufferPointer { tally in
                    guard let base = pixels.baseAddress, let table = table.baseAddress, let tally = tally.baseAddress else { return }
                    @inline(__always)
                    func add(_ index: Int, lane: Int) {
                        let pixel = base + index * 3
                        let red = pixel[0], green = pixel[1], blue = pixel[2]
                        let entry = tally + (lane * buckets + Int(table[HueBuckets.index(red, green, blue)])) * 5
                        if entry[0] == 0 { entry[4] = index }
                        entry[0] &+= 1
                        entry[1] &+= Int(red)
                        entry[2] &+= Int(green)
                        entry[3] &+= Int(blue)
                    }
                    let pixelCount = pixels.count / 3
                    var index = 0
                    while index + lanes <= pixelCount {
                        add(index, lane: 0)
                        add(index + 1, lane: 1)
                        add(index + 2, lane: 2)
                        add(index + 3, lane: 3)
                        index += lanes
                    }
                    while index < pixelCount {
                        add(index, lane: 0)
                        index += 1
                    }
                }
            }
        }
        // The lanes folded into lane 0: counts and sums add up; the first pixel is the earliest.
        for lane in 1..<lanes {
            for bucket in 0..<buckets {
                let from = (lane * buckets + bucket) * 5, to = bucket * 5
                for field in 0..<4 { tally[to + field] &+= tally[from + field] }
                tally[to + 4] = min(tally[to + 4], tally[from + 4])
            }
        }
        var winner = HueBuckets.achromatic
        for bucket in 0..<HueBuckets.chromaticCount where tally[bucket * 5] > 0 {
            let count = tally[bucket * 5], best = tally[winner * 5]
            if winner == HueBuckets.achromatic || count > best || (count == best && tally[bucket * 5 + 4] < tally[winner * 5 + 4]) {
                winner = bucket
            }
        }
        let n = max(1, tally[winner * 5])
        func mean(_ channel: Int) -> UInt8 { UInt8((tally[winner * 5 + 1 + channel] + n / 2) / n) }
        return DominantColour(colour: RGBColour(red: mean(0), green: mean(1), blue: mean(2)), bucket: winner, pixelCount: tally[winner * 5])
    }
}

/// Show & Hide: only the dominant colour kept, every other pixel turned to its grey.
public enum ShowAndHide {
    /// `image` with the pixels outside `dominant`'s bucket in grey. A grey picture comes back as is.
    public static func apply(to image: RGBImage, keeping dominant: DominantColour) -> RGBImage {
        guard dominant.bucket != HueBuckets.achromatic else { return image }
        let keep = UInt8(dominant.bucket)
        // Written straight into a new buffer: no copy of the original to then overwrite. Each
        // channel is chosen without a branch (kept, or the grey), so edges cost no mispredictions.
        let pixels = PixelBuffer.make(count: image.pixels.count) { output in
            image.pixels.withUnsafeBufferPointer { input in
                HueBuckets.table.withUnsafeBufferPointer { table in
                    guard let source = input.baseAddress, let target = output.baseAddress, let table = table.baseAddress else { return }
                    var offset = 0
                    let end = input.count
                    while offset < end {
                        let red = source[offset], green = source[offset + 1], blue = source[offset + 2]
                        let luma = RGBColour.luma(red, green, blue)
                        let kept = table[HueBuckets.index(red, green, blue)] == keep
                        target[offset] = kept ? red : luma
                        target[offset + 1] = kept ? green : luma
                        target[offset + 2] = kept ? blue : luma
                        offset += 3
                    }
                }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels) ?? image
    }

    /// The dominant colour of `image`, then the picture with only it kept.
    public static func apply(to image: RGBImage) -> (RGBImage, DominantColour) {
        let dominant = DominantColour.of(image)
        return (apply(to: image, keeping: dominant), dominant)
    }
}
