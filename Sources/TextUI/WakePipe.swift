import Foundation

/// A pipe another thread writes a byte to, to wake the main actor out of its wait on standard
/// input (``InputLoop``): while the app is idle the main actor is in poll(2), not running what is
/// queued for it, until input comes or this is signalled.
final class WakePipe: Sendable {
    /// The end ``InputLoop`` polls.
    let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe, both ends non-blocking and closed on exec; nil if the process has no
    /// descriptors left (the loop then waits on its input alone).
    static func make() -> WakePipe? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // Above the standard streams, closed on exec, non-blocking (Glibc's module has no pipe2): an
        // app started with its input closed (`<&-`) would otherwise get the pipe as descriptor 0,
        // and wait on it for input that never comes instead of seeing its input end.
        let moved = ends.map { end in
            let above = fcntl(end, F_DUPFD_CLOEXEC, 3)
            close(end)
            if above >= 0 { _ = fcntl(above, F_SETFL, fcntl(above, F_GETFL) | O_NONBLOCK) }
            return above
        }
        guard moved.allSatisfy({ $0 >= 0 }) else {
            for end in moved where end >= 0 { close(end) }
            return nil
        }
        return WakePipe(readEnd: moved[0], writeEnd: moved[1])
    }

    private init(readEnd: Int32, writeEnd: Int32) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// Wakes the waiting main actor, from any thread. A full pipe already wakes it.
    func signal() {
        var byte: UInt8 = 1
        while write(writeEnd, &byte, 1) < 0, errno == EINTR {}
    }

    /// Empties the pipe, so the next wait blocks again until the next signal.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
