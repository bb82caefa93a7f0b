"""Competitive Sudoku hands by solver: counting winning hands, completions, outs, best scores.

Every query compiles a model of :mod:`dokuspec.spec.competitive` once per
process and keeps it in the shared cache of compiled backends
(:data:`dokuspec.solvers.base.CACHE`); the cards on the Grid and the supply
of every card are assumptions of each query, so later queries reuse the
compiled solver. Answers are in the game's words, as the other games'
(``"completable"`` / ``"impossible"`` / ``"unknown"``: a budget ran out;
:func:`best_completion` ``"optimal"`` / ``"feasible"`` / ``"impossible"`` /
``"unknown"``), never a guess, and every Grid a solver proposes is checked
against the direct definitions (:mod:`dokuspec.competitive.hands`) before
it is returned.

* :func:`count_winning` / :func:`count_winning_within`: how many winning
  hands a deck can supply (rank patterns, or Grids of cards);
* :func:`completions`: can a Grid become a winning hand with the available
  cards, and with which;
* :func:`outs`: the single cards that complete a winning hand now;
* :func:`best_completion`: the highest-scoring winning hand reachable.

The compiled solvers are not thread-safe: use one process per worker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.competitive.counting import count_direct
from dokuspec.competitive.hands import GridLike, as_grid, as_scoring, is_winning
from dokuspec.errors import PositionError, SolverError, quote
from dokuspec.solvers import CACHE, Backend, Budget, OptimizeResult, as_budget, make_backend
from dokuspec.solvers.proofs import Refutation, check_proof_request
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec import competitive as spec
from dokuspec.spec.competitive import HandModel, PatternModel
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    RANKS,
    STANDARD_DECK,
    Card,
    Cards,
    Deck,
    Grid,
    Scoring,
)

__all__ = [
    "BackendName",
    "BestCompletion",
    "BestStatus",
    "Completion",
    "CompletionStatus",
    "Count",
    "CountBackend",
    "Out",
    "Placement",
    "best_completion",
    "check_backend",
    "check_supply",
    "compiled_hand_model",
    "compiled_pattern_model",
    "completions",
    "count_winning",
    "count_winning_within",
    "exact_best_completion",
    "outs",
]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

CountBackend: TypeAlias = Literal["direct", "sat", "z3", "engine"]
"""A way to count winning hands, a solver backend or the engine's own count."""

CompletionStatus: TypeAlias = Literal["completable", "impossible", "unknown"]
"""The answer of :func:`completions`, whether a winning hand is reachable (or ``"unknown"``)."""

BestStatus: TypeAlias = Literal["optimal", "feasible", "impossible", "unknown"]
"""The answer of :func:`best_completion` (see :class:`BestCompletion`)."""

CardsLike: TypeAlias = Cards | str
DeckLike: TypeAlias = Deck | str


# -- arguments -----------------------------------------------------------------------------------


def check_backend(backend: str, *, engine: bool = False, direct: bool = False) -> None:
    """Check a backend name: ``"sat"`` or ``"z3"`` (and ``"engine"`` when ``engine``,
    ``"direct"`` when ``direct``).

    Raises:
        TypeError: ``backend`` is not a str.
        SolverError: an unknown backend.
    """
    if not isinstance(backend, str):
        raise TypeError(f"backend must be a str, not {type(backend).__name__}")
    names: tuple[str, ...] = ("direct",) if direct else ()
    names += ("sat", "z3", "engine") if engine else ("sat", "z3")
    if backend not in names:
        choices = ", ".join(repr(name) for name in names)
        raise SolverError(f"unknown backend {quote(backend)}; choose one of {choices}")


def _deck(deck: DeckLike) -> Deck:
    if isinstance(deck, Deck):
        return deck
    if isinstance(deck, str):
        return Deck.parse(deck)
    raise TypeError(f"deck must be a Deck (or its name), not {type(deck).__name__}")


def _cards(available: CardsLike) -> Cards:
    if isinstance(available, Cards):
        return available
    if isinstance(available, str):
        return Cards.parse(available)
    raise TypeError(f"available must be Cards (or their text), not {type(available).__name__}")


def check_supply(
    grid: GridLike,
    available: CardsLike = "",
    deck: DeckLike = STANDARD_DECK,
) -> None:
    """Refuse a Grid and available cards that the deck cannot hold together (CS-1).

    Args:
        grid: a Grid (or its text form).
        available: cards besides the Grid's (or their text form); none by default.
        deck: the deck; an unlimited deck holds anything.

    Raises:
        TypeError: an argument of the wrong type.
        NotationError: a str that is not a Grid, cards or a deck.
        PositionError: some card is held more often than the deck has it
            (the message names the card and who holds it).
    """
    _check_supply(as_grid(grid), _cards(available), _deck(deck))


def _check_supply(grid: Grid, available: Cards, deck: Deck) -> None:
    """Refuse a Grid and available cards that the deck cannot hold together (CS-1)."""
    copies = deck.copies_per_colour
    if copies is None:
        return
    on_grid = grid.contents()
    for card in ALL_CARDS:
        held = on_grid.count(card) + available.count(card)
        if held > copies:
            if not available.count(card):
                where = "the Grid holds"
            elif not on_grid.count(card):
                where = "the available cards hold"
            else:
                where = "the Grid and the available cards hold"
            raise PositionError(
                f"{deck.description} has {copies} {_copies(copies)} of {card}, but {where} {held}"
            )


def _copies(n: int) -> str:
    return "copy" if n == 1 else "copies"


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


# -- compiled models -----------------------------------------------------------------------------


def compiled_hand_model(backend: BackendName = "sat") -> tuple[HandModel, Backend]:
    """The hand model (:func:`~dokuspec.spec.competitive.hand_model`) and its compiled backend.

    One per backend and process, from the shared cache
    (:data:`dokuspec.solvers.base.CACHE`): it serves every Grid, deck and
    set of available cards (they are assumptions).

    Raises:
        TypeError: ``backend`` is not a str.
        SolverError: an unknown backend.
    """
    check_backend(backend)
    model, compiled = CACHE.get(
        ("competitive", "hand"), spec.hand_model, lambda m: m.model, backend
    )
    assert isinstance(model, HandModel)
    return model, compiled


def compiled_pattern_model(
    copies: int | None, backend: BackendName = "sat"
) -> tuple[PatternModel, Backend]:
    """The rank-pattern model for a deck with ``copies`` of each card, and its compiled backend.

    Raises:
        TypeError: ``copies`` is not an int or None, or ``backend`` is not a str.
        PositionError: ``copies`` is not 1-9.
        SolverError: an unknown backend.
    """
    copies = Deck(copies).copies_per_colour
    check_backend(backend)
    model, compiled = CACHE.get(
        ("competitive", "patterns", copies),
        lambda: spec.pattern_model(copies),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, PatternModel)
    return model, compiled


# -- counting winning hands ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Count:
    """The answer of :func:`count_winning_within`.

    Attributes:
        count: winning hands counted.
        exact: whether ``count`` is all of them; false when the budget ran
            out first (then there are at least ``count``).
    """

    count: int
    exact: bool

    def __int__(self) -> int:
        return self.count


def count_winning(
    deck: DeckLike = STANDARD_DECK,
    colours: bool = False,
    *,
    backend: CountBackend = "direct",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> int:
    """How many distinct winning hands (CS-19) the deck can supply (counted as CS-31).

    With ``colours`` false, rank patterns are counted: nine ranks row by row
    (positions matter: a Grid and its mirror image are two hands) that form
    a winning hand and that the deck can supply (at most ``2 * copies`` of
    each rank). With ``colours`` true, Grids of cards are counted, equal
    cards being identical (two copies of r5 are the same card): a Grid the
    deck can supply, at most ``copies`` of each card.
    The standard deck gives 13,956 rank patterns and 5,847,552 Grids of
    cards; the unlimited deck 16,845 and 8,624,640 (16,845 x 2^9).

    Backends:

    * ``"direct"`` (the default): a direct enumeration of the Grids of ranks
      built from the spec's lines (:func:`~dokuspec.competitive.counting.count_direct`),
      each pattern's colourings counted in closed form; about 50 ms. It is
      not interrupted by a budget (an exhausted budget still stops it from
      starting).
    * ``"sat"`` / ``"z3"``: projected enumeration of the rank patterns of
      :func:`~dokuspec.spec.competitive.pattern_model` (every pattern is
      found once); with ``colours``, each pattern's colourings are counted
      by enumerating the solutions of a small model per rank-count signature
      (:func:`~dokuspec.spec.competitive.colouring_model`, once per
      signature and process). The patterns are enumerated in nine parts,
      one per rank at the centre. SAT takes a few seconds; Z3 about half a
      minute for the standard deck's patterns.
    * ``"engine"``: the engine's own count
      (:func:`dokuspec.engine.competitive.count_winning_hands`), an
      independent implementation. It takes well under a second and is not
      interrupted by a budget (an exhausted budget still stops it from
      starting).

    Args:
        deck: a :class:`Deck` or its name (``"standard"``, ``"unlimited"``,
            or copies of each card ``"1"``-``"9"``).
        colours: count Grids of cards rather than rank patterns.
        backend: ``"direct"``, ``"sat"``, ``"z3"`` or ``"engine"``.
        time_limit: seconds for the whole count; ``None``: no limit.
        conflict_limit: solver conflicts per solver call; ``None``: no limit.
        budget: a :class:`~dokuspec.solvers.budget.Budget` instead of the two limits.

    Raises:
        TypeError: an argument of the wrong type.
        NotationError: ``deck`` is a str that names no deck.
        BudgetError: an invalid limit.
        SolverError: an unknown backend.
        TimeoutError: the budget ran out before the count was known (use
            :func:`count_winning_within` for a lower bound instead).
    """
    found = count_winning_within(
        deck,
        colours,
        backend=backend,
        time_limit=time_limit,
        conflict_limit=conflict_limit,
        budget=budget,
    )
    if not found.exact:
        raise TimeoutError(
            f"the budget ran out after {found.count:,} winning hands, before the count was known"
        )
    return found.count


def count_winning_within(
    deck: DeckLike = STANDARD_DECK,
    colours: bool = False,
    *,
    backend: CountBackend = "direct",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> Count:
    """Count winning hands as :func:`count_winning` does, within a budget.

    Returns:
        A :class:`Count`, ``exact`` when every winning hand was counted;
        otherwise ``count`` is a lower bound (the hands counted before the
        budget ran out).

    Raises:
        As :func:`count_winning`, but never :class:`TimeoutError`.
    """
    deck = _deck(deck)
    colours = _flag(colours, "colours")
    check_backend(backend, engine=True, direct=True)
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    copies = deck.copies_per_colour
    if spending.exhausted():
        return Count(0, False)
    if backend == "direct":
        return Count(count_direct(copies, colours), True)
    if backend == "engine":
        from dokuspec.engine.competitive import count_winning_hands  # noqa: PLC0415 - on demand

        return Count(count_winning_hands(copies, colours), True)
    model, compiled = compiled_pattern_model(copies, backend)
    # Nine enumerations, one per rank at the centre (they partition the
    # patterns): each solver then carries a ninth of the blocking clauses,
    # which makes Z3 about twice as fast and costs SAT nothing.
    solutions: list[tuple[int, ...]] = []
    complete = True
    for rank in RANKS:
        part = compiled.enumerate(
            model.projection, assumptions=[model.rank_literal(4, rank)], budget=spending
        )
        solutions.extend(part.solutions)
        if not part.complete:
            complete = False
            break
    if not colours:
        return Count(len(solutions), complete)
    signatures = Counter(spec.rank_signature(model.ranks_of(solution)) for solution in solutions)
    total = 0
    exact = complete
    for signature, patterns in sorted(signatures.items()):
        ways = _colourings(signature, copies, backend, spending)
        if ways is None:
            exact = False
            break
        total += patterns * ways
    return Count(total, exact)


_COLOURINGS: dict[tuple[tuple[int, ...], int | None, str], int] = {}


def _colourings(
    signature: tuple[int, ...], copies: int | None, backend: str, spending: Budget
) -> int | None:
    """The colourings of a rank pattern with ``signature``, or ``None`` when the budget ran out.

    Counted by enumerating the solutions of the colouring model; exact
    counts are kept for the process.
    """
    key = (signature, copies, backend)
    known = _COLOURINGS.get(key)
    if known is not None:
        return known
    model = spec.colouring_model(signature, copies)
    compiled = make_backend(backend, model.model)
    found = compiled.enumerate(model.red, budget=spending)
    if not found.complete:
        return None
    _COLOURINGS[key] = len(found.solutions)
    return len(found.solutions)


# -- completions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Placement:
    """A card placed on an empty position of a Grid.

    Attributes:
        position: the position, 1-9.
        card: the card placed there.
    """

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class Completion:
    """The answer of :func:`completions`.

    Attributes:
        status: ``"completable"`` (the Grid can become a winning hand with
            the available cards), ``"impossible"`` (it cannot: no winning
            completion), or ``"unknown"`` (the budget ran out first).
        grid: the Grid asked about.
        available: the cards available for its empty positions.
        completion: when completable, a winning hand that extends ``grid``.
        placements: when completable, the cards placed on the empty
            positions, by position (all of them available, as many times as
            available).
        backend: the backend that answered.
        proof: from :func:`completions` with ``proof=True`` when impossible:
            a :class:`~dokuspec.solvers.proofs.Refutation` (the hand model's
            CNF with the Grid and the cards as unit clauses, and a DRUP proof)
            that an independent checker accepts.
    """

    status: CompletionStatus
    grid: Grid
    available: Cards
    completion: Grid | None = None
    placements: tuple[Placement, ...] = ()
    backend: str = "sat"
    proof: Refutation | None = None


def _query(
    grid: GridLike, available: CardsLike, deck: DeckLike
) -> tuple[Grid, Cards, dict[Card, int]]:
    """The checked Grid and cards, and the most copies of each card the completed Grid may hold."""
    grid = as_grid(grid)
    cards = _cards(available)
    _check_supply(grid, cards, _deck(deck))
    on_grid = grid.contents()
    limits = {card: on_grid.count(card) + cards.count(card) for card in ALL_CARDS}
    return grid, cards, limits


def _certified(grid: Grid, available: Cards, completion: Grid) -> tuple[Placement, ...]:
    """The placements of ``completion``, checked against the definitions (a guard against bugs)."""
    placements = tuple(
        Placement(position, card)
        for position, (before, card) in enumerate(zip(grid.cards, completion.cards, strict=True), 1)
        if before is None and card is not None
    )
    keeps = all(
        before is None or before == after
        for before, after in zip(grid.cards, completion.cards, strict=True)
    )
    placed = Cards(p.card for p in placements)
    if not (keeps and completion.is_full and placed.issubset(available)):
        raise RuntimeError(
            f"internal error: {completion} does not complete {grid} from {available}"
        )
    if not is_winning(completion):
        raise RuntimeError(f"internal error: the solver's completion {completion} does not win")
    return placements


def completions(
    grid: GridLike,
    available: CardsLike,
    *,
    deck: DeckLike = STANDARD_DECK,
    backend: BackendName = "sat",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
    proof: bool = False,
) -> Completion:
    """Can ``grid`` become a winning hand (CS-19) with ``available`` cards on its empty positions?

    Each empty position gets one card of ``available`` (a multiset: a card
    held twice may be placed twice); the cards already on the Grid stay. A
    full Grid is asked as it is (sat when it is a winning hand).

    Args:
        grid: the Grid, partial or full (or its text form).
        available: the cards that may fill the empty positions (or their
            text form, ``"r1 b2 b2"``).
        deck: the deck (CS-1); the Grid and the available cards must fit in
            it together. ``"unlimited"`` lifts that check.
        backend: ``"sat"`` or ``"z3"``.
        time_limit: seconds; ``None``: no limit.
        conflict_limit: solver conflicts; ``None``: no limit.
        budget: a :class:`~dokuspec.solvers.budget.Budget` instead of the two limits.
        proof: with ``backend="sat"``, give an impossible answer its ``proof``:
            the CNF of the hand model (:func:`~dokuspec.spec.competitive.hand_model`,
            every group and variable named in comments) with the Grid's
            cards and the limits of the available ones as unit clauses, and
            a DRUP proof from a fresh proof-logging solver
            (:meth:`~dokuspec.solvers.sat.SatBackend.refute`), made after the
            budgeted search and outside its budget.

    Returns:
        A :class:`Completion`: ``"completable"`` with a completed Grid and
        its placements, ``"impossible"`` (with ``proof`` when asked for), or
        ``"unknown"``.

    Raises:
        TypeError: an argument of the wrong type.
        NotationError: a str that is not a Grid, cards or a deck.
        PositionError: the deck cannot hold the Grid and the available
            cards together (the message names the card).
        BudgetError: an invalid limit.
        SolverError: an unknown backend; ``proof=True`` with Z3, or a
            proof-logging solver that finds a winning completion (the two
            solvers disagree).
    """
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    check_proof_request(proof, backend)
    grid, cards, limits = _query(grid, available, deck)
    model, compiled = compiled_hand_model(backend)
    assumptions = _hand_assumptions(model, grid, limits)
    answer = compiled.solve(assumptions, spending)
    if answer.model is None:
        status: CompletionStatus = "impossible" if answer.status == "unsat" else "unknown"
        found = None
        if proof and status == "impossible":
            assert isinstance(compiled, SatBackend)
            title = [
                "dokuspec: a Competitive Sudoku Grid that cannot become a winning hand (CS-19)",
                f"grid {grid}",
                f"available {cards}",
            ]
            found = compiled.refute(assumptions, title=title)
            if found is None:
                raise SolverError("the proof-logging solver found a winning completion")
        return Completion(status, grid, cards, backend=compiled.name, proof=found)
    completion = model.grid_of(answer.model)
    placements = _certified(grid, cards, completion)
    return Completion("completable", grid, cards, completion, placements, compiled.name)


# -- outs ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Out:
    """A card that completes a winning hand at once (CS-11, CS-19).

    Attributes:
        card: the card drawn.
        position: where it goes, 1-9.
        kind: ``"place"`` (on the Grid's one empty position) or ``"swap"``
            (into a full Grid, the card there going to its Pool).
    """

    card: Card
    position: int
    kind: Literal["place", "swap"]


def outs(
    grid: GridLike,
    available: CardsLike,
    *,
    deck: DeckLike = STANDARD_DECK,
    backend: BackendName = "sat",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> tuple[Out, ...]:
    """The cards of ``available`` that complete a winning hand now, and where (CS-11, CS-19).

    * With exactly one empty position: each card whose placement there makes
      a winning hand (kind ``"place"``).
    * With a full Grid: each card and position such that swapping the card
      into that position makes a winning hand (kind ``"swap"``; the card
      there would go to its Pool). A swap that puts a card equal to the one
      it displaces leaves the Grid as it is, so it is listed exactly when
      the Grid already is a winning hand.
    * With two or more empty positions: none (one card cannot fill them).

    Winning depends on ranks only, so the solver finds the winning ranks of
    each position by enumeration under assumptions on the compiled
    rank-pattern model (no new model per candidate); every out is then
    checked against :func:`~dokuspec.competitive.hands.is_winning`.

    Args:
        grid, available, deck, backend, time_limit, conflict_limit, budget:
            as :func:`completions`.

    Returns:
        The outs, sorted by card, then position (each distinct card once
        per position).

    Raises:
        As :func:`completions`, and:
        TimeoutError: the budget ran out before every out was known.
    """
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    grid, cards, _ = _query(grid, available, deck)
    candidates = _out_candidates(grid, cards)
    if candidates is None:
        return ()
    kind, targets, by_rank = candidates
    ranks = grid.ranks
    model, compiled = compiled_pattern_model(None, backend)
    found: list[Out] = []
    for index in targets:
        fixed = [
            model.rank_literal(i, rank)
            for i, rank in enumerate(ranks)
            if i != index and rank is not None
        ]
        for rank in _winning_ranks(model, compiled, fixed, index, sorted(by_rank), spending):
            for card in by_rank[rank]:
                found.append(Out(card, index + 1, kind))
    for out in found:
        if not is_winning(grid.replaced(out.position, out.card)):
            raise RuntimeError(f"internal error: {out.card} at {out.position} does not win")
    return tuple(sorted(found))


def _out_candidates(
    grid: Grid, cards: Cards
) -> tuple[Literal["place", "swap"], list[int], dict[int, list[Card]]] | None:
    """What :func:`outs` tries: the kind of out, the positions (0-8) a card may go to
    (the one empty position, or every position of a full Grid) and the distinct
    ``cards`` by rank; ``None`` when no out can exist (two or more empty positions, or
    no card)."""
    empty = grid.empty_positions()
    if len(empty) > 1 or not cards:
        return None
    by_rank: dict[int, list[Card]] = {}
    for card in cards.distinct():
        by_rank.setdefault(card.rank, []).append(card)
    if empty:
        return "place", [empty[0] - 1], by_rank
    return "swap", list(range(9)), by_rank


def _winning_ranks(
    model: PatternModel,
    compiled: Backend,
    fixed: list[int],
    index: int,
    candidates: Sequence[int],
    spending: Budget,
) -> list[int]:
    """The ranks among ``candidates`` at position ``index`` that extend ``fixed`` to a win.

    Enumeration by assumptions on the compiled solver: each answer's rank is
    excluded by one more negative assumption until none is left.
    """
    excluded = [-model.rank_literal(index, rank) for rank in range(1, 10) if rank not in candidates]
    winning: list[int] = []
    while len(winning) < len(candidates):
        answer = compiled.solve([*fixed, *excluded], spending)
        if answer.status == "unsat":
            break
        if answer.model is None:
            raise TimeoutError("the budget ran out before every out was known")
        rank = next(r for r in range(1, 10) if answer.value(model.rank_literal(index, r)))
        winning.append(rank)
        excluded.append(-model.rank_literal(index, rank))
    return winning


# -- best completion -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BestCompletion:
    """The answer of :func:`best_completion`.

    Attributes:
        status: ``"optimal"`` (``score`` is proven the highest),
            ``"feasible"`` (the budget ran out: ``score`` is the best found
            so far, not proven the highest), ``"impossible"`` (no winning
            hand is reachable: no winning completion) or ``"unknown"`` (the
            budget ran out before any).
        grid: the Grid asked about.
        available: the cards available for its empty positions.
        completion: the best winning hand found, or ``None``.
        placements: its cards on the empty positions, by position.
        score: the winner's score of ``completion`` (CS-20), or ``None``.
        backend: the backend that answered.
    """

    status: BestStatus
    grid: Grid
    available: Cards
    completion: Grid | None = None
    placements: tuple[Placement, ...] = ()
    score: int | None = None
    backend: str = "sat"

    @property
    def proven_optimal(self) -> bool:
        """Whether ``score`` is proven the highest reachable."""
        return self.status == "optimal"


def best_completion(
    grid: GridLike,
    available: CardsLike,
    scoring: Scoring = Scoring(),  # noqa: B008
    *,
    deck: DeckLike = STANDARD_DECK,
    backend: BackendName = "sat",
    time_limit: float | None = None,
    conflict_limit: int | None = None,
    budget: Budget | None = None,
) -> BestCompletion:
    """The highest-scoring winning hand ``grid`` can become with ``available`` cards.

    Scored as the winner's score of CS-20 under ``scoring``: 3 for
    completing, every qualifying row, column and diagonal (colours
    included), and the three-triplets bonus when that option is on.
    Optimised by MaxSAT (python-sat's :class:`~examples.rc2.RC2`) or
    :class:`z3.Optimize` without a budget; under a budget, by a search for
    ever better hands that may stop at ``"feasible"`` (the best found so
    far, not proven optimal).

    Args:
        grid, available, deck, backend, time_limit, conflict_limit, budget:
            as :func:`completions`.
        scoring: the scoring options (:class:`Scoring`).

    Returns:
        A :class:`BestCompletion`.

    Raises:
        As :func:`completions`.
    """
    scoring = as_scoring(scoring)
    spending = as_budget(budget, time_limit=time_limit, conflict_limit=conflict_limit)
    grid, cards, limits = _query(grid, available, deck)
    model, compiled = compiled_hand_model(backend)
    assumptions = _hand_assumptions(model, grid, limits)
    result = compiled.optimize(model.objective(scoring), assumptions, budget=spending)
    return _best_of(model, compiled, grid, cards, scoring, result)


def exact_best_completion(
    grid: GridLike,
    available: CardsLike,
    scoring: Scoring = Scoring(),  # noqa: B008
    *,
    deck: DeckLike = STANDARD_DECK,
    conflict_limit: int = 20_000,
) -> BestCompletion:
    """:func:`best_completion`, always proven: ``"optimal"`` or ``"impossible"``.

    The optimum is searched on one incremental SAT solver kept for these
    queries (:meth:`~dokuspec.solvers.sat.SatBackend.optimize_incremental`:
    each better bound guarded by an activation literal, retired after),
    within ``conflict_limit`` conflicts per query; should that not prove
    the optimum, python-sat's RC2 finds it without a budget. So the score
    depends only on the arguments, whatever was asked before (which
    completion reaches it may not). Much faster than a budgeted
    :func:`best_completion`, which builds a fresh solver for every call;
    bots use it (:class:`~dokuspec.competitive.bots.GreedyBot`).

    Args:
        grid, available, deck, scoring: as :func:`best_completion`.
        conflict_limit: conflicts per query of the incremental search, 1 or more.

    Returns:
        A :class:`BestCompletion`, ``"optimal"`` or ``"impossible"``.

    Raises:
        As :func:`completions`.
    """
    scoring = as_scoring(scoring)
    spending = as_budget(conflict_limit=conflict_limit)
    grid, cards, limits = _query(grid, available, deck)
    model, compiled = CACHE.get(
        ("competitive", "hand", "incremental optimum"), spec.hand_model, lambda m: m.model, "sat"
    )
    assert isinstance(model, HandModel) and isinstance(compiled, SatBackend)
    assumptions = _hand_assumptions(model, grid, limits)
    objective = model.objective(scoring)
    result = compiled.optimize_incremental(objective, assumptions, budget=spending)
    if result.status not in ("optimal", "unsat"):
        result = compiled.optimize(objective, assumptions)  # RC2, no budget: proven
    return _best_of(model, compiled, grid, cards, scoring, result)


def _hand_assumptions(model: HandModel, grid: Grid, limits: dict[Card, int]) -> list[int]:
    """The hand model's assumptions for ``grid`` completed within ``limits`` (:func:`_query`)."""
    return [
        *model.always,
        *model.placement_assumptions(grid),
        *model.supply_assumptions(limits),
    ]


def _best_of(
    model: HandModel,
    compiled: Backend,
    grid: Grid,
    cards: Cards,
    scoring: Scoring,
    result: OptimizeResult,
) -> BestCompletion:
    """The :class:`BestCompletion` of an optimisation's result, its completion certified."""
    if result.model is None:
        status: BestStatus = "impossible" if result.status == "unsat" else "unknown"
        return BestCompletion(status, grid, cards, backend=compiled.name)
    completion = model.grid_of(result.model)
    placements = _certified(grid, cards, completion)
    assert result.value is not None
    score = spec.COMPLETION_BONUS + result.value
    if spec.winner_score(completion, scoring) != score:
        raise RuntimeError(f"internal error: the solver scores {completion} {score}")
    found: BestStatus = "optimal" if result.status == "optimal" else "feasible"
    return BestCompletion(found, grid, cards, completion, placements, score, compiled.name)
