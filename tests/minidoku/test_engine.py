"""Exact contracts of Minidoku (``dokuspec.engine.minidoku``, rules MD-1 to MD-9).

Hand-built positions, with the exact texts a player sees (the observation's
view and ``str(state)``), the exact JSON an action is read from, the exact
reasons an illegal action is refused, who moves first after the bid and the
returns.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    IllegalActionError,
    RecordError,
)
from dokuspec.engine.minidoku import Bid, Draw, Minidoku, MinidokuState, Pass, Place


def play(state: MinidokuState, *steps: Action | tuple[Action, Action]) -> MinidokuState:
    for step in steps:
        if isinstance(step, tuple):
            state.apply_actions(step)
        else:
            state.apply_action(step)
    return state


def small_deal(bid0: int, bid1: int, first_on_tie: int = 0) -> MinidokuState:
    """Hand size 2: player 0 is dealt 2 and 3, player 1 2 and 3 (MD-2); then the bids."""
    state = Minidoku(hand_size=2, first_on_tie=first_on_tie).new_initial_state(1)
    return play(state, Draw(2), Draw(2), Draw(3), Draw(3), (Bid(bid0), Bid(bid1)))


def after_a_placement() -> MinidokuState:
    """Hand size 3: player 0 holds 1 1 2, player 1 3 4 4; bids 1 and 3, so player 1
    moves first (MD-3), places 4 at r4c4 (MD-4) and draws a 3 (MD-5)."""
    state = Minidoku().new_initial_state(7)
    deal = [Draw(1), Draw(3), Draw(2), Draw(4), Draw(1), Draw(4)]
    return play(state, *deal, (Bid(1), Bid(3)), Place(4, 4, 4), Draw(3))


def big_deal() -> MinidokuState:
    """Hand size 7: player 0 holds 1 1 1 1 2 2 2, player 1 3 3 3 3 4 4 4; 2 and 4 are left."""
    state = Minidoku(hand_size=7).new_initial_state(3)
    deal = [Draw(1), Draw(3)] * 4 + [Draw(2), Draw(4)] * 3
    return play(state, *deal)


def stock_emptied() -> MinidokuState:
    """From :func:`big_deal`: bids 2 and 4, player 1 places 3 at r1c1 and draws the 4,
    player 0 places 1 at r1c2 and draws the 2: the stock is empty (MD-5)."""
    steps: list[Action | tuple[Action, Action]] = [
        (Bid(2), Bid(4)),
        Place(3, 1, 1),
        Draw(4),
        Place(1, 1, 2),
        Draw(2),
    ]
    return play(big_deal(), *steps)


def over() -> MinidokuState:
    """Hand size 1: both are dealt a 2 and bid it; both pass (MD-6) and the game ends (MD-7)."""
    state = Minidoku(hand_size=1).new_initial_state(5)
    return play(state, Draw(2), Draw(2), (Bid(2), Bid(2)), Pass(), Pass())


# -- actions from JSON ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "$: an action is a JSON object, not [1, 2]"),
        ("pass", '$: an action is a JSON object, not "pass"'),
        ({"type": "draw", "digit": 2, "row": 1}, '$: a draw action has no member "row"'),
        ({"type": "pass", "digit": 2}, '$: a pass action has no member "digit"'),
        ({"type": "place", "digit": 2, "column": 1}, '$: a place action needs "row"'),
        ({"type": "bid"}, '$: a bid action needs "digit"'),
        ({"type": "draw", "digit": True}, "$.digit: true is not one of 1, 2, 3, 4"),
        ({"type": "bid", "digit": "2"}, '$.digit: "2" is not one of 1, 2, 3, 4'),
        (
            {"type": "place", "digit": 1, "row": 1, "column": 0},
            "$.column: 0 is not one of 1, 2, 3, 4",
        ),
    ],
)
def test_a_malformed_action_is_refused_with_its_json_path(data: Any, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        Minidoku().action_from_json(data)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("data", "action"),
    [
        ({"type": "draw", "digit": 4}, Draw(4)),
        ({"type": "bid", "digit": 1}, Bid(1)),
        ({"column": 3, "type": "place", "row": 2, "digit": 4}, Place(4, 2, 3)),
        ({"type": "pass"}, Pass()),
    ],
)
def test_each_action_is_read_from_its_json_form(data: Any, action: Action) -> None:
    assert Minidoku().action_from_json(data) == action


# -- the start and the bid (MD-1 to MD-3) --------------------------------------------------------


def test_the_default_seed_is_zero() -> None:
    assert Minidoku().new_initial_state().seed == 0
    assert Minidoku().new_initial_state().record().seed == 0


@pytest.mark.parametrize(
    ("bids", "first_on_tie", "first"),
    [
        ((3, 2), 0, 0),  # the higher bid moves first
        ((3, 2), 1, 0),
        ((2, 3), 0, 1),
        ((2, 3), 1, 1),
        ((2, 2), 0, 0),  # equal bids: the option's player
        ((3, 3), 1, 1),
    ],
)
def test_the_higher_bid_moves_first_and_a_tie_follows_the_option(
    bids: tuple[int, int], first_on_tie: int, first: int
) -> None:
    # MD-3.
    state = small_deal(*bids, first_on_tie=first_on_tie)
    assert state.current_player() == first
    data = state.observation(0).data
    assert isinstance(data, dict)
    assert data["bids"] == list(bids)


# -- illegal actions (MD-2 to MD-4) --------------------------------------------------------------


def reason(state: MinidokuState, step: Action | tuple[Action, Action]) -> str:
    before = state.clone()
    with pytest.raises(IllegalActionError) as caught:
        play(state, step)
    assert state == before
    return caught.value.reason


def test_at_a_chance_node_only_a_tile_from_the_bag_is_drawn() -> None:
    # MD-2.
    assert reason(Minidoku().new_initial_state(), Pass()) == "a tile must be drawn from the bag"


def test_at_the_bid_each_player_bids_a_tile() -> None:
    # MD-3.
    state = play(Minidoku(hand_size=1).new_initial_state(), Draw(2), Draw(3))
    assert reason(state, (Pass(), Bid(3))) == "both players must bid a tile from their hand"
    assert reason(state, (Bid(2), Bid(2))) == "player 1 holds no 2 to bid"


@pytest.mark.parametrize(
    ("place", "why"),
    [
        (Place(1, 4, 4), "r4c4 already holds 4"),
        (Place(1, 4, 5), "r4c5 is not on the 4x4 board"),
        (Place(1, 0, 1), "r0c1 is not on the 4x4 board"),
        (Place(3, 1, 1), "player 0 holds no 3"),
    ],
)
def test_a_placement_names_why_it_is_illegal(place: Place, why: str) -> None:
    # MD-4: player 0 holds 1 and 2; player 1's 4 is at r4c4.
    assert reason(after_a_placement(), place) == why


# -- what a player sees (MD-9) -------------------------------------------------------------------


def test_before_the_deal_a_player_sees_an_empty_board_and_no_bids() -> None:
    observation = Minidoku().new_initial_state().observation(1)
    assert observation.data == {
        "board": ["....", "....", "....", "...."],
        "hand": [],
        "hand_sizes": [0, 0],
        "stock": 16,
        "bids": None,
        "placed": [0, 0],
        "passes": 0,
        "to_move": CHANCE,
    }
    assert observation.text == "\n".join(
        [
            "minidoku, as player 1 sees it",
            "  ..|..",
            "  ..|..",
            "  --+--",
            "  ..|..",
            "  ..|..",
            "hand: -; opponent holds 0; stock: 16",
            "placed: 0 and 0; to act: chance (a tile for player 0)",
        ]
    )


def test_after_a_placement_a_player_sees_the_board_the_bids_and_the_counts() -> None:
    observation = after_a_placement().observation(0)
    assert observation.data == {
        "board": ["....", "....", "....", "...4"],
        "hand": [1, 2],
        "hand_sizes": [2, 2],
        "stock": 9,
        "bids": [1, 3],
        "placed": [0, 1],
        "passes": 0,
        "to_move": 0,
    }
    assert observation.text == "\n".join(
        [
            "minidoku, as player 0 sees it",
            "  ..|..",
            "  ..|..",
            "  --+--",
            "  ..|..",
            "  ..|.4",
            "hand: 1 2; opponent holds 2; stock: 9",
            "bids: 1 (player 0), 3 (player 1)",
            "placed: 0 and 1; to act: player 0",
        ]
    )


def test_at_the_bid_both_players_are_to_act() -> None:
    text = big_deal().observation(1).text
    assert text.splitlines()[-2:] == [
        "hand: 3 3 3 3 4 4 4; opponent holds 7; stock: 2",
        "placed: 0 and 0; to act: both players (bid)",
    ]


def test_after_the_end_nobody_is_to_act() -> None:
    assert (
        over().observation(0).text.splitlines()[-1] == "placed: 0 and 0; to act: nobody (game over)"
    )


# -- the one-line text ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "text"),
    [
        (
            lambda: Minidoku().new_initial_state(),
            "minidoku ..../..../..../.... hands - | - stock 1111222233334444; "
            "to act: chance (a tile for player 0)",
        ),
        (
            after_a_placement,
            "minidoku ..../..../..../...4 hands 12 | 34 stock 112223344; to act: player 0",
        ),
        (
            big_deal,
            "minidoku ..../..../..../.... hands 1111222 | 3333444 stock 24; "
            "to act: both players (bid)",
        ),
        (
            stock_emptied,
            "minidoku 31../..../..../.... hands 111222 | 333444 stock -; to act: player 1",
        ),
        (
            over,
            "minidoku ..../..../..../.... hands - | - stock 11112233334444; "
            "to act: nobody (game over)",
        ),
    ],
    ids=["start", "after a placement", "at the bid", "stock empty", "over"],
)
def test_a_state_reads_as_one_line(make: Any, text: str) -> None:
    assert str(make()) == text


def test_a_drawn_tile_goes_to_the_player_who_placed() -> None:
    # MD-5: player 0 places, so player 0 draws; then player 1 is to act.
    state = play(after_a_placement(), Place(2, 1, 1))
    assert state.current_player() == CHANCE
    assert str(state).endswith("to act: chance (a tile for player 0)")
    state.apply_action(Draw(3))
    data = state.observation(0).data
    assert isinstance(data, dict)
    assert data["hand"] == [1, 3]
    assert state.current_player() == 1


# -- the result (MD-7, MD-8) ---------------------------------------------------------------------


def test_a_game_with_equal_placements_is_a_draw() -> None:
    state = over()
    assert state.current_player() == TERMINAL
    assert state.returns() == (0, 0)


def test_returns_are_zero_until_the_game_is_over() -> None:
    state = after_a_placement()  # player 1 placed one tile, player 0 none
    assert state.returns() == (0, 0)


def finish(state: MinidokuState, rng: random.Random) -> MinidokuState:
    """Play on with random legal actions and the seed's chance outcomes."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        elif state.current_player() == SIMULTANEOUS:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_player_who_placed_more_tiles_wins() -> None:
    # MD-8: +1 to the player who placed more, -1 to the other, 0 each on equal counts.
    seen = set()
    for seed in range(8):
        state = finish(Minidoku(hand_size=2).new_initial_state(seed), random.Random(seed))
        # The placements, counted from the history.
        placed = [0, 0]
        for entry in state.history():
            if isinstance(entry.actions[0], Place):
                placed[entry.player] += 1
        lead = placed[0] - placed[1]
        expected = (0, 0) if lead == 0 else (lead // abs(lead), -lead // abs(lead))
        assert state.returns() == expected
        seen.add(expected)
    assert {(1, -1), (-1, 1)} <= seen


# -- hidden information (MD-9) -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_a_resampled_state_keeps_what_the_player_knows(seed: int) -> None:
    # Player 0 holds 1 2 and knows the board, the bids and player 1's 4 at r4c4; player 1's
    # hand (two tiles, one of them the drawn 3) is hidden from player 0.
    state = play(after_a_placement(), Place(2, 1, 1), Draw(1))
    resampled = state.resample_from_infostate(0, random.Random(seed))
    assert resampled.observation(0) == state.observation(0)
    assert [entry.player for entry in resampled.history()] == [
        entry.player for entry in state.history()
    ]
    data = resampled.observation(1).data
    assert isinstance(data, dict)
    hand = data["hand"]
    assert isinstance(hand, list)
    assert len(hand) == 2
    # Player 1 bid a 3 and placed a 4, so was dealt both (MD-2).
    dealt_to_1 = [
        entry.actions[0] for index, entry in enumerate(resampled.history()) if index in (1, 3, 5)
    ]
    assert {Draw(3), Draw(4)} <= set(dealt_to_1)
