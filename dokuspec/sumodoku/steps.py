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
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from dokuspec.engine.sumodoku.explanations import check_steps
from dokuspec.engine.sumodoku.rules import violations
from dokuspec.errors import PositionError
from dokuspec.sumodoku.pencil import (
    RATINGS,
    TECHNIQUES,
    Step,
    _Board,
    _colours,
    _piece,
    _Premises,
    _step,
)
from dokuspec.sumodoku.positions import PositionLike, Status, _position
from dokuspec.sumodoku.positions import check as _check
from dokuspec.sumodoku.techniques import named_step
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    Variants,
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

DEFAULT_TIME_LIMIT = 10.0
"""Seconds :func:`explain_steps` spends before it answers ``"unknown"`` with the steps so far."""

_TRIAL_STEPS = 200  # steps a trial's chain may take before the candidate is given up


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
        step = named_step(board)
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
