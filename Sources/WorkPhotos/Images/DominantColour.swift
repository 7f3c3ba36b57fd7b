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

    /// Finds the dominant colour of `image` in one pass over its pixels (and, only when two hues
    /// tie, a second pass that stops at the first pixel of either).
    ///
    /// A large picture is split across `threads` threads (nil: the machine's cores), each tallying its
    /// own part; the parts' counts are added up, so the answer is the same on any number of
    /// threads. Within a part, pixels are tallied into four interleaved sets of counters (pixel
    /// `i` into set `i % 4`), added up at the end: neighbouring pixels of one colour then update
    /// different counters, so the processor need not wait for one addition to finish before
    /// starting the next.
    public static func of(_ image: RGBImage, threads: Int? = nil) -> DominantColour {
        let buckets = HueBuckets.chromaticCount + 1, lanes = 4, slots = lanes * buckets * 4
        let pixelCount = image.pixels.count / 3
        let threads = threads ?? Parallel.cores
        let chunks = Parallel.chunkCount(pixelCount: pixelCount, threads: threads)
        // Per chunk, lane and bucket: the count, and the sums of red, green and blue.
        var tally = [Int](repeating: 0, count: chunks * slots)
        image.pixels.withUnsafeBufferPointer { pixels in
            HueBuckets.table.withUnsafeBufferPointer { table in
                tally.withUnsafeMutableBufferPointer { tallies in
                    guard let start = pixels.baseAddress, let table = table.baseAddress, let tallies = tallies.baseAddress else { return }
                    Parallel.forEachChunk(pixelCount: pixelCount, threads: threads) { chunk, range in
                        tallyPixels(start + range.lowerBound * 3, count: range.count, into: tallies + chunk * slots, table: table)
                    }
                }
            }
        }
        // The chunks' and lanes' counts folded into the first.
        for slot in (buckets * 4)..<(chunks * slots) { tally[slot % (buckets * 4)] &+= tally[slot] }
        let counts = (0..<HueBuckets.chromaticCount).map { tally[$0 * 4] }
        let most = counts.max() ?? 0
        var winner = HueBuckets.achromatic
        if most > 0 {
            let tied = counts.indices.filter { counts[$0] == most }
            winner = tied.count == 1 ? tied[0] : firstBucket(among: tied, in: image)
        }
        let n = max(1, tally[winner * 4])
        func mean(_ channel: Int) -> UInt8 { UInt8((tally[winner * 4 + 1 + channel] + n / 2) / n) }
        return DominantColour(colour: RGBColour(red: mean(0), green: mean(1), blue: mean(2)), bucket: winner, pixelCount: tally[winner * 4])
    }

    /// Tallies `count` pixels from `base` into four lanes of counters at `tally`.
    private static func tallyPixels(_ base: UnsafePointer<UInt8>, count: Int, into tally: UnsafeMutablePointer<Int>, table: UnsafePointer<UInt8>) {
        let buckets = HueBuckets.chromaticCount + 1, lanes = 4
        do {
            do {
                do {
                    @inline(__always)
                    func add(_ pixel: UnsafePointer<UInt8>, lane: Int) {
                        let red = pixel[0], green = pixel[1], blue = pixel[2]
                        let entry = tally + (lane * buckets + Int(table[HueBuckets.index(red, green, blue)])) * 4
                        entry[0] &+= 1
                        entry[1] &+= Int(red)
                        entry[2] &+= Int(green)
                        entry[3] &+= Int(blue)
                    }
                    let end = base + count * 3
                    var pixel = base
                    while end - pixel >= 3 * lanes {
                        add(pixel, lane: 0)
                        add(pixel + 3, lane: 1)
                        add(pixel + 6, lane: 2)
                        add(pixel + 9, lane: 3)
                        pixel += 3 * lanes
                    }
                    while pixel < end {
                        add(pixel, lane: 0)
                        pixel += 3
                    }
                }
            }
        }
    }

    /// Of tied buckets, the one whose first pixel comes first in reading order.
    private static func firstBucket(among tied: [Int], in image: RGBImage) -> Int {
        let wanted = Set(tied)
        var offset = 0
        while offset + 2 < image.pixels.count {
            let bucket = Int(HueBuckets.table[HueBuckets.index(image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2])])
            if wanted.contains(bucket) { return bucket }
            offset += 3
        }
        return tied[0]
    }
}

/// Show & Hide: only the dominant colour kept, every other pixel turned to its grey.
public enum ShowAndHide {
    /// `image` with the pixels outside `dominant`'s bucket in grey. A grey picture comes back as is.
    /// A large picture is split across `threads` threads (nil: the machine's cores), each writing
    /// its own part.
    public static func apply(to image: RGBImage, keeping dominant: DominantColour, threads: Int? = nil) -> RGBImage {
        guard dominant.bucket != HueBuckets.achromatic else { return image }
        let threads = threads ?? Parallel.cores
        // Which quantised colours are kept, as 32,768 bits (4 KB, always in the fastest cache;
        // the bucket table itself is 32 KB): measured a quarter faster than reading the table.
        var kept = [UInt8](repeating: 0, count: 1 << 12)
        for index in 0..<(1 << 15) where Int(HueBuckets.table[index]) == dominant.bucket {
            kept[index >> 3] |= 1 << UInt8(index & 7)
        }
        // Written straight into a new buffer: no copy of the original to then overwrite. Each
        // channel is chosen without a branch (kept, or the grey), so edges cost no mispredictions.
        let pixels = PixelBuffer.make(count: image.pixels.count) { output in
            image.pixels.withUnsafeBufferPointer { input in
                kept.withUnsafeBufferPointer { kept in
                    guard let source = input.baseAddress, let target = output.baseAddress, let kept = kept.baseAddress else { return }
                    Parallel.forEachChunk(pixelCount: input.count / 3, threads: threads) { _, range in
                    var offset = range.lowerBound * 3
                    let end = range.upperBound * 3
                    while offset < end {
                        let red = source[offset], green = source[offset + 1], blue = source[offset + 2]
                        let luma = RGBColour.luma(red, green, blue)
                        let index = HueBuckets.index(red, green, blue)
                        let keeps = (kept[index >> 3] >> UInt8(index & 7)) & 1 != 0
                        target[offset] = keeps ? red : luma
                        target[offset + 1] = keeps ? green : luma
                        target[offset + 2] = keeps ? blue : luma
                        offset += 3
                    }
                    }
                }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels) ?? image
    }

    /// The dominant colour of `image`, then the picture with only it kept, on `threads` threads.
    public static func apply(to image: RGBImage, threads: Int? = nil) -> (RGBImage, DominantColour) {
        let dominant = DominantColour.of(image, threads: threads)
        return (apply(to: image, keeping: dominant, threads: threads), dominant)
    }
}
