"""Sumodoku rules checked directly on a board, written independently of the spec.

This module reads the rules (SU-3, SU-12, SU-13, SU-14, with the colours'
digits of SU-36 and the non-consecutive marks of SU-37) as plain Python over
a :class:`~dokuspec.vocabulary.sumodoku.Board`, with no constraint model
and no solver, so that :mod:`dokuspec.verify` can hold the solvers' answers
against it: :func:`violations` checks the pieces on a board, and
:func:`search_completion` decides by a plain backtracking search whether a
small position can be completed (SU-15).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal, TypeAlias

from dokuspec.vocabulary.sumodoku import (
    EMPTY_VARIANTS,
    Board,
    Piece,
    Position,
    Variants,
    all_borders,
    border_name,
)

__all__ = [
    "ALL_COLOURS",
    "DEFAULT_NODE_LIMIT",
    "EVEN_COLOURS",
    "MARKED",
    "MARKED_NON_CONSECUTIVE",
    "NEXT_TO",
    "ODD_COLOURS",
    "UNMARKED",
    "SearchResult",
    "Violation",
    "constrained_neighbours",
    "count_completions",
    "is_valid",
    "next_to",
    "odd_colours",
    "parity_masks",
    "search_completion",
    "unit_cells",
    "violations",
]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule on a board.

    Attributes:
        rule: the rule ID (``"SU-3"``, ``"SU-12"``, ``"SU-13"``, ``"SU-14"``, ``"SU-37"``).
        pieces: the pieces that break it together.
        message: a readable description.
    """

    rule: str
    pieces: tuple[Piece, ...]
    message: str


def _same_colour_pairs(
    board: Board, cells: list[tuple[int, int]], rule: str, where: str
) -> list[Violation]:
    grid = board.cells
    colours = [grid[(row - 1) * 9 + col - 1] for row, col in cells]
    filled = [colour for colour in colours if colour]
    if len(set(filled)) == len(filled):
        return []  # no colour twice: the common case, without looking at pairs
    found = []
    for i, (r1, c1) in enumerate(cells):
        colour = colours[i]
        if not colour:
            continue
        for j in range(i + 1, len(cells)):
            if colours[j] == colour:
                r2, c2 = cells[j]
                found.append(
                    Violation(
                        rule,
                        (Piece(r1, c1, colour), Piece(r2, c2, colour)),
                        f"colour {colour} twice in {where}: r{r1}c{c1} and r{r2}c{c2}",
                    )
                )
    return found


def violations(board: Board, variants: Variants = EMPTY_VARIANTS) -> list[Violation]:
    """Every rule the pieces on ``board`` break under ``variants``.

    Empty cells break nothing; a full board with no violation is a valid
    completed board. Rows, columns and boxes (SU-3), the diagonals with
    Sudoku X (SU-12), the parity marking (SU-13), the consecutive marks or
    the non-consecutive rule (SU-14) and the non-consecutive marks (SU-37),
    the last three reading each colour's digit (SU-36).
    """
    found: list[Violation] = []
    for row in range(1, 10):
        found += _same_colour_pairs(board, [(row, c) for c in range(1, 10)], "SU-3", f"row {row}")
    for col in range(1, 10):
        found += _same_colour_pairs(
            board, [(r, col) for r in range(1, 10)], "SU-3", f"column {col}"
        )
    for box in range(9):
        top, left = 3 * (box // 3) + 1, 3 * (box % 3) + 1
        cells = [(top + r, left + c) for r in range(3) for c in range(3)]
        found += _same_colour_pairs(board, cells, "SU-3", f"box {box + 1}")
    if variants.x:
        found += _same_colour_pairs(
            board, [(i, i) for i in range(1, 10)], "SU-12", "the main diagonal"
        )
        found += _same_colour_pairs(
            board, [(i, 10 - i) for i in range(1, 10)], "SU-12", "the anti-diagonal"
        )
    digits = variants.digits

    def shown(*colours: int) -> str:
        """The colours, and their digits when the variants map them otherwise (SU-36)."""
        words = " and ".join(map(str, colours))
        if digits == "123456789":
            return words
        noun = "digit" if len(colours) == 1 else "digits"
        return f"{words} ({noun} {' and '.join(digits[c - 1] for c in colours)})"

    if variants.parity:
        for index, mark in enumerate(variants.parity):
            row, col = index // 9 + 1, index % 9 + 1
            colour = board[row, col]
            if colour and mark != "." and (int(digits[colour - 1]) % 2 == 1) != (mark == "o"):
                kind = "odd" if mark == "o" else "even"
                found.append(
                    Violation(
                        "SU-13",
                        (Piece(row, col, colour),),
                        f"colour {shown(colour)} on the {kind} cell r{row}c{col}",
                    )
                )
    apart = variants.non_consecutive_marks
    if variants.consecutive or variants.non_consecutive or apart:
        for border in all_borders():  # row by row, each cell's right border before its lower one
            first, second = border
            a, b = board.cells[first], board.cells[second]
            if not (a and b):
                continue
            marked = border in variants.consecutive
            adjacent = abs(int(digits[a - 1]) - int(digits[b - 1])) == 1
            pieces = (
                Piece(first // 9 + 1, first % 9 + 1, a),
                Piece(second // 9 + 1, second % 9 + 1, b),
            )
            name = border_name(border)
            if marked and not adjacent:
                found.append(
                    Violation("SU-14", pieces, f"{name} is marked but holds {shown(a, b)}")
                )
            elif border in apart and adjacent:
                found.append(
                    Violation(
                        "SU-37", pieces, f"{name} is marked non-consecutive but holds {shown(a, b)}"
                    )
                )
            elif not marked and adjacent and (variants.strict_marks or variants.non_consecutive):
                found.append(
                    Violation("SU-14", pieces, f"{name} is unmarked but holds {shown(a, b)}")
                )
    return found


def is_valid(board: Board, variants: Variants = EMPTY_VARIANTS) -> bool:
    """Whether the pieces on ``board`` break no rule under ``variants``."""
    return not violations(board, variants)


# -- completion search (SU-15) -------------------------------------------------------------------

SearchStatus: TypeAlias = Literal["completable", "impossible", "unknown"]

DEFAULT_NODE_LIMIT = 20_000
"""The default bound of :func:`search_completion`, pieces tried before it answers ``"unknown"``.

Positions with up to about 20 empty cells, and most sparse positions whose
rules clash locally, are decided in far fewer nodes (a few milliseconds
each); a hard position may need more and comes back ``"unknown"``.
"""

# -- the board's geometry as bit masks, shared by every search over a board --------------------

ALL_COLOURS = 0b1111111110
"""All nine colours, as a colour set (a bit mask, bit ``k`` set for colour ``k``, 1-9)."""
ODD_COLOURS = sum(1 << k for k in (1, 3, 5, 7, 9))
"""The colours an odd cell takes (SU-13)."""
EVEN_COLOURS = sum(1 << k for k in (2, 4, 6, 8))
"""The colours an even cell takes (SU-13)."""
NEXT_TO = tuple(
    ((1 << (v - 1)) if v > 1 else 0) | ((1 << (v + 1)) if v < 9 else 0) for v in range(10)
)
"""The colours differing by exactly 1 from colour ``v``, at ``NEXT_TO[v]`` (none at index 0),
when colour ``k`` is digit ``k``; :func:`next_to` reads the variants' digits (SU-36)."""
MARKED, UNMARKED, MARKED_NON_CONSECUTIVE = 1, 2, 3
"""The kinds of a constrained border. Its digits must (``MARKED``: a consecutive mark), or must
not (``UNMARKED``: an unmarked border under ``strict_marks`` or ``non_consecutive``, SU-14;
``MARKED_NON_CONSECUTIVE``: a non-consecutive mark, SU-37), differ by 1. Every kind but
``MARKED`` forbids what ``MARKED`` requires."""


def unit_cells(x: bool) -> tuple[tuple[int, ...], ...]:
    """The cell groups that hold every colour once on a full board (SU-3, SU-12).

    Rows 0-8, columns 9-17, boxes 18-26 (row by row from the top left), then
    with Sudoku X the main diagonal (27) and the anti-diagonal (28); cells are
    indices 0-80, row by row.
    """
    units = [tuple(row * 9 + col for col in range(9)) for row in range(9)]
    units += [tuple(row * 9 + col for row in range(9)) for col in range(9)]
    units += [
        tuple((3 * (box // 3) + r) * 9 + 3 * (box % 3) + c for r in range(3) for c in range(3))
        for box in range(9)
    ]
    if x:
        units += [tuple(i * 10 for i in range(9)), tuple(i * 8 + 8 for i in range(9))]
    return tuple(units)


def odd_colours(variants: Variants) -> int:
    """The colours whose digit is odd (SU-13 with the digits of SU-36), as a colour set.

    :data:`ODD_COLOURS` when colour ``k`` is digit ``k``; the even colours are
    the other ones (``ALL_COLOURS & ~odd_colours(variants)``).
    """
    return sum(1 << k for k in range(1, 10) if int(variants.digits[k - 1]) % 2)


def next_to(variants: Variants) -> tuple[int, ...]:
    """Per colour ``v`` (index 0: none), the colours whose digit differs by exactly 1 from
    ``v``'s (SU-14 with the digits of SU-36), as colour sets; :data:`NEXT_TO` for colour ``k``
    = digit ``k``."""
    digit = [0] + [int(char) for char in variants.digits]
    masks = [sum(1 << k for k in range(1, 10) if abs(digit[k] - digit[v]) == 1) for v in range(10)]
    return (0, *masks[1:])


def parity_masks(variants: Variants) -> tuple[int, ...]:
    """Per cell (0-80), the colours its parity mark allows (SU-13, SU-36), as a bit mask."""
    marks = variants.parity or "." * 81
    odd = odd_colours(variants)
    allowed = {"o": odd, "e": ALL_COLOURS & ~odd}
    return tuple(allowed.get(mark, ALL_COLOURS) for mark in marks)


def constrained_neighbours(variants: Variants) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per cell (0-80), its constrained borders: ``(neighbour, kind)``, the kind ``MARKED``,
    ``UNMARKED`` (SU-14) or ``MARKED_NON_CONSECUTIVE`` (SU-37).

    A marked border is always constrained; an unmarked one only under
    ``strict_marks`` or ``non_consecutive``. Each cell's pairs are sorted by
    neighbour; a cell has at most four.
    """
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(81)]
    apart = variants.non_consecutive_marks
    if variants.consecutive or variants.non_consecutive or apart:
        strict = variants.strict_marks or variants.non_consecutive
        for a, b in all_borders():
            if (a, b) in variants.consecutive:
                kind = MARKED
            elif (a, b) in apart:
                kind = MARKED_NON_CONSECUTIVE
            elif strict:
                kind = UNMARKED
            else:
                continue
            neighbours[a].append((b, kind))
            neighbours[b].append((a, kind))
    return tuple(tuple(sorted(found)) for found in neighbours)


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What :func:`search_completion` found.

    Attributes:
        status: ``"completable"``, ``"impossible"``, or ``"unknown"`` when the
            node limit was reached first.
        completion: when completable, a full board that extends the
            position's board and breaks no rule; otherwise ``None``.
        nodes: the number of pieces the search tried.
    """

    status: SearchStatus
    completion: Board | None
    nodes: int


class _NodeLimitError(Exception):
    pass


class _Search:
    """Backtracking over the empty cells, always filling the most constrained one first.

    Each empty cell's candidates are the colours that no piece in its row,
    column, box (or diagonal, SU-12) holds, that its parity mark allows
    (SU-13) and that its neighbours' consecutive and non-consecutive marks
    allow (SU-14, SU-37), all reading the colours' digits (SU-36). A
    colour that a row, column, box or diagonal lacks and that only one of its
    empty cells can take goes there.

    The supply (SU-15) needs no check here: :func:`_search` starts one only
    when no piece is out of the game, so every colour's supply is what the
    board lacks of it, and a colour with none left stands in every row.
    """

    def __init__(self, position: Position, node_limit: int | None) -> None:
        variants = position.variants
        self.cells = bytearray(position.board.cells)
        self.node_limit = node_limit
        self.nodes = 0
        self.units = unit_cells(variants.x)
        self.cell_units: list[list[int]] = [[] for _ in self.cells]
        for number, unit in enumerate(self.units):
            for cell in unit:
                self.cell_units[cell].append(number)
        # The colours each group holds; no colour stands twice in one (no violation).
        self.used = [
            sum(1 << self.cells[cell] for cell in unit if self.cells[cell]) for unit in self.units
        ]
        self.allowed = parity_masks(variants)
        self.neighbours = constrained_neighbours(variants)
        self.next_to = next_to(variants)

    def candidates(self, cell: int) -> int:
        mask = self.allowed[cell]
        for unit in self.cell_units[cell]:
            mask &= ~self.used[unit]
        for other, kind in self.neighbours[cell]:
            colour = self.cells[other]
            if colour:
                near = self.next_to[colour]
                mask &= near if kind == MARKED else ~near
        return mask & ALL_COLOURS

    def place(self, cell: int, colour: int) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _NodeLimitError
        self.nodes += 1
        self.cells[cell] = colour
        for unit in self.cell_units[cell]:
            self.used[unit] |= 1 << colour

    def take_back(self, cell: int, colour: int) -> None:
        self.cells[cell] = 0
        for unit in self.cell_units[cell]:
            self.used[unit] &= ~(1 << colour)

    def choice(self) -> list[tuple[int, int]] | None:
        """The placements to branch on (one of them is in every completion), ``None`` when full."""
        domains: dict[int, int] = {}
        best: list[tuple[int, int]] | None = None
        for cell in range(81):
            if self.cells[cell]:
                continue
            mask = self.candidates(cell)
            if not mask:
                return []
            domains[cell] = mask
            size = mask.bit_count()
            # Which empty cell to branch on is search order only: branching on any one
            # tries every colour it can take, so every choice finds the same answer.
            if best is None or size < len(best):  # pragma: no mutate
                best = [(cell, colour) for colour in range(mask.bit_length()) if mask >> colour & 1]
        if best is None:
            return None
        # A shortcut: the group scan below would only find another forced placement or a
        # dead end, so scanning or not changes the search order, never the answer.
        if len(best) == 1:  # pragma: no mutate
            return best
        for number, unit in enumerate(self.units):
            # Bit 0 is no colour and never in ``missing``: starting at 0 or 1 is the same.
            once = twice = 0  # pragma: no mutate
            for cell in unit:
                # A filled cell's default domain: as above, bit 0 or nothing is the same.
                mask = domains.get(cell, 0)  # pragma: no mutate
                twice |= once & mask
                once |= mask
            missing = ALL_COLOURS & ~self.used[number]
            if missing & ~once:
                return []  # a colour this group lacks fits none of its empty cells
            single = missing & once & ~twice
            if single:
                # Every colour of ``single`` is forced: taking the lowest (``single & -single``,
                # or the same bit from ``single | -single``) or the highest is search order only.
                colour = (single & -single).bit_length() - 1  # pragma: no mutate
                # A filled cell's default domain 0 or 1 never holds ``colour`` (1-9).
                cell = next(c for c in unit if domains.get(c, 0) >> colour & 1)  # pragma: no mutate
                return [(cell, colour)]
        return best

    def completions(self) -> Iterator[Board]:
        branches = self.choice()
        if branches is None:
            yield Board(bytes(self.cells))
            return
        for cell, colour in branches:
            self.place(cell, colour)
            yield from self.completions()
            self.take_back(cell, colour)


def _search(position: Position, node_limit: int | None) -> _Search | None:
    """A search over ``position``, or ``None`` when it is impossible before any search."""
    if violations(position.board, position.variants):
        return None
    supply = position.supply()
    for colour in range(1, 10):
        # A full board holds colour k once in each row (SU-3): 9 in all.
        if 9 - position.board.count(colour) > supply[colour - 1]:
            return None
    return _Search(position, node_limit)


def search_completion(
    position: Position, *, node_limit: int | None = DEFAULT_NODE_LIMIT
) -> SearchResult:
    """Decide whether ``position`` can be completed (SU-15) by a plain search, with no solver.

    A completion fills every empty cell so that the full board breaks no
    rule (SU-3, and SU-12..SU-14 under the position's variants) and uses at
    most the supply of each colour (SU-9, SU-15). The search is exact: a
    depth-first backtracking over the empty cells, most constrained first.
    It is meant for cross-checking the solvers on small positions: its cost
    grows quickly with the number of empty cells, so it stops after
    ``node_limit`` tried pieces and answers ``"unknown"``.

    Args:
        position: the position to complete.
        node_limit: the most pieces to try (see :data:`DEFAULT_NODE_LIMIT`),
            or ``None`` for no limit.

    Returns:
        A :class:`SearchResult`; ``completion`` is the first completion found.
    """
    search = _search(position, node_limit)
    if search is None:
        return SearchResult("impossible", None, 0)
    try:
        completion = next(search.completions(), None)
    except _NodeLimitError:
        return SearchResult("unknown", None, search.nodes)
    status: SearchStatus = "impossible" if completion is None else "completable"
    return SearchResult(status, completion, search.nodes)


def count_completions(
    position: Position, limit: int, *, node_limit: int | None = DEFAULT_NODE_LIMIT
) -> int | None:
    """How many completions ``position`` has (SU-15), counting at most ``limit``; by search.

    Args:
        position: the position to complete.
        limit: stop counting at this many (a positive integer).
        node_limit: as in :func:`search_completion`.

    Returns:
        The count, below ``limit`` when exact and equal to it for "at least
        ``limit``"; ``None`` when the node limit was reached first.

    Raises:
        ValueError: ``limit`` is not positive.
    """
    if limit < 1:
        raise ValueError(f"limit must be positive, not {limit}")
    search = _search(position, node_limit)
    if search is None:
        return 0
    found = 0
    try:
        for _ in search.completions():
            found += 1
            if found == limit:
                break
    except _NodeLimitError:
        return None
    return found
