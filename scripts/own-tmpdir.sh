#!/bin/sh
# Runs a command (a swift build or test) with TMPDIR set to a fresh folder of its own, removed
# when it ends however it ends. SwiftPM and the Swift driver leave a TemporaryDirectory.XXXXXX
# folder in TMPDIR at every call (`swiftc -print-target-info` alone leaves one; `swift build`
# five, `swift test` five more): a toolchain bug, not this code's, which had left 1,720 of them in
# /tmp after a mutation run. Each call gets its own folder (made with mktemp, so two make commands
# at once never remove each other's), inside the usual temporary folder: a test that shows a
# path relative to the current folder sees the same paths as without it.
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/own-tmpdir.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
TMPDIR=$dir "$@"
