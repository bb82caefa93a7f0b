"""How small are the smallest explanations of impossible Sumodoku positions?

For boards made impossible by one wrong piece, compares the explanation
:func:`dokuspec.sumodoku.explain` gives by default (a minimal set of pieces,
irreducible) with the one it gives with ``smallest=True`` (a smallest set,
ruling SU-30), and times both. Three sets of boards, all from the bundled
real puzzles (``dokuspec/data/sumodoku``):

* ``bundled``: the bundled impossible positions of ``impossible.txt`` (a 17-clue or top95
  puzzle plus one wrong piece; four in five hidden, every fifth a direct
  clash);
* ``17-clue+1``: every 17-clue puzzle of ``sudoku17.txt`` plus one
  *hidden* wrong piece (a colour that clashes with no piece in its row,
  column or box and differs from the solution), at a seeded random cell;
* ``solution k+1``: ``k`` pieces kept at random from a puzzle's
  solution (``solutions.txt``), plus one hidden wrong piece, kept only when
  the result is impossible (for small ``k`` it often is not).

Every explanation is checked in the same run: the conflict must be
impossible on its own, every conflict with one piece less completable
(minimality), and the smallest never larger than the minimal one. With
``--brute`` the claim "no smaller set is impossible" is also checked by
brute force over every smaller subset of the board's pieces, for the
positions where that is at most ``--brute`` subsets.

Run::

    python benchmarks/sumodoku_explain.py
    python benchmarks/sumodoku_explain.py --puzzles 100 --backend z3 --json out.json
"""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import click
from measure import data_lines_of
from rich.console import Console
from rich.table import Table

from dokuspec import sumodoku
from dokuspec.files import write_text_file
from dokuspec.sumodoku import Board, Piece

SEED = 20260801


def peers(index: int) -> set[int]:
    row, col = divmod(index, 9)
    top, left = (row // 3) * 3, (col // 3) * 3
    found = {row * 9 + c for c in range(9)} | {r * 9 + col for r in range(9)}
    found |= {(top + r) * 9 + left + c for r in range(3) for c in range(3)}
    found.discard(index)
    return found


def hidden_wrong(board: Board, solution: Board, rng: random.Random) -> Board | None:
    """``board`` plus one piece clashing with nothing and differing from ``solution``."""
    cells = board.cells
    empty = board.empty_cells()
    rng.shuffle(empty)
    for index in empty:
        seen = {cells[p] for p in peers(index)} - {0}
        choices = [k for k in range(1, 10) if k not in seen and k != solution.cells[index]]
        if choices:
            return board.place(Piece(index // 9 + 1, index % 9 + 1, rng.choice(choices)))
    return None


def boards(puzzles: int, sizes: tuple[int, ...]) -> Iterator[tuple[str, Board]]:
    for line in data_lines_of("sumodoku", "impossible.txt"):
        yield "bundled", Board.parse(line)
    rng = random.Random(SEED)
    seventeen = data_lines_of("sumodoku", "sudoku17.txt")[:puzzles]
    solutions = data_lines_of("sumodoku", "solutions.txt")
    for line, solved in zip(seventeen, solutions, strict=False):
        planted = hidden_wrong(Board.parse(line), Board.parse(solved), rng)
        if planted is not None:
            yield "17-clue+1", planted
    for k in sizes:
        for solved in solutions[:puzzles]:
            solution = Board.parse(solved)
            keep = set(rng.sample(range(81), k))
            kept = Board(bytes(v if i in keep else 0 for i, v in enumerate(solution.cells)))
            planted = hidden_wrong(kept, solution, rng)
            if planted is not None and sumodoku.check(planted).status == "impossible":
                yield f"solution {k}+1", planted


def without(board: Board, pieces: tuple[Piece, ...]) -> Board:
    cells = bytearray(len(board.cells))
    for piece in pieces:
        cells[(piece.row - 1) * 9 + piece.col - 1] = piece.colour
    return Board(bytes(cells))


def check_conflict(board: Board, conflict: tuple[Piece, ...]) -> None:
    alone = without(board, conflict)
    if sumodoku.check(alone).status != "impossible":
        raise SystemExit(f"{board}: the conflict is not impossible on its own")
    for index in range(len(conflict)):
        smaller = conflict[:index] + conflict[index + 1 :]
        if sumodoku.check(without(board, smaller)).status != "completable":
            raise SystemExit(f"{board}: the conflict is not minimal")


def brute_smallest_holds(board: Board, size: int) -> bool:
    """No subset of fewer than ``size`` pieces is impossible (checked one by one)."""
    pieces = board.pieces()
    for k in range(size):
        for subset in itertools.combinations(pieces, k):
            if sumodoku.check(without(board, subset)).status != "completable":
                return False
    return True


def subsets_below(n: int, size: int) -> int:
    return sum(math.comb(n, k) for k in range(size))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@click.command()
@click.option("--puzzles", default=200, show_default=True, help="Puzzles per data set.")
@click.option("--sizes", default="30,40,50", show_default=True, help="Pieces kept of a solution.")
@click.option("--backend", type=click.Choice(["sat", "z3"]), default="sat", show_default=True)
@click.option("--time-limit", default=60.0, show_default=True, help="Seconds per explanation.")
@click.option("--brute", default=20_000, show_default=True, help="Most subsets for brute force.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None)
def main(
    puzzles: int, sizes: str, backend: str, time_limit: float, brute: int, json_path: str | None
) -> None:
    console = Console()
    kept = tuple(int(k) for k in sizes.split(",") if k)
    rows: list[dict[str, Any]] = []
    brute_checked = 0
    for source, board in boards(puzzles, kept):
        if len(rows) % 100 == 0:
            console.print(f"{len(rows)} boards explained", style="dim")
        started = time.perf_counter()
        minimal = sumodoku.explain(board, backend=backend)  # type: ignore[arg-type]
        middle = time.perf_counter()
        smallest = sumodoku.explain(
            board,
            backend=backend,  # type: ignore[arg-type]
            smallest=True,
            time_limit=time_limit,
        )
        ended = time.perf_counter()
        assert minimal.status == smallest.status == "impossible", board
        assert minimal.conflict is not None and smallest.conflict is not None
        check_conflict(board, minimal.conflict)
        check_conflict(board, smallest.conflict)
        if len(smallest.conflict) > len(minimal.conflict):
            raise SystemExit(f"{board}: the smallest conflict is larger than a minimal one")
        n = len(board.pieces())
        if smallest.smallest and subsets_below(n, len(smallest.conflict)) <= brute:
            brute_checked += 1
            if not brute_smallest_holds(board, len(smallest.conflict)):
                raise SystemExit(f"{board}: a smaller impossible subset exists")
        rows.append(
            {
                "source": source,
                "board": str(board),
                "pieces": n,
                "minimal": len(minimal.conflict),
                "smallest": len(smallest.conflict),
                "proven": smallest.smallest,
                "minimal_seconds": middle - started,
                "smallest_seconds": ended - middle,
            }
        )
    table = Table(title=f"Explanations of boards with one wrong piece ({backend})")
    for name in ("boards", "n", "pieces", "minimal", "smallest", "smaller", "proven", "ms"):
        table.add_column(name)
    by_source: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_source.setdefault(row["source"], []).append(row)
    summary: dict[str, Any] = {}
    for source, group in by_source.items():
        minimal_sizes = [r["minimal"] for r in group]
        smallest_sizes = [r["smallest"] for r in group]
        seconds = [r["smallest_seconds"] for r in group]
        smaller = sum(r["smallest"] < r["minimal"] for r in group)
        proven = sum(r["proven"] for r in group)
        summary[source] = {
            "boards": len(group),
            "minimal_sizes": dict(sorted(Counter(minimal_sizes).items())),
            "smallest_sizes": dict(sorted(Counter(smallest_sizes).items())),
            "smaller": smaller,
            "proven": proven,
            "mean_reduction": statistics.fmean(r["minimal"] - r["smallest"] for r in group),
            "smallest_seconds_median": statistics.median(seconds),
            "smallest_seconds_p90": percentile(seconds, 0.9),
            "smallest_seconds_max": max(seconds),
            "minimal_seconds_median": statistics.median(r["minimal_seconds"] for r in group),
        }
        pieces = sorted({r["pieces"] for r in group})
        table.add_row(
            source,
            f"{len(group)}",
            f"{pieces[0]}-{pieces[-1]}",
            f"{min(minimal_sizes)}/{statistics.median(minimal_sizes):g}/{max(minimal_sizes)}",
            f"{min(smallest_sizes)}/{statistics.median(smallest_sizes):g}/{max(smallest_sizes)}",
            f"{smaller}",
            f"{proven}",
            f"{statistics.median(seconds) * 1e3:.0f}/{percentile(seconds, 0.9) * 1e3:.0f}/"
            f"{max(seconds) * 1e3:.0f}",
        )
    console.print(table)
    console.print(
        "minimal, smallest: conflict sizes min/median/max; smaller: boards whose smallest "
        "conflict is smaller than the minimal one; ms: smallest=True median/p90/max"
    )
    for source, found in summary.items():
        console.print(f"{source}: minimal sizes {found['minimal_sizes']}")
        console.print(f"{source}: smallest sizes {found['smallest_sizes']}")
    console.print(f"brute force confirmed {brute_checked} smallest explanations")
    if json_path:
        write_text_file(json_path, json.dumps({"summary": summary, "rows": rows}, indent=1))
    sys.exit(0)


if __name__ == "__main__":
    main()
