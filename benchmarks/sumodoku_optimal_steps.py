"""Cost-optimal explanation steps against trials, where no named technique applies.

Step-wise explanation research (Bogaerts, Gamba and Guns, Artificial
Intelligence 300, 2021; Gamba, Bogaerts and Guns, "Efficiently explaining
CSPs with unsatisfiable subset optimization", IJCAI 2021) explains the next
fact with a cost-optimal unsatisfiable subset (an OCUS): the cheapest set of
rule instances and facts that, with the fact's negation, has no solution.
``explain_steps`` instead falls back on a trial (Nishio) where no named
technique applies. This benchmark measures what an exact cost-optimal step
would cost, on the bundled rated puzzles that need such a step: it takes the
named techniques as far as they go, lets the trial choose the candidate to
remove, and computes the cost-optimal unsatisfiable subset for that one
candidate by implicit hitting sets (MaxSAT hitting sets with RC2, each
candidate set grown greedily with a SAT solver), within a time budget. The
costs: a row, column, box or diagonal 20, a border 10, a parity mark 4, a
piece, placement or removed candidate 1. The trial's own step is priced the
same way, for comparison.

Run::

    python benchmarks/sumodoku_optimal_steps.py
    python benchmarks/sumodoku_optimal_steps.py --puzzles 4 --budget 30 --json out.json
"""

from __future__ import annotations

import csv
import statistics
import time
from typing import Any

import click
import measure
from measure import data_text
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF
from pysat.solvers import Solver
from rich.console import Console

from dokuspec.sumodoku import Position
from dokuspec.sumodoku.pencil import Step, _Board
from dokuspec.sumodoku.steps import _derive, _trial
from dokuspec.sumodoku.techniques import _support

COST = {"unit": 20, "border": 10, "parity": 4, "fact": 1}


def var(cell: int, colour: int) -> int:
    return cell * 9 + colour


def items_of(board: _Board) -> list[tuple[str, Any, list[list[int]]]]:
    """The rule instances and facts of ``board``, each with its clauses."""
    items: list[tuple[str, Any, list[list[int]]]] = []
    for unit, cells in enumerate(board.units):
        clauses = []
        for k in range(1, 10):
            clauses.append([var(c, k) for c in cells])
            clauses += [
                [-var(a, k), -var(b, k)] for i, a in enumerate(cells) for b in cells[i + 1 :]
            ]
        items.append(("unit", unit, clauses))
    for cell in range(81):
        if board.parity and board.parity[cell] in "oe":
            banned = [k for k in range(1, 10) if not board.allowed[cell] >> k & 1]
            items.append(("parity", cell, [[-var(cell, k)] for k in banned]))
    for a, b in board.border_rules:
        clauses = [
            [-var(a, ka), -var(b, kb)]
            for ka in range(1, 10)
            for kb in range(1, 10)
            if not _support(board, a, b, ka) >> kb & 1
        ]
        items.append(("border", (a, b), clauses))
    for cell in range(81):
        if board.colours[cell]:
            colour = board.colours[cell]
            items.append(("fact", (True, cell, colour), [[var(cell, colour)]]))
    for cell, colour in sorted(board.eliminated):
        if not board.colours[cell]:
            items.append(("fact", (False, cell, colour), [[-var(cell, colour)]]))
    return items


def holds(board: _Board, item: tuple[str, Any, Any], colour: list[int]) -> bool:
    kind, what, _ = item
    if kind == "unit":
        return len({colour[c] for c in board.units[what]}) == 9
    if kind == "parity":
        return bool(board.allowed[what] >> colour[what] & 1)
    if kind == "border":
        a, b = what
        return bool(_support(board, a, b, colour[a]) >> colour[b] & 1)
    placed, cell, k = what
    return (colour[cell] == k) == placed


def optimal(board: _Board, target: tuple[int, int], budget: float) -> dict[str, Any]:
    """The cost-optimal unsatisfiable subset for removing ``target`` (cell, colour)."""
    started = time.perf_counter()
    items = items_of(board)
    first = 730
    sat = Solver(name="m22")
    for cell in range(81):
        sat.add_clause([var(cell, k) for k in range(1, 10)])
        for k in range(1, 10):
            for other in range(k + 1, 10):
                sat.add_clause([-var(cell, k), -var(cell, other)])
    for index, (_, _, clauses) in enumerate(items):
        for clause in clauses:
            sat.add_clause([*clause, -(first + index)])
    goal = var(*target)
    soft = WCNF()
    for index, (kind, _, _) in enumerate(items):
        soft.append([-(first + index)], weight=COST[kind])
    hitting = RC2(soft)
    rounds = 0
    try:
        while time.perf_counter() - started < budget:
            rounds += 1
            model = hitting.compute()
            chosen = [i for i in range(len(items)) if model[first + i - 1] > 0]
            if not sat.solve(assumptions=[goal, *(first + i for i in chosen)]):
                kinds = [items[i][0] for i in chosen]
                return {
                    "cost": sum(COST[k] for k in kinds),
                    "rules": sum(k != "fact" for k in kinds),
                    "facts": kinds.count("fact"),
                    "rounds": rounds,
                    "seconds": time.perf_counter() - started,
                }
            kept = set(chosen)
            colour = colours(sat.get_model())
            kept |= {i for i, item in enumerate(items) if holds(board, item, colour)}
            for index in sorted(range(len(items)), key=lambda i: -COST[items[i][0]]):
                if index in kept:
                    continue
                if sat.solve(assumptions=[goal, *(first + i for i in kept), first + index]):
                    colour = colours(sat.get_model())
                    kept |= {i for i, item in enumerate(items) if holds(board, item, colour)}
            hitting.add_clause([first + i for i in range(len(items)) if i not in kept])
    finally:
        hitting.delete()
        sat.delete()
    return {"cost": None, "rounds": rounds, "seconds": time.perf_counter() - started}


def colours(model: list[int]) -> list[int]:
    found = [0] * 81
    for cell in range(81):
        for k in range(1, 10):
            if model[var(cell, k) - 1] > 0:
                found[cell] = k
    return found


def trial_cost(step: Step) -> dict[str, int]:
    kinds = [
        "unit"
        if rule.split()[0] in ("row", "column", "box", "main", "anti-diagonal")
        else "parity"
        if rule.endswith(("odd", "even"))
        else "border"
        for rule in step.rules
    ]
    facts = len(step.pieces) + len(step.placed) + len(step.eliminated)
    return {"cost": sum(COST[k] for k in kinds) + facts, "rules": len(kinds), "facts": facts}


@click.command()
@click.option("--puzzles", default=4, show_default=True, help="Puzzles that need a trial.")
@click.option("--budget", default=30.0, show_default=True, help="Seconds per optimal step.")
@click.option("--json", "json_path", default=None, help="Write every measurement here.")
def main(puzzles: int, budget: float, json_path: str | None) -> None:
    console = Console()
    rows = list(csv.DictReader(data_text("sumodoku", "rated.csv").splitlines()))
    table = measure.table(
        "the first step beyond the named techniques: trial against cost-optimal",
        ["rating", "trial", "ms", "optimal", "rounds", "s"],
    )
    found: list[dict[str, Any]] = []
    for row in rows:
        if len(found) == puzzles:
            break
        board = _Board(Position.parse(row["puzzle"].replace("0", ".")))
        _, contradiction = _derive(board, float("inf"), trials=False)
        if contradiction or all(board.colours):
            continue
        began = time.perf_counter()
        step = _trial(board, float("inf"))
        trial_seconds = time.perf_counter() - began
        if step is None or step.assumption is None:
            continue
        piece = step.assumption
        target = ((piece.row - 1) * 9 + piece.col - 1, piece.colour)
        best = optimal(board, target, budget)
        priced = trial_cost(step)
        found.append(
            {"rating": row["rating"], "trial": priced, "trial_s": trial_seconds, "optimal": best}
        )
        table.add_row(
            row["rating"],
            f"{priced['cost']}: {priced['rules']}+{priced['facts']}",
            f"{trial_seconds * 1000:.0f}",
            "not found"
            if best["cost"] is None
            else f"{best['cost']}: {best['rules']}+{best['facts']}",
            str(best["rounds"]),
            f"{best['seconds']:.1f}" + ("" if best["cost"] is not None else "+"),
        )
    console.print(table)
    console.print("cost: rules+facts; s: seconds to the optimum (+: the budget ran out)")
    solved = [f["optimal"]["seconds"] for f in found if f["optimal"]["cost"] is not None]
    console.print(
        f"optimal steps found within {budget:.0f} s: {len(solved)} of {len(found)}"
        + (f", median {statistics.median(solved):.1f} s" if solved else "")
        + f"; trials: median {statistics.median(f['trial_s'] for f in found) * 1000:.0f} ms"
        if found
        else "no puzzle needed a step beyond the named techniques"
    )
    measure.write_json(json_path, {"budget": budget, "steps": found})


if __name__ == "__main__":
    main()
