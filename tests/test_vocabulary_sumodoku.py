"""Sumodoku notation: boards, variants and positions, their text forms and their errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import DokuspecError, NotationError, PositionError
from dokuspec.sumodoku import read_positions
from dokuspec.verify.strategies import BASE_GRID, full_grids, positions
from dokuspec.vocabulary.sumodoku import (
    EMPTY_VARIANTS,
    Board,
    Piece,
    Position,
    Variants,
    border_name,
    cell_name,
    parse_border,
    position_schema,
)

PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
PUZZLE_DOTS = PUZZLE.replace("0", ".")


def dressed_grid(board: Board) -> str:
    """The grid form as many puzzle files print it: spaces, bars and separator lines."""
    text = str(board)
    lines = []
    for row in range(9):
        cells = text[row * 9 : row * 9 + 9]
        lines.append(" | ".join(" ".join(cells[i : i + 3]) for i in range(0, 9, 3)))
        if row in (2, 5):
            lines.append("------+-------+------")
    return "\n" + "\n".join(lines) + "\n\n"


# -- round trips -------------------------------------------------------------------------------


def test_line_form() -> None:
    board = Board.parse(PUZZLE)
    assert str(board) == PUZZLE_DOTS
    assert Board.parse(PUZZLE_DOTS) == board
    assert board[1, 8] == 1
    assert board[1, 1] == 0
    assert board.count(1) == 2
    assert len(board.pieces()) == 17
    assert board.pieces()[0] == Piece(1, 8, 1)
    assert str(board.pieces()[0]) == "r1c8=1"
    assert Board.parse("  " + PUZZLE + "\n") == board
    assert repr(board) == f"Board.parse({PUZZLE_DOTS!r})"
    assert hash(board) == hash(Board.parse(PUZZLE_DOTS))


def test_grid_forms() -> None:
    board = Board.parse(PUZZLE)
    assert board.grid() == "".join(PUZZLE_DOTS[i : i + 9] + "\n" for i in range(0, 81, 9))
    assert Board.parse(board.grid()) == board
    assert Board.parse(dressed_grid(board)) == board
    assert Board.parse(board.grid().replace(".", "0")) == board
    with_tabs = "\n".join("\t".join(line) for line in board.grid().splitlines())
    assert Board.parse(with_tabs) == board
    boxed = "+---+---+---+\n" + board.grid().replace("\n", "|\n") + "+===+===+===+\n"
    assert Board.parse(boxed) == board


@given(full_grids())
def test_full_grid_round_trips(board: Board) -> None:
    assert board.is_full()
    assert Board.parse(str(board)) == board
    assert Board.parse(board.grid()) == board
    assert Board.parse(dressed_grid(board)) == board
    assert Board(board.cells) == board


@given(positions())
def test_position_round_trips(position: Position) -> None:
    text = str(position)
    assert Position.parse(text) == position
    assert Position.from_json(position.to_json()) == position
    assert Position.from_json(json.loads(json.dumps(position.to_json()))) == position
    if position.variants.is_plain() and not any(position.out):
        assert text == str(position.board)
    else:
        assert json.loads(text)["board"] == str(position.board)
        assert Position.parse(json.dumps(position.to_json(), indent=2)) == position
    supply = position.supply()
    counts = position.board.counts()
    assert all(s >= 0 for s in supply)
    assert all(s + c + o == 9 for s, c, o in zip(supply, counts, position.out, strict=True))


def test_position_json_form() -> None:
    position = Position(
        Board.parse(PUZZLE),
        Variants(x=True, consecutive=frozenset({(0, 1), (0, 9)}), strict_marks=True),
        (0, 0, 2, 0, 0, 0, 0, 0, 0),
    )
    data = position.to_json()
    assert data == {
        "board": PUZZLE_DOTS,
        "x": True,
        "consecutive": ["r1c1-r1c2", "r1c1-r2c1"],
        "strict_marks": True,
        "out": {"3": 2},
    }
    assert Position.parse(json.dumps(data)) == position
    assert str(Position(Board.parse(PUZZLE))) == PUZZLE_DOTS
    assert position.supply()[2] == 9 - 2 - Board.parse(PUZZLE).count(3)


def test_board_edits() -> None:
    board = Board()
    placed = board.place(Piece(4, 7, 3))
    assert placed[4, 7] == 3
    assert board[4, 7] == 0
    assert placed.extends(board)
    assert not board.extends(placed)
    assert placed.without([Piece(4, 7, 3)]) == board
    assert BASE_GRID.only(BASE_GRID.pieces()[:2]).pieces() == BASE_GRID.pieces()[:2]
    assert BASE_GRID.empty_cells() == []
    assert len(board.empty_cells()) == 81
    with pytest.raises(PositionError, match="r4c7 already holds colour 3"):
        placed.place(Piece(4, 7, 5))
    with pytest.raises(PositionError):
        board.place(Piece(10, 1, 1))
    with pytest.raises(PositionError):
        board.place(Piece(1, 1, 0))
    with pytest.raises(IndexError):
        board[0, 1]


def test_names() -> None:
    assert cell_name(0) == "r1c1"
    assert cell_name(80) == "r9c9"
    assert cell_name(35) == "r4c9"
    assert border_name((0, 9)) == "r1c1-r2c1"
    assert parse_border("r1c2-r1c1") == (0, 1)
    assert parse_border("r5c5-r6c5") == (40, 49)


# -- board errors name the line and the column -------------------------------------------------


def notation_error(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        Board.parse(text)
    return caught.value


def test_bad_character_in_a_line() -> None:
    text = PUZZLE[:39] + "x" + PUZZLE[40:]
    error = notation_error(text)
    assert (error.line, error.column) == (1, 40)
    assert str(error).startswith("line 1, column 40: 'x' is not a cell")
    error = notation_error("   " + text)
    assert (error.line, error.column) == (1, 43)


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        (PUZZLE[:80], 81, "this one has 80"),
        (PUZZLE + "1", 82, "this one has 82"),
        ("\t" + PUZZLE[:3], 5, "this one has 3"),
    ],
)
def test_line_of_the_wrong_length(text: str, column: int, reason: str) -> None:
    error = notation_error(text)
    assert (error.line, error.column) == (1, column)
    assert reason in error.reason


def test_bad_character_in_a_grid() -> None:
    lines = Board.parse(PUZZLE).grid().splitlines()
    lines[2] = lines[2][:4] + "?" + lines[2][5:]
    error = notation_error("\n".join(lines))
    assert (error.line, error.column) == (3, 5)
    assert str(error).startswith("line 3, column 5: '?' is not a cell")


def test_bad_character_in_a_dressed_grid() -> None:
    text = dressed_grid(Board.parse(PUZZLE)).splitlines()
    # Line 1 is blank; line 10 is the 7th row (after two separator lines).
    assert text[9].startswith(". 3 . | 1")
    text[9] = "x" + text[9][1:]
    error = notation_error("\n".join(text))
    assert (error.line, error.column) == (10, 1)


def test_short_and_long_grid_rows() -> None:
    lines = Board.parse(PUZZLE).grid().splitlines()
    short = [*lines[:4], lines[4][:7], *lines[5:]]
    error = notation_error("\n".join(short))
    assert (error.line, error.column) == (5, 8)
    assert "this one has 7" in error.reason
    long = [*lines[:6], lines[6] + "5", *lines[7:]]
    error = notation_error("\n".join(long))
    assert (error.line, error.column) == (7, 10)
    assert "10th" in error.reason


def test_grid_with_ten_or_eight_rows() -> None:
    lines = Board.parse(PUZZLE).grid().splitlines()
    error = notation_error("\n".join([*lines, lines[0]]))
    assert (error.line, error.column) == (10, 1)
    assert "10th" in error.reason
    error = notation_error("\n".join(lines[:8]))
    assert error.line is None
    assert "this one has 8" in str(error)


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        (bytes(80), "81 cells, not 80"),
        ([0] * 80 + [10], "r9c9 holds 10"),
        ([0] * 80 + [-1], "r9c9 holds -1, not a colour 0-9"),
        ([0] * 82, "81 cells, not more"),
        (iter([0] * 10), "81 cells, not 10"),
        ([0] * 40 + [10**5000] + [0] * 40, r"r5c5 holds an integer of about 5001 digits"),
    ],
)
def test_board_from_bad_cells(cells: bytes | list[int], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Board(cells)


# -- positions and variants --------------------------------------------------------------------


def test_ten_of_a_colour() -> None:
    board = Board.parse("1" + "." * 80)
    full = BASE_GRID
    with pytest.raises(PositionError, match="colour 1: 9 on the board and 1 out of the game"):
        Position(full, out=(1, 0, 0, 0, 0, 0, 0, 0, 0))
    with pytest.raises(PositionError, match="colour 1: 1 on the board and 9 out"):
        Position(board, out=(9, 0, 0, 0, 0, 0, 0, 0, 0))
    with pytest.raises(PositionError, match=r"^out holds 9 counts, one per colour 1-9, not 8$"):
        Position(board, out=(0,) * 8)
    with pytest.raises(
        PositionError, match=r"^colour 9: -1 pieces out of the game; a count is 0-9$"
    ):
        Position(board, out=(0,) * 8 + (-1,))
    with pytest.raises(
        PositionError,
        match=r"^colour 2: an integer of about 1001 digits pieces out of the game; a count is 0-9$",
    ):
        Position(board, out=(0, 10**1000) + (0,) * 7)
    assert Position(board, out=[1] + [0] * 8).out == (1,) + (0,) * 8  # a list is stored as a tuple
    assert Position(board, out=(8,) + (0,) * 8).supply()[0] == 0


def test_ten_of_a_colour_on_the_board() -> None:
    # Ten pieces of colour 1 on the board: each row holds one, and r1c2 a second.
    cells = bytearray(BASE_GRID.cells)
    second = next(i for i in range(81) if cells[i] != 1)
    cells[second] = 1
    with pytest.raises(PositionError, match="colour 1: 10 on the board"):
        Position(Board(bytes(cells)))


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"parity": "o" * 80},
            NotationError,
            r"^a parity marking has 81 characters \('o', 'e' or '.'\), this one has 80$",
        ),
        ({"parity": "o" * 40 + "x" + "o" * 40}, NotationError, "'x' in the parity marking at r5c5"),
        ({"consecutive": frozenset({(0, 2)})}, NotationError, "not a border"),
        ({"consecutive": frozenset({(8, 9)})}, NotationError, "not a border"),  # row wrap
        ({"consecutive": ["r1c1-r1c3"]}, NotationError, "not orthogonal neighbours"),
        ({"consecutive": ["r1c9-r2c1"]}, NotationError, "not orthogonal neighbours"),
        ({"consecutive": ["R1C1-r1c2"]}, NotationError, "is not a border like 'r1c1-r1c2'"),
        (
            {"consecutive": ["r1c1-r1c2", "r1c2-r1c1"]},
            NotationError,
            r"^the border r1c1-r1c2 is given twice \('r1c1-r1c2' and 'r1c2-r1c1'\)$",
        ),
        (
            {"consecutive": [(0, 1), (1, 0)]},
            NotationError,
            r"^the border r1c1-r1c2 is given twice \(\(0, 1\) and \(1, 0\)\)$",
        ),
        (
            {"consecutive": ["r1c1-r1c2", (0, 1)]},
            NotationError,
            r"^the border r1c1-r1c2 is given twice \('r1c1-r1c2' and \(0, 1\)\)$",
        ),
        ({"consecutive": [(0, 81)]}, NotationError, r"^\(0, 81\) is not a border"),
        ({"consecutive": frozenset({(72, 81)})}, NotationError, "not a border"),
        (
            {"consecutive": frozenset({(0, 1)}), "non_consecutive": True},
            PositionError,
            "contradicts",
        ),
        ({"strict_marks": True}, PositionError, "strict_marks needs consecutive marks"),
        ({"strict_marks": True, "non_consecutive": True}, PositionError, "strict_marks"),
    ],
)
def test_bad_variants(kwargs: dict[str, object], error: type[DokuspecError], message: str) -> None:
    with pytest.raises(error, match=message):
        Variants(**kwargs)  # type: ignore[arg-type]


def test_variants_forms() -> None:
    assert Variants(parity="." * 81) == EMPTY_VARIANTS
    assert EMPTY_VARIANTS.is_plain()
    assert EMPTY_VARIANTS.names() == []
    parity = "o" + "." * 80
    both = Variants(x=True, parity=parity, consecutive=frozenset({(0, 1)}), strict_marks=True)
    assert both.names() == ["x", "parity", "consecutive (strict marks)"]
    assert Variants(non_consecutive=True).names() == ["non-consecutive"]
    with pytest.raises(NotationError) as caught:
        Variants(parity="o" * 40 + "x" + "o" * 40)
    assert caught.value.column == 41


# -- JSON errors name the JSON path ----------------------------------------------------------

EMPTY = "." * 81


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"board": EMPTY, "parity": "xyz"}, "$.parity"),
        ({"board": EMPTY, "out": {"10": 1}}, "$.out"),
        ({"board": EMPTY, "out": {"3": 10}}, "$.out['3']"),
        ({"board": EMPTY, "out": {"3": -1}}, "$.out['3']"),
        ({"board": EMPTY, "consecutive": ["r1c1-r1c2", "a"]}, "$.consecutive[1]"),
        ({"board": EMPTY, "consecutive": ["r1c1-r1c2", "r1c1-r1c2"]}, "$.consecutive[1]"),
        ({"board": EMPTY, "consecutive": ["r1c1-r1c2", "r1c2-r1c1"]}, "$.consecutive[1]"),
        ({"board": EMPTY, "consecutive": "r1c1-r1c2"}, "$.consecutive"),
        ({"board": EMPTY, "consecutive": [5]}, "$.consecutive[0]"),
        ({"board": EMPTY, "out": {"3": 1.0}}, "$.out['3']"),
        ({"board": EMPTY, "out": {"3": True}}, "$.out['3']"),
        ({"board": EMPTY, "out": {"0": 1}}, "$.out"),
        ({"board": EMPTY, "out": {"01": 1}}, "$.out"),
        ({"board": EMPTY, "out": {"3\n": 1}}, "$.out"),
        ({"board": EMPTY, "out": {"\uff13": 1}}, "$.out"),
        ({"board": EMPTY, "out": []}, "$.out"),
        ({"board": EMPTY, "X": True}, "$"),
        ({"board": EMPTY, "parity": "o" * 82}, "$.parity"),
        ({"board": EMPTY, "x": "yes"}, "$.x"),
        ({"board": EMPTY, "strict_marks": 1}, "$.strict_marks"),
        ({"board": EMPTY, "colour": 1}, "$"),
        ({"board": EMPTY[:80]}, "$.board"),
        ({"board": EMPTY[:80] + "x"}, "$.board"),
        ({"board": 5}, "$.board"),
        ({"x": True}, "$"),
    ],
)
def test_schema_errors_name_the_json_path(data: dict[str, object], path: str) -> None:
    with pytest.raises(NotationError) as caught:
        Position.parse(json.dumps(data))
    assert caught.value.reason.startswith(f"{path}: "), str(caught.value)
    with pytest.raises(NotationError) as caught:
        Position.from_json(data)
    assert str(caught.value).startswith(f"{path}: "), str(caught.value)
    assert caught.value.line is None


def test_json_syntax_error_names_line_and_column() -> None:
    text = '{"board": "' + EMPTY + '",\n  "x": tru}'
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    assert (caught.value.line, caught.value.column) == (2, 8)
    assert str(caught.value).startswith("line 2, column 8: not JSON")


def test_json_position_errors() -> None:
    with pytest.raises(NotationError, match="not orthogonal neighbours"):
        Position.parse(json.dumps({"board": EMPTY, "consecutive": ["r1c1-r1c3"]}))
    with pytest.raises(PositionError, match="contradicts"):
        Position.parse(
            json.dumps({"board": EMPTY, "consecutive": ["r1c1-r1c2"], "non_consecutive": True})
        )
    with pytest.raises(PositionError, match="colour 1"):
        Position.parse(json.dumps({"board": str(BASE_GRID), "out": {"1": 1}}))


def test_schema_is_draft_2020_12() -> None:
    schema = position_schema()
    assert schema["$schema"].endswith("2020-12/schema")
    assert schema["required"] == ["board"]


# -- read_positions ----------------------------------------------------------------------------


def test_read_positions_skips_blanks_and_comments() -> None:
    lines = [
        "# a comment\n",
        "\n",
        PUZZLE + "\n",
        "   \n",
        json.dumps({"board": PUZZLE, "x": True}) + "\r\n",
    ]
    read = list(read_positions(lines, source="boards.txt"))
    assert [number for number, _ in read] == [3, 5]
    assert read[0][1] == Position(Board.parse(PUZZLE))
    assert read[1][1] == Position(Board.parse(PUZZLE), Variants(x=True))


@pytest.mark.parametrize(
    ("bad", "prefix"),
    [
        (PUZZLE[:39] + "x" + PUZZLE[40:], "boards.txt:3:40: "),
        (PUZZLE[:80], "boards.txt:3:81: "),
        ('{"board": "' + EMPTY + '", "x": tru}', "boards.txt:3:"),
        (json.dumps({"board": EMPTY, "parity": "xyz"}), "boards.txt:3:1: $.parity"),
    ],
)
def test_read_positions_errors_start_with_source_line_column(bad: str, prefix: str) -> None:
    lines = ["# header", PUZZLE, bad, PUZZLE]
    with pytest.raises(NotationError) as caught:
        list(read_positions(lines, source="boards.txt"))
    assert str(caught.value).startswith(prefix), str(caught.value)
    assert caught.value.line == 3
    assert caught.value.source == "boards.txt"


def test_read_positions_position_error_names_the_line() -> None:
    lines = [PUZZLE, json.dumps({"board": str(BASE_GRID), "out": {"2": 1}})]
    with pytest.raises(PositionError) as caught:
        list(read_positions(lines, source="more.jsonl"))
    assert str(caught.value).startswith("more.jsonl:2: colour 2")


@given(st.integers(0, 80), st.sampled_from("abz/#|+=\x00\u0663\uff15\u00a0"))
def test_any_bad_character_is_located(index: int, char: str) -> None:
    text = PUZZLE[:index] + char + PUZZLE[index + 1 :]
    error = notation_error(text)
    assert (error.line, error.column) == (1, index + 1)
