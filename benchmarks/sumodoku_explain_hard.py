"""Explanations of sparse impossible positions with global border rules: how long they take.

Positions where ``check`` is quick but the explanation used to take 35-80 s:

* the 7-piece non-consecutive board of the issue that asked for it;
* strict-marks positions: the consecutive marks read off a solution of
  ``solutions.txt`` (a mark exactly where the digits differ by 1,
  ``strict_marks``), 7 of its pieces kept at random and one wrong piece
  added, kept when impossible (seeded).

For each: ``check``; :func:`dokuspec.sumodoku.explain` (a minimal conflict;
target 2 s) and with ``smallest=True`` (target 10 s), the median of
``--runs`` runs, each explanation checked by
:func:`dokuspec.verify.sumodoku.check_explanation`; and, in the same run, the
peer the issue measured: the solver's own minimisation of the rule groups
border by border (:meth:`~dokuspec.solvers.base.Backend.minimal_core` over
every guarded group, under a ``--peer-limit`` seconds budget), which is what
``explain`` did before a rule on every border became one group.

Run::

    python benchmarks/sumodoku_explain_hard.py
    python benchmarks/sumodoku_explain_hard.py --strict 3 --runs 1 --json out.json
"""

from __future__ import annotations

import random
import statistics

import click
import measure
from measure import compact as fmt
from measure import data_text, timed
from rich.console import Console

from dokuspec import sumodoku
from dokuspec.sumodoku import Board, Position, Variants
from dokuspec.verify.sumodoku import check_explanation

NON_CONSECUTIVE = (
    "...................4.1............6.......5...2.......................7.6........"
)
SEED = 20261128


def strict_positions(count: int) -> list[Position]:
    """Impossible strict-marks positions made from the bundled solutions (seeded)."""
    text = data_text("sumodoku", "solutions.txt")
    solutions = [line.strip() for line in text.splitlines() if line.strip()[:1].isdigit()]
    rng = random.Random(SEED)
    found: list[Position] = []
    for solution in solutions:
        if len(found) == count:
            break
        cells = [int(c) for c in solution]
        marks = [
            (a, b)
            for a in range(81)
            for b in (a + 1, a + 9)
            if b < 81 and (b == a + 9 or a % 9 != 8) and abs(cells[a] - cells[b]) == 1
        ]
        variants = Variants(consecutive=marks, strict_marks=True)
        board = [0] * 81
        for cell in rng.sample(range(81), 7):
            board[cell] = cells[cell]
        empty = [c for c in range(81) if not board[c]]
        cell = rng.choice(empty)
        board[cell] = rng.choice([k for k in range(1, 10) if k != cells[cell]])
        position = Position(Board(bytes(board)), variants)
        if sumodoku.check(position).status == "impossible":
            found.append(position)
    return found


@click.command()
@click.option("--strict", default=4, help="Strict-marks positions to make.")
@click.option("--runs", default=3, help="Runs of each explanation (the median is shown).")
@click.option("--peer-limit", default=60.0, help="Seconds for the border-by-border peer.")
@click.option("--json", "json_path", default=None, help="Write every measurement here.")
def main(strict: int, runs: int, peer_limit: float, json_path: str | None) -> None:
    """Time the explanations of sparse positions under global border rules."""
    console = Console()
    positions = {
        "non-consecutive 7": Position(Board(NON_CONSECUTIVE), Variants(non_consecutive=True))
    }
    for number, position in enumerate(strict_positions(strict), 1):
        positions[f"strict marks #{number}"] = position
    table = measure.table(
        "Explanations of sparse positions (medians)",
        ("position", "check", "minimal", "smallest", "pieces", "rules", "peer"),
        left=("position",),
    )
    rows: dict[str, object] = {}
    failures: list[str] = []
    for name, position in positions.items():
        check_time = statistics.median(
            timed(lambda p=position: sumodoku.check(p))[0] for _ in range(runs)
        )
        minimal_times, smallest_times = [], []
        verdict = smallest = None
        for _ in range(runs):
            seconds, verdict = timed(lambda p=position: sumodoku.explain(p))
            minimal_times.append(seconds)
            seconds, smallest = timed(lambda p=position: sumodoku.explain(p, smallest=True))
            smallest_times.append(seconds)
        assert verdict is not None and smallest is not None
        try:
            check_explanation(position, verdict)
            check_explanation(position, smallest)
        except Exception as error:
            failures.append(f"{name}: {error}")
        spec, compiled = sumodoku.compiled_model(position)
        core = spec.piece_literals(position.board.only(verdict.conflict or ()))
        peer_time, peer = timed(
            lambda c=core, s=spec, m=compiled: m.minimal_core(
                s.always, fixed=c, budget=sumodoku.Budget(time_limit=peer_limit)
            )
        )
        peer_text = fmt(peer_time) if peer.minimal else f">{peer_limit:.0f}s"
        table.add_row(
            name,
            fmt(check_time),
            fmt(statistics.median(minimal_times)),
            fmt(statistics.median(smallest_times)),
            f"{len(verdict.conflict or ())}/{len(smallest.conflict or ())}",
            str(len(verdict.conflict_rules)),
            peer_text,
        )
        rows[name] = {
            "check": check_time,
            "minimal": measure.summary(minimal_times),
            "smallest": measure.summary(smallest_times),
            "minimal_proven": verdict.minimal,
            "smallest_proven": smallest.smallest,
            "conflict": len(verdict.conflict or ()),
            "smallest_conflict": len(smallest.conflict or ()),
            "rules": list(verdict.conflict_rules),
            "peer_seconds": peer_time,
            "peer_minimal": peer.minimal,
            "peer_groups": None if peer.core is None else len(peer.core),
        }
    console.print(table)
    console.print(
        "minimal: explain; smallest: explain(smallest=True); pieces: conflict sizes, minimal/"
        "smallest; rules: rule groups named (a rule on every border is one); peer: the rule "
        "groups minimised border by border (the old explanation)"
    )
    measure.write_json(
        json_path,
        {"environment": measure.environment_of("dokuspec", "python-sat"), "rows": rows},
    )
    measure.finish(
        console, failures, "explanations that failed their check", "every explanation checked"
    )


if __name__ == "__main__":
    main()
