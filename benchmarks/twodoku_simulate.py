"""Time whole simulated Two-Doku games, random and inference bots, and each bot decision.

Games are played with :func:`dokuspec.twodoku.simulation.play_game`, exactly
as ``simulate`` plays them (the deal included), and each whole game is
timed. Rows (bots of Red/Blue):

* random/random (target: median at most 50 ms);
* inference/random, random/inference and inference/inference, compared
  with random/random in the same run ("x rand": the ratio of medians);
  inference/inference's target: at least 60 games a second in one process
  (the games' count over their total time).

Each decision of an inference bot is timed as well (the play phase apart:
those ask the solver), and the inference bot's wins against the random
bot are counted (as Red and as Blue). Before timing, one inference game is
played untimed (the warm-up: it compiles the solver's model, cached per
process); its time is printed. As a check, the first games of every row are
played again and must give the same results (a game depends only on the
seed and its index); on any disagreement the script lists it and exits with
status 1. Medians and percentiles use :func:`statistics.quantiles`
(inclusive).

Run::

    python benchmarks/twodoku_simulate.py
    python benchmarks/twodoku_simulate.py --games 1000 --inference-games 200 --json out.json
"""

from __future__ import annotations

import functools
import random
import sys
import time

import click
import measure
from measure import Games, summary
from measure import compact as fmt
from rich.console import Console

from dokuspec.engine.base import Action
from dokuspec.engine.twodoku import TwoDokuState
from dokuspec.twodoku.bots import InferenceBot, RandomBot
from dokuspec.twodoku.simulation import play_game

#: Target in seconds: the median of a random-bot game.
TARGET = 50e-3

#: Target: inference-bot-versus-inference-bot games per second, one process.
RATE_TARGET = 60.0

#: Games of each row played again to check that they give the same results.
CHECKED = 5


class Timed:
    """An inference bot whose decisions are timed (the play phase apart)."""

    name = "inference"

    def __init__(self) -> None:
        self.bot = InferenceBot()
        self.setup: list[float] = []
        self.play: list[float] = []

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.bot(state, player, rng)
        spent = time.perf_counter() - started
        (self.play if state.phase == "play" else self.setup).append(spent)
        return action


@click.command()
@click.option("--games", default=1000, show_default=True, help="Random/random games.")
@click.option(
    "--inference-games",
    default=100,
    show_default=True,
    help="Games of each pairing with an inference bot.",
)
@click.option("--seed", default=2024, show_default=True, help="The runs' seed.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(games: int, inference_games: int, seed: int, json_path: str | None) -> None:
    """Time whole Two-Doku games of random and inference bots, compared in one run."""
    console = Console()
    started = time.perf_counter()
    play_game(0, seed - 1, ("inference", "inference"))
    warmup = time.perf_counter() - started
    timed = Timed()
    pairings = {
        "random/random": (RandomBot(), RandomBot()),
        "inference/random": (timed, RandomBot()),
        "random/inference": (RandomBot(), timed),
        "inference/inference": (timed, timed),
    }
    rows: list[Games] = []
    for pairing, bots in pairings.items():
        count = games if pairing == "random/random" else inference_games
        play = functools.partial(play_game, seed=seed, bots=bots)
        rows.append(Games(pairing, *measure.timed_games(count, play)))
    disagreements = []
    for row in rows:
        play = functools.partial(play_game, seed=seed, bots=tuple(row.pairing.split("/")))
        disagreements += measure.played_again(row.results[:CHECKED], play, row.pairing)

    # -- report -------------------------------------------------------------------------------
    base = summary(rows[0].times)["median"]
    table = measure.table(
        "Two-Doku: time per whole game (bots of Red/Blue)",
        ("bots", "n", "median", "p90", "max", "×rand", "turns", "red", "blue"),
    )
    for row in rows:
        s = summary(row.times)
        n = len(row.results)
        table.add_row(
            row.pairing,
            str(n),
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["max"]),
            f"{s['median'] / base:.1f}x",
            f"{row.mean_turns():.1f}",
            str(row.wins("red")),
            str(row.wins("blue")),
        )
    console.print(table)
    console.print("turns: the mean game length; red, blue: the games each won (the rest drawn)")
    met = "met" if base <= TARGET else "MISSED"
    console.print(f"target: random/random median at most {fmt(TARGET)}: {met} ({fmt(base)})")
    both = next(row for row in rows if row.pairing == "inference/inference")
    rate = len(both.times) / sum(both.times)
    met = "met" if rate >= RATE_TARGET else "MISSED"
    console.print(
        f"target: at least {RATE_TARGET:.0f} inference/inference games/s: {met} ({rate:.0f}/s)"
    )
    decisions = measure.table(
        "Inference bot: time per decision", ("phase", "n", "median", "p90", "p99", "max")
    )
    for phase, times in (("colour, place", timed.setup), ("play", timed.play)):
        s = summary(times)
        decisions.add_row(
            phase, str(s["n"]), fmt(s["median"]), fmt(s["p90"]), fmt(s["p99"]), fmt(s["max"])
        )
    console.print(decisions)
    against = rows[1].wins("red") + rows[2].wins("blue")
    played = len(rows[1].results) + len(rows[2].results)
    console.print(
        f"inference bot against the random bot: won {against}/{played} "
        f"({100 * against / max(played, 1):.1f}%)"
    )
    console.print(f"warm-up (one inference game, compiles the solver's model): {fmt(warmup)}")
    measure.write_json(
        json_path,
        {
            "summaries": {r.pairing: summary(r.times) for r in rows},
            "times": {r.pairing: r.times for r in rows},
            "results": {r.pairing: [x.to_json() for x in r.results] for r in rows},
            "decisions": {"setup": timed.setup, "play": timed.play},
            "warmup": warmup,
            "disagreements": disagreements,
            "environment": measure.environment_of("python-sat"),
            "seed": seed,
        },
    )
    measure.finish_games(console, disagreements, CHECKED)


if __name__ == "__main__":
    main(sys.argv[1:])
