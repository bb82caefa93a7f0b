"""Exact contracts of the run driver (``dokuspec.engine.playout``), on Minidoku.

The messages of its argument checks, how a run's games reach
:func:`~dokuspec.parallel.ordered_map` (in this process, or pickled for
workers or a cluster), that a run stopped early stops the map, and the
:class:`~dokuspec.engine.playout.Tally` of results.
"""

from __future__ import annotations

import pickle
import random
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from dokuspec.engine import playout
from dokuspec.engine.base import Action
from dokuspec.engine.minidoku import Minidoku, MinidokuState
from dokuspec.engine.playout import (
    Run,
    Tally,
    check_bot_call,
    game_options,
    named_bot,
    play_game,
    simulate,
)
from dokuspec.engine.records import write_record
from dokuspec.errors import DokuspecError
from framework.test_engine_playout import Result, Uniform, result_of


@dataclass(frozen=True, slots=True)
class Locked:
    """A bot holding a lock, so that it does not pickle."""

    name: str = "locked"
    lock: Any = field(default_factory=threading.Lock)

    def __call__(self, state: MinidokuState, player: int, rng: random.Random) -> Action:
        return state.legal_actions(player)[0]


def make_run() -> Run[MinidokuState, Result]:
    return Run(
        Minidoku(hand_size=2), (Uniform(), Uniform()), MinidokuState, result_of, write_record
    )


def make_locked_run() -> Run[MinidokuState, Result]:
    return Run(Minidoku(hand_size=2), (Uniform(), Locked()), MinidokuState, result_of, write_record)


# -- argument checks -----------------------------------------------------------------------------


MAKERS: dict[str, Callable[[], str]] = {"first": lambda: "one", "second": lambda: "two"}


def test_a_bot_is_made_by_its_name() -> None:
    assert named_bot("second", MAKERS) == "two"


@pytest.mark.parametrize(
    ("name", "error", "message"),
    [
        (3, TypeError, "a bot's name is a str, not int"),
        ("third", DokuspecError, "unknown bot 'third' (bots: first, second)"),
    ],
)
def test_an_unknown_bot_name_lists_the_bots(
    name: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        named_bot(name, MAKERS)
    assert type(caught.value) is error
    assert str(caught.value) == message


def state() -> MinidokuState:
    return Minidoku().new_initial_state(0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((5, 0, random.Random(0)), "a Minidoku state is needed, not int"),
        ((None, 0, random.Random(0)), "a Minidoku state is needed, not NoneType"),
        ((state(), True, random.Random(0)), "a player is an int, not bool"),
        ((state(), "0", random.Random(0)), "a player is an int, not str"),
        ((state(), 0, 7), "rng is a random.Random, not int"),
    ],
)
def test_a_bot_call_of_the_wrong_types_is_named(
    arguments: tuple[object, object, object], message: str
) -> None:
    with pytest.raises(TypeError) as caught:
        check_bot_call(*arguments, MinidokuState, "Minidoku")
    assert str(caught.value) == message


def test_a_bot_call_names_a_player_in_the_games_words() -> None:
    with pytest.raises(TypeError) as caught:
        check_bot_call(state(), 0.0, random.Random(0), MinidokuState, "Two-Doku", "seat")
    assert str(caught.value) == "a seat is an int, not float"
    check_bot_call(state(), 1, random.Random(0), MinidokuState, "Minidoku")  # no error


def test_options_are_a_mapping_or_none() -> None:
    assert game_options(None) == {}
    given = {"hand_size": 2}
    copied = game_options(given)
    assert copied == given
    assert copied is not given
    with pytest.raises(TypeError) as caught:
        game_options([("hand_size", 2)])
    assert str(caught.value) == "options are a mapping, not list"


def test_records_of_the_wrong_type_are_named_by_the_callers_argument() -> None:
    with pytest.raises(TypeError) as caught:
        simulate(1, 0, make_run, 5, argument="records_dir_of_the_caller")
    assert str(caught.value) == "records_dir_of_the_caller is a directory path, not int"


# -- where the games are played ------------------------------------------------------------------


@dataclass
class Map:
    """Stands in for ordered_map: notes where the games would run, and runs them here.

    The function is pickled and unpickled first, as a worker process receives it.
    ``closable`` chooses an iterator with a ``close`` method (as ordered_map's are)
    or a plain one.
    """

    closable: bool = True
    calls: list[tuple[int, str | None]] = field(default_factory=list)
    closed: bool = False

    def __call__(
        self,
        function: Callable[[int], Any],
        items: Iterable[int],
        *,
        workers: int = 1,
        scheduler: str | None = None,
    ) -> Iterator[Any]:
        self.calls.append((workers, scheduler))
        if workers > 1 or scheduler is not None:
            function = pickle.loads(pickle.dumps(function))
        results = (function(item) for item in items)
        return self.Closable(self, results) if self.closable else iter(list(results))

    @dataclass
    class Closable:
        owner: Map
        results: Iterator[Any]

        def __iter__(self) -> Iterator[Any]:
            return self

        def __next__(self) -> Any:
            return next(self.results)

        def close(self) -> None:
            self.owner.closed = True


def expected(games: int, seed: int) -> list[Result]:
    return [play_game(make_run(), seed, index)[0] for index in range(games)]


@pytest.mark.parametrize(
    ("where", "call"),
    [
        ({}, (1, None)),
        ({"workers": 3}, (3, None)),
        ({"scheduler": "tcp://cluster:8786"}, (1, "tcp://cluster:8786")),
    ],
    ids=["here", "local workers", "a cluster"],
)
def test_the_games_go_to_ordered_map_and_give_play_games_results(
    monkeypatch: pytest.MonkeyPatch, where: dict[str, Any], call: tuple[int, str | None]
) -> None:
    fake = Map()
    monkeypatch.setattr(playout, "ordered_map", fake)
    assert list(simulate(3, 11, make_run, None, argument="records_dir", **where)) == expected(3, 11)
    assert fake.calls == [call]


def test_a_run_for_workers_must_pickle_and_is_refused_at_the_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = Map()
    monkeypatch.setattr(playout, "ordered_map", fake)
    with pytest.raises(TypeError) as caught:
        simulate(2, 0, make_locked_run, None, argument="records_dir", workers=2)
    assert str(caught.value) == "cannot pickle '_thread.lock' object"
    assert fake.calls == []
    assert len(list(simulate(2, 0, make_locked_run, None, argument="records_dir"))) == 2


def test_stopping_a_run_early_closes_the_map(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = Map()
    monkeypatch.setattr(playout, "ordered_map", fake)
    results = simulate(3, 5, make_run, None, argument="records_dir")
    assert next(results) == expected(1, 5)[0]
    assert not fake.closed
    results.close()  # type: ignore[attr-defined]
    assert fake.closed


def test_a_map_without_close_is_read_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playout, "ordered_map", Map(closable=False))
    assert list(simulate(2, 5, make_run, None, argument="records_dir")) == expected(2, 5)


# -- tallies -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    ending: str
    turns: int


def test_a_tally_counts_the_games_outcomes_and_turns() -> None:
    tally = Tally(Game, "ending", ("win", "draw", "loss"), "an ending")
    games = [Game("draw", 9), Game("win", 4), Game("draw", 12)]
    assert list(tally.each(games)) == games
    assert tally.games == 3
    assert tally.outcomes == {"win": 1, "draw": 2, "loss": 0}
    assert (tally.turns_total, tally.shortest, tally.longest) == (25, 4, 12)


def test_a_tally_refuses_an_unknown_outcome_naming_the_known_ones() -> None:
    tally = Tally(Game, "ending", ("win", "draw"), "an ending")
    with pytest.raises(DokuspecError) as caught:
        list(tally.each([Game("forfeit", 3)]))
    assert str(caught.value) == "'forfeit' is not an ending (win, draw)"
    with pytest.raises(TypeError) as caught_type:
        list(tally.each(["win"]))
    assert str(caught_type.value) == "summarise takes Game values, not str"
