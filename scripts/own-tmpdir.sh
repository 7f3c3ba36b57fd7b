#!/bin/sh
# Runs a command (a swift build or test) with TMPDIR set to a fresh folder under .build, removed
# when it ends however it ends. SwiftPM and the Swift driver leave a TemporaryDirectory.XXXXXX
# folder in TMPDIR at every call (`swiftc -print-target-info` alone leaves one; `swift build`
# five, `swift test` five more): a toolchain bug, not this code's, which had left 1,720 of them in
# /tmp after a mutation run. Each call gets its own folder, so two make commands at once never
# remove each other's.
set -u
mkdir -p .build
dir=$(mktemp -d "$(pwd)/.build/tmp.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
TMPDIR=$dir "$@"
