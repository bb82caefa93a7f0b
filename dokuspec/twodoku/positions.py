"""Two-Doku positions: where a domino may go now, read off the visible board (TD-6 to TD-8).

* :func:`check_view`: refuse a view no game can show its player (TD-11);
* :func:`allowed_squares` and :func:`valid_plays`: where a player may play
  now (TD-7) and which digits of their pile clash there with a face-up
  domino (TD-8), read directly off the visible board, with no solver.

What the face-down dominoes can be is in :mod:`dokuspec.twodoku.inference`
(:func:`~dokuspec.twodoku.inference.infer_face_down`,
:func:`~dokuspec.twodoku.inference.assess_play`), and whether the board can
still be completed in :mod:`dokuspec.twodoku.completion`
(:func:`~dokuspec.twodoku.completion.completable`). The types this module
defines (:data:`Answer`, :data:`PlayVerdict`, ``BackendName``) are theirs
too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.errors import PositionError, SolverError, quote
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.positions import Tier
from dokuspec.vocabulary.twodoku import (
    PLAYERS,
    Dominoes,
    Position,
    Square,
    View,
    other_player,
    player_name,
)

__all__ = [
    "Answer",
    "BackendName",
    "PlayVerdict",
    "Tier",
    "ValidPlays",
    "VisibleClash",
    "allowed_squares",
    "check_view",
    "valid_plays",
]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

PositionOrView: TypeAlias = Position | View

PlayVerdict: TypeAlias = Literal[
    "safe", "hidden-clash", "uncertain", "clash", "not-allowed", "unknown"
]
"""What a planned play will do (TD-7, TD-8, ruling TD-17).

``"not-allowed"``: TD-7 forbids the square (the play fails, nothing is
revealed); ``"clash"``: a face-up domino in its row, column or box holds the
digit (the play fails, nothing is revealed); otherwise, over every way the
face-down digits can be: ``"safe"``: no face-down domino it would meet holds
the digit, the play succeeds; ``"hidden-clash"``: one always does, the play
fails and reveals one; ``"uncertain"``: it depends; ``"unknown"``: the
budget ran out first.
"""

Answer: TypeAlias = Literal["yes", "no", "unknown"]
"""A proven yes, a proven no, or unknown (the budget ran out)."""


def _check_backend(backend: object) -> None:
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    if backend not in ("sat", "z3"):
        raise SolverError(f"unknown backend {quote(backend)}; choose 'sat' or 'z3'")


def _check_subject(position: object) -> None:
    if not isinstance(position, Position | View):
        raise TypeError(f"expected a Position or a View, not {type(position).__name__}")


def _player(position: PositionOrView, player: object) -> str:
    if player is None:
        player = position.player if isinstance(position, View) else position.to_move
        if player is None:
            raise PositionError("nobody is to move in this position: name the player")
    if not isinstance(player, str):
        raise TypeError(f"player must be 'red' or 'blue', not {type(player).__name__}")
    if player not in PLAYERS:
        raise PositionError(f"player is 'red' or 'blue', not {quote(player)}")
    return player


@dataclass(frozen=True, slots=True)
class _Board:
    """The visible board as plain data: colourings, face-up digits, face-down squares."""

    colours: Mapping[str, frozenset[int]]
    face_up: Mapping[int, int]
    face_down: frozenset[int]

    @classmethod
    def of(cls, position: PositionOrView) -> _Board:
        if isinstance(position, View):
            red, blue = position.red_squares, position.blue_squares
        else:
            red, blue = position.colouring.red, position.colouring.blue
        return cls(
            {"red": frozenset(s.index for s in red), "blue": frozenset(s.index for s in blue)},
            {s.index: d for s, d in position.face_up.items()},
            frozenset(f.square.index for f in position.face_down),
        )

    def empty(self) -> set[int]:
        return set(range(81)) - set(self.face_up) - self.face_down

    def allowed(self, player: str) -> tuple[Tier | None, tuple[int, ...]]:
        return spec.allowed_squares(
            self.empty(), self.colours[player], self.colours[other_player(player)]
        )


def _squares(indices: Iterable[int]) -> tuple[Square, ...]:
    return tuple(Square.from_index(i) for i in indices)


# -- what a view must agree with -------------------------------------------------------------------


def check_view(view: View) -> None:
    """Refuse a view that no game of Two-Doku can show its player (TD-2 to TD-9, TD-11).

    Its phase, whose turn it is, its events and its board must agree with
    each other and with the rules: each condition is listed at
    :func:`dokuspec.spec.twodoku.positions.check_view`, which this is.
    :func:`~dokuspec.twodoku.infer_face_down` checks a view this way before it answers.

    Args:
        view: a :class:`View`, as the engine shows it or read from JSON.

    Raises:
        TypeError: ``view`` is not a View.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            member at fault by its JSON path (``$.to_move``,
            ``$.events[4].result``) and why; :meth:`MemberError.located`
            places it in the JSON text the view was read from (line and
            column).
    """
    spec.check_view(view)


# -- where a domino may go -------------------------------------------------------------------------


def allowed_squares(
    position: PositionOrView, player: str | None = None
) -> tuple[Tier | None, tuple[Square, ...]]:
    """Where ``player`` may play now (TD-7).

    Args:
        position: a :class:`Position` or a :class:`View`.
        player: ``"red"`` or ``"blue"``; by default the view's player, or the
            position's player to move.

    Returns:
        ``(tier, squares)``: ``"own"`` while an empty square carries the
        player's colour (a square with both colours counts for both), then
        ``"white"`` (empty squares of neither colour), then ``"any"``; the
        squares sorted. ``(None, ())`` when no square is empty.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: ``player`` is not a player, or none is given and
            nobody is to move; a view no game can show (:func:`check_view`).
    """
    _check_subject(position)
    if isinstance(position, View):
        spec.check_view(position)
    who = _player(position, player)
    tier, allowed = _Board.of(position).allowed(who)
    return tier, _squares(allowed)


@dataclass(frozen=True, slots=True)
class VisibleClash:
    """A digit that clashes with face-up dominoes on a square TD-7 allows (TD-8).

    Attributes:
        square: where it would be played.
        digit: the digit.
        against: the face-up dominoes of that digit in the square's row,
            column and box, sorted.
    """

    square: Square
    digit: int
    against: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class ValidPlays:
    """Where each domino of a pile may go now, as far as the visible board tells (TD-7, TD-8).

    Attributes:
        player: whose pile.
        pile: the pile.
        tier: which clause of TD-7 applies (``"own"``, ``"white"``, ``"any"``),
            or ``None`` when no square is empty.
        allowed: the squares TD-7 allows now, sorted; a play anywhere else
            fails as ``"not-allowed"`` (ruling TD-17).
        plays: for each distinct digit of the pile, the allowed squares
            where no face-up domino clashes with it, sorted. Such a play
            succeeds unless a face-down domino holds the digit
            (:func:`~dokuspec.twodoku.infer_face_down` says whether one can).
        clashes: every allowed square and digit of the pile that clashes
            with a face-up domino (the play fails, nothing is revealed),
            by square, then digit.
    """

    player: str
    pile: Dominoes
    tier: Tier | None
    allowed: tuple[Square, ...]
    plays: Mapping[int, tuple[Square, ...]]
    clashes: tuple[VisibleClash, ...]

    def moves(self) -> tuple[tuple[Square, int], ...]:
        """Every ``(square, digit)`` of :attr:`plays`, by square, then digit."""
        return tuple(sorted((s, d) for d, squares in self.plays.items() for s in squares))


def valid_plays(position: PositionOrView, player: str | None = None) -> ValidPlays:
    """Where each domino of ``player``'s pile may go now (TD-7, TD-8 on the visible board).

    Args:
        position: a :class:`Position` (the player's pile must be known) or
            a :class:`View` (of that player: the other pile is hidden, TD-11).
        player: ``"red"`` or ``"blue"``; by default the view's player, or the
            position's player to move.

    Returns:
        A :class:`ValidPlays`.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: ``player`` is not a player, or their pile is not
            known to ``position``; a view no game can show (:func:`check_view`).
    """
    _check_subject(position)
    if isinstance(position, View):
        spec.check_view(position)
    who = _player(position, player)
    if isinstance(position, View):
        if who != position.player:
            viewer = player_name(position.player)
            raise PositionError(
                f"{player_name(who)}'s pile is hidden from {viewer} (TD-11): "
                f"ask {viewer}'s view about {viewer}"
            )
        pile = position.pile
    else:
        known = position.pile(who)
        if known is None:
            raise PositionError(f"{player_name(who)}'s pile is not known in this position")
        pile = known
    board = _Board.of(position)
    tier, allowed = board.allowed(who)
    plays: dict[int, tuple[Square, ...]] = {}
    clashes: list[VisibleClash] = []
    for digit in pile.distinct():
        free = []
        for square in allowed:
            against = spec.visible_clashes(board.face_up, square, digit)
            if against:
                clashes.append(VisibleClash(Square.from_index(square), digit, _squares(against)))
            else:
                free.append(square)
        plays[digit] = _squares(free)
    clashes.sort(key=lambda c: (c.square, c.digit))
    return ValidPlays(who, pile, tier, _squares(allowed), plays, tuple(clashes))
