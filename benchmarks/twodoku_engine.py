"""Time whole Two-Doku games and the deal alone on the engine, two kinds of random bot, one run.

Rows, each a median over many games (target: a random-bot game, deal
included, median at most 50 ms):

* ``uniform``: both players choose uniformly among their legal actions
  (most plays land on a square TD-7 forbids, so games are short);
* ``careful``: both players play, when they can, a random domino on a
  square TD-7 allows where no face-up domino clashes (85% of their turns),
  else take a random other legal action: longer games, with hidden clashes;
* ``deal``: the deal alone (8 face-down digits, the pot, Red's 9 counts),
  inside the uniform games, with the counting caches as a run leaves them;
* ``deal, cold``: the same deals with the counting caches cleared first (the
  price of a face-down draw never seen before);
* ``setup``: colouring and placement alone (the 80 steps before the deal),
  inside the uniform games;
* ``replay``: replaying the record of each uniform game (JSON in and out),
  compared with playing it.

Chance outcomes come from ``sample_chance_outcome`` (the game's seed); the
bots' choices from a generator seeded by the game's index. As a check, the
first games of each kind are played again and must give the same records,
and every record must replay to the same record; on any
disagreement the script lists it and exits with status 1. Times are
:func:`time.perf_counter` around each call; medians and percentiles use
:func:`statistics.quantiles` (inclusive).

Run::

    python benchmarks/twodoku_engine.py
    python benchmarks/twodoku_engine.py --games 2000 --json out.json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import click
import measure
from measure import compact as fmt
from measure import summary
from rich.console import Console

from dokuspec.engine import twodoku as engine
from dokuspec.engine.base import CHANCE, Action, GameRecord, replay
from dokuspec.vocabulary.twodoku import Square

#: Target in seconds: the median of a random-bot game, the deal included.
TARGET = 50e-3

#: Games of each kind played again to check that they give the same records.
CHECKED = 5

Bot = Callable[[engine.TwoDokuState, random.Random], Action]


def uniform(state: engine.TwoDokuState, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def careful(state: engine.TwoDokuState, rng: random.Random) -> Action:
    """Mostly a play where TD-7 allows and nothing face up clashes; else another action."""
    legal = state.legal_actions()
    if state.phase != "play":
        return rng.choice(legal)
    player = state.current_player()
    blocked: dict[int, set[Square]] = {d: set() for d in range(1, 10)}
    for square, digit in state.view(player).face_up.items():
        blocked[digit] |= square.peers
    allowed = set(state.allowed_squares(player))
    safe = [
        a
        for a in legal
        if isinstance(a, engine.PlayDomino)
        and a.square in allowed
        and a.square not in blocked[a.digit]
    ]
    if safe and rng.random() < 0.85:
        return rng.choice(safe)
    return rng.choice([a for a in legal if not isinstance(a, engine.PlayDomino)])


BOTS: dict[str, Bot] = {"uniform": uniform, "careful": careful}


@dataclass
class Game:
    """One game: its times and what happened."""

    index: int
    total: float
    setup: float
    deal: float
    steps: int
    turns: int
    ending: str
    winner: str | None
    record: GameRecord


@dataclass
class Row:
    """One kind of game or step: times and games."""

    name: str
    times: list[float] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)

    def summary(self) -> dict[str, float]:
        return summary(self.times)


def play(index: int, seed: int, bot: Bot) -> Game:
    """One whole game of ``bot`` against itself, timed as a whole and by phase.

    The game's seed depends on the bot too, so that the bots meet different
    deals (a deal seen before is counted faster: the counts are cached).
    """
    name = next(key for key, value in BOTS.items() if value is bot)
    rng = random.Random(f"twodoku-bench:{seed}:{name}:{index}")
    started = time.perf_counter()
    game_seed = random.Random(f"twodoku-bench-seed:{seed}:{name}:{index}").randrange(2**32)
    state = engine.TwoDoku().new_initial_state(game_seed)
    deal_started = deal_ended = started
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            if state.phase == "dealing" and deal_started == started:
                deal_started = time.perf_counter()
            state.apply_action(state.sample_chance_outcome())
            if state.phase == "play" and deal_ended == started:
                deal_ended = time.perf_counter()
        else:
            state.apply_action(bot(state, rng))
    total = time.perf_counter() - started
    result = state.result()
    assert result is not None
    return Game(
        index,
        total,
        deal_started - started,
        deal_ended - deal_started,
        len(state.history()),
        result.turns,
        result.ending,
        result.winner,
        state.record(),
    )


def cold_deal(record: GameRecord) -> float:
    """The deal of ``record`` again, the counting caches cleared first."""
    for cached in (engine._pot_weights, engine._suffix_tables, engine._pot_outcomes):
        cached.cache_clear()
    engine._count_outcomes.cache_clear()
    engine._draw_outcomes.cache_clear()
    state = engine.TwoDoku().new_initial_state(record.seed)
    game = state.game
    actions = [game.action_from_json(entry["action"]) for entry in record.actions]  # type: ignore[call-overload,index]
    for action in actions[:80]:
        state.apply_action(action)
    started = time.perf_counter()
    while state.phase == "dealing":
        state.apply_action(state.sample_chance_outcome())
    return time.perf_counter() - started


@click.command()
@click.option("--games", default=1000, show_default=True, help="Games of each bot.")
@click.option("--cold", default=200, show_default=True, help="Deals timed with cold caches.")
@click.option("--seed", default=2024, show_default=True, help="The run's seed.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(games: int, cold: int, seed: int, json_path: str | None) -> None:
    """Time whole Two-Doku games of two random bots, the deal and replays, in one run."""
    console = Console()
    rows: dict[str, Row] = {}
    for name, bot in BOTS.items():
        row = Row(name)
        for index in range(games):
            game = play(index, seed, bot)
            row.times.append(game.total)
            row.games.append(game)
        rows[name] = row
    uniform_games = rows["uniform"].games
    rows["deal"] = Row("deal", [g.deal for g in uniform_games])
    rows["setup"] = Row("setup", [g.setup for g in uniform_games])
    rows["deal, cold"] = Row("deal, cold", [cold_deal(g.record) for g in uniform_games[:cold]])
    disagreements: list[str] = []
    replays = Row("replay")
    for game in uniform_games:
        text = json.dumps(game.record.to_json())
        started = time.perf_counter()
        again = replay(GameRecord.from_json(json.loads(text)))
        replays.times.append(time.perf_counter() - started)
        if again.record() != game.record:
            disagreements.append(f"uniform game {game.index}: its record replays to another")
    rows["replay"] = replays
    for name, bot in BOTS.items():
        for game in rows[name].games[:CHECKED]:
            if play(game.index, seed, bot).record != game.record:
                disagreements.append(f"{name} game {game.index}: played again, another game")

    # -- report -------------------------------------------------------------------------------
    baseline = rows["uniform"].summary()["median"]
    table = measure.table(
        "Two-Doku engine: time per whole game and per part",
        ("row", "n", "median", "p90", "p99", "max", "×uniform", "target"),
        left=("target",),
    )
    for name, row in rows.items():
        s = row.summary()
        target = ""
        if name in BOTS:
            target = "met" if s["median"] <= TARGET else "MISSED"
        table.add_row(
            name,
            str(s["n"]),
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["p99"]),
            fmt(s["max"]),
            f"{s['median'] / baseline:.2f}",
            target,
        )
    console.print(table)
    console.print(
        f"target: a random-bot game (deal included) median at most {fmt(TARGET)}. "
        "×uniform: median / the uniform game's median."
    )
    lengths: dict[str, dict[str, object]] = {}
    for name in BOTS:
        played = rows[name].games
        endings = Counter(g.ending for g in played)
        winners = Counter(g.winner or "draw" for g in played)
        lengths[name] = {
            "turns_median": statistics.median(g.turns for g in played),
            "turns_max": max(g.turns for g in played),
            "steps_median": statistics.median(g.steps for g in played),
            "endings": dict(endings),
            "winners": dict(winners),
        }
        console.print(
            f"{name}: turns median {lengths[name]['turns_median']}, max "
            f"{lengths[name]['turns_max']}; steps median {lengths[name]['steps_median']}; "
            f"endings {dict(endings)}; winners {dict(winners)}",
            markup=False,
        )
    measure.write_json(
        json_path,
        {
            "summaries": {name: row.summary() for name, row in rows.items()},
            "times": {name: row.times for name, row in rows.items()},
            "lengths": lengths,
            "disagreements": disagreements,
            "environment": measure.environment_of("hypothesis"),
            "seed": seed,
        },
    )
    measure.finish(
        console,
        disagreements,
        "disagreements",
        f"every record replays to the same record; the first {CHECKED} games of each bot "
        "give the same records when played again",
    )


if __name__ == "__main__":
    main(sys.argv[1:])
