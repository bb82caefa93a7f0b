"""Proofs that Sumodoku positions cannot be completed: their size, the time to write and to
check them, and which SAT solvers' proofs the checker accepts.

For each impossible position of the bundled data (the 60 impossible boards
made from the 17-clue puzzles, and the impossible positions with variants),
``sumodoku.refutation`` writes the CNF and a DRUP proof with each solver of
``PROOF_SOLVERS``, and ``check_refutation`` (dratify, pure Python) checks
it. Rows per data set and solver: the proofs the checker accepted, how many
the CNF needed (unit propagation alone refutes the others), the medians of
lemmas, bytes, the time to write the proof (a fresh solver with proof
logging, from the model's clauses) and the time to check it (reading the
DIMACS text included), and the median of both together (issue target: at
most 50 ms on the 17-clue-derived positions). A row for python-sat's
Maplesat, whose proofs are not offered, shows why. Every proof of a
``PROOF_SOLVERS`` solver must be accepted; otherwise the script lists it
and exits with status 1.

Run::

    python benchmarks/proofs.py
    python benchmarks/proofs.py --limit 20 --json out.json
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable

import click
import measure
from measure import compact as fmt
from measure import data_lines_of, timed
from pysat.solvers import Solver
from rich.console import Console

from dokuspec import sumodoku
from dokuspec.solvers.proofs import PROOF_SOLVERS, Refutation, check_refutation, dimacs
from dokuspec.sumodoku import Position


def _maplesat(position: Position) -> Refutation:
    """A proof by python-sat's Maplesat, for the record (it is not one of PROOF_SOLVERS)."""
    found = sumodoku.refutation(position)
    spec, compiled = sumodoku.compiled_model(position)
    clauses = [*compiled.clauses, *([lit] for lit in spec.assumptions(position.board))]
    with Solver(name="maplesat", bootstrap_with=clauses, with_proof=True) as sat:
        assert not sat.solve()
        proof = "".join(f"{step}\n" for step in sat.get_proof() or [])
    cnf = dimacs([("all", clauses)], found.variables, {})
    return Refutation(cnf, proof, "maplesat", found.variables, len(clauses))


@click.command()
@click.option("--limit", default=0, help="At most this many positions per data set (0: all).")
@click.option("--json", "json_path", default=None, help="Write every measurement here.")
def main(limit: int, json_path: str | None) -> None:
    """Time and size the proofs of the bundled impossible positions."""
    console = Console()
    plain = [Position.parse(line) for line in data_lines_of("sumodoku", "impossible.txt")]
    variants = [
        Position.from_json(json.loads(line))
        for line in data_lines_of("sumodoku", "variants.jsonl")
        if line.startswith("{")
    ]
    variants = [p for p in variants if sumodoku.check(p).status == "impossible"]
    datasets = {"17-clue": plain, "variants": variants}
    sumodoku.refutation(plain[0])  # warm-up: compiles the rule set's model
    table = measure.table(
        "Proofs of impossible positions (medians)",
        ("data", "solver", "n", "ok", "need", "lemmas", "bytes", "write", "check", "both"),
        left=("data", "solver"),
    )
    rows: dict[str, object] = {}
    failures: list[str] = []
    for dataset, positions in datasets.items():
        chosen = positions[:limit] if limit else positions
        makers: dict[str, Callable[[Position], Refutation]] = {
            solver: (lambda p, s=solver: sumodoku.refutation(p, solver=s))
            for solver in PROOF_SOLVERS
        }
        makers["maplesat"] = _maplesat
        for solver, make in makers.items():
            writes, checks, lemmas, sizes = [], [], [], []
            accepted = needed = 0
            for index, position in enumerate(chosen):
                write, found = timed(lambda p=position, m=make: m(p))
                check, verdict = timed(lambda f=found: check_refutation(f.cnf, f.proof))
                writes.append(write)
                checks.append(check)
                lemmas.append(found.lemmas)
                sizes.append(found.size)
                accepted += verdict.accepted
                needed += not check_refutation(found.cnf, "").accepted
                if solver in PROOF_SOLVERS and not verdict.accepted:
                    failures.append(f"{dataset} #{index} {solver}: {verdict.reason}")
            both = [w + c for w, c in zip(writes, checks, strict=True)]
            table.add_row(
                dataset,
                solver,
                str(len(chosen)),
                str(accepted),
                str(needed),
                f"{statistics.median(lemmas):.0f}",
                f"{statistics.median(sizes):.0f}",
                fmt(statistics.median(writes)),
                fmt(statistics.median(checks)),
                fmt(statistics.median(both)),
            )
            rows[f"{dataset}/{solver}"] = {
                "accepted": accepted,
                "needed": needed,
                "lemmas": measure.summary(lemmas),
                "bytes": measure.summary(sizes),
                "write": measure.summary(writes),
                "check": measure.summary(checks),
                "both": measure.summary(both),
            }
    console.print(table)
    console.print(
        "data: the impossible positions made from 17-clue puzzles, and those with "
        "variants; ok: proofs the checker accepted; need: positions whose CNF unit "
        "propagation alone does not refute; write: a fresh solver with proof logging; "
        "check: dratify (pure Python), reading the DIMACS text included; maplesat is "
        "not offered (its proofs are rejected)"
    )
    measure.write_json(
        json_path,
        {"environment": measure.environment_of("dokuspec", "python-sat", "dratify"), "rows": rows},
    )
    measure.finish(console, failures, "proofs rejected", "every offered solver's proof accepted")


if __name__ == "__main__":
    main()
