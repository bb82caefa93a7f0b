"""Time whole simulated Sumodoku games between the random and solver bots, and each decision.

Games are played with :func:`dokuspec.sumodoku.simulation.play_game`,
exactly as ``simulate`` plays them, and each whole game is timed. Rows (bots
of Player 1/Player 2):

* solver/solver (targets: median at most 100 ms; at least 300 games a second in
  one process, the games' count over their total time), compared in the same run
  with random/random ("x rand": the ratio of medians);
* solver/random and random/solver (the solver bot's wins against the
  random bot are counted).

Each decision of a solver bot is timed as well, by kind: a claim, a safe
move, a move in the race for the last valid move (no safe move left). Before
timing, one solver game is played untimed (the warm-up: it compiles the
solver's model, cached per process); its time is printed. As a check, the
first games of every row are played again and must give the same results
(a game depends only on the seed and its index); on any disagreement the
script lists it and exits with status 1. Medians and percentiles use
:func:`statistics.quantiles` (inclusive).

Run::

    python benchmarks/sumodoku_bots.py
    python benchmarks/sumodoku_bots.py --games 200 --random-games 1000 --json out.json
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter

import click
import measure
from measure import Games, summary
from measure import compact as fmt
from rich.console import Console

import dokuspec.sumodoku.bots as solver_bots
from dokuspec.engine.base import Action
from dokuspec.engine.sumodoku import Claim, SumodokuState
from dokuspec.sumodoku import COMPILED, check
from dokuspec.sumodoku.bots import RandomBot, SolverBot
from dokuspec.sumodoku.simulation import play_game

#: Target in seconds: the median of a solver-bot-versus-solver-bot game.
TARGET = 100e-3

#: Target: solver-bot-versus-solver-bot games per second, one process (games / total time).
RATE_TARGET = 300.0

#: Games of each row played again to check that they give the same results.
CHECKED = 5


class Timed:
    """A solver bot whose decisions are timed, by kind."""

    name = "solver"

    def __init__(self) -> None:
        self.bot = SolverBot()
        self.times: dict[str, list[float]] = {"claim": [], "safe move": [], "race": []}

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.bot(state, player, rng)
        spent = time.perf_counter() - started
        position = state.position
        # The bot's own verdict on the board it decided on (kept without a conflict
        # limit), so that classifying costs the game no second check.
        verdict = solver_bots._VERDICTS.get(position) or check(position)
        if isinstance(action, Claim):
            kind = "claim"
        elif verdict.status == "completable":
            kind = "safe move"
        else:
            kind = "race"
        self.times[kind].append(spent)
        return action


@click.command()
@click.option("--games", default=200, show_default=True, help="Games of each pairing.")
@click.option("--random-games", default=1000, show_default=True, help="Random/random games.")
@click.option("--seed", default=2024, show_default=True, help="The runs' seed.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(games: int, random_games: int, seed: int, json_path: str | None) -> None:
    """Time whole Sumodoku games of random and solver bots, compared in one run."""
    console = Console()
    started = time.perf_counter()
    play_game(0, seed - 1, ("solver", "solver"))
    warmup = time.perf_counter() - started
    timed = Timed()
    pairings = {
        "random/random": (RandomBot(), RandomBot()),
        "solver/solver": (timed, timed),
        "solver/random": (timed, RandomBot()),
        "random/solver": (RandomBot(), timed),
    }
    names = {pairing: tuple(pairing.split("/")) for pairing in pairings}
    rows: list[Games] = []
    for pairing, bots in pairings.items():
        count = random_games if pairing == "random/random" else games
        play = functools.partial(play_game, seed=seed, bots=bots)
        rows.append(Games(pairing, *measure.timed_games(count, play)))
    disagreements = []
    for row in rows:
        play = functools.partial(play_game, seed=seed, bots=names[row.pairing])
        disagreements += measure.played_again(row.results[:CHECKED], play, row.pairing)

    # -- report -------------------------------------------------------------------------------
    base = summary(rows[0].times)["median"]
    table = measure.table(
        "Sumodoku: time per whole game (bots of Player 1/Player 2)",
        ("bots", "n", "median", "p90", "p99", "max", "×rand", "turns", "1", "2"),
    )
    for row in rows:
        s = summary(row.times)
        table.add_row(
            row.pairing,
            str(len(row.results)),
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["p99"]),
            fmt(s["max"]),
            f"{s['median'] / base:.1f}x",
            f"{row.mean_turns():.1f}",
            str(row.wins(1)),
            str(row.wins(2)),
        )
    console.print(table)
    console.print("turns: the mean game length (both players' turns); 1, 2: games each won")
    solver = summary(rows[1].times)["median"]
    met = "met" if solver <= TARGET else "MISSED"
    console.print(f"target: solver/solver median at most {fmt(TARGET)}: {met} ({fmt(solver)})")
    rate = len(rows[1].times) / sum(rows[1].times)
    met = "met" if rate >= RATE_TARGET else "MISSED"
    console.print(f"target: at least {RATE_TARGET:.0f} solver/solver games/s: {met} ({rate:.0f}/s)")
    for row in rows:
        reasons = Counter(result.reason for result in row.results)
        shown = ", ".join(f"{reason} {n}" for reason, n in reasons.most_common())
        console.print(f"{row.pairing}: {shown}")
    decisions = measure.table(
        "Solver bot: time per decision", ("decision", "n", "median", "p90", "p99", "max")
    )
    for kind, times in timed.times.items():
        s = summary(times)
        decisions.add_row(
            kind, str(s["n"]), fmt(s["median"]), fmt(s["p90"]), fmt(s["p99"]), fmt(s["max"])
        )
    console.print(decisions)
    against = rows[2].wins(1) + rows[3].wins(2)
    played = len(rows[2].results) + len(rows[3].results)
    console.print(
        f"solver bot against the random bot: won {against}/{played} "
        f"({100 * against / max(played, 1):.1f}%)"
    )
    console.print(f"warm-up (one solver game, compiles the solver's model): {fmt(warmup)}")
    console.print(f"compiled search: {COMPILED}")
    measure.write_json(
        json_path,
        {
            "environment": {
                **measure.environment_of("dokuspec", "python-sat"),
                "compiled_search": COMPILED,
            },
            "warmup": warmup,
            "rows": {
                row.pairing: {
                    "times": row.times,
                    "summary": summary(row.times),
                    "results": [r.to_json() for r in row.results],
                }
                for row in rows
            },
            "decisions": {k: summary(v) for k, v in timed.times.items()},
        },
    )
    measure.finish_games(console, disagreements, CHECKED)


if __name__ == "__main__":
    main()
