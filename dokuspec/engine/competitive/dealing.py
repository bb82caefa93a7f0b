"""The chance nodes before a game's first decision, drawn without building states.

:func:`deal_draws` gives, for a game's seed, the cards drawn to find who is
Black (CS-2), the toss if one was needed, and the cards of the deal (CS-3 to
CS-5): the same picks the states' chance nodes make from that seed
(:meth:`~dokuspec.engine.state.State.sample_chance_outcome`, through
:func:`~dokuspec.engine.state.draw_by_counts`), about ten times faster than
playing them on a state. Balanced deals draw thousands of candidates a
second with it. The tests compare it with the states on every mode and
number of copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from dokuspec.engine.competitive.game import _HAND
from dokuspec.engine.competitive.rules import _RANK
from dokuspec.engine.state import chance_pick, draw_by_counts

__all__ = ["DealDraws", "deal_draws"]


@dataclass(frozen=True, slots=True)
class DealDraws:
    """The chance outcomes of a game before its first decision, as card indices
    (0-8 the red ranks 1-9, 9-17 the black ones).

    Attributes:
        who: the cards drawn to find who is Black, seat 0's first, alternating (CS-2).
        black: the seat (0 or 1) who is Black.
        toss: whether a toss decided (the deck ran out on equal sums).
        dealt: the cards the deal drew, in order (CS-3: five red, then five black;
            CS-4 and CS-5: five red).
    """

    who: tuple[int, ...]
    black: int
    toss: bool
    dealt: tuple[int, ...]


def deal_draws(mode: str, copies: int, seed: int) -> DealDraws:
    """The chance outcomes of the game of ``seed`` up to its first decision.

    Args:
        mode: ``"draft"``, ``"twins"`` or ``"twins-draft"`` (checked by the caller).
        copies: the deck's copies of each card, 1-4 (checked by the caller).
        seed: the game's seed (checked by the caller).

    Returns:
        A :class:`DealDraws`, equal to what ``new_initial_state(seed)`` draws.
    """
    step = 0
    who: list[int] = []
    left = [copies] * 18
    black = -1
    toss = False
    while black < 0:
        if len(who) == 18 * copies:  # the deck ran out on equal sums: the toss, 1/2 each
            black = chance_pick(seed, step, (1, 1), 2)
            toss = True
        else:
            card = draw_by_counts(seed, step, left)
            left[card] -= 1
            who.append(card)
            if len(who) % 2 == 0:
                sums = [sum(_RANK[c] for c in who[seat::2]) for seat in (0, 1)]
                if sums[0] != sums[1]:
                    black = 0 if sums[0] > sums[1] else 1
        step += 1
    left = [copies] * 18
    dealt: list[int] = []
    for number in range(2 * _HAND if mode == "draft" else _HAND):
        start = 9 if number >= _HAND else 0  # draft: five red, then five black (CS-3)
        card = start + draw_by_counts(seed, step, left[start : start + 9])
        left[card] -= 1
        dealt.append(card)
        step += 1
    return DealDraws(tuple(who), black, toss, tuple(dealt))
