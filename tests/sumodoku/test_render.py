"""Pictures of Sumodoku (dokuspec.render.sumodoku): SVG structure and terminal text.

The SVG tests parse every document with ElementTree and check the structure
the module documents (classes, titles, texts, places), never pixels. The
expected texts are written out here by hand from the documented format.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import NotationError, OffBoardError, PositionError
from dokuspec.render.sumodoku import INKS, PALETTE, board_svg, board_text
from dokuspec.verify.sumodoku.strategies import positions
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants

SVG = "{http://www.w3.org/2000/svg}"
# Paul Tol's muted scheme, in his order: rose, indigo, sand, green, cyan, wine, teal, olive, purple.
TOL_MUTED = ["#cc6677", "#332288", "#ddcc77", "#117733", "#88ccee",
             "#882255", "#44aa99", "#999933", "#aa4499"]  # fmt: skip

FIRST_ROWS = "5....3..." + ".2......." + "........7"
BOARD = Board.parse(FIRST_ROWS + "." * 54)
PARITY = "o" + "." * 79 + "e"
VARIANTS = Variants(
    x=True, parity=PARITY, consecutive=["r1c1-r1c2", "r2c5-r3c5"], strict_marks=True
)
POSITION = Position(BOARD, VARIANTS, (0, 1, 0, 0, 0, 0, 0, 0, 0))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    return root


def having(root: ET.Element, *classes: str, tag: str | None = None) -> list[ET.Element]:
    """The elements (of ``tag``, if given) whose class holds every one of ``classes``."""
    wanted = set(classes)
    return [
        e
        for e in root.iter()
        if wanted <= set((e.get("class") or "").split()) and (tag is None or e.tag == SVG + tag)
    ]


def texts(root: ET.Element, *classes: str) -> list[str | None]:
    return [e.text for e in having(root, *classes)]


def title_of(element: ET.Element) -> str | None:
    found = element.find(f"{SVG}title")
    return None if found is None else found.text


# -- SVG -------------------------------------------------------------------------------------


def test_every_piece_is_a_disc_of_its_colour_with_its_digit() -> None:
    full = Board.parse("123456789" * 9)
    root = parse(board_svg(full))
    cells = having(root, "cell", tag="g")
    assert len(cells) == 81
    for index, cell in enumerate(cells):
        colour = index % 9 + 1
        (piece,) = having(cell, "piece")
        assert piece.get("class") == f"piece colour-{colour}"
        (disc,) = having(piece, "disc")
        assert disc.get("fill") == TOL_MUTED[colour - 1]
        assert texts(piece, "digit") == [str(colour)]
        assert title_of(cell) == f"r{index // 9 + 1}c{index % 9 + 1}: colour {colour}"
    assert list(PALETTE) == TOL_MUTED


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance."""
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("colour", range(1, 10))
def test_each_digit_contrasts_with_its_piece(colour: int) -> None:
    root = parse(board_svg(Board.parse(str(colour) + "." * 80)))
    (piece,) = having(having(root, "cells")[0], "piece")
    ink = having(piece, "digit")[0].get("fill") or ""
    fill = TOL_MUTED[colour - 1]
    assert ink in ("#000000", "#ffffff")
    other = "#ffffff" if ink == "#000000" else "#000000"
    assert contrast(fill, ink) >= 4.5  # WCAG AA for text
    assert contrast(fill, ink) > contrast(fill, other)
    assert INKS[colour - 1] == ink


def test_variant_marks_and_cell_titles() -> None:
    root = parse(board_svg(POSITION))
    grounds = having(root, "ground")
    assert [g.get("class") for g in grounds] == (
        ["ground odd"] + ["ground plain"] * 79 + ["ground even"]
    )
    assert texts(root, "parity", "odd") == ["o"] and texts(root, "parity", "even") == ["e"]
    diagonals = having(root, "diagonal")
    ends = {(d.get("x1"), d.get("y1"), d.get("x2"), d.get("y2")) for d in diagonals}
    assert ends == {("0", "0", "432", "432"), ("432", "0", "0", "432")}
    bars = having(root, "consecutive", tag="rect")
    assert [title_of(bar) for bar in bars] == ["r1c1-r1c2", "r2c5-r3c5"]
    # Centred on the border: r1c1-r1c2 is the upright line x = 48 at the middle of row 1,
    # r2c5-r3c5 the level line y = 96 at the middle of column 5.
    centres = [
        (int(b.get("x", "")) + int(b.get("width", "")) // 2,
         int(b.get("y", "")) + int(b.get("height", "")) // 2)
        for b in bars
    ]  # fmt: skip
    assert centres == [(48, 24), (216, 96)]
    assert int(bars[0].get("height", "")) > int(bars[0].get("width", ""))
    cells = having(root, "cell", tag="g")
    assert title_of(cells[0]) == "r1c1: colour 5, odd cell"
    assert title_of(cells[80]) == "r9c9: empty, even cell"
    assert title_of(cells[40]) == "r5c5: empty"
    assert texts(root, "note") == [
        "Variants",
        "Sudoku X (SU-12): both diagonals hold 9 colours",
        "Odd/even (SU-13): o odd cell (1 3 5 7 9), e even (2 4 6 8)",
        "Consecutive (SU-14): across a bar, colours 1 apart",
        "Strict marks (SU-14): elsewhere never 1 apart",
    ]


def test_a_board_has_no_variant_and_nothing_out() -> None:
    root = parse(board_svg(BOARD))
    assert not having(root, "diagonal") and not having(root, "consecutive", tag="rect")
    assert not having(root, "parity")
    assert {g.get("class") for g in having(root, "ground")} == {"ground plain"}
    assert texts(root, "note") == ["No variant"]
    assert board_svg(BOARD) == board_svg(Position(BOARD))


def test_non_consecutive_is_a_note() -> None:
    root = parse(board_svg(Position(BOARD, Variants(non_consecutive=True))))
    assert texts(root, "note") == [
        "Variants",
        "Non-consecutive (SU-14): no neighbours 1 apart",
    ]
    assert not having(root, "consecutive", tag="rect")


def counts(root: ET.Element) -> dict[str, tuple[list[str | None], str | None]]:
    found = {}
    for row in having(root, "counts")[0].findall(f"{SVG}g"):
        css = (row.get("class") or "").split()
        if css[0] == "row":
            found[css[1]] = (texts(row, "count"), texts(row, "total")[0])
            assert texts(row, "name")
    return found


def test_counts_of_pieces_on_the_board_out_of_the_game_and_left() -> None:
    root = parse(board_svg(POSITION))
    # Colours 2, 3, 5 and 7 once each on the board; one piece of colour 2 out of the game.
    assert counts(root) == {
        "on-board": (["0", "1", "1", "0", "1", "0", "1", "0", "0"], "4"),
        "out": (["0", "1", "0", "0", "0", "0", "0", "0", "0"], "1"),
        "left": (["9", "7", "8", "9", "8", "9", "8", "9", "9"], "76"),
    }
    names = [texts(row, "name")[0] for row in having(root, "row", tag="g")]
    assert names == ["On board", "Out of the game", "Left"]
    key = having(having(root, "counts")[0], "piece")
    assert [texts(k, "digit")[0] for k in key] == [str(k) for k in range(1, 10)]


def test_highlighted_conflict_pieces_are_outlined() -> None:
    conflict = (Piece(1, 1, 5), Piece(3, 9, 7))
    root = parse(board_svg(POSITION, highlight=conflict))
    rings = having(root, "highlight", tag="rect")
    assert [(r.get("x"), r.get("y")) for r in rings] == [("2", "2"), ("386", "98")]
    cells = having(root, "cell", tag="g")
    assert title_of(cells[0]) == "r1c1: colour 5, odd cell, highlighted"
    assert title_of(cells[26]) == "r3c9: colour 7, highlighted"
    assert texts(root, "note", "highlight") == ["Highlighted: 2 cells"]
    # Cell indices too, and an empty cell may be highlighted.
    by_index = parse(board_svg(POSITION, highlight=[26, 0, 40]))
    assert [(r.get("x"), r.get("y")) for r in having(by_index, "highlight", tag="rect")] == [
        ("2", "2"), ("386", "98"), ("194", "194")
    ]  # fmt: skip
    assert not having(parse(board_svg(POSITION)), "highlights")


def test_a_move_sequence_is_numbered() -> None:
    board = BOARD.place(Piece(9, 1, 4))
    moves = [Piece(1, 1, 5), Piece(9, 1, 4), Piece(5, 5, 8)]
    root = parse(board_svg(board, moves=moves))
    cells = having(root, "cell", tag="g")
    assert texts(cells[0], "move-number") == ["1"]
    assert texts(cells[72], "move-number") == ["2"]
    assert texts(cells[40], "move-number") == ["3"]
    assert sum(len(having(c, "move-number")) for c in cells) == 3
    # A move onto a cell the board leaves empty: a ghost piece.
    (ghost,) = having(cells[40], "piece")
    assert ghost.get("class") == "piece colour-8 ghost"
    assert title_of(cells[40]) == "r5c5: empty, move 3 (colour 8, not on the board)"
    assert title_of(cells[72]) == "r9c1: colour 4, move 2"
    assert len(having(root, "ghost")) == 1
    assert texts(having(root, "moves", tag="g")[0], "caption") == ["Moves (3)"]
    assert texts(root, "move") == ["1. r1c1=5", "2. r9c1=4", "3. r5c5=8"]


def test_a_long_move_list_is_laid_out_in_columns_that_do_not_overlap() -> None:
    full = Board.parse("123456789456789123789123456" * 3)
    moves = full.pieces()
    root = parse(board_svg(full, moves=moves))
    listed = having(root, "move", tag="text")
    assert [m.text for m in listed][-1] == "81. r9c9=6"
    rows: dict[str, list[int]] = {}
    for move in listed:
        rows.setdefault(move.get("y", ""), []).append(int(move.get("x", "")))
    for xs in rows.values():
        # 13-unit text: a 10-character entry is at most 78 units wide (3/5 em per character).
        assert all(b - a >= 78 for a, b in pairwise(xs))
    assert len(rows) == 21 and all(len(xs) == 4 for xs in list(rows.values())[:20])


def test_a_cell_shows_its_latest_move() -> None:
    # r5c5 took colour 8 (removed later by the observer), then colour 6.
    board = BOARD.place(Piece(5, 5, 6))
    root = parse(board_svg(board, moves=[Piece(5, 5, 8), Piece(1, 1, 5), Piece(5, 5, 6)]))
    cell = having(root, "cell", tag="g")[40]
    assert texts(cell, "move-number") == ["3"]
    assert having(cell, "piece")[0].get("class") == "piece colour-6"
    assert texts(root, "move") == ["1. r5c5=8", "2. r1c1=5", "3. r5c5=6"]


def test_titles_are_escaped_and_checked() -> None:
    caption = '<b>Player 1\'s & "2"</b>'
    svg = board_svg(POSITION, title=caption)
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    root = parse(svg)
    assert texts(root, "title") == [caption]
    untitled = parse(board_svg(POSITION))
    assert not having(untitled, "title")
    assert int(root.get("height", "")) > int(untitled.get("height", ""))
    with pytest.raises(NotationError, match=r"^column 2: title holds ") as caught:
        board_svg(BOARD, title="a\nb")
    assert caught.value.column == 2
    with pytest.raises(TypeError, match=re.escape("title must be a str, not bytes")):
        board_svg(BOARD, title=b"x")  # type: ignore[arg-type]


# -- text ------------------------------------------------------------------------------------

TEXT_HEADER = "    1    2    3    4    5    6    7    8    9"
TOP = "  ┏━━━━┯━━━━┯━━━━┳━━━━┯━━━━┯━━━━┳━━━━┯━━━━┯━━━━┓"
LIGHT = "  ┠────┼────┼────╂────┼────┼────╂────┼────┼────┨"
HEAVY = "  ┣━━━━┿━━━━┿━━━━╋━━━━┿━━━━┿━━━━╋━━━━┿━━━━┿━━━━┫"
BOTTOM = "  ┗━━━━┷━━━━┷━━━━┻━━━━┷━━━━┷━━━━┻━━━━┷━━━━┷━━━━┛"
EMPTY_ROW = "┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃"


MARKED = Position(
    BOARD,
    Variants(
        parity=PARITY,
        consecutive=["r1c1-r1c2"],
        non_consecutive_marks=["r2c5-r3c5", "r5c4-r5c3"],
        digits="213456789",
    ),
)


def test_non_consecutive_marks_are_crosses() -> None:
    root = parse(board_svg(MARKED))
    crosses = having(root, "non-consecutive", tag="g")
    assert [title_of(cross) for cross in crosses] == ["r2c5-r3c5", "r5c3-r5c4"]
    # Each a cross of two lines centred on its border: the level line y = 96 at the middle
    # of column 5, the upright line x = 144 at the middle of row 5.
    for cross, centre in zip(crosses, [(216, 96), (144, 216)], strict=True):
        lines = cross.findall(f"{SVG}line")
        assert len(lines) == 2
        for line in lines:
            x1, y1, x2, y2 = (int(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
            assert ((x1 + x2) // 2, (y1 + y2) // 2) == centre and x1 != x2 and y1 != y2
    assert [title_of(bar) for bar in having(root, "consecutive", tag="rect")] == ["r1c1-r1c2"]
    cells = having(root, "cell", tag="g")
    assert title_of(cells[0]) == "r1c1: colour 5 (digit 5), odd cell"
    assert title_of(cells[10]) == "r2c2: colour 2 (digit 1)"
    assert texts(root, "note") == [
        "Variants",
        "Odd/even (SU-13): o odd cell (colours 2 3 5 7 9), e even (1 4 6 8)",
        "Consecutive (SU-14): across a bar, digits 1 apart",
        "Non-consecutive marks (SU-37): across a cross, never digits 1 apart",
        "Digits (SU-36): colours 1-9 are digits 2 1 3 4 5 6 7 8 9",
    ]
    lines = board_text(MARKED).splitlines()
    assert lines[2] == "1 ┃ 5 o║ .  │ .  ┃ .  │ .  │ 3  ┃ .  │ .  │ .  ┃"
    assert lines[5] == "  ┠────┼────┼────╂────┼─×──┼────╂────┼────┼────┨"
    assert lines[10] == "5 ┃ .  │ .  │ .  × .  │ .  │ .  ┃ .  │ .  │ .  ┃"
    assert lines[21:25] == [
        "Odd/even (SU-13): o odd cell (colours 2 3 5 7 9), e even (1 4 6 8)",
        "Consecutive (SU-14): across a double line, digits 1 apart",
        "Non-consecutive marks (SU-37): across an ×, never digits 1 apart",
        "Digits (SU-36): colours 1-9 are digits 2 1 3 4 5 6 7 8 9",
    ]


def test_text_of_a_position_written_out_by_hand() -> None:
    text = board_text(POSITION, highlight=[Piece(1, 1, 5), 40])
    assert text.splitlines() == [
        TEXT_HEADER,
        TOP,
        "1 ┃[5]o║ .  │ .  ┃ .  │ .  │ 3  ┃ .  │ .  │ .  ┃",
        LIGHT,
        "2 ┃ .  │ 2  │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃",
        "  ┠────┼────┼────╂────┼════┼────╂────┼────┼────┨",
        "3 ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ 7  ┃",
        HEAVY,
        "4 " + EMPTY_ROW,
        LIGHT,
        "5 ┃ .  │ .  │ .  ┃ .  │[.] │ .  ┃ .  │ .  │ .  ┃",
        LIGHT,
        "6 " + EMPTY_ROW,
        HEAVY,
        "7 " + EMPTY_ROW,
        LIGHT,
        "8 " + EMPTY_ROW,
        LIGHT,
        "9 ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ . e┃",
        BOTTOM,
        ".: empty   [5]: highlighted",
        "Sudoku X (SU-12): both diagonals hold 9 colours",
        "Odd/even (SU-13): o odd cell (1 3 5 7 9), e even (2 4 6 8)",
        "Consecutive (SU-14): across a double line, colours 1 apart",
        "Strict marks (SU-14): elsewhere never 1 apart",
        "",
        "                   1  2  3  4  5  6  7  8  9   all",
        "On board           .  1  1  .  1  .  1  .  .     4",
        "Out of the game    .  1  .  .  .  .  .  .  .     1",
        "Left               9  7  8  9  8  9  8  9  9    76",
    ]


def test_text_of_a_board() -> None:
    lines = board_text(Board.parse("." * 81)).splitlines()
    assert lines[2] == "1 " + EMPTY_ROW
    assert lines[20:23] == [".: empty   [5]: highlighted", "No variant", ""]
    assert lines[-1] == "Left               9  9  9  9  9  9  9  9  9    81"


def check_text(text: str) -> list[str]:
    lines = text.splitlines()
    assert not text.endswith("\n")
    assert all(len(line) <= 80 and line == line.rstrip() for line in lines)
    return lines


@given(positions(), st.data())
def test_any_position_fits_80_columns_and_draws_every_piece(
    position: Position, data: st.DataObject
) -> None:
    pieces = position.board.pieces()
    lit = data.draw(st.lists(st.sampled_from(pieces), unique=True) if pieces else st.just([]))
    lines = check_text(board_text(position, highlight=lit))
    marks = set(position.variants.consecutive)
    for row in range(9):
        line = lines[2 + 2 * row]
        for col in range(9):
            cell = row * 9 + col
            chunk = line[3 + 5 * col : 7 + 5 * col]
            colour = position.board.cells[cell]
            inner = str(colour) if colour else "."
            parity = position.variants.parity[cell] if position.variants.parity else "."
            lit_here = Piece(row + 1, col + 1, colour) in lit if colour else False
            assert chunk == ("[" if lit_here else " ") + inner + ("]" if lit_here else " ") + (
                parity if parity != "." else " "
            )
            if col < 8:
                assert (line[7 + 5 * col] == "║") == ((cell, cell + 1) in marks)
            if row < 8:
                below = lines[3 + 2 * row][3 + 5 * col : 7 + 5 * col]
                assert (below == "════") == ((cell, cell + 9) in marks)
    root = parse(board_svg(position, highlight=lit, moves=pieces[:5]))
    assert len(having(root, "cells")[0].findall(f"{SVG}g")) == 81
    assert len(having(root, "highlight", tag="rect")) == len(lit)
    assert len(having(root, "consecutive", tag="rect")) == len(marks)
    on_board = [c for c in having(root, "cell", tag="g") if having(c, "piece")]
    assert len(on_board) == len(pieces)


# -- the same bytes, the same pictures -------------------------------------------------------

_PRINT = """
from dokuspec.render.sumodoku import board_svg, board_text
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, Variants
board = Board.parse("5....3..." + ".2......." + "........7" + "." * 54)
variants = Variants(x=True, parity="o" + "." * 79 + "e",
                    consecutive=["r2c5-r3c5", "r1c1-r1c2"], strict_marks=True)
position = Position(board, variants, (0, 1, 0, 0, 0, 0, 0, 0, 0))
print(board_svg(position, highlight=[Piece(3, 9, 7), 4], moves=[Piece(1, 1, 5)], title="t"))
print(board_text(position, highlight=[4, Piece(3, 9, 7)]))
"""


def test_same_input_same_bytes_in_any_process() -> None:
    outputs = set()
    for seed in ("0", "1", "random"):
        run = subprocess.run(
            [sys.executable, "-c", _PRINT],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        outputs.add(run.stdout)
    here = [
        board_svg(POSITION, highlight=[Piece(3, 9, 7), 4], moves=[Piece(1, 1, 5)], title="t"),
        board_text(POSITION, highlight=[4, Piece(3, 9, 7)]),
    ]
    assert outputs == {"\n".join(here) + "\n"}


def test_repr_svg_of_boards_and_positions() -> None:
    assert BOARD._repr_svg_() == board_svg(BOARD)
    assert POSITION._repr_svg_() == board_svg(POSITION)


# -- what cannot be drawn --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "kwargs", "error", "message"),
    [
        (str(BOARD), {}, TypeError, "board_svg() takes a Position or a Board, not str"),
        (5, {}, TypeError, "board_svg() takes a Position or a Board, not int"),
        (
            BOARD,
            {"highlight": [Piece(1, 1, 4)]},
            PositionError,
            "highlight[0] is r1c1=4, but the board holds colour 5 there",
        ),
        (
            BOARD,
            {"highlight": [Piece(1, 2, 4)]},
            PositionError,
            "highlight[0] is r1c2=4, but the board holds nothing there",
        ),
        (
            BOARD,
            {"highlight": [0, Piece(1, 1, 5)]},
            PositionError,
            "highlight[1] names r1c1, as highlight[0] does",
        ),
        (BOARD, {"highlight": [81]}, OffBoardError, "highlight[0] is 81, not a cell index 0-80"),
        (
            BOARD,
            {"highlight": ["r1c1"]},
            TypeError,
            "highlight[0] is str, not a Piece or a cell index 0-80",
        ),
        (BOARD, {"highlight": 5}, TypeError, "highlight is int, not a sequence"),
        (BOARD, {"moves": ["r1c1=5"]}, TypeError, "moves[0] is str, not a Piece"),
        (
            BOARD,
            {"moves": [Piece(1, 1, 4)]},
            PositionError,
            "moves[0] is r1c1=4, but the board holds colour 5 there",
        ),
        (BOARD, {"moves": [Piece(5, 5, 1)] * 82}, PositionError, "moves has more than 81 items"),
    ],
)
def test_what_cannot_be_drawn_is_refused(
    value: Any, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    for render in (board_svg, board_text):
        if "moves" in kwargs and render is board_text:
            continue
        with pytest.raises(error) as caught:
            render(value, **kwargs)
        text = str(caught.value).replace("board_svg()", render.__name__ + "()")
        assert text.startswith(message.replace("board_svg()", render.__name__ + "()"))


def test_a_broken_board_is_drawn_as_it_is() -> None:
    # Ten pieces of colour 1, two in one row: drawn, counted, "left" below zero.
    board = Board.parse("11" + "." * 7 + "1111111" + "1" + "." * 64)
    root = parse(board_svg(board))
    assert counts(root)["on-board"][0][0] == "10"
    assert counts(root)["left"][0][0] == "-1"


def test_render_needs_no_other_part_of_dokuspec() -> None:
    # Only the values it draws (the vocabulary) and the errors: no spec, solver, engine or
    # game module, and no test or command-line library.
    code = (
        "import sys, dokuspec.render.sumodoku\n"
        "print(sorted({'.'.join(m.split('.')[:2]) for m in sys.modules if m.split('.')[0] in "
        "('dokuspec', 'hypothesis', 'click', 'rich')}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == str(
        ["dokuspec", "dokuspec.errors", "dokuspec.render", "dokuspec.vocabulary"]
    )
