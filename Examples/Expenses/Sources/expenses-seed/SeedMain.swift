import ExpensesSeeding
import ExpensesSQLite
import Foundation
import LocatedYAML
import StoreSeeding

/// `expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]`: resets an expense store to a
/// fixture of `Seeds/` (default `default`), atomically. Exit codes: 0 seeded, 1 the store could not
/// be written, 2 bad input (arguments, fixture, something at --store that is not an expense store).
@main
enum SeedMain {
    static let usage = "usage: expenses-seed --store PATH [--seeds DIR] [--force] [FIXTURE]"

    static func main() {
        // A closed output pipe is a write that fails, not a signal that kills the seeder mid-way.
        signal(SIGPIPE, SIG_IGN)
        do {
            let arguments = try SeedArguments(Array(CommandLine.arguments.dropFirst()))
            if arguments.help {
                say(usage + "\n", to: STDOUT_FILENO)
                return
            }
            let folder = try FixtureFolder.locate(explicit: arguments.seeds, variable: "EXPENSES_SEEDS")
            let (text, _, shownPath) = try folder.text(of: arguments.fixture)
            let fixture = try ExpenseFixture.parse(text, file: shownPath)
            let path = try ExpenseSeeder.reset(storeAt: arguments.store, to: fixture, force: arguments.force)
            say("seeded \(path) from \(arguments.fixture): \(fixture.expenses.count) expenses\n", to: STDOUT_FILENO)
        } catch let error as LocatedError {
            // Already `FILE:LINE:COLUMN: error: ...`, the line and a caret.
            fail(error.description, code: 2, prefixed: false)
        } catch let error as SeedingError {
            if case .cannotWrite = error { fail(error.description, code: 1) }
            fail(error.description, code: 2)
        } catch let error as ExpenseStoreError {
            fail(error.description, code: 1)
        } catch {
            fail("\(error)", code: 2)
        }
    }

    /// Writes `text` whole to `descriptor`; a closed or full stream loses the text, never the exit code.
    private static func say(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    private static func fail(_ message: String, code: Int32, prefixed: Bool = true) -> Never {
        say((prefixed ? "expenses-seed: error: " : "") + message + "\n", to: STDERR_FILENO)
        exit(code)
    }
}

/// The seeder's command line, every mistake said with what to type instead.
struct SeedArguments {
    var store = ""
    var seeds: String?
    var force = false
    var help = false
    var fixture = "default"

    struct Mistake: Error, CustomStringConvertible {
        let description: String
    }

    init(_ words: [String]) throws {
        var fixture: String?
        var index = 0
        func value(of option: String) throws -> String {
            index += 1
            guard index < words.count, !words[index].hasPrefix("--") else { throw Mistake(description: "\(option) needs a value; \(SeedMain.usage)") }
            return words[index]
        }
        while index < words.count {
            let word = words[index]
            switch word {
            case "--store": store = try value(of: word)
            case "--seeds": seeds = try value(of: word)
            case "--force": force = true
            case "--help", "-h": help = true
            default:
                if word.hasPrefix("-") { throw Mistake(description: "unknown option \"\(word)\"; \(SeedMain.usage)") }
                if let fixture { throw Mistake(description: "one fixture at a time: \"\(fixture)\" and \"\(word)\" were given; \(SeedMain.usage)") }
                fixture = word
            }
            index += 1
        }
        if help { return }
        guard !store.isEmpty else { throw Mistake(description: "--store PATH is required: the store to reset; \(SeedMain.usage)") }
        self.fixture = fixture ?? "default"
    }
}
