import Foundation
import Testing

/// The manifest the guide shows for an app with no store (`Tests/TextAppSample/NoStoreManifest`)
/// is not built here: it names only library products the toolkit declares, depends on nothing
/// but the toolkit, and its flow tests depend on the app's executable, where `AppLaunch` finds it.
struct NoStoreManifestTests {
    static let path = "Tests/TextAppSample/NoStoreManifest/Package.swift"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: DocCommentTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The NAMEs of a manifest's `product("NAME")` calls.
    static func products(in manifest: String) -> [String] {
        manifest.components(separatedBy: #"product(""#).dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    @Test func itNamesOnlyTheToolkitsLibraryProducts() throws {
        let toolkit = try Self.text("Package.swift")
        let named = Set(Self.products(in: try Self.text(Self.path)))
        #expect(named == ["PresenterKit", "TextUI", "FlowKit", "FlowCommandLine", "PresenterKitTesting", "FlowTesting"])
        for name in named {
            #expect(toolkit.contains(#".library(name: "\#(name)""#), "\(name) is no library product of the toolkit")
        }
    }

    @Test func itDependsOnTheToolkitAloneAndItsFlowTestsOnTheApp() throws {
        let manifest = try Self.text(Self.path)
        #expect(manifest.contains("dependencies: [.package(path: toolkitPath)],"), "no GRDB, no Yams: the toolkit's clone alone")
        #expect(manifest.contains(#".executableTarget(name: "counter", "#))
        let flowTests = manifest.components(separatedBy: "\n").first { $0.contains(#".testTarget(name: "CounterFlowTests""#) }
        #expect(flowTests?.hasSuffix(#", "counter"]),"#) == true, "the flow tests depend on the app, so it is built beside them")
    }

    @Test func theProductsOfAManifestAreFound() {
        #expect(Self.products(in: #"[product("PresenterKit"), "Core", product("TextUI")]"#) == ["PresenterKit", "TextUI"])
        #expect(Self.products(in: "func product(_ name: String) -> Target.Dependency { .product(name: name, package: toolkit) }").isEmpty)
    }
}
