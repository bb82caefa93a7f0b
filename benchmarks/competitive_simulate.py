"""Time whole simulated games of Competitive Sudoku, random and greedy bots, in one run.

For each mode (draft, twins, twins-draft), games are played with
:func:`dokuspec.competitive.play_game`, exactly as ``simulate`` plays them,
and each whole game is timed (from the first chance node to the outcome,
which checks the engine's scores against the rules):

* random vs random (target: median at most 20 ms);
* greedy vs random and greedy vs greedy (target: every game under 1 s),
  compared with random vs random in the same run ("vs random": the ratio
  of medians).

Before timing, one greedy game is played untimed (the warm-up: it compiles
the solver's models, cached per process); its time is printed. Then, as a
check, the first games of every row are played again and must give the
same results (a game depends only on the seed and its index); on any
disagreement the script lists it and exits with status 1. Medians and
percentiles use :func:`statistics.quantiles` (inclusive).

Run::

    python benchmarks/competitive_simulate.py
    python benchmarks/competitive_simulate.py --games 2000 --greedy-games 50 --json out.json
"""

from __future__ import annotations

import json
import platform
import sys
import time
from dataclasses import dataclass, field

import click
from measure import fmt as _fmt
from measure import summary, version
from rich import box
from rich.console import Console
from rich.table import Table

from dokuspec.competitive import MODES, GameResult, play_game

#: Targets in seconds: the median of a random game, the longest greedy game.
TARGETS = {"random": 20e-3, "greedy": 1.0}

PAIRINGS = {
    "random/random": ("random", "random"),
    "greedy/random": ("greedy", "random"),
    "greedy/greedy": ("greedy", "greedy"),
}

#: Games of each row played again to check that they give the same results.
CHECKED = 5


@dataclass
class Row:
    """One mode and pairing: the time and result of each game."""

    mode: str
    pairing: str
    times: list[float] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        return summary(self.times)

    def seat0_wins(self) -> int:
        return sum(result.winner == 0 for result in self.results)


def fmt(seconds: float) -> str:
    """A compact time: ``22.4ms``."""
    return _fmt(seconds, compact=True)


@click.command()
@click.option("--games", default=1000, show_default=True, help="Random games per mode.")
@click.option(
    "--greedy-games", default=20, show_default=True, help="Games per mode with a greedy bot."
)
@click.option("--seed", default=2024, show_default=True, help="The runs' seed.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(games: int, greedy_games: int, seed: int, json_path: str | None) -> None:
    """Time whole random and greedy games of every mode, compared in one run."""
    console = Console()
    started = time.perf_counter()
    play_game(0, seed - 1, "draft", ("greedy", "greedy"))
    warmup = time.perf_counter() - started
    rows: list[Row] = []
    for mode in MODES:
        for pairing, bots in PAIRINGS.items():
            row = Row(mode, pairing)
            count = games if pairing == "random/random" else greedy_games
            for index in range(count):
                started = time.perf_counter()
                result, _ = play_game(index, seed, mode, bots)
                row.times.append(time.perf_counter() - started)
                row.results.append(result)
            rows.append(row)
    disagreements = []
    for row in rows:
        bots = PAIRINGS[row.pairing]
        for result in row.results[:CHECKED]:
            again, _ = play_game(result.index, seed, row.mode, bots)
            if again != result:
                disagreements.append(f"{row.mode} {row.pairing} game {result.index}: {again}")

    # -- report -------------------------------------------------------------------------------
    randoms = {r.mode: r.summary()["median"] for r in rows if r.pairing == "random/random"}
    table = Table(
        title="Competitive Sudoku: time per whole game (bots of seat 0/seat 1)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        show_edge=False,
    )
    for name, justify in [
        ("mode", "left"),
        ("bots", "left"),
        ("n", "right"),
        ("median", "right"),
        ("p90", "right"),
        ("p99", "right"),
        ("max", "right"),
        ("×rand", "right"),
        ("target", "left"),
    ]:
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for row in rows:
        s = row.summary()
        if row.pairing == "random/random":
            ratio, met = "", s["median"] <= TARGETS["random"]
        else:
            ratio, met = f"{s['median'] / randoms[row.mode]:.0f}x", s["max"] <= TARGETS["greedy"]
        table.add_row(
            row.mode,
            row.pairing,
            str(s["n"]),
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["p99"]),
            fmt(s["max"]),
            ratio,
            "met" if met else "MISSED",
        )
    console.print(table)
    console.print(
        f"targets: random/random median {fmt(TARGETS['random'])}; games with a greedy bot, "
        f"every one under {fmt(TARGETS['greedy'])}. ×rand: median / the mode's random/random "
        "median."
    )
    won = ", ".join(f"{r.mode} {r.pairing} {r.seat0_wins()}/{len(r.results)}" for r in rows)
    console.print(f"games won by seat 0: {won}")
    console.print(f"warm-up (one greedy game, compiles the solver's models): {fmt(warmup)}")
    environment = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "python-sat": version("python-sat"),
    }
    if json_path:
        with open(json_path, "w") as stream:
            json.dump(
                {
                    "summaries": {f"{r.mode} | {r.pairing}": r.summary() for r in rows},
                    "times": {f"{r.mode} | {r.pairing}": r.times for r in rows},
                    "results": {
                        f"{r.mode} | {r.pairing}": [x.to_json() for x in r.results] for r in rows
                    },
                    "warmup": warmup,
                    "disagreements": disagreements,
                    "environment": environment,
                    "seed": seed,
                },
                stream,
                indent=1,
            )
    if disagreements:
        console.print(f"[red]{len(disagreements)} games gave another result when replayed:[/red]")
        for line in disagreements[:20]:
            console.print(line, markup=False)
        sys.exit(1)
    console.print(f"the first {CHECKED} games of every row give the same results when played again")


if __name__ == "__main__":
    main(sys.argv[1:])
