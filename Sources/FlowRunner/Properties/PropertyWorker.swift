import Console
import FlowKit
import Foundation

/// The property worker: the runner's own executable started again (`RUNNER property-worker`),
/// where the properties an app's authors wrote are checked, so that whatever a check does to its
/// process (a trap, an abort, an exit, a loop, memory without end) ends the worker, never the
/// runner. It reads checks on its standard input and answers on its standard output
/// (`PropertyWorkerWire`), one at a time, until its input ends.
///
/// As swift-testing's exit tests and libFuzzer's fork mode do: the code under test runs in a
/// child, and its end is a finding the parent reports.
package enum PropertyWorker {
    /// The hidden subcommand that starts a worker.
    package static let subcommand = "property-worker"

    /// What a worker is given on its command line, after the subcommand.
    package struct Arguments: Equatable, Sendable {
        /// The shared page it says which property it runs in (`PropertyWorkerMarker`).
        package var marker: String
        /// The most memory its data may take, in bytes (0: no limit of its own).
        package var memory: Int

        /// The arguments of a worker marking its page at `marker`, its data at most `memory` bytes.
        package init(marker: String, memory: Int) {
            self.marker = marker
            self.memory = memory
        }

        /// As the runner writes them: `--marker PATH --memory BYTES`.
        package var words: [String] { ["--marker", marker, "--memory", String(memory)] }

        /// Read from `words` as the runner writes them; nil when they are not.
        package init?(words: [String]) {
            guard words.count == 4, words[0] == "--marker", words[2] == "--memory", let memory = Int(words[3]), memory >= 0 else { return nil }
            self.init(marker: words[1], memory: memory)
        }
    }

    /// Serves checks of `properties` (the runner's catalog's, in order) on this process's
    /// standard input and output until the input ends: 0 then; 2 when the runner broke the protocol
    /// (said on standard error). Never returns early for what a property does: that ends the process.
    package static func serve(properties: [AppProperty], arguments: Arguments) -> Int32 {
        // Below the runner and the app: the worker checks while the runner drives the app to the
        // next screen, on the time the two leave (up to 64 checks behind), not on theirs.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        if arguments.memory > 0 {
            // The data a property allocates (the heap, anonymous maps): past this, an allocation fails
            // and the worker ends, a finding of the property that asked, never the machine's problem.
            var limit = rlimit(rlim_cur: rlim_t(arguments.memory), rlim_max: rlim_t(arguments.memory))
            _ = setrlimit(Int32(RLIMIT_DATA.rawValue), &limit)
        }
        // The protocol keeps copies of standard input and output; standard output itself goes to
        // standard error from now on, so what a property prints never reads as an answer.
        let requests = dup(STDIN_FILENO), answers = dup(STDOUT_FILENO)
        guard ![requests, answers, dup2(STDERR_FILENO, STDOUT_FILENO)].contains(-1) else { return refuse("cannot set up its standard streams") }
        // (When /dev/null cannot be opened, dup2 and close refuse the descriptor -1.)
        let null = open("/dev/null", O_RDONLY)
        _ = dup2(null, STDIN_FILENO)
        close(null)
        for fd in [requests, answers] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        endWhenTheRunnerIsGone(watching: answers)
        guard let marker = PropertyWorkerMarker.open(arguments.marker) else { return refuse("cannot open its marker \(arguments.marker)") }
        var worker = Serving(properties: properties, marker: marker, input: LineInput(fd: requests), output: answers)
        return worker.run()
    }

    /// Ends this process once nothing can read its `answers` any more: the runner is gone (killed
    /// part-way: a SIGKILL leaves it no time to end its workers), even while a property never
    /// returns. Without it a worker in a loop property spun on for hours after its runner was
    /// killed. (Its input is no sign: a runner may close it and still read the answers to what it
    /// sent.) A thread blocked in poll(2) on the pipe's error, which writes nothing; started before
    /// the checks, so it is no thread a property left.
    private static func endWhenTheRunnerIsGone(watching answers: Int32) {
        Thread {
            // Asked for no event, poll returns only for the pipe's error (no reader: POLLERR) or
            // its end; a signal (or a failure) only wakes it, and it waits again.
            var watched = pollfd(fd: answers, events: 0, revents: 0)
            while poll(&watched, 1, -1) < 1 {}
            _exit(0)
        }.start()
    }

    private static func refuse(_ why: String) -> Int32 {
        Console.error("property worker: error: \(why)\n")
        return 2
    }

    /// One worker's state: what it read, and the models of the launch it checks.
    private struct Serving {
        let properties: [AppProperty]
        let marker: PropertyWorkerMarker
        var input: LineInput
        let output: Int32
        var variables: [String: String] = [:]
        var decoder = FrameDecoder()
        var session = -1
        var models = PropertyModels()
        /// The last frame of the last check: the screen before the next action, most often.
        var last: Frame?
        /// The threads the worker runs when no property is running.
        var threads = 0

        init(properties: [AppProperty], marker: PropertyWorkerMarker, input: LineInput, output: Int32) {
            self.properties = properties
            self.marker = marker
            self.input = input
            self.output = output
        }

        mutating func run() -> Int32 {
            guard write(PropertyWorkerWire.Hello(worker: PropertyWorkerWire.version, properties: properties.map(\.name))) else { return 0 }
            guard let setupLine = input.next() else { return 0 }
            guard case let .success(setup) = PropertyWorkerWire.read(PropertyWorkerWire.Setup.self, from: setupLine) else {
                return PropertyWorker.refuse("the runner's setup is not one: \(String(decoding: setupLine.prefix(200), as: UTF8.self))")
            }
            variables = setup.variables
            threads = PropertyWorker.threadCount()
            while let line = input.next() {
                guard let check = PropertyWorkerWire.Check(line: line) else {
                    return PropertyWorker.refuse("a line that is not a check: \(String(decoding: line.prefix(200), as: UTF8.self))")
                }
                var frames: [Frame] = []
                for _ in 0..<max(0, check.frames) {
                    guard let frameLine = input.next() else { return 0 }
                    do {
                        frames.append(try decoder.decode(frameLine))
                    } catch {
                        return PropertyWorker.refuse("a check's frame is not one (\(error))")
                    }
                }
                guard let answer = answer(check, frames: frames) else { return PropertyWorker.refuse("check \(check.id) has no frame to check, or names a property it does not know") }
                guard Console.write(answer.line + [0x0A], to: output) else { return 0 }
            }
            return 0
        }

        /// Checks what `check` names on `frames`: the action properties, then eventually's, then the invariants.
        private mutating func answer(_ check: PropertyWorkerWire.Check, frames: [Frame]) -> PropertyWorkerWire.Answer? {
            let before: Frame? = switch check.before {
            case .none: nil
            case .sent: frames.first
            case .previous: last
            }
            let after = Array(frames.dropFirst(check.before == .sent ? 1 : 0))
            guard let idle = after.last, check.before == .none || before != nil,
                  (check.actions + check.eventually + check.invariants).allSatisfy(properties.indices.contains) else { return nil }
            last = idle
            if check.session != session {
                session = check.session
                models = PropertyModels()
            }
            var results: [PropertyWorkerWire.Verdict] = []
            for index in check.actions {
                results.append(run(index, in: check) { property, variables, models in
                    Self.result(index, property.outcome(before: before, after: idle, variables: variables, models: &models))
                })
            }
            for index in check.eventually {
                results.append(run(index, in: check) { property, variables, models in
                    for (number, frame) in after.enumerated() {
                        let outcome = property.outcome(before: before, after: frame, variables: variables, models: &models)
                        if outcome != .notYet { return Self.result(index, outcome, frame: number) }
                    }
                    return Self.result(index, .notYet)
                })
            }
            for index in check.invariants {
                results.append(run(index, in: check) { property, variables, models in
                    Self.result(index, property.outcome(before: nil, after: idle, variables: variables, models: &models))
                })
            }
            marker.set(check: check.id, property: -1)
            return PropertyWorkerWire.Answer(id: check.id, results: results)
        }

        /// Runs the property at `index` with the marker on it; a property that left threads of its
        /// own running says so (the runner then replaces the worker: a thread of one property must
        /// never end another's check).
        private mutating func run(
            _ index: Int, in check: PropertyWorkerWire.Check, _ body: (AppProperty, [String: String], inout PropertyModels) -> PropertyWorkerWire.Verdict
        ) -> PropertyWorkerWire.Verdict {
            marker.set(check: check.id, property: index)
            let result = body(properties[index], variables, &models)
            let now = PropertyWorker.threadCount()
            guard now > threads else { return result }
            marker.leftThreads = index
            let left = now - threads
            threads = now
            return PropertyWorkerWire.Verdict(property: index, outcome: .leftThreads, text: result.text, frame: result.frame, threads: left)
        }

        private static func result(_ index: Int, _ outcome: PropertyOutcome, frame: Int? = nil) -> PropertyWorkerWire.Verdict {
            switch outcome {
            case .holds: PropertyWorkerWire.Verdict(property: index, outcome: .holds, frame: frame)
            case .doesNotApply: PropertyWorkerWire.Verdict(property: index, outcome: .doesNotApply, frame: frame)
            case .notYet: PropertyWorkerWire.Verdict(property: index, outcome: .notYet, frame: frame)
            case let .violated(found): PropertyWorkerWire.Verdict(property: index, outcome: .violated, text: found, frame: frame)
            case let .threw(error): PropertyWorkerWire.Verdict(property: index, outcome: .threw, text: error, frame: frame)
            }
        }

        /// Writes `value` as one line of JSON; false when the runner is gone.
        private func write(_ value: some Encodable) -> Bool {
            Console.write(PropertyWorkerWire.line(value) + [0x0A], to: output)
        }
    }

    /// How much lower than the runner a worker runs (nice(2)'s scale).
    static let niceness: Int32 = 5

    /// The threads this process runs (procfs counts them in its task folder's links), read through
    /// the folder kept open: no path walked at each property. 0 when the folder could not be opened
    /// (fstat refuses the descriptor -1).
    static func threadCount() -> Int {
        var info = stat()
        guard fstat(taskFolder, &info) == 0 else { return 0 }
        return Int(info.st_nlink) - 2
    }

    private static let taskFolder = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

/// Lines read from a file descriptor, blocking: the worker's standard input.
struct LineInput {
    let fd: Int32
    /// What was read and not returned yet (a slice: a line returned costs no copy of the rest,
    /// and the bytes before it go when the buffer next grows).
    private var buffer: ArraySlice<UInt8> = []
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32) {
        self.fd = fd
    }

    /// The next line without its newline, or nil at the end of the input (a last line without
    /// its newline is not one) or when it cannot be read.
    mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer = buffer[(newline + 1)...]
                return line
            }
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
