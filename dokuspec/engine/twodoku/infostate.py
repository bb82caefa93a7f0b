"""Two-Doku's information states: a state one player cannot tell from the real one, what
they cannot see drawn again
(:meth:`~dokuspec.engine.twodoku.state.TwoDokuState.resample_from_infostate`; TD-3, TD-4,
TD-8, TD-11)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from dokuspec.engine.base import CHANCE, HistoryEntry
from dokuspec.engine.twodoku.actions import _COUNT, _DIGITS, _DRAW, _PEERS, DealCount, DrawFaceDown
from dokuspec.engine.twodoku.deals import _split_count
from dokuspec.engine.twodoku.outcomes import _count_outcomes, _counts_sum
from dokuspec.vocabulary.twodoku import COPIES, FACE_DOWN_COUNT, FULL_SET, PILE_SIZE, PLAYERS
from dokuspec.vocabulary.twodoku import Play as PlayEvent
from dokuspec.vocabulary.twodoku import Take as TakeEvent

if TYPE_CHECKING:
    from dokuspec.engine.twodoku.state import TwoDokuState

__all__ = ["redraw_deal", "redraw_hidden"]


def _rewrite_deal_history(state: TwoDokuState) -> None:
    """Make the history's deal outcomes those of the current face-down digits and counts."""
    digits = iter(state._face_down_digits)
    counts = iter(enumerate(state._red_counts, start=1))
    for index, entry in enumerate(state._history):
        if entry.player != CHANCE:
            continue
        action = entry.actions[0]
        if isinstance(action, DrawFaceDown):
            state._history[index] = HistoryEntry(CHANCE, (_DRAW[next(digits)],))
        elif isinstance(action, DealCount):
            digit, count = next(counts)
            state._history[index] = HistoryEntry(CHANCE, (_COUNT[digit][count],))


def redraw_deal(state: TwoDokuState, rng: random.Random) -> None:
    """In ``state``, during the deal: new face-down digits so far (keeping the pot
    possible) and counts."""
    drawn = len(state._face_down_digits)
    full = [d for d in _DIGITS for _ in range(COPIES)]
    pot = state._initial_pot
    while True:
        digits = rng.sample(full, FACE_DOWN_COUNT)
        if pot is None:
            break
        # The pot must keep a fair deal: the 80 left need an even sum; holding every
        # digit then suffices (the proof of fair_deal_exists), else they are counted.
        # (No digit goes below zero: the pot's 2 and the 8 drawn are at most ten.)
        split = [COPIES - p for p in pot]
        for digit in digits:
            split[digit - 1] -= 1
        if _counts_sum(split) % 2:
            continue
        if min(split) > 0 or _split_count(tuple(split), PILE_SIZE):
            break
    state._face_down_digits = digits[:drawn]
    for square, digit in zip(state._face_down_squares, state._face_down_digits, strict=False):
        state._board[square] = -digit
    if pot is not None:
        chosen: list[int] = []
        for _ in state._red_counts:
            outcomes = _count_outcomes(state._left_after_face_down(), pot, tuple(chosen))
            weights = [(count.count, weight) for count, weight in outcomes]
            chosen.append(_weighted_fraction(rng, weights))
        state._red_counts = chosen
    _rewrite_deal_history(state)


def redraw_hidden(state: TwoDokuState, player: int, rng: random.Random) -> None:
    """In ``state``, during play: new digits for the face-down dominoes, the opponent's
    pile to match."""
    opponent = 1 - player
    board = state._board
    order = {square: n for n, square in enumerate(state._face_down_squares)}
    hidden = [i for i in state._face_down_squares if board[i] < 0]
    forbidden = {i: set[int]() for i in hidden}
    # The opponent's net gain of each digit so far, and the least they must have held.
    net = [0] * 9
    need = [0] * 9
    opponent_name = PLAYERS[opponent]

    def use(digit: int) -> None:
        need[digit - 1] = max(need[digit - 1], 1 - net[digit - 1])

    for event in state._events:
        if isinstance(event, PlayEvent):
            if event.result == "placed":
                for p in _PEERS[event.square.index]:
                    if p in forbidden:
                        forbidden[p].add(event.digit)
            if event.player == opponent_name:
                use(event.digit)
                if event.result == "placed":
                    net[event.digit - 1] -= 1
        elif event.player == opponent_name:
            if isinstance(event, TakeEvent):
                net[event.digit - 1] += 1
            else:
                use(event.digit)
                net[event.digit - 1] -= 1
    must: tuple[list[int], int] | None = None
    if state._pending is not None:
        square, digit = state._pending
        if state._to_move == opponent:
            use(digit)
        must = ([n for n, i in enumerate(hidden) if i in _PEERS[square]], digit)
    # Digits known to the player: theirs as dealt, the pot as dealt, the face-down
    # dominoes turned face up. Each digit's ten are split between these, the dominoes
    # still face down and the opponent's pile as dealt.
    own = state._initial_piles[player]
    # For the type checker: in play, both are set.
    assert own is not None and state._initial_pot is not None  # pragma: no mutate
    known = [o + p for o, p in zip(own, state._initial_pot, strict=True)]
    for n, square in enumerate(state._face_down_squares):
        if board[square] >= 0:
            known[state._face_down_digits[n] - 1] += 1
    capacity = [
        COPIES - known[d] - max(need[d], -net[d], 0) for d in range(9)
    ]  # the most face-down dominoes of each digit
    # Equal piles (TD-4): the opponent's pile as dealt sums to the player's, so the
    # face-down digits sum to the rest of the 450.
    target = FULL_SET.total - 2 * _counts_sum(own) - _counts_sum(state._initial_pot)
    for n, square in enumerate(state._face_down_squares):
        if board[square] >= 0:
            target -= state._face_down_digits[n]
    domains = [[d for d in _DIGITS if d not in forbidden[i]] for i in hidden]
    found = _search_digits(domains, capacity, target, must, rng)
    if found is None:
        # Unreachable (the real digits are always a solution): its message is never seen.
        raise AssertionError(  # pragma: no cover - the real digits are always a solution
            "twodoku: no face-down digits fit what the player has seen"  # pragma: no mutate
        )
    digits = list(state._face_down_digits)
    for i, digit in zip(hidden, found, strict=True):
        digits[order[i]] = digit
        board[i] = -digit
    state._face_down_digits = digits
    left = state._left_after_face_down()
    theirs = tuple(c - p - o for c, p, o in zip(left, state._initial_pot, own, strict=True))
    state._initial_piles[opponent] = theirs
    state._piles[opponent] = [t + g for t, g in zip(theirs, net, strict=True)]
    if opponent == 0:
        state._red_counts = list(theirs)
    _rewrite_deal_history(state)


def _weighted_fraction(rng: random.Random, weights: Sequence[tuple[int, Fraction]]) -> int:
    """A value drawn from ``(value, probability)`` pairs, the probabilities summing to 1."""
    scale = math.lcm(*(p.denominator for _, p in weights))
    pick = rng.randrange(scale)
    for value, probability in weights:
        pick -= probability.numerator * (scale // probability.denominator)
        if pick < 0:
            return value
    # Unreachable: the probabilities sum to 1.
    raise AssertionError("unreachable: the probabilities sum to 1")  # pragma: no mutate


def _search_digits(
    domains: list[list[int]],
    capacity: list[int],
    target: int,
    must: tuple[list[int], int] | None,
    rng: random.Random,
) -> list[int] | None:
    """A randomised depth-first search: one digit per domain, at most ``capacity[d-1]`` of
    each digit, summing to ``target``, and (``must``) one of some domains taking a digit."""
    count = len(domains)
    order = list(range(count))
    rng.shuffle(order)
    # Smallest domains first: the search order only, any order finds a solution if one exists.
    order.sort(key=lambda n: len(domains[n]))  # pragma: no mutate
    shuffled = [rng.sample(domains[n], len(domains[n])) for n in order]
    # The bounds below only prune: the final check (left == 0, held) decides, so weaker
    # bounds (and the defaults, for empty domains that never occur) change nothing seen.
    lows = [min(domain, default=10) for domain in shuffled]  # pragma: no mutate
    highs = [max(domain, default=0) for domain in shuffled]  # pragma: no mutate
    # The least and most the domains from position k on can add.
    low_rest = [0] * (count + 1)  # pragma: no mutate
    high_rest = [0] * (count + 1)  # pragma: no mutate
    for k in range(count - 1, -1, -1):
        low_rest[k] = low_rest[k + 1] + lows[k]  # pragma: no mutate
        high_rest[k] = high_rest[k + 1] + highs[k]
    # Sizes and fillers: every slot read is written first.
    used = [0] * 9  # pragma: no mutate
    chosen = [0] * count  # pragma: no mutate
    # ``must``: whether a position from k on can still take the wanted digit. Pruning only:
    # ``held`` is checked at the end (``wanted`` is unused when ``must`` is None).
    members = set(must[0]) if must is not None else set()
    wanted = must[1] if must is not None else 0  # pragma: no mutate
    later = [must is None] * (count + 1)  # pragma: no mutate
    for k in range(count - 1, -1, -1):  # pragma: no mutate
        here = order[k] in members and wanted in shuffled[k]  # pragma: no mutate
        later[k] = later[k + 1] or here  # pragma: no mutate
    # Choices that failed, by position, digits used and whether ``must`` holds already:
    # the rest of the search depends on nothing else, so each is tried once.
    failed: set[tuple[int, tuple[int, ...], bool]] = set()

    def search(k: int, left: int, held: bool) -> bool:
        if k == count:
            # ``held`` is always true here: the pruning above admits no last digit without it.
            return left == 0 and held  # pragma: no mutate
        key = (k, tuple(used), held)
        if key in failed:
            return False
        for digit in shuffled[k]:
            rest = left - digit
            if used[digit - 1] >= capacity[digit - 1]:
                continue
            if not low_rest[k + 1] <= rest <= high_rest[k + 1]:
                continue
            now = held or (order[k] in members and digit == wanted)
            if not (now or later[k + 1]):
                continue
            used[digit - 1] += 1
            chosen[k] = digit
            if search(k + 1, rest, now):
                return True
            used[digit - 1] -= 1
        # A memo: forgetting a failure only costs time.
        failed.add(key)  # pragma: no mutate
        return False

    if not search(0, target, must is None):
        return None
    # Every slot is written below.
    result = [0] * count  # pragma: no mutate
    for k, n in enumerate(order):
        result[n] = chosen[k]
    return result
