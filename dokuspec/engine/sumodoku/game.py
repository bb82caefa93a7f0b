"""The game of Sumodoku: its options, checked and read once, and the rules in force
(SU-1 to SU-17, SU-29); :class:`Sumodoku` makes the states of
:mod:`dokuspec.engine.sumodoku.state`."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from numbers import Number
from typing import TYPE_CHECKING, Any, ClassVar

from dokuspec.engine.base import (
    Action,
    Game,
    GameOptionError,
    JSONValue,
    OptionSpec,
    register,
)
from dokuspec.engine.sumodoku.actions import (
    _is_int,
    _read_action,
)
from dokuspec.engine.sumodoku.rules import (
    constrained_neighbours,
    next_to,
    parity_masks,
    unit_cells,
)
from dokuspec.errors import DokuspecError, quote
from dokuspec.vocabulary.sumodoku import (
    Variants,
    border_name,
)

if TYPE_CHECKING:
    from dokuspec.engine.sumodoku.state import SumodokuState

__all__ = [
    "DEFAULT_CLAIM_TIME_LIMITS",
    "DEFAULT_CLAIM_WINDOW",
    "Sumodoku",
]

DEFAULT_CLAIM_WINDOW = (16, 35)
"""The own-turn numbers on which a claim is allowed (SU-10)."""

DEFAULT_CLAIM_TIME_LIMITS = ((16, 20, 960), (21, 25, 720), (26, 30, 480), (31, 35, 240))
"""The time allowed for a claim (SU-10), ``seconds`` on own turns ``first`` to ``last``."""

_GAME = "sumodoku"
_PIECES_EACH = 40  # SU-1: 4 colours of 9 and 4 of the shared colour
_FIXED = ((1, 2, 3, 4), (5, 6, 7, 8), 9)
_COLOUR_NUMBERS = range(1, 10)  # the colours 1-9, in order
_COLOURS_NODE = "colours"  # the phases of SumodokuState._node at a chance node
_OBSERVER_NODE = "observer"
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


@functools.lru_cache(maxsize=64)  # a _Rules never changes: games of one option set share it
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
        from dokuspec.engine.sumodoku.state import SumodokuState  # noqa: PLC0415 - it imports this

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
