"""Hypothesis strategies for Duidoku: boards reached by legal play, and broken board lines.

A board of :func:`boards` is reached from the empty board by legal moves
(DU-3) chosen by Hypothesis, so it never holds a digit twice in a unit
(DU-2) and may or may not be completable (DU-6: a legal move may spoil
completability). Cases shrink toward fewer moves and earlier choices.
"""

from __future__ import annotations

from hypothesis import strategies as st

from dokuspec_duidoku.engine import placements
from dokuspec_duidoku.vocabulary import CELLS, Board

__all__ = ["BAD_CHARACTERS", "bad_lines", "boards"]

BAD_CHARACTERS = "0567x -*\t\u00e9"
"""Characters that a board line may not hold (DU-7)."""


@st.composite
def boards(draw: st.DrawFn, min_moves: int = 0, max_moves: int = CELLS) -> Board:
    """A board reached from the empty board by ``min_moves`` to ``max_moves`` legal moves
    (DU-3), fewer when the game ends first (DU-4).

    Args:
        draw: Hypothesis's draw (given by :func:`hypothesis.strategies.composite`).
        min_moves: the fewest moves to try to make, 0-16.
        max_moves: the most, ``min_moves`` to 16.
    """
    cells = [0] * CELLS
    for _ in range(draw(st.integers(min_moves, max_moves))):
        moves = placements(cells)
        if not moves:
            break
        index, digit = moves[draw(st.integers(0, len(moves) - 1))]
        cells[index] = digit
    return Board(tuple(cells))


@st.composite
def bad_lines(draw: st.DrawFn) -> tuple[str, int]:
    """A board line spoilt at one place, with the column (1-based) that must be named (DU-7):
    a bad character put in, or the line cut short or made too long.

    Args:
        draw: Hypothesis's draw (given by :func:`hypothesis.strategies.composite`).
    """
    line = str(draw(boards()))
    how = draw(st.sampled_from(["character", "short", "long"]))
    if how == "character":
        column = draw(st.integers(1, CELLS))
        bad = draw(st.sampled_from(BAD_CHARACTERS))
        return line[: column - 1] + bad + line[column:], column
    if how == "short":
        length = draw(st.integers(0, CELLS - 1))
        return line[:length], length + 1
    extra = draw(st.text(alphabet=".1234", min_size=1, max_size=4))
    return line + extra, CELLS + 1
