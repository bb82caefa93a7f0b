"""Sumodoku's search agent and its play kit: the claim race, the spoil, the race for the last move.

What decides a game between careful players (SU-5, SU-6, SU-10, SU-15): while
the board can still be completed, the first player whose own turn falls in
the claim window claims and wins; the other must make the board impossible
(*spoil* it, with a valid placement that leaves no completion) before that
turn comes. Once the board is impossible nobody can claim, and the game is a
race for the last valid move (SU-6), or, rarely, to play out every piece
(SU-5).

:func:`strong_agent` makes an :class:`~dokuspec.play.mcts.ISMCTS` search that
knows this (:data:`KNOWLEDGE`):

* it takes a win at once without search: pointing out or finding a mistake
  (SU-7, SU-8), a claim that :func:`~dokuspec.sumodoku.claim_advice` shows
  winning (SU-10); it never places an invalid piece;
* at a node of the search where the player to move may claim, the solver
  decides the node: completable means that player wins (a claim succeeds
  exactly when the position is completable, SU-15);
* the candidates are valid placements: while the board is completable, a few
  that agree with a completion (safe: the completion stays one) and more
  that do not (possible spoils); once impossible, a sample of the valid
  moves;
* a playout keeps the claim race in mind: while the board is completable
  each player places a piece of a completion (safe, no solver call), except
  the one whose opponent would claim on their next turn, who spoils it
  (random placements checked with :func:`~dokuspec.sumodoku.check` until one
  leaves no completion); once impossible, random valid placements (the
  race).

Every solver answer it uses is exact (no budget), so the agent's choices
depend only on the state and the generator it is called with.
"""

from __future__ import annotations

import functools
import math
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dokuspec.engine.base import CHANCE, TERMINAL, Action
from dokuspec.engine.sumodoku import Claim, Concede, FindMistake, Place, PointOut, SumodokuState
from dokuspec.play.kit import Exploit, Outcome, PlayKit
from dokuspec.play.mcts import ISMCTS, Knowledge, sample_chance, scores
from dokuspec.sumodoku import simulation as _simulation
from dokuspec.sumodoku.bots import RandomBot, SolverBot
from dokuspec.sumodoku.claims import claim_advice
from dokuspec.sumodoku.positions import check, compiled_model
from dokuspec.sumodoku.search import propose
from dokuspec.vocabulary.sumodoku import Board

_REPORTS = (PointOut, FindMistake)  # the actions that win by a mistake (SU-7, SU-8)

__all__ = ["KNOWLEDGE", "PLAY", "STRENGTHS", "SpoilerBot", "deal_class", "strong_agent"]

STRENGTHS = {"strong-fast": 64, "strong": 256, "strong-deep": 1024}
"""The search's iterations per decision at each named strength."""

_SAFE = 4  # candidates that agree with a completion
_OTHER = 8  # candidates that do not (possible spoils)
_RACE = 16  # candidates once the board is impossible
_SPOIL_TRIES = 12  # placements a playout's spoiler checks before it gives up
_RACE_SCALE = 8.0  # valid moves of difference that make the race's score tanh(1)
_CACHE = 20_000  # positions whose completion is remembered

_completions: OrderedDict[tuple[object, ...], Board | None] = OrderedDict()


def _key(state: SumodokuState) -> tuple[object, ...]:
    """The position's key: its pieces and the pieces out (the variants are the game's)."""
    return (state.board.cells, state.out, _facts(state).key)


def completion(state: SumodokuState) -> Board | None:
    """A completion of the state's board (SU-15), or ``None`` when it is impossible.

    Exact (the solver without a budget) and *canonical*: the same position
    gives the same completion in every process, whatever was asked before,
    so that the agent's choices depend only on the state and its generator.
    Whether a completion exists is :func:`~dokuspec.sumodoku.check`'s
    answer; the completion is the fast search's proposal when ``check``
    certified it, else the model of a fresh solver (a solver that has
    answered other queries may find another). Remembered for the last
    positions asked.
    """
    key = _key(state)
    if key in _completions:
        _completions.move_to_end(key)
        return _completions[key]
    position = state.position
    verdict = check(position)
    found: Board | None = None
    if verdict.status == "completable":
        if propose(position).completion == verdict.completion:
            found = verdict.completion
        else:
            spec, compiled = compiled_model(position)
            answer = compiled.scratch().solve(spec.assumptions(position.board))
            assert answer.model is not None  # check said completable
            found = spec.board_of(answer.model)
    _completions[key] = found
    if len(_completions) > _CACHE:
        _completions.popitem(last=False)
    return found


def _wins(player: int) -> tuple[float, float]:
    """The scores when ``player`` wins: 1 for the winner, 0 for the other."""
    return (1.0, 0.0) if player == 0 else (0.0, 1.0)


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the agent reads of a game's options, once per game."""

    game: object  # the game itself, so that its id is not reused while it is kept
    key: str  # the options, as text: what besides the pieces makes two positions differ
    tabletop: bool  # tabletop enforcement (SU-4)
    window: tuple[int, int]  # the claim window (SU-10)


_FACTS: dict[int, _Facts] = {}


def _facts(state: SumodokuState) -> _Facts:
    game = state.game
    found = _FACTS.get(id(game))
    if found is None or found.game is not game:
        options = game.options
        low, high = options["claim_window"]  # type: ignore[misc, str-unpack]
        assert isinstance(low, int) and isinstance(high, int)
        found = _Facts(
            game, repr(sorted(options.items())), options["enforcement"] == "tabletop", (low, high)
        )
        if len(_FACTS) >= 64:
            _FACTS.pop(next(iter(_FACTS)))
        _FACTS[id(game)] = found
    return found


def _immediate(state: SumodokuState, player: int) -> Action | None:
    """A win that needs no search: pointing out or finding a mistake (SU-7, SU-8)."""
    if not _facts(state).tabletop:
        return None  # strict enforcement: no invalid piece stands (SU-4)
    for action in state.legal_actions(player):
        if type(action) in _REPORTS:  # exact types: no ABC isinstance per action
            return action
    return None


def decide(
    state: SumodokuState, player: int, rng: random.Random, *, aware: bool = True
) -> Action | None:
    """The agent's decision without search, or ``None`` (see the module); with ``aware``
    false it never points out or finds a mistake."""
    del rng
    found = _immediate(state, player) if aware else None
    if found is not None:
        return found
    if state.claim_open(player):
        advice = claim_advice(state, player + 1)
        if advice.succeeds and advice.filling is not None:
            return Claim(advice.filling, 0.0)
    valid = state.valid_moves(player)
    if not valid:
        concede = [a for a in state.legal_actions(player) if isinstance(a, Concede)]
        return concede[0] if concede else state.legal_actions(player)[0]
    return valid[0] if len(valid) == 1 else None


def evaluate(state: SumodokuState, rng: random.Random) -> tuple[float, float] | None:
    """The returns when the player to move may claim on a completable board (they win)."""
    del rng
    player = state.current_player()
    if player >= 0 and state.claim_open(player) and completion(state) is not None:
        return _wins(player)
    return None


def candidates(
    state: SumodokuState, player: int, rng: random.Random, *, aware: bool = True
) -> Sequence[Action]:
    """The placements the search weighs for ``player`` (see the module); with ``aware``
    false, never pointing out or finding a mistake."""
    found = _immediate(state, player) if aware else None
    if found is not None:
        return (found,)
    valid = state.valid_moves(player)
    if not valid:
        return state.legal_actions(player)
    if len(valid) <= _RACE:
        return valid
    board = completion(state)
    if board is None:
        ordered = race_order(state, player, valid)
        best = ordered[: _RACE - 4]
        return (*best, *rng.sample(ordered[_RACE - 4 :], 4))
    cells = board.cells
    safe = [m for m in valid if cells[m.cell] == m.colour]
    other = [m for m in valid if cells[m.cell] != m.colour]
    if safe and first_claimant(state) == player:
        return rng.sample(safe, min(_SAFE + _OTHER, len(safe)))
    return (
        *rng.sample(safe, min(_SAFE, len(safe))),
        *rng.sample(other, min(_OTHER, len(other))),
    )


def first_claimant(state: SumodokuState) -> int | None:
    """The player whose own turn comes first in the claim window (SU-10), from the player to
    move on, turns alternating; ``None`` when the window has passed for both."""
    mover = state.current_player()
    if mover < 0:
        return None
    low, high = _facts(state).window
    turns = (state.turn_number(mover), state.turn_number(1 - mover))
    for ahead in range(2 * 81):
        player = ahead % 2
        number = turns[player] + ahead // 2 + 1
        if low <= number <= high:
            return mover if player == 0 else 1 - mover
        if number > high and turns[1 - player] + 1 > high:
            return None
    return None


def _peers() -> tuple[tuple[int, ...], ...]:
    """Each cell's peers in its row, column and box (the 20 of standard Sudoku)."""
    found = []
    for cell in range(81):
        row, col = divmod(cell, 9)
        box = (row // 3 * 3, col // 3 * 3)
        peers = {
            other
            for other in range(81)
            if other != cell
            and (
                other // 9 == row
                or other % 9 == col
                or (other // 9 // 3 * 3, other % 9 // 3 * 3) == box
            )
        }
        found.append(tuple(sorted(peers)))
    return tuple(found)


_PEERS = _peers()
_PEER_BITS = tuple(sum(1 << peer for peer in peers) for peers in _PEERS)


def race_value(state: SumodokuState) -> tuple[float, float]:
    """Each player's chance of winning the race (SU-6), estimated as ``(1 + tanh(d / 8)) / 2``
    where ``d`` is the player's valid moves less the other's.

    The player to move without a valid move has lost.
    """
    player = state.current_player()
    mine = state.valid_move_count(0)
    theirs = state.valid_move_count(1)
    if player == 0 and not mine:
        return (0.0, 1.0)
    if player == 1 and not theirs:
        return (1.0, 0.0)
    value = (1 + math.tanh((mine - theirs) / _RACE_SCALE)) / 2
    return (value, 1 - value)


def race_order(state: SumodokuState, player: int, valid: Sequence[Place]) -> list[Place]:
    """``valid`` ordered by what each move takes from the opponent less what it takes from
    ``player`` (moves on its cell, and of its colour on the cell's peers), best first."""
    theirs = state.valid_moves(1 - player)
    at_mine = [0] * 81
    at_theirs = [0] * 81
    # Per colour, the cells (as bits) where each player has a valid move of it: a peer
    # count is one popcount of those bits and the cell's peers.
    mine_cells = [0] * 10
    theirs_cells = [0] * 10
    for move in valid:
        cell = move.cell
        at_mine[cell] += 1
        mine_cells[move.colour] |= 1 << cell
    for move in theirs:
        cell = move.cell
        at_theirs[cell] += 1
        theirs_cells[move.colour] |= 1 << cell
    scored = []
    for index, move in enumerate(valid):
        cell, colour = move.cell, move.colour
        peers = _PEER_BITS[cell]
        score = (
            at_theirs[cell]
            - at_mine[cell]
            + (theirs_cells[colour] & peers).bit_count()
            - (mine_cells[colour] & peers).bit_count()
        )
        scored.append((-score, index, move))
    scored.sort()
    return [move for _, _, move in scored]


def node_key(state: SumodokuState) -> tuple[object, ...]:
    """What the candidates depend on: the position, the turns taken, the mistakes unnoticed."""
    return (_key(state), state.turn_number(0), state.turn_number(1), state.unnoticed())


def _claims_next(state: SumodokuState, player: int) -> bool:
    """Whether ``player``'s next own turn falls in the claim window (SU-10)."""
    low, high = _facts(state).window
    return low <= state.turn_number(player) + 1 <= high


def _spoil(state: SumodokuState, player: int, valid: Sequence[Place], rng: random.Random) -> bool:
    """Place a piece that leaves the board impossible, if one of a few tries does."""
    position = state.position
    tries = rng.sample(list(valid), min(_SPOIL_TRIES, len(valid)))
    for move in tries:
        after = position.place(move.piece)
        if check(after).status == "impossible":
            state.apply_action(move)
            return True
    return False


def _piece_of(state: SumodokuState, player: int, board: Board, rng: random.Random) -> Place | None:
    """A random placement of a piece of the completion ``board`` that ``player`` holds: valid,
    and the completion stays one (so the board stays completable); ``None`` if there is none."""
    hand = state.hand(player)
    now = state.board.cells
    filled = board.cells
    cells = [cell for cell in range(81) if not now[cell] and hand[filled[cell] - 1]]
    if not cells:
        return None
    cell = rng.choice(cells)
    return Place(cell // 9 + 1, cell % 9 + 1, filled[cell])


def effort(state: SumodokuState, player: int) -> float:
    """The share of the iterations spent on a decision: all of them in the race and within
    three turns of the claim window; a quarter within eight; an eighth before."""
    del player
    if completion(state) is None:
        return 1.0
    low, _ = _facts(state).window
    ahead = low - max(state.turn_number(0), state.turn_number(1))
    if ahead <= 3:
        return 1.0
    return 0.25 if ahead <= 8 else 0.125


def playout(state: SumodokuState, rng: random.Random) -> Sequence[float]:
    """Play on as careful players would (see the module) until the game ends, or a claim
    wins, or the race begins; the returns then, or the race's score (:func:`race_value`)."""
    board = completion(state) if state.current_player() != TERMINAL else None
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return scores(state.returns())
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            board = completion(state)
            continue
        won = _immediate(state, player)
        if won is not None:
            state.apply_action(won)
            continue
        if board is None:
            return race_value(state)
        # The valid moves are listed only where they are used (the same moves, fewer lists).
        if not state.has_valid_move(player):
            state.apply_action(rng.choice(state.legal_actions(player)))
            continue
        if state.claim_open(player):
            return _wins(player)
        if _claims_next(state, 1 - player) and _spoil(
            state, player, state.valid_moves(player), rng
        ):
            board = None
            continue
        move = _piece_of(state, player, board, rng)
        if move is not None:
            state.apply_action(move)
        else:
            state.apply_action(rng.choice(state.valid_moves(player)))
            board = completion(state)


KNOWLEDGE = Knowledge(
    candidates=candidates,
    evaluate=evaluate,
    decide=decide,
    playout=playout,
    key=node_key,
    effort=effort,
)
"""What the search knows of Sumodoku (see the module)."""


UNAWARE = Knowledge(
    candidates=functools.partial(candidates, aware=False),
    evaluate=evaluate,
    decide=functools.partial(decide, aware=False),
    playout=playout,
    key=node_key,
    effort=effort,
)
"""The search's knowledge for a player who never notices a mistake (see :func:`unaware_agent`)."""


def unaware_agent() -> ISMCTS:
    """The strong agent, except that it never points out or finds a mistake (SU-7, SU-8).

    A model of table play, where mistakes can go unnoticed (the premise of
    SU-8 and SU-9): the loophole search pits the exploits against it too.
    """
    return ISMCTS("strong-unaware", STRENGTHS["strong"], UNAWARE)


def strong_agent(iterations: int = STRENGTHS["strong"], name: str = "strong") -> ISMCTS:
    """The search agent with ``iterations`` per decision (:data:`STRENGTHS`).

    Raises:
        TypeError, DokuspecError: a bad count (:class:`~dokuspec.play.mcts.ISMCTS`).
    """
    return ISMCTS(name, iterations, KNOWLEDGE)


class SpoilerBot:
    """The solver bot, except that its 15th placement spoils the board if it can.

    The single deviation that showed the solver bot's first-player wins to
    be an artefact: on its 15th own turn (``turn``), with the board
    completable, it plays a valid placement that leaves the board
    impossible (SU-15), the first such in a random order of a few tries;
    otherwise, and on every other turn, it plays as
    :class:`~dokuspec.sumodoku.bots.SolverBot`. With ``turn=None`` it tries
    on every turn until the board is impossible (the early spoiler).
    """

    def __init__(self, turn: int | None = 15, name: str = "spoiler") -> None:
        self.turn = turn
        self.name = name
        self._solver = SolverBot()

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        now = self.turn is None or state.turn_number(player) + 1 == self.turn
        if now and _immediate(state, player) is None:
            valid = state.valid_moves(player)
            if valid and completion(state) is not None:
                probe = state.clone()
                if _spoil(probe, player, valid, rng):
                    return probe.history()[-1].actions[0]
        return self._solver(state, player, rng)


class InvalidPlacerBot:
    """An exploit of tabletop enforcement (SU-4): an invalid piece whenever one may be
    placed, pointing out and finding the opponent's mistakes; otherwise the solver bot."""

    name = "invalid-placer"

    def __init__(self) -> None:
        self._solver = SolverBot()

    def _may_err(self, state: SumodokuState) -> bool:
        """Whether it places an invalid piece now, when it can."""
        del state
        return True

    def __call__(self, state: SumodokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        legal = state.legal_actions(player)
        for action in legal:
            if type(action) in _REPORTS:  # exact types: no ABC isinstance per action
                return action
        valid = set(state.valid_moves(player))
        invalid = [a for a in legal if isinstance(a, Place) and a not in valid]
        if invalid and self._may_err(state):
            return rng.choice(invalid)
        return self._solver(state, player, rng)


class OwnMistakeBot(InvalidPlacerBot):
    """An exploit of the literal SU-8 (``own_mistake_wins``): it places one invalid piece
    when it has no mistake on the board, finds its own mistake at the start of its next
    turn when it may, points out and finds the opponent's, and otherwise plays as the
    solver bot. Tabletop enforcement only makes an invalid piece possible (SU-4)."""

    name = "own-mistake"

    def _may_err(self, state: SumodokuState) -> bool:
        """Only while no mistake of either player stands unnoticed."""
        return not state.unnoticed()


def _early_spoiler() -> SpoilerBot:
    return SpoilerBot(turn=None, name="early-spoiler")


# Variant markings for the option sets, read off the pattern solution r, c -> (3r + r // 3 + c)
# mod 9 + 1 (rows and columns from 0), so that a completion exists: the parity of every third
# cell, and every third consecutive border of rows 1, 5 and 9.
_PARITY = "o..e..o....e..o..o.e..e..o.e..o..e....o..o..e.o..o..e.o..e..o....e..e..o.o..e..o."
_CONSECUTIVE = (
    "r1c1-r1c2", "r1c4-r1c5", "r1c7-r1c8", "r5c1-r5c2", "r5c4-r5c5", "r5c8-r5c9",
    "r9c4-r9c5", "r9c7-r9c8",
)  # fmt: skip

_ENDINGS = {
    "all-pieces-played": "SU-5",
    "no-valid-move": "SU-6",
    "pointed-out": "SU-7",
    "mistake-found": "SU-8",
    "claim-succeeded": "SU-10",
    "claim-failed": "SU-10 failed",
}


def deal_class(state: SumodokuState) -> str:
    """The class of a game's colour assignment (SU-1), where it can matter: with
    ``colour_assignment`` random and odd/even marks (whose squares take odd or even
    colours), ``"P1 k odd, spare odd"``: how many of Player 1's four own colours are odd,
    and the shared colour's parity. ``""`` otherwise: without marks that tell colours
    apart, renaming the colours maps every game under one assignment to a game under
    another, so no assignment favours a player."""
    options = state.game.options
    if options["colour_assignment"] != "random" or not options["parity"]:
        return ""
    spare = state.spare
    if spare is None:  # pragma: no cover - assigned before the first placement
        return ""
    odd = sum(colour % 2 for colour in state.colours(0) if colour != spare)
    return f"P1 {odd} odd, spare {'odd' if spare % 2 else 'even'}"


def outcome(state: Any) -> Outcome:
    """How a finished game ended: its winner, rule, turns (SU-25), first player (SU-2)
    and the class of its colour assignment (:func:`deal_class`)."""
    assert isinstance(state, SumodokuState) and state.result is not None
    first = state.game.options["first_player"]
    assert isinstance(first, int)
    return Outcome(
        winner=state.result.winner,
        ending=_ENDINGS[state.result.reason],
        turns=state.turn_number(0) + state.turn_number(1),
        first=first - 1,
        deal=deal_class(state),
    )


def _strong() -> ISMCTS:
    return strong_agent()


def _fast() -> ISMCTS:
    return strong_agent(STRENGTHS["strong-fast"], "strong-fast")


def _deep() -> ISMCTS:
    return strong_agent(STRENGTHS["strong-deep"], "strong-deep")


PLAY = PlayKit(
    game="sumodoku",
    seats=("Player 1", "Player 2"),
    agents={
        "random": RandomBot,
        "solver": SolverBot,
        "spoiler": SpoilerBot,
        "early-spoiler": _early_spoiler,
        "own-mistake": OwnMistakeBot,
        "invalid-placer": InvalidPlacerBot,
        "strong-unaware": unaware_agent,
        "strong-fast": _fast,
        "strong": _strong,
        "strong-deep": _deep,
        "openspiel-mcts": "dokuspec.openspiel.agents:sumodoku_mcts",
    },
    ladder=("random", "solver", "strong-fast", "strong", "strong-deep"),
    outcome=outcome,
    record=_simulation.record_text,
    replay=_simulation.replay_record,
    option_sets={
        "default": {},
        "player-2-first": {"first_player": 2},
        "random-colours": {"colour_assignment": "random"},
        "free-colours": {"free_colours": True},
        "tabletop": {"enforcement": "tabletop"},
        "tabletop-observer": {"enforcement": "tabletop", "observer": "1/4"},
        "own-mistake-wins": {"enforcement": "tabletop", "own_mistake_wins": True},
        "sudoku-x": {"x": True},
        "odd-even": {"parity": _PARITY},
        "odd-even-random-colours": {"parity": _PARITY, "colour_assignment": "random"},
        "consecutive": {"consecutive": list(_CONSECUTIVE)},
        "early-claims": {
            "claim_window": [10, 35],
            "claim_time_limits": [[10, 20, 960], [21, 25, 720], [26, 30, 480], [31, 35, 240]],
        },
    },
    endings={
        "SU-5": "every piece played",
        "SU-6": "the last valid move",
        "SU-7": "an invalid piece pointed out",
        "SU-8": "a mistake found",
        "SU-10": "a claim that succeeded",
        "SU-10 failed": "a claim that failed",
    },
    exploits=(
        Exploit("spoiler", "the solver bot, but its 15th placement spoils the board"),
        Exploit("early-spoiler", "the solver bot, but it spoils the board as soon as it can"),
        Exploit(
            "own-mistake",
            "places an invalid piece, then finds its own mistake (SU-8 read literally)",
            ("tabletop", "tabletop-observer", "own-mistake-wins"),
        ),
        Exploit(
            "invalid-placer",
            "places an invalid piece whenever it can (tabletop)",
            ("tabletop", "tabletop-observer", "own-mistake-wins"),
        ),
    ),
    loophole_opponents=("strong", "strong-unaware"),
)
"""Sumodoku's play kit (:class:`~dokuspec.play.kit.PlayKit`)."""
