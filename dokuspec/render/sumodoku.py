"""Pictures of Sumodoku: boards and positions, as SVG and as terminal text.

The functions take the vocabulary's ``Board`` and ``Position``
(:mod:`dokuspec.vocabulary.sumodoku`), valid by construction, and know no
rule: they draw what they are given. A board with two pieces of one colour
in a row, or more than nine pieces of a colour, is drawn as it is, so that
a wrong board can be shown; judging it is the rules' business. What a
picture adds is checked: a highlighted piece the board does not hold, a
move whose piece disagrees with the board, a title XML cannot carry, are
refused. These are the pictures of the vocabulary's ``Board`` and
``Position``, for their ``_repr_svg_`` (Jupyter).

Colours are drawn from Paul Tol's *muted* scheme, nine colours chosen to
stay apart for the common forms of colour blindness (:data:`PALETTE`); every
piece also carries its colour's number ``k`` (the digit the variants read,
unless the position's ``digits`` give colour ``k`` another one, SU-36: then
a note lists each colour's digit), in black or white ink whichever
contrasts more, so a picture also reads in grey.

SVG pictures are standalone documents (``xmlns``, ``width``, ``height`` and
``viewBox`` in user units, 1 unit = 1 pixel); the same input gives the same
bytes. Their structure is part of the contract, so that tests and style
sheets can rely on it:

* the board is ``<g class="board">``, holding in this order:
  ``<g class="grounds">`` (81 ``<rect class="ground K">``, row by row, K
  ``odd``, ``even`` or ``plain``: the parity marking, SU-13); with Sudoku X
  (SU-12) ``<g class="diagonals">`` (two ``<line class="diagonal">``);
  ``<g class="cells">`` (81 ``<g class="cell">``, row by row, each with a
  ``<title>`` such as ``r4c7: colour 5, odd cell, highlighted, move 12``
  (``colour 5 (digit 2)`` when the digits differ from the colours),
  ``<text class="parity odd">o</text>`` (``even``: ``e``) in the bottom
  right corner of a marked cell, the piece, and ``<text
  class="move-number">`` in the top left corner when a move went there);
  ``<g class="lines">`` (``<line class="cell">`` and the thicker ``<line
  class="box">``); with consecutive or non-consecutive marks ``<g
  class="marks">`` (one ``<rect class="consecutive">`` per border marked
  consecutive, a bar centred on it, then one ``<g class="non-consecutive">``
  per border marked non-consecutive (SU-37), a small cross of two ``<line>``
  centred on it, each with a ``<title>`` naming the border, ``r1c1-r1c2``,
  in the order of the borders' cells); ``<g class="highlights">`` (one dashed ``<rect
  class="highlight">`` per highlighted cell, row by row) when any;
  ``<g class="candidates">`` (one ``<g class="crossed">`` per candidate ruled
  out, ``"crossed concluded"`` for a step's conclusion, each a ``<title>``, a
  small ``<text>`` and a ``<line>`` through it) and ``<g class="conclusions">``
  (one ``<circle class="conclusion">`` per placement a step concludes) when
  any; the row and column numbers (``<text class="label row">``, ``"label column"``);
* a piece is ``<g class="piece colour-K">`` (K 1-9): ``<circle
  class="disc">`` filled with the colour, and ``<text class="digit">K</text>``;
  a move onto a cell the board leaves empty is drawn as ``<g class="piece
  colour-K ghost">``, pale and dashed: placed by the move, not on the board;
* beside the board, ``<g class="panel">`` holds ``<g class="counts">``: a
  header of nine sample pieces (``<g class="piece colour-K">``, the colour
  key) and ``all``, then three ``<g class="row K">`` (``on-board``, ``out``
  and ``left``), each with ``<text class="name">`` (``On board``, ``Out of
  the game``, ``Left``), nine ``<text class="count">`` and ``<text
  class="total">``; then ``<text class="note K">`` lines: ``variants`` (the
  variants in force, or ``No variant``), one per variant (``x``,
  ``parity``, ``consecutive``, ``strict-marks``, ``non-consecutive``,
  ``non-consecutive-marks``, ``digits``), and
  ``highlight`` (``Highlighted: 3 cells``) when any; then, with moves,
  ``<g class="moves">``: ``<text class="caption">`` (``Moves (12)``) and
  one ``<text class="move">`` per move, ``12. r4c7=3``, in columns;
* a picture's title is ``<text class="title">``.

Text pictures are plain ``str`` (box-drawing characters, no colour codes),
at most 80 columns, with no trailing spaces and no final newline. The board
is drawn with light lines between cells and heavy lines around the boxes;
a consecutive mark (SU-14) is a double line (``║`` or ``════``) on its
border, a non-consecutive mark (SU-37) a cross (``×`` in place of the
upright line, or in the line below the cell's number). Each cell is
four characters: ``[`` when highlighted (else a space), the colour digit
or ``.`` for an empty cell, ``]`` when highlighted (else a space), then
``o`` or ``e`` for an odd or even cell (SU-13, else a space)::

         1    2    3    4    5    6    7    8    9
      ┏━━━━┯━━━━┯━━━━┳━━━━┯━━━━┯━━━━┳━━━━┯━━━━┯━━━━┓
    1 ┃ 5  │ .  │[3]o┃ .  │ .  ...

After the board: what the marks mean, one line per variant in force (or
``No variant``), and the piece counts per colour (``On board``, ``Out of
the game``, ``Left``: 9 minus the other two).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import islice

from dokuspec.errors import OffBoardError, PositionError, quote
from dokuspec.render.svg import add, document, serialize, text_width, writable
from dokuspec.vocabulary.sumodoku import Board, Piece, Position, border_name, cell_name

__all__ = [
    "INKS",
    "PALETTE",
    "board_svg",
    "board_text",
]

PALETTE = (
    "#cc6677",
    "#332288",
    "#ddcc77",
    "#117733",
    "#88ccee",
    "#882255",
    "#44aa99",
    "#999933",
    "#aa4499",
)
"""The fill of colour ``k`` at ``PALETTE[k - 1]``, from Paul Tol's muted scheme (rose, indigo,
sand, green, cyan, wine, teal, olive, purple), safe for colour-blind readers."""

INKS = (
    "#000000",
    "#ffffff",
    "#000000",
    "#ffffff",
    "#000000",
    "#ffffff",
    "#000000",
    "#000000",
    "#ffffff",
)
"""The ink of colour ``k``'s digit at ``INKS[k - 1]``, black or white, whichever contrasts
more with the fill (at least 4.5 : 1, WCAG's level AA for text)."""


# -- what is drawn, and what a picture adds --------------------------------------------------

_CELLS = 81
_MOST_MOVES = 81  # each of the 81 pieces is placed at most once
_MOST_HIGHLIGHTS = 81


@dataclass(frozen=True, slots=True)
class _Position:
    """What the drawing reads of a position: the cells and the variants, borders in order."""

    cells: tuple[int, ...]
    x: bool
    parity: str
    marks: tuple[tuple[int, int], ...]  # sorted, smaller cell first
    strict_marks: bool
    non_consecutive: bool
    out: tuple[int, ...]
    apart: tuple[tuple[int, int], ...] = ()  # the non-consecutive marks, as ``marks``
    digits: str = "123456789"


@dataclass(frozen=True, slots=True)
class _Move:
    number: int  # 1-based
    cell: int
    colour: int


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _items(value: object, where: str, most: int) -> tuple[object, ...]:
    """The items of an iterable argument (not a str), refused beyond ``most`` of them."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{where} is {type(value).__name__}, not a sequence")
    try:
        iterator = iter(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"{where} is {type(value).__name__}, not a sequence") from None
    items = tuple(islice(iterator, most + 1))
    if len(items) > most:
        raise PositionError(f"{where} has more than {most} items")
    return items


def _position(value: Position | Board, caller: str) -> _Position:
    if isinstance(value, Board):
        return _Position(tuple(value.cells), False, "", (), False, False, (0,) * 9)
    if not isinstance(value, Position):
        hint = " (parse it first)" if isinstance(value, str) else ""
        raise TypeError(f"{caller} takes a Position or a Board, not {type(value).__name__}{hint}")
    variants = value.variants
    return _Position(
        cells=tuple(value.board.cells),
        x=variants.x,
        parity=variants.parity,
        marks=tuple(sorted(variants.consecutive)),
        strict_marks=variants.strict_marks,
        non_consecutive=variants.non_consecutive,
        out=value.out,
        apart=tuple(sorted(variants.non_consecutive_marks)),
        digits=variants.digits,
    )


def _piece(value: object, where: str) -> tuple[int, int]:
    """A piece's cell index and colour."""
    if not isinstance(value, Piece):
        raise TypeError(f"{where} is {type(value).__name__}, not a Piece")
    return value.cell, value.colour


def _highlight(value: object, drawn: _Position) -> frozenset[int]:
    seen: dict[int, str] = {}
    for i, item in enumerate(_items(value, "highlight", _MOST_HIGHLIGHTS)):
        here = f"highlight[{i}]"
        if _is_int(item):
            assert isinstance(item, int)
            if not 0 <= item <= 80:
                raise OffBoardError(f"{here} is {quote(item)}, not a cell index 0-80")
            cell = item
        elif isinstance(item, Piece):
            cell, colour = item.cell, item.colour
            held = drawn.cells[cell]
            if held != colour:
                holds = f"colour {held}" if held else "nothing"
                raise PositionError(
                    f"{here} is {cell_name(cell)}={colour}, but the board holds {holds} there"
                )
        else:
            raise TypeError(f"{here} is {type(item).__name__}, not a Piece or a cell index 0-80")
        if cell in seen:
            raise PositionError(f"{here} names {cell_name(cell)}, as {seen[cell]} does")
        seen[cell] = here
    return frozenset(seen)


def _moves(value: object, drawn: _Position) -> tuple[_Move, ...]:
    moves = tuple(
        _Move(number, *_piece(item, f"moves[{number - 1}]"))
        for number, item in enumerate(_items(value, "moves", _MOST_MOVES), start=1)
    )
    for move in _last_moves(moves).values():
        held = drawn.cells[move.cell]
        if held and held != move.colour:
            raise PositionError(
                f"moves[{move.number - 1}] is {cell_name(move.cell)}={move.colour}, "
                f"but the board holds colour {held} there"
            )
    return moves


def _crossed(value: object, name: str, drawn: _Position) -> tuple[tuple[int, int], ...]:
    """Candidates ruled out, as (cell, colour): each on an empty cell, each once."""
    found: dict[tuple[int, int], None] = {}
    for i, item in enumerate(_items(value, name, _CELLS * 9)):
        cell, colour = _piece(item, f"{name}[{i}]")
        if drawn.cells[cell]:
            raise PositionError(
                f"{name}[{i}] is {cell_name(cell)}={colour}, but the board holds a piece there"
            )
        if (cell, colour) in found:
            raise PositionError(f"{name}[{i}] names {cell_name(cell)}={colour} twice")
        found[cell, colour] = None
    return tuple(found)


def _concluded(
    value: object, drawn: _Position, moves: Sequence[_Move]
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """A step's conclusion as (placements, candidates ruled out): a piece whose cell shows its
    colour (a piece, or the latest move there) is a placement, any other a ruled-out candidate."""
    last = _last_moves(moves)
    placed: list[tuple[int, int]] = []
    ruled_out: list[tuple[int, int]] = []
    for i, item in enumerate(_items(value, "concluded", _CELLS * 9)):
        cell, colour = _piece(item, f"concluded[{i}]")
        move = last.get(cell)
        shows = drawn.cells[cell] or (move.colour if move is not None else 0)
        if shows == colour:
            placed.append((cell, colour))
        elif drawn.cells[cell]:
            raise PositionError(
                f"concluded[{i}] is {cell_name(cell)}={colour}, but the board holds colour "
                f"{drawn.cells[cell]} there"
            )
        else:
            ruled_out.append((cell, colour))
    return tuple(placed), tuple(ruled_out)


def _last_moves(moves: Sequence[_Move]) -> dict[int, _Move]:
    """The latest move into each cell."""
    return {move.cell: move for move in moves}


def _title(value: object) -> str | None:
    return None if value is None else writable(value, "title")


# -- words shared by SVG and text ------------------------------------------------------------


def _counts(drawn: _Position) -> list[tuple[str, str, tuple[int, ...]]]:
    """The rows of the piece counts: (css class, name, nine counts)."""
    on_board = tuple(drawn.cells.count(k) for k in range(1, 10))
    left = tuple(9 - on_board[k] - drawn.out[k] for k in range(9))
    return [
        ("on-board", "On board", on_board),
        ("out", "Out of the game", drawn.out),
        ("left", "Left", left),
    ]


def _variant_notes(drawn: _Position, *, text: bool) -> list[tuple[str, str]]:
    """(css class, sentence) per variant in force; the words of the marks differ by medium."""
    notes = []
    mapped = drawn.digits != "123456789"
    apart = "digits 1 apart" if mapped else "colours 1 apart"
    if drawn.x:
        notes.append(("x", "Sudoku X (SU-12): both diagonals hold 9 colours"))
    if drawn.parity:
        odd = [k for k in range(1, 10) if int(drawn.digits[k - 1]) % 2]
        even = [k for k in range(1, 10) if k not in odd]
        kinds = "colours " if mapped else ""
        notes.append(
            (
                "parity",
                f"Odd/even (SU-13): o odd cell ({kinds}{' '.join(map(str, odd))}), "
                f"e even ({' '.join(map(str, even))})",
            )
        )
    if drawn.marks:
        mark = "a double line" if text else "a bar"
        notes.append(("consecutive", f"Consecutive (SU-14): across {mark}, {apart}"))
        if drawn.strict_marks:
            notes.append(("strict-marks", "Strict marks (SU-14): elsewhere never 1 apart"))
    if drawn.non_consecutive:
        notes.append(("non-consecutive", "Non-consecutive (SU-14): no neighbours 1 apart"))
    if drawn.apart:
        mark = "an ×" if text else "a cross"
        words = f"Non-consecutive marks (SU-37): across {mark}, never {apart}"
        notes.append(("non-consecutive-marks", words))
    if mapped:
        digits = " ".join(drawn.digits)
        notes.append(("digits", f"Digits (SU-36): colours 1-9 are digits {digits}"))
    return notes


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# -- SVG -------------------------------------------------------------------------------------

_CELL = 48
_BOARD = 9 * _CELL
_RADIUS = 16
_LABELS = 20
_MARGIN = 12
_GAP = 28
_DIGIT_SIZE = 20
_SMALL_SIZE = 10
_TITLE_SIZE, _TITLE_H = 16, 28
_TEXT_SIZE, _LINE_H = 13, 20
_KEY_RADIUS = 9
_COUNT_W = 26
_TOTAL_W = 40
_NAME_GAP = 12
_MOVE_W = 88
_MOVE_COLUMNS = 4

_LABEL_INK = "#34495e"
_LINE_INK = "#1c2833"
_FAINT_INK = "#7f8c8d"
_HIGHLIGHT_INK = "#000000"
_CONCLUSION_INK = "#c0392b"
_GROUNDS = {"odd": "#d5d8dc", "even": "#f2f3f4", "plain": "#ffffff"}

_Style = dict[str, str | int]
_TEXT: _Style = {"font_size": _TEXT_SIZE, "fill": _LABEL_INK}
_TITLE: _Style = {"font_size": _TITLE_SIZE, "font_weight": "bold", "fill": _LABEL_INK}


def _translate(x: int, y: int) -> str:
    return f"translate({x} {y})"


def _parity_of(drawn: _Position, cell: int) -> str:
    if not drawn.parity:
        return "plain"
    return {"o": "odd", "e": "even", ".": "plain"}[drawn.parity[cell]]


def _cell_title(drawn: _Position, cell: int, lit: bool, move: _Move | None) -> str:
    colour = drawn.cells[cell]
    parts = [f"{cell_name(cell)}: " + (f"colour {colour}" if colour else "empty")]
    if colour and drawn.digits != "123456789":
        parts[0] += f" (digit {drawn.digits[colour - 1]})"
    kind = _parity_of(drawn, cell)
    if kind != "plain":
        parts.append(f"{kind} cell")
    if lit:
        parts.append("highlighted")
    if move is not None:
        ghost = "" if colour else f" (colour {move.colour}, not on the board)"
        parts.append(f"move {move.number}{ghost}")
    return ", ".join(parts)


def _draw_piece(parent: ET.Element, colour: int, x: int, y: int, radius: int, *,
                ghost: bool = False) -> None:  # fmt: skip
    """A piece of ``colour`` centred on (x, y): a disc and its digit."""
    group = add(parent, "g", class_=f"piece colour-{colour}{' ghost' if ghost else ''}")
    width = 2 if radius > _KEY_RADIUS else 1
    disc: _Style = {"cx": x, "cy": y, "r": radius, "fill": PALETTE[colour - 1],
                    "stroke": _LINE_INK, "stroke_width": width}  # fmt: skip
    if ghost:
        disc |= {"fill_opacity": "0.4", "stroke_dasharray": "4 3"}
    add(group, "circle", class_="disc", **disc)
    size = _DIGIT_SIZE if radius > _KEY_RADIUS else _SMALL_SIZE + 1
    ink = _LINE_INK if ghost else INKS[colour - 1]
    add(group, "text", str(colour), class_="digit", x=x, y=y + size * 7 // 20,
        text_anchor="middle", font_size=size, font_weight="bold", fill=ink)  # fmt: skip


def _border_middle(a: int, b: int) -> tuple[int, int]:
    """The middle of the border between cells ``a`` and ``b`` (``a`` the upper or left one)."""
    if b - a == 1:  # neighbours in a row: the border is upright
        return (a % 9 + 1) * _CELL, a // 9 * _CELL + _CELL // 2
    return a % 9 * _CELL + _CELL // 2, (a // 9 + 1) * _CELL


def _draw_board(
    root: ET.Element,
    drawn: _Position,
    lit: frozenset[int],
    moves: Sequence[_Move],
    x: int,
    y: int,
    crossed: Sequence[tuple[int, int]] = (),
    concluded: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] = ((), ()),
) -> None:
    group = add(root, "g", class_="board", transform=_translate(x, y))
    grounds = add(group, "g", class_="grounds")
    for cell in range(_CELLS):
        kind = _parity_of(drawn, cell)
        add(grounds, "rect", class_=f"ground {kind}", x=cell % 9 * _CELL, y=cell // 9 * _CELL,
            width=_CELL, height=_CELL, fill=_GROUNDS[kind])  # fmt: skip
    if drawn.x:
        diagonals = add(group, "g", class_="diagonals")
        line: _Style = {"stroke": _FAINT_INK, "stroke_width": 2, "stroke_dasharray": "6 4"}
        add(diagonals, "line", class_="diagonal", x1=0, y1=0, x2=_BOARD, y2=_BOARD, **line)
        add(diagonals, "line", class_="diagonal", x1=_BOARD, y1=0, x2=0, y2=_BOARD, **line)
    last = _last_moves(moves)
    cells = add(group, "g", class_="cells")
    for cell in range(_CELLS):
        left, top = cell % 9 * _CELL, cell // 9 * _CELL
        move = last.get(cell)
        square = add(cells, "g", class_="cell")
        add(square, "title", _cell_title(drawn, cell, cell in lit, move))
        kind = _parity_of(drawn, cell)
        if kind != "plain":
            add(square, "text", kind[0], class_=f"parity {kind}", x=left + _CELL - 5,
                y=top + _CELL - 5, text_anchor="end", font_size=_SMALL_SIZE,
                font_style="italic", fill=_LINE_INK)  # fmt: skip
        colour = drawn.cells[cell]
        middle = (left + _CELL // 2, top + _CELL // 2)
        if colour:
            _draw_piece(square, colour, *middle, _RADIUS)
        elif move is not None:
            _draw_piece(square, move.colour, *middle, _RADIUS, ghost=True)
        if move is not None:
            add(square, "text", str(move.number), class_="move-number", x=left + 3,
                y=top + _SMALL_SIZE + 1, font_size=_SMALL_SIZE, font_weight="bold",
                fill=_LINE_INK)  # fmt: skip
    lines = add(group, "g", class_="lines")
    for i in range(10):
        thick = i % 3 == 0
        style: _Style = {
            "class_": "box" if thick else "cell",
            "stroke": _LINE_INK if thick else _FAINT_INK,
            "stroke_width": 3 if thick else 1,
        }
        at = i * _CELL
        add(lines, "line", x1=at, y1=0, x2=at, y2=_BOARD, **style)
        add(lines, "line", x1=0, y1=at, x2=_BOARD, y2=at, **style)
    if drawn.marks or drawn.apart:
        marks = add(group, "g", class_="marks")
        for a, b in drawn.marks:
            across = b - a == 1  # neighbours in a row: the border is upright
            long, short = 22, 8
            mx, my = _border_middle(a, b)
            w, h = (short, long) if across else (long, short)
            bar = add(marks, "rect", class_="consecutive", x=mx - w // 2, y=my - h // 2,
                      width=w, height=h, rx=2, ry=2, fill="#ffffff", stroke=_LINE_INK,
                      stroke_width=2)  # fmt: skip
            add(bar, "title", border_name((a, b)))
        for a, b in drawn.apart:
            mx, my = _border_middle(a, b)
            cross = add(marks, "g", class_="non-consecutive")
            add(cross, "title", border_name((a, b)))
            arm = 5
            stroke: _Style = {"stroke": _LINE_INK, "stroke_width": 3, "stroke_linecap": "round"}
            add(cross, "line", x1=mx - arm, y1=my - arm, x2=mx + arm, y2=my + arm, **stroke)
            add(cross, "line", x1=mx - arm, y1=my + arm, x2=mx + arm, y2=my - arm, **stroke)
    if lit:
        rings = add(group, "g", class_="highlights")
        for cell in sorted(lit):
            add(rings, "rect", class_="highlight", x=cell % 9 * _CELL + 2,
                y=cell // 9 * _CELL + 2, width=_CELL - 4, height=_CELL - 4, fill="none",
                stroke=_HIGHLIGHT_INK, stroke_width=3, stroke_dasharray="7 4")  # fmt: skip
    placed, ruled_out = concluded
    if crossed or ruled_out:
        marks_group = add(group, "g", class_="candidates")
        for (cell, colour), css, ink in [
            *((item, "crossed", _FAINT_INK) for item in sorted(crossed)),
            *((item, "crossed concluded", _CONCLUSION_INK) for item in sorted(ruled_out)),
        ]:
            _draw_crossed(marks_group, cell, colour, css, ink)
    if placed:
        rings = add(group, "g", class_="conclusions")
        for cell, colour in sorted(placed):
            ring = add(rings, "circle", class_="conclusion", cx=cell % 9 * _CELL + _CELL // 2,
                       cy=cell // 9 * _CELL + _CELL // 2, r=_RADIUS + 5, fill="none",
                       stroke=_CONCLUSION_INK, stroke_width=3)  # fmt: skip
            add(ring, "title", f"{cell_name(cell)}={colour}: concluded")
    label: _Style = {"text_anchor": "middle", **_TEXT}
    for i in range(1, 10):
        centre = (i - 1) * _CELL + _CELL // 2
        add(group, "text", str(i), class_="label row", x=-_LABELS // 2,
            y=centre + _TEXT_SIZE // 3, **label)  # fmt: skip
        add(group, "text", str(i), class_="label column", x=centre, y=-6, **label)


def _draw_crossed(parent: ET.Element, cell: int, colour: int, css: str, ink: str) -> None:
    """Candidate ``colour`` of ``cell`` ruled out: its number small, at the colour's place in a
    3 by 3 grid of the cell (1 top left, 9 bottom right), struck through."""
    third = _CELL // 3
    cx = cell % 9 * _CELL + (colour - 1) % 3 * third + third // 2
    cy = cell // 9 * _CELL + (colour - 1) // 3 * third + third // 2
    mark = add(parent, "g", class_=css)
    what = "concluded" if "concluded" in css else "ruled out"
    add(mark, "title", f"{cell_name(cell)}: colour {colour} {what}")
    add(mark, "text", str(colour), x=cx, y=cy + _SMALL_SIZE * 7 // 20, text_anchor="middle",
        font_size=_SMALL_SIZE, fill=ink)  # fmt: skip
    add(mark, "line", x1=cx - 5, y1=cy + 5, x2=cx + 5, y2=cy - 5, stroke=ink, stroke_width="1.5")


def _name_width(drawn: _Position) -> int:
    return max(text_width(name, _TEXT_SIZE) for _, name, _ in _counts(drawn)) + _NAME_GAP


def _counts_width(drawn: _Position) -> int:
    return _name_width(drawn) + 9 * _COUNT_W + _TOTAL_W


def _draw_counts(panel: ET.Element, drawn: _Position) -> int:
    """The piece counts at the top of the panel; returns the height used."""
    group = add(panel, "g", class_="counts")
    first = _name_width(drawn)
    right: _Style = {"text_anchor": "end", **_TEXT}
    for k in range(1, 10):
        _draw_piece(group, k, first + k * _COUNT_W - _COUNT_W // 2, _LINE_H // 2, _KEY_RADIUS)
    end = first + 9 * _COUNT_W + _TOTAL_W
    add(group, "text", "all", class_="head", x=end, y=_TEXT_SIZE + 2, font_weight="bold",
        **right)  # fmt: skip
    rows = _counts(drawn)
    for i, (css, name, counts) in enumerate(rows, start=1):
        line = add(group, "g", class_=f"row {css}", transform=_translate(0, i * _LINE_H + 4))
        add(line, "text", name, class_="name", x=0, y=_TEXT_SIZE, **_TEXT)
        for k, count in enumerate(counts, start=1):
            style = right | ({"fill": _FAINT_INK} if not count else {})
            add(line, "text", str(count), class_="count", x=first + k * _COUNT_W - 6,
                y=_TEXT_SIZE, **style)  # fmt: skip
        add(line, "text", str(sum(counts)), class_="total", x=end, y=_TEXT_SIZE, **right)
    return (len(rows) + 1) * _LINE_H + 4


def _notes(drawn: _Position, lit: frozenset[int]) -> list[tuple[str, str]]:
    found = _variant_notes(drawn, text=False)
    notes = [("variants", "Variants" if found else "No variant"), *found]
    if lit:
        notes.append(("highlight", f"Highlighted: {_plural(len(lit), 'cell')}"))
    return notes


def _move_rows(moves: Sequence[_Move]) -> int:
    return -(-len(moves) // _MOVE_COLUMNS)


def board_svg(
    position: Position | Board,
    *,
    highlight: Iterable[Piece | int] = (),
    moves: Sequence[Piece] = (),
    title: str | None = None,
    crossed: Iterable[Piece] = (),
    concluded: Iterable[Piece] = (),
) -> str:
    """A Sumodoku board or position as a standalone SVG document.

    The board shows every piece as a disc of its colour (:data:`PALETTE`)
    with its colour's number, the parity marking as shaded cells with ``o`` and
    ``e`` (SU-13), the diagonals with Sudoku X (SU-12), a bar on each
    border marked consecutive (SU-14) and a cross on each border marked
    non-consecutive (SU-37). Beside it: the piece counts per
    colour (on the board, out of the game (SU-9), left), the variants in
    force (strict marks, non-consecutive and the digits of the colours as
    notes: they have no mark),
    the highlighted cells and the moves. See the module's description for
    the document's structure.

    Args:
        position: a ``Position``, or a ``Board`` (no variant, nothing out of
            the game).
        highlight: cells outlined on the board, such as an explanation's
            conflict (``Verdict.conflict``): pieces (the board must hold
            each) or cell indices 0-80, each cell at most once.
        moves: placements in order (pieces), numbered from 1 in
            the corner of their cells and listed beside the board; a cell
            shows its latest move's number. A move onto a cell the board
            leaves empty is drawn pale and dashed (proposed, or removed
            since); at most 81 moves.
        title: a caption drawn at the top.
        crossed: candidates ruled out (``Piece(r, c, k)``: rXcY cannot take
            colour k), each on an empty cell and once: colour k's number,
            small, at its place in a 3 by 3 grid of the cell, struck through
            in grey (``<g class="crossed">`` in ``<g class="candidates">``).
            A step-by-step explanation's earlier eliminations.
        concluded: what a step concludes: a piece whose cell shows it (on
            the board or as the cell's latest move) is a placement, ringed in
            red (``<circle class="conclusion">`` in ``<g
            class="conclusions">``); any other is a candidate ruled out,
            drawn as ``crossed`` in red (``<g class="crossed concluded">``).

    Returns:
        The SVG document.

    Raises:
        TypeError: ``position`` is neither a Position nor a Board, a
            highlight neither a piece nor an int, a move not a piece, or
            ``title`` not a str.
        OffBoardError: a highlighted cell index outside 0-80.
        PositionError: a highlighted cell given twice, a highlighted piece
            the board does not hold, a cell's latest move of a colour other
            than the piece the board holds there, more than 81 moves or
            highlights.
        NotationError: the title holds a control character or a character
            XML cannot carry (``column``: its 1-based place).
    """
    drawn = _position(position, "board_svg()")
    lit = _highlight(highlight, drawn)
    played = _moves(moves, drawn)
    caption = _title(title)
    ruled = _crossed(crossed, "crossed", drawn)
    conclusion = _concluded(concluded, drawn, played)
    notes = _notes(drawn, lit)
    panel_w = max(
        [_counts_width(drawn), *(text_width(text, _TEXT_SIZE) for _, text in notes)]
        + ([_MOVE_COLUMNS * _MOVE_W] if played else [])
    )
    counts_h = 4 * _LINE_H + 4
    panel_h = counts_h + 8 + len(notes) * _LINE_H
    if played:
        panel_h += 8 + (1 + _move_rows(played)) * _LINE_H
    title_h = 0 if caption is None else _TITLE_H
    content_h = max(_LABELS + _BOARD, _LABELS + panel_h)
    width = max(
        2 * _MARGIN + _LABELS + _BOARD + _GAP + panel_w,
        0 if caption is None else 2 * _MARGIN + text_width(caption, _TITLE_SIZE),
    )
    root = document(width, 2 * _MARGIN + title_h + content_h)
    if caption is not None:
        add(root, "text", caption, class_="title", x=_MARGIN, y=_MARGIN + _TITLE_SIZE, **_TITLE)
    top = _MARGIN + title_h + _LABELS
    _draw_board(root, drawn, lit, played, _MARGIN + _LABELS, top, ruled, conclusion)
    panel = add(
        root, "g", class_="panel", transform=_translate(_MARGIN + _LABELS + _BOARD + _GAP, top)
    )
    y = _draw_counts(panel, drawn) + 8
    for css, text in notes:
        weight: _Style = {"font_weight": "bold"} if css == "variants" else {}
        add(panel, "text", text, class_=f"note {css}", x=0, y=y + _TEXT_SIZE, **weight, **_TEXT)
        y += _LINE_H
    if played:
        group = add(panel, "g", class_="moves", transform=_translate(0, y + 8))
        add(group, "text", f"Moves ({len(played)})", class_="caption", x=0, y=_TEXT_SIZE,
            font_weight="bold", **_TEXT)  # fmt: skip
        for move in played:
            row, column = divmod(move.number - 1, _MOVE_COLUMNS)
            add(group, "text", f"{move.number}. {cell_name(move.cell)}={move.colour}",
                class_="move", x=column * _MOVE_W, y=(row + 1) * _LINE_H + _TEXT_SIZE,
                **_TEXT)  # fmt: skip
    return serialize(root)


# -- text ------------------------------------------------------------------------------------

_TEXT_CELL = 4
# Junctions by the weights of their arms (up, down, left, right): 0 none, 1 light, 2 heavy.
_JUNCTIONS = {
    (0, 2, 0, 2): "┏", (0, 2, 2, 0): "┓", (2, 0, 0, 2): "┗", (2, 0, 2, 0): "┛",
    (0, 1, 2, 2): "┯", (0, 2, 2, 2): "┳", (1, 0, 2, 2): "┷", (2, 0, 2, 2): "┻",
    (2, 2, 0, 1): "┠", (2, 2, 0, 2): "┣", (2, 2, 1, 0): "┨", (2, 2, 2, 0): "┫",
    (1, 1, 1, 1): "┼", (2, 2, 2, 2): "╋", (2, 2, 1, 1): "╂", (1, 1, 2, 2): "┿",
}  # fmt: skip
_KEY_LINE = ".: empty   [5]: highlighted"


def _weight(border: int) -> int:
    """The weight of the line at border 0-9 (between rows or columns): heavy around boxes."""
    return 2 if border % 3 == 0 else 1


def _text_cell(drawn: _Position, cell: int, lit: frozenset[int]) -> str:
    colour = drawn.cells[cell]
    inner = str(colour) if colour else "."
    kind = _parity_of(drawn, cell)
    mark = kind[0] if kind != "plain" else " "
    return f"[{inner}]{mark}" if cell in lit else f" {inner} {mark}"


def _rule(drawn: _Position, i: int) -> str:
    """The line above row ``i + 1`` (``i`` 0-9: 0 the top edge, 9 the bottom one)."""
    marks, apart = set(drawn.marks), set(drawn.apart)
    parts = []
    for j in range(10):
        arms = (
            _weight(j) if i > 0 else 0,
            _weight(j) if i < 9 else 0,
            _weight(i) if j > 0 else 0,
            _weight(i) if j < 9 else 0,
        )
        parts.append(_JUNCTIONS[arms])
        if j < 9:
            border = ((i - 1) * 9 + j, i * 9 + j)
            marked = 0 < i < 9 and border in marks
            line = ("═" if marked else "━" if _weight(i) == 2 else "─") * _TEXT_CELL
            if 0 < i < 9 and border in apart:  # the cross under the cell's number
                line = line[0] + "×" + line[2:]
            parts.append(line)
    return "  " + "".join(parts)


def _row_line(drawn: _Position, row: int, lit: frozenset[int]) -> str:
    """Row ``row`` (0-8) after its number."""
    marks, apart = set(drawn.marks), set(drawn.apart)
    parts = [f"{row + 1} "]
    for k in range(10):
        border = (row * 9 + k - 1, row * 9 + k)
        marked = 0 < k < 9 and border in marks
        crossed = 0 < k < 9 and border in apart
        parts.append("×" if crossed else "║" if marked else "┃" if _weight(k) == 2 else "│")
        if k < 9:
            parts.append(_text_cell(drawn, row * 9 + k, lit))
    return "".join(parts)


def _counts_lines(drawn: _Position) -> list[str]:
    rows = _counts(drawn)
    width = max(len(name) for _, name, _ in rows) + 2
    lines = [f"{'':<{width}}" + "".join(f"{k:>3}" for k in range(1, 10)) + f"{'all':>6}"]
    for _, name, counts in rows:
        cells = "".join(f"{n if n else '.':>3}" for n in counts)
        lines.append(f"{name:<{width}}{cells}{sum(counts):>6}")
    return lines


def board_text(position: Position | Board, *, highlight: Iterable[Piece | int] = ()) -> str:
    """A Sumodoku board or position as text for an 80-column terminal.

    The board as the module's description shows it (box-drawing lines,
    consecutive marks as double lines, non-consecutive marks as ``×``,
    ``o``/``e`` for odd and even cells,
    highlighted cells in brackets), then the key (``.: empty   [5]:
    highlighted``), one line per variant in force (or ``No variant``), and
    the piece counts per colour, zeros written ``.``::

                           1  2  3  4  5  6  7  8  9   all
        On board           3  .  .  .  1  .  .  .  .     4
        Out of the game    .  1  .  .  .  .  .  .  .     1
        Left               6  8  9  9  8  9  9  9  9    76

    Args:
        position: as for :func:`board_svg`.
        highlight: as for :func:`board_svg`.

    Raises:
        TypeError, OffBoardError, PositionError: as :func:`board_svg`.
    """
    drawn = _position(position, "board_text()")
    lit = _highlight(highlight, drawn)
    header = [" "] * (3 + 9 * (_TEXT_CELL + 1))
    for col in range(9):
        header[4 + col * (_TEXT_CELL + 1)] = str(col + 1)
    lines = ["".join(header)]
    for row in range(9):
        lines.append(_rule(drawn, row))
        lines.append(_row_line(drawn, row, lit))
    lines.append(_rule(drawn, 9))
    lines.append(_KEY_LINE)
    notes = _variant_notes(drawn, text=True)
    lines.extend([text for _, text in notes] or ["No variant"])
    lines.append("")
    lines.extend(_counts_lines(drawn))
    return "\n".join(line.rstrip() for line in lines)
