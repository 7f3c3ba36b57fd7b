import Testing
import WorkPhotos
import WorkPhotosTesting

/// Known answers for the dominant colour (hue buckets) and Show & Hide.
struct ImageProcessingTests {
    @Test func aTwoByTwoOfFourColoursIsWonByTheFirstOfTheTiedHues() throws {
        let image = try #require(RGBImage.make([[Paint.blue, Paint.red], [Paint.green, Paint.yellow]]))
        let dominant = DominantColour.of(image)
        #expect(dominant.colour == Paint.blue, "four buckets of one pixel each: the first in reading order wins")
        #expect(dominant.pixelCount == 1)
    }

    @Test func aThreeByThreeOfTwoColoursIsWonByTheMoreCommon() throws {
        let image = try #require(RGBImage.make([[Paint.blue, Paint.red, Paint.red], [Paint.red, Paint.blue, Paint.red], [Paint.blue, Paint.red, Paint.blue]]))
        let dominant = DominantColour.of(image)
        #expect(dominant.colour == Paint.red)
        #expect(dominant.pixelCount == 5)
        #expect(dominant.bucket == HueBuckets.bucket(of: Paint.red))
    }

    @Test func aRedBusOnAGreyStreetIsRedAndShowAndHideKeepsOnlyTheBus() throws {
        // A 12×8 street, a 6×3 bus: the grey covers far more of the picture, but has no hue.
        let image = try #require(RGBImage.filled(width: 12, height: 8, with: Paint.asphalt, painting: [
            (x: 3..<9, y: 2..<5, colour: Paint.red), (x: 4..<5, y: 3..<4, colour: Paint.white), (x: 0..<12, y: 7..<8, colour: Paint.black),
        ]))
        let (shown, dominant) = ShowAndHide.apply(to: image)

        #expect(dominant.colour == Paint.red)
        #expect(dominant.pixelCount == 17)
        let expected = try #require(RGBImage.filled(width: 12, height: 8, with: Paint.asphalt.grey, painting: [
            (x: 3..<9, y: 2..<5, colour: Paint.red), (x: 4..<5, y: 3..<4, colour: Paint.white), (x: 0..<12, y: 7..<8, colour: Paint.black),
        ]))
        #expect(ImageComparison.difference(expected: expected, actual: shown) == nil)
    }

    @Test func showAndHideTurnsEveryOtherHueToItsGrey() throws {
        let image = try #require(RGBImage.make([[Paint.red, Paint.blue], [Paint.red, Paint.green]]))
        let (shown, _) = ShowAndHide.apply(to: image)
        let expected = try #require(RGBImage.make([[Paint.red, Paint.blue.grey], [Paint.red, Paint.green.grey]]))
        #expect(ImageComparison.difference(expected: expected, actual: shown) == nil)
    }

    @Test func aGreyPictureHasAGreyDominantColourAndComesBackAsIs() throws {
        let image = try #require(RGBImage.make([[Paint.white, Paint.black], [Paint.asphalt, Paint.asphalt]]))
        let (shown, dominant) = ShowAndHide.apply(to: image)
        #expect(dominant.bucket == HueBuckets.achromatic)
        #expect(dominant.pixelCount == 4)
        #expect(shown == image)
    }

    @Test(arguments: [
        (RGBColour(red: 255, green: 0, blue: 0), 0), (RGBColour(red: 255, green: 128, blue: 0), 1), (RGBColour(red: 255, green: 255, blue: 0), 2),
        (RGBColour(red: 0, green: 255, blue: 0), 4), (RGBColour(red: 0, green: 0, blue: 255), 8), (RGBColour(red: 255, green: 0, blue: 200), 10), (RGBColour(red: 255, green: 0, blue: 80), 11),
        (RGBColour(red: 128, green: 128, blue: 128), HueBuckets.achromatic), (RGBColour(red: 40, green: 0, blue: 0), HueBuckets.achromatic),
        (RGBColour(red: 200, green: 170, blue: 170), HueBuckets.achromatic),
    ])
    func coloursFallInTheirHueBucketsAndGreysInNone(colour: RGBColour, bucket: Int) {
        #expect(HueBuckets.bucket(of: colour) == bucket)
    }

    @Test func theComparisonSaysWhereAndHowPicturesDiffer() throws {
        let a = try #require(RGBImage.make([[Paint.red, Paint.red], [Paint.red, Paint.red]]))
        let b = try #require(RGBImage.make([[Paint.red, Paint.blue], [Paint.red, Paint.blue]]))
        #expect(ImageComparison.difference(expected: a, actual: b) == "2 of 4 pixels differ; first at (1, 0): expected #D62828, got #1D4ED8")
        let c = try #require(RGBImage.make([[Paint.red]]))
        #expect(ImageComparison.difference(expected: a, actual: c) == "the sizes differ: expected 2×2, got 1×1")
    }

    /// Pixels are tallied in four interleaved lanes, and a tail of fewer than four on its own: a tie
    /// is still won by the hue seen first, and every pixel counts, whichever lane held it.
    @Test func aTieIsWonByTheHueSeenFirstAcrossLanesAndTheTail() throws {
        let image = try #require(RGBImage.make([[Paint.green, Paint.red, Paint.blue, Paint.blue, Paint.red]]))
        let dominant = DominantColour.of(image)
        #expect(dominant.colour == Paint.red, "red (pixels 1 and 4) and blue (2 and 3) tie; red comes first")
        #expect(dominant.pixelCount == 2)
    }

    @Test func aLargePictureCountsEveryPixelOnce() throws {
        // 1001 × 1001: not a multiple of four, and big enough for the huge-page buffer.
        var rows = [[RGBColour]](repeating: [RGBColour](repeating: Paint.asphalt, count: 1001), count: 1001)
        for x in 0..<1001 { rows[500][x] = Paint.red }
        rows[1000][1000] = Paint.blue
        let image = try #require(RGBImage.make(rows))
        let (shown, dominant) = ShowAndHide.apply(to: image)
        #expect(dominant.colour == Paint.red)
        #expect(dominant.pixelCount == 1001)
        rows = rows.map { $0.map { $0 == Paint.red ? $0 : $0.grey } }
        #expect(ImageComparison.difference(expected: try #require(RGBImage.make(rows)), actual: shown) == nil)
    }

    @Test func aPictureWhoseBytesDoNotMatchItsSizeIsRefused() {
        #expect(RGBImage(width: Int.max / 2, height: 2, pixels: []) == nil, "a size that overflows is refused, not a crash")
        #expect(RGBImage(width: Int.max / 4, height: 1, pixels: []) == nil, "so is one whose byte count overflows")
        #expect(RGBImage(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(RGBImage(width: 0, height: 2, pixels: []) == nil)
        #expect(RGBImage.make([[Paint.red], [Paint.red, Paint.blue]]) == nil)
    }
}

/// Split across the cores, the answers are the very ones of one thread.
struct ParallelImageProcessingTests {
    /// A picture of about a megapixel: four chunks of red and blue in stripes, some grey, and a
    /// tie to settle in reading order when `tie` is set.
    static func picture(tie: Bool) -> RGBImage? {
        let width = 1200, height = 900
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                let colour: (UInt8, UInt8, UInt8) = switch (x / 100 + y / 75) % 3 {
                case 0: (214, 40, 40)
                case 1: tie ? (40, 40, 214) : (40, 40, 200 + UInt8(x % 40))
                default: (UInt8(100 + x % 50), UInt8(100 + x % 50), UInt8(100 + x % 50))
                }
                (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = colour
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [false, true])
    func theDominantColourAndShowAndHideAreTheSameOnAnyNumberOfThreads(tie: Bool) throws {
        let image = try #require(Self.picture(tie: tie))
        let one = DominantColour.of(image, threads: 1)
        for threads in [2, 3, 4, 7] {
            #expect(DominantColour.of(image, threads: threads) == one, "\(threads) threads")
            #expect(ShowAndHide.apply(to: image, keeping: one, threads: threads).pixels == ShowAndHide.apply(to: image, keeping: one, threads: 1).pixels)
        }
    }
}
