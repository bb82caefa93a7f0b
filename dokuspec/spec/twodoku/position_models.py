"""Two-Doku's face-down digits and boards as constraint models over :mod:`dokuspec.spec.model`.

* :func:`face_down_model`: the digits of ``n`` face-down dominoes with
  counters over them (how many hold each digit, how many hold 7-9, their
  sum, each an order-encoded :class:`~dokuspec.spec.encodings.SumLiterals`),
  so that every fact of :mod:`~dokuspec.spec.twodoku.facts` is a set of
  **assumptions**: one compiled model per ``n`` answers every view;
* :func:`completion_model`: a full Sudoku board (TD-1's rows, columns and
  boxes) joined to the face-down model by guarded links "face-down domino
  ``k`` lies on square ``s``", so that one compiled model answers whether
  any position can still be completed, with face-down digits known
  (assumed) or only constrained by facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from dokuspec.errors import ModelError
from dokuspec.spec.encodings import SumLiterals, negate, sequential_sum
from dokuspec.spec.model import IntVar, Model, clause, exactly
from dokuspec.spec.twodoku.facts import FaceDownFacts, Fact
from dokuspec.spec.twodoku.positions import DIGITS, FACE_DOWN_COUNT, HIGH, UNITS, square_name

__all__ = [
    "CompletionModel",
    "FaceDownModel",
    "FaceDownVars",
    "build_face_down",
    "completion_model",
    "face_down_model",
]

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
