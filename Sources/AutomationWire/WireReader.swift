import TextBytes

/// Reads the protocol's two lines, a frame and a command, straight into their types in one pass
/// over the bytes (``JSONLexer``): no tree and no `Decoder` in between, keys and kinds matched on
/// their bytes. Every step of a flow decodes one frame in the runner and one command in the app;
/// through `JSONDecoder` that took most of a step's time.
///
/// The keys are the types' own `CodingKeys`, which their `Codable` conformances use too (for
/// other JSON tools): every key of a frame is required, none may appear twice and none is
/// unknown; a command has `action` and may have `id`, `target` and `text`. A line that is not
/// JSON is `notJSON` whatever else is wrong with it; otherwise the first problem in the order
/// the fields are read is the error (for a command, the order of `Request`'s decoder: a key it
/// does not have, then id, action, target, text), and a key given twice comes last.
enum WireReader {
    /// The deepest a value the reader skips may nest (an unknown field's, a wrong type's).
    static let depthLimit = 64

    /// A frame. With `earlier` (the elements of the last frame read, and their bytes), an element
    /// written byte for byte as the element at its place there is that element, taken without
    /// reading it again: its bytes are a whole, valid object, so they end where it ends, and they
    /// read as they did. Returns the frame's own elements with their bytes when `earlier` is given.
    static func frame(_ bytes: UnsafeBufferPointer<UInt8>, earlier: [ReadElement]? = nil) throws(WireError) -> ReadFrame {
        var reader = Reader(lexer: JSONLexer(bytes), earlier: earlier)
        let frame: Frame?
        do throws(JSONLexer.Failure) {
            frame = try reader.frame()
            try reader.lexer.end()
        } catch {
            throw notJSON(bytes)
        }
        if let problem = reader.problem ?? reader.duplicate { throw problem }
        guard let frame else { throw .notJSON }
        return ReadFrame(frame: frame, elements: reader.read, kept: reader.kept)
    }

    /// One of a screen's elements, with the bytes it was read from.
    struct ReadElement: Sendable {
        let bytes: [UInt8]
        let element: Element
    }

    /// A frame, its screen's elements with their bytes (when the earlier ones were given), and
    /// how many of them were the earlier ones.
    struct ReadFrame {
        let frame: Frame
        let elements: [ReadElement]
        let kept: Int
    }

    static func command(_ bytes: UnsafeBufferPointer<UInt8>) throws(WireError) -> Request {
        var reader = Reader(lexer: JSONLexer(bytes))
        let request: Request?
        do throws(JSONLexer.Failure) {
            request = try reader.command()
            try reader.lexer.end()
        } catch {
            throw notJSON(bytes)
        }
        if let problem = reader.problem ?? reader.duplicate { throw problem }
        guard let request else { throw .notJSON }
        return request
    }

    /// A line the lexer refused: `notText` when its bytes are not text (the lexer refuses them too,
    /// but cannot say what they are: the same check as every other outside text does, only on this
    /// path, so a frame that is fine costs nothing for it), else `notJSON`.
    private static func notJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> WireError {
        TextBytes.firstProblem(in: bytes).map(WireError.notText) ?? .notJSON
    }

    // The words each object's keys (and an element's kind) are matched against, made once.
    private static let frameKeys = JSONLexer.Words(Frame.CodingKeys.allCases) { $0.stringValue }
    private static let screenKeys = JSONLexer.Words(Screen.CodingKeys.allCases) { $0.stringValue }
    private static let listKeys = JSONLexer.Words(ListWindow.CodingKeys.allCases) { $0.stringValue }
    private static let busyKeys = JSONLexer.Words(BusyWork.CodingKeys.allCases) { $0.stringValue }
    /// The bit of `busy` among a frame's keys: a frame of protocol 1 has none, so it is never missing.
    private static let busyBit: UInt16 = 1 << UInt16(Frame.CodingKeys.allCases.firstIndex(of: .busy) ?? 0)
    private static let elementKeys = JSONLexer.Words(Element.CodingKeys.allCases) { $0.stringValue }
    private static let kinds = JSONLexer.Words(Element.Kind.allCases) { $0.rawValue }
    private static let commandKeys = JSONLexer.Words(Request.CodingKeys.allCases) { $0.stringValue }
    private static let actions = JSONLexer.Words(Request.Action.allCases) { $0.rawValue }
    private static let actionPosition = Request.CodingKeys.allCases.firstIndex(of: .action) ?? 0

    /// The lexer, and the first problem that is not the grammar's: reading goes on past it, so
    /// that a line that is not JSON further on is said to be that.
    private struct Reader {
        var lexer: JSONLexer
        var problem: WireError?
        var duplicate: WireError?
        /// The last frame's elements, when they are remembered; and this frame's, as they are read.
        let earlier: [ReadElement]?
        var read: [ReadElement] = []
        var kept = 0

        init(lexer: JSONLexer, earlier: [ReadElement]? = nil) {
            self.lexer = lexer
            self.earlier = earlier
        }

        mutating func note(_ found: WireError) {
            if problem == nil { problem = found }
        }

        /// The next key of an object among `keys`: nil after its `}`; a key not among them is
        /// noted as unknown (`what` says whose) and its value skipped; one seen before is noted as
        /// given twice and its value skipped. `seen` has a bit for each key read.
        mutating func nextKey<Key: Sendable>(_ keys: JSONLexer.Words<Key>, first: inout Bool, seen: inout UInt16, in what: String) throws(JSONLexer.Failure) -> Key? {
            while let match = try lexer.nextKey(first: &first, among: keys) {
                switch match {
                case let .known(key, position):
                    guard seen & (1 << position) == 0 else {
                        if duplicate == nil { duplicate = .duplicateField(keys.names[position]) }
                        try lexer.skipValue(depth: WireReader.depthLimit)
                        continue
                    }
                    seen |= 1 << position
                    return key
                case let .other(key):
                    note(.unknownField(key, in: what, known: keys.names))
                    try lexer.skipValue(depth: WireReader.depthLimit)
                }
            }
            return nil
        }

        /// Notes the first key of `keys` that `seen` lacks as missing, at `path` (`screen.`).
        mutating func noteMissing<Key: Sendable>(_ keys: JSONLexer.Words<Key>, _ seen: UInt16, at path: String = "") {
            if let position = keys.names.indices.first(where: { seen & (1 << $0) == 0 }) {
                note(.missingField(path + keys.names[position], in: "the line"))
            }
        }

        // MARK: - Scalars, with the field's path for a problem

        mutating func integer(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> Int? {
            guard try lexer.valueKind() == .number else { return try wrong(path()) }
            if let value = try lexer.integer() { return value }
            note(.wrongType(field: path()))
            return nil
        }

        /// A whole number or null: `.some(nil)` for null, nil for a value of another type.
        mutating func optionalInteger(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> Int?? {
            if try lexer.skipNull() { return .some(nil) }
            return try integer(path()).map { .some($0) }
        }

        mutating func string(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> String? {
            if try lexer.valueKind() == .string { return try lexer.string() }
            return try wrong(path())
        }

        /// A string or null: `.some(nil)` for null, nil for a value of another type.
        mutating func optionalString(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> String?? {
            if try lexer.skipNull() { return .some(nil) }
            return try string(path()).map { .some($0) }
        }

        mutating func bool(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> Bool? {
            if try lexer.valueKind() == .bool { return try lexer.bool() }
            return try wrong(path())
        }

        /// Notes that the field at `path` has the wrong type and steps over its value.
        mutating func wrong<T>(_ path: String) throws(JSONLexer.Failure) -> T? {
            note(.wrongType(field: path))
            try lexer.skipValue(depth: WireReader.depthLimit)
            return nil
        }

        // MARK: - A frame

        mutating func frame() throws(JSONLexer.Failure) -> Frame? {
            guard try lexer.valueKind() == .object else {
                note(.notAnObject(what: "the line"))
                try lexer.skipValue(depth: WireReader.depthLimit)
                return nil
            }
            try lexer.openObject()
            var seq: Int?, reply: Int??, idle: Bool?, error: String??, screen: Screen?, text: String?
            var busy: [BusyWork]??
            var seen: UInt16 = 0
            var first = true
            while let key = try nextKey(WireReader.frameKeys, first: &first, seen: &seen, in: "a frame") {
                switch key {
                case .seq: seq = try integer("seq")
                case .reply: reply = try optionalInteger("reply")
                case .idle: idle = try bool("idle")
                case .error: error = try optionalString("error")
                case .screen: screen = try self.screen()
                case .text: text = try string("text")
                case .busy: busy = try self.busy().map { .some($0) }
                }
            }
            noteMissing(WireReader.frameKeys, seen | WireReader.busyBit)
            if seen & WireReader.busyBit == 0 { busy = .some(nil) }
            guard let seq, let reply, let idle, let error, let screen, let text, let busy else { return nil }
            return Frame(seq: seq, reply: reply, idle: idle, error: error, screen: screen, text: text, busy: busy)
        }

        /// The work in flight (protocol 2): an array of `{"work": NAME, "for_ms": N}`.
        mutating func busy() throws(JSONLexer.Failure) -> [BusyWork]? {
            guard try lexer.valueKind() == .array else { return try wrong("busy") }
            try lexer.openArray()
            var work: [BusyWork] = []
            var complete = true
            var first = true
            var position = 0
            while try lexer.nextItem(first: &first) {
                defer { position += 1 }
                if let one = try busyWork(position) { work.append(one) } else { complete = false }
            }
            return complete ? work : nil
        }

        mutating func busyWork(_ position: Int) throws(JSONLexer.Failure) -> BusyWork? {
            guard try lexer.valueKind() == .object else { return try wrong("busy.\(position)") }
            try lexer.openObject()
            var name: String?, milliseconds: Int?
            var seen: UInt16 = 0
            var first = true
            while let key = try nextKey(WireReader.busyKeys, first: &first, seen: &seen, in: "a frame's busy work") {
                switch key {
                case .work: name = try string("busy.\(position).work")
                case .milliseconds:
                    milliseconds = try integer("busy.\(position).for_ms")
                    // A time no work can have run: refused, as a value of the wrong type is.
                    if let read = milliseconds, !(0...BusyWork.longest).contains(read) {
                        note(.wrongType(field: "busy.\(position).for_ms"))
                        milliseconds = nil
                    }
                }
            }
            noteMissing(WireReader.busyKeys, seen, at: "busy.\(position).")
            guard let name, let milliseconds else { return nil }
            return BusyWork(work: name, milliseconds: milliseconds)
        }

        mutating func screen() throws(JSONLexer.Failure) -> Screen? {
            guard try lexer.valueKind() == .object else { return try wrong("screen") }
            try lexer.openObject()
            var title: String?, elements: [Element]?, list: ListWindow??
            var seen: UInt16 = 0
            var first = true
            while let key = try nextKey(WireReader.screenKeys, first: &first, seen: &seen, in: "a frame's screen") {
                switch key {
                case .title: title = try string("screen.title")
                case .elements: elements = try self.elements("screen.elements", remembering: earlier)
                case .list: list = try self.list()
                }
            }
            noteMissing(WireReader.screenKeys, seen, at: "screen.")
            guard let title, let elements, let list else { return nil }
            return Screen(title: title, elements: elements, list: list)
        }

        mutating func list() throws(JSONLexer.Failure) -> ListWindow?? {
            if try lexer.skipNull() { return .some(nil) }
            guard try lexer.valueKind() == .object else { return try wrong("screen.list") }
            try lexer.openObject()
            var firstRow: Int?, total: Int?
            var seen: UInt16 = 0
            var first = true
            while let key = try nextKey(WireReader.listKeys, first: &first, seen: &seen, in: "a frame's list") {
                switch key {
                case .first: firstRow = try integer("screen.list.first")
                case .total: total = try integer("screen.list.total")
                }
            }
            noteMissing(WireReader.listKeys, seen, at: "screen.list.")
            guard let firstRow, let total else { return nil }
            return .some(ListWindow(first: firstRow, total: total))
        }

        /// An array of elements; a screen's own (not an element's children) are `remembering` the
        /// last frame's, and noted in `read`.
        mutating func elements(_ path: String, remembering earlier: [ReadElement]? = nil) throws(JSONLexer.Failure) -> [Element]? {
            guard try lexer.valueKind() == .array else { return try wrong(path) }
            try lexer.openArray()
            var elements: [Element] = []
            var complete = true
            var first = true
            var position = 0
            while try lexer.nextItem(first: &first) {
                defer { position += 1 }
                _ = lexer.peekToken()
                let start = lexer.index
                if let earlier, position < earlier.count, lexer.skip(ifNext: earlier[position].bytes) {
                    elements.append(earlier[position].element)
                    read.append(earlier[position])
                    kept += 1
                } else if let element = try element(path, position) {
                    elements.append(element)
                    if earlier != nil { read.append(ReadElement(bytes: Array(lexer.bytes[start..<lexer.index]), element: element)) }
                } else {
                    complete = false
                }
            }
            return complete ? elements : nil
        }

        mutating func element(_ parent: String, _ position: Int) throws(JSONLexer.Failure) -> Element? {
            guard try lexer.valueKind() == .object else { return try wrong("\(parent).\(position)") }
            try lexer.openObject()
            var kind: Element.Kind?, identifier: String?, label: String?, value: String??
            var enabled: Bool?, selected: Bool?, selectable: Bool?, focused: Bool?, secure: Bool?, children: [Element]?
            var seen: UInt16 = 0
            var first = true
            while let key = try nextKey(WireReader.elementKeys, first: &first, seen: &seen, in: "an element") {
                let path = { "\(parent).\(position).\(key.stringValue)" }
                switch key {
                case .kind: kind = try self.kind(path())
                case .identifier: identifier = try string(path())
                case .label: label = try string(path())
                case .value: value = try optionalString(path())
                case .isEnabled: enabled = try bool(path())
                case .isSelected: selected = try bool(path())
                case .isSelectable: selectable = try bool(path())
                case .isFocused: focused = try bool(path())
                case .isSecure: secure = try bool(path())
                case .children: children = try elements(path())
                }
            }
            noteMissing(WireReader.elementKeys, seen, at: "\(parent).\(position).")
            guard let kind, let identifier, let label, let value, let enabled, let selected, let selectable, let focused, let secure, let children else {
                return nil
            }
            return Element(
                kind: kind, identifier: identifier, label: label, value: value, isEnabled: enabled, isSelected: selected,
                isFocused: focused, isSecure: secure, isSelectable: selectable, children: children
            )
        }

        /// An element's kind: a string that names one (anything else has the wrong type).
        mutating func kind(_ path: @autoclosure () -> String) throws(JSONLexer.Failure) -> Element.Kind? {
            guard try lexer.valueKind() == .string else { return try wrong(path()) }
            if case let .known(kind, _) = try lexer.string(among: WireReader.kinds) { return kind }
            note(.wrongType(field: path()))
            return nil
        }

        // MARK: - A command

        mutating func command() throws(JSONLexer.Failure) -> Request? {
            guard try lexer.valueKind() == .object else {
                note(.notAnObject(what: "a command"))
                try lexer.skipValue(depth: WireReader.depthLimit)
                return nil
            }
            try lexer.openObject()
            let keys = WireReader.commandKeys
            // Each field's own problem, kept apart so that they are told in the decoder's order.
            var unknownKey: WireError?
            var fieldProblems: [WireError?] = Array(repeating: nil, count: keys.names.count)
            var id: Int??, action: Request.Action?, target: String??, text: String??
            var seen: UInt16 = 0
            var first = true
            while let match = try lexer.nextKey(first: &first, among: keys) {
                guard case let .known(key, position) = match else {
                    if case let .other(name) = match, unknownKey == nil { unknownKey = .unknownField(name, in: "a command", known: keys.names) }
                    try lexer.skipValue(depth: WireReader.depthLimit)
                    continue
                }
                guard seen & (1 << position) == 0 else {
                    if duplicate == nil { duplicate = .duplicateField(keys.names[position]) }
                    try lexer.skipValue(depth: WireReader.depthLimit)
                    continue
                }
                seen |= 1 << position
                let outer = problem
                problem = nil
                switch key {
                case .id: id = try optionalInteger("id")
                case .action: action = try self.action()
                case .target: target = try optionalString("target")
                case .text: text = try optionalString("text")
                }
                fieldProblems[position] = problem
                problem = outer
            }
            if seen & (1 << WireReader.actionPosition) == 0 { fieldProblems[WireReader.actionPosition] = .missingField("action", in: "the line") }
            if let found = unknownKey ?? fieldProblems.compactMap({ $0 }).first { note(found) }
            guard let action, problem == nil else { return nil }
            return Request(id: id ?? nil, action: action, target: target ?? nil, text: text ?? nil)
        }

        /// A command's action: a string that names one.
        mutating func action() throws(JSONLexer.Failure) -> Request.Action? {
            guard try lexer.valueKind() == .string else { return try wrong("action") }
            switch try lexer.string(among: WireReader.actions) {
            case let .known(action, _): return action
            case let .other(raw):
                note(.unknownAction(raw))
                return nil
            }
        }
    }
}
