"""The Sumodoku engine (dokuspec.engine.sumodoku): rules SU-1 to SU-17, rulings SU-20 to SU-29.

Expected values are worked out from the rules, by hand or from a solved
Sudoku board (``SOLUTION``), never read back from the engine.
"""

from __future__ import annotations

import json
import math
import random
from decimal import Decimal
from fractions import Fraction

import jsonschema
import pytest

from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    EngineError,
    GameOptionError,
    IllegalActionError,
    load_game,
    replay,
)
from dokuspec.engine.records import RecordFileError
from dokuspec.engine.sumodoku import (
    REASONS,
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
    Violation,
    read_record,
    record_json,
    record_schema,
    record_text,
    violations,
)
from dokuspec.errors import PositionError
from dokuspec.vocabulary.sumodoku import Board, Piece, Variants

SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"


def cells_of(colours: set[int], *, nines: slice = slice(0)) -> list[tuple[int, int, int]]:
    """The solution's pieces of ``colours`` plus the 9s picked by ``nines``, row by row."""
    pieces = [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION)]
    own = [p for p in pieces if p[2] in colours]
    return own + [p for p in pieces if p[2] == 9][nines]


P1_CELLS = cells_of({1, 2, 3, 4}, nines=slice(0, 4))
P2_CELLS = cells_of({5, 6, 7, 8}, nines=slice(4, 8))


def play(state: SumodokuState, *actions: Action) -> SumodokuState:
    for action in actions:
        state.apply_action(action)
    return state


def solution_game(turns: int, game: Sumodoku | None = None) -> SumodokuState:
    """Both players place ``turns`` pieces of their own from SOLUTION, Player 1 first."""
    state = (game or Sumodoku()).new_initial_state(0)
    for index in range(turns):
        play(state, Place(*P1_CELLS[index]), Place(*P2_CELLS[index]))
    return state


def refused(state: SumodokuState, action: Action, reason: str) -> None:
    """``action`` raises IllegalActionError with exactly ``reason``; the state is unchanged."""
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert caught.value.reason == reason
    assert state == before
    assert record_json(state) == record_json(before)


# -- options (ruling SU-29) ----------------------------------------------------------------------


def test_the_defaults_are_the_rules_register_s() -> None:
    assert Sumodoku().options == {
        "colour_assignment": "fixed",
        "first_player": 1,
        "enforcement": "strict",
        "claim_window": [16, 35],
        "claim_time_limits": [[16, 20, 960], [21, 25, 720], [26, 30, 480], [31, 35, 240]],
        "free_colours": False,
        "x": False,
        "parity": "",
        "consecutive": [],
        "strict_marks": False,
        "non_consecutive": False,
        "non_consecutive_marks": [],
        "digits": "123456789",
        "observer": 0,
        "own_mistake_wins": False,
    }
    game = Sumodoku()
    assert game.variants == Variants()
    assert (game.tabletop, game.free_colours, game.observer) == (False, False, 0)
    assert game.claim_window == (16, 35)
    assert [game.claim_time_limit(t) for t in (15, 16, 20, 21, 25, 26, 30, 31, 35, 36)] == [
        None,
        960,
        960,
        720,
        720,
        480,
        480,
        240,
        240,
        None,
    ]
    assert load_game("sumodoku", x=True) == Sumodoku(x=True)


@pytest.mark.parametrize(
    ("options", "option", "message"),
    [
        ({"colour": 1}, "colour", "unknown option"),
        ({"colour_assignment": "blue"}, "colour_assignment", "'blue' is not one of"),
        ({"first_player": 0}, "first_player", "0 is not one of [1, 2]"),
        ({"enforcement": "lenient"}, "enforcement", "'lenient' is not one of"),
        ({"claim_window": [20, 10]}, "claim_window", "the first turn 20 is after the last 10"),
        ({"claim_window": [0, 10]}, "claim_window", "0 is less than the minimum of 1"),
        ({"claim_window": [16.0, 35]}, "claim_window", "16.0 is not an integer"),
        ({"claim_window": [16]}, "claim_window", "is too short"),
        (
            {"claim_time_limits": [[16, 30, 960], [25, 35, 240]]},
            "claim_time_limits",
            "[1]: turns 25-35 overlap [0], turns 16-30",
        ),
        (
            {"claim_time_limits": [[16, 20, 960]]},
            "claim_time_limits",
            "turn 21 of the claim window 16-35 has no time limit",
        ),
        (
            {"claim_time_limits": [[16, 35, 0]]},
            "claim_time_limits",
            "0 is less than or equal to the minimum of 0",
        ),
        (
            {"claim_time_limits": [[35, 16, 10]]},
            "claim_time_limits",
            "[0]: the first turn 35 is after the last 16",
        ),
        ({"free_colours": 1}, "free_colours", "1 is not of type 'boolean'"),
        ({"x": "yes"}, "x", "'yes' is not of type 'boolean'"),
        ({"parity": "oe"}, "parity", "a parity marking has 81 characters"),
        ({"parity": "x" * 81}, "parity", "'x' in the parity marking at r1c1 is not"),
        ({"consecutive": ["r1c1-r2c2"]}, "consecutive", "not orthogonal neighbours"),
        (
            {"consecutive": ["r1c1-r1c2", "r1c2-r1c1"]},
            "consecutive",
            "the border r1c1-r1c2 is given twice",
        ),
        (
            {"consecutive": ["r1c1-r1c2"], "non_consecutive": True},
            "non_consecutive",
            "contradicts the consecutive marks; choose one (SU-17)",
        ),
        ({"strict_marks": True}, "strict_marks", "needs consecutive marks"),
        (
            {"non_consecutive_marks": ["r1c1-r1c3"]},
            "non_consecutive_marks",
            "'r1c1-r1c3': the two cells are not orthogonal neighbours",
        ),
        (
            {"non_consecutive_marks": ["r1c1-r1c2"], "consecutive": ["r1c2-r1c1"]},
            "non_consecutive_marks",
            "the border r1c1-r1c2 is marked consecutive too; a border takes one mark (SU-37)",
        ),
        (
            {"non_consecutive_marks": ["r1c1-r1c2"], "non_consecutive": True},
            "non_consecutive_marks",
            "non_consecutive already forbids consecutive digits across these borders",
        ),
        (
            {
                "non_consecutive_marks": ["r1c1-r1c2"],
                "consecutive": ["r2c1-r3c1"],
                "strict_marks": True,
            },
            "non_consecutive_marks",
            "strict_marks already forbids consecutive digits across these borders",
        ),
        ({"digits": 123456789}, "digits", "123456789 is not of type 'string'"),
        ({"digits": "12345678", "x": True}, "digits", "digits has 9 characters"),
        (
            {"digits": "123456781", "non_consecutive": True},
            "digits",
            "digit 1 is given to colour 1 and to colour 9",
        ),
        (
            {"digits": "213456789", "x": True},
            "digits",
            "digits 213456789 changes nothing without a parity marking or a consecutive rule",
        ),
        ({"observer": 1.5}, "observer", "1.5 is not a chance from 0 to 1"),
        ({"own_mistake_wins": 1}, "own_mistake_wins", "1 is not of type 'boolean'"),
        ({"observer": 0.5}, "observer", "only enforcement 'tabletop' plays (SU-4, SU-9)"),
        (
            {"colour_assignment": "random", "free_colours": True},
            "colour_assignment",
            "'random' assigns colours, but free_colours assigns none (SU-1, SU-11)",
        ),
    ],
)
def test_every_option_is_validated_and_named(
    options: dict[str, object], option: str, message: str
) -> None:
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(**options)  # type: ignore[arg-type]
    assert caught.value.option == option
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"sumodoku: option {option!r}: ")


def test_the_observer_is_read_exactly() -> None:
    game = Sumodoku(enforcement="tabletop", observer=0.1)
    assert game.observer == Fraction(1, 10)


@pytest.mark.parametrize(
    ("value", "chance", "written"),
    [
        (0, Fraction(0), 0),
        (1, Fraction(1), 1),
        (0.25, Fraction(1, 4), 0.25),
        (0.1, Fraction(1, 10), 0.1),
        (Fraction(1, 3), Fraction(1, 3), "1/3"),
        (Fraction(1, 2), Fraction(1, 2), 0.5),
        (Fraction(2, 2), Fraction(1), 1),
        (Decimal("0.5"), Fraction(1, 2), 0.5),
        (Decimal("0.1"), Fraction(1, 10), 0.1),
        (Decimal("0.33333333333333333333"), Fraction(33333333333333333333, 10**20), None),
        (Decimal("1E-100"), Fraction(1, 10**100), 1e-100),  # 100 decimal places: the most
        ("1/3", Fraction(1, 3), "1/3"),
        ("2/6", Fraction(1, 3), "1/3"),
        ("3/4", Fraction(3, 4), 0.75),
    ],
)
def test_the_observer_takes_every_exact_number_and_writes_it_as_json_can(
    value: object, chance: Fraction, written: object
) -> None:
    """SU-20, SU-29: ints, floats (as written), fractions, decimals and "p/q", exactly; the
    options hold the int or float when it is exact, else "p/q", and a record replays it."""
    game = Sumodoku(enforcement="tabletop", observer=value)  # type: ignore[arg-type]
    assert game.observer == chance
    expected = written if written is not None else f"{chance.numerator}/{chance.denominator}"
    assert game.options["observer"] == expected
    assert type(game.options["observer"]) is type(expected)
    state = game.new_initial_state(0)
    assert read_record(record_text(state)).game == game


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (math.nan, "nan is not a finite number from 0 to 1"),
        (math.inf, "inf is not a finite number from 0 to 1"),
        (-math.inf, "-inf is not a finite number from 0 to 1"),
        (Decimal("NaN"), "Decimal('NaN') is not a finite number from 0 to 1"),
        (Decimal("sNaN"), "Decimal('sNaN') is not a finite number from 0 to 1"),
        (Decimal("Infinity"), "Decimal('Infinity') is not a finite number from 0 to 1"),
        (Decimal("1E-999999999"), "Decimal('1E-999999999') has more than 100 decimal places"),
        (Decimal("1E-101"), "Decimal('1E-101') has more than 100 decimal places"),
        (Fraction(4, 3), "Fraction(4, 3) is not a chance from 0 to 1"),
        (Decimal("1.5"), "Decimal('1.5') is not a chance from 0 to 1"),
        (-1, "-1 is not a chance from 0 to 1"),
        ("4/3", "'4/3' is not a chance from 0 to 1"),
        ("1/0", "'1/0' has the denominator 0"),
        ("0.5", "'0.5' is not a fraction 'p/q' (such as '1/3')"),
        (" 1/3", "' 1/3' is not a fraction 'p/q' (such as '1/3')"),
        ("-1/3", "'-1/3' is not a fraction 'p/q' (such as '1/3')"),
        (
            True,
            "True is not a number (an int, float, Fraction or Decimal) or a fraction 'p/q'",
        ),
        (
            None,
            "None is not a number (an int, float, Fraction or Decimal) or a fraction 'p/q'",
        ),
        (
            [0.5],
            "a list of 1 items is not a number (an int, float, Fraction or Decimal) or a "
            "fraction 'p/q'",
        ),
    ],
)
def test_an_observer_that_is_not_a_finite_chance_is_refused_by_name(
    value: object, message: str
) -> None:
    """SU-29: NaN, infinities and values out of 0-1, of any number type, name the option."""
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(enforcement="tabletop", observer=value)  # type: ignore[arg-type]
    assert str(caught.value) == f"sumodoku: option 'observer': {message}"
    assert caught.value.option == "observer"


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ([[16, 35, math.nan]], "[0]: nan is not a finite number of seconds > 0"),
        ([[16, 35, math.inf]], "[0]: inf is not a finite number of seconds > 0"),
        (
            [[16, 20, 960], [21, 35, -math.inf]],
            "[1]: -inf is not a finite number of seconds > 0",
        ),
        ([[16, 35, Decimal("NaN")]], "[0]: Decimal('NaN') is not an int or float"),
        ([[16, 35, Decimal("5")]], "[0]: Decimal('5') is not an int or float"),
        ([[16, 35, Fraction(1, 2)]], "[0]: Fraction(1, 2) is not an int or float"),
        ([[Decimal("16"), 35, 60]], "[0]: Decimal('16') is not an integer"),
    ],
)
def test_claim_time_limits_are_finite_json_numbers(limits: object, message: str) -> None:
    """SU-10, SU-29: a claim that can never time out, or seconds of another number type, are
    refused naming the option."""
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(claim_time_limits=limits)  # type: ignore[arg-type]
    assert str(caught.value) == f"sumodoku: option 'claim_time_limits': {message}"


def test_a_claim_window_of_decimals_is_refused_by_name() -> None:
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(claim_window=[Decimal("NaN"), 35])  # type: ignore[list-item]
    assert str(caught.value) == (
        "sumodoku: option 'claim_window': Decimal('NaN') is not an integer"
    )


def test_variant_options_build_the_variants() -> None:
    game = Sumodoku(x=True, parity="o" + "." * 80, consecutive=["r1c2-r1c1"], strict_marks=True)
    assert game.variants == Variants(
        x=True, parity="o" + "." * 80, consecutive=["r1c1-r1c2"], strict_marks=True
    )


# -- setup (SU-1, SU-2, SU-11) -------------------------------------------------------------------


def test_fixed_colours_give_each_player_four_colours_and_four_nines() -> None:
    state = Sumodoku().new_initial_state(0)
    assert state.current_player() == 0
    assert state.colours(0) == {1, 2, 3, 4, 9}
    assert state.colours(1) == {5, 6, 7, 8, 9}
    assert state.hand(0) == (9, 9, 9, 9, 0, 0, 0, 0, 4)
    assert state.hand(1) == (0, 0, 0, 0, 9, 9, 9, 9, 4)
    assert state.spare == 9
    assert sum(state.hand(0)) == sum(state.hand(1)) == 40
    assert state.turn_number(0) == state.turn_number(1) == 0
    assert Sumodoku(first_player=2).new_initial_state(0).current_player() == 1


def test_random_colours_are_a_chance_node_of_630_equally_likely_splits() -> None:
    state = Sumodoku(colour_assignment="random").new_initial_state(5)
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 9 * 70
    assert {p for _, p in outcomes} == {Fraction(1, 630)}
    splits = {(a.player1, a.player2, a.shared) for a, _ in outcomes}  # type: ignore[attr-defined]
    assert len(splits) == 630
    assert state.colours(0) == frozenset()
    play(state, Colours((1, 3, 5, 7), (2, 4, 6, 8), 9))
    assert state.current_player() == 0
    assert state.colours(0) == {1, 3, 5, 7, 9}
    assert state.hand(1) == (0, 9, 0, 9, 0, 9, 0, 9, 4)
    assert state.spare == 9


def test_a_colour_split_is_checked() -> None:
    with pytest.raises(PositionError, match="do not split the nine colours"):
        Colours((1, 2, 3, 4), (4, 5, 6, 7), 9)
    with pytest.raises(PositionError, match="is not 4 different colours, increasing"):
        Colours((2, 1, 3, 4), (5, 6, 7, 8), 9)


def test_free_colours_share_one_supply() -> None:
    state = Sumodoku(free_colours=True).new_initial_state(0)
    assert state.colours(0) == state.colours(1) == frozenset(range(1, 10))
    assert state.hand(0) == state.hand(1) == (9,) * 9
    assert state.spare is None
    play(state, Place(1, 1, 5), Place(9, 9, 5))
    assert state.hand(0) == state.hand(1) == (9, 9, 9, 9, 7, 9, 9, 9, 9)
    # colour 5 is barred from the 38 cells seeing r1c1 or r9c9 (r1c9 and r9c1 see both)
    assert len(state.valid_moves(0)) == 79 * 9 - (20 + 20 - 2)


# -- turns and placements (SU-3, SU-4 strict, SU-12..SU-14) ---------------------------------------


def test_players_alternate_and_count_their_own_turns() -> None:
    state = play(Sumodoku().new_initial_state(0), Place(1, 1, 1))
    assert state.current_player() == 1
    assert (state.turn_number(0), state.turn_number(1)) == (1, 0)
    assert state.hand(0) == (8, 9, 9, 9, 0, 0, 0, 0, 4)
    assert state.board == Board("1" + "." * 80)


def test_valid_moves_are_every_own_colour_on_every_cell_it_fits() -> None:
    state = Sumodoku().new_initial_state(0)
    assert len(state.valid_moves(0)) == 81 * 5
    play(state, Place(1, 1, 1))
    # colour 1 is barred from r1c1 and its 20 peers; the other four colours only from r1c1
    assert len(state.valid_moves(0)) == (81 - 21) + 4 * 80
    assert len(state.valid_moves(1)) == 5 * 80
    moves = state.valid_moves(0)
    assert moves[:5] == (
        Place(1, 2, 2),
        Place(1, 2, 3),
        Place(1, 2, 4),
        Place(1, 2, 9),
        Place(1, 3, 2),
    )
    assert state.legal_actions() == state.valid_moves(1)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"colour_assignment": "random"},
        {"enforcement": "tabletop"},
        {"free_colours": True},
        {"x": True, "parity": "o.e.o.e.o" * 9},
    ],
)
def test_valid_move_count_is_the_number_of_valid_moves(options: dict[str, object]) -> None:
    for seed in range(3):
        state = Sumodoku(**options).new_initial_state(seed)  # type: ignore[arg-type]
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            for player in (0, 1):
                assert state.valid_move_count(player) == len(state.valid_moves(player))
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance_outcome())
            else:
                moves = state.valid_moves(state.current_player()) or state.legal_actions()
                state.apply_action(rng.choice(moves))
    with pytest.raises(EngineError):
        state.valid_move_count(2)


@pytest.mark.parametrize(
    ("options", "setup", "action", "reason"),
    [
        (
            {},
            [Place(1, 1, 1), Place(2, 2, 5)],
            Place(1, 9, 1),
            "invalid placement: colour 1 is already in row 1 (r1c1), SU-3",
        ),
        (
            {},
            [Place(1, 1, 1), Place(2, 2, 5)],
            Place(9, 1, 1),
            "invalid placement: colour 1 is already in column 1 (r1c1), SU-3",
        ),
        (
            {},
            [Place(1, 1, 1), Place(2, 2, 5)],
            Place(3, 3, 1),
            "invalid placement: colour 1 is already in box 1 (r1c1), SU-3",
        ),
        (
            {"x": True},
            [Place(1, 1, 1), Place(2, 3, 5)],
            Place(9, 9, 1),
            "invalid placement: colour 1 is already in the main diagonal (r1c1), SU-12",
        ),
        (
            {"x": True},
            [Place(1, 9, 1), Place(2, 3, 5)],
            Place(9, 1, 1),
            "invalid placement: colour 1 is already in the anti-diagonal (r1c9), SU-12",
        ),
        (
            {"parity": "e" + "." * 80},
            [],
            Place(1, 1, 1),
            "invalid placement: r1c1 is an even cell, colour 1 is not (SU-13)",
        ),
        (
            {"parity": "o" + "." * 80},
            [],
            Place(1, 1, 2),
            "invalid placement: r1c1 is an odd cell, colour 2 is not (SU-13)",
        ),
        (
            {"consecutive": ["r1c1-r1c2"]},
            [Place(1, 1, 1), Place(5, 5, 5)],
            Place(1, 2, 3),
            "invalid placement: r1c1-r1c2 is marked consecutive but would hold 3 and 1 (SU-14)",
        ),
        (
            {"consecutive": ["r1c1-r1c2"], "strict_marks": True},
            [Place(1, 1, 1), Place(5, 5, 5)],
            Place(2, 1, 2),
            "invalid placement: r1c1-r2c1 is not marked but "
            "would hold the consecutive 2 and 1 (SU-14)",
        ),
        (
            {"non_consecutive": True},
            [Place(5, 5, 1), Place(5, 6, 8)],
            Place(5, 7, 9),
            "invalid placement: r5c6-r5c7 is not marked but "
            "would hold the consecutive 9 and 8 (SU-14)",
        ),
        (
            {"parity": "o" + "." * 80, "digits": "213456789"},
            [],
            Place(1, 1, 1),
            "invalid placement: r1c1 is an odd cell, colour 1 (digit 2) is not (SU-13)",
        ),
        (
            {"consecutive": ["r1c1-r1c2"], "digits": "918273645"},
            [Place(1, 1, 1), Place(5, 5, 5)],
            Place(1, 2, 2),
            "invalid placement: r1c1-r1c2 is marked consecutive but would hold 2 and 1 "
            "(digits 1 and 9) (SU-14)",
        ),
        (
            {"non_consecutive_marks": ["r1c1-r1c2"]},
            [Place(1, 1, 1), Place(5, 5, 5)],
            Place(1, 2, 2),
            "invalid placement: r1c1-r1c2 is marked non-consecutive but would hold 2 and 1 (SU-37)",
        ),
        ({}, [Place(1, 1, 1)], Place(1, 1, 5), "r1c1 already holds colour 1"),
        ({}, [], Place(1, 1, 5), "colour 5 is not Player 1's (their colours: 12349), SU-1"),
    ],
)
def test_strict_refuses_an_invalid_placement_naming_the_rule(
    options: dict[str, object], setup: list[Action], action: Action, reason: str
) -> None:
    state = play(Sumodoku(**options).new_initial_state(0), *setup)  # type: ignore[arg-type]
    refused(state, action, reason)


def test_a_player_out_of_a_colour_is_refused_it() -> None:
    nines = [(1, 1), (2, 4), (3, 7), (4, 2)]
    p2 = [(9, 9, 5), (9, 8, 6), (9, 7, 7), (9, 6, 8)]
    state = Sumodoku().new_initial_state(0)
    for (row, col), theirs in zip(nines, p2, strict=True):
        play(state, Place(row, col, 9), Place(*theirs))
    assert state.hand(0) == (9, 9, 9, 9, 0, 0, 0, 0, 0)
    refused(state, Place(5, 5, 9), "Player 1 has no piece of colour 9 left")


def test_non_consecutive_forbids_consecutive_neighbours() -> None:
    state = play(
        Sumodoku(non_consecutive=True).new_initial_state(0), Place(5, 5, 4), Place(1, 1, 5)
    )
    refused(
        state,
        Place(5, 6, 3),
        "invalid placement: r5c5-r5c6 is not marked but would hold the consecutive 3 and 4 (SU-14)",
    )
    play(state, Place(5, 6, 9))


def test_marked_border_allows_only_a_difference_of_one() -> None:
    state = play(
        Sumodoku(consecutive=["r1c1-r1c2"]).new_initial_state(0), Place(1, 1, 4), Place(1, 2, 5)
    )
    assert state.board[1, 2] == 5


def test_the_digits_decide_parity_and_consecutive_marks() -> None:
    # Colour 1 is digit 9 and colour 9 digit 1 (SU-36): colour 1 is odd, and next to colour 8
    # (digit 8), never to colour 2 (digit 2).
    digits = "923456781"
    game = Sumodoku(parity="o" + "." * 80, consecutive=["r1c1-r1c2"], digits=digits)
    state = game.new_initial_state(0)
    assert {m.colour for m in state.valid_moves(0) if (m.row, m.col) == (1, 1)} == {1, 3, 9}
    assert {m.colour for m in state.valid_moves(1) if (m.row, m.col) == (1, 1)} == {5, 7, 9}
    play(state, Place(1, 1, 1))
    assert {m.colour for m in state.valid_moves(1) if (m.row, m.col) == (1, 2)} == {8}
    assert {m.colour for m in state.valid_moves(0) if (m.row, m.col) == (1, 2)} == set()


def test_a_non_consecutive_mark_forbids_consecutive_digits_across_it() -> None:
    game = Sumodoku(non_consecutive_marks=["r1c2-r1c1"], consecutive=["r2c1-r3c1"])
    assert game.variants.non_consecutive_marks == {(0, 1)}
    state = play(game.new_initial_state(0), Place(1, 1, 4), Place(9, 9, 5))
    assert {m.colour for m in state.valid_moves(0) if (m.row, m.col) == (1, 2)} == {1, 2, 9}
    assert {m.colour for m in state.valid_moves(0) if (m.row, m.col) == (1, 3)} == {1, 2, 3, 9}


def test_violations_name_the_digits_when_the_colours_mean_others() -> None:
    """SU-36, SU-37: colour 1 is digit 2 here, so colours 1 and 3 (digits 2 and 3) break the
    non-consecutive mark, and colour 1 breaks the odd cell; with the usual digits the same
    colours break nothing, and the message names no digits."""
    board = Board("13" + "." * 79)
    odd = "o" + "." * 80
    variants = Variants(non_consecutive_marks=["r1c1-r1c2"], digits="213456789", parity=odd)
    assert violations(board, variants) == [
        Violation("SU-13", (Piece(1, 1, 1),), "colour 1 (digit 2) on the odd cell r1c1"),
        Violation(
            "SU-37",
            (Piece(1, 1, 1), Piece(1, 2, 3)),
            "r1c1-r1c2 is marked non-consecutive but holds 1 and 3 (digits 2 and 3)",
        ),
    ]
    assert violations(board, Variants(non_consecutive_marks=["r1c1-r1c2"], parity=odd)) == []
    assert violations(Board("12" + "." * 79), Variants(non_consecutive_marks=["r1c1-r1c2"])) == [
        Violation(
            "SU-37",
            (Piece(1, 1, 1), Piece(1, 2, 2)),
            "r1c1-r1c2 is marked non-consecutive but holds 1 and 2",
        )
    ]


def test_wrong_action_values_are_refused_at_construction() -> None:
    with pytest.raises(PositionError, match="Place row 0 is not a row 1-9"):
        Place(0, 1, 1)
    with pytest.raises(TypeError, match="Place colour must be an int 1-9, not bool"):
        Place(1, 1, True)
    with pytest.raises(EngineError, match=r"finite number >= 0, not -1"):
        Claim(Board(), -1)
    with pytest.raises(TypeError, match="a claim's filling is a Board, not int"):
        Claim(3, 0)  # type: ignore[arg-type]
    assert Claim(SOLUTION, 1).filling == Board(SOLUTION)  # type: ignore[arg-type]


def test_chance_outcomes_and_concessions_are_refused_to_players() -> None:
    state = Sumodoku().new_initial_state(0)
    refused(state, Silent(), "the observer is silent is a chance outcome, not a player's action")
    refused(state, Concede(), "conceding is allowed only with no valid move to make (ruling SU-24)")
    refused(
        state,
        PointOut(1, 1),
        "only enforcement 'tabletop' plays invalid placements to point out (SU-4)",
    )


# -- the end: SU-5, SU-6 -------------------------------------------------------------------------


def test_all_pieces_played_wins_at_once() -> None:
    state = solution_game(39)
    assert state.current_player() == 0
    play(state, Place(*P1_CELLS[39]))
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "all-pieces-played")
    assert state.returns() == (1, -1)
    assert (state.turn_number(0), state.turn_number(1)) == (40, 39)
    assert state.legal_actions(0) == state.legal_actions(1) == ()


def test_free_colours_have_no_all_pieces_win() -> None:
    state = Sumodoku(free_colours=True).new_initial_state(0)
    pieces = [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION)]
    for piece in pieces[:80]:
        play(state, Place(*piece))
    # 80 placements: 40 each, the board one piece short; a free-colours game goes on
    assert not state.is_terminal()
    play(state, Place(*pieces[80]))
    # the board is full: Player 2 has no valid move (SU-6) and no claim (turn 41)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "no-valid-move")


EVEN = "e" * 81
BLOCKING = {"parity": EVEN, "claim_window": [60, 61], "claim_time_limits": [[60, 61, 100]]}


def blocked_game(options: dict[str, object]) -> SumodokuState:
    """Every cell even: each player places their 18 even pieces, then Player 1 is stuck."""
    state = Sumodoku(**options).new_initial_state(0)  # type: ignore[arg-type]
    mine = cells_of({2, 4})
    theirs = cells_of({6, 8})
    for a, b in zip(mine, theirs, strict=True):
        play(state, Place(*a), Place(*b))
    return state


def test_no_valid_move_loses_at_the_start_of_the_turn() -> None:
    state = blocked_game(BLOCKING)
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "no-valid-move")
    assert state.result.detail == "Player 1 has no valid move; Player 2 made the last one"
    assert not state.has_valid_move(0)


def test_with_no_valid_move_but_a_claim_open_the_player_may_claim_or_concede() -> None:
    state = blocked_game({"parity": EVEN})
    assert state.current_player() == 0
    assert state.turn_number(0) == 18
    assert state.legal_actions() == (Concede(),)
    assert state.open_actions() == ("claim",)
    assert state.open_actions(1) == ()
    other = play(state.clone(), Concede())
    assert other.result is not None
    assert (other.result.winner, other.result.reason) == (1, "no-valid-move")
    # every odd piece left must go somewhere: no filling can be valid
    filling = Board(SOLUTION)
    play(state, Claim(filling, 10))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "claim-failed")
    assert state.result.detail.startswith("Player 1's claim: the filling breaks SU-13: ")


# -- the claim (SU-10, rulings SU-26, SU-27) -----------------------------------------------------


def test_a_claim_is_open_on_own_turns_16_to_35_only() -> None:
    state = solution_game(14)
    assert not state.claim_open(0)
    assert state.open_actions() == ()
    refused(
        state,
        Claim(Board(SOLUTION), 0),
        "a claim is allowed on own turns 16-35 (SU-10); this would be Player 1's turn 15",
    )
    play(state, Place(*P1_CELLS[14]), Place(*P2_CELLS[14]))
    assert state.claim_open(0) and not state.claim_open(1)
    assert state.claim_time_limit(0) == 960
    assert state.claim_time_limit(1) is None
    assert state.open_actions() == ("claim",)
    assert Claim(Board(SOLUTION), 0) not in state.legal_actions()


@pytest.mark.parametrize(
    ("turns", "limit"), [(15, 960), (19, 960), (20, 720), (25, 480), (30, 240), (34, 240)]
)
def test_the_time_limit_follows_the_own_turn_number(turns: int, limit: int) -> None:
    state = solution_game(turns)
    assert state.claim_time_limit(0) == limit


def test_no_claim_after_turn_35() -> None:
    state = solution_game(35)
    assert state.claim_time_limit(0) is None
    assert not state.claim_open(0)


def test_a_valid_filling_in_time_wins() -> None:
    state = play(solution_game(15), Claim(Board(SOLUTION), 960))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "claim-succeeded")
    assert state.turn_number(0) == 16


def claim_detail(filling: str, seconds: float = 0, turns: int = 15) -> str:
    state = play(solution_game(turns), Claim(Board(filling), seconds))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "claim-failed")
    return state.result.detail


def test_a_late_claim_loses() -> None:
    assert claim_detail(SOLUTION, 960.5) == (
        "Player 1's claim: 960.5 s is over the 960 s allowed on own turn 16"
    )
    assert claim_detail(SOLUTION, 241, turns=30) == (
        "Player 1's claim: 241 s is over the 240 s allowed on own turn 31"
    )


def test_a_filling_that_moves_a_piece_loses() -> None:
    assert P1_CELLS[0] == (1, 6, 4)  # placed first
    filling = SOLUTION[:5] + "5" + SOLUTION[6:]
    assert claim_detail(filling) == "Player 1's claim: the filling has 5 on r1c6=4"


def test_a_filling_with_a_hole_loses() -> None:
    state = solution_game(15)
    empty = next(i for i, v in enumerate(str(state.board)) if v == ".")
    filling = SOLUTION[:empty] + "." + SOLUTION[empty + 1 :]
    row, col = empty // 9 + 1, empty % 9 + 1
    assert claim_detail(filling) == f"Player 1's claim: the filling leaves r{row}c{col} empty"


def test_a_filling_with_other_pieces_than_those_left_loses() -> None:
    state = solution_game(15)
    empty = next(i for i, v in enumerate(str(state.board)) if v == ".")
    colour = int(SOLUTION[empty])
    other = colour % 9 + 1
    filling = SOLUTION[:empty] + str(other) + SOLUTION[empty + 1 :]
    left = 9 - str(state.board).count(str(other))
    assert claim_detail(filling) == (
        f"Player 1's claim: the filling adds {left + 1} pieces of colour {other}, but {left} remain"
    )


def test_a_filling_that_breaks_a_rule_loses() -> None:
    state = solution_game(15)
    board = str(state.board)
    empties = [i for i, v in enumerate(board) if v == "."]
    # swap the colours of two empty cells of row 9 that differ
    row9 = [i for i in empties if i >= 72]
    a, b = row9[0], next(i for i in row9 if SOLUTION[i] != SOLUTION[row9[0]] and i // 9 == 8)
    filling = list(SOLUTION)
    filling[a], filling[b] = filling[b], filling[a]
    detail = claim_detail("".join(filling))
    assert detail.startswith("Player 1's claim: the filling breaks SU-3: colour ")


# -- tabletop (SU-4, SU-7, SU-8, SU-9; rulings SU-20 to SU-23) -----------------------------------

TABLETOP = Sumodoku(enforcement="tabletop")


def test_tabletop_offers_every_own_piece_on_every_empty_cell() -> None:
    state = TABLETOP.new_initial_state(0)
    assert len(state.legal_actions()) == 81 * 5
    play(state, Place(1, 1, 1), Place(2, 2, 5))
    assert len(state.legal_actions()) == 79 * 5
    assert Place(1, 9, 1) in state.legal_actions()


def test_an_invalid_placement_can_be_pointed_out_right_after_it() -> None:
    state = play(TABLETOP.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    assert state.unnoticed() == (Piece(1, 5, 1),)
    assert state.point_out_target() == Piece(1, 5, 1)
    assert PointOut(1, 5) in state.legal_actions()
    refused(state, PointOut(1, 1), "the opponent's last placement is r1c5=1, not on r1c1 (SU-7)")
    refused(
        state,
        FindMistake(1, 5),
        "r1c5=1 is the opponent's last placement: point it out (SU-7, ruling SU-21)",
    )
    play(state, PointOut(1, 5))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "pointed-out")
    assert state.result.detail == (
        "Player 2 pointed out the invalid placement r1c5=1 of Player 1: "
        "colour 1 is already in row 1 (r1c1), SU-3"
    )


def test_once_the_opponent_moved_only_the_opponent_may_find_the_mistake() -> None:
    """SU-8 revised: finding one's own unnoticed mistake does not win by default."""
    state = play(TABLETOP.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    play(state, Place(9, 9, 6))
    assert state.point_out_target() is None
    refused(
        state,
        PointOut(1, 5),
        "only an invalid last placement of the opponent may be pointed out, right after it "
        "(SU-7); there is none",
    )
    assert FindMistake(1, 5) not in state.legal_actions()
    refused(
        state,
        FindMistake(1, 5),
        "r1c5=1 is Player 1's own mistake: only the opponent's may be found "
        "(SU-8; option own_mistake_wins)",
    )
    refused(state, FindMistake(2, 2), "r2c2 holds no unnoticed mistake (SU-8, ruling SU-22)")
    play(state, Place(2, 2, 2))
    assert FindMistake(1, 5) in state.legal_actions()
    play(state, FindMistake(1, 5))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "mistake-found")
    assert state.result.detail == (
        "Player 2 found the mistake r1c5=1 of Player 1: colour 1 is already in row 1 (r1c1), SU-3"
    )
    assert state.turn_number(1) == 2  # finding a mistake is not a turn (ruling SU-25)


def test_with_own_mistake_wins_a_player_may_find_their_own_mistake() -> None:
    """SU-8's option: the literal reading, the first to find any unnoticed mistake wins."""
    game = Sumodoku(enforcement="tabletop", own_mistake_wins=True)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    play(state, Place(9, 9, 6))
    assert FindMistake(1, 5) in state.legal_actions()
    play(state, FindMistake(1, 5))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (0, "mistake-found")
    assert state.result.detail == (
        "Player 1 found their own mistake r1c5=1: colour 1 is already in row 1 (r1c1), SU-3"
    )
    assert state.turn_number(0) == 2  # finding a mistake is not a turn (ruling SU-25)


def test_the_observer_acts_only_on_a_mistake_the_opponent_let_pass() -> None:
    """SU-9 revised, SU-28: no observer's node right after a mistake (the opponent may still
    point it out); one after every later placement, on the mistakes let pass only."""
    game = Sumodoku(enforcement="tabletop", observer=0.25)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5))
    assert state.current_player() == 0  # no mistake: no observer
    play(state, Place(1, 5, 1))
    assert state.current_player() == 1  # the opponent first (SU-7)
    assert state.chance_outcomes() == ()
    assert PointOut(1, 5) in state.legal_actions()
    play(state, Place(9, 1, 5))  # Player 2 lets it pass
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == ((Observe(1, 5), Fraction(1, 4)), (Silent(), Fraction(3, 4)))
    play(state, Silent())
    assert state.current_player() == 0
    play(state, Place(1, 6, 1))  # a second mistake: only the first may be observed
    assert state.chance_outcomes() == ((Observe(1, 5), Fraction(1, 4)), (Silent(), Fraction(3, 4)))
    refused(state, Observe(1, 6), "this is not an unnoticed mistake the observer may remove (SU-9)")
    play(state, Silent())
    assert state.point_out_target() == Piece(1, 6, 1)
    play(state, Place(9, 2, 6))
    assert state.chance_outcomes() == (
        (Observe(1, 5), Fraction(1, 8)),
        (Observe(1, 6), Fraction(1, 8)),
        (Silent(), Fraction(3, 4)),
    )


def test_an_observer_who_always_acts_leaves_pointing_out_to_the_opponent() -> None:
    """SU-9 revised: with ``observer=1`` the opponent may still point a mistake out (SU-7)."""
    game = Sumodoku(enforcement="tabletop", observer=1)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    assert state.current_player() == 1
    assert state.legal_actions()[-1] == PointOut(1, 5)
    play(state, PointOut(1, 5))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "pointed-out")


def test_the_observer_removes_the_piece_and_leaves_a_hole() -> None:
    game = Sumodoku(enforcement="tabletop", observer=1)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    play(state, Place(2, 5, 6))
    assert state.chance_outcomes() == ((Observe(1, 5), Fraction(1)),)
    play(state, Observe(1, 5))
    assert state.board[1, 5] == 0
    assert state.out == (1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert state.position.out == state.out
    assert state.hand(0) == (7, 9, 9, 9, 0, 0, 0, 0, 4)
    assert state.unnoticed() == ()
    assert state.point_out_target() is None
    assert state.current_player() == 0
    # the hole takes a valid piece later (SU-9)
    play(state, Place(1, 5, 2))
    assert state.board[1, 5] == 2


def test_a_mistake_whose_partner_left_the_game_is_no_longer_one() -> None:
    game = Sumodoku(enforcement="tabletop", observer=0.5)
    state = play(game.new_initial_state(0), Place(1, 1, 1), Place(9, 9, 5), Place(1, 5, 1))
    play(state, Place(9, 1, 6), Silent())
    # r1c5=1 clashes with r1c1; r2c5=1 would clash with r1c5 only (box 2, column 5)
    play(state, Place(2, 5, 1))
    assert state.unnoticed() == (Piece(1, 5, 1), Piece(2, 5, 1))
    assert state.point_out_target() == Piece(2, 5, 1)
    play(state, Observe(1, 5))
    assert state.unnoticed() == ()
    assert state.point_out_target() is None  # nothing left to point out (ruling SU-22)


def observe_when_asked(state: SumodokuState, *actions: Action) -> SumodokuState:
    """Play ``actions``; whenever the observer's node comes up, it removes the first mistake."""
    for action in actions:
        state.apply_action(action)
        if state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_a_piece_the_observer_removed_does_not_count_as_placed() -> None:
    """SU-9 revised, SU-5: Player 1 places all 40 pieces, one of them removed: no win."""
    state = Sumodoku(enforcement="tabletop", observer=1).new_initial_state(0)
    assert P1_CELLS[0] == (1, 6, 4) and (2, 4, 2) in P1_CELLS
    fours = [p for p in P1_CELLS if p[2] == 4]
    mine = [p for p in P1_CELLS[1:] if p != fours[-1]]  # one 4 short: it is lost
    # Player 1's second piece, a 4 on r2c4 (box 2 holds r1c6=4), passes and is removed
    observe_when_asked(state, Place(*P1_CELLS[0]), Place(*P2_CELLS[0]), Place(2, 4, 4))
    observe_when_asked(state, Place(*P2_CELLS[1]))
    assert state.out == (0, 0, 0, 1, 0, 0, 0, 0, 0)
    for a, b in zip(mine[:-1], P2_CELLS[2:39], strict=True):
        observe_when_asked(state, Place(*a), Place(*b))
    observe_when_asked(state, Place(*mine[-1]))
    assert state.turn_number(0) == 40 and state.hand(0) == (0,) * 9
    assert state.result is None  # not all-pieces-played: 39 of the 40 stand
    assert state.current_player() == 1
    observe_when_asked(state, Place(*P2_CELLS[39]))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "all-pieces-played")
    assert state.result.detail == "Player 2 placed all 40 pieces (SU-5)"


def test_an_invalid_last_piece_waits_for_the_opponent_s_answer() -> None:
    state = Sumodoku(enforcement="tabletop").new_initial_state(0)
    mine = P1_CELLS[36:] + P1_CELLS[:36]  # the four 9s first: the last piece is r9c9=1
    for a, b in zip(mine[:39], P2_CELLS[:39], strict=True):
        play(state, Place(*a), Place(*b))
    assert P2_CELLS[39] == (8, 3, 9)
    play(state, Place(8, 3, 1))  # Player 1's 40th piece clashes with r8c1=1
    assert state.hand(0) == (0,) * 9
    assert state.result is None
    assert state.legal_actions() == (PointOut(8, 3), Concede())
    assert state.open_actions() == ()
    refused(
        state,
        Place(9, 5, 9),
        "Player 1 placed all 40 pieces, the last one invalid: point it out (SU-7), "
        "find a mistake (SU-8) or concede (ruling SU-23)",
    )
    conceded = play(state.clone(), Concede())
    assert conceded.result is not None
    assert (conceded.result.winner, conceded.result.reason) == (0, "all-pieces-played")
    play(state, PointOut(8, 3))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "pointed-out")


def test_the_observer_leaves_an_invalid_last_piece_to_the_opponent() -> None:
    """SU-9 revised, ruling SU-23: the observer does not act before the opponent's answer."""
    state = Sumodoku(enforcement="tabletop", observer=1).new_initial_state(0)
    mine = P1_CELLS[36:] + P1_CELLS[:36]
    for a, b in zip(mine[:39], P2_CELLS[:39], strict=True):
        play(state, Place(*a), Place(*b))
    play(state, Place(8, 3, 1))
    assert state.current_player() == 1
    assert state.legal_actions() == (PointOut(8, 3), Concede())
    assert state.out == (0,) * 9


# -- observations --------------------------------------------------------------------------------


def test_observations_are_public_and_fit_80_columns() -> None:
    state = play(TABLETOP.new_initial_state(0), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1))
    seen = state.observation(1)
    assert seen.data == {
        "player": 2,
        "board": "1...1...5" + "." * 72,
        "out": [0] * 9,
        "hands": [[7, 9, 9, 9, 0, 0, 0, 0, 4], [0, 0, 0, 0, 8, 9, 9, 9, 4]],
        "colours": [[1, 2, 3, 4, 9], [5, 6, 7, 8, 9]],
        "turns": [2, 1],
        "to_move": 2,
        "unnoticed": ["r1c5=1"],
        "point_out": "r1c5=1",
        "claim_open": False,
        "claim_time_limit": None,
        "result": None,
    }
    other = state.observation(0)
    assert other.text == seen.text
    assert {**other.data, "player": 2} == seen.data  # type: ignore[dict-item]
    assert all(len(line) <= 80 for line in seen.text.splitlines())
    assert " 1 | 1 . . | . 1!. | . . 5 |" in seen.text.splitlines()
    assert state.resample_from_infostate(0, random.Random(1)) == state
    every = Sumodoku(enforcement="tabletop", free_colours=True, x=True, parity="o" + "." * 80,
                     consecutive=["r1c1-r1c2"], non_consecutive_marks=["r2c1-r3c1"],
                     digits="918273645")  # fmt: skip
    text = every.new_initial_state(0).observation(0).text.splitlines()
    assert text[:2] == [
        "Sumodoku, tabletop, x, parity, consecutive, non-consecutive marks,",
        "  digits 918273645, free colours",
    ]
    assert all(len(line) <= 80 for line in text)


# -- records -------------------------------------------------------------------------------------


def test_a_record_has_the_issue_s_form() -> None:
    state = play(Sumodoku(colour_assignment="random").new_initial_state(3))
    play(state, Colours((1, 2, 3, 4), (5, 6, 7, 8), 9), Place(1, 1, 1))
    data = record_json(state)
    assert data == {
        "game": "sumodoku",
        "options": Sumodoku(colour_assignment="random").options,
        "seed": 3,
        "actions": [
            {
                "player": "chance",
                "type": "colours",
                "player1": [1, 2, 3, 4],
                "player2": [5, 6, 7, 8],
                "shared": 9,
            },
            {"player": 1, "type": "place", "row": 1, "col": 1, "colour": 1},
        ],
        "result": None,
    }
    text = record_text(state)
    assert json.loads(text) == data
    assert text.splitlines()[5] == (
        '    {"player": "chance", "type": "colours", "player1": [1, 2, 3, 4], '
        '"player2": [5, 6, 7, 8], "shared": 9},'
    )
    jsonschema.Draft202012Validator(record_schema()).validate(data)


def test_records_round_trip_to_an_equal_state() -> None:
    for state in (
        solution_game(15),
        play(solution_game(15), Claim(Board(SOLUTION), 12.5)),
        play(TABLETOP.new_initial_state(4), Place(1, 1, 1), Place(1, 9, 5), Place(1, 5, 1)),
    ):
        again = read_record(record_text(state), source="game.json")
        assert again == state
        assert record_json(again) == record_json(state)
        assert read_record(record_json(state)) == state
        assert read_record(record_text(state).encode()) == state
        assert replay(state.record()) == state


def test_a_finished_record_states_the_result() -> None:
    state = play(solution_game(15), Claim(Board(SOLUTION), 12.5))
    data = record_json(state)
    assert data["result"] == {"winner": 1, "reason": "claim-succeeded"}
    assert data["actions"][-1] == {  # type: ignore[index]
        "player": 1,
        "type": "claim",
        "filling": SOLUTION,
        "seconds": 12.5,
    }


def bad(text: str) -> RecordFileError:
    with pytest.raises(RecordFileError) as caught:
        read_record(text, source="game.json")
    return caught.value


def record_lines(state: SumodokuState) -> list[str]:
    return record_text(state).splitlines()


def test_a_bad_record_is_located() -> None:
    state = play(Sumodoku().new_initial_state(0), Place(1, 1, 1), Place(9, 9, 5))
    lines = record_lines(state)
    # line 6 holds the first action, line 7 the second
    wrong = "\n".join(lines).replace('"col": 9, "colour": 5', '"col": 9, "colour": 1')
    error = bad(wrong)
    assert str(error) == (
        "game.json:7:5: $.actions[1]: place colour 1 on r9c9: colour 1 is not Player 2's "
        "(their colours: 56789), SU-1"
    )
    error = bad("\n".join(lines).replace('"row": 9', '"row": 10'))
    assert error.path == "$.actions[1].row"
    assert (error.line, error.column) == (7, 43)  # the value 10
    error = bad("\n".join(lines).replace('"player": 2', '"player": 1'))
    assert error.reason == "$.actions[1].player: recorded for 1, but 2 is to act"
    error = bad(
        "\n".join(lines).replace(
            '"result": null', '"result": {"winner": 1, "reason": "pointed-out"}'
        )
    )
    assert error.reason == (
        '$.result: the record says {"winner": 1, "reason": "pointed-out"}, '
        "the game gives null (not finished)"
    )
    error = bad("\n".join(lines).replace('"enforcement": "strict"', '"enforcement": "loose"'))
    assert error.path == "$.options.enforcement"
    assert error.line == 3
    error = bad("\n".join(lines).replace('"sumodoku"', '"twodoku"'))
    assert error.reason.startswith("$.game: ")
    error = bad('{\n  "game": ')
    assert error.line == 2
    error = bad("\n".join(lines).replace('"type": "place", "row": 9', '"type": "jump", "row": 9'))
    assert error.path == "$.actions[1].type"


def test_a_broken_rule_in_a_record_is_named() -> None:
    state = play(Sumodoku().new_initial_state(0), Place(1, 1, 1), Place(9, 9, 5))
    text = record_text(state).replace('"col": 1, "colour": 1', '"col": 1, "colour": 1')
    text = text.replace('"row": 9, "col": 9, "colour": 5', '"row": 1, "col": 1, "colour": 5')
    error = bad(text)
    assert error.reason == "$.actions[1]: place colour 5 on r1c1: r1c1 already holds colour 1"


def test_every_reason_is_reachable_and_named() -> None:
    assert REASONS == (
        "all-pieces-played",
        "no-valid-move",
        "claim-succeeded",
        "claim-failed",
        "pointed-out",
        "mistake-found",
    )


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        ({"player": 1, "type": "place", "row": 1, "col": 1}, "$.actions[0]"),
        ({"player": 1, "type": "place", "row": 1, "col": 1, "colour": 0}, "$.actions[0].colour"),
        ({"player": 1, "type": "place", "row": 1, "col": 1, "colour": 1, "x": 1}, "$.actions[0]"),
        ({"player": 1, "type": "claim", "filling": 5, "seconds": 1}, "$.actions[0].filling"),
        (
            {"player": 1, "type": "claim", "filling": SOLUTION, "seconds": -1},
            "$.actions[0].seconds",
        ),
        ({"player": 3, "type": "concede"}, "$.actions[0].player"),
        ({"player": 1, "type": "shout"}, "$.actions[0].type"),
        ({"player": "observer", "type": "silent"}, "$.actions[0].player"),
    ],
)
def test_the_reader_refuses_what_the_published_schema_refuses(
    entry: dict[str, object], path: str
) -> None:
    data = record_json(Sumodoku().new_initial_state(0))
    data["actions"] = [entry]  # type: ignore[list-item]
    if entry.get("player") != "observer":  # a wrong actor is the engine's to judge
        assert not jsonschema.Draft202012Validator(record_schema()).is_valid(data)
    with pytest.raises(RecordFileError) as caught:
        read_record(json.dumps(data))
    assert caught.value.path == path
