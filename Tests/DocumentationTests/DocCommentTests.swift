import Foundation
import Testing

/// Every public declaration of the libraries people reuse has a `///` summary: DocC shows it as
/// the symbol's abstract, and an empty one is what a reader of the catalogue would meet.
struct DocCommentTests {
    /// The package's root, from this file's place in it (Tests/DocumentationTests/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The libraries people reuse (the toolkit, and the test support its products give an app's
    /// tests), each with about as many public declarations as it has today: a scan that finds far
    /// fewer (a moved folder, a reader that lost its way) must not pass. FlowCommandLine's API is
    /// its one entry point. The runner, the explorer and the MCP server are the toolkit's own (no app
    /// imports them): their `package` declarations are what its other modules and contributors read.
    static let modules: [(name: String, fewest: Int)] = [
        ("PresenterKit", 20), ("TextUI", 20), ("FlowKit", 20), ("FlowCommandLine", 2),
        ("PresenterKitTesting", 8), ("StrictMocks", 6), ("FlowTesting", 6), ("StoreSeeding", 10), ("LocatedYAML", 15), ("Console", 8), ("TextBytes", 10),
        ("FlowRunner", 20), ("FlowExplorer", 20), ("FlowMCP", 5),
    ]

    /// The modules whose declarations are `package`, not `public`.
    static let toolkitOwn: Set = ["FlowRunner", "FlowExplorer", "FlowMCP"]

    @Test(arguments: modules)
    func everyPublicDeclarationHasASummary(module: String, fewest: Int) throws {
        let access: Set = Self.toolkitOwn.contains(module) ? ["package"] : ["public", "open"]
        let declarations = try DocCommentScanner.publicDeclarations(inFolder: Self.root.appendingPathComponent("Sources/\(module)"), access: access)
        try #require(declarations.count >= fewest, "only \(declarations.count) public declarations found in Sources/\(module)")
        let missing = declarations.filter { !$0.isDocumented }
        let list = missing.map { "  \($0)" }.joined(separator: "\n")
        #expect(missing.isEmpty, "\(missing.count) of \(declarations.count) public declarations of \(module) have no /// summary:\n\(list)")
    }

    // MARK: - The scanner itself

    private func scan(_ source: String) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: DocCommentScanner.publicDeclarations(in: source).map { ($0.text, $0.isDocumented) })
    }

    @Test func countsPublicAndOpenDeclarationsAndSeesTheirDocComments() {
        let found = scan("""
            /// A thing.
            @MainActor
            public final class Thing {
                /// Documented.
                public var a = 1
                public private(set) var b = 2
                /// Open.
                open class var c: String { "c" }
                private var hidden = 3
                var internalOne = 4
                public init() {}
                public func f() { let local = 1; _ = local }
            }
            """)
        #expect(found == [
            "public final class Thing {": true, "public var a = 1": true, "public private(set) var b = 2": false,
            "open class var c: String { \"\" }": true, "public init() {}": false, "public func f() { let local = 1; _ = local }": false,
        ])
    }

    @Test func countsCasesOfPublicEnumsButNotCasesOfSwitches() {
        let found = scan("""
            /// Directions.
            public enum Direction {
                /// Up.
                case up
                case down, left
                /// Parses one.
                public init?(_ text: String) {
                    switch text {
                    case "up": self = .up
                    default: return nil
                    }
                }
            }
            enum Internal { case hidden }
            """)
        #expect(found == ["public enum Direction {": true, "case up": true, "case down, left": false, "public init?(_ text: String) {": true])
    }

    @Test func countsTheRequirementsOfPublicProtocolsAndMembersOfPublicExtensions() {
        let found = scan("""
            /// Logs.
            public protocol Logging {
                func log(_ message: String)
                /// How many.
                var count: Int { get }
            }
            protocol Hidden { func no() }
            public extension String {
                func shouted() -> String { uppercased() }
                private func quiet() {}
            }
            """)
        #expect(found == [
            "public protocol Logging {": true, "func log(_ message: String)": false, "var count: Int { get }": true,
            "func shouted() -> String { uppercased() }": false,
        ])
    }

    @Test func ignoresBracesAndKeywordsInsideStringsAndComments() {
        let found = scan(#"""
            /// Texts.
            public enum Texts {
                /// Has braces in it.
                public static let a = "{ public func fake() {"
                // public func commentedOut() {
                /* public var alsoCommentedOut = 1 { */
                /// Interpolated.
                public static let b = "\(a.map { "}" + String($0) })"
                /// Raw.
                public static let c = #"a "quoted" { brace"#
                /// Long.
                public static let d = """
                    public func insideAString() {
                    """
                public static let e = 5
            }
            """#)
        #expect(found == [
            "public enum Texts {": true, "public static let a = \"\"": true, "public static let b = \"\"": true,
            "public static let c = \"\"": true, "public static let d = \"\"": true, "public static let e = 5": false,
        ])
    }

    @Test func aDocCommentMustStartWithASummaryAndTouchItsDeclaration() {
        let found = scan("""
            /// - Parameter x: only a parameter, no summary.
            public func onlyParameters(x: Int) {}

            /// Separated by a blank line.

            public func separated() {}
            /**
             A block comment's summary.
             */
            public func block() {}
            // A plain comment.
            public func plain() {}
            """)
        #expect(found == [
            "public func onlyParameters(x: Int) {}": false, "public func separated() {}": false, "public func block() {}": true,
            "public func plain() {}": false,
        ])
    }

    @Test func membersOfAnInternalTypeAreNotPublicButNestedPublicTypesAre() {
        let found = scan("""
            struct Internal {
                public var notReallyPublic = 1
            }
            /// Outer.
            public struct Outer {
                /// Inner.
                public struct Inner {
                    public let value: Int
                }
            }
            """)
        #expect(found == ["public struct Outer {": true, "public struct Inner {": true, "public let value: Int": false])
    }
}
