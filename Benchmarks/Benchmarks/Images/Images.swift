import Benchmark
import Foundation
import WorkPhotos

/// The dominant colour and Show & Hide of a 12-megapixel picture (4000 × 3000: an overcast sky, a
/// red bus, a grey street), on one thread and on all the cores. Target: both within 30 ms on the
/// machine's cores.
let benchmarks: @Sendable () -> Void = {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    // A 20% regression at the median fails, always, and at p90 on one thread. On all the cores the
    // slow tail is whatever else the shared machine runs on the other core: p90 of the same build
    // moved from 30 to 74 ms between runs here, so it is not checked there.
    func configuration(threads: Int) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 40,
            thresholds: [.wallClock: .init(relative: threads == 1 ? [.p50: 20, .p90: 20] : [.p50: 20]), .mallocCountTotal: .init(relative: [.p50: 20])]
        )
    }
    guard let picture = makePicture() else { return }
    for threads in [1, cores] {
        let said = threads == 1 ? "one thread" : "\(threads) threads"
        let configuration = configuration(threads: threads)
        Benchmark("Dominant colour, 12 MP, \(said)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(DominantColour.of(picture, threads: threads)) }
        }
        let dominant = DominantColour.of(picture, threads: threads)
        Benchmark("Show & Hide, 12 MP, \(said)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ShowAndHide.apply(to: picture, keeping: dominant, threads: threads)) }
        }
        Benchmark("Dominant colour then Show & Hide, 12 MP, \(said)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ShowAndHide.apply(to: picture, threads: threads)) }
        }
    }
}

func makePicture() -> RGBImage? {
    let width = 4000, height = 3000
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for y in 0..<height {
        for x in 0..<width {
            let offset = (y * width + x) * 3
            let colour: (UInt8, UInt8, UInt8) = if y < 1000 {
                (UInt8(170 + y / 40), UInt8(172 + y / 40), UInt8(176 + y / 40))  // an overcast sky
            } else if (1400..<2200).contains(y), (1000..<3200).contains(x) {
                (214, 40, 40)  // the bus
            } else {
                (UInt8(90 + (x ^ y) & 15), UInt8(90 + (x ^ y) & 15), 96)  // the street
            }
            (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = colour
        }
    }
    return RGBImage(width: width, height: height, pixels: pixels)
}
