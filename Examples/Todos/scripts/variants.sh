#!/bin/sh
# make todos' benchmark: `todos-flow explore` on the correct TodoMVC app must find nothing, and on
# each variant (one build, the variant chosen at launch with -todos.variant) must find the variant's
# bug by the property it breaks, with a minimal flow that fails on the variant and passes on the
# correct app. The walks have a fixed seed: the same crawl every run. The correct app is walked to
# the end; a variant's crawl stops at its first problem (--max-findings 1), which must be the
# property its bug breaks. Two variants are explored at once. Prints a line a variant: the
# property, the flow's steps, the time. Run from anywhere, after the app and its runner are built
# (make todos builds them into the toolkit's .build).
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.." || exit 2
root=$(cd ../.. && pwd)
flow=$root/.build/debug/todos-flow
app=$root/.build/debug/todos
out=$root/.build/todos
[ -x "$flow" ] && [ -x "$app" ] || { echo "variants: error: build todos and todos-flow first (make todos does)" >&2; exit 2; }
if [ "${1:-}" != --check ]; then
  rm -rf "$out"
  mkdir -p "$out"
fi
# Two todos may share a title (the specification allows it), so distinctNames is left out of the audit.
explore_options="--audit-skip distinctNames --identity structure --max-depth 6 --walks 150 --walk-length 30 --seed 1"

# variant  the property its bug breaks
expected='filterClearsInput changingTheFilterKeepsTheTypedText
toggleAllShownOnly toggleAllMarksEveryTodo
blankEditKeeps saveRenamesTheTodoTrimmedOrDeletesItWhenBlank
staleCountAfterClear itemsLeftCountsTheActiveTodos
blankAdded addAddsOneTrimmedTodoAndEmptiesTheField
untrimmedAdded addAddsOneTrimmedTodoAndEmptiesTheField
addKeepsInput addAddsOneTrimmedTodoAndEmptiesTheField
oneItemsLeft itemsLeftCountsTheActiveTodos
uncompleteNotCounted toggleMovesTheCountByOne
untrimmedEdit saveRenamesTheTodoTrimmedOrDeletesItWhenBlank
addRenamesTheFirst theTodosAreTheOnesAdded'

scheme() {
  printf 'app: %s\n' "$app" > "$out/$1.yaml"
  [ "$1" = correct ] || printf 'arguments: [-todos.variant, %s]\n' "$1" >> "$out/$1.yaml"
}

# One variant: explore it, find its property's flow, run that flow on it and on the correct app.
check() {
  variant=$1 property=$2
  scheme "$variant"
  start=$(date +%s.%N)
  "$flow" explore --scheme-file "$out/$variant.yaml" --out "$out/$variant" $explore_options --max-findings 1 > "$out/$variant.txt" 2>&1
  status=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  file=$(grep -l "assertProperty: $property\$" "$out/$variant"/findings/*.yaml 2>/dev/null | head -1)
  if [ $status -ne 1 ] || [ -z "$file" ]; then
    cat "$out/$variant.txt"
    echo "variants: error: $variant: explore exited $status and did not find the bug by $property" >&2
    return 1
  fi
  "$flow" run --scheme-file "$out/$variant.yaml" "$file" > "$out/$variant.broken.txt" 2>&1
  broken=$?
  "$flow" run --scheme-file "$out/correct.yaml" "$file" > "$out/$variant.correct.txt" 2>&1
  correct=$?
  if [ $broken -ne 1 ] || ! grep -q "the property $property" "$out/$variant.broken.txt"; then
    cat "$out/$variant.broken.txt"
    echo "variants: error: $variant: its flow $file should fail on it (exit 1) saying the property $property; it exited $broken" >&2
    return 1
  fi
  if [ $correct -ne 0 ]; then
    cat "$out/$variant.correct.txt"
    echo "variants: error: $variant: its flow $file should pass on the correct app; it exited $correct" >&2
    return 1
  fi
  steps=$(sed -n '/^steps:/,$p' "$file" | grep -c '^- ')
  printf '%s: found by %s in %.1f s; its flow (%s steps: %s) fails on it and passes on the correct app\n' \
    "$variant" "$property" "$seconds" "$steps" "$(sed -n '/^steps:/,$p' "$file" | grep '^- ' | sed 's/^- //' | paste -sd ';' - | sed 's/;/; /g')"
}

# One variant, when the script is called for one (two run at once below).
if [ "${1:-}" = --check ]; then
  check "$2" "$3"
  exit $?
fi

scheme correct
"$flow" explore --scheme-file "$out/correct.yaml" --out "$out/correct" $explore_options > "$out/correct.txt" 2>&1
status=$?
if [ $status -ne 0 ]; then
  cat "$out/correct.txt"
  echo "variants: error: the correct app: explore exited $status; it should find nothing" >&2
  exit 1
fi
echo "correct: nothing found ($(grep -o 'explored in [0-9.]* s' "$out/correct.txt"), $(grep -o '[0-9]* of at most [0-9]* actions: [0-9]* actions' "$out/correct.txt"))"

# Two at a time: each is a runner and an app, on two cores.
failed=0
printf '%s\n' "$expected" | xargs -P 2 -L 1 "$self" --check || failed=1
[ $failed -eq 0 ] || { echo "variants: error: a variant was not found as it should be (above)" >&2; exit 1; }
echo "variants: the correct app breaks no property; each of the $(printf '%s\n' "$expected" | wc -l) variants is found by the property its bug breaks"
