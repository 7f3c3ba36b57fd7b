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

    /// One check: which properties, on which frames.
    struct Check: Codable, Equatable {
        /// Its number, which the answer repeats.
        var id: Int
        /// The launch it is of: a property's model starts anew when it changes.
        var session: Int
        /// Whether the first frame is the screen before an action.
        var hasBefore: Bool
        /// How many frame lines follow: the one before (when `hasBefore`), then each frame after the
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
    }

    /// How a property's check ended.
    enum Outcome: String, Codable, Equatable {
        /// It holds.
        case holds
        /// What it relates is not on these screens (`assume`).
        case doesNotApply
        /// Eventually's condition was true on no frame.
        case notYet
        /// A check it made failed.
        case violated
        /// It threw an error.
        case threw
        /// It returned, and left threads of its own running in the worker (which is then replaced).
        case leftThreads
    }

    /// What one property's check said.
    struct Verdict: Codable, Equatable {
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

    /// The answer to one check: each property's result, in the order checked.
    struct Answer: Codable, Equatable {
        /// The check's number.
        var id: Int
        var results: [Verdict]
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

    /// A new page in a file of its own in the temporary folder, and the file's path (the runner
    /// removes it once the worker has it open).
    static func make() -> (marker: PropertyWorkerMarker, path: String)? {
        var template = Array((NSTemporaryDirectory() + "/flow-property-worker.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let marker = PropertyWorkerMarker(fd: fd) else {
            unlink(path)
            return nil
        }
        marker.set(check: -1, property: -1)
        marker.leftThreads = -1
        return (marker, path)
    }

    /// The page of the file at `path` (the worker's side).
    static func open(_ path: String) -> PropertyWorkerMarker? {
        let fd = Foundation.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
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

    /// The check the worker was last on.
    var check: Int { Int(self[.check]) }
    /// The property it was last running (-1: none).
    var property: Int { Int(self[.property]) }
    /// The last property that left threads running (-1: none).
    var leftThreads: Int {
        get { Int(self[.leftThreads]) }
        set { self[.leftThreads] = Int64(newValue) }
    }
}
