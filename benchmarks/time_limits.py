"""How far past their time limit do queries run? Overruns per backend, measured.

Every query of the public API takes a time limit (``sumodoku.check`` and
``sumodoku.explain`` here). This script gives each backend hard Sumodoku
positions, on which the limit is reached, and measures how long each call
really took: the **overrun** is the elapsed time minus the limit.

The positions: the empty board under non-consecutive (SU-14) with a random
odd/even marking (SU-13), and half of them Sudoku X (SU-12), drawn from a
seeded generator. Many of these rule sets take the solvers minutes; some are
impossible, which makes ``explain`` minimise over many marks, each step a
hard query.

The backends: SAT with CaDiCaL 1.9.5 (the default; it holds the GIL and
cannot be interrupted, so its limit is read between slices of conflicts),
SAT with Glucose 4 (interrupted by a watchdog thread), and Z3 (interrupted
through ``Context.interrupt``). Each rule set is compiled before the timed
calls (a first call also compiles, which is not interruptible: about 20 ms
for SAT and 0.7 s for Z3; printed separately).

Run::

    python benchmarks/time_limits.py                  # about 3 minutes
    python benchmarks/time_limits.py --rule-sets 12 --json overruns.json
"""

from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from measure import summary
from rich.console import Console
from rich.table import Table

from dokuspec import sumodoku
from dokuspec.files import write_text_file
from dokuspec.sumodoku import Board, Position, Variants

BACKENDS: tuple[tuple[str, str, str | None], ...] = (
    ("SAT CaDiCaL 1.9.5", "sat", None),
    ("SAT Glucose 4", "sat", "glucose4"),
    ("Z3", "z3", None),
)


def hard_positions(count: int, seed: int) -> list[Position]:
    """Empty boards under non-consecutive with a random parity marking (a seeded draw)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        parity = "".join(rng.choice("oe" + "." * 10) for _ in range(81))
        rules = Variants(non_consecutive=True, x=rng.random() < 0.5, parity=parity)
        found.append(Position(Board(), rules))
    return found


@dataclass
class Row:
    label: str
    query: str
    limit: float
    overruns: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)


@click.command()
@click.option("--rule-sets", default=8, show_default=True, help="Hard rule sets per backend.")
@click.option("--seed", default=2026, show_default=True, help="Seed of the rule-set draw.")
@click.option(
    "--check-limits", default="0.1,0.5,1.0", show_default=True, help="Seconds, for check."
)
@click.option(
    "--explain-limits", default="1.0,3.0", show_default=True, help="Seconds, for explain."
)
@click.option("--json", "json_path", type=click.Path(path_type=Path), help="Write every timing.")
def main(
    rule_sets: int, seed: int, check_limits: str, explain_limits: str, json_path: Path | None
) -> None:
    """Measure how far queries run past their time limit, per backend."""
    console = Console()
    positions = hard_positions(rule_sets, seed)
    rows: list[Row] = []
    compile_times: dict[str, list[float]] = {}
    for label, backend, solver in BACKENDS:
        compile_times[label] = []
        for position in positions:  # compile every rule set once, untimed by the limits
            started = time.perf_counter()
            sumodoku.check(position, backend=backend, solver=solver, time_limit=0)  # type: ignore[arg-type]
            compile_times[label].append(time.perf_counter() - started)
        plan = [("check", float(x)) for x in check_limits.split(",")] + [
            ("explain", float(x)) for x in explain_limits.split(",")
        ]
        for query, limit in plan:
            row = Row(label, query, limit)
            ask = sumodoku.check if query == "check" else sumodoku.explain
            for position in positions:
                started = time.perf_counter()
                verdict = ask(position, backend=backend, solver=solver, time_limit=limit)  # type: ignore[arg-type]
                elapsed = time.perf_counter() - started
                row.overruns.append(elapsed - limit)
                status = verdict.status + ("" if verdict.minimal or query == "check" else "*")
                row.statuses[status] = row.statuses.get(status, 0) + 1
            rows.append(row)
            console.print(
                f"{label:18} {query:7} limit {limit:4.1f} s: worst overrun "
                f"{max(row.overruns) * 1e3:7.1f} ms  {row.statuses}"
            )
    table = Table(title="Overrun past the time limit (elapsed - limit), milliseconds")
    for column in ("backend", "query", "limit s", "median", "p90", "worst", "answers"):
        table.add_column(column, justify="right" if column not in ("backend", "query") else "left")
    for row in rows:
        table.add_row(
            row.label,
            row.query,
            f"{row.limit:.1f}",
            f"{statistics.median(row.overruns) * 1e3:.1f}",
            f"{summary(row.overruns)['p90'] * 1e3:.1f}",
            f"{max(row.overruns) * 1e3:.1f}",
            " ".join(f"{k}:{v}" for k, v in sorted(row.statuses.items())),
        )
    console.print(table)
    console.print("answers: impossible* = impossible, explanation cut short by the limit")
    for label, times in compile_times.items():
        console.print(
            f"{label}: first call of a rule set (compilation, not interruptible): "
            f"median {statistics.median(times) * 1e3:.0f} ms, worst {max(times) * 1e3:.0f} ms"
        )
    worst = {}
    for row in rows:
        worst[row.label] = max(worst.get(row.label, float("-inf")), *row.overruns)
    console.print(
        "worst overrun per backend: "
        + ", ".join(f"{label} {value * 1e3:.0f} ms" for label, value in worst.items())
    )
    if json_path is not None:
        data: dict[str, Any] = {
            "seed": seed,
            "rule_sets": rule_sets,
            "rows": [vars(row) for row in rows],
            "compile_seconds": compile_times,
        }
        write_text_file(json_path, json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
