# WorkPhotos — every entry point a newcomer or CI needs. `make help` lists the main ones.
SWIFT        ?= swift
# Debian packages the build needs (GRDB links the system SQLite; account passwords use libxcrypt;
# the drive's manifest checksums use OpenSSL's SHA-256; flow studio edits lines with libedit;
# a test measures the runner's memory with GNU time; a test plays a recorded run's asciicast with asciinema;
# a test renders the golden review page and the HTML report in headless Chromium, and checks for script errors;
# the public API check reads the modules' symbol graphs with python3).
APT_PACKAGES := libsqlite3-dev libcrypt-dev libssl-dev libedit-dev time asciinema chromium python3
APP          := .build/debug/workphotos
SEED         := .build/debug/workphotos-seed
FLOW         := .build/debug/flow
# Each swift command here waits for its turn (scripts/swift-in-turn.sh): make test's checks, two at
# a time, build in the one .build, whose build database takes one build at a time. In its turn it
# runs with the same environment every time, so SwiftPM's cache of compiled manifests serves every
# call after the first (8 s a call otherwise), and with TMPDIR=.build/swift-tmp, emptied after: the
# toolchain leaves TemporaryDirectory.* folders in $TMPDIR at every call (a toolchain bug).
SWIFT_RUN    := scripts/swift-in-turn.sh $(SWIFT)
# Extra options for `flow run` in make flows: FLOW_ARGS="--jobs 1 --junit flows.xml"
FLOW_ARGS    ?=
# The photo store `make run` and `make seed` use (inside the build folder, never your own data).
STORE        ?= .build/run/photos.sqlite
FIXTURE      ?= default
# The stub account `make run` signs in with.
RUN_ARGS     ?= -ui-testing YES -model.user test -model.password 1234

.PHONY: help deps build test test-checks flows-check api release release-check docs docs-check flows explore explore-check run seed bench bench-check bench-baseline bench-products floors testing-app clean expenses expenses-broken-build expenses-planted-bugs todos new-check

help:
	@echo "make flows  the main job: seed, then run the YAML flows in Flows/ (FLOW_ARGS=... for flow run)"
	@echo "make explore  crawl the app from sign-in: every screen, then $(EXPLORE_WALKS) seeded walks (WALK_SEED=N replays them), each problem as a minimal flow, the map and the flows' coverage in .build/explore"
	@echo "make test   build and run every test, then, two at a time, the YAML flows, explore, Examples/Expenses and Examples/Todos, flow new's apps, a release of a scratch clone and make docs (CI runs this)"
	@echo "make expenses  the example app alone: its build, tests and flows, and its flows failing on a broken build"
	@echo "make todos  the TodoMVC benchmark: its build, tests and flows, then each variant's bug found by the property it breaks"
	@echo "make new-check  flow new, then make test in what it wrote: an app with no store (Tally) and one with a SQLite store (Ledger)"
	@echo "make docs   the DocC catalogues as a site in .build/docs/site (python3 -m http.server --directory .build/docs/site 8000); a DocC warning, a broken link or a script error fails it"
	@echo "make docs-check  serve the site make docs wrote and open it in headless Chromium: every link of its index loads, no script error"
	@echo "make run    start the app by hand on a demo store, with stub sign-in (user test, password 1234)"
	@echo "make seed   reset the demo store to a fixture (FIXTURE=default, STORE=$(STORE))"
	@echo "make testing-app  the optimised, static testing build of the app; then make flows SCHEME=fast runs the flows on it"
	@echo "make bench  release build, then the performance figures, each beside its floor, and a summary table of the targets"
	@echo "make bench-check  fails when a step, the default run or flow's start misses its target, or an in-process benchmark regresses 20% from the baseline"
	@echo "make api    record the public API of the toolkit's libraries in api/ (make test checks it)"
	@echo "make release VERSION=X.Y.Z  release the toolkit: the changelog's Unreleased under X.Y.Z, Toolkit.version, the API recorded and judged, then a commit and a tag"
	@echo "make build  debug build of every target"
	@echo "make deps   install what is missing (Debian packages: $(APT_PACKAGES))"

# Installs missing Debian packages; needs root or sudo, and only acts when something is missing.
deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: '$(SWIFT)' not found on PATH: install Swift 6 from swift.org" >&2; exit 2; }
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing </dev/null; \
	fi

build: deps
	$(SWIFT_RUN) build

test: deps
	$(SWIFT_RUN) build --build-tests
	@echo "The Swift tests, in two processes at once: each one's output comes whole when it ends (about 2 minutes on 2 cores)."
	@rm -f .build/test-logs/*.failures
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target swift-tests-runner swift-tests-rest || { cat .build/test-logs/*.failures >&2; exit 1; }
	@echo "(The known issues above are expected: StrictMocksTests check that the strict mock records a failure at the test's line, GoldenScreenFlowTests that a golden screen that differs is a failure, NoStoreFlowTests that a broken expectation of a Swift flow test is one.)"
	$(MAKE) --no-print-directory -j$(CHECK_JOBS) --output-sync=target test-checks

# make test's Swift tests, in two processes at once (CHECK_JOBS), each printed whole when it ends:
# FlowRunnerTests in one, every other target in the other. What `swift test --skip-build` runs, the
# test binary, run directly: one process runs two tests at a time on two cores, and most of them
# wait on an app they launched (173 s here in one process, 136 s in two). What failed in either is
# printed again at the very end (scripts/swift-tests.sh), where a CI log's tail shows it.
swift-tests-runner:
	scripts/swift-tests.sh runner --filter '^FlowRunnerTests\.'
swift-tests-rest:
	scripts/swift-tests.sh rest --skip '^FlowRunnerTests\.'

# make test's checks after the Swift tests, CHECK_JOBS at a time (2: the cores CI has; each check's
# output is printed whole when it ends, so the log reads as if they ran one after another): the
# flows, explore, the two example apps, the apps flow new writes, a release, and the docs site. The builds
# among them share .build and take turns (scripts/swift-in-turn.sh); the rest of their work
# overlaps. The longest first (the example app, then flow new's apps), so the two lanes end together.
CHECK_JOBS   ?= 2
test-checks: expenses new-check todos release-check docs explore-check flows-check

# The flows tagged slow, then every flow, each with the accessibility audit and the properties.
flows-check:
	$(FLOW) run --audit --properties --include-tags slow
	$(FLOW) run --audit --properties

# The crawler on the app signed in: every screen it reaches, then seeded random walks that reach the
# states data makes (the seed is printed: WALK_SEED=N walks the same walks again), each problem as a
# minimal flow (none is expected), the map (map.json, map.dot, map.svg, report.html) and what
# Flows/ exercise of it.
EXPLORE_OUT   ?= .build/explore
EXPLORE_WALKS ?= 100
WALK_SEED     ?=
EXPLORE_SEED  := $(if $(WALK_SEED),--seed $(WALK_SEED))
explore: deps
	$(SWIFT_RUN) build
	$(FLOW) explore --from Login.login --out $(EXPLORE_OUT) --walks $(EXPLORE_WALKS) $(EXPLORE_SEED) --against Flows

# make test's check: the whole map signed in, explored to its end, then walks (a seed at random,
# printed), with nothing found; then explore as a newcomer types it (no options but a shorter
# --time), from the repository and from another folder: nothing found (scripts/explore-clean.sh).
CHECK_WALKS  ?= 40
CLEAN_TIME   ?= 10
explore-check:
	$(FLOW) explore --from Login.login --out $(EXPLORE_OUT) --walks $(CHECK_WALKS) $(EXPLORE_SEED) > $(EXPLORE_OUT).txt; status=$$?; cat $(EXPLORE_OUT).txt; \
	  [ $$status -eq 0 ] && grep -q "every screen explored" $(EXPLORE_OUT).txt || { echo "explore: the map and the walks did not end with nothing found" >&2; exit 1; }
	scripts/explore-clean.sh WorkPhotos . $(FLOW) $(CLEAN_TIME)

# The second reference app (Examples/Expenses), its own package on the toolkit's products: its
# build, its tests, its flows with the accessibility audit and its properties, then its flows on a
# build with one line broken, which must fail them (scripts/broken-build.sh). It builds in the
# toolkit's .build (scripts/swift-root-scratch.sh), so the toolkit's modules and GRDB, compiled there
# already, are not compiled again; its .build/debug is a link to that folder's products.
EXPENSES     := Examples/Expenses
SIDE_RUN     := ../../scripts/swift-root-scratch.sh
EXPENSES_RUN := $(SIDE_RUN)
expenses: deps
	cd $(EXPENSES) && $(EXPENSES_RUN) build --build-tests
	cd $(EXPENSES) && $(EXPENSES_RUN) test --skip-build --disable-xctest
	cd $(EXPENSES) && .build/debug/expenses-flow run --audit --properties
	# Explore as a newcomer types it, from the app's folder and from another: nothing found.
	scripts/explore-clean.sh Expenses $(EXPENSES) $(EXPENSES)/.build/debug/expenses-flow $(CLEAN_TIME)
	$(MAKE) expenses-broken-build
	$(MAKE) expenses-planted-bugs

expenses-broken-build:
	$(EXPENSES)/scripts/broken-build.sh

# Explore on the broken build, which holds five planted bugs: each found, each as a minimal flow the runner fails on.
expenses-planted-bugs:
	$(EXPENSES)/scripts/planted-bugs.sh

# The TodoMVC benchmark (Examples/Todos), its own package built in the toolkit's .build as Expenses
# is: its build and tests, its flows with its properties, then scripts/variants.sh: explore finds
# nothing on the correct app, and each variant's bug by the property it breaks, with a minimal flow
# that fails on the variant and passes on the correct app. One build serves every variant.
TODOS        := Examples/Todos
todos: deps
	cd $(TODOS) && $(SIDE_RUN) build --build-tests
	cd $(TODOS) && $(SIDE_RUN) test --skip-build --disable-xctest
	cd $(TODOS) && .build/debug/todos-flow run --audit --properties
	$(TODOS)/scripts/variants.sh
	scripts/explore-clean.sh Todos $(TODOS) $(TODOS)/.build/debug/todos-flow $(CLEAN_TIME)

# `flow new` from nothing to green flows: an app with no store (Tally) and one with a SQLite store
# (Ledger), each written afresh into .build/new-check, then its own `make test` (its build, its
# tests, its flows), which must end with "2 passed, 0 failed" or more, and its `make explore`, which
# must end with every screen explored, name a fixture only for the app with a store, and write
# into a folder git ignores. Its swift runs in the
# toolkit's .build (SWIFT=scripts/swift-root-scratch.sh), so the toolkit's modules are not compiled
# again: SwiftPM's seconds for its first build are printed. The app's make is given SWIFT alone: no
# other variable of this make's command line (FLOW, FLOW_ARGS) is its.
NEW_CHECK    := .build/new-check
new-check: deps
	$(SWIFT_RUN) build --product flow
	@for app in Tally:none Ledger:sqlite; do \
	  name=$${app%%:*}; store=$${app##*:}; dir=$(NEW_CHECK)/$$(echo $$name | tr A-Z a-z); \
	  rm -rf $$dir; \
	  $(FLOW) new $$name --store $$store --path $$dir || exit 1; \
	  start=$$(date +%s); \
	  MAKEFLAGS= $(MAKE) -C $$dir test SWIFT="$(CURDIR)/scripts/swift-root-scratch.sh" > $$dir.log 2>&1; status=$$?; cat $$dir.log; \
	  echo "new-check: $$name (--store $$store): first build $$(grep -m1 -o 'Build complete! ([0-9.]*s)' $$dir.log | grep -o '[0-9.]*s'), make test $$(( $$(date +%s) - start )) s"; \
	  [ $$status -eq 0 ] && grep -Eq '^([2-9]|[1-9][0-9]+) passed, 0 failed$$' $$dir.log || { echo "new-check: $$name's make test failed, or its flows did not end with 2 passed, 0 failed or more (see $$dir.log)" >&2; exit 1; }; \
	  MAKEFLAGS= $(MAKE) -C $$dir explore SWIFT="$(CURDIR)/scripts/swift-root-scratch.sh" EXPLORE_ARGS="--time $(CLEAN_TIME)" > $$dir-explore.log 2>&1; status=$$?; cat $$dir-explore.log; \
	  fixture=$$([ $$store = none ] && echo ')' || echo ', fixture default)'); \
	  [ $$status -eq 0 ] && grep -q "every screen explored" $$dir-explore.log && grep -q "^exploring .*(scheme default$$fixture$$" $$dir-explore.log \
	    || { echo "new-check: $$name's make explore did not end clean, or did not say its fixture only with a store (see $$dir-explore.log)" >&2; exit 1; }; \
	  git -C $$dir init -q && git -C $$dir check-ignore -q explore/map.json && rm -rf $$dir/.git \
	    || { echo "new-check: git does not ignore $$name's explore/" >&2; exit 1; }; \
	  [ $$store = none ] || scripts/explore-clean.sh $$name $$dir $$dir/.build/debug/$$(echo $$name | tr A-Z a-z)-flow $(CLEAN_TIME) || exit 1; \
	done
	# The guide's recipe "See a flow fail", on Tally as written there.
	scripts/own-tmpdir.sh scripts/see-it-fail.sh $(NEW_CHECK)/tally

# The public API of the toolkit's library products, kept in api/ for review: make api records the
# built modules' API there, as CHANGELOG.md's Versioning allows (an addition, or a deprecation with
# its line under Deprecated; a removal or a change waits for a major, made by make release);
# make test fails when the code's API is not the record.
api: build
	scripts/api.py record

# A release (scripts/release.py), from a build of what is committed: CHANGELOG.md's Unreleased section
# under VERSION with today's date, Toolkit.version (and FlowKit's overview) set to it, the API
# recorded at it and judged against the last release's tag (an addition or a deprecation needs a
# minor, a removal or a change a major, each named in the changelog), SwiftPM's own diagnosis
# against that tag beside the record, the checks, then one commit and the tag VERSION. Nothing is
# pushed. What is refused is said, and leaves the clone as it was.
VERSION      ?=
release: build
	@[ -n "$(VERSION)" ] || { echo "make release VERSION=X.Y.Z: give the version to release" >&2; exit 2; }
	scripts/release.py $(VERSION)

# make test's check of a release: a scratch clone released at the next minor, then an app flow new
# writes against it by URL and version, built and its flows run (scripts/release-check.sh).
release-check: deps
	$(SWIFT_RUN) build --product flow
	scripts/release-check.sh

# The DocC catalogues as one static site, from the modules make build made (no second build: their
# symbol graphs are read from them, then `docc convert` renders each, --warnings-as-errors, so a
# broken symbol link or an undocumented parameter fails it): .build/docs/site, with an index of every
# module and the guide. Then the site is served and opened in headless Chromium: every link of the
# index loads, and the index, a symbol page and the guide render with no script error.
# Read it: python3 -m http.server --directory .build/docs/site 8000, then http://localhost:8000/.
# (DocC's pages read their content with scripts, which Chromium does not run from a file: opened as
# a file, the index lists the modules and their pages stay blank.) About 40 s after make test.
docs: build
	scripts/docs.py
	$(MAKE) docs-check

# The site's check alone, on the site make docs last wrote (no build, no conversion): about 8 s.
docs-check: deps
	scripts/docs-check.py

seed: build
	$(SEED) --store $(STORE) $(FIXTURE)

# The main job: the flow runner seeds each fixture once, then runs every flow in Flows/ on its own
# copy of the store, checking the app's properties after every step, and ends with "N passed, 0 failed".
# SCHEME=fast runs the flows on the optimised, static testing build (make testing-app first).
SCHEME       ?= default
flows: deps
	$(SWIFT_RUN) build
	$(FLOW) run --scheme $(SCHEME) --properties $(FLOW_ARGS)

# Seeds the demo store the first time; after that it keeps what you did (make seed resets it).
run: build
	@[ -f $(STORE) ] || $(SEED) --store $(STORE) $(FIXTURE)
	$(APP) $(RUN_ARGS) -photos.store $(STORE)

# make bench: the runner-level figures (launch, a step, 100 flows, a long list, an upload, the
# runner at scale, flow's start, a crawl and a shrink by flow explore, the cost of --trace), each beside its floor measured in the same run (a Foundation program
# that prints a line, linked as usual and statically; a pipe round trip), then a summary table of the
# figures that have a target (figure, floor, ratio, target, met?), then the in-process benchmarks of
# the Benchmarks/ package (ordo-one/benchmark: images, the wire, seeding).
# make bench-check measures the targeted figures again and fails when one is missed (--check), then
# compares the in-process benchmarks with the committed baseline and fails on a 20% regression;
# make bench-baseline records a new one (on a quiet machine).
FLOOR := .build/floor
BENCH        := .build/release/workphotos-bench
BENCH_FLOORS := --floor $(FLOOR)/floor-echo-static --dynamic-floor $(FLOOR)/floor-echo \
  --defaults-floor $(FLOOR)/floor-defaults-static --fixed-address-floor $(FLOOR)/floor-echo-static-nopie
bench: bench-products
	$(BENCH) all $(BENCH_FLOORS)
	cd Benchmarks && ../$(SWIFT_RUN) package --allow-writing-to-package-directory benchmark --no-progress

bench-check: bench-products
	$(BENCH) targets --check $(BENCH_FLOORS)
	scripts/bench-check.sh

# What the bench measures: the release app and flow, the testing build, the explore sample (a
# finding ten actions deep to shrink), the TodoMVC example (what its properties cost its walks), every
# debug product (the app make flows runs, the seeder,
# flow), and the floors.
# The TodoMVC example first: a build of another package in the toolkit's .build leaves out the
# toolkit's own release products, which are built after it.
bench-products: deps floors testing-app
	cd $(TODOS) && $(SIDE_RUN) build -c release --product todos-flow && $(SIDE_RUN) build -c release --product todos
	$(SWIFT_RUN) build -c release --product workphotos-bench
	$(SWIFT_RUN) build -c release --product workphotos
	$(SWIFT_RUN) build -c release --product flow
	$(SWIFT_RUN) build -c release --product explore-sample
	$(SWIFT_RUN) build

bench-baseline: deps
	cd Benchmarks && ../$(SWIFT_RUN) package --allow-writing-to-package-directory benchmark baseline update main --no-progress

floors:
	@mkdir -p $(FLOOR)
	@[ -x $(FLOOR)/floor-echo ] || scripts/own-tmpdir.sh swiftc -O Benchmarks/Floor/floor-echo.swift -o $(FLOOR)/floor-echo
	@[ -x $(FLOOR)/floor-echo-static ] || scripts/own-tmpdir.sh swiftc -O -static-stdlib Benchmarks/Floor/floor-echo.swift -o $(FLOOR)/floor-echo-static
	@[ -x $(FLOOR)/floor-echo-static-nopie ] || scripts/own-tmpdir.sh swiftc -O -static-stdlib -Xclang-linker -no-pie Benchmarks/Floor/floor-echo.swift -o $(FLOOR)/floor-echo-static-nopie
	@[ -x $(FLOOR)/floor-defaults-static ] || scripts/own-tmpdir.sh swiftc -O -static-stdlib Benchmarks/Floor/floor-defaults.swift -o $(FLOOR)/floor-defaults-static

# The app the flows run, optimised and linked statically, with the stubs a test build allows
# (-DTESTING): make flows SCHEME=fast runs the flows on it. It costs a release build of its own
# (about a minute from nothing on two cores: 59 s), so it is not the default: see docs/benchmarks.md.
# SQLite, OpenSSL's libcrypto and libxcrypt are linked from their static archives too (Debian's
# -dev packages ship them): loading the three shared libraries cost about 0.9 ms of a 6 ms launch.
# (The linker's warning that libFoundationEssentials.a uses mktemp is Foundation's own, expected.)
# A folder holding only those archives, searched first, makes -lsqlite3 -lcrypto -lcrypt find them.
# And it is linked at a fixed address (-no-pie): a position-independent executable of this size has
# 80,000 pointers for the dynamic loader to relocate at every launch, another 0.9 ms.
TESTING_APP      := .build-testing/release/workphotos
STATIC_C_LIBS    := .build-testing/static-c-libs
testing-app: deps
	@mkdir -p $(STATIC_C_LIBS)
	@command -v clang >/dev/null 2>&1 || { echo "error: clang (part of the Swift toolchain) is not on PATH; it finds the static archives" >&2; exit 2; }
	@for lib in sqlite3 crypto crypt; do \
	  archive=$$(clang -print-file-name=lib$$lib.a); \
	  [ -f "$$archive" ] || { echo "error: no lib$$lib.a (from its Debian -dev package): make deps installs it" >&2; exit 2; }; \
	  ln -sf "$$archive" $(STATIC_C_LIBS)/lib$$lib.a; \
	done
	$(SWIFT_RUN) build -c release -Xswiftc -DTESTING --static-swift-stdlib --scratch-path .build-testing --product workphotos \
	  -Xswiftc -L -Xswiftc $(abspath $(STATIC_C_LIBS)) -Xswiftc -Xclang-linker -Xswiftc -no-pie
	@if ldd $(TESTING_APP) | grep -E 'lib(sqlite3|crypto|crypt)\.so'; then \
	  echo "error: $(TESTING_APP) still loads the shared libraries above" >&2; exit 1; fi
	@if readelf -h $(TESTING_APP) | grep -q 'Type: *DYN'; then \
	  echo "error: $(TESTING_APP) is position-independent; it should be linked with -no-pie" >&2; exit 1; fi

clean:
	rm -rf .build .build-testing $(EXPENSES)/.build $(EXPENSES)/.build-broken $(TODOS)/.build
