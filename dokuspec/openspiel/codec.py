"""Dense integer ids for every engine action: the action spaces of the OpenSpiel games.

OpenSpiel numbers a game's actions ``0 .. num_distinct_actions - 1`` and its
chance outcomes ``0 .. max_chance_outcomes - 1``, the same numbers in every
state. The engines' actions are typed values
(:class:`~dokuspec.engine.base.Action`), so each game gets an
:class:`ActionCodec`: two fixed, ordered lists (the players' actions and the
chance outcomes) and the maps between actions and their positions in them.
Nothing here needs OpenSpiel.

The ids are the positions in these lists, in this order:

* Minidoku (MD-1 to MD-9): actions: ``Place(digit, row, column)`` at
  ``(digit - 1) * 16 + (row - 1) * 4 + column - 1`` (64), ``Pass`` (64),
  ``Bid(digit)`` at ``64 + digit`` (65-68): 69 ids; chance: ``Draw(digit)``
  at ``digit - 1``: 4 ids.
* Sumodoku (SU-1 to SU-17): actions: ``Place(row, col, colour)`` at
  ``cell * 9 + colour - 1`` with ``cell = (row - 1) * 9 + col - 1`` (729),
  ``PointOut`` at ``729 + cell``, ``FindMistake`` at ``810 + cell``,
  ``Concede`` (891) and the claim (892, :data:`SUMODOKU_CLAIM`): 893 ids;
  chance: the 630 ``Colours`` splits in the engine's order, ``Observe`` at
  ``630 + cell``, ``Silent`` (711): 712 ids. A ``Claim`` carries a filling
  and seconds, so it has no id of its own: every claim maps to the one claim
  id, and the OpenSpiel game turns that id back into a claim through its
  claim policy (see :mod:`dokuspec.openspiel`).
* Competitive Sudoku (CS-1 to CS-25), cards by their index 0-17 (red ranks
  1-9, then black ranks 1-9): actions: ``Pick`` (18), ``Place`` (162),
  ``Swap`` (486: card, position, stack ``None``/1/2), ``Return`` (54),
  ``Take`` (4), ``Flood`` (2), ``TakeDeck``, ``Pass``, ``Concede``,
  ``Continue``: 730 ids; chance: ``Draw`` (18), ``Toss`` (2): 20 ids.
* Two-Doku (TD-1 to TD-18), squares by their index 0-80: actions:
  ``Colour`` (81), ``PlaceFaceDown`` (81), ``TakeFromPot`` (9),
  ``TakeFromBoard`` (81), ``PlayDomino`` (729: digit, square),
  ``ReturnToPot`` (9), ``EndTurn``: 991 ids; chance: ``DrawFaceDown`` (9),
  ``DealPot`` (45 pairs ``low <= high``), ``DealCount`` (9 digits x counts
  0-10), ``Reveal`` (81): 234 ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from dokuspec.engine import competitive as cs
from dokuspec.engine import minidoku as md
from dokuspec.engine import sumodoku as su
from dokuspec.engine import twodoku as td
from dokuspec.engine.base import Action, EngineError
from dokuspec.vocabulary.competitive import CARD_BY_INDEX
from dokuspec.vocabulary.twodoku import ALL_SQUARES, COPIES

__all__ = ["SUMODOKU_CLAIM", "ActionCodec", "UnknownActionError", "action_codec"]

SUMODOKU_CLAIM = 892
"""The one action id of a Sumodoku claim (SU-10, ruling SU-35), whatever its filling and seconds."""


class UnknownActionError(EngineError):
    """An action or an id outside a game's action space (a :class:`ValueError`)."""


@dataclass(frozen=True, slots=True)
class ActionCodec:
    """The fixed action space of one engine game.

    Attributes:
        game: the engine game's registered name.
        actions: the players' actions; an action's id is its position.
        outcomes: the chance outcomes; an outcome's id is its position.
    """

    game: str
    actions: tuple[Action | None, ...]
    outcomes: tuple[Action, ...]
    _action_ids: dict[Action, int] = field(init=False, repr=False, compare=False)
    _outcome_ids: dict[Action, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        action_ids = {a: i for i, a in enumerate(self.actions) if a is not None}
        outcome_ids = {a: i for i, a in enumerate(self.outcomes)}
        if len(action_ids) != sum(a is not None for a in self.actions):
            raise AssertionError(f"{self.game}: two action ids for one action")
        if len(outcome_ids) != len(self.outcomes):
            raise AssertionError(f"{self.game}: two outcome ids for one outcome")
        object.__setattr__(self, "_action_ids", action_ids)
        object.__setattr__(self, "_outcome_ids", outcome_ids)

    @property
    def num_actions(self) -> int:
        """The number of action ids, OpenSpiel's ``num_distinct_actions``."""
        return len(self.actions)

    @property
    def num_outcomes(self) -> int:
        """The number of chance outcome ids, OpenSpiel's ``max_chance_outcomes``."""
        return len(self.outcomes)

    def action_id(self, action: Action) -> int:
        """The id of a player's action.

        Raises:
            UnknownActionError: the action is not in this game's action space.
        """
        if self.game == "sumodoku" and isinstance(action, su.Claim):
            return SUMODOKU_CLAIM
        try:
            return self._action_ids[action]
        except (KeyError, TypeError):
            raise UnknownActionError(f"{self.game}: no action id for {action}") from None

    def action(self, action_id: int) -> Action:
        """The player's action with this id (for Sumodoku's claim id, see :meth:`action_id`).

        Raises:
            UnknownActionError: not an id of this game's actions, or the
                claim id, which stands for claims of any filling.
        """
        found = self.actions[action_id] if 0 <= action_id < len(self.actions) else None
        if found is None:
            raise UnknownActionError(f"{self.game}: {action_id} is no action id of a fixed action")
        return found

    def outcome_id(self, outcome: Action) -> int:
        """The id of a chance outcome.

        Raises:
            UnknownActionError: not one of this game's chance outcomes.
        """
        try:
            return self._outcome_ids[outcome]
        except (KeyError, TypeError):
            raise UnknownActionError(f"{self.game}: no outcome id for {outcome}") from None

    def outcome(self, outcome_id: int) -> Action:
        """The chance outcome with this id.

        Raises:
            UnknownActionError: not an outcome id of this game.
        """
        if not 0 <= outcome_id < len(self.outcomes):
            raise UnknownActionError(f"{self.game}: {outcome_id} is no chance outcome id")
        return self.outcomes[outcome_id]


def _cells() -> range:
    return range(81)


def _minidoku() -> ActionCodec:
    places: list[Action | None] = [
        md.Place(digit, row, column)
        for digit in md.DIGITS
        for row in range(1, 5)
        for column in range(1, 5)
    ]
    actions = [*places, md.Pass(), *(md.Bid(digit) for digit in md.DIGITS)]
    return ActionCodec("minidoku", tuple(actions), tuple(md.Draw(d) for d in md.DIGITS))


def _colour_splits() -> list[Action]:
    # The engine's order: shared colour, then Player 1's four in lexicographic order.
    found: list[Action] = []
    for shared in range(1, 10):
        rest = [k for k in range(1, 10) if k != shared]
        for first in combinations(rest, 4):
            second = tuple(k for k in rest if k not in first)
            found.append(su.Colours(first, second, shared))
    return found


def _rc(cell: int) -> tuple[int, int]:
    return cell // 9 + 1, cell % 9 + 1


def _sumodoku() -> ActionCodec:
    actions: list[Action | None] = [
        su.Place(*_rc(cell), colour) for cell in _cells() for colour in range(1, 10)
    ]
    actions += [su.PointOut(*_rc(cell)) for cell in _cells()]
    actions += [su.FindMistake(*_rc(cell)) for cell in _cells()]
    actions += [su.Concede(), None]  # None: the claim id, SUMODOKU_CLAIM
    assert len(actions) == SUMODOKU_CLAIM + 1
    outcomes = [*_colour_splits(), *(su.Observe(*_rc(cell)) for cell in _cells()), su.Silent()]
    return ActionCodec("sumodoku", tuple(actions), tuple(outcomes))


def _competitive() -> ActionCodec:
    cards = CARD_BY_INDEX
    stacks: Sequence[int | None] = (None, 1, 2)
    actions: list[Action | None] = [cs.Pick(card) for card in cards]
    actions += [cs.Place(card, p) for card in cards for p in range(1, 10)]
    actions += [cs.Swap(card, p, s) for card in cards for p in range(1, 10) for s in stacks]
    actions += [cs.Return(card, s) for card in cards for s in stacks]
    actions += [cs.Take(colour, s) for colour in ("r", "b") for s in (1, 2)]
    actions += [cs.Flood(colour) for colour in ("r", "b")]
    actions += [cs.TakeDeck(), cs.Pass(), cs.Concede(), cs.Continue()]
    outcomes: list[Action] = [cs.Draw(card) for card in cards]
    outcomes += [cs.Toss(0), cs.Toss(1)]
    return ActionCodec("competitive", tuple(actions), tuple(outcomes))


def _twodoku() -> ActionCodec:
    digits = range(1, 10)
    actions: list[Action | None] = [td.Colour(s) for s in ALL_SQUARES]
    actions += [td.PlaceFaceDown(s) for s in ALL_SQUARES]
    actions += [td.TakeFromPot(d) for d in digits]
    actions += [td.TakeFromBoard(s) for s in ALL_SQUARES]
    actions += [td.PlayDomino(d, s) for d in digits for s in ALL_SQUARES]
    actions += [td.ReturnToPot(d) for d in digits]
    actions += [td.EndTurn()]
    outcomes: list[Action] = [td.DrawFaceDown(d) for d in digits]
    outcomes += [td.DealPot(a, b) for a in digits for b in digits if a <= b]
    outcomes += [td.DealCount(d, k) for d in digits for k in range(COPIES + 1)]
    outcomes += [td.Reveal(s) for s in ALL_SQUARES]
    return ActionCodec("twodoku", tuple(actions), tuple(outcomes))


_BUILDERS = {
    "minidoku": _minidoku,
    "sumodoku": _sumodoku,
    "competitive": _competitive,
    "twodoku": _twodoku,
}


@cache
def action_codec(game: str) -> ActionCodec:
    """The action space of the engine game registered as ``game`` (made once, then cached).

    Args:
        game: ``"minidoku"``, ``"sumodoku"``, ``"competitive"`` or ``"twodoku"``.

    Raises:
        UnknownActionError: no action space is defined for that game.
    """
    try:
        build = _BUILDERS[game]
    except KeyError:
        known = ", ".join(sorted(_BUILDERS))
        raise UnknownActionError(f"no OpenSpiel action space for {game!r} ({known})") from None
    return build()


def games() -> Iterable[str]:
    """The engine games that have an action space, sorted."""
    return sorted(_BUILDERS)
