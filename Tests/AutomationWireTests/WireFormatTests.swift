import AutomationWire
import Foundation
import Testing

/// The protocol both sides share: every kind and flag survives a round trip, and a line that does
/// not match the format is an error naming the field, never a silent default.
struct WireFormatTests {
    @Test(arguments: Element.Kind.allCases)
    func everyKindSurvivesTheRoundTrip(kind: Element.Kind) throws {
        let element = Element(kind: kind, identifier: "id-\(kind)", label: "Label \(kind)", value: "v")
        #expect(try roundTrip(element) == element)
    }

    @Test(arguments: [
        Element(kind: .button, identifier: "b", label: "B", isEnabled: false),
        Element(kind: .cell, identifier: "c", label: "C", isSelected: true),
        Element(kind: .textField, identifier: "t", label: "T", value: "", isFocused: true),
        Element(kind: .secureTextField, identifier: "p", label: "P", value: Element.secureMask, isSecure: true),
        Element.alert("A", title: "Title", message: "Message", buttons: ["No", "Yes"]),
    ])
    func everyFlagAndChildSurvivesTheRoundTrip(element: Element) throws {
        #expect(try roundTrip(element) == element)
    }

    @Test func aWholeFrameSurvivesTheRoundTrip() throws {
        let frame = Frame(
            seq: 7, reply: 3, idle: false, error: "no control",
            screen: Screen(title: "Work photos", elements: [.text("8 work photos", identifier: "status")], list: ListWindow(first: 20, total: 5000)),
            text: "── Work photos"
        )
        #expect(try roundTrip(frame) == frame)
    }

    @Test(arguments: [
        "", "plain", "quote \" backslash \\ slash /", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}",
        "line\u{2028}sep é 😀 ──", String(repeating: "x", count: 5000),
    ])
    func theFrameWriterWritesExactlyWhatJSONEncoderWrites(text: String) throws {
        let elements = Element.Kind.allCases.map { kind in
            Element(kind: kind, identifier: text, label: "\(kind) \(text)", value: kind == .button ? nil : text,
                    isEnabled: kind != .cell, isSelected: kind == .cell, isFocused: kind == .textField, isSecure: kind == .secureTextField)
        } + [Element.alert("A", title: text, message: text, buttons: ["No", text])]
        for list in [nil, ListWindow(first: 40, total: 5000)] {
            for (reply, error) in [(nil, nil), (Optional(12), Optional(text))] {
                // Protocol 1 (no busy), and 2: idle, and busy with work named anyhow.
                for busy in [nil, [], [BusyWork(work: text, milliseconds: 4900), BusyWork(work: "b", milliseconds: 0)]] as [[BusyWork]?] {
                    let frame = Frame(seq: 123_456, reply: reply, idle: reply == nil, error: error,
                                      screen: Screen(title: text, elements: elements, list: list), text: text, busy: busy)
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                    #expect(WireCodec.encodeFrame(frame) == Array(try encoder.encode(frame)))
                    #expect(try WireCodec.decodeFrame(WireCodec.encodeFrame(frame)) == frame)
                }
            }
        }
    }

    @Test func theCommandWriterWritesExactlyWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for action in Request.Action.allCases {
            for (id, target, text) in [(nil, nil, nil), (Optional(-3), Optional("Log/in \"x\""), Optional("é\u{0}\u{1F}\n😀 \\")), (9, nil, "t")] as [(Int?, String?, String?)] {
                let request = Request(id: id, action: action, target: target, text: text)
                #expect(WireCodec.encodeCommand(request) == Array(try encoder.encode(request)), "\(request)")
                #expect(try WireCodec.decodeCommand(WireCodec.encodeCommand(request)) == request)
            }
        }
    }

    @Test func aCommandSurvivesTheRoundTrip() throws {
        for action in Request.Action.allCases {
            let request = Request(id: 4, action: action, target: "Login", text: "x")
            #expect(try roundTrip(request) == request)
        }
    }

    @Test(arguments: [
        (#"{"kind":"button","identifier":"b","label":"B","value":null,"enabeld":false,"selected":false,"focused":false,"secure":false,"children":[]}"#,
         #"missing "enabled" in the line"#),
        (#"{"kind":"slider","identifier":"b","label":"B","value":null,"enabled":true,"selected":false,"focused":false,"secure":false,"children":[]}"#,
         #""kind" has the wrong type"#),
        (#"{"identifier":"b","label":"B"}"#, #"missing "kind" in the line"#),
        (#"{"kind":"button","identifier":"b","label":"B","enabled":true,"selected":false,"focused":false,"secure":false,"children":[]}"#,
         #"missing "value" in the line"#),
        (#"{"kind":"button","identifier":"b","label":"B","value":null,"enabled":"no","selected":false,"focused":false,"secure":false,"children":[]}"#,
         #""enabled" has the wrong type"#),
    ])
    func aRenamedOrMissingElementFieldIsAnErrorNotADefault(line: String, message: String) {
        #expect(throws: WireError.self) { try WireCodec.decode(Element.self, from: Array(line.utf8)) }
        #expect(decodeError(Element.self, line) == message)
    }

    @Test func aFrameWithARenamedKeyIsAnError() {
        let good = String(decoding: WireCodec.encode(Frame(seq: 1, reply: nil, idle: true, error: nil, screen: Screen(title: "T", elements: []), text: "")), as: UTF8.self)
        #expect(throws: Never.self) { try WireCodec.decodeFrame(Array(good.utf8)) }
        for (key, renamed) in [("\"reply\"", "\"replyTo\""), ("\"error\"", "\"err\""), ("\"list\"", "\"window\""), ("\"idle\"", "\"isIdle\"")] {
            #expect(throws: WireError.self, "\(key)") { try WireCodec.decodeFrame(Array(good.replacingOccurrences(of: key, with: renamed).utf8)) }
        }
    }

    @Test(arguments: [
        ("", "empty line; expected a JSON object"),
        ("nonsense", "not valid JSON"),
        ("[1, 2]", "expected a command as a JSON object"),
        (#"{"id": 1}"#, #"missing "action" in the line"#),
        (#"{"id": "one", "action": "back"}"#, #""id" has the wrong type"#),
        (#"{"id": 1, "action": "tapp"}"#, #"unknown action "tapp" (did you mean "tap"?); actions are tap, type, back, scroll, snapshot, quit"#),
        (#"{"id": 1, "action": "tap", "taget": "Login"}"#, #"unknown field "taget" in a command (did you mean "target"?); fields are id, action, target, text"#),
        (#"{"id": 1, "action": "tap", "action": "back"}"#, #"field "action" appears twice"#),
        (#"{"id": 1, "action": "tap", "\u0061ction": "back"}"#, #"field "action" appears twice"#),
    ])
    func aMalformedCommandIsNamedWithoutQuotingTheLine(line: String, message: String) {
        #expect(decodeError(Request.self, line) == message)
        #expect(throws: WireError.self) { try WireCodec.decodeCommand(Array(line.utf8)) }
    }

    @Test func aSecretInAMalformedCommandIsNeverQuoted() {
        let lines = [
            #"{"id": 1, "action": "type", "target": "Password", "text": "hunter2", "text": "x"}"#,
            #"{"id": 1, "action": "type", "target": "Password", "text": "hunter2"#,
            #"{"id": 1, "action": "type", "target": "Password", "txt": "hunter2"}"#,
            #"{"id": 1, "action": "typo", "target": "Password", "text": "hunter2"}"#,
            #"{"id": "hunter2", "action": "type", "target": "Password", "text": "hunter2"}"#,
        ]
        for line in lines {
            let message = decodeError(Request.self, line)
            #expect(message != nil)
            #expect(message?.contains("hunter2") == false, "\(message ?? "")")
        }
    }

    @Test func anOverlongLineIsRefusedBeforeItIsParsed() {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: WireCodec.lineLimit + 1)
        #expect(decodeError(Request.self, line) == "line of \(WireCodec.lineLimit + 1) bytes is over the limit of \(WireCodec.lineLimit) bytes")
    }

    @Test func duplicateKeysAreFoundAtAnyDepthButNotAcrossObjects() {
        #expect(DuplicateKeysProbe.first(#"{"a":{"b":1,"b":2}}"#) == "b")
        #expect(DuplicateKeysProbe.first(#"[{"a":1},{"a":2}]"#) == nil)
        #expect(DuplicateKeysProbe.first(#"{"a":"x,\"a\":","b":1}"#) == nil)
    }

    // MARK: - Helpers

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        try WireCodec.decode(T.self, from: WireCodec.encode(value))
    }

    private func decodeError<T: Decodable>(_ type: T.Type, _ line: String) -> String? {
        decodeError(type, Array(line.utf8))
    }

    private func decodeError<T: Decodable>(_ type: T.Type, _ line: [UInt8]) -> String? {
        do {
            _ = try WireCodec.decode(T.self, from: line)
            return nil
        } catch {
            return error.description
        }
    }
}

/// Reaches the duplicate-key scan through decoding a dictionary, which accepts any keys.
enum DuplicateKeysProbe {
    static func first(_ json: String) -> String? {
        do {
            _ = try WireCodec.decode(AnyJSON.self, from: Array(json.utf8))
            return nil
        } catch let WireError.duplicateField(key) {
            return key
        } catch {
            return "error: \(error)"
        }
    }

    struct AnyJSON: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
