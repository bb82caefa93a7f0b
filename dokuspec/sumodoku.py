"""Sumodoku positions: is this board still completable?

The public API of the Sumodoku position queries (rules SU-3, SU-12..SU-15)::

    >>> from dokuspec import sumodoku
    >>> verdict = sumodoku.check("....")            # doctest: +SKIP
    >>> verdict.status, verdict.completion           # doctest: +SKIP

* :func:`check`: ``"completable"`` (with a completion), ``"impossible"`` or
  ``"unknown"`` (budget reached).
* :func:`explain`: for an impossible position, a minimal set of placed pieces
  that is impossible on its own.
* :func:`count_completions`: how many completions, up to a limit.

A position may be given as a :class:`Position`, a :class:`Board` or a string
(a board line, a grid, or a position's JSON object; see
:meth:`Position.parse`). Compiled solvers are cached per rule set and backend,
so a second query with the same variants reuses the first one's solver
(incrementally: the pieces are assumptions). The cache is per process and not
thread-safe: use one process per worker.
"""

from __future__ import annotations

import os
import re
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Literal, TypeAlias

from dokuspec.errors import DokuspecError, NotationError
from dokuspec.solvers import BACKENDS, Backend, SatBackend
from dokuspec.solvers.sat import DEFAULT_SOLVER
from dokuspec.spec.sumodoku import CompletionModel, completion_model
from dokuspec.vocabulary import text
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    Variants,
)

__all__ = [
    "Board",
    "Piece",
    "Position",
    "Variants",
    "Verdict",
    "check",
    "count_completions",
    "explain",
    "read_positions",
]

Status: TypeAlias = Literal["completable", "impossible", "unknown"]
BackendName: TypeAlias = Literal["sat", "z3"]
PositionLike: TypeAlias = Position | Board | str

_STATUS: dict[str, Status] = {"sat": "completable", "unsat": "impossible", "unknown": "unknown"}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to a completability query.

    Attributes:
        status: ``"completable"``, ``"impossible"`` or ``"unknown"`` (a time or
            conflict budget ran out before an answer).
        position: the position asked about.
        completion: when completable, a full board that extends the position's
            board and obeys every active rule; otherwise ``None``.
        conflict: from :func:`explain` on an impossible position: placed
            pieces that are already impossible on their own (with the same
            variants and pieces out of the game); otherwise ``None``.
        conflict_rules: from :func:`explain`: a minimal set of the guarded
            rule groups (variant marks, diagonals, supplies) that the
            conflict needs besides the rows, columns and boxes, such as
            ``"r1c4 is odd"``, ``"main diagonal, colour 5"`` or ``"supply of
            colour 3"`` (pieces out of the game, SU-15).
        minimal: from :func:`explain`: whether ``conflict`` is known to be
            minimal (removing any one piece makes the rest completable);
            false when a budget cut the minimisation short.
        backend: the backend that answered (``"sat"`` or ``"z3"``).
    """

    status: Status
    position: Position
    completion: Board | None = None
    conflict: tuple[Piece, ...] | None = None
    conflict_rules: tuple[str, ...] = ()
    minimal: bool = False
    backend: str = "sat"


_CACHE_SIZE = 32
_backends: OrderedDict[tuple[object, ...], tuple[CompletionModel, Backend]] = OrderedDict()


def _backend(
    position: Position, backend: str, solver: str | None
) -> tuple[CompletionModel, Backend]:
    capacity = tuple(9 - n for n in position.out)
    key = (position.variants, capacity, backend, solver)
    found = _backends.get(key)
    if found is not None:
        return found
    if backend not in BACKENDS:
        raise DokuspecError(f"unknown backend {backend!r}; choose 'sat' or 'z3'")
    if solver is not None and backend != "sat":
        raise DokuspecError("a SAT solver name goes with backend 'sat' only")
    spec = completion_model(position.variants, capacity)
    compiled: Backend = (
        SatBackend(spec.model, solver=solver or DEFAULT_SOLVER)
        if backend == "sat"
        else BACKENDS[backend](spec.model)
    )
    _backends[key] = (spec, compiled)
    if len(_backends) > _CACHE_SIZE:
        _backends.popitem(last=False)
    return spec, compiled


def _position(position: PositionLike, variants: Variants | None) -> Position:
    if isinstance(position, str):
        position = Position.parse(position)
    elif isinstance(position, Board):
        position = Position(position)
    elif not isinstance(position, Position):
        raise DokuspecError(f"expected a Position, Board or str, not {type(position).__name__}")
    if variants is not None:
        if not position.variants.is_plain():
            raise DokuspecError("the position already carries variants; do not pass variants too")
        position = Position(position.board, variants, position.out)
    return position


def check(
    position: PositionLike,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
) -> Verdict:
    """Is ``position`` still completable (rule SU-15)?

    Args:
        position: a :class:`Position`, a :class:`Board`, or a string in the
            board notation or the position's JSON form.
        backend: ``"sat"`` (python-sat, CNF) or ``"z3"``.
        solver: with ``backend="sat"``, a python-sat solver name (default
            CaDiCaL 1.9.5, ``"cadical195"``).
        variants: variant rules for a plain board (SU-12..SU-14).
        time_limit: seconds; when reached the status is ``"unknown"``.
        conflict_limit: solver conflicts; when reached the status is ``"unknown"``.

    Returns:
        A :class:`Verdict` with ``completion`` set when completable.

    Raises:
        NotationError: ``position`` is a string that is not a position.
        PositionError: the position cannot exist (more than 9 of a colour).
        DokuspecError: an unknown backend or solver name.
    """
    position = _position(position, variants)
    spec, compiled = _backend(position, backend, solver)
    answer = compiled.solve(
        spec.assumptions(position.board), time_limit=time_limit, conflict_limit=conflict_limit
    )
    completion = spec.board_of(answer.model) if answer.model is not None else None
    return Verdict(_STATUS[answer.status], position, completion, backend=compiled.name)


def explain(
    position: PositionLike,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
) -> Verdict:
    """Check ``position`` and, when impossible, explain why.

    The explanation (``Verdict.conflict``) is a minimal set of placed pieces
    that is impossible on its own: the position with only those pieces (same
    variants, same pieces out of the game) cannot be completed, and removing
    any one of them makes it completable. A duplicate colour in a row,
    column or box (SU-3) is explained by the two clashing pieces. The
    conflict is empty when the variant marks or the pieces out of the game
    alone make completion impossible.

    Then, with those pieces in place, ``Verdict.conflict_rules`` names a
    minimal set of variant marks, diagonals and supplies that the conflict
    needs (removing any one of them makes it completable).

    Arguments are those of :func:`check`; ``time_limit`` bounds the whole
    call and ``conflict_limit`` each solver query. A completable position
    gets its completion, as with :func:`check`.

    Raises:
        NotationError: ``position`` is a string that is not a position.
        PositionError: the position cannot exist (more than 9 of a colour).
        DokuspecError: an unknown backend or solver name.
    """
    position = _position(position, variants)
    spec, compiled = _backend(position, backend, solver)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    result = compiled.minimal_core(
        spec.piece_literals(position.board),
        fixed=spec.always,
        time_limit=time_limit,
        conflict_limit=conflict_limit,
    )
    if result.status != "unsat":
        completion = spec.board_of(result.model) if result.model is not None else None
        return Verdict(_STATUS[result.status], position, completion, backend=compiled.name)
    assert result.core is not None
    minimal = result.minimal
    rules: tuple[str, ...] = ()
    if spec.always:
        remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
        named = compiled.minimal_core(
            spec.always, fixed=result.core, time_limit=remaining, conflict_limit=conflict_limit
        )
        if named.status == "unsat" and named.core is not None:
            rules = tuple(spec.rule_names[selector] for selector in named.core)
            minimal = minimal and named.minimal
        else:  # the budget ran out: name every rule group in force
            rules = tuple(spec.rule_names[selector] for selector in spec.always)
            minimal = False
    conflict = tuple(sorted(p for p in map(spec.piece_of, result.core) if p is not None))
    return Verdict(
        "impossible",
        position,
        conflict=conflict,
        conflict_rules=rules,
        minimal=minimal,
        backend=compiled.name,
    )


def count_completions(
    position: PositionLike,
    limit: int,
    *,
    backend: BackendName = "sat",
    solver: str | None = None,
    variants: Variants | None = None,
) -> int:
    """How many different completions ``position`` has, counting at most ``limit``.

    A result below ``limit`` is exact; a result equal to ``limit`` means "at
    least ``limit``". A proper Sudoku puzzle has exactly one completion
    (``count_completions(p, 2) == 1``).

    Raises:
        DokuspecError: ``limit`` is not a positive integer; or as :func:`check`.
    """
    if not isinstance(limit, int) or limit < 1:
        raise DokuspecError(f"limit must be a positive integer, not {limit!r}")
    position = _position(position, variants)
    spec, compiled = _backend(position, backend, solver)
    empty = position.board.empty_cells()
    projection = [lit for i in empty for lit in spec.cells[i].literals]
    found = compiled.enumerate(
        projection, assumptions=spec.assumptions(position.board), limit=limit
    )
    return len(found.solutions)


def read_positions(
    lines: Iterable[str] | IO[bytes] | os.PathLike[str], *, source: str | None = None
) -> Iterator[tuple[int, Position]]:
    """Read positions from a file, a binary stream or lines of text, one at a time.

    The records (see :mod:`dokuspec.vocabulary.text` for decoding):

    * blank lines and lines starting with ``#`` are skipped;
    * a line starting with ``{`` is a position's JSON object, on that line;
    * a *grid line* is a row of a grid or a separator: a line holding a
      space, a tab or ``|`` between its first and last character, a line of
      only ``-``, ``+``, ``=`` and ``|``, or a line of at most 9 characters.
      Consecutive grid lines form one grid (so grids are separated by a
      blank line or a comment); it must have 9 rows of 9 cells;
    * any other line is a board of 81 cells on one line.

    Args:
        lines: a binary stream (decoded as UTF-8, a byte-order mark
            skipped), a path, or an iterable of text lines (a text file).
        source: the input's name in the messages (default: the path, the
            stream's name or ``"<input>"``).

    Yields:
        ``(line_number, position)`` pairs, in input order, as each record is
        read; the number is the record's first line (1-based).

    Raises:
        NotationError: the text is not a position, or is not UTF-8 text; the
            message starts with ``source:line:column:``.
        PositionError: a position cannot exist; the message starts with
            ``source:line:``.
        TypeError: ``lines`` is a single ``str`` or ``bytes``.
        OSError: the input cannot be read.
    """
    numbered = text.lines_of(lines, source=source)
    for record in text.records(numbered, block_line=_is_grid_line):
        try:
            position = Position.parse(record.text)
        except NotationError as error:
            raise record.locate(error) from None
        except DokuspecError as error:
            raise type(error)(f"{record.source}:{record.line}: {error}") from None
        yield record.line, position


_GRID_SEPARATOR = re.compile(r"[-+=|]+")


def _is_grid_line(line: str) -> bool:
    content = line.strip()
    if content.startswith("{"):
        return False
    return (
        len(content) <= 9
        or any(char in " \t|" for char in content)
        or _GRID_SEPARATOR.fullmatch(content) is not None
    )
