#!/bin/sh
# Usage: swift-root-scratch.sh SUBCOMMAND ARGS...   (in a package beside the toolkit: Examples/*, an app
# `flow new` wrote). Runs `swift SUBCOMMAND --scratch-path ROOT/.build ARGS...`, ROOT being this
# repository by its real path, so the package reuses the toolkit's modules the toolkit's own build
# compiled there (same command lines: llbuild skips them), instead of compiling them again in its
# own .build. First the package's .build/debug is made a link to that folder's products, so every
# committed path (.build/debug/APP in schemes, scripts, Makefiles) names what this builds.
# The real path matters: a scratch path reached through a symbolic link is another path to the
# compiler, which then finds each Clang module twice in the module cache and fails.
# A plain `swift build` in the package still builds in its own .build (and points .build/debug back there).
set -u
root=$(cd "$(dirname "$0")/.." && pwd -P) || exit 2
[ -f Package.swift ] || { echo "swift-root-scratch: run it in a package's folder (no Package.swift in $(pwd))" >&2; exit 2; }
[ "$(pwd -P)" != "$root" ] || { echo "swift-root-scratch: the toolkit builds in its own .build already; use swift" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: swift-root-scratch.sh SUBCOMMAND ARGS..." >&2; exit 2; }
if [ -d .build/debug ] && [ ! -L .build/debug ]; then
  echo "swift-root-scratch: .build/debug is a folder, not SwiftPM's link: remove it" >&2; exit 2
fi
mkdir -p .build && ln -sfn "$root/.build/debug" .build/debug || exit 2
sub=$1; shift
# SwiftPM reuses the last build's plan when that plan's own packages did not change (its cached build
# manifest), whichever package builds now: in a .build that several packages take turns in, a package
# built right after another would be given the other's plan and build nothing of its own. So each
# build plans again (a second or two).
case $sub in build|test|run) set -- --disable-build-manifest-caching "$@" ;; esac
# In its turn (scripts/swift-in-turn.sh): make test's checks build side by side in this .build.
exec "$root/scripts/swift-in-turn.sh" swift "$sub" --scratch-path "$root/.build" "$@"
