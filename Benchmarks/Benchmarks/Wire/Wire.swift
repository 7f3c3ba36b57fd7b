import AutomationWire
import Benchmark

/// The wire's share of one flow step, in process: encoding and decoding a frame and a command.
/// (The app's own handling of a command runs on its main actor, which this harness does not run
/// benchmarks on: `workphotos-bench step` measures it, with the pipes, against their floor.)
/// Target: a small part of a step (a step, command to idle frame, takes at most 0.3 ms at the median).
/// A 20% regression at the median fails. The slow tail of a few microseconds is the shared
/// machine's (p90 of the same build moved from 7 to 11 µs between runs here), so it is not checked.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3),
        thresholds: [.wallClock: .init(relative: [.p50: 20]), .mallocCountTotal: .init(relative: [.p50: 20])]
    )
    let screen = Screen(title: "Login", elements: [
        .textField("Username", value: "user1"), .secureField("Password", isFilled: true), .button("Login"), .text("", identifier: "results"),
    ])
    let frame = Frame(seq: 7, reply: 3, idle: true, error: nil, screen: screen, text: String(repeating: "─", count: 200))
    let encodedFrame = WireCodec.encode(frame)
    let command = WireCodec.encode(Request(id: 9, action: .type, target: "Username", text: "user1"))

    Benchmark("Encode a login frame", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(WireCodec.encodeFrame(frame)) }
    }
    Benchmark("Decode a login frame", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? WireCodec.decodeFrame(encodedFrame)) }
    }
    Benchmark("Decode a command", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? WireCodec.decodeCommand(command)) }
    }
}
