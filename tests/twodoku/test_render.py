"""Pictures of Two-Doku (dokuspec.render.twodoku): SVG structure and terminal text.

The SVG tests parse every document with ElementTree and check the structure
the module documents (classes, titles, texts, the order and the places of
things), never pixels. Expectations come from the values drawn, worked out
here by hand (the example deal colours rows 1-4 red and rows 4-7 blue), and
the text layouts are written out by hand from the documented format.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import NotationError, OffBoardError, PositionError
from dokuspec.render.twodoku import (
    deal_svg,
    deal_text,
    position_svg,
    position_text,
    view_svg,
    view_text,
)
from dokuspec.vocabulary import twodoku as vocabulary
from dokuspec.vocabulary.twodoku import (
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
)

SVG = "{http://www.w3.org/2000/svg}"
RED_INK = "#c0392b"
BLUE_INK = "#1f618d"
ALL_CELLS = [(r, c) for r in range(1, 10) for c in range(1, 10)]


# -- the example: Red colours rows 1-4, Blue rows 4-7 ------------------------------------------

RED_CELLS = [(r, c) for r in range(1, 5) for c in range(1, 10)]
BLUE_CELLS = [(r, c) for r in range(4, 8) for c in range(1, 10)]
# Red placed 1-4 on r8c1-r8c4, Blue 6-9 on r9c6-r9c9 (white squares).
FACE_DOWN = [(8, c, c, "red") for c in range(1, 5)] + [(9, c, c, "blue") for c in range(6, 10)]
POT = (5, 5)
RED_COUNTS = (5, 4, 5, 4, 4, 4, 5, 4, 5)  # 40 dominoes, sum 200
BLUE_COUNTS = (4, 5, 4, 5, 4, 5, 4, 5, 4)  # 40 dominoes, sum 200


def from_counts(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(d for d, n in zip(range(1, 10), counts, strict=True) for _ in range(n))


RED_PILE = tuple(reversed(from_counts(RED_COUNTS)))  # any order: a deal's piles are multisets
BLUE_PILE = from_counts(BLUE_COUNTS)


def example_deal(**changes: Any) -> Deal:
    fields: dict[str, Any] = {
        "red_squares": tuple(RED_CELLS),
        "blue_squares": tuple(BLUE_CELLS),
        "face_down": FACE_DOWN,
        "pot": POT,
        "red": RED_PILE,
        "blue": BLUE_PILE,
    } | changes
    fields["face_down"] = tuple(DealFaceDown(*f) for f in fields["face_down"])
    return Deal(**fields)


# A position later in the game: three face-up dominoes, three still face down (one known).
FACE_UP = {(1, 1): 5, (4, 5): 7, (9, 1): 3}
POSITION_FACE_DOWN = [((8, 1), "red", 1), ((8, 2), "red", None), ((9, 9), "blue", None)]
POSITION_RED = (1, 1, 2, 3, 3, 4, 6, 8, 9, 9)  # 10 dominoes, sum 46


def example_position(*, to_move: str | None = "blue") -> Position:
    return vocabulary.Position(
        vocabulary.Colouring(
            [vocabulary.Square(*c) for c in RED_CELLS], [vocabulary.Square(*c) for c in BLUE_CELLS]
        ),
        {vocabulary.Square(*c): d for c, d in FACE_UP.items()},
        [vocabulary.FaceDown(vocabulary.Square(*c), p, d) for c, p, d in POSITION_FACE_DOWN],
        vocabulary.Dominoes(POT),
        vocabulary.Dominoes(POSITION_RED),
        None,
        to_move,
    )


# Ten events: their sentences, written by hand, are in EVENT_LINES.
EVENTS: list[tuple[Any, ...]] = [
    ("take", "red", "pot", 5, None),
    ("play", "red", (2, 2), 5, "placed", None),
    ("take", "blue", "board", 5, (2, 2)),
    ("play", "blue", (5, 5), 8, "hidden-clash", (5, 9)),
    ("return", "blue", 4),
    ("play", "red", (9, 2), 2, "not-allowed", None),
    ("play", "red", (4, 5), 7, "placed", None),
    ("play", "blue", (9, 1), 3, "placed", None),
    ("play", "red", (1, 2), 5, "clash", None),
    ("take", "red", "pot", 8, None),
]
EVENT_LINES = [
    "1. Red took 5 from the pot",
    "2. Red played 5 on r2c2",
    "3. Blue took 5 from r2c2",
    "4. Blue played 8 on r5c5: failed, hidden clash, r5c9 turned face up",
    "5. Blue put 4 into the pot",
    "6. Red played 2 on r9c2: failed, not allowed there",
    "7. Red played 7 on r4c5",
    "8. Blue played 3 on r9c1",
    "9. Red played 5 on r1c2: failed, clash",
    "10. Red took 8 from the pot",
]
VIEW_FACE_UP = {(1, 1): 5, (4, 5): 7, (9, 1): 3, (5, 9): 8}
VIEW_FACE_DOWN = [((8, 1), "red"), ((8, 2), "red"), ((9, 9), "blue")]
VIEW_PILE = (1, 2, 2, 8)  # Red's own pile


def event(spec: tuple[Any, ...]) -> Take | Play | Return:
    if spec[0] == "take":
        _, player, source, digit, where = spec
        return Take(player, source, digit, None if where is None else Square(*where))
    if spec[0] == "play":
        _, player, where, digit, result, revealed = spec
        return Play(player, Square(*where), digit, result, revealed and Square(*revealed))
    return Return(spec[1], spec[2])


def example_view(events: Iterable[tuple[Any, ...]] = EVENTS) -> View:
    return vocabulary.View(
        "red",
        "play",
        "blue",
        [vocabulary.Square(*c) for c in RED_CELLS],
        [vocabulary.Square(*c) for c in BLUE_CELLS],
        [vocabulary.FaceDown(vocabulary.Square(*c), p) for c, p in VIEW_FACE_DOWN],
        {vocabulary.Square(*c): d for c, d in VIEW_FACE_UP.items()},
        vocabulary.Dominoes((5,)),
        vocabulary.Dominoes(VIEW_PILE),
        (4, 37),
        None,
        None,
        [event(e) for e in events],
    )


# -- reading SVG -----------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    """The parsed document, after checking that it is a standalone SVG document."""
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" ')
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    width, height = int(root.get("width", "")), int(root.get("height", ""))
    assert width > 0 and height > 0
    assert root.get("viewBox") == f"0 0 {width} {height}"
    return root


def having(root: ET.Element, *classes: str) -> list[ET.Element]:
    """The elements whose class holds every one of ``classes``, in document order."""
    return [e for e in root.iter() if set(classes) <= set(e.get("class", "").split())]


def title(element: ET.Element) -> str:
    found = element.find(SVG + "title")
    assert found is not None and found.text is not None
    return found.text


def texts(root: ET.Element, *classes: str) -> list[str | None]:
    return [e.text for e in having(root, *classes)]


def origins(root: ET.Element) -> dict[ET.Element, tuple[int, int]]:
    """The absolute origin of every element: the sum of the translations around and on it."""
    found: dict[ET.Element, tuple[int, int]] = {}

    def visit(element: ET.Element, x: int, y: int) -> None:
        move = re.fullmatch(r"translate\((-?\d+) (-?\d+)\)", element.get("transform", ""))
        if move:
            x, y = x + int(move.group(1)), y + int(move.group(2))
        found[element] = (x, y)
        for child in element:
            visit(child, x, y)

    visit(root, 0, 0)
    return found


def squares_of(root: ET.Element) -> dict[tuple[int, int], ET.Element]:
    """The 81 square groups by (row, col), after checking they come row-major."""
    groups = having(root, "square")
    assert len(groups) == 81
    names = [title(g).split()[0].rstrip(",") for g in groups]
    assert names == [f"r{r}c{c}" for r, c in ALL_CELLS]
    (board,) = having(root, "board")
    assert all(g in list(board) for g in groups)
    return dict(zip(ALL_CELLS, groups, strict=True))


def square_kind(group: ET.Element) -> str:
    classes = group.get("class", "").split()
    assert classes[0] == "square"
    assert set(classes[2:]) <= {"highlighted"}
    return classes[1]


def expected_kind(cell: tuple[int, int], red: Iterable[Any], blue: Iterable[Any]) -> str:
    in_red, in_blue = cell in set(red), cell in set(blue)
    return "both" if in_red and in_blue else "red" if in_red else "blue" if in_blue else "white"


def counts_table(root: ET.Element) -> dict[str, tuple[str | None, Any, str | None]]:
    """Each row of the digit counts by its class: (name, [9 counts] or the note, sum)."""
    (table,) = having(root, "counts")
    assert texts(table, "head") == [*"123456789", "sum"]
    found = {}
    for row in having(table, "row"):
        (name,) = texts(row, "name")
        notes = texts(row, "note")
        if notes:
            assert not having(row, "count") and not having(row, "sum")
            found[row.get("class", "")] = (name, notes[0], None)
        else:
            counts = [int(t or "") for t in texts(row, "count")]
            assert len(counts) == 9
            (total,) = texts(row, "sum")
            found[row.get("class", "")] = (name, counts, total)
    return found


def check_square_colours(group: ET.Element, kind: str) -> None:
    """The colour elements and the R and B letters a square of ``kind`` must hold."""
    colour = [(e.tag.removeprefix(SVG), e.get("class")) for e in having(group, "colour")]
    if kind == "both":
        assert colour == [("polygon", "colour red"), ("polygon", "colour blue")]
    else:
        assert colour == [("rect", f"colour {kind}")]
    marks = [(e.text, e.get("class"), e.get("fill")) for e in having(group, "mark")]
    expected = []
    if kind in ("red", "both"):
        expected.append(("R", "mark red", RED_INK))
    if kind in ("blue", "both"):
        expected.append(("B", "mark blue", BLUE_INK))
    assert marks == expected


# -- deals -----------------------------------------------------------------------------------


def test_deal_svg_board() -> None:
    root = parse(deal_svg(example_deal()))
    squares = squares_of(root)
    kinds = [square_kind(squares[c]) for c in ALL_CELLS]
    # Rows 1-3 red only, row 4 both, rows 5-7 blue only, rows 8-9 white.
    assert kinds == ["red"] * 27 + ["both"] * 9 + ["blue"] * 27 + ["white"] * 18
    for group in squares.values():
        check_square_colours(group, square_kind(group))
    assert title(squares[1, 1]) == "r1c1 red"
    assert title(squares[4, 5]) == "r4c5 red and blue"
    assert title(squares[6, 2]) == "r6c2 blue"
    assert title(squares[9, 1]) == "r9c1 white"
    assert title(squares[8, 3]) == "r8c3 white, face down, placed by Red, digit 3"
    assert title(squares[9, 7]) == "r9c7 white, face down, placed by Blue, digit 7"
    # Face-down dominoes: a back edged in the placer's ink, its letter, the digit small and pale.
    assert not having(root, "face-up")
    downs = having(root, "domino", "face-down")
    assert len(downs) == 8
    for row, col, digit, placed_by in FACE_DOWN:
        (domino,) = having(squares[row, col], "domino")
        assert domino.get("class") == f"domino face-down {placed_by}"
        (back,) = having(domino, "back")
        assert back.get("stroke") == (RED_INK if placed_by == "red" else BLUE_INK)
        assert texts(domino, "placer") == ["R" if placed_by == "red" else "B"]
        (faded,) = having(domino, "digit", "faded")
        assert faded.text == str(digit)
        assert int(faded.get("font-size", "")) < 18
        assert not having(domino, "unknown")
    assert not having(root, "highlight") and not having(root, "highlighted")


def test_deal_svg_lines_labels_and_legend() -> None:
    root = parse(deal_svg(example_deal()))
    (lines,) = having(root, "lines")
    boxes, cells = having(lines, "box"), having(lines, "cell")
    assert len(boxes) == 8 and len(cells) == 12  # 4 + 4 thick lines, 6 + 6 thin ones
    assert all(
        int(b.get("stroke-width", "")) > int(cells[0].get("stroke-width", "")) for b in boxes
    )
    assert texts(root, "label", "row") == list("123456789")
    assert texts(root, "label", "column") == list("123456789")
    keys = having(root, "key")
    assert [k.get("class") for k in keys] == ["key red", "key blue", "key both", "key white"]
    assert [texts(k, "caption") for k in keys] == [
        ["Red only: 27"],
        ["Blue only: 27"],
        ["both: 9"],
        ["white: 18"],
    ]
    for key, kind in zip(keys, ("red", "blue", "both", "white"), strict=True):
        check_square_colours(key, kind)


def test_deal_svg_counts() -> None:
    root = parse(deal_svg(example_deal()))
    assert counts_table(root) == {
        "row pot": ("Pot (2)", [0, 0, 0, 0, 2, 0, 0, 0, 0], "10"),
        "row red": ("Red (40)", list(RED_COUNTS), "200"),
        "row blue": ("Blue (40)", list(BLUE_COUNTS), "200"),
        "row face-down": ("Face down (8)", [1, 1, 1, 1, 0, 1, 1, 1, 1], "40"),
        "row all": ("All (90)", [10] * 9, "450"),
    }
    (panel,) = having(root, "panel")
    where = origins(root)
    (board,) = having(root, "board")
    assert where[panel][0] > where[board][0] + 9 * 48  # beside the board, to its right


def test_a_broken_deal_is_drawn_as_it_is() -> None:
    # The defects of a careless deal: a face-down domino on a coloured square, a 37th
    # red square, unequal piles, eleven 5s.
    broken = example_deal(
        red_squares=(*RED_CELLS, (9, 5)),
        face_down=[(1, 1, 1, "red"), *FACE_DOWN[1:]],
        red=(*RED_PILE, 5),
    )
    root = parse(deal_svg(broken))
    squares = squares_of(root)
    assert square_kind(squares[9, 5]) == "red"
    assert Counter(square_kind(g) for g in squares.values()) == {
        "red": 28,
        "both": 9,
        "blue": 27,
        "white": 17,
    }
    assert title(squares[1, 1]) == "r1c1 red, face down, placed by Red, digit 1"
    assert having(squares[1, 1], "back") and having(squares[1, 1], "mark", "red")
    assert not having(squares[8, 1], "domino")
    table = counts_table(root)
    assert table["row red"] == ("Red (41)", [5, 4, 5, 4, 5, 4, 5, 4, 5], "205")
    assert table["row blue"][2] == "200"
    assert table["row all"] == ("All (91)", [10, 10, 10, 10, 11, 10, 10, 10, 10], "455")
    assert texts(root, "caption")[:4] == ["Red only: 28", "Blue only: 27", "both: 9", "white: 17"]


def test_equal_deals_give_equal_pictures_whatever_the_order() -> None:
    shuffled = random.Random(7)
    reds, blues, downs = list(RED_CELLS), list(BLUE_CELLS), list(FACE_DOWN)
    for items in (reds, blues, downs):
        shuffled.shuffle(items)
    other = example_deal(
        red_squares=tuple(reds),
        blue_squares=tuple(blues),
        face_down=downs,
        red=tuple(sorted(RED_PILE)),
    )
    assert deal_svg(other) == deal_svg(example_deal())
    assert deal_text(other) == deal_text(example_deal())


# The deal as deal_text writes it, from the format the module documents.
RULE = "  +----------------------+----------------------+----------------------+"
HEADER = "       1      2      3        4      5      6        7      8      9"
RED_ROW = " R  .   R  .   R  .   |" * 3
BOTH_ROW = " RB .   RB .   RB .   |" * 3
BLUE_ROW = "  B .    B .    B .   |" * 3
WHITE_BOX = "    .      .      .   |"
LEGEND = [
    "R, B: coloured by Red, Blue   7: face up   .: empty",
    "[7]r: face down, digit 7, placed by Red   [?]b: digit unknown, placed by Blue",
]
EXAMPLE_DEAL_TEXT = "\n".join(
    [
        HEADER,
        RULE,
        "1 |" + RED_ROW,
        "2 |" + RED_ROW,
        "3 |" + RED_ROW,
        RULE,
        "4 |" + BOTH_ROW,
        "5 |" + BLUE_ROW,
        "6 |" + BLUE_ROW,
        RULE,
        "7 |" + BLUE_ROW,
        "8 |   [1]r   [2]r   [3]r |   [4]r    .      .   |" + WHITE_BOX,
        "9 |" + WHITE_BOX + "    .      .     [6]b |   [7]b   [8]b   [9]b |",
        RULE,
        *LEGEND,
        "Squares: Red only: 27, Blue only: 27, both: 9, white: 18",
        "",
        "                 1  2  3  4  5  6  7  8  9   sum",
        "Pot (2)          .  .  .  .  2  .  .  .  .    10",
        "Red (40)         5  4  5  4  4  4  5  4  5   200",
        "Blue (40)        4  5  4  5  4  5  4  5  4   200",
        "Face down (8)    1  1  1  1  .  1  1  1  1    40",
        "All (90)        10 10 10 10 10 10 10 10 10   450",
    ]
)


def test_deal_text() -> None:
    assert deal_text(example_deal()) == EXAMPLE_DEAL_TEXT


# -- positions -------------------------------------------------------------------------------


def test_position_svg() -> None:
    lit = [Square(4, 4), Square(8, 2)]
    root = parse(position_svg(example_position(), highlight=lit))
    squares = squares_of(root)
    for cell, group in squares.items():
        assert square_kind(group) == expected_kind(cell, RED_CELLS, BLUE_CELLS)
        check_square_colours(group, square_kind(group))
    ups = having(root, "domino", "face-up")
    assert len(ups) == len(FACE_UP)
    for cell, digit in FACE_UP.items():
        (domino,) = having(squares[cell], "domino")
        assert domino.get("class") == "domino face-up"
        assert having(domino, "tile") and texts(domino, "digit") == [str(digit)]
    assert title(squares[4, 5]) == "r4c5 red and blue, 7 face up"
    assert len(having(root, "domino", "face-down")) == len(POSITION_FACE_DOWN)
    for cell, placed_by, digit in POSITION_FACE_DOWN:
        (domino,) = having(squares[cell], "domino")
        assert domino.get("class") == f"domino face-down {placed_by}"
        if digit is None:
            assert texts(domino, "unknown") == ["?"] and not having(domino, "digit")
        else:
            assert texts(domino, "digit", "faded") == [str(digit)] and not having(domino, "unknown")
    assert title(squares[8, 2]) == (
        "r8c2 white, face down, placed by Red, digit unknown, highlighted"
    )
    assert title(squares[8, 1]) == "r8c1 white, face down, placed by Red, digit 1"
    # Highlights: the squares say so, and a ring lies over each, in row-major order.
    assert [c for c in ALL_CELLS if "highlighted" in squares[c].get("class", "")] == [
        (4, 4),
        (8, 2),
    ]
    rings = having(root, "highlight")
    assert len(rings) == 2 and all(r.get("stroke-dasharray") for r in rings)
    where = origins(root)
    for ring, cell in zip(rings, [(4, 4), (8, 2)], strict=True):
        left, top = where[squares[cell]]
        x, y = where[ring][0] + int(ring.get("x", "")), where[ring][1] + int(ring.get("y", ""))
        assert left < x < left + 48 and top < y < top + 48
        assert x + int(ring.get("width", "")) < left + 48
    assert counts_table(root) == {
        "row pot": ("Pot (2)", [0, 0, 0, 0, 2, 0, 0, 0, 0], "10"),
        "row red": ("Red (10)", [2, 1, 2, 1, 0, 1, 0, 1, 2], "46"),
        "row blue": ("Blue", "unknown", None),
        "row face-up": ("Face up (3)", [0, 0, 1, 0, 1, 0, 1, 0, 0], "15"),
        "row face-down": ("Face down (3)", "1 of 3 digits known", None),
    }
    assert texts(root, "to-move") == ["Blue to move"]


@pytest.mark.parametrize("to_move", ["red", "blue", None])
def test_position_says_who_moves(to_move: str | None) -> None:
    expected = {"red": "Red to move", "blue": "Blue to move", None: "Nobody to move"}[to_move]
    subject = example_position(to_move=to_move)
    assert texts(parse(position_svg(subject)), "to-move") == [expected]
    assert position_text(subject).split("\n")[-1] == expected


def test_a_position_that_knows_every_face_down_digit_counts_them() -> None:
    known = replace(
        example_position(),
        face_down=(FaceDown(Square(8, 1), "red", 1), FaceDown(Square(8, 2), "red", 9)),
        blue=Dominoes((4, 4)),
    )
    table = counts_table(parse(position_svg(known)))
    assert table["row face-down"] == ("Face down (2)", [1, 0, 0, 0, 0, 0, 0, 0, 1], "10")
    assert table["row blue"] == ("Blue (2)", [0, 0, 0, 2, 0, 0, 0, 0, 0], "8")


def test_position_text() -> None:
    lines = position_text(example_position()).split("\n")
    assert lines[:2] == [HEADER, RULE]
    assert lines[2] == "1 | R  5   R  .   R  .   |" + RED_ROW[23:]
    assert lines[6] == "4 |" + BOTH_ROW[:23] + " RB .   RB 7   RB .   |" + BOTH_ROW[46:]
    assert lines[11] == "8 |   [1]r   [?]r    .   |" + WHITE_BOX * 2
    assert lines[12] == "9 |    3      .      .   |" + WHITE_BOX + "    .      .     [?]b |"
    assert lines[13:16] == [RULE, *LEGEND]
    assert lines[16:] == [
        "Squares: Red only: 27, Blue only: 27, both: 9, white: 18",
        "",
        "                 1  2  3  4  5  6  7  8  9   sum",
        "Pot (2)          .  .  .  .  2  .  .  .  .    10",
        "Red (10)         2  1  2  1  .  1  .  1  2    46",
        "Blue             unknown",
        "Face up (3)      .  .  1  .  1  .  1  .  .    15",
        "Face down (3)    1 of 3 digits known",
        "",
        "Blue to move",
    ]


# -- views -----------------------------------------------------------------------------------


def test_view_svg() -> None:
    root = parse(view_svg(example_view()))
    squares = squares_of(root)
    for cell, group in squares.items():
        assert square_kind(group) == expected_kind(cell, RED_CELLS, BLUE_CELLS)
    downs = having(root, "domino", "face-down")
    assert len(downs) == 3
    assert texts(root, "unknown") == ["?"] * 3
    assert not having(root, "faded")
    assert [texts(squares[c], "placer") for c, _ in VIEW_FACE_DOWN] == [["R"], ["R"], ["B"]]
    assert {c: texts(squares[c], "digit") for c in VIEW_FACE_UP} == {
        c: [str(d)] for c, d in VIEW_FACE_UP.items()
    }
    assert counts_table(root) == {
        "row pile red": ("Red's pile (4)", [1, 2, 0, 0, 0, 0, 0, 1, 0], "13"),
        "row pot": ("Pot (1)", [0, 0, 0, 0, 1, 0, 0, 0, 0], "5"),
    }
    assert texts(root, "whose") == ["Red's view: play phase, Blue to move"]
    assert texts(root, "pile-sizes") == ["Pile sizes: Red 4, Blue 37"]
    assert texts(root, "events-caption") == ["Last 8 of 10 events"]
    assert texts(root, "event") == EVENT_LINES[2:]
    # From the top of the panel: whose view, the counts, the pile sizes, the events.
    where = origins(root)
    (panel,) = having(root, "panel")
    order = [
        having(panel, "whose")[0],
        having(panel, "counts")[0],
        having(panel, "pile-sizes")[0],
        having(panel, "events-caption")[0],
        *having(panel, "event"),
    ]
    ys = [where[e][1] + int(e.get("y", "0")) for e in order]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)


@pytest.mark.parametrize(
    ("count", "caption"), [(0, "No events yet"), (1, "Events (1)"), (8, "Events (8)")]
)
def test_view_with_few_events(count: int, caption: str) -> None:
    root = parse(view_svg(example_view(EVENTS[:count])))
    assert texts(root, "events-caption") == [caption]
    assert texts(root, "event") == EVENT_LINES[:count]


def test_view_text() -> None:
    lines = view_text(example_view()).split("\n")
    assert lines[0] == "Red's view: play phase, Blue to move"
    assert lines[1:3] == [HEADER, RULE]
    assert lines[12] == "8 |   [?]r   [?]r    .   |" + WHITE_BOX * 2
    assert lines[17:] == [
        "Squares: Red only: 27, Blue only: 27, both: 9, white: 18",
        "",
        "                  1  2  3  4  5  6  7  8  9   sum",
        "Red's pile (4)    1  2  .  .  .  .  .  1  .    13",
        "Pot (1)           .  .  .  .  1  .  .  .  .     5",
        "",
        "Pile sizes: Red 4, Blue 37",
        "Red's pile: 1 2 2 8",
        "",
        "Last 8 of 10 events:",
        *EVENT_LINES[2:],
    ]


def test_view_text_without_events_or_pile() -> None:
    empty = replace(example_view([]), pile=Dominoes(), pile_sizes=(0, 37))
    assert view_text(empty).split("\n")[-4:] == [
        "Pile sizes: Red 0, Blue 37",
        "Red's pile: -",
        "",
        "No events yet",
    ]


def test_a_partial_colouring_in_the_colouring_phase() -> None:
    early = replace(
        example_view([]),
        phase="colouring",
        red_squares=frozenset({Square(1, 1), Square(5, 5)}),
        blue_squares=frozenset({Square(5, 5)}),
        face_down=(),
        face_up={},
        pot=Dominoes(),
        pile=Dominoes(),
        pile_sizes=(0, 0),
    )
    root = parse(view_svg(early))
    squares = squares_of(root)
    assert Counter(square_kind(g) for g in squares.values()) == {"white": 79, "red": 1, "both": 1}
    assert square_kind(squares[5, 5]) == "both"
    assert texts(root, "whose") == ["Red's view: colouring phase, Blue to move"]
    assert not having(root, "domino")


# -- titles ----------------------------------------------------------------------------------

PICTURES: list[Callable[..., str]] = [
    lambda **k: deal_svg(example_deal(), **k),
    lambda **k: position_svg(example_position(), **k),
    lambda **k: view_svg(example_view(), **k),
]


@pytest.mark.parametrize("picture", PICTURES)
def test_titles_are_escaped(picture: Callable[..., str]) -> None:
    caption = '<b>Red\'s & "Blue"</b>'
    svg = picture(title=caption)
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    root = parse(svg)
    assert texts(root, "title") == [caption]
    untitled = parse(picture())
    assert not having(untitled, "title")
    assert int(root.get("height", "")) > int(untitled.get("height", ""))


@pytest.mark.parametrize("picture", PICTURES)
@pytest.mark.parametrize(("text", "column"), [("a\nb", 2), ("\tx", 1), ("ok\x00", 3)])
def test_a_title_svg_cannot_carry(picture: Callable[..., str], text: str, column: int) -> None:
    with pytest.raises(NotationError, match=r"^column \d+: title holds ") as caught:
        picture(title=text)
    assert caught.value.column == column


@pytest.mark.parametrize("picture", PICTURES)
def test_a_title_must_be_a_str(picture: Callable[..., str]) -> None:
    with pytest.raises(TypeError, match=re.escape("title must be a str, not bytes")):
        picture(title=b"x")


# -- any value: 80 columns, every square and domino drawn --------------------------------------

cells = st.sampled_from(ALL_CELLS)
players = st.sampled_from(["red", "blue"])
digits = st.integers(1, 9)
FULL_SET = [d for d in range(1, 10) for _ in range(10)]  # TD-1


def takes(draw: st.DrawFn, supply: list[int], most: int) -> list[int]:
    """Up to ``most`` dominoes taken from the front of ``supply`` (a shuffled set)."""
    taken = supply[: draw(st.integers(0, min(most, len(supply))))]
    del supply[: len(taken)]
    return taken


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, list[Square]]:
    # Any position the vocabulary accepts: 36 squares each, at most 8 face-down dominoes
    # (4 each), at most ten of a digit in sight.
    red = draw(st.sets(cells, min_size=36, max_size=36))
    blue = draw(st.sets(cells, min_size=36, max_size=36))
    supply = list(draw(st.permutations(FULL_SET)))
    squares = list(draw(st.permutations(ALL_CELLS)))
    ups = dict(zip(squares, takes(draw, supply, 73), strict=False))
    placers = draw(st.permutations(["red"] * 4 + ["blue"] * 4))
    placed = placers[: draw(st.integers(0, 8))]
    downs = {
        cell: (placer, supply.pop() if draw(st.booleans()) else None)
        for cell, placer in zip(squares[len(ups) : len(ups) + len(placed)], placed, strict=True)
    }
    position = Position(
        Colouring([Square(*c) for c in red], [Square(*c) for c in blue]),
        {Square(*c): d for c, d in ups.items()},
        tuple(FaceDown(Square(*c), p, d) for c, (p, d) in downs.items()),
        Dominoes(takes(draw, supply, 90)),
        draw(st.none() | st.just(Dominoes(takes(draw, supply, 90)))),
        draw(st.none() | st.just(Dominoes(takes(draw, supply, 90)))),
        draw(st.none() | players),
    )
    return position, [Square(*c) for c in draw(st.sets(cells))]


def check_text(text: str) -> list[str]:
    lines = text.split("\n")
    for line in lines:
        assert len(line) <= 80
        assert line == line.rstrip()
        assert line.isascii() and line.isprintable()
    return lines


@given(positions())
def test_any_position_fits_80_columns_and_draws_every_square(
    drawn: tuple[Position, list[Square]],
) -> None:
    position, lit = drawn
    red = {(s.row, s.col) for s in position.colouring.red}
    blue = {(s.row, s.col) for s in position.colouring.blue}
    lines = check_text(position_text(position))
    # The board's rows: each of the 81 squares as documented.
    rows = [line for line in lines if re.match(r"[1-9] \|", line)]
    assert len(rows) == 9
    downs = {(f.square.row, f.square.col): f for f in position.face_down}
    ups = {(s.row, s.col): d for s, d in position.face_up.items()}
    for r, line in enumerate(rows, start=1):
        cells_text = [line[4 + 7 * i + 2 * (i // 3) :][:6] for i in range(9)]
        for c, cell in enumerate(cells_text, start=1):
            marks = ("R" if (r, c) in red else " ") + ("B" if (r, c) in blue else " ")
            if (r, c) in ups:
                content = f" {ups[r, c]}"
            elif (r, c) in downs:
                f = downs[r, c]
                content = f"[{'?' if f.digit is None else f.digit}]{f.placed_by[0]}"
            else:
                content = " ."
            assert cell.rstrip() == (marks + content).rstrip()
    root = parse(position_svg(position, highlight=lit))
    squares = squares_of(root)
    for cell, group in squares.items():
        assert square_kind(group) == expected_kind(cell, red, blue)
        assert ("highlighted" in group.get("class", "")) == (Square(*cell) in lit)
    assert len(having(root, "domino", "face-up")) == len(ups)
    assert len(having(root, "domino", "face-down")) == len(downs)
    assert len(having(root, "unknown")) == sum(f.digit is None for f in downs.values())
    assert len(having(root, "highlight")) == len(lit)
    for cell, digit in ups.items():
        assert texts(squares[cell], "digit") == [str(digit)]
    for cell, down in downs.items():
        shown = texts(squares[cell], "faded") + texts(squares[cell], "unknown")
        assert shown == ["?" if down.digit is None else str(down.digit)]


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    red = draw(st.lists(cells, unique=True))
    blue = draw(st.lists(cells, unique=True))
    downs = draw(st.dictionaries(cells, st.tuples(digits, players), max_size=81))
    return Deal(
        tuple(red),
        tuple(blue),
        tuple(DealFaceDown(r, c, d, p) for (r, c), (d, p) in downs.items()),
        *(tuple(draw(st.lists(digits, max_size=90))) for _ in range(3)),
    )


@given(deals())
def test_any_deal_fits_80_columns_and_counts_every_domino(deal: Deal) -> None:
    lines = check_text(deal_text(deal))
    face_down = [f.digit for f in deal.face_down]
    groups = {
        "Pot": deal.pot,
        "Red": deal.red,
        "Blue": deal.blue,
        "Face down": face_down,
        "All": [*deal.pot, *deal.red, *deal.blue, *face_down],
    }
    for name, group in groups.items():
        (line,) = [x for x in lines if x.startswith(f"{name} ({len(group)}) ")]
        counts = Counter(group)
        assert line.split()[-10:] == [
            *(str(counts[d]) if counts[d] else "." for d in range(1, 10)),
            str(sum(group)),
        ]
    root = parse(deal_svg(deal))
    squares = squares_of(root)
    for cell, group in squares.items():
        assert square_kind(group) == expected_kind(cell, deal.red_squares, deal.blue_squares)
    for f in deal.face_down:
        (domino,) = having(squares[f.row, f.col], "domino")
        assert domino.get("class") == f"domino face-down {f.placed_by}"
        assert texts(domino, "digit", "faded") == [str(f.digit)]
    assert len(having(root, "domino")) == len(deal.face_down)
    table = counts_table(root)
    for css, group in zip(
        ["row pot", "row red", "row blue", "row face-down", "row all"], groups.values(), strict=True
    ):
        counts = Counter(group)
        assert table[css][1:] == ([counts[d] for d in range(1, 10)], str(sum(group)))


def events_strategy() -> st.SearchStrategy[Any]:
    squares = cells.map(lambda c: Square(*c))
    return st.one_of(
        st.builds(Take, players, st.just("pot"), digits),
        st.builds(Take, players, st.just("board"), digits, squares),
        st.builds(
            Play, players, squares, digits, st.sampled_from(["placed", "clash", "not-allowed"])
        ),
        st.builds(Play, players, squares, digits, st.just("hidden-clash"), squares),
        st.builds(Return, players, digits),
    )


def red_piles() -> st.SearchStrategy[Dominoes]:
    """Any pile Red may hold in the example view: the set less the dominoes in its sight."""
    available = list(FULL_SET)
    for digit in [*VIEW_FACE_UP.values(), 5]:  # its face-up dominoes and its pot
        available.remove(digit)
    return st.permutations(available).flatmap(
        lambda p: st.integers(0, len(p)).map(lambda n: Dominoes(p[:n]))
    )


@given(
    st.lists(events_strategy(), max_size=20),
    red_piles(),
    st.integers(0, 90),
    st.sampled_from(["colouring", "placing", "dealing", "play", "over"]),
)
def test_any_view_fits_80_columns(
    events: list[Any], pile: Dominoes, blue_size: int, phase: str
) -> None:
    sizes = (len(pile), blue_size)
    view = replace(example_view([]), events=tuple(events), pile=pile, pile_sizes=sizes, phase=phase)
    lines = check_text(view_text(view))
    shown = events[-8:]
    if shown:
        numbers = [int(line.split(".")[0]) for line in lines[-len(shown) :]]
        assert numbers == list(range(len(events) - len(shown) + 1, len(events) + 1))
    assert lines[0].startswith(f"Red's view: {phase} phase")
    root = parse(view_svg(view))
    assert len(having(root, "event")) == len(shown)
    assert texts(root, "pile-sizes") == [f"Pile sizes: Red {sizes[0]}, Blue {sizes[1]}"]


# -- the same bytes every time ---------------------------------------------------------------

DEAL_JSON = {
    "red_squares": [list(c) for c in RED_CELLS],
    "blue_squares": [list(c) for c in BLUE_CELLS],
    "face_down": [{"row": r, "col": c, "digit": d, "placed_by": p} for r, c, d, p in FACE_DOWN],
    "pot": list(POT),
    "red": list(RED_PILE),
    "blue": list(BLUE_PILE),
}
VIEW_JSON = example_view().to_json()
_PRINT_PICTURES = f"""
from dokuspec.render.twodoku import (
    deal_svg, deal_text, position_svg, position_text, view_svg, view_text
)
from dokuspec.vocabulary.twodoku import Deal, Dominoes, FaceDown, Position, Square, View
deal = Deal.from_json({DEAL_JSON!r})
view = View.from_json({VIEW_JSON!r})
position = Position(
    deal.colouring(),
    {{Square(1, 1): 5, Square(4, 5): 7}},
    [FaceDown(Square(8, 1), "red", 1), FaceDown(Square(9, 9), "blue")],
    Dominoes([5, 5]),
    None,
    Dominoes([1, 2]),
)
print(deal_svg(deal, title="t"))
print(deal_text(deal))
print(position_svg(position, highlight=[Square(9, 9), Square(2, 2)]))
print(position_text(position))
print(view_svg(view, title="v"))
print(view_text(view))
"""


def test_same_input_same_bytes_in_any_process() -> None:
    outputs = set()
    for seed in ("0", "1", "random"):
        run = subprocess.run(
            [sys.executable, "-c", _PRINT_PICTURES],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1
    deal = vocabulary.Deal.from_json(DEAL_JSON)
    position = vocabulary.Position(
        deal.colouring(),
        {vocabulary.Square(1, 1): 5, vocabulary.Square(4, 5): 7},
        [
            vocabulary.FaceDown(vocabulary.Square(8, 1), "red", 1),
            vocabulary.FaceDown(vocabulary.Square(9, 9), "blue"),
        ],
        vocabulary.Dominoes([5, 5]),
        None,
        vocabulary.Dominoes([1, 2]),
    )
    lit = [vocabulary.Square(9, 9), vocabulary.Square(2, 2)]
    here = [
        deal_svg(deal, title="t"),
        deal_text(deal),
        position_svg(position, highlight=lit),
        position_text(position),
        view_svg(vocabulary.View.from_json(VIEW_JSON), title="v"),
        view_text(example_view()),
    ]
    assert outputs == {"\n".join(here) + "\n"}


def test_equal_values_give_equal_pictures() -> None:
    assert position_svg(example_position(), highlight=[Square(1, 1)]) == position_svg(
        example_position(), highlight=[vocabulary.Square(1, 1)]
    )
    assert position_text(example_position()) == position_text(example_position())
    assert view_svg(example_view()) == view_svg(example_view())
    assert view_text(example_view()) == view_text(example_view())


# -- what cannot be drawn --------------------------------------------------------------------
#
# A Position and a View are valid by construction; a Deal checks only its fields' types, so
# that a wrong deal can be read: what cannot be drawn of it is refused here.


def deal_with(**changes: Any) -> Deal:
    return replace(example_deal(), **changes)


Render = Callable[[Any], str]
TYPE_ERRORS: list[tuple[Render, Any, str]] = [
    (
        lambda p: position_svg(p, highlight=[(1, 1)]),
        example_position(),
        "highlight[0] is tuple, not a Square",
    ),
    (
        lambda p: position_svg(p, highlight=5),
        example_position(),
        "highlight is int, not a sequence",
    ),
    (lambda v: view_svg(v, highlight="r1c1"), example_view(), "highlight is str, not a sequence"),
]


@pytest.mark.parametrize(("render", "value", "message"), TYPE_ERRORS)
def test_type_errors_name_what_is_wrong(render: Render, value: Any, message: str) -> None:
    with pytest.raises(TypeError, match="^" + re.escape(message)):
        render(value)


OFF_BOARD: list[tuple[Render, Any, str]] = [
    (
        deal_svg,
        deal_with(red_squares=((0, 1),)),
        "deal.red_squares[0][0] is 0, not 1-9 (off the board)",
    ),
    (deal_text, deal_with(blue_squares=((1, 10),)), "deal.blue_squares[0][1] is 10, not 1-9"),
    (
        deal_svg,
        deal_with(face_down=(DealFaceDown(8, -1, 1, "red"),)),
        "deal.face_down[0].col is -1, not 1-9",
    ),
]


@pytest.mark.parametrize(("render", "value", "message"), OFF_BOARD)
def test_squares_off_the_board_are_refused(render: Render, value: Any, message: str) -> None:
    with pytest.raises(OffBoardError, match="^" + re.escape(message)):
        render(value)


POSITION_ERRORS: list[tuple[Render, Any, str]] = [
    (
        deal_svg,
        deal_with(red_squares=((1, 1), (2, 2), (1, 1))),
        "deal.red_squares[2] names r1c1, as deal.red_squares[0] does",
    ),
    (
        deal_text,
        deal_with(face_down=(DealFaceDown(9, 9, 1, "red"), DealFaceDown(9, 9, 2, "blue"))),
        "deal.face_down[1] names r9c9, as deal.face_down[0] does",
    ),
    (
        deal_svg,
        deal_with(face_down=(DealFaceDown(8, 1, 10, "red"),)),
        "deal.face_down[0].digit is 10, not 1-9",
    ),
    (deal_svg, deal_with(pot=(0,)), "deal.pot[0] is 0, not 1-9"),
    (deal_text, deal_with(red=(1,) * 91), "deal.red has more than 90 items, not 0-90"),
    (
        deal_svg,
        deal_with(red_squares=((1, 1),) * 82),
        "deal.red_squares has more than 81 items",
    ),
    (
        lambda p: position_svg(p, highlight=[Square(2, 2), Square(2, 2)]),
        example_position(),
        "highlight[1] names r2c2, as highlight[0] does",
    ),
]


@pytest.mark.parametrize(("render", "value", "message"), POSITION_ERRORS)
def test_impossible_values_are_refused(render: Render, value: Any, message: str) -> None:
    with pytest.raises(PositionError, match="^" + re.escape(message)) as caught:
        render(value)
    assert not isinstance(caught.value, OffBoardError)


def test_render_needs_no_other_part_of_dokuspec() -> None:
    # Only the values it draws (the vocabulary) and the errors: no spec, solver, engine or
    # game module, and no test or command-line library.
    code = (
        "import sys, dokuspec.render.twodoku\n"
        "print(sorted({'.'.join(m.split('.')[:2]) for m in sys.modules if m.split('.')[0] in "
        "('dokuspec', 'hypothesis', 'click', 'rich')}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == str(
        ["dokuspec", "dokuspec.errors", "dokuspec.render", "dokuspec.vocabulary"]
    )
