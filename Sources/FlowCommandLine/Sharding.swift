import ArgumentParser
import Console
import FlowRunner
import Foundation
import LocatedYAML

/// `flow run --shard I/N|auto [--shard-by hash|timings --timings FILE]`: this machine's share of
/// the suite, and the lines that say how it was chosen.
enum Sharding {
    /// How `--shard` splits the flows.
    enum Method: String, ExpressibleByArgument, CaseIterable {
        /// A stable hash of each flow's file (what `--shard` has always done).
        case hash
        /// Longest first by an earlier run's times, fixtures' seeding counted (`ShardPlan`).
        case timings
    }

    /// What `--shard` chose: the flows, and the shard as `I/N` (for the HTML report).
    struct Choice {
        let suite: FlowSuite
        let shard: String
    }

    /// The most machines a run is split between: a split by timings weighs every flow on every
    /// shard, so a hundred million of them (a typo, a bad CI variable) would never finish.
    static let maximumShards = 10_000

    /// Why `count` machines is no split, or nil when it is one.
    static func problem(count: Int) -> String? {
        count > maximumShards ? "\(count) machines is more than the \(maximumShards) a run is split between" : nil
    }

    /// Refuses combinations of the options that cannot mean anything.
    static func validate(shard: String?, by method: Method, timings: [String]) throws {
        if method == .timings, shard == nil {
            throw ValidationError("--shard-by timings splits a run between machines: give --shard I/N or --shard auto too")
        }
        if method == .timings, timings.isEmpty {
            throw ValidationError("--shard-by timings needs --timings FILE: the JUnit file (--junit) or timings file (--timings-out) of an earlier run")
        }
        if method != .timings, !timings.isEmpty {
            throw ValidationError("--timings is read only to split by it: add --shard-by timings (and --shard), or leave --timings out")
        }
    }

    /// This machine's share of `suite`. `shard` is `I/N` or `auto` (read from `environment`).
    /// Says where an automatic shard came from, and what a split by timings expects.
    static func select(
        _ suite: FlowSuite, shard: String, by method: Method, timings timingsFiles: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(FlowCommandError) -> Choice {
        let index: Int, count: Int
        if shard == "auto" {
            do {
                let source = try ShardSource.detect(in: environment)
                (index, count) = (source.index, source.count)
                if let problem = problem(count: count) { throw FlowCommandError.usage("--shard auto: \(source): \(problem)") }
                Console.output("\(source)\n")
            } catch let error as FlowCommandError {
                throw error
            } catch {
                throw .usage("\(error)")
            }
        } else {
            do {
                (index, count) = try FlowCommand.Run.parseShard(shard)
            } catch {
                throw .usage("\(error)")
            }
        }
        let all = suite.flows.count
        let chosen: FlowSuite
        switch method {
        case .hash:
            chosen = suite.shard(index, of: count)
        case .timings:
            let timings = try read(timingsFiles)
            let items = suite.flows.map { ShardPlan.Item(file: $0.file, fixtures: FlowSuite(flows: [$0]).fixtures) }
            let plan = ShardPlan(items, count: count, timings: timings)
            let mine = plan.shards[index - 1]
            let files = Set(mine.files)
            chosen = FlowSuite(flows: suite.flows.filter { files.contains($0.file) })
            Console.output("shard \(index)/\(count) by timings: \(flows(mine.files.count)), "
                + "about \(seconds(mine.seconds)) (the slowest shard: \(seconds(plan.slowest)))\n")
            if plan.untimed.count == all, all > 0 {
                Console.output("none of the \(flows(all)) has a timing in \(timingsFiles.joined(separator: ", ")): each counts as 1 s "
                    + "(did that run name them by the same paths?)\n")
            } else if !plan.untimed.isEmpty {
                Console.output("\(plan.untimed.count) of the \(flows(all)) had no timing and count as the median, \(seconds(plan.assumedSeconds))\n")
            }
        }
        if chosen.flows.isEmpty { Console.output("shard \(index)/\(count) has none of the \(all) selected flows\n") }
        return Choice(suite: chosen, shard: "\(index)/\(count)")
    }

    /// Every timings file, merged; every file's problem at once, located (exit 2).
    private static func read(_ files: [String]) throws(FlowCommandError) -> FlowTimings {
        var timings = FlowTimings()
        var problems: [LocatedError] = []
        for file in files {
            do {
                timings = timings.merging(try FlowTimings.read(file: file, runner: RunnerSetup.current.identity))
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw .diagnostics(Diagnostics(problems)) }
        return timings
    }

    /// `1 flow`, `12 flows`.
    static func flows(_ count: Int) -> String {
        "\(count) flow\(count == 1 ? "" : "s")"
    }

    /// `3.4 s`, or `0.25 s` under a second.
    static func seconds(_ value: Double) -> String {
        String(format: value < 1 ? "%.2f s" : "%.1f s", value)
    }
}
