"""The run driver every game's simulations share (``dokuspec.engine.playout``), on Minidoku."""

from __future__ import annotations

import hashlib
import pickle
import random
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from dokuspec.engine.base import Action
from dokuspec.engine.minidoku import Minidoku, MinidokuState
from dokuspec.engine.playout import (
    Run,
    bot_pair,
    bot_rng,
    play_checked,
    play_game,
    play_out,
    simulate,
)
from dokuspec.engine.records import record_text, write_record
from dokuspec.engine.twodoku import TwoDokuState
from dokuspec.errors import DokuspecError

Result = tuple[int, int, tuple[str, str], tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class Uniform:
    """Any legal action, uniformly: a bot defined at module level, so it pickles."""

    name: str = "uniform"

    def __call__(self, state: MinidokuState, player: int, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions(player))


@dataclass(frozen=True, slots=True)
class Lowest:
    """The first legal action."""

    name: str = "lowest"

    def __call__(self, state: MinidokuState, player: int, rng: random.Random) -> Action:
        return state.legal_actions(player)[0]


def result_of(index: int, seed: int, names: tuple[str, str], state: MinidokuState) -> Result:
    return (index, seed, names, state.returns())


def make_run(**options: int) -> Run[MinidokuState, Result]:
    return Run(Minidoku(**options), (Uniform(), Lowest()), MinidokuState, result_of, write_record)


def sha_seed(seed: int, index: int) -> int:
    """The documented game seed, worked out here from its definition."""
    digest = hashlib.sha256(f"dokuspec-minidoku:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def test_game_i_is_seeded_from_the_game_name_the_run_seed_and_i() -> None:
    for seed, index in ((0, 0), (7, 3), (2**64 - 1, 12)):
        result, state = play_game(make_run(), seed, index)
        assert state.seed == sha_seed(seed, index)
        assert result[:3] == (index, sha_seed(seed, index), ("uniform", "lowest"))
        assert state.is_terminal()
        assert result[3] == state.returns()


def test_each_game_of_a_run_is_the_game_played_alone_in_any_order_and_process() -> None:
    run = make_run(hand_size=3)
    played = list(simulate(6, 11, lambda: run, None, argument="records"))
    assert [result[0] for result in played] == [0, 1, 2, 3, 4, 5]
    alone = {index: play_game(run, 11, index)[0] for index in reversed(range(6))}
    assert played == [alone[index] for index in range(6)]
    # What a worker process would receive: the run and the function, pickled.
    shipped = pickle.loads(pickle.dumps(partial(play_game, run, 11)))
    assert [shipped(index)[0] for index in range(6)] == played
    # Other seeds give other games.
    assert [play_game(run, 12, index)[0] for index in range(6)] != played


def test_play_checked_plays_the_same_game_as_play_game() -> None:
    result, state = play_checked(4, 9, make_run)
    assert result == play_game(make_run(), 9, 4)[0]
    assert state.history() == play_game(make_run(), 9, 4)[1].history()


def test_a_record_is_on_disk_before_its_result_is_yielded(tmp_path: Path) -> None:
    directory = tmp_path / "records"
    results = simulate(3, 5, make_run, directory, argument="records")
    # The arguments are checked and the directory made at the call; no game is played yet.
    assert directory.is_dir()
    assert list(directory.iterdir()) == []
    for index in range(3):
        result = next(results)
        assert result[0] == index
        names = sorted(path.name for path in directory.iterdir())
        assert names == [f"game-{done:06d}.json" for done in range(index + 1)]
        alone = play_game(make_run(), 5, index)[1]
        assert (directory / names[-1]).read_text(encoding="utf-8") == record_text(alone)
    assert next(results, None) is None


def test_a_record_that_cannot_be_written_stops_the_run_before_its_result(tmp_path: Path) -> None:
    written: list[int] = []

    def full_after_one(directory: Path, index: int, state: MinidokuState) -> None:
        if index == 1:
            raise OSError(28, "No space left on device")
        written.append(index)

    run = Run(Minidoku(), (Uniform(), Uniform()), MinidokuState, result_of, full_after_one)
    results = simulate(3, 0, lambda: run, tmp_path, argument="records")
    assert next(results)[0] == 0
    with pytest.raises(OSError, match="No space left"):
        next(results)
    assert written == [0]


def test_a_run_that_would_overwrite_a_record_is_refused_at_the_call(tmp_path: Path) -> None:
    taken = tmp_path / "game-000002.json"
    taken.write_text("keep me", encoding="utf-8")
    with pytest.raises(DokuspecError) as raised:
        simulate(3, 0, make_run, tmp_path, argument="records")
    assert str(raised.value) == (
        f"the records directory holds {taken} already; give an empty directory "
        "(records are never overwritten)"
    )
    assert taken.read_text(encoding="utf-8") == "keep me"
    assert [path.name for path in tmp_path.iterdir()] == ["game-000002.json"]
    # A record this run does not write is no obstacle.
    assert [result[0] for result in simulate(2, 0, make_run, tmp_path, argument="records")] == [
        0,
        1,
    ]
    assert taken.read_text(encoding="utf-8") == "keep me"


def test_the_run_is_checked_before_the_records_directory_is_made(tmp_path: Path) -> None:
    def refused() -> Run[MinidokuState, Result]:
        raise DokuspecError("unknown bot 'smart'")

    directory = tmp_path / "records"
    with pytest.raises(DokuspecError, match="unknown bot 'smart'"):
        simulate(1, 0, refused, directory, argument="records")
    assert not directory.exists()


def test_the_count_and_seed_are_checked_before_the_run_is_made() -> None:
    made: list[int] = []

    def counted() -> Run[MinidokuState, Result]:
        made.append(1)
        return make_run()

    for games, seed, error, message in (
        (True, 0, TypeError, "games is an int, not bool"),
        (1.0, 0, TypeError, "games is an int, not float"),
        (-1, 0, DokuspecError, "the number of games is 0 or more, not -1"),
        (1, "0", TypeError, "the seed is an int, not str"),
        (1, False, TypeError, "the seed is an int, not bool"),
    ):
        with pytest.raises(error) as raised:
            simulate(games, seed, counted, None, argument="records")  # type: ignore[arg-type]
        assert str(raised.value) == message
        assert type(raised.value) is error
    assert made == []


def test_records_of_the_wrong_type_are_named_by_the_callers_argument() -> None:
    with pytest.raises(TypeError) as raised:
        simulate(1, 0, make_run, 3, argument="records_dir")
    assert str(raised.value) == "records_dir is a directory path, not int"


def test_play_checked_checks_the_index_before_the_run_is_made() -> None:
    made: list[int] = []

    def counted() -> Run[MinidokuState, Result]:
        made.append(1)
        return make_run()

    for index, error, message in (
        (True, TypeError, "a game's index is an int, not bool"),
        ("0", TypeError, "a game's index is an int, not str"),
        (-1, DokuspecError, "a game's index is 0 or more, not -1"),
    ):
        with pytest.raises(error) as raised:
            play_checked(index, 0, counted)  # type: ignore[arg-type]
        assert str(raised.value) == message
        assert type(raised.value) is error
    assert made == []
    with pytest.raises(TypeError) as raised:
        play_checked(0, "0", counted)  # type: ignore[arg-type]
    assert str(raised.value) == "the seed is an int, not str"


def test_a_game_ending_in_another_games_state_is_a_bug_not_a_result() -> None:
    run = Run(Minidoku(), (Uniform(), Uniform()), TwoDokuState, result_of, write_record)
    with pytest.raises(RuntimeError, match="internal error: a game ended in a MinidokuState"):
        play_game(run, 0, 0)  # type: ignore[arg-type]


def test_the_workers_and_scheduler_are_checked_before_the_run_is_made() -> None:
    made: list[int] = []

    def counted() -> Run[MinidokuState, Result]:
        made.append(1)
        return make_run()

    for workers, scheduler, error in (
        (0, None, DokuspecError),
        (1.5, None, TypeError),
        (1, 7, TypeError),
        (1, "not an address", DokuspecError),
        (2, "tcp://127.0.0.1:8786", DokuspecError),
    ):
        with pytest.raises(error) as raised:
            simulate(1, 0, counted, None, argument="records", workers=workers, scheduler=scheduler)  # type: ignore[arg-type]
        assert type(raised.value) is error
    assert made == []


def test_a_pair_of_bots_is_a_sequence_of_two_bots_or_names() -> None:
    uniform, lowest = Uniform(), Lowest()
    made = bot_pair((uniform, "lowest"), lambda name: lowest, Uniform, "Red and Blue")
    assert made[0] is uniform
    assert made[1] is lowest
    assert bot_pair([lowest, uniform], str, Uniform | Lowest, "Red and Blue") == (lowest, uniform)
    for bots, message in (
        ("ab", "bots is a pair: the bots (or their names) of Red and Blue"),
        (3, "bots is a pair: the bots (or their names) of Red and Blue"),
        ((uniform,), "bots is a pair: the bots (or their names) of Red and Blue"),
        ((uniform, 3), "a bot is a Bot or a bot's name, not int"),
        ((lowest, uniform), "a bot is a Bot or a bot's name, not Lowest"),
    ):
        with pytest.raises(TypeError) as raised:
            bot_pair(bots, str, Uniform, "Red and Blue")
        assert str(raised.value) == message


def test_each_players_bot_draws_from_its_own_generator_of_the_game_seed() -> None:
    drawn: dict[int, list[float]] = {0: [], 1: []}

    def drawing(state: MinidokuState, player: int, rng: random.Random) -> Action:
        drawn[player].append(rng.random())
        return state.legal_actions(player)[0]

    play_out(Minidoku(), (drawing, drawing), 5)
    assert drawn[0] and drawn[1]
    for player in (0, 1):
        expected = bot_rng(5, player)
        assert drawn[player] == [expected.random() for _ in drawn[player]]
    assert bot_rng(5, 0).random() != bot_rng(5, 1).random()
    assert bot_rng(5, 0).random() != bot_rng(6, 0).random()
