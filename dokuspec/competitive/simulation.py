"""Competitive Sudoku games between bots: simulation, outcomes, summaries, records replayed.

* :func:`simulate` plays games between two bots (:mod:`dokuspec.competitive.bots`)
  and yields a :class:`GameResult` as each game finishes. Game ``i`` of a run
  with seed ``s`` has the seed :func:`game_seed(s, i) <game_seed>`, and its bots
  draw from random generators seeded from that seed and their player number, so a
  game's result depends only on the run's seed, its index, the mode, the
  options and the bots: :func:`play_game` plays game ``i`` alone, and the
  games of a run may be split among processes in any way.
* :func:`outcome` tells how a finished game ended (:data:`ENDINGS`), who won,
  the scores, who was Black, who moved first; it checks the engine's
  returns against the scores the public definitions give (CS-16, CS-20,
  CS-25).
* :func:`summarise` counts how games end, the first player's and Black's
  wins, and the mean scores.
* :func:`replay_record` reads a game record (JSON text) and replays it with
  the engine (:func:`dokuspec.engine.base.replay`); a bad record raises
  :class:`RecordFileError` naming its JSON path, line and column.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from dokuspec.competitive.bots import Bot, make_bot
from dokuspec.competitive.hands import hand_value, is_winning, score
from dokuspec.engine import playout as _playout
from dokuspec.engine import records as _records
from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    JSONValue,
)
from dokuspec.engine.competitive import (
    MODES,
    CompetitiveSudoku,
    CompetitiveSudokuState,
    Concede,
    Continue,
    Place,
    Swap,
)
from dokuspec.engine.records import RecordFileError, record_name
from dokuspec.errors import DokuspecError, PositionError, quote
from dokuspec.vocabulary.competitive import Scoring

__all__ = [
    "ENDINGS",
    "Ending",
    "GameResult",
    "Outcome",
    "RecordFileError",
    "Summary",
    "game_seed",
    "outcome",
    "play_game",
    "record_name",
    "record_text",
    "replay_record",
    "simulate",
    "summarise",
]

Ending = Literal[
    "win",
    "concede",
    "concede-hands",
    "both-conceded",
    "turn-limit",
    "trade-limit",
    "nothing-to-trade",
]
"""How a game ended, one of the codes of :data:`ENDINGS`."""

ENDINGS: dict[str, str] = {
    "win": "a player completed a winning hand (CS-19, CS-20)",
    "concede": "one player conceded with the more valuable hand: 6 to 0 (CS-16)",
    "concede-hands": "one player conceded: both score their hands (CS-16)",
    "both-conceded": "both players conceded: a draw, 0-0 (CS-16)",
    "turn-limit": "max_turns turns were played: a draw, 0-0 (CS-25)",
    "trade-limit": "both continued after max_trades trades: a draw, 0-0 (CS-25)",
    "nothing-to-trade": "both continued with no card outside the Grids: a draw, 0-0 (CS-16)",
}
"""How a game can end, each code and what it means, in this order."""


# -- outcomes --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        ending: a key of :data:`ENDINGS`.
        winner: the player (0 or 1) who won: the one who completed the
            winning hand, the one who conceded with the more valuable hand;
            otherwise the player with more points, or ``None`` when the
            scores are equal.
        scores: the points of player 0 and player 1.
        black: the player who is Black (CS-2); the other is Red.
        first: the player who moved first (CS-9), ``None`` if no turn began.
        turns: the turns played (a game's length, as ``replay`` counts it too).
        trades: the times the players traded Decks (CS-16).
    """

    ending: Ending
    winner: int | None
    scores: tuple[int, int]
    black: int
    first: int | None
    turns: int
    trades: int


def _first_mover(state: CompetitiveSudokuState) -> int | None:
    """The player whose turn came first (CS-9): the first to act after the placement."""
    history = state.history()
    rounds = 0
    for index, entry in enumerate(history):
        if rounds < 5:
            rounds += entry.player == SIMULTANEOUS
            continue
        if entry.player == CHANCE:
            continue
        if entry.player >= 0:
            return entry.player
        # Both Decks were exhausted before the first turn (CS-16): whose turn it was.
        fresh = state.game.new_initial_state(state.seed)
        for step in history[:index]:
            if step.player == SIMULTANEOUS:
                fresh.apply_actions(step.actions)
            else:
                fresh.apply_action(step.actions[0])
        data = fresh.observation(0).data
        assert isinstance(data, dict)
        player = data["turn_of"]
        assert isinstance(player, int)
        return player
    return None


def outcome(state: CompetitiveSudokuState) -> Outcome:
    """How the finished game of ``state`` ended, and its scores.

    The ending is read from the last step of the history and the table; the
    scores that ending gives are then worked out with the public definitions
    (:func:`~dokuspec.competitive.hands.score`,
    :func:`~dokuspec.competitive.hands.hand_value`) and must equal the
    engine's returns.

    Raises:
        TypeError: ``state`` is not a Competitive Sudoku state.
        PositionError: the game is not over.
        RuntimeError: the engine's returns differ from the scores the rules
            give (a bug, never expected).
    """
    if not isinstance(state, CompetitiveSudokuState):
        raise TypeError(f"a Competitive Sudoku state is needed, not {type(state).__name__}")
    if not state.is_terminal():
        raise PositionError("the game is not over, so it has no outcome yet")
    options = state.game.options
    scoring = Scoring.from_options(options)
    data = state.observation(0).data
    assert isinstance(data, dict)
    turns, trades = data["turns"], data["trades"]
    assert isinstance(turns, int) and isinstance(trades, int)
    black = state.black
    assert black is not None
    grids = (state.grid(0), state.grid(1))
    last = state.history()[-1]
    ending: Ending
    winner: int | None = None
    expected = [0, 0]
    if last.player == SIMULTANEOUS and isinstance(last.actions[0], Concede | Continue):
        concedes = [isinstance(action, Concede) for action in last.actions]
        if all(concedes):
            ending = "both-conceded"
        elif any(concedes):
            conceder = concedes.index(True)
            values = [hand_value(grid, scoring) for grid in grids]
            mine, theirs = values[conceder], values[1 - conceder]
            conceder_wins = options["equal_value_concede"] == "conceder_wins"
            if mine > theirs or (mine == theirs and conceder_wins):
                ending, winner = "concede", conceder
                expected[conceder] = 6
            else:
                ending, expected = "concede-hands", values
        else:
            limit = options["max_trades"]
            assert isinstance(limit, int)
            ending = "trade-limit" if trades >= limit else "nothing-to-trade"
    elif (
        last.player >= 0
        and isinstance(last.actions[0], Place | Swap)
        and is_winning(grids[last.player])
    ):
        ending, winner = "win", last.player
        expected[winner] = score(grids[winner], scoring)
        expected[1 - winner] = score(grids[1 - winner], scoring, winner=False)
    else:
        ending = "turn-limit"
    returns = tuple(int(value) for value in state.returns())
    if ending == "turn-limit" and turns < int(str(options["max_turns"])):
        raise RuntimeError(f"internal error: a game ended after {turns} turns, unexplained")
    if returns != tuple(expected):
        raise RuntimeError(
            f"internal error: the engine scores {list(returns)}, the rules give {expected} "
            f"({ending})"
        )
    scores = (returns[0], returns[1])
    if winner is None and scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
    return Outcome(ending, winner, scores, black, _first_mover(state), turns, trades)


# -- one game and many -----------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``seed``: a 63-bit int.

    The first 8 bytes of the SHA-256 of ``"dokuspec-competitive:{seed}:{index}"``,
    so every game's seed depends on the run's seed and its index only.

    Args:
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        index: the game's index in the run, 0 or more.

    Raises:
        TypeError: ``seed`` or ``index`` is not an int (or is a bool).
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative.
    """
    return _records.game_seed("competitive", seed, index)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: which it was, who played, and its :class:`Outcome`'s fields.

    Attributes:
        index: the game's index in its run, from 0.
        seed: the game's seed (:func:`game_seed`).
        mode: the draft mode.
        bots: the names of the bots of player 0 and player 1.
        ending, winner, scores, black, first, turns, trades: as :class:`Outcome`.
    """

    index: int
    seed: int
    mode: str
    bots: tuple[str, str]
    ending: Ending
    winner: int | None
    scores: tuple[int, int]
    black: int
    first: int | None
    turns: int
    trades: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"index", "seed", "mode", "bots", "winner", "ending", "scores", "black",
        "first", "turns", "trades"}``; pairs are by player, and ``winner``, ``black``
        and ``first`` are players, 0 or 1."""
        return {
            "index": self.index,
            "seed": self.seed,
            "mode": self.mode,
            "bots": list(self.bots),
            "winner": self.winner,
            "ending": self.ending,
            "scores": list(self.scores),
            "black": self.black,
            "first": self.first,
            "turns": self.turns,
            "trades": self.trades,
        }


def _run(
    mode: object, bots: object, options: object
) -> _playout.Run[CompetitiveSudokuState, GameResult]:
    """The run of ``bots`` in ``mode`` with ``options``, all checked."""
    if not isinstance(mode, str):
        raise TypeError(f"mode is a str, not {type(mode).__name__}")
    if mode not in MODES:
        raise DokuspecError(f"unknown mode {quote(mode)} (modes: {', '.join(MODES)})")
    checked = _playout.game_options(options)
    if "mode" in checked:
        raise DokuspecError("the mode is given as mode=, not among the options")
    game = CompetitiveSudoku(mode=mode, **checked)
    made = _playout.bot_pair(bots, make_bot, Bot, "player 0 and player 1")
    return _playout.Run(game, made, CompetitiveSudokuState, _result, _records.write_record)


def _result(
    index: int, seed: int, bots: tuple[str, str], state: CompetitiveSudokuState
) -> GameResult:
    found = outcome(state)
    mode = state.game.options["mode"]
    assert isinstance(mode, str)
    return GameResult(
        index=index,
        seed=seed,
        mode=mode,
        bots=bots,
        ending=found.ending,
        winner=found.winner,
        scores=found.scores,
        black=found.black,
        first=found.first,
        turns=found.turns,
        trades=found.trades,
    )


def play_game(
    index: int,
    seed: int,
    mode: str,
    bots: Sequence[str | Bot] = ("random", "random"),
    options: Mapping[str, JSONValue] | None = None,
) -> tuple[GameResult, CompetitiveSudokuState]:
    """Play game ``index`` of the run with seed ``seed``, alone: as :func:`simulate` plays it.

    The state starts from ``new_initial_state(game_seed(seed, index))``;
    chance nodes take :meth:`~dokuspec.engine.base.State.sample_chance_outcome`;
    the bot of each player acts with a :class:`random.Random` seeded from the
    game's seed and its player number.

    Returns:
        The :class:`GameResult` and the final state (for its record).

    ``seed`` (the run's) and ``index`` are as :func:`game_seed` takes them:
    0 to ``2**64 - 1``, and 0 or more.

    Raises:
        As :func:`simulate`; also a negative ``index`` (DokuspecError).
    """
    return _playout.play_checked(index, seed, partial(_run, mode, bots, options))


def record_text(state: CompetitiveSudokuState) -> str:
    """A state's game record (:meth:`~dokuspec.engine.base.State.record`) as JSON text.

    One member per line and one step per line, so that an error's line
    number points at the step.
    """
    return _records.record_text(state)


def simulate(
    games: int,
    seed: int,
    mode: str,
    bots: Sequence[str | Bot] = ("random", "random"),
    options: Mapping[str, JSONValue] | None = None,
    records: str | os.PathLike[str] | None = None,
    *,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` games between two bots; yield each result as its game finishes.

    Game ``i`` is :func:`play_game(i, seed, mode, bots, options) <play_game>`,
    so the results are those of the games played one by one, in any order
    or in any split among processes. The arguments are checked before the
    first game, when :func:`simulate` is called. A game's record is written
    (by this process, whoever played the game) before its result is
    yielded.

    Args:
        games: how many games, 0 or more.
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        mode: ``"draft"``, ``"twins"`` or ``"twins-draft"`` (CS-3 to CS-5).
        bots: the bots of player 0 and player 1, or their names (``"random"``,
            ``"greedy"``, :mod:`dokuspec.competitive.bots`).
        options: other options of the game (:class:`CompetitiveSudoku`:
            ``copies_per_colour``, ``max_turns``, scoring options, ...).
        records: a directory to write each game's record to, as
            :func:`record_name` names it (written atomically); created if
            missing. Records already there are never overwritten: a run that
            would is refused before it starts.
        workers: how many local processes play the games, 1 (the default:
            this process) or more (:func:`dokuspec.parallel.ordered_map`).
        scheduler: the address of a Dask scheduler (``"tcp://host:port"``)
            whose cluster plays the games, or ``None``; needs the
            ``cluster`` extra (``pip install 'dokuspec[cluster]'``).

    Returns:
        An iterator of :class:`GameResult`, game 0 first.

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a bad value (a negative count, a seed outside 0 to
            ``2**64 - 1``, an unknown mode or
            bot, ``mode`` among the options, a records directory that is a
            file or holds a record this run would write, fewer than 1
            worker, both workers and a scheduler, a malformed scheduler
            address, a scheduler without the ``cluster`` extra; a scheduler
            that cannot be reached, when the iterator runs).
        GameOptionError: a bad game option.
        OSError: a record could not be written (when the iterator runs).
    """
    return _playout.simulate(
        games,
        seed,
        partial(_run, mode, bots, options),
        records,
        argument="records",
        workers=workers,
        scheduler=scheduler,
    )


# -- summaries -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """How a set of games ended.

    Attributes:
        games: the number of games.
        endings: games per ending, every key of :data:`ENDINGS` in its order.
        wins: games won by player 0 and by player 1.
        first_wins: games won by the player who moved first.
        black_wins: games won by the Black player.
        score_totals: the points of player 0 and of player 1, summed.
    """

    games: int
    endings: dict[str, int]
    wins: tuple[int, int]
    first_wins: int
    black_wins: int
    score_totals: tuple[int, int]

    @property
    def draws(self) -> int:
        """Games that nobody won."""
        return self.games - self.wins[0] - self.wins[1]

    @property
    def first_win_rate(self) -> float | None:
        """The share of all games won by the player who moved first; ``None`` without games."""
        return self.first_wins / self.games if self.games else None

    @property
    def black_win_rate(self) -> float | None:
        """The share of all games won by the Black player; ``None`` without games."""
        return self.black_wins / self.games if self.games else None

    @property
    def mean_scores(self) -> tuple[float, float] | None:
        """The mean points of player 0 and player 1; ``None`` without games."""
        if not self.games:
            return None
        return (self.score_totals[0] / self.games, self.score_totals[1] / self.games)

    def to_json(self) -> dict[str, JSONValue]:
        """Every attribute and property by name (rates and means ``null`` without games)."""
        means = self.mean_scores
        return {
            "games": self.games,
            "endings": dict(self.endings),
            "wins": list(self.wins),
            "draws": self.draws,
            "first_wins": self.first_wins,
            "first_win_rate": self.first_win_rate,
            "black_wins": self.black_wins,
            "black_win_rate": self.black_win_rate,
            "score_totals": list(self.score_totals),
            "mean_scores": None if means is None else list(means),
        }


def summarise(results: Iterable[GameResult]) -> Summary:
    """Count how the games ended, who won, and the points.

    Raises:
        TypeError: an element is not a :class:`GameResult`.
        DokuspecError: a result with an ending the game does not have.
    """
    tally = _playout.Tally(GameResult, "ending", tuple(ENDINGS), "an ending")
    wins = [0, 0]
    totals = [0, 0]
    first_wins = black_wins = 0
    for result in tally.each(results):
        for player in (0, 1):
            totals[player] += result.scores[player]
        if result.winner is not None:
            wins[result.winner] += 1
            first_wins += result.winner == result.first
            black_wins += result.winner == result.black
    return Summary(
        tally.games,
        tally.outcomes,
        (wins[0], wins[1]),
        first_wins,
        black_wins,
        (totals[0], totals[1]),
    )


# -- records ---------------------------------------------------------------------------------


def replay_record(data: str | bytes, *, source: str | None = None) -> CompetitiveSudokuState:
    """Read a Competitive Sudoku game record (JSON text) and replay it with the engine.

    The record is the JSON form of :class:`~dokuspec.engine.base.GameRecord`
    (``{"game": "competitive", "options", "seed", "actions", "result"}``,
    as :func:`record_text` and :func:`simulate` write it). JSON is read
    strictly (a key given twice, NaN, deep nesting are refused) and every
    step is replayed by :func:`dokuspec.engine.base.replay`, which checks
    each action and the result.

    Args:
        data: the record's text, or its bytes in UTF-8 (a byte-order mark is
            skipped).
        source: the input's name for error messages (a file name).

    Returns:
        The state after the last step (finished or not).

    Raises:
        TypeError: ``data`` is not str or bytes.
        RecordFileError: the text is not UTF-8 or not JSON, the record has
            the wrong shape, is not a Competitive Sudoku record, has bad
            options, an action that cannot be read or is illegal, or a result
            the game does not give; the message names the JSON path and the
            line and column of the bad part.
    """
    state = _records.read_record(
        data, source=source, game="competitive", title="Competitive Sudoku"
    )
    assert isinstance(state, CompetitiveSudokuState)
    return state
