"""Whole games between two bots and runs of them, as every game's simulations play them.

Each game's ``bots`` module makes its bots by name with :func:`named_bot`
and checks what a bot is called with by :func:`check_bot_call`. Each game's
``simulation`` module (:mod:`dokuspec.competitive.simulation`,
:mod:`dokuspec.twodoku.simulation`, :mod:`dokuspec.sumodoku.simulation`)
checks its pair of bots with :func:`bot_pair`, states what its runs need
as a :class:`Run` (the game, the bots, how a result is made and how a
record is written) and leaves the rest here:

* :func:`play_out` plays a game: chance nodes take the state's own
  :meth:`~dokuspec.engine.base.State.sample_chance_outcome` (driven by the
  game's seed), and each player's bot draws from a :class:`random.Random`
  seeded from the game's seed and the player (:func:`bot_rng`);
* :func:`play_game` plays game ``i`` of a run: its seed is
  :func:`~dokuspec.engine.records.game_seed` of the game's name, the run's
  seed and ``i``, so a game depends only on the run's seed, ``i``, the
  options and the bots. It is a module-level function of picklable
  arguments, so the games of a run can be split among processes in any
  way;
* :func:`play_checked` and :func:`simulate` check a caller's arguments
  and play one game, or the games ``0 .. n - 1``: in this process one by
  one, or shared among local processes or a Dask cluster
  (:func:`dokuspec.parallel.ordered_map`), the results in the games'
  order either way, each game's record written before its result is
  yielded;
* :func:`game_options` checks the options a caller gives a run, and a
  :class:`Tally` counts what every game's summary counts (the games, how
  each ended, their lengths in turns) as the game's own summary reads the
  results.
"""

from __future__ import annotations

import functools
import pickle
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, Action, Game, State
from dokuspec.engine.records import game_seed, records_directory
from dokuspec.errors import DokuspecError, quote
from dokuspec.parallel import check_options, ordered_map
from dokuspec.seeds import check_index, check_seed

__all__ = [
    "Bot",
    "Run",
    "Tally",
    "bot_pair",
    "bot_rng",
    "check_bot_call",
    "game_options",
    "named_bot",
    "play_checked",
    "play_game",
    "play_out",
    "simulate",
]

#: The type of a game's bots.
B = TypeVar("B")
#: The type of a game's states.
S = TypeVar("S", bound=State)
#: The type of a game's result (what a run's ``result`` function returns).
R = TypeVar("R")


class _Played(Protocol):
    """A game's result as a :class:`Tally` reads it."""

    @property
    def turns(self) -> int: ...


#: The type of the results a :class:`Tally` counts (each has its length in ``turns``).
P = TypeVar("P", bound=_Played)


def named_bot(name: object, makers: Mapping[str, Callable[[], B]]) -> B:
    """The bot named ``name``: ``makers[name]()``.

    Args:
        name: a bot's name, one of ``makers``.
        makers: each name a game knows, with what makes its bot, in the
            order the error message lists them.

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown name.
    """
    if not isinstance(name, str):
        raise TypeError(f"a bot's name is a str, not {type(name).__name__}")
    if name not in makers:
        raise DokuspecError(f"unknown bot {quote(name)} (bots: {', '.join(makers)})")
    return makers[name]()


def check_bot_call(
    state: object, player: object, rng: object, kind: type, game: str, who: str = "player"
) -> None:
    """Check the types of what a bot is called with: ``bot(state, player, rng)``.

    Args:
        state: must be a ``kind``, the game's state class.
        player: must be an int (not a bool); its value is the game's to check.
        rng: must be a :class:`random.Random`.
        kind: the game's state class.
        game: the game's name in messages (``"Two-Doku"``).
        who: what the game calls a player in messages (``"seat"``).

    Raises:
        TypeError: ``state``, ``player`` or ``rng`` is of another type.
    """
    if not isinstance(state, kind):
        raise TypeError(f"a {game} state is needed, not {type(state).__name__}")
    if isinstance(player, bool) or not isinstance(player, int):
        raise TypeError(f"a {who} is an int, not {type(player).__name__}")
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng is a random.Random, not {type(rng).__name__}")


def bot_pair(bots: object, make_bot: Callable[[str], B], kind: type, players: str) -> tuple[B, B]:
    """The two bots of a run: each given as a bot or as a bot's name.

    Args:
        bots: a pair (a sequence of two) of bots or names.
        make_bot: the game's bot maker, called with each name.
        kind: the game's bot type (a runtime-checkable protocol) that a bot
            given as an object must match.
        players: how the message names the two players (``"Red and Blue"``).

    Raises:
        TypeError: ``bots`` is not a pair, or one of them is neither a bot
            nor a str.
        DokuspecError: an unknown bot name (from ``make_bot``).
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence) or len(bots) != 2:
        raise TypeError(f"bots is a pair: the bots (or their names) of {players}")
    made: list[B] = []
    for bot in bots:
        if isinstance(bot, str):
            made.append(make_bot(bot))
        elif isinstance(bot, kind):
            made.append(cast(B, bot))
        else:
            raise TypeError(f"a bot is a Bot or a bot's name, not {type(bot).__name__}")
    return made[0], made[1]


def game_options(options: object) -> dict[str, Any]:
    """The options a caller gives a run, as keyword arguments of its game: a copy.

    Args:
        options: a mapping of option names to values, or ``None`` for none.

    Raises:
        TypeError: ``options`` is neither a mapping nor ``None``.
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"options are a mapping, not {type(options).__name__}")
    return dict(options)


def bot_rng(seed: int, player: int) -> random.Random:
    """The random generator of ``player``'s bot in the game with seed ``seed``."""
    return random.Random(f"dokuspec-bot:{seed}:{player}")


def play_out(
    game: Game,
    bots: Sequence[Callable[[Any, int, random.Random], Action]],
    seed: int,
    *,
    chance: Callable[[Any], Action | None] | None = None,
) -> State:
    """Play a game from ``game.new_initial_state(seed)`` to its end.

    Chance nodes take :meth:`~dokuspec.engine.base.State.sample_chance_outcome`,
    or ``chance(state)`` where it gives an outcome (a dealer that steers the
    deal; the engine refuses an outcome that is not possible there);
    player ``p`` acts with ``bots[p](state, p, bot_rng(seed, p))``, at a
    simultaneous node every player at once.

    Returns:
        The terminal state.

    Raises:
        IllegalActionError: a bot chose an action that is not legal.
    """
    state = game.new_initial_state(seed)
    rngs = [bot_rng(seed, player) for player in range(game.num_players())]
    while True:
        player = state.current_player()
        if player == CHANCE:
            steered = None if chance is None else chance(state)
            state.apply_action(state.sample_chance_outcome() if steered is None else steered)
        elif player == SIMULTANEOUS:
            state.apply_actions([bot(state, p, rngs[p]) for p, bot in enumerate(bots)])
        elif player >= 0:
            state.apply_action(bots[player](state, player, rngs[player]))
        else:
            return state


class Bot(Protocol):
    """A bot as a run needs it: a name and ``bot(state, player, rng) -> action``."""

    @property
    def name(self) -> str:
        """A short name for reports (``"random"``)."""
        ...

    def __call__(self, state: Any, player: int, rng: random.Random, /) -> Action: ...


@dataclass(frozen=True, slots=True)
class Run(Generic[S, R]):
    """What every game of a run shares: all that game ``i`` needs but the run's seed and ``i``.

    A run pickles when its game, bots and functions do (module-level
    functions and the games' own bots do), so a process pool can play its
    games with :func:`play_game`.

    Attributes:
        game: the game, its options fixed; its :attr:`~dokuspec.engine.base.Game.name`
            names the run in :func:`~dokuspec.engine.records.game_seed`.
        bots: the bots of player 0 and player 1.
        state_type: the game's state class; a game that ends in another is a bug.
        result: ``result(index, seed, names, state)``: the result of game
            ``index`` with seed ``seed`` (the game's own, not the run's)
            played by the bots named ``names``, from its terminal state.
        write_record: ``write_record(directory, index, state)``: writes
            game ``index``'s record into ``directory``, atomically
            (:func:`~dokuspec.engine.records.write_record`).
    """

    game: Game
    bots: tuple[Bot, Bot]
    state_type: type[S]
    result: Callable[[int, int, tuple[str, str], S], R]
    write_record: Callable[[Path, int, S], None]


def play_game(run: Run[S, R], seed: int, index: int) -> tuple[R, S]:
    """Play game ``index`` of ``run`` with the run's seed ``seed``, alone.

    The game's seed is ``game_seed(run.game.name, seed, index)``; the game
    is :func:`play_out` with it, so the result depends only on ``run``,
    ``seed`` and ``index``, whichever process plays it and whatever else
    it plays.

    Returns:
        The game's result (``run.result``) and its terminal state.

    Raises:
        TypeError: ``seed`` or ``index`` is not an int.
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative (:mod:`dokuspec.seeds`).
        IllegalActionError: a bot chose an action that is not legal.
        RuntimeError: the game ended in a state that is not a
            ``run.state_type`` (a bug, never expected).
    """
    this_seed = game_seed(run.game.name, seed, index)
    state = play_out(run.game, run.bots, this_seed)
    if not isinstance(state, run.state_type):
        raise RuntimeError(f"internal error: a game ended in a {type(state).__name__}")
    return run.result(index, this_seed, (run.bots[0].name, run.bots[1].name), state), state


def play_checked(index: int, seed: int, make_run: Callable[[], Run[S, R]]) -> tuple[R, S]:
    """Check ``index``, make the run, then :func:`play_game` its game ``index``.

    Args:
        index: the game's index in its run, 0 or more.
        seed: the run's seed, an integer 0 to ``2**64 - 1``.
        make_run: checks the caller's other arguments and makes the run.

    Returns:
        The game's result and its terminal state.

    Raises:
        TypeError: ``index`` or ``seed`` is not an int, or a wrong type from
            ``make_run``.
        DokuspecError: a negative ``index``, a seed outside 0 to ``2**64 - 1``,
            or a bad value from ``make_run``.
    """
    check_index(index)
    check_seed(seed)
    return play_game(make_run(), seed, index)


def simulate(
    games: int,
    seed: int,
    make_run: Callable[[], Run[S, R]],
    records: object,
    *,
    argument: str,
    workers: int = 1,
    scheduler: str | None = None,
) -> Iterator[R]:
    """Check a run's arguments at once, then play its games as the iterator runs.

    ``games`` and ``seed`` are checked first, then ``workers`` and
    ``scheduler`` (:func:`dokuspec.parallel.check_options`), then
    ``make_run`` is called (the game's own checks), then the records
    directory (:func:`~dokuspec.engine.records.records_directory`). Game
    ``i``'s result is :func:`play_game(run, seed, i) <play_game>`'s,
    wherever it is played: the games go through
    :func:`~dokuspec.parallel.ordered_map`, in this process one by one
    (``workers=1``, the default), in ``workers`` local processes, or on the
    Dask cluster of ``scheduler``; the results come back in the games'
    order, the same results however the games are split. When there is a
    records directory, this process writes each game's record
    (``run.write_record``) before its result is yielded, so a consumer that
    stops between two results leaves on disk exactly the records of the
    results it received; closing the iterator early cancels the games not
    yet played.

    Args:
        games: how many games, 0 or more.
        seed: the run's seed, an integer 0 to ``2**64 - 1``.
        make_run: checks the caller's other arguments and makes the run;
            with more than one worker or a scheduler the run must pickle.
        records: a directory to write the records into, or ``None``.
        argument: the name of the records argument, for a TypeError's message.
        workers: how many local processes play the games, 1 or more.
        scheduler: the address of a Dask scheduler (``"tcp://host:port"``)
            whose cluster plays the games, or ``None``; needs the
            ``cluster`` extra.

    Returns:
        An iterator of the games' results, game 0 first.

    Raises:
        TypeError: ``games``, ``seed`` or ``workers`` is not an int,
            ``scheduler`` not a str, ``records`` not a path, or a wrong
            type from ``make_run``.
        DokuspecError: a negative ``games``, a seed outside 0 to ``2**64 - 1``,
            fewer than 1 worker, both
            workers and a scheduler, a malformed scheduler address, a
            scheduler without the ``cluster`` extra, a bad value from
            ``make_run``, or a records directory that is a file or holds a
            record this run would write; a scheduler that cannot be reached
            (when the iterator runs).
        OSError: the records directory could not be made (at the call), or
            a record could not be written (when the iterator runs).
    """
    if isinstance(games, bool) or not isinstance(games, int):
        raise TypeError(f"games is an int, not {type(games).__name__}")
    if games < 0:
        raise DokuspecError(f"the number of games is 0 or more, not {games}")
    check_seed(seed)
    check_options(workers, scheduler)
    run = make_run()
    directory = records_directory(records, games, argument=argument)
    if workers == 1 and scheduler is None:
        play: Callable[[int], tuple[R, S]] = functools.partial(play_game, run, seed)
    else:
        # The run goes to the workers pickled once: each worker process
        # unpickles it on its first game and keeps it, so its bots' caches
        # (compiled solver models) serve all the games the process plays, as
        # they do in a run played here.
        play = functools.partial(_play_pickled, pickle.dumps(run), seed)
    played = ordered_map(play, range(games), workers=workers, scheduler=scheduler)
    return _recorded(run, played, directory)


@functools.lru_cache(maxsize=4)
def _unpickled_run(data: bytes) -> Run[Any, Any]:
    run: Run[Any, Any] = pickle.loads(data)
    return run


def _play_pickled(data: bytes, seed: int, index: int) -> tuple[Any, Any]:
    """:func:`play_game` of the run pickled as ``data``, unpickled once per process."""
    return play_game(_unpickled_run(data), seed, index)


def _recorded(run: Run[S, R], played: Iterator[tuple[R, S]], directory: Path | None) -> Iterator[R]:
    try:
        for index, (result, state) in enumerate(played):
            if directory is not None:
                run.write_record(directory, index, state)
            yield result
    finally:
        # Stop the games in flight now, not when the iterator is collected.
        close = getattr(played, "close", None)
        if close is not None:
            close()


class Tally(Generic[P]):
    """What every game's summary counts, counted as the summary reads the results.

    ``for result in tally.each(results)`` yields each result once it is
    checked (a ``kind``, its ``field`` one of ``outcomes``) and counted: the
    games, the games per outcome, and the turns (their total, the fewest
    and the most of a game). The summary counts what its own game adds
    inside the loop.

    Attributes:
        games: the results counted.
        outcomes: games per outcome, every one of ``outcomes`` in its order.
        turns_total: the turns of all the games, summed.
        shortest: the fewest turns of a game, ``None`` without games.
        longest: the most turns of a game, ``None`` without games.
    """

    __slots__ = (
        "_field",
        "_kind",
        "_what",
        "games",
        "longest",
        "outcomes",
        "shortest",
        "turns_total",
    )

    def __init__(self, kind: type[P], field: str, outcomes: Sequence[str], what: str) -> None:
        """Count results of type ``kind`` by their attribute ``field``, one of ``outcomes``
        (``what`` names one in messages: ``"a reason"``)."""
        self._kind = kind
        self._field = field
        self._what = what
        self.games = 0
        self.outcomes = dict.fromkeys(outcomes, 0)
        self.turns_total = 0
        self.shortest: int | None = None
        self.longest: int | None = None

    def each(self, results: Iterable[object]) -> Iterator[P]:
        """Each of ``results``, checked and counted.

        Raises:
            TypeError: a result is not of the tally's type.
            DokuspecError: a result's outcome is not one of the tally's outcomes.
        """
        for result in results:
            if not isinstance(result, self._kind):
                raise TypeError(
                    f"summarise takes {self._kind.__name__} values, not {type(result).__name__}"
                )
            outcome = getattr(result, self._field)
            if outcome not in self.outcomes:
                raise DokuspecError(
                    f"{quote(outcome)} is not {self._what} ({', '.join(self.outcomes)})"
                )
            self.games += 1
            self.outcomes[outcome] += 1
            turns = result.turns
            self.turns_total += turns
            self.shortest = turns if self.shortest is None else min(self.shortest, turns)
            self.longest = turns if self.longest is None else max(self.longest, turns)
            yield result
