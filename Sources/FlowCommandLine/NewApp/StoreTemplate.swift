/// An app with a store: the SQLite module (`Sources/{{App}}SQLite/`, the one that imports GRDB),
/// the fixtures and the seeder's work (`Sources/{{App}}Seeding/`), the seeder
/// (`Sources/{{app}}-seed/`) and its fixture (`Seeds/default.yaml`).
extension NewAppTemplate {
    /// `Sources/{{App}}SQLite/CountDatabase.swift`.
    static let countDatabase = #"""
        import Foundation
        import GRDB
        import {{App}}

        /// The count in a SQLite file, through GRDB: the app's real store.
        ///
        /// Its schema is made by named migrations, applied in order when it opens. Every failure is a
        /// ``CountStoreError`` that names the file.
        public final class CountDatabase: CountStore {
            /// The file.
            public let path: String
            private let queue: DatabaseQueue

            private init(path: String, queue: DatabaseQueue) {
                self.path = path
                self.queue = queue
            }

            /// The migrations, by name, in the order they are applied. Never rename or edit one that
            /// shipped: add another.
            static var migrator: DatabaseMigrator {
                var migrator = DatabaseMigrator()
                migrator.registerMigration("create counter") { db in
                    try db.create(table: "counter") { table in
                        table.primaryKey("id", .integer).check { $0 == 1 }
                        table.column("count", .integer).notNull().check { $0 >= 0 }
                    }
                    try db.execute(sql: "INSERT INTO counter (id, count) VALUES (1, 0)")
                }
                return migrator
            }

            /// Opens the store at `path`, making it (and its folder) when there is none: a first
            /// launch starts at zero.
            public static func open(at path: String) throws(CountStoreError) -> CountDatabase {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw CountStoreError(path: path, doing: "make the folder of", reason: error.localizedDescription)
                }
                do {
                    let queue = try DatabaseQueue(path: path)
                    try migrator.migrate(queue)
                    return CountDatabase(path: path, queue: queue)
                } catch {
                    throw CountStoreError(path: path, doing: "open", reason: "\(error)")
                }
            }

            /// Says whether the file at `path` is a count store (the seeder replaces nothing else); it
            /// is read, never written.
            public static func identify(at path: String) throws(CountStoreError) {
                var configuration = Configuration()
                configuration.readonly = true
                let isCountStore: Bool
                do {
                    let queue = try DatabaseQueue(path: path, configuration: configuration)
                    isCountStore = try queue.read { db in try db.tableExists("counter") && db.tableExists("grdb_migrations") }
                    try queue.close()
                } catch {
                    throw CountStoreError(path: path, doing: "read", reason: "\(error)")
                }
                guard isCountStore else { throw CountStoreError(path: path, doing: "read", reason: "it has no counter table") }
            }

            /// The count kept.
            public func count() throws -> Int {
                try perform("read") { db in try Int.fetchOne(db, sql: "SELECT count FROM counter WHERE id = 1") ?? 0 }
            }

            /// Keeps `count` in place of the one kept.
            public func save(_ count: Int) throws {
                try perform("write") { db in try db.execute(sql: "UPDATE counter SET count = ? WHERE id = 1", arguments: [count]) }
            }

            /// Closes the file: the seeder closes the new store before it renames it into place.
            public func close() throws(CountStoreError) {
                do {
                    try queue.close()
                } catch {
                    throw CountStoreError(path: path, doing: "close", reason: "\(error)")
                }
            }

            private func perform<T>(_ doing: String, _ work: (Database) throws -> T) throws(CountStoreError) -> T {
                do {
                    return try queue.write(work)
                } catch {
                    throw CountStoreError(path: path, doing: doing, reason: "\(error)")
                }
            }
        }

        /// Why the SQLite count store failed: the file, what was being done, and GRDB's words.
        public struct CountStoreError: Error, Equatable, CustomStringConvertible {
            /// The file.
            public let path: String
            /// What was being done: `open`, `read`, `write`...
            public let doing: String
            /// What went wrong.
            public let reason: String

            /// An error of the store at `path`.
            public init(path: String, doing: String, reason: String) {
                self.path = path
                self.doing = doing
                self.reason = reason
            }

            /// `cannot open the count store at PATH: REASON`.
            public var description: String {
                "cannot \(doing) the count store at \(path): \(reason)"
            }
        }

        """#

    /// `Sources/{{App}}Seeding/CountFixture.swift`.
    static let countFixture = #"""
        import LocatedYAML

        /// A fixture: the count a store starts a flow with, read from `Seeds/NAME.yaml`:
        ///
        /// ```yaml
        /// count: 2
        /// ```
        ///
        /// Every problem is a `LocatedError`: `FILE:LINE:COLUMN: error: ...`, the line, and a caret.
        public struct CountFixture: Equatable, Sendable {
            /// The largest count a fixture gives.
            public static let largest = 1_000_000

            /// The count.
            public let count: Int

            /// A fixture of `count`.
            public init(count: Int) {
                self.count = count
            }

            /// Reads `text`, the contents of `file` (which errors name).
            public static func parse(_ text: String, file: String) throws(LocatedError) -> CountFixture {
                let reader = YAMLReader(file: file, text: text)
                guard let root = try reader.root() else {
                    throw reader.error("the fixture is empty; expected count: followed by a whole number", at: nil)
                }
                do {
                    let keys = try reader.mapping(root, "the fixture", required: ["count"])
                    return CountFixture(count: try reader.integer(keys["count"] ?? root, "count", in: 0...largest))
                } catch let error as LocatedError {
                    throw error
                } catch {
                    throw reader.error("\(error)", at: nil)
                }
            }
        }

        """#

    /// `Sources/{{App}}Seeding/CountSeeder.swift`.
    static let countSeeder = #"""
        import StoreSeeding
        import {{App}}SQLite

        /// Resets a count store to a fixture, atomically (the toolkit's `AtomicStoreReset`): a seeding
        /// that fails or is killed leaves the previous store exactly as it was.
        public enum CountSeeder {
            /// Replaces the store at `path` with one holding the fixture's count; only a count store,
            /// or nothing, is replaced unless `force`. Returns the store's path.
            @discardableResult
            public static func reset(storeAt path: String, to fixture: CountFixture, force: Bool = false) throws -> String {
                try AtomicStoreReset.replace(storeAt: path, force: force, identify: notACountStore) { temporary in
                    let store = try CountDatabase.open(at: temporary)
                    try store.save(fixture.count)
                    try store.close()
                }
            }

            /// Why the file at `path` may not be replaced; nil when it is a count store.
            static func notACountStore(_ path: String) -> String? {
                do {
                    try CountDatabase.identify(at: path)
                    return nil
                } catch {
                    return "it is not a count store (\(error.reason))"
                }
            }
        }

        """#

    /// `Sources/{{app}}-seed/SeedMain.swift`.
    static let seedMain = #"""
        import Console
        import Foundation
        import LocatedYAML
        import StoreSeeding
        import {{App}}SQLite
        import {{App}}Seeding

        /// `{{app}}-seed --store PATH [--seeds DIR] [--force] [FIXTURE]`: resets a count store to a
        /// fixture of `Seeds/` (default `default`), atomically. Exit codes: 0 seeded, 1 the store could
        /// not be written, 2 bad input (arguments, fixture, something at --store that is not a count store).
        @main
        enum SeedMain {
            static let usage = "usage: {{app}}-seed --store PATH [--seeds DIR] [--force] [FIXTURE]"

            static func main() {
                Console.ignoreBrokenPipes()
                do {
                    let arguments = try SeedArguments(Array(CommandLine.arguments.dropFirst()))
                    if arguments.help {
                        Console.output(usage + "\n")
                        return
                    }
                    let folder = try FixtureFolder.locate(explicit: arguments.seeds, variable: "{{APP}}_SEEDS")
                    let (text, _, shownPath) = try folder.text(of: arguments.fixture)
                    let fixture = try CountFixture.parse(text, file: shownPath)
                    let path = try CountSeeder.reset(storeAt: arguments.store, to: fixture, force: arguments.force)
                    Console.output("seeded \(path) from \(arguments.fixture): count \(fixture.count)\n")
                } catch let error as LocatedError {
                    // Already `FILE:LINE:COLUMN: error: ...`, the line and a caret.
                    fail(error.description, code: 2, prefixed: false)
                } catch let error as SeedingError {
                    if case .cannotWrite = error { fail(error.description, code: 1) }
                    fail(error.description, code: 2)
                } catch let error as CountStoreError {
                    fail(error.description, code: 1)
                } catch {
                    fail("\(error)", code: 2)
                }
            }

            private static func fail(_ message: String, code: Int32, prefixed: Bool = true) -> Never {
                Console.error((prefixed ? "{{app}}-seed: error: " : "") + message + "\n")
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

        """#

    /// `Seeds/default.yaml`.
    static let defaultSeed = #"""
        # The fixture every flow starts from unless it names another (fixture: NAME reads Seeds/NAME.yaml).
        count: 2

        """#
}
