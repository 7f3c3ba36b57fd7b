import Foundation
import LocatedYAML
import NameMatching
import TextBytes

/// Reads the runner's own timings file (`FlowTimings/json`) strictly, as JSON: a number is a JSON
/// number, a string a JSON string in double quotes, `interrupted` is `true` or `false`; every key
/// is known and given once; YAML's own syntax (comments, bare words, single quotes, a trailing
/// comma) and a byte-order mark are refused. Every problem is a `LocatedError` at its byte, naming
/// what was found there and what to write.
///
/// Why not JSONSerialization or JSONDecoder, Foundation's well-kept JSON: on Linux both build a
/// tree of the whole document before anything can be checked (a file of a million flows, 44 MB:
/// 5 s and 440 to 730 MB), their errors name no place ("The given data was not valid JSON."), and
/// both take a key given twice, a trailing comma and a byte-order mark without a word. Nor is this
/// a general JSON parser: it knows the one shape of a timings file and walks its bytes once,
/// keeping only the timings. A value of the wrong kind is refused by its first character, never
/// read (so 100,000 `[` cost nothing, and nothing recurses). The one piece of general JSON it
/// needs, a string with escapes in it, is decoded by JSONSerialization once its escapes are checked.
struct FlowTimingsJSON {
    /// The keys of the file's object: the first three must be there.
    static let keys = ["format", "version", "flows", "interrupted", "fixtures"]
    private static let required = 3

    // The bytes as a pointer and a count, not a buffer: a debug build (which `make flows` runs)
    // calls a function for each subscript of a buffer, and inlines a pointer's.
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let name: String
    private var index = 0

    /// Where errors are placed; made only for an error.
    private var source: SourceBytes { SourceBytes(file: name, bytes: UnsafeBufferPointer(start: base, count: count)) }

    private init(base: UnsafePointer<UInt8>, count: Int, file: String) {
        self.base = base
        self.count = count
        self.name = file
    }

    /// The timings in `bytes`, the contents of `file`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(LocatedError) -> FlowTimings {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .wholeFile(file, "the timings file is empty") }
        var reader = FlowTimingsJSON(base: base, count: bytes.count, file: file)
        return try reader.file()
    }

    // MARK: - The shape of the file

    private mutating func file() throws(LocatedError) -> FlowTimings {
        // JSON has no byte-order mark; a string's bytes need no check of their own after this.
        if let problem = TextBytes.firstProblem(in: source.bytes, byteOrderMark: .refused) {
            throw LocatedError(file: name, notText: problem, subject: "the timings file")
        }
        skipSpace()
        let start = index
        guard peek == UInt8(ascii: "{") else {
            throw problem("not a timings file: expected a JSON object with \"format\": \"\(FlowTimings.format)\" (or a JUnit file)", in: .file)
        }
        index += 1
        var seen: [String: Int] = [:]
        var flows: [String: [Double]] = [:], fixtures: [String: [Double]] = [:], interrupted = false
        var first = true
        while let (key, at) = try nextKey(in: .file, first: &first) {
            guard Self.keys.contains(key) else {
                throw source.error("unknown key \"\(Suggestion.shown(key))\" in the timings file" + Suggestion.didYouMean(key, in: Self.keys)
                    + "; expected " + Self.keys.joined(separator: ", "), at: at)
            }
            if let earlier = seen[key] {
                throw source.error("\"\(key)\" is given twice in the timings file (first at line \(line(of: earlier))): give it once", at: at)
            }
            seen[key] = at
            switch key {
            case "format":
                guard peek == UInt8(ascii: "\"") else { throw problem("format should be the string \"\(FlowTimings.format)\"", in: .format) }
                let valueAt = index
                guard try string() == FlowTimings.format else {
                    throw source.error("not a timings file: format should be \"\(FlowTimings.format)\"", at: valueAt)
                }
            case "version":
                let valueAt = index
                guard let number = try number(in: .version, shouldBe: "the number \(FlowTimings.version)") else {
                    throw problem("version should be the number \(FlowTimings.version)", in: .version)
                }
                guard number == Double(FlowTimings.version) else {
                    throw source.error("this runner reads timings files of version \(FlowTimings.version), not \(word(at: valueAt))", at: valueAt)
                }
            case "interrupted":
                interrupted = try boolean(in: .interrupted)
            case "flows":
                flows = try self.flows()
            default:
                fixtures = try self.fixtures()
            }
        }
        skipSpace()
        if index < count {
            throw source.error("more after the end of the timings file's object: \(found()); a timings file is one JSON object", at: index)
        }
        if let missing = Self.keys.prefix(Self.required).first(where: { seen[$0] == nil }) {
            throw source.error("the timings file is missing \"\(missing)\"", at: start)
        }
        return FlowTimings(keyed: flows, fixtures: fixtures, interrupted: interrupted)
    }

    /// `"flows": {"Flows/a.yaml": [1.234, 1.301], ...}`, keyed by `FlowTimings.key(_:)`.
    private mutating func flows() throws(LocatedError) -> [String: [Double]] {
        guard peek == UInt8(ascii: "{") else {
            throw problem("flows should be an object of each flow file's durations, such as {\"Flows/a.yaml\": [1.25]}", in: .flows)
        }
        index += 1
        var flows: [String: [Double]] = [:]
        // A flow takes some 40 bytes of the file: room made once, not grown twenty times over.
        flows.reserveCapacity(min(count / 40, 1 << 22))
        var first = true
        while let (file, at) = try nextKey(in: .flows, first: &first) {
            guard !file.isEmpty else { throw source.error("a flow file in flows has no name (\"\"): give its path, as the run named it", at: at) }
            guard peek == UInt8(ascii: "[") else {
                throw problem("\(name(.durations(keyAt: at))) should be a list of seconds, such as [1.25]", in: .durations(keyAt: at))
            }
            let listAt = index
            index += 1
            var seconds: [Double] = []
            var firstItem = true
            while try nextItem(in: .durations(keyAt: at), first: &firstItem) {
                seconds.append(try self.seconds(.duration(keyAt: at)))
            }
            guard !seconds.isEmpty else {
                throw source.error("\(name(.durations(keyAt: at))) are an empty list; give at least one number of seconds", at: listAt)
            }
            // One look-up, not two: the million keys of a large file are hashed once.
            let key = isKey(from: at + 1) ? file : FlowTimings.key(file)
            guard flows.updateValue(seconds, forKey: key) == nil else {
                throw source.error("\(Suggestion.shown(key)) is given twice in flows" + (key == file ? "" : " (once as \(Suggestion.shown(file)))")
                    + ": give each flow once, with all its durations in one list", at: at)
            }
        }
        return flows
    }

    /// `"fixtures": {"default": 0.412, ...}`.
    private mutating func fixtures() throws(LocatedError) -> [String: [Double]] {
        guard peek == UInt8(ascii: "{") else {
            throw problem("fixtures should be an object of each fixture's seeding time, such as {\"default\": 0.4}", in: .fixtures)
        }
        index += 1
        var fixtures: [String: [Double]] = [:]
        var first = true
        while let (name, at) = try nextKey(in: .fixtures, first: &first) {
            guard fixtures.updateValue([try seconds(.seeding(keyAt: at))], forKey: name) == nil else {
                throw source.error("\(Suggestion.shown(name)) is given twice in fixtures: give each fixture once", at: at)
            }
        }
        return fixtures
    }

    /// A number of seconds: a JSON number from 0 to `FlowTimings.maximumSeconds`.
    private mutating func seconds(_ place: Place) throws(LocatedError) -> Double {
        let at = index
        guard let seconds = try number(in: place, shouldBe: "a number of seconds") else { throw problem("\(name(place)) should be a number of seconds", in: place) }
        if let problem = FlowTimings.problem(seconds: seconds) { throw source.error("\(name(place)) is \(word(at: at)): \(problem)", at: at) }
        return seconds
    }

    /// What is being read, as an error names it. A flow or a fixture is given by where its key
    /// is, and its name read again only for an error: nothing is made for each of a million.
    private enum Place {
        case file, format, version, interrupted, flows, fixtures
        /// A flow's list of durations, and one duration in it.
        case durations(keyAt: Int), duration(keyAt: Int)
        /// A fixture's seeding time.
        case seeding(keyAt: Int)
    }

    /// `place` in words: `the durations of Flows/a.yaml`.
    private func name(_ place: Place) -> String {
        func key(at offset: Int) -> String {
            var reader = self
            reader.index = offset
            return Suggestion.shown((try? reader.string()) ?? "")
        }
        switch place {
        case .file: return "the timings file"
        case .format: return "format"
        case .version: return "version"
        case .interrupted: return "interrupted"
        case .flows: return "flows"
        case .fixtures: return "fixtures"
        case let .durations(at): return "the durations of \(key(at: at))"
        case let .duration(at): return "a duration of \(key(at: at))"
        case let .seeding(at): return "the seeding time of \(key(at: at))"
        }
    }

    // MARK: - JSON, as far as the shape needs it

    private var peek: UInt8? { index < count ? base[index] : nil }

    private mutating func skipSpace() {
        while index < count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next key of an object whose `{` was read, with its `:` read and the space after it;
    /// nil once its `}` is read. `first` is true until the first key.
    private mutating func nextKey(in place: Place, first: inout Bool) throws(LocatedError) -> (key: String, at: Int)? {
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if !first {
            guard peek == UInt8(ascii: ",") else {
                if peek == UInt8(ascii: "\"") { throw source.error("a comma is missing before this key (in \(name(place)))", at: index) }
                throw problem("expected , or } in \(name(place))", in: place)
            }
            let comma = index
            index += 1
            skipSpace()
            if peek == UInt8(ascii: "}") {
                throw source.error("a comma before } in \(name(place)): JSON has none after the last key's value; remove it", at: comma)
            }
        }
        first = false
        guard peek == UInt8(ascii: "\"") else { throw problem("expected a key in double quotes in \(name(place))", in: place) }
        let at = index
        let key = try string()
        skipSpace()
        guard peek == UInt8(ascii: ":") else { throw problem("expected : after the key \"\(Suggestion.shown(key))\"", in: place) }
        index += 1
        skipSpace()
        return (key, at)
    }

    /// Whether a list whose `[` was read has another item; its `]` is read when not.
    private mutating func nextItem(in place: Place, first: inout Bool) throws(LocatedError) -> Bool {
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if !first {
            guard peek == UInt8(ascii: ",") else { throw problem("expected , or ] in \(name(place))", in: place) }
            let comma = index
            index += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                throw source.error("a comma before ] in \(name(place)): JSON has none after the last item; remove it", at: comma)
            }
        }
        first = false
        skipSpace()
        return true
    }

    /// `true` or `false`.
    private mutating func boolean(in place: Place) throws(LocatedError) -> Bool {
        for (word, value) in [("true", true), ("false", false)] where literal(word) {
            index += word.utf8.count
            return value
        }
        throw problem("\(name(place)) should be true or false", in: place)
    }

    /// Whether `word` is at the index, standing alone (not the start of a longer word).
    private func literal(_ word: String) -> Bool {
        let end = index + word.utf8.count
        guard end <= count, UnsafeBufferPointer(start: base + index, count: end - index).elementsEqual(word.utf8) else { return false }
        return end == count || !Self.isWordByte(base[end])
    }

    /// The JSON number at the index, read past; nil (nothing read) when the value there is not
    /// one (another kind: the caller says what it should be). A word that starts like a number
    /// but is no JSON number (`01`, `1.`, `.5`, `1e`, `1_000`, `-Infinity`) is an error here.
    private mutating func number(in place: Place, shouldBe: String) throws(LocatedError) -> Double? {
        let start = index
        guard let byte = peek, byte == 0x2D || Self.isDigit(byte) else { return nil }  // "-"
        var end = start
        let negative = byte == 0x2D
        if negative { end += 1 }
        // A leading zero stands alone (0, 0.5, not 01); a point and an exponent need digits after
        // them. The digits are gathered as they are read, for the quick conversion below.
        var valid: Bool, mantissa = 0, significant = 0, decimals = 0
        if end < count, base[end] == 0x30 {  // "0"
            end += 1
            valid = end == count || !Self.isDigit(base[end])
        } else {
            valid = digits(from: &end, into: &mantissa, counting: &significant) > 0
        }
        if valid, end < count, base[end] == 0x2E {  // "."
            end += 1
            decimals = digits(from: &end, into: &mantissa, counting: &significant)
            valid = decimals > 0
        }
        var exponent = false
        if valid, end < count, base[end] | 0x20 == 0x65 {  // "e" or "E"
            exponent = true
            end += 1
            if end < count, base[end] == 0x2B || base[end] == 0x2D { end += 1 }  // "+" or "-"
            var ignored = 0, ignoredCount = 0
            valid = digits(from: &end, into: &ignored, counting: &ignoredCount) > 0
        }
        if end < count, Self.isWordByte(base[end]) { valid = false }
        guard valid || end < count else { throw problem("", in: place) }  // cut at the end: truncated
        guard valid else {
            throw source.error("\(name(place)) should be \(shouldBe), not \(word(at: start)) (not a JSON number: such as 0, 1.25 or 2e-3)", at: start)
        }
        index = end
        // Up to 15 digits and 22 decimals, both the digits and the power of ten are exact doubles,
        // so one division rounds as the decimal would (what every timings file written holds);
        // anything else is read by Double's own correctly rounded reading (1e400 is infinity,
        // which the caller refuses).
        if !exponent, significant <= 15, decimals <= 22 {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let value = Double(mantissa) / scale
            return negative ? -value : value
        }
        return Double(String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
    }

    /// Whether the string at `start` (just past its `"`) is a flow file key as it is: no escape,
    /// no empty part (`//`, a `/` at the end), no `.` part (`./`, `/./`, `/.` at the end). Most
    /// keys are, and telling so from the bytes costs less than `FlowTimings.key(_:)`.
    private func isKey(from start: Int) -> Bool {
        var at = start, partStart = start
        while at < count {
            let byte = base[at]
            if byte == 0x22 || byte == 0x2F {  // the closing " or a /
                let length = at - partStart
                if length == 0 && (at > start || byte == 0x22) { return false }
                if length == 1 && base[partStart] == 0x2E { return false }  // "."
                if byte == 0x22 { return true }
                partStart = at + 1
            } else if byte == 0x5C {  // \, an escape
                return false
            }
            at += 1
        }
        return false
    }

    /// Reads the digits from `end` on, moving `end` past them, adding them to `mantissa` while
    /// `significant` (how many digits it holds, leading zeros not counted) is under 16; how many
    /// digits there were.
    private func digits(from end: inout Int, into mantissa: inout Int, counting significant: inout Int) -> Int {
        let start = end
        while end < count, Self.isDigit(base[end]) {
            if significant < 16 {
                mantissa = mantissa &* 10 &+ Int(base[end] &- 0x30)
                if mantissa > 0 { significant += 1 }
            }
            end += 1
        }
        return end - start
    }

    /// The JSON string at the index (its `"` included), read past.
    private mutating func string() throws(LocatedError) -> String {
        let start = index
        index += 1
        var escaped = false
        while true {
            guard index < count else { throw source.error("the timings file ends inside a string begun here (truncated?)", at: start) }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
                continue
            }
            if byte < 0x20 {
                throw source.error("a control character (U+\(Self.hex(byte, width: 4))) in a string: JSON writes it escaped (\\n, \\t, \\u00XX)", at: index)
            }
            index += 1
        }
        index += 1
        let body = UnsafeBufferPointer(start: base + start + 1, count: index - start - 2)
        guard escaped else { return String(decoding: body, as: UTF8.self) }
        try checkEscapes(from: start + 1, to: index - 1)
        guard let text = (try? JSONSerialization.jsonObject(with: Data(bytes: base + start, count: index - start), options: .fragmentsAllowed)) as? String else {
            throw source.error("this string cannot be read as JSON", at: start)
        }
        return text
    }

    /// Every escape from `start` to `end` is one JSON has, and `\u` ones make whole characters (a
    /// surrogate comes in pairs): what JSONSerialization would refuse without saying where.
    private func checkEscapes(from start: Int, to end: Int) throws(LocatedError) {
        var at = start
        // Where a first half of a surrogate pair was, while the second half is awaited.
        var highSurrogate: Int?
        while at < end {
            guard base[at] == 0x5C else {  // not a \
                if let pending = highSurrogate { throw source.error(Self.loneSurrogate, at: pending) }
                at += 1
                continue
            }
            let letter = at + 1 < end ? base[at + 1] : 0
            guard letter == 0x75 else {  // not u
                if let pending = highSurrogate { throw source.error(Self.loneSurrogate, at: pending) }
                guard Array("\"\\/bfnrt".utf8).contains(letter) else {
                    let escape = String(decoding: UnsafeBufferPointer(start: base + at, count: min(2, end - at)), as: UTF8.self)
                    throw source.error("\(escape) is no JSON escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: at)
                }
                at += 2
                continue
            }
            let digits = UnsafeBufferPointer(start: base + at + 2, count: max(0, min(4, end - at - 2)))
            guard digits.count == 4, digits.allSatisfy(Self.isHexDigit), let code = UInt16(String(decoding: digits, as: UTF8.self), radix: 16) else {
                throw source.error("\\u in a string needs four hex digits, such as \\u00e9", at: at)
            }
            switch code {
            case 0xD800...0xDBFF where highSurrogate == nil: highSurrogate = at
            case 0xDC00...0xDFFF where highSurrogate != nil: highSurrogate = nil
            case 0xD800...0xDFFF: throw source.error(Self.loneSurrogate, at: highSurrogate ?? at)
            default: if let pending = highSurrogate { throw source.error(Self.loneSurrogate, at: pending) }
            }
            at += 6
        }
        if let pending = highSurrogate { throw source.error(Self.loneSurrogate, at: pending) }
    }

    private static let loneSurrogate = "half of a surrogate pair (\\uD800 to \\uDFFF) without the other half: no character"

    // MARK: - Saying what is wrong

    /// `expectation, not WHAT IS THERE` at the index, or that the file ends in `context`.
    private func problem(_ expectation: String, in place: Place) -> LocatedError {
        guard index < count else {
            let inside = if case .file = place { "before its object is closed" } else { "in the middle of \(name(place))" }
            return source.error("the timings file ends here, \(inside) (truncated?)", at: index)
        }
        // A word cut by the end of the file (`tru`, `1.`, `nul`) is a truncated file, not a typo.
        if Self.isWordByte(base[index]) {
            var end = index
            while end < count, Self.isWordByte(base[end]) { end += 1 }
            if end == count { return source.error("the timings file ends here, in the middle of \(name(place)) (truncated?)", at: end) }
        }
        return source.error("\(expectation), not \(found())", at: index)
    }

    /// What the value or character at the index is, as an error names it.
    private func found() -> String {
        guard let byte = peek else { return "the end of the file" }
        switch byte {
        case UInt8(ascii: "{"): return "an object {...}"
        case UInt8(ascii: "["): return "a list [...]"
        case UInt8(ascii: "\""):
            var copy = self
            guard let text = try? copy.string() else { return "a string" }
            return "the string \"\(Suggestion.shown(text))\"" + (Double(text) != nil ? " (a number is written without quotes)" : "")
        case UInt8(ascii: "'"): return "\(word(at: index)) (a JSON string is in double quotes)"
        case UInt8(ascii: "#"), UInt8(ascii: "/"): return "\(word(at: index)) (JSON has no comments)"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return "the number \(word(at: index))"
        default:
            if literal("true") || literal("false") || literal("null") { return word(at: index) }
            if byte < 0x20 || byte == 0x7F { return "the control character U+\(Self.hex(byte, width: 4))" }
            if Self.isWordByte(byte) {
                let word = self.word(at: index)
                let lowered = word.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
                return word + (["nan", "inf", "infinity"].contains(lowered) ? " (JSON has no NaN or infinity)" : " (text in JSON is in double quotes)")
            }
            return "\"\(word(at: index))\""
        }
    }

    /// The word at `start` as an error quotes it: up to a space, a quote or a bracket, shortened.
    private func word(at start: Int, maximum: Int = 60) -> String {
        var end = start + 1
        while end < count, end - start < maximum * 4, Self.isWordByte(base[end]) { end += 1 }
        return Suggestion.shown(String(decoding: UnsafeBufferPointer(start: base + start, count: min(end, count) - start), as: UTF8.self), limit: maximum)
    }

    private func line(of offset: Int) -> Int {
        source.error("", at: offset).line
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHexDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f")) }

    /// Part of a bare word or a number: not space, not JSON's punctuation.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
             UInt8(ascii: "}"), UInt8(ascii: "\""): false
        default: byte >= 0x20
        }
    }

    private static func hex(_ byte: UInt8, width: Int) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
