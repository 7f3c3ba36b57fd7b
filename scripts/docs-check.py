#!/usr/bin/env python3
"""Checks the documentation site as a reader meets it: served over HTTP, opened in a real browser.

  scripts/docs-check.py [--site .build/docs/site] [--render PATH=TEXT ...]

The site is served on a free port of 127.0.0.1 (python's http.server, in this process). Every link
of its index must load (HTTP 200), and a DocC page's content (its JSON under data/) must be there
too. Then headless Chromium renders each page of --render (by default the index, a symbol page,
FlowKit's FlowApp, and the guide) and must show TEXT on it once its scripts ran, with no error in
the page's console. Each problem is said on a line; the exit is 1 when there is one, 2 on bad input.
"""
import argparse
import functools
import http.server
import os
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser

CHROMIUM = "/usr/bin/chromium"
DEFAULT_PAGES = [
    ("", "The WorkPhotos toolkit"),
    ("flowkit/documentation/flowkit/flowapp/", "The app under test, driven only through what its screens show"),
    ("flowcommandline/documentation/flowcommandline/adoptingthetoolkit/", "Adopting the toolkit"),
]


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attributes):
        if tag == "a":
            href = dict(attributes).get("href")
            if href:
                self.links.append(href)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def status_of(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, OSError) as error:
        return f"unreachable ({error})"


def data_file(site, link):
    """The JSON a DocC page at `link` (`flowkit/documentation/flowkit/flowapp/`) renders; None for
    a page that is not DocC's."""
    parts = [part for part in link.split("/") if part]
    if len(parts) < 3 or parts[1] != "documentation":
        return None
    return os.path.join(site, parts[0], "data", *parts[1:-1], parts[-1] + ".json")


def render(url, profile):
    """(the DOM once scripts ran, the console's problems) of `url` in headless Chromium."""
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
             "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000", "--dump-dom", url],
            stdout=subprocess.PIPE, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            dom, _ = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return "", ["chromium did not end within 60 s: killed"]
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        log.seek(0)
        lines = log.read().decode("utf-8", "replace").splitlines()
    problems = [line for line in lines if ":CONSOLE" in line or "Uncaught" in line]
    if process.returncode != 0:
        problems.append(f"chromium exited {process.returncode}")
    return dom.decode("utf-8", "replace"), problems


def main():
    parser = argparse.ArgumentParser(description="The documentation site, served and rendered: no broken link, no script error.")
    parser.add_argument("--site", default=".build/docs/site")
    parser.add_argument("--render", action="append", default=[], metavar="PATH=TEXT",
                        help="a page to render and the text it must show (repeatable)")
    options = parser.parse_args()
    site = os.path.abspath(options.site)
    index = os.path.join(site, "index.html")
    if not os.path.isfile(index):
        print(f"docs-check: no {index}: make docs writes the site", file=sys.stderr)
        sys.exit(2)
    if not os.access(CHROMIUM, os.X_OK):
        print(f"docs-check: {CHROMIUM} is not installed: make deps installs it (Debian's chromium)", file=sys.stderr)
        sys.exit(2)
    pages = []
    for item in options.render:
        path, separator, text = item.partition("=")
        if not separator or not text:
            print(f'docs-check: --render "{item}": write PATH=TEXT, the text the page must show', file=sys.stderr)
            sys.exit(2)
        pages.append((path, text))
    pages = pages or DEFAULT_PAGES

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    problems = []
    try:
        finder = Links()
        with open(index, encoding="utf-8") as file:
            finder.feed(file.read())
        if not finder.links:
            problems.append("index.html links to nothing")
        for link in finder.links:
            if urllib.parse.urlparse(link).scheme:
                continue  # an outside link is not the site's to check
            status = status_of(urllib.parse.urljoin(base, link))
            if status != 200:
                problems.append(f"index.html links to {link}, which answers {status}")
                continue
            data = data_file(site, link)
            if data is not None and not os.path.isfile(data):
                problems.append(f"index.html links to {link}, whose content ({os.path.relpath(data, site)}) is missing")
        with tempfile.TemporaryDirectory(prefix="docs-check-") as profile:
            for path, text in pages:
                dom, console = render(urllib.parse.urljoin(base, path), profile)
                problems += [f"{path or 'index.html'}: {line}" for line in console]
                if text not in dom:
                    problems.append(f"{path or 'index.html'} does not show \"{text}\" once rendered (a blank page, or another one)")
    finally:
        server.shutdown()
    if problems:
        print("docs-check: the site has problems:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"docs-check: every link of the index loads, and {len(pages)} page(s) render with no script error")


if __name__ == "__main__":
    main()
