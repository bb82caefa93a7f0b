"""The conformance suite passes every registered game and catches planted faults.

Each planted fault is patched into Minidoku (the registered classes
themselves, so that replayed records meet the same fault) and must be caught
by the check named for it. :func:`catch_rate` runs them all.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import hypothesis
import pytest
from helpers import examples
from hypothesis import Phase

from dokuspec.engine.base import (
    Action,
    Game,
    GameRecord,
    JSONValue,
    Observation,
    RegistryError,
    State,
    registered_games,
)
from dokuspec.engine.minidoku import Draw, Minidoku, MinidokuState, Pass, Place
from dokuspec.engine.sumodoku import Sumodoku
from dokuspec.verify.conformance import (
    CHECKS,
    ConformanceError,
    check_game,
    check_playout,
)

# -- the unpatched games pass --------------------------------------------------------------------


@pytest.mark.parametrize("name", registered_games())
def test_every_registered_game_conforms(name: str) -> None:
    # Half the profile's examples: each game is also played at random by its engine's own
    # tests (Minidoku and Sumodoku in every mode below), and `dokuspec verify` runs this
    # suite with as many games as asked.
    check_game(name, games=examples(0.5))


@pytest.mark.parametrize(
    "options",
    [{"hand_size": 1}, {"hand_size": 7}, {"hand_size": 2, "first_on_tie": 1}],
)
def test_minidoku_conforms_with_every_kind_of_option(options: dict[str, JSONValue]) -> None:
    check_game(lambda: Minidoku(**options), games=5)


SUMODOKU_OPTIONS: list[dict[str, JSONValue]] = [
    {},
    {"colour_assignment": "random", "first_player": 2},
    {"enforcement": "tabletop"},
    {"enforcement": "tabletop", "observer": 0.5, "colour_assignment": "random"},
    {"enforcement": "tabletop", "observer": 1, "x": True},
    {"free_colours": True},
    {"free_colours": True, "enforcement": "tabletop", "observer": 0.25},
    {"x": True, "parity": "oe." * 27, "consecutive": ["r1c1-r1c2", "r5c5-r6c5"]},
    {"consecutive": ["r1c1-r1c2", "r2c2-r2c3"], "strict_marks": True},
    {"non_consecutive": True, "claim_window": [1, 81], "claim_time_limits": [[1, 81, 60]]},
]


@pytest.mark.parametrize("options", SUMODOKU_OPTIONS, ids=json.dumps)
def test_sumodoku_conforms_in_every_mode_and_variant(options: dict[str, JSONValue]) -> None:
    check_game(lambda: Sumodoku(**options), games=2)


def test_check_playout_returns_the_record_of_a_finished_game() -> None:
    record = check_playout(Minidoku(), 7, 8)
    assert isinstance(record, GameRecord)
    assert record.game == "minidoku"
    assert record.seed == 7
    assert record.result in {(1, -1), (-1, 1), (0, 0)}


def test_check_game_refuses_an_unknown_name() -> None:
    with pytest.raises(RegistryError, match="no game named 'chess'"):
        check_game("chess")


def test_check_names_are_the_documented_ones() -> None:
    assert CHECKS == (
        "length",
        "returns",
        "terminal",
        "chance",
        "action-json",
        "clone",
        "observation",
        "illegal-action",
        "simultaneous",
        "record",
        "seed",
    )


# -- planted faults ------------------------------------------------------------------------------

Patch = Callable[[pytest.MonkeyPatch], None]


def _clone_shares_data(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(MinidokuState, "clone", copy.copy)  # a shallow copy: shares the lists


def _record_loses_last_action(mp: pytest.MonkeyPatch) -> None:
    def record(self: State) -> GameRecord:
        full = State.record(self)
        return dataclasses.replace(full, actions=full.actions[:-1])

    mp.setattr(MinidokuState, "record", record)


def _record_loses_an_option(mp: pytest.MonkeyPatch) -> None:
    def options(self: Game) -> dict[str, JSONValue]:
        return {k: v for k, v in self._options.items() if k != "first_on_tie"}

    mp.setattr(Minidoku, "options", property(options))


def _terminal_offers_actions(mp: pytest.MonkeyPatch) -> None:
    def legal_actions(self: State, player: int | None = None) -> tuple[Action, ...]:
        if self.is_terminal():
            return (Pass(),)
        return State.legal_actions(self, player)

    mp.setattr(MinidokuState, "legal_actions", legal_actions)


def _chance_does_not_sum_to_one(mp: pytest.MonkeyPatch) -> None:
    def chance_outcomes(self: MinidokuState) -> tuple[tuple[Action, Fraction], ...]:
        if not self.is_chance_node():
            return ()
        return tuple((Draw(d), Fraction(n, 16)) for d, n in sorted(self._stock.items()) if n)

    mp.setattr(MinidokuState, "chance_outcomes", chance_outcomes)


def _duplicate_chance_outcomes(mp: pytest.MonkeyPatch) -> None:
    def chance_outcomes(self: MinidokuState) -> tuple[tuple[Action, Fraction], ...]:
        if not self.is_chance_node():
            return ()
        tiles = [d for d, n in sorted(self._stock.items()) for _ in range(n)]
        return tuple((Draw(d), Fraction(1, len(tiles))) for d in tiles)

    mp.setattr(MinidokuState, "chance_outcomes", chance_outcomes)


def _illegal_action_mutates(mp: pytest.MonkeyPatch) -> None:
    def apply_action(self: MinidokuState, action: Action) -> None:
        self._passes += 1
        try:
            State.apply_action(self, action)
        except ValueError:
            raise
        self._passes -= 1

    mp.setattr(MinidokuState, "apply_action", apply_action)


def _observation_data_leaks(mp: pytest.MonkeyPatch) -> None:
    honest = MinidokuState.observation

    def observation(self: MinidokuState, player: int) -> Observation:
        seen = honest(self, player)
        assert isinstance(seen.data, dict)
        data = {**seen.data, "opponent_hand": list[JSONValue](self._hands[1 - player])}
        return Observation(player, data, seen.text)

    mp.setattr(MinidokuState, "observation", observation)


def _observation_text_leaks(mp: pytest.MonkeyPatch) -> None:
    honest = MinidokuState.observation

    def observation(self: MinidokuState, player: int) -> Observation:
        seen = honest(self, player)
        return Observation(player, seen.data, f"{seen.text}\nopponent: {self._hands[1 - player]}")

    mp.setattr(MinidokuState, "observation", observation)


def _returns_out_of_bounds(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(MinidokuState, "returns", lambda self: tuple(self._placed))


def _max_length_too_short(mp: pytest.MonkeyPatch) -> None:
    # Counts deals, the bid and placements, but forgets draws and passes.
    mp.setattr(Minidoku, "max_game_length", lambda self: 2 * self.hand_size + 1 + 14)


def _seed_ignored(mp: pytest.MonkeyPatch) -> None:
    def sample_chance_outcome(self: State) -> Action:
        return random.choice([action for action, _ in self.chance_outcomes()])

    mp.setattr(MinidokuState, "sample_chance_outcome", sample_chance_outcome)


def _joint_action_of_any_length(mp: pytest.MonkeyPatch) -> None:
    def apply_actions(self: State, actions: tuple[Action, ...]) -> None:
        State.apply_actions(self, tuple(actions)[:2])

    mp.setattr(MinidokuState, "apply_actions", apply_actions)


def _action_json_loses_a_field(mp: pytest.MonkeyPatch) -> None:
    def to_json(self: Place) -> dict[str, JSONValue]:
        return {"type": "place", "digit": self.digit, "row": self.row}

    mp.setattr(Place, "to_json", to_json)


FAULTS: dict[str, tuple[Patch, str, Callable[[], Game]]] = {
    "clone shares mutable state": (_clone_shares_data, "clone", Minidoku),
    "record loses the last action": (_record_loses_last_action, "record", Minidoku),
    "record loses an option": (
        _record_loses_an_option,
        "record",
        lambda: Minidoku(first_on_tie=1),
    ),
    "terminal state offers an action": (_terminal_offers_actions, "terminal", Minidoku),
    "chance probabilities do not sum to 1": (_chance_does_not_sum_to_one, "chance", Minidoku),
    "duplicate chance outcomes": (_duplicate_chance_outcomes, "chance", Minidoku),
    "illegal action mutates the state": (_illegal_action_mutates, "illegal-action", Minidoku),
    "observation data shows the opponent's hand": (
        _observation_data_leaks,
        "observation",
        Minidoku,
    ),
    "observation text shows the opponent's hand": (
        _observation_text_leaks,
        "observation",
        Minidoku,
    ),
    "returns outside the declared bounds": (_returns_out_of_bounds, "returns", Minidoku),
    "games longer than max_game_length": (_max_length_too_short, "length", Minidoku),
    "seed ignored: global randomness": (_seed_ignored, "seed", Minidoku),
    "apply_actions takes a wrong number of actions": (
        _joint_action_of_any_length,
        "simultaneous",
        Minidoku,
    ),
    "action JSON loses a field": (_action_json_loses_a_field, "action-json", Minidoku),
}

# No shrinking (each fault is reported as first found) and no example database,
# so that every run plays the same games.
FAULT_SETTINGS = hypothesis.settings(
    hypothesis.settings(), phases=(Phase.explicit, Phase.generate), database=None
)


@cache
def caught_by(fault: str) -> str | None:
    """The check that catches ``fault`` in a run of the suite, or ``None``."""
    patch, _, factory = FAULTS[fault]
    with pytest.MonkeyPatch.context() as mp:
        patch(mp)
        try:
            check_game(factory, seed=0, settings=FAULT_SETTINGS)
        except ConformanceError as error:
            return error.check
    return None


def catch_rate() -> float:
    """Planted faults caught by the check named for them, over planted faults."""
    caught = sum(caught_by(fault) == expected for fault, (_, expected, _) in FAULTS.items())
    return caught / len(FAULTS)


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_planted_fault_is_caught_by_its_check(fault: str) -> None:
    assert caught_by(fault) == FAULTS[fault][1]


def test_every_planted_fault_is_caught() -> None:
    assert len(FAULTS) == 14
    assert catch_rate() == 1.0


@pytest.mark.parametrize("factory", [Minidoku, lambda: Minidoku(first_on_tie=1)])
def test_the_unpatched_game_passes_the_fault_runs_settings(factory: Callable[[], Game]) -> None:
    # Every fault is caught within the first games of these runs.
    check_game(factory, games=10, seed=0, settings=FAULT_SETTINGS)


def test_a_failure_names_the_check_the_game_the_seeds_and_the_history() -> None:
    with pytest.MonkeyPatch.context() as mp:
        _returns_out_of_bounds(mp)
        with pytest.raises(ConformanceError) as caught:
            check_playout(Minidoku(), 3, 4)
    error = caught.value
    assert error.check == "returns"
    assert (error.seed, error.policy_seed) == (3, 4)
    assert error.game == "minidoku(first_on_tie=0, hand_size=3)"
    # The first state out of bounds is the one after some player's second placement.
    placements = [step.split(":")[0] for step in error.history if ": place " in step]
    assert sorted(placements).count(placements[-1]) == 2
    player = placements[-1][1:]
    assert error.problem == f"player {player}'s return 2 is outside [-1, 1]"
    first_line, *rest = str(error).splitlines()
    assert first_line.startswith(
        "conformance check 'returns' failed for minidoku(first_on_tie=0, hand_size=3) "
        "(seed 3, policy seed 4): player "
    )
    assert rest[0].startswith(f"  history ({len(error.history)} steps): chance: draw ")
    assert all(len(line) <= 80 for line in rest)
