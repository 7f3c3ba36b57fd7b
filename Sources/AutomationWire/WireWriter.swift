/// Writes a frame (or a command) as one line of JSON, byte for byte what `JSONEncoder` (sorted
/// keys, slashes not escaped) writes, in a fraction of its time.
///
/// The app writes a frame for every command; `JSONEncoder` took two thirds of the app's share of a
/// step. The schema is fixed and small, so a direct writer is short, and a test holds it to
/// `JSONEncoder`'s exact output for every kind, flag and awkward string.
struct WireWriter {
    private(set) var bytes: [UInt8] = []
    /// The last frame's screen elements with the bytes written for them, when they are remembered
    /// (a ``FrameEncoder``'s); and this frame's, as they are written, with how many were the same.
    private let earlier: [WrittenElement]?
    private(set) var written: [WrittenElement] = []
    private(set) var kept = 0

    /// One of a screen's elements, with the bytes written for it.
    struct WrittenElement: Sendable {
        let element: Element
        let bytes: [UInt8]
    }

    init(capacity: Int = 4096, earlier: [WrittenElement]? = nil) {
        bytes.reserveCapacity(capacity)
        self.earlier = earlier
    }

    mutating func frame(_ frame: Frame) {
        raw("{")
        if let busy = frame.busy {
            raw("\"busy\":[")
            for (position, work) in busy.enumerated() {
                raw(position == 0 ? "{\"for_ms\":" : ",{\"for_ms\":")
                int(work.milliseconds)
                raw(",\"work\":")
                string(work.work)
                raw("}")
            }
            raw("],")
        }
        raw("\"error\":")
        optionalString(frame.error)
        raw(",\"idle\":")
        bool(frame.idle)
        raw(",\"reply\":")
        if let reply = frame.reply { int(reply) } else { raw("null") }
        raw(",\"screen\":")
        screen(frame.screen)
        raw(",\"seq\":")
        int(frame.seq)
        raw(",\"text\":")
        string(frame.text)
        raw("}")
    }

    /// A command, with its keys sorted and an absent field left out, as `JSONEncoder` writes it.
    mutating func command(_ request: Request) {
        raw("{\"action\":")
        string(request.action.rawValue)
        if let id = request.id {
            raw(",\"id\":")
            int(id)
        }
        if let target = request.target {
            raw(",\"target\":")
            string(target)
        }
        if let text = request.text {
            raw(",\"text\":")
            string(text)
        }
        raw("}")
    }

    mutating func screen(_ screen: Screen) {
        raw("{\"elements\":")
        elements(screen.elements, remembering: earlier)
        raw(",\"list\":")
        if let list = screen.list {
            raw("{\"first\":")
            int(list.first)
            raw(",\"total\":")
            int(list.total)
            raw("}")
        } else {
            raw("null")
        }
        raw(",\"title\":")
        string(screen.title)
        raw("}")
    }

    /// Elements; a screen's own are `remembering` the last frame's (a ``FrameEncoder``'s): one
    /// equal to the element at its place there is copied from the bytes written for it, and each
    /// is noted in `written`.
    private mutating func elements(_ elements: [Element], remembering earlier: [WrittenElement]? = nil) {
        raw("[")
        if earlier != nil { written.reserveCapacity(elements.count) }
        for position in elements.indices {
            if position > 0 { raw(",") }
            if let earlier, position < earlier.count, earlier[position].element == elements[position] {
                bytes.append(contentsOf: earlier[position].bytes)
                written.append(earlier[position])
                kept += 1
            } else {
                let start = bytes.count
                element(elements[position])
                if earlier != nil { written.append(WrittenElement(element: elements[position], bytes: Array(bytes[start...]))) }
            }
        }
        raw("]")
    }

    private mutating func element(_ element: Element) {
        raw("{\"children\":")
        elements(element.children)
        raw(",\"enabled\":")
        bool(element.isEnabled)
        raw(",\"focused\":")
        bool(element.isFocused)
        raw(",\"identifier\":")
        string(element.identifier)
        raw(",\"kind\":")
        string(element.kind.rawValue)
        raw(",\"label\":")
        string(element.label)
        raw(",\"secure\":")
        bool(element.isSecure)
        raw(",\"selectable\":")
        bool(element.isSelectable)
        raw(",\"selected\":")
        bool(element.isSelected)
        raw(",\"value\":")
        optionalString(element.value)
        raw("}")
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    private mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// A JSON string: `"` and `\` escaped, control characters as `\b \t \n \f \r` or `\u00xx`,
    /// everything else as its UTF-8 bytes.
    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        // Most text needs no escape: copy each run up to the next byte that does in one go.
        value.withUTF8 { utf8 in
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x08: raw("\\b")
        case 0x09: raw("\\t")
        case 0x0A: raw("\\n")
        case 0x0C: raw("\\f")
        case 0x0D: raw("\\r")
        case 0x00..<0x20:
            raw("\\u00")
            bytes.append(Self.hex[Int(byte >> 4)])
            bytes.append(Self.hex[Int(byte & 0x0F)])
        default:
            bytes.append(byte)
        }
    }
}
