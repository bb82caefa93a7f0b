"""Two-Doku positions: where a player may play, and what is known of the face-down digits.

The rules of the play phase that concern one position (TD-6 to TD-8) and
what a player can know (TD-11), in two forms:

1. **Direct definitions** on plain data (squares are indices 0-80, row by
   row; digits 1-9): :func:`allowed_squares` (TD-7: the player's own empty
   squares first, then the white ones, then any), :func:`visible_clashes`
   and :func:`face_down_peers` (TD-8: a played digit clashes with equal
   digits in its row, column and box).
2. **Facts and constraint models** over :mod:`dokuspec.spec.model`:

   * :class:`FaceDownFacts`: everything a player's record implies about the
     face-down digits, each :class:`Fact` with its reason in words; read
     from a view by :func:`view_facts` (the play-phase record, TD-11) or
     from a position by :func:`position_facts` (the dominoes in sight);
   * :func:`face_down_model`: the digits of ``n`` face-down dominoes with
     counters over them (how many hold each digit, how many hold 7-9, their
     sum), so that every fact is a set of **assumptions**: one compiled
     model per ``n`` answers every view;
   * :func:`completion_model`: a full Sudoku board (TD-1's rows, columns
     and boxes) joined to the face-down model by guarded links "face-down
     domino ``k`` lies on square ``s``", so that one compiled model answers
     whether any position can still be completed, with face-down digits
     known (assumed) or only constrained by facts.

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

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal, Protocol, TypeAlias

from dokuspec.errors import ModelError, PositionError
from dokuspec.spec.encodings import SumLiterals, negate, sequential_sum
from dokuspec.spec.model import IntVar, Model, clause, exactly
from dokuspec.vocabulary.twodoku import (
    BLUE,
    COPIES,
    FACE_DOWN_EACH,
    PILE_SIZE,
    PLAYERS,
    POT_SIZE,
    RED,
    SQUARES_EACH,
    Dominoes,
    MemberError,
    Play,
    Position,
    Return,
    Square,
    Take,
    View,
    counted,
    other_player,
    player_index,
    player_name,
)

__all__ = [
    "DIGITS",
    "FACE_DOWN_COUNT",
    "FACT_KINDS",
    "HIGH",
    "PEERS",
    "UNITS",
    "CompletionModel",
    "FaceDownFacts",
    "FaceDownModel",
    "FaceDownVars",
    "Fact",
    "FactKind",
    "Tier",
    "allowed_squares",
    "build_face_down",
    "check_view",
    "completion_model",
    "face_down_model",
    "face_down_peers",
    "position_facts",
    "square_name",
    "view_facts",
    "visible_clashes",
]

DIGITS: Final = range(1, 10)
"""The digits 1-9 (TD-1)."""

HIGH: Final = (7, 8, 9)
"""The digits the ``equal_high_count`` balance option counts (TD-15)."""

FACE_DOWN_COUNT: Final = 8
"""Face-down dominoes in a game (TD-3)."""

# -- the board ----------------------------------------------------------------------------------


def square_name(index: int) -> str:
    """The name of square ``index`` (0-80, row by row): ``"r3c5"``."""
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def _units() -> tuple[tuple[str, tuple[int, ...]], ...]:
    rows = [(f"row {r + 1}", tuple(9 * r + c for c in range(9))) for r in range(9)]
    columns = [(f"column {c + 1}", tuple(9 * r + c for r in range(9))) for c in range(9)]
    boxes = [
        (
            f"box {b + 1}",
            tuple(9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)),
        )
        for b in range(9)
    ]
    return tuple(rows + columns + boxes)


UNITS: Final = _units()
"""The 27 units as ``(name, squares)``, rows 1-9, columns 1-9, boxes 1-9 (row by row)."""

PEERS: Final = tuple(
    frozenset(s for _, members in UNITS if i in members for s in members) - {i} for i in range(81)
)
"""The 20 squares sharing a row, column or box with square ``i``, at ``PEERS[i]``."""

# -- TD-7 and TD-8, directly ----------------------------------------------------------------------

Tier: TypeAlias = Literal["own", "white", "any"]
"""Which clause of TD-7 applies, the player's own colour, white squares or any empty square."""


def allowed_squares(
    empty: Iterable[int], own: Iterable[int], other: Iterable[int]
) -> tuple[Tier | None, tuple[int, ...]]:
    """Where a player may play (TD-7).

    While an empty square carries the player's colour (a square with both
    colours counts for both players), only such squares; else the empty
    white squares (neither colour); else any empty square.

    Args:
        empty: the empty squares (indices 0-80).
        own: the squares the player coloured.
        other: the squares the opponent coloured.

    Returns:
        ``(tier, squares)``: which clause applies and the allowed squares,
        sorted; ``(None, ())`` when no square is empty.
    """
    free = sorted(set(empty))
    mine = set(own)
    theirs = set(other)
    coloured = [s for s in free if s in mine]
    if coloured:
        return "own", tuple(coloured)
    white = [s for s in free if s not in mine and s not in theirs]
    if white:
        return "white", tuple(white)
    if free:
        return "any", tuple(free)
    return None, ()


def visible_clashes(face_up: Mapping[int, int], square: int, digit: int) -> tuple[int, ...]:
    """The face-up dominoes that a ``digit`` played on ``square`` clashes with (TD-8), sorted."""
    return tuple(sorted(s for s in PEERS[square] if face_up.get(s) == digit))


def face_down_peers(face_down: Iterable[int], square: int) -> tuple[int, ...]:
    """The face-down squares in ``square``'s row, column or box, sorted."""
    peers = PEERS[square]
    return tuple(sorted(s for s in face_down if s in peers))


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

    def __post_init__(self) -> None:
        if len(self.hidden) != len(self.squares):
            raise ModelError("one hidden flag per face-down domino")
        if len(set(self.squares)) != len(self.squares):
            raise ModelError("two face-down dominoes on one square")
        for fact in self.facts:
            if fact.domino is not None and not 0 <= fact.domino < len(self.squares):
                raise ModelError(f"fact about face-down domino {fact.domino}, which is not there")

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
        counts = Counter(digits)
        high = sum(counts[d] for d in HIGH)
        for fact in self.facts:
            kind, domino, digit, count = fact.kind, fact.domino, fact.digit, fact.count
            if kind == "digit":
                holds = digits[domino or 0] == digit
            elif kind == "not-digit":
                holds = digits[domino or 0] != digit
            elif kind == "at-most":
                holds = counts[digit or 0] <= (count or 0)
            elif kind == "at-least":
                holds = counts[digit or 0] >= (count or 0)
            elif kind == "high-count":
                holds = high == count
            else:
                holds = sum(digits) == count
            if not holds:
                return False
        return True


def _plural(count: int, digit: int) -> str:
    return f"{count} {digit}" if count == 1 else f"{count} {digit}s"


def _shared_unit(a: int, b: int) -> str:
    """The name of the first unit (row, column, box) holding both squares."""
    return next(name for name, members in UNITS if a in members and b in members)


@dataclass(frozen=True, slots=True)
class _Record:
    squares: tuple[int, ...]
    hidden: tuple[bool, ...]
    revealed: tuple[tuple[int, int, str], ...]
    excluded: tuple[tuple[int, int, str], ...]
    needed: tuple[tuple[int, int], ...]  # per digit: (least dealt to the opponent, event)


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
    check_view(view)
    if view.initial_pile is None or view.initial_pot is None:
        raise MemberError(
            ("phase",),
            f"the view is from the {view.phase} phase, before the deal: "
            "nothing is known of the face-down digits but the ten of each digit",
        )
    record = _replay(view)
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


# -- what a view must agree with ------------------------------------------------------------------


def check_view(view: View) -> None:
    """Refuse a view that no game of Two-Doku can show its player (TD-2 to TD-9, TD-11).

    A view is everything one player has seen (TD-11); its members must agree
    with each other and with the rules:

    * **the phase** (one of :data:`~dokuspec.vocabulary.twodoku.PHASES`)
      says what exists: while colouring (TD-2) the players have coloured
      equally many squares, or Red one more, fewer than 36 each, and nothing
      else is on the board, in the pot or in a pile; while placing (TD-3)
      both have coloured 36 squares and fewer than 8 face-down dominoes lie
      on white squares, Red's four placed before any of Blue's; while
      dealing (TD-4) all 8 are placed and the pot is empty or dealt (2
      dominoes), the piles not yet; in the play and over phases the deal is
      complete (the pot of 2 and the player's pile of 40 as dealt), the
      dominoes still face down lie on white squares, and only then are
      there events;
    * **whose turn it is** (``to_move``) follows from the phase and what is
      on the board: the player to colour (Red when both have coloured
      equally many squares, TD-2), to place (Red until four are placed,
      TD-3), nobody while dealing (chance) or once the game is over; in the
      play phase, from the events (below), ``None`` only while a hidden
      clash turns a face-down domino face up (TD-8);
    * **the events** are the turns of play, Red's first (TD-5), the players
      alternating (TD-9). A turn (TD-6) is at most one take, then at most
      one play, then, only after a take from the pot and no successful
      play, at most one domino put into the pot; a successful play, a failed
      play without a take from the pot and a return end it. A pass shows no
      event: consecutive events of one player that cannot be one turn are
      two turns with a pass of the opponent between them, and a turn that
      ended without an event of the next player before an event of its own
      player's is followed by such a pass. The game is over (TD-9) as soon
      as a turn ends with its player's pile empty or two turns in a row end
      without a successful play (ruling TD-13), so no event follows that,
      and a view of the play phase is not at such a point; once it is over,
      it may also have ended by the turn limit (ruling TD-14), which a view
      does not know;
    * **the board and the piles** are what the events make of the deal:
      each take, play (its result: TD-7, TD-8, ruling TD-17; the domino it
      reveals) and return replayed on the face-up dominoes, the pot, the
      player's pile and both pile sizes gives the view's own (every
      face-down domino turned face up only once, the 8 of TD-3 in all).

    Args:
        view: a :class:`~dokuspec.vocabulary.twodoku.View`.

    Raises:
        TypeError: ``view`` is not a View.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            member at fault by its JSON path (``$.to_move``,
            ``$.events[4].result``) and why; :meth:`MemberError.located
            <dokuspec.vocabulary.twodoku.MemberError.located>` finds it in
            the view's JSON text.
    """
    if not isinstance(view, View):
        raise TypeError(f"check_view() takes a View, not {type(view).__name__}")
    if view.phase in ("play", "over"):
        _replay(view)
    else:
        _check_setup(view)


def _mover(player: str | None) -> str:
    return "nobody" if player is None else player_name(player)


def _check_setup(view: View) -> None:
    """The checks of :func:`check_view` for a view of the colouring, placing or dealing phase."""
    phase = view.phase
    reds, blues = len(view.red_squares), len(view.blue_squares)
    placed = len(view.face_down)
    to_move: str | None
    if phase == "colouring":
        if reds == blues == SQUARES_EACH:
            raise MemberError(
                ("phase",),
                f"both players have coloured {SQUARES_EACH} squares, which ends the colouring "
                "(TD-2): the phase is 'placing'",
            )
        if reds - blues not in (0, 1):
            raise MemberError(
                ("red_squares" if reds > blues else "blue_squares",),
                f"Red has coloured {counted(reds, 'square')} and Blue {blues}: the players "
                "colour one square each in turn, Red first (TD-2)",
            )
        to_move = RED if reds == blues else BLUE
        why = (
            f"Red has coloured {counted(reds, 'square')} and Blue {blues}, and they colour in "
            "turn, Red first (TD-2)"
        )
        if view.face_down:
            raise MemberError(
                ("face_down",),
                f"a face-down domino lies on {view.face_down[0].square} before the colouring "
                "is over: they are placed after it (TD-3)",
                square=view.face_down[0].square,
            )
    else:
        for key, name, count in (("red_squares", "Red", reds), ("blue_squares", "Blue", blues)):
            if count != SQUARES_EACH:
                raise MemberError(
                    (key,),
                    f"{name} has coloured {counted(count, 'square')}: the colouring ends with "
                    f"{SQUARES_EACH} each (TD-2), before the {phase} phase",
                )
        _check_white(view)
        if phase == "placing":
            if placed == FACE_DOWN_COUNT:
                raise MemberError(
                    ("phase",),
                    f"all {FACE_DOWN_COUNT} face-down dominoes are placed, which ends the "
                    "placing (TD-3): the phase is 'dealing'",
                )
            early = [f for f in view.face_down if f.placed_by == BLUE]
            reds_placed = placed - len(early)
            if early and reds_placed < FACE_DOWN_EACH:
                raise MemberError(
                    ("face_down",),
                    f"Blue placed the face-down domino on {early[0].square} before Red had "
                    f"placed {FACE_DOWN_EACH}: Red places {FACE_DOWN_EACH}, then Blue (TD-3)",
                    square=early[0].square,
                )
            to_move = RED if placed < FACE_DOWN_EACH else BLUE
            why = (
                f"{counted(placed, 'face-down domino', 'face-down dominoes')} placed, and Red "
                f"places {FACE_DOWN_EACH}, then Blue (TD-3)"
            )
        else:
            if placed != FACE_DOWN_COUNT:
                raise MemberError(
                    ("face_down",),
                    f"{counted(placed, 'face-down domino', 'face-down dominoes')} placed: the "
                    f"deal follows the {FACE_DOWN_COUNT}th (TD-3, TD-4)",
                )
            to_move = None
            why = "the deal is dealt by chance (TD-4)"
    if view.to_move != to_move:
        raise MemberError(
            ("to_move",), f"{_mover(to_move)} is to move, not {_mover(view.to_move)}: {why}"
        )
    if view.face_up:
        square = min(view.face_up)
        raise MemberError(
            ("face_up",),
            f"a domino is face up on {square} in the {phase} phase: dominoes are played in the "
            "play phase (TD-5, TD-6)",
            square=square,
        )
    if len(view.pot) not in ((0, POT_SIZE) if phase == "dealing" else (0,)):
        raise MemberError(
            ("pot",),
            f"the pot holds {counted(len(view.pot), 'domino', 'dominoes')} in the {phase} phase: "
            f"{POT_SIZE} are dealt to it after the face-down dominoes are placed (TD-4)",
        )
    for player, size in zip(PLAYERS, view.pile_sizes, strict=True):
        if size:
            raise MemberError(
                ("pile_sizes", player),
                f"{player_name(player)}'s pile holds {counted(size, 'domino', 'dominoes')} in the "
                f"{phase} phase: the piles are dealt last, as the play phase begins (TD-4)",
            )
    for key in ("initial_pot", "initial_pile"):
        if getattr(view, key) is not None:
            raise MemberError(
                (key,),
                f"the deal is complete only in the play phase (TD-4), not in the {phase} phase",
            )
    if view.events:
        raise MemberError(
            ("events", 0),
            f"an event in the {phase} phase: takes, plays and returns are the play phase's (TD-6)",
        )


def _check_white(view: View) -> None:
    """The dominoes still face down lie on white squares (TD-3)."""
    for face_down in view.face_down:
        colours = [
            name
            for name, squares in (("Red", view.red_squares), ("Blue", view.blue_squares))
            if face_down.square in squares
        ]
        if colours:
            raise MemberError(
                ("face_down",),
                f"the face-down domino on {face_down.square} lies on a square "
                f"{' and '.join(colours)} coloured: they are placed on white squares (TD-3)",
                square=face_down.square,
            )


@dataclass
class _Turn:
    """A turn of play as the events show it (TD-6): whose, which events, how far it went."""

    player: str
    events: list[int]  # event numbers, from 1
    took: str | None = None  # "pot" or "board"
    played: bool = False
    placed: bool = False
    closed: bool = False  # ended by itself: a successful play, a failed one, a return
    note: str = ""  # for a pass, which no event shows: where it was

    def text(self) -> str:
        name = player_name(self.player)
        if not self.events:
            return f"{name}'s pass{self.note}"
        if len(self.events) == 1:
            return f"{name}'s turn of event {self.events[0]}"
        return f"{name}'s turn of events {self.events[0]} to {self.events[-1]}"

    def refuses(self, event: Take | Play | Return) -> str | None:
        """Why ``event``, of this turn's player, cannot be this turn's next step (else None)."""
        if self.closed:
            how = (
                "a successful play"
                if self.placed
                else "a failed play"
                if self.played and self.took != "pot"
                else "a domino put into the pot"
            )
            return f"{self.text()} ended with {how}"
        if isinstance(event, Take):
            if self.took is not None:
                return "a turn has one take"
            if self.played:
                return "a turn's take comes before its play"
        elif isinstance(event, Play) and self.played:
            return "a turn has one play"
        return None


def _replay(view: View) -> _Record:
    """Replay ``view``'s events on the public state (:func:`check_view` for the play and over
    phases); the facts they imply."""
    observer = view.player
    for key, name, coloured in (
        ("red_squares", "Red", view.red_squares),
        ("blue_squares", "Blue", view.blue_squares),
    ):
        if len(coloured) != SQUARES_EACH:
            raise MemberError(
                (key,),
                f"{name} has coloured {counted(len(coloured), 'square')}: the colouring ends with "
                f"{SQUARES_EACH} each (TD-2), before the {view.phase} phase",
            )
    _check_white(view)
    for key, dealt, size in (
        ("initial_pot", view.initial_pot, POT_SIZE),
        ("initial_pile", view.initial_pile, PILE_SIZE),
    ):
        if dealt is None:
            raise MemberError(
                (key,), f"the deal is complete in the {view.phase} phase (TD-4): it is known"
            )
        if len(dealt) != size:
            raise MemberError(
                (key,),
                f"{counted(len(dealt), 'domino', 'dominoes')}: a deal gives each player "
                f"{PILE_SIZE} and the pot {POT_SIZE} (TD-4)",
            )
    assert view.initial_pile is not None and view.initial_pot is not None
    both = view.initial_pile + view.initial_pot
    short = [d for d in DIGITS if both.count(d) > COPIES]
    if short:
        raise MemberError(
            ("initial_pile",),
            f"the pile and the pot as dealt hold {both.count(short[0])} {short[0]}s; "
            f"the game has {COPIES} (TD-1)",
        )
    colours = {
        "red": {s.index for s in view.red_squares},
        "blue": {s.index for s in view.blue_squares},
    }
    still_down = {f.square.index for f in view.face_down}
    revealed_squares: set[int] = set()
    for number, event in enumerate(view.events):
        if isinstance(event, Play) and event.revealed is not None:
            turned = event.revealed.index
            if turned in still_down or turned in revealed_squares:
                where = "is still face down" if turned in still_down else "was revealed before"
                raise MemberError(
                    ("events", number, "revealed"),
                    f"{event.revealed} is revealed, but it {where}: a revealed domino is face "
                    "up for good (TD-8)",
                )
            revealed_squares.add(turned)
    if len(still_down) + len(revealed_squares) != FACE_DOWN_COUNT:
        raise MemberError(
            ("face_down",),
            f"{len(still_down)} dominoes are face down and the events reveal "
            f"{len(revealed_squares)}: the game has {FACE_DOWN_COUNT} (TD-3)",
        )
    face_down = still_down | revealed_squares
    squares = tuple(sorted(face_down))
    board: dict[int, int] = {}
    pot = Counter(view.initial_pot)
    pile = Counter(view.initial_pile)
    sizes = [PILE_SIZE, PILE_SIZE]
    balance = [0] * 9  # the opponent's pile now minus as dealt, per digit
    needed = [(0, 0)] * 9
    revealed: list[tuple[int, int, str]] = []
    excluded: list[tuple[int, int, str]] = []
    turn = _Turn(RED, [])  # Red plays first (TD-5)
    before: _Turn | None = None  # the turn before it, once there is one

    def shown(player: str, digit: int, number: int, what: str) -> None:
        """``player`` shows ``digit`` from their pile in event ``number``."""
        if player == observer:
            if pile[digit] < 1:
                raise MemberError(
                    ("events", number - 1, "digit"),
                    f"{player_name(observer)} {what} a {digit} but holds none",
                )
        else:
            least = 1 - balance[digit - 1]
            if least > needed[digit - 1][0]:
                needed[digit - 1] = (least, number)

    def leaves(player: str, digit: int) -> None:
        if player == observer:
            pile[digit] -= 1
        else:
            balance[digit - 1] -= 1
        sizes[player_index(player)] -= 1

    def arrives(player: str, digit: int) -> None:
        if player == observer:
            pile[digit] += 1
        else:
            balance[digit - 1] += 1
        sizes[player_index(player)] += 1

    def ends(ended: _Turn, where: tuple[str | int, ...], lead: str) -> None:
        """``ended`` is over: refuse at ``where`` if that ended the game (TD-9, ruling TD-13)."""
        nonlocal before
        if not sizes[player_index(ended.player)]:
            raise MemberError(
                where,
                f"{lead}: {player_name(ended.player)}'s pile was empty after event "
                f"{ended.events[-1] if ended.events else 0} (TD-9)",
            )
        if not ended.placed and before is not None and not before.placed:
            raise MemberError(
                where,
                f"{lead}: {before.text()} and {ended.text()} both ended without a "
                "successful play (TD-9, TD-13)",
            )
        before = ended

    for number, event in enumerate(view.events, start=1):
        player = event.player
        path: tuple[str | int, ...] = ("events", number - 1)
        over = f"no event {number} can follow: the game was over"
        if player != turn.player:
            if not turn.events:
                turn.note = f" before event {number}"
            ends(turn, path, over)
            turn = _Turn(player, [])
        else:
            refused = turn.refuses(event)
            if refused is not None:
                if isinstance(event, Return):
                    raise MemberError(
                        path,
                        f"{player_name(player)} puts a {event.digit} into the pot, but "
                        f"{refused}: a domino goes into the pot only after a take from the pot "
                        "in the same turn (TD-6)",
                    )
                ends(turn, path, over)
                between = f" between events {turn.events[-1]} and {number}"
                why = f"{refused}, so event {number} begins another turn of {player_name(player)}"
                ends(_Turn(other_player(player), [], note=f"{between} ({why}; TD-6)"), path, over)
                turn = _Turn(player, [])
        if isinstance(event, Return) and turn.took != "pot":
            raise MemberError(
                path,
                f"{player_name(player)} puts a {event.digit} into the pot without a take from "
                "the pot earlier in the turn: a domino goes into the pot only after one (TD-6)",
            )
        turn.events.append(number)
        if isinstance(event, Take):
            if event.source == "pot":
                if pot[event.digit] < 1:
                    raise MemberError(
                        ("events", number - 1, "digit"),
                        f"{player_name(player)} takes a {event.digit} from the pot, which holds "
                        "none",
                    )
                pot[event.digit] -= 1
            else:
                assert event.square is not None
                square = event.square.index
                if board.get(square) != event.digit:
                    raise MemberError(
                        path,
                        f"{player_name(player)} takes a {event.digit} from {event.square}, where "
                        "no face-up domino of that digit lies (TD-6)",
                    )
                del board[square]
            arrives(player, event.digit)
            turn.took = event.source
        elif isinstance(event, Return):
            shown(player, event.digit, number, "puts into the pot")
            leaves(player, event.digit)
            pot[event.digit] += 1
            turn.closed = True
        else:
            assert isinstance(event, Play)
            turn.played = True
            turn.closed = event.result == "placed" or turn.took != "pot"
            digit, square = event.digit, event.square.index
            shown(player, digit, number, "plays")
            empty = set(range(81)) - set(board) - face_down
            _, allowed = allowed_squares(empty, colours[player], colours[other_player(player)])
            where = f"{player_name(player)}'s {digit} on {event.square}"
            result = (*path, "result")
            if square not in empty:
                raise MemberError(path, f"{where}: the square is not empty (TD-6, TD-24)")
            if square not in allowed:
                if event.result != "not-allowed":
                    raise MemberError(
                        result, f"{where} is {event.result}, but TD-7 forbids that square"
                    )
                continue
            if event.result == "not-allowed":
                raise MemberError(result, f"{where} is not-allowed, but TD-7 allows that square")
            clashes = visible_clashes(board, square, digit)
            if clashes:
                if event.result != "clash":
                    raise MemberError(
                        result,
                        f"{where} is {event.result}, but it clashes with the face-up "
                        f"{digit} on {square_name(clashes[0])} (TD-8)",
                    )
                continue
            if event.result == "clash":
                raise MemberError(
                    result, f"{where} is a clash, but no face-up domino clashes (TD-8)"
                )
            peers = face_down_peers(face_down, square)
            if event.result == "hidden-clash":
                assert event.revealed is not None
                turned = event.revealed.index
                if turned not in peers:
                    raise MemberError(
                        (*path, "revealed"),
                        f"{where} reveals {event.revealed}, which is not face down in its "
                        "row, column or box (TD-8)",
                    )
                reason = (
                    f"{event.revealed} was turned face up by {player_name(player)}'s {digit} "
                    f"on {event.square} in event {number}, a hidden clash (TD-8)"
                )
                revealed.append((turned, digit, reason))
                face_down.discard(turned)
                board[turned] = digit
                continue
            for peer in peers:
                excluded.append(
                    (
                        peer,
                        digit,
                        f"{player_name(player)}'s {digit} on {event.square} was placed in event "
                        f"{number}, so {square_name(peer)} in its {_shared_unit(square, peer)} "
                        f"cannot be {digit} (TD-8)",
                    )
                )
            board[square] = digit
            turn.placed = True
            leaves(player, digit)
    _check_end(view, board, face_down, pot, pile, sizes)
    _check_turn(view, turn, ends)
    return _Record(
        squares,
        tuple(s in face_down for s in squares),
        tuple(revealed),
        tuple(excluded),
        tuple(needed),
    )


class _Ends(Protocol):
    def __call__(self, ended: _Turn, where: tuple[str | int, ...], lead: str) -> None: ...


def _check_turn(view: View, turn: _Turn, ends: _Ends) -> None:
    """Whose turn it is after the events, and whether the game is over (TD-5, TD-6, TD-9)."""
    now, later = player_name(turn.player), player_name(other_player(turn.player))
    if view.phase == "over":
        if view.to_move is not None:
            raise MemberError(
                ("to_move",),
                f"nobody is to move once the game is over (TD-9), not {_mover(view.to_move)}",
            )
        return  # the game may have ended by the turn limit (TD-14), which a view does not know
    over = "the game is over"
    if view.to_move is None:
        if not view.face_down:
            raise MemberError(
                ("to_move",),
                "nobody is to move in the play phase only while a hidden clash turns a "
                "face-down domino face up (TD-8), and no domino is face down",
            )
        if not turn.played and not turn.closed:
            return  # the turn's player plays now
        ends(turn, ("phase",), over)  # the next player plays now
        return
    if view.to_move == turn.player:
        if not turn.closed:
            return  # the turn goes on
        ends(turn, ("phase",), over)
        ends(
            _Turn(other_player(turn.player), []),
            ("to_move",),
            f"{now} is to move only after a pass of {later}, which would have ended the game",
        )
        return
    ends(turn, ("phase",), over)


def _check_end(
    view: View,
    board: Mapping[int, int],
    face_down: set[int],
    pot: Counter[int],
    pile: Counter[int],
    sizes: Sequence[int],
) -> None:
    """Refuse a view whose board, pot and piles are not what its events make of the deal."""
    ups = {s.index: d for s, d in view.face_up.items()}
    for index in sorted(set(ups) | set(board)):
        if ups.get(index) != board.get(index):
            square = Square.from_index(index)
            made = "empty" if index not in board else f"a face-up {board[index]}"
            shown = "empty" if index not in ups else f"a face-up {ups[index]}"
            raise MemberError(
                ("face_up",),
                f"the events leave {square} {made}, but the view shows {shown}",
                square=square if index in ups else None,
            )
    downs = {f.square.index for f in view.face_down}
    if downs != face_down:
        index = min(downs ^ face_down)
        square = Square.from_index(index)
        state = "face down" if index in face_down else "turned face up"
        raise MemberError(
            ("face_down",),
            f"the events leave the domino on {square} {state}, but the view does not",
            square=square if index in downs else None,
        )
    for key, left, held in (
        ("pot", Dominoes(pot.elements()), view.pot),
        ("pile", Dominoes(pile.elements()), view.pile),
    ):
        if left != held:
            raise MemberError(
                (key,), f"the events leave {_holding(key, view.player)} {left}, not {held}"
            )
    for player, made_size, shown_size in zip(PLAYERS, sizes, view.pile_sizes, strict=True):
        if made_size != shown_size:
            raise MemberError(
                ("pile_sizes", player),
                f"the events leave {player_name(player)}'s pile with "
                f"{counted(made_size, 'domino', 'dominoes')}, not {shown_size}",
            )


def _holding(key: str, player: str) -> str:
    return "the pot" if key == "pot" else f"{player_name(player)}'s pile"


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


# -- the models ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FaceDownVars:
    """The variables of ``n`` face-down dominoes' digits, inside some :class:`Model`.

    Attributes:
        digits: one variable per face-down domino, values 1-9.
        total: the sum of the digits (TD-4's fair deal is a fact on it).
        counts: per digit (index ``d - 1``), how many dominoes hold it.
        high: how many dominoes hold 7, 8 or 9 (TD-15).
        wanted: ``wanted[k][d - 1]`` implies that domino ``k`` holds ``d``;
            assume its negation for a pair no longer wanted.
        some_wanted: selector of the clause "some wanted literal is true":
            with it, a model must witness a pair not yet witnessed.
        impossible: a literal false in every model, assumed for a fact that
            cannot hold at all (a negative supply), so that a core names it.
    """

    digits: tuple[IntVar, ...]
    total: SumLiterals
    counts: tuple[SumLiterals, ...]
    high: SumLiterals
    wanted: tuple[tuple[int, ...], ...]
    some_wanted: int
    impossible: int

    def literal(self, domino: int, digit: int) -> int:
        """The literal "face-down domino ``domino`` holds ``digit``"."""
        return self.digits[domino].literals[digit - 1]

    def fact_literals(self, fact: Fact) -> list[int]:
        """The assumptions that state ``fact`` (``[impossible]`` for a fact that cannot hold)."""
        kind = fact.kind
        if kind == "digit":
            return [self.literal(fact.domino, fact.digit)]  # type: ignore[arg-type]
        if kind == "not-digit":
            return [-self.literal(fact.domino, fact.digit)]  # type: ignore[arg-type]
        assert fact.count is not None
        if kind == "at-most":
            assert fact.digit is not None
            found = [negate(self.counts[fact.digit - 1].at_least(fact.count + 1))]
        elif kind == "at-least":
            assert fact.digit is not None
            found = [self.counts[fact.digit - 1].at_least(fact.count)]
        elif kind == "high-count":
            found = self.high.equal_to(fact.count)
        else:
            found = self.total.equal_to(fact.count)
        if any(literal is False for literal in found):
            return [self.impossible]
        return [literal for literal in found if literal is not True]

    def assumptions(self, facts: FaceDownFacts) -> tuple[list[int], dict[int, Fact]]:
        """The assumptions stating every fact, and the fact each assumption stands for.

        Raises:
            ModelError: the facts are about another number of dominoes.
        """
        if facts.count != len(self.digits):
            raise ModelError(
                f"facts about {facts.count} face-down dominoes, a model of {len(self.digits)}"
            )
        literals: list[int] = []
        meaning: dict[int, Fact] = {}
        for fact in facts.facts:
            for literal in self.fact_literals(fact):
                if literal not in meaning:
                    meaning[literal] = fact
                    literals.append(literal)
        return literals, meaning

    def assignment(self, model: Sequence[int]) -> tuple[int, ...]:
        """The digits a solver model gives the face-down dominoes."""
        return tuple(
            next(v for v, lit in zip(var.values, var.literals, strict=True) if model[lit - 1] > 0)
            for var in self.digits
        )


def build_face_down(model: Model, n: int) -> FaceDownVars:
    """Add ``n`` face-down dominoes' digit variables and their counters to ``model``.

    Groups: ``domain of face-down k`` (one digit each); the sequential sums
    of the digits, of each digit's count and of the 7-9 count (definitions,
    always true); ``wanted pairs are held`` (each wanted literal implies its
    pair); the guarded ``some wanted pair`` (:attr:`FaceDownVars.some_wanted`);
    ``no impossible fact`` (the :attr:`FaceDownVars.impossible` literal is false).
    """
    digits = tuple(model.int_var(f"face-down {k + 1}", DIGITS) for k in range(n))
    total = sequential_sum(
        model,
        "the face-down digits",
        [[(d, var.literal(d)) for d in DIGITS] for var in digits],
        exactly_one=True,
    )
    counts = tuple(
        sequential_sum(
            model,
            f"face-down {d}s",
            [[(1, var.literal(d))] for var in digits],
            exactly_one=False,
        )
        for d in DIGITS
    )
    high = sequential_sum(
        model,
        "face-down 7s, 8s and 9s",
        [[(1, var.literal(d)) for d in HIGH] for var in digits],
        exactly_one=False,
    )
    wanted = tuple(
        tuple(model.bool_var(f"wanted: face-down {k + 1} holds {d}") for d in DIGITS)
        for k in range(n)
    )
    model.add(
        "wanted pairs are held",
        [clause(-wanted[k][d - 1], digits[k].literal(d)) for k in range(n) for d in DIGITS],
    )
    some = model.add(
        "some wanted pair", [clause(*(lit for row in wanted for lit in row))], guarded=True
    )
    assert some.selector is not None
    impossible = model.bool_var("an impossible fact")
    model.add("no impossible fact", [clause(-impossible)])
    return FaceDownVars(digits, total, counts, high, wanted, some.selector, impossible)


@dataclass(frozen=True, slots=True)
class FaceDownModel:
    """The face-down digits of ``n`` dominoes as a model of their own (see :func:`face_down_model`).

    Attributes:
        model: the constraint model.
        vars: its variables.
    """

    model: Model
    vars: FaceDownVars


@lru_cache(maxsize=16)
def face_down_model(n: int) -> FaceDownModel:
    """The model of ``n`` face-down dominoes' digits (cached: one object per ``n``).

    Every fact is an assumption (:meth:`FaceDownVars.assumptions`), so one
    compiled model answers every view and position with ``n`` face-down
    dominoes.

    Raises:
        ModelError: ``n`` is not 0-8.
    """
    if not 0 <= n <= FACE_DOWN_COUNT:
        raise ModelError(f"a game has 0 to {FACE_DOWN_COUNT} face-down dominoes, not {n}")
    model = Model()
    return FaceDownModel(model, build_face_down(model, n))


@dataclass(frozen=True, slots=True)
class CompletionModel:
    """A full board joined to ``n`` face-down dominoes (see :func:`completion_model`).

    Attributes:
        model: the constraint model.
        cells: the 81 square variables, row by row, values 1-9: the literal
            "square ``i`` holds ``d``" is ``9 * i + d``.
        face_down: the face-down dominoes' variables.
        links: ``links[k][i]``: selector of the group "face-down domino ``k``
            lies on square ``i``" (its digit is the square's).
    """

    model: Model
    cells: tuple[IntVar, ...]
    face_down: FaceDownVars
    links: tuple[tuple[int, ...], ...]

    @staticmethod
    def cell_literal(index: int, digit: int) -> int:
        """The literal "square ``index`` (0-80) holds ``digit``"."""
        return 9 * index + digit

    @staticmethod
    def board_of(model: Sequence[int]) -> tuple[int, ...]:
        """The 81 digits (row by row) a solver model puts on the board."""
        return tuple(next(d for d in DIGITS if model[9 * i + d - 1] > 0) for i in range(81))


@lru_cache(maxsize=16)
def completion_model(n: int) -> CompletionModel:
    """The full-board model with ``n`` face-down dominoes (cached: one object per ``n``).

    Groups: ``domain of r4c7`` (every square holds one digit: the board is
    full); ``row 4, digit 7`` / ``column 7, digit 7`` / ``box 5, digit 7``:
    exactly one square of the unit holds the digit (TD-1's Sudoku rule on a
    full board, where "no repeat" and "each once" agree); the face-down
    dominoes of :func:`build_face_down`; and, guarded, ``face-down k lies on
    r3c5`` for every domino and square. The dominoes on the board are
    assumptions: square literals for known digits, link selectors for
    face-down dominoes whose digits are only constrained by facts.

    TD-1's supply never binds: a full board holds nine of each digit and
    the game has ten.

    Raises:
        ModelError: ``n`` is not 0-8.
    """
    if not 0 <= n <= FACE_DOWN_COUNT:
        raise ModelError(f"a game has 0 to {FACE_DOWN_COUNT} face-down dominoes, not {n}")
    model = Model()
    cells = tuple(model.int_var(square_name(i), DIGITS) for i in range(81))
    assert cells[-1].literals[-1] == CompletionModel.cell_literal(80, 9)
    for unit, members in UNITS:
        for digit in DIGITS:
            model.add(
                f"{unit}, digit {digit}",
                [exactly([CompletionModel.cell_literal(i, digit) for i in members], 1)],
            )
    face_down = build_face_down(model, n)
    links: list[tuple[int, ...]] = []
    for k in range(n):
        row: list[int] = []
        for i in range(81):
            group = model.add(
                f"face-down {k + 1} lies on {square_name(i)}",
                [
                    item
                    for d in DIGITS
                    for item in (
                        clause(-face_down.literal(k, d), CompletionModel.cell_literal(i, d)),
                        clause(face_down.literal(k, d), -CompletionModel.cell_literal(i, d)),
                    )
                ],
                guarded=True,
            )
            assert group.selector is not None
            row.append(group.selector)
        links.append(tuple(row))
    return CompletionModel(model, cells, face_down, tuple(links))
