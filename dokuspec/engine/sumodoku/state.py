"""The game of Sumodoku and its states: the options, the setup, strict and tabletop
enforcement, the observer, the claim, every step of a game and its result (SU-1 to SU-17)."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Number
from typing import Any, ClassVar

from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    GameOptionError,
    HistoryEntry,
    IllegalActionError,
    JSONValue,
    Observation,
    OptionSpec,
    State,
    register,
)
from dokuspec.engine.sumodoku.actions import (
    _COLOURS_OUTCOMES,
    _CONCEDE,
    _FIND,
    _OBSERVE,
    _PLACE,
    _POINT_OUT,
    _SILENT,
    Claim,
    Colours,
    Concede,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
    _is_int,
    _read_action,
)
from dokuspec.engine.sumodoku.rules import (
    ALL_COLOURS,
    MARKED,
    MARKED_NON_CONSECUTIVE,
    constrained_neighbours,
    next_to,
    parity_masks,
    unit_cells,
    violations,
)
from dokuspec.errors import DokuspecError, quote
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    Variants,
    border_name,
    cell_name,
)

__all__ = [
    "DEFAULT_CLAIM_TIME_LIMITS",
    "DEFAULT_CLAIM_WINDOW",
    "REASONS",
    "Sumodoku",
    "SumodokuResult",
    "SumodokuState",
]

REASONS = (
    "all-pieces-played",
    "no-valid-move",
    "claim-succeeded",
    "claim-failed",
    "pointed-out",
    "mistake-found",
)
"""How a game ends (SU-5 to SU-10), as :attr:`SumodokuResult.reason` names it."""

DEFAULT_CLAIM_WINDOW = (16, 35)
"""The own-turn numbers on which a claim is allowed (SU-10)."""

DEFAULT_CLAIM_TIME_LIMITS = ((16, 20, 960), (21, 25, 720), (26, 30, 480), (31, 35, 240))
"""The time allowed for a claim (SU-10), ``seconds`` on own turns ``first`` to ``last``."""

_GAME = "sumodoku"
_PIECES_EACH = 40  # SU-1: 4 colours of 9 and 4 of the shared colour
_FIXED = ((1, 2, 3, 4), (5, 6, 7, 8), 9)
_COLOUR_NUMBERS = range(1, 10)  # the colours 1-9, in order
_UNSET = -1  # no cell (SumodokuState._moment), no player (SumodokuState._done)
_OWN_MISTAKE_WINS = "own_mistake_wins"  # the option of SU-8 that records name since its revision
_MOST_DIGITS = 100  # of the observer's chance as a fraction "p/q", or its decimal places
_FRACTION_TEXT = re.compile(rf"[0-9]{{1,{_MOST_DIGITS}}}/[0-9]{{1,{_MOST_DIGITS}}}")


# -- the board's geometry ------------------------------------------------------------------------


def _unit_cells(x: bool) -> tuple[tuple[int, ...], ...]:
    """Rows 0-8, columns 9-17, boxes 18-26, then the diagonals 27-28 with Sudoku X (SU-12)."""
    return unit_cells(x)


def _unit_name(unit: int) -> str:
    if unit < 9:
        return f"row {unit + 1}"
    if unit < 18:
        return f"column {unit - 8}"
    if unit < 27:
        return f"box {unit - 17}"
    return "the main diagonal" if unit == 27 else "the anti-diagonal"


@dataclass(frozen=True, slots=True)
class _Rules:
    """The options of one game, read once, and the board's geometry (never changed)."""

    random_colours: bool
    first: int
    tabletop: bool
    window: tuple[int, int]
    limits: tuple[tuple[int, int, float], ...]
    free: bool
    variants: Variants
    observer: Fraction
    own_mistakes: bool
    units: tuple[tuple[int, ...], ...]
    units_of: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    allowed: tuple[int, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    next_to: tuple[int, ...]


def _rules(
    *,
    random_colours: bool,
    first: int,
    tabletop: bool,
    window: tuple[int, int],
    limits: tuple[tuple[int, int, float], ...],
    free: bool,
    variants: Variants,
    observer: Fraction,
    own_mistakes: bool,
) -> _Rules:
    units = _unit_cells(variants.x)
    units_of: list[list[int]] = [[] for _ in range(81)]
    for number, unit in enumerate(units):
        for cell in unit:
            units_of[cell].append(number)
    peers = tuple(
        tuple(sorted({c for u in units_of[cell] for c in units[u]} - {cell})) for cell in range(81)
    )
    allowed = parity_masks(variants)
    neighbours = constrained_neighbours(variants)
    return _Rules(
        random_colours=random_colours,
        first=first,
        tabletop=tabletop,
        window=window,
        limits=limits,
        free=free,
        variants=variants,
        observer=observer,
        own_mistakes=own_mistakes,
        units=units,
        units_of=tuple(tuple(u) for u in units_of),
        peers=peers,
        allowed=allowed,
        neighbours=neighbours,
        next_to=next_to(variants),
    )


# -- the game ------------------------------------------------------------------------------------

_BOOL: dict[str, Any] = {"type": "boolean"}
_TURN: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 81}


@register
class Sumodoku(Game):
    """Sumodoku (rules SU-1 to SU-17, rulings SU-20 to SU-29) for two players.

    Engine player 0 is the rules' Player 1, engine player 1 is Player 2.

    Args:
        colour_assignment: ``"fixed"`` (default: Player 1 colours 1-4,
            Player 2 colours 5-8, colour 9 shared) or ``"random"`` (a chance
            node draws the split, SU-1).
        first_player: 1 or 2, who starts (SU-2; default 1).
        enforcement: ``"strict"`` (default: invalid placements are refused)
            or ``"tabletop"`` (they are played; SU-7 to SU-9 apply), SU-4.
        claim_window: ``[first, last]``, the own-turn numbers on which a
            claim is allowed (SU-10; default ``[16, 35]``), 1-81.
        claim_time_limits: ``[[first, last, seconds], ...]``: the seconds a
            claim may take on those own turns (SU-10; default
            ``[[16, 20, 960], [21, 25, 720], [26, 30, 480], [31, 35, 240]]``).
            Ranges must not overlap and must cover every turn of the window;
            seconds are a finite int or float > 0.
        free_colours: no colours assigned; one common supply (SU-11).
        x, parity, consecutive, strict_marks, non_consecutive: the variants
            (SU-12 to SU-14), in the keys and forms of the position's JSON
            form, combined as SU-17 allows.
        non_consecutive_marks, digits: the non-consecutive marks (SU-37)
            and the digit of each colour (SU-36), in the same keys and
            forms, combined as SU-36 and SU-37 allow.
        observer: 0-1 (default 0): the chance that the observer removes an
            unnoticed mistake the opponent has let pass, after a placement
            (SU-9, rulings SU-20, SU-28). Only with ``"tabletop"``. Read
            exactly: an int, a float (as written: ``0.1`` is 1/10), a
            :class:`~fractions.Fraction`, a :class:`~decimal.Decimal` or
            the text ``"p/q"``; :attr:`options` holds it as JSON can (the
            int or float, else ``"p/q"`` in lowest terms: ``Fraction(1, 3)``
            is ``"1/3"``, ``Decimal("0.25")`` is ``0.25``).
        own_mistake_wins: whether a player may win by finding their own
            unnoticed mistake (SU-8; default false: only the opponent's).

    Raises:
        GameOptionError: an unknown option or a bad value, naming the option
            (ruling SU-29): among them an observer or a claim's seconds that
            is NaN or infinite.
    """

    name: ClassVar[str] = _GAME
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "colour_assignment",
            "fixed",
            {"enum": ["fixed", "random"]},
            "fixed colours (1-4, 5-8, 9 shared) or a random split (SU-1)",
        ),
        OptionSpec("first_player", 1, {"enum": [1, 2]}, "who places first (SU-2)"),
        OptionSpec(
            "enforcement",
            "strict",
            {"enum": ["strict", "tabletop"]},
            "invalid placements refused (strict) or played and pointed out (tabletop), SU-4",
        ),
        OptionSpec(
            "claim_window",
            list(DEFAULT_CLAIM_WINDOW),
            {"type": "array", "items": _TURN, "minItems": 2, "maxItems": 2},
            "the own-turn numbers [first, last] on which a claim is allowed (SU-10)",
        ),
        OptionSpec(
            "claim_time_limits",
            [list(limit) for limit in DEFAULT_CLAIM_TIME_LIMITS],
            {
                "type": "array",
                "items": {
                    "type": "array",
                    "minItems": 3,
                    "maxItems": 3,
                    "prefixItems": [
                        _TURN,
                        _TURN,
                        {"type": "number", "exclusiveMinimum": 0},
                    ],
                },
            },
            "[[first, last, seconds], ...]: the time a claim may take (SU-10)",
        ),
        OptionSpec("free_colours", False, _BOOL, "one common supply, no colours (SU-11)"),
        OptionSpec("x", False, _BOOL, "Sudoku X: both diagonals hold 9 colours (SU-12)"),
        OptionSpec("parity", "", {"type": "string"}, "the odd/even marking (SU-13)"),
        OptionSpec(
            "consecutive",
            [],
            {"type": "array", "items": {"type": "string"}},
            "the borders marked consecutive, as 'r1c1-r1c2' (SU-14)",
        ),
        OptionSpec("strict_marks", False, _BOOL, "unmarked borders not consecutive (SU-14)"),
        OptionSpec("non_consecutive", False, _BOOL, "no neighbours consecutive (SU-14)"),
        OptionSpec(
            "non_consecutive_marks",
            [],
            {"type": "array", "items": {"type": "string"}},
            "the borders marked non-consecutive, as 'r1c1-r1c2' (SU-37)",
        ),
        OptionSpec(
            "digits",
            "123456789",
            {"type": "string"},
            "the digit of each colour 1-9 in turn, for parity and the marks (SU-36)",
        ),
        OptionSpec(
            "observer",
            0,
            {
                "anyOf": [
                    {"type": "number", "minimum": 0, "maximum": 1},
                    {"type": "string", "pattern": "^[0-9]+/[0-9]+$"},
                ]
            },
            "the chance the observer removes a mistake the opponent let pass (SU-9, tabletop)",
        ),
        OptionSpec(
            "own_mistake_wins",
            False,
            _BOOL,
            "finding one's own unnoticed mistake wins too (SU-8, the literal reading)",
        ),
    )

    def __init__(self, **options: JSONValue) -> None:
        if "observer" in options:
            options["observer"] = self._exact_observer(options["observer"])
        for name in ("claim_window", "claim_time_limits"):
            if name in options:
                self._check_numbers(name, options[name])
        super().__init__(**options)
        o = self._options
        self._rules = _rules(
            random_colours=o["colour_assignment"] == "random",
            first=int(o["first_player"]) - 1,  # type: ignore[arg-type]
            tabletop=o["enforcement"] == "tabletop",
            window=self._window(),
            limits=self._limits(),
            free=bool(o["free_colours"]),
            variants=self._variants(),
            observer=self._observer(),
            own_mistakes=bool(o["own_mistake_wins"]),
        )

    def _fail(self, option: str, reason: str) -> GameOptionError:
        return GameOptionError(self.name, option, reason)

    def _exact_observer(self, value: object) -> JSONValue:
        """The ``observer`` option's value in its JSON form (an int, a float or ``"p/q"``),
        checked: a chance from 0 to 1, finite, read exactly."""
        if isinstance(value, str):
            if not _FRACTION_TEXT.fullmatch(value):
                raise self._fail(
                    "observer", f"{quote(value)} is not a fraction 'p/q' (such as '1/3')"
                )
            if not int(value.partition("/")[2]):
                raise self._fail("observer", f"{quote(value)} has the denominator 0")
        elif isinstance(value, bool) or not isinstance(value, int | float | Fraction | Decimal):
            raise self._fail(
                "observer",
                f"{quote(value)} is not a number (an int, float, Fraction or Decimal) "
                "or a fraction 'p/q'",
            )
        elif (isinstance(value, float) and not math.isfinite(value)) or (
            isinstance(value, Decimal) and not value.is_finite()
        ):
            raise self._fail("observer", f"{value!r} is not a finite number from 0 to 1")
        elif isinstance(value, Decimal) and value and value.adjusted() < -_MOST_DIGITS:
            raise self._fail("observer", f"{value!r} has more than {_MOST_DIGITS} decimal places")
        chance = _chance(value)
        if not 0 <= chance <= 1:
            shown = quote(value) if isinstance(value, int | str) else repr(value)
            raise self._fail("observer", f"{shown} is not a chance from 0 to 1")
        if _is_int(value) or isinstance(value, float):
            return value  # type: ignore[return-value]
        if chance.denominator == 1:
            return int(chance)
        if _chance(float(chance)) == chance:
            return float(chance)
        return f"{chance.numerator}/{chance.denominator}"

    def _check_numbers(self, option: str, value: object) -> None:
        """Refuse, before the schema compares them, numbers of ``claim_window`` or
        ``claim_time_limits`` that are not JSON's (a Decimal, a Fraction) and seconds that
        are NaN or infinite; the schema judges the rest."""
        if not isinstance(value, list):
            return
        items = [(f"[{i}]: ", item) for i, item in enumerate(value)]
        if option == "claim_window":
            items = [("", value)]
        for where, item in items:
            if not isinstance(item, list):
                continue
            for place, number in enumerate(item):
                if isinstance(number, Number) and not isinstance(number, int | float):
                    what = "an int or float" if place == 2 else "an integer"
                    raise self._fail(option, f"{where}{number!r} is not {what}")
                if place == 2 and isinstance(number, float) and not math.isfinite(number):
                    raise self._fail(
                        option, f"{where}{number!r} is not a finite number of seconds > 0"
                    )

    def _window(self) -> tuple[int, int]:
        value = self._options["claim_window"]
        assert isinstance(value, list)
        for turn in value:
            if not _is_int(turn):
                raise self._fail("claim_window", f"{turn!r} is not an integer")
        first, last = value
        # Narrows the types for mypy; the loop above has refused a non-integer.
        assert isinstance(first, int) and isinstance(last, int)  # pragma: no mutate
        if first > last:
            raise self._fail("claim_window", f"the first turn {first} is after the last {last}")
        return first, last

    def _limits(self) -> tuple[tuple[int, int, float], ...]:
        value = self._options["claim_time_limits"]
        assert isinstance(value, list)
        limits: list[tuple[int, int, float]] = []
        for index, item in enumerate(value):
            assert isinstance(item, list)
            first, last, seconds = item
            for turn in (first, last):
                if not _is_int(turn):
                    raise self._fail("claim_time_limits", f"[{index}]: {turn!r} is not an integer")
            # Narrows the types for mypy; the loop above has refused a non-integer.
            assert isinstance(first, int) and isinstance(last, int)  # pragma: no mutate
            assert isinstance(seconds, int | float)
            if first > last:
                raise self._fail(
                    "claim_time_limits",
                    f"[{index}]: the first turn {first} is after the last {last}",
                )
            for earlier, (a, b, _) in enumerate(limits):
                if first <= b and a <= last:
                    raise self._fail(
                        "claim_time_limits",
                        f"[{index}]: turns {first}-{last} overlap [{earlier}], turns {a}-{b}",
                    )
            limits.append((first, last, seconds))
        low, high = self._window()
        for turn in range(low, high + 1):
            if not any(a <= turn <= b for a, b, _ in limits):
                raise self._fail(
                    "claim_time_limits",
                    f"turn {turn} of the claim window {low}-{high} has no time limit",
                )
        return tuple(sorted(limits))

    def _variants(self) -> Variants:
        o = self._options
        try:
            parity = Variants(parity=o["parity"]).parity  # type: ignore[arg-type]
        except DokuspecError as error:
            raise self._fail("parity", _reason(error)) from None
        try:
            marks = Variants(consecutive=o["consecutive"]).consecutive  # type: ignore[arg-type]
        except DokuspecError as error:
            raise self._fail("consecutive", _reason(error)) from None
        try:
            apart = Variants(
                non_consecutive_marks=o["non_consecutive_marks"]  # type: ignore[arg-type]
            ).non_consecutive_marks
        except DokuspecError as error:
            raise self._fail("non_consecutive_marks", _reason(error)) from None
        if o["non_consecutive"] and marks:
            raise self._fail(
                "non_consecutive", "contradicts the consecutive marks; choose one (SU-17)"
            )
        if o["strict_marks"] and not marks:
            raise self._fail(
                "strict_marks", "needs consecutive marks (or use non_consecutive), SU-17"
            )
        both = sorted(marks & apart)
        if both:
            raise self._fail(
                "non_consecutive_marks",
                f"the border {border_name(both[0])} is marked consecutive too; a border takes "
                "one mark (SU-37)",
            )
        if apart and (o["non_consecutive"] or o["strict_marks"]):
            already = "non_consecutive" if o["non_consecutive"] else "strict_marks"
            raise self._fail(
                "non_consecutive_marks",
                f"{already} already forbids consecutive digits across these borders; give the "
                "marks or it, not both (SU-37)",
            )
        try:  # only the digits are left to refuse (SU-36)
            return Variants(
                x=bool(o["x"]),
                parity=parity,
                consecutive=marks,
                strict_marks=bool(o["strict_marks"]),
                non_consecutive=bool(o["non_consecutive"]),
                non_consecutive_marks=apart,
                digits=o["digits"],  # type: ignore[arg-type]
            )
        except DokuspecError as error:
            raise self._fail("digits", _reason(error)) from None

    def _observer(self) -> Fraction:
        o = self._options
        chance = _chance(o["observer"])
        if chance and o["enforcement"] != "tabletop":
            raise self._fail(
                "observer",
                "the observer points out invalid placements, which only enforcement "
                "'tabletop' plays (SU-4, SU-9)",
            )
        if o["colour_assignment"] == "random" and o["free_colours"]:
            raise self._fail(
                "colour_assignment",
                "'random' assigns colours, but free_colours assigns none (SU-1, SU-11)",
            )
        return chance

    # -- the options, read -------------------------------------------------------------------

    @property
    def variants(self) -> Variants:
        """The variant rules in force (SU-12 to SU-14)."""
        return self._rules.variants

    @property
    def tabletop(self) -> bool:
        """Whether invalid placements are played (SU-4 ``"tabletop"``)."""
        return self._rules.tabletop

    @property
    def free_colours(self) -> bool:
        """Whether the players share one common supply (SU-11)."""
        return self._rules.free

    @property
    def observer(self) -> Fraction:
        """The chance the observer removes a mistake after a placement (SU-9)."""
        return self._rules.observer

    @property
    def claim_window(self) -> tuple[int, int]:
        """The own-turn numbers ``(first, last)`` on which a claim is allowed (SU-10)."""
        return self._rules.window

    def claim_time_limit(self, turn: int) -> float | None:
        """The seconds a claim may take on own turn ``turn``; ``None`` outside the window."""
        low, high = self._rules.window
        if not low <= turn <= high:
            return None
        return next(s for a, b, s in self._rules.limits if a <= turn <= b)

    # -- the protocol --------------------------------------------------------------------------

    def num_players(self) -> int:
        """2: Player 1 (0) and Player 2 (1)."""
        return 2

    def min_utility(self) -> float:
        """-1: the loser's return."""
        return -1

    def max_utility(self) -> float:
        """1: the winner's return."""
        return 1

    def max_game_length(self) -> int:
        """164 steps: the colour assignment, at most 81 placements (there are 81 pieces),
        an observer's node after each, and the final point-out, claim or concession."""
        return 1 + 81 + 81 + 1

    def new_initial_state(self, seed: int = 0) -> SumodokuState:
        """The empty board: the colour draw (chance) or the first player to move.

        ``seed``: an integer 0 to ``2**64 - 1``, as
        :meth:`~dokuspec.engine.base.Game.new_initial_state` takes it.
        """
        return SumodokuState(self, seed)

    def action_from_json(self, data: object) -> Action:
        """Read any of this game's actions from its JSON form (:meth:`Action.to_json`).

        Raises:
            RecordError: not the JSON form of an action; the message starts
                with the JSON path of the bad part (``$.row``).
        """
        return _read_action(data)


def _chance(value: object) -> Fraction:
    """A chance exactly: a float as it is written (``0.1`` is 1/10), ``"p/q"`` as the fraction."""
    if isinstance(value, float):
        return Fraction(repr(value))
    assert isinstance(value, int | str | Fraction | Decimal)
    return Fraction(value)


def _reason(error: DokuspecError) -> str:
    reason = getattr(error, "reason", None)
    return reason if isinstance(reason, str) else str(error)


@dataclass(frozen=True, slots=True)
class SumodokuResult:
    """The result of a finished game.

    Attributes:
        winner: the engine player who won, 0 (Player 1) or 1 (Player 2).
        reason: how, one of :data:`REASONS`.
        detail: one readable line: which piece, which rule, which filling.
    """

    winner: int
    reason: str
    detail: str

    def returns(self) -> tuple[int, int]:
        """``(1, -1)`` when Player 1 won, ``(-1, 1)`` otherwise."""
        return (1, -1) if self.winner == 0 else (-1, 1)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"winner": 1|2, "reason": ...}``: the game's own player numbers."""
        return {"winner": self.winner + 1, "reason": self.reason}


_COLOURS_NODE = "colours"
_OBSERVER_NODE = "observer"


class SumodokuState(State):
    """A Sumodoku game in progress.

    Use :meth:`Sumodoku.new_initial_state`; the protocol is documented on
    :class:`~dokuspec.engine.base.State`. Players are engine players 0 and
    1 (the rules' Player 1 and Player 2). Besides the protocol:
    :attr:`board`, :attr:`position`, :attr:`out`, :meth:`hand`,
    :meth:`colours`, :meth:`turn_number`, :meth:`valid_moves`,
    :meth:`has_valid_move`, :meth:`claim_open`, :meth:`claim_time_limit`,
    :meth:`unnoticed`, :meth:`point_out_target` and :attr:`result`.
    """

    def __init__(self, game: Sumodoku, seed: int) -> None:
        super().__init__(game, seed)
        rules = game._rules
        self._rules = rules
        nunits = len(rules.units)
        self._cells = bytearray(81)
        # Equivalent mutants on the next five lines: a longer _counts table holds the same
        # counts; bit 0 of a mask and index 0 of _supply stand for no colour and are never read;
        # _shared is only read as `self._shared or None`.
        self._counts = [0] * (nunits * 10)  # pieces of colour k in unit u  # pragma: no mutate
        self._masks = [0] * nunits  # bit k: colour k is in unit u  # pragma: no mutate
        self._cand = list(rules.allowed)  # per empty cell: the colours a placement may have
        self._hands = [[0] * 10, [0] * 10]  # by colour; unused with free colours
        self._owned = [0, 0]  # bit masks of each player's colours  # pragma: no mutate
        self._shared = 0  # pragma: no mutate
        self._out = [0] * 10
        self._supply = [0] + [9] * 9  # pieces not on the board, not out  # pragma: no mutate
        self._turns = [0, 0]
        self._to_move = rules.first
        self._node: str | None = _COLOURS_NODE if rules.random_colours else None
        self._mistakes: list[int] = []  # cells of unnoticed mistakes, in placement order
        self._by = bytearray(81)  # per cell: who placed its piece, player + 1 (0: empty)
        self._removed = [0, 0]  # each player's pieces the observer removed (SU-9)
        self._moment = _UNSET  # the last placement's cell while SU-7 may point it out
        self._done = _UNSET  # a player who placed all pieces, the last one invalid (SU-23)
        self._result: SumodokuResult | None = None
        if not rules.random_colours and not rules.free:
            self._assign(*_FIXED)
        if self._node is None:
            self._start_turn()

    def _assign(self, first: tuple[int, ...], second: tuple[int, ...], shared: int) -> None:
        for player, colours in enumerate((first, second)):
            hand = self._hands[player]
            for colour in colours:
                hand[colour] = 9
            hand[shared] = 4
            self._owned[player] = sum(1 << k for k in (*colours, shared))
        self._shared = shared

    def clone(self) -> SumodokuState:
        """An independent copy (the game and its rules are shared; they do not change)."""
        other = object.__new__(SumodokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._cells = bytearray(self._cells)
        other._counts = list(self._counts)
        other._masks = list(self._masks)
        other._cand = list(self._cand)
        other._hands = [list(self._hands[0]), list(self._hands[1])]
        other._owned = list(self._owned)
        other._out = list(self._out)
        other._supply = list(self._supply)
        other._turns = list(self._turns)
        other._mistakes = list(self._mistakes)
        other._by = bytearray(self._by)
        other._removed = list(self._removed)
        return other

    # -- reading the state ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The pieces on the board."""
        return Board(bytes(self._cells))

    @property
    def out(self) -> tuple[int, ...]:
        """Pieces out of the game per colour, ``out[k - 1]`` for colour ``k`` (SU-9)."""
        return tuple(self._out[1:])

    @property
    def position(self) -> Position:
        """The board with the variants in force and the pieces out of the game (SU-15)."""
        return Position(self.board, self._rules.variants, self.out)

    @property
    def result(self) -> SumodokuResult | None:
        """The result once the game is over, else ``None``."""
        return self._result

    def _player(self, player: object) -> int:
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"a player is an int 0 or 1, not {type(player).__name__}")
        self._check_player(player)
        return player

    def hand(self, player: int) -> tuple[int, ...]:
        """Pieces left per colour, ``hand(p)[k - 1]`` for colour ``k`` (SU-1).

        With free colours (SU-11), the common supply: the same for both.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        if self._rules.free:
            return tuple(self._supply[1:])
        return tuple(self._hands[player][1:])

    def colours(self, player: int) -> frozenset[int]:
        """The colours assigned to ``player`` (all nine with free colours; none before a
        random assignment is drawn), SU-1, SU-11.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        if self._rules.free:
            return frozenset(range(1, 10))
        mask = self._owned[player]
        return frozenset(k for k in _COLOUR_NUMBERS if mask >> k & 1)

    @property
    def spare(self) -> int | None:
        """The shared colour, whose ninth piece is the spare (SU-1); ``None`` before a random
        assignment and with free colours."""
        return self._shared or None

    def turn_number(self, player: int) -> int:
        """How many turns ``player`` has taken: placements and claims (ruling SU-25).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        return self._turns[self._player(player)]

    def _hand_mask(self, player: int) -> int:
        counts = self._supply if self._rules.free else self._hands[player]
        return sum(1 << colour for colour in _COLOUR_NUMBERS if counts[colour])

    def valid_moves(self, player: int) -> tuple[Place, ...]:
        """Every valid placement of ``player`` now, ordered by cell then colour.

        A piece of a colour the player still holds, on an empty cell, that
        breaks no rule with the pieces on the board (SU-3, SU-12 to SU-14);
        whoever's turn it is.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        hand = self._hand_mask(self._player(player))
        cells, cand = self._cells, self._cand
        moves: list[Place] = []
        for cell in range(81):
            if cells[cell]:
                continue
            mask = cand[cell] & hand
            if mask:
                base = cell * 10
                for colour in _COLOUR_NUMBERS:
                    if mask >> colour & 1:
                        moves.append(_PLACE[base + colour])  # type: ignore[arg-type]
        return tuple(moves)

    def has_valid_move(self, player: int) -> bool:
        """Whether ``player`` has a valid placement now (SU-6).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        return self._can_move(self._player(player))

    def _can_move(self, player: int) -> bool:
        hand = self._hand_mask(player)
        if not hand:
            return False
        cells, cand = self._cells, self._cand
        return any(cand[cell] & hand for cell in range(81) if not cells[cell])

    def unnoticed(self) -> tuple[Piece, ...]:
        """The unnoticed mistakes on the board, in the order they were placed (SU-7 to SU-9,
        ruling SU-22); always empty in strict enforcement."""
        return tuple(Piece(c // 9 + 1, c % 9 + 1, self._cells[c]) for c in self._mistakes)

    def point_out_target(self) -> Piece | None:
        """The opponent's last placement while it may be pointed out (SU-7), else ``None``."""
        cell = self._moment
        if cell < 0 or self._result is not None:
            return None
        return Piece(cell // 9 + 1, cell % 9 + 1, self._cells[cell])

    def claim_open(self, player: int) -> bool:
        """Whether ``player`` may claim now (SU-10): their turn, own turn number in the
        claim window (and not while answering an invalid last piece, ruling SU-23).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        return self._claim_open(player)

    def _claim_open(self, player: int) -> bool:
        if self._result is not None or self._node is not None or self._to_move != player:
            return False
        if self._done >= 0:
            return False
        low, high = self._rules.window
        return low <= self._turns[player] + 1 <= high

    def claim_time_limit(self, player: int) -> float | None:
        """The seconds a claim by ``player`` may take now (SU-10); ``None`` when they may
        not claim.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        if not self.claim_open(player):
            return None
        game = self._game
        assert isinstance(game, Sumodoku)
        return game.claim_time_limit(self._turns[player] + 1)

    # -- whose turn ----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act; :data:`CHANCE` for the colour draw and the observer;
        :data:`TERMINAL` once the game is over."""
        if self._result is not None:
            return TERMINAL
        if self._node is not None:
            return CHANCE
        return self._to_move

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The colour draw: each of the 630 splits with probability 1/630 (SU-1). The
        observer: each of the ``n`` unnoticed mistakes the opponent has let pass (all but
        the last placement, which the opponent may still point out) with ``observer / n``,
        silence with the rest (SU-9, rulings SU-20, SU-28)."""
        if self._result is not None or self._node is None:
            return ()
        if self._node == _COLOURS_NODE:
            return _COLOURS_OUTCOMES
        chance = self._rules.observer
        passed = self._passed()
        each = chance / len(passed)
        found: list[tuple[Action, Fraction]] = [(_OBSERVE[c], each) for c in passed]
        if chance < 1:
            found.append((_SILENT, 1 - chance))
        return tuple(found)

    def _passed(self) -> list[int]:
        """The unnoticed mistakes the opponent has let pass: every one but the last placement
        while SU-7 may still point it out (SU-9)."""
        return [c for c in self._mistakes if c != self._moment]

    def _may_find(self, player: int, cell: int) -> bool:
        """Whether ``player`` may find the unnoticed mistake on ``cell`` now (SU-8, ruling
        SU-21): not the last placement, and the opponent's unless ``own_mistake_wins``."""
        return cell != self._moment and (self._rules.own_mistakes or self._by[cell] != player + 1)

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        if self._node is not None:
            return ()
        found: list[Action] = []
        if self._done < 0 and self._can_move(player):
            if self._rules.tabletop:
                found.extend(self._placements(player))
            else:
                found.extend(self.valid_moves(player))
        if self._moment >= 0:
            found.append(_POINT_OUT[self._moment])
        found.extend(_FIND[c] for c in sorted(self._mistakes) if self._may_find(player, c))
        if self._done >= 0 or not self._can_move(player):
            found.append(_CONCEDE)
        return tuple(found)

    def _placements(self, player: int) -> list[Action]:
        """Tabletop: every own piece on every empty cell (SU-4)."""
        hand = self._hand_mask(player)
        colours = [k for k in _COLOUR_NUMBERS if hand >> k & 1]
        cells = self._cells
        return [
            _PLACE[cell * 10 + k]  # type: ignore[misc]
            for cell in range(81)
            if not cells[cell]
            for k in colours
        ]

    def _open_actions(self, player: int) -> tuple[str, ...]:
        return ("claim",) if self._claim_open(player) else ()

    def _accepts_open(self, player: int, action: Action) -> bool:
        return type(action) is Claim and self._claim_open(player)

    def _may_place(self, player: int, action: Place) -> bool:
        """Whether the placement is legal at a player's node: exactly the placements
        :meth:`_legal_actions` lists."""
        if self._done >= 0:
            return False
        cell, colour = action.cell, action.colour
        if self._cells[cell]:
            return False
        if self._rules.free:
            if not self._supply[colour]:
                return False
        elif not self._hands[player][colour]:
            return False
        if self._cand[cell] >> colour & 1:
            return True
        return self._rules.tabletop and self._can_move(player)

    def apply_action(self, action: Action) -> None:
        """Apply one action, as :meth:`State.apply_action` does.

        A player's placement is judged by the rules directly instead of being
        looked up in :meth:`legal_actions`, and refused with the same error;
        any other action goes through :meth:`State.apply_action`.
        """
        player = self.current_player()
        # A fast path for a player's placement. Its mutants that skip it are equivalent:
        # State.apply_action then judges the placement by the same rules.
        if player >= 0 and type(action) is Place:  # pragma: no mutate
            if not self._may_place(player, action):
                reason = self._illegal_reason(player, action)
                raise IllegalActionError(self._game.name, action, player, reason)
            self._apply(player, action)
            self._history.append(HistoryEntry(player, (action,)))
            return
        super().apply_action(action)

    # -- applying actions ------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            self._place(player, action.cell, action.colour)
        elif kind is Observe:
            assert isinstance(action, Observe)
            self._observe((action.row - 1) * 9 + action.col - 1)
        elif kind is Silent:
            self._node = None
            self._start_turn()
        elif kind is Colours:
            assert isinstance(action, Colours)
            self._assign(action.player1, action.player2, action.shared)
            self._node = None
            self._start_turn()
        elif kind is Claim:
            assert isinstance(action, Claim)
            self._turns[player] += 1
            self._judge_claim(player, action)
        elif kind is PointOut:
            cell = self._moment
            self._finish(
                player,
                "pointed-out",
                f"Player {player + 1} pointed out the invalid placement {self._name(cell)} "
                f"of Player {2 - player}: {self._why(cell)}",
            )
        elif kind is FindMistake:
            assert isinstance(action, FindMistake)
            cell = (action.row - 1) * 9 + action.col - 1
            owner = self._by[cell] - 1
            found = (
                f"their own mistake {self._name(cell)}"
                if owner == player
                else f"the mistake {self._name(cell)} of Player {owner + 1}"
            )
            self._finish(
                player, "mistake-found", f"Player {player + 1} found {found}: {self._why(cell)}"
            )
        elif self._done >= 0:  # Concede, answering an invalid last piece (ruling SU-23)
            self._finish(
                self._done,
                "all-pieces-played",
                f"Player {self._done + 1} placed all {_PIECES_EACH} pieces; "
                f"Player {player + 1} conceded",
            )
        else:  # Concede with no valid move (SU-6, ruling SU-24)
            self._finish(
                1 - player,
                "no-valid-move",
                f"Player {player + 1} had no valid move and conceded",
            )

    def _name(self, cell: int) -> str:
        return f"{cell_name(cell)}={self._cells[cell]}"

    def _put(self, cell: int, colour: int) -> None:
        rules = self._rules
        self._cells[cell] = colour
        counts, masks = self._counts, self._masks
        bit = 1 << colour
        for unit in rules.units_of[cell]:
            counts[unit * 10 + colour] += 1
            masks[unit] |= bit
        cand = self._cand
        for peer in rules.peers[cell]:
            cand[peer] &= ~bit
        near = rules.next_to[colour]
        for other, kind in rules.neighbours[cell]:
            cand[other] &= near if kind == MARKED else ~near

    def _take(self, cell: int) -> None:
        rules = self._rules
        colour = self._cells[cell]
        self._cells[cell] = 0
        counts, masks = self._counts, self._masks
        for unit in rules.units_of[cell]:
            index = unit * 10 + colour
            counts[index] -= 1
            if not counts[index]:
                masks[unit] &= ~(1 << colour)
        for other in (cell, *rules.peers[cell], *(o for o, _ in rules.neighbours[cell])):
            self._cand[other] = self._candidates(other)

    def _candidates(self, cell: int) -> int:
        rules = self._rules
        mask = rules.allowed[cell]
        for unit in rules.units_of[cell]:
            mask &= ~self._masks[unit]
        cells = self._cells
        for other, kind in rules.neighbours[cell]:
            colour = cells[other]
            if colour:
                near = rules.next_to[colour]
                mask &= near if kind == MARKED else ~near
        return mask & ALL_COLOURS

    def _breaks(self, cell: int) -> bool:
        """Whether the piece on ``cell`` breaks a rule with the other pieces (ruling SU-22)."""
        rules = self._rules
        colour = self._cells[cell]
        if not rules.allowed[cell] >> colour & 1:
            return True
        if any(self._counts[u * 10 + colour] > 1 for u in rules.units_of[cell]):
            return True
        for other, kind in rules.neighbours[cell]:
            near = self._cells[other]
            if near and bool(rules.next_to[colour] >> near & 1) != (kind == MARKED):
                return True
        return False

    def _why(self, cell: int) -> str:
        """The first rule the piece on ``cell`` breaks with the other pieces."""
        return self._conflict(cell, self._cells[cell], counts_include_self=True)

    def _conflict(self, cell: int, colour: int, *, counts_include_self: bool = False) -> str:
        """Why a piece of ``colour`` on ``cell`` breaks a rule (the cell's own piece, if any,
        is never the other piece named)."""
        rules = self._rules
        digits = rules.variants.digits
        if not rules.allowed[cell] >> colour & 1:
            parity = "an odd" if rules.variants.parity[cell] == "o" else "an even"
            digit = "" if digits[colour - 1] == str(colour) else f" (digit {digits[colour - 1]})"
            return f"{cell_name(cell)} is {parity} cell, colour {colour}{digit} is not (SU-13)"
        least = 2 if counts_include_self else 1
        for unit in rules.units_of[cell]:
            if self._counts[unit * 10 + colour] >= least:
                other = next(c for c in rules.units[unit] if c != cell and self._cells[c] == colour)
                rule = "SU-12" if unit >= 27 else "SU-3"
                return (
                    f"colour {colour} is already in {_unit_name(unit)} ({cell_name(other)}), {rule}"
                )
        for other, kind in rules.neighbours[cell]:
            near = self._cells[other]
            if not near:
                continue
            border = border_name((min(cell, other), max(cell, other)))
            pair = f"{colour} and {near}"
            if digits != "123456789":
                pair += f" (digits {digits[colour - 1]} and {digits[near - 1]})"
            consecutive = bool(rules.next_to[colour] >> near & 1)
            if kind == MARKED and not consecutive:
                return f"{border} is marked consecutive but would hold {pair} (SU-14)"
            if kind == MARKED_NON_CONSECUTIVE and consecutive:
                return f"{border} is marked non-consecutive but would hold {pair} (SU-37)"
            if kind != MARKED and consecutive:
                return f"{border} is not marked but would hold the consecutive {pair} (SU-14)"
        # Unreachable: _why and _place_reason only ask about pieces that break a rule.
        return "it breaks no rule"  # pragma: no mutate

    def _place(self, player: int, cell: int, colour: int) -> None:
        rules = self._rules
        valid = bool(self._cand[cell] >> colour & 1)
        self._put(cell, colour)
        self._by[cell] = player + 1
        if not rules.free:
            self._hands[player][colour] -= 1
        self._supply[colour] -= 1
        self._turns[player] += 1
        self._moment = _UNSET
        if not valid:
            self._mistakes.append(cell)
            self._moment = cell
        self._to_move = 1 - player
        if not rules.free and not any(self._hands[player]) and not self._removed[player]:
            if valid:
                self._finish(
                    player,
                    "all-pieces-played",
                    f"Player {player + 1} placed all {_PIECES_EACH} pieces (SU-5)",
                )
                return
            self._done = player
        if rules.observer and self._passed():
            self._node = _OBSERVER_NODE
            return
        self._start_turn()

    def _observe(self, cell: int) -> None:
        colour = self._cells[cell]
        name = self._name(cell)
        owner = self._by[cell] - 1
        self._take(cell)
        self._by[cell] = 0
        self._out[colour] += 1
        self._removed[owner] += 1  # not placed for SU-5 any more
        if self._done == owner:
            self._done = _UNSET
        self._mistakes = [c for c in self._mistakes if c != cell and self._breaks(c)]
        if self._moment >= 0 and self._moment not in self._mistakes:
            self._moment = _UNSET
        self._node = None
        if self._done >= 0 and self._moment < 0:
            self._finish(
                self._done,
                "all-pieces-played",
                f"Player {self._done + 1} placed all {_PIECES_EACH} pieces (SU-5); the last "
                f"one is valid once the observer removed {name}",
            )
            return
        self._start_turn()

    def _start_turn(self) -> None:
        """SU-6: a player with no valid move and nothing else to do loses at once."""
        player = self._to_move
        if self._can_move(player):
            return
        # A placement that may still be pointed out (SU-7), an invalid last piece among them
        # (ruling SU-23), is one of the unnoticed mistakes.
        findable = any(self._may_find(player, c) for c in self._mistakes)
        if self._moment >= 0 or findable or self._claim_open(player):
            return  # they may point out, find a mistake or claim; or concede
        self._finish(
            1 - player,
            "no-valid-move",
            f"Player {player + 1} has no valid move; Player {2 - player} made the last one",
        )

    def _finish(self, winner: int, reason: str, detail: str) -> None:
        # Only ever called at a player's node (_observe leaves the observer's node first).
        self._result = SumodokuResult(winner, reason, detail)

    def _judge_claim(self, player: int, claim: Claim) -> None:
        """SU-10, rulings SU-26, SU-27: the filling and the time, judged directly."""
        failure = self._claim_failure(player, claim)
        if failure is None:
            self._finish(
                player,
                "claim-succeeded",
                f"Player {player + 1} completed the board in {claim.seconds:g} s",
            )
        else:
            self._finish(1 - player, "claim-failed", f"Player {player + 1}'s claim: {failure}")

    def _claim_failure(self, player: int, claim: Claim) -> str | None:
        filling = claim.filling.cells
        cells = self._cells
        for cell in range(81):
            if cells[cell] and filling[cell] != cells[cell]:
                shown = filling[cell] or "nothing"
                return f"the filling has {shown} on {self._name(cell)}"
        for cell in range(81):
            if not filling[cell]:
                return f"the filling leaves {cell_name(cell)} empty"
        for colour in range(1, 10):
            added = filling.count(colour) - cells.count(colour)
            if added != self._supply[colour]:
                left = self._supply[colour]
                out = self._out[colour]
                tail = f" ({out} out of the game)" if out else ""
                return (
                    f"the filling adds {added} pieces of colour {colour}, but {left} remain{tail}"
                )
        broken = violations(claim.filling, self._rules.variants)
        if broken:
            return f"the filling breaks {broken[0].rule}: {broken[0].message}"
        game = self._game
        assert isinstance(game, Sumodoku)
        limit = game.claim_time_limit(self._turns[player])
        assert limit is not None
        if claim.seconds > limit:
            return (
                f"{claim.seconds:g} s is over the {limit:g} s allowed on own turn "
                f"{self._turns[player]}"
            )
        return None

    def returns(self) -> tuple[float, ...]:
        """``(1, -1)`` or ``(-1, 1)`` once finished; ``(0, 0)`` before."""
        if self._result is None:
            return (0, 0)
        return self._result.returns()

    # -- why an action is illegal --------------------------------------------------------------

    def _illegal_reason(self, player: int, action: Action) -> str:
        kind = type(action)
        if player == CHANCE:
            if kind in (Colours, Observe, Silent):
                if self._node == _COLOURS_NODE:
                    return "the colours are being drawn; this is not one of the splits"
                return "this is not an unnoticed mistake the observer may remove (SU-9)"
            return "the colours or the observer (chance) act here, not a player"
        if kind in (Colours, Observe, Silent):
            return f"{action} is a chance outcome, not a player's action"
        if kind is Place:
            assert isinstance(action, Place)
            return self._place_reason(player, action)
        if kind is Claim:
            low, high = self._rules.window
            if self._done >= 0:
                return self._done_reason()
            return (
                f"a claim is allowed on own turns {low}-{high} (SU-10); this would be "
                f"Player {player + 1}'s turn {self._turns[player] + 1}"
            )
        if not self._rules.tabletop and kind in (PointOut, FindMistake):
            return "only enforcement 'tabletop' plays invalid placements to point out (SU-4)"
        if kind is PointOut:
            assert isinstance(action, PointOut)
            if self._moment < 0:
                return (
                    "only an invalid last placement of the opponent may be pointed out, "
                    "right after it (SU-7); there is none"
                )
            return (
                f"the opponent's last placement is {self._name(self._moment)}, "
                f"not on r{action.row}c{action.col} (SU-7)"
            )
        if kind is FindMistake:
            assert isinstance(action, FindMistake)
            cell = (action.row - 1) * 9 + action.col - 1
            if cell == self._moment:
                return (
                    f"{self._name(cell)} is the opponent's last placement: point it out "
                    "(SU-7, ruling SU-21)"
                )
            if cell in self._mistakes:
                return (
                    f"{self._name(cell)} is Player {player + 1}'s own mistake: only the "
                    "opponent's may be found (SU-8; option own_mistake_wins)"
                )
            return f"r{action.row}c{action.col} holds no unnoticed mistake (SU-8, ruling SU-22)"
        if kind is Concede:
            return "conceding is allowed only with no valid move to make (ruling SU-24)"
        return "not an action of this game"

    def _done_reason(self) -> str:
        return (
            f"Player {self._done + 1} placed all {_PIECES_EACH} pieces, the last one invalid: "
            "point it out (SU-7), find a mistake (SU-8) or concede (ruling SU-23)"
        )

    def _place_reason(self, player: int, action: Place) -> str:
        if self._done >= 0:
            return self._done_reason()
        cell, colour = action.cell, action.colour
        if self._cells[cell]:
            return f"{cell_name(cell)} already holds colour {self._cells[cell]}"
        if self._rules.free:
            if not self._supply[colour]:
                return f"no piece of colour {colour} is left in the supply (SU-11)"
        elif not self._owned[player] >> colour & 1:
            mine = "".join(str(k) for k in _COLOUR_NUMBERS if self._owned[player] >> k & 1)
            return f"colour {colour} is not Player {player + 1}'s (their colours: {mine}), SU-1"
        elif not self._hands[player][colour]:
            return f"Player {player + 1} has no piece of colour {colour} left"
        if not self._can_move(player):
            return f"Player {player + 1} has no valid move (SU-6, ruling SU-24)"
        return f"invalid placement: {self._conflict(cell, colour)}"

    # -- what the players see ----------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """Everything, the same for both players (perfect information).

        ``data`` is ``{"player": 1|2, "board": "<81>", "out": [9 counts],
        "hands": [[9 counts], [9 counts]], "colours": [[...], [...]],
        "turns": [n1, n2], "to_move": 1|2|"chance"|null,
        "unnoticed": ["r1c2=3", ...], "point_out": "r1c2=3"|null,
        "claim_open": bool, "claim_time_limit": s|null,
        "result": {"winner", "reason", "detail"}|null}`` (players in the
        game's numbers 1 and 2); ``text`` draws the board in 80 columns.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        data = self._public()
        data["player"] = player + 1
        return Observation(player, data, self._text())

    def _public(self) -> dict[str, JSONValue]:
        current = self.current_player()
        to_move: JSONValue = None
        if current >= 0:
            to_move = current + 1
        elif current == CHANCE:
            to_move = "chance"
        target = self.point_out_target()
        result = self._result
        mover = current if current >= 0 else None
        limit = self.claim_time_limit(mover) if mover is not None else None
        return {
            "board": str(self.board),
            "out": list[JSONValue](self.out),
            "hands": [list[JSONValue](self.hand(p)) for p in (0, 1)],
            "colours": [list[JSONValue](sorted(self.colours(p))) for p in (0, 1)],
            "turns": list[JSONValue](self._turns),
            "to_move": to_move,
            "unnoticed": [str(piece) for piece in self.unnoticed()],
            "point_out": None if target is None else str(target),
            "claim_open": mover is not None and self._claim_open(mover),
            "claim_time_limit": limit,
            "result": None
            if result is None
            else {"winner": result.winner + 1, "reason": result.reason, "detail": result.detail},
        }

    def _text(self) -> str:
        rules = self._rules
        mode = "tabletop" if rules.tabletop else "strict"
        names = [mode, *self._rules.variants.names(), *(["free colours"] if rules.free else [])]
        lines = ["Sumodoku"]
        for name in names:  # the title, in lines of at most 80 columns
            if len(lines[-1]) + len(name) + 3 <= 80:
                lines[-1] += ", " + name
            else:
                lines[-1] += ","
                lines.append("  " + name)
        mistakes = set(self._mistakes)
        lines.append("     1 2 3   4 5 6   7 8 9")
        rule = "   +-------+-------+-------+"
        for row in range(9):
            if row % 3 == 0:
                lines.append(rule)
            parts = []
            for col in range(9):
                cell = row * 9 + col
                value = self._cells[cell]
                mark = "." if not value else str(value)
                parts.append(mark + ("!" if cell in mistakes else " "))
            text = "".join(("| " if col % 3 == 0 else "") + parts[col] for col in range(9))
            lines.append(f" {row + 1} {text}|")
        lines.append(rule)
        for player in (0, 1):
            hand = self.hand(player)
            left = " ".join(f"{k}:{n}" for k, n in enumerate(hand, start=1) if n)
            who = "supply" if rules.free else f"Player {player + 1}"
            if rules.free and player == 1:
                break
            lines.append(f"{who}: {left or 'nothing'}")
        lines.append(f"Turns taken: Player 1 {self._turns[0]}, Player 2 {self._turns[1]}")
        if any(self._out):
            lines.append(
                "Out of the game: " + " ".join(f"{k}:{n}" for k, n in enumerate(self._out) if n)
            )
        if self._mistakes:
            lines.append("Unnoticed mistakes (!): " + " ".join(str(p) for p in self.unnoticed()))
        current = self.current_player()
        if self._result is not None:
            lines.append(f"Player {self._result.winner + 1} won: {self._result.reason}")
            lines.append(self._result.detail)
        elif current == CHANCE:
            lines.append(
                "The colours are drawn" if self._node == _COLOURS_NODE else "The observer looks"
            )
        else:
            status = f"Player {current + 1} to move, own turn {self._turns[current] + 1}"
            limit = self.claim_time_limit(current)
            if limit is not None:
                status += f"; may claim within {limit:g} s"
            lines.append(status)
        return "\n".join(line[:80] for line in lines)

    def __str__(self) -> str:
        return self._text()

    def _repr_svg_(self) -> str:
        """The position as SVG, for Jupyter: :meth:`Position._repr_svg_`."""
        return self.position._repr_svg_()

    def resample_from_infostate(self, player: int, rng: random.Random) -> SumodokuState:
        """A clone: Sumodoku has no hidden information.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        return self.clone()
