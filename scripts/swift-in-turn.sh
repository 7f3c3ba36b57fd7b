#!/bin/sh
# Usage: swift-in-turn.sh swift SUBCOMMAND ARGS...   Runs the command once no other command run
# through this script (in this clone) is running: make test's checks run two at a time, and the
# builds among them share the toolkit's .build, whose build database takes one build at a time
# (a second one fails at once: "unable to attach DB ... database is locked"). The turn is an
# flock(1) on .build/.swift-in-turn.lock, let go when the command ends however it ends. A command
# already in its turn (SWIFT_IN_TURN set) runs at once: a build inside a build never waits on itself.
#
# The same environment at every call. SwiftPM keys its cache of compiled manifests by the whole
# environment: a TMPDIR of each call's own (what SwiftPM and the driver leave there, five
# TemporaryDirectory.* folders a call, went with it), make's MAKELEVEL and MAKEFLAGS, the shell's
# PWD made every call compile the sixteen manifests of the toolkit's graph again, 8 s a no-op build
# instead of 1. So in its turn a command runs with TMPDIR=.build/swift-tmp, emptied when it ends (no
# other call runs meanwhile), and without the variables that differ from one call to the next
# (PWD, OLDPWD, SHLVL, _, make's); the working folder is the caller's.
set -u
[ $# -ge 1 ] || { echo "usage: swift-in-turn.sh swift SUBCOMMAND ARGS..." >&2; exit 2; }
same_env() {
  exec env -u PWD -u OLDPWD -u SHLVL -u _ -u MAKELEVEL -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES \
    -u MAKE_TERMOUT -u MAKE_TERMERR -u MAKE_RESTARTS "$@"
}
if [ -n "${SWIFT_IN_TURN:-}" ]; then same_env "$@"; fi
# flock comes with util-linux on every Debian; without it, say so and run the command as it
# comes (make test's checks then need CHECK_JOBS=1), in the TMPDIR it was given.
if ! command -v flock >/dev/null 2>&1; then
  echo "swift-in-turn: no flock on PATH (util-linux): builds do not take turns; run make test with CHECK_JOBS=1" >&2
  same_env "$@"
fi
root=$(cd "$(dirname "$0")/.." && pwd -P) || exit 2
tmp="$root/.build/swift-tmp"
mkdir -p "$root/.build" || exit 2
exec 9>"$root/.build/.swift-in-turn.lock" || exit 2
flock 9 || exit 2
trap 'exit 130' INT TERM
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp" || exit 2
# The command does not keep the turn's descriptor: a process it leaves behind holds no turn.
( export TMPDIR="$tmp" SWIFT_IN_TURN=1; same_env "$@" ) 9>&-
