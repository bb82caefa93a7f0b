"""What every benchmark script shares: timings and their summaries, compact times, the
machine and package versions, the report's tables, and the end of a run (its JSON file,
its disagreements).

Imported by the scripts beside it (``python benchmarks/<script>.py`` puts
this directory first on the import path). Percentiles are
:func:`statistics.quantiles` with the inclusive method (linear
interpolation between order statistics).
"""

from __future__ import annotations

import json
import math
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata, resources
from typing import Any, TypeVar

from rich import box
from rich.console import Console
from rich.table import Table

from dokuspec.files import write_text_file

T = TypeVar("T")


def data_text(game: str, file: str) -> str:
    """The text of the bundled data file ``dokuspec/data/<game>/<file>``."""
    return resources.files("dokuspec").joinpath("data", game, file).read_text()


def data_lines_of(game: str, file: str) -> list[str]:
    """The non-blank, non-comment (``#``) lines of a bundled data file, stripped."""
    lines = data_text(game, file).splitlines()
    return [line.strip() for line in lines if line.strip() and line[0] != "#"]


def timed(call: Callable[[], T]) -> tuple[float, T]:
    """The seconds ``call()`` takes (:func:`time.perf_counter`) and what it returns."""
    started = time.perf_counter()
    answer = call()
    return time.perf_counter() - started, answer


def summary(values: Sequence[float]) -> dict[str, float]:
    """``n``, ``median``, ``p90``, ``p99``, ``mean``, ``min`` and ``max`` of ``values``.

    With fewer than two values every statistic is that value (``nan`` for none).
    """
    ordered = sorted(values)
    if len(ordered) < 2:
        only = ordered[0] if ordered else math.nan
        return {"n": len(ordered), "median": only, "p90": only, "p99": only,
                "mean": only, "min": only, "max": only}  # fmt: skip
    cuts = statistics.quantiles(ordered, n=100, method="inclusive")
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p90": cuts[89],
        "p99": cuts[98],
        "mean": statistics.fmean(ordered),
        "min": ordered[0],
        "max": ordered[-1],
    }


def fmt(seconds: float, *, compact: bool = False) -> str:
    """A time in three significant digits: ``1.47 µs``, ``195 µs``, ``22.4 ms``, ``1.46 s``.

    ``compact`` drops the space (``22.4ms``); ``nan`` is ``-``.
    """
    if math.isnan(seconds):
        return "-"
    space = "" if compact else " "
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g}{space}µs"
    if seconds < 1:
        return f"{seconds * 1e3:.3g}{space}ms"
    return f"{seconds:.3g}{space}s"


def timed_games(count: int, play: Callable[[int], tuple[T, Any]]) -> tuple[list[float], list[T]]:
    """Play games ``0 .. count - 1`` with ``play(index) -> (result, state)``, each timed:
    the times and the results, in order."""
    times: list[float] = []
    results: list[T] = []
    for index in range(count):
        started = time.perf_counter()
        result, _ = play(index)
        times.append(time.perf_counter() - started)
        results.append(result)
    return times, results


@dataclass
class Timings:
    """One timed formulation of a query: its times, what it is compared with, its target."""

    query: str
    formulation: str
    times: list[float] = field(default_factory=list)
    reference: str | None = None
    target: float | None = None

    def summary(self) -> dict[str, float]:
        """:func:`summary` of the times."""
        return summary(self.times)


@dataclass
class Games:
    """One pairing of bots: the time and the result of each game."""

    pairing: str
    times: list[float] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)

    def wins(self, winner: object) -> int:
        """The games that ``winner`` (a result's ``winner``) won."""
        return sum(result.winner == winner for result in self.results)

    def mean_turns(self) -> float:
        """The games' mean length in turns (0 without games)."""
        return float(sum(result.turns for result in self.results) / max(len(self.results), 1))


def played_again(
    results: Sequence[Any], play: Callable[[int], tuple[Any, Any]], label: str
) -> list[str]:
    """Play the games of ``results`` again (``play(index)``, each result's ``index``): a
    line ``"{label} game {index}: {result}"`` for each that gives another result."""
    disagreements = []
    for result in results:
        again, _ = play(result.index)
        if again != result:
            disagreements.append(f"{label} game {result.index}: {again}")
    return disagreements


def compact(seconds: float) -> str:
    """A time as :func:`fmt` writes it, without the space: ``22.4ms``."""
    return fmt(seconds, compact=True)


def version(package: str) -> str:
    """The installed version of ``package``, or ``?``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def environment_of(*packages: str) -> dict[str, str]:
    """The Python version, the machine and processor, and each package's version."""
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        **{package: version(package) for package in packages},
    }


def table(title: str, columns: Sequence[str], *, left: Sequence[str] = ()) -> Table:
    """A report's table: a rule under the titles, no edges, none of its columns wrapped; the
    first column and those named in ``left`` left-aligned, the others right-aligned."""
    made = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    for number, name in enumerate(columns):
        leftward = number == 0 or name in left
        made.add_column(name, justify="left" if leftward else "right", no_wrap=True)
    return made


def write_json(path: str | None, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` as indented JSON (nothing without a path)."""
    if path:
        write_text_file(path, json.dumps(data, indent=1))


def finish(console: Console, disagreements: Sequence[str], heading: str, agreed: str) -> None:
    """End a run: with disagreements, ``heading`` and the first 20 of them, and exit status
    1; else the line ``agreed``."""
    if disagreements:
        console.print(f"[red]{len(disagreements)} {heading}:[/red]")
        for line in disagreements[:20]:
            console.print(line, markup=False)
        sys.exit(1)
    console.print(agreed)


def finish_games(console: Console, disagreements: Sequence[str], checked: int) -> None:
    """:func:`finish` a run whose first ``checked`` games of every row were played again
    (:func:`played_again`)."""
    finish(
        console,
        disagreements,
        "games gave another result when played again",
        f"the first {checked} games of every row give the same results when played again",
    )
