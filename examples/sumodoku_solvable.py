"""Is this Sumodoku position still completable? A tour of dokuspec.sumodoku.

Run: python examples/sumodoku_solvable.py [--board BOARD] [--backend sat|z3]

The board is 81 cells on one line ('.' or '0' empty, '1'-'9' a piece of that
colour); by default a real 17-given Sudoku puzzle.
"""

from __future__ import annotations

import argparse
import textwrap

from dokuspec import sumodoku
from dokuspec.sumodoku import Piece, Position, Variants

# A real 17-given puzzle (Gordon Royle's collection), read as a Sumodoku board.
PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--board", default=PUZZLE, help="a completable board (default: a puzzle)")
    parser.add_argument("--backend", choices=("sat", "z3"), default="sat", help="default sat")
    args = parser.parse_args(argv)
    other = "z3" if args.backend == "sat" else "sat"

    verdict = sumodoku.check(args.board, backend=args.backend)
    print(f"puzzle: {verdict.status}")
    if verdict.completion is None:
        parser.exit(1, f"the board is {verdict.status}; this tour needs a completable one\n")
    print(verdict.completion.grid())

    # Both backends give the same answer.
    same = sumodoku.check(args.board, backend=other).status == verdict.status
    print(f"{other} agrees:", same)

    # One wrong piece that clashes with nothing in its row, column or box
    # still makes the position impossible; explain() says which pieces are to blame.
    board = verdict.position.board
    wrong_colour = next(
        colour
        for colour in range(1, 10)
        if colour != verdict.completion[1, 1]
        and colour not in {board[1, c] for c in range(1, 10)}
        and colour not in {board[r, 1] for r in range(1, 10)}
        and colour not in {board[r, c] for r in range(1, 4) for c in range(1, 4)}
    )
    planted = board.place(Piece(1, 1, wrong_colour))
    why = sumodoku.explain(planted, backend=args.backend)
    print(f"\nwith r1c1={wrong_colour}: {why.status}")
    pieces = " ".join(str(p) for p in why.conflict or ())
    print(
        textwrap.fill(
            f"conflicting pieces: {pieces}", 78, initial_indent="  ", subsequent_indent="    "
        )
    )

    # Variants: the same board under Sudoku X.
    x = sumodoku.explain(Position(board, Variants(x=True)))
    print(f"\nunder Sudoku X: {x.status}")
    if x.status == "impossible":
        print("  pieces:", " ".join(str(p) for p in x.conflict or ()))
        print("  rules: ", "; ".join(x.conflict_rules))

    # Counting completions: a proper puzzle has exactly one.
    print("\ncompletions (counting up to 2):", sumodoku.count_completions(board, 2))
    fewer = board.without(board.pieces()[:3])
    print("with three givens removed (up to 50):", sumodoku.count_completions(fewer, 50))


if __name__ == "__main__":
    main()
