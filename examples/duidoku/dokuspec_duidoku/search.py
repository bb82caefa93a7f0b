"""Best play (DU-5) by exhaustive search of the game tree, on the engine's rules.

A position is *won* for the player to move when one of their legal moves
(:func:`dokuspec_duidoku.engine.placements`, DU-3) leads to a position lost
for the other player, and *lost* when every legal move leads to a position
won for the other player, in particular when there is none (DU-4, DU-5).
Whose turn it is does not change the answer, so a position is its board.

The search is depth-first, stops at the first winning move, and remembers
each board's value (memoisation). Boards that differ only by a renaming of
the digits have the same value (DU-3 reads digits only as equal or not),
so each board is remembered under its *canonical* renaming: digits
numbered 1, 2, ... in the order they first appear, row by row. The whole
game from the empty board takes about 221,000 boards. A search that would
take more than ``limit`` boards is refused (:class:`SearchLimitError`)
rather than guessed.
"""

from __future__ import annotations

from collections.abc import Sequence

from dokuspec.errors import DokuspecError

from dokuspec_duidoku.engine import placements

__all__ = ["DEFAULT_LIMIT", "Search", "SearchLimitError", "canonical"]

DEFAULT_LIMIT = 2_000_000
"""The most boards a search values by default (the empty board needs about 221,000)."""


class SearchLimitError(DokuspecError):
    """A search would have valued more boards than its limit: no answer is given.

    Attributes:
        limit: the limit that was reached.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(
            f"the search of best play stopped after {limit:,} boards without an answer "
            "(raise the limit)"
        )


def canonical(cells: Sequence[int]) -> tuple[int, ...]:
    """``cells`` with the digits renamed 1, 2, ... in the order they first appear."""
    names: dict[int, int] = {}
    out = []
    for value in cells:
        if value and value not in names:
            names[value] = len(names) + 1
        out.append(names[value] if value else 0)
    return tuple(out)


class Search:
    """One search's memory: the value of every board valued so far.

    Args:
        limit: the most boards it may value (at least 1).

    Raises:
        DokuspecError: ``limit`` is not an integer of at least 1.
    """

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise DokuspecError(f"a search's limit is an integer of at least 1, not {limit!r}")
        self.limit = limit
        self._won: dict[tuple[int, ...], bool] = {}

    @property
    def valued(self) -> int:
        """How many boards it has valued."""
        return len(self._won)

    def wins(self, cells: Sequence[int]) -> bool:
        """Whether the player to move on ``cells`` (16 values 0-4) wins with best play (DU-5).

        Raises:
            SearchLimitError: the search reached its limit before an answer.
        """
        key = canonical(cells)
        known = self._won.get(key)
        if known is not None:
            return known
        board = list(cells)
        won = False
        for index, digit in placements(board):
            board[index] = digit
            reply_wins = self.wins(board)
            board[index] = 0
            if not reply_wins:
                won = True
                break
        if len(self._won) >= self.limit:
            raise SearchLimitError(self.limit)
        self._won[key] = won
        return won

    def winning_moves(self, cells: Sequence[int]) -> list[tuple[int, int]]:
        """The legal moves on ``cells`` after which the player who moved wins with best play.

        Returns:
            ``(cell index, digit)`` pairs in :func:`placements` order; empty when
            the player to move loses.

        Raises:
            SearchLimitError: the search reached its limit before an answer.
        """
        board = list(cells)
        found = []
        for index, digit in placements(board):
            board[index] = digit
            if not self.wins(board):
                found.append((index, digit))
            board[index] = 0
        return found
