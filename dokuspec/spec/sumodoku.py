"""Sumodoku positions as a constraint model: when can a board still be completed?

A position is **completable** (rule SU-15) when its empty cells can be filled,
using exactly the pieces not on the board and not out of the game, so that
the whole board obeys SU-3 and the active variants (SU-12..SU-14).

The model has one finite-domain variable per cell (colours 1-9), created
first and in order, so the literal "cell ``i`` (0-80) holds colour ``k``" is
``9 * i + k``. Pieces on the board are not constraints of the model: they are
**assumptions** of each query (:meth:`CompletionModel.assumptions`), so one
compiled model answers every position with the same rules, and an unsat core
over the assumptions is a set of pieces.

Groups (each named in the game's terms):

* ``domain of r4c7``: the cell holds exactly one colour (the board is full).
* ``row 4, colour 7`` / ``column 7, colour 7`` / ``box 5, colour 7``
  (SU-3): exactly one cell of the unit holds the colour. On a full board
  "at most one" (the rule) and "exactly one" are the same, since 9 cells hold
  9 different colours; stating both directions lets unit propagation find
  the only place for a colour as well as the only colour for a place.
* ``main diagonal, colour 7`` / ``anti-diagonal, colour 7`` (SU-12, with ``x``).
* ``r4c7 is odd`` / ``r4c7 is even`` (SU-13): a unary table.
* ``consecutive mark r1c1-r1c2`` (SU-14): a binary table of pairs differing
  by 1; ``no mark r1c1-r1c2`` (with ``strict_marks``),
  ``non-consecutive r1c1-r1c2`` (with ``non_consecutive``) and
  ``non-consecutive mark r1c1-r1c2`` (SU-37) forbid those pairs.
* ``supply of colour 3`` (SU-15, SU-9): at most ``s`` pieces of the colour
  on the full board, where ``s`` is 9 minus the pieces out of the game.
  Where ``s`` is 9 the rows already imply it and it is left out.

Parity and the consecutive rules read each colour's **digit**
(:attr:`~dokuspec.vocabulary.sumodoku.Variants.digits`, SU-36): an odd
cell takes the colours whose digit is odd, and two colours are consecutive
when their digits differ by 1. With the default digits colour ``k`` is
digit ``k``.

The variant groups and the supply groups are **guarded**: their selectors are
in :attr:`CompletionModel.always`, assumed in every query, so an unsat core
can name the marks or the supply that take part in a conflict. The rows,
columns, boxes and cell domains (SU-3) always hold.

**Checking a full board.** :func:`full_board_model` states the same rules for
a board whose every cell is known, as prohibitions only: no two cells of a
unit share a colour, no cell breaks its parity mark, no marked border holds
a pair the mark forbids, no colour exceeds its supply. Every constraint is
*anti-monotone* in the cell literals (making a true cell literal false never
breaks one), which :func:`is_prohibitive` checks. Hence, with the 81 literals
of a full board assumed, the model is satisfiable exactly when the board
itself (every other cell literal false) obeys it; and on a full board it
obeys the prohibitions exactly when it obeys the completion model, whose
extra halves (a cell holds at least one colour, a unit holds every colour)
a full board with 9 different colours per unit satisfies by counting. The
test suite proves this equivalence with the solver, clause by clause, for
each kind of rule. The prohibitions need about a quarter fewer clauses and
no propagation through the cell domains, so a solver certifies a proposed
completion several times faster on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from dokuspec.errors import ModelError
from dokuspec.spec.model import (
    Cardinality,
    Clause,
    Group,
    IntVar,
    Model,
    Table,
    at_most,
    clause,
    exactly,
)
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Variants,
    all_borders,
    border_name,
    cell_name,
)

__all__ = [
    "FAMILIES",
    "CompletionModel",
    "border_group",
    "cell_literal",
    "completion_model",
    "full_board_model",
    "is_prohibitive",
    "units",
]

COLOURS = range(1, 10)


def cell_literal(index: int, colour: int) -> int:
    """The literal "cell ``index`` (0-80) holds ``colour`` (1-9)"."""
    return 9 * index + colour


def units(x: bool = False) -> list[tuple[str, tuple[int, ...]]]:
    """The units (rows, columns, boxes, and with ``x`` the two diagonals) as (name, cell indices).

    Boxes are numbered 1-9 row by row from the top left (SU-3).
    """
    found: list[tuple[str, tuple[int, ...]]] = []
    for r in range(9):
        found.append((f"row {r + 1}", tuple(r * 9 + c for c in range(9))))
    for c in range(9):
        found.append((f"column {c + 1}", tuple(r * 9 + c for r in range(9))))
    for b in range(9):
        top, left = 3 * (b // 3), 3 * (b % 3)
        found.append(
            (f"box {b + 1}", tuple((top + r) * 9 + left + c for r in range(3) for c in range(3)))
        )
    if x:
        found.append(("main diagonal", tuple(i * 10 for i in range(9))))
        found.append(("anti-diagonal", tuple(i * 8 + 8 for i in range(9))))
    return found


def _odd(variants: Variants) -> tuple[int, ...]:
    """The colours whose digit is odd (SU-13, SU-36)."""
    return tuple(k for k in COLOURS if variants.digit(k) % 2)


def _consecutive_pairs(variants: Variants) -> tuple[tuple[int, int], ...]:
    """The pairs of colours whose digits differ by exactly 1 (SU-14, SU-36)."""
    return tuple(
        (a, b) for a in COLOURS for b in COLOURS if abs(variants.digit(a) - variants.digit(b)) == 1
    )


def border_group(variants: Variants, border: tuple[int, int]) -> tuple[str, bool] | None:
    """The group of a border: its name and whether consecutive digits are required across it
    (``True``, a consecutive mark) or forbidden (``False``); ``None`` when it has none."""
    name = border_name(border)
    if border in variants.consecutive:
        return f"consecutive mark {name}", True
    if border in variants.non_consecutive_marks:
        return f"non-consecutive mark {name}", False
    if variants.strict_marks:
        return f"no mark {name}", False
    if variants.non_consecutive:
        return f"non-consecutive {name}", False
    return None


FAMILIES = {
    "non-consecutive (every border)": "non-consecutive r",
    "no mark (every unmarked border)": "no mark r",
}
"""The rules that hold on every border alike, by name, with the prefix of their groups' names
(a non-consecutive *mark* is placed by the setter and stays a group of its own)."""


@dataclass(frozen=True, slots=True)
class CompletionModel:
    """The completion model of one rule set, ready to compile.

    Attributes:
        model: the constraint model.
        cells: the 81 cell variables, row by row, values 1-9.
        always: selector literals to assume in every query (guarded rule groups).
        rule_names: the group name of each selector in ``always``.
        families: the rules that hold on every border alike, each with the
            selectors of its groups: ``non-consecutive (every border)`` (with
            ``non_consecutive``) and ``no mark (every unmarked border)`` (with
            ``strict_marks``). An explanation names such a rule once
            (:func:`dokuspec.sumodoku.explain`), as the rule text states it
            (SU-14), rather than border by border.
    """

    model: Model
    cells: tuple[IntVar, ...]
    always: tuple[int, ...]
    rule_names: dict[int, str]
    families: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def rule_groups(self) -> dict[str, int]:
        """Selector of each guarded group, by name."""
        return {name: selector for selector, name in self.rule_names.items()}

    @staticmethod
    def piece_literals(board: Board) -> list[int]:
        """One literal per piece on ``board``, row by row."""
        return [i9 + v for i9, v in zip(range(0, 729, 9), board.cells, strict=True) if v]

    def assumptions(self, board: Board) -> list[int]:
        """The query's assumptions: :meth:`piece_literals`, then :attr:`always`."""
        literals = self.piece_literals(board)
        if self.always:
            literals.extend(self.always)
        return literals

    @staticmethod
    def piece_of(literal: int) -> Piece | None:
        """The piece an assumption literal stands for, or ``None`` for a selector."""
        if not 1 <= literal <= 729:
            return None
        index, colour = divmod(literal - 1, 9)
        return Piece(index // 9 + 1, index % 9 + 1, colour + 1)

    @staticmethod
    def board_of(model: list[int]) -> Board:
        """The full board a solver model assigns (its first 729 literals)."""
        true_literals = [lit for lit in model[:729] if lit > 0]
        return Board(
            bytes([lit - i9 for i9, lit in zip(range(0, 729, 9), true_literals, strict=True)])
        )


@lru_cache(maxsize=64)
def completion_model(variants: Variants, capacity: tuple[int, ...] = (9,) * 9) -> CompletionModel:
    """Build the completion model for ``variants``.

    Args:
        variants: the variant rules in force.
        capacity: per colour, how many pieces of it the full board may hold:
            9 minus the pieces out of the game (``capacity[k - 1]`` for
            colour ``k``). Pieces on the board count within it.

    Returns:
        The model (cached: equal arguments give the same object).
    """
    model = Model()
    cells = tuple(model.int_var(cell_name(i), COLOURS) for i in range(81))
    assert cells[-1].literals[-1] == cell_literal(80, 9)

    guarded: list[Group] = []
    for unit_name, members in units(variants.x):
        diagonal = unit_name.endswith("diagonal")
        for colour in COLOURS:
            group = model.add(
                f"{unit_name}, colour {colour}",
                [exactly([cell_literal(i, colour) for i in members], 1)],
                guarded=diagonal,
            )
            if diagonal:
                guarded.append(group)
    odd = _odd(variants)
    even = tuple(k for k in COLOURS if k not in odd)
    if variants.parity:
        for index, mark in enumerate(variants.parity):
            if mark != ".":
                allowed = odd if mark == "o" else even
                group = model.add(
                    f"{cell_name(index)} is {'odd' if mark == 'o' else 'even'}",
                    [Table((cells[index],), tuple((v,) for v in allowed))],
                    guarded=True,
                )
                guarded.append(group)
    pairs = _consecutive_pairs(variants)
    for border in all_borders():
        rule = border_group(variants, border)
        if rule is not None:
            label, required = rule
            table = Table((cells[border[0]], cells[border[1]]), pairs, allowed=required)
            guarded.append(model.add(label, [table], guarded=True))
    for colour in COLOURS:
        limit = capacity[colour - 1]
        if limit < 9:
            group = model.add(
                f"supply of colour {colour}",
                [at_most([cell_literal(i, colour) for i in range(81)], limit)],
                guarded=True,
            )
            guarded.append(group)
    rule_names = {g.selector: g.name for g in guarded if g.selector is not None}
    families: dict[str, tuple[int, ...]] = {}
    for family, prefix in FAMILIES.items():
        members = tuple(s for s, name in rule_names.items() if name.startswith(prefix))
        if members:
            families[family] = members
    return CompletionModel(model, cells, tuple(rule_names), rule_names, families)


@lru_cache(maxsize=64)
def full_board_model(variants: Variants, capacity: tuple[int, ...] = (9,) * 9) -> Model:
    """The rules of ``variants`` as prohibitions on a full board (see the module notes).

    Variables 1-729 are the cell literals, numbered as in the completion
    model (:func:`cell_literal`), with no domain constraint: a query assumes
    one colour per cell. Groups, all unguarded:

    * ``row 4, colour 7`` etc. (SU-3, and SU-12 with ``x``): at most one
      cell of the unit holds the colour;
    * ``r4c7 is odd`` / ``is even`` (SU-13): the cell holds none of the
      other parity's colours;
    * ``consecutive mark r1c1-r1c2`` (SU-14): the two cells hold no pair of
      colours whose digits differ by other than 1; ``no mark`` /
      ``non-consecutive`` / ``non-consecutive mark`` (SU-37): no pair whose
      digits differ by 1 (digits: SU-36);
    * ``supply of colour 3`` (SU-15, SU-9): at most ``s`` cells hold the
      colour, where ``s`` is below 9.

    Args:
        variants: the variant rules in force.
        capacity: per colour, the pieces of it the full board may hold, as
            for :func:`completion_model`.

    Returns:
        The model (cached: equal arguments give the same object).

    Raises:
        ModelError: the model is not prohibitive (:func:`is_prohibitive`);
            a full board could then not be checked by its literals alone.
    """
    model = Model()
    for index in range(81):
        for colour in COLOURS:
            model.bool_var(f"{cell_name(index)}={colour}")
    for unit_name, members in units(variants.x):
        for colour in COLOURS:
            model.add(
                f"{unit_name}, colour {colour}",
                [at_most([cell_literal(i, colour) for i in members], 1)],
            )
    odd = _odd(variants)
    even = tuple(k for k in COLOURS if k not in odd)
    if variants.parity:
        for index, mark in enumerate(variants.parity):
            if mark != ".":
                banned = even if mark == "o" else odd
                model.add(
                    f"{cell_name(index)} is {'odd' if mark == 'o' else 'even'}",
                    [clause(-cell_literal(index, colour)) for colour in banned],
                )
    pairs = frozenset(_consecutive_pairs(variants))
    for border in all_borders():
        rule = border_group(variants, border)
        if rule is None:
            continue
        label, required = rule
        first, second = border
        model.add(
            label,
            [
                clause(-cell_literal(first, a), -cell_literal(second, b))
                for a in COLOURS
                for b in COLOURS
                if ((a, b) in pairs) != required
            ],
        )
    for colour in COLOURS:
        limit = capacity[colour - 1]
        if limit < 9:
            model.add(
                f"supply of colour {colour}",
                [at_most([cell_literal(i, colour) for i in range(81)], limit)],
            )
    if not is_prohibitive(model, 729):
        raise ModelError("the full-board model must only forbid; a group requires a cell literal")
    return model


def is_prohibitive(model: Model, top: int) -> bool:
    """Whether every constraint of ``model`` is anti-monotone in variables 1..``top``.

    Anti-monotone: making a true literal of those variables false never
    breaks the constraint. Recognised forms: a clause whose literals of those
    variables are all negative, an "at most" cardinality constraint over
    positive literals, and a table of forbidden tuples. Any other form
    (a clause requiring one of them, "at least", "exactly", a pseudo-Boolean
    constraint, a table of allowed tuples) counts as not prohibitive, even
    where it happens to be.
    """
    for group in model.groups:
        for constraint in group.constraints:
            if isinstance(constraint, Clause):
                if any(0 < literal <= top for literal in constraint.literals):
                    return False
            elif isinstance(constraint, Cardinality):
                if constraint.comparator != "<=" or any(lit < 0 for lit in constraint.literals):
                    return False
            elif isinstance(constraint, Table):
                if constraint.allowed:
                    return False
            else:
                return False
    return True
