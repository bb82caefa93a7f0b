"""Time whole simulated games of Competitive Sudoku, random and greedy bots, in one run.

For each mode (draft, twins, twins-draft), games are played with
:func:`dokuspec.competitive.play_game`, exactly as ``simulate`` plays them,
and each whole game is timed (from the first chance node to the outcome,
which checks the engine's scores against the rules):

* random vs random (target: median at most 20 ms);
* greedy vs random and greedy vs greedy (target: every game under 1 s;
  greedy vs greedy, at least 60 games a second in one process, the games'
  count over their total time),
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

import functools
import sys
import time
from dataclasses import dataclass, field

import click
import measure
from measure import compact as fmt
from measure import summary
from rich.console import Console

from dokuspec.competitive import MODES, GameResult, play_game

#: Targets in seconds: the median of a random game, the longest greedy game.
TARGETS = {"random": 20e-3, "greedy": 1.0}

#: Target: greedy-bot-versus-greedy-bot games per second, one process, in each mode.
RATE_TARGET = 60.0

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

    def player0_wins(self) -> int:
        return sum(result.winner == 0 for result in self.results)


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
            count = games if pairing == "random/random" else greedy_games
            play = functools.partial(play_game, seed=seed, mode=mode, bots=bots)
            rows.append(Row(mode, pairing, *measure.timed_games(count, play)))
    disagreements = []
    for row in rows:
        play = functools.partial(play_game, seed=seed, mode=row.mode, bots=PAIRINGS[row.pairing])
        label = f"{row.mode} {row.pairing}"
        disagreements += measure.played_again(row.results[:CHECKED], play, label)

    # -- report -------------------------------------------------------------------------------
    randoms = {r.mode: r.summary()["median"] for r in rows if r.pairing == "random/random"}
    table = measure.table(
        "Competitive Sudoku: time per whole game (bots of player 0/player 1)",
        ("mode", "bots", "n", "median", "p90", "p99", "max", "×rand", "target"),
        left=("bots", "target"),
    )
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
    for row in rows:
        if row.pairing == "greedy/greedy":
            rate = len(row.times) / sum(row.times)
            met = "met" if rate >= RATE_TARGET else "MISSED"
            console.print(
                f"target: at least {RATE_TARGET:.0f} greedy/greedy games/s ({row.mode}): "
                f"{met} ({rate:.0f}/s)"
            )
    won = ", ".join(f"{r.mode} {r.pairing} {r.player0_wins()}/{len(r.results)}" for r in rows)
    console.print(f"games won by player 0: {won}")
    console.print(f"warm-up (one greedy game, compiles the solver's models): {fmt(warmup)}")
    measure.write_json(
        json_path,
        {
            "summaries": {f"{r.mode} | {r.pairing}": r.summary() for r in rows},
            "times": {f"{r.mode} | {r.pairing}": r.times for r in rows},
            "results": {f"{r.mode} | {r.pairing}": [x.to_json() for x in r.results] for r in rows},
            "warmup": warmup,
            "disagreements": disagreements,
            "environment": measure.environment_of("python-sat"),
            "seed": seed,
        },
    )
    measure.finish_games(console, disagreements, CHECKED)


if __name__ == "__main__":
    main(sys.argv[1:])
