"""How fast the command line starts: whole processes, paired with the floor in one run.

Each measurement is a whole ``dokuspec`` process, from its start to its
exit, as a user waits for it:

* ``dokuspec --version`` and ``dokuspec --help`` (they load no game);
* the first answer of a command: ``dokuspec sumodoku check FILE`` for a
  file of one board (a 17-clue puzzle; "sumodoku check"), ``dokuspec
  sumodoku count BOARD`` (that board), ``dokuspec sumodoku moves --player
  1`` (the empty board), ``dokuspec competitive hand GRID``, ``dokuspec
  competitive outs GRID --available CARDS``, ``dokuspec twodoku deal
  --seed 1`` and ``dokuspec twodoku validate FILE`` (that deal's JSON);
  each loads its game, its solvers and answers once;
* ``dokuspec sumodoku --help``, for comparison: a game's commands loaded.

The floor ("floor (imports)") is a process that only imports what every
command of a game needs, ``python -c "import click, rich, pysat, z3"``.
Target: each command's median at most twice the floor's median, measured
in the same run. The processes run in rounds: each round runs the floor
and every command once, in an order shuffled per round (seeded), so that a
change in the machine's load touches all of them alike. "× floor" is the
command's median over the floor's; "paired" the median over the rounds of
the command's time over the floor's time in the same round. Medians and
percentiles by
:func:`statistics.quantiles` (inclusive); times by
:func:`time.perf_counter` around :func:`subprocess.run`.

Before the runs, the byte code of ``dokuspec`` is compiled
(:func:`compileall.compile_dir`), as installing a package does and as the
floor's libraries are: a process never spends its time compiling source,
even where writing byte code is turned off (``PYTHONDONTWRITEBYTECODE``).

Every process must exit with status 0 and print what the command prints
(the version line, the usage, the board's answer, the hand, the deal); on
any other output the script lists it and exits with status 1. Missing a
target does not change the exit status.

Run::

    python benchmarks/startup.py
    python benchmarks/startup.py --rounds 40 --json out.json
"""

from __future__ import annotations

import compileall
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import click
import measure
from measure import fmt
from rich.console import Console

import dokuspec

PYTHON = sys.executable
BOARD = (Path(dokuspec.__file__).parent / "data" / "sumodoku" / "sudoku17.txt").read_text()
BOARD = next(line for line in BOARD.splitlines() if line and not line.startswith("#"))
FLOOR = "floor (imports)"
TARGET = 2.0
"""A command's median over the floor's median, at most."""


def dokuspec_command() -> list[str]:
    """The ``dokuspec`` script beside this Python, as a user runs it (else ``python -m``)."""
    script = Path(PYTHON).parent / "dokuspec"
    return [str(script)] if script.is_file() else [PYTHON, "-m", "dokuspec"]


GRID = "r1 r2 r3 / b1 b2 b3 / r1 r2 r3"


def commands(board_file: str, deal_file: str) -> dict[str, tuple[list[str], str]]:
    """Each measured process: its command line and a text its standard output must hold."""
    program = dokuspec_command()
    return {
        FLOOR: ([PYTHON, "-c", "import click, rich, pysat, z3"], ""),
        "--version": ([*program, "--version"], "dokuspec, version"),
        "--help": ([*program, "--help"], "Usage: dokuspec [OPTIONS] COMMAND"),
        "sumodoku check": (
            [*program, "sumodoku", "check", board_file],
            "1 completable, 0 impossible, 0 unknown",
        ),
        "sumodoku count": ([*program, "sumodoku", "count", BOARD], "1 completion"),
        "sumodoku moves": ([*program, "sumodoku", "moves", "--player", "1"], "r9c9"),
        "competitive hand": ([*program, "competitive", "hand", GRID], "a winning hand"),
        "competitive outs": (
            [*program, "competitive", "outs", GRID.replace("r3", "..", 1), "--available", "r3"],
            "r3  place on position 3",
        ),
        "twodoku deal": ([*program, "twodoku", "deal", "--seed", "1"], "seed 1;"),
        "twodoku validate": ([*program, "twodoku", "validate", deal_file], ": a valid deal"),
        "sumodoku --help": ([*program, "sumodoku", "--help"], "Commands:"),
    }


def timed_process(command: list[str]) -> tuple[float, str, int]:
    """Seconds from start to exit, the standard output, the exit status."""
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    return time.perf_counter() - started, done.stdout, done.returncode


@click.command()
@click.option("--rounds", default=20, show_default=True, help="Runs of each process.")
@click.option("--seed", default=0, show_default=True, help="Seeds the order within each round.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(rounds: int, seed: int, json_path: str | None) -> None:
    """Time whole dokuspec processes against the floor, in one run."""
    console = Console()
    compileall.compile_dir(Path(dokuspec.__file__).parent, quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        board_file = str(Path(scratch) / "board.txt")
        Path(board_file).write_text(BOARD + "\n")
        deal_file = str(Path(scratch) / "deal.json")
        deal = [*dokuspec_command(), "twodoku", "deal", "--seed", "1", "--json"]
        written = subprocess.run(deal, capture_output=True, text=True, check=True)
        Path(deal_file).write_text(written.stdout)
        measured = commands(board_file, deal_file)
        times: dict[str, list[float]] = {name: [] for name in measured}
        wrong: list[str] = []
        for command, _ in measured.values():  # untimed: files read once into the page cache
            subprocess.run(command, capture_output=True, check=False)
        order = random.Random(seed)
        for number in range(rounds):
            names = list(measured)
            order.shuffle(names)
            for name in names:
                command, expected = measured[name]
                seconds, out, status = timed_process(command)
                times[name].append(seconds)
                if status != 0 or expected not in out:
                    wrong.append(f"round {number}, {name}: status {status}, output {out[:200]!r}")
    floor = measure.summary(times[FLOOR])["median"]
    report: dict[str, Any] = {}
    table = measure.table(
        f"Whole processes, {rounds} rounds; target: median at most {TARGET:g} x the floor",
        ["process", "median", "p90", "min", "max", "× floor", "paired", "target met"],
    )
    for name, values in times.items():
        stats = measure.summary(values)
        ratio = stats["median"] / floor
        paired = statistics.median(t / f for t, f in zip(values, times[FLOOR], strict=True))
        met = "-" if name in (FLOOR, "sumodoku --help") else "yes" if ratio <= TARGET else "no"
        report[name] = {"times": values, "summary": stats, "ratio": ratio, "paired": paired}
        table.add_row(
            name,
            fmt(stats["median"]),
            fmt(stats["p90"]),
            fmt(stats["min"]),
            fmt(stats["max"]),
            f"{ratio:.2f}",
            f"{paired:.2f}",
            met,
        )
    console.print(table)
    environment_of = measure.environment_of("click", "rich", "python-sat", "z3-solver")
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    console.print(
        f"{os.cpu_count()} CPUs, load average {load} at the end; "
        + ", ".join(f"{key} {value}" for key, value in environment_of.items()),
        markup=False,
    )
    measure.write_json(
        json_path,
        {"rounds": rounds, "seed": seed, "environment": environment_of, "processes": report},
    )
    measure.finish(
        console, wrong, "processes failed or printed something else", "every process answered"
    )


if __name__ == "__main__":
    main()
