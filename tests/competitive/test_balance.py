"""Balanced Competitive Sudoku deals (dokuspec.competitive.balance, deal(..., balance=)).

The winning rank Grids are counted again by the SAT pattern model; the
draft's value is found again by a minimax written here, over sorted tuples
of ranks, with each hand's flexibility counted by numpy over the Grids; the
balanced deals are compared with deals drawn and filtered here.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chi2_contingency

from dokuspec.competitive import balance, count_winning, deal
from dokuspec.competitive import deals as deals_module
from dokuspec.competitive.agents import DrafterBot, deal_class, dealer
from dokuspec.competitive.deals import BALANCE_TRIES, balanced_seed
from dokuspec.engine.base import CHANCE, EngineError, GameOptionError
from dokuspec.engine.competitive import CompetitiveSudoku, Pick, Place
from dokuspec.engine.records import game_seed
from dokuspec.errors import DokuspecError, PositionError
from dokuspec.vocabulary.competitive import Cards, Deck

# -- the winning rank Grids and flexibility ----------------------------------------------------


@pytest.mark.parametrize("copies", [1])
def test_the_winning_rank_grids_are_those_the_sat_model_counts(copies: int) -> None:
    grids = balance.winning_rank_grids(copies)
    assert len(grids) == len(set(grids))
    assert len(grids) == count_winning(Deck(copies), backend="sat")
    assert all(max(Counter(grid).values()) <= 2 * copies for grid in grids)


def test_the_standard_deck_has_13956_winning_rank_grids() -> None:
    # The count the SAT pattern model gives (count_winning's documentation; its tests).
    grids = balance.winning_rank_grids()
    assert len(grids) == len(set(grids)) == 13_956


@functools.cache
def _grid_counts(copies: int) -> np.ndarray:
    grids = balance.winning_rank_grids(copies)
    counts = np.zeros((len(grids), 9), dtype=np.int8)
    for row, grid in enumerate(grids):
        for rank in grid:
            counts[row, rank - 1] += 1
    return counts


@functools.cache
def _flexibility(ranks: tuple[int, ...], copies: int = 2) -> float:
    wanted = np.zeros(9, dtype=np.int8)
    for rank in ranks:
        wanted[rank - 1] += 1
    holding = int((_grid_counts(copies) >= wanted).all(axis=1).sum())
    return math.log2(1 + holding)


def test_flexibility_counts_the_grids_that_hold_the_ranks() -> None:
    rng = random.Random(5)
    for _ in range(60):
        ranks = tuple(sorted(rng.choices(range(1, 10), k=5)))
        assert balance.flexibility(ranks) == _flexibility(ranks)
    # 1 2 3 4 5: rows 123 / 456 / 789 would use every rank, but other Grids hold them.
    assert balance.flexibility([1, 2, 3, 4, 5]) > 0
    # Five 1s: no winning Grid holds five cards of one rank with two copies of each card.
    assert balance.flexibility([1, 1, 1, 1, 1]) == 0.0


def test_flexibility_refuses_bad_hands() -> None:
    with pytest.raises(PositionError, match="5 cards, not 4"):
        balance.flexibility([1, 2, 3, 4])
    with pytest.raises(PositionError, match="not 0"):
        balance.flexibility([0, 2, 3, 4, 5])
    with pytest.raises(PositionError, match="1-4, not 5"):
        balance.flexibility([1, 2, 3, 4, 5], 5)
    with pytest.raises(TypeError):
        balance.flexibility([1, 2, 3, 4, 5], True)


# -- the draft's value -------------------------------------------------------------------------


def _minimax(pool: tuple[int, ...], copies: int = 2) -> float:
    """The draft's value by a search over sorted tuples (Black picks when the hands are equal)."""

    @functools.cache
    def value(left: tuple[int, ...], black: tuple[int, ...], red: tuple[int, ...]) -> float:
        if not left:
            return _flexibility(black, copies) - _flexibility(red, copies)
        children = []
        for rank in sorted(set(left)):
            rest = list(left)
            rest.remove(rank)
            if len(black) == len(red):
                children.append(value(tuple(rest), tuple(sorted((*black, rank))), red))
            else:
                children.append(value(tuple(rest), black, tuple(sorted((*red, rank)))))
        return max(children) if len(black) == len(red) else min(children)

    return value(tuple(sorted(pool)), (), ())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_draft_value_is_the_minimax_of_the_picks(seed: int) -> None:
    pool = deal("draft", seed).pool
    ranks = tuple(card.rank for card in pool)
    assert balance.draft_value(pool) == pytest.approx(_minimax(ranks), abs=1e-12)
    assert balance.advantage("draft", pool) == balance.draft_value(ranks)


@pytest.mark.parametrize("copies", [1, 2, 3, 4])
def test_the_bundled_table_holds_the_minimax_of_every_pool(copies: int) -> None:
    # The pools the deck allows, counted here by brute force over the rank counts.
    cap = 2 * copies
    pools = balance._draft_pools(copies)
    assert len(pools) == len(set(pools)) == {1: 2907, 2: 32211, 3: 42273, 4: 43677}[copies]
    assert pools == sorted(pools)
    assert all(sum(p) == 10 and max(p) <= cap for p in pools)
    if copies == 1:
        every = [t for t in itertools.product(range(3), repeat=9) if sum(t) == 10]
        assert pools == every
    # The table's values against the minimax written here, on a seeded sample.
    rng = random.Random(copies)
    for counts in rng.sample(pools, 3):
        ranks = tuple(rank for rank, n in enumerate(counts, 1) for _ in range(n))
        expected = _minimax(ranks, copies)
        assert balance.draft_value(ranks, copies) == pytest.approx(expected, abs=1e-12)


def test_a_pool_beyond_the_deck_is_valued_by_the_minimax() -> None:
    # Six 9s cannot be dealt from two copies of each card; the value is still defined.
    ranks = (9, 9, 9, 9, 9, 9, 1, 2, 3, 4)
    assert balance.draft_value(ranks) == pytest.approx(_minimax(ranks), abs=1e-12)


def test_a_missing_or_damaged_table_is_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    balance._draft_table.cache_clear()
    monkeypatch.setattr(balance, "_TABLE_FILE", "no-such-table-{copies}.bin")
    with pytest.raises(EngineError, match=r"no-such-table-2\.bin cannot be read"):
        balance._draft_table(2)
    balance._draft_table.cache_clear()
    monkeypatch.setattr(balance, "_TABLE_FILE", "draft-values-1.bin")  # another table's size
    with pytest.raises(EngineError, match="holds 2,907 pools, not 32,211"):
        balance._draft_table(2)
    balance._draft_table.cache_clear()


def test_within_agrees_with_the_value_at_and_around_it() -> None:
    for seed in range(40):
        pool = deal("twins-draft" if seed % 4 == 0 else "draft", seed).pool
        value = balance.draft_value(pool)
        for margin in (value, value - 1e-9, value + 1e-9, value / 2, 2 * value + 1):
            if margin >= 0:
                mode = "draft"
                assert balance.within(mode, pool, margin) == (abs(value) <= margin)


def test_best_picks_keep_the_value() -> None:
    pool = deal("draft", 3).pool
    ranks = [card.rank for card in pool]
    value = balance.draft_value(ranks)
    best = balance.best_picks(ranks, [], [])
    assert best and set(best) <= set(ranks)
    for rank in set(ranks):
        # Black picks ``rank``; Red's best reply leaves the value at most the optimum.
        rest = list(ranks)
        rest.remove(rank)
        replies = balance.best_picks(rest, [rank], [])
        assert replies and set(replies) <= set(rest)
    # The value after Black's best pick is the draft's value: checked by the search here.
    first = best[0]
    rest = list(ranks)
    rest.remove(first)

    @functools.cache
    def after(left: tuple[int, ...], black: tuple[int, ...], red: tuple[int, ...]) -> float:
        if not left:
            return _flexibility(black) - _flexibility(red)
        turn = len(black) == len(red)
        values = []
        for rank in sorted(set(left)):
            rest_ = list(left)
            rest_.remove(rank)
            nb = tuple(sorted((*black, rank))) if turn else black
            nr = red if turn else tuple(sorted((*red, rank)))
            values.append(after(tuple(rest_), nb, nr))
        return max(values) if turn else min(values)

    assert after(tuple(sorted(rest)), (first,), ()) == pytest.approx(value, abs=1e-12)


def test_best_picks_refuse_impossible_drafts() -> None:
    with pytest.raises(PositionError, match="no draft"):
        balance.best_picks([1, 2], [3, 4, 5], [6, 7])  # Black two picks ahead
    with pytest.raises(PositionError, match="no draft"):
        balance.best_picks([], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5])  # nothing left to pick


def test_the_advantage_in_twins_is_zero_and_modes_are_checked() -> None:
    assert balance.advantage("twins", ()) == 0.0
    with pytest.raises(PositionError, match="no draft pool"):
        balance.advantage("twins", [1])
    with pytest.raises(PositionError, match="not 'chess'"):
        balance.advantage("chess", [1] * 10)
    with pytest.raises(PositionError, match="10 cards, not 9"):
        balance.draft_value([1] * 9)


# -- balanced deals ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["draft", "twins-draft"])
def test_a_balanced_deal_is_within_its_margin_and_is_the_deal_of_its_seed(mode: str) -> None:
    for seed in range(12):
        found = deal(mode, seed, balance=1.0)
        assert abs(balance.advantage(mode, found.pool)) <= 1.0
        chosen = balanced_seed(mode, seed, 1.0)
        assert found == deal(mode, chosen)
        # It is the first candidate within the margin.
        index = next(
            k for k in range(BALANCE_TRIES) if game_seed("competitive-balanced", seed, k) == chosen
        )
        for earlier in range(index):
            skipped = deal(mode, game_seed("competitive-balanced", seed, earlier))
            assert abs(balance.advantage(mode, skipped.pool)) > 1.0


def test_a_target_moves_the_margin() -> None:
    for seed in range(6):
        found = deal("draft", seed, balance=0.5, target=1.5)
        assert 1.0 <= balance.advantage("draft", found.pool) <= 2.0
        assert found == deal("draft", balanced_seed("draft", seed, 0.5, target=1.5))
    pool = deal("draft", 3).pool
    value = balance.draft_value(pool)
    assert balance.within("draft", pool, 0.0, target=value)
    assert not balance.within("draft", pool, 0.1, target=value + 0.2)
    with pytest.raises(GameOptionError, match="finite"):
        deal("draft", 0, balance=1, target=float("inf"))
    with pytest.raises(TypeError, match="target"):
        deal("draft", 0, balance=1, target="1")  # type: ignore[arg-type]


def test_twins_deals_are_always_balanced() -> None:
    assert balanced_seed("twins", 4, 0.0) == game_seed("competitive-balanced", 4, 0)
    # And none is away from 0: refused at once, not after every try.
    with pytest.raises(DokuspecError, match="a twins deal's advantage is 0"):
        balanced_seed("twins", 4, 0.5, target=1.5)


def test_balanced_deals_follow_the_engine_s_deals_within_the_margin() -> None:
    # Deals drawn and filtered here (other seeds) against balanced_seed's: the same
    # distribution of the pool's number of distinct ranks and of who is Black.
    def features(found: object) -> tuple[int, int]:
        pool = found.pool  # type: ignore[attr-defined]
        return min(len({c.rank for c in pool}), 8), found.black  # type: ignore[attr-defined]

    margin = 1.5
    ours = Counter(features(deal("draft", 50_000 + s, balance=margin)) for s in range(120))
    filtered: Counter[tuple[int, int]] = Counter()
    seed = 900_000
    while sum(filtered.values()) < 120:
        found = deal("draft", seed)
        seed += 1
        if abs(balance.draft_value(found.pool)) <= margin:
            filtered[features(found)] += 1
    keys = sorted(set(ours) | set(filtered))
    table = [[ours[k] for k in keys], [filtered[k] for k in keys]]
    assert chi2_contingency(table).pvalue > 0.01
    # And the margin matters: unfiltered deals differ in their value.
    plain = [balance.draft_value(deal("draft", s).pool) for s in range(160)]
    assert max(plain) > margin


def test_balance_arguments_are_checked() -> None:
    with pytest.raises(GameOptionError, match="0 or more bits"):
        deal("draft", 0, balance=-1)
    with pytest.raises(GameOptionError, match="0 or more bits"):
        deal("draft", 0, balance=float("nan"))
    with pytest.raises(TypeError, match="number of bits"):
        deal("draft", 0, balance=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="number of bits"):
        deal("draft", 0, balance="1")  # type: ignore[arg-type]
    with pytest.raises(GameOptionError):
        deal("chess", 0, balance=1)


def test_a_margin_no_deal_meets_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deals_module, "BALANCE_TRIES", 3)
    values = [
        balance.draft_value(deal("draft", game_seed("competitive-balanced", 7, k)).pool)
        for k in range(3)
    ]
    assert min(values) > 0  # so a margin of 0 is met by none of the three
    with pytest.raises(
        DokuspecError, match=r"no draft deal within 0 bits of an advantage of 0\.0 in 3 draws"
    ):
        deal("draft", 7, balance=0)


# -- the play kit ------------------------------------------------------------------------------


def test_the_kit_s_dealer_plays_a_balanced_seed() -> None:
    seed, chance = dealer({"balance": 1}, {"mode": "twins-draft"}, 42)
    assert chance is None and seed == balanced_seed("twins-draft", 42, 1)
    seed, _ = dealer({"balance": 0.5, "target": 1.5}, {}, 42)
    assert seed == balanced_seed("draft", 42, 0.5, target=1.5)
    with pytest.raises(GameOptionError, match="number of bits"):
        dealer({"balance": "x"}, {}, 0)
    with pytest.raises(GameOptionError, match="with a balance"):
        dealer({"target": 1}, {}, 0)


def test_deal_classes_follow_the_advantage() -> None:
    game = CompetitiveSudoku()
    state = game.new_initial_state(11)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome())
    value = balance.draft_value(deal("draft", 11).pool)
    label = deal_class(state)
    bounds = {
        "advantage 0-1 bits": (0, 1),
        "advantage 1-2 bits": (1, 2),
        "advantage 2-4 bits": (2, 4),
        "advantage 4+ bits": (4, math.inf),
    }
    low, high = bounds[label]
    assert low <= value < high
    assert deal_class(CompetitiveSudoku(mode="twins").new_initial_state(1)) == ""


def test_the_drafter_picks_a_best_rank() -> None:
    state = CompetitiveSudoku().new_initial_state(5)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome())
    pool = [card.rank for card in deal("draft", 5).pool]
    player = state.current_player()
    action = DrafterBot()(state, player, random.Random(0))
    assert isinstance(action, Pick)
    assert action.card.rank in balance.best_picks(pool, [], [])


def _reachable_by_hand(ranks: tuple[int | None, ...], hand: list[int], available: list[int]) -> int:
    """Winning rank Grids that agree with ``ranks``, hold ``hand`` in the empty positions
    and whose other empty positions ``available`` fills, counted one Grid at a time."""
    found = 0
    for grid in balance.winning_rank_grids():
        if any(r is not None and grid[p] != r for p, r in enumerate(ranks)):
            continue
        open_ranks = Counter(grid[p] for p, r in enumerate(ranks) if r is None)
        need = Counter(hand)
        if need - open_ranks:
            continue
        if (open_ranks - need) - Counter(available):
            continue
        found += 1
    return found


def test_reachable_grids_counts_as_one_grid_at_a_time() -> None:
    rng = random.Random(8)
    for _ in range(12):
        ranks: list[int | None] = [None] * 9
        for position in rng.sample(range(9), rng.randrange(0, 5)):
            ranks[position] = rng.randrange(1, 10)
        hand = rng.choices(range(1, 10), k=rng.randrange(0, 3))
        available = rng.choices(range(1, 10), k=rng.randrange(4, 20))
        expected = _reachable_by_hand(tuple(ranks), hand, available)
        assert balance.reachable_grids(ranks, hand, available) == expected
    # An empty Grid, nothing to place and every card in play: every winning Grid.
    everything = [rank for rank in range(1, 10) for _ in range(4)]
    assert balance.reachable_grids([None] * 9, [], everything) == 13_956
    with pytest.raises(PositionError, match="9 positions, not 8"):
        balance.reachable_grids([None] * 8, [], [])


def test_the_drafter_places_for_the_most_reachable_grids() -> None:
    state = CompetitiveSudoku().new_initial_state(5)
    bot = DrafterBot()
    rng = random.Random(1)
    while not state.is_simultaneous_node():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(bot(state, state.current_player(), rng))
    player = 0
    legal = state.legal_actions(player)
    chosen = bot(state, player, rng)
    assert isinstance(chosen, Place) and chosen in legal
    data = state.observation(player).data
    hand = Cards.parse(str(data["hands"][player]))
    their = Cards.parse(str(data["hands"][1]))
    pool = Deck(2).cards() - their - hand
    counts = {}
    for action in legal:
        assert isinstance(action, Place)
        after = state.grid(player).with_card(action.position, action.card)
        rest = [c.rank for c in hand - Cards([action.card])]
        counts[action] = _reachable_by_hand(after.ranks, rest, [c.rank for c in pool])
    assert counts[chosen] == max(counts.values())
