"""Claim advice: would a "Sudoku!" claim succeed now (SU-10, ruling SU-32)?

A claim succeeds when the claimant fills every empty cell, using exactly the
pieces that remain (their own, the opponent's and the spare; the whole
supply with free colours, SU-11), so that the whole board obeys every rule
in force, within the time limit of that own-turn number. So a claim *can*
succeed exactly when the position is completable (SU-15); the advice gives a
filling that does it::

    >>> from dokuspec import sumodoku
    >>> advice = sumodoku.claim_advice(state, player=1)      # doctest: +SKIP
    >>> advice.allowed, advice.succeeds, advice.time_limit   # doctest: +SKIP
    (True, True, 960.0)

The filling is a completion found by :func:`~dokuspec.sumodoku.check`
(certified by the spec's rules), checked again here independently of the spec:
for a game state in the claim window, by the engine judging the claim on a
copy of the state; for a position, by the engine's rule checker
(:func:`dokuspec.engine.sumodoku.violations`) and the pieces remaining per
colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from dokuspec.engine.base import IllegalActionError
from dokuspec.engine.sumodoku import Claim, SumodokuState, violations
from dokuspec.errors import DokuspecError
from dokuspec.solvers import Budget, as_budget
from dokuspec.sumodoku.positions import BackendName, PositionLike, _position, check
from dokuspec.vocabulary.sumodoku import Board, Position

__all__ = ["ClaimAdvice", "claim_advice"]


@dataclass(frozen=True, slots=True)
class ClaimAdvice:
    """Whether a claim now would succeed, and with which filling (SU-10, ruling SU-32).

    Attributes:
        allowed: for a game state, whether the player may claim now (their
            turn, own turn number in the claim window). ``None`` for a bare
            position, which carries no turn count.
        succeeds: whether a claim now would succeed with :attr:`filling`:
            the board is completable with the remaining pieces (SU-15).
            ``False`` also when the player may not claim now (for a state).
            ``None``: the budget ran out before completability was known.
        filling: a full board extending the position with exactly the
            remaining pieces and breaking no rule: what to submit. ``None``
            when there is none (or it is unknown).
        time_limit: seconds allowed for a claim now (SU-10), for a state in
            the claim window; otherwise ``None``.
        reason: one readable sentence saying why.
    """

    allowed: bool | None
    succeeds: bool | None
    filling: Board | None
    time_limit: float | None
    reason: str


def _player(player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"player must be 1 or 2 (an int), not {type(player).__name__}")
    if player not in (1, 2):
        raise DokuspecError(f"player must be 1 or 2, not {player!r}")
    return player


def _fills(position: Position, filling: Board) -> str | None:
    """Why ``filling`` would not win a claim on ``position`` by the engine's rules, or None."""
    board = position.board.cells
    cells = filling.cells
    if any(board[i] and board[i] != cells[i] for i in range(81)) or 0 in cells:
        return "it does not extend the board to a full one"
    supply = position.supply()
    for colour in range(1, 10):
        if cells.count(colour) - board.count(colour) != supply[colour - 1]:
            return f"it does not use exactly the remaining pieces of colour {colour}"
    broken = violations(filling, position.variants)
    if broken:
        return f"it breaks {broken[0].rule}: {broken[0].message}"
    return None


def claim_advice(
    state: SumodokuState | PositionLike,
    player: int = 1,
    *,
    backend: BackendName = "sat",
    time_limit: float | None = None,
    budget: Budget | None = None,
) -> ClaimAdvice:
    """Would a claim by ``player`` succeed now, and with which filling (SU-10, ruling SU-32)?

    Args:
        state: a game state (:class:`~dokuspec.engine.sumodoku.SumodokuState`),
            or a position (a :class:`Position`, :class:`Board` or its text),
            which carries no turn count: then :attr:`ClaimAdvice.allowed`
            and :attr:`ClaimAdvice.time_limit` are ``None`` and the advice
            says whether the board can be completed with its remaining
            pieces.
        player: 1 or 2 (the game's numbering; engine player ``player - 1``).
        backend: the solver backend for the completability query,
            ``"sat"`` or ``"z3"``.
        time_limit: seconds for the query (0 to 1,000,000), or ``None``.
        budget: a :class:`Budget` instead.

    Returns:
        A :class:`ClaimAdvice`. For a state outside the claim window the
        board is not examined (``succeeds`` false, no filling).

    Raises:
        TypeError: an argument of the wrong type.
        DokuspecError: ``player`` not 1 or 2; a position that is not one
            (:class:`~dokuspec.errors.NotationError`,
            :class:`~dokuspec.errors.PositionError`); an invalid budget
            (:class:`~dokuspec.errors.BudgetError`).
        RuntimeError: the completion found fails the engine's own check (a
            disagreement between the spec and the engine; never expected).
    """
    player = _player(player)
    spending = as_budget(budget, time_limit=time_limit)
    allowed: bool | None = None
    seconds: float | None = None
    if isinstance(state, SumodokuState):
        engine_player = player - 1
        allowed = state.claim_open(engine_player)
        if not allowed:
            return ClaimAdvice(False, False, None, None, _closed(state, engine_player))
        seconds = state.claim_time_limit(engine_player)
        position = state.position
    elif isinstance(state, Position | Board | str):
        position = _position(state, None)
    else:
        raise TypeError(
            "claim_advice() takes a SumodokuState, Position, Board or str, "
            f"not {type(state).__name__}"
        )
    verdict = check(position, backend=backend, budget=spending)
    if verdict.status == "unknown":
        return ClaimAdvice(
            allowed, None, None, seconds, "the budget ran out before the board was decided"
        )
    if verdict.status == "impossible":
        why = "the board cannot be completed with the remaining pieces (SU-15)"
        if isinstance(state, SumodokuState) and state.unnoticed():
            why += ": an invalid placement stands on it"
        return ClaimAdvice(allowed, False, None, seconds, f"a claim would fail: {why}")
    filling = verdict.completion
    assert filling is not None
    if isinstance(state, SumodokuState):
        wrong = _judged(state, player - 1, filling)  # the engine's own judgement (SU-10)
    else:
        wrong = _fills(position, filling)
    if wrong is not None:
        raise RuntimeError(f"internal error: the completion found is no winning filling: {wrong}")
    if isinstance(state, SumodokuState):
        reason = f"a claim now succeeds with this filling, within {seconds:g} s"
    else:
        reason = "the board can be completed with the remaining pieces: a claim would succeed"
    return ClaimAdvice(allowed, True, filling, seconds, reason)


def _judged(state: SumodokuState, player: int, filling: Board) -> str | None:
    """The engine's judgement of the claim on a copy of ``state``: None when it succeeds."""
    trial = state.clone()
    try:
        trial.apply_action(Claim(filling, 0.0))
    except IllegalActionError as error:
        return str(error)
    result = trial.result
    if result is None or result.reason != "claim-succeeded" or result.winner != player:
        return result.detail if result is not None else "the game went on"
    return None


def _closed(state: SumodokuState, player: int) -> str:
    """Why ``player`` (engine numbering) may not claim now."""
    if state.result is not None:
        return "the game is over"
    if state.current_player() != player:
        return f"it is not Player {player + 1}'s turn to act"
    game = state.game
    window = getattr(game, "claim_window", None)
    turn = state.turn_number(player) + 1
    if window is not None and not window[0] <= turn <= window[1]:
        return (
            f"a claim is allowed on own turns {window[0]}-{window[1]} (SU-10); this would be "
            f"Player {player + 1}'s turn {turn}"
        )
    return f"Player {player + 1} may not claim now (SU-10)"
