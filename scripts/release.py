#!/usr/bin/env python3
"""Releases the toolkit at a version: `make release VERSION=X.Y.Z` runs it after a build.

In the clone it is run in, on a clean work tree, in this order (the first step that fails stops
it, and what it changed is put back):

1. the version follows the last release (Toolkit.version), and CHANGELOG.md's Unreleased section
   says something;
2. the API is recorded at the version (scripts/api.py record --version X.Y.Z), judged against the
   last release's tag when there is one (else against api/ as committed): an addition or a
   deprecation needs a minor, a removal or a change a major, each named in full in the changelog;
3. SwiftPM's own diagnosis against that tag (`swift package diagnose-api-breaking-changes`) must
   agree with the record on what breaks (scripts/api.py diagnose; skipped, and said, with no tag);
4. CHANGELOG.md's Unreleased section becomes `## [X.Y.Z] - DATE` under a new, empty Unreleased;
   Toolkit.version and FlowKit's overview say X.Y.Z;
5. the checks: the records are the code's at X.Y.Z (scripts/api.py check), and the changelog's
   latest release, Toolkit.version and FlowKit's overview say the same version;
6. one commit, "Release X.Y.Z", and an annotated tag X.Y.Z, which SwiftPM resolves
   (`.package(url: ..., from: "X.Y.Z")`). Nothing is pushed.

Options: --date YYYY-MM-DD (default today, UTC), --modules-dir DIR (the built modules the API is
read from, default .build/debug/Modules), --no-diagnose (step 3 left out, and said).
Exit codes: 0 released, 1 refused (the API's change is not the version's kind, or the diagnosis
disagrees), 2 bad input (a version, a dirty tree, a tag that exists, nothing to release).
"""
import argparse
import datetime
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import api  # noqa: E402  (the toolkit's version, and what a version's kind allows)

TOOLKIT = "Sources/FlowKit/Toolkit.swift"
OVERVIEW = "Sources/FlowKit/FlowKit.docc/FlowKit.md"
CHANGELOG = "CHANGELOG.md"
EDITED = [TOOLKIT, OVERVIEW, CHANGELOG, "api"]


def say(message):
    print(f"release: {message}", flush=True)


def refuse(message, code=2):
    print(f"release: {message}", file=sys.stderr, flush=True)
    sys.exit(code)


def git(*arguments, check=True):
    result = subprocess.run(["git", *arguments], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if check and result.returncode != 0:
        raise RuntimeError(f"git {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result


def put_back():
    """The files a release edits, as they were at HEAD."""
    git("checkout", "HEAD", "--", *EDITED, check=False)
    git("clean", "-fdq", "--", "api", check=False)


def run_api(arguments):
    """scripts/api.py with these arguments; its output passes through; its exit code."""
    return subprocess.run([sys.executable, os.path.join(HERE, "api.py"), *arguments], stdin=subprocess.DEVNULL).returncode


def moved_changelog(text, version, date):
    """The changelog with its Unreleased section under `## [version] - date`, and an empty Unreleased above."""
    match = re.search(r"^## \[Unreleased\][^\n]*\n", text, flags=re.M)
    if not match:
        refuse(f"{CHANGELOG} has no ## [Unreleased] section to release")
    rest = text[match.end():]
    following = re.search(r"^## ", rest, flags=re.M)
    body = rest[:following.start()] if following else rest
    if not re.search(r"^- ", body, flags=re.M):
        refuse(f"{CHANGELOG}'s Unreleased section says nothing: there is nothing to release")
    return text[:match.end()] + f"\n## [{version}] - {date}\n" + rest


def latest_release(text):
    match = re.search(r"^## \[(\d+\.\d+\.\d+)\]", text, flags=re.M)
    return match.group(1) if match else None


def main():
    parser = argparse.ArgumentParser(description="Release the toolkit at a version: changelog, version, API record, checks, commit and tag.")
    parser.add_argument("version", help="the new version, X.Y.Z")
    parser.add_argument("--date", default=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"))
    parser.add_argument("--modules-dir", default=".build/debug/Modules")
    parser.add_argument("--no-diagnose", action="store_true", help="leave out SwiftPM's diagnosis against the last release's tag")
    options = parser.parse_args()
    version = options.version
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        refuse(f'"{version}" is not a version X.Y.Z: give VERSION=X.Y.Z (make release VERSION=2.1.0)')
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", options.date):
        refuse(f'--date "{options.date}" is not a date YYYY-MM-DD')
    if not os.path.exists(TOOLKIT) or not os.path.exists(CHANGELOG):
        refuse(f"run it in the toolkit's clone (no {TOOLKIT} or {CHANGELOG} in {os.getcwd()})")
    dirty = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    if dirty:
        refuse("the work tree has changes not committed (a release is one commit of its own): commit or stash them first:\n" + dirty)
    if git("rev-parse", "-q", "--verify", f"refs/tags/{version}", check=False).returncode == 0:
        refuse(f"the tag {version} exists already: a version is released once")
    last = api.toolkit_version(".")
    kind = api.release_kind(version, last)
    if kind in (None, "same"):
        refuse(f"{version} does not follow the last release, {last}: give a higher version")
    changelog = open(CHANGELOG, encoding="utf-8").read()
    if latest_release(changelog) != last:
        refuse(f"{CHANGELOG}'s latest release is {latest_release(changelog)}, and {TOOLKIT} says {last}: make them agree first")
    moved = moved_changelog(changelog, version, options.date)
    has_tag = git("rev-parse", "-q", "--verify", f"refs/tags/{last}^{{commit}}", check=False).returncode == 0
    say(f"{last} -> {version} (a {kind}), {options.date}; the API judged against "
        + (f"the tag {last}" if has_tag else f"api/ as committed (there is no tag {last})"))

    try:
        # 2. The API at the version, judged against the last release.
        record = ["record", "--version", version, "--modules-dir", options.modules_dir]
        if has_tag:
            record += ["--baseline", last]
        if run_api(record) != 0:
            put_back()
            refuse(f"not released: the API's change is not one a {kind} may make (above)", 1)
        # 3. SwiftPM's own diagnosis beside the record.
        if options.no_diagnose:
            say("SwiftPM's diagnosis left out (--no-diagnose)")
        elif not has_tag:
            say(f"SwiftPM's diagnosis left out: there is no tag {last} to diagnose against")
        elif run_api(["diagnose", last, "--modules-dir", options.modules_dir]) != 0:
            put_back()
            refuse(f"not released: SwiftPM's diagnosis against {last} and the record disagree (above)", 1)
        # 4. The changelog, the version and FlowKit's overview.
        with open(CHANGELOG, "w", encoding="utf-8") as file:
            file.write(moved)
        toolkit = open(TOOLKIT, encoding="utf-8").read()
        with open(TOOLKIT, "w", encoding="utf-8") as file:
            file.write(toolkit.replace(f'public static let version = "{last}"', f'public static let version = "{version}"'))
        overview = open(OVERVIEW, encoding="utf-8").read()
        with open(OVERVIEW, "w", encoding="utf-8") as file:
            file.write(overview.replace(f"This is FlowKit {last} (``Toolkit/version``)", f"This is FlowKit {version} (``Toolkit/version``)"))
        # 5. The checks.
        problems = []
        if api.toolkit_version(".") != version:
            problems.append(f"{TOOLKIT} does not say {version}")
        if latest_release(open(CHANGELOG, encoding="utf-8").read()) != version:
            problems.append(f"{CHANGELOG}'s latest release is not {version}")
        if f"This is FlowKit {version} (``Toolkit/version``)" not in open(OVERVIEW, encoding="utf-8").read():
            problems.append(f"{OVERVIEW} does not say {version}")
        if problems:
            put_back()
            refuse("not released: " + "; ".join(problems), 1)
        if run_api(["check", "--modules-dir", options.modules_dir]) != 0:
            put_back()
            refuse("not released: the API check failed (above)", 1)
        # 6. The commit and the tag.
        git("add", "--", *EDITED)
        section = moved.split(f"## [{version}] - {options.date}\n", 1)[1]
        section = re.split(r"^## ", section, flags=re.M)[0].strip()
        git("commit", "-q", "-m", f"Release {version}\n\nThe changelog's Unreleased section, now {version}:\n\n{section}\n")
        git("tag", "-a", version, "-m", f"{version}: see CHANGELOG.md")
    except (OSError, RuntimeError) as error:
        put_back()
        refuse(f"not released: {error}", 2)
    commit = git("rev-parse", "--short", "HEAD").stdout.strip()
    say(f"released {version}: commit {commit}, tag {version}. Push both: git push origin HEAD {version}")


if __name__ == "__main__":
    main()
