#!/bin/sh
# The guide's recipe "See a flow fail", run as written on an app `flow new` wrote (make new-check
# calls it on Tally): breaks Add one under -DBROKEN as the guide shows, builds that app into
# .build-broken, runs the flows on it with a scheme that names it, and checks that the runner
# exits 1 with the very line the guide quotes. The working build is left alone.
# Usage: scripts/see-it-fail.sh APP_FOLDER
set -u
guide="$(cd "$(dirname "$0")/.." && pwd)/Sources/FlowCommandLine/FlowCommandLine.docc/AdoptingTheToolkit.md"
cd "$1" || exit 2
presenter=Sources/Tally/Counter/CounterPresenter.swift
grep -q '^        count += 1$' $presenter || { echo "see-it-fail: $presenter has no line 'count += 1' to break, as the guide says" >&2; exit 2; }
# The guide's edit: the one line, under #if BROKEN.
awk '/^        count \+= 1$/ { print "        #if BROKEN"; print "        count += 2"; print "        #else"; print; print "        #endif"; next } { print }' $presenter > $presenter.new && mv $presenter.new $presenter
# The guide's commands, as written there.
swift build --scratch-path .build-broken -Xswiftc -DBROKEN --product tally > .build-broken.log 2>&1 || { cat .build-broken.log; exit 2; }
printf 'app: .build-broken/debug/tally\n' > .build-broken/scheme.yaml
.build/debug/tally-flow run --scheme-file .build-broken/scheme.yaml > .build-broken/run.txt 2>&1
status=$?
cat .build-broken/run.txt
expected=$(grep -o 'Flows/counting.yaml:[0-9]*:[0-9]*: error: [^`]*' "$guide" | head -1)
[ -n "$expected" ] || { echo "see-it-fail: the guide quotes no failure of Flows/counting.yaml" >&2; exit 1; }
[ $status -eq 1 ] || { echo "see-it-fail: the runner exited $status on the broken build; the guide says 1" >&2; exit 1; }
grep -qF "$expected" .build-broken/run.txt || { echo "see-it-fail: the runner did not say the line the guide quotes: $expected" >&2; exit 1; }
echo "see-it-fail: the broken build fails as the guide says (exit 1): $expected"
