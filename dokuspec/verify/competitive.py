"""Cross-checks of Competitive Sudoku: the engine held against the spec, its models and the API.

The engine (:mod:`dokuspec.engine.competitive`) reads the rules in plain
Python of its own; the spec (:mod:`dokuspec.spec.competitive`) reads them
twice more, as direct definitions and as constraint models that the SAT and
the Z3 backends solve. The public API (:mod:`dokuspec.competitive`) answers
from the spec. Each function here asks the same question of several of them
and raises a :class:`CompetitiveCheckError` (an :class:`AssertionError`)
naming what was asked (the ranks, the Grid, the seed) and both answers when
two disagree:

* :func:`check_line_kinds` (CS-18): every one of the 729 ordered rank
  triples, classified by the engine's :func:`~dokuspec.engine.competitive.line_kind`,
  the spec's :func:`~dokuspec.spec.competitive.kind_of_ranks`, the public
  :func:`~dokuspec.competitive.line_kind`, the kind literals of the hand
  model (each of its eight line tables sees every triple once, on
  :func:`line_kind_design`'s 729 Grids) and the satisfiability of the
  rank-pattern model with one row or column assumed, on each backend;
* :func:`check_winning_patterns` (CS-19): the *set* of winning rank patterns
  of a deck, from the engine's
  :func:`~dokuspec.engine.competitive.winning_rank_patterns` and from the
  projected enumeration of the rank-pattern model on each backend;
* :func:`check_hand` (CS-17..CS-20): one Grid under one set of scoring
  options: winning, hand value, winner's and loser's score, line by line,
  by the engine, the spec's definitions, the hand model with every position
  assumed (satisfiable or not; the score read from its scoring-class
  literals), the public functions, and the public solver queries
  (:func:`~dokuspec.competitive.completions`,
  :func:`~dokuspec.competitive.best_completion`); for a partial Grid,
  whether it can still become a winning hand with the deck's cards, by the
  solvers and by a search over the engine's winning patterns;
* :func:`check_table` (CS-1, CS-7, CS-8, CS-12..CS-16): every card of the
  deck accounted for in a game state, exactly as many times as the deck
  holds it, and the public views of the state (both observations, the
  :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.table`) agreeing;
* :func:`check_deal` (CS-3..CS-5): the deal of a game, held to the spec's
  :func:`~dokuspec.spec.competitive.deal_problems`;
* :func:`play_checked`: a seeded random game with :func:`check_table` after
  every step and :func:`check_deal` once the deal is over.

Why this proves something: the engine imports neither the spec nor a
solver, so a mistake would have to be made twice, in the same way, to pass.
The two backends solve the *same* model, so they confirm each other's
solving, while the engine confirms the model.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from dokuspec import competitive as public
from dokuspec.competitive import deals as public_deals
from dokuspec.engine import competitive as engine
from dokuspec.engine.base import CHANCE, SIMULTANEOUS, JSONValue
from dokuspec.errors import DiscrepancyError, PositionError
from dokuspec.solvers.base import objective_value
from dokuspec.spec import competitive as spec
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    BLACK,
    CARD_BY_INDEX,
    LINES,
    RED,
    STANDARD_DECK,
    Card,
    Cards,
    Deck,
    Grid,
    Pool,
    Scoring,
)

__all__ = [
    "BACKENDS",
    "CardConservationError",
    "CompetitiveCheckError",
    "DealError",
    "HandAnswers",
    "HandError",
    "LineKindError",
    "ObservationError",
    "WinningPatternsError",
    "check_deal",
    "check_hand",
    "check_line_kinds",
    "check_table",
    "check_winning_patterns",
    "line_kind_design",
    "play_checked",
]

BackendName: TypeAlias = public.queries.BackendName

BACKENDS: tuple[BackendName, ...] = ("sat", "z3")
"""The solver backends every model check runs on by default."""

_Differ: TypeAlias = Callable[[str, object, str, object], None]
"""``differ(what, engine's answer, source, its answer)``: fails when the answers differ."""


class CompetitiveCheckError(DiscrepancyError):
    """Two readings of the Competitive Sudoku rules disagree (the base of the errors below)."""


class LineKindError(CompetitiveCheckError):
    """A rank triple is classified differently (CS-18)."""


class WinningPatternsError(CompetitiveCheckError):
    """The sets of winning rank patterns of a deck differ (CS-19)."""


class HandError(CompetitiveCheckError):
    """A Grid is judged differently: winning, value, score or completability (CS-17..CS-20)."""


class CardConservationError(CompetitiveCheckError):
    """A game state holds a card more or fewer times than the deck does (CS-1)."""


class ObservationError(CompetitiveCheckError):
    """Two public views of a game state disagree (CS-8)."""


class DealError(CompetitiveCheckError):
    """A game's deal breaks the spec's rules of the deal (CS-3..CS-5)."""


def _kind_text(kind: str | None) -> str:
    return "not a line" if kind is None else kind


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join(str(rank) for rank in ranks)


def _deck_name(copies: int | None) -> str:
    if copies is None:
        return "the unlimited deck"
    if copies == 2:
        return "the standard deck"
    return f"the deck of {copies} {'copy' if copies == 1 else 'copies'} of each card"


def _pattern_text(ranks: Sequence[int]) -> str:
    return " / ".join(" ".join(str(r) for r in ranks[row : row + 3]) for row in (0, 3, 6))


# -- line kinds (CS-18) --------------------------------------------------------------------------

_DESIGN_COEFFICIENTS = (
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
    (2, 1, 2),
    (1, 2, 0),
    (1, 0, 0),
    (2, 2, 0),
    (2, 2, 2),
    (0, 2, 2),
)
"""Position ``p`` of the design Grid ``(x, y, z)`` holds rank ``(a.x + b.y + c.z) mod 9 + 1``.

For each of the eight lines the 3x3 matrix of its positions' coefficients
has a determinant prime to 3, so it is invertible modulo 9: as ``(x, y, z)``
runs over the 729 values, each line runs over the 729 rank triples.
"""


@cache
def line_kind_design() -> tuple[tuple[int, ...], ...]:
    """729 rank Grids in which each of the eight lines holds each ordered rank triple once.

    A Grid is nine ranks row by row. Solving the hand model once per Grid
    reads the kind literals of all eight lines at once, so 729 solver calls
    put every rank triple through every line's table (CS-18).

    Raises:
        RuntimeError: the design lost its property (an internal error).
    """
    grids = tuple(
        tuple((a * x + b * y + c * z) % 9 + 1 for a, b, c in _DESIGN_COEFFICIENTS)
        for x, y, z in itertools.product(range(9), repeat=3)
    )
    for name, (i, j, k) in LINES:
        if len({(g[i], g[j], g[k]) for g in grids}) != 729:
            raise RuntimeError(f"internal error: {name} misses rank triples in the design")
    return grids


def _model_kind(values: Sequence[int], literal_true: Iterable[bool]) -> str | None:
    value = next(v for v, true in zip(values, literal_true, strict=True) if true)
    return None if value == 0 else spec.LINE_KINDS[value - 1]


def check_line_kinds(backends: Sequence[BackendName] = BACKENDS) -> int:
    """Check the kind of every ordered rank triple, every way the spec and engine can tell (CS-18).

    For each of the 729 triples the engine's
    :func:`~dokuspec.engine.competitive.line_kind` is the reference; it must
    agree with:

    * the spec's :func:`~dokuspec.spec.competitive.kind_of_ranks` and its
      table :data:`~dokuspec.spec.competitive.LINE_TRIPLES`;
    * the public :func:`dokuspec.competitive.line_kind`;
    * on each backend, the hand model: solved with the nine ranks of each
      Grid of :func:`line_kind_design` assumed (no rule of winning assumed),
      the kind literal of each of the eight lines;
    * on each backend, the rank-pattern model with no deck limit: with the
      triple assumed on one row, or one column (each of the six in turn), it
      is satisfiable exactly when the triple is a line (a line repeated on
      every row, or every column, makes a winning hand whose other lines
      are triplets, CS-19).

    Args:
        backends: the solver backends to ask.

    Returns:
        The number of answers compared.

    Raises:
        LineKindError: two answers differ; the message names the triple,
            the line and the backend, and both answers.
    """
    triples = [(a, b, c) for a, b, c in itertools.product(range(1, 10), repeat=3)]
    reference = {t: engine.line_kind(t) for t in triples}
    compared = 0

    def expect(triple: tuple[int, int, int], source: str, answer: str | None) -> None:
        nonlocal compared
        compared += 1
        if answer != reference[triple]:
            raise LineKindError(
                f"ranks {_ranks_text(triple)}: the engine says {_kind_text(reference[triple])}, "
                f"{source} says {_kind_text(answer)}"
            )

    for triple in triples:
        expect(triple, "the spec's kind_of_ranks", spec.kind_of_ranks(*triple))
        expect(triple, "the spec's LINE_TRIPLES", spec.LINE_TRIPLES.get(triple))
        expect(triple, "the public line_kind", public.line_kind(triple))
    for backend in backends:
        hand, compiled = public.compiled_hand_model(backend)
        for grid in line_kind_design():
            assumptions = [hand.ranks[p].literal(rank) for p, rank in enumerate(grid)]
            answer = compiled.solve(assumptions)
            if answer.model is None:
                raise LineKindError(
                    f"the hand model on {backend} answers {answer.status} for the ranks "
                    f"{_pattern_text(grid)} with no rule of winning assumed"
                )
            for (name, (i, j, k)), var in zip(LINES, hand.kinds, strict=True):
                kind = _model_kind(var.values, (answer.value(lit) for lit in var.literals))
                where = f"the hand model's kind of {name} on {backend}"
                expect((grid[i], grid[j], grid[k]), where, kind)
        pattern, solver = public.compiled_pattern_model(None, backend)
        for triple in triples:
            for name, cells in LINES[:6]:
                status = solver.solve(
                    [pattern.rank_literal(p, rank) for p, rank in zip(cells, triple, strict=True)]
                ).status
                compared += 1
                if status not in ("sat", "unsat") or (status == "sat") != (
                    reference[triple] is not None
                ):
                    raise LineKindError(
                        f"ranks {_ranks_text(triple)}: the engine says "
                        f"{_kind_text(reference[triple])}, the pattern model on {backend} with "
                        f"them on {name} is {status}"
                    )
    return compared


# -- winning rank patterns (CS-19) ---------------------------------------------------------------


def _solver_patterns(copies: int | None, backend: BackendName) -> set[tuple[int, ...]]:
    """The winning rank patterns by projected enumeration, split by the centre's rank."""
    model, compiled = public.compiled_pattern_model(copies, backend)
    found: set[tuple[int, ...]] = set()
    for rank in range(1, 10):
        enumeration = compiled.enumerate(
            model.projection, assumptions=[model.rank_literal(4, rank)]
        )
        if not enumeration.complete:
            raise WinningPatternsError(
                f"the {backend} enumeration of the winning rank patterns of "
                f"{_deck_name(copies)} with rank {rank} in the centre did not finish"
            )
        patterns = [model.ranks_of(solution) for solution in enumeration.solutions]
        for pattern in patterns:
            if pattern[4] != rank or 0 in pattern:
                raise WinningPatternsError(
                    f"the {backend} enumeration with rank {rank} in the centre gave "
                    f"{_pattern_text(pattern)}"
                )
        if len(set(patterns)) != len(patterns):
            raise WinningPatternsError(f"the {backend} enumeration gave a pattern twice")
        found.update(patterns)
    return found


def check_winning_patterns(
    copies: int | None = 2, backends: Sequence[BackendName] = BACKENDS
) -> int:
    """Check that the engine and the solvers find the same *set* of winning rank patterns (CS-19).

    The engine's :func:`~dokuspec.engine.competitive.winning_rank_patterns`
    against the projected enumeration of the spec's rank-pattern model
    (:func:`~dokuspec.spec.competitive.pattern_model`) on each backend. The
    enumeration runs in nine parts, one per rank of the centre (assumed),
    which is faster than one run on Z3 (for the standard deck about 30 s
    rather than 43 s).

    Args:
        copies: the deck's copies of each card (1-9), ``None`` for no limit.
        backends: the solver backends to ask.

    Returns:
        The number of winning rank patterns.

    Raises:
        WinningPatternsError: the sets differ (up to three patterns of each
            difference are named, with what each side says), the engine
            lists a pattern twice, or an enumeration went wrong.
    """
    listed = engine.winning_rank_patterns(copies)
    reference = set(listed)
    if len(reference) != len(listed):
        raise WinningPatternsError("the engine lists a winning rank pattern twice")
    for backend in backends:
        found = _solver_patterns(copies, backend)
        missing = sorted(reference - found)
        extra = sorted(found - reference)
        if missing or extra:
            lines = [
                f"the winning rank patterns of {_deck_name(copies)}: the engine finds "
                f"{len(reference):,}, the {backend} enumeration {len(found):,}"
            ]
            lines += [
                f"  {_pattern_text(p)}: winning for the engine, not found by {backend}"
                for p in missing[:3]
            ]
            lines += [
                f"  {_pattern_text(p)}: found by {backend}, not winning for the engine"
                for p in extra[:3]
            ]
            raise WinningPatternsError("\n".join(lines))
    return len(reference)


# -- one Grid (CS-17..CS-20) ---------------------------------------------------------------------


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


# -- a game's table (CS-1, CS-7, CS-8, CS-12..CS-16) ---------------------------------------------

_BEFORE_DECKS = frozenset({"who is Black", "deal", "draft", "placement"})
"""The phases before the Decks are made (CS-7): the cards are in the deck, the deal or a hand."""

_DECK_DRAWS = frozenset({"table", "deck draw", "refill", "flood draw"})
"""The chance phases that draw from a Deck (CS-8, CS-10, CS-13, CS-14)."""


def _data(state: engine.CompetitiveSudokuState, player: int = 0) -> dict[str, JSONValue]:
    """The data of a player's observation."""
    data = state.observation(player).data
    assert isinstance(data, dict)
    return data


def _game(state: engine.CompetitiveSudokuState) -> engine.CompetitiveSudoku:
    game = state.game
    if not isinstance(game, engine.CompetitiveSudoku):
        raise TypeError(f"a Competitive Sudoku state is needed, not one of {game.name}")
    return game


def _where(state: engine.CompetitiveSudokuState) -> str:
    """The game and the step, for a message: seed, options, steps and the last one."""
    steps = state.history()
    last = ""
    if steps:
        last = " (the last: " + "; ".join(str(a) for a in steps[-1].actions) + ")"
    game = state.game
    defaults = {option.name: option.default for option in game.option_specs}
    options = ", ".join(
        f"{name}={value}"
        for name, value in sorted(game.options.items())
        if name == "mode" or value != defaults.get(name)
    )
    return f"seed {state.seed} ({options}): after {len(steps)} steps{last}"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _located(data: dict[str, JSONValue]) -> dict[str, Counter[Card]]:
    """The cards in each public place of an observation, by place."""
    places: dict[str, Counter[Card]] = {}

    def text(value: JSONValue) -> str:
        assert isinstance(value, str)
        return value

    def pair(key: str) -> list[JSONValue]:
        value = data[key]
        assert isinstance(value, list)
        return value

    for seat, value in enumerate(pair("grids")):
        places[f"player {seat}'s Grid"] = Counter(Grid.parse(text(value)).contents())
    for value in pair("pools"):
        pool = Pool.parse(text(value))
        places[f"the {'red' if pool.colour == RED else 'black'} Pool"] = Counter(pool.cards())
    for seat, value in enumerate(pair("discards")):
        places[f"player {seat}'s Discard Pile"] = Counter(Cards.parse(text(value)))
    for seat, value in enumerate(pair("hands")):
        places[f"player {seat}'s hand"] = Counter(Cards.parse(text(value)))
    places["the draft pool"] = Counter(Cards.parse(text(data["draft_pool"])))
    drawn = data["drawn"]
    places["the card drawn"] = Counter([Card.parse(text(drawn))] if drawn is not None else [])
    return places


def _count_text(card: Card, places: dict[str, Counter[Card]]) -> str:
    held = [f"{place} {counts[card]}" for place, counts in places.items() if counts[card]]
    return ", ".join(held) or "nowhere"


def check_table(state: engine.CompetitiveSudokuState) -> None:
    """Check that a game state accounts for the whole deck, and that its public views agree.

    Conservation (CS-1): with ``c`` copies of each card,

    * before the Decks are made (who is Black, the deal, the draft, the
      placement): the cards in the hands, the draft pool and the Grids are
      the cards dealt (in the Twins modes each dealt red card with its black
      twin, CS-4, CS-5), and never more than ``c`` of a card; the cards
      drawn to find who is Black are all drawn from one deck;
    * from then on (CS-7 onwards): the Grids, the Pools, the Decks, the
      Discard Piles and the card drawn hold every card exactly ``c`` times;
      the red Deck holds only red cards and the black Deck only black ones,
      as many as the public Deck sizes say (the red cards are Red's Deck
      until the first trade, Black's after, CS-16);
    * at a chance node that draws from a Deck, the outcomes' probabilities
      times the Deck's size are the Deck's copies of each card; at a chance
      node of the deal, the copies of each card not yet drawn.

    The Decks' contents are hidden from the players (only their sizes are
    public), so they are read from the state's private ``_deck`` counts and
    confirmed by the chance outcomes where a Deck is drawn from.

    Public views (CS-8: nothing on the table is hidden): both players'
    observations are the same; :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.table`,
    :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.grid` and
    :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.drawn` agree
    with the observation's Grids, Pools, Deck sizes, Discard Piles and card
    drawn.

    Raises:
        CardConservationError: a card is held more or fewer times than the deck
            holds it; the message names the seed, the step, the card, where
            it is and how many times.
        ObservationError: two public views differ; the message names both.
    """
    data = _data(state)
    _check_views(state, data)
    copies = _game(state).copies_per_colour
    places = _located(data)
    phase = data["phase"]
    where = _where(state)
    if phase in _BEFORE_DECKS:
        _check_before_decks(state, data, places, copies, where)
    else:
        _check_decks(state, data, places, copies, where)


def _check_views(state: engine.CompetitiveSudokuState, data: dict[str, JSONValue]) -> None:
    where = _where(state)
    other = _data(state, 1)
    if other != data:
        keys = sorted(key for key in data if data[key] != other.get(key))
        raise ObservationError(
            f"{where}: the two players' observations differ in {keys}, though nothing is "
            f"hidden (CS-8): player 0 sees {[data[k] for k in keys]}, player 1 "
            f"{[other.get(k) for k in keys]}"
        )
    grids, pools, decks, discards = data["grids"], data["pools"], data["decks"], data["discards"]
    assert isinstance(grids, list) and isinstance(pools, list)
    assert isinstance(decks, list) and isinstance(discards, list)
    black = state.black
    red = 0 if black is None else 1 - black
    seats = (red, 1 - red)
    table = state.table()
    views: list[tuple[str, object, object]] = [
        ("Grids", table.grids, tuple(Grid.parse(str(grids[s])) for s in seats)),
        ("Pools", table.pools, (Pool.parse(str(pools[0])), Pool.parse(str(pools[1])))),
        ("Deck sizes", table.decks, tuple(decks[s] for s in seats)),
        ("Discard Piles", table.discards, tuple(Cards.parse(str(discards[s])) for s in seats)),
    ]
    for seat in (0, 1):
        views.append((f"player {seat}'s Grid", state.grid(seat), Grid.parse(str(grids[seat]))))
    drawn = data["drawn"]
    views.append(("card drawn", state.drawn(), None if drawn is None else Card.parse(str(drawn))))
    for what, shown, observed in views:
        if shown != observed:
            raise ObservationError(
                f"{where}: the {what}: the state's table shows {_shown(shown)}, "
                f"the observation {_shown(observed)}"
            )


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(str(item) for item in value) + ")"
    return str(value)


def _deal_outcomes(state: engine.CompetitiveSudokuState) -> list[tuple[Card, int, int]]:
    """At a chance node that draws a card: ``(card, numerator, denominator)`` of each outcome."""
    found = []
    for action, probability in state.chance_outcomes():
        if isinstance(action, engine.Draw):
            found.append((action.card, probability.numerator, probability.denominator))
    return found


def _check_before_decks(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    places: dict[str, Counter[Card]],
    copies: int,
    where: str,
) -> None:
    dealt_texts = data["dealt"]
    assert isinstance(dealt_texts, list)
    dealt = [Card.parse(str(text)) for text in dealt_texts]
    expected = Counter(dealt)
    if _game(state).mode != "draft":
        expected.update(Card(BLACK, card.rank) for card in dealt)
    held: Counter[Card] = Counter()
    for counts in places.values():
        held.update(counts)
    for card in ALL_CARDS:
        if held[card] != expected[card]:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held[card])} ({_count_text(card, places)}) "
                f"but was dealt {_times(expected[card])}"
            )
        if held[card] > copies:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held[card])}, but the deck holds {copies}"
            )
    who = data["who_is_black"]
    assert isinstance(who, list)
    drawn: Counter[Card] = Counter()
    for cards in who:
        assert isinstance(cards, list)
        drawn.update(Card.parse(str(text)) for text in cards)
    for card, count in drawn.items():
        if count > copies:
            raise CardConservationError(
                f"{where}: {card} was drawn {_times(count)} to find who is Black (CS-2), but the "
                f"deck holds {copies}"
            )
    if state.current_player() != CHANCE:
        return
    taken = drawn if data["phase"] == "who is Black" else Counter(dealt)
    for card, numerator, denominator in _deal_outcomes(state):
        left = copies - taken[card]
        if numerator * _left_total(state, data, taken, copies) != left * denominator:
            raise CardConservationError(
                f"{where}: {card} is drawn with probability {numerator}/{denominator}, but "
                f"{left} of the cards left are {card}"
            )


def _left_total(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    taken: Counter[Card],
    copies: int,
) -> int:
    """The cards a draw of the deal (or of who is Black) chooses from."""
    if data["phase"] == "who is Black":
        return 18 * copies - sum(taken.values())
    colours = {card.colour for card, _, _ in _deal_outcomes(state)}
    if len(colours) != 1:
        raise CardConservationError(
            f"{_where(state)}: one draw of the deal offers cards of both colours"
        )
    colour = colours.pop()
    return 9 * copies - sum(n for card, n in taken.items() if card.colour == colour)


def _check_decks(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    places: dict[str, Counter[Card]],
    copies: int,
    where: str,
) -> None:
    # The Decks' contents are hidden (only their sizes are public): read the
    # state's private counts by card index, confirmed below by the chance
    # outcomes wherever a Deck is drawn from.
    private = state._deck
    decks = Counter({CARD_BY_INDEX[i]: n for i, n in enumerate(private) if n})
    places = {**places, "the Decks": decks}
    for place in ("the draft pool", "player 0's hand", "player 1's hand"):
        if places[place]:
            raise CardConservationError(
                f"{where}: {place} still holds {Cards(places[place].elements())} after the "
                "Decks were made (CS-7)"
            )
    for card in ALL_CARDS:
        held = sum(counts[card] for counts in places.values())
        if held != copies:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held)} ({_count_text(card, places)}), but the "
                f"deck holds it {_times(copies)}"
            )
    sizes = data["decks"]
    assert isinstance(sizes, list)
    black = state.black
    assert black is not None
    red = 1 - black
    trades = data["trades"]
    holder = {RED: red if trades == 0 else black, BLACK: black if trades == 0 else red}
    for colour, word in ((RED, "red"), (BLACK, "black")):
        in_deck = sum(n for card, n in decks.items() if card.colour == colour)
        public_size = sizes[holder[colour]]
        if in_deck != public_size:
            raise CardConservationError(
                f"{where}: the {word} cards' Deck (in front of player {holder[colour]}) holds "
                f"{in_deck} cards, but its public size is {public_size}"
            )
    if state.current_player() == CHANCE and data["phase"] in _DECK_DRAWS:
        _check_deck_draw(state, decks, where)


def _check_deck_draw(
    state: engine.CompetitiveSudokuState, decks: Counter[Card], where: str
) -> None:
    """A draw from a Deck offers each card it holds, with probability copies / size."""
    outcomes = _deal_outcomes(state)
    colours = {card.colour for card, _, _ in outcomes}
    if len(colours) != 1:
        raise CardConservationError(f"{where}: one draw from a Deck offers both colours")
    colour = colours.pop()
    deck = {card: n for card, n in decks.items() if card.colour == colour}
    size = sum(deck.values())
    offered = {card for card, _, _ in outcomes}
    if offered != set(deck):
        raise CardConservationError(
            f"{where}: a draw from the {'red' if colour == RED else 'black'} Deck offers "
            f"{Cards(offered)}, but the Deck holds {Cards(Counter(deck).elements())}"
        )
    for card, numerator, denominator in outcomes:
        if numerator * size != deck[card] * denominator:
            raise CardConservationError(
                f"{where}: {card} is drawn with probability {numerator}/{denominator}, but the "
                f"Deck holds {deck[card]} of its {size} cards"
            )


# -- the deal (CS-3..CS-5) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Deal:
    red_hand: Cards
    black_hand: Cards
    draft_pool: Cards | None
    picks: tuple[tuple[str, Card], ...]


def _deal_of(state: engine.CompetitiveSudokuState) -> _Deal:
    """The deal of a game, replayed from its history with the public methods only."""
    replay = _game(state).new_initial_state(state.seed)
    pool: Cards | None = None
    picks: list[tuple[str, Card]] = []
    for entry in (*state.history(), None):
        data = _data(replay)
        if data["phase"] == "draft" and pool is None:
            pool = Cards.parse(str(data["draft_pool"]))
        if data["phase"] not in ("who is Black", "deal", "draft"):
            hands = data["hands"]
            assert isinstance(hands, list)
            black = replay.black
            assert black is not None
            return _Deal(
                Cards.parse(str(hands[1 - black])),
                Cards.parse(str(hands[black])),
                pool,
                tuple(picks),
            )
        if entry is None:
            break
        if entry.player == SIMULTANEOUS:
            replay.apply_actions(entry.actions)
            continue
        action = entry.actions[0]
        if isinstance(action, engine.Pick):
            picks.append((BLACK if entry.player == replay.black else RED, action.card))
        replay.apply_action(action)
    raise PositionError(f"{_where(state)}: the deal is not over yet")


def check_deal(state: engine.CompetitiveSudokuState) -> None:
    """Check a game's deal against the spec's rules of the deal (CS-3..CS-5) and the public API's.

    The deal is read from the game's history, replayed from its seed with
    the public methods: the draft pool when the picks begin (the draft
    modes), every pick and who made it, and the cards each player holds
    when the placement begins. :func:`~dokuspec.spec.competitive.deal_problems`
    must find nothing wrong, and neither must the public
    :func:`~dokuspec.competitive.deals.validate_deal` (which also checks
    who is Black, CS-2, but not the picks) on
    :func:`~dokuspec.competitive.deals.deal_of` the state.

    Args:
        state: a state of the game at the placement (CS-6) or later.

    Raises:
        DealError: the spec's rules or the public API find problems; the
            message names the seed, the deal and every problem.
        PositionError: the deal of ``state`` is not over yet.
    """
    deal = _deal_of(state)
    game = _game(state)
    problems = spec.deal_problems(
        game.mode,
        copies_per_colour=game.copies_per_colour,
        red_hand=deal.red_hand,
        black_hand=deal.black_hand,
        draft_pool=deal.draft_pool,
        picks=deal.picks,
    )
    violations = public_deals.validate_deal(public_deals.deal_of(state))
    if problems or violations:
        picks = " ".join(f"{colour}:{card}" for colour, card in deal.picks) or "none"
        found = [f"the spec's deal_problems: {problem}" for problem in problems]
        found += [f"the public validate_deal: {violation}" for violation in violations]
        raise DealError(
            f"{_where(state)}: the {game.mode} deal (Red {deal.red_hand}, Black "
            f"{deal.black_hand}, draft pool {deal.draft_pool or '-'}, picks {picks}) is not "
            "legal:\n  " + "\n  ".join(found)
        )


# -- playing -------------------------------------------------------------------------------------


def play_checked(
    game: engine.CompetitiveSudoku,
    seed: int,
    policy_seed: int,
    *,
    max_steps: int | None = None,
) -> engine.CompetitiveSudokuState:
    """Play one game and check it all the way: :func:`check_table` after every step.

    Chance outcomes come from the state's seed
    (:meth:`~dokuspec.engine.base.State.sample_chance_outcome`); the players
    choose uniformly at random among their legal actions with a generator
    seeded by ``policy_seed``. :func:`check_deal` runs once the deal is over.

    Args:
        game: the game, with its options.
        seed: the game's seed.
        policy_seed: the seed of the players' choices.
        max_steps: stop after this many steps (``None``: at the end of the game).

    Returns:
        The last state.

    Raises:
        CompetitiveCheckError: as :func:`check_table` and :func:`check_deal`.
    """
    state = game.new_initial_state(seed)
    choices = random.Random(policy_seed)
    check_table(state)
    dealt = False
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif current == SIMULTANEOUS:
            state.apply_actions([choices.choice(state.legal_actions(p)) for p in (0, 1)])
        else:
            state.apply_action(choices.choice(state.legal_actions()))
        steps += 1
        check_table(state)
        if not dealt and _data(state)["phase"] not in (
            "who is Black",
            "deal",
            "draft",
        ):
            check_deal(state)
            dealt = True
    return state
