"""Two-Doku deals checked: every rule a deal breaks, and the balance options (TD-1 to TD-4,
TD-15).

* :func:`validate`: every rule a :class:`~dokuspec.vocabulary.twodoku.Deal`
  breaks, each a :class:`Violation` with a stable code
  (:data:`VIOLATION_CODES`) and a sentence; with a :class:`Balance`, the
  balance options of TD-15 too.
* :class:`Balance`: the balance options a deal may be asked to meet, read
  from keyword options or from text (``max_digit_count_gap=1``), and
  :data:`DEAL_METHODS`, the ways a deal meets them.

Checking a deal needs neither the solvers nor the engine, so that
``dokuspec twodoku validate`` starts fast; drawing deals is in
:mod:`dokuspec.twodoku.deals`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

from dokuspec.errors import DokuspecError, quote
from dokuspec.spec.twodoku import deals as spec
from dokuspec.vocabulary.twodoku import DIGITS, HIGH_DIGITS, Deal

if TYPE_CHECKING:  # the engine loads for an option's error only
    from dokuspec.engine.base import GameOptionError

__all__ = [
    "BALANCE_OPTIONS",
    "DEAL_METHODS",
    "VIOLATION_CODES",
    "Balance",
    "BalanceError",
    "DealMethod",
    "Violation",
    "as_balance",
    "option_error",
    "validate",
]

VIOLATION_CODES: Final = spec.VIOLATION_CODES
"""Every code :func:`validate` can report, in the order it checks them (see
:data:`dokuspec.spec.twodoku.deals.VIOLATION_CODES` for what each means)."""

BALANCE_OPTIONS: Final = ("max_digit_count_gap", "equal_high_count")
"""The balance options of a deal beyond equal sums (TD-15), each off by default."""

DealMethod: TypeAlias = Literal["solver", "rejection"]

DEAL_METHODS: Final[tuple[DealMethod, ...]] = ("solver", "rejection")
"""How :func:`dokuspec.twodoku.deals.deal` meets balance options, by the count model's solver
or by rejection."""

_OPTION_NAMES: Final = ", ".join(BALANCE_OPTIONS)


def option_error(option: str, reason: str) -> GameOptionError:
    """A bad option of a deal, named as the engine names its options' errors
    (:class:`~dokuspec.engine.base.GameOptionError`)."""
    from dokuspec.engine.base import GameOptionError  # noqa: PLC0415 - see the imports above

    return GameOptionError("twodoku", option, reason)


class BalanceError(DokuspecError):
    """No balanced deal was found within the budget (attempts, redraws or solver time).

    The message says which budget ran out and how to give more.
    """


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule a deal breaks.

    Attributes:
        code: a stable code from :data:`VIOLATION_CODES` (``"unequal-sums"``).
        message: a sentence naming the squares, digits or counts at fault and the rule.
    """

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


# -- balance options --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Balance:
    """Balance options of a deal beyond equal sums (TD-15), all off by default.

    Attributes:
        max_digit_count_gap: for every digit, the two piles' counts of it
            differ by at most this (an int 0 or more), or ``None`` (off).
        equal_high_count: both piles hold equally many dominoes of 7, 8 and
            9 together.

    ``str`` gives the options that are on, ``max_digit_count_gap=2,
    equal_high_count`` (``off`` when none is); :meth:`parse` reads it back.

    Raises:
        TypeError: a gap that is not an int (or None), or a flag that is not a bool.
        GameOptionError: a negative gap.
    """

    max_digit_count_gap: int | None = None
    equal_high_count: bool = False

    def __post_init__(self) -> None:
        gap = self.max_digit_count_gap
        if gap is not None:
            if isinstance(gap, bool) or not isinstance(gap, int):
                raise TypeError(f"max_digit_count_gap is an int or None, not {type(gap).__name__}")
            if gap < 0:
                raise option_error("max_digit_count_gap", f"is 0 or more, not {gap}")
        if not isinstance(self.equal_high_count, bool):
            raise TypeError(
                f"equal_high_count is a bool, not {type(self.equal_high_count).__name__}"
            )

    @property
    def active(self) -> bool:
        """Whether any option is on."""
        return self.max_digit_count_gap is not None or self.equal_high_count

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Balance:
        """The balance of named options: ``{"max_digit_count_gap": 2, "equal_high_count": True}``.

        Raises:
            TypeError: ``options`` is not a mapping, or a value of the wrong type.
            GameOptionError: an unknown option name, or a negative gap.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options is a mapping, not {type(options).__name__}")
        for name in options:
            if name not in BALANCE_OPTIONS:
                raise option_error(
                    quote(name), f"unknown balance option; the options are {_OPTION_NAMES}"
                )
        return cls(
            max_digit_count_gap=options.get("max_digit_count_gap"),
            equal_high_count=options.get("equal_high_count", False),
        )

    @classmethod
    def parse(cls, text: str) -> Balance:
        """Read the form ``str(balance)`` writes: options separated by commas, ``off`` (or
        nothing) for none.

        ``max_digit_count_gap=2`` sets the gap; ``equal_high_count`` (or
        ``equal_high_count=true``/``false``) the flag.

        Raises:
            TypeError: ``text`` is not a str.
            GameOptionError: an unknown option, an option given twice or a
                value that cannot be read.
        """
        if not isinstance(text, str):
            raise TypeError(f"Balance.parse() takes a str, not {type(text).__name__}")
        options: dict[str, object] = {}
        stripped = text.strip()
        if stripped.lower() in ("", "off", "none"):
            return cls()
        for part in stripped.split(","):
            name, equals, value = (piece.strip() for piece in part.partition("="))
            if name in options:
                raise option_error(name, "is given twice; give each option once")
            if name == "max_digit_count_gap":
                if not equals or not value.isdigit() or not value.isascii():
                    raise option_error(
                        "max_digit_count_gap", f"takes a whole number 0 or more, not {quote(value)}"
                    )
                options[name] = int(value)
            elif name == "equal_high_count":
                if equals and value.lower() not in ("true", "false"):
                    raise option_error("equal_high_count", f"is true or false, not {quote(value)}")
                options[name] = not equals or value.lower() == "true"
            else:
                raise option_error(
                    quote(name), f"unknown balance option; the options are {_OPTION_NAMES}"
                )
        return cls.from_options(options)

    def __str__(self) -> str:
        parts = []
        if self.max_digit_count_gap is not None:
            parts.append(f"max_digit_count_gap={self.max_digit_count_gap}")
        if self.equal_high_count:
            parts.append("equal_high_count")
        return ",".join(parts) or "off"

    def is_met(self, red: Sequence[int], blue: Sequence[int]) -> bool:
        """Whether two piles of digits meet every option that is on (TD-15)."""
        gap = self.max_digit_count_gap
        if gap is not None:
            for digit in DIGITS:
                if abs(red.count(digit) - blue.count(digit)) > gap:
                    return False
        if self.equal_high_count:
            red_high = sum(red.count(d) for d in HIGH_DIGITS)
            if red_high != sum(blue.count(d) for d in HIGH_DIGITS):
                return False
        return True


def as_balance(balance: Balance | None) -> Balance:
    if balance is None:
        return Balance()
    if not isinstance(balance, Balance):
        raise TypeError(f"balance is a Balance or None, not {type(balance).__name__}")
    return balance


# -- validation -------------------------------------------------------------------------------


def validate(deal: Deal, balance: Balance | None = None) -> tuple[Violation, ...]:
    """Every rule ``deal`` breaks; empty for a valid deal (TD-1 to TD-4, TD-15).

    Checked in the order of :data:`VIOLATION_CODES`: the colourings (36
    distinct squares each, on the board), the face-down dominoes (8, four
    placed by each player, on distinct white squares), the digits (1-9), the
    sizes of pot and piles (2, 40, 40), ten of each digit across face-down
    dominoes, pot and piles (one violation per digit off, naming how many
    it has), equal pile sums, and with ``balance`` its options.

    Args:
        deal: the deal (any ints may stand in it: the constructor checks types only).
        balance: balance options to check as well (TD-15); ``None``: none.

    Returns:
        The violations in code order.

    Raises:
        TypeError: ``deal`` is not a Deal, or ``balance`` not a Balance.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"validate() takes a Deal, not {type(deal).__name__}")
    options = as_balance(balance)
    found = spec.deal_violations(
        deal.red_squares,
        deal.blue_squares,
        [(f.row, f.col, f.digit, f.placed_by) for f in deal.face_down],
        deal.pot,
        deal.red,
        deal.blue,
        max_digit_count_gap=options.max_digit_count_gap,
        equal_high_count=options.equal_high_count,
    )
    return tuple(Violation(code, message) for code, message in found)


# -- exact counts ---------------------------------------------------------------------------
