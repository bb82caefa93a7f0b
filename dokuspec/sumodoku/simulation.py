"""Sumodoku games between bots: simulation, results, summaries, records replayed.

* :func:`simulate` plays games between two bots (:mod:`dokuspec.sumodoku.bots`)
  and yields a :class:`GameResult` as each game finishes. Game ``i`` of a run
  with seed ``s`` has the seed :func:`game_seed(s, i) <game_seed>`, and its bots
  draw from random generators seeded from that seed and their player, so a
  game's result depends only on the run's seed, its index, the options and
  the bots: :func:`play_game` plays game ``i`` alone, and the games of a run
  may be split among processes in any way.
* :func:`summarise` counts how games end (the ways of winning, SU-5 to
  SU-10), each player's wins, the first player's win rate (SU-2) and the
  game lengths in turns (both players' placements and claims, ruling
  SU-25: the unit of every Sumodoku game length dokuspec reports).
* :func:`record_text` writes a game record in the game's own JSON form
  (:func:`dokuspec.engine.sumodoku.record_text`, one action per line);
  :func:`replay_record` reads one and replays it with the engine: a bad
  record raises :class:`RecordFileError` naming its JSON path, line and
  column, and for an action that breaks a rule, the action and the rule.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from dokuspec.engine import playout as _playout
from dokuspec.engine import records as _records
from dokuspec.engine import sumodoku as _engine
from dokuspec.engine.base import JSONValue
from dokuspec.engine.records import RecordFileError, record_name
from dokuspec.engine.sumodoku import REASONS, Sumodoku, SumodokuState
from dokuspec.errors import DokuspecError, quote
from dokuspec.sumodoku.bots import Bot, make_bot

__all__ = [
    "REASONS",
    "GameResult",
    "RecordFileError",
    "Summary",
    "game_seed",
    "play_game",
    "record_name",
    "record_text",
    "replay_record",
    "simulate",
    "summarise",
]


# -- one game and many -----------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``seed``: a 63-bit int.

    The first 8 bytes of the SHA-256 of ``"dokuspec-sumodoku:{seed}:{index}"``,
    so every game's seed depends on the run's seed and its index only.

    Args:
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        index: the game's index in the run, 0 or more.

    Raises:
        TypeError: ``seed`` or ``index`` is not an int (or is a bool).
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative.
    """
    return _records.game_seed("sumodoku", seed, index)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: which it was, who played, and how it ended (SU-5 to SU-10).

    Attributes:
        index: the game's index in its run, from 0.
        seed: the game's seed (:func:`game_seed`).
        bots: the names of Player 1's and Player 2's bots.
        first_player: who took the first turn, 1 or 2 (SU-2).
        winner: 1 or 2 (every game of Sumodoku has a winner).
        reason: how the game ended, one of :data:`REASONS`.
        detail: the engine's sentence about the end.
        turns: the turns taken by both players: placements and claims
            (ruling SU-25).
        pieces: the pieces on the board at the end.
    """

    index: int
    seed: int
    bots: tuple[str, str]
    first_player: int
    winner: int
    reason: str
    detail: str
    turns: int
    pieces: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"index", "seed", "bots", "first_player", "winner", "reason", "detail",
        "turns", "pieces"}``; players are 1 and 2, bots Player 1's first."""
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "first_player": self.first_player,
            "winner": self.winner,
            "reason": self.reason,
            "detail": self.detail,
            "turns": self.turns,
            "pieces": self.pieces,
        }


def _run(bots: object, options: object) -> _playout.Run[SumodokuState, GameResult]:
    """The run of ``bots`` with ``options``, both checked."""
    game = Sumodoku(**_playout.game_options(options))
    made = _playout.bot_pair(bots, make_bot, Bot, "Player 1 and Player 2")
    return _playout.Run(game, made, SumodokuState, _result, _write_record)


def _result(index: int, seed: int, bots: tuple[str, str], state: SumodokuState) -> GameResult:
    found = state.result
    if found is None:  # pragma: no cover - play_out returns finished games only
        raise RuntimeError("internal error: a simulated game did not finish")
    first = state.game.options["first_player"]
    assert isinstance(first, int)
    return GameResult(
        index=index,
        seed=seed,
        bots=bots,
        first_player=first,
        winner=found.winner + 1,
        reason=found.reason,
        detail=found.detail,
        turns=state.turn_number(0) + state.turn_number(1),
        pieces=sum(1 for colour in state.board.cells if colour),
    )


def play_game(
    index: int,
    seed: int,
    bots: Sequence[str | Bot] = ("solver", "random"),
    options: Mapping[str, JSONValue] | None = None,
) -> tuple[GameResult, SumodokuState]:
    """Play game ``index`` of the run with seed ``seed``, alone: as :func:`simulate` plays it.

    The state starts from ``new_initial_state(game_seed(seed, index))``;
    chance nodes (a random colour assignment, SU-1; the observer, SU-9)
    take :meth:`~dokuspec.engine.base.State.sample_chance_outcome`; the bot
    of each player acts with a :class:`random.Random` seeded from the game's
    seed and the player (0 for Player 1, 1 for Player 2).

    Returns:
        The :class:`GameResult` and the final state (for its record). The
        result numbers the players as the rules do, 1 and 2; the state is
        the engine's, which numbers them 0 and 1 (engine player 0 is
        Player 1; its ``result.to_json()`` gives the rules' numbers).

    ``seed`` (the run's) and ``index`` are as :func:`game_seed` takes them:
    0 to ``2**64 - 1``, and 0 or more.

    Raises:
        As :func:`simulate`; also a negative ``index`` (DokuspecError).
    """
    return _playout.play_checked(index, seed, partial(_run, bots, options))


def record_text(state: SumodokuState) -> str:
    """A state's game record in the game's own JSON form, one action per line.

    As :func:`dokuspec.engine.sumodoku.record_text`: ``{"game": "sumodoku",
    "options", "seed", "actions": [{"player": 1|2|"chance"|"observer",
    "type", ...}], "result": {"winner": 1|2, "reason"}}``.

    Raises:
        TypeError: ``state`` is not a Sumodoku state.
    """
    return _engine.record_text(state)


def _write_record(directory: Path, index: int, state: SumodokuState) -> None:
    """Write the record of game ``index`` (:func:`record_text`) atomically."""
    _records.write_record_text(directory, index, record_text(state))


def simulate(
    games: int,
    seed: int,
    bots: Sequence[str | Bot] = ("solver", "random"),
    records_dir: str | os.PathLike[str] | None = None,
    *,
    options: Mapping[str, JSONValue] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[GameResult]:
    """Play ``games`` games between two bots; yield each result as its game finishes.

    Game ``i`` is :func:`play_game(i, seed, bots, options) <play_game>`, so
    the results are those of the games played one by one, in any order or
    in any split among processes. The arguments are checked before the
    first game, when :func:`simulate` is called. A game's record is written
    before its result is yielded: a consumer that stops between two results
    (an interrupt held back while one game is played, written and counted)
    leaves on disk exactly the records of the results it received.

    Args:
        games: how many games, 0 or more.
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        bots: Player 1's and Player 2's bots, or their names
            (:data:`BOT_NAMES <dokuspec.sumodoku.bots.BOT_NAMES>`:
            ``"random"``, ``"solver"``).
        records_dir: a directory to write each game's record to (the game's
            own JSON form, :func:`record_text`), as :func:`record_name`
            names it, written atomically; created if missing. Records
            already there are never overwritten: a run that would is
            refused before it starts.
        options: the game's options (:class:`~dokuspec.engine.sumodoku.Sumodoku`):
            among them ``enforcement``, ``observer`` (a chance 0-1 read
            exactly: an int, float, Fraction, Decimal or ``"p/q"``) and
            ``own_mistake_wins`` (SU-8).
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
            ``2**64 - 1``, an unknown bot, a
            records directory that is a file or holds a record this run
            would write, fewer than 1 worker, both workers and a
            scheduler, a malformed scheduler address, a scheduler without
            the ``cluster`` extra; a scheduler that cannot be reached, when
            the iterator runs).
        GameOptionError: a bad game option, named (an observer or a time
            limit that is NaN or infinite among them; ruling SU-29).
        OSError: the records directory could not be made (at the call), or
            a record could not be written (when the iterator runs).
    """
    return _playout.simulate(
        games,
        seed,
        partial(_run, bots, options),
        records_dir,
        argument="records_dir",
        workers=workers,
        scheduler=scheduler,
    )


# -- summaries -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Summary:
    """How a set of games ended.

    Attributes:
        games: the number of games.
        reasons: games per way of winning, every one of :data:`REASONS` in
            its order (SU-5 to SU-10).
        wins: games won by Player 1 and by Player 2.
        first_player_wins: games won by the player who took the first turn (SU-2).
        turns_total: the turns of all games (both players'), summed.
        shortest: the fewest turns of a game, ``None`` without games.
        longest: the most turns of a game, ``None`` without games.
    """

    games: int
    reasons: dict[str, int]
    wins: tuple[int, int]
    first_player_wins: int
    turns_total: int
    shortest: int | None
    longest: int | None

    @property
    def first_player_win_rate(self) -> float | None:
        """The share of games won by the player who moved first; ``None`` without games."""
        return self.first_player_wins / self.games if self.games else None

    @property
    def mean_turns(self) -> float | None:
        """The mean game length in turns (both players'); ``None`` without games."""
        return self.turns_total / self.games if self.games else None

    def to_json(self) -> dict[str, JSONValue]:
        """Every attribute and property by name (rates and means ``null`` when undefined)."""
        return {
            "games": self.games,
            "reasons": dict(self.reasons),
            "wins": {"1": self.wins[0], "2": self.wins[1]},
            "first_player_wins": self.first_player_wins,
            "first_player_win_rate": self.first_player_win_rate,
            "turns_total": self.turns_total,
            "mean_turns": self.mean_turns,
            "shortest": self.shortest,
            "longest": self.longest,
        }


def summarise(results: Iterable[GameResult]) -> Summary:
    """Count how the games ended, who won, the first player's wins and the game lengths.

    Raises:
        TypeError: an element is not a :class:`GameResult`.
        DokuspecError: a result with a reason, winner or first player the
            game does not have.
    """
    tally = _playout.Tally(GameResult, "reason", REASONS, "a reason")
    wins = [0, 0]
    first_wins = 0
    for result in tally.each(results):
        for name, player in (("winner", result.winner), ("first player", result.first_player)):
            if player not in (1, 2):
                raise DokuspecError(f"{quote(player)} is not a player (1, 2) as the {name}")
        wins[result.winner - 1] += 1
        first_wins += result.winner == result.first_player
    return Summary(
        tally.games,
        tally.outcomes,
        (wins[0], wins[1]),
        first_wins,
        tally.turns_total,
        tally.shortest,
        tally.longest,
    )


# -- records ---------------------------------------------------------------------------------


def replay_record(data: str | bytes, *, source: str | None = None) -> SumodokuState:
    """Read a Sumodoku game record (JSON text) and replay it with the engine.

    The record is in the game's own form (:func:`record_text`, as
    :func:`simulate` writes it); it is read and replayed by
    :func:`dokuspec.engine.sumodoku.read_record`, which checks each action
    (an illegal one is named with the rule it breaks) and the result.

    Args:
        data: the record's text, or its bytes in UTF-8 (a byte-order mark is
            skipped).
        source: the input's name for error messages (a file name).

    A record without ``own_mistake_wins`` among its options was written
    before SU-8 and SU-9 were revised: it is replayed as it was played
    (:func:`dokuspec.engine.sumodoku.read_record`).

    Returns:
        The state after the last action (finished or not): the engine's,
        which numbers the players 0 and 1 (engine player 0 is Player 1).

    Raises:
        TypeError: ``data`` is not str or bytes.
        RecordFileError: the text is not UTF-8 or not JSON, the record has
            the wrong shape, is not a Sumodoku record, has bad options, an
            action that cannot be read or is illegal, or a result the game
            does not give; the one-line message names the JSON path and the
            line and column of the bad part.
    """
    if not isinstance(data, str | bytes):
        raise TypeError(f"a record is JSON text (str or bytes), not {type(data).__name__}")
    return _engine.read_record(data, source=source)
