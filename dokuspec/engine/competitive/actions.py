"""Competitive Sudoku's actions and chance outcomes, their JSON form and how a record's
actions are read (CS-2 to CS-16)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import ClassVar

from dokuspec.engine.base import (
    Action,
    JSONValue,
    RecordError,
    action_kinds,
    read_action,
    shown_json,
)
from dokuspec.engine.competitive.rules import (
    _COLOUR_LETTER,
)
from dokuspec.errors import NotationError
from dokuspec.vocabulary.competitive import (
    BLACK,
    CARD_BY_INDEX,
    RED,
    Card,
)

__all__ = [
    "Concede",
    "Continue",
    "Draw",
    "Flood",
    "Pass",
    "Pick",
    "Place",
    "Return",
    "Swap",
    "Take",
    "TakeDeck",
    "Toss",
]

# -- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """A chance outcome: the card drawn is ``card`` (CS-2 to CS-5, CS-8, CS-10, CS-13, CS-14).

    JSON form: ``{"type": "draw", "card": "r5"}``.
    """

    kind: ClassVar[str] = "draw"

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class Toss(Action):
    """A chance outcome: the toss makes ``player`` Black (CS-2, when the deck ran out on a tie).

    JSON form: ``{"type": "toss", "player": p}``.
    """

    kind: ClassVar[str] = "toss"

    player: int

    def __str__(self) -> str:
        return f"toss: player {self.player} is Black"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Take ``card`` from the draft pool (CS-3, CS-5).

    JSON form: ``{"type": "pick", "card": "r5"}``.
    """

    kind: ClassVar[str] = "pick"

    card: Card

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put ``card`` on the empty ``position`` (1-9) of one's Grid (CS-6, CS-21, CS-11).

    JSON form: ``{"type": "place", "card": "r5", "position": 5}``.
    """

    kind: ClassVar[str] = "place"

    card: Card
    position: int

    def __str__(self) -> str:
        return f"place {self.card} at position {self.position}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the top card of Stack ``stack`` (1 or 2) of the Pool of ``colour`` (CS-10).

    JSON form: ``{"type": "take", "pool": "red", "stack": 1}``.
    """

    kind: ClassVar[str] = "take"
    json_members: ClassVar[tuple[str, ...] | None] = ("pool", "stack")

    colour: str
    stack: int

    def json_values(self) -> dict[str, JSONValue]:
        """The Pool as its word: ``{"pool": "red", "stack": 1}``."""
        return {"pool": _WORD[self.colour], "stack": self.stack}

    def __str__(self) -> str:
        return f"take from {_WORD[self.colour]} Stack {self.stack}"


@dataclass(frozen=True, slots=True)
class TakeDeck(Action):
    """Take the top card of one's own Deck (CS-10); a chance node then draws it.

    JSON form: ``{"type": "take-deck"}``.
    """

    kind: ClassVar[str] = "take-deck"

    def __str__(self) -> str:
        return "take from own Deck"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put the drawn ``card`` on ``position`` of a full Grid (CS-11).

    The card displaced goes to the Pool of its colour: onto Stack ``stack``
    when that Pool has two Stacks of one card (CS-12), else ``stack`` is
    ``None``.

    JSON form: ``{"type": "swap", "card": "r5", "position": 5, "stack": null}`` (or 1, 2).
    """

    kind: ClassVar[str] = "swap"

    card: Card
    position: int
    stack: int | None = None

    def __str__(self) -> str:
        onto = "" if self.stack is None else f", displaced card onto Stack {self.stack}"
        return f"swap {self.card} into position {self.position}{onto}"


@dataclass(frozen=True, slots=True)
class Return(Action):
    """Send the drawn ``card`` to the Pool of its colour, a full Grid kept (CS-11, CS-12).

    ``stack`` is the Stack it goes onto when that Pool has two Stacks of one
    card, else ``None``.

    JSON form: ``{"type": "return", "card": "r5", "stack": null}`` (or 1, 2).
    """

    kind: ClassVar[str] = "return"

    card: Card
    stack: int | None = None

    def __str__(self) -> str:
        onto = "" if self.stack is None else f" onto Stack {self.stack}"
        return f"return {self.card} to the {_WORD[self.card.colour]} Pool{onto}"


@dataclass(frozen=True, slots=True)
class Flood(Action):
    """Clear the Flooded Pool of ``colour`` to one's Discard Pile (CS-14; the whole turn).

    JSON form: ``{"type": "flood", "pool": "red"}``.
    """

    kind: ClassVar[str] = "flood"
    json_members: ClassVar[tuple[str, ...] | None] = ("pool",)

    colour: str

    def json_values(self) -> dict[str, JSONValue]:
        """The Pool as its word: ``{"pool": "red"}``."""
        return {"pool": _WORD[self.colour]}

    def __str__(self) -> str:
        return f"clear the Flooded {_WORD[self.colour]} Pool"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Take no action: one's own Deck is empty (CS-15).

    JSON form: ``{"type": "pass"}``.
    """

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    """Concede when both Decks are exhausted (CS-16).

    JSON form: ``{"type": "concede"}``.
    """

    kind: ClassVar[str] = "concede"

    def __str__(self) -> str:
        return "concede"


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Continue when both Decks are exhausted (CS-16).

    JSON form: ``{"type": "continue"}``.
    """

    kind: ClassVar[str] = "continue"

    def __str__(self) -> str:
        return "continue"


_WORD = {RED: "red", BLACK: "black"}
_LETTER = {"red": RED, "black": BLACK}

_KINDS = action_kinds(
    Draw, Toss, Pick, Place, Take, TakeDeck, Swap, Return, Flood, Pass, Concede, Continue
)


def _read_member(kind: str, key: str, value: object) -> object:
    """One member of an action's JSON form, read; a :class:`RecordError` if it is wrong."""
    shown = shown_json(value)
    if key == "card":
        if not isinstance(value, str):
            raise RecordError(f'$.card: a card is a string like "r5", not {shown}')
        try:
            return Card.parse(value)
        except NotationError as error:
            raise RecordError(f"$.card: {error.reason}") from None
    if key == "pool":
        if value not in _LETTER:
            raise RecordError(f'$.pool: {shown} is not a Pool ("red" or "black")')
        assert isinstance(value, str)
        return _LETTER[value]
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if key == "position":
        if not is_int or not 1 <= value <= 9:  # type: ignore[operator]
            raise RecordError(f"$.position: {shown} is not a Grid position 1-9")
        return value
    if key == "player":
        if not is_int or value not in (0, 1):
            raise RecordError(f"$.player: {shown} is not a player 0 or 1")
        return value
    # "stack": 1 or 2, or null for a swap or a return where there is no choice
    if kind in ("swap", "return") and value is None:
        return None
    if not is_int or value not in (1, 2):
        allowed = "1, 2 or null" if kind in ("swap", "return") else "1 or 2"
        raise RecordError(f"$.stack: {shown} is not a Stack ({allowed})")
    return value


def _read_action(data: object) -> Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    # The exact JSON form of an action the engine offers: read at once. A fast path only:
    # the reading below returns an equal action for every form this one takes.
    if isinstance(data, dict) and all(  # pragma: no mutate
        type(v) in _PLAIN  # pragma: no mutate
        for v in data.values()
    ):
        known = _KNOWN.get(tuple(data.items()))  # pragma: no mutate
        if known is not None:
            return known
    return read_action(data, _KINDS, member=_read_member)


# Every action the engine offers, made once (legal actions are these very objects).
_DRAW = tuple(Draw(card) for card in CARD_BY_INDEX)
_PICK = tuple(Pick(card) for card in CARD_BY_INDEX)
_PLACE = tuple(tuple(Place(card, p) for p in range(1, 10)) for card in CARD_BY_INDEX)
_SWAP = tuple(
    tuple({s: Swap(card, p, s) for s in (None, 1, 2)} for p in range(1, 10))
    for card in CARD_BY_INDEX
)
_RETURN = tuple({s: Return(card, s) for s in (None, 1, 2)} for card in CARD_BY_INDEX)
_TAKE = tuple(tuple(Take(letter, s) for s in (1, 2)) for letter in _COLOUR_LETTER)
_FLOOD = tuple(Flood(letter) for letter in _COLOUR_LETTER)
_TOSS = (Toss(0), Toss(1))
_TAKE_DECK = TakeDeck()
_PASS = Pass()
_CONCEDE = Concede()
_CONTINUE = Continue()

# Every action above by its JSON form's members, in to_json's order (no bool or float in
# a key: the types are checked before the look-up, since True == 1 and 1.0 == 1).
_PLAIN = (str, int, type(None))
_KNOWN: dict[tuple[tuple[str, JSONValue], ...], Action] = {
    tuple(action.to_json().items()): action
    for action in (
        *_DRAW,
        *_PICK,
        *(a for row in _PLACE for a in row),
        *(a for row in _SWAP for by_stack in row for a in by_stack.values()),
        *(a for by_stack in _RETURN for a in by_stack.values()),
        *(a for row in _TAKE for a in row),
        *_FLOOD,
        *_TOSS,
        _TAKE_DECK,
        _PASS,
        _CONCEDE,
        _CONTINUE,
    )
}


@lru_cache(maxsize=8192)
def _outcomes(start: int, counts: tuple[int, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """A draw's outcomes: each distinct card left (index ``start + i``, ``counts[i]`` copies)
    with probability copies left / cards left."""
    total = sum(counts)
    return tuple(
        (_DRAW[start + i], Fraction(count, total)) for i, count in enumerate(counts) if count
    )


_TOSS_OUTCOMES: tuple[tuple[Action, Fraction], ...] = (
    (_TOSS[0], Fraction(1, 2)),
    (_TOSS[1], Fraction(1, 2)),
)
