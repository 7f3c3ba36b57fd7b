import Console
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
        Console.ignoreBrokenPipes()
        do {
            let arguments = try SeedArguments(Array(CommandLine.arguments.dropFirst()))
            if arguments.help {
                Console.output(usage + "\n")
                return
            }
            let folder = try FixtureFolder.locate(explicit: arguments.seeds, variable: "EXPENSES_SEEDS")
            let (text, _, shownPath) = try folder.text(of: arguments.fixture)
            let fixture = try ExpenseFixture.parse(text, file: shownPath)
            let path = try ExpenseSeeder.reset(storeAt: arguments.store, to: fixture, force: arguments.force)
            Console.output("seeded \(path) from \(arguments.fixture): \(fixture.expenses.count) expenses\n")
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

    private static func fail(_ message: String, code: Int32, prefixed: Bool = true) -> Never {
        Console.error((prefixed ? "expenses-seed: error: " : "") + message + "\n")
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
