/// The package's own files: the manifest, the README, the Makefile and the `.gitignore`.
extension NewAppTemplate {
    /// `Package.swift`; `{{toolkit}}`, `{{toolkitDependency}}` and the `{{store...}}` parts are
    /// filled by ``NewApp/files(for:)``.
    static let manifest = #"""
        // swift-tools-version:6.0
        import Foundation
        import PackageDescription

        // {{App}}: an app on the toolkit's products (PresenterKit, TextUI, FlowKit, FlowCommandLine and
        // the test support), never on a target of the toolkit's package.
        //
        // Dependency direction:
        // - {{App}}, the core (presenters, view protocols{{storeProtocolNote}}), on PresenterKit only;
        // - {{App}}Identifiers, a leaf the screens and the robots share;
        // - {{App}}UI, the text screens: the core and TextUI;
        {{storeModulesNote}}// - `{{app}}`, the composition root;
        // - {{App}}Robots, on FlowKit and the identifiers, never the app;
        // - `{{app}}-flow`, the toolkit's runner with those robots.

        {{toolkit}}

        func product(_ name: String) -> Target.Dependency {
            .product(name: name, package: toolkit)
        }

        let package = Package(
            name: "{{App}}",
            platforms: [.macOS(.v15)],
            dependencies: [
                {{toolkitDependency}},
        {{grdbDependency}}    ],
            targets: [
                .target(name: "{{App}}", dependencies: [product("PresenterKit")]),
                .target(name: "{{App}}Identifiers"),
                .target(name: "{{App}}UI", dependencies: ["{{App}}", "{{App}}Identifiers", product("TextUI"), product("PresenterKit")]),
        {{storeTargets}}        .executableTarget(name: "{{app}}", dependencies: ["{{App}}", "{{App}}UI", {{appStoreDependency}}product("TextUI"), product("PresenterKit")]),
                .target(name: "{{App}}Robots", dependencies: [product("FlowKit"), "{{App}}Identifiers"]),
                .executableTarget(name: "{{app}}-flow", dependencies: [product("FlowCommandLine"), "{{App}}Robots"]),

                .testTarget(name: "{{App}}Tests", dependencies: ["{{App}}", product("PresenterKit"), product("PresenterKitTesting")]),
            ],
            swiftLanguageModes: [.v6]
        )

        """#

    /// The toolkit's clone, by path.
    static let toolkitByPath = #"""
        // The toolkit's clone, by path: the one whose runner wrote this package. If it moves, give
        // your clone's new path here (let toolkitPath = "/home/me/src/toolkit").
        let toolkitPath = "{{toolkitPath}}"
        // A package depended on by path is known by its folder's name, which is the clone's, not the
        // name in its manifest: work it out rather than spell one.
        let toolkit = URL(fileURLWithPath: toolkitPath).lastPathComponent
        """#

    /// The toolkit, by URL and version.
    static let toolkitByURL = #"""
        // The toolkit, by its repository and a version: from it up to the next major, as its
        // semantic versioning promises (a minor or a patch never breaks an app).
        let toolkitURL = "{{toolkitURL}}"
        let toolkitVersion: Version = "{{toolkitVersion}}"
        // A package depended on by URL is known by the URL's last part, without .git: work it out
        // rather than spell one.
        let toolkitRepository = toolkitURL.split(separator: "/").last.map(String.init) ?? toolkitURL
        let toolkit = toolkitRepository.hasSuffix(".git") ? String(toolkitRepository.dropLast(4)) : toolkitRepository
        """#

    /// The store's targets in the manifest.
    static let storeTargets = #"""
                // The one module that imports GRDB: the SQLite store of the core's CountStore.
                .target(name: "{{App}}SQLite", dependencies: ["{{App}}", .product(name: "GRDB", package: "GRDB.swift")]),
                .target(name: "{{App}}Seeding", dependencies: ["{{App}}SQLite", product("LocatedYAML"), product("StoreSeeding")]),
                .executableTarget(
                    name: "{{app}}-seed", dependencies: ["{{App}}Seeding", "{{App}}SQLite", product("StoreSeeding"), product("LocatedYAML"), product("Console")]
                ),

        """#

    /// `.gitignore`.
    static let gitignore = #"""
        .build/
        .build-*/
        Package.resolved
        # What make explore writes: the map, the report and the findings' flows, made anew each run.
        explore/

        """#

    /// `Makefile`; `{{apt}}` and `{{run...}}` are filled for the store.
    static let makefile = #"""
        # {{App}}: `make test` builds the app, runs its tests, then its flows; `make flows` runs the flows.
        SWIFT        ?= swift
        # Debian packages the build needs: libedit (the flow runner's line editing){{aptNote}}.
        APT_PACKAGES := libedit-dev{{aptStore}}
        APP          := .build/debug/{{app}}
        FLOW         := .build/debug/{{app}}-flow
        # Extra options for the runner in make flows: FLOW_ARGS="--jobs 1 --junit flows.xml"
        FLOW_ARGS    ?=
        # SwiftPM keys its cache of compiled manifests by the whole environment: each swift command here
        # runs in the same one (a no-op build then takes 1 s, not 8), without the variables of make and the
        # shell that change from call to call, and with TMPDIR=.build/swift-tmp, where the toolchain leaves
        # TemporaryDirectory.* folders at every call (a toolchain bug): those an hour old are removed.
        SWIFT_RUN     = mkdir -p .build/swift-tmp && find .build/swift-tmp -mindepth 1 -maxdepth 1 -mmin +60 -exec rm -rf {} + && TMPDIR=$(CURDIR)/.build/swift-tmp env -u PWD -u OLDPWD -u SHLVL -u MAKELEVEL -u MAKEFLAGS -u MFLAGS $(SWIFT)
        {{runVariables}}
        # Options for the runner's explore in make explore (.build/debug/{{app}}-flow explore --help lists them):
        # none, the map then walks until a minute is up; EXPLORE_ARGS="--time 10" is quicker.
        EXPLORE_ARGS ?=
        .PHONY: help deps build test flows explore run clean

        help:
        	@echo "make test   build, run the tests, then the flows"
        	@echo "make flows  build, then run the YAML flows in Flows/ (FLOW_ARGS=... for the runner)"
        	@echo "make explore  crawl the app: every screen, then seeded walks; each problem as a flow, the map and a report in explore/"
        	@echo "make run    start the app by hand"
        	@echo "make deps   install what is missing (Debian packages: $(APT_PACKAGES))"

        # Installs missing Debian packages; needs root or sudo, and only acts when something is missing.
        deps:
        	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: '$(SWIFT)' not found on PATH: install Swift 6 from swift.org" >&2; exit 2; }
        	@command -v dpkg >/dev/null 2>&1 || exit 0; missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
        	if [ -n "$$missing" ]; then \
        	  echo "installing Debian packages:$$missing"; \
        	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
        	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing </dev/null; \
        	fi

        build: deps
        	$(SWIFT_RUN) build

        test: deps
        	$(SWIFT_RUN) build --build-tests
        	$(SWIFT_RUN) test --skip-build --disable-xctest
        	$(MAKE) flows

        # Runs every flow in Flows/ on the scheme Flows/schemes/default.yaml, checking the app's
        # properties after every step; ends with "N passed, 0 failed".
        flows: deps
        	$(SWIFT_RUN) build
        	$(FLOW) run --properties $(FLOW_ARGS)

        # Crawls the app: every action a person could take on every screen it reaches, then seeded
        # random walks, checking the app's properties; each problem is written as a minimal flow the
        # runner fails on, with the map and a report, into explore/ (git ignores it). It ends with
        # "every screen explored" and exit 0 when nothing is found.
        explore: build
        	$(FLOW) explore --out explore $(EXPLORE_ARGS)

        run: build
        	{{runCommand}}

        clean:
        	rm -rf .build

        """#

    /// The Makefile's variables for `make run` of an app with a store.
    static let runVariablesWithStore = #"""
        # The store make run uses (inside the build folder, never your own data), and its fixture.
        STORE        ?= .build/run/{{app}}.sqlite
        FIXTURE      ?= default

        """#

    /// `README.md`.
    static let readme = #"""
        # {{App}}

        {{App}} is an app built on the toolkit's products: a presenter core on PresenterKit, text screens
        on TextUI, robots on FlowKit and YAML flows run by its own runner, `{{app}}-flow`. As `flow new`
        wrote it, it was one screen, a counter (the count, an Add one button, and a Reset button that is
        disabled at zero), with its presenter's tests, its robot and two flows: a start to replace with
        screens of your own.{{storeReadme}}

        ## Layout

        | Folder | What it holds |
        |---|---|
        | `Sources/{{App}}` | the core: presenters and their view protocols{{storeLayout}} (PresenterKit only) |
        | `Sources/{{App}}Identifiers` | the controls' identifiers, shared by the screens and the robots |
        | `Sources/{{App}}UI` | the text screens (TextUI) |
        | `Sources/{{app}}` | the composition root, on `TextApp.main` |
        {{storeLayoutRows}}| `Sources/{{App}}Robots` | a robot a screen, their YAML actions, and the catalog of them |
        | `Sources/{{app}}-flow` | the app's flow runner: the toolkit's command line with the catalog |
        | `Tests/{{App}}Tests` | the presenters' tests, with spy views |
        | `Flows` | the YAML flows, their golden screens, and the scheme (`Flows/schemes/default.yaml`) |

        ## Test it

        `make test` builds the app and its tests, runs the tests (`swift test`), then runs the flows.
        `make flows` builds the app and runs the YAML flows alone; it ends with `N passed, 0 failed`.
        `make explore` crawls the app: every screen it reaches, then seeded random walks, each problem
        written as a minimal flow, with the map and a report, into `explore/` (which git ignores).
        The first build fetches the toolkit's dependencies and compiles the toolkit's modules the app
        uses: a few minutes; later builds take seconds. `make deps` installs the Debian packages the
        build needs, when one is missing.

        ## Run it by hand

        `make run`, or `swift build` then `.build/debug/{{app}}{{runArguments}}`.{{runByHand}} The app draws each
        screen with numbered controls; `help` lists the commands (`tap` and a button's label, or a
        control's number, taps it), and `quit` leaves.

        """#
}
