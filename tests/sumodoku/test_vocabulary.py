"""Sumodoku notation: boards, variants and positions, their text forms and their errors."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import DokuspecError, NotationError, PositionError
from dokuspec.sumodoku import read_positions
from dokuspec.verify.sumodoku.strategies import BASE_GRID, full_grids, positions
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
        (lambda: iter([0] * 10), "81 cells, not 10"),  # an iterator, made anew per run
        ([0] * 40 + [10**5000] + [0] * 40, r"r5c5 holds an integer of about 5001 digits"),
    ],
)
def test_board_from_bad_cells(
    cells: bytes | list[int] | Callable[[], Iterator[int]], message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        Board(cells() if callable(cells) else cells)


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


# -- the colours' digits (SU-36) and non-consecutive marks (SU-37) -----------------------------

ODD_FIRST = "o" + "." * 80


def test_digits_forms_and_errors() -> None:
    mapped = Variants(parity=ODD_FIRST, digits="918273645")
    assert mapped.digits == "918273645"
    assert [mapped.digit(k) for k in range(1, 10)] == [9, 1, 8, 2, 7, 3, 6, 4, 5]
    assert mapped.names() == ["parity", "digits 918273645"]
    assert Variants(parity=ODD_FIRST, digits="123456789") == Variants(parity=ODD_FIRST)
    assert Variants().digits == "123456789"
    position = Position(Board(), mapped)
    assert position.to_json()["digits"] == "918273645"
    assert "digits" not in Position(Board(), Variants(parity=ODD_FIRST)).to_json()
    assert Position.parse(str(position)) == position
    jsonschema.validate(position.to_json(), position_schema())
    for digits, column, reason in [
        ("91827364", None, "digits has 9 characters, the digit of each colour 1-9 in turn, "
                           "this one has 8"),
        ("9182736450", None, "digits has 9 characters, the digit of each colour 1-9 in turn, "
                             "this one has 10"),
        ("918273640", 9, "'0' (colour 9's digit) is not a digit 1-9"),
        ("91827x645", 6, "'x' (colour 6's digit) is not a digit 1-9"),
        ("918273649", 9, "digit 9 is given to colour 1 and to colour 9; each digit 1-9 goes to "
                         "one colour"),
        ("91827364\uff15", 9, "'\uff15' (colour 9's digit) is not a digit 1-9"),
    ]:  # fmt: skip
        with pytest.raises(NotationError) as caught:
            Variants(parity=ODD_FIRST, digits=digits)
        assert (caught.value.reason, caught.value.column) == (reason, column)
    with pytest.raises(TypeError, match="Variants digits must be a str, not int"):
        Variants(parity=ODD_FIRST, digits=123456789)  # type: ignore[arg-type]
    with pytest.raises(
        PositionError,
        match=r"^digits 213456789 changes nothing without a parity marking or a consecutive "
        r"rule to read them \(SU-36\)$",
    ):
        Variants(x=True, digits="213456789")
    for rules in ({"consecutive": ["r1c1-r1c2"]}, {"non_consecutive": True},
                  {"non_consecutive_marks": ["r1c1-r1c2"]}):  # fmt: skip
        assert Variants(**rules, digits="213456789").digits == "213456789"  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="is not a colour 1-9"):
        mapped.digit(10)


def test_digits_errors_in_json_are_located() -> None:
    text = '{"board": "' + "." * 81 + '",\n "parity": "' + ODD_FIRST + '",\n "digits": "918273649"}'
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    assert (caught.value.line, caught.value.column) == (3, 21)  # the second 9
    assert caught.value.reason == (
        "$.digits: digit 9 is given to colour 1 and to colour 9; each digit 1-9 goes to one colour"
    )
    with pytest.raises(NotationError) as caught:
        Position.parse('{"board": "' + "." * 81 + '", "digits": 918273645}')
    assert caught.value.reason == "$.digits: 918273645 is not of type 'string'"
    with pytest.raises(PositionError, match="changes nothing"):
        Position.parse('{"board": "' + "." * 81 + '", "digits": "918273645"}')
    lines = [
        "." * 81,
        '{"board": "' + "." * 81 + '", "parity": "' + ODD_FIRST + '", "digits": "91827364"}',
    ]
    with pytest.raises(NotationError) as caught:
        list(read_positions(lines, source="in.jsonl"))
    assert str(caught.value) == (
        "in.jsonl:2:201: $.digits: digits has 9 characters, the digit of each colour 1-9 in "
        "turn, this one has 8"
    )


def test_non_consecutive_marks_forms_and_errors() -> None:
    marks = Variants(consecutive=["r1c1-r1c2"], non_consecutive_marks=["r1c3-r1c2", (9, 0)])
    assert marks.non_consecutive_marks == {(1, 2), (0, 9)}
    assert marks.names() == ["consecutive", "non-consecutive marks"]
    position = Position(Board(), marks)
    assert position.to_json()["non_consecutive_marks"] == ["r1c1-r2c1", "r1c2-r1c3"]
    assert Position.parse(str(position)) == position
    jsonschema.validate(position.to_json(), position_schema())
    alone = Variants(non_consecutive_marks=["r5c5-r6c5"])
    assert not alone.is_plain()
    assert alone.names() == ["non-consecutive marks"]
    with pytest.raises(
        NotationError,
        match=r"^the border r1c1-r1c2 is marked both consecutive and non-consecutive; a border "
        r"takes one mark$",
    ):
        Variants(consecutive=["r1c1-r1c2"], non_consecutive_marks=["r1c2-r1c1"])
    with pytest.raises(NotationError, match=r"^the border r1c1-r1c2 is given twice"):
        Variants(non_consecutive_marks=["r1c1-r1c2", (0, 1)])
    with pytest.raises(TypeError, match=r"^non_consecutive_marks takes an iterable of borders"):
        Variants(non_consecutive_marks="r1c1-r1c2")
    for rules, already in (
        ({"non_consecutive": True}, "non_consecutive"),
        ({"consecutive": ["r2c1-r3c1"], "strict_marks": True}, "strict_marks"),
    ):
        with pytest.raises(PositionError) as refused:
            Variants(**rules, non_consecutive_marks=["r1c1-r1c2"])  # type: ignore[arg-type]
        assert str(refused.value) == (
            f"{already} already forbids consecutive digits across the borders marked "
            "non-consecutive; give the marks or it, not both"
        )


@pytest.mark.parametrize(
    ("marks", "where", "reason"),
    [
        (
            '["r1c1-r1c3"]',
            (2, 28),
            "$.non_consecutive_marks[0]: 'r1c1-r1c3': the two cells are not orthogonal neighbours",
        ),
        (
            '["r5c5-r6c5", "r1c2-r1c1"]',
            (2, 41),
            "$.non_consecutive_marks[1]: 'r1c2-r1c1': the border r1c1-r1c2 is marked "
            "consecutive too (at $.consecutive[0]); a border takes one mark",
        ),
        (
            '["r5c5-r6c5", "r6c5-r5c5"]',
            (2, 41),
            "$.non_consecutive_marks[1]: 'r6c5-r5c5' is the border r5c5-r6c5 again "
            "(given at $.non_consecutive_marks[0])",
        ),
    ],
)
def test_non_consecutive_marks_errors_in_json_are_located(
    marks: str, where: tuple[int, int], reason: str
) -> None:
    text = '{"board": "' + "." * 81 + '", "consecutive": ["r1c1-r1c2"],\n'
    text += ' "non_consecutive_marks": ' + marks + "}"
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    assert ((caught.value.line, caught.value.column), caught.value.reason) == (where, reason)


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


@pytest.mark.parametrize(
    ("data", "line", "column", "reason"),
    [
        # The text is json.dumps(data, indent=1): one member per line, indented by 1.
        ({"board": EMPTY, "x": 1}, 3, 7, "$.x: 1 is not of type 'boolean'"),
        ({"board": EMPTY, "strict_marks": "yes"}, 3, 18, "$.strict_marks: 'yes' is not of"),
        ({"board": 5}, 2, 11, "$.board: 5 is not of type 'string'"),
        ({"board": EMPTY, "out": {"3": 1.5}}, 4, 8, "$.out['3']: 1.5 is not of type 'integer'"),
        ({"board": EMPTY, "out": []}, 3, 9, "$.out: an array is not of type 'object'"),
        ({"board": EMPTY, "consecutive": ["r1c1-r1c2", "r9"]}, 5, 3, "$.consecutive[1]: 'r9'"),
        # A key that should not be there: at the key.
        ({"board": EMPTY, "zz": 1}, 3, 2, "$: unknown key 'zz'"),
        ({"board": EMPTY, "out": {"a": 1}}, 4, 3, "$.out: key 'a' is not a colour '1'-'9'"),
        # A missing member: at its object.
        ({"x": True}, 1, 1, "$: 'board' is a required property"),
    ],
)
def test_an_error_about_a_member_points_at_its_value(
    data: dict[str, object], line: int, column: int, reason: str
) -> None:
    error = json_error(json.dumps(data, indent=1))
    assert error.reason.startswith(reason), error.reason
    assert (error.line, error.column) == (line, column)


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
        (json.dumps({"board": EMPTY, "parity": "xyz"}), "boards.txt:3:106: $.parity"),
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


# -- hostile input: JSON positions -------------------------------------------------------------


def json_error(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        Position.parse(text)
    return caught.value


def test_a_key_given_twice_is_refused_at_its_place() -> None:
    text = '{"board": "' + EMPTY + '",\n "x": true, "x": false}'
    error = json_error(text)
    assert str(error) == (
        "line 2, column 13: $: the key 'x' is given twice (first at line 2, column 2)"
    )
    error = json_error('{"board": "' + EMPTY + '", "out": {"3": 1, "3": 2}}')
    assert error.reason == "$.out: the key '3' is given twice (first at line 1, column 104)"
    assert (error.line, error.column) == (1, 112)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("1.0", "$.out['3']: 1.0 is not of type 'integer'"),
        ("1e0", "$.out['3']: 1.0 is not of type 'integer'"),
        ("true", "$.out['3']: true is not of type 'integer'"),
        ("1" * 5000, "$.out['3']: a number of 5000 characters is too long"),
        ("1e999", "$.out['3']: 1e999 is out of range"),
        ("NaN", "$.out['3']: NaN is not a JSON value"),
        ("Infinity", "$.out['3']: Infinity is not a JSON value"),
        ("-Infinity", "$.out['3']: -Infinity is not a JSON value"),
        ("1\u0663", "$.out['3']: '1\u0663' is not a JSON number (digits are ASCII 0-9)"),
        ("10" + "0" * 30, "$.out['3']: 1" + "0" * 31 + " is greater than the maximum of 9"),
        ("-1", "$.out['3']: -1 is less than the minimum of 0"),
    ],
)
def test_counts_are_small_json_integers(value: str, reason: str) -> None:
    error = json_error('{"board": "' + EMPTY + '", "out": {"3": ' + value + "}}")
    assert error.reason == reason
    if "not of type" not in reason and "minimum" not in reason and "maximum" not in reason:
        assert (error.line, error.column) == (1, 109)  # where the number starts


def test_a_python_float_count_is_not_an_integer() -> None:
    with pytest.raises(NotationError, match=r"^\$\.out\['3'\]: 1\.0 is not of type 'integer'$"):
        Position.from_json({"board": EMPTY, "out": {"3": 1.0}})


@pytest.mark.parametrize(
    "text",
    [
        '{"board": ' + "[" * 100_000,
        '{"a":' * 100_000,
        '{"board": "' + EMPTY + '", "out": ' + '{"3": [' * 50_000,
    ],
)
def test_deep_nesting_is_refused(text: str) -> None:
    error = json_error(text)
    assert error.reason.endswith(": nested deeper than 20 levels")
    assert error.line == 1


def test_long_values_are_quoted_short() -> None:
    huge = "o" * 1_000_000
    for key in ("x", "parity", "board", "colour" * 200_000):
        data = {"board": EMPTY, key: huge}
        error = json_error(json.dumps(data))
        assert len(str(error)) < 200, (key, str(error)[:300])
    error = json_error(json.dumps({"board": EMPTY, "x": huge}))
    assert error.reason == f"$.x: {'o' * 40!r}... (1000000 characters) is not of type 'boolean'"
    error = json_error(json.dumps({"board": EMPTY, "parity": huge}))
    assert error.reason == (
        "$.parity: a parity marking has 81 characters ('o', 'e' or '.'), this one has 1000000"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "line 1, column 1: the text is empty; a board is 81 cells"),
        (" \t\r\n \n", "line 1, column 1: the text is empty; a board is 81 cells"),
        ("\ufeff", "line 1, column 1: the text is empty; a board is 81 cells"),
        (
            "[1, 2]",
            "line 1, column 1: '[' starts neither a board nor a position's JSON object ('{')",
        ),
        (
            '\n  "abc"',
            "line 2, column 3: '\"' starts neither a board nor a position's JSON object ('{')",
        ),
        ("1" * 5000, "line 1, column 82: a board line has 81 cells, this one has 5000"),
        (
            "null",
            "line 1, column 1: 'n' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)",
        ),
        ("{", "line 1, column 2: not JSON: Expecting property name enclosed in double quotes"),
        ('{"board": "' + EMPTY + '"} x', "line 1, column 96: not JSON: Extra data"),
        ('{"board": "' + EMPTY + '",}', "line 1, column 95: not JSON: Expecting property name"),
        ("{}", "line 1, column 1: $: 'board' is a required property"),
        (
            '{"board": "' + EMPTY + '", "X": true}',
            "line 1, column 96: $: unknown key 'X' (did you mean 'x'?)",
        ),
        (
            '{"board": "' + EMPTY + '", "Board": "1"}',
            "line 1, column 96: $: unknown key 'Board' (did you mean",
        ),
        ('{"board": "1\n2"}', "line 1, column 13: not JSON: the control character '\\n' inside"),
        ('{"board": "\\u0000"}', "line 1, column 12: $.board: '\\x00' is not a cell"),
        ('{"board": "' + "\uff15" * 81 + '"}', "line 1, column 12: $.board: '\uff15' is not a"),
    ],
)
def test_hostile_position_texts(text: str, message: str) -> None:
    error = json_error(text)
    assert str(error).startswith(message), str(error)


def test_a_board_line_with_a_bom_keeps_its_columns() -> None:
    assert Position.parse("\ufeff" + PUZZLE) == Position(Board.parse(PUZZLE))
    assert Board.parse("\ufeff" + PUZZLE) == Board.parse(PUZZLE)
    error = notation_error("\ufeff" + PUZZLE[:3] + "x" + PUZZLE[4:])
    assert (error.line, error.column) == (1, 4)
    error = json_error('\ufeff{"board": "' + EMPTY + '", "x": tru}')
    assert (error.line, error.column) == (1, 101)
    assert Position.parse('\ufeff{"board": "' + PUZZLE + '"}') == Position(Board.parse(PUZZLE))
    # Only at the very start: elsewhere a byte order mark is a bad character.
    error = notation_error(PUZZLE[:3] + "\ufeff" + PUZZLE[4:])
    assert (error.line, error.column) == (1, 4)


# -- the grid form inside JSON, and other empty-cell characters -------------------------------


def test_grid_form_inside_json() -> None:
    board = Board.parse(PUZZLE)
    position = Position(board, Variants(x=True))
    for grid in (board.grid(), dressed_grid(board), board.grid().replace("\n", "\r\n")):
        assert Position.parse(json.dumps({"board": grid, "x": True})) == position
        assert Position.from_json({"board": grid, "x": True}) == position


def test_bad_cell_in_a_grid_inside_json_is_located_in_the_json_text() -> None:
    lines = dressed_grid(Board.parse(PUZZLE)).strip("\n").splitlines()
    assert lines[5] == ". . . | 3 . . | . . ."  # line 6 of the grid, row 5 of the board
    lines[5] = ". . . | 3 . ? | . . ."
    text = '{"x": true,\n "board": ' + json.dumps("\n".join(lines)) + "}"
    error = json_error(text)
    assert error.reason == (
        "$.board: grid line 6, column 13: '?' is not a cell "
        "('.' or '0' for empty, '1'-'9' for a colour)"
    )
    # Line 2 of the JSON text; the string starts at column 11 and each \n is two characters.
    before = "\\n".join(lines[:5]) + "\\n" + ". . . | 3 . "
    assert (error.line, error.column) == (2, 11 + 1 + len(before))
    assert text.splitlines()[1][error.column - 1] == "?"


def test_escapes_before_a_bad_cell_keep_the_column_right() -> None:
    board = "\\u002e" * 10 + "\\ud83d\\ude00" + "." * 70  # ten escaped dots, then an emoji
    text = '{"board": "' + board + '"}'
    error = json_error(text)
    assert error.reason.startswith("$.board: '\U0001f600' is not a cell")
    assert text[error.column - 1 : error.column + 5] == "\\ud83d"


def test_parity_errors_inside_json_are_located() -> None:
    parity = "o" * 40 + "x" + "o" * 40
    text = json.dumps({"board": EMPTY, "parity": parity})
    error = json_error(text)
    assert error.reason == "$.parity: 'x' in the parity marking at r5c5 is not 'o', 'e' or '.'"
    assert text[error.column - 1] == "x"


@pytest.mark.parametrize("empty", ["_", "*", "0", "."])
def test_empty_cell_characters(empty: str) -> None:
    board = Board.parse(PUZZLE)
    assert Board.parse(PUZZLE.replace("0", empty)) == board
    assert Board.parse(board.grid().replace(".", empty)) == board
    assert str(Board.parse(PUZZLE.replace("0", empty))) == PUZZLE_DOTS


def test_dash_is_empty_only_in_the_line_form() -> None:
    board = Board.parse(PUZZLE)
    assert Board.parse(PUZZLE.replace("0", "-")) == board
    grid = board.grid().replace(".", "-")
    error = notation_error(grid)
    assert str(error) == (
        "line 1, column 1: '-' is not a cell of the grid form (only of the 81-character line)"
    )
    # A row of nine empty cells written with '-' would read as a separator line.
    assert Board.parse("---------\n" + board.grid()) == board


def test_grid_line_ends_and_tabs() -> None:
    board = Board.parse(PUZZLE)
    assert Board.parse(board.grid().replace("\n", "\r\n")) == board
    tabbed = board.grid().replace(".", ".\t")
    assert Board.parse(tabbed) == board
    lines = tabbed.splitlines()
    lines[1] = lines[1].replace("4", "x")
    error = notation_error("\r\n".join(lines))
    assert (error.line, error.column) == (2, 3)  # a tab is one column
    lines = board.grid().splitlines()
    lines[4] = lines[4] + "\x0c"  # form feed: not a line break here
    error = notation_error("\n".join(lines))
    assert (error.line, error.column) == (5, 10)
    assert error.reason.startswith("'\\x0c' is not a cell")


# -- the Python API: wrong types and wrong values ---------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Board(123), r"Board\(\) takes a board text, bytes or 81 ints 0-9, not int$"),
        (lambda: Board(None), r"Board\(\) takes a board text, bytes or 81 ints 0-9, not NoneType$"),
        (lambda: Board([1.5] * 81), "board cells are ints 0-9; cell 0 is float"),
        (lambda: Board([True] * 81), "board cells are ints 0-9; cell 0 is bool"),
        (lambda: Board({1, 2}), r"Board\(\) takes a board text, bytes or 81 ints 0-9, not set$"),
        (
            lambda: Board.parse(b"..."),
            r"Board.parse\(\) takes a str, not bytes \(decode it first\)",
        ),
        (lambda: Position.parse(None), r"Position.parse\(\) takes a str, not NoneType"),
        (lambda: Position(PUZZLE), r"must be a Board, not str \(use Position.parse for text\)"),
        (lambda: Position(Board(), "x"), "Position variants must be a Variants, not str"),
        (lambda: Position(Board(), out=None), "Position out must be a tuple of 9 ints"),
        (lambda: Position(Board(), out=(1.5,) + (0,) * 8), "colour 1's is float"),
        (lambda: Position(Board(), out=(0, True) + (0,) * 7), "colour 2's is bool"),
        (lambda: Variants(x="yes"), "Variants x must be True or False, not str"),
        (lambda: Variants(x=1), "Variants x must be True or False, not int"),
        (lambda: Variants(non_consecutive=None), "non_consecutive must be True or False"),
        (lambda: Variants(parity=None), "Variants parity must be a str, not NoneType"),
        (lambda: Variants(consecutive="r1c1-r1c2"), "not str"),
        (lambda: Variants(consecutive=5), "not int"),
        (lambda: Variants(consecutive=[(0, 1.0)]), r"not \(0, 1\.0\)"),
        (lambda: Variants(consecutive=[(True, 1)]), r"not \(True, 1\)"),
        (lambda: Variants(consecutive=[None]), "not NoneType"),
        (lambda: Piece(True, 1, 1), "Piece row must be an int 1-9, not bool"),
        (lambda: Piece(1, "1", 1), "Piece col must be an int 1-9, not str"),
        (lambda: Piece(1, 1, 1.0), "Piece colour must be an int 1-9, not float"),
        (lambda: Piece.parse(None), r"Piece.parse\(\) takes a str"),
        (lambda: parse_border(None), r"parse_border\(\) takes a str"),
        (lambda: Board().place((1, 1, 1)), r"place\(\) takes a Piece, not tuple"),
        (lambda: Board().only([(1, 1, 1)]), r"only\(\) takes Pieces, not tuple"),
        (lambda: Board().extends(PUZZLE), r"extends\(\) takes a Board, not str"),
        (lambda: Board()[1], r"board\[row, col\]"),
        (lambda: Board().count("1"), "a colour is an int 1-9, not str"),
        (lambda: cell_name(1.0), "a cell index is an int 0-80, not float"),
    ],
)
def test_wrong_python_types_raise_type_error(make: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Piece(10, 1, 1), "^Piece row 10 is not a row 1-9$"),
        (lambda: Piece(1, 0, 1), "^Piece col 0 is not a column 1-9$"),
        (lambda: Piece(1, 1, 0), "^Piece colour 0 is not a colour 1-9$"),
        (lambda: Piece(1, 1, 10**5000), "^Piece colour an integer of about 5001 digits is not"),
        (lambda: Board().count(10), "^10 is not a colour 1-9$"),
        (lambda: cell_name(81), "^81 is not a cell index 0-80$"),
        (
            lambda: Board().only([Piece(1, 1, 1), Piece(1, 1, 2)]),
            r"^r1c1 is given twice \(colours 1 and 2\)$",
        ),
    ],
)
def test_wrong_python_values_raise_position_error(make: object, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        make()  # type: ignore[operator]


def test_board_from_text_is_board_parse() -> None:
    assert Board(PUZZLE) == Board.parse(PUZZLE)
    assert Board(dressed_grid(Board.parse(PUZZLE))) == Board.parse(PUZZLE)
    assert Board(bytes(81)) == Board() == Board([0] * 81) == Board(iter([0] * 81))
    with pytest.raises(NotationError) as caught:
        Board(PUZZLE[:5] + "x" + PUZZLE[6:])
    assert (caught.value.line, caught.value.column) == (1, 6)
    with pytest.raises(NotationError, match="81 cells, not more"):
        Board(range(10**12))  # read no further than needed


def test_piece_is_a_value() -> None:
    piece = Piece(4, 7, 3)
    row, col, colour = piece
    assert (row, col, colour) == (4, 7, 3)
    assert tuple(piece) == (4, 7, 3)
    assert piece.cell == 33
    assert str(piece) == "r4c7=3"
    assert repr(piece) == "Piece(row=4, col=7, colour=3)"
    assert sorted([Piece(2, 1, 1), Piece(1, 9, 9), Piece(1, 2, 5)]) == [
        Piece(1, 2, 5),
        Piece(1, 9, 9),
        Piece(2, 1, 1),
    ]
    assert len({Piece(1, 1, 1), Piece(1, 1, 1), Piece(1, 1, 2)}) == 2
    assert Piece.parse("r1c8=1") == Piece(1, 8, 1)


@pytest.mark.parametrize(
    ("text", "column", "found"),
    [
        ("", 1, "the end where 'r' is expected"),
        ("R1c8=1", 1, "'R' where 'r' is expected"),
        ("r0c8=1", 2, "'0' where a digit 1-9 is expected"),
        ("r1c8=", 6, "the end where a digit 1-9 is expected"),
        ("r1c8=\uff15", 6, "'\uff15' where a digit 1-9 is expected"),
        ("r1c8:1", 5, "':' where '=' is expected"),
        ("r1c8=12", 7, "it goes on after the colour"),
        (" r1c8=1", 1, "' ' where 'r' is expected"),
    ],
)
def test_bad_piece_texts(text: str, column: int, found: str) -> None:
    with pytest.raises(NotationError) as caught:
        Piece.parse(text)
    assert (caught.value.line, caught.value.column) == (1, column)
    assert caught.value.reason == f"{text!r} is not a piece like 'r4c7=3': {found}"


def test_borders_as_strings_or_index_pairs() -> None:
    expected = Variants(consecutive=frozenset({(0, 1), (0, 9)}))
    assert Variants(consecutive=["r1c1-r1c2", "r2c1-r1c1"]) == expected
    assert Variants(consecutive=[(1, 0), "r1c1-r2c1"]) == expected
    assert Variants(consecutive=iter([(0, 1), (9, 0)])) == expected
    assert expected.consecutive == frozenset({(0, 1), (0, 9)})


def test_more_than_nine_of_a_colour_names_the_colour() -> None:
    board = Board.parse("7" * 5 + "." * 76)
    with pytest.raises(PositionError, match=r"^colour 7: 5 on the board and 5 out of the game"):
        Position(board, out=(0,) * 6 + (5, 0, 0))
    text = json.dumps({"board": str(board), "out": {"7": 5}})
    with pytest.raises(PositionError, match=r"^colour 7: 5 on the board and 5 out of the game"):
        Position.parse(text)


# -- properties ----------------------------------------------------------------------------------


def only_dokuspec_errors(text: str) -> None:
    for read in (Position.parse, Board.parse, Piece.parse):
        try:
            read(text)
        except DokuspecError as error:
            assert len(str(error)) < 300
            assert "\n" not in str(error)


@given(st.text())
def test_random_text_gives_only_dokuspec_errors(text: str) -> None:
    only_dokuspec_errors(text)


@given(st.binary())
def test_random_bytes_give_only_dokuspec_errors(data: bytes) -> None:
    only_dokuspec_errors(data.decode("utf-8", errors="surrogateescape"))


JSONISH = st.text(alphabet='{}[]":,.0123456789-+eEoxrc_* \n\t\\ubNITaf', max_size=200)


@given(JSONISH)
def test_random_json_like_text_gives_only_dokuspec_errors(tail: str) -> None:
    only_dokuspec_errors('{"board": "' + EMPTY + '"' + tail)
    only_dokuspec_errors("{" + tail)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=90),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=10,
)
KEYS = ["board", "x", "parity", "consecutive", "strict_marks", "non_consecutive", "out", "X"]


@given(
    st.dictionaries(st.sampled_from(KEYS), json_values, max_size=4),
    st.sampled_from([EMPTY, PUZZLE, None]),
)
def test_random_json_positions_agree_with_the_schema(data: dict[str, object], board: str) -> None:
    if board is not None:
        data = {**data, "board": board}
    try:
        text = json.dumps(data, allow_nan=False)
    except ValueError:
        return
    try:
        Position.parse(text)
    except DokuspecError:
        return
    # Whatever is accepted is valid under the published schema (the contract).
    jsonschema.validate(json.loads(text), position_schema())


@given(st.integers(1, 9), st.integers(1, 9), st.integers(1, 9))
def test_piece_round_trips(row: int, col: int, colour: int) -> None:
    piece = Piece(row, col, colour)
    assert Piece.parse(str(piece)) == piece
    assert Piece(*piece) == piece
    assert Board().place(piece).pieces() == (piece,)


@given(positions(), st.sampled_from(["_", "*", "0", "."]), st.booleans())
def test_board_forms_round_trip_also_inside_json(
    position: Position, empty: str, dressed: bool
) -> None:
    board = position.board
    assert Board.parse(str(board).replace(".", empty)) == board
    grid = dressed_grid(board) if dressed else board.grid()
    assert Board.parse(grid.replace(".", empty)) == board
    data = position.to_json()
    data["board"] = grid.replace(".", empty)
    assert Position.parse(json.dumps(data)) == position
    assert Position.parse(json.dumps(data, indent=2)) == position


@given(positions(), st.randoms())
def test_borders_round_trip_in_either_order(position: Position, random: object) -> None:
    def flip(borders: frozenset[tuple[int, int]]) -> list[str]:
        names = [border_name(b) for b in borders]
        return [
            "-".join(reversed(name.split("-"))) if random.random() < 0.5 else name  # type: ignore[attr-defined]
            for name in names
        ]

    variants = position.variants
    flipped, apart = flip(variants.consecutive), flip(variants.non_consecutive_marks)
    rebuilt = Variants(
        x=variants.x,
        parity=variants.parity,
        consecutive=flipped,
        strict_marks=variants.strict_marks,
        non_consecutive=variants.non_consecutive,
        non_consecutive_marks=apart,
        digits=variants.digits,
    )
    assert rebuilt == variants
    data = position.to_json()
    jsonschema.validate(data, position_schema())
    if flipped:
        data["consecutive"] = flipped
    if apart:
        data["non_consecutive_marks"] = apart
    assert Position.from_json(data) == position
