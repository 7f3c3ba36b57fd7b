#!/bin/sh
# Usage: swift-in-turn.sh swift SUBCOMMAND ARGS...   Runs the command once no other command run
# through this script (in this clone) is running: make test's checks run two at a time, and the
# builds among them share the toolkit's .build, whose build database takes one build at a time
# (a second one fails at once: "unable to attach DB ... database is locked"). The turn is an
# flock(1) on .build/.swift-in-turn.lock, let go when the command ends however it ends. A command
# already in its turn (SWIFT_IN_TURN set) runs at once: a build inside a build never waits on itself.
set -u
[ $# -ge 1 ] || { echo "usage: swift-in-turn.sh swift SUBCOMMAND ARGS..." >&2; exit 2; }
if [ -n "${SWIFT_IN_TURN:-}" ]; then exec "$@"; fi
# flock comes with util-linux on every Debian; without it, say so and run the command as it
# comes (make test's checks then need CHECK_JOBS=1).
if ! command -v flock >/dev/null 2>&1; then
  echo "swift-in-turn: no flock on PATH (util-linux): builds do not take turns; run make test with CHECK_JOBS=1" >&2
  exec "$@"
fi
root=$(cd "$(dirname "$0")/.." && pwd -P) || exit 2
mkdir -p "$root/.build" || exit 2
SWIFT_IN_TURN=1 exec flock "$root/.build/.swift-in-turn.lock" "$@"
