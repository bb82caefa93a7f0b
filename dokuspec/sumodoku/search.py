"""A fast completion search for Sumodoku positions: it proposes, the solver certifies.

:func:`propose` looks for a completion of a position (rule SU-15) by a
depth-first search over bit masks: each empty cell's candidates are the
colours that no piece in its row, column, box (and diagonal with Sudoku X,
SU-12) holds, that its parity mark allows (SU-13) and that its neighbours'
consecutive marks allow (SU-14). Before branching it places every cell with
one candidate (a naked single) and every colour that only one cell of a row,
column, box or diagonal can take (a hidden single); it branches on the cell
with the fewest candidates, colours in increasing order.

The answers are **proposals**. :func:`dokuspec.sumodoku.check` has every
proposed completion certified by the spec's rules (evaluated on the board) before
it answers ``"completable"``, and answers ``"impossible"`` only from the
solver's own full search. The search answers ``"unknown"`` when its node
limit runs out.

The search runs compiled (the optional C extension
``dokuspec.sumodoku._fastsearch``, built by ``pip install`` when a C compiler
is at hand) or as the pure-Python fallback here, the same algorithm step by
step: both give the same answer, completion and node count. :data:`COMPILED`
tells which one is in use.

Pieces out of the game (SU-9) are counted before any search: a full board
holds every colour 9 times (once per row, SU-3), so a position with any
piece out of the game is impossible by counting alone, and with none out the
supply of every colour is exactly what the empty cells need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeAlias

from dokuspec.engine.sumodoku.rules import (
    ALL_COLOURS,
    MARKED,
    constrained_neighbours,
    next_to,
    parity_masks,
    unit_cells,
)
from dokuspec.vocabulary.sumodoku import Board, Position, Variants

__all__ = [
    "COMPILED",
    "DEFAULT_COUNT_NODE_LIMIT",
    "DEFAULT_NODE_LIMIT",
    "SearchAnswer",
    "SearchStatus",
    "propose",
    "propose_completions",
    "valid_colours",
]

SearchStatus: TypeAlias = Literal["completable", "impossible", "unknown"]

#: Pieces the search may place (singles and branches) before it answers
#: ``"unknown"``. The bundled 17-clue and top95 puzzles need at most a few
#: thousand; a position that needs more is left to the SAT solver.
DEFAULT_NODE_LIMIT = 20_000

_NO_CELL = 255

#: The layout of the rule tables the C extension reads (``packed``); an extension
#: built for another layout is not used (the pure-Python search is).
_PACKED_LAYOUT = 2

# Status codes shared with the C extension.
_FOUND, _NONE, _LIMIT = 0, 1, 2
_STATUS: dict[int, SearchStatus] = {_FOUND: "completable", _NONE: "impossible", _LIMIT: "unknown"}


@dataclass(frozen=True, slots=True)
class SearchAnswer:
    """What :func:`propose` found.

    Attributes:
        status: ``"completable"`` (with a proposed completion),
            ``"impossible"`` (the search ran out of candidates; for
            :func:`~dokuspec.sumodoku.check` this is only a hint, the solver
            decides) or ``"unknown"`` (the node limit was reached).
        completion: when completable, a full board extending the position's
            board on which no rule is broken; otherwise ``None``.
        nodes: pieces the search placed (singles and branches).
    """

    status: SearchStatus
    completion: Board | None
    nodes: int


@dataclass(frozen=True, slots=True)
class _Rules:
    """One rule set as flat tables, for both implementations of the search.

    Attributes:
        units: the units (rows, columns, boxes, with ``x`` the diagonals).
        cell_units: per cell, the numbers of its units.
        peers: per cell, the other cells of its units.
        allowed: per cell, the colour mask its parity mark allows.
        neighbours: per cell, 4 (neighbour, kind) slots; ``_NO_CELL`` when unused.
        next_to: per colour (index 0: none), the colours whose digit differs
            by 1 from its digit (SU-14, SU-36), as a colour mask.
        packed: ``allowed`` (2 bytes each, little-endian), then ``neighbours``
            (8 bytes per cell), then ``next_to`` (2 bytes each), as the C
            extension reads them.
    """

    units: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    allowed: tuple[int, ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    next_to: tuple[int, ...]
    packed: bytes


@lru_cache(maxsize=64)
def _rules(variants: Variants) -> _Rules:
    units = unit_cells(variants.x)
    cell_units: list[list[int]] = [[] for _ in range(81)]
    for number, unit in enumerate(units):
        for cell in unit:
            cell_units[cell].append(number)
    allowed = parity_masks(variants)
    neighbours = constrained_neighbours(variants)
    packed = bytearray()
    for mask in allowed:
        packed += mask.to_bytes(2, "little")
    for found in neighbours:
        slots = [*found, *[(_NO_CELL, 0)] * (4 - len(found))]
        for other, kind in slots:
            packed += bytes((other, kind))
    near = next_to(variants)
    for mask in near:
        packed += mask.to_bytes(2, "little")
    peers = [tuple(sorted({p for u in cell_units[c] for p in units[u]} - {c})) for c in range(81)]
    return _Rules(
        units,
        tuple(map(tuple, cell_units)),
        tuple(peers),
        allowed,
        neighbours,
        near,
        bytes(packed),
    )


def _candidates(rules: _Rules, cells: bytearray | bytes, used: list[int], cell: int) -> int:
    """The colours that may go on ``cell`` next to the pieces of ``cells``."""
    mask = rules.allowed[cell]
    for unit in rules.cell_units[cell]:
        mask &= ~used[unit]
    for other, kind in rules.neighbours[cell]:
        colour = cells[other]
        if colour:
            near = rules.next_to[colour]
            mask &= near if kind == MARKED else ~near
    return mask & ALL_COLOURS


def _used(rules: _Rules, cells: bytes) -> list[int]:
    return [ALL_COLOURS & sum({1 << cells[c] for c in unit}) for unit in rules.units]


def valid_colours(position: Position) -> list[int]:
    """Per cell (0-80), the colours a piece placed there next would break no rule with.

    A mask per cell, bit ``k`` for colour ``k``: no piece of colour ``k`` in
    the cell's row, column or box (SU-3) or, with Sudoku X, diagonal
    (SU-12), the parity mark allows it (SU-13), and every neighbour's piece
    agrees with it across a constrained border (SU-14, SU-37), by the
    colours' digits (SU-36). Occupied cells get 0. Pieces out of the game
    and the supply are not considered here.
    """
    rules = _rules(position.variants)
    cells = position.board.cells
    used = _used(rules, cells)
    return [0 if cells[c] else _candidates(rules, cells, used, c) for c in range(81)]


def _breaks_rules(rules: _Rules, cells: bytes) -> bool:
    """Whether the pieces of ``cells`` break a rule among themselves (SU-3, SU-12..SU-14,
    SU-37)."""
    for unit in rules.units:
        seen = 0
        for cell in unit:
            colour = cells[cell]
            if colour:
                if seen >> colour & 1:
                    return True
                seen |= 1 << colour
    for cell in range(81):
        colour = cells[cell]
        if not colour:
            continue
        if not rules.allowed[cell] >> colour & 1:
            return True
        for other, kind in rules.neighbours[cell]:
            near = cells[other]
            if near and (kind == MARKED) != bool(rules.next_to[colour] >> near & 1):
                return True
    return False


class _LimitReachedError(Exception):
    pass


class _PySearch:
    """The pure-Python search; ``_fastsearch.c`` is the same algorithm, step by step.

    The state is the cells, each empty cell's candidate mask and each unit's
    colours; placing a piece removes its colour from its peers' candidates
    and narrows its constrained neighbours' candidates (SU-14).
    """

    def __init__(self, rules: _Rules, cells: bytes, node_limit: int) -> None:
        self.rules = rules
        self.node_limit = node_limit
        self.nodes = 0
        self.cells = bytearray(cells)
        self.used = _used(rules, cells)
        self.cand = [0 if cells[c] else _candidates(rules, cells, self.used, c) for c in range(81)]

    def place(
        self, cells: bytearray, cand: list[int], used: list[int], cell: int, colour: int
    ) -> None:
        if self.nodes >= self.node_limit:
            raise _LimitReachedError
        self.nodes += 1
        rules = self.rules
        cells[cell] = colour
        cand[cell] = 0
        bit = 1 << colour
        for unit in rules.cell_units[cell]:
            used[unit] |= bit
        keep = ~bit
        for peer in rules.peers[cell]:
            cand[peer] &= keep
        near = rules.next_to[colour]
        for other, kind in rules.neighbours[cell]:
            cand[other] &= near if kind == MARKED else ~near

    def solve(self, cells: bytearray, cand: list[int], used: list[int]) -> bytearray | None:
        rules = self.rules
        while True:
            progress = False
            best, best_count = -1, 10
            for cell in range(81):
                if cells[cell]:
                    continue
                mask = cand[cell]
                if not mask:
                    return None
                count = mask.bit_count()
                if count == 1:
                    self.place(cells, cand, used, cell, mask.bit_length() - 1)
                    progress = True
                elif count < best_count:
                    best, best_count = cell, count
            if progress:
                continue
            if best < 0:
                return cells
            for number, unit in enumerate(rules.units):
                once = twice = 0
                for cell in unit:
                    mask = cand[cell]
                    twice |= once & mask
                    once |= mask
                missing = ALL_COLOURS & ~used[number]
                if missing & ~once:
                    return None
                single = missing & once & ~twice
                while single:
                    colour = (single & -single).bit_length() - 1
                    single &= single - 1
                    for cell in unit:
                        if cand[cell] >> colour & 1:
                            self.place(cells, cand, used, cell, colour)
                            break
                    else:
                        return None
                    progress = True
            if progress:
                continue
            mask = cand[best]
            for colour in range(1, 10):
                if mask >> colour & 1:
                    branch = bytearray(cells), list(cand), list(used)
                    self.place(*branch, best, colour)
                    found = self.solve(*branch)
                    if found is not None:
                        return found
            return None


def _python_search(rules: _Rules, cells: bytes, node_limit: int) -> tuple[int, bytes | None, int]:
    if _breaks_rules(rules, cells):
        return _NONE, None, 0
    search = _PySearch(rules, cells, node_limit)
    try:
        found = search.solve(search.cells, search.cand, search.used)
    except _LimitReachedError:
        return _LIMIT, None, search.nodes
    if found is None:
        return _NONE, None, search.nodes
    return _FOUND, bytes(found), search.nodes


_Core: TypeAlias = Callable[[_Rules, bytes, int], tuple[int, bytes | None, int]]


def _extension() -> Any:
    """The C extension ``dokuspec.sumodoku._fastsearch``, or ``None`` when it is not built
    (its search and, for the solver bot, its shuffle)."""
    try:
        from dokuspec.sumodoku import _fastsearch  # type: ignore[attr-defined,unused-ignore]  # noqa: PLC0415
    except ImportError:
        return None
    return _fastsearch


def _compiled_core() -> _Core | None:
    _fastsearch = _extension()
    if _fastsearch is None:
        return None
    if getattr(_fastsearch, "PACKED_LAYOUT", 1) != _PACKED_LAYOUT:
        return None  # built from an older source: its tables would be misread
    native = _fastsearch.search

    def core(rules: _Rules, cells: bytes, node_limit: int) -> tuple[int, bytes | None, int]:
        status, completion, nodes = native(cells, len(rules.units) > 27, rules.packed, node_limit)
        return int(status), completion, int(nodes)

    return core


_COMPILED_CORE = _compiled_core()

#: Whether :func:`propose` runs the compiled search (the C extension
#: ``dokuspec.sumodoku._fastsearch``); otherwise the pure-Python fallback.
COMPILED: bool = _COMPILED_CORE is not None


def propose(
    position: Position,
    *,
    node_limit: int = DEFAULT_NODE_LIMIT,
    compiled: bool | None = None,
) -> SearchAnswer:
    """Look for a completion of ``position`` (SU-15) by a fast search, without a solver.

    Args:
        position: the position.
        node_limit: the most pieces to place before answering
            ``"unknown"`` (a positive int).
        compiled: ``True`` for the compiled search, ``False`` for the
            pure-Python fallback, ``None`` (default) for the compiled one
            when it is built (:data:`COMPILED`).

    Returns:
        A :class:`SearchAnswer`. A completion is a proposal (certify it with
        the SAT model before trusting it: :func:`dokuspec.sumodoku.check`
        does); ``"impossible"`` is a hint for the solver, not an answer.

    Raises:
        TypeError: ``position`` is not a :class:`Position`, or
            ``node_limit`` not an int.
        ValueError: ``node_limit`` is not positive; ``compiled=True`` when
            the extension is not built.
    """
    if not isinstance(position, Position):
        raise TypeError(f"propose() takes a Position, not {type(position).__name__}")
    if isinstance(node_limit, bool) or not isinstance(node_limit, int):
        raise TypeError(f"node_limit must be an int, not {type(node_limit).__name__}")
    if node_limit < 1:
        raise ValueError(f"node_limit must be positive, not {node_limit}")
    if compiled is None:
        compiled = COMPILED
    if compiled and _COMPILED_CORE is None:
        raise ValueError("the compiled search is not built (dokuspec.sumodoku._fastsearch)")
    if any(position.out):
        return SearchAnswer("impossible", None, 0)
    rules = _rules(position.variants)
    core = _COMPILED_CORE if compiled else _python_search
    assert core is not None
    status, completion, nodes = core(rules, position.board.cells, node_limit)
    board = None if completion is None else Board._trusted(completion)
    return SearchAnswer(_STATUS[status], board, nodes)


#: Pieces :func:`propose_completions` may place before it gives up (and the
#: SAT count answers instead): enough for a thousand completions of any
#: bundled puzzle or of the empty board, a few milliseconds of search.
DEFAULT_COUNT_NODE_LIMIT = 200_000


def _compiled_completions() -> Callable[[_Rules, bytes, int, int], tuple[int, bytes, int]] | None:
    _fastsearch = _extension()
    if (
        _fastsearch is None
        or getattr(_fastsearch, "PACKED_LAYOUT", 1) != _PACKED_LAYOUT
        or not hasattr(_fastsearch, "completions")
    ):
        return None
    native = _fastsearch.completions

    def completions(
        rules: _Rules, cells: bytes, limit: int, node_limit: int
    ) -> tuple[int, bytes, int]:
        status, boards, nodes = native(
            cells, len(rules.units) > 27, rules.packed, limit, node_limit
        )
        return int(status), bytes(boards), int(nodes)

    return completions


_COMPILED_COMPLETIONS = _compiled_completions()


def propose_completions(
    position: Position, limit: int, *, node_limit: int = DEFAULT_COUNT_NODE_LIMIT
) -> list[Board] | None:
    """Completions of ``position`` (SU-15), up to ``limit``, by the compiled search carried
    on past each completion found; ``None`` when the compiled search is not built or its
    node limit ran out first.

    The search is :func:`propose`'s, branch for branch, and lists the
    completions in the order it meets them: all of them when fewer than
    ``limit`` exist. They are **proposals**:
    :func:`dokuspec.sumodoku.count_completions` certifies each one by the
    spec's rules before it counts it.

    Args:
        position: the position.
        limit: the most completions to list (a positive int).
        node_limit: the most pieces to place (a positive int).

    Raises:
        TypeError: ``position`` is not a :class:`Position`, ``limit`` or
            ``node_limit`` not an int.
        ValueError: ``limit`` or ``node_limit`` is not positive.
    """
    if not isinstance(position, Position):
        raise TypeError(f"propose_completions() takes a Position, not {type(position).__name__}")
    for name, value in (("limit", limit), ("node_limit", node_limit)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if value < 1:
            raise ValueError(f"{name} must be positive, not {value}")
    if _COMPILED_COMPLETIONS is None:
        return None
    if any(position.out):
        return []  # a piece out of the game: no completion (see the module notes)
    rules = _rules(position.variants)
    status, boards, _ = _COMPILED_COMPLETIONS(rules, position.board.cells, limit, node_limit)
    if status == _LIMIT:
        return None
    return [Board._trusted(boards[i : i + 81]) for i in range(0, len(boards), 81)]


def _compiled_certify() -> Callable[[bytes, bytes, bytes, bytes, bytes], int] | None:
    """The compiled evaluator of the spec's prohibitions (``_fastsearch.certify``), which
    lives in the extension but shares no code with its search; ``None`` when not built."""
    _fastsearch = _extension()
    certify = getattr(_fastsearch, "certify", None)
    return certify if callable(certify) else None


_CERTIFY = _compiled_certify()
