#!/usr/bin/env bash
# make bench-check: the in-process benchmarks (Benchmarks/) against the committed baseline 'main'.
# Fails when any benchmark is worse than its thresholds: 20% at the median (and at p90 where the tail
# is stable: the one-thread image and the seeding benchmarks), and 20% more allocations.
# ordo-one/benchmark also exits non-zero when a run is *better* than the thresholds (to prompt a
# new baseline); that is said, and is not a failure here.
set -uo pipefail
cd "$(dirname "$0")/../Benchmarks"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
../scripts/own-tmpdir.sh swift package --allow-writing-to-package-directory benchmark baseline check main --no-progress "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if grep -q "is WORSE than" "$log"; then
    echo "bench-check: a benchmark regressed past its threshold (see the deviations above)" >&2
    exit 1
fi
if grep -q "is BETTER than" "$log"; then
    echo "bench-check: better than the baseline; record the new figures with make bench-baseline on a quiet machine"
    exit 0
fi
if [ "$status" -ne 0 ]; then
    echo "bench-check: the benchmarks did not run (exit $status)" >&2
    exit "$status"
fi
echo "bench-check: every benchmark is within its threshold of the baseline"
