"""Write the solutions of the bundled real puzzles, the seeds of the full-grid strategies.

Run from the repository root (after installing dokuspec)::

    python scripts/make_sumodoku_solutions.py

Writes ``dokuspec/data/sumodoku/solutions.txt``: one line per puzzle of
``sudoku17.txt`` (500) and then of ``top95.txt`` (95), in file order, each the
puzzle's one solution as an 81-character board. Each puzzle is solved with the
SAT backend and its solution confirmed unique (a second completion is looked
for and not found). Nothing is random, so the file is reproducible; the test
suite checks every line against its puzzle with the engine.
"""

from __future__ import annotations

from pathlib import Path

from dokuspec import sumodoku
from dokuspec.sumodoku import Board

DATA = Path("dokuspec/data/sumodoku")
SOURCES = ("sudoku17.txt", "top95.txt")


def main() -> None:
    lines = [
        "# The one solution of each puzzle of sudoku17.txt, then of top95.txt, in order;",
        "# made by scripts/make_sumodoku_solutions.py.",
    ]
    for name in SOURCES:
        for line in (DATA / name).read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            puzzle = Board.parse(line.strip())
            verdict = sumodoku.check(puzzle)
            if verdict.completion is None:
                raise SystemExit(f"{name}: {puzzle} has no solution")
            if sumodoku.count_completions(puzzle, 2) != 1:
                raise SystemExit(f"{name}: {puzzle} has more than one solution")
            lines.append(str(verdict.completion))
    (DATA / "solutions.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
