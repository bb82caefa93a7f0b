"""Every example of the handbook runs, and prints what the handbook shows.

The handbook has one mechanism for Python: ``.. doctest::`` blocks
(``sphinx.ext.doctest`` renders them). This module extracts every such block
from ``docs/**/*.rst`` and runs it with :mod:`doctest`, the blocks of one
page sharing their names in order (as a page is read), with ``...`` in an
expected output matching anything (``ELLIPSIS``). A Python block in any other
form (``code-block:: python``, ``pycon``, ``testcode``, or ``>>>`` in a text
block) is refused, so no example can escape the run.

The tutorials' command lines (``.. code-block:: console`` in
``docs/tutorials/``) run too: each ``$ `` line through ``bash`` in a
scratch directory of the page (with the checkout's ``docs``, ``dokuspec`` and
``examples`` linked into it, and this environment's ``dokuspec`` command
first on the ``PATH``), standard output and error together, 80 columns. The
lines after a command, up to the next, are its output, compared the same
way; a command must exit with status 0 (a page that shows another status
prints it with ``echo``). A failure names the file and line of the block.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TUTORIALS = DOCS / "tutorials"
FLAGS = doctest.ELLIPSIS

pytestmark = pytest.mark.skipif(
    not (DOCS / "conf.py").is_file(),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)

# Text blocks that show a Python session and are checked by another test, by where they
# are and the test that checks them.
CHECKED_ELSEWHERE = {
    "docs/render.rst": (
        "tests/competitive/test_render.py::test_the_handbook_example_is_what_table_text_prints"
    ),
}

_DIRECTIVE = re.compile(r"^(?P<indent> *)\.\. (?P<name>[\w:-]+)::(?P<argument>.*)$")


@dataclass(frozen=True, slots=True)
class Block:
    """A directive's block: its file, the line of the directive (1-based), its name and
    argument, and its content, dedented, with the file line of the content's first line."""

    path: Path
    line: int
    name: str
    argument: str
    content: str
    content_line: int

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every directive block of ``path`` (nested ones too), in order."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    for number, line in enumerate(lines):
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        indent = len(match["indent"])
        body: list[str] = []
        start = number + 1
        # The directive's options (":name: value") come first, then a blank line.
        while start < len(lines) and re.match(rf"^ {{{indent + 1},}}:[\w-]+:", lines[start]):
            start += 1
        for following in lines[start:]:
            if following.strip() and len(following) - len(following.lstrip()) <= indent:
                break
            body.append(following)
        while body and not body[0].strip():
            body.pop(0)
            start += 1
        found.append(
            Block(
                path=path,
                line=number + 1,
                name=match["name"],
                argument=match["argument"].strip(),
                content=textwrap.dedent("\n".join(body)).strip("\n") + "\n",
                content_line=start + 1,
            )
        )
    return found


def pages() -> list[Path]:
    return sorted(path for path in DOCS.rglob("*.rst") if "_build" not in path.parts)


def page_id(path: Path) -> str:
    return str(path.relative_to(DOCS))


# -- Python --------------------------------------------------------------------------------------


def test_python_only_in_doctest_blocks() -> None:
    """No Python example is in a form the run would skip."""
    escaped = []
    for path in pages():
        for block in blocks(path):
            language = block.argument.split()[0] if block.argument else ""
            if block.name in {"testcode", "testsetup", "testoutput"} or (
                block.name in {"code-block", "code", "sourcecode"}
                and language in {"python", "py", "pycon", "python3", "ipython"}
            ):
                escaped.append(f"{block.where}: .. {block.name}:: {block.argument}")
            elif (
                block.name != "doctest"
                and re.search(r"^>>> ", block.content, re.M)
                and str(path.relative_to(ROOT)) not in CHECKED_ELSEWHERE
            ):
                escaped.append(f"{block.where}: '>>>' in .. {block.name}::")
    assert not escaped, "Python outside a '.. doctest::' block:\n" + "\n".join(escaped)


DOCTEST_PAGES = [path for path in pages() if any(b.name == "doctest" for b in blocks(path))]


def test_the_tutorials_have_doctests() -> None:
    """The run below is not empty: each tutorial has Python examples."""
    tutorials = sorted(TUTORIALS.glob("*.rst"))
    assert len(tutorials) == 4
    assert set(tutorials) <= set(DOCTEST_PAGES)


@pytest.mark.parametrize("path", DOCTEST_PAGES, ids=page_id)
def test_doctest_blocks(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page's doctest blocks run in order in one namespace, from the checkout's root
    (files they write go to a scratch directory: ``SCRATCH``)."""
    monkeypatch.chdir(ROOT)
    globs: dict[str, object] = {"__name__": "__docs__", "SCRATCH": tmp_path}
    parser = doctest.DocTestParser()
    failures = []
    for block in (b for b in blocks(path) if b.name == "doctest"):
        test = parser.get_doctest(
            block.content, globs, block.where, str(path), block.content_line - 1
        )
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        report: list[str] = []
        runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs  # the DocTest ran on a copy: the next block sees its names
        if runner.failures:
            failures.append("".join(report))
    assert not failures, "\n".join(failures)


# -- command lines -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Command:
    line: int
    text: str
    want: str


def commands(block: Block) -> list[Command]:
    """The ``$ `` commands of a console block with the output each shows."""
    found: list[Command] = []
    for offset, line in enumerate(block.content.rstrip("\n").split("\n")):
        if line.startswith("$ "):
            found.append(Command(block.content_line + offset, line[2:], ""))
        elif found:
            last = found[-1]
            found[-1] = Command(last.line, last.text, last.want + line + "\n")
        else:
            pytest.fail(f"{block.where}: output before any command: {line!r}")
    return found


CONSOLE_PAGES = sorted(
    path
    for path in TUTORIALS.glob("*.rst")
    if any(b.name == "code-block" and b.argument == "console" for b in blocks(path))
)


def test_the_tutorials_have_command_lines() -> None:
    assert len(CONSOLE_PAGES) == 4


@pytest.mark.parametrize("path", CONSOLE_PAGES, ids=page_id)
def test_console_blocks(path: Path, tmp_path: Path) -> None:
    """Each tutorial's command lines run in order in one scratch directory and print what
    the page shows."""
    for name in ("docs", "dokuspec", "examples"):
        (tmp_path / name).symlink_to(ROOT / name)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["COLUMNS"] = "80"
    env["PYTHON"] = sys.executable
    env.pop("FORCE_COLOR", None)
    checker = doctest.OutputChecker()
    failures = []
    for block in blocks(path):
        if block.name != "code-block" or block.argument != "console":
            continue
        for command in commands(block):
            done = subprocess.run(
                ["bash", "-c", command.text],
                cwd=tmp_path,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                check=False,
            )
            where = f"{path.relative_to(ROOT)}:{command.line}"
            if done.returncode != 0:
                failures.append(
                    f"{where}: exit status {done.returncode}\n$ {command.text}\n{done.stdout}"
                )
            elif not checker.check_output(command.want, done.stdout, FLAGS):
                failures.append(
                    f"{where}:\n$ {command.text}\n--- the page shows\n{command.want}"
                    f"--- the command printed\n{done.stdout}"
                )
    assert not failures, "\n".join(failures)
