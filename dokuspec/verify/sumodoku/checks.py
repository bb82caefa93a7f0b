"""Sumodoku's cross-checks in the verification campaign (:mod:`dokuspec.verify.campaign`).

Each check is a property of drawn cases (see :class:`~dokuspec.verify.campaign.Check`):
SAT against Z3, the spec's model against the engine's rule checker, the
fast search and the engine's search against the solver, random games held
to the spec, and the engine protocol's conformance (rules SU-1 to SU-17).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from dokuspec.engine import sumodoku as sumodoku_engine
from dokuspec.sumodoku import explain
from dokuspec.verify.campaign import SEEDS, Check
from dokuspec.verify.conformance import check_playout, playouts
from dokuspec.verify.sumodoku import games, placements, positions, strategies
from dokuspec.verify.sumodoku.search import check_propose
from dokuspec.vocabulary.sumodoku import Piece, Position

__all__ = ["CHECKS", "TIME_LIMIT"]

TIME_LIMIT = 10.0
"""Seconds each solver query and each explanation of a Sumodoku position with variants
(SU-12..SU-14) may take in ``sumodoku/sat-vs-z3``; a case cut short by it is unknown."""

# -- the properties ----------------------------------------------------------------------------


def _sumodoku_sat_vs_z3(position: Position) -> str | None:
    """SAT and Z3 agree (SU-15); completions obey the engine's rules; explanations are minimal
    (confirmed by the other backend and the engine's search); the engine's search agrees.

    A position with variants has :data:`TIME_LIMIT` for each query and for its explanation:
    an answer cut short by it leaves the case unknown."""
    limit = None if position.variants == Position(position.board).variants else TIME_LIMIT
    verdicts = positions.check_agreement(position, time_limit=limit)
    cut = [verdict.backend for verdict in verdicts if verdict.status == "unknown"]
    if cut:
        return f"{' and '.join(cut)} answered unknown within {limit:g} s"
    verdict = verdicts[0]
    if verdict.status == "impossible":
        verdict = explain(position, backend="sat", time_limit=limit)
        if verdict.status == "unknown":
            return f"sat's explanation ran out of its {limit:g} s before deciding"
        positions.check_explanation(
            position, verdict, require_minimal=limit is None, time_limit=limit
        )
    found = positions.check_search(position, verdict)
    if verdict.status == "impossible" and not verdict.minimal:
        return f"sat's explanation was not proven minimal within {limit:g} s"
    if found.status == "unknown":
        return "the engine's search reached its node limit"
    return None


def _sumodoku_placements(case: tuple[Position, int, int]) -> None:
    """A placement is valid by the spec's model exactly when the engine finds no violation
    with it (SU-3, SU-12..SU-14)."""
    position, cell_choice, colour_choice = case
    empty = position.board.empty_cells()
    colours = [k for k in range(1, 10) if position.supply()[k - 1]]
    if not empty or not colours:
        return
    cell = empty[cell_choice % len(empty)]
    piece = Piece(cell // 9 + 1, cell % 9 + 1, colours[colour_choice % len(colours)])
    engine_says = not any(
        piece in v.pieces
        for v in sumodoku_engine.violations(position.board.place(piece), position.variants)
    )
    spec_says = placements.placement_is_valid(position, piece)
    if spec_says != engine_says:
        raise AssertionError(
            f"{piece} on {position}: the spec's model says "
            f"{'valid' if spec_says else 'invalid'}, the engine says "
            f"{'valid' if engine_says else 'invalid'}"
        )


def _sumodoku_fast_search(position: Position) -> str | None:
    """The fast search's answer is the solver's, and its completion is one (by the model)."""
    from dokuspec.sumodoku import search  # noqa: PLC0415 - loads the C extension when used

    answer = search.propose(position)
    check_propose(position, answer)
    if search.COMPILED and search.propose(position, compiled=False) != answer:
        raise AssertionError(f"{position}: the compiled search and the fallback differ")
    return "the fast search reached its node limit" if answer.status == "unknown" else None


def _sumodoku_engine_search(position: Position) -> str | None:
    """The engine's own search (SU-15) gives the solver's status, and its completion is one by
    the spec's model (SU-3, SU-12..SU-14)."""
    found = sumodoku_engine.search_completion(position)
    check_propose(position, found)
    return "the engine's search reached its node limit" if found.status == "unknown" else None


def _sumodoku_play(case: tuple[dict[str, Any], int, float]) -> None:
    """A random game, every step held to the spec's reading of moves and claims (SU-1..SU-15)."""
    options, seed, mistakes = case
    games.play_checked(options, seed, seed + 1, mistakes=mistakes, claims=0.2)


def _sumodoku_conformance(case: tuple[dict[str, Any], tuple[int, int]]) -> None:
    """The engine protocol's invariants in a random Sumodoku game."""
    options, (seed, policy_seed) = case
    check_playout(sumodoku_engine.Sumodoku(**options), seed, policy_seed)


def _sumodoku_positions() -> st.SearchStrategy[Position]:
    return strategies.positions(planted=(0, 2))


def _sumodoku_placement_cases() -> st.SearchStrategy[tuple[Position, int, int]]:
    return st.tuples(strategies.positions(planted=(0, 3)), st.integers(0, 80), st.integers(0, 8))


def _sumodoku_sparse_positions() -> st.SearchStrategy[Position]:
    # Few pieces: the search has room to go wrong on the cells the variants constrain.
    return strategies.positions(max_pieces=30)


def _sumodoku_search_positions() -> st.SearchStrategy[Position]:
    return strategies.positions(min_pieces=25)


def _sumodoku_games() -> st.SearchStrategy[tuple[dict[str, Any], int, float]]:
    return st.tuples(strategies.game_options(), SEEDS, st.sampled_from([0.0, 0.1, 0.3]))


def _sumodoku_playouts() -> st.SearchStrategy[tuple[dict[str, Any], tuple[int, int]]]:
    return st.tuples(strategies.game_options(), playouts())


# -- the checks --------------------------------------------------------------------------------

CHECKS: tuple[Check, ...] = (
    Check(
        "sumodoku/sat-vs-z3",
        "sumodoku",
        "SAT vs Z3, engine rules, cores",
        _sumodoku_positions,
        _sumodoku_sat_vs_z3,
        cost=2.0,
    ),
    Check(
        "sumodoku/placements",
        "sumodoku",
        "spec model vs engine rule checker",
        _sumodoku_placement_cases,
        _sumodoku_placements,
        cost=0.1,
    ),
    Check(
        "sumodoku/fast-search-vs-solver",
        "sumodoku",
        "fast search vs SAT solver",
        _sumodoku_search_positions,
        _sumodoku_fast_search,
        cost=0.1,
    ),
    Check(
        "sumodoku/engine-search-vs-sat",
        "sumodoku",
        "engine search vs SAT, spec model",
        _sumodoku_sparse_positions,
        _sumodoku_engine_search,
        cost=0.5,
    ),
    Check(
        "sumodoku/engine-vs-spec",
        "sumodoku",
        "engine games vs spec and solvers",
        _sumodoku_games,
        _sumodoku_play,
        cost=2.0,
    ),
    Check(
        "sumodoku/conformance",
        "sumodoku",
        "engine protocol conformance",
        _sumodoku_playouts,
        _sumodoku_conformance,
        cost=4.0,
    ),
)
"""Sumodoku's checks, in the order a campaign runs them."""
