import Foundation
import GRDB
import WorkPhotos

/// The real accounts: one SQLite file of names and yescrypt password hashes, with its own named
/// migrations. `open(at:)` never creates a store; `openOrCreate(at:)` (the accounts command's
/// `add`) makes one only where there is nothing.
public final class AccountStore: Sendable {
    public let path: String
    private let queue: DatabaseQueue

    static let first = "v1 accounts"
    /// Account names: one word a person types, not too long.
    public static let nameLimit = 64

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(first) { db in
            try db.create(table: "account") { t in
                t.primaryKey("name", .text)
                // yescrypt: "$y$" + cost + salt + hash; never the password.
                t.column("passwordHash", .text).notNull()
                t.column("createdAt", .double).notNull()
            }
        }
        return migrator
    }

    /// Opens the account store at `path`; it must exist and be an account store.
    public static func open(at path: String) throws(AccountStoreError) -> AccountStore {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing(path: path) }
        guard !isDirectory.boolValue else { throw .notAnAccountStore(path: path, reason: "it is a directory") }
        return try wrap(path) {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in try checkIsAccountStore(db, path: path) }
            try migrator.migrate(queue)
            return AccountStore(path: path, queue: queue)
        }
    }

    /// Opens the store at `path`, or creates an empty one if nothing is there.
    public static func openOrCreate(at path: String) throws(AccountStoreError) -> AccountStore {
        guard !FileManager.default.fileExists(atPath: path) else { return try open(at: path) }
        return try wrap(path) {
            try FileManager.default.createDirectory(
                // Not NSString's deletingLastPathComponent: it traps on Linux for a one-character path ("a").
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true
            )
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try migrator.migrate(queue)
            return AccountStore(path: path, queue: queue)
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "WorkPhotos.AccountStore"
        configuration.busyMode = .timeout(5)
        return configuration
    }

    private static func checkIsAccountStore(_ db: Database, path: String) throws {
        guard try db.tableExists("grdb_migrations"),
              try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains(first) else {
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 3")
            throw AccountStoreError.notAnAccountStore(path: path, reason: tables.isEmpty ? "it is empty" : "it holds other tables: " + tables.joined(separator: ", "))
        }
    }

    // MARK: - Accounts

    /// Adds `name` with a new hash of `password`. Refuses an existing name or an empty password.
    public func add(_ name: String, password: String) throws(AccountStoreError) {
        try Self.checkName(name)
        guard !password.isEmpty else { throw .emptyPassword }
        let hash: String
        do {
            hash = try PasswordHasher.hash(password)
        } catch {
            throw .hashing("\(error)")
        }
        try Self.wrap(path) {
            try queue.write { db in
                guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE name = ?", arguments: [name]) == 0 else {
                    throw AccountStoreError.exists(name: name)
                }
                try db.execute(sql: "INSERT INTO account (name, passwordHash, createdAt) VALUES (?, ?, ?)",
                               arguments: [name, hash, Date().timeIntervalSince1970])
            }
        }
    }

    public func remove(_ name: String) throws(AccountStoreError) {
        try Self.wrap(path) {
            try queue.write { db in
                try db.execute(sql: "DELETE FROM account WHERE name = ?", arguments: [name])
                guard db.changesCount == 1 else { throw AccountStoreError.noSuchAccount(name: name) }
            }
        }
    }

    /// The accounts' names, sorted.
    public func names() throws(AccountStoreError) -> [String] {
        try Self.wrap(path) { try queue.read { db in try String.fetchAll(db, sql: "SELECT name FROM account ORDER BY name") } }
    }

    /// True when `name` exists and `password` is its password. Slow on purpose (yescrypt), and as
    /// slow for an unknown name as for a wrong password.
    public func verify(_ name: String, password: String) throws(AccountStoreError) -> Bool {
        let hash = try Self.wrap(path) {
            try queue.read { db in try String.fetchOne(db, sql: "SELECT passwordHash FROM account WHERE name = ?", arguments: [name]) }
        }
        let matches = PasswordHasher.verify(password, against: hash ?? PasswordHasher.decoy)
        return hash != nil && matches
    }

    /// Refuses a name that is empty, too long, or not one word.
    public static func validate(name: String) throws(AccountStoreError) {
        try checkName(name)
    }

    static func checkName(_ name: String) throws(AccountStoreError) {
        guard !name.isEmpty, name.count <= nameLimit, !name.contains(where: { $0.isWhitespace || $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) else {
            throw .badName(name)
        }
    }

    private static func wrap<T>(_ path: String, _ body: () throws -> T) throws(AccountStoreError) -> T {
        do {
            return try body()
        } catch let error as AccountStoreError {
            throw error
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: throw .notAnAccountStore(path: path, reason: "it is not an SQLite database")
            default: throw .unusable(path: path, reason: error.message ?? "\(error.resultCode)")
            }
        } catch {
            throw .unusable(path: path, reason: "\(error)")
        }
    }
}

/// Why the account store or an account command failed. Never holds a password.
public enum AccountStoreError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case notAnAccountStore(path: String, reason: String)
    case unusable(path: String, reason: String)
    case exists(name: String)
    case noSuchAccount(name: String)
    case badName(String)
    case emptyPassword
    case hashing(String)

    public var description: String {
        switch self {
        case let .missing(path):
            return "no account store at \(path); make one by adding an account: workphotos-accounts add NAME --store \(path)"
        case let .notAnAccountStore(path, reason):
            return "\(path) is not a WorkPhotos account store (\(reason)); it was left untouched"
        case let .unusable(path, reason):
            return "cannot use the account store at \(path): \(reason)"
        case let .exists(name):
            return "there is already an account named \"\(name)\"; remove it first to change its password"
        case let .noSuchAccount(name):
            return "there is no account named \"\(name.count > 60 ? String(name.prefix(60)) + "…" : name)\""
        case let .badName(name):
            return "\"\(name.count > 60 ? String(name.prefix(60)) + "…" : name)\" is not an account name: one word of at most \(AccountStore.nameLimit) characters"
        case .emptyPassword:
            return "the password is empty; an account needs one"
        case let .hashing(reason):
            return reason
        }
    }
}

/// Sign-in against the account store: the real `Authenticating`. A wrong name and a wrong password
/// get the same answer, `invalidCredentials`, in the same time.
public struct AccountAuthenticator: Authenticating {
    private let store: AccountStore

    public init(store: AccountStore) {
        self.store = store
    }

    public func authenticate(_ credentials: Credentials) throws -> Account {
        guard try store.verify(credentials.username, password: credentials.password) else {
            throw AuthenticationError.invalidCredentials
        }
        return Account(username: credentials.username)
    }
}
