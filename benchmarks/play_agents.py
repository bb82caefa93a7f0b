"""The strong agents against today's bots, the single-spoil deviation, and decision times.

For each game with a play kit, the ``strong`` agent plays each of the game's
other bots (Sumodoku: random, solver; Competitive Sudoku: random, greedy;
Two-Doku: random, inference) ``--games`` games *in each seat*, on seeded
deals (:func:`dokuspec.play.matches.play_games`), and its win rate in each
seat is printed with its 95% Wilson interval. Target: the lower end above
60% in both seats against every bot.

Sumodoku also plays the *single-spoil deviation*: the opponent is the solver
bot, or the solver bot whose 15th placement spoils the board (``spoiler``);
the deviation must not raise the opponent's win rate against the strong
agent, in either seat. Both rates are printed with their intervals and the
p-value of Fisher's exact test that they are equal
(:func:`scipy.stats.fisher_exact`, one-sided: the deviation does better).

``--agent NAME`` rates another agent of the kits in the strong agent's place
(Two-Doku's search agent: ``--game twodoku --agent search``).

Every decision of the strong agent is timed (:func:`time.perf_counter`):
median, p90, p99 and max. Target: a decision within 100 ms at the default
strength. The process's first decision, which also builds the tables the
agent reads (once per process), is printed on its own and left out of the
statistics.

Run::

    python benchmarks/play_agents.py --games 50
    python benchmarks/play_agents.py --game sumodoku --games 20 --json out.json
"""

from __future__ import annotations

import random
import time
from typing import Any

import click
import measure
from rich.console import Console
from scipy.stats import fisher_exact

from dokuspec.engine.playout import play_out
from dokuspec.play.kit import agent, kit
from dokuspec.play.matches import deal_seed
from dokuspec.play.stats import wilson_interval

OPPONENTS = {
    "sumodoku": ("random", "solver"),
    "competitive": ("random", "greedy"),
    "twodoku": ("random", "inference"),
}
TARGET_RATE = 0.6
TARGET_DECISION = 0.100


class Timed:
    """An agent whose decisions are timed."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def __call__(self, state: Any, player: int, rng: random.Random) -> Any:
        started = time.perf_counter()
        chosen = self.inner(state, player, rng)
        self.times.append(time.perf_counter() - started)
        return chosen


def winners(game: str, bots: list[Any], games: int, seed: int) -> list[int | None]:
    """The winning seat of each of games ``0 .. games - 1`` between ``bots`` (seat order), on
    the deals :func:`dokuspec.play.matches.play_games` plays, each replayed by the rules
    engine from its record to the same outcome."""
    found = kit(game)
    board = found.make_game()
    won = []
    for index in range(games):
        state = play_out(board, bots, deal_seed(game, seed, index))
        outcome = found.outcome(state)
        again = found.outcome(found.replayed(found.record_of(state)))
        if again != outcome:
            raise RuntimeError(f"{game} game {index}: its record replays to another outcome")
        won.append(outcome.winner)
    return won


def seat_rates(game: str, strong: Any, opponent: str, games: int, seed: int) -> list[Any]:
    """The strong agent's wins in seat 0 and seat 1 against ``opponent``."""
    rates = []
    other = agent(game, opponent)
    for seat in (0, 1):
        bots = [strong, other] if seat == 0 else [other, strong]
        won = winners(game, bots, games, seed)
        rates.append(wilson_interval(sum(w == seat for w in won), games))
    return rates


@click.command()
@click.option("--game", "chosen", multiple=True, help="Only this game (repeat for more).")
@click.option("--games", default=50, show_default=True, help="Games per seat and opponent.")
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "json_path", default=None, help="Write the results to this file.")
@click.option(
    "--agent",
    "name",
    default="strong",
    show_default=True,
    help="The agent to rate, by its name in the games' play kits.",
)
def main(chosen: tuple[str, ...], games: int, seed: int, json_path: str | None, name: str) -> None:
    """Time and rate the strong agents (see the module)."""
    console = Console()
    results: dict[str, Any] = {"environment": measure.environment_of("dokuspec"), "agent": name}
    for game in chosen or tuple(OPPONENTS):
        timed = Timed(agent(game, name))
        table = measure.table(
            f"{game}: {name} against each bot, {games} games per seat",
            ["opponent", "wins as seat 0", "wins as seat 1", "target"],
            left=["opponent"],
        )
        rows: dict[str, Any] = {}
        for opponent in OPPONENTS[game]:
            rates = seat_rates(game, timed, opponent, games, seed)
            met = all(rate.low > TARGET_RATE for rate in rates)
            table.add_row(opponent, str(rates[0]), str(rates[1]), "met" if met else "NOT met")
            rows[opponent] = [rate.to_json() for rate in rates]
        console.print(table)
        results[game] = {"rates": rows}
        if game == "sumodoku" and name == "strong":
            results[game]["deviation"] = deviation(console, timed, games, seed)
        first, rest = timed.times[0], timed.times[1:]
        decisions = measure.summary(rest)
        decisions["first"] = first
        console.print(f"{game}: the first decision (tables built) took {1000 * first:.1f} ms")
        console.print(
            f"{game}: {decisions['n']:,} decisions of {name}: median "
            f"{1000 * decisions['median']:.1f} ms, p90 {1000 * decisions['p90']:.1f} ms, "
            f"p99 {1000 * decisions['p99']:.1f} ms, max {1000 * decisions['max']:.1f} ms "
            f"(target {1000 * TARGET_DECISION:.0f} ms: "
            f"{'met' if decisions['p99'] <= TARGET_DECISION else 'NOT met'} at p99, "
            f"{'met' if decisions['max'] <= TARGET_DECISION else 'NOT met'} at max)"
        )
        results[game]["decisions"] = decisions
    measure.write_json(json_path, results)


def deviation(console: Console, strong: Any, games: int, seed: int) -> dict[str, Any]:
    """The opponent's wins with and without the single-spoil deviation, by the strong
    agent's seat."""
    table = measure.table(
        f"sumodoku: the single-spoil deviation, {games} games per seat",
        ["strong as", "solver's wins", "spoiler's wins", "p (spoiler better)", "raised?"],
        left=["strong as"],
    )
    found: dict[str, Any] = {}
    for seat in (0, 1):
        counts = []
        for opponent in ("solver", "spoiler"):
            other = agent("sumodoku", opponent)
            bots = [strong, other] if seat == 0 else [other, strong]
            won = winners("sumodoku", bots, games, seed)
            counts.append(sum(w == 1 - seat for w in won))
        _, p = fisher_exact(
            [[counts[1], games - counts[1]], [counts[0], games - counts[0]]], alternative="greater"
        )
        raised = p < 0.05
        name = f"Player {seat + 1}"
        table.add_row(
            name,
            str(wilson_interval(counts[0], games)),
            str(wilson_interval(counts[1], games)),
            f"{p:.3f}",
            "yes" if raised else "no",
        )
        found[name] = {"solver": counts[0], "spoiler": counts[1], "games": games, "p": p}
    console.print(table)
    return found


if __name__ == "__main__":
    main()
