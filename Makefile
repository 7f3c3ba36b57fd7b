# WorkPhotos — every entry point a newcomer or CI needs. `make help` lists them.
SWIFT        ?= swift
# Debian packages the build needs (GRDB links the system SQLite).
APT_PACKAGES := libsqlite3-dev
APP          := .build/debug/workphotos
# The stub account `make run` signs in with.
RUN_ARGS     ?= -ui-testing YES -model.user test -model.password 1234

.PHONY: help deps build test run clean

help:
	@echo "make test   build and run every test (what CI runs)"
	@echo "make run    start the app by hand, with stub sign-in (user test, password 1234)"
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
	$(SWIFT) build

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

run: build
	$(APP) $(RUN_ARGS)

clean:
	rm -rf .build
