"""Is this Sumodoku position still completable? A tour of dokuspec.sumodoku.

Run: python examples/sumodoku_solvable.py
"""

from __future__ import annotations

from dokuspec import sumodoku
from dokuspec.sumodoku import Piece, Position, Variants

# A real 17-given puzzle (Gordon Royle's collection), read as a Sumodoku board.
PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"


def main() -> None:
    verdict = sumodoku.check(PUZZLE)
    print(f"puzzle: {verdict.status}")
    assert verdict.completion is not None
    print(verdict.completion.grid())

    # Both backends give the same answer.
    print("z3 agrees:", sumodoku.check(PUZZLE, backend="z3").status == verdict.status)

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
    why = sumodoku.explain(planted)
    print(f"\nwith r1c1={wrong_colour}: {why.status}")
    print("  conflicting pieces:", " ".join(str(p) for p in why.conflict or ()))

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
