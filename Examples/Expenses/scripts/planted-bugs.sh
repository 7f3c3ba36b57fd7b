#!/bin/sh
# Shows that `expenses-flow explore` finds bugs no flow was written for: on the broken build (made
# by broken-build.sh, which plants five bugs under the PlantedBugs trait beside its broken line: a crash on
# a typed name, a hang on a long amount, a dead end behind a row, an Undo no one can read after Clear
# all is cancelled, a secret token shown after a save; in files the guide does not show, off every
# flow's path), and the broken total (the BrokenTotal trait, which no flow is needed to find: the list's
# property, the total is the sum of the rows, breaks on the first screen), the crawl must find each,
# once, and write for each the minimal flow in
# scripts/planted-bugs/ (byte for byte: the map is deterministic), and `expenses-flow run` must
# fail on each of those flows with its bug. The map alone (--walks 0): the walks that follow it by
# default start from a seed at random, and their findings with it. Run from anywhere, after
# broken-build.sh.
set -u
cd "$(dirname "$0")/.." || exit 2
scratch=.build-broken
[ -x $scratch/debug/expenses ] || { echo "planted-bugs: error: no broken build in $scratch: run scripts/broken-build.sh first" >&2; exit 2; }
[ -x .build/debug/expenses-flow ] || ../../scripts/swift-root-scratch.sh build --product expenses-flow || exit 2
# The planted secret reaches the app as a scheme's secret variable, as a real token would.
cat > $scratch/planted.yaml <<'EOF'
app: .build-broken/debug/expenses
variables: {sync.token: {secret: tok-3f9a2c71}}
environment: {EXPENSES_SYNC_TOKEN: "${sync.token}"}
EOF
out=$scratch/explore
rm -rf $out
.build/debug/expenses-flow explore --scheme-file $scratch/planted.yaml --out $out --wait 1 --walks 0 > $scratch/explore.txt 2>&1
status=$?
cat $scratch/explore.txt
if [ $status -ne 1 ]; then
  echo "planted-bugs: error: explore exited $status on the build with planted bugs; it should find them and exit 1" >&2
  exit 1
fi
if grep -q "tok-3f9a2c71" $scratch/explore.txt $out/map.json $out/report.html $out/junit.xml $out/findings/*.yaml; then
  echo "planted-bugs: error: the secret token is in explore's output" >&2
  exit 1
fi
if ! diff -r scripts/planted-bugs $out/findings; then
  echo "planted-bugs: error: the flows explore wrote are not the expected minimal flows in scripts/planted-bugs (above, expected < > written)" >&2
  exit 1
fi
# Each flow fails under the runner, with its bug.
check() {
  flow=$out/findings/$1
  said=$(.build/debug/expenses-flow run --scheme-file $scratch/planted.yaml --timeout 2 "$flow" 2>&1)
  if [ $? -ne 1 ] || ! printf '%s' "$said" | grep -qF "$2"; then
    printf '%s\n' "$said"
    echo "planted-bugs: error: expenses-flow run $flow should fail (exit 1) saying: $2" >&2
    exit 1
  fi
}
check 01-property-expenses.yaml 'check the property totalIsTheSumOfTheRows failed: the property totalIsTheSumOfTheRows (The total line reads the sum of the amounts the rows show.) does not hold'
check 02-deadEnd-receipt.yaml 'check that there is a way out of the screen "Receipt" failed: no way out: back is refused'
check 03-crash-add-expense.yaml 'the app crashed (signal 4)'
check 04-audit-expenses.yaml 'button "undo": readableLabels: no label a person can read'
check 05-secretShown-expenses.yaml 'check that the screen does not show the text given failed: the screen shows it'
check 06-hang-add-expense.yaml 'the app did not answer within 2 s (it may hang); it was killed'
echo "planted-bugs: explore found the five planted bugs, and the broken total by the property it breaks, each as a minimal flow the runner fails on: as it should"
