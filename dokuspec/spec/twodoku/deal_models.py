"""Two-Doku's deal as constraint models (TD-1 to TD-4, TD-15) over :mod:`dokuspec.spec.model`.

The rules of :func:`~dokuspec.spec.twodoku.deals.deal_violations`, said again
as models:

* :func:`deal_model`: a deal entry by entry (squares, face-down
  dominoes, pot and piles as lists, each entry a finite-domain variable,
  absent entries included so that wrong lengths can be stated), with one
  guarded group per violation code. Given a deal as assumptions, the
  group of a code is unsatisfiable exactly when
  :func:`~dokuspec.spec.twodoku.deals.deal_violations` reports that code:
  the cross-check of :mod:`dokuspec.verify.twodoku.deals`.
* :func:`count_model`: the digit counts of the face-down dominoes, the
  pot and both piles, with the same rules over counts (ten of each digit,
  sizes, equal sums, the balance options of TD-15). The face-down counts
  are assumptions, so one compiled model decides every face-down draw;
  :func:`dokuspec.twodoku.deal` asks it for balanced deals.

Both models state "equal sums" and the balance options with the same
binary adders (:func:`~dokuspec.spec.encodings.binary_sum`), so the pile
sums are compared bit by bit rather than as one large pseudo-Boolean
constraint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeAlias

from dokuspec.errors import PositionError
from dokuspec.spec.encodings import Bits, binary_sum, bits_at_most, bits_equal, plus_constant
from dokuspec.spec.model import Constraint, IntVar, Model, at_most, clause, exactly, linear
from dokuspec.spec.twodoku.deals import _BOARD, _DIGIT_SET, VIOLATION_CODES, Counts, FaceDownEntry
from dokuspec.vocabulary.twodoku import (
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    HIGH_DIGITS,
    PILE_SIZE,
    POT_SIZE,
    RED,
    SQUARES_EACH,
)

__all__ = [
    "ABSENT",
    "COUNT_CODES",
    "OFF_BOARD",
    "OUT_OF_RANGE",
    "CountModel",
    "DealModel",
    "DealShape",
    "Piece",
    "count_model",
    "deal_model",
]

Piece: TypeAlias = Sequence[tuple[int, int, int]]
"""Part of a pile in a model, as ``(literal, digit, copies)`` triples with at most one literal true.

When a literal is true the part holds ``copies`` dominoes of ``digit``;
when none is, it holds nothing. A deal model's entry is one piece
(``copies`` 1, one triple per digit); a count model's count of a digit is
one piece (one triple per count).
"""


def _pile_rules(
    model: Model,
    red: Sequence[Piece],
    blue: Sequence[Piece],
    *,
    max_digit_count_gap: int | None,
    equal_high_count: bool,
) -> dict[str, list[Constraint]]:
    """TD-4's equal sums and TD-15's balance options over two piles made of pieces.

    Each measure of a pile (its sum, its count of a digit, its count of 7,
    8 and 9) is a :func:`~dokuspec.spec.encodings.binary_sum` with one addend per piece. Returns the
    rule constraints by code; the clauses defining the sums are added to
    ``model`` as unguarded groups.
    """

    def total(pile: Sequence[Piece], who: str, weight: Mapping[int, int]) -> Bits:
        addends = []
        for piece in pile:
            addend = tuple(
                (lit, weight[digit] * copies) for lit, digit, copies in piece if weight.get(digit)
            )
            if addend:
                addends.append(addend)
        bits, definitions = binary_sum(model, addends, who)
        model.add(f"definition of {who}", definitions)
        return bits

    sums = {d: d for d in DIGITS}
    rules = {
        "unequal-sums": bits_equal(
            total(red, "the sum of Red's pile", sums), total(blue, "the sum of Blue's pile", sums)
        )
    }
    if max_digit_count_gap is not None:
        constraints: list[Constraint] = []
        for d in DIGITS:
            only = {d: 1}
            reds = total(red, f"Red's count of {d}", only)
            blues = total(blue, f"Blue's count of {d}", only)
            for high, low, who in ((reds, blues, "Red"), (blues, reds, "Blue")):
                # high <= low + gap, for both piles in turn: |reds - blues| <= gap.
                other = "Blue" if who == "Red" else "Red"
                name = f"{other}'s count of {d} plus {max_digit_count_gap}"
                plus, definitions = plus_constant(model, low, max_digit_count_gap, name)
                model.add(f"definition of {name}", definitions)
                constraints += bits_at_most(model, high, plus, f"{who}'s count of {d}")
        rules["digit-gap"] = constraints
    if equal_high_count:
        highs = dict.fromkeys(HIGH_DIGITS, 1)
        rules["high-count"] = bits_equal(
            total(red, "Red's count of 7, 8 and 9", highs),
            total(blue, "Blue's count of 7, 8 and 9", highs),
        )
    return rules


# -- the deal model: a deal entry by entry -------------------------------------------------------

ABSENT: Final = -1
"""The value of an entry beyond the end of its list (the models' lists have room to spare)."""

OFF_BOARD: Final = 81
"""The value of a square entry with a row or column outside 1-9 (board squares are 0-80)."""

OUT_OF_RANGE: Final = 0
"""The value of a digit entry outside 1-9."""

_SQUARE_VALUES: Final = (ABSENT, *range(81), OFF_BOARD)
_DIGIT_VALUES: Final = (ABSENT, OUT_OF_RANGE, *DIGITS)
_PLAYER_VALUES: Final = (ABSENT, 0, 1)


@dataclass(frozen=True, slots=True)
class DealShape:
    """How many entries each list of a :class:`DealModel` has room for.

    A model states its rules over lists of fixed capacity; entries beyond a
    deal's own length are :data:`ABSENT`. The default shape has room for one
    entry more than the rules' sizes (37 squares per colouring, 9 face-down
    dominoes, a pot of 3, piles of 41), so that one model states a deal with
    any list one too short or one too long; :meth:`fitting` gives room for
    longer lists.
    """

    red_squares: int = SQUARES_EACH + 1
    blue_squares: int = SQUARES_EACH + 1
    face_down: int = FACE_DOWN_COUNT + 1
    pot: int = POT_SIZE + 1
    red: int = PILE_SIZE + 1
    blue: int = PILE_SIZE + 1

    @classmethod
    def fitting(
        cls,
        red_squares: int,
        blue_squares: int,
        face_down: int,
        pot: int,
        red: int,
        blue: int,
    ) -> DealShape:
        """The default shape, widened where a list of these lengths needs more room."""
        default = cls()
        return cls(
            max(red_squares, default.red_squares),
            max(blue_squares, default.blue_squares),
            max(face_down, default.face_down),
            max(pot, default.pot),
            max(red, default.red),
            max(blue, default.blue),
        )


def _square_value(square: tuple[int, int]) -> int:
    row, col = square
    return (row - 1) * 9 + col - 1 if (row, col) in _BOARD else OFF_BOARD


def _digit_value(digit: int) -> int:
    return digit if digit in _DIGIT_SET else OUT_OF_RANGE


@dataclass(frozen=True, slots=True)
class DealModel:
    """The rules of a deal (TD-1 to TD-4, TD-15) over a deal's entries, one guarded group per code.

    Variables (each a finite-domain variable, named in the game's terms):

    * ``colourings[p][i]``: the ``i + 1``-th square player ``p`` (0 Red, 1
      Blue) coloured: a square 0-80 (row by row), :data:`OFF_BOARD`, or
      :data:`ABSENT`;
    * ``face_down_squares[j]``, ``face_down_digits[j]`` (1-9,
      :data:`OUT_OF_RANGE` or :data:`ABSENT`), ``face_down_players[j]``
      (0 Red, 1 Blue, or :data:`ABSENT`): the ``j + 1``-th face-down domino
      (group ``face-down domino 3 is whole``: absent in all three or in none);
    * ``pot[k]``, ``red[k]``, ``blue[k]``: the digits of the pot and the
      piles (1-9, :data:`OUT_OF_RANGE` or :data:`ABSENT`);
    * ``coloured[p][s]``: square ``s`` is among player ``p``'s entries
      (group ``Red's coloured squares``).

    Guarded groups, named by their code (:attr:`selectors`): every code of
    :data:`VIOLATION_CODES` (the balance codes only when the option is on).
    With a deal's entries assumed (:meth:`assumptions`), the group of a code
    is unsatisfiable exactly when
    :func:`~dokuspec.spec.twodoku.deals.deal_violations` reports that code.
    """

    model: Model
    shape: DealShape
    max_digit_count_gap: int | None
    equal_high_count: bool
    colourings: tuple[tuple[IntVar, ...], tuple[IntVar, ...]]
    face_down_squares: tuple[IntVar, ...]
    face_down_digits: tuple[IntVar, ...]
    face_down_players: tuple[IntVar, ...]
    pot: tuple[IntVar, ...]
    red: tuple[IntVar, ...]
    blue: tuple[IntVar, ...]
    coloured: tuple[tuple[int, ...], tuple[int, ...]]
    #: The selector of each guarded group, by its code.
    selectors: Mapping[str, int]

    def assumptions(
        self,
        red_squares: Sequence[tuple[int, int]],
        blue_squares: Sequence[tuple[int, int]],
        face_down: Sequence[FaceDownEntry],
        pot: Sequence[int],
        red: Sequence[int],
        blue: Sequence[int],
    ) -> list[int]:
        """One literal per entry of the model fixing it to the deal's value (or :data:`ABSENT`).

        A row, column or digit out of range is given as :data:`OFF_BOARD` or
        :data:`OUT_OF_RANGE`.

        Raises:
            PositionError: a list longer than the model has room for.
        """
        literals: list[int] = []

        def fix(slots: Sequence[IntVar], values: Sequence[int], what: str) -> None:
            if len(values) > len(slots):
                raise PositionError(
                    f"{what} has {len(values)} entries; this model has room for {len(slots)}"
                )
            for index, slot in enumerate(slots):
                literals.append(slot.literal(values[index] if index < len(values) else ABSENT))

        fix(self.colourings[0], [_square_value(s) for s in red_squares], "Red's colouring")
        fix(self.colourings[1], [_square_value(s) for s in blue_squares], "Blue's colouring")
        fix(
            self.face_down_squares,
            [_square_value((e[0], e[1])) for e in face_down],
            "the face-down list",
        )
        fix(self.face_down_digits, [_digit_value(e[2]) for e in face_down], "the face-down list")
        fix(
            self.face_down_players,
            [0 if e[3] == RED else 1 for e in face_down],
            "the face-down list",
        )
        fix(self.pot, [_digit_value(d) for d in pot], "the pot")
        fix(self.red, [_digit_value(d) for d in red], "Red's pile")
        fix(self.blue, [_digit_value(d) for d in blue], "Blue's pile")
        return literals


def _square_name(index: int) -> str:
    return f"r{index // 9 + 1}c{index % 9 + 1}"


@lru_cache(maxsize=16)
def deal_model(
    shape: DealShape = DealShape(),
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
) -> DealModel:
    """The model of a deal's rules for lists of ``shape``'s capacities (see :class:`DealModel`).

    Args:
        shape: the room in each list (:meth:`DealShape.fitting` for a deal).
        max_digit_count_gap: the balance option of TD-15 (``None``: off).
        equal_high_count: the balance option of TD-15.
    """
    model = Model()
    colourings: list[tuple[IntVar, ...]] = []
    for who, capacity in (("Red", shape.red_squares), ("Blue", shape.blue_squares)):
        colourings.append(
            tuple(model.int_var(f"{who}'s square {i + 1}", _SQUARE_VALUES) for i in range(capacity))
        )
    fd_squares, fd_digits, fd_players = [], [], []
    for j in range(shape.face_down):
        name = f"face-down domino {j + 1}"
        square = model.int_var(f"{name}'s square", _SQUARE_VALUES)
        digit = model.int_var(f"{name}'s digit", _DIGIT_VALUES)
        player = model.int_var(f"who placed {name}", _PLAYER_VALUES)
        a, b, c = square.literal(ABSENT), digit.literal(ABSENT), player.literal(ABSENT)
        model.add(f"{name} is whole", [clause(-a, b), clause(-b, a), clause(-a, c), clause(-c, a)])
        fd_squares.append(square)
        fd_digits.append(digit)
        fd_players.append(player)
    piles = {}
    for key, what, capacity in (
        ("pot", "pot domino", shape.pot),
        ("red", "Red's domino", shape.red),
        ("blue", "Blue's domino", shape.blue),
    ):
        piles[key] = tuple(model.int_var(f"{what} {k + 1}", _DIGIT_VALUES) for k in range(capacity))
    coloured: list[tuple[int, ...]] = []
    for who, slots in zip(("Red", "Blue"), colourings, strict=True):
        literals = []
        definitions: list[Constraint] = []
        for s in range(81):
            literal = model.bool_var(f"{_square_name(s)} is coloured by {who}")
            entries = [slot.literal(s) for slot in slots]
            definitions += [clause(-entry, literal) for entry in entries]
            definitions.append(clause(-literal, *entries))
            literals.append(literal)
        model.add(f"{who}'s coloured squares", definitions)
        coloured.append(tuple(literals))
    digits = [*fd_digits, *piles["pot"], *piles["red"], *piles["blue"]]
    groups: dict[str, list[Constraint]] = {
        "colouring-size": [
            exactly([-slot.literal(ABSENT) for slot in slots], SQUARES_EACH) for slots in colourings
        ],
        "square-range": [
            clause(-var.literal(OFF_BOARD)) for var in (*colourings[0], *colourings[1], *fd_squares)
        ],
        "colouring-repeat": [
            at_most([slot.literal(s) for slot in slots], 1)
            for slots in colourings
            for s in range(81)
        ],
        "face-down-count": [exactly([-var.literal(ABSENT) for var in fd_squares], FACE_DOWN_COUNT)],
        "face-down-players": [
            exactly([var.literal(p) for var in fd_players], FACE_DOWN_EACH) for p in (0, 1)
        ],
        "face-down-repeat": [at_most([var.literal(s) for var in fd_squares], 1) for s in range(81)],
        "face-down-coloured": [
            clause(-var.literal(s), -colours[s])
            for var in fd_squares
            for colours in coloured
            for s in range(81)
        ],
        "digit-range": [clause(-var.literal(OUT_OF_RANGE)) for var in digits],
        "pot-size": [exactly([-var.literal(ABSENT) for var in piles["pot"]], POT_SIZE)],
        "pile-size": [
            exactly([-var.literal(ABSENT) for var in piles[key]], PILE_SIZE)
            for key in ("red", "blue")
        ],
        "conservation": [exactly([var.literal(d) for var in digits], COPIES) for d in DIGITS],
    }
    groups.update(
        _pile_rules(
            model,
            [[(var.literal(d), d, 1) for d in DIGITS] for var in piles["red"]],
            [[(var.literal(d), d, 1) for d in DIGITS] for var in piles["blue"]],
            max_digit_count_gap=max_digit_count_gap,
            equal_high_count=equal_high_count,
        )
    )
    selectors: dict[str, int] = {}
    for code in VIOLATION_CODES:
        if code in groups:
            group = model.add(code, groups[code], guarded=True)
            assert group.selector is not None
            selectors[code] = group.selector
    return DealModel(
        model=model,
        shape=shape,
        max_digit_count_gap=max_digit_count_gap,
        equal_high_count=equal_high_count,
        colourings=(colourings[0], colourings[1]),
        face_down_squares=tuple(fd_squares),
        face_down_digits=tuple(fd_digits),
        face_down_players=tuple(fd_players),
        pot=piles["pot"],
        red=piles["red"],
        blue=piles["blue"],
        coloured=(coloured[0], coloured[1]),
        selectors=selectors,
    )


# -- the count model: a deal by its digit counts -------------------------------------------------

COUNT_CODES: Final = (
    "face-down-count",
    "pot-size",
    "pile-size",
    "conservation",
    "unequal-sums",
    "digit-gap",
    "high-count",
)
"""The codes of :data:`VIOLATION_CODES` that a deal's digit counts decide (:class:`CountModel`)."""


@dataclass(frozen=True, slots=True)
class CountModel:
    """The rules of a deal's digits (TD-1, TD-3, TD-4, TD-15) over digit counts.

    Variables: for each digit ``d`` (index ``d - 1``), how many dominoes of
    ``d`` lie face down (``face_down``, 0 to the face-down size), in the pot
    (``pot``), and in Red's and Blue's piles (``red``, ``blue``, 0 to the
    copies of a digit), each a one-hot finite-domain variable named
    ``Red's count of 7``.

    Guarded groups (:attr:`selectors`, all assumed by :attr:`always`), named
    by their code: ``face-down-count``, ``pot-size``, ``pile-size``,
    ``conservation`` (each digit on ``copies`` dominoes), ``unequal-sums``
    and the balance options' ``digit-gap`` and ``high-count`` when on.

    Attributes:
        copies: dominoes of each digit (10, TD-1).
        face_down_size: face-down dominoes (8, TD-3).
        pot_size: the pot's size (2, TD-4).
        pile_size: each pile's size (40, TD-4).
        selectors: the selector of each guarded group, by its code.
    """

    model: Model
    copies: int
    face_down_size: int
    pot_size: int
    pile_size: int
    max_digit_count_gap: int | None
    equal_high_count: bool
    face_down: tuple[IntVar, ...]
    pot: tuple[IntVar, ...]
    red: tuple[IntVar, ...]
    blue: tuple[IntVar, ...]
    selectors: Mapping[str, int]

    @property
    def always(self) -> list[int]:
        """Every rule's selector. Assume them all to ask for a deal that keeps every rule."""
        return list(self.selectors.values())

    @property
    def places(self) -> tuple[tuple[IntVar, ...], ...]:
        """The count variables by place, face down, pot, Red's pile and Blue's pile."""
        return (self.face_down, self.pot, self.red, self.blue)

    def fits(self, counts: Sequence[Counts]) -> bool:
        """Whether counts by place (face down, pot, Red, Blue) lie in the variables' domains."""
        return all(
            count in var.values
            for place, values in zip(self.places, counts, strict=True)
            for var, count in zip(place, values, strict=True)
        )

    def literals(self, place: Sequence[IntVar], counts: Sequence[int]) -> list[int]:
        """The literals fixing one place's nine counts.

        Raises:
            PositionError: a count outside its variable's domain.
        """
        literals = []
        for var, count in zip(place, counts, strict=True):
            if count not in var.values:
                raise PositionError(f"{var.name} is {count}, outside 0-{var.values[-1]}")
            literals.append(var.literal(count))
        return literals

    def counts_of(self, solution: Sequence[int]) -> tuple[Counts, Counts, Counts, Counts]:
        """The counts by place (face down, pot, Red, Blue) in a solver's model."""
        true = {lit for lit in solution if lit > 0}
        found = []
        for place in self.places:
            values = []
            for var in place:
                value = var.value_of(lit for lit in var.literals if lit in true)
                assert value is not None
                values.append(value)
            found.append(tuple(values))
        return found[0], found[1], found[2], found[3]


@lru_cache(maxsize=16)
def count_model(
    max_digit_count_gap: int | None = None,
    equal_high_count: bool = False,
    *,
    copies: int = COPIES,
    face_down: int = FACE_DOWN_COUNT,
    pot: int = POT_SIZE,
    pile: int = PILE_SIZE,
) -> CountModel:
    """The model of a deal's digit counts (see :class:`CountModel`).

    Args:
        max_digit_count_gap: the balance option of TD-15 (``None``: off).
        equal_high_count: the balance option of TD-15.
        copies: dominoes of each digit (TD-1); the sizes below must add up
            to ``9 * copies`` for the model to have solutions.
        face_down: face-down dominoes (TD-3).
        pot: the pot's size (TD-4).
        pile: each pile's size (TD-4).
    """
    model = Model()
    places: dict[str, tuple[IntVar, ...]] = {}
    for key, what, top in (
        ("face_down", "face-down count", face_down),
        ("pot", "pot's count", pot),
        ("red", "Red's count", pile),
        ("blue", "Blue's count", pile),
    ):
        places[key] = tuple(
            model.int_var(f"{what} of {d}", range(min(copies, top) + 1)) for d in DIGITS
        )

    def weighted(vars_: Iterable[IntVar]) -> list[tuple[int, int]]:
        return [
            (value, lit)
            for var in vars_
            for value, lit in zip(var.values, var.literals, strict=True)
            if value
        ]

    groups: dict[str, list[Constraint]] = {
        "face-down-count": [linear(weighted(places["face_down"]), "==", face_down)],
        "pot-size": [linear(weighted(places["pot"]), "==", pot)],
        "pile-size": [
            linear(weighted(places["red"]), "==", pile),
            linear(weighted(places["blue"]), "==", pile),
        ],
        "conservation": [
            linear(weighted(place[d - 1] for place in places.values()), "==", copies)
            for d in DIGITS
        ],
    }

    def piece(var: IntVar, digit: int) -> list[tuple[int, int, int]]:
        return [
            (lit, digit, value)
            for value, lit in zip(var.values, var.literals, strict=True)
            if value
        ]

    groups.update(
        _pile_rules(
            model,
            [piece(places["red"][d - 1], d) for d in DIGITS],
            [piece(places["blue"][d - 1], d) for d in DIGITS],
            max_digit_count_gap=max_digit_count_gap,
            equal_high_count=equal_high_count,
        )
    )
    selectors: dict[str, int] = {}
    for code in COUNT_CODES:
        if code in groups:
            group = model.add(code, groups[code], guarded=True)
            assert group.selector is not None
            selectors[code] = group.selector
    return CountModel(
        model=model,
        copies=copies,
        face_down_size=face_down,
        pot_size=pot,
        pile_size=pile,
        max_digit_count_gap=max_digit_count_gap,
        equal_high_count=equal_high_count,
        face_down=places["face_down"],
        pot=places["pot"],
        red=places["red"],
        blue=places["blue"],
        selectors=selectors,
    )
