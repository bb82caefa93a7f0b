"""The defects of the public Java deal of Two-Doku, each re-implemented and caught by a property.

Each defect the issue names is a named property a deal or a sample of deals
must have (:data:`DEFECT_PROPERTIES`); :func:`defective_deal` re-implements
the defects one by one, so the tests show each property catching its defect
and passing on :func:`dokuspec.twodoku.deal`:

* ``face-down-with-replacement`` (the face-down dominoes drawn with
  replacement): caught by ``ten-of-each`` (every deal holds ten of each
  digit, :func:`ten_of_each`) and ``face-down-distribution`` (how many
  distinct digits the face-down dominoes show, against its exact law
  without replacement);
* ``pot-by-index`` (a pot domino removed by index, not by value): caught by
  ``ten-of-each``;
* ``eighty-unshuffled`` (the 80 dealt in the order they lie): caught by
  ``pile-order`` (the digit at a pile's first and last place has the exact
  law of any place) and ``pile-digit-distribution`` (how many 9s Red holds);
* ``odd-difference-unequal`` (balancing that leaves an odd difference):
  caught by ``equal-sums`` (every deal is fair, :func:`equal_sums`).

The tests of samples are in :mod:`dokuspec.verify.twodoku.sampler`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from dokuspec.twodoku.validation import validate
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    PILE_SIZE,
    RED,
    SQUARES_EACH,
    Deal,
    DealFaceDown,
    Dominoes,
)

__all__ = [
    "DEFECTS",
    "DEFECT_PROPERTIES",
    "PROPERTIES",
    "defective_deal",
    "equal_sums",
    "ten_of_each",
]


def ten_of_each(deal: Deal) -> bool:
    """Property ``ten-of-each``: face-down dominoes, pot and piles hold ten of each digit (TD-1)."""
    return not any(v.code in ("conservation", "digit-range") for v in validate(deal))


def equal_sums(deal: Deal) -> bool:
    """Property ``equal-sums``: the piles' sums are equal (TD-4)."""
    return not any(v.code == "unequal-sums" for v in validate(deal))


DEFECTS: Final = (
    "face-down-with-replacement",
    "pot-by-index",
    "eighty-unshuffled",
    "odd-difference-unequal",
)
"""The defects of the public Java deal that the issue names (see :func:`defective_deal`)."""

PROPERTIES: Final = (
    "ten-of-each",
    "equal-sums",
    "face-down-distribution",
    "pot-distribution",
    "pile-order",
    "pile-digit-distribution",
)
"""The named properties of deals, two of each deal (:func:`ten_of_each`, :func:`equal_sums`)
and four of samples (in :mod:`dokuspec.verify.twodoku.sampler`: ``face_down_test``,
``pot_test``, ``pile_order_test``, ``pile_digit_test``)."""

DEFECT_PROPERTIES: Final[Mapping[str, tuple[str, ...]]] = {
    "face-down-with-replacement": ("ten-of-each", "face-down-distribution"),
    "pot-by-index": ("ten-of-each",),
    "eighty-unshuffled": ("pile-order", "pile-digit-distribution"),
    "odd-difference-unequal": ("equal-sums",),
}
"""For each defect, the properties that catch it."""


def _balance_by_exchanges(red: list[int], blue: list[int]) -> None:
    """The Java way to balance: exchange dominoes between the piles while that narrows the gap.

    Each step exchanges the smallest domino of Red's that has a partner in
    Blue's pile differing by as close to half the gap as any pair does; it
    stops when no exchange narrows the gap (an odd gap cannot close).
    """
    while True:
        gap = sum(red) - sum(blue)
        if abs(gap) < 2:
            return
        reds, blues = sorted(set(red)), set(blue)
        for delta in sorted(range(-8, 9), key=lambda d: abs(gap - 2 * d)):
            if abs(gap - 2 * delta) >= abs(gap):
                return
            x = next((x for x in reds if x - delta in blues), None)
            if x is not None:
                i, j = red.index(x), blue.index(x - delta)
                red[i], blue[j] = blue[j], red[i]
                break


def defective_deal(seed: int, defects: Iterable[str], *, face_down: Dominoes | None = None) -> Deal:
    """A deal made with some of the Java deal's defects, to show the properties catch them.

    Colouring and face-down squares as :func:`dokuspec.twodoku.deal` draws
    them. Then, with each defect named in ``defects``:

    * ``face-down-with-replacement``: the 8 face-down digits are drawn with
      replacement (each uniform 1-9), and the 82 dealt are 82 of the 90
      drawn without regard to them;
    * ``pot-by-index``: the pot's two digits are drawn from the 82, but the
      dominoes taken out of the sorted 82 are those at the positions given
      by the digits' values;
    * ``eighty-unshuffled``: the 80 are dealt in sorted order, the first 40
      to Red, then balanced by exchanges (below);
    * ``odd-difference-unequal``: the piles are dealt shuffled and balanced
      by exchanges, and an odd difference is left as it is.

    Without the last two, the piles are a uniform fair split of what is
    left after the pot, and with balancing but without
    ``odd-difference-unequal`` an odd difference deals again.

    Raises:
        ValueError: an unknown defect.
    """
    chosen = frozenset(defects)
    unknown = chosen - set(DEFECTS)
    if unknown:
        raise ValueError(f"unknown defects {sorted(unknown)}")
    rng = random.Random(seed)
    red_squares = sorted(rng.sample(range(81), SQUARES_EACH))
    blue_squares = sorted(rng.sample(range(81), SQUARES_EACH))
    white = [i for i in range(81) if i not in set(red_squares) | set(blue_squares)]
    squares = rng.sample(white, FACE_DOWN_COUNT)
    full = [d for d in DIGITS for _ in range(COPIES)]
    if "face-down-with-replacement" in chosen:
        digits = [rng.randint(1, 9) for _ in range(FACE_DOWN_COUNT)]
        left = sorted(rng.sample(full, len(full) - FACE_DOWN_COUNT))
    else:
        digits = list(face_down) if face_down is not None else rng.sample(full, FACE_DOWN_COUNT)
        rng.shuffle(digits)
        left = list(full)
        for digit in digits:
            left.remove(digit)
    exchanges = bool(chosen & {"eighty-unshuffled", "odd-difference-unequal"})
    while True:
        pool = list(left)
        first, second = rng.sample(range(len(pool)), 2)
        pot = [pool[first], pool[second]]
        if "pot-by-index" in chosen:
            for value in sorted(pot, reverse=True):
                del pool[value]
        else:
            for index in sorted((first, second), reverse=True):
                del pool[index]
        if not exchanges:
            if sum(pool) % 2:
                continue
            red, blue = _split_only(rng, pool)
            break
        if "eighty-unshuffled" not in chosen:
            rng.shuffle(pool)
        red, blue = pool[:PILE_SIZE], pool[PILE_SIZE:]
        _balance_by_exchanges(red, blue)
        if sum(red) == sum(blue) or "odd-difference-unequal" in chosen:
            break
    pairs = [(s.row, s.col) for s in ALL_SQUARES]
    return Deal(
        red_squares=tuple(pairs[i] for i in red_squares),
        blue_squares=tuple(pairs[i] for i in blue_squares),
        face_down=tuple(
            DealFaceDown(*pairs[square], digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, (square, digit) in enumerate(zip(squares, digits, strict=True))
        ),
        pot=tuple(pot),
        red=tuple(red),
        blue=tuple(blue),
    )


def _split_only(rng: random.Random, pool: Sequence[int]) -> tuple[list[int], list[int]]:
    """A uniform fair split of the pool into two piles of equal size (rejection)."""
    size = len(pool) // 2
    while True:
        chosen = rng.sample(range(len(pool)), size)
        taken = set(chosen)
        red = [pool[i] for i in chosen]
        blue = [pool[i] for i in range(len(pool)) if i not in taken]
        if sum(red) == sum(blue):
            rng.shuffle(blue)
            return red, blue
