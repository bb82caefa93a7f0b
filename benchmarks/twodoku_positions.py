"""Time Two-Doku's face-down inference and completion queries, with comparisons, in one run.

* ``infer_face_down(view)`` on mid-game views (target: median at most
  20 ms) on the SAT and the Z3 backend ("API": reading the view, solving,
  and building the answer with a witness per possible digit); and three
  formulations of the solving alone on the same compiled SAT model
  ("infer model", each reading the view too): "reuse", the public query's
  (a query "this domino holds this digit" only for pairs no earlier
  solution witnessed, each solution witnessing every pair it contains);
  "per pair", one query per (domino, digit) pair, no reuse; and
  "any-new clause", asking each time for a solution with *some* pair not
  yet witnessed, whose final unsat query proves every remaining pair
  impossible at once;
* ``completable(view)`` (some / every consistent assignment, at most 200
  assignments checked one by one) on SAT and Z3, and ``completable(position)``
  with every digit known, on SAT and Z3.

Mid-game views come from the plain simulator of
:mod:`dokuspec.verify.twodoku.positions`: a seeded fair deal, then 10 to 40
turns of a random policy that mostly plays visibly valid dominoes; a view is
kept when the game is still on, at least 8 events were played and at least
4 dominoes are still face down. Half are Red's views, half Blue's.

Before timing, each formulation runs once untimed (the warm-up compiles the
solver, cached per process); its time is printed. The three inference
formulations must find the same possible digits, and SAT and Z3 the same
completion answers (where both decided); on any disagreement the script
lists it and exits with status 1. Times are :func:`time.perf_counter`
around each call; medians and percentiles use :func:`statistics.quantiles`
(inclusive).

Run::

    python benchmarks/twodoku_positions.py
    python benchmarks/twodoku_positions.py --views 300 --json out.json
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
from dataclasses import dataclass, field

import click
import measure
from measure import fmt, summary, timed
from rich.console import Console

from dokuspec.solvers import CACHE, Backend
from dokuspec.spec.twodoku import facts as spec_facts
from dokuspec.spec.twodoku import position_models as spec_models
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.position_models import FaceDownModel
from dokuspec.twodoku import completion as tp_completion
from dokuspec.twodoku import inference as tp_inference
from dokuspec.verify.twodoku import simulator as vp
from dokuspec.vocabulary.twodoku import BLUE, RED, View

#: Target in seconds: the median of infer_face_down on the SAT backend.
TARGET = 20e-3


@dataclass
class Row(measure.Timings):
    """One timed formulation, and the solver calls of each of its calls."""

    calls: list[int] = field(default_factory=list)


def mid_game_views(rng: random.Random, count: int) -> list[tuple[View, vp.Table]]:
    """Views of games still on, after 10-40 turns, with at least 4 dominoes face down."""
    found: list[tuple[View, vp.Table]] = []
    while len(found) < count:
        game = vp.deal_table(rng)
        turns = rng.randint(10, 40)
        for _ in range(turns):
            if game.over:
                break
            vp.play_turn(game, rng, take=0.3, reveal=0.05, wild=0.05)
        if game.over or len(game.events) < 8 or len(game.hidden) < 4:
            continue
        found.append((game.view(RED if len(found) % 2 else BLUE), game))
    return found


def per_pair(view: View) -> tuple[dict[str, tuple[int, ...]], int]:
    """Possible digits by one SAT query per (domino, digit) pair: by square, and the calls."""
    facts = spec_facts.view_facts(view)
    model, compiled = CACHE.get(
        ("twodoku", "face-down", facts.count),
        lambda: spec_models.face_down_model(facts.count),
        lambda m: m.model,
        "sat",
    )
    assert isinstance(model, FaceDownModel) and isinstance(compiled, Backend)
    assumptions, _ = model.vars.assumptions(facts)
    possible: dict[str, tuple[int, ...]] = {}
    calls = 0
    for k in facts.hidden_dominoes():
        digits = []
        for digit in range(1, 10):
            answer = compiled.solve([*assumptions, model.vars.literal(k, digit)])
            calls += 1
            if answer.status == "sat":
                digits.append(digit)
        possible[spec.square_name(facts.squares[k])] = tuple(digits)
    return possible, calls


def bare_reuse(view: View) -> tuple[dict[str, tuple[int, ...]], int]:
    """Possible digits as the public query finds them, without building its answer's values."""
    facts = spec_facts.view_facts(view)
    model, compiled = CACHE.get(
        ("twodoku", "face-down", facts.count),
        lambda: spec_models.face_down_model(facts.count),
        lambda m: m.model,
        "sat",
    )
    assert isinstance(model, FaceDownModel) and isinstance(compiled, Backend)
    variables = model.vars
    assumptions, _ = variables.assumptions(facts)
    hidden = facts.hidden_dominoes()
    found: set[tuple[int, int]] = set()
    calls = 0
    for k in hidden:
        for digit in range(1, 10):
            if (k, digit) in found:
                continue
            answer = compiled.solve([*assumptions, variables.literal(k, digit)])
            calls += 1
            if answer.status == "sat":
                assert answer.model is not None
                digits = variables.assignment(answer.model)
                found.update((j, digits[j]) for j in hidden)
    possible = {
        spec.square_name(facts.squares[k]): tuple(d for d in range(1, 10) if (k, d) in found)
        for k in hidden
    }
    return possible, calls


def any_new(view: View) -> tuple[dict[str, tuple[int, ...]], int]:
    """Possible digits by the any-new-pair clause loop: by square, and the calls."""
    facts = spec_facts.view_facts(view)
    model, compiled = CACHE.get(
        ("twodoku", "face-down", facts.count),
        lambda: spec_models.face_down_model(facts.count),
        lambda m: m.model,
        "sat",
    )
    assert isinstance(model, FaceDownModel) and isinstance(compiled, Backend)
    variables = model.vars
    assumptions, _ = variables.assumptions(facts)
    hidden = facts.hidden_dominoes()
    wanted = {(k, d) for k in hidden for d in range(1, 10)}
    found: set[tuple[int, int]] = set()
    calls = 0
    while wanted:
        done = [
            -variables.wanted[k][d - 1]
            for k in range(facts.count)
            for d in range(1, 10)
            if (k, d) not in wanted
        ]
        answer = compiled.solve([*assumptions, variables.some_wanted, *done])
        calls += 1
        if answer.status != "sat":
            break
        assert answer.model is not None
        digits = variables.assignment(answer.model)
        for k in hidden:
            found.add((k, digits[k]))
            wanted.discard((k, digits[k]))
    possible = {
        spec.square_name(facts.squares[k]): tuple(d for d in range(1, 10) if (k, d) in found)
        for k in hidden
    }
    return possible, calls


def by_square(inference: tp_inference.Inference) -> dict[str, tuple[int, ...]]:
    return {str(d.square): d.possible for d in inference.dominoes}


@click.command()
@click.option("--views", "count", default=200, show_default=True, help="Mid-game views timed.")
@click.option("--seed", default=2024, show_default=True, help="Seed of the games.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(count: int, seed: int, json_path: str | None) -> None:
    """Time infer_face_down and completable on mid-game views, SAT beside Z3 and per-pair."""
    console = Console(width=max(Console().width, 96))
    rng = random.Random(seed)
    cases = mid_game_views(rng, count)
    disagreements: list[str] = []
    warmups: dict[str, float] = {}
    first = cases[0][0]
    warmups["infer sat"] = timed(lambda: tp_inference.infer_face_down(first, backend="sat"))[0]
    per_pair(first)
    bare_reuse(first)
    any_new(first)
    warmups["infer z3"] = timed(lambda: tp_inference.infer_face_down(first, backend="z3"))[0]
    warmups["completable sat"] = timed(lambda: tp_completion.completable(first, backend="sat"))[0]
    warmups["completable z3"] = timed(lambda: tp_completion.completable(first, backend="z3"))[0]

    sat = Row("infer", "API (sat)", target=TARGET)
    z3 = Row("infer", "API (z3)", reference="API (sat)")
    bare = Row("infer model", "reuse (sat)")
    pairs = Row("infer model", "per pair (sat)", reference="reuse (sat)")
    clause_loop = Row("infer model", "any-new clause (sat)", reference="reuse (sat)")
    some_sat = Row("completable view", "sat")
    some_z3 = Row("completable view", "z3", reference="sat")
    full_sat = Row("completable full", "sat")
    full_z3 = Row("completable full", "z3", reference="sat")
    statuses: dict[str, int] = {}
    hidden_counts = [len(view.face_down) for view, _ in cases]
    gc.disable()
    for view, game in cases:
        seconds, answer = timed(lambda v=view: tp_inference.infer_face_down(v, backend="sat"))
        sat.times.append(seconds)
        sat.calls.append(answer.solver_calls)
        seconds, other = timed(lambda v=view: tp_inference.infer_face_down(v, backend="z3"))
        z3.times.append(seconds)
        z3.calls.append(other.solver_calls)
        seconds, (reference, calls) = timed(lambda v=view: per_pair(v))
        pairs.times.append(seconds)
        pairs.calls.append(calls)
        seconds, (reused, calls) = timed(lambda v=view: bare_reuse(v))
        bare.times.append(seconds)
        bare.calls.append(calls)
        seconds, (looped, calls) = timed(lambda v=view: any_new(v))
        clause_loop.times.append(seconds)
        clause_loop.calls.append(calls)
        if any(x != reference for x in (by_square(answer), by_square(other), reused, looped)):
            disagreements.append(f"infer_face_down differs on {view}")
        for backend, row in (("sat", some_sat), ("z3", some_z3)):
            seconds, done = timed(
                lambda v=view, b=backend: tp_completion.completable(v, backend=b, limit=200)
            )
            row.times.append(seconds)
            if backend == "sat":
                statuses[done.status] = statuses.get(done.status, 0) + 1
                mine = (done.some, done.every)
            elif (
                "unknown" not in (*mine, done.some, done.every) and (done.some, done.every) != mine
            ):
                disagreements.append(f"completable differs on {view}")
        position = game.position()
        answers = []
        for backend, row in (("sat", full_sat), ("z3", full_z3)):
            seconds, done = timed(
                lambda p=position, b=backend: tp_completion.completable(p, backend=b)
            )
            row.times.append(seconds)
            answers.append(done.status)
        if answers[0] != answers[1]:
            disagreements.append(f"completable(position) differs on {position}")
    gc.enable()
    rows = [sat, z3, bare, pairs, clause_loop, some_sat, some_z3, full_sat, full_z3]

    medians = {(r.query, r.formulation): summary(r.times)["median"] for r in rows}
    table = measure.table(
        "Two-Doku positions: time per call",
        ("query", "formulation", "median", "p90", "p99", "calls", "vs ref", "target"),
        left=("formulation", "target"),
    )
    for row in rows:
        s = summary(row.times)
        ratio = ""
        if row.reference is not None:
            ratio = f"{s['median'] / medians[(row.query, row.reference)]:.2f}x"
        verdict = ""
        if row.target is not None:
            verdict = f"{'met' if s['median'] <= row.target else 'MISSED'} {fmt(row.target)}"
        calls = f"{statistics.median(row.calls):g}" if row.calls else ""
        table.add_row(
            row.query,
            row.formulation,
            fmt(s["median"]),
            fmt(s["p90"]),
            fmt(s["p99"]),
            calls,
            ratio,
            verdict,
        )
    console.print(table)
    console.print(
        f"{len(cases)} views; face-down dominoes still hidden: median "
        f"{statistics.median(hidden_counts):g}, min {min(hidden_counts)}, max "
        f"{max(hidden_counts)}; events: median "
        f"{statistics.median(len(v.events) for v, _ in cases):g}"
    )
    console.print(
        "warm-up (compiles the solvers): "
        + ", ".join(f"{name} {fmt(seconds)}" for name, seconds in warmups.items())
    )
    console.print(
        "completable(view) answers (sat): "
        + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items()))
    )
    measure.write_json(
        json_path,
        {
            "summaries": {f"{r.query} | {r.formulation}": summary(r.times) for r in rows},
            "times": {f"{r.query} | {r.formulation}": r.times for r in rows},
            "calls": {f"{r.query} | {r.formulation}": r.calls for r in rows},
            "warmups": warmups,
            "statuses": statuses,
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
