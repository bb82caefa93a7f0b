"""What a Two-Doku picture shows, read from the vocabulary's values.

:mod:`dokuspec.render.twodoku` draws; this module reads a ``Deal``, a
``Position`` or a ``View`` (:mod:`dokuspec.vocabulary.twodoku`) into what
its pictures show: the board's colourings and dominoes (:class:`DrawnBoard`),
the rows of digit counts (:class:`CountRow`) and, for a view, the texts
beside the board (:class:`DrawnView`), the same for the SVG and the text
pictures. A ``Deal`` checks only its fields' types, so a square off the
board, a digit outside 1-9, a square named twice or a group of more than 90
dominoes is refused here (:class:`~dokuspec.errors.OffBoardError`,
:class:`~dokuspec.errors.PositionError`, naming the member, as
``deal.face_down[2].col``); a ``Position`` and a ``View`` are valid by
construction and are read as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import islice

from dokuspec.errors import OffBoardError, PositionError, quote
from dokuspec.vocabulary.twodoku import (
    BLUE,
    RED,
    Deal,
    Event,
    FaceDown,
    Play,
    Position,
    Square,
    Take,
    View,
)

__all__ = [
    "LETTERS",
    "NAMES",
    "Cell",
    "CountRow",
    "DrawnBoard",
    "DrawnView",
    "EventLine",
    "HiddenDomino",
    "cell_name",
    "event_line",
    "events_caption",
    "mover_sentence",
    "pile_sizes_text",
    "read_deal",
    "read_highlight",
    "read_position",
    "read_view",
    "square_kind",
    "view_heading",
    "view_rows",
]

Cell = tuple[int, int]
"""A square as ``(row, col)``, both 1-9."""
NAMES = {RED: "Red", BLUE: "Blue"}
"""A player's name in a picture, by player (``"red"``, ``"blue"``)."""
LETTERS = {RED: "R", BLUE: "B"}
"""A player's letter on the board (a colouring's mark, a face-down domino's placer)."""
_DOMINOES = 90  # TD-1: no group of dominoes holds more
_SQUARES = 81
_LAST_EVENTS = 8  # the events a view shows


@dataclass(frozen=True, slots=True)
class HiddenDomino:
    """A face-down domino: who placed it (``"red"``, ``"blue"``) and its digit 1-9, or
    ``None`` where the value drawn does not know it (TD-3, TD-11)."""

    placed_by: str
    digit: int | None


@dataclass(frozen=True, slots=True)
class DrawnBoard:
    """The board: the squares each player coloured, and the dominoes on them by square."""

    red: frozenset[Cell]
    blue: frozenset[Cell]
    face_up: Mapping[Cell, int]
    face_down: Mapping[Cell, HiddenDomino]


@dataclass(frozen=True, slots=True)
class CountRow:
    """A row of the digit counts: ``digits`` sorted, or ``None`` with a ``note`` instead."""

    name: str
    css: str
    digits: tuple[int, ...] | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class EventLine:
    """An event of a view, numbered from 1 in the whole game, and its sentence."""

    number: int  # 1-based, in the whole list
    text: str


@dataclass(frozen=True, slots=True)
class DrawnView:
    """What a view's pictures show: its board, the player's pile and the pot (digits
    sorted), both pile sizes (Red's, Blue's), how many events and the last 8 of them."""

    player: str
    phase: str
    to_move: str | None
    board: DrawnBoard
    pot: tuple[int, ...]
    pile: tuple[int, ...]
    pile_sizes: tuple[int, int]
    event_count: int
    last_events: tuple[EventLine, ...]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _cell(square: Square) -> Cell:
    return square.row, square.col


def cell_name(cell: Cell) -> str:
    """``"r4c7"`` for ``(4, 7)``."""
    return f"r{cell[0]}c{cell[1]}"


def _once(seen: dict[Cell, str], cell: Cell, where: str) -> None:
    """Record that ``where`` names ``cell``; refuse a square named twice."""
    if cell in seen:
        raise PositionError(f"{where} names {cell_name(cell)}, as {seen[cell]} does")
    seen[cell] = where


# A Deal checks only the types of its fields (TD-2..TD-4 are validate's business), so what
# cannot be drawn is refused here: a square off the board, a digit outside 1-9, a square
# named twice, more dominoes in a group than the game has.


def _at_most(items: tuple[object, ...], where: str, most: int) -> None:
    if len(items) > most:
        raise PositionError(f"{where} has more than {most} items, not 0-{most}")


def _coordinate(value: int, where: str) -> int:
    if not 1 <= value <= 9:
        raise OffBoardError(f"{where} is {quote(value)}, not 1-9 (off the board)")
    return value


def _digit(value: int, where: str) -> int:
    if not 1 <= value <= 9:
        raise PositionError(f"{where} is {quote(value)}, not 1-9")
    return value


def _deal_squares(pairs: tuple[tuple[int, int], ...], where: str) -> frozenset[Cell]:
    _at_most(pairs, where, _SQUARES)
    seen: dict[Cell, str] = {}
    for i, (row, col) in enumerate(pairs):
        here = f"{where}[{i}]"
        _once(seen, (_coordinate(row, f"{here}[0]"), _coordinate(col, f"{here}[1]")), here)
    return frozenset(seen)


def _deal_digits(digits: tuple[int, ...], where: str) -> tuple[int, ...]:
    _at_most(digits, where, _DOMINOES)
    return tuple(sorted(_digit(d, f"{where}[{i}]") for i, d in enumerate(digits)))


def read_deal(deal: Deal) -> tuple[DrawnBoard, tuple[CountRow, ...]]:
    """The board and the count rows of a deal (``Pot``, ``Red``, ``Blue``, ``Face down``, ``All``).

    Raises:
        OffBoardError: a row or column outside 1-9.
        PositionError: a digit outside 1-9, a square named twice, more than 81 squares
            or more than 90 dominoes in a group.
    """
    red_cells = _deal_squares(deal.red_squares, "deal.red_squares")
    blue_cells = _deal_squares(deal.blue_squares, "deal.blue_squares")
    _at_most(deal.face_down, "deal.face_down", _SQUARES)
    downs: dict[Cell, HiddenDomino] = {}
    seen: dict[Cell, str] = {}
    for i, item in enumerate(deal.face_down):
        here = f"deal.face_down[{i}]"
        cell = (_coordinate(item.row, f"{here}.row"), _coordinate(item.col, f"{here}.col"))
        _once(seen, cell, here)
        downs[cell] = HiddenDomino(item.placed_by, _digit(item.digit, f"{here}.digit"))
    board = DrawnBoard(red_cells, blue_cells, {}, downs)
    groups = (
        _deal_digits(deal.pot, "deal.pot"),
        _deal_digits(deal.red, "deal.red"),
        _deal_digits(deal.blue, "deal.blue"),
    )
    face_down_digits = tuple(sorted(d.digit for d in downs.values() if d.digit is not None))
    everything = tuple(sorted(face_down_digits + groups[0] + groups[1] + groups[2]))
    rows = (
        CountRow(f"Pot ({len(groups[0])})", "pot", groups[0]),
        CountRow(f"Red ({len(groups[1])})", "red", groups[1]),
        CountRow(f"Blue ({len(groups[2])})", "blue", groups[2]),
        CountRow(f"Face down ({len(face_down_digits)})", "face-down", face_down_digits),
        CountRow(f"All ({len(everything)})", "all", everything),
    )
    return board, rows


# A Position and a View are valid by construction: they are read as they are.


def _board(
    red: Iterable[Square],
    blue: Iterable[Square],
    face_up: Mapping[Square, int],
    face_down: Iterable[FaceDown],
) -> DrawnBoard:
    return DrawnBoard(
        frozenset(map(_cell, red)),
        frozenset(map(_cell, blue)),
        {_cell(square): digit for square, digit in face_up.items()},
        {_cell(f.square): HiddenDomino(f.placed_by, f.digit) for f in face_down},
    )


def _face_down_row(face_down: Mapping[Cell, HiddenDomino]) -> CountRow:
    known = tuple(sorted(d.digit for d in face_down.values() if d.digit is not None))
    name = f"Face down ({len(face_down)})"
    if len(known) == len(face_down):
        return CountRow(name, "face-down", known)
    return CountRow(name, "face-down", None, f"{len(known)} of {len(face_down)} digits known")


def read_position(position: Position) -> tuple[DrawnBoard, str | None, tuple[CountRow, ...]]:
    """The board, who is to move and the count rows of a position (``Pot``, both piles,
    ``Face up``, ``Face down``)."""
    colouring = position.colouring
    board = _board(colouring.red, colouring.blue, position.face_up, position.face_down)
    in_pot = tuple(position.pot)
    rows = [CountRow(f"Pot ({len(in_pot)})", "pot", in_pot)]
    for player, pile in ((RED, position.red), (BLUE, position.blue)):
        if pile is None:
            rows.append(CountRow(NAMES[player], player, None, "unknown"))
        else:
            digits = tuple(pile)
            rows.append(CountRow(f"{NAMES[player]} ({len(digits)})", player, digits))
    on_board = tuple(sorted(board.face_up.values()))
    rows.append(CountRow(f"Face up ({len(on_board)})", "face-up", on_board))
    rows.append(_face_down_row(board.face_down))
    return board, position.to_move, tuple(rows)


def _event(event: Event) -> str:
    player = NAMES[event.player]
    if isinstance(event, Play):
        played = f"{player} played {event.digit} on {cell_name(_cell(event.square))}"
        if event.revealed is not None:
            turned = cell_name(_cell(event.revealed))
            return f"{played}: failed, hidden clash, {turned} turned face up"
        return {
            "placed": played,
            "clash": f"{played}: failed, clash",
            "not-allowed": f"{played}: failed, not allowed there",
        }[event.result]
    if isinstance(event, Take):
        if event.square is None:
            return f"{player} took {event.digit} from the pot"
        return f"{player} took {event.digit} from {cell_name(_cell(event.square))}"
    return f"{player} put {event.digit} into the pot"


def read_view(view: View) -> DrawnView:
    """What the pictures of a view show."""
    board = _board(view.red_squares, view.blue_squares, view.face_up, view.face_down)
    first = max(len(view.events) - _LAST_EVENTS, 0)
    return DrawnView(
        player=view.player,
        phase=view.phase,
        to_move=view.to_move,
        board=board,
        pot=tuple(view.pot),
        pile=tuple(view.pile),
        pile_sizes=view.pile_sizes,
        event_count=len(view.events),
        last_events=tuple(
            EventLine(number, _event(event))
            for number, event in enumerate(view.events[first:], start=first + 1)
        ),
    )


def read_highlight(value: object) -> frozenset[Cell]:
    """The squares of ``highlight``, each at most once (at most 81).

    Raises:
        TypeError: ``highlight`` is not an iterable, or holds something other than a Square.
        PositionError: a square named twice, or more than 81.
    """
    if isinstance(value, (str, bytes)):
        raise TypeError(f"highlight is {type(value).__name__}, not a sequence")
    try:
        items = tuple(islice(iter(value), _SQUARES + 1))  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"highlight is {type(value).__name__}, not a sequence") from None
    _at_most(items, "highlight", _SQUARES)
    seen: dict[Cell, str] = {}
    for i, item in enumerate(items):
        if not isinstance(item, Square):
            raise TypeError(f"highlight[{i}] is {type(item).__name__}, not a Square")
        _once(seen, _cell(item), f"highlight[{i}]")
    return frozenset(seen)


def square_kind(board: DrawnBoard, cell: Cell) -> str:
    """``"red"``, ``"blue"``, ``"both"`` or ``"white"``: who coloured the square (TD-2)."""
    red, blue = cell in board.red, cell in board.blue
    return "both" if red and blue else "red" if red else "blue" if blue else "white"


def _mover_text(to_move: str | None) -> str:
    return "nobody to move" if to_move is None else f"{NAMES[to_move]} to move"


def mover_sentence(to_move: str | None) -> str:
    """``Red to move``, ``Blue to move`` or ``Nobody to move``."""
    text = _mover_text(to_move)
    return text[0].upper() + text[1:]


def view_heading(view: DrawnView) -> str:
    """``Red's view: play phase, Blue to move``."""
    return f"{NAMES[view.player]}'s view: {view.phase} phase, {_mover_text(view.to_move)}"


def pile_sizes_text(view: DrawnView) -> str:
    """``Pile sizes: Red 38, Blue 40``."""
    red, blue = view.pile_sizes
    return f"Pile sizes: Red {red}, Blue {blue}"


def events_caption(view: DrawnView) -> str:
    """``Events (3)``, ``Last 8 of 23 events`` or ``No events yet``."""
    if not view.event_count:
        return "No events yet"
    shown = len(view.last_events)
    if shown == view.event_count:
        return f"Events ({view.event_count})"
    return f"Last {shown} of {view.event_count} events"


def event_line(event: EventLine) -> str:
    """``21. Red took 3 from the pot``."""
    return f"{event.number}. {event.text}"


def view_rows(view: DrawnView) -> tuple[CountRow, ...]:
    """The count rows of a view: the player's own pile, then the pot."""
    whose = f"{NAMES[view.player]}'s pile"
    return (
        CountRow(f"{whose} ({len(view.pile)})", f"pile {view.player}", view.pile),
        CountRow(f"Pot ({len(view.pot)})", "pot", view.pot),
    )
