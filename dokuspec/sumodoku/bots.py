"""Sumodoku bots: players that choose an action for Player 1 or Player 2 (ruling SU-34).

A bot is any callable ``bot(state, player, rng) -> action`` with a ``name``
(:class:`Bot`): given a state of :class:`~dokuspec.engine.sumodoku.Sumodoku`
where ``player`` (the engine's numbering: 0 is Player 1, 1 is Player 2) is
to act, it returns one of ``state.legal_actions(player)`` or an open action
the state accepts (a claim, SU-10). It reads the state and never changes it;
all its randomness comes from ``rng``, so a seeded :class:`random.Random`
makes its choices reproducible.

* :class:`RandomBot` (``"random"``): uniform among the legal actions; never
  an open action (it never claims).
* :class:`SolverBot` (``"solver"``): points out and finds mistakes when it
  can (tabletop, SU-7, SU-8), claims when a claim wins (SU-10), never makes
  the board impossible (SU-15: it plays safe moves only while there are
  any), prefers moves that win at once or leave the opponent no safe move
  (one ply of look-ahead), and once the board is impossible plays for the
  last valid move (SU-6).

* ``"strong"``: the search agent of :mod:`dokuspec.sumodoku.agents` at its
  default strength (:func:`~dokuspec.sumodoku.agents.strong_agent`), the
  strongest player dokuspec has.

:func:`make_bot` makes a bot from its name (:data:`BOT_NAMES`).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, cast, runtime_checkable

from dokuspec.engine.base import Action
from dokuspec.engine.playout import check_bot_call, named_bot
from dokuspec.engine.sumodoku import (
    Claim,
    Concede,
    FindMistake,
    Place,
    PointOut,
    Sumodoku,
    SumodokuState,
)
from dokuspec.errors import DokuspecError, quote
from dokuspec.solvers import Budget
from dokuspec.sumodoku.claims import claim_advice
from dokuspec.sumodoku.moves import safe_moves
from dokuspec.sumodoku.positions import Verdict, check
from dokuspec.sumodoku.search import _extension
from dokuspec.vocabulary.sumodoku import Board, Position

_REPORTS = (PointOut, FindMistake)  # the actions that win by a mistake (SU-7, SU-8)

#: The last exact verdicts of :meth:`SolverBot._check`, by position (oldest first).
_VERDICTS: dict[Position, Verdict] = {}
_VERDICTS_KEPT = 4
_KEEPING = threading.Lock()  # bots of one process may run in threads

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "SolverBot", "make_bot"]

BOT_NAMES = ("random", "solver", "strong")
"""The names :func:`make_bot` knows."""


@runtime_checkable
class Bot(Protocol):
    """A player of Sumodoku.

    ``bot(state, player, rng)`` returns an action for a state where
    ``player`` (0 or 1, the engine's numbering) is to act: one of
    ``state.legal_actions(player)``, or a claim while
    ``state.claim_open(player)``. It must not change ``state`` and must draw
    all its randomness from ``rng``.
    """

    @property
    def name(self) -> str:
        """A short name for reports (``"random"``)."""
        ...

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action: ...


def _legal(state: object, player: object, rng: object) -> tuple[Action, ...]:
    """The legal actions of ``player``, the arguments checked."""
    check_bot_call(state, player, rng, SumodokuState, "Sumodoku")
    assert isinstance(state, SumodokuState) and isinstance(player, int)
    if player not in (0, 1):
        raise DokuspecError(f"a player is 0 (Player 1) or 1 (Player 2), not {player}")
    if state.current_player() != player:
        raise DokuspecError(f"Player {player + 1} has no action to choose here")
    legal = state.legal_actions(player)
    if not legal and not state.claim_open(player):  # pragma: no cover - the engine offers one
        raise DokuspecError(f"Player {player + 1} has no action to choose from")
    return legal


class RandomBot:
    """Chooses uniformly among the legal actions (``rng.choice``); never claims.

    The legal actions are the placements the enforcement allows (valid
    ones in strict play, any of one's own pieces on an empty cell in
    tabletop play, SU-4), pointing out and finding mistakes (SU-7, SU-8)
    and conceding when nothing else is left (ruling SU-24). A claim is an
    open action, never listed, so this bot never claims.
    """

    name = "random"

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        """One legal action of ``player``, each with the same probability.

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` is not 0 or 1, or is not to act in ``state``.
        """
        legal = _legal(state, player, rng)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


@dataclass(frozen=True, slots=True)
class SolverBot:
    """A player that never makes the board impossible and claims when a claim wins.

    Each decision, in this order (rules in brackets):

    1. Pointing out the opponent's invalid last placement (SU-7), or finding
       an earlier unnoticed mistake (SU-8), when the engine offers it: both
       win at once (tabletop only).
    2. A claim (SU-10) when the claim window is open and
       :func:`~dokuspec.sumodoku.claim_advice` finds a winning filling: the
       filling, with :attr:`claim_seconds` as the time taken.
    3. A *safe* move (ruling SU-31: the board after it can still be
       completed with the remaining pieces, SU-15), uniformly at random
       among the safe moves, preferring a move that wins at once or leaves
       the opponent no safe move. The board is checked once
       (:func:`~dokuspec.sumodoku.check`); the valid moves are taken in a
       random order and the first safe one is played: a move that the
       check's completion agrees with is safe, any other is checked on its
       own. (So the choice is uniform among all safe moves, without
       classifying every move as :func:`~dokuspec.sumodoku.safe_moves`
       does, which costs tens of milliseconds on a sparse board.)

       The look-ahead (ruling SU-34): after a safe move the board is
       completable, and every completion places all the pieces left,
       the opponent's included; each of those placements is a valid move
       of the opponent that keeps the board completable. So after a safe
       move the opponent has no safe move only when they hold no piece,
       that is when the move fills the last empty cell (free colours), or
       when the move is the bot's own last piece (which wins at once,
       SU-5). Only then (one empty cell, or one piece left in hand) are
       the safe moves classified (:func:`~dokuspec.sumodoku.safe_moves`)
       and each tried on a copy of the state, and one that wins at once
       is preferred.
    4. With no safe move (the board is already impossible, so nobody can
       win by a claim and the last valid move decides, SU-6): a valid move
       after which the opponent has no valid move (a win at once) if there
       is one; otherwise one that leaves the bot the most valid moves more
       than the opponent. Never an invalid placement.
    5. With no valid move: conceding (SU-6, ruling SU-24).

    Ties are broken with ``rng``. With no conflict limit every answer is
    exact, so the choices depend only on the state and ``rng`` (the filling
    of a claim is one winning filling; which one may depend on the solver
    when there are several).

    Attributes:
        conflict_limit: solver conflicts per query (``None``: no limit);
            a move left undecided is played only when no move is known
            safe, a claim left undecided is not made.
        claim_seconds: the time a claim says it took, in seconds (0 to
            1,000,000; the engine judges it against the limit, SU-10).

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a value out of range.
    """

    conflict_limit: int | None = None
    claim_seconds: float = 0.0

    def __post_init__(self) -> None:
        limit = self.conflict_limit
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, int):
                raise TypeError(f"conflict_limit is an int or None, not {type(limit).__name__}")
            if not 1 <= limit <= 10**7:
                raise DokuspecError(f"conflict_limit is 1-10,000,000, not {quote(limit)}")
        seconds = self.claim_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"claim_seconds is a number, not {type(seconds).__name__}")
        if not 0 <= seconds <= 10**6:
            raise DokuspecError(f"claim_seconds is 0-1,000,000, not {quote(seconds)}")

    @property
    def name(self) -> str:
        """``"solver"``."""
        return "solver"

    def _budget(self) -> Budget | None:
        return None if self.conflict_limit is None else Budget(conflict_limit=self.conflict_limit)

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class).

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` is not 0 or 1, or is not to act in ``state``.
        """
        legal = _legal(state, player, rng)
        # The engine lists the placements first (SU-4), then pointing out,
        # finding and conceding: only the actions after the last placement
        # are read for a report.
        placements = len(legal)
        while placements and type(legal[placements - 1]) is not Place:
            placements -= 1
        for action in legal[placements:]:
            if type(action) in _REPORTS:  # exact types: no ABC isinstance per action
                return action
        if state.claim_open(player):
            advice = claim_advice(state, player + 1, budget=self._budget())
            if advice.succeeds and advice.filling is not None:
                return Claim(advice.filling, float(self.claim_seconds))
        game = state.game
        assert isinstance(game, Sumodoku)
        valid: list[Place]
        if game.tabletop:
            valid = list(state.valid_moves(player)) if placements else []
        else:  # strict enforcement lists exactly the valid placements, in their order (SU-4)
            valid = cast("list[Place]", list(legal[:placements]))
        if not valid:
            concede = [action for action in legal if isinstance(action, Concede)]
            return concede[0] if concede else rng.choice(legal)
        if self._may_end(state, player):
            return self._ending(state, player, rng)
        verdict = self._check(state.position)
        if verdict.status == "completable":
            chosen = self._first_safe(state, valid, verdict.completion, rng)
            if chosen is not None:
                return chosen
        return self._race(state, player, valid, rng)

    @staticmethod
    def _may_end(state: SumodokuState, player: int) -> bool:
        """Whether a safe move may end the game at once (see the class, step 3)."""
        empty = state.board.cells.count(0)
        return empty <= 1 or sum(state.hand(player)) <= 1

    def _first_safe(
        self, state: SumodokuState, valid: list[Place], completion: Board | None, rng: random.Random
    ) -> Place | None:
        """The first safe move in a random order of ``valid`` (uniform among the safe ones)."""
        assert completion is not None
        position = state.position
        order = list(valid)
        _shuffle(rng, order)
        for move in order:
            after = position.place(move.piece)
            if completion.cells[move.cell] == move.colour:
                if self.conflict_limit is None:  # the completion is one of the board after it
                    _keep(after, Verdict("completable", after, completion, backend="sat"))
                return move
            if self._check(after).status == "completable":
                return move
        return None  # every other move undecided within the budget

    def _check(self, position: Position) -> Verdict:
        """:func:`~dokuspec.sumodoku.check` of ``position``, with this bot's budget.

        Without a conflict limit the answer is exact, and the last few are
        kept (:data:`_VERDICTS`): the board a bot checks after its chosen
        move is the board the opponent checks next. Only the status decides
        a move (a move the completion agrees with is safe; any other is
        checked), so a kept verdict gives the same choices as a new one.
        """
        if self.conflict_limit is not None:
            return check(position, budget=self._budget())
        verdict = _VERDICTS.get(position)
        if verdict is None:
            verdict = check(position)
            _keep(position, verdict)
        return verdict

    def _ending(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        """The end of the game near: safe moves classified, winning ones preferred."""
        moves = safe_moves(state, player + 1, budget=self._budget())
        safe = [Place(m.row, m.col, m.colour) for m in moves if m.safe]
        if safe:
            winning = [move for move in safe if _wins(state, player, move)]
            return rng.choice(winning or safe)
        return self._race(state, player, list(state.valid_moves(player)), rng)

    @staticmethod
    def _race(state: SumodokuState, player: int, valid: list[Place], rng: random.Random) -> Action:
        """No safe move: the race for the last valid move (SU-6), one ply deep."""
        opponent = 1 - player
        scored: list[tuple[tuple[int, int], Place]] = []
        for move in valid:
            after = state.clone()
            after.apply_action(move)
            if after.result is not None:
                key = (1 if after.result.winner == player else -1, 0)
            else:
                mine = len(after.valid_moves(player))
                theirs = len(after.valid_moves(opponent))
                key = (0, mine - theirs)
            scored.append((key, move))
        best = max(key for key, _ in scored)
        return rng.choice([move for key, move in scored if key == best])


def _keep(position: Position, verdict: Verdict) -> None:
    """Keep an exact ``verdict`` on ``position`` among the last few (:data:`_VERDICTS`)."""
    with _KEEPING:
        while len(_VERDICTS) >= _VERDICTS_KEPT:
            del _VERDICTS[next(iter(_VERDICTS))]
        _VERDICTS[position] = verdict


def _shuffle(rng: random.Random, items: list[Place]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle`` does (:func:`random.shuffle`), draw
    for draw: compiled when the C extension is built (``_fastsearch.shuffle``), else
    :func:`_py_shuffle`. Both make the same calls of ``rng.getrandbits``."""
    if _COMPILED_SHUFFLE is not None:
        _COMPILED_SHUFFLE(items, rng.getrandbits)
    else:
        _py_shuffle(rng, items)


def _py_shuffle(rng: random.Random, items: list[Place]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle`` does (:func:`random.shuffle`), draw
    for draw.

    Fisher-Yates from the last item down, each index drawn by rejection from
    ``rng.getrandbits`` (CPython's ``shuffle`` and ``_randbelow``): the same order
    and the same state of ``rng`` after it (the tests compare them), without a
    method call per item.
    """
    getrandbits, widths = rng.getrandbits, _WIDTHS
    for i in range(len(items) - 1, 0, -1):
        bits = widths[i] if i < len(widths) else (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


#: The compiled shuffle; ``None`` when the extension is not built, or was built from an
#: older source without it.
_COMPILED_SHUFFLE: Callable[[list[Place], Callable[[int], int]], None] | None = getattr(
    _extension(), "shuffle", None
)


#: ``(i + 1).bit_length()`` for each index ``i`` of a shuffle (the bits of one draw).
_WIDTHS = tuple((i + 1).bit_length() for i in range(2048))


def _wins(state: SumodokuState, player: int, move: Place) -> bool:
    """Whether ``move`` ends the game at once with ``player`` the winner."""
    after = state.clone()
    after.apply_action(move)
    return after.result is not None and after.result.winner == player


def _strong() -> Bot:
    from dokuspec.sumodoku.agents import strong_agent  # noqa: PLC0415 - it builds on this module

    agent: Bot = strong_agent()
    return agent


def make_bot(name: str) -> Bot:
    """A bot by its name: ``"random"`` (:class:`RandomBot`), ``"solver"``
    (:class:`SolverBot` with its defaults) or ``"strong"`` (the search agent,
    :func:`dokuspec.sumodoku.agents.strong_agent`).

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown name.
    """
    makers: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "solver": SolverBot,
        "strong": _strong,
    }
    return named_bot(name, makers)
