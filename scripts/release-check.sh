#!/bin/sh
# make release-check (one of make test's checks): the toolkit released as a new user meets it. In a
# scratch clone of this repository's HEAD (.build/release-check/toolkit, no tags), it refuses what a
# release must refuse, releases the next minor with scripts/release.py (the API read from this
# clone's build: the same code), checks the commit and the tag, then has `flow new --toolkit-url
# file://...` write an app against it and builds that app, the toolkit resolved by its version
# (`from:`), and runs its flows. A version with no tag must not resolve: the app is built by tag.
# SwiftPM's own diagnosis beside the record is PublicAPITests' (a small package of each kind of
# change): against this whole toolkit it would build the last release again.
# Usage: scripts/release-check.sh   (from the toolkit's root, after make build)
set -u
root=$(pwd -P)
[ -f "$root/scripts/release.py" ] || { echo "release-check: run it from the toolkit's root" >&2; exit 2; }
out=$root/.build/release-check
flow=$root/.build/debug/flow
[ -x "$flow" ] || { echo "release-check: no $flow: make build first" >&2; exit 2; }
fail() { echo "release-check: $*" >&2; exit 1; }
started=$(date +%s)
rm -rf "$out/toolkit" "$out/tally" && mkdir -p "$out" || exit 2
git clone --quiet --no-tags "$root" "$out/toolkit" || fail "cannot clone $root"
cd "$out/toolkit" || exit 2
git config user.name "release-check" && git config user.email "release-check@localhost"
last=$(sed -n 's/.*public static let version = "\([0-9.]*\)".*/\1/p' Sources/FlowKit/Toolkit.swift)
next=$(echo "$last" | awk -F. '{ print $1 "." $2 + 1 ".0" }')
modules=$root/.build/debug/Modules

# What a release refuses (exit 2), nothing changed.
expect_refusal() {
  what=$1; shift
  before=$(git status --porcelain; git rev-parse HEAD; git tag)
  "$@" > "$out/refusal.txt" 2>&1; status=$?
  [ $status -eq 2 ] || { cat "$out/refusal.txt"; fail "$what: exit $status, expected 2"; }
  grep -q "$what" "$out/refusal.txt" || { cat "$out/refusal.txt"; fail "it did not say: $what"; }
  [ "$(git status --porcelain; git rev-parse HEAD; git tag)" = "$before" ] || fail "a refused release changed the clone: $(git status --porcelain)"
}
expect_refusal "does not follow the last release, $last" python3 scripts/release.py "$last" --modules-dir "$modules"
expect_refusal "is not a version X.Y.Z" python3 scripts/release.py "v$next" --modules-dir "$modules"
echo "release check" >> README.md
expect_refusal "the work tree has changes not committed" python3 scripts/release.py "$next" --modules-dir "$modules"
git checkout -q README.md

# Something to release, whatever Unreleased holds today.
python3 - <<'EOF' || fail "cannot add an entry to CHANGELOG.md"
import re
text = open("CHANGELOG.md", encoding="utf-8").read()
head, _, rest = text.partition("## [Unreleased]\n")
body, following, tail = rest.partition("\n## [")
entry = "- The release check's own entry.\n"
body = re.sub(r"^### Fixed\n", "### Fixed\n" + entry, body, count=1, flags=re.M) if "### Fixed\n" in body else body.rstrip("\n") + "\n\n### Fixed\n" + entry
open("CHANGELOG.md", "w", encoding="utf-8").write(head + "## [Unreleased]\n" + body + following + tail)
EOF
git commit -q -am "An entry to release" || fail "cannot commit the entry"
python3 scripts/release.py "$next" --date 2026-12-01 --modules-dir "$modules" || fail "scripts/release.py $next refused a release of the same code"

# The commit and the tag say the version.
[ "$(git describe --exact-match HEAD 2>/dev/null)" = "$next" ] || fail "HEAD is not tagged $next"
[ "$(git cat-file -t "$next")" = "tag" ] || fail "$next is not an annotated tag"
[ "$(git log -1 --format=%s)" = "Release $next" ] || fail "the release's commit is not \"Release $next\""
grep -q "public static let version = \"$next\"" Sources/FlowKit/Toolkit.swift || fail "Toolkit.version is not $next"
[ "$(grep -m1 -o '^## \[[0-9.]*\] - [0-9-]*' CHANGELOG.md)" = "## [$next] - 2026-12-01" ] || fail "CHANGELOG.md's latest release is not $next, dated"
awk '/^## \[Unreleased\]/ { u = NR } /^## \['"$next"'\]/ { n = NR } END { exit !(u && n > u) }' CHANGELOG.md || fail "no Unreleased section above $next"
grep -q "^- The release check's own entry.$" CHANGELOG.md || fail "the released entry is lost"
for record in api/*.txt; do
  head -1 "$record" | grep -q " at $next:" || fail "$record is not recorded at $next"
done
expect_refusal "the tag $next exists already" python3 scripts/release.py "$next" --modules-dir "$modules"
echo "release-check: released $next in a scratch clone: commit $(git rev-parse --short HEAD), tag $next"

# An app on the release, by URL and version.
"$flow" new Tally --toolkit-url "file://$out/toolkit" --toolkit-version "$next" --path "$out/tally" > /dev/null || fail "flow new failed"
cd "$out/tally" || exit 2
grep -q "let toolkitVersion: Version = \"$next\"" Package.swift && grep -q "from: toolkitVersion" Package.swift || fail "the app does not depend on $next by version"
build_started=$(date +%s)
"$root/scripts/swift-in-turn.sh" swift build > "$out/tally.log" 2>&1 || { cat "$out/tally.log"; fail "the app on $next does not build"; }
built=$(( $(date +%s) - build_started ))
python3 - "$next" <<'EOF' || fail "Package.resolved does not pin the toolkit at its version $next"
import json, sys
pins = json.load(open("Package.resolved"))["pins"]
toolkit = [pin for pin in pins if pin["identity"] == "toolkit"]
sys.exit(0 if toolkit and toolkit[0]["state"].get("version") == sys.argv[1] else 1)
EOF
.build/debug/tally-flow run > "$out/tally-flows.txt" 2>&1 || { cat "$out/tally-flows.txt"; fail "the app's flows failed on $next"; }
grep -q '^2 passed, 0 failed$' "$out/tally-flows.txt" || { cat "$out/tally-flows.txt"; fail "the app's flows did not end with 2 passed, 0 failed"; }

# Resolved by tag: a version no tag has does not resolve.
sed -i "s/let toolkitVersion: Version = \"$next\"/let toolkitVersion: Version = \"$(echo "$next" | awk -F. '{ print $1 + 1 ".0.0" }')\"/" Package.swift
rm -f Package.resolved
if "$root/scripts/swift-in-turn.sh" swift package resolve > "$out/unresolved.txt" 2>&1; then
  fail "the app resolved a toolkit version no tag has"
fi
grep -q "no versions of 'toolkit' match the requirement" "$out/unresolved.txt" || { cat "$out/unresolved.txt"; fail "the app's resolution failed, but not for want of a tag"; }
echo "release-check: the app built on $next, resolved by version (its build $built s), its flows passed; a version with no tag did not resolve; $(( $(date +%s) - started )) s in all"
