"""Read every page of the built handbook in a real headless browser, and fail on what a reader sees.

Run from the repository root after building the handbook::

    python scripts/check_handbook.py                       # docs/_build/html
    python scripts/check_handbook.py /tmp/handbook-html    # another build

``sphinx-build -W`` sees only what Sphinx warns about. What the theme and
the browser do with the pages it cannot see: Furo paints a red "ERROR:
Adding a table of contents in Furo-based documentation is unnecessary"
banner over a ``.. contents::`` directive, through a CSS ``::before`` rule.
This script serves the built pages over HTTP on a free port of 127.0.0.1,
opens every one of them (every ``.html`` file of the build, the module
source pages included) in headless Chromium through Selenium, in a window
1280 pixels wide, and reports, per page:

* **error marks**: text beginning with ``ERROR`` that the theme's CSS
  generates (``::before`` or ``::after`` content: Furo's banner), a visible
  paragraph beginning with ``ERROR:`` (Furo's page for a template that
  inherits its ``layout.html``), and docutils' system messages and
  problematic references;
* **images that do not load**: an ``<img>`` (SVG or raster) whose
  ``naturalWidth`` is 0 once loading has ended, and an ``<object>`` whose
  data cannot be fetched or, for SVG, is not an SVG document;
* **console errors**: every entry of the browser's log at level ``SEVERE``
  (an exception thrown by a script, a resource that failed to load);
* **a page too wide**: the document is wider than the window
  (``scrollWidth`` greater than ``clientWidth``), or a box other than a code
  block scrolls sideways because its content does not fit (a table in
  Furo's scrolling wrapper). Code blocks (``pre`` and Sphinx's
  ``highlight`` containers) are allowed to scroll.

Each problem is printed as ``PAGE: kind: detail``, pages relative to the
build directory. Exit status: 0 when every page is clean; 1 when a problem
was found (the last line counts them); 2 when the build directory has no
``index.html``, or Chromium or ChromeDriver cannot be found or started (one
line saying which).

It needs Chromium and its WebDriver (on Debian: ``apt-get install chromium
chromium-driver``, which give ``/usr/bin/chromium`` and
``/usr/bin/chromedriver``; ``--chromium`` and ``--chromedriver`` name
others) and Selenium (in the ``dev`` extra). The browser runs without a
sandbox (CI runs as root), without a GPU and without any network access of
its own, in a new empty profile.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUILD = ROOT / "docs" / "_build" / "html"

#: The width of the window every page is read in, in CSS pixels.
WIDTH = 1280
#: Its height; it matters only to what the page lays out at first.
HEIGHT = 900

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    f"--window-size={WIDTH},{HEIGHT}",
)

# Run in the page once it has loaded; calls back with the facts the checks
# read. Images still loading (lazy ones included) are waited for, at most
# 10 s each.
FACTS_SCRIPT = r"""
const done = arguments[arguments.length - 1];
const describe = (el) => {
  let name = el.localName;
  if (el.id) name += "#" + el.id;
  for (const c of el.classList) name += "." + c;
  return name;
};
const shown = (el) => el.getClientRects().length > 0
  && getComputedStyle(el).visibility !== "hidden";
const settled = (el, ready) => ready() ? Promise.resolve() : Promise.race([
  new Promise((resolve) => {
    el.addEventListener("load", resolve, {once: true});
    el.addEventListener("error", resolve, {once: true});
  }),
  new Promise((resolve) => setTimeout(resolve, 10000)),
]);
const isCode = (el) => el.closest("pre, .highlight, div[class^='highlight-']") !== null;
(async () => {
  const facts = {errorMarks: [], images: [], objects: [], scrollers: []};
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el)) continue;
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(el, pseudo).content;
      if (/^["']ERROR/.test(content)) {
        facts.errorMarks.push(describe(el) + pseudo + " " + content.slice(1, -1));
      }
    }
    if (el.matches(".system-message, .problematic")) {
      facts.errorMarks.push(describe(el) + " " + el.textContent.trim().slice(0, 120));
    } else if (el.localName === "p" && !isCode(el) && el.textContent.trim().startsWith("ERROR:")) {
      facts.errorMarks.push(describe(el) + " " + el.textContent.trim().slice(0, 120));
    }
    const style = getComputedStyle(el);
    if (["auto", "scroll"].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1
        && !isCode(el)) {
      const section = el.closest("section[id]");
      facts.scrollers.push({box: describe(el) + (section ? " in section #" + section.id : ""),
                            content: el.scrollWidth, width: el.clientWidth});
    }
  }
  for (const img of document.querySelectorAll("img")) {
    img.loading = "eager";
    await settled(img, () => img.complete);
    facts.images.push({src: img.getAttribute("src"), url: img.currentSrc || img.src,
                       naturalWidth: img.naturalWidth});
  }
  for (const obj of document.querySelectorAll("object[data]")) {
    let status = 0;
    try {
      status = (await fetch(obj.data)).status;
    } catch (error) {
      status = 0;
    }
    if (status >= 200 && status < 300) {
      // The object's first document is an empty one (about:blank), complete at once:
      // wait for the document of its data instead.
      await settled(obj, () => obj.contentDocument !== null
                               && obj.contentDocument.URL === obj.data
                               && obj.contentDocument.readyState === "complete");
    }
    const root = obj.contentDocument && obj.contentDocument.documentElement;
    facts.objects.push({data: obj.getAttribute("data"), type: obj.type, status: status,
                        root: root ? root.localName : null});
  }
  const doc = document.documentElement;
  facts.scrollWidth = doc.scrollWidth;
  facts.clientWidth = doc.clientWidth;
  facts.innerWidth = window.innerWidth;
  done(facts);
})().catch((error) => done({scriptError: String(error)}));
"""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong on one page: ``page`` relative to the build directory,
    ``kind`` one of ``error mark``, ``image``, ``console``, ``too wide``, and
    what was seen."""

    page: str
    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.page}: {self.kind}: {self.detail}"


class SetupError(RuntimeError):
    """The check cannot run: no build, no browser; the message says which."""


def pages(build: Path) -> list[str]:
    """Every ``.html`` file under ``build``, as POSIX paths relative to it, sorted.

    Raises :class:`SetupError` when ``build`` has no ``index.html`` (not a
    built handbook).
    """
    if not (build / "index.html").is_file():
        raise SetupError(f"{build}: no index.html (build the handbook first)")
    return sorted(path.relative_to(build).as_posix() for path in build.rglob("*.html"))


def problems(page: str, facts: dict[str, Any], log: Sequence[dict[str, Any]]) -> list[Problem]:
    """The problems of ``page`` from the facts :data:`FACTS_SCRIPT` gathered and
    the browser's log entries for it (dictionaries with ``level`` and
    ``message``, as WebDriver gives them)."""
    if "scriptError" in facts:
        return [Problem(page, "check", f"the page could not be read: {facts['scriptError']}")]
    found = [Problem(page, "error mark", mark) for mark in facts["errorMarks"]]
    for image in facts["images"]:
        if image["naturalWidth"] == 0:
            found.append(Problem(page, "image", f"{image['src']} did not load"))
    for obj in facts["objects"]:
        if not 200 <= obj["status"] < 300:
            found.append(Problem(page, "image", f"{obj['data']} did not load ({obj['status']})"))
        elif obj["type"] == "image/svg+xml" and obj["root"] != "svg":
            found.append(Problem(page, "image", f"{obj['data']} is not an SVG document"))
    found += [
        Problem(page, "console", entry["message"]) for entry in log if entry["level"] == "SEVERE"
    ]
    if facts["scrollWidth"] > facts["clientWidth"]:
        found.append(
            Problem(
                page,
                "too wide",
                f"the page is {facts['scrollWidth']} px wide in a window of"
                f" {facts['clientWidth']} px",
            )
        )
    found += [
        Problem(
            page,
            "too wide",
            f"{box['box']} scrolls sideways: {box['content']} px of content in {box['width']} px",
        )
        for box in facts["scrollers"]
    ]
    return found


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(build: Path) -> Iterator[str]:
    """Serve ``build`` over HTTP on a free port of 127.0.0.1; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(build))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            thread.join()


def find_browser(chromium: str | None, chromedriver: str | None) -> tuple[str, str]:
    """The paths of Chromium and ChromeDriver: the ones named, else those on
    ``PATH``; raises :class:`SetupError` naming the one missing."""
    found = []
    for given, name, package in (
        (chromium, "chromium", "chromium"),
        (chromedriver, "chromedriver", "chromium-driver"),
    ):
        path = shutil.which(given or name)
        if path is None:
            raise SetupError(
                f"{given or name} not found (on Debian: apt-get install chromium chromium-driver;"
                f" {name} comes with the package {package})"
            )
        found.append(path)
    return found[0], found[1]


@contextmanager
def browser(chromium: str, chromedriver: str) -> Iterator[Any]:
    """A headless Chromium driven by Selenium, in a new empty profile, its
    window :data:`WIDTH` by :data:`HEIGHT` pixels, its console log kept."""
    with tempfile.TemporaryDirectory(prefix="check-handbook-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        try:
            driver = webdriver.Chrome(options=options, service=Service(chromedriver))
        except WebDriverException as error:
            first = (error.msg or str(error)).strip().splitlines()[0]
            raise SetupError(f"Chromium did not start: {first}") from error
        try:
            driver.set_page_load_timeout(60)
            driver.set_script_timeout(60)
            # The layout viewport exactly WIDTH wide, whatever the window's frame takes.
            driver.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False},
            )
            yield driver
        finally:
            driver.quit()


def page_log(entries: Sequence[dict[str, Any]], base: str, build: Path) -> list[dict[str, Any]]:
    """The browser's log entries that concern the page, from those of its visit.

    Chromium asks every site it visits for ``/favicon.ico`` unless a page
    names an icon; the handbook names none, so when the build has no
    ``favicon.ico`` that request's 404 is no fault of the page and is left
    out. Every other entry is kept.
    """
    favicon = f"{base}favicon.ico "
    if (build / "favicon.ico").exists():
        return list(entries)
    return [entry for entry in entries if not entry["message"].startswith(favicon)]


def check(build: Path, chromium: str, chromedriver: str) -> tuple[int, list[Problem]]:
    """Read every page of ``build``; returns the number of pages read and the
    problems found, page by page in :func:`pages`' order."""
    names = pages(build)
    found: list[Problem] = []
    with served(build) as base, browser(chromium, chromedriver) as driver:
        for name in names:
            driver.get(base + name)
            facts = driver.execute_async_script(FACTS_SCRIPT)
            found += problems(name, facts, page_log(driver.get_log("browser"), base, build))
    return len(names), found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Read every page of the built handbook in headless Chromium;"
        " fail on error marks, images that do not load, console errors and pages"
        f" wider than a {WIDTH}-pixel window."
    )
    parser.add_argument(
        "build",
        nargs="?",
        type=Path,
        default=DEFAULT_BUILD,
        help="the built HTML handbook (default: docs/_build/html)",
    )
    parser.add_argument("--chromium", help="the Chromium executable (default: chromium on PATH)")
    parser.add_argument(
        "--chromedriver", help="the ChromeDriver executable (default: chromedriver on PATH)"
    )
    args = parser.parse_args(argv)
    try:
        chromium, chromedriver = find_browser(args.chromium, args.chromedriver)
        read, found = check(args.build, chromium, chromedriver)
    except SetupError as error:
        print(f"check_handbook: error: {error}", file=sys.stderr)
        return 2
    for problem in found:
        print(problem)
    pages_with = len({problem.page for problem in found})
    if found:
        print(f"{len(found)} problems on {pages_with} of {read} pages")
        return 1
    print(f"{read} pages read, no problem found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
