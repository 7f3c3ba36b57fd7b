#if canImport(Glibc)
import Glibc
#endif

/// Room for a large picture's pixels, filled by `initializer` in one go.
///
/// A new 36 MB buffer (12 megapixels) costs about 9,000 page faults as it is first written, which
/// on the machines we measured takes longer than Show & Hide itself (33 ms against 8 ms). On
/// Linux the buffer's whole 2 MB stretches are advised to be transparent huge pages first, so the
/// kernel faults it in 2 MB at a time: one of the measured speed-ups behind the 12-megapixel
/// benchmark. Elsewhere, or where the kernel declines the advice, it is a plain array.
enum PixelBuffer {
    static let hugePage = 2 << 20

    static func make(count: Int, _ initializer: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if canImport(Glibc)
            if count >= 4 * hugePage, let base = buffer.baseAddress {
                let mask = UInt(hugePage - 1)
                let start = (UInt(bitPattern: base) + mask) & ~mask, end = (UInt(bitPattern: base) + UInt(count)) & ~mask
                if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
                    _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)  // advice only: nothing to do if refused
                }
            }
            #endif
            initializer(buffer)
            initialized = count
        }
    }
}
