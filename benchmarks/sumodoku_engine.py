"""Time whole Sumodoku games and the engine's steps, with simple bots, in one run.

Rows, each a summary over many games or steps (target: the engine's share of
a solver-bot game, about 40-80 placements, well under 100 ms; here the bots
cost next to nothing, so a game's time is the engine's):

* ``game, valid-move bot``: both players place a uniformly random valid
  move (``valid_moves``) until the game ends (strict enforcement): the shape
  of a solver-bot game, without the solver;
* ``game, uniform bot``: both players choose uniformly among
  ``legal_actions`` (strict);
* ``game, tabletop``: uniform bot, tabletop enforcement, observer 0.5 (405
  placements offered per turn, chance nodes after mistakes);
* ``game, random colours + x``: valid-move bot, the colour draw (630
  outcomes) and Sudoku X;
* ``legal_actions``, ``valid_moves``, ``apply_action``: per call, inside the
  valid-move games;
* ``replay``: ``read_record(record_text(state))`` of each valid-move game.

Chance outcomes come from ``sample_chance_outcome`` (the game's seed); the
bots' choices from a generator seeded by the game's index. As a check,
every record must replay to an equal state; on any disagreement the script
says so and exits with status 1. Times are :func:`time.perf_counter` around
each call; medians and percentiles use :func:`statistics.quantiles`
(inclusive).

Run::

    python benchmarks/sumodoku_engine.py
    python benchmarks/sumodoku_engine.py --games 2000 --json out.json
"""

from __future__ import annotations

import json
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Callable

import click
from measure import fmt, summary, version
from rich import box
from rich.console import Console
from rich.table import Table

from dokuspec.engine import sumodoku as engine
from dokuspec.engine.base import Action
from dokuspec.files import write_text_file

#: Target in seconds: the engine's share of a solver-bot game (the median).
TARGET = 100e-3

Bot = Callable[[engine.SumodokuState, random.Random], Action]


def valid_move_bot(state: engine.SumodokuState, rng: random.Random) -> Action:
    """A uniformly random valid move; the only legal action when there is none."""
    moves = state.valid_moves(state.current_player())
    return rng.choice(moves) if moves else state.legal_actions()[0]


def uniform_bot(state: engine.SumodokuState, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def play(
    game: engine.Sumodoku,
    seed: int,
    bot: Bot,
    steps: dict[str, list[float]] | None = None,
) -> engine.SumodokuState:
    """One game; with ``steps``, the engine's calls are timed one by one."""
    rng = random.Random(f"bot:{seed}")
    state = game.new_initial_state(seed)
    clock = time.perf_counter
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
            continue
        if steps is not None:
            player = state.current_player()
            start = clock()
            state.legal_actions()
            middle = clock()
            state.valid_moves(player)
            steps["legal_actions"].append(middle - start)
            steps["valid_moves"].append(clock() - middle)
        action = bot(state, rng)
        start = clock()
        state.apply_action(action)
        if steps is not None:
            steps["apply_action"].append(clock() - start)
    return state


@click.command()
@click.option("--games", default=500, show_default=True, help="Games of each kind.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the numbers.")
def main(games: int, json_path: str | None) -> None:
    """Time Sumodoku games and the engine's steps."""
    console = Console(width=80)
    kinds: list[tuple[str, engine.Sumodoku, Bot]] = [
        ("game, valid-move bot", engine.Sumodoku(), valid_move_bot),
        ("game, uniform bot", engine.Sumodoku(), uniform_bot),
        (
            "game, tabletop",
            engine.Sumodoku(enforcement="tabletop", observer=0.5),
            uniform_bot,
        ),
        (
            "game, random colours + x",
            engine.Sumodoku(colour_assignment="random", x=True),
            valid_move_bot,
        ),
    ]
    rows: dict[str, list[float]] = {}
    reasons: dict[str, Counter[str]] = {}
    lengths: dict[str, list[int]] = {}
    failures: list[str] = []
    finals: list[engine.SumodokuState] = []
    for name, game, bot in kinds:
        times: list[float] = []
        reasons[name] = Counter()
        lengths[name] = []
        for index in range(games):
            start = time.perf_counter()
            state = play(game, index, bot)
            times.append(time.perf_counter() - start)
            result = state.result
            assert result is not None
            reasons[name][result.reason] += 1
            lengths[name].append(sum(state.turn_number(p) for p in (0, 1)))
            if name == "game, valid-move bot":
                finals.append(state)
        rows[name] = times
    steps: dict[str, list[float]] = {"legal_actions": [], "valid_moves": [], "apply_action": []}
    for index in range(games):
        play(engine.Sumodoku(), index, valid_move_bot, steps)
    rows.update(steps)
    replays: list[float] = []
    for state in finals:
        text = engine.record_text(state)
        start = time.perf_counter()
        again = engine.read_record(text)
        replays.append(time.perf_counter() - start)
        if again != state:
            failures.append(f"game seed {state.seed}: the record replays to another state")
    rows["replay"] = replays

    table = Table(box=box.SIMPLE, title=f"Sumodoku engine, {games} games of each kind")
    for column in ("", "n", "median", "p90", "p99", "max"):
        table.add_column(column, justify="left" if not column else "right")
    numbers: dict[str, dict[str, float]] = {}
    for name, values in rows.items():
        stats = summary(values)
        numbers[name] = stats
        table.add_row(
            name,
            str(int(stats["n"])),
            *(fmt(stats[key], compact=True) for key in ("median", "p90", "p99", "max")),
        )
    console.print(table)
    for name, reasons_seen in reasons.items():
        placed = summary([float(n) for n in lengths[name]])
        counts = ", ".join(f"{k} {v}" for k, v in reasons_seen.most_common())
        console.print(f"{name}: turns median {placed['median']:g}; {counts}")
    median = numbers["game, valid-move bot"]["median"]
    verdict = "meets" if median <= TARGET else "misses"
    console.print(f"valid-move game median {fmt(median)}: {verdict} the {fmt(TARGET)} target")
    console.print(
        f"Python {platform.python_version()}, jsonschema {version('jsonschema')}, "
        f"{platform.machine()}"
    )
    if json_path is not None:
        write_text_file(json_path, json.dumps({"games": games, "rows": numbers}, indent=2))
    if failures:
        for failure in failures:
            console.print(failure, markup=False)
        sys.exit(1)


if __name__ == "__main__":
    main()
