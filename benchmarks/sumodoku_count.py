"""Time ``dokuspec.sumodoku.count_completions`` beside the SAT counts, in one run.

Positions with many completions: bundled 17-clue puzzles (Gordon Royle's
collection) with 4 of their pieces taken off (seeded), and the empty board.
For ``limit`` 10 and 1,000 (targets: median at most 0.3 ms and 5 ms), three
formulations count each position:

* ``API``: ``sumodoku.count_completions(position, limit)``: the compiled
  search lists the completions, the full-board model's prohibitions certify
  each one (the default);
* ``SAT enumeration``: the SAT backend's projected enumeration on the
  compiled completion model (a fresh solver, one blocking clause per
  completion), which the API falls back on and the tests hold it equal to;
* ``python-sat loop``: a plain CNF written here (a variable per cell and
  colour, exactly one colour per cell, each colour once per row, column and
  box, the pieces as unit clauses), one MiniSat 2.2 solver per count,
  blocking each completion with a clause over the empty cells.

Every count must agree across the three; the script exits with status 1 when
one does not.

Run::

    python benchmarks/sumodoku_count.py
    python benchmarks/sumodoku_count.py --positions 40 --json out.json
"""

from __future__ import annotations

import random
from typing import Any

import click
import measure
from measure import compact as fmt
from measure import data_lines_of, summary, timed
from pysat.solvers import Solver
from rich.console import Console

from dokuspec import sumodoku
from dokuspec.sumodoku import Board, Position

TARGETS = {10: 0.3e-3, 1000: 5e-3}
SEED = 20261128


def positions_to_count(count: int) -> list[Position]:
    rng = random.Random(SEED)
    found = [Position(Board())]
    for line in data_lines_of("sumodoku", "sudoku17.txt")[: count - 1]:
        cells = bytearray(Position.parse(line).board.cells)
        pieces = [i for i, colour in enumerate(cells) if colour]
        for i in rng.sample(pieces, 4):
            cells[i] = 0
        found.append(Position(Board(bytes(cells))))
    return found


def var(cell: int, colour: int) -> int:
    return 9 * cell + colour


def plain_cnf() -> list[list[int]]:
    clauses: list[list[int]] = []
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [
        [9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)] for b in range(9)
    ]
    for cell in range(81):
        clauses.append([var(cell, k) for k in range(1, 10)])
        clauses += [[-var(cell, a), -var(cell, b)] for a in range(1, 10) for b in range(a + 1, 10)]
    for unit in units:
        for k in range(1, 10):
            clauses.append([var(cell, k) for cell in unit])
            clauses += [[-var(a, k), -var(b, k)] for i, a in enumerate(unit) for b in unit[i + 1 :]]
    return clauses


def plain_count(clauses: list[list[int]], position: Position, limit: int) -> int:
    cells = position.board.cells
    empty = [i for i in range(81) if not cells[i]]
    with Solver(name="minisat22", bootstrap_with=clauses) as solver:
        for cell in range(81):
            if cells[cell]:
                solver.add_clause([var(cell, cells[cell])])
        found = 0
        while found < limit and solver.solve():
            model = solver.get_model()
            found += 1
            chosen = [var(i, k) for i in empty for k in range(1, 10) if model[var(i, k) - 1] > 0]
            solver.add_clause([-lit for lit in chosen])
    return found


def sat_count(position: Position, limit: int) -> int:
    spec, compiled = sumodoku.compiled_model(position)
    projection = [lit for i in position.board.empty_cells() for lit in spec.cells[i].literals]
    found = compiled.enumerate(
        projection, assumptions=spec.assumptions(position.board), limit=limit
    )
    return len(found.solutions)


@click.command()
@click.option("--positions", default=30, show_default=True, help="Positions counted.")
@click.option("--json", "json_path", default=None, help="Write every time and summary here.")
def main(positions: int, json_path: str | None) -> None:
    console = Console()
    cases = positions_to_count(positions)
    clauses = plain_cnf()
    sumodoku.count_completions(cases[1], 2)  # warm-up: compiles the models
    sat_count(cases[1], 2)
    table = measure.table(
        "Sumodoku count_completions: time per count",
        ("limit", "formulation", "n", "median", "p90", "max", "vs API", "target"),
        left=("formulation", "target"),
    )
    disagreements: list[str] = []
    report: dict[str, Any] = {}
    for limit in (10, 1000):
        times: dict[str, list[float]] = {"API": [], "SAT enumeration": [], "python-sat loop": []}
        for number, position in enumerate(cases):
            seconds, api = timed(lambda p=position, n=limit: sumodoku.count_completions(p, n))
            times["API"].append(seconds)
            seconds, sat = timed(lambda p=position, n=limit: sat_count(p, n))
            times["SAT enumeration"].append(seconds)
            seconds, plain = timed(lambda p=position, n=limit: plain_count(clauses, p, n))
            times["python-sat loop"].append(seconds)
            if not api == sat == plain:
                disagreements.append(f"position {number}, limit {limit}: {api}, {sat}, {plain}")
        api_median = summary(times["API"])["median"]
        for name, values in times.items():
            s = summary(values)
            target = ""
            if name == "API":
                met = s["median"] <= TARGETS[limit]
                target = f"{'met' if met else 'MISSED'} {fmt(TARGETS[limit])}"
            table.add_row(
                str(limit),
                name,
                str(len(values)),
                fmt(s["median"]),
                fmt(s["p90"]),
                fmt(s["max"]),
                f"{s['median'] / api_median:.1f}x",
                target,
            )
            report[f"{limit} | {name}"] = {"summary": s, "times": values}
    console.print(table)
    console.print(
        f"{len(cases)} positions: the empty board and {len(cases) - 1} 17-clue puzzles "
        "less 4 pieces"
    )
    measure.write_json(json_path, report)
    measure.finish(console, disagreements, "disagreements", "every count agrees")


if __name__ == "__main__":
    main()
