"""Two-Doku games between bots: simulation, results, summaries, records replayed.

* :func:`simulate` plays games between two bots (:mod:`dokuspec.twodoku.bots`)
  and yields a :class:`GameResult` as each game finishes. Game ``i`` of a run
  with seed ``s`` has the seed :func:`game_seed(s, i) <game_seed>`, and its bots
  draw from random generators seeded from that seed and their player, so a
  game's result depends only on the run's seed, its index, the options and
  the bots: :func:`play_game` plays game ``i`` alone, and the games of a run
  may be split among processes in any way.
* :func:`summarise` counts how games end (TD-9, ruling TD-14), Red's and
  Blue's wins (TD-10), the game length in turns and the mean winning score.
* :func:`record_text` writes a game record one step per line;
  :func:`replay_record` reads one and replays it with the engine
  (:func:`dokuspec.engine.base.replay`): a bad record raises
  :class:`RecordFileError` naming its JSON path, line and column, and for an
  action that breaks a rule, the action and the rule.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from dokuspec.engine import playout as _playout
from dokuspec.engine import records as _records
from dokuspec.engine.base import JSONValue
from dokuspec.engine.records import RecordFileError, record_name
from dokuspec.engine.twodoku import ENDINGS, TwoDoku, TwoDokuState
from dokuspec.errors import DokuspecError, quote
from dokuspec.twodoku.bots import Bot, make_bot
from dokuspec.vocabulary.twodoku import BLUE, PLAYERS, RED, counted

__all__ = [
    "ENDINGS",
    "GameResult",
    "RecordFileError",
    "Summary",
    "game_seed",
    "play_game",
    "record_name",
    "record_text",
    "replay_record",
    "simulate",
    "state_after_turns",
    "summarise",
]


# -- one game and many -----------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``seed``: a 63-bit int.

    The first 8 bytes of the SHA-256 of ``"dokuspec-twodoku:{seed}:{index}"``,
    so every game's seed depends on the run's seed and its index only.

    Args:
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        index: the game's index in the run, 0 or more.

    Raises:
        TypeError: ``seed`` or ``index`` is not an int (or is a bool).
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative.
    """
    return _records.game_seed("twodoku", seed, index)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One simulated game: which it was, who played, and how it ended (TD-9, TD-10).

    Attributes:
        index: the game's index in its run, from 0.
        seed: the game's seed (:func:`game_seed`).
        bots: the names of Red's and Blue's bots.
        winner: ``"red"``, ``"blue"``, or ``None`` for a draw (equal pile sums).
        scores: ``(red, blue)``: the winner's score is the loser's pile sum
            plus the pot's sum, the loser's 0 (TD-10).
        pile_sums: ``(red, blue)``: the piles' sums at the end.
        pot_sum: the pot's sum at the end.
        ending: how the game ended, one of :data:`ENDINGS` (TD-9, ruling TD-14).
        turns: the turns of play taken (both players' turns counted).
    """

    index: int
    seed: int
    bots: tuple[str, str]
    winner: str | None
    scores: tuple[int, int]
    pile_sums: tuple[int, int]
    pot_sum: int
    ending: str
    turns: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"index", "seed", "bots", "winner", "ending", "scores", "pile_sums", "pot_sum",
        "turns"}``; pairs are Red's, then Blue's."""
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "winner": self.winner,
            "ending": self.ending,
            "scores": list(self.scores),
            "pile_sums": list(self.pile_sums),
            "pot_sum": self.pot_sum,
            "turns": self.turns,
        }


def _run(bots: object, options: object) -> _playout.Run[TwoDokuState, GameResult]:
    """The run of ``bots`` with ``options``, both checked."""
    game = TwoDoku(**_playout.game_options(options))
    made = _playout.bot_pair(bots, make_bot, Bot, "Red and Blue")
    return _playout.Run(game, made, TwoDokuState, _result, _records.write_record)


def _result(index: int, seed: int, bots: tuple[str, str], state: TwoDokuState) -> GameResult:
    found = state.result()
    if found is None:  # pragma: no cover - play_out returns finished games only
        raise RuntimeError("internal error: a simulated game did not finish")
    # TD-10 from the piles, checked against the engine's result.
    red, blue = found.pile_sums
    expected = (blue + found.pot_sum, 0) if red < blue else (0, red + found.pot_sum)
    if red == blue:
        expected = (0, 0)
    winner = RED if red < blue else BLUE if blue < red else None
    if (winner, expected) != (found.winner, found.scores):
        raise RuntimeError(
            f"internal error: the engine scores {found.winner} {list(found.scores)}, "
            f"TD-10 gives {winner} {list(expected)}"
        )
    return GameResult(
        index=index,
        seed=seed,
        bots=bots,
        winner=found.winner,
        scores=found.scores,
        pile_sums=found.pile_sums,
        pot_sum=found.pot_sum,
        ending=found.ending,
        turns=found.turns,
    )


def play_game(
    index: int,
    seed: int,
    bots: Sequence[str | Bot] = ("random", "random"),
    options: Mapping[str, JSONValue] | None = None,
) -> tuple[GameResult, TwoDokuState]:
    """Play game ``index`` of the run with seed ``seed``, alone: as :func:`simulate` plays it.

    The state starts from ``new_initial_state(game_seed(seed, index))``;
    chance nodes (the deal, reveals) take
    :meth:`~dokuspec.engine.base.State.sample_chance_outcome`; the bot of
    each player acts with a :class:`random.Random` seeded from the game's
    seed and the player (0 Red, 1 Blue).

    Returns:
        The :class:`GameResult` and the final state (for its record).

    ``seed`` (the run's) and ``index`` are as :func:`game_seed` takes them:
    0 to ``2**64 - 1``, and 0 or more.

    Raises:
        As :func:`simulate`; also a negative ``index`` (DokuspecError).
    """
    return _playout.play_checked(index, seed, partial(_run, bots, options))


def record_text(state: TwoDokuState) -> str:
    """A state's game record (:meth:`~dokuspec.engine.base.State.record`) as JSON text.

    One member per line and one step per line, so that an error's line
    number points at the step.

    Raises:
        TypeError: ``state`` is not a Two-Doku state.
    """
    if not isinstance(state, TwoDokuState):
        raise TypeError(f"a Two-Doku state is needed, not {type(state).__name__}")
    return _records.record_text(state)


def simulate(
    games: int,
    seed: int,
    bots: Sequence[str | Bot] = ("random", "random"),
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
        bots: Red's and Blue's bots, or their names (:data:`BOT_NAMES
            <dokuspec.twodoku.bots.BOT_NAMES>`: ``"random"``, ``"inference"``).
        records_dir: a directory to write each game's record to, as
            :func:`record_name` names it (written atomically); created if
            missing. Records already there are never overwritten: a run that
            would is refused before it starts.
        options: the game's options (:class:`~dokuspec.engine.twodoku.TwoDoku`:
            ``max_turns``, ruling TD-14).
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
        GameOptionError: a bad game option.
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
        endings: games per ending, every one of :data:`ENDINGS` in its order.
        wins: games won by Red and by Blue (TD-10).
        turns_total: the turns of play of all games, summed.
        shortest: the fewest turns of a game, ``None`` without games.
        longest: the most turns of a game, ``None`` without games.
        winning_score_total: the winners' scores, summed (draws score 0-0
            and are left out).
    """

    games: int
    endings: dict[str, int]
    wins: tuple[int, int]
    turns_total: int
    shortest: int | None
    longest: int | None
    winning_score_total: int

    @property
    def draws(self) -> int:
        """Games that nobody won (equal pile sums, TD-10)."""
        return self.games - self.wins[0] - self.wins[1]

    @property
    def red_win_rate(self) -> float | None:
        """The share of all games won by Red; ``None`` without games."""
        return self.wins[0] / self.games if self.games else None

    @property
    def mean_turns(self) -> float | None:
        """The mean game length in turns of play; ``None`` without games."""
        return self.turns_total / self.games if self.games else None

    @property
    def mean_winning_score(self) -> float | None:
        """The winners' mean score (TD-10) over the games won; ``None`` when none was won."""
        won = self.wins[0] + self.wins[1]
        return self.winning_score_total / won if won else None

    def to_json(self) -> dict[str, JSONValue]:
        """Every attribute and property by name (rates and means ``null`` when undefined)."""
        return {
            "games": self.games,
            "endings": dict(self.endings),
            "wins": {"red": self.wins[0], "blue": self.wins[1]},
            "draws": self.draws,
            "red_win_rate": self.red_win_rate,
            "turns_total": self.turns_total,
            "mean_turns": self.mean_turns,
            "shortest": self.shortest,
            "longest": self.longest,
            "winning_score_total": self.winning_score_total,
            "mean_winning_score": self.mean_winning_score,
        }


def summarise(results: Iterable[GameResult]) -> Summary:
    """Count how the games ended, who won, their length and the winners' scores.

    Raises:
        TypeError: an element is not a :class:`GameResult`.
        DokuspecError: a result with an ending or winner the game does not have.
    """
    tally = _playout.Tally(GameResult, "ending", ENDINGS, "an ending")
    wins = [0, 0]
    winning = 0
    for result in tally.each(results):
        if result.winner is None:
            continue
        if result.winner not in PLAYERS:
            raise DokuspecError(f"{quote(result.winner)} is not a player (red, blue)")
        wins[PLAYERS.index(result.winner)] += 1
        winning += max(result.scores)
    return Summary(
        tally.games,
        tally.outcomes,
        (wins[0], wins[1]),
        tally.turns_total,
        tally.shortest,
        tally.longest,
        winning,
    )


# -- records ---------------------------------------------------------------------------------


def state_after_turns(state: TwoDokuState, turns: int) -> TwoDokuState:
    """The game of ``state`` as it stood when ``turns`` turns of play were over.

    A game's length is counted in turns of play (TD-6; both players' turns,
    passes included, as :attr:`TwoDokuResult.turns
    <dokuspec.engine.twodoku.TwoDokuResult.turns>` and :attr:`GameResult.turns`
    count them): ``0`` is the start of play, the deal complete and Red to
    move (TD-5); ``n`` is the moment the ``n``-th turn ended, the next
    player to move or the game over. ``state.turns`` is the last turn that
    ended: for a finished game, its end.

    Args:
        state: a game, typically :func:`replay_record`'s.
        turns: 0 to ``state.turns``.

    Returns:
        A new state, replayed from ``state``'s seed and steps up to that moment.

    Raises:
        TypeError: ``state`` is not a Two-Doku state, or ``turns`` not an int.
        DokuspecError: the game has not reached the play phase, or
            ``turns`` is outside 0 to ``state.turns``.
    """
    if not isinstance(state, TwoDokuState):
        raise TypeError(f"a Two-Doku state is needed, not {type(state).__name__}")
    if isinstance(turns, bool) or not isinstance(turns, int):
        raise TypeError(f"turns is an int, not {type(turns).__name__}")
    if state.phase not in ("play", "over"):
        raise DokuspecError(
            f"the game stops in the {state.phase} phase, before the play phase: "
            "it has no turn of play"
        )
    if not 0 <= turns <= state.turns:
        raise DokuspecError(
            f"the game has {counted(state.turns, 'turn')} of play: 0 to {state.turns}, "
            f"not {quote(turns)}"
        )
    replayed = state.game.new_initial_state(state.seed)
    assert isinstance(replayed, TwoDokuState)
    for entry in state.history():
        if replayed.phase in ("play", "over") and replayed.turns == turns:
            break
        replayed.apply_action(entry.actions[0])
    return replayed


def replay_record(data: str | bytes, *, source: str | None = None) -> TwoDokuState:
    """Read a Two-Doku game record (JSON text) and replay it with the engine.

    The record is the JSON form of :class:`~dokuspec.engine.base.GameRecord`
    (``{"game": "twodoku", "options", "seed", "actions", "result"}``, as
    :func:`record_text` and :func:`simulate` write it). JSON is read
    strictly (a key given twice, NaN, deep nesting are refused) and every
    step is replayed by :func:`dokuspec.engine.base.replay`, which checks
    each action (an illegal one is named with the rule it breaks, such as
    ``illegal action play 5 on r1c1 for player 0: r1c1 is not empty``) and
    the result.

    Args:
        data: the record's text, or its bytes in UTF-8 (a byte-order mark is
            skipped).
        source: the input's name for error messages (a file name).

    Returns:
        The state after the last step (finished or not).

    Raises:
        TypeError: ``data`` is not str or bytes.
        RecordFileError: the text is not UTF-8 or not JSON, the record has
            the wrong shape, is not a Two-Doku record, has bad options, an
            action that cannot be read or is illegal, or a result the game
            does not give; the one-line message names the JSON path and the
            line and column of the bad part.
    """
    state = _records.read_record(data, source=source, game="twodoku", title="Two-Doku")
    assert isinstance(state, TwoDokuState)
    return state
