import COpenSSLCrypto
import Foundation

/// The drive's checksums: SHA-256 from OpenSSL's libcrypto, in lower-case hex, as `sha256sum`
/// prints them (each photo's `sha256` in the manifest, and the lines of `SHA256SUMS`). The only
/// file of WorkPhotosDrive that imports libcrypto.
enum Checksum {
    /// The SHA-256 of `data`, in lower-case hex (what `sha256sum` prints).
    static func sha256(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { buffer in
            _ = SHA256(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, &digest)
        }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
