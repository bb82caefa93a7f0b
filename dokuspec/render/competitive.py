"""Pictures of Competitive Sudoku: cards, Grids, Pools and the Table, as SVG and as text.

The functions take the vocabulary's values
(:mod:`dokuspec.vocabulary.competitive`), valid by construction, and know no
rule: they draw what they are given, and check only what a picture adds
(annotations, a title). The vocabulary's ``Card``, ``Grid``, ``Pool`` and
``Table`` use them for Jupyter's ``_repr_svg_``.

SVG pictures are standalone documents (``xmlns``, ``width``, ``height`` and
``viewBox`` in user units, 1 unit = 1 pixel); the same input gives the same
bytes. Their structure is part of the contract, so that tests and style
sheets can rely on it:

* a card is ``<g class="card red">`` (or ``"card black"``) holding
  ``<title>r5</title>`` (the card's notation), ``<rect class="face">``, and
  three texts with the rank: ``<text class="index">`` in the top left corner,
  ``<text class="rank">`` large in the middle and another ``index`` in the
  bottom right corner (upright, so that a 6 is never read as a 9). Red cards
  are inked ``#c0392b``, black cards ``#1c2833``;
* an empty Grid position is ``<g class="empty">`` with ``<title>empty</title>``
  and a dashed ``<rect class="outline">``;
* a Grid is ``<g class="grid">`` (on the Table ``"grid red"`` and ``"grid
  black"``) with its 9 positions in row-major order, then its annotations,
  each a ``<text class="annotation row">`` (``column``, ``diagonal``), in the
  order given;
* a Stack is ``<g class="stack">`` with its cards bottom first, each drawn
  24 units below the one it covers, so that the corner index of every card
  shows;
* a Pool is ``<g class="pool red">`` (or ``black``) with a caption
  ``<text class="caption">red Pool</text>`` and its Stacks side by side, or,
  when it has none, ``<g class="placeholder">`` with a dashed rectangle;
* a picture's title is ``<text class="title">``; a Table's deck sizes and
  discard pile counts are ``<text class="player black">`` and
  ``<text class="player red">``.

Text pictures are plain ``str`` (no colour codes), at most 80 columns, with
no trailing spaces and no final newline; cards are written in their notation
(``r5``, ``b9``) and an empty position as ``..``.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from itertools import islice

from dokuspec.errors import PositionError, quote
from dokuspec.render.svg import add, document, serialize, text_width, writable
from dokuspec.vocabulary.competitive import BLACK, RED, Card, Grid, Pool, Table

__all__ = [
    "BLACK_INK",
    "RED_INK",
    "card_svg",
    "grid_svg",
    "grid_text",
    "pool_svg",
    "pool_text",
    "table_svg",
    "table_text",
]


# -- what a picture adds ----------------------------------------------------------------------

_COLOUR_NAMES = {RED: "red", BLACK: "black"}
_MOST = 999_999  # the largest deck size or discard pile drawn
_LINES: dict[frozenset[int], tuple[str, int]] = {
    **{frozenset((3 * r, 3 * r + 1, 3 * r + 2)): ("row", r) for r in range(3)},
    **{frozenset((c, c + 3, c + 6)): ("column", c) for c in range(3)},
    frozenset((0, 4, 8)): ("diagonal", 0),
    frozenset((2, 4, 6)): ("diagonal", 1),
}


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _items(value: object, where: str, fewest: int, most: int) -> tuple[object, ...]:
    """The first items of an iterable argument, refused unless there are ``fewest``-``most``."""
    try:
        iterator = iter(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"{where} is {type(value).__name__}, not a sequence") from None
    items = tuple(islice(iterator, most + 1))
    if not fewest <= len(items) <= most:
        count = f"more than {most} items" if len(items) > most else _plural(len(items), "item")
        wanted = str(most) if fewest == most else f"{fewest}-{most}"
        raise PositionError(f"{where} has {count}, not {wanted}")
    return items


def _drawable(table: Table) -> Table:
    """``table``, refused if a Deck or a Discard Pile is too large to be drawn (over 999999)."""
    sizes = [(f"table.decks[{i}]", n) for i, n in enumerate(table.decks)]
    sizes += [(f"the length of table.discards[{i}]", len(d)) for i, d in enumerate(table.discards)]
    for where, size in sizes:
        if size > _MOST:
            raise PositionError(f"{where} is {quote(size)}, not 0-{_MOST}")
    return table


def _annotations(value: object) -> tuple[tuple[str, int, str], ...]:
    """(kind, index, label) per annotation, in the order given."""
    if value is None:
        return ()
    seen: dict[frozenset[int], int] = {}
    result = []
    for n, item in enumerate(_items(value, "annotations", 0, len(_LINES))):
        where = f"annotations[{n}]"
        if isinstance(item, str):
            raise TypeError(f"{where} is a str, not a (positions, label) pair")
        positions, label = _items(item, where, 2, 2)
        indices = _items(positions, f"{where}[0]", 3, 3)
        for i, position in enumerate(indices):
            if not _is_int(position):
                raise TypeError(f"{where}[0][{i}] is {type(position).__name__}, not an int 0-8")
        line = frozenset(i for i in indices if isinstance(i, int))
        if line not in _LINES:
            shown = ", ".join(quote(i) for i in indices)
            raise PositionError(f"{where}[0] is ({shown}), not a row, column or diagonal (0-8)")
        if line in seen:
            raise PositionError(f"{where} labels the same line as annotations[{seen[line]}]")
        seen[line] = n
        kind, index = _LINES[line]
        result.append((kind, index, writable(label, f"{where}[1]")))
    return tuple(result)


def _title(value: object) -> str | None:
    return None if value is None else writable(value, "title")


# -- SVG -------------------------------------------------------------------------------------

RED_INK = "#c0392b"
"""The ink of red cards."""
BLACK_INK = "#1c2833"
"""The ink of black cards."""
_INKS = {RED: RED_INK, BLACK: BLACK_INK}
_LABEL_INK = "#34495e"

_CARD_W, _CARD_H, _GAP = 56, 80, 8
_RANK_SIZE, _INDEX_SIZE = 36, 14
_STACK_OFFSET = 24
_MARGIN = 12
_LABEL_SIZE, _LABEL_GAP = 13, 8
_TITLE_SIZE, _TITLE_H = 16, 28
_CAPTION_SIZE, _CAPTION_H = 14, 22
_GRID_W = 3 * _CARD_W + 2 * _GAP
_GRID_H = 3 * _CARD_H + 2 * _GAP
_POOL_W = 2 * _CARD_W + _GAP
_POOL_H = _CAPTION_H + _CARD_H + _STACK_OFFSET
_POOLS_GAP = 32
_SECTION_GAP = 24
# The Grid is taller than wide: its diagonals run at this angle below the horizontal.
_DIAGONAL = math.atan2(_GRID_H, _GRID_W)
_DIAGONAL_DEGREES = round(math.degrees(_DIAGONAL))

_Style = dict[str, str | int]
_ROUNDED: _Style = {"rx": 6, "ry": 6}
_FACE: _Style = {"width": _CARD_W, "height": _CARD_H, **_ROUNDED, "fill": "#ffffff",
                 "stroke": "#7f8c8d", "stroke_width": 1}  # fmt: skip
_DASHED: _Style = {**_ROUNDED, "fill": "none", "stroke": "#95a5a6", "stroke_width": 2,
                   "stroke_dasharray": "6 4"}  # fmt: skip
_TITLE: _Style = {"font_size": _TITLE_SIZE, "font_weight": "bold", "fill": _LABEL_INK}
_CAPTION: _Style = {"font_size": _CAPTION_SIZE, "fill": _LABEL_INK}
_LABEL: _Style = {"font_size": _LABEL_SIZE, "fill": _LABEL_INK}


def _translate(x: int, y: int) -> str:
    return f"translate({x} {y})"


def _draw_card(parent: ET.Element, card: Card, x: int, y: int) -> None:
    colour, rank = card.colour, card.rank
    ink: _Style = {"font_weight": "bold", "fill": _INKS[colour]}
    corner: _Style = {"font_size": _INDEX_SIZE, **ink}
    group = add(parent, "g", class_=f"card {_COLOUR_NAMES[colour]}", transform=_translate(x, y))
    add(group, "title", f"{colour}{rank}")
    add(group, "rect", class_="face", **_FACE)
    add(group, "text", str(rank), class_="index", x=6, y=_INDEX_SIZE + 3, **corner)
    middle: _Style = {
        "x": _CARD_W // 2,
        "y": _CARD_H // 2 + _RANK_SIZE // 3,
        "text_anchor": "middle",
    }
    add(group, "text", str(rank), class_="rank", font_size=_RANK_SIZE, **middle, **ink)
    low_right: _Style = {"x": _CARD_W - 6, "y": _CARD_H - 6, "text_anchor": "end"}
    add(group, "text", str(rank), class_="index", **low_right, **corner)


def _draw_empty(parent: ET.Element, x: int, y: int) -> None:
    group = add(parent, "g", class_="empty", transform=_translate(x, y))
    add(group, "title", "empty")
    add(group, "rect", class_="outline", width=_CARD_W, height=_CARD_H, **_DASHED)


def _draw_grid(
    parent: ET.Element, cards: Sequence[Card | None], x: int, y: int, css_class: str = "grid"
) -> ET.Element:
    group = add(parent, "g", class_=css_class, transform=_translate(x, y))
    for i, card in enumerate(cards):
        cx, cy = (i % 3) * (_CARD_W + _GAP), (i // 3) * (_CARD_H + _GAP)
        if card is None:
            _draw_empty(group, cx, cy)
        else:
            _draw_card(group, card, cx, cy)
    return group


def _draw_pool(parent: ET.Element, pool: Pool, x: int, y: int) -> None:
    name = _COLOUR_NAMES[pool.colour]
    group = add(parent, "g", class_=f"pool {name}", transform=_translate(x, y))
    add(group, "text", f"{name} Pool", class_="caption", x=0, y=_CAPTION_SIZE, **_CAPTION)
    if not pool.stacks:
        placeholder = add(group, "g", class_="placeholder")
        add(placeholder, "title", "empty")
        add(
            placeholder, "rect", y=_CAPTION_H, width=_POOL_W, height=_POOL_H - _CAPTION_H, **_DASHED
        )
    for s, stack in enumerate(pool.stacks):
        stack_group = add(group, "g", class_="stack")
        for level, card in enumerate(stack.cards):
            _draw_card(stack_group, card, s * (_CARD_W + _GAP), _CAPTION_H + level * _STACK_OFFSET)


def _diagonal_reach(label: str) -> tuple[int, int]:
    """How far across and how far up or down a diagonal label reaches beyond its Grid corner."""
    length = _LABEL_GAP + text_width(label, _LABEL_SIZE)
    return (
        math.ceil(length * math.cos(_DIAGONAL)) + _LABEL_SIZE,
        math.ceil(length * math.sin(_DIAGONAL)) + _LABEL_SIZE,
    )


def _draw_annotation(group: ET.Element, kind: str, index: int, label: str) -> None:
    css_class = f"annotation {kind}"
    if kind == "row":
        y = index * (_CARD_H + _GAP) + _CARD_H // 2 + _LABEL_SIZE // 3
        add(group, "text", label, class_=css_class, x=_GRID_W + _LABEL_GAP, y=y, **_LABEL)
        return
    if kind == "column":
        # Turned a quarter clockwise: it reads downwards from below its column.
        x = index * (_CARD_W + _GAP) + _CARD_W // 2 - _LABEL_SIZE // 3
        y = _GRID_H + _LABEL_GAP
        angle = 90
    else:
        # On the diagonal's extension: beyond the bottom right corner for the main diagonal
        # (0, 4, 8), beyond the top right corner for the anti-diagonal (2, 4, 6).
        x = _GRID_W + round(_LABEL_GAP * math.cos(_DIAGONAL))
        rise = round(_LABEL_GAP * math.sin(_DIAGONAL))
        y, angle = (
            (_GRID_H + rise, _DIAGONAL_DEGREES) if index == 0 else (-rise, -_DIAGONAL_DEGREES)
        )
    turned = f"rotate({angle} {x} {y})"
    add(group, "text", label, class_=css_class, x=x, y=y, transform=turned, **_LABEL)


def card_svg(card: Card) -> str:
    """One card as a standalone SVG document, 64 x 88 units.

    Args:
        card: the card (CS-1).

    Returns:
        The SVG document: one ``<g class="card red">`` (or ``black``), see the
        module's description.
    """
    root = document(_CARD_W + 8, _CARD_H + 8)
    _draw_card(root, card, 4, 4)
    return serialize(root)


def grid_svg(
    grid: Grid,
    *,
    annotations: Iterable[tuple[Sequence[int], str]] | None = None,
    title: str | None = None,
) -> str:
    """A Grid as a standalone SVG document: 3 x 3 cards, empty positions dashed.

    A Grid without annotations or title is 208 x 280 units; labels and a
    title widen and heighten it as far as their estimated length needs.

    Args:
        grid: the Grid; its ``cards`` hold 9 positions, row-major (index 0
            top left, 4 the centre), each a card or ``None`` for an empty one.
        annotations: ``(positions, label)`` pairs, at most one per line:
            ``positions`` are the 3 indices 0-8 of a row, a column or a
            diagonal, in any order, and ``label`` a str drawn beside it: to
            the right of a row, below a column (reading downwards), on the
            extension of a diagonal (the main diagonal 0, 4, 8 beyond the
            bottom right corner, the anti-diagonal 2, 4, 6 beyond the top
            right one). This is how the handbook shows the scoring of a Grid
            (CS-18, CS-20), for example ``((0, 1, 2), "triplet 3")``; the
            labels are not checked against any rule.
        title: a caption drawn above the Grid.

    Returns:
        The SVG document, with one ``<g class="grid">`` (see the module's
        description).

    Raises:
        TypeError: an annotation is not a pair of 3 ints and a str, or
            ``title`` is not a str.
        PositionError: annotation positions are not a line, or two
            annotations label the same line.
        NotationError: a label or the title holds a control character (tab
            and line breaks included: an SVG text is one line) or a character
            XML cannot carry; ``column`` is its 1-based place in that text.
    """
    cards = grid.cards
    labels = _annotations(annotations)
    caption = _title(title)
    right = bottom = top = 0
    for kind, index, label in labels:
        if kind == "row":
            right = max(right, _LABEL_GAP + text_width(label, _LABEL_SIZE))
        elif kind == "column":
            bottom = max(bottom, _LABEL_GAP + text_width(label, _LABEL_SIZE))
        else:
            across, down = _diagonal_reach(label)
            right = max(right, across)
            if index == 0:
                bottom = max(bottom, down)
            else:
                top = max(top, down)
    width = 2 * _MARGIN + _GRID_W + right
    title_h = 0
    if caption is not None:
        width = max(width, 2 * _MARGIN + text_width(caption, _TITLE_SIZE))
        title_h = _TITLE_H
    root = document(width, 2 * _MARGIN + title_h + top + _GRID_H + bottom)
    if caption is not None:
        add(root, "text", caption, class_="title", x=_MARGIN, y=_MARGIN + _TITLE_SIZE, **_TITLE)
    group = _draw_grid(root, cards, _MARGIN, _MARGIN + title_h + top)
    for kind, index, label in labels:
        _draw_annotation(group, kind, index, label)
    return serialize(root)


def pool_svg(pool: Pool) -> str:
    """A Pool as a standalone SVG document, 144 x 150 units.

    The caption names the Pool (``red Pool``); its Stacks stand side by side,
    each with its cards bottom first, every card 24 units below the one it
    covers. A Pool without Stacks is a dashed placeholder.

    Args:
        pool: the Pool, with 0-2 Stacks of 1 or 2 cards, bottom first
            (CS-8, CS-12).

    Returns:
        The SVG document, with one ``<g class="pool red">`` (or ``black``).
    """
    root = document(_POOL_W + 2 * _MARGIN, _POOL_H + 2 * _MARGIN)
    _draw_pool(root, pool, _MARGIN, _MARGIN)
    return serialize(root)


def _player_line(table: Table, player: int) -> str:
    deck, pile = _plural(table.decks[player], "card"), _plural(len(table.discards[player]), "card")
    return f"{('Red', 'Black')[player]}: Deck {deck}, Discard Pile {pile}"


def table_svg(table: Table, *, title: str | None = None) -> str:
    """Everything public on the table as a standalone SVG document.

    From top to bottom: the title, Black's deck size and discard pile count
    (``Black: Deck 14 cards, Discard Pile 4 cards``), Black's Grid, the two
    Pools side by side in the order given (red, black), Red's Grid, and
    Red's deck size and discard pile count. The document is 762 units high (790
    with a title) and as wide as its widest part needs (at least 296 units).

    Args:
        table: the Table (CS-7, CS-8, CS-14); its Deck sizes and Discard
            Piles at most 999999.
        title: a caption drawn at the top.

    Returns:
        The SVG document: ``<g class="grid black">``, ``<g class="pool ...">``
        twice and ``<g class="grid red">``, in that order, and the texts
        described in the module's description.

    Raises:
        TypeError: ``title`` is not a str.
        PositionError: a Deck size or a Discard Pile over 999999.
        NotationError: the title holds a control character or a character
            XML cannot carry, as for :func:`grid_svg`.
    """
    checked = _drawable(table)
    caption = _title(title)
    lines = [_player_line(checked, 1), _player_line(checked, 0)]
    content = max(
        _GRID_W,
        2 * _POOL_W + _POOLS_GAP,
        *(text_width(line, _CAPTION_SIZE) for line in lines),
        0 if caption is None else text_width(caption, _TITLE_SIZE),
    )
    title_h = 0 if caption is None else _TITLE_H
    sections = 2 * _CAPTION_H + 2 * _GRID_H + _POOL_H + 2 * _SECTION_GAP + _GAP
    root = document(content + 2 * _MARGIN, 2 * _MARGIN + title_h + sections)
    centre = _MARGIN + content // 2
    grid_x = centre - _GRID_W // 2
    y = _MARGIN
    if caption is not None:
        add(root, "text", caption, class_="title", x=_MARGIN, y=y + _TITLE_SIZE, **_TITLE)
        y += _TITLE_H
    middle: _Style = {"x": centre, "text_anchor": "middle", **_CAPTION}
    add(root, "text", lines[0], class_="player black", y=y + _CAPTION_SIZE, **middle)
    y += _CAPTION_H
    _draw_grid(root, checked.grids[1].cards, grid_x, y, "grid black")
    y += _GRID_H + _SECTION_GAP
    pools_x = centre - (2 * _POOL_W + _POOLS_GAP) // 2
    for p, pool in enumerate(checked.pools):
        _draw_pool(root, pool, pools_x + p * (_POOL_W + _POOLS_GAP), y)
    y += _POOL_H + _SECTION_GAP
    _draw_grid(root, checked.grids[0].cards, grid_x, y, "grid red")
    y += _GRID_H + _GAP
    add(root, "text", lines[1], class_="player red", y=y + _CAPTION_SIZE, **middle)
    return serialize(root)


# -- text ------------------------------------------------------------------------------------

_WIDTH = 80
_POOL_COLUMN = 14  # where the second Pool starts in table_text


def _card_text(card: Card | None) -> str:
    return ".." if card is None else str(card)


def _grid_lines(cards: Sequence[Card | None]) -> list[str]:
    return [" ".join(_card_text(c) for c in cards[row : row + 3]) for row in (0, 3, 6)]


def _pool_lines(pool: Pool) -> list[str]:
    lines = [f"{_COLOUR_NAMES[pool.colour]} Pool"]
    if not pool.stacks:
        return [*lines, "empty"]
    height = max(stack.height for stack in pool.stacks)
    for level in reversed(range(height)):
        cells = [_card_text(s.cards[level]) if level < s.height else "  " for s in pool.stacks]
        lines.append("   ".join(cells).rstrip())
    return lines


def grid_text(grid: Grid) -> str:
    """A Grid as 3 lines of 8 characters: its rows, top first.

    Each position is its card's notation or ``..`` when empty, separated by
    one space, as in the Grid notation's rows::

        r1 r2 r3
        b4 .. b6
        r7 b8 r9

    Args:
        grid: the Grid.
    """
    return "\n".join(_grid_lines(grid.cards))


def pool_text(pool: Pool) -> str:
    """A Pool as its name, then its Stacks as columns 5 characters apart, top cards above.

    The first line is ``red Pool`` or ``black Pool``. Below it, each Stack is
    a column, as the cards lie: the bottom cards on the last line, the top
    card of a Stack of 2 on the line above. A Pool without Stacks shows
    ``empty``. For Stacks ``r3 r5`` and ``r7`` (bottom first)::

        red Pool
        r5
        r3   r7

    Args:
        pool: the Pool (CS-8, CS-12).
    """
    return "\n".join(_pool_lines(pool))


def table_text(table: Table) -> str:
    """Everything public on the table, laid out as :func:`table_svg` draws it.

    From top to bottom: Black's line, Black's Grid (as :func:`grid_text`), a
    blank line, the red Pool and the black Pool side by side (as
    :func:`pool_text`, the second starting at column 15, both ending on the
    same line), a blank line, Red's Grid and Red's line. A player's line
    gives the deck size and the Discard Pile, its count and its cards in the
    order the pile yields them, wrapped at 80 columns with continuation
    lines indented by 2::

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
        Red: Deck 1 card, Discard Pile 0 cards

    Args:
        table: as :func:`table_svg` takes it.

    Raises:
        PositionError: as :func:`table_svg` raises it.
    """
    checked = _drawable(table)

    def player(index: int) -> list[str]:
        line = _player_line(checked, index)
        if checked.discards[index]:
            line += ": " + " ".join(_card_text(c) for c in checked.discards[index])
        return textwrap.wrap(line, _WIDTH, subsequent_indent="  ")

    red, black = (_pool_lines(p) for p in checked.pools)
    height = max(len(red), len(black))
    red = [""] * (height - len(red)) + red
    black = [""] * (height - len(black)) + black
    pools = [f"{r:<{_POOL_COLUMN}}{b}".rstrip() for r, b in zip(red, black, strict=True)]
    lines = [
        *player(1),
        *_grid_lines(checked.grids[1].cards),
        "",
        *pools,
        "",
        *_grid_lines(checked.grids[0].cards),
        *player(0),
    ]
    return "\n".join(lines)
