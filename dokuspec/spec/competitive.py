"""Competitive Sudoku's hands: the rules of lines, winning hands and scoring, twice.

The rules of a player's 3x3 Grid (CS-17..CS-20) are written here in two
forms that say the same thing:

1. **Direct definitions**, the plain reading of the rule text, which the
   public functions of :mod:`dokuspec.competitive` use: :func:`kind_of_ranks`
   (CS-18), :func:`line_points` (CS-20), :func:`is_winning_ranks` (CS-19),
   :func:`hand_value` (CS-17) and :func:`winner_score` / :func:`loser_score`
   (CS-20); and :func:`deal_problems`, the rules of a deal (CS-3..CS-5).
2. **Constraint models** over :mod:`dokuspec.spec.model`, which the solver
   queries compile:

   * :func:`pattern_model`: the ranks of a winning hand (CS-18, CS-19) with
     the deck's supply of each rank (CS-1), for counting rank patterns and
     for the outs of a Grid;
   * :func:`hand_model`: the cards of a winning hand, with line kinds,
     colours and the points of every row, column and diagonal (CS-20), and
     counter literals ("at least 3 copies of r5 are used") so that the
     cards on the Grid and the supply of every card are *assumptions* of
     each query: one compiled model answers every Grid, every deck and every
     set of available cards;
   * :func:`colouring_model`: the ways to colour a rank pattern with the
     deck's copies of each card, for counting Grids of cards.

Both forms are built from the same data, the CS-18 formulas
(:data:`LINE_KINDS`, :func:`kind_of_ranks`); the tests hold both to a brute
force written independently of them, and the engine
(:mod:`dokuspec.engine.competitive`) is a third, independent reading.

Positions are indexed 0-8 row by row here, as in the vocabulary's code
(:data:`~dokuspec.vocabulary.competitive.LINES`); users number them 1-9.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal, TypeAlias

from dokuspec.errors import PositionError
from dokuspec.spec.encodings import sequential_counter
from dokuspec.spec.model import (
    Constraint,
    IntVar,
    Model,
    Objective,
    Table,
    at_least,
    at_most,
    clause,
)
from dokuspec.vocabulary.competitive import (
    BLACK,
    CARD_BY_INDEX,
    LINES,
    RANKS,
    RED,
    Card,
    Cards,
    Grid,
    Scoring,
    card_index,
)

__all__ = [
    "CLASS_NAMES",
    "DEAL_MODES",
    "HAND_SIZE",
    "LINE_KINDS",
    "LINE_TRIPLES",
    "STRAIGHTS",
    "ColouringModel",
    "HandModel",
    "LineKind",
    "PatternModel",
    "class_points",
    "colouring_model",
    "deal_problems",
    "hand_model",
    "hand_value",
    "is_winning_ranks",
    "kind_of_ranks",
    "line_points",
    "loser_score",
    "pattern_model",
    "rank_signature",
    "three_triplets",
    "winner_score",
]

LineKind: TypeAlias = Literal[
    "triplet", "one-straight", "two-straight", "three-straight", "power-series"
]
"""The five kinds of line of CS-18."""

LINE_KINDS: Final[tuple[LineKind, ...]] = (
    "triplet",
    "one-straight",
    "two-straight",
    "three-straight",
    "power-series",
)
"""The kinds of line (CS-18), in this order; a kind's number in the models is its index + 1."""

STRAIGHTS: Final = frozenset({"one-straight", "two-straight", "three-straight"})
"""The kinds that score as straights (CS-20)."""

COMPLETION_BONUS: Final = 3
"""Points for completing a winning hand first (CS-20)."""

TRIPLET_POINTS: Final = 3
THREE_TRIPLETS_BONUS: Final = 3
_POWER_SERIES: Final = (2, 4, 8)
_STRAIGHT_STEPS: Final[dict[int, LineKind]] = {
    1: "one-straight",
    2: "two-straight",
    3: "three-straight",
}

# -- the direct definitions ----------------------------------------------------------------------


def kind_of_ranks(a: int, b: int, c: int) -> LineKind | None:
    """The kind of line three ranks form, in any order (CS-18), or ``None``.

    * triplet: ``a, a, a``;
    * one-, two-, three-straight: ``a, a+d, a+2d`` for ``d`` = 1, 2, 3;
    * power series: ``{2, 4, 8}``.

    No triple is of two kinds (a straight's ranks are distinct, and ``2, 4,
    8`` is not evenly spaced). The ranks are not checked (use
    :func:`dokuspec.competitive.line_kind` for checked input).
    """
    low, middle, high = sorted((a, b, c))
    if low == high:
        return "triplet"
    if (low, middle, high) == _POWER_SERIES:
        return "power-series"
    step = middle - low
    if high - middle == step:
        return _STRAIGHT_STEPS.get(step)
    return None


LINE_TRIPLES: Final[Mapping[tuple[int, int, int], LineKind]] = {
    (a, b, c): kind
    for a, b, c in itertools.product(RANKS, repeat=3)
    if (kind := kind_of_ranks(a, b, c)) is not None
}
"""Every ordered triple of ranks that is a line (CS-18), with its kind (105 of the 729)."""


def line_points(cards: Sequence[Card], scoring: Scoring) -> int:
    """The points a line of three cards scores (CS-20): 0 when it is not a line.

    A triplet scores 3; a straight 1 in mixed colours, 2 in one colour; the
    power series ``scoring.power_series_points`` whatever its colours (0 by
    default: the rule text gives it points only by its optional rule;
    CS-20, CS-32), or as a straight when that is ``"as_straight"``.
    """
    first, second, third = cards
    kind = LINE_TRIPLES.get((first.rank, second.rank, third.rank))
    if kind is None:
        return 0
    if kind == "triplet":
        return TRIPLET_POINTS
    if kind == "power-series" and isinstance(scoring.power_series_points, int):
        return scoring.power_series_points
    return 2 if first.colour == second.colour == third.colour else 1


_ROW_AND_COLUMN_CELLS: Final = tuple(
    cells for name, cells in LINES if not name.endswith("diagonal")
)


def is_winning_ranks(ranks: Sequence[int]) -> bool:
    """Whether nine ranks (row by row) are a winning hand (CS-19).

    Every row and every column is a line, and the nine ranks are not the
    nine distinct ranks 1-9 (some rank appears at least twice).
    """
    lines = LINE_TRIPLES
    for i, j, k in _ROW_AND_COLUMN_CELLS:
        if (ranks[i], ranks[j], ranks[k]) not in lines:
            return False
    return len(set(ranks)) < 9


def three_triplets(grid: Grid) -> bool:
    """Whether all three rows, or all three columns, of a full Grid are triplets (CS-20 option).

    Raises:
        PositionError: the Grid is not full (no rank at some position).
    """
    ranks = _full_ranks(grid)
    rows = all(ranks[r] == ranks[r + 1] == ranks[r + 2] for r in (0, 3, 6))
    columns = all(ranks[c] == ranks[c + 3] == ranks[c + 6] for c in (0, 1, 2))
    return rows or columns


def _full_ranks(grid: Grid) -> list[int]:
    ranks = [card.rank for card in grid.cards if card is not None]
    if len(ranks) != 9:
        raise PositionError("the Grid has an empty position")
    return ranks


def hand_value(grid: Grid, scoring: Scoring) -> int:
    """The value of a Grid (CS-17): the sum of the points of its qualifying lines.

    Rows, columns and both diagonals count (CS-20); neither the completion
    bonus nor the three-triplets bonus is part of a hand's value (CS-30). A
    Grid with an empty position has value 0.
    """
    cards = grid.cards
    if None in cards:
        return 0
    total = 0
    for _, (i, j, k) in LINES:
        first, second, third = cards[i], cards[j], cards[k]
        assert first is not None and second is not None and third is not None
        total += line_points((first, second, third), scoring)
    return total


def winner_score(grid: Grid, scoring: Scoring) -> int:
    """The winner's score for a winning hand (CS-20).

    3 for completing it first, plus its hand value (every qualifying row,
    column and diagonal), plus 3 with ``scoring.three_triplets_bonus`` when
    all three rows or all three columns are triplets (once, even when both
    are: CS-29). The Grid is assumed to be a winning hand.
    """
    score = COMPLETION_BONUS + hand_value(grid, scoring)
    if scoring.three_triplets_bonus and three_triplets(grid):
        score += THREE_TRIPLETS_BONUS
    return score


def loser_score(grid: Grid, scoring: Scoring) -> int:
    """The loser's score (CS-20): 0, or their hand value with ``scoring.score_loser_hand``."""
    return hand_value(grid, scoring) if scoring.score_loser_hand else 0


def rank_signature(ranks: Iterable[int]) -> tuple[int, ...]:
    """How many times each rank present appears, largest first: ``(3, 2, 2, 1, 1)``.

    Two rank patterns with the same signature have the same number of
    colourings (:func:`colouring_model`).
    """
    return tuple(sorted(Counter(ranks).values(), reverse=True))


# -- the models ----------------------------------------------------------------------------------

_KIND_NUMBER: Final[dict[LineKind | None, int]] = {
    None: 0,
    **{kind: n for n, kind in enumerate(LINE_KINDS, 1)},
}

#: What a line scores, as the hand model's "scoring class" of a line (its kind and whether
#: its three cards are of one colour, grouped as CS-20 awards points).
CLASS_NAMES: Final[tuple[str, ...]] = (
    "not a line",
    "triplet",
    "straight in mixed colours",
    "straight in one colour",
    "power series in mixed colours",
    "power series in one colour",
)


def class_points(scoring: Scoring) -> tuple[int, ...]:
    """The points of each scoring class of :data:`CLASS_NAMES` under ``scoring`` (CS-20)."""
    series = scoring.power_series_points
    mixed, single = (series, series) if isinstance(series, int) else (1, 2)
    return (0, TRIPLET_POINTS, 1, 2, mixed, single)


def _scoring_class(kind: int, single_colour: bool) -> int:
    if kind == 0:
        return 0
    if kind == 1:
        return 1
    if kind == _KIND_NUMBER["power-series"]:
        return 5 if single_colour else 4
    return 3 if single_colour else 2


def _position(index: int) -> str:
    return f"position {index + 1}"


def _rank_variables(model: Model) -> tuple[IntVar, ...]:
    ranks = []
    for index in range(9):
        var = model.int_var(f"rank at {_position(index)}", RANKS)
        for rank, literal in zip(var.values, var.literals, strict=True):
            model.names[literal] = f"{_position(index)} has rank {rank}"
        ranks.append(var)
    return tuple(ranks)


def _not_nine_distinct(model: Model, ranks: Sequence[IntVar]) -> tuple[Constraint, ...]:
    """CS-19's "not the nine distinct ranks 1-9": some rank is absent from the Grid.

    On nine positions, nine distinct ranks means every rank present once, so
    the rule holds exactly when some rank is missing: ``absent[r]`` forbids
    rank ``r`` everywhere, and one of them must be true.
    """
    absent = [model.bool_var(f"rank {rank} is absent") for rank in RANKS]
    constraints: list[Constraint] = [
        clause(-absent[rank - 1], -var.literal(rank)) for rank in RANKS for var in ranks
    ]
    constraints.append(clause(*absent))
    return tuple(constraints)


@dataclass(frozen=True, slots=True)
class PatternModel:
    """The ranks of a winning hand (CS-18, CS-19), with the deck's supply of ranks (CS-1).

    Groups: ``domain of rank at position 5``; ``row 2 is a line`` and
    ``column 3 is a line`` (a table of the 105 ordered line triples);
    ``not the nine distinct ranks 1-9``; and with a finite deck ``supply of
    rank 5`` (at most twice the copies per colour: both colours' copies).

    Attributes:
        model: the constraint model.
        ranks: the nine rank variables (values 1-9), row by row.
        copies: the deck's copies of each card, ``None`` for unlimited.
    """

    model: Model
    ranks: tuple[IntVar, ...]
    copies: int | None

    @property
    def projection(self) -> list[int]:
        """Every rank literal, position by position (a rank pattern's projection)."""
        return [literal for var in self.ranks for literal in var.literals]

    def rank_literal(self, index: int, rank: int) -> int:
        """The literal "position ``index + 1`` has rank ``rank``"."""
        return self.ranks[index].literals[rank - 1]

    def ranks_of(self, true_literals: Iterable[int]) -> tuple[int, ...]:
        """The rank pattern (nine ranks row by row) named by true rank literals."""
        pattern = [0] * 9
        for literal in true_literals:
            if literal > 0:
                index, rank = divmod(literal - self.ranks[0].literals[0], 9)
                if 0 <= index < 9:
                    pattern[index] = rank + 1
        return tuple(pattern)


@lru_cache(maxsize=16)
def pattern_model(copies: int | None) -> PatternModel:
    """The model of a winning hand's ranks for a deck with ``copies`` of each card (CS-1).

    Its solutions projected on the rank literals are the rank patterns of
    the winning hands the deck can supply: a rank can appear at most
    ``2 * copies`` times (both colours), and any pattern within that can be
    coloured from the deck.

    Args:
        copies: copies of each card, 1-9, or ``None`` for no limit.
    """
    model = Model()
    ranks = _rank_variables(model)
    triples = tuple(LINE_TRIPLES)
    for name, (i, j, k) in LINES:
        if not name.endswith("diagonal"):
            model.add(f"{name} is a line", [Table((ranks[i], ranks[j], ranks[k]), triples)])
    model.add("not the nine distinct ranks 1-9", _not_nine_distinct(model, ranks))
    if copies is not None and 2 * copies < 9:
        for rank in RANKS:
            model.add(
                f"supply of rank {rank}",
                [at_most([var.literal(rank) for var in ranks], 2 * copies)],
            )
    return PatternModel(model, ranks, copies)


@dataclass(frozen=True, slots=True)
class HandModel:
    """The cards of a winning hand, how its lines score, and counters of the cards used.

    Variables (each named in the game's terms):

    * ``cards[i]``: the card at position ``i + 1``, values 0-17
      (:func:`~dokuspec.vocabulary.competitive.card_index`); literal
      ``position 4 holds b7``;
    * ``ranks[i]``: its rank, 1-9 (group ``rank at position 4``);
    * ``colours[i]``: its colour, 0 red or 1 black (group ``colour at position 4``);
    * ``kinds[n]``: the kind of line ``n`` of
      :data:`~dokuspec.vocabulary.competitive.LINES` (rows, columns, both
      diagonals), 0 for none or the kind's number (group ``kind of row 2``,
      a table of all 729 rank triples, CS-18);
    * ``classes[n]``: how line ``n`` scores, a :data:`CLASS_NAMES` index
      (group ``how row 2 scores``: its kind and whether its cards are of one
      colour, CS-20);
    * ``bonus``: all three rows or all three columns are triplets (group
      ``three triplets``);
    * ``used[c][k - 1]``: at least ``k`` copies of card ``c`` (its index)
      are on the Grid, ``k`` = 1-9 (group ``supply of r5``: a sequential
      counter over the nine positions).

    Guarded groups (their selectors are :attr:`always`, assumed in every
    query): ``row 2 is a line`` and ``column 3 is a line`` (CS-19),
    ``not the nine distinct ranks 1-9`` (CS-19).

    The cards on a Grid (:meth:`placement_assumptions`) and the supply of
    each card (:meth:`supply_assumptions`: "not at least ``m + 1`` copies
    of r5 are used") are assumptions, so one compiled model serves every
    query.
    """

    model: Model
    cards: tuple[IntVar, ...]
    ranks: tuple[IntVar, ...]
    colours: tuple[IntVar, ...]
    kinds: tuple[IntVar, ...]
    classes: tuple[IntVar, ...]
    bonus: int
    used: tuple[tuple[int, ...], ...]
    #: The selectors of the guarded groups, assumed in every query.
    always: tuple[int, ...]
    rule_names: Mapping[int, str]

    def card_literal(self, index: int, card: Card) -> int:
        """The literal "position ``index + 1`` holds ``card``"."""
        return self.cards[index].literals[card_index(card)]

    def placement_assumptions(self, grid: Grid) -> list[int]:
        """One literal per card on ``grid``: that position holds that card."""
        return [
            self.cards[index].literals[card_index(card)]
            for index, card in enumerate(grid.cards)
            if card is not None
        ]

    def supply_assumptions(self, limits: Mapping[Card, int]) -> list[int]:
        """Literals bounding the copies of each card on the full Grid.

        Args:
            limits: for each card, the most copies of it the Grid may hold
                (0-9); a card not listed is not limited.
        """
        literals = []
        for card, limit in limits.items():
            if limit < 9:
                literals.append(-self.used[card_index(card)][limit])
        return literals

    def grid_of(self, model: Sequence[int]) -> Grid:
        """The full Grid a solver model assigns."""
        cards = []
        for var in self.cards:
            value = next(
                v for v, lit in zip(var.values, var.literals, strict=True) if model[lit - 1] > 0
            )
            cards.append(CARD_BY_INDEX[value])
        return Grid(cards)

    def objective(self, scoring: Scoring) -> Objective:
        """The winner's score (CS-20) less the completion bonus, to maximise.

        The sum over the eight lines of the points of their scoring class,
        plus the three-triplets bonus when that option is on.
        """
        points = class_points(scoring)
        terms = [
            (points[value], literal)
            for var in self.classes
            for value, literal in zip(var.values, var.literals, strict=True)
            if points[value]
        ]
        if scoring.three_triplets_bonus:
            terms.append((THREE_TRIPLETS_BONUS, self.bonus))
        return Objective(tuple(terms), "maximize")


@lru_cache(maxsize=1)
def hand_model() -> HandModel:
    """The model of a winning hand of cards with its scoring (CS-17..CS-20); one for every deck.

    See :class:`HandModel` for its variables and groups.
    """
    model = Model()
    cards = []
    for index in range(9):
        var = model.int_var(f"card at {_position(index)}", range(18))
        for value, literal in zip(var.values, var.literals, strict=True):
            model.names[literal] = f"{_position(index)} holds {CARD_BY_INDEX[value]}"
        cards.append(var)
    ranks = _rank_variables(model)
    colours = []
    for index in range(9):
        colour = model.int_var(f"colour at {_position(index)}", (0, 1))
        model.names[colour.literals[0]] = f"{_position(index)} is red"
        model.names[colour.literals[1]] = f"{_position(index)} is black"
        colours.append(colour)
        model.add(
            f"rank at {_position(index)}",
            [Table((cards[index], ranks[index]), tuple((v, v % 9 + 1) for v in range(18)))],
        )
        model.add(
            f"colour at {_position(index)}",
            [Table((cards[index], colour), tuple((v, v // 9) for v in range(18)))],
        )
    kinds = []
    classes = []
    every_triple = tuple(
        (*triple, _KIND_NUMBER[kind_of_ranks(*triple)])
        for triple in itertools.product(RANKS, repeat=3)
    )
    colourings = tuple(itertools.product((0, 1), repeat=3))
    guarded = []
    for name, (i, j, k) in LINES:
        kind = model.int_var(f"kind of {name}", range(len(LINE_KINDS) + 1))
        for value, literal in zip(kind.values, kind.literals, strict=True):
            model.names[literal] = (
                f"{name} is a {LINE_KINDS[value - 1]}" if value else f"{name} is not a line"
            )
        model.add(f"kind of {name}", [Table((ranks[i], ranks[j], ranks[k], kind), every_triple)])
        scoring = model.int_var(f"how {name} scores", range(len(CLASS_NAMES)))
        for value, literal in zip(scoring.values, scoring.literals, strict=True):
            model.names[literal] = f"{name} scores as {CLASS_NAMES[value]}"
        model.add(
            f"how {name} scores",
            [
                Table(
                    (kind, colours[i], colours[j], colours[k], scoring),
                    tuple(
                        (n, *c, _scoring_class(n, len(set(c)) == 1))
                        for n in kind.values
                        for c in colourings
                    ),
                )
            ],
        )
        if not name.endswith("diagonal"):
            guarded.append(model.add(f"{name} is a line", [clause(-kind.literal(0))], guarded=True))
        kinds.append(kind)
        classes.append(scoring)
    guarded.append(
        model.add("not the nine distinct ranks 1-9", _not_nine_distinct(model, ranks), guarded=True)
    )
    bonus = _three_triplets_bonus(model, kinds)
    used = []
    for value in range(18):
        card = CARD_BY_INDEX[value]
        counted, constraints = sequential_counter(
            model, [var.literals[value] for var in cards], f"copies of {card}"
        )
        for k, literal in enumerate(counted, 1):
            model.names[literal] = f"at least {k} copies of {card} are used"
        model.add(f"supply of {card}", constraints)
        used.append(counted)
    rule_names = {g.selector: g.name for g in guarded if g.selector is not None}
    return HandModel(
        model,
        tuple(cards),
        ranks,
        tuple(colours),
        tuple(kinds),
        tuple(classes),
        bonus,
        tuple(used),
        tuple(rule_names),
        rule_names,
    )


def _three_triplets_bonus(model: Model, kinds: Sequence[IntVar]) -> int:
    """The literal "all three rows, or all three columns, are triplets" (CS-20 option)."""
    triplet = [var.literal(1) for var in kinds]
    rows = model.bool_var("all three rows are triplets")
    columns = model.bool_var("all three columns are triplets")
    bonus = model.bool_var("three triplets")
    constraints: list[Constraint] = []
    for whole, parts in ((rows, triplet[0:3]), (columns, triplet[3:6])):
        constraints += [clause(-whole, part) for part in parts]
        constraints.append(clause(whole, *(-part for part in parts)))
    constraints += [clause(-rows, bonus), clause(-columns, bonus), clause(-bonus, rows, columns)]
    model.add("three triplets", constraints)
    return bonus


@dataclass(frozen=True, slots=True)
class ColouringModel:
    """The colourings of a rank pattern's positions with the deck's copies (CS-1).

    A rank pattern's positions fall into groups of equal rank (sizes
    :attr:`signature`); each position is red or black, and a group of ``n``
    positions may hold at most ``copies`` red and at most ``copies`` black
    cards. Groups: ``red cards of the rank group 1`` and ``black cards of
    the rank group 1`` (cardinalities).

    Attributes:
        model: the constraint model.
        signature: the group sizes (:func:`rank_signature`).
        red: one literal per position, group by group: the card there is red.
    """

    model: Model
    signature: tuple[int, ...]
    red: tuple[int, ...]


def colouring_model(signature: tuple[int, ...], copies: int | None) -> ColouringModel:
    """The model whose solutions are the colourings of a rank pattern with ``signature``.

    Args:
        signature: how many positions hold each rank present (sizes summing to 9).
        copies: copies of each card in the deck, ``None`` for no limit.
    """
    model = Model()
    red: list[int] = []
    for group, size in enumerate(signature, 1):
        literals = [model.bool_var(f"card {n} of rank group {group} is red") for n in range(size)]
        red += literals
        if copies is not None and size > copies:
            model.add(f"red cards of rank group {group}", [at_most(literals, copies)])
            model.add(f"black cards of rank group {group}", [at_least(literals, size - copies)])
    return ColouringModel(model, signature, tuple(red))


# -- the deal (CS-3, CS-4, CS-5) -----------------------------------------------------------------

DEAL_MODES: Final = ("draft", "twins", "twins-draft")
"""The draft modes, Draft (CS-3), Twins (CS-4) and Twins Draft (CS-5)."""

HAND_SIZE: Final = 5
"""The cards each player receives in the deal (CS-3..CS-5)."""

_MODE_RULE: Final = {"draft": "CS-3", "twins": "CS-4", "twins-draft": "CS-5"}


def deal_problems(
    mode: str,
    *,
    copies_per_colour: int,
    red_hand: Cards,
    black_hand: Cards,
    draft_pool: Cards | None = None,
    picks: Sequence[tuple[str, Card]] | None = None,
) -> tuple[str, ...]:
    """What is wrong with a deal under the rules of its mode; empty when the deal is legal.

    The rules, as the spec reads them:

    * every mode: each player receives 5 cards, and no card is dealt more
      often than the deck holds it (CS-1);
    * ``"draft"`` (CS-3): a draft pool of 10 cards, 5 red and 5 black; the
      players' hands together are exactly the pool;
    * ``"twins"`` (CS-4): no draft pool; Red's 5 cards are red, Black's 5
      are black, and both hold the same ranks;
    * ``"twins-draft"`` (CS-5): a draft pool of 10 cards that holds the
      same ranks in red and in black, 5 of each colour; the hands together
      are exactly the pool;
    * picks (the draft modes, when ``picks`` is given): 10 picks, Black
      first and then alternately, each of a card still in the pool; the
      cards each player picked are their hand. A player may pick either
      colour.

    Args:
        mode: ``"draft"``, ``"twins"`` or ``"twins-draft"``.
        copies_per_colour: copies of each card in the deck, 1-9 (CS-1).
        red_hand: the cards the Red player received.
        black_hand: the cards the Black player received.
        draft_pool: the draft pool as dealt, before any pick (the draft
            modes); ``None`` in Twins.
        picks: the picks in order, each ``(colour of the picking player,
            card)``, the colour ``"r"`` (Red) or ``"b"`` (Black); ``None``
            when they are not known.

    Returns:
        One sentence per broken rule, each starting with the rule's ID.

    Raises:
        TypeError: an argument of the wrong type.
        PositionError: an unknown mode, or ``copies_per_colour`` not 1-9.
    """
    if not isinstance(mode, str):
        raise TypeError(f"mode is a str, not {type(mode).__name__}")
    if mode not in DEAL_MODES:
        raise PositionError(f"mode is one of {', '.join(DEAL_MODES)}, not {mode!r}")
    if isinstance(copies_per_colour, bool) or not isinstance(copies_per_colour, int):
        raise TypeError(f"copies_per_colour is an int, not {type(copies_per_colour).__name__}")
    if not 1 <= copies_per_colour <= 9:
        raise PositionError(f"copies_per_colour is 1-9, not {copies_per_colour}")
    for name, value in (("red_hand", red_hand), ("black_hand", black_hand)):
        if not isinstance(value, Cards):
            raise TypeError(f"{name} is Cards, not {type(value).__name__}")
    if draft_pool is not None and not isinstance(draft_pool, Cards):
        raise TypeError(f"draft_pool is Cards or None, not {type(draft_pool).__name__}")
    rule = _MODE_RULE[mode]
    problems: list[str] = []
    for who, hand in (("Red", red_hand), ("Black", black_hand)):
        if len(hand) != HAND_SIZE:
            problems.append(f"{rule}: {who} received {len(hand)} cards ({hand}), not {HAND_SIZE}")
    problems += _over_supply(red_hand + black_hand, copies_per_colour, "dealt")
    if mode == "twins":
        problems += _twins_problems(red_hand, black_hand, draft_pool, picks)
        return tuple(problems)
    if draft_pool is None:
        problems.append(f"{rule}: a {mode} deal has a draft pool")
        return tuple(problems)
    reds, blacks = draft_pool.of_colour(RED), draft_pool.of_colour(BLACK)
    if (len(reds), len(blacks)) != (HAND_SIZE, HAND_SIZE):
        problems.append(
            f"{rule}: the draft pool ({draft_pool}) holds {len(reds)} red and "
            f"{len(blacks)} black cards, not {HAND_SIZE} and {HAND_SIZE}"
        )
    problems += _over_supply(draft_pool, copies_per_colour, "in the draft pool")
    if mode == "twins-draft":
        red_ranks = sorted(card.rank for card in reds)
        black_ranks = sorted(card.rank for card in blacks)
        if red_ranks != black_ranks:
            problems.append(
                f"CS-5: the draft pool ({draft_pool}) does not hold each rank in both colours: "
                f"red ranks {_ranks_text(red_ranks)}, black ranks {_ranks_text(black_ranks)}"
            )
    if red_hand + black_hand != draft_pool:
        problems.append(
            f"{rule}: the hands (Red {red_hand}, Black {black_hand}) are not the draft pool "
            f"({draft_pool})"
        )
    if picks is not None:
        problems += _pick_problems(rule, draft_pool, picks, red_hand, black_hand)
    return tuple(problems)


def _over_supply(cards: Cards, copies: int, where: str) -> list[str]:
    """CS-1: no card more often than the deck holds it."""
    return [
        f"CS-1: {card} is {where} {count} times, but the deck holds {copies}"
        for card, count in cards.counts().items()
        if count > copies
    ]


def _ranks_text(ranks: Sequence[int]) -> str:
    return "".join(str(rank) for rank in ranks) or "none"


def _twins_problems(
    red_hand: Cards,
    black_hand: Cards,
    draft_pool: Cards | None,
    picks: Sequence[tuple[str, Card]] | None,
) -> list[str]:
    """CS-4: the same ranks, red to Red and black to Black; no pool and no picks."""
    problems = []
    if draft_pool is not None and len(draft_pool):
        problems.append(f"CS-4: Twins has no draft pool, but one holds {draft_pool}")
    if picks:
        problems.append(f"CS-4: nobody picks in Twins, but {len(picks)} picks were made")
    for who, hand, colour in (("Red", red_hand, RED), ("Black", black_hand, BLACK)):
        strangers = Cards(card for card in hand if card.colour != colour)
        if len(strangers):
            problems.append(f"CS-4: {who} received cards of the other colour: {strangers}")
    red_ranks = sorted(card.rank for card in red_hand)
    black_ranks = sorted(card.rank for card in black_hand)
    if red_ranks != black_ranks:
        problems.append(
            f"CS-4: Red received the ranks {_ranks_text(red_ranks)}, "
            f"Black {_ranks_text(black_ranks)}: not the same ranks"
        )
    return problems


def _pick_problems(
    rule: str,
    pool: Cards,
    picks: Sequence[tuple[str, Card]],
    red_hand: Cards,
    black_hand: Cards,
) -> list[str]:
    """CS-3, CS-5: Black picks first, then alternately, from what is left of the pool."""
    problems = []
    if len(picks) != 2 * HAND_SIZE:
        problems.append(f"{rule}: {len(picks)} picks were made, not {2 * HAND_SIZE}")
    left = Counter(pool)
    picked: dict[str, list[Card]] = {RED: [], BLACK: []}
    for number, (colour, card) in enumerate(picks, 1):
        if colour not in (RED, BLACK) or not isinstance(card, Card):
            raise TypeError(f"a pick is (colour 'r' or 'b', Card), not {(colour, card)!r}")
        expected = BLACK if number % 2 else RED
        if colour != expected:
            problems.append(
                f"{rule}: pick {number} was made by {'Red' if colour == RED else 'Black'}, "
                f"but Black picks first and then the players alternate"
            )
        if left[card] <= 0:
            problems.append(f"{rule}: pick {number} took {card}, which the pool no longer held")
        else:
            left[card] -= 1
        picked[colour].append(card)
    for who, colour, hand in (("Red", RED, red_hand), ("Black", BLACK, black_hand)):
        if Cards(picked[colour]) != hand:
            problems.append(f"{rule}: {who} picked {Cards(picked[colour])} but holds {hand}")
    return problems
