#!/bin/sh
# Shows that the flows catch a broken app: builds `expenses` with one line broken (the list's total
# leaves out the last expense, under the BrokenTotal trait, in ExpenseListPresenter.total(of:)),
# keeps that binary in .build-broken, runs every flow on it with the runner, and checks that the
# runner exits 1 and says what is wrong: the seeded total reads 27.70, not 39.70. The same build
# holds five bugs planted for `expenses-flow explore` under the PlantedBugs trait
# (scripts/planted-bugs.sh), off every flow's path: one build serves both.
# It builds in the toolkit's .build (scripts/swift-root-scratch.sh), as make expenses does: a trait
# defines its flag in this package's targets alone, so only they are compiled again (the toolkit
# and GRDB are not), then once more as they were, so the working build is left as it was.
# Run from anywhere.
set -u
cd "$(dirname "$0")/.." || exit 2
build="../../scripts/swift-root-scratch.sh build"
scratch=.build-broken
rm -rf $scratch && mkdir -p $scratch/debug || exit 2
$build --product expenses --traits BrokenTotal,PlantedBugs || exit 2
cp .build/debug/expenses $scratch/debug/expenses || exit 2
$build --product expenses || exit 2
[ -x .build/debug/expenses-flow ] || $build --product expenses-flow || exit 2
[ -x .build/debug/expenses-seed ] || $build --product expenses-seed || exit 2
printf 'app: %s/debug/expenses\n' "$scratch" > $scratch/scheme.yaml
output=$scratch/flows.txt
pending_before=$(find Flows -name '*.pending' | sort)
.build/debug/expenses-flow run --scheme-file $scratch/scheme.yaml > $output 2>&1
status=$?
cat $output
# A golden screen the broken build reaches would leave its screen in Flows/ as a .pending file.
pending_after=$(find Flows -name '*.pending' | sort)
if [ "$pending_before" != "$pending_after" ]; then
  echo "broken-build: error: the run on the broken build left pending golden screens in Flows/ (a golden it reached differs): delete them (find Flows -name '*.pending' -delete), and keep a flow's assertScreen after the checks that fail on the broken build" >&2
  exit 1
fi
expected='Flows/list/seeded.yaml:10:5: error: Expenses.checkTotal: check that static text "total" has label "Total: 39.70" failed: static text "total" has label "Total: 27.70", expected "Total: 39.70"'
if [ $status -ne 1 ]; then
  echo "broken-build: error: the runner exited $status on the broken build; it should fail its flows with 1" >&2
  exit 1
fi
if ! grep -qF "$expected" $output; then
  echo "broken-build: error: the runner failed, but not with what is wrong; expected the line: $expected" >&2
  exit 1
fi
echo "broken-build: the flows fail on the broken build (exit 1), and say the total is wrong: as they should"
