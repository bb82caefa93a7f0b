"""The direct count of winning hands: every Grid of ranks built from the spec's lines.

:func:`count_direct` is :func:`~dokuspec.competitive.count_winning`'s default
backend. It reads the lines from the spec
(:data:`~dokuspec.spec.competitive.LINE_TRIPLES`, CS-18) and nothing else:
the top and middle rows run over every line (105 ordered triples each), the
bottom row over the ranks that complete each column to a line, kept when it
is a line itself; a Grid of the nine distinct ranks is no winning hand, and
one with more of a rank than the deck holds cannot be dealt (CS-1, CS-19).
With colours, the cards of each rank are coloured independently, so a rank
pattern's Grids of cards are the product, over its ranks, of the ways to
colour that rank's cards (n cards, each red or black, at most ``copies`` of
each colour: the sum of C(n, red) over the allowed numbers of red cards).

The SAT and Z3 counts of the pattern model
(:func:`~dokuspec.spec.competitive.pattern_model`) and the engine's own count
cross-check it in the tests.
"""

from __future__ import annotations

from functools import cache
from math import comb

from dokuspec.spec.competitive import LINE_TRIPLES

__all__ = ["colourings", "count_direct"]


def colourings(cards: int, copies: int | None) -> int:
    """The ways to colour ``cards`` cards of one rank, each red or black, with at most
    ``copies`` of each colour (``None``: no limit); 1 for no card."""
    if copies is None:
        return 1 << cards
    return sum(comb(cards, red) for red in range(max(0, cards - copies), min(cards, copies) + 1))


@cache
def _ends() -> tuple[int, ...]:
    """For two ranks ``a, b`` (at index ``10 * a + b``): the ranks ``c`` making ``a, b, c``
    a line (CS-18), as a bit mask (bit ``c``)."""
    found = [0] * 100
    for a, b, c in LINE_TRIPLES:
        found[10 * a + b] |= 1 << c
    return tuple(found)


@cache
def _bits() -> tuple[tuple[int, ...], ...]:
    """For every mask of ranks (bits 1-9): its ranks, smallest first."""
    return tuple(tuple(r for r in range(1, 10) if mask >> r & 1) for mask in range(1024))


def count_direct(copies: int | None, colours: bool) -> int:
    """The number of winning hands (CS-19) a deck can supply, by direct enumeration.

    Args:
        copies: the copies of each card (CS-1), 1-9, ``None`` for no limit.
        colours: count Grids of cards (equal cards identical) rather than
            rank patterns.

    Returns:
        13,956 rank patterns and 5,847,552 Grids of cards for the standard
        deck (2 copies); 16,845 and 8,624,640 without a limit. Takes about
        20 ms.
    """
    lines = list(LINE_TRIPLES)
    ends = _ends()
    bits = _bits()
    most = 9 if copies is None else 2 * copies
    ways = [colourings(n, copies) if colours else 1 for n in range(10)]
    total = 0
    for t0, t1, t2 in lines:
        for m0, m1, m2 in lines:
            firsts = ends[10 * t0 + m0]
            seconds = ends[10 * t1 + m1]
            thirds = ends[10 * t2 + m2]
            if not (firsts and seconds and thirds):
                continue
            counts = [0] * 10
            for rank in (t0, t1, t2, m0, m1, m2):
                counts[rank] += 1
            top = max(counts)
            if top > most:
                continue
            base = 1  # the colourings of the top two rows' ranks
            for n in counts:
                base *= ways[n]
            for x in bits[firsts]:
                for y in bits[seconds]:
                    # the third ranks that complete both column 3 and the bottom row
                    for z in bits[ends[10 * x + y] & thirds]:
                        grid = counts.copy()
                        grid[x] += 1
                        grid[y] += 1
                        grid[z] += 1
                        largest = max(top, grid[x], grid[y], grid[z])
                        # 1: the nine distinct ranks, not a winning hand (CS-19)
                        if largest > most or largest == 1:
                            continue
                        product = base
                        for rank in {x, y, z}:
                            # exact: ways[counts[rank]] is a factor of base, and not 0
                            product = product // ways[counts[rank]] * ways[grid[rank]]
                        total += product
    return total
