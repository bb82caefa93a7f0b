"""One Competitive Sudoku Grid judged every way it can be (CS-17..CS-20).

:func:`check_hand`: one Grid under one set of scoring options: winning,
hand value, winner's and loser's score, line by line, by the engine, the
spec's definitions, the hand model with every position assumed (satisfiable
or not; the score read from its scoring-class literals), the public
functions, and the public solver queries
(:func:`~dokuspec.competitive.completions`,
:func:`~dokuspec.competitive.best_completion`); for a partial Grid, whether
it can still become a winning hand with the deck's cards, by the solvers
and by a search over the engine's winning patterns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from dokuspec import competitive as public
from dokuspec.engine import competitive as engine
from dokuspec.errors import PositionError
from dokuspec.solvers.base import objective_value
from dokuspec.spec import competitive as spec
from dokuspec.verify.competitive.errors import BACKENDS, BackendName, HandError, _deck_name
from dokuspec.verify.competitive.lines import _model_kind
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    LINES,
    STANDARD_DECK,
    Cards,
    Deck,
    Grid,
    Scoring,
)

__all__ = [
    "HandAnswers",
    "check_hand",
]

_Differ: TypeAlias = Callable[[str, object, str, object], None]
"""``differ(what, engine's answer, source, its answer)``: fails when the answers differ."""


@dataclass(frozen=True, slots=True)
class HandAnswers:
    """What every reading agreed on for one Grid (the result of :func:`check_hand`).

    Attributes:
        winning: whether the Grid is a winning hand (CS-19).
        value: its hand value (CS-17); 0 with an empty position.
        score: the winner's score (CS-20) when winning, else ``None``.
        completable: whether it is, or can become, a winning hand with the
            cards the deck has left for its empty positions.
    """

    winning: bool
    value: int
    score: int | None
    completable: bool


def _unlimited_cards() -> Cards:
    """Nine copies of every card: enough to fill any Grid (an unlimited deck)."""
    return Cards(card for card in ALL_CARDS for _ in range(9))


def _available(grid: Grid, deck: Deck) -> Cards:
    if deck.copies_per_colour is None:
        return _unlimited_cards()
    return deck.cards() - grid.contents()


def _engine_completable(grid: Grid, deck: Deck) -> bool:
    """Whether some winning pattern of the engine, within the deck, extends the Grid's ranks.

    Colours follow: a pattern within the deck has each rank at most twice
    the copies, and the Grid's own cards fit the deck, so the empty
    positions can always be coloured from what the deck has left.
    """
    fixed = [(p, rank) for p, rank in enumerate(grid.ranks) if rank is not None]
    return any(
        all(pattern[p] == rank for p, rank in fixed)
        for pattern in engine.winning_rank_patterns(deck.copies_per_colour)
    )


def _raises_position_error(call: Callable[[], object]) -> bool:
    try:
        call()
    except PositionError:
        return True
    return False


def check_hand(
    grid: Grid,
    scoring: Scoring = Scoring(),  # noqa: B008 - immutable
    *,
    deck: Deck = STANDARD_DECK,
    backends: Sequence[BackendName] = BACKENDS,
    optimize: bool = True,
) -> HandAnswers:
    """Check one Grid under one set of scoring options, every way it can be judged (CS-17..CS-20).

    The engine's :func:`~dokuspec.engine.competitive.is_winning_hand`,
    :func:`~dokuspec.engine.competitive.hand_value`,
    :func:`~dokuspec.engine.competitive.winner_score` (or its refusal of a
    Grid that is not winning), :func:`~dokuspec.engine.competitive.line_kind`
    and :func:`~dokuspec.engine.competitive.line_points` are the reference,
    held against:

    * the spec's definitions (``is_winning_ranks``, ``hand_value``,
      ``winner_score``, ``loser_score``);
    * the public :func:`~dokuspec.competitive.is_winning`,
      :func:`~dokuspec.competitive.hand_value`,
      :func:`~dokuspec.competitive.score` (winner and loser) and
      :func:`~dokuspec.competitive.lines` (each line's kind and points);
    * for a full Grid, on each backend, the hand model with every position
      assumed: satisfiable with the rules of winning assumed exactly when
      the Grid wins; without them, its kind and scoring-class literals give
      each line's kind and points, and the spec's objective the winner's
      score; and the public :func:`~dokuspec.competitive.best_completion`
      with no card to add (optimised: the winner's score, or unsat);
    * on each backend, :func:`~dokuspec.competitive.completions` with the
      cards the deck has left: satisfiable exactly when some winning rank
      pattern of the engine (within the deck) extends the Grid; a completion
      found must keep the Grid's cards, fit the deck and win for the engine.

    Args:
        grid: any Grid the deck can hold.
        scoring: the scoring options (CS-20).
        deck: the deck (CS-1); ``Deck(None)`` for no limit.
        backends: the solver backends to ask.
        optimize: also run :func:`~dokuspec.competitive.best_completion`.

    Returns:
        The answers everyone agreed on.

    Raises:
        HandError: two answers differ; the message names the Grid, the
            scoring options, the source and both answers.
        PositionError: the deck cannot hold the Grid (a mistake of the caller).
    """
    if not deck.holds(grid.contents()):
        raise PositionError(f"{_deck_name(deck.copies_per_colour)} cannot hold the Grid {grid}")
    about = f"Grid {grid} (scoring {scoring})"

    def differ(what: str, engine_answer: object, source: str, answer: object) -> None:
        if engine_answer != answer:
            raise HandError(
                f"{about}: {what}: the engine says {engine_answer}, {source} says {answer}"
            )

    winning = engine.is_winning_hand(grid)
    value = engine.hand_value(grid, scoring)
    refused = _raises_position_error(lambda: engine.winner_score(grid, scoring))
    differ("refuses a winner's score", not winning, "the engine's winner_score", refused)
    score = engine.winner_score(grid, scoring) if winning else None
    loser = value if scoring.score_loser_hand else 0

    differ("winning", winning, "the public is_winning", public.is_winning(grid))
    differ("hand value", value, "the public hand_value", public.hand_value(grid, scoring))
    differ("hand value", value, "the spec's hand_value", spec.hand_value(grid, scoring))
    differ("loser's score", loser, "the spec's loser_score", spec.loser_score(grid, scoring))
    public_loser = public.score(grid, scoring, winner=False)
    differ("loser's score", loser, "the public score", public_loser)
    public_refused = _raises_position_error(lambda: public.score(grid, scoring, winner=True))
    differ("refuses a winner's score", refused, "the public score", public_refused)
    if score is not None:
        differ("winner's score", score, "the public score", public.score(grid, scoring))
        differ("winner's score", score, "the spec's winner_score", spec.winner_score(grid, scoring))
    for line in public.lines(grid, scoring):
        full = [card for card in line.cards if card is not None]
        if len(full) < 3:  # the engine reads no line with an empty position
            continue
        kind = engine.line_kind([card.rank for card in full])
        differ(f"kind of {line.name}", kind, "the public lines", line.kind)
        points = engine.line_points(full, scoring)
        differ(f"points of {line.name}", points, "the public lines", line.points)
    if grid.is_full:
        differ(
            "winning",
            winning,
            "the spec's is_winning_ranks",
            spec.is_winning_ranks([c.rank for c in grid.cards if c]),
        )
        for backend in backends:
            _check_hand_model(grid, scoring, backend, winning, value, score, differ)
            if optimize:
                _check_best(grid, scoring, deck, backend, score, differ)
    completable = _engine_completable(grid, deck)
    for backend in backends:
        _check_completion(grid, deck, backend, completable, differ)
    return HandAnswers(winning, value, score, completable)


def _check_hand_model(
    grid: Grid,
    scoring: Scoring,
    backend: BackendName,
    winning: bool,
    value: int,
    score: int | None,
    differ: _Differ,
) -> None:
    """The hand model with every position assumed: winning, each line, value and score."""
    hand, compiled = public.compiled_hand_model(backend)
    placed = hand.placement_assumptions(grid)
    ruled = compiled.solve([*hand.always, *placed])
    if ruled.status == "unknown":
        raise HandError(f"Grid {grid}: the hand model on {backend} answered unknown")
    differ("winning", winning, f"the hand model on {backend}", ruled.status == "sat")
    free = compiled.solve(placed)
    if free.model is None:
        raise HandError(
            f"Grid {grid}: the hand model on {backend} answers {free.status} with only "
            "its cards assumed (no rule of winning)"
        )
    if hand.grid_of(free.model) != grid:
        raise HandError(
            f"Grid {grid}: the hand model on {backend} holds {hand.grid_of(free.model)} "
            "with those cards assumed"
        )
    points = spec.class_points(scoring)
    total = 0
    for (name, (i, j, k)), kind_var, class_var in zip(LINES, hand.kinds, hand.classes, strict=True):
        cards = [grid.cards[i], grid.cards[j], grid.cards[k]]
        full = [card for card in cards if card is not None]
        kind = _model_kind(kind_var.values, (free.value(lit) for lit in kind_var.literals))
        differ(
            f"kind of {name}",
            engine.line_kind([card.rank for card in full]),
            f"the hand model on {backend}",
            kind,
        )
        scored = next(
            points[v]
            for v, lit in zip(class_var.values, class_var.literals, strict=True)
            if free.value(lit)
        )
        differ(
            f"points of {name}",
            engine.line_points(full, scoring),
            f"the hand model's scoring class on {backend}",
            scored,
        )
        total += scored
    differ("hand value", value, f"the hand model's scoring classes on {backend}", total)
    if score is not None:
        objective = spec.COMPLETION_BONUS + objective_value(hand.objective(scoring), free.model)
        differ("winner's score", score, f"the hand model's objective on {backend}", objective)


def _check_best(
    grid: Grid,
    scoring: Scoring,
    deck: Deck,
    backend: BackendName,
    score: int | None,
    differ: _Differ,
) -> None:
    """best_completion of a full Grid (no card to add): its winner's score, or impossible."""
    best = public.best_completion(grid, Cards(), scoring, deck=deck, backend=backend)
    source = f"best_completion on {backend}"
    if score is None:
        differ("best completion", "impossible", source, best.status)
        return
    differ("best completion", "optimal", source, best.status)
    differ("best completion", grid, source, best.completion)
    differ("winner's score", score, source, best.score)


def _check_completion(
    grid: Grid,
    deck: Deck,
    backend: BackendName,
    completable: bool,
    differ: _Differ,
) -> None:
    """completions with the deck's cards left, against the engine's winning patterns."""
    answer = public.completions(grid, _available(grid, deck), deck=deck, backend=backend)
    source = f"completions on {backend} ({_deck_name(deck.copies_per_colour)})"
    differ("can become a winning hand", completable, source, answer.status == "completable")
    completion = answer.completion
    if completion is None:
        return
    kept = all(
        before is None or before == after
        for before, after in zip(grid.cards, completion.cards, strict=True)
    )
    differ(f"keeps its cards in {completion}", True, source, kept)
    differ(f"the deck holds {completion}", True, source, deck.holds(completion.contents()))
    differ(f"{completion} is a winning hand", True, source, engine.is_winning_hand(completion))
