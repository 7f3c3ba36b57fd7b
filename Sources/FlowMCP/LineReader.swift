#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads newline-delimited messages from a file descriptor (MCP's stdio transport), in time
/// linear in the bytes read: each byte is read once into a fixed chunk, searched once for a
/// newline (memchr) and copied once into its line.
///
/// Memory is bounded: a line longer than `limit` bytes is not kept. Its bytes are counted and
/// dropped until its newline, and it comes out as `.overlong`, so the caller can answer it.
struct LineReader {
    enum Next: Equatable {
        /// A line, without its newline (the last one may have none).
        case line([UInt8])
        /// A line of more than `limit` bytes (this many, without its newline), dropped unkept.
        case overlong(bytes: Int)
        /// The end of the input, every line before it given.
        case end
        /// Reading failed (errno's text); every line before it was given.
        case failed(String)
        /// The interruption descriptor became readable (SIGTERM, Ctrl-C) while waiting for input.
        case interrupted
    }

    static let chunkSize = 64 * 1024

    private let fd: Int32
    private let limit: Int
    private let interruption: Int32?
    private var chunk = [UInt8](repeating: 0, count: chunkSize)
    private var start = 0
    private var end = 0
    private var line: [UInt8] = []
    /// While a line is over the limit: how many of its bytes were dropped.
    private var dropped: Int?
    private var ending: Next?

    /// Reads `fd`; while waiting for it, stops when `interruption` (a pipe's read end) is readable.
    init(fd: Int32, limit: Int, interruption: Int32? = nil) {
        self.fd = fd
        self.limit = limit
        self.interruption = interruption
    }

    mutating func next() -> Next {
        while true {
            if start < end {
                let newline = chunk.withUnsafeBufferPointer { buffer -> Int? in
                    guard let base = buffer.baseAddress, let found = memchr(base + start, 0x0A, end - start) else { return nil }
                    return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                }
                let stop = newline ?? end
                take(start..<stop)
                start = newline.map { $0 + 1 } ?? end
                if newline != nil { return finishLine() }
                continue
            }
            if let ending {
                if dropped != nil || !line.isEmpty { return finishLine() }
                return ending
            }
            fill()
        }
    }

    /// Adds bytes to the line, or counts them once the line is over the limit.
    private mutating func take(_ range: Range<Int>) {
        if let count = dropped {
            dropped = count + range.count
        } else if line.count + range.count > limit {
            dropped = line.count + range.count
            line = []
        } else {
            line.append(contentsOf: chunk[range])
        }
    }

    private mutating func finishLine() -> Next {
        if let count = dropped {
            dropped = nil
            return .overlong(bytes: count)
        }
        var finished: [UInt8] = []
        swap(&finished, &line)
        return .line(finished)
    }

    /// Reads the next chunk, waiting for it; notes the end, a failure or an interruption.
    private mutating func fill() {
        while true {
            if let interruption {
                var pollers = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: interruption, events: Int16(POLLIN), revents: 0)]
                if poll(&pollers, 2, -1) < 0 { continue }  // EINTR
                if pollers[1].revents != 0 {
                    ending = .interrupted
                    return
                }
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                start = 0
                end = count
                return
            }
            if count == 0 {
                ending = .end
                return
            }
            switch errno {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                // Standard input left non-blocking by whoever shares it: wait until it has bytes.
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
            default:
                ending = .failed(String(cString: strerror(errno)))
                return
            }
        }
    }
}
