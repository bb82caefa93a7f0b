"""Time Two-Doku's deals: validation, uniform fair and balanced deals, exact counts, in one run.

Each measurement beside a reference in the same run:

* ``validate(deal)`` per valid deal (target: median at most 50 µs), against
  asking the deal model (SAT) whether any rule is broken;
* ``deal(seed)``: whole deals per second (target: at least 20,000), against
  the same draws in Python (the code without the compiled extension, whose
  deals must be the same) and the naive sampler, "shuffle the 82 and deal
  again until the sums are equal" (both exact); the sampler core alone (pot and piles for a fixed
  draw) against the naive core;
* the acceptance rate: the naive sampler's measured share of fair shuffles
  against the exact probability from the count, over the same draws;
* ``deal(seed, balance=...)`` with one balance option (target: median at
  most 100 ms), by the solver (SAT; with ``--z3`` Z3 too) and by rejection;
* ``count_fair_deals(draw)`` and ``pile_digit_distribution`` per draw;
  ``fair_split_exists`` per multiset.

With ``--all-draws`` the exact count runs for all 12,870 digit multisets a
face-down draw of 8 can have (about two minutes): the least and greatest
acceptance probability, the mean over the physical draws, and whether every
draw admits a fair deal.

Every deal made is validated (with its balance options); any invalid deal
is listed and the script exits with status 1. Times are
:func:`time.perf_counter` around each call; medians and percentiles by
:func:`statistics.quantiles` (inclusive).

Run::

    python benchmarks/twodoku_deals.py
    python benchmarks/twodoku_deals.py --deals 20000 --z3 --all-draws --json out.json
"""

from __future__ import annotations

import gc
import itertools
import math
import random
import sys
import time
from fractions import Fraction
from typing import Any

import click
import measure
from measure import Timings as Row
from measure import fmt, timed
from rich.console import Console

from dokuspec.solvers import make_backend
from dokuspec.spec.twodoku import deal_models as spec_models
from dokuspec.spec.twodoku import fair_deals as spec_fair
from dokuspec.twodoku import deals as api
from dokuspec.twodoku.validation import Balance, validate
from dokuspec.vocabulary.twodoku import FULL_SET, Dominoes

#: Targets in seconds (per call), and deals per second.
TARGETS = {"validate": 50e-6, "balanced": 0.1, "deals per second": 20_000.0}


def random_draw(rng: random.Random) -> Dominoes:
    return Dominoes(piece // 10 + 1 for piece in rng.sample(range(90), 8))


def naive_split(rng: random.Random, pieces: list[int]) -> tuple[list[int], list[int], int]:
    """Shuffle the 82 and deal 2, 40, 40 until the piles' sums are equal; also the shuffles."""
    shuffles = 0
    while True:
        shuffles += 1
        rng.shuffle(pieces)
        red, blue = pieces[2:42], pieces[42:]
        if sum(red) == sum(blue):
            return red, blue, shuffles


def naive_deal(seed: int) -> int:
    """A whole deal the naive way (colouring, face-down draw and squares, shuffled 82)."""
    rng = random.Random(seed)
    rng.sample(range(81), 36)
    rng.sample(range(81), 36)
    drawn = random_draw(rng)
    rng.sample(range(9), 8)  # the face-down squares (a stand-in of the same cost)
    pieces = list(FULL_SET - drawn)
    return naive_split(rng, pieces)[2]


def model_says_valid(deal: Any) -> bool:
    """Whether the deal model (SAT) finds every rule kept: one call with every group assumed."""
    entries = (
        deal.red_squares,
        deal.blue_squares,
        [(f.row, f.col, f.digit, f.placed_by) for f in deal.face_down],
        deal.pot,
        deal.red,
        deal.blue,
    )
    model, compiled = _MODEL
    answer = compiled.solve(model.assumptions(*entries) + list(model.selectors.values()))
    return bool(answer.status == "sat")


_MODEL: Any = None


@click.command()
@click.option("--deals", default=5_000, show_default=True, help="Deals timed by deal().")
@click.option("--validate-deals", default=5_000, show_default=True, help="Deals validated.")
@click.option("--balanced", default=60, show_default=True, help="Balanced deals per option.")
@click.option("--draws", default=200, show_default=True, help="Draws counted exactly.")
@click.option("--z3", "with_z3", is_flag=True, help="Also make balanced deals with Z3.")
@click.option("--all-draws", is_flag=True, help="Count all 12,870 draws (about 2 minutes).")
@click.option("--seed", default=2026, show_default=True, help="Seed of the draws and deals.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(
    deals: int,
    validate_deals: int,
    balanced: int,
    draws: int,
    with_z3: bool,
    all_draws: bool,
    seed: int,
    json_path: str | None,
) -> None:
    """Time validate, deal, balanced deals and exact counts beside their references."""
    global _MODEL  # noqa: PLW0603 - compiled once, used by model_says_valid
    console = Console()
    rng = random.Random(seed)
    problems: list[str] = []
    rows: list[Row] = []
    warmups: dict[str, float] = {}
    figures: dict[str, Any] = {}

    # -- deal() and the naive sampler ---------------------------------------------------------
    seeds = [rng.randrange(2**63) for _ in range(deals)]
    warmups["deal"] = timed(lambda: api.deal(0))[0]
    gc.disable()
    started = time.perf_counter()
    made = [api.deal(s) for s in seeds]
    ours = time.perf_counter() - started
    # the Python code of the same draws (what runs without the compiled extension)
    compiled, api._COMPILED_DEAL = api._COMPILED_DEAL, None
    python_count = max(1, deals // 4)
    started = time.perf_counter()
    in_python = [api.deal(s) for s in seeds[:python_count]]
    python = time.perf_counter() - started
    api._COMPILED_DEAL = compiled
    naive_count = max(1, deals // 10)
    started = time.perf_counter()
    for s in seeds[:naive_count]:
        naive_deal(s)
    naive = time.perf_counter() - started
    gc.enable()
    for deal in made:
        if validate(deal):
            problems.append(f"invalid deal: {deal}")
    if in_python != made[:python_count]:
        problems.append("the compiled and the Python deal differ")
    figures["deals per second"] = deals / ours
    figures["compiled"] = compiled is not None
    figures["Python deals per second"] = python_count / python
    figures["naive deals per second"] = naive_count / naive

    # -- the sampler core and the acceptance rate ---------------------------------------------
    drawn = [random_draw(rng) for _ in range(draws)]
    exact = [api.count_fair_deals(d).probability for d in drawn]
    core = Row("fair split", "bit masks", reference="shuffles")
    naive_core = Row("fair split", "shuffles")
    shuffles = 0
    splits = 0
    for draw in drawn:
        left = (FULL_SET - draw).counts()
        pieces = api._Pieces(left)
        for _ in range(20):
            seconds, _ = timed(lambda pieces=pieces: api._fair_split(rng, pieces))
            core.times.append(seconds)
        plain = list(FULL_SET - draw)
        for _ in range(10):
            seconds, (_, _, count) = timed(lambda plain=plain: naive_split(rng, plain))
            naive_core.times.append(seconds)
            shuffles += count
            splits += 1
    rows += [core, naive_core]
    figures["measured acceptance (naive)"] = splits / shuffles
    figures["exact acceptance (mean over the draws)"] = float(sum(exact) / len(exact))
    figures["exact acceptance (least, greatest)"] = (float(min(exact)), float(max(exact)))

    # -- validate -----------------------------------------------------------------------------
    _MODEL = _compiled_model()
    check = made[:validate_deals]
    api_row = Row("validate", "API", reference="model (sat)", target=TARGETS["validate"])
    model_row = Row("validate", "model (sat)")
    warmups["validate"] = timed(lambda: validate(check[0]))[0]
    gc.disable()
    for deal in check:
        seconds, found = timed(lambda deal=deal: validate(deal))
        api_row.times.append(seconds)
        if found:
            problems.append(f"validate: {deal} {found}")
    for deal in check[:200]:
        seconds, ok = timed(lambda deal=deal: model_says_valid(deal))
        model_row.times.append(seconds)
        if not ok:
            problems.append(f"the deal model refuses {deal}")
    gc.enable()
    rows += [api_row, model_row]

    # -- balanced deals -----------------------------------------------------------------------
    options = {
        "gap 1": Balance(max_digit_count_gap=1),
        "gap 2": Balance(max_digit_count_gap=2),
        "high count": Balance(equal_high_count=True),
    }
    backends = ["sat", "z3"] if with_z3 else ["sat"]
    for label, balance in options.items():
        reference = f"solver ({backends[0]})"
        for backend in backends:
            row = Row(
                label,
                f"solver ({backend})",
                target=TARGETS["balanced"],
                reference=None if backend == backends[0] else reference,
            )
            warmups[f"{balance} {backend}"] = timed(
                lambda b=balance, be=backend: api.deal(0, balance=b, backend=be)
            )[0]
            for s in seeds[:balanced]:
                seconds, deal = timed(
                    lambda s=s, b=balance, be=backend: api.deal(s, balance=b, backend=be)
                )
                row.times.append(seconds)
                if validate(deal, balance):
                    problems.append(f"unbalanced deal {deal} for {balance}")
            rows.append(row)
        if balance.max_digit_count_gap is None or balance.max_digit_count_gap >= 2:
            row = Row(label, "rejection", reference=reference)
            failures = 0
            for s in seeds[:balanced]:
                try:
                    seconds, deal = timed(
                        lambda s=s, b=balance: api.deal(
                            s, balance=b, method="rejection", max_attempts=200_000
                        )
                    )
                except api.BalanceError:
                    failures += 1
                    continue
                row.times.append(seconds)
                if validate(deal, balance):
                    problems.append(f"unbalanced deal {deal} for {balance}")
            figures[f"rejection refusals, {balance}"] = failures
            rows.append(row)

    # -- exact counts -------------------------------------------------------------------------
    count_row = Row("count", "count_fair_deals")
    law_row = Row("count", "pile_digit_distribution")
    exists_row = Row("count", "fair_split_exists")
    for draw in drawn[:50]:
        count_row.times.append(timed(lambda draw=draw: api.count_fair_deals(draw))[0])
        law_row.times.append(timed(lambda draw=draw: api.pile_digit_distribution(draw, 9))[0])
        left = FULL_SET - draw
        spec_fair._exists.cache_clear()
        exists_row.times.append(timed(lambda left=left: api.fair_split_exists(left))[0])
    rows += [count_row, law_row, exists_row]
    example = api.count_fair_deals(Dominoes.parse("1 1 2 3 5 7 9 9"))
    figures["example draw"] = str(example.face_down)
    figures["example fair deals"] = example.fair
    figures["example all deals"] = example.total
    figures["example acceptance"] = str(example.probability)
    figures["example acceptance (float)"] = float(example.probability)
    figures["example fair deals by digit multisets"] = example.multisets

    if all_draws:
        figures.update(_all_draws(console))

    _report(console, rows, warmups, figures, problems, json_path)


def _compiled_model() -> tuple[Any, Any]:
    model = spec_models.deal_model()
    return model, make_backend("sat", model.model)


def _all_draws(console: Console) -> dict[str, Any]:
    """The exact count for every digit multiset of a face-down draw of 8."""
    least: tuple[Fraction, str] | None = None
    greatest: tuple[Fraction, str] | None = None
    weighted = Fraction(0)
    without = 0
    started = time.perf_counter()
    total = math.comb(90, 8)
    for combination in itertools.combinations_with_replacement(range(1, 10), 8):
        draw = Dominoes(combination)
        counted = api.count_fair_deals(draw)
        if not counted.fair:
            without += 1
        p = counted.probability
        ways = math.prod(math.comb(10, n) for n in draw.counts())
        weighted += p * Fraction(ways, total)
        if least is None or p < least[0]:
            least = (p, str(draw))
        if greatest is None or p > greatest[0]:
            greatest = (p, str(draw))
    assert least is not None and greatest is not None
    console.print(f"all 12,870 draws counted in {fmt(time.perf_counter() - started)}")
    return {
        "all draws: without a fair deal": without,
        "all draws: least acceptance": (float(least[0]), least[1]),
        "all draws: greatest acceptance": (float(greatest[0]), greatest[1]),
        "all draws: mean acceptance over physical draws": float(weighted),
    }


def _report(
    console: Console,
    rows: list[Row],
    warmups: dict[str, float],
    figures: dict[str, Any],
    problems: list[str],
    json_path: str | None,
) -> None:
    medians = {(r.query, r.formulation): r.summary()["median"] for r in rows}
    table = measure.table(
        "Two-Doku deals: time per call",
        ("query", "formulation", "n", "median", "p90", "p99", "vs ref", "target"),
        left=("formulation", "target"),
    )
    for row in rows:
        s = row.summary()
        ratio = ""
        if row.reference is not None and (row.query, row.reference) in medians:
            ratio = f"{s['median'] / medians[(row.query, row.reference)]:.3g}x"
        verdict = ""
        if row.target is not None:
            verdict = f"{'met' if s['median'] <= row.target else 'MISSED'} {fmt(row.target)}"
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
    rate = figures["deals per second"]
    verdict = "met" if rate >= TARGETS["deals per second"] else "MISSED"
    console.print(
        f"deal(): {rate:,.0f} deals per second ({verdict} {TARGETS['deals per second']:,.0f}; "
        f"compiled: {figures['compiled']}); the Python code: "
        f"{figures['Python deals per second']:,.0f} per second (the same deals); naive "
        f"shuffles: {figures['naive deals per second']:,.0f} per second"
    )
    console.print(
        "acceptance: naive sampler measured "
        f"{figures['measured acceptance (naive)']:.4f}, exact mean over the same draws "
        f"{figures['exact acceptance (mean over the draws)']:.4f} (least "
        f"{figures['exact acceptance (least, greatest)'][0]:.4f}, greatest "
        f"{figures['exact acceptance (least, greatest)'][1]:.4f})"
    )
    console.print(
        f"draw {figures['example draw']}: {figures['example fair deals']:,} fair deals of "
        f"{figures['example all deals']:,} ({figures['example acceptance (float)']:.5f}); "
        f"{figures['example fair deals by digit multisets']:,} by digit multisets"
    )
    for key, value in figures.items():
        if key.startswith(("all draws", "rejection refusals")):
            console.print(f"{key}: {value}")
    console.print("warm-up: " + ", ".join(f"{k} {fmt(v)}" for k, v in warmups.items()))
    measure.write_json(
        json_path,
        {
            "summaries": {f"{r.query} | {r.formulation}": r.summary() for r in rows},
            "times": {f"{r.query} | {r.formulation}": r.times for r in rows},
            "warmups": warmups,
            "figures": {k: v if not isinstance(v, int) else str(v) for k, v in figures.items()},
            "problems": problems,
            "environment": measure.environment_of("python-sat", "z3-solver"),
        },
    )
    measure.finish(console, problems, "problems", "every deal validates")


if __name__ == "__main__":
    main(sys.argv[1:])
