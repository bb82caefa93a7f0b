"""Every seed is an integer 0 to 2**64 - 1, and a game's index 0 or more, at every entry point.

The same value is refused the same way everywhere (:mod:`dokuspec.seeds`): a
bool or a non-int with TypeError, a value outside the domain with a
DokuspecError naming the argument; on the command line, a usage error
naming ``--seed`` (status 2).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.cli import main
from dokuspec.engine.base import GameRecord, RecordError, load_game
from dokuspec.engine.playout import play_game
from dokuspec.engine.records import game_seed
from dokuspec.errors import DokuspecError
from dokuspec.seeds import SEED_MAX, check_index, check_seed
from dokuspec.verify.campaign import (
    all_checks,
    reproduce_command,
    run_campaign,
    task_seed,
    tasks_of,
)
from dokuspec.verify.conformance import check_game, check_playout
from framework.test_engine_playout import make_run

TOO_LARGE = SEED_MAX + 1


def refused(seed: int, what: str = "the seed") -> str:
    return f"{what} is an integer 0 to 18446744073709551615, not {seed}"


def test_the_domain_is_0_to_2_to_the_64_minus_1() -> None:
    assert SEED_MAX == 18446744073709551615 == 2**64 - 1
    assert check_seed(0) == 0
    assert check_seed(SEED_MAX) == SEED_MAX
    for seed in (-1, TOO_LARGE, -(2**64)):
        with pytest.raises(DokuspecError) as caught:
            check_seed(seed)
        assert str(caught.value) == refused(seed)
    with pytest.raises(DokuspecError, match=r"^the run's seed is an integer 0 to"):
        check_seed(-1, "the run's seed")
    for value, kind in ((True, "bool"), (1.0, "float"), ("1", "str"), (None, "NoneType")):
        with pytest.raises(TypeError) as caught:
            check_seed(value)
        assert str(caught.value) == f"the seed is an int, not {kind}"
    assert check_index(0) == 0
    with pytest.raises(DokuspecError) as caught:
        check_index(-1)
    assert str(caught.value) == "a game's index is 0 or more, not -1"
    with pytest.raises(TypeError, match=r"^a game's index is an int, not bool$"):
        check_index(False)


# -- the library's entry points ------------------------------------------------------------------

# Each takes a seed (and, where it has one, a game's index 0).
SEEDED: dict[str, Callable[[Any], object]] = {
    "engine new_initial_state (sumodoku)": lambda seed: load_game("sumodoku").new_initial_state(
        seed
    ),
    "engine new_initial_state (competitive)": lambda seed: load_game(
        "competitive"
    ).new_initial_state(seed),
    "engine new_initial_state (twodoku)": lambda seed: load_game("twodoku").new_initial_state(seed),
    "engine new_initial_state (minidoku)": lambda seed: load_game("minidoku").new_initial_state(
        seed
    ),
    "engine game_seed": lambda seed: game_seed("sumodoku", seed, 0),
    "sumodoku.game_seed": lambda seed: sumodoku.game_seed(seed, 0),
    "competitive.game_seed": lambda seed: competitive.game_seed(seed, 0),
    "twodoku.game_seed": lambda seed: twodoku.game_seed(seed, 0),
    "sumodoku.play_game": lambda seed: sumodoku.play_game(0, seed, ("random", "random")),
    "competitive.play_game": lambda seed: competitive.play_game(0, seed, "draft"),
    "twodoku.play_game": lambda seed: twodoku.play_game(0, seed),
    "sumodoku.simulate": lambda seed: sumodoku.simulate(1, seed, ("random", "random")),
    "competitive.simulate": lambda seed: competitive.simulate(1, seed, "draft"),
    "twodoku.simulate": lambda seed: twodoku.simulate(1, seed),
    "competitive.deal": lambda seed: competitive.deal("draft", seed),
    "twodoku.deal": twodoku.deal,
    "conformance check_playout": lambda seed: check_playout(load_game("minidoku"), seed, 0),
    "conformance check_game": lambda seed: check_game("minidoku", games=1, seed=seed),
}

# The campaign's own seed is named so.
CAMPAIGN: dict[str, Callable[[Any], object]] = {
    "run_campaign": lambda seed: next(run_campaign(names=["competitive/line-kinds"], seed=seed)),
    "tasks_of": lambda seed: tasks_of(all_checks()[0], 1, seed),
    "task_seed": lambda seed: task_seed(seed, all_checks()[0].name, 0),
    "reproduce_command": lambda seed: reproduce_command(all_checks()[0].name, 1, seed),
}


@pytest.mark.parametrize("seed", [-1, TOO_LARGE])
@pytest.mark.parametrize("entry", sorted(SEEDED))
def test_a_seed_outside_the_domain_is_refused_naming_it(entry: str, seed: int) -> None:
    with pytest.raises(DokuspecError) as caught:
        SEEDED[entry](seed)
    assert str(caught.value) == refused(seed)


@pytest.mark.parametrize("entry", sorted(SEEDED))
def test_a_bool_seed_is_a_type_error(entry: str) -> None:
    with pytest.raises(TypeError, match=r"^the seed is an int, not bool$"):
        SEEDED[entry](True)


@pytest.mark.parametrize("seed", [-1, TOO_LARGE])
@pytest.mark.parametrize("entry", sorted(CAMPAIGN))
def test_the_campaigns_seed_is_refused_naming_it(entry: str, seed: int) -> None:
    with pytest.raises(DokuspecError) as caught:
        CAMPAIGN[entry](seed)
    assert str(caught.value) == refused(seed, "the campaign's seed")


def test_the_largest_seed_is_played_dealt_and_checked() -> None:
    assert twodoku.deal(SEED_MAX) == twodoku.deal(SEED_MAX)
    assert competitive.deal("draft", SEED_MAX) == competitive.deal("draft", SEED_MAX)
    result, _ = competitive.play_game(0, SEED_MAX, "draft")
    assert result.seed == competitive.game_seed(SEED_MAX, 0)
    check_playout(load_game("minidoku"), SEED_MAX, SEED_MAX)
    assert reproduce_command(all_checks()[0].name, 1, SEED_MAX).endswith(f"--seed {SEED_MAX}")


def test_a_negative_seed_no_longer_deals_the_deal_of_its_absolute_value() -> None:
    # random.Random(-1) is random.Random(1): -1 was read as 1.
    with pytest.raises(DokuspecError):
        twodoku.deal(-1)
    assert twodoku.deal(1) == twodoku.deal(1)


def test_the_conformance_policy_seed_is_checked_too() -> None:
    with pytest.raises(DokuspecError) as caught:
        check_playout(load_game("minidoku"), 0, -1)
    assert str(caught.value) == refused(-1, "the policy seed")


@pytest.mark.parametrize(
    "call",
    [
        lambda: game_seed("sumodoku", 1, -1),
        lambda: sumodoku.game_seed(1, -1),
        lambda: competitive.game_seed(1, -1),
        lambda: twodoku.game_seed(1, -1),
        lambda: sumodoku.play_game(-1, 1, ("random", "random")),
        lambda: competitive.play_game(-1, 1, "draft"),
        lambda: twodoku.play_game(-1, 1),
    ],
)
def test_a_negative_index_is_refused(call: Callable[[], object]) -> None:
    with pytest.raises(DokuspecError) as caught:
        call()
    assert str(caught.value) == "a game's index is 0 or more, not -1"


def test_the_engines_play_game_checks_the_runs_seed() -> None:
    with pytest.raises(DokuspecError) as caught:
        play_game(make_run(), -1, 0)
    assert str(caught.value) == refused(-1)


def test_a_simulation_with_a_bad_seed_makes_no_records_directory(tmp_path: Path) -> None:
    with pytest.raises(DokuspecError):
        twodoku.simulate(1, -1, ("random", "random"), tmp_path / "records")
    assert not (tmp_path / "records").exists()


@pytest.mark.parametrize("game", ["sumodoku", "competitive", "twodoku"])
def test_a_record_with_a_seed_outside_the_domain_is_located(game: str) -> None:
    module = {"sumodoku": sumodoku, "competitive": competitive, "twodoku": twodoku}[game]
    text = json.dumps({"game": game, "options": {}, "seed": -1, "actions": [], "result": None})
    with pytest.raises(DokuspecError) as caught:
        module.replay_record(text, source="game.json")
    column = text.index("-1") + 1
    assert str(caught.value) == f"game.json:1:{column}: $.seed: {refused(-1)}"
    with pytest.raises(RecordError, match=r"^\$\.seed: the seed is an integer 0 to"):
        GameRecord.from_json(json.loads(text))


# -- every --seed of the command line ------------------------------------------------------------

SEED_COMMANDS = [
    ["sumodoku", "simulate", "--games", "0"],
    ["competitive", "simulate", "--games", "0"],
    ["twodoku", "simulate", "--games", "0"],
    ["twodoku", "deal"],
    ["verify", "--check", "competitive/line-kinds", "--examples", "1"],
]


@pytest.mark.parametrize("seed", ["-1", str(TOO_LARGE)])
@pytest.mark.parametrize("args", SEED_COMMANDS, ids=lambda args: " ".join(args[:2]))
def test_every_seed_option_refuses_a_seed_outside_the_domain(args: list[str], seed: str) -> None:
    result = CliRunner().invoke(main, [*args, "--seed", seed])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"dokuspec: error: Invalid value for '--seed': {refused(int(seed))} (see --help)\n"
    )


@pytest.mark.parametrize("args", SEED_COMMANDS[:4], ids=lambda args: " ".join(args[:2]))
def test_every_seed_option_takes_the_largest_seed(args: list[str]) -> None:
    result = CliRunner().invoke(main, [*args, "--seed", str(SEED_MAX), "--json"])
    assert (result.exit_code, result.stderr) == (0, "")


def test_a_seed_that_is_not_an_integer_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["twodoku", "deal", "--seed", "1e3"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "dokuspec: error: Invalid value for '--seed': '1e3': give an integer 0 to "
        "18446744073709551615 (ASCII digits) (see --help)\n"
    )
