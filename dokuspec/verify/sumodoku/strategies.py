"""Hypothesis strategies for Sumodoku boards, variants, positions and game options.

Every strategy draws plain vocabulary values (:mod:`dokuspec.vocabulary.sumodoku`)
and shrinks towards simple ones: the first real solution untransformed, few
pieces kept, no variant.

* :func:`full_grids`: valid full boards (rule SU-3), transformed from the
  solutions of the bundled real puzzles (:func:`bundled_solutions`).
* :func:`variants`: variant rule sets (SU-12, SU-13, SU-14, with the
  colours' digits of SU-36 and the non-consecutive marks of SU-37),
  optionally with markings read off a full board so that they can be
  satisfied.
* :func:`positions`: partial boards cut from full grids, optionally with
  wrong pieces planted, variants and pieces out of the game (SU-9, SU-15).
* :func:`game_options`: options of the Sumodoku game in every mode
  (strict, tabletop with and without the observer; fixed, random and free
  colours; claim windows) and variant (SU-1, SU-2, SU-4, SU-9..SU-14,
  SU-36, SU-37).

Example::

    from hypothesis import given
    from dokuspec.verify.sumodoku.strategies import positions

    @given(positions())
    def test_something(position): ...
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Literal

from hypothesis import strategies as st

from dokuspec.engine.base import JSONValue
from dokuspec.vocabulary.sumodoku import (
    IDENTITY_DIGITS,
    Board,
    Position,
    Variants,
    all_borders,
)

__all__ = [
    "BASE_GRID",
    "CLAIM_WINDOWS",
    "X_GRID",
    "bundled_solutions",
    "consecutive_borders",
    "full_grids",
    "game_options",
    "positions",
    "variants",
]

BASE_GRID = Board(
    bytes((3 * (row % 3) + row // 3 + col) % 9 + 1 for row in range(9) for col in range(9))
)
"""A fixed valid full board (rows are shifts of ``123456789``), a simple example for tests."""

X_GRID = Board.parse(
    "795318264631249875248765931874693512569821347312574698456987123987132456123456789"
)
"""A fixed valid full board whose two diagonals also hold 9 colours each (SU-12).

The seed of ``full_grids(x=True)``: none of the bundled real solutions has
two diagonals of 9 colours.
"""

_BORDERS = tuple(all_borders())


@cache
def bundled_solutions() -> tuple[Board, ...]:
    """The solutions of the bundled real puzzles, the seeds of :func:`full_grids`.

    Read from ``dokuspec/data/sumodoku/solutions.txt``: the one solution of
    each of the 500 puzzles of ``sudoku17.txt`` and then of the 95 of
    ``top95.txt``, in file order (595 boards; two puzzles share one), made
    by ``scripts/make_sumodoku_solutions.py``. Read once, no solver involved.

    Returns:
        The 595 full boards, in the order of their puzzles.
    """
    text = resources.files("dokuspec").joinpath("data/sumodoku/solutions.txt").read_text()
    return tuple(
        Board.parse(line.strip())
        for line in text.splitlines()
        if line.strip() and not line.startswith("#")
    )


def consecutive_borders(board: Board, digits: str = IDENTITY_DIGITS) -> frozenset[tuple[int, int]]:
    """The borders across which ``board`` holds two colours whose digits differ by exactly 1
    (SU-14; ``digits[k - 1]`` is colour ``k``'s digit, SU-36).

    Borders are pairs of orthogonally adjacent cell indices 0-80, smaller
    first (as in :attr:`Variants.consecutive`); empty cells count for nothing.
    """
    cells = board.cells
    digit = [0] + [int(char) for char in digits]
    return frozenset(
        (a, b)
        for a, b in _BORDERS
        if cells[a] and cells[b] and abs(digit[cells[a]] - digit[cells[b]]) == 1
    )


def _apart_borders(board: Board, digits: str) -> list[tuple[int, int]]:
    """The borders across which ``board`` (full) holds two colours whose digits are not
    consecutive: those a non-consecutive mark (SU-37) may go on."""
    found = consecutive_borders(board, digits)
    return [border for border in _BORDERS if border not in found]


def _digits(draw: st.DrawFn) -> str:
    """The digits of the colours (SU-36): the default, or a random permutation."""
    if not draw(st.booleans()):
        return IDENTITY_DIGITS
    return "".join(map(str, draw(st.permutations(range(1, 10)))))


def _order(draw: st.DrawFn) -> list[int]:
    """Nine line indices: the three bands (or stacks) permuted, and lines within each."""
    bands = draw(st.permutations(range(3)))
    return [3 * band + line for band in bands for line in draw(st.permutations(range(3)))]


def _x_order(draw: st.DrawFn) -> list[int]:
    """Nine line indices, a permutation that commutes with reversal (``i -> 8 - i``).

    Applied to rows and columns alike it maps each diagonal onto itself.
    """
    first = draw(st.permutations(range(3)))
    middle = [5, 4, 3] if draw(st.booleans()) else [3, 4, 5]
    last = [8 - line for line in reversed(first)]
    order = [*first, *middle, *last]
    return order[6:] + order[3:6] + order[:3] if draw(st.booleans()) else order


@st.composite
def full_grids(draw: st.DrawFn, *, x: bool = False) -> Board:
    """Random valid full boards: 81 pieces, every row, column and box holds 9 colours (SU-3).

    One of the solutions of the bundled real puzzles
    (:func:`bundled_solutions`) is drawn and transformed by transformations
    that keep a board valid: rows permuted within their band, bands
    permuted, columns within their stack, stacks permuted, an optional
    transposition, and a relabelling of the nine colours. Shrinks towards
    the first solution, untransformed.

    Args:
        x: draw Sudoku X boards instead, whose two diagonals also hold 9
            colours each (SU-12): from :data:`X_GRID` by the transformations
            that keep the diagonals (one permutation commuting with
            reversal for rows and columns alike, an optional reversal of the
            rows, which swaps the diagonals, transposition and relabelling).

    Returns:
        A full :class:`Board` with no violation of SU-3 (and of SU-12 with ``x``).
    """
    if x:
        base = X_GRID.cells
        rows = _x_order(draw)
        cols = list(rows)
        if draw(st.booleans()):
            rows.reverse()
    else:
        solutions = bundled_solutions()
        base = solutions[draw(st.integers(0, len(solutions) - 1))].cells
        rows = _order(draw)
        cols = _order(draw)
    transpose = draw(st.booleans())
    labels = draw(st.permutations(range(1, 10)))
    cells = bytearray(81)
    for r in range(9):
        for c in range(9):
            source = rows[c] * 9 + cols[r] if transpose else rows[r] * 9 + cols[c]
            cells[r * 9 + c] = labels[base[source] - 1]
    return Board(bytes(cells))


def _parity(draw: st.DrawFn, solution: Board | None, digits: str) -> str:
    """An odd/even marking (SU-13): ``""`` or 81 characters of ``o``, ``e`` and ``.``; one
    read off ``solution`` reads its colours' ``digits`` (SU-36)."""
    kind = draw(st.sampled_from(["none", "random", "solution"] if solution else ["none", "random"]))
    if kind == "none":
        return ""
    marked = draw(st.lists(st.integers(0, 80), min_size=1, max_size=81, unique=True))
    marks = ["."] * 81
    for index in marked:
        if solution is not None and kind == "solution":
            marks[index] = "o" if int(digits[solution.cells[index] - 1]) % 2 else "e"
        else:
            marks[index] = draw(st.sampled_from("oe"))
    if solution is not None and kind == "solution" and draw(st.booleans()):
        flipped = draw(st.sampled_from(marked))  # one wrong mark, as in the bundled samples
        marks[flipped] = "e" if marks[flipped] == "o" else "o"
    return "".join(marks)


_Marks = frozenset[tuple[int, int]]


def _non_consecutive_marks(
    draw: st.DrawFn, marks: _Marks, choices: Sequence[tuple[int, int]], *, at_least: int = 0
) -> _Marks:
    """Borders marked non-consecutive (SU-37): some of ``choices``, none of ``marks``."""
    free = [border for border in choices if border not in marks]
    if not free or (not at_least and not draw(st.booleans())):
        return frozenset()
    return draw(st.frozensets(st.sampled_from(free), min_size=at_least or 1, max_size=12))


def _consecutive(
    draw: st.DrawFn, solution: Board | None, digits: str
) -> tuple[_Marks, bool, bool, _Marks]:
    """Consecutive marks, ``strict_marks``, ``non_consecutive`` (SU-14) and non-consecutive
    marks (SU-37), a valid combination; read off ``solution`` by ``digits`` (SU-36)."""
    kinds = ["none", "random", "non_consecutive", "apart"] + (["solution"] if solution else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "none":
        return frozenset(), False, False, frozenset()
    if kind == "non_consecutive":
        return frozenset(), False, True, frozenset()
    if kind == "apart":  # non-consecutive marks alone
        choices = _BORDERS if solution is None else _apart_borders(solution, digits)
        return frozenset(), False, False, _non_consecutive_marks(draw, frozenset(), choices,
                                                                 at_least=1)  # fmt: skip
    if kind == "random":
        marks = draw(st.frozensets(st.sampled_from(_BORDERS), min_size=1, max_size=24))
        strict = draw(st.booleans())
        apart = frozenset() if strict else _non_consecutive_marks(draw, marks, _BORDERS)
        return marks, strict, False, apart
    assert solution is not None
    found = sorted(consecutive_borders(solution, digits))
    if not found:  # pragma: no cover - every valid full board has consecutive neighbours
        return frozenset(), False, False, frozenset()
    strict = draw(st.booleans())
    if strict:  # every consecutive border of the solution must be marked
        return frozenset(found), True, False, frozenset()
    marks = draw(st.frozensets(st.sampled_from(found), min_size=1))
    return marks, False, False, _non_consecutive_marks(draw, marks, _BORDERS)


@st.composite
def variants(
    draw: st.DrawFn, solution: Board | None = None, *, consistent: bool = False
) -> Variants:
    """Random variant rule sets (SU-12, SU-13, SU-14, SU-36, SU-37).

    Each part is drawn independently: the colours' digits, the default or a
    random permutation (kept only when a parity marking or a consecutive
    rule reads them); Sudoku X on or off; no parity marking, a random one,
    or (with ``solution``) one read off ``solution``, possibly with one mark
    flipped; no consecutive rule, random marks with or without
    ``strict_marks``, ``non_consecutive``, non-consecutive marks alone, or
    (with ``solution``) a subset of the borders where ``solution``'s
    neighbours' digits differ by 1 (with ``strict_marks``: all of them);
    without ``strict_marks``, marks may come with non-consecutive marks on
    other borders. The combination is always a valid :class:`Variants` (no
    ``non_consecutive`` with marks, no ``strict_marks`` without marks, no
    border with both marks, no non-consecutive marks with
    ``non_consecutive`` or ``strict_marks``, no digits that nothing reads).

    Args:
        solution: a full board to read markings off, so that variant
            positions cut from it can be completable; or ``None``.
        consistent: with ``solution``: only variants that ``solution`` obeys
            (X only when its diagonals hold 9 colours each, parity,
            consecutive and non-consecutive marks read off it by the drawn
            digits with no flipped mark, ``non_consecutive`` only when it
            has no consecutive neighbours).

    Returns:
        A :class:`Variants`, shrinking towards no variant at all.

    Raises:
        ValueError: ``consistent`` without ``solution``.
    """
    if consistent:
        if solution is None:
            raise ValueError("consistent variants need a solution to read them off")
        return _consistent_variants(draw, solution)
    digits = _digits(draw)
    x = draw(st.booleans())
    parity = _parity(draw, solution, digits)
    marks, strict, non_consecutive, apart = _consecutive(draw, solution, digits)
    return Variants(
        x=x,
        parity=parity,
        consecutive=marks,
        strict_marks=strict,
        non_consecutive=non_consecutive,
        non_consecutive_marks=apart,
        digits=_read(digits, parity, marks, apart, non_consecutive),
    )


def _read(digits: str, parity: str, *rules: object) -> str:
    """``digits``, or the default when no parity marking and no consecutive rule reads them."""
    return digits if parity.strip(".") or any(rules) else IDENTITY_DIGITS


def _diagonals_hold(board: Board) -> bool:
    cells = board.cells
    main = {cells[i * 10] for i in range(9)}
    anti = {cells[i * 8 + 8] for i in range(9)}
    return len(main) == 9 and len(anti) == 9


def _consistent_variants(draw: st.DrawFn, solution: Board) -> Variants:
    digits = _digits(draw)
    x = _diagonals_hold(solution) and draw(st.booleans())
    parity = ""
    if draw(st.booleans()):
        marked = set(draw(st.lists(st.integers(0, 80), min_size=1, max_size=81, unique=True)))
        parity = "".join(
            ("o" if int(digits[solution.cells[i] - 1]) % 2 else "e") if i in marked else "."
            for i in range(81)
        )
    found = sorted(consecutive_borders(solution, digits))
    kind = draw(st.sampled_from(["none", "marks", "strict"] if found else ["none", "non"]))
    marks: frozenset[tuple[int, int]] = frozenset()
    if kind == "marks":
        marks = draw(st.frozensets(st.sampled_from(found), min_size=1))
    elif kind == "strict":
        marks = frozenset(found)
    apart: frozenset[tuple[int, int]] = frozenset()
    if kind in ("none", "marks"):
        apart = _non_consecutive_marks(draw, marks, _apart_borders(solution, digits))
    return Variants(
        x=x,
        parity=parity,
        consecutive=marks,
        strict_marks=kind == "strict",
        non_consecutive=kind == "non",
        non_consecutive_marks=apart,
        digits=_read(digits, parity, marks, apart, kind == "non"),
    )


@st.composite
def positions(
    draw: st.DrawFn,
    *,
    with_variants: bool = True,
    with_out: bool = True,
    planted: tuple[int, int] = (0, 2),
    consistent_variants: bool = False,
    min_pieces: int = 0,
    max_pieces: int = 81,
) -> Position:
    """Random Sumodoku positions cut from random full grids.

    A full grid is drawn with :func:`full_grids` (with ``with_variants``,
    half of them Sudoku X grids) and a random subset of its cells is kept
    (``min_pieces`` to ``max_pieces`` pieces), so that with nothing else the
    position is completable (by that grid at least). Then:

    * ``planted``: between ``planted[0]`` and ``planted[1]`` wrong pieces
      are put on random empty cells, each of a random colour other than the
      grid's colour there (so the position often becomes impossible);
      ``(0, 0)`` plants none;
    * ``with_variants``: variants drawn with :func:`variants` (or none),
      markings often read off the grid so that completable variant positions
      occur; with ``consistent_variants`` only variants the grid obeys, so
      that without planted pieces and pieces out of the game the position is
      completable;
    * ``with_out``: sometimes pieces out of the game for 1 or 2 colours
      (SU-9); since a full board needs 9 pieces of every colour, such a
      position is impossible by counting alone (SU-15).

    Colours are only planted or put out of the game where fewer than 9 of
    that colour are on the board and out of the game, so every drawn value is
    a valid :class:`Position`.

    Args:
        with_variants: draw variants (SU-12..SU-14).
        with_out: draw pieces out of the game.
        planted: the least and the most number of planted pieces (0-81).
        consistent_variants: only variants that the grid obeys.
        min_pieces: the fewest pieces kept from the grid (0-81); many kept
            pieces make small positions, few empty cells.
        max_pieces: the most pieces kept from the grid (``min_pieces``-81).

    Returns:
        A :class:`Position`.

    Raises:
        ValueError: not ``0 <= min_pieces <= max_pieces <= 81``.
    """
    if not 0 <= min_pieces <= max_pieces <= 81:
        raise ValueError(
            f"need 0 <= min_pieces <= max_pieces <= 81, not {min_pieces}, {max_pieces}"
        )
    grid = draw(full_grids(x=with_variants and draw(st.booleans())))
    kept_count = draw(st.integers(min_pieces, max_pieces))
    order = draw(st.permutations(range(81)))
    kept = set(order[:kept_count])
    cells = bytearray(grid.cells[i] if i in kept else 0 for i in range(81))
    for _ in range(draw(st.integers(*planted))):
        empty = [i for i in range(81) if not cells[i]]
        if not empty:
            break
        index = draw(st.sampled_from(empty))
        colours = [k for k in range(1, 10) if cells.count(k) < 9 and k != grid.cells[index]]
        if not colours:
            break
        cells[index] = draw(st.sampled_from(colours))
    board = Board(bytes(cells))
    rules = Variants()
    if with_variants and draw(st.booleans()):
        rules = draw(variants(solution=grid, consistent=consistent_variants))
    out = [0] * 9
    if with_out and draw(st.sampled_from([False, False, False, True])):
        for colour in draw(st.lists(st.integers(1, 9), min_size=1, max_size=2, unique=True)):
            room = 9 - board.count(colour)
            if room:
                out[colour - 1] = draw(st.integers(1, room))
    return Position(board, rules, tuple(out))


CLAIM_WINDOWS: tuple[tuple[int, int], ...] = ((16, 35), (1, 40), (2, 4), (3, 9), (10, 12))
"""Claim windows (SU-10) :func:`game_options` draws, the default first, then short and early
ones, so that short games reach claims."""


def _time_limits(window: tuple[int, int], seconds: Sequence[float]) -> list[list[float]]:
    """``claim_time_limits`` covering ``window``: up to ``len(seconds)`` consecutive ranges."""
    first, last = window
    parts = min(len(seconds), last - first + 1)
    size = -(-(last - first + 1) // parts)
    limits: list[list[float]] = []
    for part in range(parts):
        start = first + part * size
        if start > last:
            break
        limits.append([start, min(last, start + size - 1), seconds[part]])
    return limits


@st.composite
def game_options(
    draw: st.DrawFn,
    *,
    enforcement: Literal["strict", "tabletop"] | None = None,
    colours: Literal["fixed", "random", "free"] | None = None,
    with_variants: bool = True,
) -> dict[str, JSONValue]:
    """Options of the Sumodoku game (``dokuspec.engine.sumodoku``), every mode and variant.

    * colours: SU-1's ``fixed`` or ``random`` assignment, or SU-11's free
      colours (``free_colours``);
    * ``first_player`` 1 or 2 (SU-2);
    * enforcement ``strict`` or ``tabletop`` (SU-4); with ``tabletop``, an
      ``observer`` chance of 0, 1/4, 1/2 or 1 (SU-9) and ``own_mistake_wins``
      or not (SU-8);
    * a claim window from :data:`CLAIM_WINDOWS` with time limits covering
      it (SU-10; the default window with the default limits or none given);
    * with ``with_variants``: variants (SU-12..SU-14, SU-36, SU-37,
      combinable) in the Position JSON's keys and forms, read off a full grid so that the game
      can be completed (:func:`variants` with ``consistent``) or drawn
      freely (often making the board impossible early).

    Args:
        enforcement: only this enforcement, or ``None`` for both.
        colours: only this kind of colours, or ``None`` for all three.
        with_variants: draw variants.

    Returns:
        A dict of JSON values, shrinking towards the default options.
    """
    options: dict[str, JSONValue] = {}
    kind = colours or draw(st.sampled_from(["fixed", "random", "free"]))
    if kind == "free":
        options["free_colours"] = True
    else:
        options["colour_assignment"] = kind
    options["first_player"] = draw(st.sampled_from([1, 2]))
    mode = enforcement or draw(st.sampled_from(["strict", "tabletop"]))
    options["enforcement"] = mode
    if mode == "tabletop":
        options["observer"] = draw(st.sampled_from([0, 0.25, 0.5, 1]))
        options["own_mistake_wins"] = draw(st.booleans())
    window = draw(st.sampled_from(CLAIM_WINDOWS))
    if window != CLAIM_WINDOWS[0] or draw(st.booleans()):
        options["claim_window"] = list(window)
        seconds = draw(st.sampled_from([(960, 720, 480, 240), (60,), (1.5, 0.5)]))
        options["claim_time_limits"] = _time_limits(window, seconds)  # type: ignore[assignment]
    if with_variants and draw(st.booleans()):
        if draw(st.booleans()):
            grid = draw(full_grids(x=draw(st.booleans())))
            rules = draw(variants(solution=grid, consistent=True))
        else:
            rules = draw(variants())
        data = Position(Board(), rules).to_json()
        del data["board"]
        options.update(data)
    return options
