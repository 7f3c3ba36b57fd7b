import Foundation

/// The package `new` writes: every file's path and text, made from the template in this folder
/// (one Swift file per group of files, each file's text declared once, placeholders filled here).
package enum NewApp {
    /// Every file of the new app's package, by path relative to its folder, for `options`: what
    /// `new` writes, and what a guide's listings are checked against.
    package static func files(for options: NewAppOptions) -> [String: String] {
        let names = NewAppNames(app: options.name)
        let store = options.store == .sqlite
        typealias T = NewAppTemplate
        var files: [String: String] = [
            "Package.swift": T.manifest,
            "README.md": T.readme,
            "Makefile": T.makefile,
            ".gitignore": T.gitignore,
            "Sources/{{App}}/Counter/CounterView.swift": store ? T.counterViewWithStore : T.counterView,
            "Sources/{{App}}/Counter/CounterPresenter.swift": store ? T.counterPresenterWithStore : T.counterPresenter,
            "Sources/{{App}}Identifiers/Identifiers.swift": T.identifiers,
            "Sources/{{App}}UI/CounterScreen.swift": store ? T.counterScreenWithStore : T.counterScreen,
            "Sources/{{app}}/{{App}}App.swift": store ? T.appWithStore : T.app,
            "Sources/{{App}}Robots/CounterRobot.swift": T.counterRobot,
            "Sources/{{App}}Robots/{{App}}Catalog.swift": T.catalog,
            "Sources/{{app}}-flow/{{App}}Flow.swift": T.runner,
            "Tests/{{App}}Tests/CounterPresenterTests.swift": store ? T.counterPresenterTestsWithStore : T.counterPresenterTests,
            "Flows/schemes/default.yaml": store ? T.schemeWithStore : T.scheme,
            "Flows/counting.yaml": store ? T.countingFlowWithStore : T.countingFlow,
            "Flows/first-screen.yaml": store ? T.firstScreenFlowWithStore : T.firstScreenFlow,
            "Flows/__Screens__/first-screen.start.txt": store ? T.startGoldenWithStore : T.startGolden,
            "Flows/README.md": T.flowsReadme,
        ]
        if store {
            files["Sources/{{App}}/Store/CountStore.swift"] = T.countStore
            files["Sources/{{App}}SQLite/CountDatabase.swift"] = T.countDatabase
            files["Sources/{{App}}Seeding/CountFixture.swift"] = T.countFixture
            files["Sources/{{App}}Seeding/CountSeeder.swift"] = T.countSeeder
            files["Sources/{{app}}-seed/SeedMain.swift"] = T.seedMain
            files["Seeds/default.yaml"] = T.defaultSeed
        }
        let values = placeholders(options, names: names)
        return Dictionary(uniqueKeysWithValues: files.map { (fill($0.key, with: values), fill($0.value, with: values)) })
    }

    /// What each placeholder stands for, parts first (they hold the names' placeholders), names last.
    static func placeholders(_ options: NewAppOptions, names: NewAppNames) -> [(String, String)] {
        let store = options.store == .sqlite
        // What the person gave (a path, a URL) goes in last, so no placeholder inside it is filled.
        let toolkit: (declaration: String, dependency: String, given: [(String, String)]) = switch options.toolkit {
        case let .path(path):
            (NewAppTemplate.toolkitByPath, ".package(path: toolkitPath)", [("{{toolkitPath}}", swiftLiteral(path))])
        case let .url(url, version):
            (NewAppTemplate.toolkitByURL, ".package(url: toolkitURL, from: toolkitVersion)",
             [("{{toolkitURL}}", swiftLiteral(url)), ("{{toolkitVersion}}", swiftLiteral(version))])
        }
        return [
            ("{{toolkit}}", toolkit.declaration),
            ("{{toolkitDependency}}", toolkit.dependency),
            ("{{grdbDependency}}", store ? "        .package(url: \"https://github.com/groue/GRDB.swift\", exact: \"7.10.0\"),\n" : ""),
            ("{{storeTargets}}", store ? NewAppTemplate.storeTargets : ""),
            ("{{appStoreDependency}}", store ? "\"{{App}}SQLite\", " : ""),
            ("{{storeProtocolNote}}", store ? ", the store's protocol" : ""),
            ("{{storeModulesNote}}", store
                ? "// - {{App}}SQLite, the one module that imports GRDB: the core's store in a SQLite file;\n"
                    + "// - {{App}}Seeding and `{{app}}-seed`, the fixtures (LocatedYAML) and a store's reset (StoreSeeding);\n"
                : ""),
            ("{{statusIdentifier}}", store ? NewAppTemplate.statusIdentifier : ""),
            ("{{statusCheck}}", store ? NewAppTemplate.statusCheck : ""),
            ("{{statusAction}}", store ? NewAppTemplate.statusAction : ""),
            ("{{aptNote}}", store ? " and SQLite (the store, through GRDB)" : ""),
            ("{{aptStore}}", store ? " libsqlite3-dev" : ""),
            ("{{runVariables}}", store ? NewAppTemplate.runVariablesWithStore : ""),
            ("{{runCommand}}", store
                ? "@[ -f $(STORE) ] || .build/debug/{{app}}-seed --store $(STORE) $(FIXTURE)\n\t$(APP) -{{app}}.store $(STORE)"
                : "$(APP)"),
            ("{{seededNote}}", store ? " (each flow on its own copy of a store seeded from `Seeds/`)" : ""),
            ("{{storeReadme}}", store
                ? "\nIts data is kept in a SQLite store (GRDB); `{{app}}-seed` resets a store to a fixture of\n`Seeds/`, as the runner does before each flow."
                : ""),
            ("{{storeLayout}}", store ? ", and the store's protocol" : ""),
            ("{{storeLayoutRows}}", store
                ? "| `Sources/{{App}}SQLite` | the SQLite store (the one module that imports GRDB) |\n"
                    + "| `Sources/{{App}}Seeding`, `Sources/{{app}}-seed`, `Seeds` | the fixtures, and the seeder that resets a store to one |\n"
                : ""),
            ("{{runArguments}}", store ? " -{{app}}.store PATH" : ""),
            ("{{runByHand}}", store
                ? " PATH is a store of your own (by default the app keeps one under `~/.local/share/{{app}}`);\n`make run` seeds one in `.build/run` the first time, and keeps it."
                : ""),
            ("{{titleRule}}", titleRule(names.app)),
            ("{{APP}}", names.app.uppercased()),
            ("{{App}}", names.app),
            ("{{app}}", names.executable),
        ] + toolkit.given
    }

    /// The rule a screen titled `title` begins with, as TextUI draws it (`── Tally ───…`, 48 wide).
    static func titleRule(_ title: String) -> String {
        let head = "── \(title) "
        return head + String(repeating: "─", count: max(2, 48 - head.count))
    }

    /// `text` with every placeholder replaced, in order.
    static func fill(_ text: String, with values: [(String, String)]) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// `text` as the inside of a Swift string literal.
    static func swiftLiteral(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// The template's texts, one static constant per file or part, grouped in one Swift file per part
/// of the package (`CoreTemplate.swift`, `StoreTemplate.swift`...). `{{App}}` is the app's name,
/// `{{app}}` its lower case, `{{APP}}` its upper case; the other placeholders are parts filled by
/// ``NewApp/files(for:)``.
enum NewAppTemplate {}
