@testable import AutomationWire
import BadText
import Foundation
import Testing
import TextBytes

/// The wire's own readers of a frame and a command (one pass, no `JSONDecoder`) read what the
/// types' `Codable` conformances read, refuse the same lines with the same words, and are
/// stricter only where the protocol says so: no trailing comma, and in a frame no key unknown
/// or given twice.
struct WireReaderTests {
    static let frame = Frame(
        seq: 41, reply: 7, idle: true, error: nil,
        screen: Screen(title: "Login", elements: [
            .textField("Username", value: "alice", isFocused: true),
            .secureField("Password", isFilled: true),
            .button("Login", isEnabled: false),
            .cell("row-1", label: "Mon 1 Jun 2026, 09:05", value: "Office", isSelected: true, isSelectable: true),
            .alert("Permission", title: "Allow?", message: "It asks \"once\" \\ é 😀", buttons: ["OK", "Don't Allow"]),
        ], list: ListWindow(first: 20, total: 5000)),
        text: "── Login ──\n[1]  Username: alice\u{1}"
    )

    @Test func aFrameIsReadAsTheAppWroteIt() throws {
        #expect(try WireCodec.decodeFrame(WireCodec.encodeFrame(Self.frame)) == Self.frame)
        var plain = Self.frame
        plain.reply = nil
        plain.error = "no control \"x\""
        plain.screen.list = nil
        #expect(try WireCodec.decodeFrame(WireCodec.encodeFrame(plain)) == plain)
        // Whitespace anywhere JSON allows it, and keys in any order.
        let spaced = #" { "text" : "t" , "screen" : { "list" : null , "elements" : [ ] , "title" : "T" } , "error" : null , "idle" : false , "reply" : null , "seq" : 1 } "#
        #expect(try WireCodec.decodeFrame(Array(spaced.utf8)) == Frame(seq: 1, reply: nil, idle: false, error: nil, screen: Screen(title: "T", elements: []), text: "t"))
    }

    @Test(arguments: [
        ("\"screen\":{", "\"screen\":{\"extra\":1,", #"unknown field "extra" in a frame's screen; fields are title, elements, list"#),
        ("\"seq\":41", "\"seq\":41,\"seq\":42", #"field "seq" appears twice"#),
        ("\"enabled\":false", "\"enabeld\":false", #"unknown field "enabeld" in an element (did you mean "enabled"?); fields are kind, identifier, label, value, enabled, selected, selectable, focused, secure, children"#),
        ("\"kind\":\"button\"", "\"kind\":\"slider\"", #""screen.elements.2.kind" has the wrong type"#),
        ("\"idle\":true", "\"idle\":\"yes\"", #""idle" has the wrong type"#),
        ("\"first\":20", "\"first\":20.5", #""screen.list.first" has the wrong type"#),
        (",\"selectable\":true", "", #"missing "screen.elements.3.selectable" in the line"#),
        ("\"title\":\"Login\"", "\"title\":\"Login\",", "not valid JSON"),
        ("\"reply\":7", "\"reply\":07", "not valid JSON"),
    ])
    func aFrameThatIsNotOneIsRefusedNamingWhatIsWrong(find: String, replace: String, message: String) throws {
        let good = String(decoding: WireCodec.encodeFrame(Self.frame), as: UTF8.self)
        let changed = try #require(good.range(of: find).map { good.replacingCharacters(in: $0, with: replace) }, "\(find) is in the frame")
        #expect(error { try WireCodec.decodeFrame(Array(changed.utf8)) } == message)
    }

    @Test func aLineThatIsNotJSONFurtherOnIsSaidToBeThatWhateverCameBefore() {
        #expect(error { try WireCodec.decodeCommand(Array(#"{"id": "one", "action": "back""#.utf8)) } == "not valid JSON")
        #expect(error { try WireCodec.decodeCommand(Array(#"{"taget": 1, "action": "back"} x"#.utf8)) } == "not valid JSON")
        #expect(error { try WireCodec.decodeFrame(Array(#"{"seq": "1", "#.utf8)) } == "not valid JSON")
    }

    @Test func aCommandsProblemsComeInTheOrderTheCodableReaderSaysThem() throws {
        // A key the command does not have first, then id, action, target, text, and a key given twice last.
        #expect(error { try WireCodec.decodeCommand(Array(#"{"text": 1, "id": "x", "taget": "Login", "action": "tap"}"#.utf8)) }
                == #"unknown field "taget" in a command (did you mean "target"?); fields are id, action, target, text"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"text": 1, "action": "tapp", "id": "x"}"#.utf8)) } == #""id" has the wrong type"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"text": 1, "action": "tapp"}"#.utf8)) }
                == #"unknown action "tapp" (did you mean "tap"?); actions are tap, type, back, scroll, snapshot, quit"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"text": 1, "target": 2}"#.utf8)) } == #"missing "action" in the line"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"text": 1, "target": 2, "action": "tap"}"#.utf8)) } == #""target" has the wrong type"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"action": "tap", "action": "back", "text": 1}"#.utf8)) } == #""text" has the wrong type"#)
        #expect(error { try WireCodec.decodeCommand(Array(#"{"action": null}"#.utf8)) } == #""action" has the wrong type"#)
        #expect(try WireCodec.decodeCommand(Array(#"{"id": null, "action": "back", "target": null, "text": null}"#.utf8)) == Request(id: nil, action: .back))
        #expect(try WireCodec.decodeCommand(Array(#"{"id": 3.0, "action": "back"}"#.utf8)) == Request(id: 3, action: .back))
    }

    @Test func deepAndHugeLinesAreRefusedOrReadWithoutACrash() throws {
        let deep = #"{"action": "tap", "target": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(error { try WireCodec.decodeCommand(Array(deep.utf8)) } == "not valid JSON")
        let long = String(repeating: "x", count: WireCodec.lineLimit - 100)
        #expect(try WireCodec.decodeCommand(Array(#"{"action": "type", "text": "\#(long)"}"#.utf8)).text == long)
        #expect(error { try WireCodec.decodeCommand([UInt8](repeating: 0x20, count: 10) + [0xFF]) }
            == "the line is not UTF-8 text: byte 0xFF is never in UTF-8 (Latin-1, or another encoding?) at byte 10")
        #expect(error { try WireCodec.decodeCommand(Array("   \n".utf8)) } == "empty line; expected a JSON object")
    }

    /// Lines made from good ones by a seeded generator, each read by both: the wire's reader and
    /// `JSONDecoder` through the types' `Codable` conformances.
    @Test(arguments: [("command", 2024 as UInt64), ("frame", 2025)])
    func mangledLinesGetTheCodableReadersAnswer(kind: String, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let goods: [[UInt8]] = kind == "command"
            ? Request.Action.allCases.map { Array(WireCodec.encode(Request(id: 12, action: $0, target: "Pass\\word", text: "é\"\u{1}"))) }
            : [WireCodec.encodeFrame(Self.frame)]
        var counts = (same: 0, bothRefused: 0, stricter: 0)
        for _ in 0..<3000 {
            let line = random.mangled(goods[Int(random.next() % UInt64(goods.count))])
            switch kind {
            case "command":
                let new = Result { () throws(WireError) in try WireCodec.decodeCommand(line) }
                let old = Result { () throws(WireError) in try WireCodec.decode(Request.self, from: line) }
                compare(new, old, line, frame: false, counts: &counts)
            default:
                let new = Result { () throws(WireError) in try WireCodec.decodeFrame(line) }
                let old = Result { () throws(WireError) in try WireCodec.decode(Frame.self, from: line, rejectingDuplicates: false) }
                compare(new, old, line, frame: true, counts: &counts)
            }
        }
        // The generator must reach every outcome, or it tests nothing.
        #expect(counts.same > 50 && counts.bothRefused > 500, "\(counts)")
    }

    // MARK: - Helpers

    /// Both read the same value, or both refuse the line with the same words, but where the
    /// wire's reader is stricter, each case said here:
    /// - "not valid JSON" for a line that is not (JSONSerialization refuses it too): JSONDecoder
    ///   reads a string only when a field asks for it, so a bad escape or byte in a value nobody
    ///   asked for goes by, and it takes a trailing comma;
    /// - JSONDecoder's "not valid JSON" for a number that is not a whole Int, where the wire's
    ///   reader names the field;
    /// - of two unknown keys in a command, JSONDecoder names either (its keys are a dictionary's);
    /// - in a frame, a key it does not have or one given twice, which JSONDecoder ignores;
    /// - a line whose bytes are not text (`TextBytes`), which the wire's reader refuses as that
    ///   whatever else is wrong with it, where JSONDecoder may read a key with U+FFFD for a bad byte.
    private func compare<T: Equatable>(
        _ new: Result<T, WireError>, _ old: Result<T, WireError>, _ line: [UInt8], frame: Bool, counts: inout (same: Int, bothRefused: Int, stricter: Int)
    ) {
        let text = String(decoding: line, as: UTF8.self)
        let notJSON = (try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])) == nil || Self.trailingComma(line)
        switch (new, old) {
        case let (.success(a), .success(b)):
            #expect(a == b, "\(text)")
            counts.same += 1
        case let (.failure(a), .failure(b)):
            let unknownKeys: Bool
            if case .unknownField = a, case .unknownField = b { unknownKeys = true } else { unknownKeys = false }
            let notText = TextBytes.firstProblem(in: line).map { a == .notText($0) } ?? false
            #expect(a == b || b == .notJSON || a == .notJSON && notJSON || notText || unknownKeys || frame && Self.keysNotInAFrame(line), "\(text): \(a) / \(b)")
            counts.bothRefused += 1
        case let (.failure(a), .success):
            #expect(a == .notJSON && notJSON || frame && Self.keysNotInAFrame(line), "refused what JSONDecoder reads (\(a)): \(text)")
            counts.stricter += 1
        case let (.success, .failure(b)):
            Issue.record("read what JSONDecoder refuses (\(b)): \(text)")
        }
    }

    /// A `,` before `}` or `]` (whitespace between): JSONDecoder lets it by.
    static func trailingComma(_ line: [UInt8]) -> Bool {
        let significant = line.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return zip(significant, significant.dropFirst()).contains { $0 == UInt8(ascii: ",") && ($1 == UInt8(ascii: "}") || $1 == UInt8(ascii: "]")) }
    }

    /// A key a frame does not have, or one given twice in an object: JSONDecoder ignores both in a frame.
    static func keysNotInAFrame(_ line: [UInt8]) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else { return true }
        // A key with U+FEFF (a byte mutation's byte-order mark) in it: Foundation's dictionaries on
        // Linux take it for the key without one, the wire's reader for a key of its own.
        if String(decoding: line, as: UTF8.self).contains("\u{FEFF}") { return true }
        let known: Set<String> = ["seq", "reply", "idle", "error", "screen", "text", "title", "elements", "list", "first", "total",
                                  "kind", "identifier", "label", "value", "enabled", "selected", "selectable", "focused", "secure", "children"]
        func unknownIn(_ value: Any) -> Bool {
            if let dictionary = value as? [String: Any] { return dictionary.keys.contains { !known.contains($0) } || dictionary.values.contains(where: unknownIn) }
            if let array = value as? [Any] { return array.contains(where: unknownIn) }
            return false
        }
        // JSONSerialization keeps one of two equal keys, as JSONDecoder does: count the keys as written.
        let written = String(decoding: line, as: UTF8.self).components(separatedBy: "\":").count - 1
        func keys(_ value: Any) -> Int {
            if let dictionary = value as? [String: Any] { return dictionary.count + dictionary.values.map(keys).reduce(0, +) }
            if let array = value as? [Any] { return array.map(keys).reduce(0, +) }
            return 0
        }
        return unknownIn(object) || keys(object) != written
    }

    private func error<T>(_ body: () throws -> T) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return String(describing: error)
        }
    }
}

extension SeededGenerator {
    /// The bytes JSON is made of, and a few that break it (NUL, a line break, UTF-8 and not).
    private static let alphabet = Array(#"{}[]":,\ -0123456789.eEtrufalsn"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]

    /// `line` changed one to three times: as JSON's text (a byte of its alphabet removed, inserted
    /// or replaced, or the rest cut off) every other time, else as raw bytes (`ByteMutation`: a bit
    /// flipped, a byte of 0x80–0xFF put in, a character cut, a NUL or a byte-order mark put in).
    mutating func mangled(_ line: [UInt8]) -> [UInt8] {
        if next() % 2 == 0 { return ByteMutation.mangled(line, using: &self) }
        var line = line
        for _ in 0...(next() % 3) {
            let at = Int(next() % UInt64(line.count + 1))
            switch next() % 4 {
            case 0 where at < line.count: line.remove(at: at)
            case 1: line.insert(Self.alphabet[Int(next() % UInt64(Self.alphabet.count))], at: at)
            case 2 where at < line.count: line[at] = Self.alphabet[Int(next() % UInt64(Self.alphabet.count))]
            default: line = Array(line.prefix(at))
            }
        }
        return line
    }
}
