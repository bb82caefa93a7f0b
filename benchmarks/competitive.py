"""Time Competitive Sudoku's public queries against the engine's own functions, in one run.

Three queries of :mod:`dokuspec.competitive`, each beside a reference:

* ``is_winning(grid)`` per Grid (target: median at most 5 µs), against the
  engine's ``is_winning_hand(grid)``;
* ``outs(grid, available)`` per Grid (target: median at most 5 ms), against
  a plain search by definition: every available card at every target
  position, judged by the engine's ``is_winning_hand``;
* ``count_winning(colours=...)`` on the standard deck with its default, the
  direct count over the lines (target: at most 100 ms for every run), and
  with the SAT backend, its cross-check (target: under 60 s), against the
  engine's ``count_winning_hands``; with ``--z3``, the Z3 backend too.

The Grids are drawn with a seed: winning hands of the standard deck (rank
patterns from the engine, coloured within the deck), half of them with one
card replaced by another of the deck. For ``outs``, half of the Grids have
one empty position, half are full (swaps), and the available cards are 8
drawn from the rest of the deck.

Before timing, each query runs once untimed (the warm-up: it compiles the
solver, which is cached per process); its time is printed. Every answer is
checked against its reference in the same run; on any disagreement the
script lists it and exits with status 1. Times are taken with
:func:`time.perf_counter` around each call (so they include its overhead,
about 0.1 µs); medians and percentiles use :func:`statistics.quantiles`
(inclusive).

Run::

    python benchmarks/competitive.py
    python benchmarks/competitive.py --grids 20000 --count-repeat 3 --z3 --json out.json
"""

from __future__ import annotations

import gc
import random
import sys

import click
import measure
from measure import Timings as Row
from measure import fmt, timed
from rich.console import Console

from dokuspec import competitive
from dokuspec.competitive import STANDARD_DECK, Card, Cards, Grid
from dokuspec.engine import competitive as engine

#: Targets in seconds: the median of is_winning and outs, every run of the SAT count.
TARGETS = {"is_winning": 5e-6, "outs": 5e-3, "count": 60.0, "direct count": 0.1}


def winning_grids(rng: random.Random, count: int) -> list[Grid]:
    """Winning hands of the standard deck: engine rank patterns, coloured within the deck."""
    patterns = engine.winning_rank_patterns(2)
    grids = []
    for _ in range(count):
        ranks = rng.choice(patterns)
        cards: list[Card] = []
        for rank in ranks:
            colour = rng.choice("rb")
            if cards.count(Card(colour, rank)) == 2:  # type: ignore[arg-type]
                colour = "b" if colour == "r" else "r"
            cards.append(Card(colour, rank))  # type: ignore[arg-type]
        grids.append(Grid(cards))
    return grids


def replace_one(rng: random.Random, grid: Grid) -> Grid:
    """``grid`` with one position's card replaced by a card the deck still has."""
    position = rng.randint(1, 9)
    emptied = grid.without(position)
    spare = list(STANDARD_DECK.cards() - emptied.contents())
    return emptied.with_card(position, rng.choice(spare))


def outs_by_definition(grid: Grid, available: Cards) -> tuple[tuple[Card, int, str], ...]:
    """Every available card at every target position, judged by the engine (the reference)."""
    empty = grid.empty_positions()
    if len(empty) > 1:
        return ()
    kind = "place" if empty else "swap"
    found = [
        (card, position, kind)
        for card in available.distinct()
        for position in (empty or range(1, 10))
        if engine.is_winning_hand(grid.replaced(position, card))
    ]
    return tuple(sorted(found))


@click.command()
@click.option("--grids", default=10_000, show_default=True, help="Grids timed by is_winning.")
@click.option("--outs-grids", default=1_000, show_default=True, help="Grids timed by outs.")
@click.option("--count-repeat", default=3, show_default=True, help="Runs of each count.")
@click.option("--z3", "with_z3", is_flag=True, help="Also count with the Z3 backend (slow).")
@click.option("--seed", default=2024, show_default=True, help="Seed of the random Grids.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(
    grids: int, outs_grids: int, count_repeat: int, with_z3: bool, seed: int, json_path: str | None
) -> None:
    """Time is_winning, outs and count_winning beside the engine's own functions."""
    console = Console()
    rng = random.Random(seed)
    disagreements: list[str] = []
    rows: list[Row] = []
    warmups: dict[str, float] = {}

    # -- is_winning ---------------------------------------------------------------------------
    wins = winning_grids(rng, grids)
    hands = [g if i % 2 else replace_one(rng, g) for i, g in enumerate(wins)]
    api = Row("is_winning", "API", reference="engine", target=TARGETS["is_winning"])
    ref = Row("is_winning", "engine")
    warmups["is_winning"] = timed(lambda: competitive.is_winning(hands[0]))[0]
    gc.disable()
    for grid in hands:
        seconds, answer = timed(lambda grid=grid: competitive.is_winning(grid))
        api.times.append(seconds)
        seconds, expected = timed(lambda grid=grid: engine.is_winning_hand(grid))
        ref.times.append(seconds)
        if answer != expected:
            disagreements.append(f"is_winning({grid}): {answer}, engine {expected}")
    gc.enable()
    rows += [api, ref]

    # -- outs ---------------------------------------------------------------------------------
    cases = []
    for i, grid in enumerate(winning_grids(rng, outs_grids)):
        near = replace_one(rng, grid)
        if i % 2:
            near = near.without(rng.randint(1, 9))
        rest = list(STANDARD_DECK.cards() - near.contents())
        cases.append((near, Cards(rng.sample(rest, 8))))
    api = Row("outs", "API (sat)", reference="definition", target=TARGETS["outs"])
    ref = Row("outs", "definition")
    warmups["outs"] = timed(lambda: competitive.outs(*cases[0]))[0]
    with_outs = 0
    for grid, available in cases:
        seconds, answer = timed(lambda g=grid, a=available: competitive.outs(g, a))
        api.times.append(seconds)
        seconds, expected = timed(lambda g=grid, a=available: outs_by_definition(g, a))
        ref.times.append(seconds)
        with_outs += bool(expected)
        if tuple((o.card, o.position, o.kind) for o in answer) != expected:
            disagreements.append(f"outs({grid}, {available}): {answer}, reference {expected}")
    rows += [api, ref]

    # -- count_winning ------------------------------------------------------------------------
    backends = ["direct", "sat", "z3"] if with_z3 else ["direct", "sat"]
    counts: dict[str, int] = {}
    for colours in (False, True):
        label = "Grids of cards" if colours else "rank patterns"
        query = "count cards" if colours else "count ranks"
        expected_count = engine.count_winning_hands(2, colours)
        ref = Row(query, "engine")
        for _ in range(count_repeat):
            seconds, found = timed(lambda c=colours: engine.count_winning_hands(2, c))
            ref.times.append(seconds)
        for backend in backends:
            row = Row(
                query,
                f"API ({backend})",
                reference="engine",
                target={"sat": TARGETS["count"], "direct": TARGETS["direct count"]}.get(backend),
            )
            runs = {"direct": 10 * count_repeat, "sat": count_repeat}.get(backend, 1)
            for _ in range(runs):
                seconds, found = timed(
                    lambda c=colours, b=backend: competitive.count_winning(colours=c, backend=b)
                )
                row.times.append(seconds)
                counts[f"{backend} {label}"] = found
                if found != expected_count:
                    disagreements.append(
                        f"count_winning({label}, {backend}): {found}, engine {expected_count}"
                    )
            rows.append(row)
        rows.append(ref)
        counts[f"engine {label}"] = expected_count

    # -- report -------------------------------------------------------------------------------
    summaries = {f"{r.query} | {r.formulation}": r.summary() for r in rows}
    medians = {(r.query, r.formulation): r.summary()["median"] for r in rows}
    table = measure.table(
        "Competitive Sudoku: time per call",
        ("query", "formulation", "n", "median", "p90", "p99", "vs ref", "target"),
        left=("formulation", "target"),
    )
    for row in rows:
        s = row.summary()
        ratio = ""
        if row.reference is not None:
            ratio = f"{s['median'] / medians[(row.query, row.reference)]:.2f}x"
        verdict = ""
        if row.target is not None:
            # The counts' target holds for every run, the others' for the median.
            observed = s["max"] if row.query.startswith("count") else s["median"]
            verdict = f"{'met' if observed <= row.target else 'MISSED'} {fmt(row.target)}"
        table.add_row(
            row.query,
            row.formulation,
            str(s["n"]),
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["p99"]),
            ratio,
            verdict,
        )
    console.print(table)
    console.print(
        f"warm-up (compiles the solver): is_winning {fmt(warmups['is_winning'])}, "
        f"outs {fmt(warmups['outs'])}; outs cases with at least one out: {with_outs} of "
        f"{len(cases)}"
    )
    console.print("counts: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))
    measure.write_json(
        json_path,
        {
            "summaries": summaries,
            "times": {f"{r.query} | {r.formulation}": r.times for r in rows},
            "warmups": warmups,
            "counts": counts,
            "disagreements": disagreements,
            "environment": measure.environment_of("python-sat", "z3-solver"),
            "seed": seed,
        },
    )
    measure.finish(
        console, disagreements, "disagreements", "every answer agrees with its reference"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
