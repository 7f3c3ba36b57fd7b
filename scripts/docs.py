#!/usr/bin/env python3
"""The toolkit's documentation as a static site: every DocC catalogue, and one index of them all.

  scripts/docs.py [--modules-dir .build/debug/Modules] [--out .build/docs]

For each module with a catalogue (Sources/<Module>/<Module>.docc), its symbol graph is read from
the built module (swift-symbolgraph-extract, as scripts/api.py does: no second build), then
`docc convert` renders the catalogue with it, transformed for static hosting, into
<out>/site/<module>/ (lower-case). A DocC warning (a broken symbol link, an undocumented
parameter) fails it. <out>/site/index.html is a plain page (no script) that lists every module
with its summary, and the guide: open it from a file, or serve the folder and follow the links
(`python3 -m http.server --directory .build/docs/site 8000`, then http://localhost:8000/): a DocC
page reads its content with scripts, which a browser only allows over HTTP.

The adopters' modules are documented at public access, the toolkit's promise; FlowRunner, whose
declarations are `package` (no app imports it), at package access, for contributors.
Exit codes: 0 written, 1 a catalogue did not convert (its warnings are printed), 2 bad input.
"""
import argparse
import concurrent.futures
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api  # noqa: E402  (the module maps and the target triple, shared with the API record)

# In the order the index lists them: the app's core, the flow toolkit, test support, the rest.
PUBLIC = ["PresenterKit", "TextUI", "AutomationWire", "FlowKit", "FlowCommandLine", "PresenterKitTesting",
          "StrictMocks", "FlowTesting", "StoreSeeding", "LocatedYAML", "Console", "TextBytes"]
PACKAGE = ["FlowRunner"]
# What the index says of a module with no catalogue.
NO_CATALOGUE = {"AutomationWire": "The automation protocol's types: the JSON lines between a flow runner and the app it drives."}
GUIDE = ("FlowCommandLine", "AdoptingTheToolkit", "Adopting the toolkit: from flow new to an app with a store, its robots and flows")


def fail(message, code=2):
    print(f"docs: {message}", file=sys.stderr)
    sys.exit(code)


def summary(module):
    """The first paragraph of the catalogue's overview page, as plain text."""
    path = os.path.join("Sources", module, f"{module}.docc", f"{module}.md")
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError:
        return NO_CATALOGUE.get(module, "")
    paragraph, started = [], False
    for line in lines[1:]:
        if not line.strip():
            if started:
                break
            continue
        started = True
        paragraph.append(line.strip())
    text = " ".join(paragraph)
    return re.sub(r"``([^`]+)``|`([^`]+)`", lambda m: m.group(1) or m.group(2), text)


def convert(module, access, modules_dir, site, scratch):
    """Renders one catalogue; (module, None) or (module, what went wrong)."""
    graphs = os.path.join(scratch, module)
    os.makedirs(graphs, exist_ok=True)
    extract = ["swift-symbolgraph-extract", "-module-name", module, "-I", modules_dir, "-target", api.target_triple(),
               "-minimum-access-level", access, "-output-dir", graphs]
    for module_map in api.module_maps(modules_dir):
        extract += ["-Xcc", f"-fmodule-map-file={module_map}"]
    result = subprocess.run(extract, capture_output=True, text=True)
    if result.returncode != 0:
        return module, f"swift-symbolgraph-extract failed:\n{result.stderr.strip()}"
    folder = module.lower()
    catalogue = os.path.join("Sources", module, f"{module}.docc")
    # A module with no catalogue is documented from its symbols alone.
    command = ["docc", "convert"] + ([catalogue] if os.path.isdir(catalogue) else []) + [
               "--additional-symbol-graph-dir", graphs, "--output-path", os.path.join(site, folder),
               "--fallback-display-name", module, "--fallback-bundle-identifier", f"workphotos.{module}",
               "--transform-for-static-hosting", "--hosting-base-path", folder, "--warnings-as-errors"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return module, (result.stdout + result.stderr).strip()
    return module, None


def index_page(modules):
    rows = []
    for module, access in modules:
        folder = module.lower()
        note = " <em>(the toolkit's own: its package API, for contributors)</em>" if access == "package" else ""
        rows.append(f'<li><a href="{folder}/documentation/{folder}/"><code>{module}</code></a>{note}: {html.escape(summary(module))}</li>')
    guide_module, guide_article, guide_title = GUIDE
    guide = f"{guide_module.lower()}/documentation/{guide_module.lower()}/{guide_article.lower()}"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>WorkPhotos toolkit: documentation</title>
<style>
body {{ font: 16px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 52em; margin: 2em auto; padding: 0 1em; color: #1d1d1f; }}
code {{ font-size: 0.95em; }} li {{ margin: 0.4em 0; }} .note {{ background: #f5f5f7; padding: 0.6em 1em; border-radius: 6px; }}
</style>
</head>
<body>
<h1>The WorkPhotos toolkit</h1>
<p>Start with the guide: <a href="{guide}/">{html.escape(guide_title)}</a>.</p>
<h2>Modules</h2>
<ul>
{chr(10).join(rows)}
</ul>
<p class="note">Each module's pages read their content with scripts, which a browser runs only over HTTP: serve this folder
(<code>python3 -m http.server --directory .build/docs/site 8000</code>) and open <code>http://localhost:8000/</code>.
Opened from a file, this page lists the modules, and their pages stay blank.</p>
</body>
</html>
"""


def main():
    parser = argparse.ArgumentParser(description="The DocC catalogues as one static site.")
    parser.add_argument("--modules-dir", default=".build/debug/Modules")
    parser.add_argument("--out", default=".build/docs")
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    if options.jobs < 1:
        fail("--jobs must be 1 or more")
    if shutil.which("docc") is None:
        fail("docc is not on PATH: it comes with the Swift toolchain")
    modules = [(module, "public") for module in PUBLIC] + [(module, "package") for module in PACKAGE]
    site = os.path.join(options.out, "site")
    staging = site + ".new"
    shutil.rmtree(staging, ignore_errors=True)
    os.makedirs(staging)
    failed = []
    with tempfile.TemporaryDirectory(prefix="docs-graphs-") as scratch:
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            jobs = [pool.submit(convert, module, access, options.modules_dir, staging, scratch) for module, access in modules]
            for job in jobs:
                module, problem = job.result()
                if problem:
                    failed.append(module)
                    print(f"docs: {module}:\n{problem}", file=sys.stderr)
                else:
                    print(f"docs: {module}")
    if failed:
        shutil.rmtree(staging, ignore_errors=True)
        fail(f"{len(failed)} catalogue(s) did not convert: {', '.join(failed)}", code=1)
    with open(os.path.join(staging, "index.html"), "w", encoding="utf-8") as file:
        file.write(index_page(modules))
    # The site is replaced whole: never half of an old one and half of a new one.
    shutil.rmtree(site, ignore_errors=True)
    os.replace(staging, site)
    print(f"docs: {len(modules)} catalogues in {site}/ (index.html); serve it: python3 -m http.server --directory {site} 8000")


if __name__ == "__main__":
    main()
