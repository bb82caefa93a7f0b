"""``scripts/check_handbook.py``: what it finds in a browser, and how it reports it.

The first tests hold the script's reading of what the browser gathered to
planted facts, without a browser. The last one serves a tiny site with one
planted fault per page (Furo's table-of-contents banner drawn by Furo's own
stylesheet, a broken image and object, a script error, a page too wide, a
table that scrolls sideways) and clean pages beside them (the banner's
escape hatch, a wide code block, a good SVG image), reads it in headless
Chromium and compares the whole report. It needs Debian's ``chromium`` and
``chromium-driver`` (``.ci/run`` installs them) and is skipped without them.

The script is in the source tree only: these tests are skipped where only
the installed package and the tests are present.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_handbook.py"

pytestmark = pytest.mark.skipif(
    not SCRIPT.is_file(),
    reason="scripts/ is not here (tests run against the installed wheel)",
)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_handbook", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_handbook"] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def clean_facts(**changes: object) -> dict[str, object]:
    facts: dict[str, object] = {
        "errorMarks": [],
        "images": [{"src": "a.svg", "url": "http://h/a.svg", "naturalWidth": 300}],
        "objects": [],
        "scrollers": [],
        "scrollWidth": 1265,
        "clientWidth": 1265,
        "innerWidth": 1280,
    }
    return facts | changes


def test_a_clean_page_has_no_problem(script: ModuleType) -> None:
    log = [{"level": "INFO", "message": "a note"}, {"level": "WARNING", "message": "a warning"}]
    assert script.problems("index.html", clean_facts(), log) == []


def test_each_planted_fact_is_one_problem_of_its_kind(script: ModuleType) -> None:
    facts = clean_facts(
        errorMarks=["nav#on-this-page.contents.local::before ERROR: Adding a table"],
        images=[
            {"src": "good.svg", "url": "http://h/good.svg", "naturalWidth": 10},
            {"src": "bad.svg", "url": "http://h/bad.svg", "naturalWidth": 0},
        ],
        objects=[
            {"data": "gone.svg", "type": "image/svg+xml", "status": 404, "root": None},
            {"data": "page.svg", "type": "image/svg+xml", "status": 200, "root": "html"},
            {"data": "fine.svg", "type": "image/svg+xml", "status": 200, "root": "svg"},
        ],
        scrollers=[{"box": "div.table-wrapper in section #s", "content": 851, "width": 742}],
        scrollWidth=2008,
    )
    log = [{"level": "SEVERE", "message": "x.js 1:8 Uncaught Error: planted"}]
    assert [str(problem) for problem in script.problems("p.html", facts, log)] == [
        "p.html: error mark: nav#on-this-page.contents.local::before ERROR: Adding a table",
        "p.html: image: bad.svg did not load",
        "p.html: image: gone.svg did not load (404)",
        "p.html: image: page.svg is not an SVG document",
        "p.html: console: x.js 1:8 Uncaught Error: planted",
        "p.html: too wide: the page is 2008 px wide in a window of 1265 px",
        "p.html: too wide: div.table-wrapper in section #s scrolls sideways:"
        " 851 px of content in 742 px",
    ]


def test_a_page_the_script_could_not_read_is_a_problem(script: ModuleType) -> None:
    assert [str(p) for p in script.problems("p.html", {"scriptError": "TypeError: x"}, [])] == [
        "p.html: check: the page could not be read: TypeError: x"
    ]


def test_the_favicon_request_is_left_out_only_where_the_build_has_no_favicon(
    script: ModuleType, tmp_path: Path
) -> None:
    base = "http://127.0.0.1:8000/"
    entries = [
        {"level": "SEVERE", "message": f"{base}favicon.ico - Failed to load resource: 404"},
        {"level": "SEVERE", "message": f"{base}logo.png - Failed to load resource: 404"},
    ]
    assert script.page_log(entries, base, tmp_path) == entries[1:]
    (tmp_path / "favicon.ico").write_bytes(b"")
    assert script.page_log(entries, base, tmp_path) == entries


def test_every_html_file_is_a_page_and_a_build_needs_an_index(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "_modules" / "pkg").mkdir(parents=True)
    for name in ("index.html", "b.html", "_modules/pkg/m.html", "_static/x.css"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("<p>x</p>", encoding="utf-8")
    assert script.pages(tmp_path) == ["_modules/pkg/m.html", "b.html", "index.html"]
    (tmp_path / "index.html").unlink()
    assert script.main([str(tmp_path), "--chromium", sys.executable]) == 2
    assert capsys.readouterr().err == (
        f"check_handbook: error: {tmp_path}: no index.html (build the handbook first)\n"
    )


def test_a_missing_browser_is_named(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert script.main([str(tmp_path), "--chromium", "no-such-chromium"]) == 2
    assert capsys.readouterr().err == (
        "check_handbook: error: no-such-chromium not found (on Debian: apt-get install"
        " chromium chromium-driver; chromium comes with the package chromium)\n"
    )


PAGE = '<!DOCTYPE html><html><head><meta charset="utf-8">{head}</head><body>{body}</body></html>'
TOC = '<nav class="contents local{extra}" id="on-this-page"><ul><li>A section</li></ul></nav>'
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>'  # noqa: E501

SITE = {
    # Furo's stylesheet draws its banner over a table of contents...
    "furo-toc.html": ('<link rel="stylesheet" href="furo.css">', TOC.format(extra="")),
    # ...and not over one that takes the escape hatch.
    "furo-escape.html": (
        '<link rel="stylesheet" href="furo.css">',
        TOC.format(extra=" this-will-duplicate-information-and-it-is-still-useful-here"),
    ),
    "layout.html": ("", '<p>ERROR: This page was generated by inheriting from "layout.html".</p>'),
    "docutils.html": ("", '<div class="system-message"><p>Unknown directive type.</p></div>'),
    "index.html": (
        "",
        '<img src="square.svg" alt="a square">'
        '<object data="square.svg" type="image/svg+xml"></object>'
        '<div class="highlight" style="overflow-x: auto"><pre>' + "x" * 400 + "</pre></div>",
    ),
    "broken-image.html": ("", '<img src="missing.svg" alt="gone">'),
    "broken-object.html": ("", '<object data="gone.svg" type="image/svg+xml"></object>'),
    "script-error.html": ("", '<script>throw new Error("planted");</script>'),
    "wide.html": ("<style>body { margin: 0 }</style>", '<div style="width: 2000px">wide</div>'),
    "table.html": (
        "",
        '<div class="wrapper" style="overflow-x: auto; width: 500px">'
        '<table style="width: 900px"><tr><td>a</td></tr></table></div>',
    ),
}


@pytest.mark.skipif(
    shutil.which("chromium") is None or shutil.which("chromedriver") is None,
    reason="Debian's chromium and chromium-driver are not installed (.ci/run installs them)",
)
def test_the_browser_finds_each_planted_fault_and_nothing_else(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    furo = pytest.importorskip("furo")
    stylesheet = Path(furo.__file__).parent / "theme" / "furo" / "static" / "styles" / "furo.css"
    shutil.copy(stylesheet, tmp_path / "furo.css")
    (tmp_path / "square.svg").write_text(SQUARE, encoding="utf-8")
    for name, (head, body) in SITE.items():
        (tmp_path / name).write_text(PAGE.format(head=head, body=body), encoding="utf-8")

    assert script.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    port = re.search(r"http://127\.0\.0\.1:(\d+)/", out)
    assert port is not None, out
    base = port.group(0)
    banner = (
        "ERROR: Adding a table of contents in Furo-based documentation is unnecessary, and"
        " does not work well with existing styling. Add a"
        " 'this-will-duplicate-information-and-it-is-still-useful-here' class, if you want"
        " an escape hatch."
    )
    not_found = "the server responded with a status of 404 (File not found)"
    assert out.splitlines() == [
        "broken-image.html: image: missing.svg did not load",
        f"broken-image.html: console: {base}missing.svg - Failed to load resource: {not_found}",
        "broken-object.html: image: gone.svg did not load (404)",
        f"broken-object.html: console: {base}gone.svg - Failed to load resource: {not_found}",
        "docutils.html: error mark: div.system-message Unknown directive type.",
        f"furo-toc.html: error mark: nav#on-this-page.contents.local::before {banner}",
        "layout.html: error mark: p ERROR: This page was generated by inheriting from"
        ' "layout.html".',
        f"script-error.html: console: {base}script-error.html 0:76 Uncaught Error: planted",
        "table.html: too wide: div.wrapper scrolls sideways: 900 px of content in 500 px",
        # No vertical scroll bar on so short a page: the window's whole width.
        "wide.html: too wide: the page is 2000 px wide in a window of 1280 px",
        "10 problems on 8 of 10 pages",
    ]
