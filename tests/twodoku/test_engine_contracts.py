"""Two-Doku's engine (dokuspec.engine.twodoku): exact contracts of its messages, texts and forms.

The exact words a user sees: why an action is illegal, the one-line
summary of a state, the result's JSON form, what a malformed action's JSON
is refused with; and the exact behaviour of the redraws behind
:meth:`TwoDokuState.resample_from_infostate` where what the player knows
forces the answer. Rule IDs are those of RULINGS.md (TD-1 to TD-11, the
rulings TD-12 to TD-18). Expected values are worked by hand from the rules
and the documented forms.

Scripted games colour as in ``twodoku/test_engine.py``: Red colours rows 1,
2, 3 and 7, Blue rows 4, 5, 6 and 8, row 9 stays white; Red places its
face-down dominoes on r9c1-r9c4, Blue on r9c5-r9c8.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest
from helpers import replace_everywhere

import dokuspec.engine.twodoku as engine
from dokuspec.engine.base import CHANCE, Action, IllegalActionError, RecordError
from dokuspec.engine.twodoku import (
    Colour,
    DealCount,
    DealPot,
    DrawFaceDown,
    EndTurn,
    FairDealMissingError,
    PlaceFaceDown,
    PlayDomino,
    ReturnToPot,
    Reveal,
    TakeFromBoard,
    TakeFromPot,
    TwoDoku,
    TwoDokuResult,
    TwoDokuState,
    fair_deal_count,
    fair_deal_exists,
    infostate,
    pot_probabilities,
)
from dokuspec.errors import PositionError
from dokuspec.vocabulary.twodoku import Dominoes, Square

RED_SQUARES = [Square(r, c) for r in (1, 2, 3, 7) for c in range(1, 10)]
BLUE_SQUARES = [Square(r, c) for r in (4, 5, 6, 8) for c in range(1, 10)]
FACE_DOWN_SQUARES = [Square(9, c) for c in range(1, 9)]


def sq(text: str) -> Square:
    return Square.parse(text)


def coloured() -> TwoDokuState:
    state = TwoDoku().new_initial_state(0)
    for red, blue in zip(RED_SQUARES, BLUE_SQUARES, strict=True):
        state.apply_action(Colour(red))
        state.apply_action(Colour(blue))
    return state


def placed() -> TwoDokuState:
    state = coloured()
    for square in FACE_DOWN_SQUARES:
        state.apply_action(PlaceFaceDown(square))
    return state


def drawn(face_down: Sequence[int]) -> TwoDokuState:
    state = placed()
    for digit in face_down:
        state.apply_action(DrawFaceDown(digit))
    return state


def dealt(
    face_down: Sequence[int] = (5, 5, 3, 4, 6, 7, 8, 9),
    pot: tuple[int, int] = (1, 2),
    *,
    fewest_ones: bool = False,
) -> TwoDokuState:
    """The scripted game at Red's first turn: Red's counts the most likely (or, for digit 1
    with ``fewest_ones``, the smallest count offered)."""
    state = drawn(face_down)
    state.apply_action(DealPot(*pot))
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        if fewest_ones and isinstance(outcomes[0][0], DealCount) and outcomes[0][0].digit == 1:
            action = min(outcomes, key=lambda pair: pair[0].count)[0]  # type: ignore[attr-defined]
        else:
            action = max(outcomes, key=lambda pair: pair[1])[0]
        state.apply_action(action)
    return state


def reason(state: TwoDokuState, action: Action) -> str:
    """The reason an illegal action is refused with (the state unchanged)."""
    before = pickle.dumps(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    assert pickle.dumps(state) == before
    return caught.value.reason


# -- the result's JSON form (TD-10) ------------------------------------------------------------


def test_the_result_s_json_form_is_the_documented_one_td10() -> None:
    result = TwoDokuResult("red", (215, 0), (180, 200), 15, "max-turns", 12)
    assert result.to_json() == {
        "winner": "red",
        "scores": [215, 0],
        "pile_sums": [180, 200],
        "pot_sum": 15,
        "ending": "max-turns",
        "turns": 12,
    }
    draw = TwoDokuResult(None, (0, 0), (200, 200), 3, "no-successful-play", 2)
    assert draw.to_json() == {
        "winner": None,
        "scores": [0, 0],
        "pile_sums": [200, 200],
        "pot_sum": 3,
        "ending": "no-successful-play",
        "turns": 2,
    }


def test_two_passes_at_the_start_end_in_a_draw_td4_td9_td10_td13() -> None:
    """The piles are dealt with equal sums (TD-4): two passes (TD-13) end a drawn game.

    Face-down 5 5 3 4 6 7 8 9 (47), pot 1 2 (3): each pile sums (450 - 50) / 2 = 200.
    """
    state = dealt()
    assert state.returns() == (0, 0)
    state.apply_action(EndTurn())
    state.apply_action(EndTurn())
    result = state.result()
    assert result is not None
    assert result.to_json() == {
        "winner": None,
        "scores": [0, 0],
        "pile_sums": [200, 200],
        "pot_sum": 3,
        "ending": "no-successful-play",
        "turns": 2,
    }
    assert state.returns() == (0, 0)
    assert state.position().to_move is None


def test_the_lower_pile_after_a_successful_play_wins_td10() -> None:
    """Red plays a 2 (Red 198), Blue passes, Red passes: Red wins 200 + the pot's 3."""
    state = dealt()
    state.apply_action(PlayDomino(2, sq("r1c1")))
    state.apply_action(EndTurn())
    state.apply_action(EndTurn())
    result = state.result()
    assert result is not None
    assert (result.winner, result.scores, result.pile_sums) == ("red", (203, 0), (198, 200))
    assert state.returns() == (203, -203)


def test_returns_are_zero_before_the_end() -> None:
    state = TwoDoku().new_initial_state()
    assert state.seed == 0
    assert state.returns() == (0, 0)


# -- the one-line summary ----------------------------------------------------------------------


def test_the_summary_line_of_each_phase() -> None:
    state = TwoDoku().new_initial_state(0)
    assert str(state) == (
        "twodoku colouring: red to act; turn 0; board 0 face up, 0 face down; pot -; piles 0 and 0"
    )
    state.apply_action(Colour(sq("r1c1")))
    assert str(state) == (
        "twodoku colouring: blue to act; turn 0; board 0 face up, 0 face down; pot -; piles 0 and 0"
    )
    state = placed()
    assert str(state) == (
        "twodoku dealing: chance to act; turn 0; board 0 face up, 8 face down; pot -; piles 0 and 0"
    )
    state = dealt()
    assert str(state) == (
        "twodoku play: red to act; turn 0; board 0 face up, 8 face down; pot 1 2; piles 40 and 40"
    )
    state.apply_action(TakeFromPot(1))
    state.apply_action(PlayDomino(1, sq("r1c1")))
    assert str(state) == (
        "twodoku play: blue to act; turn 1; board 1 face up, 8 face down; pot 2; piles 40 and 40"
    )
    state.apply_action(PlayDomino(9, sq("r4c8")))  # a 9 face down on r9c8, column 8
    assert state.current_player() == CHANCE
    assert str(state) == (
        "twodoku play: chance to act; turn 1; board 1 face up, 8 face down; pot 2; piles 40 and 40"
    )
    state.apply_action(Reveal(sq("r9c8")))
    assert str(state) == (
        "twodoku play: red to act; turn 2; board 2 face up, 7 face down; pot 2; piles 40 and 40"
    )
    state.apply_action(PlayDomino(3, sq("r1c2")))
    assert str(state) == (
        "twodoku play: blue to act; turn 3; board 3 face up, 7 face down; pot 2; piles 39 and 40"
    )
    state.apply_action(EndTurn())
    state.apply_action(EndTurn())
    assert str(state) == (
        "twodoku over: none to act; turn 5; board 3 face up, 7 face down; pot 2; piles 39 and 40"
    )


# -- the phases, and actions out of turn -------------------------------------------------------


def test_colouring_ends_when_both_have_coloured_36_td2() -> None:
    state = TwoDoku().new_initial_state(0)
    pairs = list(zip(RED_SQUARES, BLUE_SQUARES, strict=True))
    for red, blue in pairs[:-1]:
        state.apply_action(Colour(red))
        state.apply_action(Colour(blue))
    state.apply_action(Colour(pairs[-1][0]))
    assert (state.phase, state.current_player()) == ("colouring", 1)
    state.apply_action(Colour(pairs[-1][1]))
    assert (state.phase, state.current_player()) == ("placing", 0)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (EndTurn(), "Red colours one square now (TD-2)"),
        (TakeFromPot(1), "Red colours one square now (TD-2)"),
        (PlayDomino(1, Square(1, 1)), "Red colours one square now (TD-2)"),
    ],
)
def test_no_turn_action_while_colouring_td2(action: Action, expected: str) -> None:
    assert reason(TwoDoku().new_initial_state(0), action) == expected


def test_reasons_a_chance_outcome_is_refused_during_the_deal_td3_td4() -> None:
    state = drawn((5, 5, 3))
    assert (
        reason(state, DealPot(1, 2))
        == "the face-down digits are drawn now, in placement order (TD-3)"
    )
    state = drawn((5, 5, 3, 4, 6, 7, 8, 9))
    assert reason(state, DrawFaceDown(1)) == "the pot is dealt now (TD-4)"
    state.apply_action(DealPot(1, 2))
    # Red's count of digit 1 comes first; 9 dominoes of 1 are left (one is in the pot).
    assert reason(state, DealCount(2, 0)) == "Red's count of digit 1 is dealt now (TD-4)"
    assert reason(state, DealCount(1, 10)) == "no fair deal gives Red 10 of digit 1 (TD-4)"
    assert reason(state, DrawFaceDown(1)) == "Red's count of digit 1 is dealt now (TD-4)"
    state.apply_action(max(state.chance_outcomes(), key=lambda pair: pair[1])[0])
    assert reason(state, DealCount(1, 0)) == "Red's count of digit 2 is dealt now (TD-4)"


def test_reasons_a_chance_outcome_is_refused_at_a_reveal_td8() -> None:
    state = dealt()
    state.apply_action(PlayDomino(5, sq("r7c1")))  # 5s face down on r9c1 and r9c2
    assert state.current_player() == CHANCE
    assert (
        reason(state, EndTurn())
        == "one of the clashing face-down dominoes is turned face up first (TD-8)"
    )
    assert (
        reason(state, Reveal(sq("r9c3")))
        == "r9c3 holds no face-down domino clashing with the play (TD-8)"
    )


def test_reasons_a_turn_action_is_refused_td6_td8() -> None:
    state = dealt(fewest_ones=True)
    red = state.view(0).pile
    assert red.counts()[0] == 0 and red.counts()[1] > 0 and red.counts()[8] > 0
    assert reason(state, PlayDomino(1, sq("r1c1"))) == "Red's pile holds no 1"
    assert reason(state, PlayDomino(2, sq("r9c1"))) == "r9c1 is not empty"
    assert (
        reason(state, ReturnToPot(2))
        == "a domino goes into the pot only after a take from the pot (TD-6)"
    )
    state.apply_action(TakeFromPot(2))
    assert (
        reason(state, TakeFromPot(1))
        == "a domino is taken only at the start of a turn, once (TD-6)"
    )
    assert reason(state, ReturnToPot(1)) == "Red's pile holds no 1"
    # After the take from the pot, a return of any digit of the pile (TD-6 step 3).
    pile = state.view(0).pile.counts()
    returns = {a.digit for a in state.legal_actions() if isinstance(a, ReturnToPot)}
    assert returns == {d for d in range(1, 10) if pile[d - 1]}
    assert 1 not in returns
    # A failed play after a take from the pot: the turn goes on, without a second play.
    state.apply_action(PlayDomino(5, sq("r4c1")))  # r4c1 is Blue's: not allowed (TD-7, TD-17)
    assert state.current_player() == 0
    assert (
        reason(state, PlayDomino(2, sq("r1c1")))
        == "one play per turn; a failed play allows no second (TD-6, TD-8)"
    )
    assert (
        reason(state, TakeFromBoard(sq("r1c1")))
        == "a domino is taken only at the start of a turn, once (TD-6)"
    )


def test_no_return_after_a_take_from_the_board_td6_td12() -> None:
    state = dealt()
    state.apply_action(PlayDomino(2, sq("r1c1")))
    state.apply_action(TakeFromBoard(sq("r1c1")))  # Blue takes Red's 2
    assert (
        reason(state, ReturnToPot(2))
        == "a domino goes into the pot only after a take from the pot (TD-6)"
    )


# -- positions and views -----------------------------------------------------------------------


def test_position_names_who_is_to_move_and_no_one_at_the_end() -> None:
    state = dealt()
    assert state.position().to_move == "red"
    state.apply_action(EndTurn())
    assert state.position().to_move == "blue"
    state.apply_action(EndTurn())
    assert state.position().to_move is None


def test_a_view_has_no_initial_pot_or_pile_before_the_deal_is_complete_td11() -> None:
    state = drawn((5, 5, 3, 4, 6, 7, 8, 9))
    state.apply_action(DealPot(1, 2))
    for player in (0, 1):
        view = state.view(player)
        assert (view.pot, view.initial_pot, view.initial_pile) == (Dominoes([1, 2]), None, None)


def test_a_pot_of_two_equal_digits_holds_both_td4() -> None:
    state = dealt(face_down=(5, 5, 3, 4, 6, 7, 8, 8), pot=(3, 3))  # 404 left: an even pot
    assert state.view(0).pot == Dominoes([3, 3])
    deal = state.deal()
    assert deal is not None and deal.pot == (3, 3)
    # Red takes a 3 and returns a 3 (TD-6): the pot holds both again
    state.apply_action(TakeFromPot(3))
    assert state.view(0).pot == Dominoes([3])
    state.apply_action(ReturnToPot(3))
    assert state.view(0).pot == Dominoes([3, 3])


# -- actions: pickling and JSON ----------------------------------------------------------------

ACTIONS = [
    Colour(Square(2, 3)),
    PlaceFaceDown(Square(9, 1)),
    DrawFaceDown(4),
    DealPot(2, 7),
    DealCount(3, 5),
    TakeFromPot(6),
    TakeFromBoard(Square(4, 4)),
    PlayDomino(8, Square(5, 6)),
    ReturnToPot(1),
    EndTurn(),
    Reveal(Square(9, 8)),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_actions_pickle_to_equal_actions(action: Action) -> None:
    again = pickle.loads(pickle.dumps(action))
    assert type(again) is type(action)
    assert again == action


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        # Members in another order than the engine writes them: the same actions.
        ({"digit": 1, "type": "take-pot"}, TakeFromPot(1)),
        ({"digit": 9, "type": "take-pot"}, TakeFromPot(9)),
        ({"col": 9, "row": 9, "type": "colour"}, Colour(Square(9, 9))),
        ({"count": 0, "digit": 1, "type": "deal-count"}, DealCount(1, 0)),
        ({"count": 10, "digit": 9, "type": "deal-count"}, DealCount(9, 10)),
        ({"digits": [1, 2], "type": "deal-pot"}, DealPot(1, 2)),
        ({"digits": [3, 3], "type": "deal-pot"}, DealPot(3, 3)),
        ({"digits": [9, 9], "type": "deal-pot"}, DealPot(9, 9)),
        ({"col": 1, "digit": 1, "row": 1, "type": "play"}, PlayDomino(1, Square(1, 1))),
    ],
)
def test_action_json_members_in_any_order(data: dict[str, object], expected: Action) -> None:
    assert TwoDoku().action_from_json(data) == expected


KINDS = (
    "colour, deal-count, deal-pot, draw-face-down, end-turn, place-face-down, play, return, "
    "reveal, take-board, take-pot"
)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "take-pot", "digit": 10}, "$.digit: 10 is not a digit 1-9"),
        ({"type": "take-pot", "digit": 0}, "$.digit: 0 is not a digit 1-9"),
        ({"type": "colour", "row": 10, "col": 1}, "$.row: 10 is not a row 1-9"),
        (
            {"type": "deal-count", "digit": 1, "count": 11},
            "$.count: 11 is not a count 0-10",
        ),
        (
            {"type": "deal-pot", "digits": [1, 10]},
            "$.digits: a list of 2 items is not a list of two digits 1-9",
        ),
        (
            {"type": "deal-pot", "digits": [0, 1]},
            "$.digits: a list of 2 items is not a list of two digits 1-9",
        ),
        (
            {"type": "deal-pot", "digits": [4, 3]},
            "$.digits: a list of 2 items is not in increasing order",
        ),
        # Values no JSON text holds are refused the same way, never with another error.
        (
            {"type": "deal-pot", "digits": [b"1", b"2"]},
            "$.digits: a list of 2 items is not a list of two digits 1-9",
        ),
        ({"digits": [b"1", b"2"]}, f"$.type: null is not an action type ({KINDS})"),
        (
            {"type": "deal-pot", "digits": [10**5000, 1]},
            "$.digits: a list of 2 items is not a list of two digits 1-9",
        ),
        (
            {"type": "colour", "row": 10**5000, "col": 1},
            "$.row: an integer of about 5001 digits is not a row 1-9",
        ),
        # Strings are shown as JSON writes them, cut after 40 characters.
        ({"type": "x" * 40}, f'$.type: "{"x" * 40}" is not an action type ({KINDS})'),
        ({"type": "x" * 41}, f'$.type: "{"x" * 39}"... is not an action type ({KINDS})'),
        ({"type": "x" * 100}, f'$.type: "{"x" * 39}"... is not an action type ({KINDS})'),
        ({"type": True}, f"$.type: true is not an action type ({KINDS})"),
    ],
)
def test_bad_action_json_messages(data: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError) as caught:
        TwoDoku().action_from_json(data)
    assert str(caught.value) == message


# -- counting: bad draws and the fair-deal verdict (TD-1, TD-4) --------------------------------


@pytest.mark.parametrize(
    ("digits", "over"),
    [("5 " * 11 + "6 " * 10, "5"), ("5 " * 11 + "6 " * 11, "5, 6")],
)
def test_a_draw_with_more_than_ten_of_a_digit_is_named_td1(digits: str, over: str) -> None:
    with pytest.raises(PositionError) as caught:
        fair_deal_count(Dominoes.parse(digits))
    assert str(caught.value) == (
        f"the face-down draw holds more than 10 of {over}: the game has ten of each (TD-1)"
    )


def test_fair_deal_exists_reports_the_count_s_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """fair_deal_exists checks the proof by counting: a count of 0 would say False, of 1 True."""
    draw = Dominoes.parse("1 1 2 2 3 3 4 4")
    assert fair_deal_exists(draw) is True
    replace_everywhere(monkeypatch, engine, "fair_deal_count", lambda _: 0)
    assert fair_deal_exists(draw) is False
    replace_everywhere(monkeypatch, engine, "fair_deal_count", lambda _: 1)
    assert fair_deal_exists(draw) is True


def test_pot_probabilities_name_the_draw_without_a_fair_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    replace_everywhere(monkeypatch, engine.deals, "_pot_weights", lambda *_: ())
    with pytest.raises(FairDealMissingError) as caught:
        pot_probabilities(Dominoes.parse("4 3 2 1 1 2 3 4"))
    assert str(caught.value) == "no fair deal exists for the face-down draw 1 1 2 2 3 3 4 4"


# -- drawing from exact probabilities ----------------------------------------------------------


class Picks(random.Random):
    """A Random whose ``randrange`` and ``sample`` give scripted answers, in order."""

    def __init__(self, picks: Sequence[int] = (), samples: Sequence[list[int]] = ()) -> None:
        super().__init__(0)
        self.picks = list(picks)
        self.samples = list(samples)

    def randrange(self, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        return self.picks.pop(0) if self.picks else super().randrange(*args, **kwargs)  # type: ignore[arg-type]

    def sample(self, population: object, k: int, **kwargs: object) -> list[int]:  # type: ignore[override]
        return self.samples.pop(0) if self.samples else super().sample(population, k)  # type: ignore[arg-type]


@pytest.mark.parametrize(("pick", "value"), [(0, 1), (1, 2), (3, 2)])
def test_a_weighted_draw_maps_each_pick_to_its_value(pick: int, value: int) -> None:
    """1/4 and 3/4 over 4 picks: pick 0 gives the first value, picks 1-3 the second."""
    weights = [(1, Fraction(1, 4)), (2, Fraction(3, 4))]
    assert infostate._weighted_fraction(Picks([pick]), weights) == value


def test_a_weighted_draw_is_exact_with_huge_denominators() -> None:
    """1/2, 1/m and the rest, m = 2**60 + 1: over 2m picks, pick m - 1 is still the first."""
    m = 2**60 + 1
    weights = [(1, Fraction(1, 2)), (2, Fraction(1, m)), (3, 1 - Fraction(1, 2) - Fraction(1, m))]
    assert infostate._weighted_fraction(Picks([m - 1]), weights) == 1
    assert infostate._weighted_fraction(Picks([m]), weights) == 2
    assert infostate._weighted_fraction(Picks([m + 2]), weights) == 3


# -- resampling information states (TD-11) -----------------------------------------------------


def face_down_draws(state: TwoDokuState) -> list[int]:
    return [
        entry.actions[0].digit  # type: ignore[attr-defined]
        for entry in state.history()
        if isinstance(entry.actions[0], DrawFaceDown)
    ]


def test_a_resample_while_the_face_down_digits_are_drawn_draws_them_again_td3() -> None:
    state = drawn((5, 5, 3))
    other = state.resample_from_infostate(0, Picks(samples=[[1, 2, 3, 4, 6, 7, 8, 9]]))
    assert face_down_draws(other) == [1, 2, 3]
    assert face_down_draws(state) == [5, 5, 3]
    assert other.view(0) == state.view(0)


def test_a_resample_during_the_deal_keeps_a_draw_that_leaves_the_pot_a_fair_deal_td4() -> None:
    """Pot 9 9 and eight 9s face down leave ten of each 1-8 (sum 360): fair piles exist."""
    state = drawn((5, 5, 3, 4, 6, 7, 8, 8))
    state.apply_action(DealPot(9, 9))
    state.apply_action(max(state.chance_outcomes(), key=lambda pair: pair[1])[0])
    other = state.resample_from_infostate(1, Picks(samples=[[9] * 8, [1, 1, 2, 2, 3, 3, 4, 4]]))
    assert face_down_draws(other) == [9] * 8
    counts = [
        entry.actions[0] for entry in other.history() if isinstance(entry.actions[0], DealCount)
    ]
    fresh = drawn([9] * 8)
    fresh.apply_action(DealPot(9, 9))
    assert len(counts) == 1 and counts[0] in {action for action, _ in fresh.chance_outcomes()}
    assert other.view(1) == state.view(1)


def test_a_resample_during_the_deal_skips_a_draw_of_odd_parity_td4() -> None:
    """Pot 1 2: eight 9s leave 80 dominoes of sum 450 - 3 - 72 = 375, odd: drawn again."""
    state = drawn((5, 5, 3, 4, 6, 7, 8, 9))
    state.apply_action(DealPot(1, 2))
    other = state.resample_from_infostate(0, Picks(samples=[[9] * 8, [1, 1, 2, 2, 3, 3, 4, 5]]))
    assert face_down_draws(other) == [1, 1, 2, 2, 3, 3, 4, 5]


def nines_face_down() -> TwoDokuState:
    """Eight 9s face down and the pot 9 9: no pile holds a 9, each sums 180 (TD-4)."""
    return dealt(face_down=[9] * 8, pot=(9, 9))


def test_a_resample_keeps_face_down_digits_that_what_is_known_forces_td4_td11() -> None:
    """Red's pile and the pot show 2 nines; the 8 face-down digits sum 450 - 360 - 18 = 72."""
    state = nines_face_down()
    assert state.view(0).pile.counts()[8] == 0
    for player in (0, 1):
        other = state.resample_from_infostate(player, random.Random(player))
        assert other.position() == state.position()
        assert other.history() == state.history()


def test_a_resample_after_a_take_and_a_hidden_clash_keeps_the_forced_digits_td8_td11() -> None:
    """Red takes a 9 from the pot and plays it on r7c1: a hidden clash reveals r9c1 (TD-8).

    Blue knows 3 nines (the pot's 2 as dealt, the one revealed) and that Red holds the 9
    taken: the 7 face-down digits sum 450 - 360 - 18 - 9 = 63, seven 9s, all the rest.
    """
    state = nines_face_down()
    state.apply_action(TakeFromPot(9))
    state.apply_action(PlayDomino(9, sq("r7c1")))
    pending = state.resample_from_infostate(1, random.Random(3))
    assert pending.position() == state.position()
    state.apply_action(Reveal(sq("r9c1")))
    state.apply_action(EndTurn())
    for seed in range(3):
        other = state.resample_from_infostate(1, random.Random(seed))
        assert other.position() == state.position()
        assert other.view(1) == state.view(1)


# -- the fast path of apply_action --------------------------------------------------------------

ALL_SQUARES = [Square(r, c) for r in range(1, 10) for c in range(1, 10)]
EVERY_PLAYER_ACTION: tuple[Action, ...] = (
    EndTurn(),
    *(TakeFromPot(d) for d in range(1, 10)),
    *(ReturnToPot(d) for d in range(1, 10)),
    *(TakeFromBoard(s) for s in ALL_SQUARES),
    *(PlayDomino(digit=d, square=s) for d in range(1, 10) for s in ALL_SQUARES),
    *(Colour(s) for s in ALL_SQUARES),
    *(PlaceFaceDown(s) for s in ALL_SQUARES),
)


def test_the_fast_path_recognises_exactly_the_legal_actions() -> None:
    """:meth:`TwoDokuState.apply_action` recognises a player's action by the rules directly
    (``_is_legal``) and sends any other to :meth:`State.apply_action`. At every player node
    of random games it accepts exactly what :meth:`legal_actions` lists, of every kind and
    on every square (an action it refused wrongly would only cost time, unseen elsewhere)."""
    kinds: set[type[Action]] = set()
    for seed in range(20):
        rng = random.Random(seed)
        state = TwoDoku().new_initial_state(seed)
        while not state.is_terminal():
            player = state.current_player()
            action: Action
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                weights = [float(w) for _, w in outcomes]
                action = rng.choices([a for a, _ in outcomes], weights)[0]
            else:
                legal = set(state.legal_actions())
                accepted = {a for a in EVERY_PLAYER_ACTION if state._is_legal(player, a)}
                assert accepted == legal
                kinds.update(type(a) for a in legal)
                moves = [a for a in state.legal_actions() if type(a) is not EndTurn]
                if EndTurn() in legal and (not moves or rng.random() < 0.05):
                    action = EndTurn()
                else:  # a kind of action first, so that the few takes and returns come up
                    kind = rng.choice(sorted({type(m) for m in moves}, key=lambda k: k.kind))
                    action = rng.choice([m for m in moves if type(m) is kind])
            state.apply_action(action)
    kinds.discard(EndTurn)
    assert kinds == {Colour, PlaceFaceDown, TakeFromPot, TakeFromBoard, PlayDomino, ReturnToPot}
