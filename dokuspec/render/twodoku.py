"""Pictures of Two-Doku: deals, positions and one player's view, as SVG and as text.

The functions take the vocabulary's values (:mod:`dokuspec.vocabulary.twodoku`)
and know no rule: they draw what they are given. A ``Position`` and a
``View`` are valid by construction. A ``Deal`` checks only its fields'
types, so that a wrong deal can be read and shown: one that breaks
TD-2..TD-4 (a pile of 41, unequal sums, a digit used eleven times) is drawn
as it is, judging it being ``validate``'s business, but what cannot be
drawn is refused: a square off the 9x9 board, a digit outside 1-9, a
square listed twice, two face-down dominoes on one square. These are the
pictures of the vocabulary's ``Deal``, ``Position`` and ``View``, for their
``_repr_svg_`` (Jupyter).

SVG pictures are standalone documents (``xmlns``, ``width``, ``height`` and
``viewBox`` in user units, 1 unit = 1 pixel); the same input gives the same
bytes. Their structure is part of the contract, so that tests and style
sheets can rely on it:

* the board is ``<g class="board">`` holding its 81 squares in row-major
  order (r1c1, r1c2, ..., r9c9), then ``<g class="lines">`` (the lines
  between squares: ``<line class="cell">``, and the thicker
  ``<line class="box">`` around the 3x3 boxes and the board), then the row
  and column numbers (``<text class="label row">``, ``"label column"``);
* a square is ``<g class="square K">`` with K ``red``, ``blue``, ``both`` or
  ``white`` (its colouring, TD-2), and ``highlighted`` added to the class
  when it is highlighted. It holds ``<title>`` (``r3c5 red``, ``r3c5 red and
  blue, 7 face up``, ``r1c1 white, face down, placed by Blue, digit
  unknown``), its colour as ``<rect class="colour red">`` (or ``blue``,
  ``white``; a square of both colours is split along its rising diagonal
  into ``<polygon class="colour red">`` above and ``<polygon class="colour
  blue">`` below), and letters that say the colouring without colour: a
  ``<text class="mark red">R</text>`` in the top left corner of every
  square Red coloured, a ``<text class="mark blue">B</text>`` in the bottom
  right corner of every square Blue coloured;
* a face-up domino is ``<g class="domino face-up">`` inside its square:
  ``<rect class="tile">`` and ``<text class="digit">``;
* a face-down domino is ``<g class="domino face-down red">`` (``blue``: the
  player who placed it, TD-3): ``<rect class="back">`` edged in that
  player's ink, ``<text class="placer">`` (``R`` or ``B``), and either
  ``<text class="digit faded">`` (small and pale: the digit, when the value
  knows it, as a deal does) or ``<text class="unknown">?</text>``;
* highlighted squares are outlined again, above the lines, by the
  ``<rect class="highlight">`` elements of ``<g class="highlights">``,
  dashed and thick, in row-major order;
* below the board, ``<g class="legend">`` holds four ``<g class="key K">``
  (K as for squares: red, blue, both, white), each with a sample square
  and a ``<text class="caption">`` counting the squares of its kind
  (``Red only: 27``, ``Blue only: 27``, ``both: 9``, ``white: 18``);
* beside the board, ``<g class="panel">`` holds what the picture adds to
  the board: digit counts as ``<g class="counts">`` (header texts
  ``<text class="head">``: the digits 1-9 and ``sum``), one
  ``<g class="row X">`` per group of dominoes with ``<text class="name">``
  (``Pot (2)``: the group and how many dominoes it holds), nine
  ``<text class="count">`` (how many of each digit 1-9) and ``<text
  class="sum">``, or, when the digits are not known, one ``<text
  class="note">`` instead of the counts and the sum; and texts (above or
  below the counts) that each function describes;
* a picture's title is ``<text class="title">``.

Text pictures are plain ``str`` (ASCII, no colour codes), at most 80
columns, with no trailing spaces and no final newline. The board is a
Sudoku grid: the column numbers above the digits, then each row after its
number, boxes drawn with ``|`` and ``+---+``. Each square is six
characters: ``R`` if Red coloured it (else a space), ``B`` if Blue did
(else a space), then what lies on it, padded on the right: a space and
``.`` for nothing, a space and the digit of a face-up domino, ``[7]r`` for a
face-down 7 placed by Red, ``[?]b`` for a face-down domino of unknown
digit placed by Blue. Squares are one space apart and ``|`` stands
between boxes, so that a row reads::

    1 | R  .   RB 5   R  .   |   [?]b  B .    B .   | ...

Three lines follow the board: two explain the notation, the third counts
the squares of each kind (``Squares: Red only: 27, Blue only: 27, both:
9, white: 18``).
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Sequence

from dokuspec.render.svg import add, document, serialize, text_width, writable
from dokuspec.render.twodoku_content import (
    LETTERS,
    NAMES,
    Cell,
    CountRow,
    DrawnBoard,
    cell_name,
    event_line,
    events_caption,
    mover_sentence,
    pile_sizes_text,
    read_deal,
    read_highlight,
    read_position,
    read_view,
    square_kind,
    view_heading,
    view_rows,
)
from dokuspec.vocabulary.twodoku import Deal, Position, Square, View

__all__ = [
    "BLUE_INK",
    "RED_INK",
    "deal_svg",
    "deal_text",
    "position_svg",
    "position_text",
    "view_svg",
    "view_text",
]


# -- what a picture adds -------------------------------------------------------------------


def _title(value: object) -> str | None:
    return None if value is None else writable(value, "title")


# -- SVG -------------------------------------------------------------------------------------

RED_INK = "#c0392b"
"""Red's ink, of the R marks and the edge of the face-down dominoes Red placed."""
BLUE_INK = "#1f618d"
"""Blue's ink, of the B marks and the edge of the face-down dominoes Blue placed."""
_INKS = {"red": RED_INK, "blue": BLUE_INK}
_FILLS = {"red": "#f5b7b1", "blue": "#aed6f1", "white": "#ffffff"}
_LABEL_INK = "#34495e"
_DIGIT_INK = "#1c2833"
_FAINT_INK = "#aab7b8"
_BACK_FILL = "#34495e"
_HIGHLIGHT_INK = "#b7950b"

_CELL = 48
_INSET = 8  # between a square's edge and its domino
_TILE = _CELL - 2 * _INSET
_BOARD = 9 * _CELL
_LABELS = 20  # the band of row and column numbers
_MARGIN = 12
_GAP = 28  # between the board and the panel
_MARK_SIZE = 10
_DIGIT_SIZE = 22
_FADED_SIZE = 13
_UNKNOWN_SIZE = 18
_PLACER_SIZE = 8
_TITLE_SIZE, _TITLE_H = 16, 28
_TEXT_SIZE, _LINE_H = 13, 20
_KEY = 16  # a legend's sample square
_LEGEND_H = 36
_NAME_GAP = 12
_COUNT_W = 22
_SUM_W = 44

_Style = dict[str, str | int]
_TITLE: _Style = {"font_size": _TITLE_SIZE, "font_weight": "bold", "fill": _LABEL_INK}
_TEXT: _Style = {"font_size": _TEXT_SIZE, "fill": _LABEL_INK}
_BOLD_MARK: _Style = {"font_size": _MARK_SIZE, "font_weight": "bold"}


def _translate(x: int, y: int) -> str:
    return f"translate({x} {y})"


def _square_title(board: DrawnBoard, cell: Cell, highlighted: bool) -> str:
    kind = square_kind(board, cell)
    parts = [f"{cell_name(cell)} {'red and blue' if kind == 'both' else kind}"]
    if cell in board.face_up:
        parts.append(f"{board.face_up[cell]} face up")
    elif cell in board.face_down:
        down = board.face_down[cell]
        digit = "digit unknown" if down.digit is None else f"digit {down.digit}"
        parts.append(f"face down, placed by {NAMES[down.placed_by]}, {digit}")
    if highlighted:
        parts.append("highlighted")
    return ", ".join(parts)


def _draw_colour(parent: ET.Element, kind: str, size: int) -> None:
    """A square's colour and its R and B marks, ``size`` units wide (in a square or a key)."""
    if kind == "both":
        add(parent, "polygon", class_="colour red", points=f"0,0 {size},0 0,{size}",
            fill=_FILLS["red"])  # fmt: skip
        add(parent, "polygon", class_="colour blue", points=f"{size},0 {size},{size} 0,{size}",
            fill=_FILLS["blue"])  # fmt: skip
    else:
        add(parent, "rect", class_=f"colour {kind}", width=size, height=size, fill=_FILLS[kind])
    mark = min(_MARK_SIZE, size // 2)
    if kind in ("red", "both"):
        add(parent, "text", "R", class_="mark red", x=3, y=mark + 1, fill=RED_INK,
            **(_BOLD_MARK | {"font_size": mark}))  # fmt: skip
    if kind in ("blue", "both"):
        add(parent, "text", "B", class_="mark blue", x=size - 3, y=size - 3, text_anchor="end",
            fill=BLUE_INK, **(_BOLD_MARK | {"font_size": mark}))  # fmt: skip


def _draw_domino(parent: ET.Element, board: DrawnBoard, cell: Cell) -> None:
    middle: _Style = {"x": _CELL // 2, "text_anchor": "middle"}
    tile: _Style = {"x": _INSET, "y": _INSET, "width": _TILE, "height": _TILE, "rx": 4, "ry": 4}
    if cell in board.face_up:
        group = add(parent, "g", class_="domino face-up")
        add(group, "rect", class_="tile", fill="#fdfefe", stroke="#566573", stroke_width=1, **tile)
        add(group, "text", str(board.face_up[cell]), class_="digit", y=_CELL // 2 + 8,
            font_size=_DIGIT_SIZE, font_weight="bold", fill=_DIGIT_INK, **middle)  # fmt: skip
        return
    down = board.face_down[cell]
    group = add(parent, "g", class_=f"domino face-down {down.placed_by}")
    add(group, "rect", class_="back", fill=_BACK_FILL, stroke=_INKS[down.placed_by],
        stroke_width=3, **tile)  # fmt: skip
    add(group, "text", LETTERS[down.placed_by], class_="placer", x=_INSET + 3,
        y=_INSET + 3 + _PLACER_SIZE, font_size=_PLACER_SIZE, fill="#ffffff")  # fmt: skip
    if down.digit is None:
        add(group, "text", "?", class_="unknown", y=_CELL // 2 + 6, font_size=_UNKNOWN_SIZE,
            font_weight="bold", fill="#ffffff", **middle)  # fmt: skip
    else:
        add(group, "text", str(down.digit), class_="digit faded", y=_CELL // 2 + 5,
            font_size=_FADED_SIZE, fill=_FAINT_INK, **middle)  # fmt: skip


def _draw_board(
    root: ET.Element, board: DrawnBoard, highlight: frozenset[Cell], x: int, y: int
) -> None:
    """The board with its top left corner at (x, y), then the row and column numbers."""
    group = add(root, "g", class_="board", transform=_translate(x, y))
    for row in range(1, 10):
        for col in range(1, 10):
            cell = (row, col)
            lit = cell in highlight
            kind = square_kind(board, cell)
            square = add(group, "g", class_=f"square {kind}{' highlighted' if lit else ''}",
                         transform=_translate((col - 1) * _CELL, (row - 1) * _CELL))  # fmt: skip
            add(square, "title", _square_title(board, cell, lit))
            _draw_colour(square, kind, _CELL)
            if cell in board.face_up or cell in board.face_down:
                _draw_domino(square, board, cell)
    lines = add(group, "g", class_="lines")
    for i in range(10):
        thick = i % 3 == 0
        style: _Style = {
            "class_": "box" if thick else "cell",
            "stroke": _DIGIT_INK if thick else "#7f8c8d",
            "stroke_width": 3 if thick else 1,
        }
        at = i * _CELL
        add(lines, "line", x1=at, y1=0, x2=at, y2=_BOARD, **style)
        add(lines, "line", x1=0, y1=at, x2=_BOARD, y2=at, **style)
    label: _Style = {"text_anchor": "middle", **_TEXT}
    for i in range(1, 10):
        centre = (i - 1) * _CELL + _CELL // 2
        add(group, "text", str(i), class_="label row", x=-_LABELS // 2,
            y=centre + _TEXT_SIZE // 3, **label)  # fmt: skip
        add(group, "text", str(i), class_="label column", x=centre, y=-6, **label)
    if highlight:
        rings = add(group, "g", class_="highlights")
        for row, col in sorted(highlight):
            add(rings, "rect", class_="highlight", x=(col - 1) * _CELL + 3,
                y=(row - 1) * _CELL + 3, width=_CELL - 6, height=_CELL - 6, fill="none",
                stroke=_HIGHLIGHT_INK, stroke_width=4, stroke_dasharray="7 4")  # fmt: skip


def _legend_texts(board: DrawnBoard) -> list[tuple[str, str]]:
    kinds = Counter(square_kind(board, (r, c)) for r in range(1, 10) for c in range(1, 10))
    return [
        ("red", f"Red only: {kinds['red']}"),
        ("blue", f"Blue only: {kinds['blue']}"),
        ("both", f"both: {kinds['both']}"),
        ("white", f"white: {kinds['white']}"),
    ]


_KEY_GAP = 16
_HEADINGS = ("to-move", "events-caption")  # panel texts drawn bold


def _legend_width(board: DrawnBoard) -> int:
    keys = _legend_texts(board)
    return sum(_KEY + 6 + text_width(t, _TEXT_SIZE) for _, t in keys) + _KEY_GAP * (len(keys) - 1)


def _draw_legend(root: ET.Element, board: DrawnBoard, x: int, y: int) -> None:
    group = add(root, "g", class_="legend", transform=_translate(x, y))
    at = 0
    for kind, caption in _legend_texts(board):
        key = add(group, "g", class_=f"key {kind}", transform=_translate(at, 0))
        _draw_colour(key, kind, _KEY)
        add(key, "rect", width=_KEY, height=_KEY, fill="none", stroke="#7f8c8d", stroke_width=1)
        add(key, "text", caption, class_="caption", x=_KEY + 6, y=_KEY - 3, **_TEXT)
        at += _KEY + 6 + text_width(caption, _TEXT_SIZE) + _KEY_GAP


def _name_width(rows: Sequence[CountRow]) -> int:
    return max(text_width(r.name, _TEXT_SIZE) for r in rows) + _NAME_GAP


def _counts_width(rows: Sequence[CountRow]) -> int:
    return _name_width(rows) + 9 * _COUNT_W + _SUM_W


def _draw_counts(parent: ET.Element, rows: Sequence[CountRow], y: int) -> int:
    """The digit counts table from ``y`` down; returns the y below it."""
    group = add(parent, "g", class_="counts", transform=_translate(0, y))
    first = _name_width(rows)
    right: _Style = {"text_anchor": "end", **_TEXT}
    for d in range(1, 10):
        add(group, "text", str(d), class_="head", x=first + d * _COUNT_W, y=_TEXT_SIZE,
            font_weight="bold", **right)  # fmt: skip
    end = first + 9 * _COUNT_W + _SUM_W
    add(group, "text", "sum", class_="head", x=end, y=_TEXT_SIZE, font_weight="bold", **right)
    for i, row in enumerate(rows, start=1):
        line = add(group, "g", class_=f"row {row.css}", transform=_translate(0, i * _LINE_H))
        add(line, "text", row.name, class_="name", x=0, y=_TEXT_SIZE, **_TEXT)
        if row.digits is None:
            add(line, "text", row.note, class_="note", x=first, y=_TEXT_SIZE,
                font_style="italic", **_TEXT)  # fmt: skip
            continue
        counts = Counter(row.digits)
        for d in range(1, 10):
            style = right | ({"fill": _FAINT_INK} if not counts[d] else {})
            add(line, "text", str(counts[d]), class_="count", x=first + d * _COUNT_W,
                y=_TEXT_SIZE, **style)  # fmt: skip
        add(line, "text", str(sum(row.digits)), class_="sum", x=end, y=_TEXT_SIZE, **right)
    return y + (len(rows) + 1) * _LINE_H


def _picture(
    board: DrawnBoard,
    highlight: frozenset[Cell],
    title: str | None,
    rows: Sequence[CountRow],
    before: Sequence[tuple[str, str]] = (),
    after: Sequence[tuple[str, str]] = (),
) -> str:
    """The board with its legend and, beside it, a panel: the ``before`` lines (class,
    text), the digit counts, then the ``after`` lines."""
    lines = [*before, *after]
    panel_w = max([_counts_width(rows), *(text_width(text, _TEXT_SIZE) for _, text in lines)])
    title_h = 0 if title is None else _TITLE_H
    board_w = max(_LABELS + _BOARD, _LABELS + _legend_width(board))
    panel_h = (len(rows) + 1 + len(lines)) * _LINE_H + 8 * (
        (1 if before else 0) + (1 if after else 0)
    )
    content_h = max(_LABELS + _BOARD + _LEGEND_H, _LABELS + panel_h)
    width = max(
        2 * _MARGIN + board_w + _GAP + panel_w,
        0 if title is None else 2 * _MARGIN + text_width(title, _TITLE_SIZE),
    )
    root = document(width, 2 * _MARGIN + title_h + content_h)
    if title is not None:
        add(root, "text", title, class_="title", x=_MARGIN, y=_MARGIN + _TITLE_SIZE, **_TITLE)
    top = _MARGIN + title_h + _LABELS
    _draw_board(root, board, highlight, _MARGIN + _LABELS, top)
    _draw_legend(root, board, _MARGIN + _LABELS, top + _BOARD + 12)
    panel = add(root, "g", class_="panel", transform=_translate(_MARGIN + board_w + _GAP, top))
    y = 0
    for css, text in before:
        add(panel, "text", text, class_=css, x=0, y=y + _TEXT_SIZE, font_weight="bold", **_TEXT)
        y += _LINE_H
    y = _draw_counts(panel, rows, y + (8 if before else 0)) + 8
    for css, text in after:
        weight: _Style = {"font_weight": "bold"} if css in _HEADINGS else {}
        add(panel, "text", text, class_=css, x=0, y=y + _TEXT_SIZE, **weight, **_TEXT)
        y += _LINE_H
    return serialize(root)


def deal_svg(deal: Deal, *, title: str | None = None) -> str:
    """A deal as a standalone SVG document: the board, and the digit counts beside it.

    The board shows both colourings and the face-down dominoes (TD-2, TD-3)
    with their digits, small and pale (a deal knows them), and who placed
    each. Beside it, the digit counts of the pot, of Red's and Blue's piles,
    of the face-down dominoes and of all of them together (TD-1, TD-4), each
    with its sum: ``<g class="row pot">``, ``"row red"``, ``"row blue"``,
    ``"row face-down"`` and ``"row all"``, named ``Pot (2)``, ``Red (40)``,
    ``Blue (40)``, ``Face down (8)`` and ``All (90)`` (see the module's
    description). Nothing is judged: unequal sums or a digit counted 11 times
    in ``All`` are drawn as they are.

    Args:
        deal: the deal. A ``Deal`` checks only its fields' types, so its
            values are checked here: squares 1-9, digits 1-9, at most 90
            dominoes in the pot and in each pile.
        title: a caption drawn at the top.

    Returns:
        The SVG document.

    Raises:
        TypeError: ``title`` is not a str.
        OffBoardError: a row or column outside 1-9 (the message names it, as
            ``deal.face_down[2].col``).
        PositionError: a digit outside 1-9, a square listed twice in one
            colouring, two face-down dominoes on one square, more than 90
            dominoes in the pot or a pile, more than 81 squares.
        NotationError: the title holds a control character or a character
            XML cannot carry (``column``: its 1-based place).
    """
    board, rows = read_deal(deal)
    return _picture(board, frozenset(), _title(title), rows)


def position_svg(
    position: Position, *, highlight: Iterable[Square] = (), title: str | None = None
) -> str:
    """A position as a standalone SVG document: the board, and the digit counts beside it.

    The board shows both colourings, the face-up dominoes and the face-down
    ones (with their digit, small and pale, where the position knows it,
    else ``?``; and who placed each). Beside it: the digit counts and sums
    of the pot (``<g class="row pot">``), Red's and Blue's piles (``"row
    red"``, ``"row blue"``; a pile that is ``None`` is named ``Red`` with the
    note ``unknown``), the face-up dominoes (``"row face-up"``) and the
    face-down ones (``"row face-down"``; while some digits are unknown, the
    note ``3 of 8 digits known``), then ``<text class="to-move">Red to
    move</text>`` (``nobody to move`` when ``to_move`` is ``None``).

    Args:
        position: the position.
        highlight: squares outlined on the board, each at most once, for
            example the squares a domino may go to.
        title: a caption drawn at the top.

    Returns:
        The SVG document.

    Raises:
        TypeError: ``highlight`` is not an iterable of squares, or ``title``
            is not a str.
        PositionError: a square listed twice in ``highlight``.
        NotationError: the title cannot be drawn as one line of text.
    """
    board, to_move, rows = read_position(position)
    lit = read_highlight(highlight)
    lines = [("to-move", mover_sentence(to_move))]
    return _picture(board, lit, _title(title), rows, after=lines)


def view_svg(view: View, *, highlight: Iterable[Square] = (), title: str | None = None) -> str:
    """What one player has seen (TD-11) as a standalone SVG document.

    The board shows the colourings (partial ones too), the face-up dominoes
    and the face-down ones as backs with ``?`` and who placed them. Beside
    it, from the top: ``<text class="whose">Red's view: play phase, Blue to
    move</text>``; the digit counts of the player's own pile (``<g
    class="row pile red">``, named ``Red's pile (38)``) and of the pot
    (``"row pot"``); ``<text class="pile-sizes">Pile sizes: Red 38, Blue
    40</text>``;
    ``<text class="events-caption">`` (``Last 8 of 23 events``, ``Events
    (3)``, or ``No events yet``) and the last 8 events, oldest first, each
    ``<text class="event">`` numbered in the whole game: ``21. Red took 3
    from the pot``, ``22. Red played 5 on r4c5: failed, hidden clash, r4c9
    turned face up``, ``23. Red put 7 into the pot``.

    Args:
        view: the view.
        highlight: squares outlined on the board, as for :func:`position_svg`.
        title: a caption drawn at the top.

    Returns:
        The SVG document.

    Raises:
        TypeError, PositionError, NotationError: as :func:`position_svg`.
    """
    checked = read_view(view)
    lit = read_highlight(highlight)
    lines = [
        ("pile-sizes", pile_sizes_text(checked)),
        ("events-caption", events_caption(checked)),
        *(("event", event_line(e)) for e in checked.last_events),
    ]
    before = [("whose", view_heading(checked))]
    return _picture(checked.board, lit, _title(title), view_rows(checked), before, lines)


# -- text ------------------------------------------------------------------------------------

_WIDTH = 80
_TEXT_CELL = 6
_LEGEND_LINES = (
    "R, B: coloured by Red, Blue   7: face up   .: empty",
    "[7]r: face down, digit 7, placed by Red   [?]b: digit unknown, placed by Blue",
)


def _cell_text(board: DrawnBoard, cell: Cell) -> str:
    marks = ("R" if cell in board.red else " ") + ("B" if cell in board.blue else " ")
    if cell in board.face_up:
        content = f" {board.face_up[cell]}"
    elif cell in board.face_down:
        down = board.face_down[cell]
        content = f"[{'?' if down.digit is None else down.digit}]{LETTERS[down.placed_by].lower()}"
    else:
        content = " ."
    return f"{marks}{content:<4}"


def _board_lines(board: DrawnBoard) -> list[str]:
    """The board as a Sudoku grid: a header of column numbers, 9 rows and 4 rules."""
    box_width = 3 * _TEXT_CELL + 4  # a box's row: " cell cell cell "
    rule = "  +" + "+".join(["-" * box_width] * 3) + "+"
    header = [" "] * len(rule)
    for col in range(1, 10):
        box, place = divmod(col - 1, 3)
        # "r |" then per box " cell cell cell |"; the content starts 2 into a cell.
        at = 3 + box * (box_width + 1) + 1 + place * (_TEXT_CELL + 1) + 3
        header[at] = str(col)
    lines = ["".join(header)]
    for row in range(1, 10):
        if row % 3 == 1:
            lines.append(rule)
        boxes = [
            " ".join(_cell_text(board, (row, col)) for col in range(3 * b + 1, 3 * b + 4))
            for b in range(3)
        ]
        lines.append(f"{row} | " + " | ".join(boxes) + " |")
    lines.append(rule)
    return [line.rstrip() for line in lines]


def _counts_lines(rows: Sequence[CountRow]) -> list[str]:
    width = max(len(r.name) for r in rows) + 2
    lines = [f"{'':<{width}}" + "".join(f"{d:>3}" for d in range(1, 10)) + f"{'sum':>6}"]
    for row in rows:
        if row.digits is None:
            lines.append(f"{row.name:<{width}}  {row.note}")
            continue
        counts = Counter(row.digits)
        cells = "".join(f"{counts[d] if counts[d] else '.':>3}" for d in range(1, 10))
        lines.append(f"{row.name:<{width}}{cells}{sum(row.digits):>6}")
    return lines


def _legend_line(board: DrawnBoard) -> str:
    return "Squares: " + ", ".join(text for _, text in _legend_texts(board))


def _text(board: DrawnBoard, rows: Sequence[CountRow], extra: Sequence[str]) -> str:
    lines = [*_board_lines(board), *_LEGEND_LINES, _legend_line(board), "", *_counts_lines(rows)]
    for line in extra:
        lines.extend(textwrap.wrap(line, _WIDTH, subsequent_indent="    ") or [""])
    return "\n".join(line.rstrip() for line in lines)


def deal_text(deal: Deal) -> str:
    """A deal as text: the board, a legend, and the digit counts of the pot and the piles.

    The board is a Sudoku grid (rows and columns numbered 1-9, the boxes
    drawn with ``|`` and ``-``); each square shows ``R`` and ``B`` for the
    players who coloured it and the face-down domino on it as ``[7]r`` (a 7
    placed by Red). Two legend lines explain this, a third counts the
    squares of each kind (``Squares: Red only: 27, Blue only: 27, both: 9,
    white: 18``). After a blank line, the digit counts as :func:`deal_svg`
    draws them, zeros written ``.``::

                         1  2  3  4  5  6  7  8  9   sum
        Pot (2)          .  .  1  .  .  .  1  .  .    10
        Red (40)         5  4  4  5  4  4  5  4  5   200

    Raises:
        OffBoardError, PositionError: as :func:`deal_svg`.
    """
    board, rows = read_deal(deal)
    return _text(board, rows, [])


def position_text(position: Position) -> str:
    """A position as text: the board as :func:`deal_text` writes it, the counts, who moves.

    Face-down dominoes show their digit where the position knows it
    (``[7]r``), else ``[?]r``. The counts are those :func:`position_svg`
    draws; the last line is ``Red to move``, ``Blue to move`` or ``Nobody to
    move``.

    """
    board, to_move, rows = read_position(position)
    return _text(board, rows, ["", mover_sentence(to_move)])


def view_text(view: View) -> str:
    """What one player has seen (TD-11) as text, laid out as :func:`view_svg` draws it.

    First the heading (``Red's view: play phase, Blue to move``), then the
    board as :func:`deal_text` writes it (face-down dominoes as ``[?]r``),
    the counts of the player's pile and of the pot, the pile sizes, the
    player's pile digit by digit, and the last 8 events, numbered in the
    whole game, one per line (a long line wraps, indented by 4)::

        Last 3 of 23 events:
        21. Red took 3 from the pot
        22. Red played 5 on r4c5: failed, hidden clash, r4c9 turned face up
        23. Red put 7 into the pot

    """
    checked = read_view(view)
    whose = f"{NAMES[checked.player]}'s pile: {' '.join(map(str, checked.pile)) or '-'}"
    caption = events_caption(checked)
    extra = [
        "",
        pile_sizes_text(checked),
        whose,
        "",
        caption + (":" if checked.event_count else ""),
        *(event_line(e) for e in checked.last_events),
    ]
    text = _text(checked.board, view_rows(checked), extra)
    return view_heading(checked) + "\n" + text
