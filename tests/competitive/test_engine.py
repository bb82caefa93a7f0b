"""Competitive Sudoku's engine (dokuspec.engine.competitive): the rule helpers and the game.

Each test names the rule it checks (RULINGS.md CS-1 to CS-20, the handbook's
CS-21 to CS-25). Expected values come from the rule text, computed by hand or
by brute force written here from the definitions, never from the engine.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
import re
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    JSONValue,
    RecordError,
    State,
    load_game,
    registered_games,
    replay,
)
from dokuspec.engine.competitive import (
    LINE_KINDS,
    MODES,
    CompetitiveSudoku,
    CompetitiveSudokuState,
    Concede,
    Continue,
    Draw,
    Flood,
    Pass,
    Pick,
    Place,
    Return,
    Swap,
    Take,
    TakeDeck,
    Toss,
    count_winning_hands,
    hand_value,
    is_winning_hand,
    line_kind,
    line_points,
    max_score,
    winner_score,
    winning_rank_patterns,
)
from dokuspec.errors import PositionError
from dokuspec.verify.conformance import check_game
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    Card,
    Cards,
    Grid,
    Pool,
    Scoring,
    SeriesPoints,
    Table,
)

# -- lines, from the definitions of CS-18 -----------------------------------------------------

RANKS = range(1, 10)


def lines_by_definition() -> dict[str, set[tuple[int, int, int]]]:
    """Every ordered line of CS-18 from its definition: base triples of each kind, permuted."""
    bases = {
        "triplet": [(a, a, a) for a in RANKS],
        "one-straight": [(a, a + 1, a + 2) for a in RANKS if a + 2 <= 9],
        "two-straight": [(a, a + 2, a + 4) for a in RANKS if a + 4 <= 9],
        "three-straight": [(a, a + 3, a + 6) for a in RANKS if a + 6 <= 9],
        "power-series": [(2, 4, 8)],
    }
    return {
        kind: {p for base in triples for p in itertools.permutations(base)}
        for kind, triples in bases.items()
    }


LINES_BY_KIND = lines_by_definition()
ALL_LINES = set().union(*LINES_BY_KIND.values())


def test_there_are_105_ordered_lines_of_five_kinds_cs18() -> None:
    counts = {kind: len(lines) for kind, lines in LINES_BY_KIND.items()}
    assert counts == {
        "triplet": 9,
        "one-straight": 7 * 6,
        "two-straight": 5 * 6,
        "three-straight": 3 * 6,
        "power-series": 6,
    }
    assert len(ALL_LINES) == 105
    assert tuple(LINES_BY_KIND) == LINE_KINDS


def test_line_kind_agrees_with_the_definitions_on_all_729_triples_cs18() -> None:
    for triple in itertools.product(RANKS, repeat=3):
        expected = next((k for k, lines in LINES_BY_KIND.items() if triple in lines), None)
        assert line_kind(triple) == expected, triple


@pytest.mark.parametrize(
    ("ranks", "kind"),
    [
        ((3, 3, 3), "triplet"),
        ((7, 7, 7), "triplet"),
        ((1, 2, 3), "one-straight"),
        ((6, 4, 5), "one-straight"),
        ((9, 8, 7), "one-straight"),
        ((3, 5, 7), "two-straight"),
        ((6, 8, 4), "two-straight"),
        ((6, 4, 2), "two-straight"),
        ((1, 4, 7), "three-straight"),
        ((8, 2, 5), "three-straight"),
        ((9, 6, 3), "three-straight"),
        ((8, 4, 2), "power-series"),
        ((1, 5, 9), None),
        ((1, 1, 2), None),
        ((2, 4, 6), "two-straight"),
        ((1, 2, 4), None),
        ((2, 4, 9), None),
    ],
)
def test_the_rule_text_s_examples_cs18(ranks: tuple[int, int, int], kind: str | None) -> None:
    assert line_kind(ranks) == kind


def test_line_kind_refuses_what_is_not_three_ranks() -> None:
    with pytest.raises(TypeError, match="sequence of three ranks, not str"):
        line_kind("123")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a rank is an int 1-9, not bool"):
        line_kind((True, 2, 3))
    with pytest.raises(PositionError, match="a line has three ranks, not 2"):
        line_kind((1, 2))
    with pytest.raises(PositionError, match="a rank is 1-9, not 10"):
        line_kind((8, 9, 10))


# -- winning hands, hand values, scores --------------------------------------------------------


def test_a_winning_hand_needs_lines_in_every_row_and_column_cs19() -> None:
    # Rows are triplets, columns one-straights; the diagonals are lines too.
    assert is_winning_hand(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 b3"))
    # Rows and columns are lines, the diagonals (1, 5, 9) and (3, 5, 7)... not both: fine.
    assert is_winning_hand(Grid.parse("r1 r2 r3 / b3 b4 b5 / r5 r6 r7"))
    # Column 1 is 1, 3, 6: not a line.
    assert not is_winning_hand(Grid.parse("r1 r2 r3 / b3 b4 b5 / r6 r6 r7"))
    # Not full.
    assert not is_winning_hand(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 .."))
    # Not full, though a 9 on the empty position would win (an empty position is no 9).
    assert not is_winning_hand(Grid.parse("r3 r3 b3 / r6 r6 b6 / r9 r9 .."))
    assert is_winning_hand(Grid.parse("r3 r3 b3 / r6 r6 b6 / r9 r9 b9"))


def test_the_nine_distinct_ranks_never_win_cs19() -> None:
    # Rows one-straights, columns three-straights: every line qualifies, yet no win.
    grid = Grid.parse("r1 r2 r3 / r4 r5 r6 / r7 r8 r9")
    assert not is_winning_hand(grid)
    with pytest.raises(PositionError, match="is not a winning hand"):
        winner_score(grid)


def test_diagonals_do_not_matter_for_winning_cs19() -> None:
    # Rows and columns 1 2 3 (one-straight), 2 4 6 (two-straight), 3 6 9 (three-straight);
    # the diagonals 1 4 9 and 3 4 3 are no lines.
    grid = Grid.parse("r1 r2 r3 / b2 r4 r6 / b3 b6 r9")
    assert line_kind((1, 4, 9)) is None
    assert line_kind((3, 4, 3)) is None
    assert is_winning_hand(grid)
    # Rows 258 and columns triplets; or a Latin square (anti-diagonal 3, 3, 3).
    assert is_winning_hand(Grid.parse("r2 r5 r8 / r2 r5 r8 / b2 b5 b8"))
    assert is_winning_hand(Grid.parse("r1 r2 r3 / r2 r3 r1 / b3 b1 b2"))


def test_line_points_cs20() -> None:
    cards = Card.parse
    assert line_points([cards("r3"), cards("b3"), cards("r3")]) == 3  # triplet, any colours
    assert line_points([cards("r1"), cards("r2"), cards("r3")]) == 2  # one colour
    assert line_points([cards("r1"), cards("b2"), cards("r3")]) == 1  # mixed
    # The power series scores nothing unless an option gives it points (CS-20, revised).
    assert line_points([cards("b2"), cards("b4"), cards("b8")]) == 0
    assert line_points([cards("b2"), cards("r4"), cards("b8")]) == 0
    straight = Scoring(power_series_points="as_straight")
    assert line_points([cards("b2"), cards("b4"), cards("b8")], straight) == 2
    assert line_points([cards("b2"), cards("r4"), cards("b8")], straight) == 1
    three = Scoring(power_series_points=3)
    assert line_points([cards("b2"), cards("r4"), cards("b8")], three) == 3
    assert line_points([cards("b2"), cards("b4"), cards("b8")], three) == 3
    assert line_points([cards("r1"), cards("r5"), cards("r9")]) == 0
    with pytest.raises(PositionError, match="three cards, not 2"):
        line_points([cards("r1"), cards("r2")])
    with pytest.raises(TypeError, match="Card values, not str"):
        line_points(["r1", "r2", "r3"])  # type: ignore[list-item]


def test_hand_value_and_winner_score_cs17_cs20() -> None:
    grid = Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 b3")
    # Rows: three triplets, 9. Columns: r1 r2 r3 (2), r1 r2 r3 (2), b1 b2 b3 (2).
    # Diagonals: r1 r2 b3 (mixed one-straight, 1), b1 r2 r3 (1). Total 17.
    assert hand_value(grid) == 17
    assert winner_score(grid) == 3 + 17
    assert winner_score(grid, Scoring(three_triplets_bonus=True)) == 3 + 17 + 3
    # The power series: nothing by default, as a straight, or a number of points.
    grid = Grid.parse("b2 b4 b8 / b2 b4 b8 / b2 b4 b8")
    # Rows: 3 one-colour power series; columns triplets (9); diagonals 2, 4, 8.
    # By default only the triplets score: 9. As straights (2 each): 6 + 9 + 4 = 19.
    assert hand_value(grid) == 9
    assert hand_value(grid, Scoring(power_series_points="as_straight")) == 19
    assert hand_value(grid, Scoring(power_series_points=5)) == 15 + 9 + 10
    assert winner_score(grid, Scoring(three_triplets_bonus=True)) == 3 + 9 + 3
    # A Grid with an empty position is worth 0 (CS-17).
    assert hand_value(Grid.parse("r1 r1 b1 / r2 r2 b2 / r3 r3 ..")) == 0
    # The bonus needs three triplet rows or three triplet columns.
    grid = Grid.parse("r1 r1 r1 / r2 r2 r2 / r3 r4 r5")
    assert hand_value(grid, Scoring(three_triplets_bonus=True)) == hand_value(grid)


def test_helpers_refuse_wrong_types() -> None:
    with pytest.raises(TypeError, match="a Grid is needed, not str"):
        is_winning_hand("r1 r1 r1 / r2 r2 r2 / r3 r3 r3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="scoring is a Scoring, not dict"):
        hand_value(Grid.parse("r1 r1 r1 / r2 r2 r2 / r3 r3 r3"), {})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="copies_per_colour is an int 1-9 or None, not bool"):
        winning_rank_patterns(True)
    with pytest.raises(PositionError, match="copies_per_colour is 1-9 or None, not 0"):
        count_winning_hands(0)
    with pytest.raises(TypeError, match="colours is a bool, not int"):
        count_winning_hands(2, 1)  # type: ignore[arg-type]


# -- counting winning hands, against brute force ------------------------------------------------


@cache
def brute_force_line_grids() -> frozenset[tuple[int, ...]]:
    """Every Grid of ranks whose rows and columns are lines: all 105^3 choices of rows, checked."""
    found = set()
    lines = sorted(ALL_LINES)
    for top, middle, bottom in itertools.product(lines, repeat=3):
        if all((top[c], middle[c], bottom[c]) in ALL_LINES for c in range(3)):
            found.add((*top, *middle, *bottom))
    return frozenset(found)


def brute_force_patterns(copies: int | None) -> set[tuple[int, ...]]:
    return {
        grid
        for grid in brute_force_line_grids()
        if sorted(grid) != list(RANKS)
        and (copies is None or max(Counter(grid).values()) <= 2 * copies)
    }


@pytest.mark.parametrize("copies", [None, 1, 2, 3, 4])
def test_winning_rank_patterns_agree_with_brute_force_cs19(copies: int | None) -> None:
    expected = brute_force_patterns(copies)
    patterns = winning_rank_patterns(copies)
    assert patterns == sorted(expected)
    assert count_winning_hands(copies, colours=False) == len(expected)


def test_the_standard_deck_s_pattern_count() -> None:
    # The nine-distinct Grids whose lines all qualify are left out (CS-19).
    magic = [g for g in brute_force_line_grids() if sorted(g) == list(RANKS)]
    assert magic  # 123 / 456 / 789 is one
    assert (1, 2, 3, 4, 5, 6, 7, 8, 9) in magic
    assert len(winning_rank_patterns(None)) == len(brute_force_line_grids()) - len(magic)


@cache
def colourings_by_brute_force(multiplicities: tuple[int, ...], copies: int) -> int:
    """Colourings of cards whose ranks repeat as ``multiplicities``, each card <= ``copies``."""
    cells = [rank for rank, n in enumerate(multiplicities) for _ in range(n)]
    total = 0
    for colours in itertools.product("rb", repeat=len(cells)):
        if max(Counter(zip(cells, colours, strict=True)).values()) <= copies:
            total += 1
    return total


@pytest.mark.parametrize("copies", [1, 2, 3])
def test_winning_grids_of_cards_agree_with_brute_force_colourings_cs19(copies: int) -> None:
    expected = 0
    for grid in brute_force_patterns(copies):
        shape = tuple(sorted(Counter(grid).values()))
        expected += colourings_by_brute_force(shape, copies)
    assert count_winning_hands(copies, colours=True) == expected


def test_unlimited_grids_of_cards_colour_freely() -> None:
    assert count_winning_hands(None, colours=True) == 2**9 * len(brute_force_patterns(None))


# -- the largest score -----------------------------------------------------------------------------


def test_max_score_of_the_standard_deck_cs16_cs20() -> None:
    # 3 + 17 for r1 r1 b1 / r2 r2 b2 / r3 r3 b3 (above), the best of the default rules.
    assert max_score() == 20
    assert max_score(2, Scoring(three_triplets_bonus=True)) == 23
    # The power series Latin square 248 / 482 / 824 in one colour: rows, columns and the
    # main diagonal (2, 8, 4) are power series, the anti-diagonal 8, 8, 8 a triplet.
    grid = Grid.parse("r2 r4 r8 / r4 r8 r2 / r8 r2 r4")
    assert is_winning_hand(grid)
    assert winner_score(grid, Scoring(power_series_points=9)) == 3 + 7 * 9 + 3
    assert max_score(2, Scoring(power_series_points=9)) == 69


def test_max_score_with_one_copy_cs1_cs20() -> None:
    # With one copy of each card a rank appears at most twice: no triplet. Rows r1 r2 r3
    # (2), b3 r4 b5 (1), r5 r6 r7 (2); columns r1 b3 r5 (1), r2 r4 r6 (2), r3 b5 r7 (1);
    # diagonals r1 r4 r7 (2), r3 r4 r5 (2): 13, and 3 for the win.
    grid = Grid.parse("r1 r2 r3 / b3 r4 b5 / r5 r6 r7")
    assert winner_score(grid) == 16
    assert max_score(1) == 16


deck_grids = st.lists(st.sampled_from(ALL_CARDS), min_size=9, max_size=9).map(Grid)


@given(grid=deck_grids, points=st.just("as_straight") | st.integers(0, 9), bonus=st.booleans())
def test_no_grid_scores_above_max_score(grid: Grid, points: SeriesPoints, bonus: bool) -> None:
    copies = max(Counter(grid.cards).values())
    scoring = Scoring(power_series_points=points, three_triplets_bonus=bonus)
    if copies > 4:
        return
    assert hand_value(grid, scoring) <= max_score(copies, scoring)
    if is_winning_hand(grid):
        assert winner_score(grid, scoring) <= max_score(copies, scoring)


# -- the game: scripted situations -------------------------------------------------------------


def card(text: str) -> Card:
    return Card.parse(text)


def draw(text: str) -> Draw:
    return Draw(Card.parse(text))


def play(state: State, *steps: Action | tuple[Action, ...]) -> State:
    for step in steps:
        if isinstance(step, tuple):
            state.apply_actions(step)
        else:
            state.apply_action(step)
    return state


def new_state(**options: JSONValue) -> CompetitiveSudokuState:
    return CompetitiveSudoku(**options).new_initial_state(0)


def opening(
    copies: int = 1,
    mode: str = "draft",
    table: tuple[str, str, str, str] = ("r6", "r7", "b6", "b7"),
    **options: JSONValue,
) -> CompetitiveSudokuState:
    """Seat 0 is Black (r9 beats r1, CS-2); Black holds b1-b5 and Red r1-r5, each at
    positions 1-5; Red draws ``table[:2]`` to the red Pool, Black ``table[2:]`` (CS-8)."""
    state = new_state(copies_per_colour=copies, mode=mode, **options)
    play(state, draw("r9"), draw("r1"))
    reds = [card(f"r{n}") for n in range(1, 6)]
    blacks = [card(f"b{n}") for n in range(1, 6)]
    if mode == "draft":
        play(state, *(Draw(c) for c in reds + blacks))
    else:
        play(state, *(Draw(c) for c in reds))
    if mode != "twins":
        for black, red in zip(blacks, reds, strict=True):
            play(state, Pick(black), Pick(red))
    for n, (black, red) in enumerate(zip(blacks, reds, strict=True), 1):
        play(state, (Place(black, n), Place(red, n)))
    return play(state, *(draw(text) for text in table))


def seen(state: State) -> dict[str, JSONValue]:
    data = state.observation(0).data
    assert isinstance(data, dict)
    return data


def test_the_game_is_registered_with_its_options() -> None:
    assert "competitive" in registered_games()
    game = load_game("competitive")
    assert game == CompetitiveSudoku()
    assert game.new_initial_state().seed == 0  # the protocol's default seed
    assert game.options == {
        "mode": "draft",
        "copies_per_colour": 2,
        "first_turn_tie": "red",
        "equal_value_concede": "both_score",
        "power_series_points": 0,
        "three_triplets_bonus": False,
        "score_loser_hand": False,
        "max_turns": 200,
        "max_trades": 2,
    }
    assert CompetitiveSudoku(power_series_points=3).scoring == Scoring(power_series_points=3)
    assert MODES == ("draft", "twins", "twins-draft")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "option 'colour': unknown option"),
        ({"mode": "chess"}, "option 'mode': 'chess' is not one of"),
        ({"copies_per_colour": 5}, "option 'copies_per_colour': 5 is greater than the maximum"),
        ({"copies_per_colour": 0}, "option 'copies_per_colour': 0 is less than the minimum"),
        ({"copies_per_colour": 2.0}, "option 'copies_per_colour': 2.0 is not an integer"),
        ({"copies_per_colour": True}, "option 'copies_per_colour': True is not of type"),
        ({"first_turn_tie": 1}, "option 'first_turn_tie': 1 is not one of"),
        ({"equal_value_concede": "draw"}, "option 'equal_value_concede': 'draw' is not one of"),
        ({"power_series_points": 10}, "option 'power_series_points': 10 is not one of"),
        (
            {"power_series_points": "straight"},
            "option 'power_series_points': 'straight' is not one of",
        ),
        ({"power_series_points": True}, "option 'power_series_points': True is not one of"),
        ({"power_series_points": 3.0}, "option 'power_series_points': 3.0 is not an integer"),
        ({"three_triplets_bonus": 1}, "option 'three_triplets_bonus': 1 is not of type"),
        ({"score_loser_hand": "yes"}, "option 'score_loser_hand': 'yes' is not of type"),
        ({"max_turns": 0}, "option 'max_turns': 0 is less than the minimum of 1"),
        ({"max_turns": 10001}, "option 'max_turns': 10001 is greater than the maximum"),
        ({"max_trades": 21}, "option 'max_trades': 21 is greater than the maximum of 20"),
    ],
)
def test_bad_options_are_named(options: dict[str, JSONValue], message: str) -> None:
    with pytest.raises(GameOptionError, match=re.escape(f"competitive: {message}")):
        CompetitiveSudoku(**options)


def test_declared_bounds_cs25() -> None:
    game = CompetitiveSudoku()
    assert (game.num_players(), game.min_utility(), game.max_utility()) == (2, 0, 20)
    # 36 + 1 (who is Black), 10 + 10 (deal, picks), 5 (placement), 2 * 200 (player
    # actions), 3 * (36 - 10) (Deck draws over 3 deals of the Decks), 3 (choices).
    assert game.max_game_length() == 37 + 20 + 5 + 400 + 78 + 3
    twins = CompetitiveSudoku(mode="twins", copies_per_colour=1, max_turns=10, max_trades=0)
    assert twins.max_game_length() == 19 + 5 + 0 + 5 + 20 + 8 + 1
    assert CompetitiveSudoku(power_series_points=9).max_utility() == 69
    assert CompetitiveSudoku(copies_per_colour=1).max_utility() == 16


# -- CS-2: who is Black -----------------------------------------------------------------------


def test_each_player_draws_from_the_full_deck_and_the_higher_rank_is_black_cs2() -> None:
    state = new_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == tuple(
        (Draw(c), Fraction(2, 36)) for c in sorted(ALL_CARDS, key=lambda c: (c.colour != "r", c))
    )
    play(state, draw("r5"))
    outcomes = dict(state.chance_outcomes())
    assert outcomes[draw("r5")] == Fraction(1, 35)
    assert outcomes[draw("b5")] == Fraction(2, 35)
    play(state, draw("b3"))
    assert state.black == 0
    assert seen(state)["who_is_black"] == [["r5"], ["b3"]]
    # The deal draws from the whole deck again: all cards went back.
    assert dict(state.chance_outcomes())[draw("r5")] == Fraction(2, 18)


def test_equal_ranks_draw_again_and_compare_sums_cs2() -> None:
    state = play(new_state(), draw("r5"), draw("b5"))
    assert state.black is None
    assert state.current_player() == CHANCE
    play(state, draw("r2"), draw("b1"))  # 7 against 6
    assert state.black == 0
    state = play(new_state(), draw("r5"), draw("b5"), draw("r1"), draw("r6"))  # 6 against 11
    assert state.black == 1


def test_a_toss_decides_when_the_deck_runs_out_on_equal_sums_cs2() -> None:
    state = new_state(copies_per_colour=1)
    for rank in range(1, 10):
        play(state, draw(f"r{rank}"), draw(f"b{rank}"))
    assert state.black is None
    assert state.chance_outcomes() == ((Toss(0), Fraction(1, 2)), (Toss(1), Fraction(1, 2)))
    with pytest.raises(IllegalActionError, match="a toss decides who is Black"):
        state.apply_action(draw("r1"))
    play(state, Toss(1))
    assert state.black == 1


# -- CS-3 to CS-5: the deal and the draft -------------------------------------------------------


def test_the_draft_pool_is_five_red_then_five_black_cards_cs3() -> None:
    state = play(new_state(), draw("r9"), draw("r1"))
    red_only = state.chance_outcomes()
    assert [str(a) for a, _ in red_only] == [f"draw r{n}" for n in range(1, 10)]
    assert {p for _, p in red_only} == {Fraction(2, 18)}
    play(state, draw("r5"))
    assert dict(state.chance_outcomes())[draw("r5")] == Fraction(1, 17)
    play(state, draw("r5"), draw("r1"), draw("r2"), draw("r3"))
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"draw b{n}" for n in range(1, 10)]
    play(state, draw("b1"), draw("b1"), draw("b9"), draw("b8"), draw("b7"))
    assert seen(state)["draft_pool"] == "b1 b1 b7 b8 b9 r1 r2 r3 r5 r5"
    # Black (seat 0) picks first, then the picks alternate; either colour may be taken.
    assert state.current_player() == 0
    assert state.legal_actions() == tuple(
        Pick(card(t)) for t in ("r1", "r2", "r3", "r5", "b1", "b7", "b8", "b9")
    )
    play(state, Pick(card("r5")))
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError, match=r"r4 is not in the draft pool \(b1 b1"):
        state.apply_action(Pick(card("r4")))
    play(state, Pick(card("r5")), Pick(card("b1")), Pick(card("b1")))
    play(state, *(Pick(card(t)) for t in ("r1", "r2", "r3", "b7", "b8", "b9")))
    # Seat 0 took r5 b1 r1 r3 b8, seat 1 r5 b1 r2 b7 b9.
    assert seen(state)["hands"] == ["b1 b8 r1 r3 r5", "b1 b7 b9 r2 r5"]
    assert state.current_player() == SIMULTANEOUS


def test_twins_deal_the_same_ranks_in_each_colour_cs4() -> None:
    state = play(new_state(mode="twins"), draw("r1"), draw("r9"))  # seat 1 is Black
    play(state, draw("r5"), draw("r5"))
    assert draw("r5") not in dict(state.chance_outcomes())  # two copies: no third r5
    play(state, draw("r2"), draw("r9"), draw("r1"))
    assert state.current_player() == SIMULTANEOUS  # no draft: placement at once
    assert seen(state)["hands"] == ["r1 r2 r5 r5 r9", "b1 b2 b5 b5 b9"]


def test_twins_draft_pools_each_rank_in_both_colours_cs5() -> None:
    state = play(new_state(mode="twins-draft"), draw("r9"), draw("r1"))
    play(state, draw("r3"), draw("r3"), draw("r7"), draw("r1"), draw("r9"))
    assert seen(state)["draft_pool"] == "b1 b3 b3 b7 b9 r1 r3 r3 r7 r9"
    assert state.current_player() == 0  # Black picks first


# -- CS-21: placement -------------------------------------------------------------------------


def test_placement_is_simultaneous_in_five_rounds_cs6_cs21() -> None:
    state = play(new_state(mode="twins", copies_per_colour=1), draw("r9"), draw("r1"))
    play(state, *(draw(f"r{n}") for n in (1, 2, 3, 4, 5)))
    assert state.current_player() == SIMULTANEOUS
    black_moves = state.legal_actions(0)
    assert len(black_moves) == 5 * 9
    assert black_moves[:2] == (Place(card("b1"), 1), Place(card("b1"), 2))
    play(state, (Place(card("b1"), 5), Place(card("r2"), 9)))
    assert str(state.grid(0)) == ".. .. .. / .. b1 .. / .. .. .."
    assert str(state.grid(1)) == ".. .. .. / .. .. .. / .. .. r2"
    assert len(state.legal_actions(1)) == 4 * 8
    with pytest.raises(IllegalActionError, match="player 0 holds no b1 to place"):
        state.apply_actions((Place(card("b1"), 1), Place(card("r1"), 1)))
    with pytest.raises(IllegalActionError, match="position 9 of player 1's Grid already holds r2"):
        state.apply_actions((Place(card("b2"), 1), Place(card("r1"), 9)))
    with pytest.raises(IllegalActionError, match="use apply_actions"):
        state.apply_action(Place(card("b2"), 1))


# -- CS-7 to CS-9: Decks, table, first turn -------------------------------------------------------


def test_the_decks_and_the_table_cs7_cs8() -> None:
    state = opening(table=("r6", "r7", "b6", "b7"))
    # One copy: Red's Deck held r6-r9 and drew two; Black's held b6-b9.
    assert seen(state)["decks"] == [2, 2]
    assert state.table() == Table(
        grids=(
            Grid.parse("r1 r2 r3 / r4 r5 .. / .. .. .."),
            Grid.parse("b1 b2 b3 / b4 b5 .. / .. .. .."),
        ),
        pools=(Pool.parse("red: r6 | r7"), Pool.parse("black: b6 | b7")),
        decks=(2, 2),
        discards=(Cards(), Cards()),
    )


def test_red_draws_first_from_its_own_deck_for_the_table_cs8() -> None:
    state = play(new_state(copies_per_colour=1), draw("r9"), draw("r1"))
    reds = [card(f"r{n}") for n in range(1, 6)]
    blacks = [card(f"b{n}") for n in range(1, 6)]
    play(state, *(Draw(c) for c in reds + blacks))
    for black, red in zip(blacks, reds, strict=True):
        play(state, Pick(black), Pick(red))
    for n, (black, red) in enumerate(zip(blacks, reds, strict=True), 1):
        play(state, (Place(black, n), Place(red, n)))
    assert state.chance_outcomes() == tuple((draw(f"r{n}"), Fraction(1, 4)) for n in (6, 7, 8, 9))
    play(state, draw("r8"), draw("r6"))
    assert state.chance_outcomes() == tuple((draw(f"b{n}"), Fraction(1, 4)) for n in (6, 7, 8, 9))


@pytest.mark.parametrize(
    ("mode", "table", "tie", "first"),
    [
        ("draft", ("r6", "r7", "b8", "b9"), "red", 1),  # draft modes: Red, whatever the sums
        ("twins-draft", ("r6", "r7", "b8", "b9"), "black", 1),
        ("twins", ("r6", "r7", "b8", "b9"), "red", 0),  # black Pool 17 > 13: Black
        ("twins", ("r8", "r9", "b6", "b7"), "black", 1),  # red Pool 17 > 13: Red
        ("twins", ("r6", "r9", "b7", "b8"), "red", 1),  # 15 = 15: first_turn_tie
        ("twins", ("r6", "r9", "b7", "b8"), "black", 0),
    ],
)
def test_who_moves_first_cs9(
    mode: str, table: tuple[str, str, str, str], tie: str, first: int
) -> None:
    state = opening(mode=mode, table=table, first_turn_tie=tie)
    assert state.black == 0
    assert state.current_player() == first


# -- CS-10 to CS-13: a turn ----------------------------------------------------------------------


def test_a_turn_takes_a_stack_s_top_or_one_s_own_deck_cs10() -> None:
    state = opening()  # Red (seat 1) moves first
    assert state.current_player() == 1
    assert state.legal_actions() == (
        Take("r", 1),
        Take("r", 2),
        Take("b", 1),
        Take("b", 2),
        TakeDeck(),
    )
    play(state, TakeDeck())
    # Red's own Deck holds r8 and r9 (one copy each); never Black's Deck.
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == ((draw("r8"), Fraction(1, 2)), (draw("r9"), Fraction(1, 2)))
    play(state, draw("r9"))
    assert state.drawn() == card("r9")
    assert seen(state)["decks"] == [2, 1]


def test_the_card_drawn_must_go_to_an_empty_position_cs11() -> None:
    state = play(opening(), Take("b", 2))
    assert state.drawn() == card("b7")
    assert state.legal_actions() == tuple(Place(card("b7"), p) for p in (6, 7, 8, 9))
    with pytest.raises(IllegalActionError, match=r"position 1 holds r1: b7 goes to an empty"):
        state.apply_action(Place(card("b7"), 1))
    with pytest.raises(IllegalActionError, match=r"has an empty position \(6, 7, 8, 9\)"):
        state.apply_action(Return(card("b7")))
    with pytest.raises(IllegalActionError, match="the card drawn is b7, not b6"):
        state.apply_action(Place(card("b6"), 6))
    play(state, Place(card("b7"), 9))
    assert str(state.grid(1)) == "r1 r2 r3 / r4 r5 .. / .. .. b7"


def test_an_emptied_stack_is_refilled_from_the_deck_of_its_colour_cs13() -> None:
    state = play(opening(), Take("b", 1), Place(card("b6"), 6))
    # The black Pool has one Stack left: it draws from Black's Deck (b8, b9).
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == ((draw("b8"), Fraction(1, 2)), (draw("b9"), Fraction(1, 2)))
    play(state, draw("b9"))
    assert str(state.table().pools[1]) == "black: b7 | b9"
    assert seen(state)["decks"] == [1, 2]
    assert state.current_player() == 0  # then Black's turn


def test_an_exhausted_player_passes_while_the_other_plays_cs15() -> None:
    state = opening()
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 6))  # Red
    play(state, Take("r", 1), Place(card("r6"), 6), draw("r9"))  # Black; red refill
    assert seen(state)["decks"] == [2, 0]
    assert state.current_player() == 1
    assert state.legal_actions() == (Pass(),)  # though both Pools hold cards
    with pytest.raises(IllegalActionError, match="player 1's Deck is empty: they take no action"):
        state.apply_action(Take("b", 1))
    play(state, Pass())
    assert state.current_player() == 0
    assert Pass() not in state.legal_actions()
    with pytest.raises(
        IllegalActionError, match="player 0's Deck holds cards, so they take a card"
    ):
        state.apply_action(Pass())


def full_grids(red_fill: tuple[str, ...], black_fill: tuple[str, ...]) -> CompetitiveSudokuState:
    """Two copies: Red, then Black, draw their fills from their own Decks onto positions 6-9."""
    state = opening(copies=2)
    for red, black in zip(red_fill, black_fill, strict=True):
        position = 6 + len(state.grid(1).contents()) - 5
        play(state, TakeDeck(), draw(red), Place(card(red), position))
        play(state, TakeDeck(), draw(black), Place(card(black), position))
    assert state.grid(0).is_full and state.grid(1).is_full
    return state


# Neither Grid wins: row 2 is 4 5 9 in both.
RED_FILL = ("r9", "r8", "r8", "r9")  # r1 r2 r3 / r4 r5 r9 / r8 r8 r9: value 4
BLACK_FILL = ("b9", "b7", "b8", "b9")  # b1 b2 b3 / b4 b5 b9 / b7 b8 b9: value 10


def test_hand_values_of_the_scripted_grids_cs17() -> None:
    state = full_grids(RED_FILL, BLACK_FILL)
    # Red: row r1 r2 r3 (2), column r2 r5 r8 (three-straight, 2); nothing else.
    assert hand_value(state.grid(1)) == 4
    # Black: rows b1 b2 b3, b7 b8 b9; columns b1 b4 b7, b2 b5 b8; anti-diagonal b3 b5 b7.
    assert hand_value(state.grid(0)) == 10


def test_a_full_grid_swaps_or_returns_the_card_cs11_cs12() -> None:
    state = full_grids(RED_FILL, BLACK_FILL)
    assert state.current_player() == 1
    play(state, TakeDeck(), draw("r1"))
    # Both red Stacks hold one card: a returned or displaced red card chooses its Stack.
    moves = state.legal_actions()
    assert moves[:2] == (Return(card("r1"), 1), Return(card("r1"), 2))
    assert moves[2:4] == (Swap(card("r1"), 1, 1), Swap(card("r1"), 1, 2))
    assert len(moves) == 2 + 9 * 2
    with pytest.raises(IllegalActionError, match="both Stacks of the red Pool hold one card"):
        state.apply_action(Return(card("r1")))
    with pytest.raises(IllegalActionError, match="Grid is full: swap r1 into a position or"):
        state.apply_action(Place(card("r1"), 1))
    play(state, Swap(card("r1"), 6, 2))  # r9 goes onto Stack 2
    assert state.drawn() is None
    assert str(state.grid(1)) == "r1 r2 r3 / r4 r5 r1 / r8 r8 r9"
    assert str(state.table().pools[0]) == "red: r6 | r7 r9"
    # Black draws a red card from the red Pool and returns it: the one Stack of height 1
    # leaves no choice.
    play(state, Take("r", 1))
    assert state.legal_actions()[0] == Return(card("r6"))
    with pytest.raises(IllegalActionError, match="leaves no choice of Stack, so the stack is null"):
        state.apply_action(Return(card("r6"), 1))
    play(state, Return(card("r6")))
    assert state.drawn() is None
    assert str(state.table().pools[0]) == "red: r7 r9 | r6"


def test_a_flooded_pool_is_cleared_at_the_start_of_a_turn_cs12_cs14() -> None:
    state = full_grids(RED_FILL, BLACK_FILL)
    play(state, TakeDeck(), draw("r1"), Return(card("r1"), 2))  # Red: red r6 | r7 r1
    play(state, TakeDeck(), draw("b1"), Return(card("b1"), 1))  # Black: black b6 b1 | b7
    play(state, TakeDeck(), draw("r2"), Return(card("r2")))  # Red: red r6 r2 | r7 r1
    assert state.table().pools[0].flooded
    # Black's turn: the Flooded red Pool must be cleared, and that is the whole turn.
    assert state.current_player() == 0
    assert state.legal_actions() == (Flood("r"),)
    with pytest.raises(IllegalActionError, match="the red Pool is Flooded: player 0 must clear"):
        state.apply_action(TakeDeck())
    play(state, Flood("r"))
    assert seen(state)["discards"] == ["r1 r2 r6 r7", "-"]
    lines = state.observation(1).text.splitlines()
    assert [line for line in lines if "Discard Pile" in line] == [
        "player 0 Discard Pile: r1 r2 r6 r7"
    ]
    # Two new Stacks from the Deck of red cards: Red's (r3-r7 are left there, one each).
    assert state.chance_outcomes() == tuple(
        (draw(f"r{n}"), Fraction(1, 5)) for n in (3, 4, 5, 6, 7)
    )
    play(state, draw("r5"))
    assert seen(state)["phase"] == "flood draw"  # the second new Stack, not a refill
    play(state, draw("r3"))
    assert str(state.table().pools[0]) == "red: r5 | r3"
    assert state.current_player() == 1
    assert seen(state)["decks"] == [6, 3]


def test_a_player_whose_deck_is_empty_passes_while_the_other_deck_holds_cards_cs15() -> None:
    """One copy: Red takes b6 and b7 from the black Pool, whose refills empty the black
    Deck; Black, drawing their last card, leaves the red Deck with one card: a turn, not
    the choice of CS-16."""
    state = opening()
    play(state, TakeDeck())
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(draw("b8"))
    assert caught.value.reason == "no b8 is left in the Deck of red cards (player 1's)"
    play(state, draw("r8"), Place(card("r8"), 6))  # Red
    play(state, TakeDeck())
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(draw("r9"))
    assert caught.value.reason == "no r9 is left in the Deck of black cards (player 0's)"
    play(state, draw("b8"), Place(card("b8"), 6))  # Black
    play(state, Take("b", 1), Place(card("b6"), 7), draw("b9"))  # Red; black refill
    assert seen(state)["decks"] == [0, 1]  # by seat: Black (0) holds none
    assert state.current_player() == 0
    assert state.legal_actions() == (Pass(),)


def test_a_deck_of_one_card_gives_the_table_one_stack_cs8_cs16() -> None:
    """One copy: after the trade Red's Deck holds the one black card outside the Grids, b7,
    so Red draws once for the table and Black twice (CS-8 from an empty Deck)."""
    state = opening()
    play(state, Take("b", 1), Place(card("b6"), 6), draw("b8"))  # Red; black refill
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 6))  # Black: their Deck is empty
    play(state, Take("b", 1), Place(card("b7"), 7))  # Red
    play(state, Pass())  # Black (CS-15)
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 8))  # Red
    play(state, Pass())
    play(state, TakeDeck(), draw("r9"), Place(card("r9"), 9))  # Red: both Decks exhausted
    assert str(state.grid(1)) == "r1 r2 r3 / r4 r5 b6 / b7 r8 r9"
    assert seen(state)["pools"] == ["red: r6 | r7", "black: b8"]
    play(state, (Continue(), Continue()))
    assert seen(state)["decks"] == [2, 1]
    play(state, draw("b8"))  # Red's one card
    assert state.current_player() == CHANCE
    play(state, draw("r6"), draw("r7"))  # Black's two
    assert seen(state)["pools"] == ["red: r6 | r7", "black: b8"]
    assert seen(state)["decks"] == [0, 0]


def drive_until_choice(state: CompetitiveSudokuState) -> CompetitiveSudokuState:
    """Play on without touching the Grids: the lowest card at chance, passes and floods
    when forced, else draw from one's own Deck and return the card (first Stack)."""
    while state.current_player() != SIMULTANEOUS:
        current = state.current_player()
        assert current not in (TERMINAL, SIMULTANEOUS)
        if current == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        moves = state.legal_actions()
        if moves in ((Pass(),), (Flood("r"),), (Flood("b"),)):
            state.apply_action(moves[0])
        elif TakeDeck() in moves:
            state.apply_action(TakeDeck())
        else:
            state.apply_action(next(m for m in moves if isinstance(m, Return)))
    return state


def test_both_decks_exhausted_ask_both_players_at_once_cs16() -> None:
    state = drive_until_choice(full_grids(RED_FILL, BLACK_FILL))
    assert seen(state)["decks"] == [0, 0]
    assert state.legal_actions(0) == (Concede(), Continue())
    assert state.legal_actions(1) == (Concede(), Continue())
    with pytest.raises(IllegalActionError, match="use apply_actions"):
        state.apply_action(Concede())


@pytest.mark.parametrize(
    ("choices", "equal", "result"),
    [
        ((Concede(), Concede()), "both_score", (0, 0)),
        # Black (seat 0, value 10) concedes with the more valuable hand: 6 and 0.
        ((Concede(), Continue()), "both_score", (6, 0)),
        # Red (value 4) concedes with the less valuable hand: both score their hands.
        ((Continue(), Concede()), "both_score", (10, 4)),
        ((Continue(), Concede()), "conceder_wins", (10, 4)),
    ],
)
def test_conceding_scores_cs16(
    choices: tuple[Action, Action], equal: str, result: tuple[int, int]
) -> None:
    state = CompetitiveSudoku(copies_per_colour=2, equal_value_concede=equal).new_initial_state(0)
    state = drive_until_choice(replay_onto(full_grids(RED_FILL, BLACK_FILL), state))
    play(state, choices)
    assert state.is_terminal()
    assert state.returns() == result


def replay_onto(
    source: CompetitiveSudokuState, target: CompetitiveSudokuState
) -> CompetitiveSudokuState:
    """Play ``source``'s history on ``target`` (another game's options, same steps)."""
    for entry in source.history():
        if entry.player == SIMULTANEOUS:
            target.apply_actions(entry.actions)
        else:
            target.apply_action(entry.actions[0])
    return target


@pytest.mark.parametrize(("equal", "result"), [("both_score", (4, 4)), ("conceder_wins", (0, 6))])
def test_equal_hands_when_one_concedes_cs16(equal: str, result: tuple[int, int]) -> None:
    # Black fills like Red: both hands are worth 4.
    same = ("b9", "b8", "b8", "b9")
    state = CompetitiveSudoku(copies_per_colour=2, equal_value_concede=equal).new_initial_state(0)
    state = drive_until_choice(replay_onto(full_grids(RED_FILL, same), state))
    assert hand_value(state.grid(0)) == hand_value(state.grid(1)) == 4
    play(state, (Continue(), Concede()))
    assert state.returns() == result


def first_outcome(state: State) -> State:
    return play(state, state.chance_outcomes()[0][0])


def test_both_continuing_trade_decks_cs16_cs23_cs24() -> None:
    state = drive_until_choice(full_grids(RED_FILL, BLACK_FILL))
    starting = seen(state)["turn_of"]
    assert starting == 1
    last = state.observation(0).text.splitlines()[-1]
    assert last == "to act: both players (concede or continue) before the turn of Red (player 1)"
    # Outside the Grids: the 9 red cards not in Red's Grid and the 9 black cards not in
    # Black's, now in the Pools and the Discard Piles.
    both = Cards(ALL_CARDS) + Cards(ALL_CARDS)
    outside = both - state.grid(0).contents() - state.grid(1).contents()
    assert len(outside.of_colour("r")) == len(outside.of_colour("b")) == 9
    play(state, (Continue(), Continue()))
    assert seen(state)["trades"] == 1
    assert seen(state)["discards"] == ["-", "-"]
    assert seen(state)["pools"] == ["red: -", "black: -"]
    # CS-8 again: Red (seat 1) draws from their new Deck, the black cards...
    assert state.chance_outcomes() == tuple(
        (Draw(c), Fraction(n, 9)) for c, n in outside.of_colour("b").counts().items()
    )
    first_outcome(first_outcome(state))
    # Red's Deck (the black cards) holds 7 now, Black's (the red cards) 9.
    assert state.table().decks == (7, 9)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(draw("b1"))
    assert caught.value.reason == "no b1 is left in the Deck of red cards (player 0's)"
    # ... then Black (seat 0) from theirs, the red cards.
    assert state.chance_outcomes() == tuple(
        (Draw(c), Fraction(n, 9)) for c, n in outside.of_colour("r").counts().items()
    )
    first_outcome(first_outcome(state))
    assert seen(state)["decks"] == [7, 7]
    # CS-24: the player whose turn was starting moves.
    assert state.current_player() == starting
    first_outcome(play(state, TakeDeck()))  # a black card, from Red's Deck now
    play(state, next(m for m in state.legal_actions() if isinstance(m, Return)))
    # CS-23: Black takes a red card and swaps it for b1, which goes to the black Pool;
    # the red Pool refills from the Deck holding the red cards, Black's own.
    taken = state.table().pools[0].tops()[0]
    play(state, Take("r", 1), Swap(taken, 1, None))
    assert state.grid(0).at(1) == taken
    assert state.current_player() == CHANCE
    assert {str(action)[:6] for action, _ in state.chance_outcomes()} == {"draw r"}
    first_outcome(state)
    assert seen(state)["decks"] == [6, 6]


# -- CS-19, CS-20: the winning hand ----------------------------------------------------------------


def winning_game(**options: JSONValue) -> CompetitiveSudokuState:
    """Two copies. Red (seat 1) builds r1 r1 b1 / r2 r2 b2 / r3 r3 b3, taking b1, b2 and
    b3 from the black Pool; Black fills b1 b2 b3 / b4 b5 b9 / b8 b7 b9 from their Deck.
    Stops before Red's last action (the swap of b3 into position 9)."""
    state = new_state(copies_per_colour=2, **options)
    play(state, draw("r9"), draw("r1"))  # seat 0 is Black
    play(state, *(draw(t) for t in ("r1", "r1", "r2", "r2", "r3", "b1", "b2", "b3", "b4", "b5")))
    for black, red in zip(
        ("b1", "b2", "b3", "b4", "b5"), ("r1", "r1", "r2", "r2", "r3"), strict=True
    ):
        play(state, Pick(card(black)), Pick(card(red)))
    for n, (black, red) in enumerate(
        zip(("b1", "b2", "b3", "b4", "b5"), ("r1", "r1", "r2", "r2", "r3"), strict=True), 1
    ):
        play(state, (Place(card(black), n), Place(card(red), (1, 2, 4, 5, 7)[n - 1])))
    play(state, draw("r3"), draw("r4"), draw("b1"), draw("b2"))  # the table
    play(state, Take("b", 1), Place(card("b1"), 3), draw("b3"))  # Red; black refill
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 6))  # Black
    play(state, Take("b", 1), Place(card("b2"), 6), draw("b6"))  # Red
    play(state, TakeDeck(), draw("b8"), Place(card("b8"), 7))  # Black
    play(state, Take("r", 1), Place(card("r3"), 8), draw("r5"))  # Red; red refill
    play(state, TakeDeck(), draw("b7"), Place(card("b7"), 8))  # Black
    play(state, TakeDeck(), draw("r9"), Place(card("r9"), 9))  # Red: full, no win
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 9))  # Black: full, no win
    assert str(state.grid(1)) == "r1 r1 b1 / r2 r2 b2 / r3 r3 r9"
    assert str(state.grid(0)) == "b1 b2 b3 / b4 b5 b9 / b8 b7 b9"
    assert str(state.table().pools[1]) == "black: b3 | b6"
    return play(state, Take("b", 1))


def test_completing_a_winning_hand_ends_the_game_at_once_cs19_cs20() -> None:
    state = winning_game()
    assert state.current_player() == 1
    play(state, Swap(card("b3"), 9, 1))  # r9 to the red Pool, onto Stack 1
    assert state.is_terminal()
    assert str(state.grid(1)) == "r1 r1 b1 / r2 r2 b2 / r3 r3 b3"
    # 3 for the win; rows 3 triplets (9); columns r1 r2 r3 twice (2 + 2) and b1 b2 b3 (2);
    # diagonals r1 r2 b3 and b1 r2 r3 (1 + 1).
    assert state.returns() == (0, 20)
    # At once: no refill of the black Pool, which was left with one Stack.
    assert str(state.table().pools[1]) == "black: b6"
    assert str(state.table().pools[0]) == "red: r4 r9 | r5"
    assert seen(state)["ending"] == "player 1 completed a winning hand (CS-19)"
    assert state.legal_actions(0) == state.legal_actions(1) == ()


@pytest.mark.parametrize(
    ("options", "result"),
    [
        # Black's hand b1 b2 b3 / b4 b5 b9 / b8 b7 b9: rows b1 b2 b3 and b8 b7 b9 (2 + 2).
        ({"score_loser_hand": True}, (4, 20)),
        ({"three_triplets_bonus": True}, (0, 23)),
        ({"three_triplets_bonus": True, "score_loser_hand": True}, (4, 23)),
        ({"power_series_points": 7}, (0, 20)),
    ],
)
def test_scoring_options_cs20(options: dict[str, JSONValue], result: tuple[int, int]) -> None:
    state = play(winning_game(**options), Swap(card("b3"), 9, 1))
    assert state.returns() == result


def test_the_nine_distinct_ranks_do_not_end_the_game_cs19() -> None:
    # Two copies. Red holds r1-r5 at positions 1-5 and completes r1 r2 r3 / r4 r5 r6 /
    # r7 r8 r9, whose rows and columns are all lines: no win, the game goes on.
    state = opening(copies=2)
    play(state, Take("r", 1), Place(card("r6"), 6), draw("r8"))
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 6))
    play(state, Take("r", 1), Place(card("r7"), 7), draw("r9"))
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 7))
    play(state, Take("r", 1), Place(card("r8"), 8), draw("r9"))
    play(state, TakeDeck(), draw("b8"), Place(card("b8"), 8))
    play(state, Take("r", 1), Place(card("r9"), 9))
    assert str(state.grid(1)) == "r1 r2 r3 / r4 r5 r6 / r7 r8 r9"
    assert not state.is_terminal()
    assert state.current_player() == CHANCE  # the red Pool's refill
    # Rows one-straights, columns three-straights, anti-diagonal 3 5 7: all red.
    assert hand_value(state.grid(1)) == 7 * 2


# -- CS-25: the limits -------------------------------------------------------------------------


def test_the_game_is_a_draw_after_max_turns_cs25() -> None:
    state = opening(max_turns=3)
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 6))
    play(state, TakeDeck(), draw("b8"), Place(card("b8"), 6))
    assert not state.is_terminal()
    play(state, TakeDeck(), draw("r9"), Place(card("r9"), 7))
    assert state.is_terminal()
    assert state.returns() == (0, 0)
    assert seen(state)["ending"] == "3 turns were played: a draw (CS-25)"


def test_one_turn_is_one_turn_cs25() -> None:
    state = opening(max_turns=1)
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 6))
    assert state.is_terminal()
    assert seen(state)["ending"] == "1 turn was played: a draw (CS-25)"


@pytest.mark.parametrize("max_trades", [0, 1, 2])
def test_continuing_after_max_trades_is_a_draw_cs25(max_trades: int) -> None:
    # One copy, Decks of 2 after the table: after a trade the table takes them all,
    # so both Decks are exhausted again at once.
    state = opening(max_trades=max_trades)
    play(state, TakeDeck(), draw("r8"), Place(card("r8"), 6))
    play(state, TakeDeck(), draw("b8"), Place(card("b8"), 6))
    play(state, TakeDeck(), draw("r9"), Place(card("r9"), 7))
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 7))
    for trade in range(max_trades):
        assert state.current_player() == SIMULTANEOUS
        play(state, (Continue(), Continue()))
        assert seen(state)["trades"] == trade + 1
        # Red (seat 1) draws Red's new Deck, the black cards b6 b7; Black draws r6 r7.
        play(state, draw("b6"), draw("b7"), draw("r6"), draw("r7"))
    play(state, (Continue(), Continue()))
    assert state.is_terminal()
    assert state.returns() == (0, 0)
    trades = {0: "0 trades", 1: "1 trade", 2: "2 trades"}[max_trades]
    assert seen(state)["ending"] == f"both continued after {trades}: a draw (CS-25)"


# -- CS-22 and the turn-start order, over random games ---------------------------------------


def random_states(game: CompetitiveSudoku, seeds: range) -> list[CompetitiveSudokuState]:
    """Every state of random games (uniform choices), the first to the last."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        found.append(state.clone())
        while not state.is_terminal():
            current = state.current_player()
            if current == CHANCE:
                state.apply_action(state.sample_chance_outcome())
            elif current == SIMULTANEOUS:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            found.append(state.clone())
    return found


def test_the_start_of_a_turn_follows_cs16_cs15_cs22_cs14_in_that_order() -> None:
    exhausted_with_flood = 0
    for state in random_states(CompetitiveSudoku(), range(40)):
        data = seen(state)
        if data["phase"] != "turn":
            continue
        player = state.current_player()
        table = state.table()
        decks = data["decks"]
        assert isinstance(decks, list)
        assert decks != [0, 0]  # both exhausted: the concede-or-continue choice instead
        floods = [p.colour for p in table.pools if p.flooded]
        if decks[player] == 0:
            assert state.legal_actions() == (Pass(),)
            exhausted_with_flood += bool(floods)
        elif floods:
            assert state.legal_actions() == (Flood(floods[0]),)  # the red Pool first
        else:
            assert Pass() not in state.legal_actions()
            assert TakeDeck() in state.legal_actions()
    assert exhausted_with_flood > 0  # CS-22 came up


def test_stacks_never_grow_past_two_and_pools_past_two_stacks_cs12() -> None:
    for state in random_states(CompetitiveSudoku(mode="twins", copies_per_colour=3), range(10)):
        table = state.table()  # the vocabulary's Pool refuses 3 Stacks or 3 cards
        assert all(len(pool.stacks) <= 2 for pool in table.pools)


# -- actions in JSON -------------------------------------------------------------------------


EVERY_KIND = [
    Draw(card("r5")),
    Toss(1),
    Pick(card("b9")),
    Place(card("r1"), 9),
    Take("b", 2),
    TakeDeck(),
    Swap(card("b3"), 5, None),
    Swap(card("b3"), 5, 2),
    Return(card("r7"), None),
    Return(card("r7"), 1),
    Flood("r"),
    Pass(),
    Concede(),
    Continue(),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_round_trips_through_json(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert CompetitiveSudoku().action_from_json(data) == action
    assert "\n" not in str(action)


def test_the_json_forms_are_the_documented_ones() -> None:
    assert [a.to_json() for a in EVERY_KIND[:7]] == [
        {"type": "draw", "card": "r5"},
        {"type": "toss", "player": 1},
        {"type": "pick", "card": "b9"},
        {"type": "place", "card": "r1", "position": 9},
        {"type": "take", "pool": "black", "stack": 2},
        {"type": "take-deck"},
        {"type": "swap", "card": "b3", "position": 5, "stack": None},
    ]
    assert Return(card("r7"), 1).to_json() == {"type": "return", "card": "r7", "stack": 1}
    assert Flood("r").to_json() == {"type": "flood", "pool": "red"}
    assert str(Swap(card("b3"), 5, 2)) == "swap b3 into position 5, displaced card onto Stack 2"
    assert str(Return(card("r7"))) == "return r7 to the red Pool"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "$: an action is a JSON object, not a list of 0 items"),
        ({"card": "r5"}, "$.type: null is not an action type (concede, continue, draw,"),
        ({"type": "deal"}, '$.type: "deal" is not an action type'),
        ({"type": "pass", "player": 0}, '$: a pass action has no member "player"'),
        ({"type": "draw"}, '$: a draw action needs "card"'),
        ({"type": "draw", "card": 5}, '$.card: a card is a string like "r5", not 5'),
        ({"type": "draw", "card": "g5"}, "$.card: 'g5' is not a card like 'r5'"),
        ({"type": "place", "card": "r5", "position": 0}, "$.position: 0 is not a Grid position"),
        ({"type": "place", "card": "r5", "position": 5.0}, "$.position: 5.0 is not a Grid"),
        ({"type": "place", "card": "r5", "position": True}, "$.position: true is not a Grid"),
        ({"type": "take", "pool": "r", "stack": 1}, '$.pool: "r" is not a Pool ("red" or'),
        ({"type": "take", "pool": "red", "stack": None}, "$.stack: null is not a Stack (1 or 2)"),
        ({"type": "swap", "card": "r5", "position": 1}, '$: a swap action needs "stack"'),
        ({"type": "return", "card": "r5", "stack": 3}, "$.stack: 3 is not a Stack (1, 2 or null)"),
        ({"type": "toss", "player": 2}, "$.player: 2 is not a player 0 or 1"),
    ],
)
def test_bad_action_json_is_refused_with_its_path(data: JSONValue, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        CompetitiveSudoku().action_from_json(data)
    assert str(caught.value).startswith(message)


# -- records, illegal actions, observations --------------------------------------------------------


def test_a_record_replays_to_an_equal_state() -> None:
    state = winning_game(score_loser_hand=True)
    play(state, Swap(card("b3"), 9, 1))
    record = state.record()
    assert record.result == (4, 20)
    text = json.dumps(record.to_json())
    again = replay(GameRecord.from_json(json.loads(text)))
    assert again == state
    assert again.returns() == (4, 20)


def test_a_record_with_a_wrong_step_is_refused_with_its_path() -> None:
    data = opening().record().to_json()
    actions = data["actions"]
    assert isinstance(actions, list)
    actions[2] = {"player": -1, "action": {"type": "draw", "card": "b1"}}  # the deal is red
    with pytest.raises(RecordError, match=r"^\$\.actions\[2\]: .*no b1 is left in the red cards"):
        replay(GameRecord.from_json(data))


def test_an_illegal_action_changes_nothing() -> None:
    state = opening()
    before = pickle.dumps(state)
    for action in (Pass(), Flood("r"), Take("r", 3), Place(card("r9"), 9), Concede()):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    with pytest.raises(IllegalActionError, match="not a simultaneous node: use apply_action"):
        state.apply_actions((Concede(), Concede()))
    assert pickle.dumps(state) == before
    with pytest.raises(IllegalActionError, match="the red Pool has 2 Stacks, so no Stack 3"):
        state.apply_action(Take("r", 3))
    with pytest.raises(IllegalActionError, match="first takes the top card of a Stack or of"):
        state.apply_action(Place(card("r9"), 9))


def test_everything_on_the_table_is_public_cs8() -> None:
    for state in random_states(CompetitiveSudoku(mode="twins-draft"), range(3)):
        mine, theirs = state.observation(0), state.observation(1)
        assert mine.data == theirs.data
        assert json.loads(json.dumps(mine.data)) == mine.data
        assert mine.text.splitlines()[1:] == theirs.text.splitlines()[1:]
        assert all(len(line) <= 80 for line in mine.text.splitlines())
        assert "\n" not in str(state)
        rng = random.Random(0)
        assert state.resample_from_infostate(1, rng) == state
        # The text forms are the vocabulary's.
        data = mine.data
        assert isinstance(data, dict)
        table = state.table()
        red = 1 - (state.black or 0)
        assert [Grid.parse(g) for g in data["grids"]] == [state.grid(0), state.grid(1)]
        assert tuple(Pool.parse(p) for p in data["pools"]) == table.pools
        assert Cards.parse(data["discards"][red]) == table.discards[0]
        assert Cards.parse(data["discards"][1 - red]) == table.discards[1]
        assert data["decks"][red] == table.decks[0]
        assert pickle.loads(pickle.dumps(state)) == state


def test_the_observation_of_an_opening() -> None:
    data = seen(opening())
    assert data == {
        "phase": "turn",
        "to_act": 1,
        "black": 0,
        "who_is_black": [["r9"], ["r1"]],
        "dealt": ["r1", "r2", "r3", "r4", "r5", "b1", "b2", "b3", "b4", "b5"],
        "draft_pool": "-",
        "hands": ["-", "-"],
        "grids": ["b1 b2 b3 / b4 b5 .. / .. .. ..", "r1 r2 r3 / r4 r5 .. / .. .. .."],
        "pools": ["red: r6 | r7", "black: b6 | b7"],
        "decks": [2, 2],
        "discards": ["-", "-"],
        "turn_of": 1,
        "drawn": None,
        "turns": 0,
        "trades": 0,
        "result": None,
        "ending": None,
    }


# -- the conformance suite over the modes and options -------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "twins", "copies_per_colour": 1},
        {"mode": "twins-draft", "max_trades": 0, "max_turns": 40},
        {"copies_per_colour": 4, "max_turns": 25},
        {
            "mode": "twins",
            "first_turn_tie": "black",
            "equal_value_concede": "conceder_wins",
            "power_series_points": 4,
            "three_triplets_bonus": True,
            "score_loser_hand": True,
            "max_turns": 60,
        },
        {"copies_per_colour": 3, "max_trades": 6, "max_turns": 50},
    ],
    ids=lambda options: ",".join(f"{k}={v}" for k, v in options.items()),
)
def test_the_game_conforms_with_its_options(options: dict[str, JSONValue]) -> None:
    check_game(lambda: CompetitiveSudoku(**options), games=3, seed=0)


def test_a_state_draws_its_table() -> None:
    state = opening()
    svg = state._repr_svg_()
    assert svg == state.table()._repr_svg_()  # the same picture as the vocabulary's Table
    assert svg.startswith("<svg")
