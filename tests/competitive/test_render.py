"""Pictures of Competitive Sudoku (dokuspec.render.competitive): SVG structure and terminal text.

The SVG tests parse every document with ElementTree and check the structure
the module documents (classes, titles, texts, colours, the order and the
relative places of things), never pixels. The text tests compare with the
layouts the docstrings state, written out here by hand.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.errors import NotationError, PositionError
from dokuspec.render.competitive import (
    card_svg,
    grid_svg,
    grid_text,
    pool_svg,
    pool_text,
    table_svg,
    table_text,
)
from dokuspec.vocabulary import competitive as vocabulary
from dokuspec.vocabulary.competitive import Card, Cards, Grid, Pool, Stack, Table

SVG = "{http://www.w3.org/2000/svg}"
RED_INK = "#c0392b"
BLACK_INK = "#1c2833"


# -- the vocabulary's values, built from short texts ------------------------------------------


def card(text: str) -> Card:
    return Card(text[0], int(text[1:]))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def grid(text: str) -> Grid:
    return Grid(tuple(None if t == ".." else card(t) for t in text.replace("/", " ").split()))


def pool(colour: str, *stacks: str) -> Pool:
    return Pool(colour, tuple(Stack(cards(s)) for s in stacks))


RED_GRID = "r1 r2 r3 / .. r5 r6 / r7 r8 r9"
BLACK_GRID = "b1 b2 b3 / b4 .. b6 / b7 b8 b9"


def example_table(kind: str) -> Table:
    """The docstring's table, built with the constructors or read from the values' texts."""
    if kind == "built":
        return Table(
            grids=(grid(RED_GRID), grid(BLACK_GRID)),
            pools=(pool("r", "r3", "r7"), pool("b", "b2 b5", "b4")),
            decks=(1, 14),
            discards=(Cards(), Cards(cards("b1 b1 b2 b3"))),
        )
    return vocabulary.Table(
        grids=(vocabulary.Grid.parse(RED_GRID), vocabulary.Grid.parse(BLACK_GRID)),
        pools=(vocabulary.Pool.parse("red: r3 | r7"), vocabulary.Pool.parse("black: b2 b5 | b4")),
        decks=(1, 14),
        discards=(vocabulary.Cards(), vocabulary.Cards.parse("b1 b1 b2 b3")),
    )


KINDS = ["built", "vocabulary"]

EXAMPLE_TABLE_TEXT = """\
Black: Deck 14 cards, Discard Pile 4 cards: b1 b1 b2 b3
b1 b2 b3
b4 .. b6
b7 b8 b9

              black Pool
red Pool      b5
r3   r7       b2   b4

r1 r2 r3
.. r5 r6
r7 r8 r9
Red: Deck 1 card, Discard Pile 0 cards"""


# -- reading SVG -----------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    """The parsed document, after checking that it is a standalone SVG document."""
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" ')
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    width, height = root.get("width"), root.get("height")
    assert width is not None and height is not None
    assert int(width) > 0 and int(height) > 0
    assert root.get("viewBox") == f"0 0 {width} {height}"
    return root


def size(root: ET.Element) -> tuple[int, int]:
    return int(root.get("width", "")), int(root.get("height", ""))


def having(root: ET.Element, *classes: str) -> list[ET.Element]:
    """The elements whose class holds every one of ``classes``, in document order."""
    return [e for e in root.iter() if set(classes) <= set(e.get("class", "").split())]


def title(element: ET.Element) -> str | None:
    found = element.find(SVG + "title")
    assert found is not None
    return found.text


def texts(root: ET.Element, css_class: str) -> list[str | None]:
    return [e.text for e in having(root, css_class)]


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


def face(group: ET.Element) -> ET.Element:
    rect = group.find(SVG + "rect")
    assert rect is not None
    return rect


# -- cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "ink"), [("r5", "red", RED_INK), ("b9", "black", BLACK_INK)]
)
def test_card_svg(text: str, name: str, ink: str) -> None:
    root = parse(card_svg(card(text)))
    assert size(root) == (64, 88)
    (group,) = having(root, "card")
    assert group.get("class") == f"card {name}"
    assert title(group) == text
    (rect,) = having(group, "face")
    assert rect.tag == SVG + "rect"
    assert int(rect.get("rx", "0")) > 0  # rounded, as a playing card
    rank = text[1]
    assert texts(group, "index") == [rank, rank]
    (big,) = having(group, "rank")
    assert big.text == rank
    assert int(big.get("font-size", "")) > int(having(group, "index")[0].get("font-size", ""))
    for text_element in group.iter(SVG + "text"):
        assert text_element.get("fill") == ink


def test_card_svg_of_the_vocabulary_card() -> None:
    assert card_svg(vocabulary.Card.parse("b3")) == card_svg(Card("b", 3))


# -- Grids -----------------------------------------------------------------------------------

MIXED = "r1 b2 r3 / .. r5 b6 / b7 .. r9"


@pytest.mark.parametrize("kind", KINDS)
def test_grid_svg_structure(kind: str) -> None:
    subject = grid(MIXED) if kind == "built" else vocabulary.Grid.parse(MIXED)
    root = parse(grid_svg(subject))
    assert size(root) == (208, 280)
    (group,) = having(root, "grid")
    positions = [e for e in group if e.tag == SVG + "g"]
    assert [title(p) for p in positions] == [
        "r1",
        "b2",
        "r3",
        "empty",
        "r5",
        "b6",
        "b7",
        "empty",
        "r9",
    ]
    assert len(having(root, "card")) == 7
    assert texts(root, "rank") == list("1235679")
    assert [len(having(p, "card", "red")) for p in positions] == [1, 0, 1, 0, 1, 0, 0, 0, 1]
    for position in positions:
        if position.get("class") == "empty":
            (outline,) = having(position, "outline")
            assert outline.get("stroke-dasharray")
            assert outline.get("fill") == "none"
            assert not list(position.iter(SVG + "text"))
        else:
            ink = RED_INK if "red" in position.get("class", "") else BLACK_INK
            assert having(position, "rank")[0].get("fill") == ink
    # Row-major: left to right along a row, rows top to bottom.
    where = origins(root)
    xs = [where[p][0] for p in positions]
    ys = [where[p][1] for p in positions]
    for row in range(3):
        assert xs[3 * row] < xs[3 * row + 1] < xs[3 * row + 2]
        assert ys[3 * row] == ys[3 * row + 1] == ys[3 * row + 2]
    assert ys[0] < ys[3] < ys[6]
    assert xs[0] == xs[3] == xs[6]


def test_grid_svg_annotations_beside_their_lines() -> None:
    labels = [
        ((0, 1, 2), "triplet 3"),
        ((5, 4, 3), "one-straight 2"),  # any order
        ((2, 5, 8), "column three"),
        ((0, 4, 8), "main"),
        ((6, 4, 2), "anti"),
    ]
    root = parse(grid_svg(grid("r3 r3 r3 / r4 r5 r6 / b2 b4 b8"), annotations=labels))
    width, height = size(root)
    assert width > 208 and height > 280
    found = having(root, "annotation")
    assert [e.text for e in found] == [label for _, label in labels]
    assert [e.get("class") for e in found] == [
        "annotation row",
        "annotation row",
        "annotation column",
        "annotation diagonal",
        "annotation diagonal",
    ]
    where = origins(root)
    positions = [e for e in having(root, "grid")[0] if e.tag == SVG + "g"]
    card_w, card_h = (
        int(face(positions[0]).get("width", "")),
        int(face(positions[0]).get("height", "")),
    )
    boxes = [
        (where[p][0], where[p][1], where[p][0] + card_w, where[p][1] + card_h) for p in positions
    ]
    left, top = boxes[0][:2]
    right, bottom = boxes[8][2:]

    def anchor(element: ET.Element) -> tuple[int, int]:
        ox, oy = where[element]
        return ox + int(element.get("x", "")), oy + int(element.get("y", ""))

    row1, row2, column3, main, anti = (anchor(e) for e in found)
    assert row1[0] > right and boxes[0][1] < row1[1] < boxes[0][3]
    assert row2[0] > right and boxes[3][1] < row2[1] < boxes[3][3]
    assert boxes[2][0] < column3[0] < boxes[2][2] and column3[1] > bottom
    assert found[2].get("transform", "").startswith("rotate(90 ")  # reads downwards
    assert main[0] > right and main[1] > bottom
    assert anti[0] > right and anti[1] < top
    for x, y in (row1, row2, column3, main, anti):
        assert 0 <= x <= width and 0 <= y <= height
    assert left > 0


def test_grid_svg_title_and_escaping() -> None:
    label = '<&>"'
    svg = grid_svg(grid(MIXED), annotations=[((0, 3, 6), label)], title='Red\'s <Grid> & "more"')
    assert "<&>" not in svg
    assert "&lt;&amp;&gt;" in svg
    root = parse(svg)
    assert texts(root, "annotation") == [label]
    assert texts(root, "title") == ['Red\'s <Grid> & "more"']
    assert size(root)[1] > 280


def allowed_in_svg_text(character: str) -> bool:
    """The characters XML 1.0 carries, without tab, LF and CR (written from the XML spec)."""
    code = ord(character)
    return 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


@given(st.text(max_size=12))
def test_any_label_is_drawn_as_given_or_refused_where_it_cannot_be(label: str) -> None:
    bad = [i for i, c in enumerate(label) if not allowed_in_svg_text(c)]
    if bad:
        with pytest.raises(NotationError) as caught:
            grid_svg(grid(MIXED), annotations=[((2, 4, 6), label)])
        assert caught.value.column == bad[0] + 1
    else:
        root = parse(grid_svg(grid(MIXED), annotations=[((2, 4, 6), label)], title=label))
        assert texts(root, "annotation") == [label or None]
        assert texts(root, "title") == [label or None]


@pytest.mark.parametrize(
    ("text", "column"), [("a\nb", 2), ("\tx", 1), ("ok\x00", 3), ("\ud800", 1), ("\uffff", 1)]
)
def test_text_svg_cannot_carry(text: str, column: int) -> None:
    with pytest.raises(NotationError, match=r"^column \d+: title holds ") as caught:
        grid_svg(grid(MIXED), title=text)
    assert caught.value.column == column
    with pytest.raises(NotationError, match=re.escape("annotations[0][1] holds")):
        grid_svg(grid(MIXED), annotations=[((0, 1, 2), text)])


@pytest.mark.parametrize(
    ("annotations", "error", "message"),
    [
        ([((0, 1, 3), "x")], PositionError, "annotations[0][0] is (0, 1, 3), not a row, column"),
        ([((0, 1, 9), "x")], PositionError, "annotations[0][0] is (0, 1, 9), not a row, column"),
        ([((0, 0, 1), "x")], PositionError, "annotations[0][0] is (0, 0, 1), not a row, column"),
        (
            [((0, 1, 2), "a"), ((2, 1, 0), "b")],
            PositionError,
            "annotations[1] labels the same line as annotations[0]",
        ),
        ([((0, 1), "x")], PositionError, "annotations[0][0] has 2 items, not 3"),
        ([((0, 1, True), "x")], TypeError, "annotations[0][0][2] is bool, not an int 0-8"),
        ([((0, 1, "2"), "x")], TypeError, "annotations[0][0][2] is str, not an int 0-8"),
        ([((0, 1, 2), 3)], TypeError, "annotations[0][1] must be a str, not int"),
        (["row 1"], TypeError, "annotations[0] is a str, not a (positions, label) pair"),
        ([((0, 1, 2),)], PositionError, "annotations[0] has 1 item, not 2"),
        (5, TypeError, "annotations is int, not a sequence"),
    ],
)
def test_bad_annotations(annotations: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=re.escape(message)):
        grid_svg(grid(MIXED), annotations=annotations)  # type: ignore[arg-type]


def test_title_must_be_a_str() -> None:
    with pytest.raises(TypeError, match=re.escape("title must be a str, not int")):
        grid_svg(grid(MIXED), title=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=re.escape("title must be a str, not bytes")):
        table_svg(example_table("built"), title=b"x")  # type: ignore[arg-type]


def test_grid_text() -> None:
    assert grid_text(grid(MIXED)) == "r1 b2 r3\n.. r5 b6\nb7 .. r9"
    assert grid_text(vocabulary.EMPTY_GRID) == ".. .. ..\n.. .. ..\n.. .. .."


# -- Pools -----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_pool_svg_stacks_side_by_side(kind: str) -> None:
    subject = (
        pool("r", "r3 r5", "r7") if kind == "built" else vocabulary.Pool.parse("red: r3 r5 | r7")
    )
    root = parse(pool_svg(subject))
    assert size(root) == (144, 150)
    (group,) = having(root, "pool")
    assert group.get("class") == "pool red"
    assert texts(group, "caption") == ["red Pool"]
    stacks = having(group, "stack")
    assert [[title(c) for c in having(s, "card")] for s in stacks] == [["r3", "r5"], ["r7"]]
    assert texts(root, "rank") == ["3", "5", "7"]
    assert not having(root, "placeholder")
    where = origins(root)
    bottom, top = having(stacks[0], "card")
    lone = having(stacks[1], "card")[0]
    assert where[bottom][0] == where[top][0] and where[lone][0] > where[bottom][0]
    assert where[bottom][1] == where[lone][1]
    # The top card covers the lower part of the card under it; the corner index shows.
    offset = where[top][1] - where[bottom][1]
    corner = having(bottom, "index")[0]
    assert 0 < int(corner.get("y", "")) < offset < int(face(bottom).get("height", ""))


def test_empty_pool_svg_is_a_dashed_placeholder() -> None:
    root = parse(pool_svg(pool("b")))
    assert size(root) == (144, 150)
    assert having(root, "pool")[0].get("class") == "pool black"
    assert texts(root, "caption") == ["black Pool"]
    assert not having(root, "card") and not having(root, "stack")
    (placeholder,) = having(root, "placeholder")
    assert face(placeholder).get("stroke-dasharray")


@pytest.mark.parametrize(
    ("subject", "expected"),
    [
        (pool("r", "r3 r5", "r7"), "red Pool\nr5\nr3   r7"),
        (pool("b", "b1", "b9 b2"), "black Pool\n     b2\nb1   b9"),
        (pool("b", "b4 b4", "b6 b6"), "black Pool\nb4   b6\nb4   b6"),
        (pool("r", "r1", "r2"), "red Pool\nr1   r2"),
        (pool("r", "r8"), "red Pool\nr8"),
        (pool("b"), "black Pool\nempty"),
        (vocabulary.Pool.parse("red: r3 r5 | r7"), "red Pool\nr5\nr3   r7"),
        (vocabulary.Pool.parse("black: -"), "black Pool\nempty"),
    ],
)
def test_pool_text(subject: object, expected: str) -> None:
    assert pool_text(subject) == expected  # type: ignore[arg-type]


# -- the Table -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_table_svg_layout(kind: str) -> None:
    root = parse(table_svg(example_table(kind), title="After 12 turns"))
    sections = [e for e in root if e.tag == SVG + "g"]
    assert [e.get("class") for e in sections] == [
        "grid black",
        "pool red",
        "pool black",
        "grid red",
    ]
    black_grid, red_pool, black_pool, red_grid = sections
    assert [title(p) for p in black_grid] == [
        "b1",
        "b2",
        "b3",
        "b4",
        "empty",
        "b6",
        "b7",
        "b8",
        "b9",
    ]
    assert [title(p) for p in red_grid] == ["r1", "r2", "r3", "empty", "r5", "r6", "r7", "r8", "r9"]
    assert [title(c) for c in having(red_pool, "card")] == ["r3", "r7"]
    assert [title(c) for c in having(black_pool, "card")] == ["b2", "b5", "b4"]
    assert len(having(root, "card")) == 8 + 8 + 2 + 3
    assert len(having(root, "card", "red")) == 8 + 2
    assert texts(root, "title") == ["After 12 turns"]
    assert texts(root, "player") == [
        "Black: Deck 14 cards, Discard Pile 4 cards",
        "Red: Deck 1 card, Discard Pile 0 cards",
    ]
    where = origins(root)
    players = having(root, "player")
    heading = int(having(root, "title")[0].get("y", ""))
    ys = [heading, int(players[0].get("y", "")), where[black_grid][1], where[red_pool][1]]
    ys += [where[red_grid][1], int(players[1].get("y", ""))]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)  # top to bottom, in that order
    assert where[red_pool][1] == where[black_pool][1]
    assert where[red_pool][0] < where[black_pool][0]
    width, height = size(root)
    assert width >= 296 and height == 790
    assert size(parse(table_svg(example_table(kind))))[1] == 762


@pytest.mark.parametrize("kind", KINDS)
def test_table_text(kind: str) -> None:
    assert table_text(example_table(kind)) == EXAMPLE_TABLE_TEXT


def test_table_text_wraps_a_long_discard_pile_at_80_columns() -> None:
    pile = cards("b1 b1 b2 b2 b3 b3 r1 r1 r2 r2 r3 r3 r4 r4 r5 r5 r6 r6 r7 r7 r8 r8 r9 r9")
    table = Table(
        grids=(grid(RED_GRID), grid(BLACK_GRID)),
        pools=(pool("r"), pool("b", "b7")),
        decks=(0, 999_999),
        discards=(Cards(pile), Cards()),
    )
    assert table_text(table) == (
        "Black: Deck 999999 cards, Discard Pile 0 cards\n"
        "b1 b2 b3\n"
        "b4 .. b6\n"
        "b7 b8 b9\n"
        "\n"
        "red Pool      black Pool\n"
        "empty         b7\n"
        "\n"
        "r1 r2 r3\n"
        ".. r5 r6\n"
        "r7 r8 r9\n"
        # 80 columns exactly:
        "Red: Deck 0 cards, Discard Pile 24 cards: b1 b1 b2 b2 b3 b3 r1 r1 r2 r2 r3 r3 r4\n"
        "  r4 r5 r5 r6 r6 r7 r7 r8 r8 r9 r9"
    )


def test_discard_pile_in_the_order_it_yields() -> None:
    table = Table(
        grids=(grid(RED_GRID), grid(BLACK_GRID)),
        pools=(pool("r", "r3"), pool("b")),
        decks=(1, 1),
        discards=(Cards(cards("r9 b1 r2")), Cards()),
    )
    assert table_text(table).splitlines()[-1] == "Red: Deck 1 card, Discard Pile 3 cards: b1 r2 r9"


def render_tables() -> st.SearchStrategy[Table]:
    any_card = st.builds(Card, st.sampled_from("rb"), st.integers(1, 9))
    grids = st.builds(Grid, st.tuples(*[st.none() | any_card] * 9))

    def pools(colour: str) -> st.SearchStrategy[Pool]:
        cards = st.builds(Card, st.just(colour), st.integers(1, 9))
        stacks = st.builds(Stack, st.lists(cards, min_size=1, max_size=2).map(tuple))
        return st.builds(Pool, st.just(colour), st.lists(stacks, max_size=2).map(tuple))

    piles = st.builds(Cards, st.lists(any_card, max_size=60))
    return st.builds(
        Table,
        st.tuples(grids, grids),
        st.tuples(pools("r"), pools("b")),
        st.tuples(st.integers(0, 999_999), st.integers(0, 999_999)),
        st.tuples(piles, piles),
    )


def cards_on_table(table: Table) -> Iterator[Card]:
    for g in table.grids:
        yield from (c for c in g.cards if c is not None)
    for p in table.pools:
        for s in p.stacks:
            yield from s.cards


@given(render_tables())
def test_any_table_fits_80_columns_and_draws_every_card(table: Table) -> None:
    text = table_text(table)
    for line in text.split("\n"):
        assert len(line) <= 80
        assert line == line.rstrip()
        assert line.isascii() and line.isprintable()
    # Every discarded card is listed, in order, after the pile's count.
    listed = re.findall(r"\b[rb][1-9]\b", text)
    grid_tokens = [t for t in " ".join(grid_text(g) for g in table.grids).split() if t != ".."]
    pool_tokens = [t for p in table.pools for t in pool_text(p).split()[2:] if t != "empty"]
    discards = [f"{c.colour}{c.rank}" for c in table.discards[1]] + [
        f"{c.colour}{c.rank}" for c in table.discards[0]
    ]
    assert sorted(listed) == sorted(grid_tokens + pool_tokens + discards)
    root = parse(table_svg(table))
    on_table = list(cards_on_table(table))
    assert len(having(root, "card")) == len(on_table)
    assert len(having(root, "card", "red")) == sum(c.colour == "r" for c in on_table)
    assert texts(root, "player") == [
        f"Black: Deck {table.decks[1]} card{'' if table.decks[1] == 1 else 's'}, "
        f"Discard Pile {len(table.discards[1])} card{'' if len(table.discards[1]) == 1 else 's'}",
        f"Red: Deck {table.decks[0]} card{'' if table.decks[0] == 1 else 's'}, "
        f"Discard Pile {len(table.discards[0])} card{'' if len(table.discards[0]) == 1 else 's'}",
    ]


# -- the same bytes every time ---------------------------------------------------------------

_PRINT_PICTURES = """
from dokuspec.render.competitive import grid_svg, table_svg, table_text
from dokuspec.vocabulary.competitive import Grid, Table
table = Table.from_json({
    "grids": ["r1 r2 r3 / .. r5 r6 / r7 r8 r9", "b1 b2 b3 / b4 .. b6 / b7 b8 b9"],
    "pools": ["red: r3 | r7", "black: b2 b5 | b4"],
    "decks": [1, 14],
    "discards": ["-", "b1 b1 b2 b3"],
})
labels = [((2, 4, 6), "anti"), ((0, 1, 2), "triplet"), ((1, 4, 7), "column 2"), ((0, 4, 8), "main")]
print(table_svg(table, title="t"))
print(table_text(table))
print(grid_svg(Grid.parse("r1 r2 r3 / r4 r5 r6 / r7 r8 r9"), annotations=labels))
"""


def test_same_input_same_bytes_in_any_process() -> None:
    outputs = set()
    for seed in ("0", "1", "random"):
        environment = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", _PRINT_PICTURES],
            capture_output=True,
            text=True,
            check=True,
            env=environment,
        )
        outputs.add(run.stdout)
    assert len(outputs) == 1
    table = example_table("vocabulary")
    labels = [
        ((2, 4, 6), "anti"),
        ((0, 1, 2), "triplet"),
        ((1, 4, 7), "column 2"),
        ((0, 4, 8), "main"),
    ]
    here = "\n".join(
        [
            table_svg(table, title="t"),
            table_text(table),
            grid_svg(vocabulary.Grid.parse("r1 r2 r3 / r4 r5 r6 / r7 r8 r9"), annotations=labels),
        ]
    )
    assert outputs == {here + "\n"}


def test_equal_values_give_equal_pictures() -> None:
    assert table_svg(example_table("built")) == table_svg(example_table("vocabulary"))
    assert grid_svg(grid(MIXED)) == grid_svg(vocabulary.Grid.parse(MIXED))
    assert pool_svg(pool("b", "b2 b5", "b4")) == pool_svg(
        vocabulary.Pool.parse("black: b2 b5 | b4")
    )


# -- what cannot be drawn ---------------------------------------------------------------------


def test_a_deck_or_pile_too_large_to_write_is_refused() -> None:
    table = example_table("built")
    with pytest.raises(PositionError, match=re.escape("table.decks[0] is 1000000, not 0-999999")):
        table_text(Table(table.grids, table.pools, (10**6, 0), table.discards))
    pile = Cards([Card("r", 1)] * 10**6)
    message = "the length of table.discards[1] is 1000000, not 0-999999"
    with pytest.raises(PositionError, match=re.escape(message)):
        table_svg(Table(table.grids, table.pools, table.decks, (Cards(), pile)))


def test_render_needs_no_other_part_of_dokuspec() -> None:
    # Only the values it draws (the vocabulary) and the errors: no spec, solver, engine or
    # game module, and no test or command-line library.
    code = (
        "import sys, dokuspec.render.competitive\n"
        "print(sorted({'.'.join(m.split('.')[:2]) for m in sys.modules if m.split('.')[0] in "
        "('dokuspec', 'hypothesis', 'click', 'rich')}))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == str(
        ["dokuspec", "dokuspec.errors", "dokuspec.render", "dokuspec.vocabulary"]
    )


HANDBOOK_PAGE = Path(__file__).parents[2] / "docs" / "render.rst"


@pytest.mark.skipif(
    not HANDBOOK_PAGE.exists(), reason="needs the source tree's docs/ (not in an installed wheel)"
)
def test_the_handbook_example_is_what_table_text_prints() -> None:
    lines = HANDBOOK_PAGE.read_text().split("\n")
    start = lines.index("   >>> print(table_text(table))") + 1
    shown = []
    for line in lines[start:]:
        if line and not line.startswith("   "):
            break
        shown.append(line[3:])
    assert "\n".join(shown).rstrip("\n") == EXAMPLE_TABLE_TEXT
