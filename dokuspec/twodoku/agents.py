"""Two-Doku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec twodoku health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.twodoku.bots`, the inference bot colouring in
lines (``"inference-lines"``), which is ``"strong"`` (the strongest agent
measured), the search agent (:func:`search_agent`: ``"search"``,
``"search-fast"``, ``"search-deep"``; information-set MCTS in the play phase)
and two exploits. The balance options of TD-15, which the engine does not
deal, are dealt in play by :func:`dealer`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from dokuspec.engine.base import Action, GameOptionError, JSONValue
from dokuspec.engine.records import game_seed
from dokuspec.engine.twodoku import (
    DealCount,
    DealPot,
    DrawFaceDown,
    EndTurn,
    PlayDomino,
    ReturnToPot,
    Table,
    TakeFromPot,
    TwoDokuState,
)
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit
from dokuspec.play.mcts import ISMCTS, Knowledge
from dokuspec.twodoku import simulation as _simulation
from dokuspec.twodoku.bots import _PEERS, InferenceBot, RandomBot
from dokuspec.twodoku.validation import Balance
from dokuspec.vocabulary.twodoku import ALL_SQUARES, RED, Play

__all__ = [
    "KNOWLEDGE",
    "PLAY",
    "STRENGTHS",
    "PasserBot",
    "PotCyclerBot",
    "dealer",
    "outcome",
    "search_agent",
    "strong_agent",
]

_ENDINGS = {
    "pile-empty": "TD-9 pile",
    "no-successful-play": "TD-9 no play",
    "max-turns": "TD-14",
}


def outcome(state: Any) -> Outcome:
    """How a finished game ended (TD-9, TD-10, ruling TD-14); Red moves first (TD-5)."""
    assert isinstance(state, TwoDokuState)
    found = state.result()
    assert found is not None
    winner = None if found.winner is None else (0 if found.winner == RED else 1)
    return Outcome(winner=winner, ending=_ENDINGS[found.ending], turns=found.turns, first=0)


class PasserBot:
    """An exploit of TD-9: in the play phase it always passes (ends its turn at once);
    before it, it plays as the inference bot."""

    name = "always-pass"

    def __init__(self) -> None:
        self._inference = InferenceBot()

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, EndTurn):
                return action
        return self._inference(state, player, rng)


class PotCyclerBot:
    """An exploit of TD-6: in the play phase it takes a domino from the pot and returns
    one to it, every turn, and never plays; before it, the inference bot."""

    name = "pot-cycler"

    def __init__(self) -> None:
        self._inference = InferenceBot()

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        legal = state.legal_actions(player)
        for kind in (ReturnToPot, TakeFromPot, EndTurn):
            chosen = [a for a in legal if isinstance(a, kind)]
            if chosen:
                return rng.choice(chosen)
        return self._inference(state, player, rng)


@functools.lru_cache(maxsize=256)
def _balanced_deal(
    seed: int, balance: Balance
) -> tuple[tuple[int, ...], tuple[int, int], tuple[int, ...]]:
    """A balanced fair deal: the face-down digits in the order drawn, the pot, and Red's
    count of each digit."""
    from dokuspec.twodoku.deals import deal  # noqa: PLC0415 - the solver loads on use

    found = deal(seed, None, balance)
    low, high = sorted(found.pot)
    red = [0] * 9
    for digit in found.red:
        red[digit - 1] += 1
    return tuple(f.digit for f in found.face_down), (low, high), tuple(red)


def _steer(balance: Balance, seed: int, state: Any) -> Action | None:
    """The balanced deal's outcome at each chance node of the deal (TD-3, TD-4, TD-15):
    the face-down digits, the pot and Red's counts; ``None`` at a reveal (TD-8)."""
    outcomes = [action for action, _ in state.chance_outcomes()]
    if not outcomes or not isinstance(outcomes[0], DrawFaceDown | DealPot | DealCount):
        return None
    steps = [a for entry in state.history() for a in entry.actions]
    face_down, pot, red = _balanced_deal(seed, balance)
    if isinstance(outcomes[0], DrawFaceDown):
        wanted: Action = DrawFaceDown(face_down[sum(isinstance(a, DrawFaceDown) for a in steps)])
    elif isinstance(outcomes[0], DealPot):
        wanted = DealPot(*pot)
    else:
        digit = sum(isinstance(a, DealCount) for a in steps) + 1
        wanted = DealCount(digit, red[digit - 1])
    if wanted not in outcomes:  # pragma: no cover - a balanced deal is a fair deal
        raise RuntimeError(f"internal error: the balanced deal's {wanted} is not possible")
    return wanted


def dealer(
    dealing: Mapping[str, JSONValue], options: Mapping[str, JSONValue], seed: int
) -> tuple[int, Callable[[Any], Action | None]]:
    """The kit's dealer (:attr:`~dokuspec.play.kit.PlayKit.dealer`): the balance options
    of TD-15 (``max_digit_count_gap``, ``equal_high_count``), which the engine does not
    deal. The game is the one of ``seed``, but its deal (the face-down digits, the pot,
    the piles) is that of :func:`dokuspec.twodoku.deals.deal` with those options (its
    default method, a seed derived from the game's; a face-down draw with no balanced deal
    is drawn again, TD-15), steered into the engine's chance nodes, which accept only
    fair deals. The players still colour and choose the face-down squares.

    Raises:
        GameOptionError: a bad balance option.
    """
    try:
        balance = Balance.from_options(dealing)
    except TypeError as error:
        raise GameOptionError("twodoku", next(iter(dealing)), str(error)) from None
    derived = game_seed("twodoku-balanced", seed, 0)
    return seed, functools.partial(_steer, balance, derived)


# -- the search agent ----------------------------------------------------------------------------

STRENGTHS = {"search": 48, "search-fast": 16, "search-deep": 160}
"""The search's iterations per decision at each named strength."""

_INFERENCE = InferenceBot(colouring="lines")


def _open_digits(state: TwoDokuState, board: tuple[int, ...]) -> dict[int, frozenset[int]]:
    """What each face-down domino (by square) can hold, as far as the public record says
    at a glance: any digit but those played successfully beside it while it lay face
    down (TD-8). (The exact answer, :func:`~dokuspec.twodoku.inference.infer_face_down`,
    also weighs the ten of each digit, the fair deal and the opponent's pile: slower.)"""
    hidden = {i: set(range(1, 10)) for i in range(81) if board[i] < 0}
    for event in state.events():
        if isinstance(event, Play) and event.result == "placed":
            for p in _PEERS[event.square.index]:
                if p in hidden:
                    hidden[p].discard(event.digit)
    return {i: frozenset(digits) for i, digits in hidden.items()}


def _risk(
    square: int, digit: int, board: tuple[int, ...], open_: dict[int, frozenset[int]]
) -> float:
    """The chance of a hidden clash for ``digit`` on ``square`` by the inference bot's
    estimate on the digits of :func:`_open_digits` (each face-down peer that can hold the
    digit holds it with chance 1/its digits), or 1 for a certain one; 0 only when no
    face-down peer can hold it (certainly safe)."""
    keep = 1.0
    for p in _PEERS[square]:
        if board[p] < 0:
            digits = open_[p]
            if digit in digits:
                if len(digits) == 1:
                    return 1.0
                keep *= 1 - 1 / len(digits)
    return 1 - keep


def _plays(state: TwoDokuState, table: Table) -> list[tuple[float, int, int]]:
    """For each digit of the pile, its play of least risk and no visible clash:
    ``(risk, digit, square)``; no play of certain clash."""
    board = table.board
    open_ = _open_digits(state, board)
    best: dict[int, tuple[float, int, int]] = {}
    digits = [d for d in range(9, 0, -1) if table.pile[d - 1]]
    for square in table.allowed:
        seen = {board[p] for p in _PEERS[square] if board[p] > 0}
        for digit in digits:
            if digit in seen:
                continue
            risk = _risk(square, digit, board, open_)
            if risk < 1 and (digit not in best or risk < best[digit][0]):
                best[digit] = (risk, digit, square)
    return list(best.values())


def _pareto(plays: list[tuple[float, int, int]]) -> list[tuple[float, int, int]]:
    """The plays no other play beats in both risk (lower) and digit (higher)."""
    front: list[tuple[float, int, int]] = []
    for play in sorted(plays, key=lambda p: (p[0], -p[1])):
        if not front or play[1] > front[-1][1]:
            front.append(play)
    return front


def _pass_wins(table: Table, player: int) -> bool:
    """Whether ending the turn now wins: the last turn had no successful play (so this
    one ends the game, TD-9) and ``player``'s pile sums to less (TD-10)."""
    return table.closing and table.sums[player] < table.sums[1 - player]


def _candidates(state: Any, player: int, rng: random.Random) -> list[Action]:
    """The actions the search weighs (from what ``player`` sees, :meth:`TwoDokuState.table`):
    ending the turn; the plays of least risk for their digit that no other play beats
    in both risk and digit; each take from the pot; after a take from the pot, putting
    the highest domino back. Taking from the board is left to the inference bot's
    judgement (:func:`_decide`)."""
    del rng
    table = state.table(player)
    options: list[Action] = [EndTurn()]
    if table.took == 1 and table.pile != (0,) * 9:
        high = max(d for d in range(1, 10) if table.pile[d - 1])
        options.append(ReturnToPot(high))
    if not table.played:
        for _, digit, square in _pareto(_plays(state, table)):
            options.append(PlayDomino(digit, ALL_SQUARES[square]))
        if not table.took:
            options.extend(TakeFromPot(d) for d in range(1, 10) if table.pot[d - 1])
    return options


def _rollout(state: Any, player: int, rng: random.Random) -> Action:
    """The playouts' policy: as the inference bot plays, with the quick risks of
    :func:`_risk`: end the turn when that wins the game (the other player's last turn
    had no successful play, TD-9, and this pile's sum is lower); put the highest
    domino back after a failed play that followed a take from the pot; otherwise the
    play of least risk, then highest digit; end the turn when there is none."""
    table = state.table(player)
    if _pass_wins(table, player):
        return EndTurn()
    if table.played:
        if table.took == 1 and table.sums[player]:
            return ReturnToPot(max(d for d in range(1, 10) if table.pile[d - 1]))
        return EndTurn()
    plays = _plays(state, table)
    if not plays:
        return EndTurn()
    risk, digit, square = min(plays, key=lambda p: (p[0], -p[1]))
    del risk, rng
    return PlayDomino(digit, ALL_SQUARES[square])


def _decide(state: Any, player: int, rng: random.Random) -> Action | None:
    """Without search, as the inference bot colouring in lines decides them: the colouring
    and the face-down placement (TD-2, TD-3); in the play phase every choice of that bot
    but a play that may meet a hidden clash (by :func:`_risk`) and ending the turn without
    winning the game: a certainly safe play, ending a game it wins, a take, a return.
    The search weighs the gambles and the passes."""
    choice = _INFERENCE(state, player, rng)
    if state.phase != "play":
        return choice
    table = state.table(player)
    if isinstance(choice, PlayDomino):
        open_ = _open_digits(state, table.board)
        return choice if _risk(choice.square.index, choice.digit, table.board, open_) == 0 else None
    if isinstance(choice, EndTurn):
        return choice if _pass_wins(table, player) else None
    return choice


def _key(state: Any) -> Hashable:
    """What the candidates depend on: the acting player's table."""
    table: Table = state.table(state.current_player())
    return table


KNOWLEDGE = Knowledge(
    candidates=_candidates,
    rollout=_rollout,
    decide=_decide,
    key=_key,
    rollout_limit=400,
)
"""What the search knows of Two-Doku (:class:`~dokuspec.play.mcts.Knowledge`)."""


def search_agent(iterations: int = STRENGTHS["search"], name: str = "search") -> ISMCTS:
    """The search agent with ``iterations`` per decision (:data:`STRENGTHS`).

    Raises:
        TypeError, DokuspecError: a bad count (:class:`~dokuspec.play.mcts.ISMCTS`).
    """
    return ISMCTS(name, iterations, KNOWLEDGE)


def _fast() -> ISMCTS:
    return search_agent(STRENGTHS["search-fast"], "search-fast")


def _deep() -> ISMCTS:
    return search_agent(STRENGTHS["search-deep"], "search-deep")


def strong_agent() -> Named:
    """The strongest agent measured, named ``"strong"``: the inference bot colouring in
    lines (``InferenceBot(colouring="lines")``). The search agent (:func:`search_agent`)
    plays as it does but searches where it would gamble or pass; it has not been
    measured stronger (the handbook's ladder)."""
    return Named("strong", InferenceBot(colouring="lines"))


def _lines() -> InferenceBot:
    return InferenceBot(colouring="lines")


PLAY = PlayKit(
    game="twodoku",
    seats=("Red", "Blue"),
    agents={
        "random": RandomBot,
        "inference": InferenceBot,
        "inference-lines": _lines,
        "strong": strong_agent,
        "search": search_agent,
        "search-fast": _fast,
        "search-deep": _deep,
        "always-pass": PasserBot,
        "pot-cycler": PotCyclerBot,
    },
    ladder=("random", "inference", "inference-lines", "search-fast", "search"),
    outcome=outcome,
    record=_simulation.record_text,
    replay=_simulation.replay_record,
    option_sets={
        "default": {},
        "short": {"max_turns": 20},
        "gap-2": {"max_digit_count_gap": 2},
        "equal-high": {"equal_high_count": True},
        "gap-2-equal-high": {"max_digit_count_gap": 2, "equal_high_count": True},
    },
    deal_options=("max_digit_count_gap", "equal_high_count"),
    dealer=dealer,
    endings={
        "TD-9 pile": "a pile is empty",
        "TD-9 no play": "two turns without a successful play",
        "TD-14": "the turn limit",
    },
    exploits=(
        Exploit("always-pass", "passes every turn of play (TD-9)"),
        Exploit("pot-cycler", "takes from the pot and returns to it, never plays (TD-6)"),
    ),
)
"""Two-Doku's play kit (:class:`~dokuspec.play.kit.PlayKit`)."""
