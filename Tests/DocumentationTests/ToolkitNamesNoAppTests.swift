import Foundation
import Testing

/// The toolkit names no app: the code of its modules (string literals, messages, step examples,
/// defaults, identifiers) never says WorkPhotos, a photo, a WorkPhotos screen's identifier or a
/// WorkPhotos robot's YAML name, so another app's testers never read the reference app's words.
/// Comments may: the reference app is the example doc comments teach with.
///
/// What names WorkPhotos is read from its own sources, never copied here: the identifiers its
/// screens declare (Sources/WorkPhotosIdentifiers) and its robots' names and screen titles
/// (Sources/WorkPhotosRobots).
struct ToolkitNamesNoAppTests {
    /// The toolkit's modules: what any app builds on.
    static let toolkit = [
        "PresenterKit", "TextUI", "AutomationWire", "FlowKit", "FlowRunner", "FlowMCP", "FlowTesting", "PresenterKitTesting",
        "StrictMocks", "NameMatching", "Console", "LocatedYAML", "FlowCommandLine", "StoreSeeding", "TextBytes",
    ]

    @Test func theToolkitsCodeNamesNoApp() throws {
        let names = try AppNames.workPhotos()
        var hits: [AppNames.Hit] = []
        for module in Self.toolkit {
            let files = try Self.swiftFiles(in: "Sources/\(module)")
            // A module that moved away must not pass for having nothing to scan.
            try #require(!files.isEmpty, "no Swift file in Sources/\(module)")
            for file in files {
                let source = try String(contentsOf: DocCommentTests.root.appendingPathComponent(file), encoding: .utf8)
                hits += names.hits(in: source, file: file)
            }
        }
        #expect(hits.isEmpty, """
            \(hits.count) places in the toolkit's code name WorkPhotos; give a neutral example (tap: Continue, \
            {alert: Permission}, app.store), or say it in a comment:
            \(hits.map(\.description).joined(separator: "\n"))
            """)
    }

    // MARK: - The scan itself

    @Test func whatNamesWorkPhotosIsReadFromItsSources() throws {
        let names = try AppNames.workPhotos()
        // A reader that lost its way (a moved folder, a new declaration style) must not find nothing.
        #expect(names.identifiers.count >= 20, "only \(names.identifiers.count) identifiers read: \(names.identifiers.sorted())")
        for known in ["PhotosPermission", "signedInAs", "Review work photos", "Show & Hide", "Login", "Don't Allow", "At a glance"] {
            #expect(names.identifiers.contains(known), "\(known) was not read from WorkPhotos' sources")
        }
        #expect(Set(names.robots).isSuperset(of: ["Login", "Glance", "Photos", "PhotoDetail", "Settings"]), "robots read: \(names.robots)")
        for own in ["glance", "work-photos", "test.password", "test.user"] {
            #expect(names.identifiers.contains(own), "\(own) (a golden screen's name or a credential) was not read from WorkPhotos' flows")
        }
        // Words every app's screens use, and prose, are not WorkPhotos' names.
        for word in ["OK", "title", "status", "notice"] { #expect(!names.identifiers.contains(word), "\(word) is read as WorkPhotos'") }
    }

    @Test func findsTheAppInStringsAndIdentifiersButNotInComments() {
        let names = AppNames(identifiers: ["PhotosPermission", "Show & Hide", "Login", "signedInAs"], robots: ["Login", "Glance"])
        let source = #"""
            /// The photo library's alert, PhotosPermission, as WorkPhotos raises it: Login.login.
            // Login.login and workPhotosApp in a comment are fine.
            /* Show & Hide, too */
            let a = "tap: {button: OK, in: PhotosPermission}"
            let b = FlowApp.workPhotosApp
            let c = #"the "Show & Hide" button"#
            let d = """
                steps: Login.login, then \(count) Photos
                """
            let e = "status: OK, title, LoginScreen, signedIn, Glances, Glance.", f = "Glance.checkGlance" // Glance.x
            """#
        let found = names.hits(in: source, file: "F.swift").map(\.description)
        #expect(found == [
            #"F.swift:4: "PhotosPermission""#, #"F.swift:5: "workPhotosApp""#, #"F.swift:6: "Show & Hide""#,
            #"F.swift:8: "Login.login""#, #"F.swift:8: "Photos""#, #"F.swift:10: "Glance.checkGlance""#,
        ])
    }

    // MARK: - Helpers

    /// The `.swift` files under `folder` (relative to the package's root), as relative paths, in order.
    static func swiftFiles(in folder: String) throws -> [String] {
        let url = DocCommentTests.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }
}

/// The words that name WorkPhotos, and where a source's code says one.
struct AppNames {
    /// The identifiers and titles of its screens and alerts, as written (`PhotosPermission`, `Show & Hide`).
    let identifiers: Set<String>
    /// Its robots' YAML names (`Login`): `Login.` followed by an action names one of them.
    let robots: [String]

    /// A place where code names the app.
    struct Hit: CustomStringConvertible, Hashable {
        let file: String
        let line: Int
        let token: String

        var description: String { "\(file):\(line): \"\(token)\"" }
    }

    /// What WorkPhotos' sources declare: every identifier and alert name in Sources/WorkPhotosIdentifiers
    /// (the string values and the screens' type names), the robots' names and screen titles in
    /// Sources/WorkPhotosRobots. A name that is one lower-case word (`title`, `status`) is prose
    /// in any message, and `OK` every alert's: neither names an app.
    static func workPhotos() throws -> AppNames {
        var identifiers: Set<String> = []
        var robots: [String] = []
        for file in try ToolkitNamesNoAppTests.swiftFiles(in: "Sources/WorkPhotosIdentifiers") {
            let code = try Self.code(of: file)
            identifiers.formUnion(Self.stringLiterals(in: code))
            identifiers.formUnion(Self.captures(#"\benum\s+(\w+)"#, in: code).filter { $0 != "Identifiers" })
        }
        for file in try ToolkitNamesNoAppTests.swiftFiles(in: "Sources/WorkPhotosRobots") {
            let code = try Self.code(of: file)
            robots += Self.captures(#"\bclass\s+(\w+)Robot\s*:\s*Robot\b"#, in: code)
            identifiers.formUnion(Self.captures(#"screenTitle\s*:\s*String\s*\{\s*"([^"\\]*)"\s*\}"#, in: code))
        }
        identifiers = identifiers.filter { !$0.isEmpty && $0 != "OK" && !$0.allSatisfy(\.isLowercase) }
        // Lower-case, but WorkPhotos' own all the same: the names of the golden screens its flows
        // keep (Flows/**/__Screens__/FLOW.NAME.txt: `glance`) and its scheme's credentials (`test.password`).
        identifiers.formUnion(try goldenScreenNames())
        let scheme = try String(contentsOf: DocCommentTests.root.appendingPathComponent("Flows/schemes/default.yaml"), encoding: .utf8)
        identifiers.formUnion(captures(#"(?m)^credentials:\s*\[([^\]]*)\]"#, in: scheme)
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
        return AppNames(identifiers: identifiers, robots: robots.sorted())
    }

    /// Each place in `source`'s code (its comments left out) that names the app: any word with
    /// `photo` in it (any case: `WorkPhotos`, `photos.store`), an identifier as a whole word, or a
    /// robot's action (`Login.login`).
    func hits(in source: String, file: String) -> [Hit] {
        var found: [Hit] = []
        for (index, line) in DocCommentScanner.lines(of: source).enumerated() {
            var tokens: [(range: Range<String.Index>, token: String)] = []
            let text = line.text
            var start = text.startIndex
            while let range = text.range(of: "photo", options: .caseInsensitive, range: start..<text.endIndex) {
                let word = Self.word(around: range, in: text)
                tokens.append((word, String(text[word])))
                start = word.upperBound
            }
            for identifier in identifiers {
                var from = text.startIndex
                while let range = text.range(of: identifier, range: from..<text.endIndex) {
                    if Self.isWhole(range, in: text) { tokens.append((range, identifier)) }
                    from = range.upperBound
                }
            }
            for robot in robots {
                var from = text.startIndex
                while let range = text.range(of: robot + ".", range: from..<text.endIndex) {
                    if Self.isWhole(range.lowerBound..<text.index(before: range.upperBound), in: text),
                       range.upperBound < text.endIndex, text[range.upperBound].isLetter {
                        let action = text[range.upperBound...].prefix(while: Self.isIdentifierCharacter)
                        tokens.append((range.lowerBound..<action.endIndex, robot + "." + action))
                    }
                    from = range.upperBound
                }
            }
            // Said once, as the longest: `Login.login` is not also `Login`, nor `PhotosPermission` also `Photos`.
            let longest = tokens.filter { token in
                !tokens.contains { $0.range != token.range && $0.range.contains(token.range.lowerBound) && $0.range.upperBound >= token.range.upperBound }
            }
            var seen: Set<String> = []
            for token in longest.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where seen.insert(token.token).inserted {
                found.append(Hit(file: file, line: index + 1, token: token.token))
            }
        }
        return found
    }

    // MARK: - Reading

    /// The screen names of WorkPhotos' golden files: `Flows/login/__Screens__/sign-in.glance.txt` is `glance`.
    static func goldenScreenNames() throws -> Set<String> {
        let flows = DocCommentTests.root.appendingPathComponent("Flows")
        guard let walker = FileManager.default.enumerator(atPath: flows.path) else { return [] }
        let files = walker.compactMap { $0 as? String }.filter { $0.contains("__Screens__/") && $0.hasSuffix(".txt") }
        return Set(files.compactMap { file in
            let base = (file as NSString).lastPathComponent.dropLast(".txt".count)
            return base.split(separator: ".").last.map(String.init)
        })
    }

    private static func code(of file: String) throws -> String {
        let source = try String(contentsOf: DocCommentTests.root.appendingPathComponent(file), encoding: .utf8)
        return DocCommentScanner.lines(of: source).map(\.text).joined(separator: "\n")
    }

    /// The contents of the plain `"..."` literals in `code`.
    private static func stringLiterals(in code: String) -> [String] {
        captures(#""((?:[^"\\]|\\.)*)""#, in: code)
    }

    private static func captures(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// `range` is not part of a longer word: `Login`, but not `LoginScreen` or `tapLogin`.
    private static func isWhole(_ range: Range<String.Index>, in text: String) -> Bool {
        let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
        let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
        return !isIdentifierCharacter(before) && !isIdentifierCharacter(after)
    }

    /// The word (letters, digits, `_`) that `range` is part of.
    private static func word(around range: Range<String.Index>, in text: String) -> Range<String.Index> {
        var lower = range.lowerBound
        while lower > text.startIndex, isIdentifierCharacter(text[text.index(before: lower)]) { lower = text.index(before: lower) }
        var upper = range.upperBound
        while upper < text.endIndex, isIdentifierCharacter(text[upper]) { upper = text.index(after: upper) }
        return lower..<upper
    }
}
