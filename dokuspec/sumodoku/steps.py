"""Step-by-step explanations: why a Sumodoku position is impossible, one checkable step at a time.

:func:`explain_steps` works on the position's pencil marks (the colours each
empty cell can still take) as a person does, and writes down each deduction
as a :class:`Step`:

* its **premises**: pieces on the board, placements made by earlier steps,
  and candidates earlier steps removed;
* the **rule instances** it uses, in the spec's words (``row 3``, ``box 5``,
  ``main diagonal``, ``r4c7 is odd``, ``consecutive mark r1c1-r1c2``,
  ``non-consecutive r1c1-r1c2``, ``supply of colour 3``);
* its **technique**, and what it **concludes**: placements, removed
  candidates, or a contradiction.

A pencil mark is removed implicitly only by a piece (or an earlier placement)
in the same row, column, box or diagonal (SU-3, SU-12) and by the cell's
parity mark (SU-13); every other removal is a step of its own. The next step
is always the simplest one available, in the order of :data:`TECHNIQUES`
(the order of Sudoku Explainer's difficulty scale, the variants' border
deductions just after the singles), following the step-wise explanation of
constraint problems by Bogaerts, Gamba and Guns ("A framework for step-wise
explaining how to solve constraint satisfaction problems", Artificial
Intelligence 300, 2021). Where no named technique applies, a **trial** step
assumes a candidate and derives a contradiction from it with the named
techniques (Sudoku Explainer's "Nishio"), and removes the candidate; its
chain of steps is part of the step.

When the derivation reaches a contradiction, the steps it did not need are
dropped: a step is kept only when a later kept step uses one of its
conclusions (and a kept step keeps only the conclusions used).

Each step is checked by :func:`dokuspec.engine.sumodoku.explanations.check_steps`,
which shares no code with this module: it builds a small constraint problem
from the step's premises and rule instances alone and searches it to confirm
the conclusion. :func:`explain_steps` refuses to return a step that check
does not confirm.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Literal, TypeAlias

from dokuspec.engine.sumodoku.explanations import check_steps
from dokuspec.engine.sumodoku.rules import (
    ALL_COLOURS,
    MARKED,
    violations,
)
from dokuspec.errors import PositionError
from dokuspec.spec.sumodoku import border_group
from dokuspec.spec.sumodoku import units as unit_names
from dokuspec.sumodoku.positions import PositionLike, Status, _position
from dokuspec.sumodoku.positions import check as _check
from dokuspec.sumodoku.search import _rules
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    Variants,
    border_name,
    cell_name,
)

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "RATINGS",
    "TECHNIQUES",
    "Explanation",
    "ExplanationStatus",
    "Step",
    "explain_steps",
    "steps_json",
]

ExplanationStatus: TypeAlias = Literal["impossible", "solved", "stuck", "unknown"]

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

DEFAULT_TIME_LIMIT = 10.0
"""Seconds :func:`explain_steps` spends before it answers ``"unknown"`` with the steps so far."""

_TRIAL_STEPS = 200  # steps a trial's chain may take before the candidate is given up


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


@dataclass(frozen=True, slots=True)
class Explanation:
    """What :func:`explain_steps` found.

    Attributes:
        position: the position explained.
        status: ``"impossible"`` (the steps end in a contradiction),
            ``"solved"`` (the steps fill the board: its one completion),
            ``"stuck"`` (no technique applies: the position has more than
            one completion or needs a deeper search than a trial of the named
            techniques) or ``"unknown"`` (the time limit ran out).
        steps: the steps in order.
        rating: the difficulty of the hardest step on Sudoku Explainer's
            scale (:data:`RATINGS`), ``0.0`` when no rated step is needed
            (a rule already broken), ``None`` unless the status is
            ``"impossible"`` or ``"solved"``.
        hardest: the technique of the hardest step (``None`` with no rating).
        verdict: :func:`~dokuspec.sumodoku.check`'s answer for the position
            (the SAT model's), ``"completable"``, ``"impossible"`` or
            ``"unknown"``: with ``"stuck"``, it tells whether the steps stopped
            on a position with several completions or on an impossible one
            beyond the named techniques.
        completion: with ``"solved"``, the full board the steps reach.
        seconds: the time taken, checking included.
    """

    position: Position
    status: ExplanationStatus
    steps: tuple[Step, ...]
    rating: float | None
    hardest: str | None
    verdict: Status
    completion: Board | None
    seconds: float

    def svg(self, number: int) -> str:
        """Step ``number`` (from 1) as an SVG picture (:func:`~dokuspec.render.sumodoku.board_svg`).

        The board shows the pieces, the placements of the earlier steps and
        this step's as moves (pale, numbered in order), the candidates earlier
        steps ruled out (small struck numbers, grey), the cells of the step's
        premises highlighted (dashed), and its conclusion in red: placements
        ringed, candidates ruled out struck. The title names the step and its
        technique.

        Raises:
            TypeError: ``number`` is not an int.
            IndexError: ``number`` is not 1 to the number of steps.
        """
        from dokuspec.render.sumodoku import board_svg  # noqa: PLC0415 - drawn when asked

        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"a step number is an int, not {type(number).__name__}")
        if not 1 <= number <= len(self.steps):
            raise IndexError(f"step {number} is not a step 1-{len(self.steps)}")
        step = self.steps[number - 1]
        moves = [p for earlier in self.steps[:number] for p in earlier.places]
        filled = {(p.row, p.col) for p in moves}
        crossed = [
            p
            for earlier in self.steps[: number - 1]
            for p in earlier.eliminates
            if (p.row, p.col) not in filled and p not in step.eliminates
        ]
        cells = {
            (p.row - 1) * 9 + p.col - 1 for p in (*step.pieces, *step.placed, *step.eliminated)
        }
        return board_svg(
            self.position,
            highlight=sorted(cells),
            moves=moves,
            title=f"Step {number} of {len(self.steps)}, {step.technique}"
            + (f": {step.text}" if len(step.text) <= 72 else ""),
            crossed=list(dict.fromkeys(crossed)),
            concluded=[*step.places, *step.eliminates],
        )

    def to_json(self) -> dict[str, Any]:
        """The explanation as JSON data: each step with its number (from 1), premises (each
        as ``{"row", "col", "colour"}``, a placed or eliminated one with the ``"step"`` that
        concluded it), rules, technique, conclusion and text, so that a program can replay
        and check it (:func:`dokuspec.engine.sumodoku.explanations.check_steps`)."""
        return {
            "status": self.status,
            "verdict": self.verdict,
            "rating": self.rating,
            "hardest": self.hardest,
            "steps": steps_json(self.steps),
        }


def _piece_json(piece: Piece, step: int | None = None) -> dict[str, int]:
    found = {"row": piece.row, "col": piece.col, "colour": piece.colour}
    if step is not None:
        found["step"] = step
    return found


def steps_json(
    steps: tuple[Step, ...], origins: dict[tuple[str, Piece], int] | None = None
) -> list[dict[str, Any]]:
    """``steps`` as JSON data (see :meth:`Explanation.to_json`); ``origins`` maps facts
    established before them (a trial's assumption: step 0) to step numbers."""
    known = dict(origins or {})
    found = []
    for number, step in enumerate(steps, 1):
        item: dict[str, Any] = {
            "number": number,
            "technique": step.technique,
            "level": step.level,
            "rules": list(step.rules),
            "premises": {
                "pieces": [_piece_json(p) for p in step.pieces],
                "placed": [_piece_json(p, known.get(("placed", p), 0)) for p in step.placed],
                "eliminated": [
                    _piece_json(p, known.get(("eliminated", p), 0)) for p in step.eliminated
                ],
            },
            "conclusion": {
                "places": [_piece_json(p) for p in step.places],
                "eliminates": [_piece_json(p) for p in step.eliminates],
                "contradiction": step.contradiction,
            },
            "text": step.text,
        }
        if step.assumption is not None:
            item["assumption"] = _piece_json(step.assumption)
            item["chain"] = steps_json(step.chain, {("placed", step.assumption): 0, **known})
        found.append(item)
        for fact in step.conclusions():
            known[fact] = number
    return found


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


# -- the techniques, each the first instance found in a fixed order ------------------------------


def _supply(board: _Board) -> Step | None:
    for colour, out in enumerate(board.position.out, 1):
        if out:
            premises = _Premises()
            premises.rule(f"supply of colour {colour}")
            left = 9 - out
            return _step(
                "supply",
                premises,
                f"colour {colour} has {out} out of the game: {left} pieces cannot fill 9 rows",
                contradiction=True,
            )
    return None


def _broken(board: _Board) -> Step | None:
    colours = board.colours
    for unit, members in enumerate(board.units):
        seen: dict[int, int] = {}
        for cell in members:
            colour = colours[cell]
            if colour in seen:
                premises = _Premises()
                board.fact(seen[colour], premises)
                board.fact(cell, premises)
                premises.rule(board.names[unit])
                return _step(
                    "broken rule",
                    premises,
                    f"{board.names[unit]} holds colour {colour} twice: "
                    f"{cell_name(seen[colour])} and {cell_name(cell)}",
                    contradiction=True,
                )
            if colour:
                seen[colour] = cell
    for cell in range(81):
        colour = colours[cell]
        if colour and not board.allowed[cell] >> colour & 1:
            premises = _Premises()
            board.fact(cell, premises)
            kind = "odd" if board.parity[cell] == "o" else "even"
            premises.rule(f"{cell_name(cell)} is {kind}")
            return _step(
                "broken rule",
                premises,
                f"{cell_name(cell)} is {kind} but holds colour {colour}",
                contradiction=True,
            )
    for (a, b), rule in board.border_rules.items():
        if colours[a] and colours[b] and not _agree(board, a, b, colours[a], colours[b]):
            premises = _Premises()
            board.fact(a, premises)
            board.fact(b, premises)
            premises.rule(rule)
            return _step(
                "broken rule",
                premises,
                f"{cell_name(a)} and {cell_name(b)} hold colours {colours[a]} and {colours[b]},"
                f" which the {rule.rsplit(' ', 1)[0]} forbids",
                contradiction=True,
            )
    return None


def _kind(board: _Board, a: int, b: int) -> int:
    for other, kind in board.neighbours[a]:
        if other == b:
            return kind
    raise AssertionError((a, b))


def _support(board: _Board, a: int, b: int, colour: int) -> int:
    """The colours cell ``b`` may hold next to ``colour`` on cell ``a``."""
    near = board.next_to[colour]
    return near if _kind(board, a, b) == MARKED else ALL_COLOURS & ~near


def _agree(board: _Board, a: int, b: int, first: int, second: int) -> bool:
    return bool(_support(board, a, b, first) >> second & 1)


def _no_place(board: _Board) -> Step | None:
    for unit in range(len(board.units)):
        missing = ALL_COLOURS & ~board.held(unit)
        if not missing:
            continue
        empties = board.empties(unit)
        possible = 0
        for cell in empties:
            possible |= board.cand[cell]
        lost = missing & ~possible
        if lost:
            colour = _colours(lost)[0]
            premises = _Premises()
            premises.rule(board.names[unit])
            board.occupied(board.units[unit], premises)
            for cell in empties:
                board.absent(cell, colour, premises)
            return _step(
                "no place left",
                premises,
                f"colour {colour} has no place left in {board.names[unit]}",
                contradiction=True,
            )
    return None


def _no_colour(board: _Board) -> Step | None:
    for cell in range(81):
        if not board.colours[cell] and not board.cand[cell]:
            premises = _Premises()
            for colour in range(1, 10):
                board.absent(cell, colour, premises)
            return _step(
                "no colour left",
                premises,
                f"{cell_name(cell)} has no colour left",
                contradiction=True,
            )
    return None


def _hidden_single(board: _Board) -> Step | None:
    order = list(range(18, 27)) + list(range(18)) + list(range(27, len(board.units)))
    for unit in order:
        missing = ALL_COLOURS & ~board.held(unit)
        if not missing:
            continue
        empties = board.empties(unit)
        for colour in _colours(missing):
            places = [c for c in empties if board.cand[c] >> colour & 1]
            if len(places) == 1:
                (cell,) = places
                premises = _Premises()
                premises.rule(board.names[unit])
                board.occupied(board.units[unit], premises)
                for other in empties:
                    if other != cell:
                        board.absent(other, colour, premises)
                return _step(
                    "hidden single",
                    premises,
                    f"colour {colour} has one place left in {board.names[unit]}: {cell_name(cell)}",
                    places=(_piece(cell, colour),),
                    level="hidden single (box)" if 18 <= unit < 27 else "hidden single",
                )
    return None


def _naked_single(board: _Board) -> Step | None:
    for cell in range(81):
        mask = board.cand[cell]
        if mask and not mask & (mask - 1):
            colour = mask.bit_length() - 1
            premises = _Premises()
            for other in range(1, 10):
                if other != colour:
                    board.absent(cell, other, premises)
            return _step(
                "naked single",
                premises,
                f"{cell_name(cell)} has one colour left: {colour}",
                places=(_piece(cell, colour),),
            )
    return None


def _border(board: _Board) -> Step | None:
    colours = board.colours
    for filled_first in (True, False):
        for (a, b), rule in board.border_rules.items():
            for here, there in ((a, b), (b, a)):
                if colours[here] or bool(colours[there]) != filled_first:
                    continue
                reach = (1 << colours[there]) if colours[there] else board.cand[there]
                lost = [
                    k
                    for k in _colours(board.cand[here])
                    if not _support(board, here, there, k) & reach
                ]
                if not lost:
                    continue
                premises = _Premises()
                premises.rule(rule)
                if colours[there]:
                    board.fact(there, premises)
                    why = f"{cell_name(there)} holds {colours[there]}"
                else:
                    needed = 0
                    for k in lost:
                        needed |= _support(board, here, there, k)
                    for k in _colours(needed):
                        board.absent(there, k, premises)
                    why = f"{cell_name(there)} can only take {_words(_colours(reach))}"
                what = rule.rsplit(" ", 1)[0]
                return _step(
                    "border",
                    premises,
                    f"across the {what} {border_name((a, b))}, {why}: {cell_name(here)} is "
                    f"not {_words(lost)}",
                    eliminates=tuple(_piece(here, k) for k in lost),
                )
    return None


def _unit_pairs(board: _Board) -> list[tuple[int, int]]:
    found = []
    sets = [set(u) for u in board.units]
    for u in range(len(board.units)):
        for v in range(len(board.units)):
            if u != v and len(sets[u] & sets[v]) >= 2:
                found.append((u, v))
    # boxes first (pointing), then lines into boxes (claiming)
    found.sort(key=lambda pair: (not 18 <= pair[0] < 27, pair))
    return found


def _locked_all(board: _Board) -> Iterator[Step]:
    for u, v in _unit_pairs(board):
        inside = set(board.units[u]) & set(board.units[v])
        missing = ALL_COLOURS & ~board.held(u)
        for colour in _colours(missing):
            bit = 1 << colour
            places = [c for c in board.empties(u) if board.cand[c] & bit]
            if not places or not set(places) <= inside:
                continue
            targets = [c for c in board.units[v] if c not in inside and board.cand[c] & bit]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[u])
            premises.rule(board.names[v])
            board.occupied((c for c in board.units[u] if c not in inside), premises)
            for cell in board.empties(u):
                if cell not in inside:
                    board.absent(cell, colour, premises)
            pointing = 18 <= u < 27
            yield _step(
                "locked candidates",
                premises,
                f"in {board.names[u]}, colour {colour} can only go where it meets "
                f"{board.names[v]}, so no other cell of {board.names[v]} takes it: "
                + ", ".join(cell_name(c) for c in targets)
                + f" not {colour}",
                eliminates=tuple(_piece(c, colour) for c in targets),
                level="locked candidates (pointing)"
                if pointing
                else "locked candidates (claiming)",
            )


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def _naked_subset(board: _Board, size: int) -> Step | None:
    for unit in range(len(board.units)):
        empties = board.empties(unit)
        if len(empties) < 2 * size:
            continue
        small = [c for c in empties if 2 <= bin(board.cand[c]).count("1") <= size]
        for cells in combinations(small, size):
            union = 0
            for c in cells:
                union |= board.cand[c]
            if bin(union).count("1") != size:
                continue
            targets = [
                (c, k) for c in empties if c not in cells for k in _colours(board.cand[c] & union)
            ]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[unit])
            for c in cells:
                for k in _colours(ALL_COLOURS & ~union):
                    board.absent(c, k, premises)
            name = f"naked {_SUBSET_NAMES[size]}"
            return _step(
                name,
                premises,
                f"{_words([cell_name(c) for c in cells])} take colours "
                f"{_words(_colours(union))} between them ({name} in {board.names[unit]}), so no "
                "other cell of it does: " + ", ".join(f"{cell_name(c)}≠{k}" for c, k in targets),
                eliminates=tuple(_piece(c, k) for c, k in targets),
            )
    return None


def _hidden_subset_all(board: _Board, size: int, direct: bool = False) -> Iterator[Step]:
    """Hidden subsets of ``size`` colours, in units with more than twice as many empty cells
    (else the naked subset of the other cells is the simpler step), or, ``direct``, more than
    ``size``, as Sudoku Explainer looks for them."""
    for unit in range(len(board.units)):
        empties = board.empties(unit)
        if len(empties) <= (size if direct else 2 * size):
            continue
        missing = _colours(ALL_COLOURS & ~board.held(unit))
        if len(missing) <= size:
            continue
        where = {k: [c for c in empties if board.cand[c] >> k & 1] for k in missing}
        chosen = [k for k in missing if 2 <= len(where[k]) <= size]
        for colours in combinations(chosen, size):
            cells = sorted({c for k in colours for c in where[k]})
            if len(cells) != size:
                continue
            keep = sum(1 << k for k in colours)
            targets = [(c, k) for c in cells for k in _colours(board.cand[c] & ~keep)]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[unit])
            board.occupied(board.units[unit], premises)
            for c in empties:
                if c not in cells:
                    for k in colours:
                        board.absent(c, k, premises)
            name = f"hidden {_SUBSET_NAMES[size]}"
            yield _step(
                name,
                premises,
                f"in {board.names[unit]}, colours {_words(list(colours))} can only go in "
                f"{_words([cell_name(c) for c in cells])} ({name}), so those cells take no "
                "other colour: " + ", ".join(f"{cell_name(c)}≠{k}" for c, k in targets),
                eliminates=tuple(_piece(c, k) for c, k in targets),
            )


_FISH = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


def _fish(board: _Board, size: int) -> Step | None:
    for base_first, cover_first in ((0, 9), (9, 0)):
        for colour in range(1, 10):
            bit = 1 << colour
            lines = []
            for base in range(base_first, base_first + 9):
                if board.held(base) & bit:
                    continue
                spots = {
                    (c // 9 if base_first else c % 9)
                    for c in board.units[base]
                    if board.cand[c] & bit
                }
                if 2 <= len(spots) <= size:
                    lines.append((base, spots))
            for chosen in combinations(lines, size):
                covers = set().union(*(spots for _, spots in chosen))
                if len(covers) != size:
                    continue
                bases = [base for base, _ in chosen]
                base_cells = {c for base in bases for c in board.units[base]}
                targets = [
                    c
                    for cover in sorted(covers)
                    for c in board.units[cover_first + cover]
                    if c not in base_cells and board.cand[c] & bit
                ]
                if not targets:
                    continue
                premises = _Premises()
                for base in bases:
                    premises.rule(board.names[base])
                cover_units = [cover_first + cover for cover in sorted(covers)]
                for unit in cover_units:
                    premises.rule(board.names[unit])
                cover_cells = {c for unit in cover_units for c in board.units[unit]}
                for base in bases:
                    board.occupied((c for c in board.units[base] if c not in cover_cells), premises)
                    for c in board.empties(base):
                        if c not in cover_cells:
                            board.absent(c, colour, premises)
                name = _FISH[size]
                return _step(
                    name,
                    premises,
                    f"colour {colour} in {_words([board.names[b] for b in bases])} can only "
                    f"go in {_words([board.names[u] for u in cover_units])} ({name}), so "
                    "not elsewhere in those: "
                    + ", ".join(cell_name(c) for c in targets)
                    + f" not {colour}",
                    eliminates=tuple(_piece(c, colour) for c in targets),
                )
    return None


def _locked(board: _Board) -> Step | None:
    return next(_locked_all(board), None)


def _hidden_subset(board: _Board, size: int) -> Step | None:
    return next(_hidden_subset_all(board, size), None)


def _direct_locked(board: _Board, pointing: bool) -> Step | None:
    """Locked candidates that leave a hidden single of their colour in another unit of the
    kind of the first, crossing the second (Sudoku Explainer's direct pointing, 1.7, and
    direct claiming, 1.9)."""
    wanted = RATINGS["locked candidates (pointing)" if pointing else "locked candidates (claiming)"]
    for step in _locked_all(board):
        if step.level != wanted:
            continue
        first, second = (_unit_number(board, name) for name in step.rules[:2])
        colour = step.eliminates[0].colour
        bit = 1 << colour
        removed = {(p.row - 1) * 9 + p.col - 1 for p in step.eliminates}
        crossing = set(board.units[second])
        for third in range(len(board.units)):
            if (
                third == first
                or _unit_kind(board, third) != _unit_kind(board, first)
                or not crossing & set(board.units[third])
                or board.held(third) & bit
            ):
                continue
            places = [c for c in board.units[third] if board.cand[c] & bit]
            left = [c for c in places if c not in removed]
            if len(places) > 1 and len(left) == 1:
                name = "direct pointing" if pointing else "direct claiming"
                return replace(
                    step,
                    level=RATINGS[f"locked candidates ({name})"],
                    text=step.text
                    + f", which leaves colour {colour} one place in {board.names[third]}",
                )
    return None


def _direct_hidden(board: _Board, size: int) -> Step | None:
    """A hidden pair or triple whose cells, taking only its colours, leave another colour one
    place in the unit (Sudoku Explainer's direct hidden pair, 2.0, and triple, 2.5)."""
    for step in _hidden_subset_all(board, size, direct=True):
        unit = _unit_number(board, step.rules[0])
        cells = {(p.row - 1) * 9 + p.col - 1 for p in step.eliminates}
        held = board.held(unit)
        for colour in sorted({p.colour for p in step.eliminates}):
            if held >> colour & 1:
                continue
            places = [c for c in board.units[unit] if board.cand[c] >> colour & 1]
            left = [c for c in places if c not in cells]
            if len(places) > 1 and len(left) == 1:
                name = "hidden pair (direct)" if size == 2 else "hidden triple (direct)"
                return replace(
                    step,
                    level=RATINGS[name],
                    text=step.text
                    + f", which leaves colour {colour} one place in {board.names[unit]}",
                )
    return None


def _unit_number(board: _Board, name: str) -> int:
    return board.names.index(name)


def _sees(board: _Board, a: int, b: int) -> int | None:
    """A unit holding both cells, or ``None``."""
    for unit in board.cell_units[a]:
        if b in board.units[unit]:
            return unit
    return None


def _unit_kind(board: _Board, unit: int) -> str:
    return board.names[unit].split(" ")[0]


def _turbot_all(board: _Board) -> Iterator[Step]:
    """Two strong links of one colour (units where it has two places), one end of each seeing
    the other's: one of the two far ends holds the colour, so no cell seeing both does."""
    for colour in range(1, 10):
        bit = 1 << colour
        links = []
        for unit in range(len(board.units)):
            if board.held(unit) & bit:
                continue
            places = [c for c in board.units[unit] if board.cand[c] & bit]
            if len(places) == 2:
                links.append((unit, places))
        for (u, first), (v, second) in combinations(links, 2):
            if set(first) & set(second):
                continue
            for near, far in ((first[0], first[1]), (first[1], first[0])):
                for other, end in ((second[0], second[1]), (second[1], second[0])):
                    bridge = _sees(board, near, other)
                    if bridge is None:
                        continue
                    targets = [
                        c
                        for c in range(81)
                        if board.cand[c] & bit
                        and c not in (near, far, other, end)
                        and _sees(board, c, far) is not None
                        and _sees(board, c, end) is not None
                    ]
                    if not targets:
                        continue
                    premises = _Premises()
                    for unit in (u, v):
                        premises.rule(board.names[unit])
                        board.occupied(board.units[unit], premises)
                        for c in board.empties(unit):
                            if c not in (near, far, other, end):
                                board.absent(c, colour, premises)
                    premises.rule(board.names[bridge])
                    for c in targets:
                        for end_cell in (far, end):
                            seen = _sees(board, c, end_cell)
                            assert seen is not None
                            premises.rule(board.names[seen])
                    kinds = {_unit_kind(board, u), _unit_kind(board, v)}
                    if kinds <= {"row", "column"}:
                        name = "skyscraper" if len(kinds) == 1 else "two-string kite"
                    else:
                        name = "turbot fish"
                    level = 4.3 if kinds & {"main", "anti-diagonal"} else None
                    step = _step(
                        name,
                        premises,
                        f"colour {colour} has two places in {board.names[u]} and two in "
                        f"{board.names[v]}; {cell_name(near)} and {cell_name(other)} share "
                        f"{board.names[bridge]}, so {cell_name(far)} or {cell_name(end)} holds "
                        f"it ({name}): "
                        + ", ".join(cell_name(c) for c in targets)
                        + f" not {colour}",
                        eliminates=tuple(_piece(c, colour) for c in targets),
                    )
                    yield step if level is None else replace(step, level=level)


def _wing_all(board: _Board, size: int) -> Iterator[Step]:
    """XY-wing (``size`` 2: a pivot with two colours) and XYZ-wing (3: with three): two
    pincers of two colours each, seen by the pivot, share a colour z with it (XYZ) or not
    (XY); whichever way the pivot goes, a pincer (or the pivot) holds z."""
    count = [bin(m).count("1") for m in board.cand]
    for pivot in range(81):
        if count[pivot] != size:
            continue
        pincers = [
            c
            for c in board.peers[pivot]
            if count[c] == 2
            and bin(board.cand[c] & board.cand[pivot]).count("1") == (1 if size == 2 else 2)
        ]
        for a, b in combinations(pincers, 2):
            shared = board.cand[a] & board.cand[b]
            if bin(shared).count("1") != 1:
                continue
            z = shared.bit_length() - 1
            if size == 2:
                if (
                    shared & board.cand[pivot]
                    or (board.cand[a] | board.cand[b]) & ~shared != board.cand[pivot]
                ):
                    continue
            elif (board.cand[a] | board.cand[b]) != board.cand[pivot]:
                continue
            holders = (a, b) if size == 2 else (a, b, pivot)
            targets = [
                c
                for c in range(81)
                if board.cand[c] >> z & 1
                and c not in (a, b, pivot)
                and all(_sees(board, c, h) is not None for h in holders)
            ]
            if not targets:
                continue
            premises = _Premises()
            for cell in (pivot, a, b):
                for colour in _colours(ALL_COLOURS & ~board.cand[cell]):
                    board.absent(cell, colour, premises)
            for cell in (a, b):
                unit = _sees(board, pivot, cell)
                assert unit is not None
                premises.rule(board.names[unit])
            for c in targets:
                for h in holders:
                    unit = _sees(board, c, h)
                    assert unit is not None
                    premises.rule(board.names[unit])
            name = "xy-wing" if size == 2 else "xyz-wing"
            yield _step(
                name,
                premises,
                f"pivot {cell_name(pivot)} ({_words(_colours(board.cand[pivot]))}) with "
                f"{cell_name(a)} ({_words(_colours(board.cand[a]))}) and {cell_name(b)} "
                f"({_words(_colours(board.cand[b]))}): one of them holds {z} ({name}), so no "
                "cell seeing them all does: "
                + ", ".join(cell_name(c) for c in targets)
                + f" not {z}",
                eliminates=tuple(_piece(c, z) for c in targets),
            )


def _named(board: _Board) -> Step | None:
    """The simplest named step available on ``board`` (no trial), or ``None``: the order of
    Sudoku Explainer's scale (:data:`RATINGS`), the variants' border deductions with the
    naked singles."""
    return (
        _supply(board)
        or _broken(board)
        or _no_place(board)
        or _no_colour(board)
        or _hidden_single(board)
        or _direct_locked(board, pointing=True)
        or _direct_locked(board, pointing=False)
        or _direct_hidden(board, 2)
        or _naked_single(board)
        or _border(board)
        or _direct_hidden(board, 3)
        or _locked(board)
        or _naked_subset(board, 2)
        or _fish(board, 2)
        or _hidden_subset(board, 2)
        or _naked_subset(board, 3)
        or _fish(board, 3)
        or _hidden_subset(board, 3)
        or next(_turbot_all(board), None)
        or next(_wing_all(board, 2), None)
        or next(_wing_all(board, 3), None)
        or _naked_subset(board, 4)
        or _fish(board, 4)
        or _hidden_subset(board, 4)
    )


def _apply(board: _Board, step: Step) -> None:
    for piece in step.places:
        board.place((piece.row - 1) * 9 + piece.col - 1, piece.colour)
    for piece in step.eliminates:
        board.eliminate((piece.row - 1) * 9 + piece.col - 1, piece.colour)


class _OutOfTimeError(Exception):
    pass


def _derive(
    board: _Board,
    deadline: float,
    trials: bool,
    most: int | None = None,
    steps: list[Step] | None = None,
) -> tuple[list[Step], bool]:
    """Steps from ``board`` (changed in place, appended to ``steps``) until a contradiction
    (``True``), no step applies, or ``most`` steps (``False``)."""
    steps = [] if steps is None else steps
    while most is None or len(steps) < most:
        if time.monotonic() > deadline:
            raise _OutOfTimeError
        step = _named(board)
        if step is None and trials:
            step = _trial(board, deadline)
        if step is None:
            return steps, False
        steps.append(step)
        if step.contradiction:
            return steps, True
        _apply(board, step)
        if all(board.colours):
            return steps, False
    return steps, False


def _prune(steps: list[Step]) -> list[Step]:
    """The steps a final contradiction needs, each with only the conclusions used."""
    needed: set[tuple[str, Piece]] = set()
    kept: list[Step] = []
    for index in range(len(steps) - 1, -1, -1):
        step = steps[index]
        if index == len(steps) - 1:
            used = list(step.conclusions())
        else:
            used = [fact for fact in step.conclusions() if fact in needed]
            if not used:
                continue
            for fact in used:
                needed.discard(fact)
        needed.update(("placed", p) for p in step.placed)
        needed.update(("eliminated", p) for p in step.eliminated)
        if index < len(steps) - 1 and len(used) < len(list(step.conclusions())):
            step = _narrowed(step, used)
        kept.append(step)
    kept.reverse()
    return kept


def _narrowed(step: Step, used: list[tuple[str, Piece]]) -> Step:
    places = tuple(p for kind, p in used if kind == "placed")
    eliminates = tuple(p for kind, p in used if kind == "eliminated")
    text = step.text
    if step.technique not in ("hidden single", "naked single", "trial"):
        head = text.rsplit(": ", 1)[0]
        text = (
            head
            + ": "
            + ", ".join(f"{cell_name((p.row - 1) * 9 + p.col - 1)}≠{p.colour}" for p in eliminates)
        )
    return Step(
        step.technique,
        step.rules,
        step.pieces,
        step.placed,
        step.eliminated,
        places,
        eliminates,
        step.contradiction,
        text,
        step.assumption,
        step.chain,
        step.level,
    )


def _trial(board: _Board, deadline: float) -> Step | None:
    """Assume a candidate, derive a contradiction with the named techniques, remove it.

    Candidates of cells with the fewest candidates first; of the contradictions
    found among the first cells tried, the shortest chain is kept."""
    order = sorted(
        (bin(board.cand[c]).count("1"), c)
        for c in range(81)
        if board.cand[c] and not board.colours[c]
    )
    best: tuple[int, Step] | None = None
    for count, cell in order:
        if best is not None and count > 2:
            break
        for colour in _colours(board.cand[cell]):
            twin = board.copy()
            twin.place(cell, colour)
            chain, contradiction = _derive(twin, deadline, trials=False, most=_TRIAL_STEPS)
            if not contradiction:
                continue
            assumption = _piece(cell, colour)
            chain = _prune(chain)
            if best is not None and len(chain) >= best[0]:
                continue
            premises = _Premises()
            produced = {("placed", assumption)}
            for step in chain:
                premises.pieces.update(step.pieces)
                premises.placed.update(p for p in step.placed if ("placed", p) not in produced)
                premises.eliminated.update(
                    p for p in step.eliminated if ("eliminated", p) not in produced
                )
                for rule in step.rules:
                    premises.rule(rule)
                produced.update(step.conclusions())
            route = ", ".join(str(p) for step in chain[:-1] for p in step.places)
            middle = f" then {route}," if route else ""
            text = (
                f"if {cell_name(cell)} held colour {colour}:{middle} and {chain[-1].text}; "
                f"so {cell_name(cell)} is not {colour}"
            )
            found = _step(
                "trial",
                premises,
                text,
                eliminates=(assumption,),
                assumption=assumption,
                chain=tuple(chain),
            )
            best = (len(chain), found)
        if best is not None and best[0] <= 3:
            break
    return None if best is None else best[1]


def explain_steps(
    position: PositionLike,
    *,
    variants: Variants | None = None,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    check: bool = True,
) -> Explanation:
    """Explain ``position`` step by step (rules SU-3, SU-9, SU-12 to SU-15, SU-37).

    From the position's pieces, steps are taken, the simplest available first
    (see the module notes), until a contradiction (the position is
    impossible, and the steps show why), a full board (its one completion:
    the steps solve it), or no step applies. The steps an impossible
    position's contradiction does not need are dropped. The answer is also
    held against :func:`~dokuspec.sumodoku.check` (the SAT model), which gives
    ``Explanation.verdict``.

    Args:
        position: a :class:`~dokuspec.vocabulary.sumodoku.Position`, a
            ``Board`` or a position's text (as :func:`~dokuspec.sumodoku.check`).
        variants: the variants, for a board or text that carries none.
        time_limit: seconds, past which the status is ``"unknown"`` with
            the steps taken so far; ``None`` for no limit.
        check: check every step with the independent checker
            (:func:`dokuspec.engine.sumodoku.explanations.check_steps`) before
            answering; ``False`` only to time the search itself.

    Returns:
        An :class:`Explanation`.

    Raises:
        TypeError: ``position`` is not a position, board or str,
            ``time_limit`` not a number or ``None``, ``check`` not a bool.
        ValueError: ``time_limit`` is not positive.
        NotationError: ``position`` is text that does not parse.
        PositionError: a step failed its independent check, or the steps
            disagree with the SAT model (a defect, reported rather than
            answered).
    """
    position = _position(position, variants)
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
    ):
        raise TypeError(f"time_limit must be a number or None, not {type(time_limit).__name__}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be positive, not {time_limit}")
    if not isinstance(check, bool):
        raise TypeError(f"check must be a bool, not {type(check).__name__}")
    started = time.monotonic()
    deadline = float("inf") if time_limit is None else started + time_limit
    board = _Board(position)
    status: ExplanationStatus
    steps: list[Step] = []
    try:
        _, contradiction = _derive(board, deadline, trials=True, steps=steps)
    except _OutOfTimeError:
        status = "unknown"
    else:
        if contradiction:
            steps = _prune(steps)
            status = "impossible"
        else:
            status = "solved" if all(board.colours) else "stuck"
    if check:
        problem = check_steps(position, steps_json(tuple(steps)), complete=status == "impossible")
        if problem is not None:
            raise PositionError(f"a step failed its independent check: {problem}")
    completion = Board(bytes(board.colours)) if status == "solved" else None
    if completion is not None and violations(completion, position.variants):
        raise PositionError("the steps filled the board against the rules")
    left = None if time_limit is None else max(deadline - time.monotonic(), 0.01)
    verdict = _check(position, time_limit=left).status
    if (status, verdict) in (("impossible", "completable"), ("solved", "impossible")):
        raise PositionError(f"the steps say {status}, the SAT model says {verdict}")
    rating: float | None = None
    hardest: str | None = None
    if status in ("impossible", "solved"):
        rating = 0.0
        for step in steps:
            if step.level is not None and step.level > rating:
                rating, hardest = step.level, step.technique
    return Explanation(
        position,
        status,
        tuple(steps),
        rating,
        hardest,
        verdict,
        completion,
        time.monotonic() - started,
    )
