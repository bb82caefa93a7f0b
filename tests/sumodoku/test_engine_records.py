"""Sumodoku's actions, records and views (dokuspec.engine.sumodoku): exact forms and messages.

The actions' JSON forms and their reading back, the game record's JSON and
text forms, the reader's one-line errors (``$.path: reason``, located in the
text) and the observation's data and text view. Expected values are written
by hand from the documented forms (the record schema, the observation's
docstring, the text layout), never read back from the engine.
"""

from __future__ import annotations

import json
import pickle
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from dokuspec.engine import sumodoku
from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    GameOptionError,
    RecordError,
)
from dokuspec.engine.records import RecordFileError
from dokuspec.engine.sumodoku import (
    Claim,
    Colours,
    Concede,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
    Sumodoku,
    SumodokuState,
    read_record,
    record_json,
    record_text,
)
from dokuspec.errors import NotationError, PositionError
from dokuspec.vocabulary.sumodoku import Board

SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"
TABLETOP = Sumodoku(enforcement="tabletop")
KINDS = "claim, colours, concede, find-mistake, observe, place, point-out, silent"
POINTED_OUT = (
    "Player 2 pointed out the invalid placement r1c5=1 of Player 1: "
    "colour 1 is already in row 1 (r1c1), SU-3"
)


def solution_pieces(colours: set[int]) -> list[tuple[int, int, int]]:
    """SOLUTION's pieces of ``colours``, row by row: each valid wherever the others stand."""
    return [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION) if int(v) in colours]


def play(state: SumodokuState, *actions: Action) -> SumodokuState:
    for action in actions:
        state.apply_action(action)
    return state


def turn_16() -> SumodokuState:
    """Both players placed 15 valid pieces; Player 1 is to take own turn 16 (claim window)."""
    state = Sumodoku().new_initial_state(0)
    mine, theirs = solution_pieces({1, 2, 3, 4}), solution_pieces({5, 6, 7, 8})
    for index in range(15):
        play(state, Place(*mine[index]), Place(*theirs[index]))
    return state


def claimed() -> SumodokuState:
    """A won claim (SU-10): Player 1 submits SOLUTION after 12.5 s on own turn 16."""
    return play(turn_16(), Claim(Board(SOLUTION), 12.5))


def pointed_out() -> SumodokuState:
    """Player 1's r1c5=1 clashes with r1c1=1 (SU-3); Player 2 points it out (SU-7)."""
    return play(
        TABLETOP.new_initial_state(0),
        Place(1, 1, 1),
        Place(1, 9, 5),
        Place(1, 5, 1),
        PointOut(1, 5),
    )


def board_text(*rows: str) -> list[str]:
    """The board part of the text view: the column numbers, then rows in boxes of three."""
    rule = "   +-------+-------+-------+"
    lines = ["     1 2 3   4 5 6   7 8 9"]
    for index, row in enumerate(rows):
        if index % 3 == 0:
            lines.append(rule)
        lines.append(f" {index + 1} {row}")
    return [*lines, rule]


EMPTY_ROW = "| . . . | . . . | . . . |"


# -- the actions: fields checked, JSON and text forms ---------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Place(0, 1, 1), PositionError, "Place row 0 is not a row 1-9"),
        (lambda: Place(1, 0, 1), PositionError, "Place col 0 is not a col 1-9"),
        (lambda: Place(1, 10, 1), PositionError, "Place col 10 is not a col 1-9"),
        (lambda: Place(1, 1, 0), PositionError, "Place colour 0 is not a colour 1-9"),
        (lambda: Place(1, 1, 10), PositionError, "Place colour 10 is not a colour 1-9"),
        (lambda: Place(1, "1", 1), TypeError, "Place col must be an int 1-9, not str"),
        (lambda: PointOut(0, 1), PositionError, "PointOut row 0 is not a row 1-9"),
        (lambda: PointOut(1, 10), PositionError, "PointOut col 10 is not a col 1-9"),
        (lambda: FindMistake(10, 1), PositionError, "FindMistake row 10 is not a row 1-9"),
        (lambda: FindMistake(1, 0), PositionError, "FindMistake col 0 is not a col 1-9"),
        (lambda: Observe(0, 9), PositionError, "Observe row 0 is not a row 1-9"),
        (lambda: Observe(9, 10), PositionError, "Observe col 10 is not a col 1-9"),
        (lambda: Claim(Board(), True), TypeError, "a claim's seconds are a number, not bool"),
        (lambda: Claim(Board(), "1"), TypeError, "a claim's seconds are a number, not str"),
        (
            lambda: Colours("1234", (5, 6, 7, 8), 9),
            TypeError,
            "Colours player1 is a tuple of 4 colours, not str",
        ),
        (
            lambda: Colours((1, 2, 3, 4), None, 9),
            TypeError,
            "Colours player2 is a tuple of 4 colours, not NoneType",
        ),
        (
            lambda: Colours((0, 2, 3, 4), (5, 6, 7, 8), 9),
            PositionError,
            "Colours player1 0 is not a colour 1-9",
        ),
        (
            lambda: Colours((1, 2, 3, 4), (5, 6, 7, 10), 9),
            PositionError,
            "Colours player2 10 is not a colour 1-9",
        ),
        (
            lambda: Colours((1, 2, 3, "4"), (5, 6, 7, 8), 9),
            TypeError,
            "Colours player1 must be an int 1-9, not str",
        ),
        (
            lambda: Colours((1, 2, 3, 4), (5, 6, 7, 8), 0),
            PositionError,
            "Colours shared 0 is not a colour 1-9",
        ),
        (
            lambda: Colours((1, 2, 3, 4), (5, 6, 7, 8), 10),
            PositionError,
            "Colours shared 10 is not a colour 1-9",
        ),
        (
            lambda: Colours((1, 2, 3, 4), (4, 5, 6, 7), 9),
            PositionError,
            "Colours [1, 2, 3, 4], [4, 5, 6, 7] and 9 do not split the nine colours",
        ),
        (
            lambda: Colours((1, 2, 3), (5, 6, 7, 8), 9),
            PositionError,
            "Colours player1 [1, 2, 3] is not 4 different colours, increasing",
        ),
    ],
)
def test_an_action_with_a_wrong_field_is_refused_naming_it(
    make: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as caught:
        make()
    assert type(caught.value) is error
    assert str(caught.value) == message


def test_colours_given_as_lists_are_kept_as_tuples() -> None:
    colours = Colours([2, 4, 6, 8], [1, 3, 5, 7], 9)  # type: ignore[arg-type]
    assert colours.player1 == (2, 4, 6, 8)
    assert colours.player2 == (1, 3, 5, 7)
    assert colours == Colours((2, 4, 6, 8), (1, 3, 5, 7), 9)


@pytest.mark.parametrize(
    ("action", "data", "text"),
    [
        (
            Place(2, 3, 4),
            {"type": "place", "row": 2, "col": 3, "colour": 4},
            "place colour 4 on r2c3",
        ),
        (
            Claim(Board(SOLUTION), 12.5),
            {"type": "claim", "filling": SOLUTION, "seconds": 12.5},
            "claim Sudoku! with a filling after 12.5 s",
        ),
        (PointOut(2, 3), {"type": "point-out", "row": 2, "col": 3}, "point out r2c3"),
        (
            FindMistake(4, 7),
            {"type": "find-mistake", "row": 4, "col": 7},
            "find the mistake on r4c7",
        ),
        (Concede(), {"type": "concede"}, "concede"),
        (
            Colours((1, 2, 3, 4), (6, 7, 8, 9), 5),
            {"type": "colours", "player1": [1, 2, 3, 4], "player2": [6, 7, 8, 9], "shared": 5},
            "colours: Player 1 1234, Player 2 6789, shared 5",
        ),
        (
            Observe(9, 1),
            {"type": "observe", "row": 9, "col": 1},
            "the observer removes the piece on r9c1",
        ),
        (Silent(), {"type": "silent"}, "the observer is silent"),
    ],
)
def test_every_action_has_its_json_and_text_form_and_reads_back(
    action: Action, data: dict[str, object], text: str
) -> None:
    assert action.to_json() == data
    assert str(action) == text
    again = Sumodoku().action_from_json(data)
    assert again == action
    assert type(again) is type(action)
    unpickled = pickle.loads(pickle.dumps(action))
    assert unpickled == action
    assert type(unpickled) is type(action)


def test_the_colour_draw_has_every_split_once() -> None:
    """SU-1, random assignment: 9 shared colours x C(8, 4) splits of the rest = 630 outcomes."""
    drawn = sumodoku.actions._all_colours()  # called itself: the module constant is made at import
    assert len(drawn) == 630
    assert all(type(action) is Colours for action in drawn)
    expected = set()
    for first in combinations(range(1, 10), 4):
        for second in combinations(sorted(set(range(1, 10)) - set(first)), 4):
            (shared,) = set(range(1, 10)) - set(first) - set(second)
            expected.add((first, second, shared))
    assert {(a.player1, a.player2, a.shared) for a in drawn} == expected


# -- reading actions from JSON -------------------------------------------------------------------


def filling_reason(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        Board.parse(text)
    return caught.value.reason


COLOURS = {"type": "colours", "player1": [1, 2, 3, 4], "player2": [5, 6, 7, 8], "shared": 9}
CLAIM = {"type": "claim", "filling": SOLUTION, "seconds": 0}
NOT_FOUR = "is not a list of 4 different colours 1-9, increasing"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "$: an action is a JSON object, not a list of 1 items"),
        ("place", '$: an action is a JSON object, not "place"'),
        ({"type": "jump"}, f'$.type: "jump" is not an action type ({KINDS})'),
        ({"row": 1}, f"$.type: null is not an action type ({KINDS})"),
        ({"type": 3}, f"$.type: 3 is not an action type ({KINDS})"),
        ({"type": "concede", "x": 1}, '$: a concede action has no member "x"'),
        ({"type": "silent", "row": 1}, '$: a silent action has no member "row"'),
        ({"type": "point-out", "row": 1}, '$: a point-out action needs "col"'),
        ({"type": "place", "col": 1, "colour": 1}, '$: a place action needs "row"'),
        ({"type": "point-out", "row": 1, "col": 0}, "$.col: 0 is not a col 1-9"),
        ({"type": "find-mistake", "row": 1, "col": 10}, "$.col: 10 is not a col 1-9"),
        ({"type": "observe", "row": 10, "col": 1}, "$.row: 10 is not a row 1-9"),
        ({"type": "place", "row": 0, "col": 1, "colour": 1}, "$.row: 0 is not a row 1-9"),
        ({"type": "place", "row": 1, "col": 1, "colour": 0}, "$.colour: 0 is not a colour 1-9"),
        ({"type": "place", "row": 1, "col": 1, "colour": 10}, "$.colour: 10 is not a colour 1-9"),
        ({**COLOURS, "shared": 0}, "$.shared: 0 is not a colour 1-9"),
        ({**COLOURS, "shared": 10}, "$.shared: 10 is not a colour 1-9"),
        # values as JSON writes them, kept short
        ({"type": "point-out", "row": True, "col": 1}, "$.row: true is not a row 1-9"),
        ({"type": "point-out", "row": 1.0, "col": 1}, "$.row: 1.0 is not a row 1-9"),
        ({"type": "point-out", "row": {1}, "col": 1}, "$.row: a set of 1 items is not a row 1-9"),
        (
            {"type": "point-out", "row": {"a": 1, "b": 2}, "col": 1},
            "$.row: a dict of 2 items is not a row 1-9",
        ),
        (
            {"type": "point-out", "row": 2**200, "col": 1},
            "$.row: an integer of about 61 digits is not a row 1-9",
        ),
        (
            {"type": "point-out", "row": 2**64, "col": 1},
            "$.row: 18446744073709551616 is not a row 1-9",
        ),
        (
            {"type": "point-out", "row": "a" * 40, "col": 1},
            '$.row: "' + "a" * 40 + '" is not a row 1-9',
        ),
        (
            {"type": "point-out", "row": "a" * 41, "col": 1},
            '$.row: "' + "a" * 39 + '"... is not a row 1-9',
        ),
        # colour splits (SU-1)
        ({**COLOURS, "player1": [1, 2, 3]}, f"$.player1: a list of 3 items {NOT_FOUR}"),
        ({**COLOURS, "player1": [4, 3, 2, 1]}, f"$.player1: a list of 4 items {NOT_FOUR}"),
        ({**COLOURS, "player1": [1, 1, 2, 3]}, f"$.player1: a list of 4 items {NOT_FOUR}"),
        ({**COLOURS, "player1": [0, 2, 3, 4]}, f"$.player1: a list of 4 items {NOT_FOUR}"),
        ({**COLOURS, "player1": [1, 2, 3, True]}, f"$.player1: a list of 4 items {NOT_FOUR}"),
        ({**COLOURS, "player1": "1234"}, f'$.player1: "1234" {NOT_FOUR}'),
        ({**COLOURS, "player2": [5, 6, 7, 10]}, f"$.player2: a list of 4 items {NOT_FOUR}"),
        ({**COLOURS, "player2": [5, 6, 7, 8, 9]}, f"$.player2: a list of 5 items {NOT_FOUR}"),
        ({**COLOURS, "player2": [8, 7, 6, 5]}, f"$.player2: a list of 4 items {NOT_FOUR}"),
        (
            {**COLOURS, "player2": [4, 5, 6, 7]},
            "$: player1, player2 and shared do not split the nine colours 1-9",
        ),
        (
            {**COLOURS, "shared": 8},
            "$: player1, player2 and shared do not split the nine colours 1-9",
        ),
        # claims (SU-10)
        ({**CLAIM, "filling": 5}, "$.filling: 5 is not a board (a string)"),
        ({**CLAIM, "filling": "x"}, "$.filling: " + filling_reason("x")),
        ({**CLAIM, "seconds": True}, "$.seconds: true is not a number of seconds"),
        ({**CLAIM, "seconds": "1"}, '$.seconds: "1" is not a number of seconds'),
        ({**CLAIM, "seconds": -1}, "$.seconds: -1 is not a finite number >= 0"),
        ({**CLAIM, "seconds": -0.5}, "$.seconds: -0.5 is not a finite number >= 0"),
        ({**CLAIM, "seconds": float("inf")}, "$.seconds: Infinity is not a finite number >= 0"),
        ({**CLAIM, "seconds": float("nan")}, "$.seconds: NaN is not a finite number >= 0"),
    ],
)
def test_a_bad_action_is_refused_naming_the_member(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Sumodoku().action_from_json(data)
    assert type(caught.value) is RecordError
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "point-out", "row": 9, "col": 9}, PointOut(9, 9)),
        ({"type": "find-mistake", "row": 1, "col": 1}, FindMistake(1, 1)),
        ({"type": "observe", "row": 5, "col": 6}, Observe(5, 6)),
        ({"type": "place", "row": 9, "col": 1, "colour": 9}, Place(9, 1, 9)),
        (COLOURS, Colours((1, 2, 3, 4), (5, 6, 7, 8), 9)),
        ({**COLOURS, "player2": [6, 7, 8, 9], "shared": 5}, Colours((1, 2, 3, 4), (6, 7, 8, 9), 5)),
        (
            {"type": "colours", "player1": [2, 5, 8, 9], "player2": [1, 3, 4, 6], "shared": 7},
            Colours((2, 5, 8, 9), (1, 3, 4, 6), 7),
        ),
        (CLAIM, Claim(Board(SOLUTION), 0)),
        ({**CLAIM, "seconds": 0.5}, Claim(Board(SOLUTION), 0.5)),
        ({**CLAIM, "seconds": 960}, Claim(Board(SOLUTION), 960)),
    ],
)
def test_a_good_action_reads_to_that_action(data: dict[str, object], action: Action) -> None:
    assert Sumodoku().action_from_json(data) == action


# -- game records --------------------------------------------------------------------------------


def test_record_json_refuses_what_is_not_a_sumodoku_state() -> None:
    with pytest.raises(TypeError) as caught:
        record_json(5)  # type: ignore[arg-type]
    assert str(caught.value) == "a Sumodoku state is needed, not int"


def test_the_observer_s_steps_are_recorded_as_the_observer_s() -> None:
    """SU-9, ruling SU-20: the observer's outcomes are chance steps, recorded as "observer"."""
    game = Sumodoku(enforcement="tabletop", observer=0.5)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    play(state, Place(9, 1, 6), Silent(), Place(2, 2, 2), Observe(1, 5))
    assert record_json(state)["actions"] == [
        {"player": 1, "type": "place", "row": 1, "col": 1, "colour": 1},
        {"player": 2, "type": "place", "row": 1, "col": 9, "colour": 5},
        {"player": 1, "type": "place", "row": 1, "col": 5, "colour": 1},
        {"player": 2, "type": "place", "row": 9, "col": 1, "colour": 6},
        {"player": "observer", "type": "silent"},
        {"player": 1, "type": "place", "row": 2, "col": 2, "colour": 2},
        {"player": "observer", "type": "observe", "row": 1, "col": 5},
    ]
    assert read_record(record_text(state)) == state


def found_own_mistake(game: Sumodoku) -> SumodokuState:
    """Player 1's r1c5=1 (row 1 holds r1c1=1) passes; Player 1 then finds it."""
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    return play(state, Place(9, 9, 6), FindMistake(1, 5))


def test_a_record_from_before_the_revision_of_su8_replays_as_it_was_played() -> None:
    """A record without ``own_mistake_wins`` predates it: read with the literal SU-8."""
    data = record_json(found_own_mistake(Sumodoku(enforcement="tabletop", own_mistake_wins=True)))
    assert data["result"] == {"winner": 1, "reason": "mistake-found"}
    options = data["options"]
    assert isinstance(options, dict)
    del options["own_mistake_wins"]
    state = read_record(json.dumps(data))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "mistake-found")
    assert state.game.options["own_mistake_wins"] is True
    assert record_json(state)["options"] == {**options, "own_mistake_wins": True}


def test_a_record_of_today_names_own_mistake_wins_and_keeps_to_it() -> None:
    """SU-8 revised: a record that says ``own_mistake_wins`` false cannot find one's own."""
    data = record_json(found_own_mistake(Sumodoku(enforcement="tabletop", own_mistake_wins=True)))
    data["options"]["own_mistake_wins"] = False  # type: ignore[call-overload, index]
    error = refusal(record_text_of(data))
    assert str(error) == (
        "game.json:10:5: $.actions[4]: find the mistake on r1c5: r1c5=1 is Player 1's own "
        "mistake: only the opponent's may be found (SU-8; option own_mistake_wins)"
    )


def record_text_of(data: dict[str, Any]) -> str:
    """``data`` as record_text writes a record: one action per line."""
    head = [f"  {json.dumps(k)}: {json.dumps(data[k])}" for k in ("game", "options", "seed")]
    steps = ",\n".join(f"    {json.dumps(step)}" for step in data["actions"])
    tail = f'  "result": {json.dumps(data["result"])}'
    return "{\n" + ",\n".join([*head, f'  "actions": [\n{steps}\n  ]', tail]) + "\n}\n"


def test_a_record_from_before_the_revision_of_su9_in_which_the_observer_acted_is_refused() -> None:
    """SU-9 revised: the observer then acted right after a mistake, before SU-7 could point it
    out; such a step cannot be replayed, and is refused where it stands."""
    options = Sumodoku(enforcement="tabletop", observer=1).options
    del options["own_mistake_wins"]
    data: dict[str, Any] = {
        "game": "sumodoku",
        "options": options,
        "seed": 0,
        "actions": [
            {"player": 1, "type": "place", "row": 1, "col": 1, "colour": 1},
            {"player": 2, "type": "place", "row": 1, "col": 9, "colour": 5},
            {"player": 1, "type": "place", "row": 1, "col": 5, "colour": 1},
            {"player": "observer", "type": "observe", "row": 1, "col": 5},
            {"player": 2, "type": "place", "row": 2, "col": 5, "colour": 6},
        ],
        "result": None,
    }
    error = refusal(record_text_of(data))
    assert str(error) == (
        "game.json:9:16: $.actions[3].player: the observer acts here as SU-9 read before its "
        'revision (the record\'s options have no "own_mistake_wins"); it cannot be replayed'
    )
    # without the observer's step, the same record replays: its observer never acted
    del data["actions"][3]
    state = read_record(record_text_of(data))
    assert state.game.options["own_mistake_wins"] is True
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == ((Observe(1, 5), Fraction(1)),)


def test_a_record_without_actions_lists_none() -> None:
    lines = record_text(Sumodoku().new_initial_state(7)).splitlines()
    assert lines[0] == "{"
    assert lines[1] == '  "game": "sumodoku",'
    assert lines[3:] == ['  "seed": 7,', '  "actions": [],', '  "result": null', "}"]


def record_with(**changes: object) -> dict[str, Any]:
    data: dict[str, Any] = record_json(Sumodoku().new_initial_state(0))
    data.update(changes)
    return data


def refusal(data: object, source: str | None = "game.json") -> RecordFileError:
    with pytest.raises(RecordFileError) as caught:
        read_record(data, source=source)  # type: ignore[arg-type]
    return caught.value


def test_read_record_refuses_what_is_not_a_record_s_input_type() -> None:
    with pytest.raises(TypeError) as caught:
        read_record(5)  # type: ignore[arg-type]
    assert str(caught.value) == "a record is JSON text, bytes or a mapping, not int"


def test_a_mapping_nested_too_deep_is_refused_with_its_source() -> None:
    nested: object = 0
    for _ in range(20):
        nested = [nested]
    error = refusal(record_with(game=nested))
    assert str(error) == "game.json: $.game[0][0][0]... (20 levels): nested deeper than 20 levels"
    assert (error.source, error.line, error.column) == ("game.json", None, None)


def test_a_mapping_s_errors_name_the_source_but_no_line() -> None:
    data = record_with(actions=[{"player": 1, "type": "place", "row": 0, "col": 1, "colour": 1}])
    error = refusal(data)
    assert str(error) == "game.json: $.actions[0].row: 0 is not a row 1-9"
    assert (error.path, error.line, error.column) == ("$.actions[0].row", None, None)
    error = refusal(data, source=None)
    assert str(error) == "$.actions[0].row: 0 is not a row 1-9"


def test_text_that_is_not_utf8_or_not_json_is_located() -> None:
    error = refusal(b'{"game": "\xff"}')
    assert str(error) == (
        "game.json:1:11: not UTF-8: the byte 0xff cannot start or continue a character"
    )
    error = refusal('{"game": ')
    assert str(error) == "game.json:1:10: not JSON: Expecting value"
    assert (error.source, error.line, error.column) == ("game.json", 1, 10)


PLAYERS = '1, 2, "chance", "observer"'
TYPES = '"place", "claim", "point-out", "find-mistake", "concede", "colours", "observe", "silent"'


def unexpected(key: str) -> str:
    """jsonschema's message for one member the record may not have."""
    return f"Additional properties are not allowed ({key!r} was unexpected)"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            record_with(game="twodoku"),
            "$.game: a 'twodoku' record, not a Sumodoku record ('sumodoku')",
        ),
        (record_with(seed="x"), "$.seed: \"x\" is not of type 'integer'"),
        (record_with(seed=1.5), "$.seed: 1.5 is not of type 'integer'"),
        (record_with(seed=True), "$.seed: true is not of type 'integer'"),
        # the seed's range in the seeds' own words, before the schema's
        (record_with(seed=-1), "$.seed: the seed is an integer 0 to 18446744073709551615, not -1"),
        (
            record_with(seed=2**64),
            "$.seed: the seed is an integer 0 to 18446744073709551615, not 18446744073709551616",
        ),
        (record_with(actions={}), "$.actions: a dict of 0 items is not of type 'array'"),
        (
            record_with(actions=[{"player": 3, "type": "concede"}]),
            f"$.actions[0].player: 3 is not one of {PLAYERS}",
        ),
        (
            record_with(actions=[{"player": 1, "type": "jump"}]),
            f'$.actions[0].type: "jump" is not one of {TYPES}',
        ),
        (record_with(actions=[{"player": 1}]), "$.actions[0]: 'type' is a required property"),
        # jsonschema's own messages are cut after 100 characters
        (record_with(**{"k" * 43: 1}), "$: " + unexpected("k" * 43)),
        (record_with(**{"k" * 44: 1}), "$: " + unexpected("k" * 44)[:100] + "..."),
    ],
)
def test_a_record_of_the_wrong_shape_is_refused_by_the_schema_s_rule(
    data: dict[str, Any], reason: str
) -> None:
    assert len(unexpected("k" * 43)) == 100  # the two long keys sit on either side of the cut
    error = refusal(json.dumps(data))
    assert error.reason == reason


@pytest.mark.parametrize(
    ("text", "shown"), [("[]", "a list of 0 items"), ("3", "3"), ('"x"', '"x"')]
)
def test_a_record_that_is_no_object_is_refused_at_its_start(text: str, shown: str) -> None:
    error = refusal(text)
    assert str(error) == f"game.json:1:1: $: {shown} is not of type 'object'"


def test_a_wrong_option_is_named_where_it_is_or_at_the_options() -> None:
    data = record_with(options={"claim_window": [1, 81]})
    error = refusal(json.dumps(data))
    assert error.path == "$.options"  # the option at fault was not given
    assert error.reason == (
        "$.options: sumodoku: option 'claim_time_limits': "
        "turn 1 of the claim window 1-81 has no time limit"
    )
    data = record_with(options={"enforcement": "strict", "observer": 0.5})
    error = refusal(json.dumps(data))
    assert error.path == "$.options.observer"
    assert error.reason.startswith("$.options.observer: sumodoku: option 'observer': ")


def test_an_action_after_the_end_is_refused() -> None:
    data = record_json(claimed())
    data["actions"].append({"player": 2, "type": "concede"})  # type: ignore[union-attr]
    error = refusal(json.dumps(data))
    assert error.reason == ("$.actions[31].player: the game is over already; no action may follow")


def test_a_step_recorded_for_the_wrong_actor_names_who_acts() -> None:
    place = {"player": 1, "type": "place", "row": 1, "col": 1, "colour": 1}
    data = record_json(Sumodoku(colour_assignment="random").new_initial_state(0))
    data["actions"] = [place]
    error = refusal(json.dumps(data))
    assert error.reason == '$.actions[0].player: recorded for 1, but "chance" is to act'
    game = Sumodoku(enforcement="tabletop", observer=0.5)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    play(state, Place(9, 1, 6))
    data = record_json(state)
    data["actions"].append({"player": 1, "type": "concede"})  # type: ignore[union-attr]
    error = refusal(json.dumps(data))
    assert error.reason == '$.actions[4].player: recorded for 1, but "observer" is to act'
    data["actions"][4] = {"player": "observer", "type": "silent"}  # type: ignore[index]
    data["actions"].append({"player": "chance", "type": "silent"})  # type: ignore[union-attr]
    error = refusal(json.dumps(data))
    assert error.reason == '$.actions[5].player: recorded for "chance", but 1 is to act'


@pytest.mark.parametrize(
    ("entry", "path", "reason"),
    [
        (
            {"player": 1, "type": "place", "row": "a: b", "col": 1, "colour": 1},
            "$.actions[0].row",
            '"a: b" is not a row 1-9',
        ),
        (
            {"player": 1, "type": "concede", "note": "x: y: z"},
            "$.actions[0]",
            'a concede action has no member "note"',
        ),
        (
            {"player": 1, "type": "place", "row": 1, "col": 1, "colour": "x: y: z"},
            "$.actions[0].colour",
            '"x: y: z" is not a colour 1-9',
        ),
    ],
)
def test_a_bad_action_in_a_record_is_located_at_its_member(
    entry: dict[str, object], path: str, reason: str
) -> None:
    error = refusal(json.dumps(record_with(actions=[entry])))
    assert error.path == path
    assert error.reason == f"{path}: {reason}"


def test_a_result_the_game_does_not_give_is_refused() -> None:
    data = record_json(claimed())
    data["result"] = None
    error = refusal(json.dumps(data))
    assert error.reason == (
        '$.result: the record says null, the game gives {"winner": 1, "reason": "claim-succeeded"}'
    )


def test_random_colours_with_free_colours_is_refused() -> None:
    """SU-1, SU-11 (ruling SU-29): a random split of colours no one holds is refused."""
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(colour_assignment="random", free_colours=True)
    assert str(caught.value) == (
        "sumodoku: option 'colour_assignment': "
        "'random' assigns colours, but free_colours assigns none (SU-1, SU-11)"
    )


# -- the observation's data ------------------------------------------------------------------------


NO_ONE = {
    "out": [0] * 9,
    "unnoticed": [],
    "point_out": None,
    "claim_open": False,
    "claim_time_limit": None,
    "result": None,
}
FIXED_HANDS = [[9, 9, 9, 9, 0, 0, 0, 0, 4], [0, 0, 0, 0, 9, 9, 9, 9, 4]]
FIXED_COLOURS = [[1, 2, 3, 4, 9], [5, 6, 7, 8, 9]]


def test_the_first_player_to_move_is_seen_as_player_1() -> None:
    seen = Sumodoku().new_initial_state(0).observation(1)
    assert seen.player == 1
    assert seen.data == {
        **NO_ONE,
        "player": 2,
        "board": "." * 81,
        "hands": FIXED_HANDS,
        "colours": FIXED_COLOURS,
        "turns": [0, 0],
        "to_move": 1,
    }


def test_the_colour_draw_is_seen_as_chance_to_move() -> None:
    state = Sumodoku(colour_assignment="random").new_initial_state(0)
    assert state.current_player() == CHANCE
    assert state.observation(0).data == {
        **NO_ONE,
        "player": 1,
        "board": "." * 81,
        "hands": [[0] * 9, [0] * 9],
        "colours": [[], []],
        "turns": [0, 0],
        "to_move": "chance",
    }


def test_an_open_claim_and_its_time_limit_are_seen() -> None:
    """SU-10: own turn 16 opens the claim window; 960 s on own turns 16-20."""
    mine, theirs = solution_pieces({1, 2, 3, 4})[:15], solution_pieces({5, 6, 7, 8})[:15]
    placed = {9 * (r - 1) + c - 1: str(k) for r, c, k in mine + theirs}
    board = "".join(placed.get(cell, ".") for cell in range(81))
    hands = [
        [9 - sum(k == colour for _, _, k in pieces) for colour in range(1, 9)] + [4]
        for pieces in (mine, theirs)
    ]
    hands[0][4:8] = [0] * 4
    hands[1][0:4] = [0] * 4
    assert turn_16().observation(0).data == {
        **NO_ONE,
        "player": 1,
        "board": board,
        "hands": hands,
        "colours": FIXED_COLOURS,
        "turns": [15, 15],
        "to_move": 1,
        "claim_open": True,
        "claim_time_limit": 960,
    }


def test_a_finished_game_is_seen_with_its_result() -> None:
    state = pointed_out()
    assert state.current_player() == TERMINAL
    assert state.observation(0).data == {
        **NO_ONE,
        "player": 1,
        "board": "1...1...5" + "." * 72,
        "hands": [[7, 9, 9, 9, 0, 0, 0, 0, 4], [0, 0, 0, 0, 8, 9, 9, 9, 4]],
        "colours": FIXED_COLOURS,
        "turns": [2, 1],
        "to_move": None,
        "unnoticed": ["r1c5=1"],
        "result": {"winner": 2, "reason": "pointed-out", "detail": POINTED_OUT},
    }


# -- the text view: the title, the board in boxes, the hands, the status -------------------------


@pytest.mark.parametrize(
    ("options", "title"),
    [
        ({}, "Sumodoku, strict"),
        ({"enforcement": "tabletop"}, "Sumodoku, tabletop"),
        ({"x": True}, "Sumodoku, strict, x"),
        (
            {"enforcement": "tabletop", "x": True, "non_consecutive": True},
            "Sumodoku, tabletop, x, non-consecutive",
        ),
        ({"free_colours": True}, "Sumodoku, strict, free colours"),
        ({"free_colours": True, "x": True}, "Sumodoku, strict, x, free colours"),
    ],
)
def test_the_text_view_s_title_names_the_rules_in_force(
    options: dict[str, Any], title: str
) -> None:
    assert str(Sumodoku(**options).new_initial_state(0)).splitlines()[0] == title


ODD_R1C1 = "o" + "." * 80


@pytest.mark.parametrize(
    ("options", "title"),
    [
        # 79 columns: the last name fits with nothing after it
        (
            {
                "parity": ODD_R1C1,
                "non_consecutive_marks": ["r2c1-r2c2"],
                "digits": "213456789",
                "free_colours": True,
            },
            ["Sumodoku, strict, parity, non-consecutive marks, digits 213456789, free colours"],
        ),
        # ", digits 213456789" would end at column 80, with no room for the comma that another
        # name after it would need: it starts the next line
        (
            {
                "parity": ODD_R1C1,
                "consecutive": ["r1c1-r1c2"],
                "non_consecutive_marks": ["r2c1-r2c2"],
                "digits": "213456789",
                "enforcement": "tabletop",
            },
            [
                "Sumodoku, tabletop, parity, consecutive, non-consecutive marks,",
                "  digits 213456789",
            ],
        ),
    ],
    ids=["fits", "wraps"],
)
def test_a_long_title_fits_80_columns(options: dict[str, Any], title: list[str]) -> None:
    lines = str(Sumodoku(**options).new_initial_state(0)).splitlines()
    assert lines[: len(title)] == title
    assert lines[len(title)] == "     1 2 3   4 5 6   7 8 9"


def test_the_text_view_of_a_new_game() -> None:
    text = Sumodoku().new_initial_state(0).observation(0).text
    assert text.splitlines() == [
        "Sumodoku, strict",
        *board_text(*[EMPTY_ROW] * 9),
        "Player 1: 1:9 2:9 3:9 4:9 9:4",
        "Player 2: 5:9 6:9 7:9 8:9 9:4",
        "Turns taken: Player 1 0, Player 2 0",
        "Player 1 to move, own turn 1",
    ]


def test_the_text_view_marks_unnoticed_mistakes() -> None:
    """SU-4 tabletop: r1c5=1 clashes with r1c1=1, r2c9=5 with r1c9=5 (SU-3)."""
    state = play(
        TABLETOP.new_initial_state(0),
        Place(1, 1, 1),
        Place(1, 9, 5),
        Place(1, 5, 1),
        Place(2, 9, 5),
        Place(5, 5, 3),
    )
    assert str(state).splitlines() == [
        "Sumodoku, tabletop",
        *board_text(
            "| 1 . . | . 1!. | . . 5 |",
            "| . . . | . . . | . . 5!|",
            EMPTY_ROW,
            EMPTY_ROW,
            "| . . . | . 3 . | . . . |",
            *[EMPTY_ROW] * 4,
        ),
        "Player 1: 1:7 2:9 3:8 4:9 9:4",
        "Player 2: 5:7 6:9 7:9 8:9 9:4",
        "Turns taken: Player 1 3, Player 2 2",
        "Unnoticed mistakes (!): r1c5=1 r2c9=5",
        "Player 2 to move, own turn 3",
    ]


def test_the_text_view_shows_the_supply_with_free_colours() -> None:
    """SU-11: one common supply of 9 pieces of each colour, and no hand of Player 2."""
    state = play(Sumodoku(free_colours=True).new_initial_state(0), Place(1, 1, 9))
    assert str(state).splitlines() == [
        "Sumodoku, strict, free colours",
        *board_text("| 9 . . | . . . | . . . |", *[EMPTY_ROW] * 8),
        "supply: 1:9 2:9 3:9 4:9 5:9 6:9 7:9 8:9 9:8",
        "Turns taken: Player 1 1, Player 2 0",
        "Player 2 to move, own turn 1",
    ]


def test_the_text_view_at_the_colour_draw() -> None:
    state = Sumodoku(colour_assignment="random").new_initial_state(0)
    assert str(state).splitlines()[-4:] == [
        "Player 1: nothing",
        "Player 2: nothing",
        "Turns taken: Player 1 0, Player 2 0",
        "The colours are drawn",
    ]


def test_the_text_view_at_the_observer_and_after_it() -> None:
    """SU-9: the observer's chance node, then the removed piece out of the game."""
    game = Sumodoku(enforcement="tabletop", observer=0.5)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    assert str(state).splitlines()[-2:] == [
        "Unnoticed mistakes (!): r1c5=1",
        "Player 2 to move, own turn 2",
    ]
    play(state, Place(2, 5, 6))
    assert str(state).splitlines()[-2:] == [
        "Unnoticed mistakes (!): r1c5=1",
        "The observer looks",
    ]
    play(state, Observe(1, 5), Place(2, 2, 2), Place(2, 9, 6), Place(3, 3, 3))
    play(state, Observe(2, 9))
    assert str(state).splitlines()[-3:] == [
        "Turns taken: Player 1 4, Player 2 3",
        "Out of the game: 1:1 6:1",
        "Player 2 to move, own turn 4",
    ]


def test_the_text_view_of_a_finished_game_cuts_the_detail_at_80_columns() -> None:
    lines = str(pointed_out()).splitlines()
    assert len(POINTED_OUT) > 80
    assert lines[-2:] == ["Player 2 won: pointed-out", POINTED_OUT[:80]]


def test_the_text_view_offers_the_claim_with_its_time_limit() -> None:
    """SU-10: own turn 16, 960 s."""
    assert str(turn_16()).splitlines()[-1] == (
        "Player 1 to move, own turn 16; may claim within 960 s"
    )


def test_the_text_view_cuts_every_line_at_80_columns() -> None:
    """Nine unnoticed mistakes make a line of 86 characters: the view shows 80 of them."""
    state = TABLETOP.new_initial_state(0)
    mine = [(1, col, 1) for col in range(1, 10)] + [(2, 1, 2), (2, 2, 2)]
    theirs = [piece for piece in solution_pieces({5, 6, 7, 8}) if piece[0] >= 3]
    for a, b in zip(mine, theirs, strict=False):
        play(state, Place(*a), Place(*b))
    mistakes = " ".join(f"r1c{col}=1" for col in range(2, 10)) + " r2c2=2"
    line = "Unnoticed mistakes (!): " + mistakes
    assert len(line) == 86
    text = str(state)
    assert line[:80] in text.splitlines()
    assert all(len(each) <= 80 for each in text.splitlines())
