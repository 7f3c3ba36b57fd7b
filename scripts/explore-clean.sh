#!/bin/sh
# make test's check that explore never cries wolf: a correct app, explored with the default options
# (the map, then walks until the time is up, screens told apart by data) but a shorter --time, gives
# no finding, both from the app's folder (its Flows/ give the fields' values) and from another
# folder with --scheme-file (no flows to learn from: ordinary values only). Prints each crawl's
# summary, and one line an app: what was searched, and the seeds (WALK_SEED-like replays: pass
# --seed N to the runner with the same options).
#
# Usage: scripts/explore-clean.sh NAME APP_FOLDER RUNNER [EXPLORE_TIME]
#   NAME        what the app is called in the lines printed
#   APP_FOLDER  the app's folder (it holds Flows/schemes/default.yaml)
#   RUNNER      the app's runner (flow, expenses-flow, ...), a path from anywhere
#   EXPLORE_TIME  seconds each crawl takes at most (default 10)
set -u
[ $# -ge 3 ] || { echo "usage: scripts/explore-clean.sh NAME APP_FOLDER RUNNER [EXPLORE_TIME]" >&2; exit 2; }
name=$1
folder=$(cd "$2" && pwd) || exit 2
runner=$3
seconds=${4:-10}
case $runner in /*) ;; *) runner=$(cd "$(dirname "$runner")" && pwd)/$(basename "$runner") ;; esac
[ -x "$runner" ] || { echo "explore-clean: error: $runner is not built" >&2; exit 2; }
scheme=$folder/Flows/schemes/default.yaml
[ -f "$scheme" ] || { echo "explore-clean: error: $name has no $scheme" >&2; exit 2; }
elsewhere=$(mktemp -d "${TMPDIR:-/tmp}/explore-clean.XXXXXX") || exit 2
trap 'rm -rf "$elsewhere"' EXIT
trap 'exit 130' INT TERM

# One crawl: where it runs from, and the arguments that say which app.
crawl() {
  where=$1 label=$2
  shift 2
  out=$elsewhere/$label
  (cd "$where" && "$runner" explore --out "$out" --time "$seconds" "$@") > "$out.txt" 2>&1
  status=$?
  cat "$out.txt"
  if [ $status -ne 0 ] || grep -q '^FINDING' "$out.txt"; then
    echo "explore-clean: error: $name explored from $label with the default options exited $status: a correct app must give no finding (above)" >&2
    return 1
  fi
  echo "explore-clean: $name from $label: nothing found; $(grep -m1 '^  searched' "$out.txt" | sed 's/^  searched *//'); seed $(grep -m1 -o 'seed *[0-9]*' "$out.txt" | grep -o '[0-9]*$')"
}

crawl "$folder" "its folder" || exit 1
# The same scheme from another folder: its paths (app, seeder, seeds) are relative to the folder a
# run starts in, so they are made absolute; the rest is the app's scheme as committed.
sed -E "s#^(app|seeder|seeds):[[:space:]]*([^/[:space:]][^[:space:]]*)#\1: $folder/\2#" "$scheme" > "$elsewhere/scheme.yaml"
crawl "$elsewhere" "another folder" --scheme-file "$elsewhere/scheme.yaml" || exit 1
