"""Whole Sumodoku games played through the engine and checked at every step, claims included.

* :func:`check_claims`: every claim a position allows (the solver's
  completion, near misses, wrong fillings) judged by the engine as by the
  spec and the solvers (SU-10);
* :func:`play_checked`: a seeded game played through a
  :class:`~dokuspec.verify.sumodoku.play.PlayChecker`, with claims tried
  along the way;
* :func:`choose_action`: the random policy of those games, with mistakes.

Each check raises a :class:`~dokuspec.verify.sumodoku.errors.PlayCheckError`
(an :class:`AssertionError`) naming the rule, the step and both answers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from dokuspec.engine.base import CHANCE, Action, JSONValue
from dokuspec.engine.sumodoku import (
    Claim,
    FindMistake,
    Place,
    PointOut,
    Sumodoku,
    SumodokuState,
)
from dokuspec.sumodoku import BackendName, check
from dokuspec.verify.sumodoku.errors import (
    ClaimError,
)
from dokuspec.verify.sumodoku.play import PlayChecker
from dokuspec.verify.sumodoku.search import solver_status
from dokuspec.vocabulary.sumodoku import Board, Position

__all__ = ["check_claims", "choose_action", "play_checked"]


def _swapped(filling: Board, board: Board) -> Board | None:
    """``filling`` with two of the pieces it adds to ``board`` swapped (colours differ), or None."""
    empty = board.empty_cells()
    cells = bytearray(filling.cells)
    for a in empty:
        for b in empty:
            if cells[a] != cells[b]:
                cells[a], cells[b] = cells[b], cells[a]
                return Board(bytes(cells))
    return None


def check_claims(checker: PlayChecker, *, backends: Sequence[BackendName] = ("sat", "z3")) -> str:
    """Claims judged against the solvers, each on a copy of the game (SU-10, SU-15).

    The solvers decide whether the board can be completed with the pieces
    left (every backend must agree, its completion checked by the spec
    model). When it can, a claim with the solver's completion succeeds
    in time, and fails when late (one second over the limit) or with two of
    its pieces swapped. When it cannot, no claim succeeds: the engine must
    turn down fillings that are near misses (a completion that ignores the
    pieces out of the game, or the variants) and a naive one (the pieces
    left, cell by cell).

    Args:
        checker: a game whose current player may claim now.
        backends: the solvers to ask.

    Returns:
        The solvers' status of the position.

    Raises:
        ClaimError: a claim judged against the spec, or the claim window closed.
        SearchError: the solvers disagree.
    """
    state = checker.state
    player = state.current_player()
    if not checker.claim_open(player):
        raise checker.fail(ClaimError, "check_claims needs a game in which a claim is open")
    position = checker.position()
    status = solver_status(position, backends)
    tried: list[tuple[str, Board, float, bool]] = []
    if status == "completable":
        filling = check(position, backend=backends[0]).completion
        assert filling is not None
        limit = checker.time_limit(player)
        tried.append(("the solver's completion", filling, 0.0, True))
        if limit is not None:
            tried.append(("the solver's completion, in time", filling, limit, True))
            tried.append(("the solver's completion, late", filling, limit + 1.0, False))
        swapped = _swapped(filling, position.board)
        if swapped is not None:
            tried.append(("the solver's completion with two pieces swapped", swapped, 0.0, False))
    else:
        relaxed = [
            Position(position.board, position.variants),
            Position(position.board, out=position.out),
            Position(position.board),
        ]
        for near in relaxed:
            answer = check(near, backend=backends[0])
            if answer.completion is not None:
                tried.append((f"a completion of {near}", answer.completion, 0.0, False))
        left = [k for k in range(1, 10) for _ in range(position.supply()[k - 1])]
        cells = bytearray(position.board.cells)
        for index in position.board.empty_cells():
            cells[index] = left.pop() if left else 1
        tried.append(("the pieces left, cell by cell", Board(bytes(cells)), 0.0, False))
    for what, filling, seconds, wins in tried:
        got = checker.try_claim(filling, seconds)
        if got is not wins:
            raise checker.fail(
                ClaimError,
                f"a claim with {what} ({filling}, {seconds} s) "
                + ("was refused" if got is None else "succeeded" if got else "failed")
                + f"; the solvers say the position is {status}",
            )
    return status


def play_checked(
    options: Mapping[str, JSONValue],
    seed: int,
    policy_seed: int,
    *,
    mistakes: float = 0.1,
    claims: float = 0.1,
    max_steps: int | None = None,
    backends: Sequence[BackendName] = ("sat",),
) -> PlayChecker:
    """Play one random game through the engine with a :class:`PlayChecker` at every step.

    The players place valid pieces at random, in tabletop play make an
    invalid placement with chance ``mistakes``, point out and find mistakes
    when they can (half the time), and in the claim window run
    :func:`check_claims` with chance ``claims`` and then claim with the
    solver's completion or a wrong one half the time each.

    Args:
        options: the game's options.
        seed: the game's seed (chance: colours, the observer).
        policy_seed: the seed of the players' choices.
        mistakes: the chance of an invalid placement (tabletop).
        claims: the chance of checking claims when one is open.
        max_steps: stop after this many steps (``None``: play to the end).
        backends: the solvers :func:`check_claims` asks.

    Returns:
        The checker, its state at the end.

    Raises:
        PlayCheckError: as :class:`PlayChecker`.
    """
    state = Sumodoku(**options).new_initial_state(seed)
    checker = PlayChecker(state)
    rng = random.Random(policy_seed)
    while not state.is_terminal() and (max_steps is None or checker.steps < max_steps):
        player = state.current_player()
        if player == CHANCE:
            checker.apply(state.sample_chance_outcome())
            continue
        if checker.claim_open(player) and rng.random() < claims:
            status = check_claims(checker, backends=backends)
            if rng.random() < 0.5:
                position = checker.position()
                filling = check(position).completion if status == "completable" else None
                checker.apply(
                    Claim(filling or Board(bytes(x or 1 for x in position.board.cells)), 0.0)
                )
                break
        checker.apply(choose_action(state, rng, mistakes=mistakes))
    return checker


def choose_action(state: SumodokuState, rng: random.Random, *, mistakes: float = 0.1) -> Action:
    """A random player's action: a valid placement, or now and then a tabletop one.

    Points out or finds a mistake half the time when one is offered; an
    invalid placement (tabletop) with chance ``mistakes``; otherwise a
    valid placement, or a concession when there is none.
    """
    legal = state.legal_actions()
    tabletop = [a for a in legal if isinstance(a, (PointOut, FindMistake))]
    if tabletop and rng.random() < 0.5:
        return rng.choice(tabletop)
    places = [a for a in legal if isinstance(a, Place)]
    valid = set(state.valid_moves(state.current_player()))
    good = [a for a in places if a in valid]
    bad = [a for a in places if a not in good]
    if bad and rng.random() < mistakes:
        return rng.choice(bad)
    if good:
        return rng.choice(good)
    return rng.choice(legal)
