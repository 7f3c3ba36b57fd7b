import Foundation

/// What `new` writes a package for: the app's name, whether it keeps data, and where its toolkit is.
package struct NewAppOptions: Sendable, Equatable {
    /// Whether the new app keeps data, and in what.
    package enum Store: String, Sendable, Equatable, CaseIterable {
        /// No data: no store protocol, no GRDB, no seeder, no fixtures.
        case none
        /// A SQLite store through GRDB, a seeder executable and a fixture in `Seeds/`.
        case sqlite
    }

    /// How the new package depends on the toolkit.
    package enum Toolkit: Sendable, Equatable {
        /// A clone on this machine, by its path (the package's name is worked out from the folder's).
        case path(String)
        /// A remote repository, from a version (`1.2.0`) up to its next major.
        case url(String, version: String)
    }

    /// The app's name: an upper-case ASCII letter, then ASCII letters and digits (`Tally`).
    package var name: String
    /// Its store.
    package var store: Store
    /// Its toolkit.
    package var toolkit: Toolkit

    /// Options for an app called `name`.
    package init(name: String, store: Store = .none, toolkit: Toolkit) {
        self.name = name
        self.store = store
        self.toolkit = toolkit
    }
}

/// The names of everything `new` writes, made from the app's name once (`Tally`: the modules
/// `Tally`, `TallyIdentifiers`, `TallyUI`, `TallyRobots`, the executables `tally` and `tally-flow`).
package struct NewAppNames: Sendable, Equatable {
    /// The app's name and its core module (`Tally`).
    package let app: String
    /// The executable's name, the app's name in lower case (`tally`).
    package let executable: String

    /// The names for the app called `app`.
    package init(app: String) {
        self.app = app
        executable = app.lowercased()
    }

    /// The screens' and robots' shared identifiers (`TallyIdentifiers`).
    package var identifiers: String { app + "Identifiers" }
    /// The text screens (`TallyUI`).
    package var ui: String { app + "UI" }
    /// The robots (`TallyRobots`).
    package var robots: String { app + "Robots" }
    /// The SQLite store (`TallySQLite`).
    package var sqlite: String { app + "SQLite" }
    /// The fixtures and the seeder's work (`TallySeeding`).
    package var seeding: String { app + "Seeding" }
    /// The presenter tests (`TallyTests`).
    package var tests: String { app + "Tests" }
    /// The app's runner (`tally-flow`).
    package var runner: String { executable + "-flow" }
    /// The seeder (`tally-seed`).
    package var seeder: String { executable + "-seed" }

    /// Every module the package declares for `store`, for the check that none clashes.
    package func modules(store: NewAppOptions.Store) -> [String] {
        [app, identifiers, ui, robots, tests] + (store == .sqlite ? [sqlite, seeding] : [])
    }
}

/// Why a name cannot be a new app's, or an option cannot be used: said in one line.
enum NewAppNameCheck {
    /// The modules of the toolkit, of Swift and of the packages an app's build has: a module of
    /// the new app named as one of them would hide it (`TextUI` is the toolkit's, so `Text` is refused).
    static let takenModules: Set<String> = [
        // The toolkit's modules.
        "PresenterKit", "PresenterKitTesting", "TextUI", "AutomationWire", "FlowKit", "FlowRunner", "FlowCommandLine", "FlowMCP",
        "FlowExplorer", "FlowTesting", "StrictMocks", "StoreSeeding", "LocatedYAML", "Console", "TextBytes", "NameMatching",
        "CEditLine", "CLibcrypt", "COpenSSLCrypto",
        // Swift's, Foundation's and the system's.
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Testing", "XCTest", "Dispatch", "Glibc", "Musl", "Darwin", "Observation", "Synchronization", "RegexBuilder",
        "Distributed", "CoreFoundation", "PackageDescription", "SwiftShims", "Android", "WinSDK",
        // The packages the toolkit's build brings.
        "GRDB", "SQLite3", "Yams", "ArgumentParser", "SnapshotTesting", "MCP", "SystemPackage", "Logging",
        // The types the template declares under these names.
        "Identifiers", "CounterPresenter", "CounterView", "CounterViewModel", "CounterScreen", "CounterRobot",
    ]

    /// Names Swift reserves that begin with an upper-case letter.
    static let keywords: Set<String> = ["Any", "Self", "Type", "Protocol", "Sendable", "Never", "Void", "String", "Int", "Bool", "Error"]

    /// The longest name accepted.
    static let longest = 40

    /// What is wrong with `name` as a new app's name (and the modules named from it); nil when nothing is.
    static func problem(with name: String, store: NewAppOptions.Store) -> String? {
        let shown = "\"\(Self.shown(name))\""
        guard !name.isEmpty else { return "the app's name is empty: give one such as Tally" }
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0)) }) else {
            return "the app's name \(shown) is not a Swift identifier of ASCII letters and digits: give one such as Tally"
        }
        guard let first = name.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else {
            return "the app's name \(shown) does not start with an upper-case letter (its modules are named from it; the executable is its lower case): give one such as Tally"
        }
        guard name.count <= longest else { return "the app's name \(shown) is \(name.count) characters, over \(longest)" }
        if keywords.contains(name) { return "the app's name \(shown) is a name Swift reserves: give another" }
        let names = NewAppNames(app: name)
        if let taken = names.modules(store: store).first(where: takenModules.contains) {
            return taken == name
                ? "the app's name \(shown) is taken: \(taken) is a module of Swift or of the toolkit, or a type the template declares: give another"
                : "the app's name \(shown) would name a module \(taken), which is taken (a module of the toolkit or of Swift): give another"
        }
        return nil
    }

    /// What is wrong with `version` as a version of the toolkit (`1.2.0`); nil when nothing is.
    static func problem(withVersion version: String) -> String? {
        let core = version.split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        let valid = parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            && !version.hasSuffix("-") && version.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "\"" && $0 != "\\" }
        return valid ? nil : "--toolkit-version \"\(shown(version))\" is not a version X.Y.Z (such as 1.2.0)"
    }

    /// What is wrong with `url` as the toolkit's repository; nil when nothing is.
    static func problem(withURL url: String) -> String? {
        // A user name or token before the host would be printed and committed in Package.swift:
        // refused without showing the URL (git's credential helper gives it instead).
        if let scheme = url.range(of: "://") {
            let authority = url[scheme.upperBound...].prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@"), authority[..<at] != "git" {
                return "--toolkit-url holds a user name or token before its host (the URL is not shown): it would be written into Package.swift; "
                    + "give the URL without it, and let git's credential helper supply it"
            }
        }
        let valid = !url.isEmpty && url.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && $0 != "\"" && $0 != "\\" }
            && url.contains("/") && repositoryName(of: url) != nil
        return valid ? nil : "--toolkit-url \"\(shown(url))\" is not a repository's URL (such as https://example.com/me/toolkit.git)"
    }

    /// The package's name SwiftPM knows a repository by: its URL's last part, without `.git`.
    static func repositoryName(of url: String) -> String? {
        var last = url.split(separator: "/").last.map(String.init) ?? ""
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty || last.contains(":") ? nil : last
    }

    /// `text` as a message can quote it: control characters shown as escapes.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? $0.escaped(asASCII: true) : String($0) }.joined()
    }
}
