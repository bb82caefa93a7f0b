"""Which moves keep a Sumodoku board completable (safe moves)?

:func:`safe_moves` lists every valid move of a player (SU-3 and the active
variants SU-12..SU-14, on empty cells, with a colour the player still holds,
SU-1 and ruling SU-38) and marks
each one **safe** (the board after it can still be completed, SU-15),
**losing** (it cannot) or unknown (the budget ran out first).

One solver answer tells about many moves: a completion of the position
witnesses every move it agrees with (the same piece on the same cell), so
only moves no earlier completion witnessed are asked about, all at once
("a completion that agrees with at least one of these moves"). When the
answer is unsat, every move asked about is losing; when the position itself
is impossible, one solver answer covers every move. Every completion used as
a witness comes from the SAT model or is certified by it (every cell
assumed); every losing move is confirmed by the SAT solver.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from dokuspec.errors import DokuspecError
from dokuspec.solvers import Budget, as_budget
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec.sumodoku import CompletionModel
from dokuspec.sumodoku.positions import compiled_model
from dokuspec.sumodoku.search import valid_colours
from dokuspec.vocabulary.sumodoku import Board, Position

__all__ = ["FIXED_COLOURS", "Move", "safe_moves"]

#: The colours of each player under SU-1's fixed assignment (player 1 or 2).
FIXED_COLOURS: dict[int, frozenset[int]] = {
    1: frozenset({1, 2, 3, 4, 9}),
    2: frozenset({5, 6, 7, 8, 9}),
}

#: The shared colour of SU-1's fixed assignment: each player holds 4 of its
#: pieces and the ninth is the spare, which no placement uses (SU-10).
_SHARED = 9
_SHARED_EACH = 4


@dataclass(frozen=True, slots=True)
class Move:
    """A valid move and whether it keeps the board completable.

    Attributes:
        row: 1-9.
        col: 1-9.
        colour: 1-9.
        safe: ``True`` (the board after the move is completable, SU-15;
            ``witness`` is a completion agreeing with the move, checked
            by the SAT model), ``False`` (impossible after the move:
            answered by the SAT solver), ``None`` (the budget ran out).
        witness: when safe, a completion of the position holding this
            piece on this cell; otherwise ``None``.
    """

    row: int
    col: int
    colour: int
    safe: bool | None
    witness: Board | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """``{"row": r, "col": c, "colour": k, "safe": true | false | null}``."""
        return {"row": self.row, "col": self.col, "colour": self.colour, "safe": self.safe}


class _StateLike(Protocol):
    """A state of the Sumodoku engine (:class:`~dokuspec.engine.sumodoku.SumodokuState`), or
    anything with its :attr:`~dokuspec.engine.sumodoku.state.SumodokuState.position` and
    :meth:`~dokuspec.engine.sumodoku.state.SumodokuState.hand`."""

    @property
    def position(self) -> Position: ...

    def hand(self, player: int) -> tuple[int, ...]: ...


def _player(player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"player must be 1 or 2 (an int), not {type(player).__name__}")
    if player not in (1, 2):
        raise DokuspecError(f"player must be 1 or 2, not {player!r}")
    return player


def _colours(colours: Iterable[int]) -> frozenset[int]:
    if isinstance(colours, (str, bytes)) or not isinstance(colours, Iterable):
        raise TypeError(f"colours must be an iterable of ints 1-9, not {type(colours).__name__}")
    found = set()
    for colour in colours:
        if isinstance(colour, bool) or not isinstance(colour, int):
            raise TypeError(f"a colour is an int 1-9, not {type(colour).__name__}")
        if not 1 <= colour <= 9:
            raise DokuspecError(f"{colour!r} is not a colour 1-9")
        found.add(colour)
    return frozenset(found)


def _subject(
    position: Position | Board | str | _StateLike, player: int, colours: Iterable[int] | None
) -> tuple[Position, frozenset[int]]:
    """The position and the colours the player may place now."""
    if isinstance(position, str):
        position = Position.parse(position)
    elif isinstance(position, Board):
        position = Position(position)
    hand: frozenset[int] | None = None
    if not isinstance(position, Position):
        state_position = getattr(position, "position", None)
        if not isinstance(state_position, Position) or not callable(
            getattr(position, "hand", None)
        ):
            raise TypeError(
                "safe_moves() takes a Position, Board, str or SumodokuState, "
                f"not {type(position).__name__}"
            )
        counts = position.hand(player - 1)
        hand = frozenset(k for k in range(1, 10) if counts[k - 1] > 0)
        position = state_position
    allowed = hand if hand is not None else FIXED_COLOURS[player]
    if colours is not None:
        chosen = _colours(colours)
        allowed = chosen if hand is None else chosen & hand
    supply = position.supply()
    if hand is None and colours is None and _players_shared_left(position) == 0:
        # Both players' four pieces of colour 9 are placed (or out of the game): the only
        # one left is the spare, which a placement never uses (SU-1, ruling SU-38).
        allowed = allowed - {_SHARED}
    return position, frozenset(k for k in allowed if supply[k - 1] > 0)


def _players_shared_left(position: Position) -> int:
    """Pieces of colour 9 the two players still hold together, for a position (SU-38).

    Every piece of colour 9 on the board or out of the game was placed by a
    player (the spare is placed only in a claim, which ends the game), so
    the players hold ``8`` minus those; never fewer than 0 (a board with all
    nine, completed by a claim).
    """
    placed = position.board.count(_SHARED) + position.out[_SHARED - 1]
    return max(0, 2 * _SHARED_EACH - placed)


def safe_moves(
    position: Position | Board | str | _StateLike,
    player: int = 1,
    *,
    colours: Iterable[int] | None = None,
    time_limit: float | None = None,
    budget: Budget | None = None,
) -> tuple[Move, ...]:
    """Every valid move of ``player``, each marked safe, losing or unknown (SU-3, SU-15).

    Args:
        position: a :class:`Position` (or :class:`Board`, or its text), or
            a game state (``SumodokuState``: its ``position`` and the
            player's ``hand``).
        player: 1 or 2 (the game's numbering).
        colours: the colours the player may place. Default: from a state,
            the colours left in the player's hand; for a position, SU-1's
            fixed assignment (:data:`FIXED_COLOURS`), the player's supply
            being SU-1's (ruling SU-38): all nine pieces of each of their
            four colours, less those on the board and out of the game, and
            colour 9 while fewer than 8 of its pieces are on the board and
            out of the game together (a position does not say who placed
            which 9, so either player may still hold the one left; the
            ninth is the spare, never placed). With a state, given colours
            are limited to the hand; given colours for a position are
            taken as they are. Always limited to colours with pieces left
            to place (the position's supply).
        time_limit: seconds for the whole call (0 to 1,000,000), or ``None``.
        budget: a :class:`Budget` instead (its conflict limit bounds each
            solver call).

    Returns:
        The valid moves (an empty cell, a colour allowed there by SU-3 and
        the variants), ordered by cell (row by row) then colour, each a
        :class:`Move`: ``safe`` true (with a witness completion), false
        (the SAT solver found the board after it impossible) or ``None``
        (the budget ran out before it was decided).

    Raises:
        NotationError: ``position`` is a string that is not a position.
        PositionError: the position cannot exist.
        BudgetError: an invalid limit.
        DokuspecError: ``player`` not 1 or 2, a colour not 1-9.
        TypeError: an argument of the wrong type.
    """
    player = _player(player)
    spending = as_budget(budget, time_limit=time_limit)
    position, allowed = _subject(position, player, colours)
    masks = valid_colours(position)
    pending: dict[int, int] = {}  # move literal 9 * cell + colour -> cell
    order: list[int] = []
    for cell, mask in enumerate(masks):
        for colour in sorted(allowed):
            if mask >> colour & 1:
                literal = 9 * cell + colour
                pending[literal] = cell
                order.append(literal)
    if not order:
        return ()
    spec, compiled = compiled_model(position, "sat")
    assert isinstance(compiled, SatBackend)
    decided: dict[int, tuple[bool | None, Board | None]] = {}
    _decide(position, spec, compiled, pending, decided, spending)
    moves = []
    for literal in order:
        cell, colour = divmod(literal - 1, 9)
        safe, witness = decided.get(literal, (None, None))
        moves.append(Move(cell // 9 + 1, cell % 9 + 1, colour + 1, safe, witness))
    return tuple(moves)


def _witness(
    completion: Board,
    pending: dict[int, int],
    decided: dict[int, tuple[bool | None, Board | None]],
) -> None:
    """Mark every pending move that ``completion`` agrees with as safe."""
    cells = completion.cells
    for literal in [lit for lit, cell in pending.items() if lit == 9 * cell + cells[cell]]:
        del pending[literal]
        decided[literal] = (True, completion)


def _decide(
    position: Position,
    spec: CompletionModel,
    compiled: SatBackend,
    pending: dict[int, int],
    decided: dict[int, tuple[bool | None, Board | None]],
    spending: Budget,
) -> None:
    """Decide every pending move: safe with a witness completion, or losing.

    Each query asks for a completion that places at least one pending move,
    and sets the lean solver's decision phases to place every pending move
    and no other (decided moves and the position's own pieces are assumed or
    forced anyway), so that one completion decides many moves at once: on
    the empty board about 30 queries decide 405 moves, where preferring
    only the pending moves takes about 160 (the solver otherwise keeps
    returning to its last completion). When no completion places a pending
    move, every move still pending loses (and when the first query finds
    none, the position itself is impossible). A budget that runs out leaves
    the rest undecided.
    """
    base = spec.assumptions(position.board)
    if spending.exhausted():
        return
    cell_literals = [literal for cell in spec.cells for literal in cell.literals]
    while pending:
        preferred = [lit if lit in pending else -lit for lit in cell_literals]
        answer = compiled.solve_lean(base, clause=list(pending), prefer=preferred, budget=spending)
        if answer.status == "unsat":
            for literal in list(pending):
                decided[literal] = (False, None)
            pending.clear()
        elif answer.status == "unknown":
            return
        else:
            assert answer.model is not None
            _witness(spec.board_of(answer.model), pending, decided)
