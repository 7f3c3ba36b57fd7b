#!/usr/bin/env python3
"""Mutation testing for one Swift source file at a time: do the tests notice a small, wrong change?

Usage: `python3 scripts/mutate.py Sources/NameMatching/NameMatcher.swift [--filter NameMatcherTests]`
(`--list` prints the mutants without building; `--lines 60-80` keeps those lines only, and
`--lines 0` just builds and runs the unmutated tests; `--in-place` mutates the file in this tree
and builds the whole package; `--also workphotos` builds, beside the test target, a program its tests
run that no test target depends on). For the file given, the script makes simple mutants, one at a time:
`==`/`!=` swapped, `<`/`<=` and `>`/`>=` swapped (a boundary moved), `&&`/`||` swapped,
`true`/`false` swapped, a statement line that is only a call deleted (made `()`, so that a `case`
still compiles), a guard's condition made `true` (each condition that binds nothing, when others
bind), and a user-facing string literal emptied (one with a space or a character outside ASCII, or
a `static let` text). For each it rebuilds incrementally, runs the tests of the file's module (the
target `Tests/<Module>Tests`, narrowed by `--filter`), and says KILLED (a test failed or timed
out), SURVIVED (every test passed: no test pins that line) or INVALID (it did not compile; not
counted), then the score, killed / (killed + survived). By default it never touches this tree: it
builds a small package of its own under `.build/mutants/<Module>Tests/`, holding the module's test
target and only the targets it depends on (symlinks to the real folders, and to the tree's other
folders such as Seeds/; the mutated file alone is a copy), so a mutant rebuilds one module and links
one small test binary instead of the whole project. Whatever the mode, the file is restored in a
`finally` (also on Ctrl-C and SIGTERM), a hung test is killed with its whole session, and the run
stops at once if the unmutated tests do not pass. A file takes from one minute to a quarter of an
hour: run it in the background (`nohup python3 scripts/mutate.py FILE > /tmp/mutants.log 2>&1 &`)
and read the log, where each mutant's line is printed as soon as it is known. Build the tree first
(`swift build`): the small package uses its fetched dependencies, and a few tests run a program
from the tree's own build (the sample app of NoStoreSchemeTests), as they do under `make test`.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# MARK: - Reading Swift: which characters are code, string or comment


def lex(text):
    """Returns a list the length of `text`: 'c' code, 's' inside a string literal (quotes included,
    interpolations too), 'm' comment; and the spans (start, end) of the outermost string literals."""
    kinds = ["c"] * len(text)
    strings = []
    i, n = 0, len(text)

    def string_at(i):
        """Scans the string literal starting at i; returns its end (exclusive)."""
        multi = text.startswith('"""', i)
        quote = '"""' if multi else '"'
        j = i + len(quote)
        while j < n:
            if text[j] == "\\":
                if j + 1 < n and text[j + 1] == "(":
                    j = interpolation_end(j + 2)
                    continue
                j += 2
                continue
            if text.startswith(quote, j):
                return j + len(quote)
            if not multi and text[j] == "\n":
                return j
            j += 1
        return n

    def interpolation_end(j):
        depth = 1
        while j < n and depth:
            ch = text[j]
            if ch == '"':
                j = string_at(j)
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            j += 1
        return j

    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            kinds[i:j] = ["m"] * (j - i)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            kinds[i:j] = ["m"] * (j - i)
            i = j
        elif text[i] == '"':
            j = string_at(i)
            kinds[i:j] = ["s"] * (j - i)
            strings.append((i, j))
            i = j
        else:
            i += 1
    return kinds, strings


# MARK: - Making mutants


class Mutant:
    def __init__(self, line, kind, start, end, replacement, original):
        self.line, self.kind, self.start, self.end = line, kind, start, end
        self.replacement, self.original = replacement, original

    def apply(self, text):
        return text[: self.start] + self.replacement + text[self.end :]

    def describe(self):
        def short(s):
            s = " ".join(s.split())
            return s if len(s) <= 60 else s[:57] + "..."

        return f"{self.kind}: `{short(self.original)}` -> `{short(self.replacement) or '(deleted)'}`"


SWAPS = {"==": "!=", "!=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">", "&&": "||", "||": "&&"}
CALL_LINE = re.compile(r"^(try\s+)?[A-Za-z_]\w*(\??\.[A-Za-z_]\w*)*\??\(.*\)$")
NOT_A_CALL = ("return", "throw", "guard", "if", "let", "var", "case", "for", "while", "switch", "func", "init", "super")


def is_code(kinds, start, end):
    return all(k == "c" for k in kinds[start:end])


def balanced(text):
    depth = 0
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth < 0:
            return False
    return depth == 0


def top_level_split(text, sep=","):
    """Splits a guard's conditions at the commas outside brackets and strings."""
    kinds, _ = lex(text)
    parts, depth, last = [], 0, 0
    for i, ch in enumerate(text):
        if kinds[i] != "c":
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append((last, i))
            last = i + 1
    parts.append((last, len(text)))
    return parts


def user_facing(literal, line_text):
    body = literal.strip('"')
    if not body.strip():
        return False
    if re.search(r"\bstatic let \w+\s*(:\s*\w+\s*)?=\s*\"", line_text):
        return True
    return bool(re.search(r"\s", body)) or any(ord(ch) > 127 for ch in body)


def mutants_of(text):
    kinds, strings = lex(text)
    lines = text.split("\n")
    offsets, at = [], 0
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    found = []

    def line_of(pos):
        lo, hi = 0, len(offsets) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if offsets[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    in_regex_literal = re.compile(r"=\s*/\^")
    for number, line in enumerate(lines, start=1):
        base = offsets[number - 1]
        if in_regex_literal.search(line):
            continue
        # Operators, with spaces on both sides (so generics and `->` are not taken for them).
        for m in re.finditer(r"(?<=\s)(==|!=|<=|>=|<|>|&&|\|\|)(?=\s)", line):
            s, e = base + m.start(), base + m.end()
            if is_code(kinds, s, e):
                found.append(Mutant(number, "operator", s, e, SWAPS[m.group(1)], m.group(1)))
        for m in re.finditer(r"\b(true|false)\b", line):
            s, e = base + m.start(), base + m.end()
            if is_code(kinds, s, e):
                found.append(Mutant(number, "boolean", s, e, "false" if m.group(1) == "true" else "true", m.group(1)))
        # A statement line that is only a call.
        code = "".join(ch for ch, k in zip(line, kinds[base : base + len(line)]) if k != "m").strip()
        if CALL_LINE.match(code) and balanced(code) and not code.split("(")[0].split(".")[0].split()[-1] in NOT_A_CALL:
            first = code.split()[0]
            if first not in NOT_A_CALL and not first[0].isupper():
                s = base + line.index(line.strip()[0])
                # `()` rather than nothing: a `case` must keep a statement to compile.
                found.append(Mutant(number, "delete call", s, base + len(line), "()", line.strip()))
    # guard COND else, over several lines too.
    binds = re.compile(r"^\s*(let|var|case)\b")
    for m in re.finditer(r"\bguard\s+(.*?)\s+else\s*\{", text, re.S):
        if not is_code(kinds, m.start(), m.start() + 5):
            continue
        cs, ce = m.start(1), m.end(1)
        cond = text[cs:ce]
        parts = top_level_split(cond)
        if not any(binds.match(cond[a:b]) for a, b in parts):
            found.append(Mutant(line_of(cs), "guard true", cs, ce, "true", cond))
        elif len(parts) > 1:
            for a, b in parts:
                if not binds.match(cond[a:b]):
                    piece = cond[a:b]
                    lead = len(piece) - len(piece.lstrip())
                    found.append(Mutant(line_of(cs + a + lead), "guard clause true", cs + a + lead, cs + b, "true", piece.strip()))
    for s, e in strings:
        number = line_of(s)
        literal = text[s:e]
        if literal.startswith('"""'):
            continue
        if user_facing(literal, lines[number - 1]):
            found.append(Mutant(number, "empty string", s, e, '""', literal))
    found.sort(key=lambda m: (m.line, m.start))
    return found


# MARK: - A small package of the module's test target and what it depends on


def dump_package():
    cache = ROOT / ".build" / "mutants" / "package.json"
    manifest = ROOT / "Package.swift"
    if cache.exists() and cache.stat().st_mtime > manifest.stat().st_mtime:
        return json.loads(cache.read_text())
    with tempfile.TemporaryDirectory(prefix="mutate-swift-") as tmp:  # see run(): SwiftPM's leftovers
        out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True,
                             env={**os.environ, "TMPDIR": tmp}).stdout
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(out)
    return json.loads(out)


def swift_literal(value):
    return json.dumps(value)


def shadow_package(test_target, module, mutated_file, also=()):
    """Writes .build/mutants/<test_target>/ and returns (its path, the copy of the mutated file).
    `also` names more targets to build beside the test target's own dependencies: a program its
    tests run that no test target depends on (the app `workphotos`, found beside the test binary)."""
    package = dump_package()
    targets = {t["name"]: t for t in package["targets"]}
    for name in also:
        if name not in targets:
            sys.exit(f"error: --also {name}: no such target")
    needed, todo, products = [], [test_target, *also], set()
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        needed.append(name)
        for dep in targets[name].get("dependencies", []):
            if "byName" in dep:
                dep_name = dep["byName"][0]
                if dep_name in targets:
                    todo.append(dep_name)
                else:  # a product named like its package (`"Yams"`)
                    products.add((dep_name, dep_name))
            elif "target" in dep:
                todo.append(dep["target"][0])
            elif "product" in dep:
                products.add((dep["product"][0], dep["product"][1]))
    shadow = ROOT / ".build" / "mutants" / test_target
    (shadow / "Sources").mkdir(parents=True, exist_ok=True)
    (shadow / "Tests").mkdir(parents=True, exist_ok=True)

    def folder(target):
        if target.get("path"):
            return target["path"]
        return ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]

    lines = []
    for name in sorted(needed):
        target = targets[name]
        path = folder(target)
        link = shadow / path
        if name == module:
            # A real folder: symlinks to every file, the mutated one a copy.
            if link.is_symlink():
                link.unlink()
            if link.exists():
                shutil.rmtree(link)
            link.mkdir(parents=True)
            for entry in sorted((ROOT / path).rglob("*")):
                rel = entry.relative_to(ROOT / path)
                if entry.is_dir():
                    (link / rel).mkdir(parents=True, exist_ok=True)
                elif entry.resolve() == mutated_file.resolve():
                    shutil.copy2(entry, link / rel)
                else:
                    (link / rel).parent.mkdir(parents=True, exist_ok=True)
                    (link / rel).symlink_to(entry)
        else:
            link.parent.mkdir(parents=True, exist_ok=True)
            if link.is_symlink() or link.is_file():
                link.unlink()
            elif link.exists():
                shutil.rmtree(link)
            link.symlink_to(ROOT / path)
        deps = []
        for dep in target.get("dependencies", []):
            if "byName" in dep and dep["byName"][0] in targets:
                deps.append(swift_literal(dep["byName"][0]))
            elif "byName" in dep:
                deps.append(f".product(name: {swift_literal(dep['byName'][0])}, package: {swift_literal(dep['byName'][0])})")
            elif "target" in dep:
                deps.append(swift_literal(dep["target"][0]))
            elif "product" in dep:
                deps.append(f".product(name: {swift_literal(dep['product'][0])}, package: {swift_literal(dep['product'][1])})")
        args = [f"name: {swift_literal(name)}"]
        kind = target["type"]
        if kind == "system":
            # The manifest's order: name, path, pkgConfig.
            args.append(f"path: {swift_literal(path)}")
            if target.get("pkgConfig"):
                args.append(f"pkgConfig: {swift_literal(target['pkgConfig'])}")
            lines.append(f"        .systemLibrary({', '.join(args)}),")
            continue
        args.append(f"dependencies: [{', '.join(deps)}]")
        args.append(f"path: {swift_literal(path)}")
        if target.get("exclude"):
            args.append(f"exclude: {json.dumps(target['exclude'])}")
        call = {"regular": "target", "test": "testTarget", "executable": "executableTarget"}[kind]
        lines.append(f"        .{call}({', '.join(args)}),")
    # The rest of the tree (Seeds/, Flows/, .github/, the other test targets' fixtures...), for
    # tests that find files from #filePath: real folders holding links to the files, since a
    # folder enumerator does not go into a link to a folder (a linked Flows/ would list no flow).
    def mirror(source, target):
        if source.is_dir() and not source.is_symlink():
            if target.is_symlink() or target.is_file():
                target.unlink()
            target.mkdir(parents=True, exist_ok=True)
            for child in source.iterdir():
                if child.name == ".git" or child.name.startswith(".build"):
                    continue
                mirror(child, target / child.name)
        elif not target.is_symlink() and not target.exists():
            target.symlink_to(source)

    for entry in ROOT.iterdir():
        if entry.name in ("Sources", "Tests", "Package.swift", "Package.resolved", ".git") or entry.name.startswith(".build"):
            continue
        mirror(entry, shadow / entry.name)
    in_shadow = {folder(targets[name]) for name in needed}
    for entry in (ROOT / "Tests").iterdir():
        if f"Tests/{entry.name}" not in in_shadow and not any(p.startswith(f"Tests/{entry.name}/") for p in in_shadow):
            mirror(entry, shadow / "Tests" / entry.name)
    checkouts = ROOT / ".build" / "checkouts"
    if not checkouts.is_dir():
        sys.exit(f"error: no {checkouts}: the package's dependencies are not fetched yet; run `swift package resolve` (or `swift build`) first")
    dependencies = []
    for identity in sorted({p for _, p in products}):
        match = [d for d in checkouts.iterdir() if d.name.lower() == identity.lower()]
        if not match:
            sys.exit(f"error: no checkout of {identity} in {checkouts}: run `swift build` first")
        dependencies.append(f"        .package(name: {swift_literal(identity)}, path: {swift_literal(str(match[0]))}),")
    manifest = "\n".join(
        [
            "// swift-tools-version:6.0",
            "// Written by scripts/mutate.py: the targets one test target needs, for mutation testing.",
            "import PackageDescription",
            "let package = Package(",
            f"    name: \"Mutants{test_target}\",",
            "    platforms: [.macOS(.v15)],",
            "    dependencies: [",
            *dependencies,
            "    ],",
            "    targets: [",
            *lines,
            "    ],",
            "    swiftLanguageModes: [.v6]",
            ")",
            "",
        ]
    )
    package_file = shadow / "Package.swift"
    if not package_file.exists() or package_file.read_text() != manifest:
        package_file.write_text(manifest)
    rel = mutated_file.resolve().relative_to(ROOT / folder(targets[module]))
    return shadow, shadow / folder(targets[module]) / rel


# MARK: - Building and testing


def kill_session(sid):
    """Kills every process of session `sid`: `swift test` puts the test binary in a process group
    of its own, so killing the group of `swift test` alone would leave a hung test running."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid:
                    os.kill(int(entry.name), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def run(cmd, cwd, timeout):
    """Runs cmd in a session of its own; returns (exit code or None on timeout, output). SwiftPM and
    the Swift driver leave a TemporaryDirectory.* folder in TMPDIR at every call (a mutation run
    left 1,720 in /tmp): each command gets a TMPDIR of its own, removed after."""
    tmp = tempfile.mkdtemp(prefix="mutate-swift-")
    # errors="replace": a killed test's output may end inside a character.
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                            start_new_session=True, env={**os.environ, "TMPDIR": tmp})
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        kill_session(proc.pid)
        out, _ = proc.communicate()
        return None, out
    except BaseException:
        kill_session(proc.pid)
        proc.communicate()
        raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def build(package_dir, timeout):
    return run(["swift", "build", "--build-tests"], package_dir, timeout)


def test(package_dir, test_filter, timeout, skip=None):
    cmd = ["swift", "test", "--skip-build", "--disable-xctest"]
    if test_filter:
        cmd += ["--filter", test_filter]
    if skip:
        cmd += ["--skip", skip]
    return run(cmd, package_dir, timeout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a Swift file under Sources/<Module>/")
    parser.add_argument("--filter", help="the tests to run (swift test --filter); default: the module's whole test target")
    parser.add_argument("--skip", help="tests not to run (swift test --skip), such as suites that cannot reach the file")
    parser.add_argument("--test-target", help="default: <Module>Tests")
    parser.add_argument("--also", action="append", default=[], help="another target to build, such as a program the tests run (repeatable)")
    parser.add_argument("--lines", help="only mutants on these lines, e.g. 60-80 or 102,212")
    parser.add_argument("--list", action="store_true", help="print the mutants, build nothing")
    parser.add_argument("--in-place", action="store_true", help="mutate the file in this tree and build the whole package")
    parser.add_argument("--build-timeout", type=float, default=900)
    parser.add_argument("--test-timeout", type=float, default=0, help="seconds; default 5 times the unmutated run, at least 60")
    args = parser.parse_args()

    source = (Path.cwd() / args.file).resolve()
    parts = source.relative_to(ROOT).parts
    if parts[0] != "Sources" or len(parts) < 3:
        sys.exit("error: give a file under Sources/<Module>/")
    module = parts[1]
    test_target = args.test_target or module + "Tests"
    original = source.read_text()
    mutants = mutants_of(original)
    if args.lines:
        wanted = set()
        for piece in args.lines.split(","):
            lo, _, hi = piece.partition("-")
            wanted.update(range(int(lo), int(hi or lo) + 1))
        mutants = [m for m in mutants if m.line in wanted]
    rel = source.relative_to(ROOT)
    if args.list:
        for m in mutants:
            print(f"{rel}:{m.line}: {m.describe()}")
        print(f"{len(mutants)} mutants")
        return 0

    if args.in_place:
        package_dir, target_file = ROOT, source
    else:
        package_dir, target_file = shadow_package(test_target, module, source, args.also)
        target_file.write_text(original)
    test_filter = args.filter or (test_target if args.in_place else None)

    def stop(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGHUP, stop)
    print(f"{rel}: {len(mutants)} mutants; module {module}, tests {test_filter or test_target}, built in {package_dir}", flush=True)
    killed = survived = invalid = 0
    survivors = []
    mutated = False
    try:
        code, out = build(package_dir, args.build_timeout)
        if code != 0:
            print(out[-4000:])
            sys.exit("error: the unmutated package does not build")
        started = time.monotonic()
        code, out = test(package_dir, test_filter, 1800, args.skip)
        baseline = time.monotonic() - started
        if code != 0:
            failed = [line for line in out.splitlines() if "✘" in line or "recorded an issue" in line or ": error:" in line]
            print("\n".join(failed[:80]) if failed else out[-4000:])
            sys.exit("error: the unmutated tests do not pass (the failures above; a --filter that matches more than meant can pull in a test that needs what this tree lacks)")
        timeout = args.test_timeout or max(60.0, 5 * baseline)
        print(f"unmutated: tests pass in {baseline:.1f}s; a mutant's tests time out after {timeout:.0f}s", flush=True)
        for index, mutant in enumerate(mutants, start=1):
            target_file.write_text(mutant.apply(original))
            mutated = True
            started = time.monotonic()
            try:
                code, out = build(package_dir, args.build_timeout)
                if code != 0:
                    verdict = "INVALID (does not compile)" if code is not None else "INVALID (build timed out)"
                    invalid += 1
                else:
                    code, out = test(package_dir, test_filter, timeout, args.skip)
                    if code is None:
                        verdict, killed = "KILLED (timed out)", killed + 1
                    elif code != 0:
                        verdict, killed = "KILLED", killed + 1
                    else:
                        verdict, survived = "SURVIVED", survived + 1
                        survivors.append(mutant)
            finally:
                target_file.write_text(original)
            print(f"[{index}/{len(mutants)}] {rel}:{mutant.line}: {mutant.describe()}  {verdict}  ({time.monotonic() - started:.0f}s)", flush=True)
    finally:
        target_file.write_text(original)
        if args.in_place and source.read_text() != original:
            print("error: could not restore", source, file=sys.stderr)
        if mutated:
            # The last binary built holds the last mutant: build the restored file once more.
            code, _ = build(package_dir, args.build_timeout)
            print("rebuilt unmutated" if code == 0 else "warning: the rebuild of the unmutated file failed", flush=True)
    counted = killed + survived
    score = 100.0 * killed / counted if counted else 100.0
    print(f"SCORE {rel}: {killed}/{counted} killed ({score:.1f}%), {survived} survived, {invalid} invalid", flush=True)
    for m in survivors:
        print(f"  survivor {rel}:{m.line}: {m.describe()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
