import Foundation

/// Reads and writes protocol lines: one JSON object per line, strictly checked.
///
/// A command (from any script) is checked hardest: unknown and duplicate fields are errors. A frame
/// (written by the app's own encoder, read on every step) has every key required, which catches a
/// renamed key, without the cost of the full scan.
public enum WireCodec {
    /// Decodes a command line: unknown and duplicate fields are errors.
    public static func decodeCommand(_ line: [UInt8]) throws(WireError) -> Request {
        try line.withUnsafeBufferPointer { buffer throws(WireError) in try decodeCommand(buffer) }
    }

    /// Decodes a command line held in `Data`.
    public static func decodeCommand(_ line: Data) throws(WireError) -> Request {
        let result = line.withUnsafeBytes { raw in
            Result { () throws(WireError) in try decodeCommand(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// Decodes a command line held in a buffer.
    public static func decodeCommand(_ line: UnsafeBufferPointer<UInt8>) throws(WireError) -> Request {
        try checked(line)
        return try WireReader.command(line)
    }

    /// Decodes a frame line: every field is required, and unknown and duplicate fields are errors.
    public static func decodeFrame(_ line: [UInt8]) throws(WireError) -> Frame {
        try line.withUnsafeBufferPointer { buffer throws(WireError) in try decodeFrame(buffer) }
    }

    /// Decodes a frame line held in `Data` (as the runner reads it from the app's output).
    public static func decodeFrame(_ line: Data) throws(WireError) -> Frame {
        let result = line.withUnsafeBytes { raw in
            Result { () throws(WireError) in try decodeFrame(raw.bindMemory(to: UInt8.self)) }
        }
        return try result.get()
    }

    /// Decodes a frame line held in a buffer. (A runner reading one app's frames one after another
    /// uses a ``FrameDecoder``, which reads what did not change since the last frame only once.)
    public static func decodeFrame(_ line: UnsafeBufferPointer<UInt8>) throws(WireError) -> Frame {
        try checked(line)
        return try WireReader.frame(line).frame
    }

    /// A line the readers take: within the limit, and not only whitespace.
    static func checked(_ line: UnsafeBufferPointer<UInt8>) throws(WireError) {
        guard line.count <= lineLimit else { throw .tooLong(bytes: line.count, limit: lineLimit) }
        guard line.contains(where: { !isSpace($0) }) else { throw .empty }
    }

    /// The longest line the runner decodes (a frame of a full screen is a few kilobytes). The app
    /// reads commands of at most `InputLoop.lineLimit` (64 KiB) and answers a longer one with an error.
    public static let lineLimit = 1 << 20

    /// Decodes one line of any `Decodable` type through `JSONDecoder`, with errors that name the
    /// field and never quote the line (frames and commands have their own faster readers, above).
    public static func decode<T: Decodable>(
        _ type: T.Type, from line: some Collection<UInt8>, rejectingDuplicates: Bool = true
    ) throws(WireError) -> T {
        guard line.count <= lineLimit else { throw .tooLong(bytes: line.count, limit: lineLimit) }
        let data = Data(line)
        guard data.contains(where: { !Self.isSpace($0) }) else { throw .empty }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: data)
        } catch let error as WireError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw .missingField(path(context.codingPath + [key]), in: "the line")
        } catch let DecodingError.typeMismatch(_, context) {
            if let wire = context.underlyingError as? WireError { throw wire }
            let field = path(context.codingPath)
            throw field.isEmpty ? .notAnObject(what: "the line") : .wrongType(field: field)
        } catch let DecodingError.valueNotFound(_, context) {
            throw .wrongType(field: path(context.codingPath))
        } catch let DecodingError.dataCorrupted(context) {
            if let wire = context.underlyingError as? WireError { throw wire }
            if context.codingPath.isEmpty { throw .notJSON }
            throw .wrongType(field: path(context.codingPath))
        } catch {
            throw .notJSON
        }
        if rejectingDuplicates, let duplicate = DuplicateKeys.first(in: data) { throw .duplicateField(duplicate) }
        return value
    }

    /// One line of JSON, keys sorted, without the newline.
    public static func encode(_ value: some Encodable) -> Data {
        (try? encoder.encode(value)) ?? Data("{}".utf8)
    }

    /// A frame as one line of JSON, without the newline: what `encode` writes, faster. (An app
    /// writing one frame after another uses a ``FrameEncoder``, which copies what did not change.)
    public static func encodeFrame(_ frame: Frame) -> [UInt8] {
        var writer = WireWriter()
        writer.frame(frame)
        return writer.bytes
    }

    /// A command as one line of JSON, without the newline: what `encode` writes, faster (the
    /// runner sends one a step).
    public static func encodeCommand(_ request: Request) -> [UInt8] {
        var writer = WireWriter(capacity: 128)
        writer.command(request)
        return writer.bytes
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Finds a key that appears twice in one JSON object. Foundation's decoders keep one of the two
/// silently; the protocol says a field appears at most once.
enum DuplicateKeys {
    /// The first duplicated key in `data`, which must already be valid JSON.
    static func first(in data: Data) -> String? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var objects: [Set<String>?] = []  // per open container: the keys seen, or nil for an array
            var expectingKey = false
            var index = 0
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    objects.append([])
                    expectingKey = true
                case UInt8(ascii: "["):
                    objects.append(nil)
                    expectingKey = false
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = objects.popLast()
                    expectingKey = false
                case UInt8(ascii: ","):
                    expectingKey = objects.last.map { $0 != nil } ?? false
                case quote:
                    let start = index + 1
                    var end = start
                    var escaped = false
                    while end < bytes.count, bytes[end] != quote {
                        if bytes[end] == backslash {
                            escaped = true
                            end += 1
                        }
                        end += 1
                    }
                    if expectingKey, var keys = objects.last ?? nil {
                        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<min(end, bytes.count)])
                        var key = String(decoding: raw, as: UTF8.self)
                        if escaped {
                            // Decoded, so that `"a"` and `"\u0061"` count as the same key.
                            let quoted = Data(UnsafeRawBufferPointer(rebasing: bytes[index...min(end, bytes.count - 1)]))
                            key = (try? JSONDecoder().decode(String.self, from: quoted)) ?? key
                        }
                        if keys.contains(key) { return key }
                        keys.insert(key)
                        objects[objects.count - 1] = keys
                        expectingKey = false
                    }
                    index = end
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }
}
