import CLibcrypt
import Foundation

/// Salted, deliberately slow password hashes from the system's libxcrypt: yescrypt (`$y$...`),
/// the default of Debian's own /etc/shadow. No crypto is written here.
///
/// Chosen over swift-crypto's PBKDF2 or scrypt because it costs a clean build nothing (a system
/// library, already on every Debian with a C toolchain), while swift-crypto adds a minute or more
/// to every clean CI build on two cores; yescrypt is also memory-hard, which PBKDF2 is not.
public enum PasswordHasher {
    /// A new hash of `password` with a fresh random salt, at libxcrypt's default cost.
    public static func hash(_ password: String) throws -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // A nil random source asks libxcrypt for its own entropy (getrandom).
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw HashError(reason: "cannot make a salt (\(String(cString: strerror(errno))))")
        }
        // The salt is NUL-terminated inside its buffer: the text is what comes before the NUL.
        let text = salt.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return try crypt(password, setting: String(decoding: text, as: UTF8.self))
    }

    /// True when `password` hashes to `hash` (its salt and cost are inside it).
    public static func verify(_ password: String, against hash: String) -> Bool {
        guard let computed = try? crypt(password, setting: hash) else { return false }
        // Constant-time comparison: how much of a guess matched must not show in the timing.
        let a = Array(computed.utf8), b = Array(hash.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A hash of nothing in particular, to verify against when a name is unknown: a wrong name
    /// then takes as long as a wrong password, and says nothing about which names exist.
    public static let decoy: String = (try? hash("decoy \(UUID().uuidString)")) ?? "$y$j9T$invalid$invalid"

    private static func crypt(_ password: String, setting: String) throws -> String {
        var data = crypt_data()
        guard let result = crypt_r(password, setting, &data) else {
            throw HashError(reason: "cannot hash (\(String(cString: strerror(errno))))")
        }
        let text = String(cString: result)
        // libxcrypt marks failure with a string starting with "*".
        guard !text.hasPrefix("*") else { throw HashError(reason: "the hash setting is not valid") }
        return text
    }

    public struct HashError: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { "password hashing failed: \(reason)" }
    }
}
