"""Pencil marks and steps: the board a step-by-step explanation works on, and its steps.

The board (``_Board``) holds the position's pieces, the placements of
the steps so far and each empty cell's candidates: the colours it can still
take. A candidate is removed implicitly only by a piece (or an earlier
placement) in the same row, column, box or diagonal (SU-3, SU-12) and by
the cell's parity mark (SU-13); every other removal is a step's conclusion,
recorded so that a later step can name it as a premise. A :class:`Step`
records its premises, the rule instances it uses, its technique and its
conclusion; :data:`TECHNIQUES` and :data:`RATINGS` name the techniques and
rate them. The techniques themselves are in
:mod:`dokuspec.sumodoku.techniques`, the derivation in
:mod:`dokuspec.sumodoku.steps`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from dokuspec.engine.sumodoku.rules import ALL_COLOURS
from dokuspec.spec.sumodoku import border_group
from dokuspec.spec.sumodoku import units as unit_names
from dokuspec.sumodoku.search import _rules
from dokuspec.vocabulary.sumodoku import Piece, Position, cell_name

__all__ = ["RATINGS", "TECHNIQUES", "Step"]

#: The techniques in the order the next step is chosen (simplest first).
TECHNIQUES = (
    "supply",
    "broken rule",
    "no place left",
    "no colour left",
    "hidden single",
    "naked single",
    "border",
    "locked candidates",
    "naked pair",
    "x-wing",
    "hidden pair",
    "naked triple",
    "swordfish",
    "hidden triple",
    "skyscraper",
    "two-string kite",
    "turbot fish",
    "xy-wing",
    "xyz-wing",
    "naked quad",
    "jellyfish",
    "hidden quad",
    "trial",
)

#: Each technique's difficulty on Sudoku Explainer's scale (1.0-11.9), as Sukaku Explainer
#: (a fork of Nicolas Juillerat's Sudoku Explainer 1.2.1, github.com/SudokuMonster/SukakuExplainer)
#: rates it with its default ratings. A hidden single is 1.2 in a box and 1.5 elsewhere;
#: locked candidates are 2.6 from a box (pointing) and 2.8 into one (claiming), and 1.7 and 1.9
#: when they leave a hidden single in a unit of the first kind crossing the second ("direct");
#: a hidden pair or triple is 2.0 or 2.5 when it leaves a hidden single in its unit. Two strong
#: links of one colour are a skyscraper (two rows or two columns, 4.0), a two-string kite (a row
#: and a column, 4.1) or a turbot fish (with a box, 4.2; with a diagonal, 4.3). A trial is Sudoku
#: Explainer's Nishio, 7.5 at the least; techniques rated between 4.4 and 7.5 there (unique
#: rectangles, BUG, aligned exclusions, chains) are not used, so a puzzle that needs one is
#: rated 7.5 here. The contradictions and the supply count end an explanation and are not
#: rated; the border deductions of the variants (SU-14, SU-37), which Sudoku Explainer does not
#: know, are rated as a naked single, the same reasoning about one cell and its neighbour.
RATINGS: dict[str, float] = {
    "hidden single (box)": 1.2,
    "hidden single": 1.5,
    "locked candidates (direct pointing)": 1.7,
    "locked candidates (direct claiming)": 1.9,
    "hidden pair (direct)": 2.0,
    "naked single": 2.3,
    "border": 2.3,
    "hidden triple (direct)": 2.5,
    "locked candidates (pointing)": 2.6,
    "locked candidates (claiming)": 2.8,
    "naked pair": 3.0,
    "x-wing": 3.2,
    "hidden pair": 3.4,
    "naked triple": 3.6,
    "swordfish": 3.8,
    "hidden triple": 4.0,
    "skyscraper": 4.0,
    "two-string kite": 4.1,
    "turbot fish": 4.2,
    "xy-wing": 4.2,
    "xyz-wing": 4.4,
    "naked quad": 5.0,
    "jellyfish": 5.2,
    "hidden quad": 5.4,
    "trial": 7.5,
}

_UNRATED = frozenset({"supply", "broken rule", "no place left", "no colour left"})


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction a person can check on its own.

    Attributes:
        technique: a name of :data:`TECHNIQUES`.
        rules: the rule instances it uses, in the spec's words (``"row 3"``,
            ``"r4c7 is odd"``, ``"consecutive mark r1c1-r1c2"``, ...).
        pieces: premises: pieces on the board.
        placed: premises: placements made by earlier steps.
        eliminated: premises: candidates removed by earlier steps (``Piece(r, c, k)``:
            cell rXcY cannot hold colour k).
        places: conclusion: placements.
        eliminates: conclusion: removed candidates.
        contradiction: conclusion: the premises and rules cannot all hold.
        text: the step in words.
        assumption: for a trial, the placement assumed.
        chain: for a trial, the steps from the assumption to a contradiction
            (the assumption counts as a placement in them).
        level: the step's difficulty (:data:`RATINGS`), ``None`` for the
            contradictions.
    """

    technique: str
    rules: tuple[str, ...]
    pieces: tuple[Piece, ...]
    placed: tuple[Piece, ...]
    eliminated: tuple[Piece, ...]
    places: tuple[Piece, ...]
    eliminates: tuple[Piece, ...]
    contradiction: bool
    text: str
    assumption: Piece | None = None
    chain: tuple[Step, ...] = ()
    level: float | None = None

    def conclusions(self) -> Iterator[tuple[str, Piece]]:
        """The facts the step establishes: ``("placed", piece)`` and ``("eliminated", piece)``."""
        for piece in self.places:
            yield "placed", piece
        for piece in self.eliminates:
            yield "eliminated", piece


# -- the board as pencil marks -------------------------------------------------------------------


def _piece(cell: int, colour: int) -> Piece:
    return Piece(cell // 9 + 1, cell % 9 + 1, colour)


def _colours(mask: int) -> list[int]:
    return [k for k in range(1, 10) if mask >> k & 1]


def _words(items: Sequence[object]) -> str:
    names = [str(k) for k in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(slots=True)
class _Premises:
    pieces: set[Piece] = field(default_factory=set)
    placed: set[Piece] = field(default_factory=set)
    eliminated: set[Piece] = field(default_factory=set)
    rules: dict[str, None] = field(default_factory=dict)

    def rule(self, name: str) -> None:
        self.rules[name] = None


class _Board:
    """Pencil marks of a position, with the facts that made them."""

    def __init__(self, position: Position) -> None:
        variants = position.variants
        self.position = position
        rules = _rules(variants)
        self.units = rules.units
        self.cell_units = rules.cell_units
        self.peers = rules.peers
        self.allowed = rules.allowed
        self.neighbours = rules.neighbours
        self.next_to = rules.next_to
        self.names = [name for name, _ in unit_names(variants.x)]
        self.parity = variants.parity
        self.border_rules: dict[tuple[int, int], str] = {}
        for cell in range(81):
            for other, _ in rules.neighbours[cell]:
                if other > cell:
                    # the rule's name is the spec's group name of the border
                    group = border_group(variants, (cell, other))
                    assert group is not None
                    self.border_rules[cell, other] = group[0]
        self.colours = list(position.board.cells)
        self.given = [bool(c) for c in self.colours]
        self.eliminated: set[tuple[int, int]] = set()
        self.cand = [0] * 81
        for cell in range(81):
            if not self.colours[cell]:
                mask = self.allowed[cell]
                for peer in self.peers[cell]:
                    mask &= ~(1 << self.colours[peer])
                self.cand[cell] = mask & ALL_COLOURS

    def copy(self) -> _Board:
        twin = object.__new__(_Board)
        for name in (
            "position",
            "units",
            "cell_units",
            "peers",
            "allowed",
            "neighbours",
            "next_to",
            "names",
            "parity",
            "border_rules",
        ):
            setattr(twin, name, getattr(self, name))
        twin.colours = list(self.colours)
        twin.given = self.given
        twin.eliminated = set(self.eliminated)
        twin.cand = list(self.cand)
        return twin

    def place(self, cell: int, colour: int) -> None:
        self.colours[cell] = colour
        self.cand[cell] = 0
        bit = ~(1 << colour)
        for peer in self.peers[cell]:
            self.cand[peer] &= bit

    def eliminate(self, cell: int, colour: int) -> None:
        self.eliminated.add((cell, colour))
        self.cand[cell] &= ~(1 << colour)

    def fact(self, cell: int, into: _Premises) -> None:
        """Record the piece or placement on ``cell`` as a premise."""
        piece = _piece(cell, self.colours[cell])
        (into.pieces if self.given[cell] else into.placed).add(piece)

    def absent(self, cell: int, colour: int, into: _Premises) -> None:
        """Record why the empty ``cell`` cannot take ``colour``: its parity mark, a piece in one
        of its units, or an earlier step."""
        if not self.allowed[cell] >> colour & 1:
            into.rule(f"{cell_name(cell)} is {'odd' if self.parity[cell] == 'o' else 'even'}")
            return
        best: tuple[int, int, int] | None = None
        for unit in self.cell_units[cell]:
            for other in self.units[unit]:
                if self.colours[other] == colour:
                    rank = (0 if self.given[other] else 1, unit, other)
                    if best is None or rank < best:
                        best = rank
        if best is not None:
            _, unit, other = best
            self.fact(other, into)
            into.rule(self.names[unit])
            return
        assert (cell, colour) in self.eliminated, (cell, colour)
        into.eliminated.add(_piece(cell, colour))

    def occupied(self, cells: object, into: _Premises) -> None:
        """Record the pieces and placements on ``cells`` as premises: the places they fill."""
        for cell in cells:  # type: ignore[attr-defined]
            if self.colours[cell]:
                self.fact(cell, into)

    def empties(self, unit: int) -> list[int]:
        return [c for c in self.units[unit] if not self.colours[c]]

    def held(self, unit: int) -> int:
        mask = 0
        for c in self.units[unit]:
            mask |= 1 << self.colours[c]
        return mask & ALL_COLOURS


def _step(
    technique: str,
    premises: _Premises,
    text: str,
    *,
    places: tuple[Piece, ...] = (),
    eliminates: tuple[Piece, ...] = (),
    contradiction: bool = False,
    level: str | None = None,
    assumption: Piece | None = None,
    chain: tuple[Step, ...] = (),
) -> Step:
    return Step(
        technique,
        tuple(premises.rules),
        tuple(sorted(premises.pieces)),
        tuple(sorted(premises.placed)),
        tuple(sorted(premises.eliminated)),
        places,
        eliminates,
        contradiction,
        text,
        assumption,
        chain,
        None if technique in _UNRATED else RATINGS[level or technique],
    )
