"""Write the derived Sumodoku sample files from the bundled real puzzles.

Run from the repository root (after installing dokuspec)::

    python scripts/make_sumodoku_samples.py

Writes, under ``dokuspec/data/sumodoku/``:

* ``impossible.txt``: impossible positions made from the first puzzles of
  ``sudoku17.txt`` and ``top95.txt``. Each puzzle has exactly one solution, so
  one extra piece that differs from the solution makes it impossible. Four in
  five get a *hidden* wrong piece (a colour that clashes with no piece in its
  row, column or box); every fifth gets a *direct* clash (a colour already in
  its row).
* ``variants.jsonl``: positions with variants (JSON form, one per line):
  odd/even markings read off a puzzle's solution (completable) and with one
  mark flipped on a given (impossible); Sudoku X on 17-clue puzzles (their
  one solution rarely has two proper diagonals); pieces out of the game.

The choices are seeded, so the files are reproducible.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from dokuspec import sumodoku
from dokuspec.sumodoku import Board, Piece

DATA = Path("dokuspec/data/sumodoku")
SEED = 20261121


def peers(index: int) -> set[int]:
    row, col = divmod(index, 9)
    box = (row // 3) * 3, (col // 3) * 3
    found = {row * 9 + c for c in range(9)} | {r * 9 + col for r in range(9)}
    found |= {(box[0] + r) * 9 + box[1] + c for r in range(3) for c in range(3)}
    found.discard(index)
    return found


def plant(board: Board, solution: Board, rng: random.Random, direct: bool) -> Board:
    cells = board.cells
    empty = board.empty_cells()
    rng.shuffle(empty)
    for index in empty:
        seen = {cells[p] for p in peers(index)} - {0}
        row_colours = {cells[(index // 9) * 9 + c] for c in range(9)} - {0}
        if direct:
            choices = sorted(row_colours)
        else:
            choices = [k for k in range(1, 10) if k not in seen and k != solution.cells[index]]
        if choices:
            colour = rng.choice(choices)
            return board.place(Piece(index // 9 + 1, index % 9 + 1, colour))
    raise RuntimeError(f"no cell to plant a piece in {board}")


def main() -> None:
    rng = random.Random(SEED)
    sources = [("sudoku17.txt", 40), ("top95.txt", 20)]
    impossible = [
        "# Impossible Sumodoku positions derived from sudoku17.txt and top95.txt",
        "# by scripts/make_sumodoku_samples.py (one wrong piece added to each puzzle).",
    ]
    puzzles: list[Board] = []
    for name, count in sources:
        lines = [line.strip() for line in (DATA / name).read_text().splitlines() if line.strip()]
        for number, line in enumerate(lines[:count]):
            board = Board.parse(line)
            puzzles.append(board)
            solution = sumodoku.check(board).completion
            assert solution is not None
            direct = number % 5 == 4
            planted = plant(board, solution, rng, direct)
            assert sumodoku.check(planted).status == "impossible"
            impossible.append(str(planted))
    (DATA / "impossible.txt").write_text("\n".join(impossible) + "\n")

    variants = []
    for board in puzzles[:6]:
        solution = sumodoku.check(board).completion
        assert solution is not None
        marked = rng.sample(range(81), 30)
        parity = ["."] * 81
        for index in marked:
            parity[index] = "o" if solution.cells[index] % 2 else "e"
        variants.append({"board": str(board), "parity": "".join(parity)})
        given = rng.choice([p.cell for p in board.pieces()])
        parity[given] = "e" if solution.cells[given] % 2 else "o"
        variants.append({"board": str(board), "parity": "".join(parity)})
    for board in puzzles[6:12]:
        variants.append({"board": str(board), "x": True})
    for board in puzzles[12:14]:
        missing = next(k for k in range(1, 10) if board.count(k) < 9)
        variants.append({"board": str(board), "out": {str(missing): 1}})
    lines = [json.dumps(v, separators=(",", ":")) for v in variants]
    header = "# Sumodoku positions with variants, made by scripts/make_sumodoku_samples.py\n"
    (DATA / "variants.jsonl").write_text(header + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
