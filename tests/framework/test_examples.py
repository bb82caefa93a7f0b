"""The scripts in ``examples/`` run, with small arguments, and print what they promise.

Each runs as a user runs it (``python examples/NAME.py``, from another directory),
with ``--help`` and with arguments small enough for the test suite. Their lines fit 80
columns.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from dokuspec import competitive

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

pytestmark = pytest.mark.skipif(
    not (EXAMPLES / "sumodoku_solvable.py").is_file(),
    reason="the examples are not here (tests run against the installed wheel)",
)

SCRIPTS = ["sumodoku_solvable.py", "balanced_deals.py", "simulate_and_read.py"]


def run(script: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        timeout=240,
    )


def lines_fit(text: str) -> None:
    for line in text.split("\n"):
        assert len(line) <= 80, line


@pytest.mark.parametrize("script", SCRIPTS)
def test_help(script: str, tmp_path: Path) -> None:
    done = run(script, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"usage: {script} [-h]")
    lines_fit(done.stdout)


def test_the_examples_are_listed_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Examples", 1)[1].split("\n## ", 1)[0]
    for script in SCRIPTS:
        assert f"examples/{script}" in section, script


def test_sumodoku_solvable(tmp_path: Path) -> None:
    done = run("sumodoku_solvable.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    # The bundled 17-given puzzle has exactly one completion, which the script prints.
    assert lines[:11] == [
        "puzzle: completable",
        "978654213",
        "645231798",
        "213879654",
        "796518432",
        "521347986",
        "384926175",
        "437182569",
        "159463827",
        "862795341",
        "",
    ]
    assert "z3 agrees: True" in lines
    assert "completions (counting up to 2): 1" in lines
    assert "under Sudoku X: impossible" in lines
    lines_fit(done.stdout)


def test_sumodoku_solvable_refuses_an_impossible_board(tmp_path: Path) -> None:
    board = "..1....13.4.....9.2...7....7.6...4.....3........9......3.1..5......6.8.7........."
    done = run("sumodoku_solvable.py", "--board", board, "--backend", "z3", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == "puzzle: impossible\n"
    assert done.stderr == "the board is impossible; this tour needs a completable one\n"


def test_balanced_deals(tmp_path: Path) -> None:
    done = run(
        "balanced_deals.py",
        "--seed",
        "3",
        "--gap",
        "1",
        "--copies",
        "1",
        "--balance",
        "1",
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "largest gap between the piles' counts of a digit: 1\n" in out
    for mode in ("draft", "twins", "twins-draft"):
        assert f"\n{mode} deal, 1 deck: player " in out
        seed = competitive.balanced_seed(mode, 3, 1, copies_per_colour=1)
        value = competitive.advantage(
            mode, competitive.deal(mode, seed, copies_per_colour=1).pool, 1
        )
        assert abs(value) <= 1
        assert f"advantage for Black: {value:.3f} bits (the game of seed {seed})\n" in out
    assert "Sumodoku colours: Player 1 [2, 4, 6, 7], Player 2 [1, 3, 8, 9], shared 5\n" in out
    assert out.endswith("under odd/even marks: P1 1 odd, spare odd\n")
    # The deal's table: equal pile sums (TD-4), the 90 dominoes all accounted for.
    red = next(line for line in out.split("\n") if line.startswith("Red (40)"))
    blue = next(line for line in out.split("\n") if line.startswith("Blue (40)"))
    assert red.split()[-1] == blue.split()[-1]
    assert "All (90)        10 10 10 10 10 10 10 10 10   450\n" in out
    lines_fit(out)
    assert run("balanced_deals.py", "--gap", "-1", cwd=tmp_path).returncode == 2
    assert run("balanced_deals.py", "--balance", "-1", cwd=tmp_path).returncode == 2


def test_simulate_and_read(tmp_path: Path) -> None:
    done = run(
        "simulate_and_read.py", "--games", "2", "--seed", "1", "--rule", "td-4", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    # Every Sumodoku game has a winner (SU-5 to SU-10): the two seats' wins add up to 2.
    wins = re.match(r"Sumodoku, solver against random: wins \((\d+), (\d+)\); ", lines[0])
    assert wins is not None, lines[0]
    assert int(wins[1]) + int(wins[2]) == 2
    assert lines[1].startswith("Competitive Sudoku, greedy against random: wins (")
    assert lines[2].startswith("Two-Doku, inference against random: wins (")
    assert lines[3:6] == ["", "TD-4 (docs/rulings.rst)", "  question: The deal"]
    assert lines[6].startswith("  ruling: From the 82 remaining dominoes: 2 to the pot")
    assert any(line.startswith("  option: balance constraints beyond equal sums") for line in lines)
    lines_fit(done.stdout)


def test_simulate_and_read_refuses_an_unknown_rule(tmp_path: Path) -> None:
    done = run("simulate_and_read.py", "--games", "1", "--rule", "ZZ-999", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "ZZ-999: no such rule in rulings.rst\n"
