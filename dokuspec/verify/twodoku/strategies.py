"""Hypothesis strategies for Two-Doku: deals, valid and corrupted, and games, views and positions.

Deals:

* :func:`fair_deals`: valid deals built without the sampler (fairness is
  reached by exchanging dominoes between the piles);
* :func:`corrupted_deals`: a valid deal with one part broken
  (:data:`CORRUPTIONS`), and the codes that must then be reported.

Play, by the plain simulator of :mod:`dokuspec.verify.twodoku.simulator`:
:func:`tables` (a dealt game after some random turns), :func:`views` (one
player's view of one) and :func:`positions` (a position of one with some
face-down digits and piles unknown).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Final, TypeAlias

from hypothesis import assume
from hypothesis import strategies as st

from dokuspec.verify.twodoku.defects import _balance_by_exchanges
from dokuspec.verify.twodoku.simulator import Table, deal_table, play_turn
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    PILE_SIZE,
    PLAYERS,
    RED,
    SQUARES_EACH,
    Deal,
    DealFaceDown,
    FaceDown,
    Position,
    View,
)

__all__ = [
    "CORRUPTIONS",
    "corrupted_deals",
    "fair_deals",
    "positions",
    "tables",
    "views",
]


def _swap_to_fair(red: list[int], blue: list[int]) -> bool:
    """Exchange dominoes between the piles until their sums are equal; False if none narrows."""
    _balance_by_exchanges(red, blue)
    return sum(red) == sum(blue)


@st.composite
def fair_deals(draw: st.DrawFn) -> Deal:
    """Valid deals, built without the sampler or the witness.

    Colourings are random sets of 36 squares, the face-down dominoes 8 of
    a permutation of the 90 on random white squares, the pot 2 of the rest
    (redrawn while the rest has an odd sum), the piles the rest in a drawn
    order, made fair by exchanging dominoes between them (closest first).
    """
    squares = list(range(81))
    red_squares = sorted(draw(st.permutations(squares))[:SQUARES_EACH])
    blue_squares = sorted(draw(st.permutations(squares))[:SQUARES_EACH])
    coloured = set(red_squares) | set(blue_squares)
    white = [i for i in squares if i not in coloured]
    placed = draw(st.permutations(white))[:FACE_DOWN_COUNT]
    pieces = draw(st.permutations([d for d in DIGITS for _ in range(COPIES)]))
    digits, rest = pieces[:FACE_DOWN_COUNT], pieces[FACE_DOWN_COUNT:]
    first, second = draw(
        st.lists(st.integers(0, len(rest) - 1), min_size=2, max_size=2, unique=True)
    )
    if (sum(rest) - rest[first] - rest[second]) % 2:
        # An odd rest cannot be split fairly: the pot's second domino becomes the next
        # one of the other parity.
        second = next(
            i
            for i in itertools.chain(range(second + 1, len(rest)), range(second))
            if i != first and (rest[i] - rest[second]) % 2
        )
    pot = [rest[first], rest[second]]
    piles = [rest[i] for i in range(len(rest)) if i not in (first, second)]
    red, blue = piles[:PILE_SIZE], piles[PILE_SIZE:]
    assume(_swap_to_fair(red, blue))
    pairs = [(s.row, s.col) for s in ALL_SQUARES]
    return Deal(
        red_squares=tuple(pairs[i] for i in red_squares),
        blue_squares=tuple(pairs[i] for i in blue_squares),
        face_down=tuple(
            DealFaceDown(*pairs[square], digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, (square, digit) in enumerate(zip(placed, digits, strict=True))
        ),
        pot=tuple(pot),
        red=tuple(red),
        blue=tuple(blue),
    )


Corruption: TypeAlias = Callable[[st.DrawFn, Deal], tuple[Deal, frozenset[str]]]
"""A way to break a valid deal, ``corruption(draw, deal) -> (broken deal, codes)``, with
the violation codes it cannot fail to cause (see :data:`CORRUPTIONS`)."""


def _pile_key(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(("pot", "red", "blue")))


def _changed_pile_digit(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red", "blue")))
    pile = list(getattr(deal, key))
    i = draw(st.integers(0, len(pile) - 1))
    pile[i] = draw(st.sampled_from([d for d in DIGITS if d != pile[i]]))
    return replace(deal, **{key: tuple(pile)}), frozenset({"conservation", "unequal-sums"})


def _exchanged_between_piles(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    pairs = [(i, j) for i, x in enumerate(deal.red) for j, y in enumerate(deal.blue) if x != y]
    i, j = draw(st.sampled_from(pairs))
    red, blue = list(deal.red), list(deal.blue)
    red[i], blue[j] = blue[j], red[i]
    return replace(deal, red=tuple(red), blue=tuple(blue)), frozenset({"unequal-sums"})


def _exchanged_with_pot(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red", "blue")))
    pile = list(getattr(deal, key))
    pot = list(deal.pot)
    pairs = [(k, i) for k, x in enumerate(pot) for i, y in enumerate(pile) if x != y]
    k, i = draw(st.sampled_from(pairs))
    pot[k], pile[i] = pile[i], pot[k]
    return replace(deal, pot=tuple(pot), **{key: tuple(pile)}), frozenset({"unequal-sums"})


def _dropped_domino(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = _pile_key(draw)
    values = list(getattr(deal, key))
    del values[draw(st.integers(0, len(values) - 1))]
    size = "pot-size" if key == "pot" else "pile-size"
    return replace(deal, **{key: tuple(values)}), frozenset({size, "conservation"})


def _added_domino(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = _pile_key(draw)
    values = list(getattr(deal, key))
    values.insert(draw(st.integers(0, len(values))), draw(st.sampled_from(tuple(DIGITS))))
    size = "pot-size" if key == "pot" else "pile-size"
    return replace(deal, **{key: tuple(values)}), frozenset({size, "conservation"})


_BAD_DIGITS: Final = st.one_of(
    st.integers(-(10**6), 0), st.integers(10, 10**6), st.sampled_from((0, 10, -1, 2**70))
)


def _digit_out_of_range(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("pot", "red", "blue", "face_down")))
    bad = draw(_BAD_DIGITS)
    if key == "face_down":
        entries = list(deal.face_down)
        i = draw(st.integers(0, len(entries) - 1))
        entries[i] = replace(entries[i], digit=bad)
        return replace(deal, face_down=tuple(entries)), frozenset({"digit-range", "conservation"})
    values = list(getattr(deal, key))
    values[draw(st.integers(0, len(values) - 1))] = bad
    return replace(deal, **{key: tuple(values)}), frozenset({"digit-range", "conservation"})


_BAD_LINES: Final = st.one_of(st.integers(-(10**6), 0), st.integers(10, 10**6))


def _square_off_board(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares", "face_down")))
    row_bad = draw(st.booleans())
    bad = draw(_BAD_LINES)
    good = draw(st.integers(1, 9))
    if key == "face_down":
        entries = list(deal.face_down)
        i = draw(st.integers(0, len(entries) - 1))
        entries[i] = replace(entries[i], row=bad if row_bad else good, col=good if row_bad else bad)
        return replace(deal, face_down=tuple(entries)), frozenset({"square-range"})
    squares = list(getattr(deal, key))
    squares[draw(st.integers(0, len(squares) - 1))] = (bad, good) if row_bad else (good, bad)
    return replace(deal, **{key: tuple(squares)}), frozenset({"square-range"})


def _colouring_repeated(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares")))
    squares = list(getattr(deal, key))
    i, j = draw(st.lists(st.integers(0, len(squares) - 1), min_size=2, max_size=2, unique=True))
    squares[i] = squares[j]
    return replace(deal, **{key: tuple(squares)}), frozenset({"colouring-repeat"})


def _colouring_resized(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares")))
    squares = list(getattr(deal, key))
    if draw(st.booleans()):
        del squares[draw(st.integers(0, len(squares) - 1))]
    else:
        taken = set(squares) | {(f.row, f.col) for f in deal.face_down}
        free = [(s.row, s.col) for s in ALL_SQUARES if (s.row, s.col) not in taken]
        squares.append(draw(st.sampled_from(free)))
    return replace(deal, **{key: tuple(squares)}), frozenset({"colouring-size"})


def _face_down_on_colour(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    coloured = sorted(set(deal.red_squares) | set(deal.blue_squares))
    row, col = draw(st.sampled_from(coloured))
    entries[i] = replace(entries[i], row=row, col=col)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-coloured"})


def _face_down_stacked(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i, j = draw(st.lists(st.integers(0, len(entries) - 1), min_size=2, max_size=2, unique=True))
    entries[i] = replace(entries[i], row=entries[j].row, col=entries[j].col)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-repeat"})


def _face_down_placer(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    entries[i] = replace(entries[i], placed_by=BLUE if entries[i].placed_by == RED else RED)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-players"})


def _face_down_digit(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    digit = draw(st.sampled_from([d for d in DIGITS if d != entries[i].digit]))
    entries[i] = replace(entries[i], digit=digit)
    return replace(deal, face_down=tuple(entries)), frozenset({"conservation"})


def _face_down_resized(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    if draw(st.booleans()):
        del entries[draw(st.integers(0, len(entries) - 1))]
    else:
        taken = set(deal.red_squares) | set(deal.blue_squares) | {(f.row, f.col) for f in entries}
        free = [(s.row, s.col) for s in ALL_SQUARES if (s.row, s.col) not in taken]
        row, col = draw(st.sampled_from(free))
        entries.append(
            DealFaceDown(
                row, col, draw(st.sampled_from(tuple(DIGITS))), draw(st.sampled_from((RED, BLUE)))
            )
        )
    return replace(deal, face_down=tuple(entries)), frozenset(
        {"face-down-count", "face-down-players", "conservation"}
    )


CORRUPTIONS: Final[Mapping[str, Corruption]] = {
    "a pile's digit changed": _changed_pile_digit,
    "dominoes exchanged between the piles": _exchanged_between_piles,
    "a domino exchanged with the pot": _exchanged_with_pot,
    "a domino dropped": _dropped_domino,
    "a domino added": _added_domino,
    "a digit out of range": _digit_out_of_range,
    "a square off the board": _square_off_board,
    "a coloured square repeated": _colouring_repeated,
    "a colouring resized": _colouring_resized,
    "a face-down domino on a coloured square": _face_down_on_colour,
    "two face-down dominoes on one square": _face_down_stacked,
    "a face-down domino's placer changed": _face_down_placer,
    "a face-down digit changed": _face_down_digit,
    "a face-down domino dropped or added": _face_down_resized,
}
"""Ways to break one part of a valid deal, each with the codes it must cause (by name)."""


@st.composite
def corrupted_deals(
    draw: st.DrawFn, deals: st.SearchStrategy[Deal] | None = None
) -> tuple[str, Deal, frozenset[str]]:
    """A valid deal with one part broken: ``(corruption's name, deal, codes it must cause)``.

    The codes are those the corruption cannot fail to cause; the validator
    may report more (a dropped domino can also leave the sums unequal).
    """
    base = draw(deals if deals is not None else fair_deals())
    name = draw(st.sampled_from(sorted(CORRUPTIONS)))
    corrupted, codes = CORRUPTIONS[name](draw, base)
    return name, corrupted, codes


# -- games, views and positions -------------------------------------------------------------------


@st.composite
def tables(
    draw: st.DrawFn,
    *,
    max_turns: int = 40,
    reveal: float | None = None,
    careful: bool = False,
) -> Table:
    """A dealt game after some random turns of play (:func:`deal_table`, :func:`play_turn`).

    Args:
        max_turns: at most this many turns are played (fewer if the game ends).
        reveal: the policy's chance of aiming at face-down dominoes
            (drawn when ``None``).
        careful: as :func:`play_turn`.
    """
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    turns = draw(st.integers(0, max_turns), label="turns")
    aim = reveal if reveal is not None else draw(st.sampled_from([0.0, 0.3, 0.9]), label="reveal")
    rng = random.Random(seed)
    table = deal_table(rng)
    for _ in range(turns):
        if table.over:
            break
        play_turn(table, rng, reveal=aim, careful=careful)
    return table


@st.composite
def views(
    draw: st.DrawFn,
    *,
    max_turns: int = 40,
    reveal: float | None = None,
    max_face_down: int | None = None,
) -> tuple[View, Table]:
    """One player's view of a game from :func:`tables`, with the table it comes from.

    Args:
        max_turns: as :func:`tables`.
        reveal: as :func:`tables`.
        max_face_down: play carefully (see :func:`play_turn`) and then keep
            aiming at face-down dominoes until at most this many are face
            down, when the game lasts that long.
    """
    table = draw(tables(max_turns=max_turns, reveal=reveal, careful=max_face_down is not None))
    if max_face_down is not None:
        rng = random.Random(draw(st.integers(0, 2**32 - 1), label="seed for reveals"))
        guard = 0
        while len(table.hidden) > max_face_down and not table.over and guard < 200:
            play_turn(table, rng, reveal=1.0, wild=0.0, take=0.1, careful=True)
            guard += 1
    player = draw(st.sampled_from(PLAYERS), label="observer")
    return table.view(player), table


@st.composite
def positions(
    draw: st.DrawFn, *, max_turns: int = 30, max_hidden: int = 2
) -> tuple[Position, Table]:
    """A position of a game from :func:`tables`, some face-down digits and piles unknown.

    Args:
        max_turns: as :func:`tables`.
        max_hidden: at most this many face-down digits become ``None``.
    """
    table = draw(tables(max_turns=max_turns))
    known = table.position()
    squares = sorted(table.hidden)
    hidden = set(
        draw(st.lists(st.sampled_from(squares), max_size=max_hidden, unique=True), label="hidden")
        if squares
        else []
    )
    piles = draw(st.sampled_from(["both", "red", "none"]), label="piles known")
    position = Position(
        known.colouring,
        known.face_up,
        [FaceDown(f.square, f.placed_by, None if f.square in hidden else f.digit)
         for f in known.face_down],
        known.pot,
        known.red if piles in ("both", "red") else None,
        known.blue if piles == "both" else None,
        known.to_move,
    )  # fmt: skip
    return position, table
