"""The speed-up of simulations from 1 to more worker processes (``simulate(..., workers=W)``).

Each workload is a whole run, ``list(simulate(games, seed, ..., workers=W))``,
timed from the call to the last result, as a user of ``simulate --workers W``
waits for it: with more than one worker this includes starting the process
pool (spawned processes, each importing dokuspec) and sending each game's
result and terminal state back.

Each run is made in a fresh Python process, as each ``dokuspec ... simulate``
command is: the bots' compiled solver models are cached per process, so in
one long-lived process the runs with 1 worker would reuse what earlier runs
compiled while each run with W workers starts new, cold worker processes
(measured on Competitive Sudoku, greedy bot: 200 games took 22.9 s cold and
4.4-5.3 s warm in one process, which made 2 workers look 2.4 times slower
than 1). The time to import dokuspec is left out on both sides: the clock
starts at the call to ``simulate``. The runs of each workload alternate between
the worker counts (1, 2, 1, 2, ...), ``--repeat`` times each, so that a change
in the machine's load touches both; the speed-up is the ratio of the medians
(1 worker over W workers). The time to the first result with W workers is
reported too (mostly the pool's start). As a check, every run must give the
same results as the first run with 1 worker (a game depends only on the
run's seed and its index); on any disagreement the script exits with
status 1. Medians and percentiles use :func:`statistics.quantiles`
(inclusive).

Workloads (``--games`` games each):

* Sumodoku, solver bot against solver bot;
* Competitive Sudoku, draft mode, greedy bot against random bot;
* Two-Doku, inference bot against random bot.

Run::

    python benchmarks/scaling.py
    python benchmarks/scaling.py --games 400 --repeat 5 --workers 2 --json out.json
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import click
from measure import fmt, summary, version
from rich import box
from rich.console import Console
from rich.table import Table

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.files import write_text_file

WORKLOADS: dict[str, Callable[[int, int, int], Iterator[Any]]] = {
    "sumodoku solver/solver": lambda games, seed, workers: sumodoku.simulate(
        games, seed, ("solver", "solver"), workers=workers
    ),
    "competitive draft greedy/random": lambda games, seed, workers: competitive.simulate(
        games, seed, "draft", ("greedy", "random"), workers=workers
    ),
    "twodoku inference/random": lambda games, seed, workers: twodoku.simulate(
        games, seed, ("inference", "random"), workers=workers
    ),
}


def timed_run(workload: str, games: int, seed: int, workers: int) -> tuple[float, float, list[Any]]:
    """The seconds to the last result and to the first, and the results as JSON (this process)."""
    started = time.perf_counter()
    first = float("nan")
    results = []
    for result in WORKLOADS[workload](games, seed, workers):
        if not results:
            first = time.perf_counter() - started
        results.append(result.to_json())
    return time.perf_counter() - started, first, results


def fresh_run(workload: str, games: int, seed: int, workers: int) -> tuple[float, float, list[Any]]:
    """:func:`timed_run` in a new Python process (this script with ``--one-run``)."""
    command = [sys.executable, __file__, "--one-run", workload]
    command += ["--games", str(games), "--seed", str(seed), "--workers", str(workers)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise click.ClickException(f"{workload} with {workers} workers failed: {done.stderr}")
    total, first, results = json.loads(done.stdout)
    return total, first, results


@click.command()
@click.option("--games", default=200, show_default=True, help="Games per run.")
@click.option("--repeat", default=3, show_default=True, help="Runs per worker count.")
@click.option("--workers", default=2, show_default=True, help="The worker count compared with 1.")
@click.option("--seed", default=2024, show_default=True, help="The runs' seed.")
@click.option(
    "--workload",
    "chosen",
    multiple=True,
    type=click.Choice(list(WORKLOADS)),
    help="Only these workloads (repeatable); all by default.",
)
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
@click.option("--one-run", type=click.Choice(list(WORKLOADS)), hidden=True)
def main(
    games: int,
    repeat: int,
    workers: int,
    seed: int,
    chosen: tuple[str, ...],
    json_path: str | None,
    one_run: str | None,
) -> None:
    """Time whole simulations with 1 worker and with more, compared in one run."""
    if one_run is not None:  # one timed run, in the fresh process fresh_run started
        print(json.dumps(timed_run(one_run, games, seed, workers)))
        return
    console = Console()
    report: dict[str, Any] = {}
    disagreements: list[str] = []
    for workload in chosen or WORKLOADS:
        times: dict[int, list[float]] = {1: [], workers: []}
        firsts: dict[int, list[float]] = {1: [], workers: []}
        reference: list[Any] | None = None
        for attempt in range(repeat):
            for count in (1, workers):
                total, first, results = fresh_run(workload, games, seed, count)
                times[count].append(total)
                firsts[count].append(first)
                if reference is None:
                    reference = results
                elif results != reference:
                    disagreements.append(f"{workload}: run {attempt} with {count} workers")
        report[workload] = {
            "games": games,
            "times": {str(count): values for count, values in times.items()},
            "first_result": {str(count): values for count, values in firsts.items()},
            "summaries": {str(count): summary(values) for count, values in times.items()},
            "speedup": summary(times[1])["median"] / summary(times[workers])["median"],
        }

    table = Table(
        title=f"Simulations: whole runs of {games} games, 1 worker against {workers}",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    for name, justify in [
        ("workload", "left"),
        ("1 worker", "right"),
        (f"{workers} workers", "right"),
        ("speed-up", "right"),
        (f"first result, {workers}", "right"),
    ]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for workload, row in report.items():
        one = row["summaries"]["1"]
        many = row["summaries"][str(workers)]
        table.add_row(
            workload,
            f"{fmt(one['median'])} ({fmt(one['min'])}-{fmt(one['max'])})",
            f"{fmt(many['median'])} ({fmt(many['min'])}-{fmt(many['max'])})",
            f"x{row['speedup']:.2f}",
            fmt(summary(row["first_result"][str(workers)])["median"]),
        )
    console.print(table)
    console.print(
        f"medians (min-max) of {repeat} runs each, each in a new process; "
        f"{os.cpu_count()} CPUs, load average "
        f"{', '.join(f'{load:.2f}' for load in os.getloadavg())} at the end; "
        f"Python {platform.python_version()}, dokuspec {version('dokuspec')}, "
        f"python-sat {version('python-sat')}, z3-solver {version('z3-solver')}",
        markup=False,
    )
    if json_path is not None:
        document = {"workers": workers, "repeat": repeat, "workloads": report}
        write_text_file(json_path, json.dumps(document, indent=1))
    if disagreements:
        console.print("results differ between runs:", markup=False)
        for line in disagreements:
            console.print(f"  {line}", markup=False)
        sys.exit(1)


if __name__ == "__main__":
    main()
