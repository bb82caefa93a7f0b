"""Competitive Sudoku's lines held to the spec: line kinds (CS-18), winning patterns (CS-19).

* :func:`check_line_kinds` (CS-18): every one of the 729 ordered rank
  triples, classified by the engine's :func:`~dokuspec.engine.competitive.line_kind`,
  the spec's :func:`~dokuspec.spec.competitive.kind_of_ranks`, the public
  :func:`~dokuspec.competitive.line_kind`, the kind literals of the hand
  model (each of its eight line tables sees every triple once, on
  :func:`line_kind_design`'s 729 Grids) and the satisfiability of the
  rank-pattern model with one row or column assumed, on each backend;
* :func:`check_winning_patterns` (CS-19): the *set* of winning rank patterns
  of a deck, from the engine's
  :func:`~dokuspec.engine.competitive.winning_rank_patterns` and from the
  projected enumeration of the rank-pattern model on each backend.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache

from dokuspec import competitive as public
from dokuspec.engine import competitive as engine
from dokuspec.spec import competitive as spec
from dokuspec.verify.competitive.errors import (
    BACKENDS,
    BackendName,
    LineKindError,
    WinningPatternsError,
    _deck_name,
    _kind_text,
    _pattern_text,
    _ranks_text,
)
from dokuspec.vocabulary.competitive import LINES

__all__ = [
    "check_line_kinds",
    "check_winning_patterns",
    "line_kind_design",
]

_DESIGN_COEFFICIENTS = (
    (1, 0, 0),
    (0, 1, 0),
    (0, 0, 1),
    (2, 1, 2),
    (1, 2, 0),
    (1, 0, 0),
    (2, 2, 0),
    (2, 2, 2),
    (0, 2, 2),
)
"""Position ``p`` of the design Grid ``(x, y, z)`` holds rank ``(a.x + b.y + c.z) mod 9 + 1``.

For each of the eight lines the 3x3 matrix of its positions' coefficients
has a determinant prime to 3, so it is invertible modulo 9: as ``(x, y, z)``
runs over the 729 values, each line runs over the 729 rank triples.
"""


@cache
def line_kind_design() -> tuple[tuple[int, ...], ...]:
    """729 rank Grids in which each of the eight lines holds each ordered rank triple once.

    A Grid is nine ranks row by row. Solving the hand model once per Grid
    reads the kind literals of all eight lines at once, so 729 solver calls
    put every rank triple through every line's table (CS-18).

    Raises:
        RuntimeError: the design lost its property (an internal error).
    """
    grids = tuple(
        tuple((a * x + b * y + c * z) % 9 + 1 for a, b, c in _DESIGN_COEFFICIENTS)
        for x, y, z in itertools.product(range(9), repeat=3)
    )
    for name, (i, j, k) in LINES:
        if len({(g[i], g[j], g[k]) for g in grids}) != 729:
            raise RuntimeError(f"internal error: {name} misses rank triples in the design")
    return grids


def _model_kind(values: Sequence[int], literal_true: Iterable[bool]) -> str | None:
    value = next(v for v, true in zip(values, literal_true, strict=True) if true)
    return None if value == 0 else spec.LINE_KINDS[value - 1]


def check_line_kinds(backends: Sequence[BackendName] = BACKENDS) -> int:
    """Check the kind of every ordered rank triple, every way the spec and engine can tell (CS-18).

    For each of the 729 triples the engine's
    :func:`~dokuspec.engine.competitive.line_kind` is the reference; it must
    agree with:

    * the spec's :func:`~dokuspec.spec.competitive.kind_of_ranks` and its
      table :data:`~dokuspec.spec.competitive.LINE_TRIPLES`;
    * the public :func:`dokuspec.competitive.line_kind`;
    * on each backend, the hand model: solved with the nine ranks of each
      Grid of :func:`line_kind_design` assumed (no rule of winning assumed),
      the kind literal of each of the eight lines;
    * on each backend, the rank-pattern model with no deck limit: with the
      triple assumed on one row, or one column (each of the six in turn), it
      is satisfiable exactly when the triple is a line (a line repeated on
      every row, or every column, makes a winning hand whose other lines
      are triplets, CS-19).

    Args:
        backends: the solver backends to ask.

    Returns:
        The number of answers compared.

    Raises:
        LineKindError: two answers differ; the message names the triple,
            the line and the backend, and both answers.
    """
    triples = [(a, b, c) for a, b, c in itertools.product(range(1, 10), repeat=3)]
    reference = {t: engine.line_kind(t) for t in triples}
    compared = 0

    def expect(triple: tuple[int, int, int], source: str, answer: str | None) -> None:
        nonlocal compared
        compared += 1
        if answer != reference[triple]:
            raise LineKindError(
                f"ranks {_ranks_text(triple)}: the engine says {_kind_text(reference[triple])}, "
                f"{source} says {_kind_text(answer)}"
            )

    for triple in triples:
        expect(triple, "the spec's kind_of_ranks", spec.kind_of_ranks(*triple))
        expect(triple, "the spec's LINE_TRIPLES", spec.LINE_TRIPLES.get(triple))
        expect(triple, "the public line_kind", public.line_kind(triple))
    for backend in backends:
        hand, compiled = public.compiled_hand_model(backend)
        for grid in line_kind_design():
            assumptions = [hand.ranks[p].literal(rank) for p, rank in enumerate(grid)]
            answer = compiled.solve(assumptions)
            if answer.model is None:
                raise LineKindError(
                    f"the hand model on {backend} answers {answer.status} for the ranks "
                    f"{_pattern_text(grid)} with no rule of winning assumed"
                )
            for (name, (i, j, k)), var in zip(LINES, hand.kinds, strict=True):
                kind = _model_kind(var.values, (answer.value(lit) for lit in var.literals))
                where = f"the hand model's kind of {name} on {backend}"
                expect((grid[i], grid[j], grid[k]), where, kind)
        pattern, solver = public.compiled_pattern_model(None, backend)
        for triple in triples:
            for name, cells in LINES[:6]:
                status = solver.solve(
                    [pattern.rank_literal(p, rank) for p, rank in zip(cells, triple, strict=True)]
                ).status
                compared += 1
                if status not in ("sat", "unsat") or (status == "sat") != (
                    reference[triple] is not None
                ):
                    raise LineKindError(
                        f"ranks {_ranks_text(triple)}: the engine says "
                        f"{_kind_text(reference[triple])}, the pattern model on {backend} with "
                        f"them on {name} is {status}"
                    )
    return compared


# -- winning rank patterns (CS-19) ---------------------------------------------------------------


def _solver_patterns(copies: int | None, backend: BackendName) -> set[tuple[int, ...]]:
    """The winning rank patterns by projected enumeration, split by the centre's rank."""
    model, compiled = public.compiled_pattern_model(copies, backend)
    found: set[tuple[int, ...]] = set()
    for rank in range(1, 10):
        enumeration = compiled.enumerate(
            model.projection, assumptions=[model.rank_literal(4, rank)]
        )
        if not enumeration.complete:
            raise WinningPatternsError(
                f"the {backend} enumeration of the winning rank patterns of "
                f"{_deck_name(copies)} with rank {rank} in the centre did not finish"
            )
        patterns = [model.ranks_of(solution) for solution in enumeration.solutions]
        for pattern in patterns:
            if pattern[4] != rank or 0 in pattern:
                raise WinningPatternsError(
                    f"the {backend} enumeration with rank {rank} in the centre gave "
                    f"{_pattern_text(pattern)}"
                )
        if len(set(patterns)) != len(patterns):
            raise WinningPatternsError(f"the {backend} enumeration gave a pattern twice")
        found.update(patterns)
    return found


def check_winning_patterns(
    copies: int | None = 2, backends: Sequence[BackendName] = BACKENDS
) -> int:
    """Check that the engine and the solvers find the same *set* of winning rank patterns (CS-19).

    The engine's :func:`~dokuspec.engine.competitive.winning_rank_patterns`
    against the projected enumeration of the spec's rank-pattern model
    (:func:`~dokuspec.spec.competitive.pattern_model`) on each backend. The
    enumeration runs in nine parts, one per rank of the centre (assumed),
    which is faster than one run on Z3 (for the standard deck about 30 s
    rather than 43 s).

    Args:
        copies: the deck's copies of each card (1-9), ``None`` for no limit.
        backends: the solver backends to ask.

    Returns:
        The number of winning rank patterns.

    Raises:
        WinningPatternsError: the sets differ (up to three patterns of each
            difference are named, with what each side says), the engine
            lists a pattern twice, or an enumeration went wrong.
    """
    listed = engine.winning_rank_patterns(copies)
    reference = set(listed)
    if len(reference) != len(listed):
        raise WinningPatternsError("the engine lists a winning rank pattern twice")
    for backend in backends:
        found = _solver_patterns(copies, backend)
        missing = sorted(reference - found)
        extra = sorted(found - reference)
        if missing or extra:
            lines = [
                f"the winning rank patterns of {_deck_name(copies)}: the engine finds "
                f"{len(reference):,}, the {backend} enumeration {len(found):,}"
            ]
            lines += [
                f"  {_pattern_text(p)}: winning for the engine, not found by {backend}"
                for p in missing[:3]
            ]
            lines += [
                f"  {_pattern_text(p)}: found by {backend}, not winning for the engine"
                for p in extra[:3]
            ]
            raise WinningPatternsError("\n".join(lines))
    return len(reference)
