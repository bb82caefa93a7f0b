"""Exact contracts of the engine protocol's base classes (``dokuspec.engine.base``).

Errors are checked with their attributes and whole messages (the command line
prints them); state equality, cloning, chance sampling, game records and the
registry with hand-built games: Minidoku (rules MD-1 to MD-9) and two small
games defined here.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from dokuspec import games
from dokuspec.engine import registry as engine_registry
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
    OptionSpec,
    RecordError,
    RegistryError,
    State,
    load_game,
    register,
    replay,
    unregister,
)
from dokuspec.engine.minidoku import Bid, Draw, Minidoku, Pass

# -- two small games -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """The one listed action of the shelf game."""

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": "mark"}

    def __str__(self) -> str:
        return "mark"


@dataclass(frozen=True, slots=True)
class Note(Action):
    """An open action: player 1 may write any word."""

    word: str

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": "note", "word": self.word}

    def __str__(self) -> str:
        return f"note {self.word}"


class Shelf(Game):
    """Two players; the node is whatever a test sets. Options: ``limit``, ``tags``, ``layout``."""

    name: ClassVar[str] = "shelf"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("limit", None, {"type": ["integer", "null"], "minimum": 0}, "a bound or none"),
        OptionSpec("tags", [], {"type": "array", "items": {"type": "string"}}, "labels"),
        OptionSpec("layout", {}, {"type": "object"}, "any object"),
    )

    def num_players(self) -> int:
        return 2

    def min_utility(self) -> float:
        return 0

    def max_utility(self) -> float:
        return 0

    def max_game_length(self) -> int:
        return 1

    def new_initial_state(self, seed: int = 0) -> ShelfState:
        return ShelfState(self, seed)

    def action_from_json(self, data: object) -> Action:
        if data == {"type": "mark"}:
            return Mark()
        raise RecordError("not a shelf action")  # no JSON path: replay adds it


class ShelfCopy(Shelf):
    """Another game class under the same name and with the same options."""


class Bare(Shelf):
    """A game without options."""

    name: ClassVar[str] = "bare"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()


class ShelfState(State):
    """Holds ``content``, any value a test puts there; the node is ``node``."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.node = 0
        self.content: object = None
        self.outcomes: tuple[tuple[Action, Fraction], ...] = ()

    def current_player(self) -> int:
        return self.node

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return (Mark(),)

    def _accepts_open(self, player: int, action: Action) -> bool:
        return player == 1 and isinstance(action, Note)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        return self.outcomes

    def _apply(self, player: int, action: Action) -> None:
        self.node = TERMINAL

    def returns(self) -> tuple[float, ...]:
        return (0, 0)

    def observation(self, player: int) -> Observation:
        return Observation(player, None, "")

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        return self.clone()


class JointShelfState(ShelfState):
    """A shelf state whose simultaneous node is played: it keeps the joint action."""

    def _apply_joint(self, actions: tuple[Action, ...]) -> None:
        self.content = actions
        self.node = TERMINAL


class Memo:
    """A plain object (no ``__eq__``): states compare what it holds."""

    def __init__(self, text: str) -> None:
        self.text = text


class Memo2:
    """Another plain class, with the same attribute as :class:`Memo`."""

    def __init__(self, text: str) -> None:
        self.text = text


def shelf(content: object, game: Game | None = None) -> ShelfState:
    state = ShelfState(game or Shelf(), 0)
    state.content = content
    return state


def minidoku_at_bid() -> State:
    """Hand size 1: each player is dealt a 2 (MD-2); the bid is next (MD-3)."""
    state = Minidoku(hand_size=1).new_initial_state(5)
    state.apply_action(Draw(2))
    state.apply_action(Draw(2))
    return state


# -- errors --------------------------------------------------------------------------------------


def test_an_illegal_joint_action_names_the_game_every_action_and_the_player() -> None:
    state = Minidoku().new_initial_state(0)  # the deal: a chance node (MD-2)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_actions([Bid(1), Bid(2)])
    error = caught.value
    assert (error.game, error.action, error.player) == ("minidoku", (Bid(1), Bid(2)), CHANCE)
    assert error.reason == "not a simultaneous node: use apply_action"
    assert str(error) == (
        "minidoku: illegal action (bid 1, bid 2) for chance: "
        "not a simultaneous node: use apply_action"
    )
    assert state.history() == ()


def test_a_joint_action_element_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError) as caught:
        minidoku_at_bid().apply_actions([Bid(2), "bid 2"])  # type: ignore[list-item]
    assert str(caught.value) == "an action is an Action, not str"


def test_a_single_action_at_the_bid_is_refused() -> None:
    state = minidoku_at_bid()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Bid(2))
    error = caught.value
    assert (error.game, error.action, error.player) == ("minidoku", Bid(2), SIMULTANEOUS)
    assert str(error) == (
        "minidoku: illegal action bid 2 for the simultaneous move: "
        "every player acts at once here: use apply_actions"
    )


def test_an_illegal_action_names_the_player_in_the_games_words() -> None:
    class Named(Shelf):
        player_names: ClassVar[tuple[str, ...]] = ("Red", "Blue")

    state = Named().new_initial_state()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Note("x"))  # only player 1 may write
    assert str(caught.value) == "shelf: illegal action note x for Red: not a legal action here"


@pytest.mark.parametrize("seed", [2**64, -1])
def test_a_records_seed_out_of_range_is_refused_in_the_seeds_words(seed: int) -> None:
    data = {"game": "minidoku", "options": {}, "seed": seed, "actions": [], "result": None}
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(data)
    assert str(caught.value) == (
        f"$.seed: the seed is an integer 0 to 18446744073709551615, not {seed}"
    )


def test_an_action_after_the_end_is_refused() -> None:
    state = minidoku_at_bid()
    state.apply_actions([Bid(2), Bid(2)])
    state.apply_action(Pass())  # MD-6: an empty hand cannot place
    state.apply_action(Pass())  # MD-7: two passes end the game
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(Pass())
    error = caught.value
    assert (error.game, error.action, error.player) == ("minidoku", Pass(), TERMINAL)
    assert str(error) == "minidoku: illegal action pass for game over: the game is over"


def test_a_player_of_another_type_is_a_type_error() -> None:
    with pytest.raises(TypeError) as caught:
        minidoku_at_bid().legal_actions("0")  # type: ignore[arg-type]
    assert str(caught.value) == "a player is an int, not str"


def test_a_bad_option_names_the_game_and_the_option() -> None:
    with pytest.raises(GameOptionError) as caught:
        Minidoku(hand_size=9)
    assert (caught.value.game, caught.value.option) == ("minidoku", "hand_size")


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        # The schema accepts null, but not a string.
        (Shelf, {"limit": "3"}, "shelf: option 'limit': '3' is not of type 'integer', 'null'"),
        (Shelf, {"limit": -1}, "shelf: option 'limit': -1 is less than the minimum of 0"),
        (Shelf, {"tags": ["a", 1]}, "shelf: option 'tags': 1 is not of type 'string'"),
        (Bare, {"limit": 3}, "bare: option 'limit': unknown option (options: none)"),
    ],
)
def test_an_option_value_its_schema_refuses_is_named(
    game: type[Game], options: dict[str, JSONValue], message: str
) -> None:
    with pytest.raises(GameOptionError) as caught:
        game(**options)
    assert str(caught.value) == message


def test_of_two_equally_telling_errors_the_first_keyword_in_sorted_order_is_named() -> None:
    # The schema declares multipleOf before minimum; the engine reads its keywords sorted.
    class Even(Bare):
        name: ClassVar[str] = "even"
        option_specs: ClassVar[tuple[OptionSpec, ...]] = (
            OptionSpec("n", 10, {"type": "integer", "multipleOf": 2, "minimum": 10}, "n"),
        )

    with pytest.raises(GameOptionError) as caught:
        Even(n=3)
    assert str(caught.value) == "even: option 'n': 3 is less than the minimum of 10"


def test_a_record_that_is_no_object_is_refused() -> None:
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json([1])
    assert str(caught.value) == "$: [1] is not of type 'object'"


def test_a_record_for_the_wrong_player_names_both_in_the_games_words() -> None:
    @register
    class Named(Shelf):
        name: ClassVar[str] = "named"
        player_names: ClassVar[tuple[str, ...]] = ("Red", "Blue")

    options = Named().options
    try:
        late = GameRecord("named", options, 0, ({"player": 1, "action": {"type": "mark"}},))
        with pytest.raises(RecordError) as caught:
            replay(late)
        assert str(caught.value) == (
            "$.actions[0].player: recorded for player 1 (Blue), but Red is to act"
        )
        over = GameRecord(
            "named",
            options,
            0,
            ({"player": 0, "action": {"type": "mark"}}, {"player": 0, "action": {"type": "mark"}}),
        )
        with pytest.raises(RecordError) as caught:
            replay(over)
        assert str(caught.value) == (
            "$.actions[1].player: recorded for player 0 (Red), but the game is over"
        )
    finally:
        unregister("named")


def test_an_option_value_is_copied_from_the_caller() -> None:
    rows: list[JSONValue] = [1, 2]
    game = Shelf(layout={"rows": rows}, limit=None)
    rows.append(3)
    assert game.options == {"limit": None, "tags": [], "layout": {"rows": [1, 2]}}


# -- games as dict keys --------------------------------------------------------------------------


def test_games_hash_by_class_and_options() -> None:
    assert hash(Minidoku(hand_size=2)) == hash(Minidoku(hand_size=2))
    assert {Minidoku(hand_size=2): "a"}[Minidoku(hand_size=2)] == "a"
    games: list[Game] = [Minidoku(hand_size=size) for size in range(1, 8)]
    games += [Minidoku(first_on_tie=1), Shelf(), ShelfCopy(), Shelf(limit=2)]
    # Unequal games (another class or other options) hash apart.
    assert len({hash(game) for game in games}) == len(games)


# -- state equality ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "right"),
    [
        pytest.param(Memo("a"), Memo("a"), id="plain objects with equal contents"),
        pytest.param({1, 2}, {2, 1}, id="sets"),
        pytest.param([1, [2]], [1, [2]], id="nested lists"),
        pytest.param({"k": (1, 2)}, {"k": (1, 2)}, id="dicts"),
        pytest.param(None, None, id="nothing"),
    ],
)
def test_states_holding_equal_contents_are_equal(left: object, right: object) -> None:
    assert shelf(left) == shelf(right)


@pytest.mark.parametrize(
    ("left", "right"),
    [
        pytest.param(Memo("a"), Memo("b"), id="plain objects with other contents"),
        pytest.param(Memo("a"), Memo2("a"), id="plain objects of other classes"),
        pytest.param({1}, {2}, id="sets"),
        pytest.param([1, 2], [1, 3], id="lists"),
        pytest.param([1, 2], (1, 2), id="a list and a tuple"),
        pytest.param({"k": 1}, {"k": 2}, id="dicts"),
        pytest.param(None, 0, id="nothing and zero"),
    ],
)
def test_states_holding_other_contents_are_unequal(left: object, right: object) -> None:
    assert shelf(left) != shelf(right)


def test_states_of_unequal_games_are_unequal() -> None:
    assert shelf(1, Shelf(limit=1)) == shelf(1, Shelf(limit=1))
    assert shelf(1, Shelf(limit=1)) != shelf(1, Shelf(limit=2))
    assert shelf(1, Shelf()) != shelf(1, ShelfCopy())


def test_minidoku_states_dealt_the_same_tiles_in_another_order_are_unequal() -> None:
    # The same stock is left, but player 0 holds 1 in one and 2 in the other (MD-2).
    one = Minidoku().new_initial_state(0)
    two = Minidoku().new_initial_state(0)
    one.apply_action(Draw(1))
    one.apply_action(Draw(2))
    two.apply_action(Draw(2))
    two.apply_action(Draw(1))
    assert one != two


def test_a_clone_shares_the_game_and_copies_the_rest() -> None:
    state = shelf([Memo("a")])
    copy = state.clone()
    assert copy.game is state.game
    assert copy == state
    assert isinstance(copy, ShelfState)
    assert isinstance(copy.content, list)
    copy.content.append(1)
    assert state.content != copy.content
    assert copy != state


# -- simultaneous nodes and open actions ---------------------------------------------------------


def test_a_joint_action_may_hold_an_open_action() -> None:
    state = JointShelfState(Shelf(), 0)
    state.node = SIMULTANEOUS
    state.apply_actions([Mark(), Note("hi")])  # player 1 may write a note
    assert state.content == (Mark(), Note("hi"))
    other = JointShelfState(Shelf(), 0)
    other.node = SIMULTANEOUS
    with pytest.raises(IllegalActionError) as caught:
        other.apply_actions([Note("hi"), Mark()])  # player 0 may not
    assert str(caught.value) == (
        "shelf: illegal action note hi for player 0: not a legal action here"
    )
    assert other.content is None


def test_a_game_without_simultaneous_nodes_cannot_apply_a_joint_action() -> None:
    state = shelf(None)
    state.node = SIMULTANEOUS
    with pytest.raises(NotImplementedError) as caught:
        state.apply_actions([Mark(), Mark()])
    assert str(caught.value) == "shelf has no simultaneous nodes"


# -- chance --------------------------------------------------------------------------------------


def test_sampling_away_from_a_chance_node_is_an_illegal_action() -> None:
    state = minidoku_at_bid()
    with pytest.raises(IllegalActionError) as caught:
        state.sample_chance_outcome()
    error = caught.value
    assert (error.game, error.action, error.player) == (
        "minidoku",
        "a chance outcome",
        SIMULTANEOUS,
    )
    assert error.reason == "not a chance node"
    assert str(error) == (
        "minidoku: illegal action a chance outcome for the simultaneous move: not a chance node"
    )


def test_chance_probabilities_that_do_not_sum_to_one_are_refused() -> None:
    state = shelf(None)
    state.node = CHANCE
    state.outcomes = ((Mark(), Fraction(1, 4)), (Note("x"), Fraction(1, 2)))
    with pytest.raises(EngineError) as caught:
        state.sample_chance_outcome()
    assert str(caught.value) == "shelf: chance probabilities sum to 3/4, not 1"


def test_a_certain_chance_outcome_is_always_sampled() -> None:
    for seed in range(5):
        state = ShelfState(Shelf(), seed)
        state.node = CHANCE
        state.outcomes = ((Note("x"), Fraction(1)),)
        assert state.sample_chance_outcome() == Note("x")


# -- game records --------------------------------------------------------------------------------


def test_a_records_json_form_is_a_fresh_object() -> None:
    record = GameRecord("shelf", {"tags": ["a"]}, 3, ({"player": 0, "action": {"type": "mark"}},))
    data = record.to_json()
    options, actions = data["options"], data["actions"]
    assert isinstance(options, dict) and isinstance(actions, list)
    tags, entry = options["tags"], actions[0]
    assert isinstance(tags, list) and isinstance(entry, dict)
    tags.append("b")
    entry["player"] = 1
    assert record.to_json() == {
        "game": "shelf",
        "options": {"tags": ["a"]},
        "seed": 3,
        "actions": [{"player": 0, "action": {"type": "mark"}}],
        "result": None,
    }


def test_a_record_read_from_json_does_not_share_the_input() -> None:
    data: dict[str, Any] = {
        "game": "shelf",
        "options": {"tags": ["a"]},
        "seed": 3,
        "actions": [{"player": 0, "action": {"type": "mark"}}],
        "result": None,
    }
    record = GameRecord.from_json(data)
    data["options"]["tags"].append("b")
    data["actions"][0]["player"] = 1
    assert record.options == {"tags": ["a"]}
    assert record.actions == ({"player": 0, "action": {"type": "mark"}},)


@pytest.fixture
def shelf_registered() -> Iterator[None]:
    register(Shelf)
    yield
    unregister("shelf")


def refusal(record: GameRecord) -> str:
    with pytest.raises(RecordError) as caught:
        replay(record)
    return str(caught.value)


DRAW_2: JSONValue = {"player": -1, "action": {"type": "draw", "digit": 2}}
DEALT: tuple[JSONValue, ...] = (DRAW_2, DRAW_2)
"""Hand size 1: each player is dealt a 2 (MD-2)."""


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        pytest.param(5, "$.actions[2]: not an entry with a player", id="not an object"),
        pytest.param(
            {"action": {"type": "pass"}},
            "$.actions[2]: not an entry with a player",
            id="no player",
        ),
        pytest.param(
            {"player": "-2", "actions": []},
            "$.actions[2]: not an entry with a player",
            id="a player that is a string",
        ),
        pytest.param(
            {"player": True, "action": {"type": "pass"}},
            "$.actions[2]: not an entry with a player",
            id="a player that is a boolean",
        ),
        pytest.param(
            {"player": -2, "actions": {"type": "bid", "digit": 2}},
            "$.actions[2].actions: a list of actions is needed",
            id="a joint action that is not a list",
        ),
    ],
)
def test_a_malformed_entry_is_refused_with_its_json_path(entry: JSONValue, message: str) -> None:
    assert refusal(GameRecord("minidoku", {"hand_size": 1}, 5, (*DEALT, entry))) == message


def test_a_result_given_for_an_unfinished_game_is_refused() -> None:
    record = GameRecord("minidoku", {"hand_size": 1}, 5, DEALT, (1, -1))
    assert refusal(record) == (
        "$.result: the record says [1, -1], the game gives null (not finished)"
    )


@pytest.mark.usefixtures("shelf_registered")
def test_a_games_action_error_without_a_path_is_placed_below_the_entry() -> None:
    record = GameRecord("shelf", {}, 0, ({"player": 0, "action": {"type": "tick"}},))
    assert refusal(record) == "$.actions[0].action: not a shelf action"
    mark = GameRecord("shelf", {}, 0, ({"player": 0, "action": {"type": "mark"}},), (0, 0))
    assert replay(mark).is_terminal()


# -- the registry --------------------------------------------------------------------------------


def test_unregistering_an_unknown_game_is_refused() -> None:
    with pytest.raises(RegistryError) as caught:
        unregister("chess")
    assert str(caught.value) == "no game named 'chess' is registered"


@pytest.mark.parametrize(
    ("registry", "message"),
    [
        ({"bare": Bare, "shelf": Shelf}, "no game named 'chess' (games: bare, shelf)"),
        ({}, "no game named 'chess' (games: none)"),
    ],
)
def test_an_unknown_game_name_lists_the_registered_games(
    monkeypatch: pytest.MonkeyPatch, registry: dict[str, type[Game]], message: str
) -> None:
    monkeypatch.setattr(engine_registry, "_REGISTRY", registry)
    monkeypatch.setattr(games, "installed", lambda: ())  # no game installed either
    with pytest.raises(RegistryError) as caught:
        load_game("chess")
    assert str(caught.value) == message
