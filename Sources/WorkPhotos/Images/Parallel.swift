import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits work on a large picture across the machine's cores: `body` runs once per chunk, on as
/// many threads as there are cores, each chunk a range of whole pixels in reading order. A small
/// picture (or `threads: 1`) runs on the caller's thread in one chunk: spreading it would cost more
/// than the work.
enum Parallel {
    /// The cores this machine has online.
    static let cores = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Below this many pixels a picture is not split (about a quarter of a megapixel).
    static let minimumPixelsPerChunk = 1 << 18

    /// How many chunks `pixelCount` pixels are split into with `threads` threads.
    static func chunkCount(pixelCount: Int, threads: Int) -> Int {
        max(1, min(threads, pixelCount / minimumPixelsPerChunk))
    }

    /// The pixels of chunk `index` of `count` over `pixelCount` pixels.
    static func range(of index: Int, in count: Int, pixelCount: Int) -> Range<Int> {
        let size = pixelCount / count, extra = pixelCount % count
        let start = index * size + min(index, extra)
        return start..<(start + size + (index < extra ? 1 : 0))
    }

    /// Runs `body(chunk, pixels)` for every chunk, at once on `threads` threads, and returns when
    /// all are done.
    static func forEachChunk(pixelCount: Int, threads: Int, _ body: (Int, Range<Int>) -> Void) {
        let count = chunkCount(pixelCount: pixelCount, threads: threads)
        if count == 1 {
            body(0, 0..<pixelCount)
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = UnsafeWork(body: body)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                work.body(index, range(of: index, in: count, pixelCount: pixelCount))
            }
        }
    }

    /// The chunks write disjoint parts of one buffer (or their own counters): safe to share.
    private struct UnsafeWork: @unchecked Sendable {
        let body: (Int, Range<Int>) -> Void
    }
}
