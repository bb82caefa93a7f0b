"""What a Two-Doku player can know of the face-down digits (TD-11), as facts with reasons.

:class:`FaceDownFacts`: everything a player's record implies about the
face-down digits, each :class:`Fact` with its reason in words; read from a
view by :func:`view_facts` (the play-phase record, TD-11) or from a
position by :func:`position_facts` (the dominoes in sight). Every fact is
a set of assumptions on the models of
:mod:`~dokuspec.spec.twodoku.position_models`.

What a view implies (:func:`view_facts`; TD-3, TD-4, TD-8, TD-11, TD-17,
TD-18). Let ``U`` be the dominoes the observer did not see at the deal: the
ninety (TD-1) minus the observer's initial pile and the initial pot. The
eight face-down dominoes ``F`` and the opponent's initial pile are ``U``
split in two, so

* **supply**: for each digit, at most ``U_d - L_d`` face-down dominoes hold
  it, where ``L_d`` is how many the opponent must have been dealt: every
  domino the opponent played (whatever the result) or returned to the pot
  was in their pile at that moment, and the pile holds what was dealt plus
  what was taken, so the opponent was dealt at least ``1 + shown - taken``
  of that digit at each such event (all public, TD-18);
* **fair deal** (TD-4): both piles had equal sums, so the face-down digits
  sum to ``sum(U) - sum(observer's initial pile)``;
* **a successful play** (TD-8) had no equal digit among the dominoes face
  down in its row, column and box at that moment: each of them is not the
  played digit;
* **a hidden clash** turned one face-down domino face up: its digit is the
  played digit. The others that may have clashed are not named (TD-8 picks
  one at random), so nothing else is learnt;
* **a clash** with a face-up domino and a play TD-7 forbids (TD-17) reveal
  nothing: whether they happen depends on the visible board alone, which
  :func:`view_facts` checks against the record.

With the balance options of the deal (TD-15) the piles are also close per
digit (``max_digit_count_gap``) or hold equally many 7s, 8s and 9s
(``equal_high_count``): both are facts on the face-down counts too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal, TypeAlias

from dokuspec.errors import ModelError, PositionError
from dokuspec.spec.twodoku.positions import DIGITS, HIGH, _replay, check_view
from dokuspec.vocabulary.twodoku import (
    COPIES,
    Dominoes,
    MemberError,
    Position,
    View,
    other_player,
    player_name,
)

__all__ = [
    "FACT_KINDS",
    "FaceDownFacts",
    "Fact",
    "FactKind",
    "position_facts",
    "view_facts",
]

# -- facts about face-down digits -----------------------------------------------------------------

FactKind: TypeAlias = Literal["digit", "not-digit", "at-most", "at-least", "high-count", "total"]
"""The kinds of :class:`Fact`."""

FACT_KINDS: Final[tuple[FactKind, ...]] = (
    "digit",
    "not-digit",
    "at-most",
    "at-least",
    "high-count",
    "total",
)
"""Every kind of :class:`Fact`."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing known about the face-down digits, and why.

    Kinds and the fields they use:

    * ``"digit"``: face-down domino ``domino`` holds ``digit`` (it was revealed);
    * ``"not-digit"``: face-down domino ``domino`` does not hold ``digit``;
    * ``"at-most"`` / ``"at-least"``: at most / at least ``count`` face-down
      dominoes hold ``digit``;
    * ``"high-count"``: exactly ``count`` face-down dominoes hold 7, 8 or 9;
    * ``"total"``: the face-down digits sum to ``count``.

    Attributes:
        kind: one of :data:`FACT_KINDS`.
        reason: why it holds, in words (the rules and events it comes from).
        domino: the face-down domino (an index into :attr:`FaceDownFacts.squares`).
        digit: the digit.
        count: the number of dominoes, or the sum.
    """

    kind: FactKind
    reason: str
    domino: int | None = None
    digit: int | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in FACT_KINDS:
            raise ModelError(f"unknown kind of fact {self.kind!r}")
        needs = {
            "digit": ("domino", "digit"),
            "not-digit": ("domino", "digit"),
            "at-most": ("digit", "count"),
            "at-least": ("digit", "count"),
            "high-count": ("count",),
            "total": ("count",),
        }[self.kind]
        for name in ("domino", "digit", "count"):
            if (getattr(self, name) is None) == (name in needs):
                state = "needs" if name in needs else "takes no"
                raise ModelError(f"a {self.kind} fact {state} {name}")
        if self.digit is not None and self.digit not in DIGITS:
            raise ModelError(f"a fact's digit is 1-9, not {self.digit}")


@dataclass(frozen=True, slots=True)
class FaceDownFacts:
    """The face-down dominoes of a game and what is known of their digits.

    Attributes:
        squares: the square of each face-down domino as placed (TD-3), sorted;
            a fact's ``domino`` indexes this tuple.
        hidden: for each, whether it is still face down.
        facts: what is known (each fact with its reason).
        unseen: per digit (index ``d - 1``), how many dominoes of it the
            observer did not see at the deal (ten, minus the observer's
            initial pile and the initial pot); the face-down dominoes and the
            opponent's initial pile share them. ``None`` for facts read from
            a position, which has no deal.
    """

    squares: tuple[int, ...]
    hidden: tuple[bool, ...]
    facts: tuple[Fact, ...]
    unseen: tuple[int, ...] | None = None
    # The facts by kind, as plain tuples, for satisfied_by (set by __post_init__).
    _by_kind: dict[str, tuple[tuple[int, int], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.hidden) != len(self.squares):
            raise ModelError("one hidden flag per face-down domino")
        if len(set(self.squares)) != len(self.squares):
            raise ModelError("two face-down dominoes on one square")
        for fact in self.facts:
            if fact.domino is not None and not 0 <= fact.domino < len(self.squares):
                raise ModelError(f"fact about face-down domino {fact.domino}, which is not there")
        by_kind: dict[str, list[tuple[int, int]]] = {kind: [] for kind in FACT_KINDS}
        for fact in self.facts:
            kind = fact.kind
            if kind in ("digit", "not-digit"):
                by_kind[kind].append((fact.domino or 0, fact.digit or 0))
            elif kind in ("at-most", "at-least"):
                by_kind[kind].append((fact.digit or 0, fact.count or 0))
            else:
                by_kind[kind].append((0, fact.count or 0))
        object.__setattr__(self, "_by_kind", {k: tuple(v) for k, v in by_kind.items()})

    @property
    def count(self) -> int:
        """How many face-down dominoes there are (hidden or revealed)."""
        return len(self.squares)

    def hidden_dominoes(self) -> tuple[int, ...]:
        """The indices of the dominoes still face down."""
        return tuple(k for k, hidden in enumerate(self.hidden) if hidden)

    def satisfied_by(self, digits: Sequence[int]) -> bool:
        """Whether an assignment of digits (one per face-down domino) obeys every fact.

        The direct reading of the facts, used to check models and witnesses.
        """
        if len(digits) != len(self.squares):
            return False
        by_kind = self._by_kind
        for domino, digit in by_kind["digit"]:
            if digits[domino] != digit:
                return False
        for domino, digit in by_kind["not-digit"]:
            if digits[domino] == digit:
                return False
        counts = [digits.count(d) for d in range(10)]  # by digit; facts name digits 1-9
        for digit, count in by_kind["at-most"]:
            if counts[digit] > count:
                return False
        for digit, count in by_kind["at-least"]:
            if counts[digit] < count:
                return False
        high = sum(counts[d] for d in HIGH)
        for _, count in by_kind["high-count"]:
            if high != count:
                return False
        total = sum(digits)
        return all(total == count for _, count in by_kind["total"])


def _plural(count: int, digit: int) -> str:
    return f"{count} {digit}" if count == 1 else f"{count} {digit}s"


def view_facts(
    view: View,
    *,
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
) -> FaceDownFacts:
    """What ``view``'s player knows about the face-down digits (TD-11).

    The view is checked first (:func:`check_view`): the play-phase record
    is replayed on the public board, pot and pile sizes, each event checked
    against TD-6 to TD-9 and ruling TD-17 where the visible board decides
    it; the facts are those listed in this module's docstring. Events are
    numbered from 1 in the reasons.

    Args:
        view: a view from the play phase or after it (the deal is known).
        max_digit_count_gap: the deal's ``max_digit_count_gap`` balance
            option (TD-15), if the game used it.
        equal_high_count: whether the deal used ``equal_high_count`` (TD-15).

    Returns:
        The facts; ``squares`` are the eight face-down squares as placed,
        those revealed since included; ``unseen`` is set.

    Raises:
        MemberError: (a :class:`~dokuspec.errors.PositionError`) the view
            is from before the deal (``$.phase``), or it is not one a game
            can show (:func:`check_view`); the message names the member by
            its JSON path (``$.events[4]``).
    """
    if isinstance(view, View) and view.phase in ("play", "over"):
        record = _replay(view)  # check_view's own replay: the view is checked once
    else:
        check_view(view)
        if view.initial_pile is None or view.initial_pot is None:
            raise MemberError(
                ("phase",),
                f"the view is from the {view.phase} phase, before the deal: "
                "nothing is known of the face-down digits but the ten of each digit",
            )
        record = _replay(view)
    assert view.initial_pile is not None and view.initial_pot is not None  # _replay checked
    observer = view.player
    opponent = other_player(observer)
    who, other = player_name(observer), player_name(opponent)
    own_initial = view.initial_pile
    seen = own_initial.counts()
    pot_seen = view.initial_pot.counts()
    unseen = tuple(COPIES - a - b for a, b in zip(seen, pot_seen, strict=True))
    n = len(record.squares)
    index_of = {square: k for k, square in enumerate(record.squares)}
    facts: list[Fact] = []
    for square, digit, reason in record.revealed:
        facts.append(Fact("digit", reason, domino=index_of[square], digit=digit))
    for square, digit, reason in record.excluded:
        facts.append(Fact("not-digit", reason, domino=index_of[square], digit=digit))
    pot_text = "the pot"
    for digit in DIGITS:
        needed, event = record.needed[digit - 1]
        cap = unseen[digit - 1] - needed
        if cap >= n:
            continue
        reason = (
            f"{_plural(unseen[digit - 1], digit)} were out of {who}'s sight at the deal "
            f"(ten, TD-1, less {seen[digit - 1]} in {who}'s pile and "
            f"{pot_seen[digit - 1]} in {pot_text})"
        )
        if needed:
            reason += (
                f", and {other} was dealt at least {needed} of them: the {digit} "
                f"{other} showed in event {event} was in {other}'s pile"
            )
        facts.append(Fact("at-most", reason, digit=digit, count=cap))
    unseen_total = sum(d * unseen[d - 1] for d in DIGITS)
    total = unseen_total - own_initial.total
    facts.append(
        Fact(
            "total",
            f"the deal was fair (TD-4): {other}'s pile summed to {own_initial.total} like "
            f"{who}'s, so the face-down digits sum to the other {total} of the "
            f"{unseen_total} out of {who}'s sight",
            count=total,
        )
    )
    if max_digit_count_gap is not None:
        if isinstance(max_digit_count_gap, bool) or not isinstance(max_digit_count_gap, int):
            raise TypeError(
                "max_digit_count_gap must be an int or None, not "
                f"{type(max_digit_count_gap).__name__}"
            )
        if max_digit_count_gap < 0:
            raise PositionError(f"max_digit_count_gap is 0 or more, not {max_digit_count_gap}")
        gap = max_digit_count_gap
        for digit in DIGITS:
            # The opponent was dealt unseen - F of the digit, within gap of the observer's.
            middle = unseen[digit - 1] - seen[digit - 1]
            why = (
                f"max_digit_count_gap {gap} (TD-15): {other} was dealt "
                f"{seen[digit - 1]} {digit}s give or take {gap}, like {who}"
            )
            if middle + gap < n:
                facts.append(Fact("at-most", why, digit=digit, count=middle + gap))
            if middle - gap > 0:
                facts.append(Fact("at-least", why, digit=digit, count=middle - gap))
    if not isinstance(equal_high_count, bool):
        raise TypeError(f"equal_high_count must be a bool, not {type(equal_high_count).__name__}")
    if equal_high_count:
        own_high = sum(seen[d - 1] for d in HIGH)
        unseen_high = sum(unseen[d - 1] for d in HIGH)
        facts.append(
            Fact(
                "high-count",
                f"equal_high_count (TD-15): {other} was dealt {own_high} 7s, 8s and 9s "
                f"like {who}, of the {unseen_high} out of {who}'s sight",
                count=unseen_high - own_high,
            )
        )
    return FaceDownFacts(record.squares, record.hidden, tuple(facts), unseen)


def position_facts(position: Position) -> FaceDownFacts:
    """What a position says about its face-down digits: the ten of each digit (TD-1).

    Known face-down digits are ``digit`` facts; for each digit, at most ten
    minus the dominoes of it in sight (face up, in the pot, in a known pile)
    are face down.
    """
    squares = tuple(f.square.index for f in position.face_down)
    n = len(squares)
    facts = [
        Fact("digit", f"{f.square} holds {f.digit} in the position", domino=k, digit=f.digit)
        for k, f in enumerate(position.face_down)
        if f.digit is not None
    ]
    places = [("on the board", Dominoes(position.face_up.values())), ("in the pot", position.pot)]
    for player in ("red", "blue"):
        held = position.pile(player)
        if held is not None:
            places.append((f"in {player}'s pile", held))
    for digit in DIGITS:
        in_sight = [(where, dominoes.count(digit)) for where, dominoes in places]
        cap = COPIES - sum(count for _, count in in_sight)
        if cap < n:
            where = ", ".join(f"{count} {place}" for place, count in in_sight if count)
            facts.append(
                Fact(
                    "at-most",
                    f"the game has ten {digit}s (TD-1) and {COPIES - cap} are in sight ({where})",
                    digit=digit,
                    count=cap,
                )
            )
    return FaceDownFacts(squares, (True,) * n, tuple(facts))
