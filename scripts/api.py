#!/usr/bin/env python3
"""The toolkit's public API, kept in the repository as text, and checked against the code.

Every library product the toolkit ships (LIBRARIES below) has a record, api/<Module>.txt: one line
a public declaration (its path, then the declaration as Swift prints it, with its deprecation),
and one line a conformance or superclass, sorted. The record is made from the built modules'
symbol graphs (swift-symbolgraph-extract), so it says what the compiler sees, not what a comment
claims.

  scripts/api.py check    the code's API is the record's, and the record is of the toolkit's
                          version (Sources/FlowKit/Toolkit.swift): else each difference is named,
                          and the exit is 1. `make test` runs it (CI).
  scripts/api.py record   writes the records anew (`make api`). A declaration removed or changed
                          breaks the apps built on the toolkit, so it is refused unless the major
                          version is raised past the record's and CHANGELOG.md names each one
                          under its Unreleased (or the new version's) section.

Options: --modules DIR (the built modules, default .build/debug/Modules), --records DIR (default
api), --version X.Y.Z and --changelog FILE (tests use them), and module names to check only those.
Exit codes: 0 as recorded, 1 a difference (check) or a refused record, 2 bad input.
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
# WorkPhotosSeeding, are the app's, not the toolkit's: no promise is made of them.
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


def read_record(path):
    """(version, lines) of a record; (None, []) when there is none."""
    if not os.path.exists(path):
        return None, []
    with open(path, encoding="utf-8") as file:
        text = file.read().splitlines()
    version = None
    if text and text[0].startswith("# The public API of "):
        match = re.search(r" at (\d+\.\d+\.\d+):", text[0])
        version = match.group(1) if match else None
    return version, [line for line in text if line and not line.startswith("#")]


def symbol_name(line):
    """`FlowElement.assertLabel(_:sourceLocation:)` of a record line."""
    return line.split("  ", 1)[0]


def differences(recorded, actual):
    removed = sorted(set(recorded) - set(actual))
    added = sorted(set(actual) - set(recorded))
    return removed, added


def describe(module, removed, added):
    said = []
    for line in removed:
        name, _, rest = line.partition("  ")
        said.append(f"  - {module}: {name}  ({rest}) is in the record, not in the code")
    for line in added:
        name, _, rest = line.partition("  ")
        said.append(f"  + {module}: {name}  ({rest}) is in the code, not in the record")
    return said


def unreleased_section(changelog):
    """The text of CHANGELOG.md's `## [Unreleased]` section (or of its latest version's)."""
    try:
        text = open(changelog, encoding="utf-8").read()
    except OSError as error:
        fail(f"cannot read {changelog}: {error.strerror}")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    return sections[0] if sections else ""


def main():
    parser = argparse.ArgumentParser(description="The toolkit's public API record: check it, or write it anew.")
    parser.add_argument("action", choices=["check", "record"])
    parser.add_argument("modules", nargs="*", help="only these modules (default: every library product)")
    parser.add_argument("--modules-dir", default=".build/debug/Modules")
    parser.add_argument("--records", default="api")
    parser.add_argument("--version", help="the toolkit's version (default: Sources/FlowKit/Toolkit.swift's)")
    parser.add_argument("--changelog", default="CHANGELOG.md")
    options = parser.parse_args()
    for module in options.modules:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", module):
            fail(f'"{module}" is not a module name')
    modules = options.modules or LIBRARIES
    version = options.version or toolkit_version(".")
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        fail(f'--version "{version}" is not a version X.Y.Z')

    problems = []
    changes = {}
    for module in modules:
        path = os.path.join(options.records, f"{module}.txt")
        recorded_version, recorded = read_record(path)
        actual = extract(module, options.modules_dir)
        removed, added = differences(recorded, actual)
        changes[module] = (path, recorded_version, recorded, actual, removed, added)
        if options.action == "check":
            if recorded_version is None:
                problems.append(f"  {module} has no record ({path}): make api writes it")
            elif removed or added:
                problems += describe(module, removed, added)
            elif recorded_version != version:
                problems.append(f"  {path} is the API at {recorded_version}, and the toolkit says {version}: make api records it at {version}")

    if options.action == "check":
        if problems:
            print("api: the public API is not the one recorded in api/:", file=sys.stderr)
            print("\n".join(problems), file=sys.stderr)
            print("If the change is meant, run make api (a removal or a change needs the major version raised "
                  "and its CHANGELOG.md entry), and commit the record with the change.", file=sys.stderr)
            sys.exit(1)
        print(f"api: the public API of {len(modules)} module{'s' if len(modules) != 1 else ''} is as recorded in {options.records}/ ({version})")
        return

    # record: a removal or a change needs the major raised and each name in the changelog.
    refusals = []
    section = None
    for module, (path, recorded_version, recorded, actual, removed, added) in changes.items():
        if not removed or recorded_version is None:
            continue
        if int(version.split(".")[0]) <= int(recorded_version.split(".")[0]):
            refusals.append(f"  {module}: {len(removed)} declaration(s) removed or changed, and the version is {version}, "
                            f"as the record's major ({recorded_version}): raise the major in Sources/FlowKit/Toolkit.swift, "
                            "or deprecate instead (@available(*, deprecated, message: \"write ... now\"))")
            refusals += describe(module, removed, [])
            continue
        section = section if section is not None else unreleased_section(options.changelog)
        for line in removed:
            name = symbol_name(line).split(".")[-1].split("(")[0]
            if name not in section:
                refusals.append(f"  {module}: {symbol_name(line)} is removed or changed, and the changelog's latest section "
                                f"does not name {name}: say it under Removed or Changed, with what to write now")
    if refusals:
        print("api: not recorded: the change would break apps built on the toolkit unannounced:", file=sys.stderr)
        print("\n".join(refusals), file=sys.stderr)
        sys.exit(1)
    os.makedirs(options.records, exist_ok=True)
    for module, (path, _, recorded, actual, removed, added) in changes.items():
        text = HEADER.format(module=module, version=version) + "\n" + "".join(line + "\n" for line in actual)
        temporary = path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
        if removed or added:
            print(f"api: {path}: {len(added)} added, {len(removed)} removed")
    print(f"api: recorded {len(changes)} module{'s' if len(changes) != 1 else ''} at {version} in {options.records}/")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        sys.exit(1)
