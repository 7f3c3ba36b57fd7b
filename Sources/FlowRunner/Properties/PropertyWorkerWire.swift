import FlowKit
import Foundation

/// The property worker's protocol, declared once for both of its ends: the runner
/// (``PropertyWorkerProcess``) and the worker (``PropertyWorker``).
///
/// A property is code an app's authors write, and the runner never runs it itself: it starts its
/// own executable again as a worker (`RUNNER property-worker --marker PATH --memory BYTES`) and
/// talks to it in lines, one check at a time, on the worker's standard input and output (what a
/// property prints goes to the worker's standard error instead):
///
/// 1. the worker says ``Hello``: the properties it knows, by name, in the catalog's order;
/// 2. the runner sends the ``Setup``: the variables a property may read;
/// 3. then each check: a ``Check`` line, followed by its frames, each a line of the automation
///    protocol (AutomationWire's `FrameEncoder`, as an app writes them); the worker answers one
///    ``Answer`` line.
///
/// Every property one action triggers, and every invariant of the screen it left, is one check:
/// one round trip an action. Before it runs each property, the worker writes which one into a
/// shared page (``PropertyWorkerMarker``), so a worker that dies or never answers names the
/// property it was running.
enum PropertyWorkerWire {
    /// The protocol's version, which the hello says.
    static let version = 1

    /// What the worker says first.
    struct Hello: Codable, Equatable {
        /// The protocol's version it speaks.
        var worker: Int
        /// Its properties' names, in the catalog's order: a check names them by their place here.
        var properties: [String]
    }

    /// What the runner says once, after the hello.
    struct Setup: Codable, Equatable {
        /// The variables a property's check may read (secrets too: they never leave the pipe).
        var variables: [String: String]
    }

    /// One check: which properties, on which frames. One line of ASCII (every check goes through
    /// it, and Foundation's JSON coders took two thirds of a check's time on both ends):
    /// `C ID SESSION BEFORE FRAMES ACTIONS EVENTUALLY INVARIANTS`, the lists comma-separated
    /// places (`-`: none), BEFORE `n` (no screen before: an invariant alone), `s` (sent: the first
    /// frame) or `p` (the last frame of the check before, which the worker keeps: an action's
    /// screen before is most often the screen the action before it left).
    struct Check: Equatable {
        /// Its number, which the answer repeats.
        var id: Int
        /// The launch it is of: a property's model starts anew when it changes.
        var session: Int
        /// Where the screen before the action is.
        var before: Before
        /// How many frame lines follow: the one before (when it is sent), then each frame after the
        /// action, busy ones too, the idle one it left last (for an invariant alone, that one).
        var frames: Int
        /// The action properties the action triggers (those that update a model among them), by
        /// their place in the hello's list, checked first, in this order.
        var actions: [Int]
        /// The eventually's it triggers, checked on each frame after the action until one holds.
        var eventually: [Int]
        /// The invariants of the idle screen the action left, checked last (on the model as the
        /// action properties left it).
        var invariants: [Int]

        /// Where the screen before the action is.
        enum Before: String, Equatable {
            /// There is none: invariants alone.
            case none = "n"
            /// It is the first frame sent.
            case sent = "s"
            /// It is the last frame of the check before.
            case previous = "p"
        }

        /// The check as its line.
        var line: [UInt8] {
            func list(_ places: [Int]) -> String { places.isEmpty ? "-" : places.map(String.init).joined(separator: ",") }
            return Array("C \(id) \(session) \(before.rawValue) \(frames) \(list(actions)) \(list(eventually)) \(list(invariants))".utf8)
        }

        /// The check `line` says, or nil when it says none.
        init?(line: [UInt8]) {
            let words = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
            func list(_ word: Substring) -> [Int]? {
                word == "-" ? [] : word.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }.reduce([Int]?([])) { all, place in
                    guard let all, let place, place >= 0 else { return nil }
                    return all + [place]
                }
            }
            guard words.count == 8, words[0] == "C", let id = Int(words[1]), let session = Int(words[2]), let before = Before(rawValue: String(words[3])),
                  let frames = Int(words[4]), frames >= 0, let actions = list(words[5]), let eventually = list(words[6]), let invariants = list(words[7]) else { return nil }
            self.init(id: id, session: session, before: before, frames: frames, actions: actions, eventually: eventually, invariants: invariants)
        }

        init(id: Int, session: Int, before: Before, frames: Int, actions: [Int], eventually: [Int], invariants: [Int]) {
            self.id = id
            self.session = session
            self.before = before
            self.frames = frames
            self.actions = actions
            self.eventually = eventually
            self.invariants = invariants
        }
    }

    /// How a property's check ended, by the letter its answer gives it.
    enum Outcome: String, Equatable {
        /// It holds.
        case holds = "h"
        /// What it relates is not on these screens (`assume`).
        case doesNotApply = "n"
        /// Eventually's condition was true on no frame.
        case notYet = "y"
        /// A check it made failed.
        case violated = "v"
        /// It threw an error.
        case threw = "t"
        /// It returned, and left threads of its own running in the worker (which is then replaced).
        case leftThreads = "l"
    }

    /// What one property's check said.
    struct Verdict: Equatable {
        /// The property, by its place in the hello's list.
        var property: Int
        var outcome: Outcome
        /// What it found, what it threw, or why it does not apply.
        var text: String?
        /// For eventually: the frame after the action (from 0) it held or failed on.
        var frame: Int?
        /// For threads left running: how many.
        var threads: Int?
    }

    /// The answer to one check: each property's result, in the order checked (the check's
    /// actions, eventually's, then invariants). One line: `A ID OUTCOMES`, a letter a property
    /// (``Outcome``), then for each result with more to say a tab and `INDEX FRAME THREADS TEXT`
    /// (its index among the outcomes; FRAME and THREADS `-` when there is none; TEXT, the rest,
    /// with `%`, tab and line ends written `%25`, `%09`, `%0A`, `%0D`). A check whose properties
    /// all hold is answered in a few bytes: `A 12 hhhnh`.
    struct Answer: Equatable {
        /// The check's number.
        var id: Int
        var results: [Verdict]

        /// The answer as its line.
        var line: [UInt8] {
            var bytes = Array("A \(id) ".utf8)
            for result in results { bytes.append(result.outcome.rawValue.utf8.first ?? UInt8(ascii: "h")) }
            for (index, result) in results.enumerated() where result.text != nil || result.frame != nil || result.threads != nil {
                bytes.append(0x09)
                bytes += Array("\(index) \(result.frame.map(String.init) ?? "-") \(result.threads.map(String.init) ?? "-") ".utf8)
                bytes += Answer.escaped(result.text ?? "")
            }
            return bytes
        }

        /// The answer `line` says to a check of the properties at `places` (in the order
        /// checked), or nil when it says none.
        init?(line: [UInt8], places: [Int]) {
            let records = line.split(separator: 0x09, omittingEmptySubsequences: false)
            let head = records[0].split(separator: 0x20, omittingEmptySubsequences: false)
            guard head.count == 3, head[0].elementsEqual("A".utf8), let id = Self.integer(head[1]), head[2].count == places.count else { return nil }
            var results: [Verdict] = []
            for (place, letter) in zip(places, head[2]) {
                guard let outcome = Outcome(rawValue: String(UnicodeScalar(letter))) else { return nil }
                results.append(Verdict(property: place, outcome: outcome))
            }
            for record in records.dropFirst() {
                let words = record.split(separator: 0x20, maxSplits: 3, omittingEmptySubsequences: false)
                guard words.count >= 3, let index = Self.integer(words[0]), results.indices.contains(index) else { return nil }
                let dash = "-".utf8
                let frame = words[1].elementsEqual(dash) ? nil : Self.integer(words[1]), threads = words[2].elementsEqual(dash) ? nil : Self.integer(words[2])
                guard words[1].elementsEqual(dash) || frame != nil, words[2].elementsEqual(dash) || threads != nil else { return nil }
                (results[index].frame, results[index].threads) = (frame, threads)
                if words.count == 4, !words[3].isEmpty { results[index].text = Self.unescaped(words[3]) }
            }
            self.init(id: id, results: results)
        }

        init(id: Int, results: [Verdict]) {
            self.id = id
            self.results = results
        }

        private static func integer(_ digits: ArraySlice<UInt8>) -> Int? {
            guard !digits.isEmpty, digits.count < 19, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }

        /// `text` as its bytes with `%`, tab and line ends written `%25`, `%09`, `%0A`, `%0D`.
        static func escaped(_ text: String) -> [UInt8] {
            var bytes: [UInt8] = []
            for byte in text.utf8 {
                switch byte {
                case 0x25: bytes += Array("%25".utf8)
                case 0x09: bytes += Array("%09".utf8)
                case 0x0A: bytes += Array("%0A".utf8)
                case 0x0D: bytes += Array("%0D".utf8)
                default: bytes.append(byte)
                }
            }
            return bytes
        }

        /// The text `escaped` wrote.
        static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
            var text: [UInt8] = []
            var index = bytes.startIndex
            while index < bytes.endIndex {
                if bytes[index] == 0x25, index + 2 < bytes.endIndex,
                   let code = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                    text.append(code)
                    index += 3
                } else {
                    text.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// `value` as one line of JSON (keys sorted, so the same value is the same bytes).
    static func line(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map(Array.init) ?? Array("{}".utf8)
    }

    /// The line read as `T`, or why it is not one.
    static func read<T: Decodable>(_ type: T.Type, from line: [UInt8]) -> Result<T, Problem> {
        do {
            return .success(try JSONDecoder().decode(T.self, from: Data(line)))
        } catch {
            return .failure(Problem(description: "\(error)"))
        }
    }

    /// A line that is not what the protocol says comes next.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }
}

/// The page the runner and its worker share: which check the worker is on, which property it is
/// running, and the last property that left threads running. Written by the worker before each
/// property with plain stores (no system call, nothing the runner is woken by); read by the runner
/// only once the worker is gone or is killed, to name the property it was running.
final class PropertyWorkerMarker: @unchecked Sendable {
    /// The three numbers, in this order.
    private enum Slot: Int {
        case check = 0
        case property = 1
        case leftThreads = 2
    }

    private let base: UnsafeMutablePointer<Int64>
    private static let size = 3 * MemoryLayout<Int64>.stride

    /// The page of the file open as `fd` (made that long), mapped shared.
    private init?(fd: Int32) {
        guard ftruncate(fd, off_t(Self.size)) == 0 else { return nil }
        let mapped = mmap(nil, Self.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped.bindMemory(to: Int64.self, capacity: 3)
    }

    deinit {
        munmap(base, Self.size)
    }

    /// A new page in a file of its own in `folder` (the temporary folder), and the file's path
    /// (the runner removes it once the worker has it open).
    static func make(in folder: String = NSTemporaryDirectory()) -> (marker: PropertyWorkerMarker, path: String)? {
        var template = Array((folder + "/flow-property-worker.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let marker = PropertyWorkerMarker(fd: fd) else {
            unlink(path)
            return nil
        }
        // Checks are numbered from 1: 0 is none.
        marker.set(check: 0, property: -1)
        marker.leftThreads = -1
        return (marker, path)
    }

    /// The page of the file at `path` (the worker's side).
    static func open(_ path: String) -> PropertyWorkerMarker? {
        // A file that cannot be opened is no page: ftruncate refuses the descriptor -1.
        let fd = Foundation.open(path, O_RDWR | O_CLOEXEC)
        defer { close(fd) }
        return PropertyWorkerMarker(fd: fd)
    }

    private subscript(_ slot: Slot) -> Int64 {
        get { base[slot.rawValue] }
        set { base[slot.rawValue] = newValue }
    }

    /// The worker is on check `check`, running the property at `property` (-1: none).
    func set(check: Int, property: Int) {
        self[.check] = Int64(check)
        self[.property] = Int64(property)
    }

    /// The check the worker was last on (0: none yet; checks are numbered from 1).
    var check: Int { Int(self[.check]) }
    /// The property it was last running (-1: none).
    var property: Int { Int(self[.property]) }
    /// The last property that left threads running (-1: none).
    var leftThreads: Int {
        get { Int(self[.leftThreads]) }
        set { self[.leftThreads] = Int64(newValue) }
    }
}
