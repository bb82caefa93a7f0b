"""The engine protocol (dokuspec.engine.base) and Minidoku's rules (MD-1 to MD-9)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from fractions import Fraction
from typing import ClassVar

import pytest

from dokuspec.engine import minidoku
from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    EngineError,
    Game,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    JSONValue,
    Observation,
    RecordError,
    RegistryError,
    State,
    load_game,
    player_name,
    register,
    registered_games,
    replay,
    unregister,
)
from dokuspec.engine.minidoku import Bid, Draw, Minidoku, MinidokuState, Pass, Place
from dokuspec.errors import DokuspecError


def play(state: State, *actions: Action | tuple[Action, ...]) -> State:
    for action in actions:
        if isinstance(action, tuple):
            state.apply_actions(action)
        else:
            state.apply_action(action)
    return state


def scripted() -> State:
    """Hand size 2: player 0 is dealt 1 and 2, player 1 3 and 3; bids 2 and 3."""
    state = Minidoku(hand_size=2).new_initial_state(11)
    return play(state, Draw(1), Draw(3), Draw(2), Draw(3), (Bid(2), Bid(3)))


def random_game(seed: int, game: Game | None = None) -> list[State]:
    """Every state of a game with random choices, the first to the last."""
    rng = random.Random(seed)
    state = (game or Minidoku()).new_initial_state(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


# -- markers and errors --------------------------------------------------------------------------


def test_markers_are_openspiel_s() -> None:
    assert (CHANCE, SIMULTANEOUS, TERMINAL) == (-1, -2, -4)
    assert [player_name(p) for p in (0, 1, CHANCE, SIMULTANEOUS, TERMINAL)] == [
        "player 0",
        "player 1",
        "chance",
        "the simultaneous move",
        "game over",
    ]


def test_engine_errors_are_dokuspec_errors() -> None:
    for error in (EngineError, IllegalActionError, GameOptionError, RecordError, RegistryError):
        assert issubclass(error, DokuspecError)
        assert issubclass(error, ValueError)


# -- the registry --------------------------------------------------------------------------------


def test_minidoku_is_registered() -> None:
    assert "minidoku" in registered_games()
    assert load_game("minidoku") == Minidoku()
    assert load_game("minidoku", hand_size=4) == Minidoku(hand_size=4)
    assert load_game("minidoku", hand_size=4) != Minidoku()


def test_an_unknown_game_name_is_refused() -> None:
    with pytest.raises(RegistryError, match=r"^no game named 'chess' \(games: .*minidoku"):
        load_game("chess")


def test_a_taken_name_is_refused_and_a_new_game_registers() -> None:
    class Impostor(Minidoku):
        name: ClassVar[str] = "minidoku"

    with pytest.raises(RegistryError, match=r"^a game named 'minidoku' is already registered$"):
        register(Impostor)

    class Tiny(Minidoku):
        name: ClassVar[str] = "tiny-minidoku"

    register(Tiny)
    try:
        assert "tiny-minidoku" in registered_games()
        assert isinstance(load_game("tiny-minidoku"), Tiny)
        register(Tiny)  # the same class again is harmless
    finally:
        unregister("tiny-minidoku")
    assert "tiny-minidoku" not in registered_games()


def test_only_game_classes_register() -> None:
    with pytest.raises(TypeError, match="only Game subclasses"):
        register(int)  # type: ignore[type-var]


# -- options -------------------------------------------------------------------------------------


def test_options_have_defaults_and_are_copies() -> None:
    game = Minidoku()
    assert game.options == {"hand_size": 3, "first_on_tie": 0}
    game.options["hand_size"] = 9
    assert game.options["hand_size"] == 3
    assert repr(Minidoku(hand_size=5)) == "minidoku(first_on_tie=0, hand_size=5)"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"size": 3}, "minidoku: option 'size': unknown option (options: first_on_tie, hand_size)"),
        ({"hand_size": 8}, "minidoku: option 'hand_size': 8 is greater than the maximum of 7"),
        ({"hand_size": 0}, "minidoku: option 'hand_size': 0 is less than the minimum of 1"),
        ({"hand_size": "3"}, "minidoku: option 'hand_size': '3' is not of type 'integer'"),
        ({"hand_size": True}, "minidoku: option 'hand_size': True is not of type 'integer'"),
        ({"first_on_tie": 2}, "minidoku: option 'first_on_tie': 2 is not one of [0, 1]"),
    ],
)
def test_bad_options_are_named(options: dict[str, JSONValue], message: str) -> None:
    with pytest.raises(GameOptionError) as caught:
        Minidoku(**options)
    assert str(caught.value) == message
    assert caught.value.option == next(iter(options))


def test_declared_bounds() -> None:
    for hand_size in range(1, 8):
        game = Minidoku(hand_size=hand_size)
        assert game.num_players() == 2
        assert (game.min_utility(), game.max_utility()) == (-1, 1)
        # deals + bid + 14 placements + draws (16 - deals) + 16 passes
        assert game.max_game_length() == 47


def test_the_seed_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="the seed is an int, not str"):
        Minidoku().new_initial_state("1")  # type: ignore[arg-type]


# -- chance (MD-1, MD-2, MD-5) -------------------------------------------------------------------


def test_the_deal_draws_from_sixteen_tiles() -> None:
    state = Minidoku().new_initial_state()
    assert state.current_player() == CHANCE
    assert state.is_chance_node()
    quarter = Fraction(1, 4)
    assert state.chance_outcomes() == tuple((Draw(d), quarter) for d in (1, 2, 3, 4))
    assert state.legal_actions() == (Draw(1), Draw(2), Draw(3), Draw(4))
    assert state.legal_actions(0) == ()
    state.apply_action(Draw(1))
    assert state.chance_outcomes() == (
        (Draw(1), Fraction(3, 15)),
        (Draw(2), Fraction(4, 15)),
        (Draw(3), Fraction(4, 15)),
        (Draw(4), Fraction(4, 15)),
    )


def test_an_exhausted_digit_cannot_be_drawn() -> None:
    state = play(Minidoku(hand_size=4).new_initial_state(), *[Draw(2)] * 4)
    assert [a for a, _ in state.chance_outcomes()] == [Draw(1), Draw(3), Draw(4)]
    with pytest.raises(IllegalActionError, match=r"no tile 2 is left in the bag$"):
        state.apply_action(Draw(2))


def test_sampling_follows_the_seed_and_the_probabilities() -> None:
    state = Minidoku().new_initial_state(3)
    assert state.sample_chance_outcome() == state.sample_chance_outcome()
    assert state.sample_chance_outcome() == Minidoku().new_initial_state(3).sample_chance_outcome()
    counts = Counter(
        Minidoku().new_initial_state(seed).sample_chance_outcome() for seed in range(2000)
    )
    # 2000 draws with probability 1/4 each: mean 500, standard deviation about 19.4.
    assert set(counts) == {Draw(1), Draw(2), Draw(3), Draw(4)}
    assert all(400 <= count <= 600 for count in counts.values())


def test_sampling_is_refused_away_from_chance_nodes() -> None:
    with pytest.raises(IllegalActionError, match="not a chance node"):
        scripted().sample_chance_outcome()


# -- the bid (MD-3) ------------------------------------------------------------------------------


def test_the_bid_is_simultaneous_and_the_higher_tile_moves_first() -> None:
    state = play(Minidoku(hand_size=2).new_initial_state(), Draw(1), Draw(3), Draw(2), Draw(3))
    assert state.current_player() == SIMULTANEOUS
    assert state.is_simultaneous_node()
    assert state.legal_actions(0) == (Bid(1), Bid(2))
    assert state.legal_actions(1) == (Bid(3),)
    assert state.legal_actions() == ()
    with pytest.raises(
        IllegalActionError, match="every player acts at once here: use apply_actions"
    ):
        state.apply_action(Bid(1))
    state.apply_actions([Bid(2), Bid(3)])
    assert state.current_player() == 1
    assert state.observation(0).data["hand"] == [1]  # type: ignore[index, call-overload]


@pytest.mark.parametrize(("first_on_tie", "first"), [(0, 0), (1, 1)])
def test_equal_bids_let_the_option_s_player_move_first(first_on_tie: int, first: int) -> None:
    game = Minidoku(hand_size=1, first_on_tie=first_on_tie)
    state = play(game.new_initial_state(), Draw(2), Draw(2), (Bid(2), Bid(2)))
    assert state.current_player() == first


def test_a_joint_action_needs_one_legal_action_per_player() -> None:
    state = play(Minidoku(hand_size=2).new_initial_state(), Draw(1), Draw(3), Draw(2), Draw(3))
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions([Bid(2)])
    assert str(caught.value) == (
        "minidoku: illegal action (bid 2) for the simultaneous move: "
        "one action per player is needed: 2, not 1"
    )
    with pytest.raises(IllegalActionError, match="one action per player is needed: 2, not 3"):
        state.apply_actions([Bid(2), Bid(3), Bid(3)])
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions([Bid(2), Bid(2)])
    assert (
        str(caught.value)
        == "minidoku: illegal action bid 2 for player 1: player 1 holds no 2 to bid"
    )
    assert caught.value.player == 1
    assert state == before
    with pytest.raises(IllegalActionError, match="not a simultaneous node: use apply_action"):
        scripted().apply_actions([Bid(1), Bid(3)])


# -- placing and drawing (MD-4, MD-5) ------------------------------------------------------------


def test_placing_then_drawing() -> None:
    state = scripted()
    assert state.legal_actions() == tuple(Place(3, r, c) for r in range(1, 5) for c in range(1, 5))
    assert state.legal_actions(0) == ()
    state.apply_action(Place(3, 1, 1))
    assert state.current_player() == CHANCE
    # The stock: the 16 tiles less the four dealt (1, 2, 3, 3): 1 x3, 2 x3, 3 x2, 4 x4.
    assert state.chance_outcomes() == (
        (Draw(1), Fraction(1, 4)),
        (Draw(2), Fraction(1, 4)),
        (Draw(3), Fraction(1, 6)),
        (Draw(4), Fraction(1, 3)),
    )
    state.apply_action(Draw(4))
    assert state.current_player() == 0
    assert state.legal_actions() == tuple(
        Place(1, r, c) for r in range(1, 5) for c in range(1, 5) if (r, c) != (1, 1)
    )


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place(1, 1, 1), "r1c1 already holds 3"),
        (Place(3, 2, 2), "player 0 holds no 3"),
        (Pass(), "a player who can place a tile must place one (MD-4)"),
        (Draw(2), "player 0 must place a tile or pass"),
        (Bid(1), "player 0 must place a tile or pass"),
        (Place(1, 5, 1), "r5c1 is not on the 4x4 board"),
    ],
)
def test_an_illegal_action_is_explained_and_changes_nothing(action: Action, reason: str) -> None:
    state = play(scripted(), Place(3, 1, 1), Draw(4))
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert str(caught.value) == f"minidoku: illegal action {action} for player 0: {reason}"
    assert (caught.value.action, caught.value.player, caught.value.reason) == (action, 0, reason)
    assert state == before
    assert state.history() == before.history()


@pytest.mark.parametrize(
    ("place", "reason"),
    [
        (Place(1, 1, 4), "1 is already in the row of r1c4 (at r1c2)"),
        (Place(1, 3, 2), "1 is already in the column of r3c2 (at r1c2)"),
        (Place(1, 2, 1), "1 is already in the box of r2c1 (at r1c2)"),
    ],
)
def test_sudoku_clashes_are_named(place: Place, reason: str) -> None:
    # Player 0 places 1 at r1c2 and draws another 1; player 1 places 4 at r4c4, draws 2.
    state = play(scripted(), Place(3, 1, 1), Draw(4), Place(1, 1, 2), Draw(1), Place(4, 4, 4))
    state.apply_action(Draw(2))
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(place)
    assert caught.value.reason == reason


def test_wrong_python_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="an action is an Action, not dict"):
        scripted().apply_action({"type": "pass"})  # type: ignore[arg-type]
    with pytest.raises(EngineError, match=r"^minidoku: no player 2 \(players are 0..1\)$"):
        scripted().legal_actions(2)
    with pytest.raises(EngineError, match="no player -1"):
        scripted().observation(-1)


# -- passing, the end and the result (MD-6, MD-7, MD-8) ------------------------------------------


def test_a_game_without_placeable_tiles_ends_in_a_draw() -> None:
    state = play(Minidoku(hand_size=1).new_initial_state(5), Draw(2), Draw(2), (Bid(2), Bid(2)))
    assert state.legal_actions() == (Pass(),)
    play(state, Pass())
    assert state.current_player() == 1
    assert state.returns() == (0, 0)
    play(state, Pass())
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.returns() == (0, 0)
    assert state.legal_actions() == state.legal_actions(0) == state.legal_actions(1) == ()
    assert state.chance_outcomes() == ()
    with pytest.raises(IllegalActionError, match=r"for game over: the game is over$"):
        state.apply_action(Pass())


@pytest.mark.parametrize("seed", range(40))
def test_random_games_end_after_two_passes_with_the_placement_count_result(seed: int) -> None:
    final = random_game(seed)[-1]
    steps = final.history()
    assert [e.actions for e in steps[-2:]] == [(Pass(),), (Pass(),)]
    assert steps[-1].player == 1 - steps[-2].player
    placed = Counter(e.player for e in steps if isinstance(e.actions[0], Place))
    expected = (0, 0)
    if placed[0] != placed[1]:
        expected = (1, -1) if placed[0] > placed[1] else (-1, 1)
    assert final.returns() == expected
    assert len(steps) <= 47


# -- observations (MD-9) -------------------------------------------------------------------------


def test_an_observation_shows_the_board_the_bids_and_only_one_s_own_hand() -> None:
    state = play(scripted(), Place(3, 1, 1), Draw(4), Place(1, 1, 2), Draw(1))
    seen = state.observation(0)
    assert seen.player == 0
    assert seen.data == {
        "board": ["31..", "....", "....", "...."],
        "hand": [1],
        "hand_sizes": [1, 1],
        "stock": 10,
        "bids": [2, 3],
        "placed": [1, 1],
        "passes": 0,
        "to_move": 1,
    }
    assert (
        str(seen)
        == seen.text
        == "\n".join(
            [
                "minidoku, as player 0 sees it",
                "  31|..",
                "  ..|..",
                "  --+--",
                "  ..|..",
                "  ..|..",
                "hand: 1; opponent holds 1; stock: 10",
                "bids: 2 (player 0), 3 (player 1)",
                "placed: 1 and 1; to act: player 1",
            ]
        )
    )
    assert state.observation(1).data["hand"] == [4]  # type: ignore[index, call-overload]


@pytest.mark.parametrize("seed", range(12))
def test_resampling_keeps_what_the_player_knows_and_redraws_the_rest(seed: int) -> None:
    rng = random.Random(seed)
    redrawn = 0
    for state in random_game(seed, Minidoku(hand_size=seed % 4 + 2)):
        for player in (0, 1):
            other = state.resample_from_infostate(player, rng)
            assert other.observation(player) == state.observation(player)
            assert replay(other.record()) == other
            assert [e.player for e in other.history()] == [e.player for e in state.history()]
            mine = state.observation(1 - player).data
            theirs = other.observation(1 - player).data
            assert isinstance(mine, dict) and isinstance(theirs, dict)
            redrawn += mine["hand"] != theirs["hand"]
            # Every tile is somewhere: hands, stock, board or bids (MD-1).
            tiles: Counter[int] = Counter()
            for p in (0, 1):
                hand = other.observation(p).data["hand"]  # type: ignore[index, call-overload]
                tiles.update(hand)
            tiles.update(int(c) for row in theirs["board"] for c in row if c != ".")  # type: ignore[union-attr]
            tiles.update(theirs["bids"] or [])  # type: ignore[arg-type]
            assert tiles.total() + theirs["stock"] == 16  # type: ignore[operator]
            assert all(count <= 4 for count in tiles.values())
    assert redrawn > 0


def test_a_player_who_passed_is_resampled_with_unplaceable_tiles() -> None:
    checked = 0
    for seed in range(30):
        for state in random_game(seed):
            for passer in (0, 1):
                if not any(e.player == passer and e.actions == (Pass(),) for e in state.history()):
                    continue
                other = state.resample_from_infostate(1 - passer, random.Random(seed))
                assert isinstance(other, MinidokuState)
                hand = other.observation(passer).data["hand"]  # type: ignore[index, call-overload]
                board = other.observation(passer).data["board"]  # type: ignore[index, call-overload]
                cells = [[int(c) if c != "." else 0 for c in row] for row in board]
                for digit in hand:
                    for r in range(4):
                        for c in range(4):
                            box = {
                                cells[br][bc]
                                for br in range(2 * (r // 2), 2 * (r // 2) + 2)
                                for bc in range(2 * (c // 2), 2 * (c // 2) + 2)
                            }
                            column = {cells[i][c] for i in range(4)}
                            assert cells[r][c] or digit in set(cells[r]) | column | box
                checked += 1
    assert checked > 0


# -- clones and records --------------------------------------------------------------------------


def test_a_clone_is_equal_and_independent() -> None:
    state = scripted()
    clone = state.clone()
    assert clone == state and clone is not state
    clone.apply_action(Place(3, 2, 2))
    assert clone != state
    assert state.legal_actions() == tuple(Place(3, r, c) for r in range(1, 5) for c in range(1, 5))


FINISHED: dict[str, JSONValue] = {
    "game": "minidoku",
    "options": {"hand_size": 1, "first_on_tie": 0},
    "seed": 5,
    "actions": [
        {"player": -1, "action": {"type": "draw", "digit": 2}},
        {"player": -1, "action": {"type": "draw", "digit": 2}},
        {"player": -2, "actions": [{"type": "bid", "digit": 2}, {"type": "bid", "digit": 2}]},
        {"player": 0, "action": {"type": "pass"}},
        {"player": 1, "action": {"type": "pass"}},
    ],
    "result": [0, 0],
}


def finished() -> State:
    state = Minidoku(hand_size=1).new_initial_state(5)
    return play(state, Draw(2), Draw(2), (Bid(2), Bid(2)), Pass(), Pass())


def test_a_record_has_the_documented_json_form_and_replays() -> None:
    record = finished().record()
    assert record.to_json() == FINISHED
    assert GameRecord.from_json(json.loads(json.dumps(FINISHED))) == record
    assert replay(record) == finished()


def test_an_unfinished_record_has_no_result() -> None:
    record = scripted().record()
    assert record.result is None
    assert record.to_json()["result"] is None
    assert replay(record) == scripted()


def edited(path: tuple[str | int, ...], value: JSONValue) -> dict[str, JSONValue]:
    data = json.loads(json.dumps(FINISHED))
    target = data
    for key in path[:-1]:
        target = target[key]
    if isinstance(target, list) and path[-1] == len(target):
        target.append(value)  # one step more
    else:
        target[path[-1]] = value
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (edited(("result",), [1, -1]), "$.result: the record says [1, -1], the game gives [0, 0]"),
        (
            edited(("result",), None),
            "$.result: the record says null, the game gives [0, 0]",
        ),
        (
            edited(("actions", 1, "player"), 0),
            "$.actions[1].player: recorded for player 0, but chance is to act",
        ),
        (
            edited(("actions", 0, "action", "digit"), 5),
            "$.actions[0].action.digit: 5 is not one of 1, 2, 3, 4",
        ),
        (
            edited(("actions", 2, "actions", 1), {"type": "fold"}),
            '$.actions[2].actions[1].type: "fold" is not an action type (bid, draw, pass, place)',
        ),
        (
            edited(("actions", 2, "actions", 0, "digit"), 3),
            "$.actions[2]: minidoku: illegal action bid 3 for player 0: player 0 holds no 3 to bid",
        ),
        (
            edited(("actions", 0, "note"), "first"),
            "$.actions[0]: unexpected member 'note' (expected 'action')",
        ),
        (
            edited(("actions", 5), {"player": 0, "action": {"type": "pass"}}),
            "$.actions[5].player: recorded for player 0, but the game is over",
        ),
    ],
)
def test_a_bad_record_is_refused_with_its_json_path(data: JSONValue, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        replay(GameRecord.from_json(data))
    assert str(caught.value) == message


def test_a_record_of_the_wrong_shape_is_refused() -> None:
    data = edited(("seed",), 5)
    del data["seed"]
    with pytest.raises(RecordError, match=r"^\$: 'seed' is a required property$"):
        GameRecord.from_json(data)
    with pytest.raises(RecordError, match=r"^\$\.seed: 'x' is not of type 'integer'$"):
        GameRecord.from_json(edited(("seed",), "x"))


def test_a_record_with_an_unknown_game_or_option_is_refused() -> None:
    with pytest.raises(RegistryError, match="no game named 'chess'"):
        replay(GameRecord.from_json(edited(("game",), "chess")))
    with pytest.raises(GameOptionError, match="option 'hand_size': 9 is greater than"):
        replay(GameRecord.from_json(edited(("options", "hand_size"), 9)))


@pytest.mark.parametrize("seed", range(10))
def test_every_action_round_trips_through_json(seed: int) -> None:
    game = Minidoku()
    for state in random_game(seed):
        for player in (CHANCE, 0, 1):
            for action in state.legal_actions(player):
                assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_minidoku_module_names() -> None:
    assert minidoku.__all__ == ["Bid", "Draw", "Minidoku", "MinidokuState", "Pass", "Place"]
    assert [str(a) for a in (Draw(1), Bid(2), Place(3, 1, 4), Pass())] == [
        "draw 1",
        "bid 2",
        "place 3 at r1c4",
        "pass",
    ]


# -- open actions ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Say(Action):
    """An open action: any word of at most 5 letters."""

    word: str

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": "say", "word": self.word}

    def __str__(self) -> str:
        return f"say {self.word}"


@dataclasses.dataclass(frozen=True)
class Stop(Action):
    def to_json(self) -> dict[str, JSONValue]:
        return {"type": "stop"}

    def __str__(self) -> str:
        return "stop"


class Chatter(Game):
    """One player says up to two words (open actions) or stops (listed)."""

    name: ClassVar[str] = "chatter"

    def num_players(self) -> int:
        return 1

    def min_utility(self) -> float:
        return 0

    def max_utility(self) -> float:
        return 2

    def max_game_length(self) -> int:
        return 3

    def new_initial_state(self, seed: int = 0) -> ChatterState:
        return ChatterState(self, seed)

    def action_from_json(self, data: object) -> Action:
        if data == {"type": "stop"}:
            return Stop()
        if isinstance(data, dict) and data.get("type") == "say":
            return Say(str(data["word"]))
        raise RecordError(f"$: not an action: {data!r}")


class ChatterState(State):
    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.words: list[str] = []
        self.stopped = False

    def current_player(self) -> int:
        return TERMINAL if self.stopped or len(self.words) == 2 else 0

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return (Stop(),)

    def _open_actions(self, player: int) -> tuple[str, ...]:
        return ("say",)

    def _accepts_open(self, player: int, action: Action) -> bool:
        return isinstance(action, Say) and len(action.word) <= 5

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Say):
            self.words.append(action.word)
        else:
            self.stopped = True

    def returns(self) -> tuple[float, ...]:
        return (len(self.words),)

    def observation(self, player: int) -> Observation:
        return Observation(player, list[JSONValue](self.words), " ".join(self.words))

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        return self.clone()


def test_an_open_action_is_accepted_without_being_listed() -> None:
    state = Chatter().new_initial_state(0)
    assert state.legal_actions() == (Stop(),)
    assert state.open_actions() == state.open_actions(0) == ("say",)
    state.apply_action(Say("hello"))
    assert state.words == ["hello"]
    assert state.history()[-1].actions == (Say("hello"),)
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Say("goodbye"))
    assert caught.value.reason == "not a legal action here"
    assert state == before
    state.apply_action(Say("bye"))
    assert state.is_terminal()
    assert state.open_actions() == state.open_actions(0) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(Say("more"))


def test_a_record_with_open_actions_replays() -> None:
    register(Chatter)
    try:
        state = Chatter().new_initial_state(0)
        state.apply_action(Say("hi"))
        state.apply_action(Stop())
        again = replay(GameRecord.from_json(json.loads(json.dumps(state.record().to_json()))))
        assert again == state
    finally:
        unregister("chatter")


def test_a_game_without_open_actions_offers_none() -> None:
    state = Minidoku().new_initial_state(0)
    assert state.open_actions() == ()  # a chance node: the deal
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome())
    assert state.open_actions() == state.open_actions(0) == state.open_actions(1) == ()
    with pytest.raises(EngineError, match="no player 2"):
        state.open_actions(2)
    with pytest.raises(TypeError, match="a player is an int"):
        state.open_actions("0")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cell", "peers"),
    [
        # r1c1: row 1, column 1, and the top-left 2x2 box's r2c2.
        ((1, 1), {(1, 2), (1, 3), (1, 4), (2, 1), (3, 1), (4, 1), (2, 2)}),
        # r2c3: row 2, column 3, and the top-right box's r1c4.
        ((2, 3), {(2, 1), (2, 2), (2, 4), (1, 3), (3, 3), (4, 3), (1, 4)}),
        # r4c4: row 4, column 4, and the bottom-right box's r3c3.
        ((4, 4), {(4, 1), (4, 2), (4, 3), (1, 4), (2, 4), (3, 4), (3, 3)}),
        # r3c2: row 3, column 2, and the bottom-left box's r4c1.
        ((3, 2), {(3, 1), (3, 3), (3, 4), (1, 2), (2, 2), (4, 2), (4, 1)}),
    ],
)
def test_a_minidoku_cells_peers_are_its_row_column_and_box(
    cell: tuple[int, int], peers: set[tuple[int, int]]
) -> None:
    # Cells are numbered row by row from 0 (r1c1) to 15 (r4c4).
    index = (cell[0] - 1) * 4 + cell[1] - 1
    expected = frozenset((r - 1) * 4 + c - 1 for r, c in peers)
    assert minidoku._unit_cells(index) == expected
    assert minidoku._PEERS[index] == expected
