"""Run the README's examples as a new user would, in order, and fail on the first that fails.

Run from the repository root, with dokuspec installed in the environment of
the Python that runs it::

    .venv/bin/python scripts/check_readme.py

Two parts of ``README.md`` are run:

* the console block of "Command line": every ``$`` line, in order, in one
  bash session started in the root of the checkout (so that ``cd`` and
  variables carry over, as in a terminal), with the directory of this
  Python's ``dokuspec`` and ``python`` first on ``PATH`` and ``TMPDIR`` a
  new directory removed afterwards. Each line must exit with status 0;
* then the Python blocks of "Python", in the directory where the console
  block ended, each pasted line by line into its own interactive console
  (:class:`code.InteractiveConsole`, which reads input as Python's own
  prompt does): a line that the prompt would refuse (a statement after an
  indented block with no blank line between them) or that raises fails.

Each line is printed with its wall time and its CPU time (its own and its
child processes'). Exit status: 0 when every example ran; 1 at the first
that failed, after its output; 2 when the README has no such block.
"""

from __future__ import annotations

import argparse
import code
import contextlib
import io
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


class ReadmeError(ValueError):
    """The README lacks a block this script runs; the message names it."""


def _block(text: str, heading: str, language: str) -> list[str]:
    """The fenced blocks of ``language`` in the section under ``heading``, each as its lines."""
    lines = text.splitlines()
    try:
        start = lines.index(heading)
    except ValueError:
        raise ReadmeError(f"no section {heading!r}") from None
    level = heading.split(" ", 1)[0]
    blocks: list[list[str]] = []
    inside: list[str] | None = None
    for line in lines[start + 1 :]:
        if inside is None and re.match(r"#+ ", line) and len(line.split(" ", 1)[0]) <= len(level):
            break
        if inside is None and line.strip() == f"```{language}":
            inside = []
        elif inside is not None and line.strip() == "```":
            blocks.append(inside)
            inside = None
        elif inside is not None:
            inside.append(line)
    if not blocks:
        raise ReadmeError(f"no {language} block under {heading!r}")
    return ["\n".join(block) for block in blocks]


def console_commands(text: str) -> list[str]:
    """The commands of the "Command line" console block, without their ``$ `` prompt."""
    (block,) = _block(text, "### Command line", "console")[:1]
    return [line[2:] for line in block.splitlines() if line.startswith("$ ")]


def python_snippets(text: str) -> list[str]:
    """The Python blocks of the "Python" section, in order."""
    return _block(text, "### Python", "python")


class Console(code.InteractiveConsole):
    """An interactive console that records what went wrong instead of only printing it."""

    def __init__(self) -> None:
        super().__init__(locals={"__name__": "__console__"}, filename="<stdin>")
        self.errors: list[str] = []

    def showsyntaxerror(self, filename: str | None = None, **kwargs: object) -> None:
        self.errors.append("".join(traceback.format_exception_only(*sys.exc_info()[:2])).strip())

    def showtraceback(self) -> None:
        self.errors.append("".join(traceback.format_exception(*sys.exc_info())).strip())


def paste(snippet: str, *, run: bool = True) -> list[str]:
    """Paste ``snippet`` line by line into a new interactive console, as into ``python``'s prompt.

    Returns the errors, each with the line that was being entered; empty
    when every line was taken and ran. With ``run=False`` the code is only
    compiled (what the prompt accepts), not run.
    """
    console = Console()
    if not run:
        console.runcode = lambda code: None  # type: ignore[method-assign]
    problems = []
    lines = [*snippet.splitlines(), ""]  # the Enter that ends a last block
    for number, line in enumerate(lines, 1):
        console.push(line)
        if console.errors:
            problems += [f"line {number}: {line}\n{error}" for error in console.errors]
            console.errors.clear()
    return problems


_MARK = "\x1e"  # between a command's output and the harness's report


def _script(commands: Sequence[str]) -> str:
    """A bash script that runs ``commands`` in one session and reports each one to the
    file named by ``$CHECK_README_REPORT``."""
    out = [
        "set -uo pipefail",
        # The CPU seconds of the session's child processes so far (bash's times,
        # whose second line reads "1m2.5s 0m0.1s": user, system).
        'times > "$CHECK_README_REPORT.times"',
        '__cpu() { tail -n 1 "$CHECK_README_REPORT.times" | awk \'{t = 0; for (i = 1; i <= 2;'
        ' i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] } print t}\'; }',
    ]
    for index, command in enumerate(commands):
        out += [
            f"__start=$(date +%s.%N); __cpu0=$(__cpu); printf '{_MARK}start {index}\\n'",
            command,
            "__status=$?",
            'times > "$CHECK_README_REPORT.times"',
            f'echo "{index} $__status $(date +%s.%N) $__start $(__cpu) $__cpu0 $PWD"'
            ' >> "$CHECK_README_REPORT"',
            'times > "$CHECK_README_REPORT.times"',
            '[ "$__status" -eq 0 ] || exit "$__status"',
        ]
    return "\n".join(out) + "\n"


def run_console(commands: Sequence[str], temporary: Path) -> tuple[bool, Path]:
    """Run ``commands`` as :func:`console_commands` gives them; returns whether all
    succeeded and the directory the session ended in."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(temporary)
    report = temporary / "report"
    env["CHECK_README_REPORT"] = str(report)
    report.touch()
    done = subprocess.run(
        ["bash", "-c", _script(commands)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    output = done.stdout
    reports = report.read_text().splitlines()
    outputs = output.split(_MARK)[1:]
    where = ROOT
    for report in reports:
        index, status, end, start, cpu, cpu0, where_text = report.split(" ", 6)
        where = Path(where_text)
        wall = float(end) - float(start)
        print(f"$ {commands[int(index)]}")
        print(f"  ({wall:.1f} s, CPU {float(cpu) - float(cpu0):.1f} s, status {status})")
        if status != "0":
            print(outputs[int(index)].split("\n", 1)[1], end="")
            return False, where
    if len(reports) < len(commands):
        print(f"the session ended before $ {commands[len(reports)]}")
        return False, where
    return True, where


def run_snippets(snippets: Sequence[str], where: Path) -> bool:
    """Paste each snippet into its own console in ``where``; whether all ran."""
    previous = Path.cwd()
    os.chdir(where)
    try:
        for number, snippet in enumerate(snippets, 1):
            start, cpu = time.perf_counter(), time.process_time()
            shown = io.StringIO()
            with contextlib.redirect_stdout(shown):
                problems = paste(snippet)
            wall, used = time.perf_counter() - start, time.process_time() - cpu
            print(f">>> Python block {number} ({wall:.1f} s, CPU {used:.1f} s)")
            if problems:
                print(shown.getvalue(), end="")
                print("\n".join(problems))
                return False
    finally:
        os.chdir(previous)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", type=Path, default=README, help="default: README.md")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    try:
        commands = console_commands(text)
        snippets = python_snippets(text)
    except ReadmeError as error:
        print(f"check_readme: error: {args.readme}: {error}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="check-readme-") as temporary:
        done, where = run_console(commands, Path(temporary))
        if not done:
            return 1
        if not run_snippets(snippets, where):
            return 1
    print(f"{len(commands)} commands and {len(snippets)} Python blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
