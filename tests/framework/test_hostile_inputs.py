"""Hostile inputs that once broke a promise, each held to the promise it broke.

Found by trying several hundred hostile inputs against the command line and
the API: tracebacks where one line was promised, exit statuses that hid a
failure, bad input silently accepted, and messages without their place.
"""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dokuspec import sumodoku
from dokuspec.cli import main
from dokuspec.errors import BudgetError, NotationError, OffBoardError, PositionError
from dokuspec.sumodoku import Board, Position, read_positions

PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
PROGRAM = [sys.executable, "-m", "dokuspec"]
# Explaining this takes minutes with either backend: a run is always mid-search
# when the signal comes.
HARD = json.dumps(
    {
        "board": "." * 10 + "3" + "." * 17 + "4" + "." * 10 + "4" + "." * 41,
        "non_consecutive": True,
        "x": True,
    }
)


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


# -- the program's own output ------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["sumodoku", "check", "--help"]])
def test_help_and_version_to_a_full_disk_are_one_line_and_status_74(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*PROGRAM, *args], check=False, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 74
    assert done.stderr == "dokuspec: error: cannot write standard output: No space left on device\n"


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["sumodoku", "count", "--help"]])
def test_a_closed_standard_output_is_status_74_before_anything_runs(args: list[str]) -> None:
    done = subprocess.run(
        [*PROGRAM, *args],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 74
    assert (
        done.stderr == "dokuspec: error: cannot write standard output: standard output is closed\n"
    )


def test_no_command_prints_the_usage_with_status_2() -> None:
    done = subprocess.run(PROGRAM, check=False, capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Usage: dokuspec [OPTIONS] COMMAND [ARGS]...\n")
    assert "\\n" not in done.stderr
    assert re.search(r"^  sumodoku +Sumodoku positions", done.stderr, re.MULTILINE)
    assert re.search(r"^  competitive +Competitive Sudoku", done.stderr, re.MULTILINE)


def wait_until_mapped(pid: int, names: tuple[str, ...], timeout: float = 60.0) -> None:
    """Wait until a shared library whose path contains one of ``names`` is mapped into ``pid``.

    Returns at once where ``/proc`` is not available.
    """
    maps = Path(f"/proc/{pid}/maps")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            text = maps.read_text()
        except OSError:
            return
        if any(name in text for name in names):
            return
        time.sleep(0.002)
    raise AssertionError(f"no library of {names} was loaded within {timeout} s")


@pytest.mark.parametrize("delay", [0.0, 0.1, 0.25, 0.5, 1.0])
def test_sigint_at_any_moment_of_start_up_is_one_line_and_130(tmp_path: Path, delay: float) -> None:
    # From the loading of the solver libraries on. (The first milliseconds
    # belong to the Python interpreter's own start-up, before any of
    # dokuspec's code runs, and Python itself answers a signal there.)
    path = tmp_path / "hard.jsonl"
    path.write_text(HARD + "\n")
    process = subprocess.Popen(
        [*PROGRAM, "sumodoku", "check", "--explain", "--time-limit", "3600", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # On a loaded machine the interpreter's start-up alone can outlast the
    # delay, so the delay counts from the moment dokuspec's code runs: when
    # the first solver library is mapped into the process (Linux's /proc).
    wait_until_mapped(process.pid, ("pysolvers", "libz3"))
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert (process.returncode, err) == (130, "dokuspec: interrupted\n")


def test_a_terminal_that_cannot_show_unicode_gets_escapes(tmp_path: Path) -> None:
    path = tmp_path / "café.txt"
    path.write_text(f"{PUZZLE}\n{PUZZLE}\n{PUZZLE}\n")
    done = subprocess.run(
        [*PROGRAM, "sumodoku", "check", path.name],  # a short name: its line is not wrapped
        check=False,
        capture_output=True,
        text=True,
        encoding="ascii",
        errors="strict",
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        cwd=tmp_path,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "caf\\xe9.txt" in done.stdout
    assert done.stdout.count("completable") == 3 + 1  # three rows and the summary


# -- usage -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--solver", "bogus"], "unknown SAT solver 'bogus'; choose one of cadical153"),
        (["--backend", "z3", "--solver", "cadical195"], "a SAT solver name goes with backend"),
        (["--solver", "kissat"], "SAT solver 'kissat' is refused: python-sat's Kissat ignores"),
        (["--solver", "glucose4", "--conflict-limit", "5"], "cannot honour a conflict limit"),
    ],
)
def test_solver_options_are_checked_before_any_input(options: list[str], message: str) -> None:
    # A conflict limit is refused by the query that would have to honour it.
    stdin = PUZZLE + "\n" if "conflict" in message else ""
    code, _, err = run("sumodoku", "check", *options, "-", stdin=stdin)
    assert code == 2
    assert err.startswith("dokuspec: error: ")
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--time-limit", "１", "'１' is not a number of seconds"),
        ("--time-limit", "1_000", "'1_000' is not a number of seconds"),
        ("--time-limit", "", "'' is not a number of seconds"),
        ("--conflict-limit", "０", "'０' is not a whole number (ASCII digits 0-9)"),
        ("--conflict-limit", "", "'' is not a whole number (ASCII digits 0-9)"),
        ("--limit", "2.5", "'2.5' is not a whole number (ASCII digits 0-9)"),
    ],
)
def test_numbers_in_options_are_ascii(option: str, value: str, message: str) -> None:
    code, _, err = run("sumodoku", "count", PUZZLE, option, value)
    assert code == 2
    assert err == f"dokuspec: error: Invalid value for '{option}': {message} (see --help)\n"


def test_an_impossible_count_position_names_the_argument() -> None:
    code, _, err = run("sumodoku", "count", "1" * 10 + "." * 71)
    assert code == 2
    assert err == (
        "dokuspec: error: POSITION: colour 1: 10 on the board and 0 out of the game, "
        "but only 9 pieces exist\n"
    )


# -- input text --------------------------------------------------------------------------------


def test_a_grid_row_of_ten_cells_is_reported_where_it_is(tmp_path: Path) -> None:
    rows = [PUZZLE[r * 9 : r * 9 + 9] for r in range(9)]
    rows[8] += "1"
    path = tmp_path / "grid.txt"
    path.write_text("# a grid\n" + "\n".join(rows) + "\n")
    code, _, err = run("sumodoku", "check", str(path))
    assert code == 2
    assert err == f"dokuspec: error: {path}:10:10: a grid row has 9 cells; this is a 10th\n"


@pytest.mark.parametrize("space", ["\u2028", "\x0c", "\x85", "\x1c", "\u00a0"])
def test_unicode_space_is_not_a_blank_line(space: str) -> None:
    with pytest.raises(NotationError) as caught:
        list(read_positions([PUZZLE + "\n", space + "\n"], source="in.txt"))
    assert str(caught.value) == (
        f"in.txt:2:1: {space!r} is not a cell ('.' or '0' for empty, '1'-'9' for a colour)"
    )


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (b"\xef\xbb\xbf\xef\xbb\xbf" + PUZZLE.encode() + b"\n", "1:1"),
        (PUZZLE.encode() + b"\n\xef\xbb\xbf" + PUZZLE.encode() + b"\n", "2:1"),
        (b"\xef\xbb\xbf" + PUZZLE.encode() + b"\n..\xef\xbb\xbf\n", "2:3"),
    ],
)
def test_a_byte_order_mark_is_skipped_at_the_very_start_only(
    tmp_path: Path, data: bytes, where: str
) -> None:
    path = tmp_path / "boms.txt"
    path.write_bytes(data)
    code, _, err = run("sumodoku", "check", "--json", str(path))
    assert code == 2
    assert err == f"dokuspec: error: {path}:{where}: a byte-order mark (U+FEFF) inside the text\n"
    with pytest.raises(NotationError, match="line 1, column 1: '\\\\ufeff' is not a cell"):
        Position.parse("\ufeff\ufeff" + PUZZLE)
    assert Position.parse("\ufeff" + PUZZLE) == Position.parse(PUZZLE)


# -- the Python API ----------------------------------------------------------------------------


def test_a_cell_off_the_board_is_a_dokuspec_error_and_an_index_error() -> None:
    board = Board.parse(PUZZLE)
    for row, col in ((0, 0), (10, 1), (1, 10), (-1, 5)):
        with pytest.raises(OffBoardError, match=f"r{row}c{col} is not a cell of the board"):
            board[row, col]
    assert issubclass(OffBoardError, PositionError)
    assert issubclass(OffBoardError, IndexError)


@pytest.mark.parametrize("data", [None, [], "{}", 3])
def test_from_json_takes_a_mapping(data: object) -> None:
    with pytest.raises(TypeError, match=r"Position.from_json\(\) takes a mapping, not"):
        Position.from_json(data)  # type: ignore[arg-type]


def test_deeply_nested_python_data_is_refused_without_recursion() -> None:
    nested = functools.reduce(lambda inner, _: [inner], range(100_000), [])
    with pytest.raises(NotationError, match="nested deeper than 20 levels"):
        Position.from_json({"board": PUZZLE, "consecutive": nested})
    with pytest.raises(NotationError, match=r"^\$.out.+: nested deeper than 20 levels"):
        Position.from_json(
            {"board": PUZZLE, "out": functools.reduce(lambda d, _: {"1": d}, range(50), {})}
        )


def test_read_positions_source_must_be_a_str() -> None:
    with pytest.raises(TypeError, match="source must be a str or None, not int"):
        list(read_positions(["x"], source=5))  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [10**400, -(10**400)])
def test_a_time_limit_too_large_for_a_float_is_a_budget_error(limit: int) -> None:
    with pytest.raises(BudgetError, match="not an integer of more than 40 digits"):
        sumodoku.check(PUZZLE, time_limit=limit)
    with pytest.raises(BudgetError, match="not an integer of more than 40 digits"):
        sumodoku.explain(PUZZLE, conflict_limit=limit)


def test_conflict_rules_are_sorted_on_both_backends() -> None:
    position = Position(
        Board.parse("5" + "." * 79 + "5"), sumodoku.Variants(x=True, parity="e" + "." * 80)
    )
    for backend in ("sat", "z3"):
        verdict = sumodoku.explain(position, backend=backend)  # type: ignore[arg-type]
        assert verdict.status == "impossible"
        assert len(verdict.conflict_rules) >= 1
        assert list(verdict.conflict_rules) == sorted(verdict.conflict_rules)


SWALLOWED_INTERRUPT = """
import os, signal
import click
import dokuspec.cli.app as app
from dokuspec import cli

class Finaliser:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)  # the KeyboardInterrupt is raised in __del__

@click.command()
def swallowed():
    finaliser = Finaliser()
    del finaliser
    click.echo("done")

app.main = swallowed
cli.run([])
"""


def test_an_interrupt_python_swallows_in_a_finaliser_still_ends_the_run_with_130() -> None:
    # Z3's objects delete themselves in __del__; a SIGINT landing there is
    # printed and swallowed by Python, and the program would go on to exit 0.
    done = subprocess.run(
        [sys.executable, "-c", SWALLOWED_INTERRUPT],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "done\n", "dokuspec: interrupted\n")
