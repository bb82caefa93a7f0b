"""Write the figures and the numbers of the handbook's Competitive Sudoku chapter.

Run from the repository root (after installing dokuspec)::

    python scripts/make_competitive_figures.py           # write the files
    python scripts/make_competitive_figures.py --check   # compare, write nothing

Writes the SVG pictures under ``docs/figures/competitive/`` and, under
``docs/generated/``, the record of every computed fact
(``competitive-facts.json``) and the reStructuredText pieces that
``docs/rules/competitive.rst`` includes (``competitive-*.inc``). Nothing in
them is typed by hand, and every fact is checked against a second reading:

* the 105 ordered lines by kind (CS-18): :func:`dokuspec.competitive.line_kind`
  over all 729 rank triples, each kind checked against the engine's
  ``line_kind``;
* the points of each kind of line under the scoring options (CS-20, CS-32),
  and the lines, hand values and scores of the worked examples (CS-17 to
  CS-20): :func:`dokuspec.competitive.lines`,
  :func:`~dokuspec.competitive.hand_value` and
  :func:`~dokuspec.competitive.score`, each checked against the engine
  (:mod:`dokuspec.engine.competitive`);
* the numbers of winning hands (CS-19, CS-31) for the standard and the
  unlimited deck, as rank patterns and as Grids of cards:
  :func:`dokuspec.competitive.count_winning` with the engine, the SAT backend
  and Z3;
* the best hand of the standard deck under the default scoring and with
  every option on: :func:`dokuspec.competitive.best_completion` on the empty
  Grid, proven optimal by the SAT backend (MaxSAT) and by Z3, its score
  checked against the engine's ``winner_score``;
* the line kinds among the winning rank patterns: the patterns the SAT
  backend enumerates, checked to be exactly the engine's
  ``winning_rank_patterns``;
* the Table of a real game, played by the engine from a fixed seed with
  uniformly random choices, its record checked to replay to the same state;
* the statistics of the bots' games (:func:`statistics`, recorded in
  ``competitive-stats.json``): :data:`STATS_GAMES` games of each pairing of
  the two bots (:mod:`dokuspec.competitive.bots`) in each mode
  (:data:`STATS_SETTINGS`), played by
  :func:`dokuspec.competitive.simulation.play_game` (game ``index`` of the
  run with :data:`STATS_SEED`, which is also game ``index`` of
  :func:`~dokuspec.competitive.simulation.simulate`) and counted by
  :func:`~dokuspec.competitive.simulation.summarise`. Each game's scores are
  worked out again from the public definitions
  (:func:`~dokuspec.competitive.simulation.outcome`) and must be the
  engine's returns, and each game's record is replayed and must give the
  same state. The summary of the first :data:`STATS_SAMPLE` games of each
  setting is recorded too, so that the tests can play those again.

When two readings disagree the script writes nothing, prints ``refused:``
and why, and exits with status 1. With ``--check`` it writes nothing,
prints the files that differ from what it would write (or that it would no
longer write) and exits with status 1 if there are any. Z3 takes one to two
minutes per count, the statistics about five minutes of processor time, two
and a half on two cores (``--jobs``, default: every core); the whole run
about eight minutes on two cores.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import _figures
from _figures import DisagreementError, facts_json, list_table, number

from dokuspec import competitive
from dokuspec.competitive import Card, Grid, Scoring, simulation
from dokuspec.competitive.queries import BackendName, CountBackend
from dokuspec.competitive.simulation import ENDINGS, GameResult, summarise
from dokuspec.engine import competitive as engine
from dokuspec.engine.base import CHANCE, SIMULTANEOUS, replay
from dokuspec.render.competitive import grid_svg, table_svg, table_text
from dokuspec.vocabulary.competitive import Table

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path("docs/figures/competitive")
GENERATED = Path("docs/generated")
FACTS = GENERATED / "competitive-facts.json"
STATS = GENERATED / "competitive-stats.json"

# The decks counted, by their names in dokuspec (CS-1).
DECKS = ("standard", "unlimited")
# What is counted: rank patterns (colours false) and Grids of cards (colours true).
COUNTED = (("rank patterns", False), ("Grids of cards", True))
BACKENDS: tuple[CountBackend, ...] = ("engine", "sat", "z3")
SOLVERS: tuple[BackendName, ...] = ("sat", "z3")

KIND_NAMES = {
    "triplet": "triplet",
    "one-straight": "one-straight",
    "two-straight": "two-straight",
    "three-straight": "three-straight",
    "power-series": "power series",
}
# How each kind is written in the ruling of CS-18.
KIND_FORMS = {
    "triplet": "``a a a``",
    "one-straight": "``a, a+1, a+2``",
    "two-straight": "``a, a+2, a+4``",
    "three-straight": "``a, a+3, a+6``",
    "power-series": "``2, 4, 8``",
}

# The scoring options of CS-20, each on its own, as they are shown: the first
# three are the power series' three readings (nothing, 3 points, as a straight).
OPTIONS: tuple[tuple[str, Scoring], ...] = (
    ("default", Scoring()),
    ("``power_series_points=3``", Scoring(power_series_points=3)),
    ('``power_series_points="as_straight"``', Scoring(power_series_points="as_straight")),
    ("``three_triplets_bonus``", Scoring(three_triplets_bonus=True)),
    ("``score_loser_hand``", Scoring(score_loser_hand=True)),
)


# The scorings under which the best hand is found: the default and every option on.
BEST: tuple[tuple[str, Scoring], ...] = (
    ("default", Scoring()),
    (
        "``power_series_points=3`` and ``three_triplets_bonus``",
        Scoring(power_series_points=3, three_triplets_bonus=True),
    ),
)


@dataclass(frozen=True, slots=True)
class Example:
    """A Grid the chapter shows: its file name, its notation and its picture's title."""

    name: str
    grid: str
    title: str
    winning: bool = True


EXAMPLES = (
    Example("triplets", "b3 r3 r3 / b5 b5 r5 / r7 b7 r7", "Three triplet rows"),
    Example("one-colour", "r1 r2 r3 / r3 r4 r5 / r5 r6 r7", "Straights of one colour"),
    Example("power-series", "b2 b4 b8 / r4 r8 r2 / r8 b2 b4", "The power series"),
    Example("diagonals", "b5 r4 r6 / b6 r5 b4 / b4 r6 b5", "Diagonals that score"),
    Example("every-rank", "r1 r2 r3 / r4 r5 r6 / r7 r8 r9", "Every rank once", winning=False),
)


# -- the facts ---------------------------------------------------------------------------


def line_kinds() -> list[dict[str, Any]]:
    """The 105 ordered lines of CS-18 by kind: each kind's rank sets and orderings."""
    sets: dict[str, set[tuple[int, ...]]] = {kind: set() for kind in KIND_NAMES}
    orderings: Counter[str] = Counter()
    for triple in itertools.product(range(1, 10), repeat=3):
        kind = competitive.line_kind(triple)
        if engine.line_kind(triple) != kind:
            raise DisagreementError(f"{triple}: the engine and the spec disagree on its kind")
        if kind is not None:
            sets[kind].add(tuple(sorted(triple)))
            orderings[kind] += 1
    return [
        {
            "kind": kind,
            "sets": [" ".join(map(str, ranks)) for ranks in sorted(sets[kind])],
            "orderings": orderings[kind],
        }
        for kind in KIND_NAMES
    ]


def _line_grid(cards: str) -> Grid:
    """A Grid whose first row holds ``cards`` and whose other positions are empty."""
    return Grid.parse(f"{cards} / .. .. .. / .. .. ..")


def scoring_table() -> list[dict[str, Any]]:
    """What one row scores, by kind and colours, under each reading of the power series."""
    smallest = {"triplet": (1, 1, 1), "one-straight": (1, 2, 3), "two-straight": (1, 3, 5)}
    smallest |= {"three-straight": (1, 4, 7), "power-series": (2, 4, 8)}
    found = []
    for kind, ranks in smallest.items():
        mixed = _line_grid(f"r{ranks[0]} b{ranks[1]} r{ranks[2]}")
        single = _line_grid(f"r{ranks[0]} r{ranks[1]} r{ranks[2]}")
        points = {}
        for label, scoring in OPTIONS[:3]:
            for colours, grid in (("mixed", mixed), ("one colour", single)):
                line = competitive.lines(grid, scoring)[0]
                if line.kind != kind:
                    raise DisagreementError(f"{line.cards} is a {line.kind}, not a {kind}")
                if engine.line_points([c for c in grid.cards[:3] if c], scoring) != line.points:
                    raise DisagreementError(f"{line.cards}: the engine scores it differently")
                points[f"{label}, {colours}"] = line.points
        found.append({"kind": kind, "example": " ".join(map(str, ranks)), "points": points})
    return found


def hand_facts(
    name: str,
    grid: Grid,
    title: str,
    winning: bool = True,
    options: Sequence[tuple[str, Scoring]] = OPTIONS,
) -> dict[str, Any]:
    """The lines, value and scores of a Grid, each checked against the engine.

    The lines are scored under the first of ``options``; value and scores
    under each of them.
    """
    if not competitive.STANDARD_DECK.holds(grid.contents()):
        raise DisagreementError(f"{grid} needs more copies of a card than the standard deck has")
    if competitive.is_winning(grid) != winning:
        raise DisagreementError(f"{grid}: is_winning is not {winning}")
    if engine.is_winning_hand(grid) != winning:
        raise DisagreementError(f"{grid}: the engine and the spec disagree on whether it wins")
    lines = []
    for line in competitive.lines(grid, options[0][1]):
        cards = [card for card in line.cards if card is not None]
        if engine.line_points(cards, options[0][1]) != line.points:
            raise DisagreementError(f"{grid}: the engine scores its {line.name} differently")
        lines.append(
            {
                "name": line.name,
                "positions": list(line.positions),
                "cards": " ".join(str(card) for card in cards),
                "kind": line.kind,
                "points": line.points,
            }
        )
    scores = []
    for label, scoring in options:
        value = competitive.hand_value(grid, scoring)
        if engine.hand_value(grid, scoring) != value:
            raise DisagreementError(f"{grid}: the engine's hand value differs under {label}")
        row: dict[str, Any] = {"scoring": label, "hand value": value}
        if winning:
            row["winner"] = competitive.score(grid, scoring)
            if engine.winner_score(grid, scoring) != row["winner"]:
                raise DisagreementError(
                    f"{grid}: the engine's winner's score differs under {label}"
                )
        row["loser"] = competitive.score(grid, scoring, winner=False)
        scores.append(row)
    return {
        "name": name,
        "grid": str(grid),
        "title": title,
        "winning": winning,
        "why not winning": competitive.why_not_winning(grid),
        "lines": lines,
        "scores": scores,
    }


def example_facts(example: Example) -> dict[str, Any]:
    """The facts of one of :data:`EXAMPLES`."""
    return hand_facts(example.name, Grid.parse(example.grid), example.title, example.winning)


def best_hand_facts(index: int, best: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of a recorded best hand, its score checked against the record."""
    label = BEST[index][0]
    if best["scoring"] != label:
        raise DisagreementError(f"the best hands are recorded for {best['scoring']}, not {label}")
    title = "The best hand" if index == 0 else "The best hand, every option on"
    facts = hand_facts(f"best-{index + 1}", Grid.parse(best["hand"]), title, True, (BEST[index],))
    if {facts["scores"][0]["winner"]} != set(best["scores"].values()):
        raise DisagreementError(f"{best['hand']} does not score the recorded best {best['scores']}")
    return facts


def count_all(backends: Sequence[CountBackend] = BACKENDS) -> dict[str, dict[str, dict[str, int]]]:
    """Every count of winning hands with every backend; refuses when backends disagree."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for deck in DECKS:
        counts[deck] = {}
        for counted, colours in COUNTED:
            found: dict[str, int] = {
                backend: competitive.count_winning(deck, colours, backend=backend)
                for backend in backends
            }
            if len(set(found.values())) != 1:
                raise DisagreementError(f"{deck} deck, {counted}: the backends disagree: {found}")
            counts[deck][counted] = found
    return counts


def best_all(backends: Sequence[BackendName] = SOLVERS) -> list[dict[str, Any]]:
    """The highest winner's score with the standard deck, per scoring, proven by each solver.

    The hand recorded is the first backend's; refuses when a backend does not
    prove its optimum or when the backends' scores differ.
    """
    found = []
    for label, scoring in BEST:
        scores: dict[str, int] = {}
        hand = ""
        for backend in backends:
            best = competitive.best_completion(
                Grid([None] * 9), competitive.STANDARD_DECK.cards(), scoring, backend=backend
            )
            if best.status != "optimal" or best.score is None or best.completion is None:
                raise DisagreementError(
                    f"{backend}: no proven best hand under {label} ({best.status})"
                )
            scores[backend] = best.score
            hand = hand or str(best.completion)
        if len(set(scores.values())) != 1:
            raise DisagreementError(f"the best hand under {label}: the backends disagree: {scores}")
        found.append({"scoring": label, "scores": scores, "hand": hand})
    return found


def solve(backends: Sequence[CountBackend] = BACKENDS) -> dict[str, Any]:
    """The facts that need the solvers: counts (every backend) and best hands (the solvers)."""
    return {
        "counts": count_all(backends),
        "best": best_all([solver for solver in SOLVERS if solver in backends]),
    }


def agreed(counts: Mapping[str, Mapping[str, Mapping[str, int]]], deck: str, counted: str) -> int:
    """The one number every backend gave; :class:`DisagreementError` if they differ."""
    found = set(counts[deck][counted].values())
    if len(found) != 1:
        raise DisagreementError(f"{deck} deck, {counted}: the recorded counts disagree")
    return found.pop()


def winning_patterns(deck: str) -> list[tuple[int, ...]]:
    """Every winning rank pattern the deck can supply, as the SAT backend enumerates them."""
    copies = competitive.Deck.parse(deck).copies_per_colour
    model, compiled = competitive.compiled_pattern_model(copies, "sat")
    found = compiled.enumerate(model.projection)
    if not found.complete:
        raise DisagreementError(f"the enumeration of the {deck} deck's patterns did not finish")
    return sorted(model.ranks_of(solution) for solution in found.solutions)


def frequencies(deck: str, patterns: Iterable[tuple[int, ...]]) -> dict[str, Any]:
    """Kinds of rows and columns, and of diagonals, among the winning rank patterns."""
    kinds_of = competitive.line_kind
    rows_columns: Counter[str] = Counter()
    hands_with: Counter[str] = Counter()
    diagonals: Counter[str] = Counter()
    total = 0
    for pattern in patterns:
        total += 1
        kinds = [
            kinds_of([pattern[i] for i in positions])
            for positions in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
        ]
        lines = [kind for kind in kinds if kind is not None]
        if len(lines) < 6 or not competitive.is_winning(Grid([Card("r", r) for r in pattern])):
            raise DisagreementError(f"the enumerated pattern {pattern} is not a winning hand")
        rows_columns.update(lines)
        hands_with.update(set(lines))
        for positions in ((0, 4, 8), (2, 4, 6)):
            diagonals[str(kinds_of([pattern[i] for i in positions]))] += 1
    return {
        "deck": deck,
        "patterns": total,
        "rows and columns": {kind: rows_columns[kind] for kind in KIND_NAMES},
        "hands with": {kind: hands_with[kind] for kind in KIND_NAMES},
        "diagonals": {kind: diagonals[kind] for kind in (*KIND_NAMES, "None")},
    }


# The game the Table is taken from: the engine's default options (the Draft,
# CS-3), chance from this seed, and both players choosing uniformly at random
# among their legal actions with random.Random(seed). The first seed from here
# whose game reaches a Table with a Discard Pile and a Stack of two is shown.
TABLE_SEED = 1


def _showable(table: Any) -> bool:
    """A Table worth a picture: a Discard Pile (CS-14) and a Stack of two cards (CS-12)."""
    stacks = [stack for pool in table.pools for stack in pool.stacks]
    return any(len(pile) for pile in table.discards) and any(s.height == 2 for s in stacks)


def table_facts() -> dict[str, Any]:
    """A Table from a game the engine plays, checked by replaying the game's record."""
    game = engine.CompetitiveSudoku()
    turns = (engine.Take, engine.TakeDeck, engine.Flood, engine.Pass)
    for seed in range(TABLE_SEED, TABLE_SEED + 100):
        state = game.new_initial_state(seed)
        choose = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance_outcome())
            elif player == SIMULTANEOUS:
                state.apply_actions([choose.choice(state.legal_actions(p)) for p in (0, 1)])
            elif state.drawn() is None and _showable(state.table()):
                if replay(state.record()) != state:
                    raise DisagreementError(f"seed {seed}: the game's record replays differently")
                played = [e for e in state.history() if isinstance(e.actions[0], turns)]
                return {
                    "seed": seed,
                    "steps": len(state.history()),
                    "turns": len(played),
                    "to move": "Red" if player != state.black else "Black",
                    "table": state.table().to_json(),
                }
            else:
                state.apply_action(choose.choice(state.legal_actions(player)))
    raise DisagreementError(f"no game from seed {TABLE_SEED} on reaches a Table worth showing")


# The statistics: STATS_GAMES games (indices 0 to STATS_GAMES - 1 of the run with
# seed STATS_SEED) of every pairing of the bots (player 0's bot first) in every mode
# (CS-3 to CS-5), the other options at their defaults.
STATS_SEED = 1
STATS_GAMES = 200
STATS_SAMPLE = 5
PAIRINGS = (("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))
STATS_SETTINGS = tuple((mode, bots) for mode in engine.MODES for bots in PAIRINGS)


def _replay(text: str, where: str) -> Any:
    return simulation.replay_record(text, source=where)


def stats_game(task: tuple[int, int]) -> GameResult:
    """Game ``index`` of setting ``number`` (:data:`STATS_SETTINGS`) of the statistics run,
    its scores and its record checked."""
    number, index = task
    mode, bots = STATS_SETTINGS[number]
    where = f"{mode}, {' v '.join(bots)}, game {index}"
    return _figures.checked_game(
        where,
        partial(simulation.play_game, index, STATS_SEED, mode, bots),
        _replay,
        simulation.record_text,
    )


def setting_stats(games: Sequence[GameResult]) -> dict[str, Any]:
    """The summary of a setting's games, and their turns."""
    turns = [game.turns for game in games]
    return {
        "summary": _figures.counted(summarise(games).to_json(), len(games)),
        "turns": {"total": sum(turns), "shortest": min(turns), "longest": max(turns)},
    }


def statistics(
    games: int = STATS_GAMES, sample: int = STATS_SAMPLE, jobs: int = 1
) -> dict[str, Any]:
    """The statistics of :data:`STATS_SETTINGS`, ``games`` games each, the first ``sample``
    summed apart; ``jobs`` processes play them."""
    settings = [{"mode": mode, "bots": list(bots)} for mode, bots in STATS_SETTINGS]
    return _figures.statistics(stats_game, settings, setting_stats, STATS_SEED, games, sample, jobs)


# -- the files ---------------------------------------------------------------------------


def _annotations(facts: Mapping[str, Any]) -> list[tuple[tuple[int, ...], str]]:
    return [
        (tuple(p - 1 for p in line["positions"]), f"{KIND_NAMES[line['kind']]} {line['points']}")
        for line in facts["lines"]
        if line["kind"] is not None
    ]


def example_svg(facts: Mapping[str, Any]) -> str:
    """An example Grid with each qualifying line labelled with its kind and points."""
    return grid_svg(
        Grid.parse(facts["grid"]), annotations=_annotations(facts), title=facts["title"]
    )


def example_include(facts: Mapping[str, Any]) -> str:
    """The figure of an example and the table of its lines and scores."""
    default = facts["scores"][0]
    if facts["winning"]:
        caption = (
            f"``{facts['grid']}``: hand value {default['hand value']}, "
            f"the winner scores {default['winner']}."
        )
    else:
        caption = f"``{facts['grid']}``: not a winning hand ({facts['why not winning']})."
    out = [
        f".. figure:: /{FIGURES.relative_to('docs')}/{facts['name']}.svg",
        f"   :alt: The Grid {facts['grid']}, each qualifying line labelled with its points.",
        "",
        f"   {caption}",
        "",
    ]
    lines = [
        (
            line["name"],
            f"``{line['cards']}``",
            KIND_NAMES[line["kind"]] if line["kind"] else "not a line",
            str(line["points"]),
        )
        for line in facts["lines"]
    ]
    out += list_table(
        ("Line", "Cards", "Kind (CS-18)", "Points (CS-20)"), lines, widths="24 24 32 20"
    )
    out.append("")
    header = ["Scoring (CS-20)", "Hand value (CS-17)"]
    header += ["Winner's score", "Loser's score"] if facts["winning"] else ["Loser's score"]
    scores = []
    for row in facts["scores"]:
        cells = [row["scoring"], str(row["hand value"])]
        if facts["winning"]:
            cells.append(str(row["winner"]))
        cells.append(str(row["loser"]))
        scores.append(cells)
    out += list_table(header, scores)
    return "\n".join(out) + "\n"


def line_kinds_include(kinds: Sequence[Mapping[str, Any]]) -> str:
    rows = [
        (
            KIND_NAMES[kind["kind"]],
            KIND_FORMS[kind["kind"]],
            ", ".join(f"``{ranks}``" for ranks in kind["sets"]),
            str(len(kind["sets"])),
            str(kind["orderings"]),
        )
        for kind in kinds
    ]
    total = sum(kind["orderings"] for kind in kinds)
    sets = sum(len(kind["sets"]) for kind in kinds)
    rows.append(("**all lines**", "", "", str(sets), f"**{total}**"))
    header = ("Kind", "Ranks", "Sets of ranks", "Sets", "Ordered lines")
    return "\n".join(list_table(header, rows, widths="16 16 44 8 16")) + "\n"


# The columns of the scoring table: the power series' three readings, in OPTIONS' order.
READINGS = ("``0`` (default)", "``3``", '``"as_straight"``')


def scoring_include(table: Sequence[Mapping[str, Any]]) -> str:
    """The points of one line by kind, a column per reading of ``power_series_points``,
    each cell "mixed colours / one colour" (narrow enough for the page)."""
    header = ["Kind", "Example", *READINGS]
    rows = []
    for row in table:
        points = row["points"]
        cells = [
            f"{points[f'{label}, mixed']} / {points[f'{label}, one colour']}"
            for label, _ in OPTIONS[: len(READINGS)]
        ]
        rows.append([KIND_NAMES[row["kind"]], f"``{row['example']}``", *cells])
    return "\n".join(list_table(header, rows)) + "\n"


def counts_include(counts: Mapping[str, Mapping[str, Mapping[str, int]]]) -> str:
    rows = [
        (f"{deck}", *(number(agreed(counts, deck, counted)) for counted, _ in COUNTED))
        for deck in DECKS
    ]
    header = ("Deck", *(f"Winning hands: {counted}" for counted, _ in COUNTED))
    out = list_table(header, rows)
    patterns = agreed(counts, "unlimited", "rank patterns")
    grids = agreed(counts, "unlimited", "Grids of cards")
    if grids != patterns * 2**9:
        raise DisagreementError(f"unlimited deck: {grids} Grids, not 2^9 x {patterns} patterns")
    out += [
        "",
        "With the unlimited deck each of the nine cards of a rank pattern may be of"
        f" either colour: 2\\ :sup:`9` = 512 Grids of cards per pattern, {number(patterns)}"
        f" x 512 = {number(grids)}. The standard deck allows fewer patterns (no rank"
        " more than 4 times) and fewer colourings (no card more than twice).",
    ]
    names = {"engine": "the engine", "sat": "the SAT backend", "z3": "Z3"}
    used = {backend for deck in counts.values() for found in deck.values() for backend in found}
    backends = [names[backend] for backend in BACKENDS if backend in used]
    listed = ", ".join(backends[:-1]) + f" and {backends[-1]}" if len(backends) > 1 else backends[0]
    out += [
        "",
        f"Each number was counted by {listed}, with the same result"
        " (``competitive-facts.json`` records each count).",
    ]
    return "\n".join(out) + "\n"


def frequencies_include(found: Sequence[Mapping[str, Any]]) -> str:
    header = ["Kind"]
    for facts in found:
        header += [
            f"{facts['deck']}: rows and columns",
            f"{facts['deck']}: hands with one at least",
        ]
    rows = []
    for kind, name in KIND_NAMES.items():
        cells = [name]
        for facts in found:
            lines = facts["rows and columns"][kind]
            hands = facts["hands with"][kind]
            cells += [
                f"{number(lines)} ({100 * lines / (6 * facts['patterns']):.1f} %)",
                f"{number(hands)} ({100 * hands / facts['patterns']:.1f} %)",
            ]
        rows.append(cells)
    out = list_table(header, rows)
    first = found[0]
    scoring = first["patterns"] * 2 - first["diagonals"]["None"]
    out += [
        "",
        f"Of the {number(first['patterns'])} winning rank patterns of the {first['deck']} "
        f"deck ({number(6 * first['patterns'])} rows and columns), "
        f"{number(scoring)} of the {number(2 * first['patterns'])} diagonals "
        "also form a line and score.",
    ]
    return "\n".join(out) + "\n"


def table_figure(facts: Mapping[str, Any]) -> str:
    table = competitive_table(facts)
    return table_svg(table, title=f"After {facts['turns']} turns: {facts['to move']} to move")


def competitive_table(facts: Mapping[str, Any]) -> Table:
    return Table.from_json(facts["table"])


def table_include(facts: Mapping[str, Any]) -> str:
    table = competitive_table(facts)
    out = [
        f".. figure:: /{FIGURES.relative_to('docs')}/table.svg",
        "   :alt: The Table: Black's Grid at the top, the red and the black Pool in the"
        " middle, Red's Grid at the bottom.",
        "",
        f"   The Table after {facts['turns']} turns of a game the engine played from seed"
        f" {facts['seed']}; {facts['to move']} to move.",
        "",
        "The same Table as text (:func:`~dokuspec.render.competitive.table_text`):",
        "",
        ".. code-block:: text",
        "",
        *(f"   {line}" if line else "" for line in table_text(table).split("\n")),
        "",
        "and in its JSON form (``Table.to_json()``):",
        "",
        ".. code-block:: json",
        "",
        *(f"   {line}" for line in json.dumps(facts["table"], indent=2).split("\n")),
    ]
    return "\n".join(out) + "\n"


def _pairing(bots: Sequence[str]) -> str:
    return f"{bots[0]} v {bots[1]}"


def stats_include(numbers: Mapping[str, Any]) -> str:
    """The tables of the statistics: how the games ended, and who won."""
    games = numbers["games"]
    rows = []
    for setting in numbers["settings"]:
        summary = setting["all"]["summary"]
        if summary["games"] != games or set(summary["endings"]) != set(ENDINGS):
            raise DisagreementError(f"{setting['mode']}: not {games} games of every ending")
        rows.append(
            (
                setting["mode"],
                _pairing(setting["bots"]),
                *(str(summary["endings"][ending]) for ending in ENDINGS),
            )
        )
    out = [
        f"How the {games} games of each setting ended (player 0's bot first), by the"
        " endings of :data:`~dokuspec.competitive.simulation.ENDINGS`:",
        "",
        *list_table(("Mode", "Player 0 v player 1", *(f"``{e}``" for e in ENDINGS)), rows),
        "",
        "Who won them: each player, the Black player (CS-2), the player who moved first"
        " (CS-9); a draw is a game with equal scores. The mean points of each player, and"
        " the mean number of turns:",
        "",
    ]
    rows = []
    for setting in numbers["settings"]:
        summary = setting["all"]["summary"]
        turns = setting["all"]["turns"]
        means = summary["mean_scores"]
        rows.append(
            (
                setting["mode"],
                _pairing(setting["bots"]),
                str(summary["wins"][0]),
                str(summary["wins"][1]),
                str(summary["draws"]),
                str(summary["black_wins"]),
                str(summary["first_wins"]),
                f"{means[0]:.2f} / {means[1]:.2f}",
                f"{turns['total'] / games:.1f}",
            )
        )
    header = (
        "Mode",
        "Player 0 v player 1",
        "Player 0 wins",
        "Player 1 wins",
        "Draws",
        "Black wins",
        "First player wins",
        "Points (mean)",
        "Turns (mean)",
    )
    out += list_table(header, rows)
    return "\n".join(out) + "\n"


def _stats_values(numbers: Mapping[str, Any]) -> dict[str, str]:
    """The statistics' numbers the chapter's prose uses."""
    defaults = engine.CompetitiveSudoku().options
    values = {
        "cs-stats-seed": str(numbers["seed"]),
        "cs-stats-games": str(numbers["games"]),
        "cs-stats-last": str(numbers["games"] - 1),
        "cs-stats-sample": str(numbers["sample"]),
        "cs-stats-max-turns": str(defaults["max_turns"]),
        "cs-stats-max-trades": str(defaults["max_trades"]),
    }
    for setting in numbers["settings"]:
        summary = setting["all"]["summary"]
        name = f"cs-stats-{setting['mode']}-{'-'.join(setting['bots'])}"
        values[f"{name}-wins"] = str(summary["endings"]["win"])
        values[f"{name}-first"] = str(summary["first_wins"])
        values[f"{name}-draws"] = str(summary["draws"])
    return values


def _option_key(label: str) -> str:
    """An option's part of a substitution's name: ``power_series_points`` for
    ``power_series_points=3``, ``as_straight`` for ``power_series_points="as_straight"``."""
    name, _, value = label.strip("`").partition("=")
    return "as_straight" if value == '"as_straight"' else name


def substitutions_include(facts: Mapping[str, Any]) -> str:
    """Numbers the chapter's prose uses, as substitutions (``|cs-patterns-standard|``)."""
    values: dict[str, str] = {}
    counts = facts["solved"]["counts"]
    for deck in DECKS:
        for counted, _ in COUNTED:
            key = "patterns" if counted == "rank patterns" else "grids"
            values[f"cs-{key}-{deck}"] = number(agreed(counts, deck, counted))
    for hand in (*facts["examples"], *facts["best hands"]):
        default = hand["scores"][0]
        values[f"cs-{hand['name']}-value"] = str(default["hand value"])
        if hand["winning"]:
            values[f"cs-{hand['name']}-score"] = str(default["winner"])
            for row in hand["scores"][1:]:
                values[f"cs-{hand['name']}-score-{_option_key(row['scoring'])}"] = str(
                    row["winner"]
                )
        else:
            values[f"cs-{hand['name']}-reason"] = hand["why not winning"]
    for name, facts_of in (("lines", facts["line kinds"]),):
        values[f"cs-{name}"] = str(sum(kind["orderings"] for kind in facts_of))
    values |= _stats_values(facts["statistics"])
    out = [".. Computed by scripts/make_competitive_figures.py: do not edit.", ""]
    out += [f".. |{name}| replace:: {value}" for name, value in sorted(values.items())]
    return "\n".join(out) + "\n"


def gather(
    solved: Mapping[str, Any] | None = None,
    numbers: Mapping[str, Any] | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Every fact of the chapter.

    Args:
        solved: the facts that need the solvers, as :func:`solve` gives them
            (the tests pass the recorded ones, recomputing the counts with
            the engine and SAT themselves); ``None``: solved now, with the
            engine, SAT and Z3.
        numbers: the statistics :func:`statistics` gives (the tests pass the
            recorded ones, and play a sample of them again); ``None``:
            computed now, last, by ``jobs`` processes.
    """
    if solved is None:
        solved = solve()
    counts = solved["counts"]
    found = []
    for deck in DECKS:
        patterns = winning_patterns(deck)
        if len(patterns) != agreed(counts, deck, "rank patterns"):
            raise DisagreementError(
                f"{deck} deck: {len(patterns)} patterns enumerated, not the count"
            )
        copies = competitive.Deck.parse(deck).copies_per_colour
        if patterns != sorted(engine.winning_rank_patterns(copies)):
            raise DisagreementError(f"{deck} deck: SAT and the engine find different patterns")
        found.append(frequencies(deck, patterns))
    facts = {
        "line kinds": line_kinds(),
        "scoring": scoring_table(),
        "examples": [example_facts(example) for example in EXAMPLES],
        "solved": {"counts": counts, "best": list(solved["best"])},
        "best hands": [best_hand_facts(i, best) for i, best in enumerate(solved["best"])],
        "frequencies": found,
        "table": table_facts(),
    }
    facts["statistics"] = dict(statistics(jobs=jobs) if numbers is None else numbers)
    return facts


def render(facts: Mapping[str, Any]) -> dict[Path, str]:
    """Every file to write, by its path from the repository root."""
    examples = {name: value for name, value in facts.items() if name != "statistics"}
    files: dict[Path, str] = {FACTS: facts_json(examples), STATS: facts_json(facts["statistics"])}
    for hand in (*facts["examples"], *facts["best hands"]):
        files[FIGURES / f"{hand['name']}.svg"] = example_svg(hand) + "\n"
        files[GENERATED / f"competitive-{hand['name']}.inc"] = example_include(hand)
    files[GENERATED / "competitive-line-kinds.inc"] = line_kinds_include(facts["line kinds"])
    files[GENERATED / "competitive-scoring.inc"] = scoring_include(facts["scoring"])
    files[GENERATED / "competitive-counts.inc"] = counts_include(facts["solved"]["counts"])
    files[GENERATED / "competitive-frequencies.inc"] = frequencies_include(facts["frequencies"])
    files[GENERATED / "competitive-substitutions.inc"] = substitutions_include(facts)
    files[FIGURES / "table.svg"] = table_figure(facts["table"]) + "\n"
    files[GENERATED / "competitive-table.inc"] = table_include(facts["table"])
    files[GENERATED / "competitive-stats.inc"] = stats_include(facts["statistics"])
    return files


orphans = _figures.orphans_of(ROOT, FIGURES, GENERATED, "competitive-")
main = _figures.command(__name__)

if __name__ == "__main__":
    sys.exit(main())
