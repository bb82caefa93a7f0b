"""Exact contracts of the Competitive Sudoku engine (CS-* in RULINGS.md).

Line kinds and bonuses computed by the engine's own functions (not only read from
the tables built at import), action texts, the JSON forms an action is read from
and the exact error messages, the reasons an action is illegal, the one-line text
of a state.
"""

from __future__ import annotations

import pytest

from competitive.test_engine import (
    BLACK_FILL,
    RED_FILL,
    card,
    draw,
    drive_until_choice,
    full_grids,
    play,
    replay_onto,
    seen,
)
from competitive.test_engine import (
    opening as opening_with_options,
)
from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    Action,
    IllegalActionError,
    RecordError,
    State,
)
from dokuspec.engine.competitive import (
    CompetitiveSudoku,
    CompetitiveSudokuState,
    Concede,
    Continue,
    Draw,
    Pass,
    Pick,
    Place,
    Return,
    Swap,
    Take,
    TakeDeck,
    Toss,
    count_winning_hands,
    line_points,
    max_score,
    winning_rank_patterns,
)
from dokuspec.engine.competitive.analysis import _bonus_of_ranks
from dokuspec.engine.competitive.rules import _bonus, _classify
from dokuspec.errors import PositionError
from dokuspec.vocabulary.competitive import Scoring

# -- helpers -------------------------------------------------------------------------------------


def placement(copies: int = 1) -> CompetitiveSudokuState:
    """Draft mode; seat 0 is Black (r9 beats r1, CS-2) and picks b1-b5, Red r1-r5 (CS-3)."""
    state = CompetitiveSudoku(copies_per_colour=copies).new_initial_state(0)
    play(state, draw("r9"), draw("r1"))
    reds = [card(f"r{n}") for n in range(1, 6)]
    blacks = [card(f"b{n}") for n in range(1, 6)]
    play(state, *(Draw(c) for c in reds + blacks))
    for black, red in zip(blacks, reds, strict=True):
        play(state, Pick(black), Pick(red))
    assert isinstance(state, CompetitiveSudokuState)
    return state


def opening(copies: int = 1) -> CompetitiveSudokuState:
    """Each seat's five cards on positions 1-5; the red Pool r6 | r7, the black b6 | b7 (CS-8)."""
    state = placement(copies)
    for n in range(1, 6):
        play(state, (Place(card(f"b{n}"), n), Place(card(f"r{n}"), n)))
    play(state, draw("r6"), draw("r7"), draw("b6"), draw("b7"))
    return state


def reason(state: State, action: Action) -> str:
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(action)
    return error.value.reason


# -- CS-18: line kinds, by the classifying function itself ---------------------------------------


@pytest.mark.parametrize(
    ("ranks", "kind"),
    [
        ((5, 5, 5), "triplet"),
        ((8, 2, 4), "power-series"),
        ((2, 4, 8), "power-series"),
        ((3, 1, 2), "one-straight"),
        ((1, 2, 3), "one-straight"),
        ((5, 1, 3), "two-straight"),
        ((7, 4, 1), "three-straight"),
        ((2, 5, 8), "three-straight"),
        ((1, 2, 4), None),
        ((1, 1, 2), None),
        ((3, 4, 8), None),
        ((2, 4, 9), None),
        ((1, 5, 9), None),  # a step of 4 is no straight
    ],
)
def test_classify_names_the_kind_of_three_ranks_cs18(
    ranks: tuple[int, int, int], kind: str | None
) -> None:
    assert _classify(*ranks) == kind


# -- CS-20: the three-triplets bonus -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "bonus"),
    [
        ((1, 1, 1, 2, 2, 2, 3, 3, 3), 3),  # three triplet rows
        ((4, 7, 9, 4, 7, 9, 4, 7, 9), 3),  # three triplet columns
        ((1, 1, 1, 2, 2, 2, 3, 3, 4), 0),  # two triplet rows only
        ((1, 2, 3, 1, 2, 3, 1, 2, 4), 0),  # two triplet columns only
        ((1, 2, 3, 4, 5, 6, 7, 8, 9), 0),
    ],
)
def test_the_three_triplets_bonus_of_ranks_cs20(ranks: tuple[int, ...], bonus: int) -> None:
    assert _bonus_of_ranks(ranks) == bonus
    # The same ranks in red cards (indices 0-8 are r1-r9).
    assert _bonus([rank - 1 for rank in ranks]) == bonus


def test_max_utility_follows_the_three_triplets_bonus_option_cs20() -> None:
    # 23 with the bonus (test_max_score_of_the_standard_deck_cs16_cs20), 20 without.
    assert CompetitiveSudoku(three_triplets_bonus=True).max_utility() == 23
    assert CompetitiveSudoku().max_utility() == 20


# -- public helpers: defaults and exact errors ---------------------------------------------------


def test_the_deck_defaults_to_two_copies_and_counts_grids_of_cards() -> None:
    # 13,956 rank patterns with two copies, 16,845 without limit (CS-19).
    assert len(winning_rank_patterns()) == 13956
    assert count_winning_hands(colours=False) == 13956
    assert count_winning_hands() == count_winning_hands(2, colours=True)
    assert count_winning_hands() > 13956  # colours multiply the patterns


def test_nine_copies_are_allowed_and_ten_refused() -> None:
    # Nine copies of each card: 18 of each rank, no limit on a Grid of nine.
    assert len(winning_rank_patterns(9)) == 16845
    with pytest.raises(PositionError) as error:
        winning_rank_patterns(10)
    assert str(error.value) == "copies_per_colour is 1-9 or None, not 10"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (5, "a line is a sequence of three cards, not int"),
        ("r1r2r3", "a line is a sequence of three cards, not str"),
        ({card("r1"), card("r2"), card("r3")}, "a line is a sequence of three cards, not set"),
    ],
)
def test_line_points_refuses_what_is_not_a_sequence(cards: object, message: str) -> None:
    with pytest.raises(TypeError) as error:
        line_points(cards)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_max_score_needs_a_number_of_copies() -> None:
    with pytest.raises(TypeError) as error:
        max_score(None)  # type: ignore[arg-type]
    assert str(error.value) == "max_score needs a number of copies, not None"


def test_line_points_with_scoring_cs20() -> None:
    assert line_points([card("r2"), card("b4"), card("r8")], Scoring(power_series_points=5)) == 5


# -- action texts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Concede(), "concede"),
        (Continue(), "continue"),
        (TakeDeck(), "take from own Deck"),
        (Pass(), "pass"),
        (Swap(card("b3"), 5), "swap b3 into position 5"),
        (Swap(card("r1"), 9, 1), "swap r1 into position 9, displaced card onto Stack 1"),
        (Return(card("r4")), "return r4 to the red Pool"),
        (Return(card("b4"), 2), "return b4 to the black Pool onto Stack 2"),
    ],
)
def test_action_texts(action: Action, text: str) -> None:
    assert str(action) == text


# -- reading actions from JSON -------------------------------------------------------------------


def read(data: object) -> Action:
    return CompetitiveSudoku().action_from_json(data)


@pytest.mark.parametrize(
    ("data", "action"),
    [
        # Members in another order than to_json's: read member by member.
        ({"position": 9, "card": "r5", "type": "place"}, Place(card("r5"), 9)),
        ({"position": 1, "card": "b5", "type": "place"}, Place(card("b5"), 1)),
        ({"player": 0, "type": "toss"}, Toss(0)),
        ({"player": 1, "type": "toss"}, Toss(1)),
        ({"stack": 1, "pool": "red", "type": "take"}, Take("r", 1)),
        ({"stack": 2, "pool": "black", "type": "take"}, Take("b", 2)),
        ({"stack": None, "position": 4, "card": "b2", "type": "swap"}, Swap(card("b2"), 4)),
        ({"stack": 2, "position": 4, "card": "b2", "type": "swap"}, Swap(card("b2"), 4, 2)),
        ({"stack": None, "card": "r2", "type": "return"}, Return(card("r2"))),
        ({"stack": 1, "card": "r2", "type": "return"}, Return(card("r2"), 1)),
    ],
)
def test_json_forms_in_any_member_order_are_read(data: object, action: Action) -> None:
    assert read(data) == action


LONG = "x" * 41  # 43 characters written: cut to its first 40 and '"...'


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"type": "place", "card": "r5", "position": 10},
            "$.position: 10 is not a Grid position 1-9",
        ),
        (
            {"type": "place", "card": "r5", "position": 0},
            "$.position: 0 is not a Grid position 1-9",
        ),
        ({"type": "toss", "player": 2}, "$.player: 2 is not a player 0 or 1"),
        ({"type": "toss", "player": True}, "$.player: true is not a player 0 or 1"),
        ({"type": "take", "pool": "red", "stack": 3}, "$.stack: 3 is not a Stack (1 or 2)"),
        ({"type": "take", "pool": "red", "stack": None}, "$.stack: null is not a Stack (1 or 2)"),
        ({"type": "take", "pool": "red", "stack": 0}, "$.stack: 0 is not a Stack (1 or 2)"),
        (
            {"type": "swap", "card": "r5", "position": 5, "stack": 3},
            "$.stack: 3 is not a Stack (1, 2 or null)",
        ),
        (
            {"type": "return", "card": "r5", "stack": 0},
            "$.stack: 0 is not a Stack (1, 2 or null)",
        ),
        (
            {"type": "return", "card": "r5", "stack": "1"},
            '$.stack: "1" is not a Stack (1, 2 or null)',
        ),
        # The written value, kept short: 42 characters in full, 43 cut to 40 and '"...'.
        (
            {"type": "flood", "pool": "y" * 40},
            '$.pool: "' + "y" * 40 + '" is not a Pool ("red" or "black")',
        ),
        (
            {"type": "flood", "pool": LONG},
            '$.pool: "' + "x" * 39 + '"... is not a Pool ("red" or "black")',
        ),
        (
            {"type": "flood", "pool": "z" * 39},
            '$.pool: "' + "z" * 39 + '" is not a Pool ("red" or "black")',
        ),
        # Integers: as written up to 120 bits, then their size (dokuspec.errors.quote).
        (
            {"type": "toss", "player": 2**64},
            "$.player: 18446744073709551616 is not a player 0 or 1",
        ),
        (
            {"type": "toss", "player": 2**63},
            "$.player: 9223372036854775808 is not a player 0 or 1",
        ),
        (
            {"type": "toss", "player": 2**200},
            "$.player: an integer of about 61 digits is not a player 0 or 1",
        ),
        ({"type": "toss", "player": [0]}, "$.player: a list of 1 items is not a player 0 or 1"),
    ],
)
def test_wrong_json_members_are_named_exactly(data: object, message: str) -> None:
    with pytest.raises(RecordError) as error:
        read(data)
    assert str(error.value) == message


# -- why an action is illegal --------------------------------------------------------------------


def test_nothing_is_drawn_outside_a_turn() -> None:
    state = opening()
    assert state.drawn() is None
    play(state, TakeDeck(), draw("r9"))
    assert state.drawn() == card("r9")


def test_a_toss_message_when_the_deck_ran_out_on_equal_sums_cs2() -> None:
    state = CompetitiveSudoku(copies_per_colour=1).new_initial_state(0)
    for rank in range(1, 10):
        play(state, draw(f"r{rank}"), draw(f"b{rank}"))
    assert reason(state, draw("r1")) == (
        "the deck ran out on equal sums: a toss decides who is Black (CS-2)"
    )
    play(state, Toss(0))  # seat 0 is Black; the deal (CS-3) draws red cards first
    assert reason(state, draw("b1")) == "no b1 is left in the red cards being dealt"


def test_the_text_names_both_players_at_the_placement_cs21() -> None:
    state = placement()
    assert state.current_player() == SIMULTANEOUS
    assert state.observation(0).text.splitlines()[-1] == "to act: both players (placement)"


def test_placement_reasons_cs6_cs21() -> None:
    state = placement()
    # Black (seat 0) holds b1-b5, Red (seat 1) r1-r5.
    with pytest.raises(IllegalActionError) as error:
        state.apply_actions((Pick(card("b1")), Place(card("r1"), 1)))
    assert error.value.reason == (
        "both players place one of their cards on an empty position (CS-21)"
    )
    with pytest.raises(IllegalActionError) as error:
        state.apply_actions((Place(card("r1"), 1), Place(card("r1"), 1)))
    assert error.value.reason == "player 0 holds no r1 to place (they hold b1 b2 b3 b4 b5)"
    play(state, (Place(card("b1"), 1), Place(card("r1"), 1)))
    # Position 1 holds r1 (card index 0) for Red, b1 for Black.
    with pytest.raises(IllegalActionError) as error:
        state.apply_actions((Place(card("b2"), 2), Place(card("r2"), 1)))
    assert error.value.reason == "position 1 of player 1's Grid already holds r1"
    with pytest.raises(IllegalActionError) as error:
        state.apply_actions((Place(card("b2"), 1), Place(card("r2"), 2)))
    assert error.value.reason == "position 1 of player 0's Grid already holds b1"


def test_the_card_drawn_goes_to_an_empty_position_cs11() -> None:
    state = play(opening(), Take("b", 2))  # Red (seat 1) takes b7
    assert reason(state, Place(card("b7"), 1)) == (
        "position 1 holds r1: b7 goes to an empty position (6, 7, 8, 9) (CS-11)"
    )


def test_the_one_line_text_of_a_state() -> None:
    state = opening()
    # Player 0 (Black) then player 1 (Red); each Pool's Stacks bottom to top, "|" between.
    assert str(state) == (
        "competitive turn: Grids b1b2b3b4b5........ r1r2r3r4r5........; "
        "Pools r6|r7 b6|b7; Decks 2 red, 2 black; turn 0"
    )


def test_a_toss_message_with_two_copies_cs2() -> None:
    state = CompetitiveSudoku(copies_per_colour=2).new_initial_state(0)
    for _ in range(2):
        for rank in range(1, 10):
            play(state, draw(f"r{rank}"), draw(f"b{rank}"))
    # 36 cards drawn in 18 equal pairs: the deck ran out.
    assert reason(state, draw("r1")) == (
        "the deck ran out on equal sums: a toss decides who is Black (CS-2)"
    )


def test_taking_from_a_pool_with_fewer_stacks_cs10_cs13_cs15() -> None:
    state = opening()  # one copy: Red's Deck holds r8 r9, Black's b8 b9
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 6))  # Red
    play(state, Take("r", 1), Place(card("r6"), 6), draw("r9"))  # Black; the red Pool r7 | r9
    play(state, Pass())  # Red's Deck is empty
    play(state, Take("r", 2), Place(card("r9"), 7))  # no red card left to refill
    play(state, Pass())
    assert reason(state, Take("r", 2)) == "the red Pool has 1 Stack, so no Stack 2"
    assert str(state) == (
        "competitive turn: Grids b1b2b3b4b5r6r9.... r1r2r3r4r5r8......; "
        "Pools r7 b6|b7; Decks 0 red, 2 black; turn 5"
    )
    play(state, Take("r", 1), Place(card("r7"), 8))
    play(state, Pass())
    assert reason(state, Take("r", 1)) == "the red Pool has no Stack, so no Stack 1"
    assert reason(state, Take("b", 3)) == "the black Pool has 2 Stacks, so no Stack 3"
    assert str(state) == (
        "competitive turn: Grids b1b2b3b4b5r6r9r7.. r1r2r3r4r5r8......; "
        "Pools - b6|b7; Decks 0 red, 2 black; turn 7"
    )


def mixed_full_grids() -> CompetitiveSudokuState:
    """Two copies; Red's Grid r1 r2 r3 / r4 r5 b6 / r9 r8 r8, Black's b1 b2 b3 / b4 b5 b9 /
    b7 b8 b9 (neither wins: rows 9 8 8 and 4 5 9 are no lines); the Pools r6 | r7, b8 | b7."""
    state = opening(copies=2)
    play(state, Take("b", 1), Place(card("b6"), 6), draw("b8"))  # Red; black refill b8
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 6))  # Black
    for position, red, black in ((7, "r9", "b7"), (8, "r8", "b8"), (9, "r8", "b9")):
        play(state, TakeDeck(), draw(red), Place(card(red), position))
        play(state, TakeDeck(), draw(black), Place(card(black), position))
    return state


def test_a_card_drawn_onto_a_full_grid_cs11_cs12() -> None:
    state = mixed_full_grids()
    assert str(state.grid(1)) == "r1 r2 r3 / r4 r5 b6 / r9 r8 r8"
    play(state, TakeDeck(), draw("r1"))  # Red
    assert reason(state, Place(card("r1"), 1)) == (
        "player 1's Grid is full: swap r1 into a position or return it to the red Pool (CS-11)"
    )
    # The displaced card goes to the Pool of its colour; both Pools have two Stacks of one.
    assert reason(state, Swap(card("r1"), 6)) == (
        "both Stacks of the black Pool hold one card: choose Stack 1 or 2 (CS-12)"
    )
    assert reason(state, Swap(card("r1"), 7)) == (
        "both Stacks of the red Pool hold one card: choose Stack 1 or 2 (CS-12)"
    )


def test_the_choice_and_the_end_of_the_game_cs16() -> None:
    state = drive_until_choice(mixed_full_grids())
    with pytest.raises(IllegalActionError) as error:
        state.apply_actions((Pass(), Concede()))
    assert error.value.reason == (
        "both Decks are exhausted: each player chooses Concede or Continue (CS-16)"
    )
    play(state, (Concede(), Concede()))
    assert state.is_terminal()
    assert reason(state, Pass()) == "the game is over"


@pytest.mark.parametrize(
    ("choices", "equal", "result", "ending"),
    [
        ((Concede(), Concede()), "both_score", [0, 0], "both players conceded: a draw (CS-16)"),
        # Black (seat 0, value 10) concedes against Red's 4.
        (
            (Concede(), Continue()),
            "both_score",
            [6, 0],
            "player 0 conceded with the more valuable hand (CS-16)",
        ),
        (
            (Continue(), Concede()),
            "conceder_wins",
            [10, 4],
            "player 1 conceded: both score their hands (CS-16)",
        ),
    ],
)
def test_the_ending_of_a_concession_cs16(
    choices: tuple[Action, Action], equal: str, result: list[int], ending: str
) -> None:
    state = CompetitiveSudoku(copies_per_colour=2, equal_value_concede=equal).new_initial_state(0)
    state = drive_until_choice(replay_onto(full_grids(RED_FILL, BLACK_FILL), state))
    play(state, choices)
    assert seen(state)["result"] == result
    assert seen(state)["ending"] == ending
    assert str(state.observation(0).text).splitlines()[-1] == (
        f"game over: {ending}; scores {result[0]} and {result[1]}"
    )


@pytest.mark.parametrize(
    ("equal", "result", "ending"),
    [
        ("both_score", [4, 4], "player 1 conceded: both score their hands (CS-16)"),
        ("conceder_wins", [0, 6], "player 1 conceded with an equally valuable hand (CS-16)"),
    ],
)
def test_the_ending_of_a_concession_with_equal_hands_cs16(
    equal: str, result: list[int], ending: str
) -> None:
    state = CompetitiveSudoku(copies_per_colour=2, equal_value_concede=equal).new_initial_state(0)
    same = ("b9", "b8", "b8", "b9")  # Black fills like Red: both hands are worth 4
    state = drive_until_choice(replay_onto(full_grids(RED_FILL, same), state))
    play(state, (Continue(), Concede()))
    assert (seen(state)["result"], seen(state)["ending"]) == (result, ending)


def test_an_observation_names_the_seat_and_its_colour() -> None:
    state = opening()  # seat 0 is Black
    assert state.observation(0).text.splitlines()[0] == (
        "competitive sudoku (draft), as Black (player 0) sees it"
    )
    assert state.observation(1).text.splitlines()[0] == (
        "competitive sudoku (draft), as Red (player 1) sees it"
    )


def test_whose_turn_during_the_table_draws_cs8_cs9_cs24() -> None:
    # Before the first turn nobody's turn has started; after a trade, the turn that was
    # starting when both continued resumes once the table is drawn (CS-24).
    state = placement(2)
    for n in range(1, 6):
        play(state, (Place(card(f"b{n}"), n), Place(card(f"r{n}"), n)))
    assert state.current_player() == CHANCE
    assert seen(state)["turn_of"] is None
    state = drive_until_choice(full_grids(RED_FILL, BLACK_FILL))
    assert seen(state)["turn_of"] == 1
    play(state, (Continue(), Continue()))
    assert state.current_player() == CHANCE
    assert (seen(state)["trades"], seen(state)["turn_of"]) == (1, 1)


def text_of(state: State, player: int = 0) -> list[str]:
    return state.observation(player).text.splitlines()


def test_the_text_of_an_observation_while_black_is_drawn_cs2() -> None:
    state = play(CompetitiveSudoku(copies_per_colour=1).new_initial_state(0), draw("r9"))
    empty = ".. .. .. / .. .. .. / .. .. .."
    # Nobody is Black yet: the seats are named without a colour.
    assert text_of(state, 1) == [
        "competitive sudoku (draft), as player 1 sees it",
        "player 0 drew (who is Black): r9",
        "player 1 drew (who is Black): -",
        # Until Black is known, the Pools follow seat 1's Grid.
        f"player 1 Grid: {empty}",
        "red: -",
        "black: -",
        f"player 0 Grid: {empty}",
        "Decks: player 0 0, player 1 0; turns 0, trades 0",
        "to act: chance (a card from the deck (who is Black, CS-2))",
    ]


def test_the_text_of_an_observation_while_cards_are_dealt_and_picked_cs3() -> None:
    state = play(CompetitiveSudoku(copies_per_colour=1).new_initial_state(0), draw("r9"))
    play(state, draw("r1"), draw("r5"), draw("r2"))
    lines = text_of(state)
    # Black is known (r9 beats r1), so the draws for it are no longer shown; the cards
    # dealt so far lie in the draft pool (CS-3).
    assert lines[:5] == [
        "competitive sudoku (draft), as Black (player 0) sees it",
        "dealt: r2 r5",
        "draft pool: r2 r5",
        "Black (player 0) holds: -",
        "Red (player 1) holds: -",
    ]
    assert lines[-1] == "to act: chance (a card from the red cards being dealt)"
    state = placement()
    lines = text_of(state, 1)
    assert lines[1:4] == [
        "dealt: b1 b2 b3 b4 b5 r1 r2 r3 r4 r5",
        "draft pool: -",
        "Black (player 0) holds: b1 b2 b3 b4 b5",
    ]
    assert lines[4] == "Red (player 1) holds: r1 r2 r3 r4 r5"


def test_the_text_of_an_observation_in_play_cs8_cs11() -> None:
    state = opening()  # one copy: Red's Deck holds r8 r9, Black's b8 b9
    assert text_of(state) == [
        "competitive sudoku (draft), as Black (player 0) sees it",
        "Black (player 0) Grid: b1 b2 b3 / b4 b5 .. / .. .. ..",
        "red: r6 | r7",
        "black: b6 | b7",
        "Red (player 1) Grid: r1 r2 r3 / r4 r5 .. / .. .. ..",
        "Decks: player 0 2, player 1 2; turns 0, trades 0",
        "to act: Red (player 1) (turn)",
    ]
    play(state, TakeDeck(), draw("r8"))
    lines = text_of(state, 1)
    assert lines[5:7] == ["Decks: player 0 2, player 1 1; turns 0, trades 0", "drawn: r8"]


def test_the_text_of_an_observation_while_twins_are_dealt_cs4() -> None:
    state = CompetitiveSudoku(copies_per_colour=1, mode="twins").new_initial_state(0)
    play(state, draw("r9"), draw("r1"), draw("r5"), draw("r2"))
    # No draft pool in Twins: each rank dealt gives Black its black twin, Red the red card.
    assert text_of(state)[1:4] == [
        "dealt: r2 r5",
        "Black (player 0) holds: b2 b5",
        "Red (player 1) holds: r2 r5",
    ]


def test_returns_are_zero_until_the_game_is_over() -> None:
    assert opening().returns() == (0, 0)


def test_a_card_drawn_is_shown_even_the_first_card_r1() -> None:
    # Two copies: Red's Deck holds the second r1 (card index 0, the lowest).
    state = CompetitiveSudoku(copies_per_colour=2).new_initial_state(0)
    state = play(replay_onto(opening(), state), TakeDeck(), draw("r1"))
    assert seen(state)["drawn"] == "r1"
    assert "drawn: r1" in text_of(state)
    assert str(state).endswith("; drawn r1; turn 0")


@pytest.mark.parametrize(
    ("table", "tie", "first"),
    [
        # Red Pool r6 | r7 (13) against black b6 | b7 (13): equal sums, the option decides.
        (("r6", "r7", "b6", "b7"), "red", 1),
        (("r6", "r7", "b6", "b7"), "black", 0),
        # r6 | r8 (14) against b6 | b7 (13): Red moves first whatever the option.
        (("r6", "r8", "b6", "b7"), "black", 1),
        # r6 | r7 (13) against b6 | b8 (14): Black moves first.
        (("r6", "r7", "b6", "b8"), "red", 0),
    ],
)
def test_the_first_turn_in_twins_cs9(
    table: tuple[str, str, str, str], tie: str, first: int
) -> None:
    state = opening_with_options(copies=2, mode="twins", table=table, first_turn_tie=tie)
    assert seen(state)["turn_of"] == first
    assert state.current_player() == first


def test_the_draft_deals_five_red_cards_then_five_black_cs3() -> None:
    state = CompetitiveSudoku(copies_per_colour=1).new_initial_state(0)
    play(state, draw("r9"), draw("r1"), *(draw(f"r{n}") for n in range(1, 5)))
    assert text_of(state)[-1] == "to act: chance (a card from the red cards being dealt)"
    play(state, draw("r5"))
    assert text_of(state)[-1] == "to act: chance (a card from the black cards being dealt)"


def test_long_lines_of_an_observation_wrap_at_80_columns_cs2() -> None:
    state = CompetitiveSudoku(copies_per_colour=2).new_initial_state(0)
    for _ in range(2):
        for rank in range(1, 10):
            play(state, draw(f"r{rank}"), draw(f"b{rank}"))
    # 18 equal pairs: each seat's draws make an 83-column line, wrapped after 80 columns
    # with the rest indented by four spaces; the deck is used up, so a toss decides.
    lines = text_of(state)
    assert lines[1:5] == [
        "player 0 drew (who is Black): r1 r1 r2 r2 r3 r3 r4 r4 r5 r5 r6 r6 r7 r7 r8 r8 r9",
        "    r9",
        "player 1 drew (who is Black): b1 b1 b2 b2 b3 b3 b4 b4 b5 b5 b6 b6 b7 b7 b8 b8 b9",
        "    b9",
    ]
    assert lines[-1] == "to act: chance (a toss decides who is Black)"


def test_a_card_returned_goes_on_the_stack_chosen_cs12() -> None:
    state = mixed_full_grids()  # Red (seat 1) to move; the red Pool r6 | r7
    play(state, TakeDeck(), draw("r1"), Return(card("r1"), 2))
    assert seen(state)["pools"] == ["red: r6 | r7 r1", "black: b7 | b8"]
    assert " Pools r6|r7r1 b7|b8; " in str(state)
