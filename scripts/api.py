#!/usr/bin/env python3
"""The toolkit's public API, kept in the repository as text, and checked against the code.

Every library product the toolkit ships (LIBRARIES below) has a record, api/<Module>.txt: one line
a public declaration (its path, then the declaration as Swift prints it, then its deprecation if
it has one), and one line a conformance or superclass, sorted. The record is made from the built
modules' symbol graphs (swift-symbolgraph-extract), so it says what the compiler sees, not what a
comment claims. The versioning it keeps is CHANGELOG.md's (its head says it, once).

  scripts/api.py check    the code's API is the record's, and the record is of the toolkit's
                          version (Sources/FlowKit/Toolkit.swift): else each difference is named,
                          and the exit is 1. `make test` runs it (CI).
  scripts/api.py record   writes the records anew, at --version (default the toolkit's): `make api`
                          while working, `make release` (scripts/release.py) for a release. Each
                          change since the baseline (the records, or those at --baseline REF, the
                          last release's tag) is judged by the version's kind against it:
                          - an addition: in a minor or a major, or at the baseline's own version
                            (work not released yet: the release judges it again);
                          - a deprecation: the same, with a line under Deprecated in the
                            changelog's section (Unreleased, or the version's) naming the
                            declaration in full (`ArgumentText.firstProblem(in:)`);
                          - a removal or a change (a signature changed, a type renamed, a
                            declaration made unavailable): only with the major raised, and a line
                            under Removed or Changed naming it in full (the members of a type
                            removed or renamed go with the type's line).
                          A patch changes nothing. What is refused is said with its reason, and
                          nothing is written.
  scripts/api.py diagnose REF   SwiftPM's own diagnosis (`swift package
                          diagnose-api-breaking-changes REF`) beside the record's verdict on the
                          same change (the records at REF against the code): each breaking change
                          must be in both, else each difference is named and the exit is 1.
                          --diagnosis FILE reads a diagnosis already made instead of running it.

Options: --modules-dir DIR (the built modules, default .build/debug/Modules), --records DIR (default
api), --version X.Y.Z, --changelog FILE and --baseline REF; module names to check only those.
Exit codes: 0 as recorded (or agreed), 1 a difference, a refused record or a disagreement, 2 bad input.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

# The toolkit's library products (Package.swift). The reference app's own products, WorkPhotos and
# WorkPhotosSeeding, are the app's, not the toolkit's: no promise is made of them. FlowRunner's
# record is empty and must stay so: the product declares nothing public (CHANGELOG.md's Versioning).
LIBRARIES = [
    "AutomationWire", "Console", "FlowCommandLine", "FlowKit", "FlowRunner", "FlowTesting", "LocatedYAML",
    "PresenterKit", "PresenterKitTesting", "StoreSeeding", "StrictMocks", "TextBytes", "TextUI",
]

HEADER = "# The public API of {module} at {version}: made by `make api` (scripts/api.py) from the built module; do not edit by hand."


def fail(message, code=2):
    print(f"api: {message}", file=sys.stderr)
    sys.exit(code)


def toolkit_version(root):
    path = os.path.join(root, "Sources/FlowKit/Toolkit.swift")
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as error:
        fail(f"cannot read the toolkit's version in {path}: {error.strerror}")
    match = re.search(r'public static let version = "(\d+)\.(\d+)\.(\d+)"', text)
    if not match:
        fail(f'{path} declares no version: it should say public static let version = "X.Y.Z"')
    return ".".join(match.groups())


def declaration(symbol):
    """The declaration as Swift prints it, without parameters' inner names (not part of the API)."""
    text = ""
    external = False
    for fragment in symbol.get("declarationFragments", []):
        kind = fragment["kind"]
        if kind == "internalParam":
            # `_ expected: String` reads `_: String`; an operator's `lhs: Self` reads `_: Self`.
            text = text.rstrip(" ") if external else text + "_"
            external = False
            continue
        if kind == "externalParam":
            external = True
        elif kind != "text":
            external = False
        text += fragment["spelling"]
    text = re.sub(r"\s+", " ", text).strip()
    for availability in symbol.get("availability", []):
        if availability.get("isUnconditionallyDeprecated") or "deprecated" in availability:
            message = availability.get("message", "")
            text += f"  [deprecated{': ' + message if message else ''}]"
        if availability.get("isUnconditionallyUnavailable"):
            message = availability.get("message", "")
            text += f"  [unavailable{': ' + message if message else ''}]"
    return text


def lines_of(graph_files):
    """The record's lines from one module's symbol graph files (its own, and its extensions of
    other modules' types, `Module@Other.symbols.json`)."""
    lines = set()
    for path in graph_files:
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        names = {}
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            # What a conformance brings (Equatable's !=, Comparable's <=): the conformance is recorded.
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            names[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
            lines.add(f"{'.'.join(symbol['pathComponents'])}  {declaration(symbol)}")
        for relation in graph.get("relationships", []):
            if relation["kind"] not in ("conformsTo", "inheritsFrom"):
                continue
            source = names.get(relation["source"])
            if source is None:
                continue
            target = relation.get("targetFallback") or relation["target"]
            target = names.get(relation["target"], target)
            word = "conforms to" if relation["kind"] == "conformsTo" else "inherits from"
            lines.add(f"{source}  {word} {target}")
    return sorted(lines)


def extract(module, modules_dir):
    """The module's public API as record lines, from swift-symbolgraph-extract."""
    if not os.path.exists(os.path.join(modules_dir, f"{module}.swiftmodule")):
        fail(f"{module} is not built in {modules_dir}: build first (swift build), or give --modules DIR")
    with tempfile.TemporaryDirectory(prefix="api-") as out:
        command = ["swift-symbolgraph-extract", "-module-name", module, "-I", modules_dir,
                   "-target", target_triple(), "-minimum-access-level", "public", "-output-dir", out]
        # The C modules (system libraries and C targets) are found by their module maps.
        for module_map in module_maps(modules_dir):
            command += ["-Xcc", f"-fmodule-map-file={module_map}"]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            fail(f"swift-symbolgraph-extract failed on {module}:\n{result.stderr.strip()}")
        files = [os.path.join(out, name) for name in sorted(os.listdir(out)) if name.endswith(".symbols.json")]
        return lines_of(files)


def target_triple():
    machine = os.uname().machine
    return f"{'x86_64' if machine in ('x86_64', 'amd64') else machine}-unknown-linux-gnu"


def module_maps(modules_dir):
    """The module maps of the C modules a module may import: the build's C targets
    (`.build/debug/X.build/module.modulemap`), this package's system libraries
    (`Sources/X/module.modulemap`) and the dependencies' C targets (`checkouts/*/Sources/X/include`)."""
    build = os.path.dirname(os.path.abspath(modules_dir))
    found = glob.glob(os.path.join(build, "*.build", "module.modulemap"))
    found += glob.glob(os.path.join("Sources", "*", "module.modulemap"))
    for scratch in {os.path.dirname(os.path.realpath(build)), os.path.dirname(build)}:
        found += glob.glob(os.path.join(scratch, "checkouts", "*", "Sources", "*", "include", "module.modulemap"))
    return sorted(set(os.path.abspath(path) for path in found))


def parse_record(text, origin):
    """(version, lines) of a record's text; version None when its header names none."""
    rows = text.splitlines()
    version = None
    if rows and rows[0].startswith("# The public API of "):
        match = re.search(r" at (\d+\.\d+\.\d+):", rows[0])
        version = match.group(1) if match else None
    return version, [line for line in rows if line and not line.startswith("#")]


def read_record(path, baseline=None):
    """(version, lines) of a record, from the file, or from git at `baseline` (a tag, a commit);
    (None, []) when there is none."""
    if baseline is not None:
        result = subprocess.run(["git", "show", f"{baseline}:{path}"], capture_output=True, text=True)
        if result.returncode != 0:
            return None, []
        return parse_record(result.stdout, f"{baseline}:{path}")
    if not os.path.exists(path):
        return None, []
    with open(path, encoding="utf-8") as file:
        return parse_record(file.read(), path)


# A record line: `path  declaration`, then `  [deprecated: message]` or `  [unavailable...]` when it is.
MARK = re.compile(r"  \[(deprecated|unavailable)(?::.*)?\]")


def symbol_name(line):
    """`FlowElement.assertLabel(_:sourceLocation:)` of a record line."""
    return line.split("  ", 1)[0]


def identity(line):
    """The line without its deprecation: what stays the same when a declaration is deprecated."""
    match = MARK.search(line)
    return line[:match.start()] if match else line


def marks(line):
    """{"deprecated", "unavailable"}: what the line says of its declaration's availability."""
    return {match.group(1) for match in MARK.finditer(line)}


class Change:
    """What differs between a record and the code, by kind."""

    def __init__(self, recorded, actual):
        old = {identity(line): line for line in recorded}
        new = {identity(line): line for line in actual}
        self.added = sorted(new[key] for key in set(new) - set(old))
        gone = sorted(old[key] for key in set(old) - set(new))
        new_names = {symbol_name(line) for line in self.added}
        # A line gone whose path is still declared changed (its signature, a conformance); else it is removed.
        self.changed = [line for line in gone if symbol_name(line) in new_names]
        self.removed = [line for line in gone if symbol_name(line) not in new_names]
        self.deprecated, self.undeprecated, self.unavailable = [], [], []
        for key in sorted(set(old) & set(new)):
            before, after = marks(old[key]), marks(new[key])
            if "unavailable" in after and "unavailable" not in before:
                self.unavailable.append(new[key])
            elif "deprecated" in after and "deprecated" not in before:
                self.deprecated.append(new[key])
            elif old[key] != new[key]:
                self.undeprecated.append(new[key])

    @property
    def breaking(self):
        """Lines whose change breaks an app built on the record: removed, changed, made unavailable."""
        return self.removed + self.changed + self.unavailable

    @property
    def any(self):
        return bool(self.added or self.breaking or self.deprecated or self.undeprecated)

    def breaking_names(self):
        """The paths of what breaks, each once, a removed type's members under the type."""
        names = sorted({symbol_name(line) for line in self.breaking})
        gone_types = {symbol_name(line) for line in self.removed if enclosing_type_line(line)}
        return [name for name in names if not any(name.startswith(parent + ".") for parent in gone_types)]

    def what(self, path):
        """How the declaration at `path` breaks, in words."""
        if any(symbol_name(line) == path for line in self.unavailable):
            return "made unavailable"
        if any(symbol_name(line) == path for line in self.changed):
            return "changed"
        if any(symbol_name(line) == path and enclosing_type_line(line) for line in self.removed):
            return "removed or renamed (with its members)"
        return "removed"

    def describe(self, module):
        said = []
        for line in self.removed:
            said.append(f"  - {module}: {symbol_name(line)}  ({line.partition('  ')[2]}) is in the record, not in the code")
        for line in self.changed:
            said.append(f"  ~ {module}: {symbol_name(line)}  ({line.partition('  ')[2]}) is in the record; the code declares it otherwise")
        for line in self.unavailable:
            said.append(f"  ~ {module}: {symbol_name(line)} is unavailable in the code, not in the record")
        for line in self.deprecated:
            said.append(f"  ~ {module}: {symbol_name(line)} is deprecated in the code, not in the record")
        for line in self.undeprecated:
            said.append(f"  ~ {module}: {symbol_name(line)}'s deprecation is not the record's: {line.partition('  ')[2]}")
        for line in self.added:
            said.append(f"  + {module}: {symbol_name(line)}  ({line.partition('  ')[2]}) is in the code, not in the record")
        return said


def enclosing_type_line(line):
    """Whether a record line declares a type (its members go with it when it goes)."""
    declared = line.partition("  ")[2]
    return re.match(r"(?:(?:final|open|public|indirect) )*(struct|class|enum|protocol|actor|typealias) ", declared) is not None


def changelog_section(changelog, version):
    """The text of CHANGELOG.md's Unreleased section and, when it has one, of the section for
    `version` (`## [X.Y.Z]`, once a release moved Unreleased there)."""
    try:
        text = open(changelog, encoding="utf-8").read()
    except OSError as error:
        fail(f"cannot read {changelog}: {error.strerror}")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    found = [section for section in sections if section.startswith("[Unreleased]") or section.startswith(f"[{version}]")]
    if not found:
        fail(f"{changelog} has no section ## [Unreleased] (nor ## [{version}]): the changes of a record are said there")
    return "\n".join(found)


def named_under(section, headings):
    """Every code span (`...`) of the section's subsections under these headings (### Removed ...)."""
    spans = set()
    for part in re.split(r"^### ", section, flags=re.M)[1:]:
        heading = part.split("\n", 1)[0].strip()
        if heading in headings:
            spans.update(span.strip() for span in re.findall(r"`([^`\n]+)`", part))
    return spans


def names(path, spans, module):
    """Whether the spans name the declaration at `path` in full (`Type.member(label:)`, or with its module's name first)."""
    return path in spans or f"{module}.{path}" in spans


def release_kind(version, baseline):
    """same, patch, minor or major: how `version` follows `baseline`; None when it is older."""
    new, old = tuple(map(int, version.split("."))), tuple(map(int, baseline.split(".")))
    if new < old:
        return None
    if new == old:
        return "same"
    if new[0] > old[0]:
        return "major"
    return "minor" if new[1] > old[1] else "patch"


def judge(module, change, version, baseline_version, section):
    """The reasons the change may not be recorded at `version` (empty when it may), as the versioning says."""
    kind = release_kind(version, baseline_version)
    if kind is None:
        return [f"  {module}: the version {version} is older than the record's ({baseline_version})"]
    refusals = []
    bump_minor = f"{baseline_version.split('.')[0]}.{int(baseline_version.split('.')[1]) + 1}.0"
    bump_major = f"{int(baseline_version.split('.')[0]) + 1}.0.0"
    changed = {symbol_name(line) for line in change.changed}
    added = [line for line in change.added if symbol_name(line) not in changed]  # a changed one's new line is its change
    if kind == "patch" and (added or change.deprecated):
        for line in added + change.deprecated:
            what = "added" if line in change.added else "deprecated"
            refusals.append(f"  {module}: {symbol_name(line)} is {what}, and {version} is a patch of {baseline_version}: "
                            f"a patch changes no public declaration; release it in a minor ({bump_minor})")
    if change.breaking and kind != "major":
        for path in change.breaking_names():
            refusals.append(f"  {module}: {path} is {change.what(path)}, and {version} keeps the major of {baseline_version}: "
                            f"a removal or a change is made in a major release only ({bump_major}, with its line under Removed "
                            "or Changed in CHANGELOG.md); in a minor, deprecate it instead "
                            "(@available(*, deprecated, message: \"write ... now\")) and keep it")
    if change.breaking and kind == "major":
        spans = named_under(section, {"Removed", "Changed"})
        # A declaration whose signature names a type removed or renamed goes with the type's line.
        named_types = [symbol_name(line) for line in change.removed if enclosing_type_line(line) and names(symbol_name(line), spans, module)]
        for path in change.breaking_names():
            old = [line for line in change.changed if symbol_name(line) == path]
            if old and all(any(re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", line.partition("  ")[2]) for name in named_types) for line in old):
                continue
            if not names(path, spans, module):
                refusals.append(f"  {module}: {path} is {change.what(path)}, and the changelog's section for {version} does not "
                                f"name it in full under Removed or Changed: write `{path}` there, with what to write now")
    if change.deprecated and kind != "patch":
        spans = named_under(section, {"Deprecated"})
        for line in change.deprecated:
            path = symbol_name(line)
            if not names(path, spans, module):
                refusals.append(f"  {module}: {path} is deprecated, and the changelog's section for {version} does not name it "
                                f"in full under Deprecated: write `{path}` there, with what to write now")
    return refusals


def breakages(text):
    """The declarations SwiftPM's diagnosis says break, by path (`Counter.count()`, `Frame`), from its
    output's lines `💔 API breakage: func Counter.count() has been removed`."""
    found = []
    for line in text.splitlines():
        match = re.search(r"API breakage: [a-z]+ (\S+)", line)
        if match:
            # An accessor (`var Frame.title.Get()`) breaks with its property.
            found.append(re.sub(r"\.(Get|Set|Modify|Read)\(\)$", "", match.group(1)))
    return found


def diagnosis_names(text):
    """The paths a diagnosis names, without their module (`Sample.Counter.count()` reads `Counter.count()`)."""
    return sorted(set(breakages(text)))


def main():
    parser = argparse.ArgumentParser(description="The toolkit's public API record: check it, write it anew, or set it beside SwiftPM's diagnosis.")
    parser.add_argument("action", choices=["check", "record", "diagnose"])
    parser.add_argument("arguments", nargs="*", help="diagnose: the baseline (a tag), then modules; else only these modules (default: every library product)")
    parser.add_argument("--modules-dir", default=".build/debug/Modules")
    parser.add_argument("--records", default="api")
    parser.add_argument("--version", help="the toolkit's version (default: Sources/FlowKit/Toolkit.swift's)")
    parser.add_argument("--changelog", default="CHANGELOG.md")
    parser.add_argument("--baseline", help="record: judge the change since the records at this git revision (the last release's tag)")
    parser.add_argument("--diagnosis", help="diagnose: read SwiftPM's diagnosis from this file instead of running it")
    options = parser.parse_args()
    arguments = list(options.arguments)
    reference = None
    if options.action == "diagnose":
        if not arguments:
            fail("diagnose needs the baseline: scripts/api.py diagnose TAG [MODULE...]")
        reference = arguments.pop(0)
    for module in arguments:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", module):
            fail(f'"{module}" is not a module name')
    modules = arguments or LIBRARIES
    if options.action == "diagnose":
        diagnose(reference, modules, options)
        return
    version = options.version or toolkit_version(".")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        fail(f'--version "{version}" is not a version X.Y.Z')

    problems = []
    changes = {}
    for module in modules:
        path = os.path.join(options.records, f"{module}.txt")
        recorded_version, recorded = read_record(path)
        actual = extract(module, options.modules_dir)
        changes[module] = (path, recorded_version, recorded, actual)
        if options.action == "check":
            change = Change(recorded, actual)
            if recorded_version is None:
                problems.append(f"  {module} has no record ({path}): make api writes it")
            elif change.any:
                problems += change.describe(module)
            elif recorded_version != version:
                problems.append(f"  {path} is the API at {recorded_version}, and the toolkit says {version}: make api records it at {version}")

    if options.action == "check":
        if problems:
            print("api: the public API is not the one recorded in api/:", file=sys.stderr)
            print("\n".join(problems), file=sys.stderr)
            print("If the change is meant, run make api (a deprecation needs its line under Deprecated in CHANGELOG.md; "
                  "a removal or a change, a major release and its line under Removed or Changed), and commit the record "
                  "with the change.", file=sys.stderr)
            sys.exit(1)
        print(f"api: the public API of {len(modules)} module{'s' if len(modules) != 1 else ''} is as recorded in {options.records}/ ({version})")
        return

    # record: each change judged against the baseline, as the changelog's versioning says.
    refusals = []
    for module, (path, recorded_version, recorded, actual) in changes.items():
        baseline_version, baseline = (recorded_version, recorded)
        if options.baseline is not None:
            baseline_version, baseline = read_record(path, options.baseline)
        if baseline_version is None:
            continue  # a new module: nothing an app could have used
        change = Change(baseline, actual)
        if not change.any:
            continue
        section = changelog_section(options.changelog, version if version != baseline_version else "Unreleased")
        refusals += judge(module, change, version, baseline_version, section)
    if refusals:
        print(f"api: not recorded at {version}: the versioning in CHANGELOG.md's head does not allow it:", file=sys.stderr)
        print("\n".join(refusals), file=sys.stderr)
        sys.exit(1)
    os.makedirs(options.records, exist_ok=True)
    for module, (path, recorded_version, recorded, actual) in changes.items():
        text = HEADER.format(module=module, version=version) + "\n" + "".join(line + "\n" for line in actual)
        temporary = path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
        change = Change(recorded, actual)
        if change.any:
            print(f"api: {path}: {len(change.added)} added, {len(change.deprecated)} deprecated, "
                  f"{len(change.removed) + len(change.changed) + len(change.unavailable)} removed or changed")
    print(f"api: recorded {len(changes)} module{'s' if len(changes) != 1 else ''} at {version} in {options.records}/")


def diagnose(reference, modules, options):
    """SwiftPM's diagnosis of the change since `reference`, beside the record's verdict on it."""
    if options.diagnosis:
        try:
            text = open(options.diagnosis, encoding="utf-8").read()
        except OSError as error:
            fail(f"cannot read --diagnosis {options.diagnosis}: {error.strerror}")
    else:
        command = ["swift", "package", "diagnose-api-breaking-changes", reference]
        for module in modules:
            command += ["--targets", module]
        result = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        text = result.stdout + result.stderr
        # 0: nothing breaks; 1: breaking changes (said in the text); anything else, or no verdict, is a failure to diagnose.
        if result.returncode not in (0, 1) or (result.returncode == 1 and "API breakage" not in text):
            fail(f"swift package diagnose-api-breaking-changes {reference} failed (exit {result.returncode}):\n{text.strip()}", 2)
    for line in text.splitlines():
        if "API breakage" in line:
            print(f"api: SwiftPM says: {line.strip()}")
    said_by_swiftpm = set(diagnosis_names(text))
    said_by_record = set()
    for module in modules:
        path = os.path.join(options.records, f"{module}.txt")
        baseline_version, baseline = read_record(path, reference)
        if baseline_version is None:
            continue
        change = Change(baseline, extract(module, options.modules_dir))
        said_by_record.update(change.breaking_names())
    only_record = sorted(said_by_record - said_by_swiftpm)
    only_swiftpm = sorted(said_by_swiftpm - said_by_record)
    both = sorted(said_by_record & said_by_swiftpm)
    for name in both:
        print(f"api: breaks, says the record and says SwiftPM: {name}")
    if only_record or only_swiftpm:
        for name in only_record:
            print(f"api: breaks, says the record, not SwiftPM: {name}", file=sys.stderr)
        for name in only_swiftpm:
            print(f"api: breaks, says SwiftPM, not the record at {reference}: {name}", file=sys.stderr)
        print(f"api: the record and SwiftPM's diagnosis disagree on what breaks since {reference}", file=sys.stderr)
        sys.exit(1)
    print(f"api: the record and SwiftPM's diagnosis agree since {reference}: {len(both)} breaking change{'s' if len(both) != 1 else ''}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(1)
