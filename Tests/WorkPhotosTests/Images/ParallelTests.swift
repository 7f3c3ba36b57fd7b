import Foundation
@testable import WorkPhotos
import Testing

/// How a picture is split into chunks for the cores.
struct ParallelTests {
    @Test(arguments: [(1, 1), (1_000_000, 4), (1_000_003, 3), (262_144, 8), (10, 2), (2_000_000, 1)])
    func theChunksCoverEveryPixelExactlyOnceInOrder(pixelCount: Int, threads: Int) {
        let count = Parallel.chunkCount(pixelCount: pixelCount, threads: threads)
        let ranges = (0..<count).map { Parallel.range(of: $0, in: count, pixelCount: pixelCount) }
        #expect(ranges.first?.lowerBound == 0)
        #expect(ranges.last?.upperBound == pixelCount)
        for (before, after) in zip(ranges, ranges.dropFirst()) { #expect(before.upperBound == after.lowerBound) }
        #expect(ranges.map(\.count).max()! - ranges.map(\.count).min()! <= 1, "the chunks are even")
    }

    @Test func aSmallPictureIsNotSplitAndALargeOneIsSplitByTheThreads() {
        #expect(Parallel.chunkCount(pixelCount: Parallel.minimumPixelsPerChunk - 1, threads: 8) == 1)
        #expect(Parallel.chunkCount(pixelCount: 4 * Parallel.minimumPixelsPerChunk, threads: 2) == 2)
        #expect(Parallel.chunkCount(pixelCount: 4 * Parallel.minimumPixelsPerChunk, threads: 8) == 4, "no chunk is too small to be worth a thread")
        #expect(Parallel.chunkCount(pixelCount: 12_000_000, threads: 1) == 1)
    }

    @Test func everyChunkRunsOnce() {
        let seen = Counter()
        Parallel.forEachChunk(pixelCount: 4 * Parallel.minimumPixelsPerChunk, threads: 4) { chunk, range in seen.add(chunk, range.count) }
        #expect(seen.chunks == [0, 1, 2, 3])
        #expect(seen.pixels == 4 * Parallel.minimumPixelsPerChunk)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []
    private var total = 0

    func add(_ chunk: Int, _ pixels: Int) {
        lock.lock()
        defer { lock.unlock() }
        seen.append(chunk)
        total += pixels
    }

    var chunks: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return seen.sorted()
    }

    var pixels: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
