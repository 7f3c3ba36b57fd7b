#!/bin/sh
# Runs one of make test's Swift test processes: the test binary that `swift test --skip-build`
# runs, with the given filter, in a temporary folder of its own (own-tmpdir.sh). Its output is
# printed as it comes and kept in .build/test-logs/NAME.log. When it fails, what failed is
# written to .build/test-logs/NAME.failures too: the lines of each failing test (✘), or, when the
# process ended with none (a crash, a signal), the end of its output and how it ended. make test
# prints those files last, so the cause of a red run is at the end of the log, where CI shows it.
#
# usage: scripts/swift-tests.sh NAME ARGUMENTS-OF-THE-TEST-BINARY...
set -u
name=$1
shift
logs=.build/test-logs
mkdir -p "$logs" || exit 2
log=$logs/$name.log
failures=$logs/$name.failures
rm -f "$failures"
# The status of the tests, not of tee: it goes through a file, since sh has no pipefail.
status_file=$logs/$name.status
{ scripts/own-tmpdir.sh .build/debug/WorkPhotosPackageTests.xctest --testing-library swift-testing "$@"; echo $? > "$status_file"; } 2>&1 | tee "$log"
status=$(cat "$status_file" 2>/dev/null || echo 2)
rm -f "$status_file"
[ "$status" -eq 0 ] && exit 0
{
    echo "== $name: the Swift tests failed (exit $status; the whole output: $log)"
    if grep -a -q '✘' "$log"; then
        grep -a '✘' "$log"
    else
        echo "no test reported a failure: the process ended early. Its last lines:"
        tail -n 40 "$log"
    fi
} > "$failures"
cat "$failures"
exit "$status"
