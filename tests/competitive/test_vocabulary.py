"""Competitive Sudoku vocabulary: values, text forms, errors (CS-1, CS-8, CS-12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import DokuspecError, NotationError, PositionError
from dokuspec.render.competitive import card_svg, grid_svg, pool_svg, table_svg
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    CARD_BY_INDEX,
    EMPTY_GRID,
    LINES,
    STANDARD_DECK,
    UNLIMITED_DECK,
    Card,
    Cards,
    Deck,
    Grid,
    Pool,
    Scoring,
    Stack,
    Table,
    card_index,
    colour_name,
    position_name,
)

cards = st.builds(Card, st.sampled_from(["r", "b"]), st.integers(1, 9))
grids = st.lists(st.none() | cards, min_size=9, max_size=9).map(Grid)
stacks = st.lists(cards, min_size=1, max_size=2).map(Stack)


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    colour = draw(st.sampled_from(["r", "b"]))
    ranks = draw(st.lists(st.lists(st.integers(1, 9), min_size=1, max_size=2), max_size=2))
    return Pool(colour, [Stack(Card(colour, r) for r in stack) for stack in ranks])


# -- cards ---------------------------------------------------------------------------------------


def test_cards_are_colour_and_rank() -> None:
    card = Card.parse("r5")
    assert (card.colour, card.rank, card.is_red, str(card)) == ("r", 5, True, "r5")
    assert str(Card("b", 9)) == "b9"
    assert not Card("b", 9).is_red


def test_there_are_18_distinct_cards_in_a_fixed_order() -> None:
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 18
    assert [str(c) for c in ALL_CARDS[:2]] == ["b1", "b2"]
    assert list(ALL_CARDS) == sorted(ALL_CARDS)
    assert [card_index(c) for c in CARD_BY_INDEX] == list(range(18))
    assert str(CARD_BY_INDEX[0]) == "r1" and str(CARD_BY_INDEX[17]) == "b9"


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("x5", 1, "'x' where the colour 'r' or 'b'"),
        ("R5", 1, "'R' where the colour"),
        ("r0", 2, "'0' where a rank 1-9"),
        ("r", 2, "the end where a rank"),
        ("", 1, "the end where the colour"),
        ("r55", 3, "goes on after the rank"),
        ("r５", 2, "where a rank 1-9"),
    ],
)
def test_a_bad_card_names_its_column(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert caught.value.column == column
    assert words in str(caught.value)


def test_card_values_are_checked() -> None:
    with pytest.raises(PositionError, match="rank is 1-9, not 10"):
        Card("r", 10)
    with pytest.raises(PositionError, match="'r' or 'b', not 'g'"):
        Card("g", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rank is an int"):
        Card("r", True)
    with pytest.raises(TypeError):
        Card.parse(b"r5")  # type: ignore[arg-type]
    assert colour_name("b") == "black"


# -- multisets and the deck ----------------------------------------------------------------------


def test_cards_are_a_multiset() -> None:
    hand = Cards.parse("r1, b2 b2  r1")
    assert str(hand) == "b2 b2 r1 r1"
    assert hand.count(Card("b", 2)) == 2 and hand.count(Card("r", 9)) == 0
    assert len(hand) == 4 and Card("r", 1) in hand
    assert hand - Cards.parse("b2") == Cards.parse("b2 r1 r1")
    assert hand.of_colour("r") == Cards.parse("r1 r1")
    assert Cards.parse("r1 b2").issubset(hand) and not Cards.parse("b2 b2 b2").issubset(hand)
    assert Cards.parse("-") == Cards.parse("") == Cards() and str(Cards()) == "-"
    with pytest.raises(PositionError, match=r"cannot take 3 x b2 out of cards holding 2"):
        hand - Cards.parse("b2 b2 b2")


def test_a_bad_card_in_a_list_names_its_column() -> None:
    with pytest.raises(NotationError) as caught:
        Cards.parse("r1 b2 q3")
    assert caught.value.column == 7


def test_the_standard_deck_has_two_copies_of_each_card() -> None:
    """CS-1: 36 cards, 18 per colour, at most 4 of any rank."""
    assert STANDARD_DECK.size == 36 and len(STANDARD_DECK.cards()) == 36
    assert len(STANDARD_DECK.of_colour("r")) == 18
    assert STANDARD_DECK.count(Card("r", 5)) == 2
    assert Deck(3).size == 54 and UNLIMITED_DECK.size is None
    assert STANDARD_DECK.holds(Cards.parse("r5 r5")) and not STANDARD_DECK.holds(
        Cards.parse("r5 r5 r5")
    )
    assert UNLIMITED_DECK.holds(Cards.parse("r5 r5 r5"))
    with pytest.raises(PositionError):
        UNLIMITED_DECK.cards()
    with pytest.raises(PositionError, match="1-9, not 0"):
        Deck(0)
    for text in ("standard", "unlimited", "1", "9"):
        assert str(Deck.parse(text)) == text
    assert str(Deck(2)) == "standard"
    with pytest.raises(NotationError, match="'10' is not a deck"):
        Deck.parse("10")


# -- grids ---------------------------------------------------------------------------------------


def test_grids_are_read_row_by_row() -> None:
    grid = Grid.parse("r1 r2 r3 / b4 b5 b6 / r7 .. r9")
    assert grid == Grid.parse("r1 r2 r3 b4 b5 b6 r7 .. r9")
    assert str(grid) == "r1 r2 r3 / b4 b5 b6 / r7 .. r9"
    assert grid.at(1) == Card("r", 1) and grid.at(8) is None
    assert grid.ranks == (1, 2, 3, 4, 5, 6, 7, None, 9)
    assert grid.empty_positions() == (8,) and not grid.is_full
    assert grid.with_card(8, Card("b", 8)).is_full
    assert grid.without(1).empty_positions() == (1, 8)
    assert grid.contents() == Cards.parse("r1 r2 r3 b4 b5 b6 r7 r9")
    assert EMPTY_GRID.empty_positions() == tuple(range(1, 10))
    assert position_name(5) == "position 5"


def test_the_eight_lines_are_rows_columns_and_diagonals() -> None:
    names = [name for name, _ in LINES]
    assert names == [
        "row 1", "row 2", "row 3", "column 1", "column 2", "column 3",
        "main diagonal", "anti-diagonal",
    ]  # fmt: skip
    assert dict(LINES)["column 2"] == (1, 4, 7)
    assert dict(LINES)["anti-diagonal"] == (2, 4, 6)


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("r1 r2 r3 / b4", 14, "not 4"),
        ("r1 r2 / r3 b4 b5 b6 r7 r8 r9", 7, "after position 3 or 6, not after 2"),
        ("r1 r2 r3 / b4 b5 b6 r7 r8 r9", 29, "two slashes or none"),
        ("r1 r2 r3 b4 b5 b6 r7 r8 r9 r1", 28, "would be a tenth"),
        ("r1 r2 r3 / b4 x5 b6 / r7 r8 r9", 15, "'x' where the colour"),
        ("r1 r2 r3 / / b4 b5 b6 r7 r8 r9", 12, "not after 3 positions"),
        ("r1 r2 r3 . b4 b5 b6 r7 r8", 10, "'.' where the colour"),
    ],
)
def test_a_bad_grid_names_its_column(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        Grid.parse(text)
    assert caught.value.column == column
    assert words in str(caught.value)


def test_a_slash_after_one_position_says_one_position() -> None:
    with pytest.raises(NotationError) as caught:
        Grid.parse("r1 / r2 r3 b4 b5 b6 r7 r8 r9")
    assert str(caught.value) == (
        "line 1, column 4: a '/' separates rows, so it comes after position 3 or 6, "
        "not after 1 position"
    )


def test_grid_values_are_checked() -> None:
    with pytest.raises(PositionError, match="9 positions, not 8"):
        Grid([None] * 8)
    with pytest.raises(TypeError):
        Grid(["r1"] * 9)  # type: ignore[list-item]
    with pytest.raises(PositionError, match="position 1 already holds r1"):
        Grid.parse("r1 .. .. .. .. .. .. .. ..").with_card(1, Card("b", 2))
    with pytest.raises(PositionError, match="not a Grid position 1-9"):
        EMPTY_GRID.at(0)


# -- stacks, pools, the table ---------------------------------------------------------------------


def test_pools_hold_up_to_two_stacks_of_their_colour() -> None:
    """CS-12: Stacks of height 1-2; two Stacks of 2 is a Flooded Pool."""
    pool = Pool.parse("red: r3 | r5 r7")
    assert pool.colour == "r" and pool.tops() == (Card("r", 3), Card("r", 7))
    assert pool.stacks[1].height == 2 and not pool.flooded
    assert Pool.parse("black: b1 b2 | b3 b4").flooded
    assert Pool.parse("black: -") == Pool("b") and str(Pool("b")) == "black: -"
    with pytest.raises(PositionError, match="the red Pool cannot hold b3"):
        Pool.parse("red: b3")
    with pytest.raises(NotationError) as caught:
        Pool.parse("red: r1 r2 r3")
    assert caught.value.column == 12 and "1 or 2 cards, not 3" in str(caught.value)
    with pytest.raises(NotationError, match="starts with 'red:' or 'black:'"):
        Pool.parse("green: r1")
    with pytest.raises(PositionError, match="at most 2 Stacks, not 3"):
        Pool.parse("red: r1 | r2 | r3")


def test_a_table_round_trips_through_json() -> None:
    table = Table(
        grids=(Grid.parse("r1 .. .. / .. .. .. / .. .. .."), EMPTY_GRID),
        pools=(Pool.parse("red: r3 | r4"), Pool.parse("black: -")),
        decks=(11, 13),
        discards=(Cards.parse("b1 b1 b2 b3"), Cards()),
    )
    assert Table.from_json(table.to_json()) == table
    assert table.to_json()["pools"] == ["red: r3 | r4", "black: -"]
    with pytest.raises(NotationError, match="extra \\['extra'\\], missing \\[\\]"):
        Table.from_json({**table.to_json(), "extra": 1})
    with pytest.raises(PositionError):
        Table(table.grids, (table.pools[1], table.pools[0]), table.decks, table.discards)


def test_scoring_options_read_the_game_option_names() -> None:
    """CS-20's options."""
    assert Scoring.from_options({}) == Scoring()
    scoring = Scoring.from_options({"power_series_points": 3, "three_triplets_bonus": True})
    assert scoring == Scoring(3, True, False)
    assert Scoring.from_options(scoring.to_options()) == scoring
    with pytest.raises(PositionError, match="'as_straight' or an int 0-9"):
        Scoring.from_options({"power_series_points": "three"})
    with pytest.raises(PositionError):
        Scoring(power_series_points=10)
    straight = Scoring.from_options({"power_series_points": "as_straight"})
    assert straight == Scoring("as_straight")
    assert Scoring.from_options(straight.to_options()) == straight


def test_the_power_series_scores_nothing_by_default_cs20() -> None:
    """CS-20, revised: 0 by default; an int 0-9 or "as_straight" by option."""
    assert Scoring().power_series_points == 0
    assert Scoring.from_options({}).power_series_points == 0
    assert Scoring().to_options() == {
        "power_series_points": 0,
        "three_triplets_bonus": False,
        "score_loser_hand": False,
    }
    assert Scoring(9).power_series_points == 9
    assert Scoring("as_straight").power_series_points == "as_straight"


@pytest.mark.parametrize(
    ("points", "error", "message"),
    [
        (10, PositionError, "power_series_points is 'as_straight' or an int 0-9, not 10"),
        (-1, PositionError, "power_series_points is 'as_straight' or an int 0-9, not -1"),
        ("3", PositionError, "power_series_points is 'as_straight' or an int 0-9, not '3'"),
        (
            "straight",
            PositionError,
            "power_series_points is 'as_straight' or an int 0-9, not 'straight'",
        ),
        (None, TypeError, "power_series_points is an int 0-9 or 'as_straight', not NoneType"),
        (True, TypeError, "power_series_points is an int 0-9 or 'as_straight', not bool"),
        (3.0, TypeError, "power_series_points is an int 0-9 or 'as_straight', not float"),
    ],
)
def test_bad_power_series_points_are_refused_by_name(
    points: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as raised:
        Scoring(power_series_points=points)  # type: ignore[arg-type]
    assert str(raised.value) == message
    with pytest.raises(error) as raised:
        Scoring.from_options({"power_series_points": points})
    assert str(raised.value) == message
    with pytest.raises(TypeError):
        Scoring(three_triplets_bonus=1)  # type: ignore[arg-type]


# -- every text form round-trips -----------------------------------------------------------------


@given(st.lists(cards, max_size=12))
def test_cards_round_trip(items: list[Card]) -> None:
    assert Cards.parse(str(Cards(items))) == Cards(items)


@given(cards)
def test_card_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card


@given(grids)
def test_grid_round_trips(grid: Grid) -> None:
    assert Grid.parse(str(grid)) == grid


@given(stacks)
def test_stack_round_trips(stack: Stack) -> None:
    assert Stack.parse(str(stack)) == stack


@given(pools())
def test_pool_round_trips(pool: Pool) -> None:
    assert Pool.parse(str(pool)) == pool


@given(st.text(max_size=40))
def test_reading_any_text_gives_a_grid_or_a_located_error(text: str) -> None:
    try:
        grid = Grid.parse(text)
    except NotationError as error:
        assert error.line == 1 and error.column is not None
        assert 1 <= error.column <= len(text) + 1
    except DokuspecError as error:  # pragma: no cover - a failure to report
        raise AssertionError(f"not a NotationError: {error!r}") from None
    else:
        assert Grid.parse(str(grid)) == grid


def test_values_draw_themselves_for_jupyter() -> None:
    """Grid, Pool, Table and Card give the render module's SVG documents."""
    grid = Grid.parse("r1 r2 r3 / b4 b5 b6 / r7 .. r9")
    pool = Pool.parse("red: r3 | r5 r7")
    table = Table((grid, EMPTY_GRID), (pool, Pool("b")), (3, 4), (Cards(), Cards()))
    assert grid._repr_svg_() == grid_svg(grid)
    assert pool._repr_svg_() == pool_svg(pool)
    assert table._repr_svg_() == table_svg(table)
    assert Card("r", 5)._repr_svg_() == card_svg(Card("r", 5))
    assert "<svg" in grid._repr_svg_()
