"""Two-Doku's values: text and JSON forms read back equal; bad input is refused precisely."""

from __future__ import annotations

import json

import jsonschema
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dokuspec.errors import NotationError, OffBoardError, PositionError
from dokuspec.vocabulary import twodoku as td
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    FULL_SET,
    UNITS,
    Colouring,
    Deal,
    DealFaceDown,
    Dominoes,
    FaceDown,
    Play,
    Position,
    Return,
    Square,
    Take,
    View,
    event_from_json,
    other_player,
    player_index,
    units_of,
)

squares = st.sampled_from(ALL_SQUARES)
digits = st.integers(1, 9)
players = st.sampled_from(td.PLAYERS)


@st.composite
def colourings(draw: st.DrawFn) -> Colouring:
    red = draw(st.permutations(ALL_SQUARES))[:36]
    blue = draw(st.permutations(ALL_SQUARES))[:36]
    return Colouring(red, blue)


@st.composite
def boards(draw: st.DrawFn) -> tuple[dict[Square, int], list[FaceDown]]:
    cells = draw(st.lists(squares, unique=True, max_size=30))
    downs = cells[:8]
    owners = [td.RED] * 4 + [td.BLUE] * 4
    face_down = [FaceDown(s, owners[i], draw(st.none() | digits)) for i, s in enumerate(downs)]
    face_up = {s: draw(digits) for s in cells[8:]}
    return face_up, face_down


def _fits(*parts: object) -> bool:
    counts = [0] * 9
    for part in parts:
        for digit in part:  # type: ignore[attr-defined]
            counts[digit - 1] += 1
    return max(counts) <= td.COPIES


@st.composite
def positions(draw: st.DrawFn) -> Position:
    face_up, face_down = draw(boards())
    pot = Dominoes(draw(st.lists(digits, max_size=3)))
    red = draw(st.none() | st.lists(digits, max_size=12).map(Dominoes))
    blue = draw(st.none() | st.lists(digits, max_size=12).map(Dominoes))
    known = [f.digit for f in face_down if f.digit is not None]
    assume(_fits(face_up.values(), known, pot, red or (), blue or ()))
    return Position(
        draw(colourings()), face_up, face_down, pot, red, blue, draw(st.none() | players)
    )


@st.composite
def events(draw: st.DrawFn) -> td.Event:
    kind = draw(st.sampled_from(["pot", "board", "play", "return"]))
    player = draw(players)
    if kind == "pot":
        return Take(player, "pot", draw(digits))
    if kind == "board":
        return Take(player, "board", draw(digits), draw(squares))
    if kind == "return":
        return Return(player, draw(digits))
    result = draw(st.sampled_from(td.PLAY_RESULTS))
    revealed = draw(squares) if result == "hidden-clash" else None
    return Play(player, draw(squares), draw(digits), result, revealed)


@st.composite
def views(draw: st.DrawFn) -> View:
    face_up, face_down = draw(boards())
    hidden = [FaceDown(f.square, f.placed_by) for f in face_down]
    player = draw(players)
    pile = Dominoes(draw(st.lists(digits, max_size=10)))
    pot = Dominoes(draw(st.lists(digits, max_size=3)))
    assume(_fits(face_up.values(), pot, pile))
    other = draw(st.integers(0, 50))
    sizes = (len(pile), other) if player == td.RED else (other, len(pile))
    red = draw(st.lists(squares, unique=True, max_size=36))
    blue = draw(st.lists(squares, unique=True, max_size=36))
    initial = draw(st.none() | st.lists(digits, max_size=5).map(Dominoes))
    return View(
        player,
        draw(st.sampled_from(td.PHASES)),
        draw(st.none() | players),
        red,
        blue,
        hidden,
        face_up,
        pot,
        pile,
        sizes,
        initial,
        initial,
        draw(st.lists(events(), max_size=8)),
    )


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    ints = st.integers(-3, 12)
    pairs = st.tuples(ints, ints)
    return Deal(
        tuple(draw(st.lists(pairs, max_size=40))),
        tuple(draw(st.lists(pairs, max_size=40))),
        tuple(
            DealFaceDown(draw(ints), draw(ints), draw(ints), draw(players))
            for _ in range(draw(st.integers(0, 9)))
        ),
        tuple(draw(st.lists(ints, max_size=3))),
        tuple(draw(st.lists(ints, max_size=41))),
        tuple(draw(st.lists(ints, max_size=41))),
    )


# -- constants and squares ------------------------------------------------------------------------


def test_players_and_counts() -> None:
    assert td.PLAYERS == ("red", "blue")
    assert [player_index(p) for p in td.PLAYERS] == [0, 1]
    assert other_player("red") == "blue" and other_player("blue") == "red"
    assert td.DOMINO_COUNT == 9 * td.COPIES == len(FULL_SET) == 90
    assert FULL_SET.total == 450
    assert td.FACE_DOWN_COUNT + td.POT_SIZE + 2 * td.PILE_SIZE == td.DOMINO_COUNT
    with pytest.raises(PositionError, match="'green'"):
        player_index("green")
    with pytest.raises(TypeError):
        player_index(0)  # type: ignore[arg-type]


def test_squares_units_and_peers() -> None:
    assert len(ALL_SQUARES) == 81 and list(ALL_SQUARES) == sorted(ALL_SQUARES)
    assert [s.index for s in ALL_SQUARES] == list(range(81))
    assert len(UNITS) == 27 and all(len(set(u)) == 9 for u in UNITS)
    for square in ALL_SQUARES:
        assert sum(square in unit for unit in UNITS) == 3
        assert [UNITS[i] for i in units_of(square)] == [u for u in UNITS if square in u]
        assert len(square.peers) == 20 and square not in square.peers
    assert Square(5, 5).box == 5 and Square(9, 1).box == 7 and Square(1, 9).box == 3
    assert td.UNIT_NAMES[0] == "row 1" and td.UNIT_NAMES[9] == "column 1"
    assert td.UNIT_NAMES[26] == "box 9"


@given(squares)
def test_square_text_round_trip(square: Square) -> None:
    assert Square.parse(str(square)) == square
    assert Square.from_index(square.index) == square
    assert Square(*square.to_json()) == square


@pytest.mark.parametrize("row, col", [(0, 1), (1, 10), (-1, 5)])
def test_square_off_board(row: int, col: int) -> None:
    with pytest.raises(OffBoardError):
        Square(row, col)


@pytest.mark.parametrize("text", ["r0c1", "r3 c5", "c5r3", "r35", "", "r3c5 "])
def test_square_bad_text(text: str) -> None:
    with pytest.raises(NotationError, match="is not a square"):
        Square.parse(text)


def test_square_types() -> None:
    with pytest.raises(TypeError):
        Square(True, 1)
    with pytest.raises(TypeError):
        Square.parse(35)  # type: ignore[arg-type]


# -- dominoes -------------------------------------------------------------------------------------


@given(st.lists(digits, max_size=30))
def test_dominoes_round_trip(items: list[int]) -> None:
    dominoes = Dominoes(items)
    assert list(dominoes) == sorted(items)
    assert Dominoes.parse(str(dominoes)) == dominoes
    assert Dominoes.from_counts(dominoes.counts()) == dominoes
    assert dominoes.total == sum(items) and len(dominoes) == len(items)
    assert dominoes.to_json() == sorted(items)


def test_dominoes_arithmetic() -> None:
    a, b = Dominoes([1, 1, 3]), Dominoes([1, 9])
    assert a + b == Dominoes([1, 1, 1, 3, 9])
    assert (a + b) - b == a
    assert Dominoes([1]).issubset(a) and not b.issubset(a)
    with pytest.raises(PositionError, match="not enough of 9"):
        a - b
    assert a.count(1) == 2 and a.distinct() == (1, 3) and 3 in a and 4 not in a
    assert str(Dominoes()) == "-" and Dominoes.parse("-") == Dominoes.parse("") == Dominoes()
    assert Dominoes.parse("1,2, 3") == Dominoes([1, 2, 3])
    assert hash(Dominoes([3, 1])) == hash(Dominoes([1, 3]))


@pytest.mark.parametrize("text, column", [("1 10 3", 3), ("1 0", 3), ("x", 1), ("1 2 3 a9", 7)])
def test_dominoes_bad_text(text: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        Dominoes.parse(text)
    assert caught.value.column == column


def test_dominoes_bad_values() -> None:
    with pytest.raises(PositionError):
        Dominoes([10])
    with pytest.raises(TypeError):
        Dominoes([True])
    with pytest.raises(TypeError):
        Dominoes("123")  # type: ignore[arg-type]
    with pytest.raises(PositionError):
        Dominoes.from_counts([1] * 8)
    with pytest.raises(PositionError):
        Dominoes.from_counts([-1] + [0] * 8)


# -- colourings and deals -------------------------------------------------------------------------


@given(colourings())
def test_colouring_round_trip(colouring: Colouring) -> None:
    assert Colouring.from_json(json.loads(json.dumps(colouring.to_json()))) == colouring
    assert colouring.white == frozenset(ALL_SQUARES) - colouring.red - colouring.blue
    for square in ALL_SQUARES:
        expected = {p for p in td.PLAYERS if square in colouring.of(p)}
        assert colouring.colours(square) == expected


def test_colouring_counts() -> None:
    with pytest.raises(PositionError, match=r"Red colours 36 squares \(TD-2\), not 35"):
        Colouring(ALL_SQUARES[:35], ALL_SQUARES[:36])
    with pytest.raises(PositionError, match="r1c1 twice"):
        Colouring([ALL_SQUARES[0], *ALL_SQUARES[:36]], ALL_SQUARES[:36])


@given(deals())
def test_deal_round_trip(deal: Deal) -> None:
    text = str(deal)
    assert "\n" not in text
    assert Deal.parse(text) == deal
    assert Deal.from_json(json.loads(text)) == deal
    assert list(json.loads(text)) == list(td.DEAL_KEYS)


def _deal_text() -> str:
    return str(
        Deal(
            ((1, 1),),
            ((2, 2),),
            (DealFaceDown(5, 5, 3, "red"),),
            (1, 2),
            (4, 5),
            (6, 3),
        )
    )


@pytest.mark.parametrize(
    "change, message",
    [
        (('"digit":3', '"digit":3.0'), "$.face_down[0].digit: 3.0 is not of type 'integer'"),
        (('"digit":3', '"digit":"3"'), "$.face_down[0].digit: '3' is not of type 'integer'"),
        (('"placed_by":"red"', '"placed_by":"Red"'), "$.face_down[0].placed_by: 'Red' is not"),
        (('"pot":', '"pots":'), "$: unknown key 'pots' (did you mean 'pot'?)"),
        (('"red":[4,5],', ""), "$: 'red' is a required property"),
        (("[[1,1]]", "[[1,1,1]]"), "$.red_squares[0]: 3 items, but maximum is 2"),
        (('"pot":[1,2]', '"pot":[1,NaN]'), "NaN"),
    ],
)
def test_deal_bad_json_names_the_place(change: tuple[str, str], message: str) -> None:
    text = _deal_text()
    assert change[0] in text
    bad = text.replace(*change, 1)
    with pytest.raises(NotationError) as caught:
        Deal.parse(bad)
    assert message in str(caught.value)
    assert caught.value.line == 1 and caught.value.column is not None


def test_deal_keeps_out_of_range_values_for_the_validator() -> None:
    deal = Deal.parse(_deal_text().replace('"digit":3', '"digit":12'))
    assert deal.face_down[0].digit == 12
    with pytest.raises(PositionError):
        deal.face_down_dominoes()


def test_deal_types() -> None:
    with pytest.raises(TypeError):
        Deal((), (), (), (1, 2), [1], ())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        DealFaceDown(1, 1, 1, "green")
    with pytest.raises(TypeError):
        Deal.from_json("{}")  # type: ignore[arg-type]


# -- positions, events and views ------------------------------------------------------------------


@given(positions())
def test_position_round_trip(position: Position) -> None:
    assert Position.parse(str(position)) == position
    assert Position.from_json(json.loads(str(position))) == position
    occupied = set(position.face_up) | {f.square for f in position.face_down}
    assert set(position.empty_squares()) == set(ALL_SQUARES) - occupied


def test_position_refuses_impossible_boards() -> None:
    colouring = Colouring(ALL_SQUARES[:36], ALL_SQUARES[-36:])
    s = Square(1, 1)
    with pytest.raises(PositionError, match="face-up and a face-down"):
        Position(colouring, {s: 3}, [FaceDown(s, "red")], Dominoes(), None, None)
    with pytest.raises(PositionError, match="11 dominoes of digit 5"):
        Position(colouring, {s: 5}, [], Dominoes([5] * 10), None, None)
    with pytest.raises(PositionError, match="at most 4"):
        Position(
            colouring, {}, [FaceDown(q, "red") for q in ALL_SQUARES[:5]], Dominoes(), None, None
        )


@given(events())
def test_event_round_trip(event: td.Event) -> None:
    assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    assert "\n" not in str(event) and str(event).startswith(td.player_name(event.player))


@pytest.mark.parametrize(
    "data, message",
    [
        ({"player": "red", "type": "pass"}, '$.type: \'pass\' is not one of "play", "return"'),
        ({"player": "red", "type": "take", "source": "box", "digit": 1}, "$.source: 'box'"),
        ({"player": "red", "type": "take", "source": "board", "digit": 1}, "'row' is a required"),
        ({"player": "red", "type": "return", "digit": 14}, "$.digit: 14 is greater than"),
    ],
)
def test_bad_events(data: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError) as caught:
        event_from_json(data)
    assert message in str(caught.value)


def test_event_values() -> None:
    with pytest.raises(PositionError, match="reveals a face-down domino exactly"):
        Play("red", Square(1, 1), 3, "clash", Square(1, 2))
    with pytest.raises(PositionError, match="names its square"):
        Take("red", "board", 3)
    assert not Play("red", Square(1, 1), 3, "clash").succeeded
    assert Play("red", Square(1, 1), 3, "placed").succeeded


@given(views())
def test_view_round_trip(view: View) -> None:
    assert View.parse(str(view)) == view
    assert View.from_json(json.loads(str(view))) == view


def test_view_refuses_a_shown_face_down_digit_and_a_wrong_pile_size() -> None:
    hidden = FaceDown(Square(5, 5), "red", 4)
    with pytest.raises(PositionError, match="shows a digit"):
        View("red", "play", "red", [], [], [hidden], {}, Dominoes(), Dominoes(), (0, 0), None, None)
    with pytest.raises(td.MemberError) as caught:
        View("red", "play", "red", [], [], [], {}, Dominoes(), Dominoes([1]), (2, 0), None, None)
    assert str(caught.value) == "$.pile_sizes.red: Red's pile holds 1 domino but its size is 2"
    assert caught.value.path == ("pile_sizes", "red")


def test_schemas_are_published_and_accept_what_is_written() -> None:
    for schema in (td.deal_schema(), td.position_schema(), td.view_schema()):
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith(".schema.json")
    jsonschema.validate(json.loads(_deal_text()), td.deal_schema())


def test_values_draw_themselves_for_jupyter() -> None:
    deal = Deal.parse(_deal_text())
    svg = deal._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    broken = Deal.parse(_deal_text().replace('"digit":3', '"digit":12'))
    assert broken._repr_svg_() is None
    colouring = Colouring(ALL_SQUARES[:36], ALL_SQUARES[-36:])
    position = Position(colouring, {Square(1, 1): 4}, [], Dominoes([1, 2]), None, None)
    assert (position._repr_svg_() or "").startswith("<svg")
    view = View("red", "play", "red", [], [], [], {}, Dominoes(), Dominoes(), (0, 0), None, None)
    assert (view._repr_svg_() or "").startswith("<svg")


def test_an_unknown_key_suggests_the_key_meant() -> None:
    text = _deal_text()
    with pytest.raises(NotationError, match=r"unknown key 'Blue' \(did you mean 'blue'\?\)"):
        Deal.parse(text.replace('"blue":', '"Blue":'))
    with pytest.raises(
        NotationError, match=r"unknown key 'blue_square' \(did you mean 'blue_squares'"
    ):
        Deal.parse(text.replace('"blue_squares":', '"blue_square":'))
