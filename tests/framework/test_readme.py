"""The README's examples: every Python block pastes into Python's prompt, and the harness
that runs them all (``scripts/check_readme.py``, run by CI) reports what fails.

Running every example takes minutes (simulations of 100 games), so CI runs
the script itself after the tests; these tests hold its logic to small
planted cases and check what can be checked at once: that each Python block
is taken line by line by the prompt, as a user pastes it.

The README and the script are in the source tree only: these tests are
skipped where only the installed package and the tests are present.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_readme.py"
README = ROOT / "README.md"

pytestmark = pytest.mark.skipif(
    not (SCRIPT.is_file() and README.is_file()),
    reason="scripts/ and README.md are not here (tests run against the installed wheel)",
)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_readme", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_readme"] = module
    spec.loader.exec_module(module)
    return module


def test_every_python_block_of_the_readme_pastes_into_the_prompt(script: ModuleType) -> None:
    snippets = script.python_snippets(README.read_text(encoding="utf-8"))
    assert len(snippets) == 3
    assert [script.paste(snippet, run=False) for snippet in snippets] == [[], [], []]


def test_the_console_block_starts_in_a_new_directory(script: ModuleType) -> None:
    commands = script.console_commands(README.read_text(encoding="utf-8"))
    assert commands[0].startswith('cd "$(mktemp -d)"')
    assert all(command.strip() for command in commands)


def test_a_statement_right_after_a_loop_is_refused_as_the_prompt_refuses_it(
    script: ModuleType,
) -> None:
    snippet = "total = 0\nfor n in range(3):\n    total += n\nprint(total)\n"
    assert script.paste(snippet, run=False) == [
        "line 4: print(total)\n"
        'File "<stdin>", line 3\n'
        "    print(total)\n"
        "    ^^^^^\n"
        "SyntaxError: invalid syntax"
    ]
    assert script.paste(snippet.replace("print", "\nprint"), run=False) == []


def test_an_exception_is_reported_with_its_line_and_the_paste_goes_on(
    script: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    problems = script.paste("x = 1\n1 / 0\nx + 1\n")
    assert len(problems) == 1
    assert problems[0].startswith("line 2: 1 / 0\nTraceback (most recent call last):\n")
    assert problems[0].endswith("ZeroDivisionError: division by zero")
    assert capsys.readouterr().out == "2\n"  # the prompt echoes x + 1


def test_the_console_runs_in_one_session_and_stops_at_the_first_failure(
    script: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = [
        'cd "$(mktemp -d)"',
        "word=made > file.txt",
        'echo "$word" > file.txt',
        "grep -q made file.txt",
        "grep -q missing file.txt",
        "echo never",
    ]
    done, where = script.run_console(commands, tmp_path)
    assert not done
    assert where.parent == tmp_path
    assert (where / "file.txt").read_text() == "made\n"
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if line.startswith("$ ")] == [f"$ {c}" for c in commands[:5]]
    assert out[-1].endswith("status 1)")
