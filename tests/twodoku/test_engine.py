"""Two-Doku's engine (dokuspec.engine.twodoku): the exact deal, the rules, the protocol.

Each test names the rule it checks (RULINGS.md TD-1 to TD-11, the rulings
TD-12 to TD-18). Expected values come from the rule text, worked by hand,
or from brute force and counting written here from the definitions, never
from the engine. Scripted games use one colouring: Red colours rows 1, 2, 3
and 7, Blue rows 4, 5, 6 and 8, and row 9 stays white; Red places its four
face-down dominoes on r9c1-r9c4, Blue on r9c5-r9c8, so r9c9 is the one
empty white square.
"""

from __future__ import annotations

import itertools
import json
import math
import pickle
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import comb

import pytest
from helpers import examples, replace_everywhere
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    EngineError,
    GameOptionError,
    GameRecord,
    IllegalActionError,
    JSONValue,
    RecordError,
    load_game,
    registered_games,
    replay,
)
from dokuspec.engine.twodoku import (
    ENDINGS,
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
    fair_split_count,
    pot_probabilities,
)
from dokuspec.engine.twodoku.deals import _count_weights, _pot_weights
from dokuspec.engine.twodoku.infostate import _search_digits
from dokuspec.errors import PositionError
from dokuspec.render.twodoku import view_text
from dokuspec.verify.conformance import check_game
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    FULL_SET,
    Deal,
    Dominoes,
    Play,
    Return,
    Square,
    Take,
    View,
)


def sq(text: str) -> Square:
    return Square.parse(text)


# -- counting fair deals, against brute force and an independent count --------------------------


def physical(counts: Sequence[int]) -> list[int]:
    """The dominoes of ``counts`` (index d - 1) as a list of digits, one per piece."""
    return [d for d in range(1, 10) for _ in range(counts[d - 1])]


def brute_pot_weights(counts: Sequence[int], pile: int) -> dict[tuple[int, int], int]:
    """Every pot pair and Red pile of physical pieces with equal pile sums, tallied by pot."""
    pieces = physical(counts)
    found: Counter[tuple[int, int]] = Counter()
    for pot in itertools.combinations(range(len(pieces)), 2):
        rest = [i for i in range(len(pieces)) if i not in pot]
        half = sum(pieces[i] for i in rest)
        if half % 2:
            continue
        for red in itertools.combinations(rest, pile):
            if 2 * sum(pieces[i] for i in red) == half:
                a, b = sorted(pieces[i] for i in pot)
                found[a, b] += 1
    return dict(found)


def brute_red_piles(counts: Sequence[int], pile: int) -> Counter[tuple[int, ...]]:
    """Red's fair piles of physical pieces (Blue gets the rest), tallied by counts of digits."""
    pieces = physical(counts)
    whole = sum(pieces)
    found: Counter[tuple[int, ...]] = Counter()
    for red in itertools.combinations(range(len(pieces)), pile):
        if 2 * sum(pieces[i] for i in red) == whole:
            by_digit = Counter(pieces[i] for i in red)
            found[tuple(by_digit[d] for d in range(1, 10))] += 1
    return found


def small_counts(total: int) -> st.SearchStrategy[tuple[int, ...]]:
    """Counts by digit of ``total`` dominoes, at most 10 of a digit, few digits used."""
    return st.lists(st.integers(1, 9), min_size=total, max_size=total).map(
        lambda digits: tuple(digits.count(d) for d in range(1, 10))
    )


@settings(max_examples=examples(1.0), deadline=None)
@given(data=st.data(), pile=st.sampled_from([1, 2, 3, 4]))
def test_pot_weights_agree_with_brute_force_on_small_sets_td4(
    data: st.DataObject, pile: int
) -> None:
    counts = data.draw(small_counts(2 * pile + 2))
    expected = brute_pot_weights(counts, pile)
    assert {(a, b): w for a, b, w in _pot_weights(counts, pile)} == expected


@settings(max_examples=examples(1.0), deadline=None)
@given(data=st.data(), pile=st.sampled_from([2, 3, 4, 5]), with_pot=st.booleans())
def test_red_s_count_nodes_give_each_physical_pile_the_same_chance_td4(
    data: st.DataObject, pile: int, with_pot: bool
) -> None:
    """The product of the count nodes' probabilities, digit by digit, is the share of Red's
    physical fair piles with those counts (brute force); with a pot, its dominoes are taken
    out of the dominoes counted first."""
    counts = data.draw(small_counts(2 * pile + (2 if with_pot else 0)))
    pot: list[int] = []
    if with_pot:
        pot = sorted(data.draw(st.permutations(physical(counts)))[:2])
    split = list(counts)
    for digit in pot:
        split[digit - 1] -= 1
    whole = sum(d * c for d, c in enumerate(split, start=1))
    assume(whole % 2 == 0)  # the pot node leaves an even sum to split
    piles = brute_red_piles(split, pile)
    total = sum(piles.values())
    target = whole // 2
    reached: dict[tuple[int, ...], Fraction] = {}

    def walk(chosen: list[int], probability: Fraction) -> None:
        if len(chosen) == 9:
            reached[tuple(chosen)] = probability
            return
        weights = _count_weights(counts, pile, target, chosen, pot)
        whole = sum(w for _, w in weights)
        for k, w in weights:
            walk([*chosen, k], probability * Fraction(w, whole))

    if total == 0:
        assert _count_weights(counts, pile, target, [], pot) == []
        return
    walk([], Fraction(1))
    assert reached == {counts_: Fraction(n, total) for counts_, n in piles.items()}


@pytest.mark.parametrize(
    ("digits", "expected"),
    [
        ("1 1", 2),  # {1} | {1}, either piece first
        ("1 2", 0),
        ("1 2 3", 0),  # odd size
        ("1 2 3 4", 2),  # {1, 4} or {2, 3} first
        ("1 1 2 2", 4),  # a 1 and a 2 each: 2 x 2 choices
        ("5 5 5 5 5 5", 20),  # any three of six
        ("1 2 3 5 9 9", 0),  # sum 29 is odd
        ("-", 1),  # the empty split
    ],
)
def test_fair_split_count_by_hand(digits: str, expected: int) -> None:
    assert fair_split_count(Dominoes.parse(digits)) == expected


def split_count_by_dictionary(counts: Sequence[int], pile: int) -> int:
    """Red's physical piles of size ``pile`` with half the sum: a plain dynamic programme."""
    whole = sum(d * c for d, c in enumerate(counts, start=1))
    if whole % 2:
        return 0
    half = whole // 2
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for digit, count in enumerate(counts, start=1):
        grown: dict[tuple[int, int], int] = {}
        for (n, s), w in ways.items():
            for k in range(min(count, pile - n) + 1):
                if s + digit * k > half:
                    break
                key = (n + k, s + digit * k)
                grown[key] = grown.get(key, 0) + w * comb(count, k)
        ways = grown
    return ways.get((pile, half), 0)


def test_fair_split_count_of_eighty_agrees_with_a_plain_dynamic_programme_td4() -> None:
    counts = (8, 9, 10, 9, 8, 10, 9, 8, 9)  # 80 dominoes, sum 400
    assert sum(counts) == 80
    expected = split_count_by_dictionary(counts, 40)
    assert expected > 10**20
    assert fair_split_count(Dominoes.from_counts(counts)) == expected


@pytest.mark.parametrize(
    "draw", ["1 1 1 1 1 1 1 1", "5 5 3 4 6 7 8 9", "9 9 9 9 9 9 9 9", "1 2 2 4 6 8 8 9"]
)
def test_fair_deal_count_is_the_pots_times_the_fair_splits_td4(draw: str) -> None:
    """fair_deal_count (pots divided out of one product) against fair_split_count of every
    pot's remainder (a product per pot): the same number two ways."""
    face_down = Dominoes.parse(draw)
    left = FULL_SET - face_down
    total = 0
    for a in range(1, 10):
        for b in range(a, 10):
            pot = Dominoes([a, b])
            if not pot.issubset(left):
                continue
            pairs = comb(left.count(a), 2) if a == b else left.count(a) * left.count(b)
            total += pairs * fair_split_count(left - pot)
    assert fair_deal_count(face_down) == total
    assert sum(pot_probabilities(face_down).values()) == 1


def every_face_down_draw() -> Iterator[tuple[int, ...]]:
    """Every multiset of 8 digits 1-9 as counts (12,870 of them)."""
    for chosen in itertools.combinations_with_replacement(range(1, 10), 8):
        yield tuple(chosen.count(d) for d in range(1, 10))


def test_the_proof_that_every_draw_has_a_fair_deal_holds_for_every_draw_td4() -> None:
    """fair_deal_exists's proof, step by step, for all 12,870 draws: a pot of two different
    digits with at least 3 pieces left and the right parity leaves all nine digits."""
    draws = 0
    for face_down in every_face_down_draw():
        draws += 1
        left = [10 - f for f in face_down]
        whole = sum(d * c for d, c in enumerate(left, start=1))
        pots = [
            (a, b)
            for a in range(1, 10)
            for b in range(a + 1, 10)
            if left[a - 1] >= 3 and left[b - 1] >= 3 and (whole - a - b) % 2 == 0
        ]
        assert pots, face_down
    assert draws == comb(16, 8)


@pytest.mark.parametrize(
    "draw", ["1 1 1 1 1 1 1 1", "9 9 9 9 9 9 9 9", "1 1 1 1 9 9 9 9", "2 4 6 8 2 4 6 8"]
)
def test_extreme_draws_have_fair_deals_td4(draw: str) -> None:
    assert fair_deal_exists(Dominoes.parse(draw))


def wilson_hilferty_p(statistic: float, freedom: int) -> float:
    """The upper tail of a chi-square distribution (Wilson-Hilferty normal approximation)."""
    z = ((statistic / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_the_pot_follows_shuffling_and_dealing_again_until_fair_td16() -> None:
    """A chi-square test: pots of the literal process of TD-4 (deal 2 + 40 + 40 from the 82,
    again until the piles are fair) against pot_probabilities."""
    face_down = Dominoes.parse("5 5 3 4 6 7 8 9")
    pieces = list(FULL_SET - face_down)
    whole = sum(pieces)
    rng = random.Random(20240607)
    seen: Counter[tuple[int, int]] = Counter()
    samples = 2000
    while sum(seen.values()) < samples:
        dealt = rng.sample(pieces, 42)
        if 2 * sum(dealt[2:]) == whole - dealt[0] - dealt[1]:
            a, b = sorted(dealt[:2])
            seen[a, b] += 1
    expected = {pot: p * samples for pot, p in pot_probabilities(face_down).items()}
    assert set(seen) <= set(expected)  # never a pot without a fair deal
    # Pool the rare pots so that every class expects at least 10.
    classes: list[tuple[float, int]] = []
    rare_expected, rare_seen = 0.0, 0
    for pot, e in expected.items():
        if e < 10:
            rare_expected += float(e)
            rare_seen += seen[pot]
        else:
            classes.append((float(e), seen[pot]))
    if rare_expected:
        classes.append((rare_expected, rare_seen))
    statistic = sum((o - e) ** 2 / e for e, o in classes)
    assert wilson_hilferty_p(statistic, len(classes) - 1) > 1e-4, statistic


def test_counting_refuses_what_is_not_a_face_down_draw() -> None:
    with pytest.raises(TypeError, match="the face-down draw is Dominoes, not list"):
        fair_deal_count([1, 2, 3])  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"is 8 dominoes \(TD-3\), not 7"):
        fair_deal_count(Dominoes.parse("1 2 3 4 5 6 7"))
    with pytest.raises(PositionError, match="holds more than 10 of 4"):
        fair_split_count(Dominoes.from_counts([0, 0, 0, 11, 0, 0, 0, 0, 0]))
    with pytest.raises(TypeError, match="the dominoes is Dominoes"):
        fair_split_count("1 1")  # type: ignore[arg-type]


# -- scripted games --------------------------------------------------------------------------------

RED_ROWS = (1, 2, 3, 7)
BLUE_ROWS = (4, 5, 6, 8)
RED_SQUARES = [Square(r, c) for r in RED_ROWS for c in range(1, 10)]
BLUE_SQUARES = [Square(r, c) for r in BLUE_ROWS for c in range(1, 10)]
FACE_DOWN_SQUARES = [Square(9, c) for c in range(1, 9)]
FACE_DOWN = (5, 5, 3, 4, 6, 7, 8, 9)  # r9c1 .. r9c8
RED_SQUARES_SORTED = sorted(RED_SQUARES)


def coloured(**options: JSONValue) -> TwoDokuState:
    state = TwoDoku(**options).new_initial_state(0)
    for red, blue in zip(RED_SQUARES, BLUE_SQUARES, strict=True):
        state.apply_action(Colour(red))
        state.apply_action(Colour(blue))
    return state


def placed(**options: JSONValue) -> TwoDokuState:
    state = coloured(**options)
    for square in FACE_DOWN_SQUARES:
        state.apply_action(PlaceFaceDown(square))
    return state


def most_likely(state: TwoDokuState) -> Action:
    return max(state.chance_outcomes(), key=lambda pair: pair[1])[0]


def opening(
    face_down: Sequence[int] = FACE_DOWN, pot: tuple[int, int] = (1, 2), **options: JSONValue
) -> TwoDokuState:
    """The scripted game at Red's first turn: Red's counts the most likely at each node."""
    state = placed(**options)
    for digit in face_down:
        state.apply_action(DrawFaceDown(digit))
    state.apply_action(DealPot(*pot))
    while state.current_player() == CHANCE:
        state.apply_action(most_likely(state))
    return state


def pile(state: TwoDokuState, player: int) -> Dominoes:
    return state.view(player).pile


def test_the_game_is_registered_with_its_option_td14() -> None:
    assert "twodoku" in registered_games()
    game = load_game("twodoku")
    assert game == TwoDoku(max_turns=400)
    assert game.options == {"max_turns": 400}
    assert load_game("twodoku", max_turns=7).options == {"max_turns": 7}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_turn": 5}, "unknown option (options: max_turns)"),
        ({"max_turns": 0}, "0 is less than the minimum of 1"),
        ({"max_turns": 2.5}, "2.5 is not of type 'integer'"),
        ({"max_turns": 4.0}, "4.0 is not an integer"),
        ({"max_turns": "400"}, "'400' is not of type 'integer'"),
    ],
)
def test_bad_options_are_named(options: dict[str, JSONValue], message: str) -> None:
    with pytest.raises(GameOptionError) as caught:
        TwoDoku(**options)
    (option,) = options
    assert (caught.value.game, caught.value.option) == ("twodoku", option)
    assert str(caught.value) == f"twodoku: option {option!r}: {message}"


def test_declared_bounds_td10_td14() -> None:
    game = TwoDoku(max_turns=10)
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility()) == (-450, 450)
    # 72 colourings, 8 placements, 8 face-down digits, the pot, 9 counts, 4 steps a turn.
    assert game.max_game_length() == 72 + 8 + 8 + 1 + 9 + 4 * 10
    assert TwoDoku().max_game_length() == 98 + 1600


def test_red_colours_first_and_players_alternate_td2() -> None:
    state = TwoDoku().new_initial_state(0)
    assert state.current_player() == 0
    assert state.phase == "colouring"
    assert set(state.legal_actions()) == {Colour(s) for s in ALL_SQUARES}
    state.apply_action(Colour(sq("r1c1")))
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 81  # Blue may colour Red's square too
    state.apply_action(Colour(sq("r1c1")))
    assert state.current_player() == 0
    assert Colour(sq("r1c1")) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"Red has coloured r1c1 already \(TD-2\)"):
        state.apply_action(Colour(sq("r1c1")))
    reds, blues = state.colours()
    assert reds == blues == {sq("r1c1")}


def test_colouring_ends_at_36_each_then_red_places_four_then_blue_td2_td3() -> None:
    state = coloured()
    reds, blues = state.colours()
    assert (reds, blues) == (set(RED_SQUARES), set(BLUE_SQUARES))
    assert state.phase == "placing"
    assert state.current_player() == 0
    white = [Square(9, c) for c in range(1, 10)]
    assert state.legal_actions() == tuple(PlaceFaceDown(s) for s in white)
    with pytest.raises(IllegalActionError, match=r"r1c1 is not an empty white square \(TD-3\)"):
        state.apply_action(PlaceFaceDown(sq("r1c1")))
    for square in FACE_DOWN_SQUARES[:4]:
        assert state.current_player() == 0
        state.apply_action(PlaceFaceDown(square))
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply_action(PlaceFaceDown(sq("r9c1")))  # taken
    for square in FACE_DOWN_SQUARES[4:]:
        state.apply_action(PlaceFaceDown(square))
    assert state.phase == "dealing"
    assert state.current_player() == CHANCE
    view = state.view(0)
    assert [(f.square, f.placed_by, f.digit) for f in view.face_down] == [
        (s, "red" if s.col <= 4 else "blue", None) for s in FACE_DOWN_SQUARES
    ]


def test_face_down_digits_are_drawn_from_the_ninety_td3() -> None:
    state = placed()
    assert state.chance_outcomes() == tuple((DrawFaceDown(d), Fraction(1, 9)) for d in range(1, 10))
    state.apply_action(DrawFaceDown(5))
    state.apply_action(DrawFaceDown(5))
    outcomes = dict(state.chance_outcomes())
    assert outcomes[DrawFaceDown(5)] == Fraction(8, 88)
    assert outcomes[DrawFaceDown(1)] == Fraction(10, 88)
    for digit in FACE_DOWN[2:]:
        state.apply_action(DrawFaceDown(digit))
    face_down = Dominoes(FACE_DOWN)
    assert state.chance_outcomes() == tuple(
        (DealPot(a, b), p) for (a, b), p in pot_probabilities(face_down).items()
    )
    # Nobody sees a face-down digit (TD-11).
    assert all(f.digit is None for f in state.view(0).face_down)


def test_the_deal_is_fair_and_conserves_the_ninety_td1_td4() -> None:
    state = opening()
    assert state.phase == "play"
    assert state.current_player() == 0  # TD-5
    deal = state.deal()
    assert deal is not None
    assert Deal.from_json(json.loads(json.dumps(deal.to_json()))) == deal
    assert [(f.row, f.col, f.digit, f.placed_by) for f in deal.face_down] == [
        (9, c, d, "red" if c <= 4 else "blue") for c, d in zip(range(1, 9), FACE_DOWN, strict=True)
    ]
    assert deal.pot == (1, 2)
    assert len(deal.red) == len(deal.blue) == 40
    assert sum(deal.red) == sum(deal.blue)
    everything = Counter(deal.red) + Counter(deal.blue) + Counter(deal.pot)
    everything += Counter(f.digit for f in deal.face_down)
    assert everything == Counter(dict.fromkeys(range(1, 10), 10))
    assert pile(state, 0) == Dominoes(deal.red)
    assert pile(state, 1) == Dominoes(deal.blue)


def test_the_probability_of_a_deal_is_its_share_of_the_physical_fair_deals_td4_td16() -> None:
    """The product of the pot's and Red's count nodes' probabilities is the number of
    physical deals with that pot and those piles over all fair deals of the draw, with the
    fair piles counted by a plain dynamic programme written here."""
    state = placed()
    for digit in FACE_DOWN:
        state.apply_action(DrawFaceDown(digit))
    probability = Fraction(1)
    rng = random.Random(3)
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        action, p = outcomes[rng.randrange(len(outcomes))]
        probability *= p
        state.apply_action(action)
    deal = state.deal()
    assert deal is not None
    left = FULL_SET - Dominoes(FACE_DOWN)
    a, b = deal.pot
    pairs = comb(left.count(a), 2) if a == b else left.count(a) * left.count(b)
    rest = (left - Dominoes(deal.pot)).counts()
    red = Dominoes(deal.red).counts()
    ways = pairs * math.prod(comb(m, k) for m, k in zip(rest, red, strict=True))
    pot_share = pot_probabilities(Dominoes(FACE_DOWN))[a, b]
    # P(pot) = pairs * splits / all fair deals, splits from the plain count.
    splits = split_count_by_dictionary(rest, 40)
    all_fair = pairs * splits / pot_share
    assert probability == ways / all_fair
    assert all_fair == fair_deal_count(Dominoes(FACE_DOWN))


def legal_set(state: TwoDokuState) -> set[Action]:
    return set(state.legal_actions())


def empty_squares(state: TwoDokuState) -> list[Square]:
    view = state.view(0)
    taken = set(view.face_up) | {f.square for f in view.face_down}
    return [s for s in ALL_SQUARES if s not in taken]


def plays(state: TwoDokuState, player: int) -> set[Action]:
    return {PlayDomino(d, s) for d in pile(state, player).distinct() for s in empty_squares(state)}


def test_a_turn_starts_with_a_take_a_play_or_a_pass_td6() -> None:
    state = opening()
    assert legal_set(state) == {TakeFromPot(1), TakeFromPot(2), EndTurn()} | plays(state, 0)
    assert len(empty_squares(state)) == 73


def test_after_a_take_from_the_pot_play_or_return_td6() -> None:
    state = opening()
    before = pile(state, 0)
    state.apply_action(TakeFromPot(2))
    assert pile(state, 0) == before + Dominoes([2])
    assert state.view(0).pot == Dominoes([1])
    returns = {ReturnToPot(d) for d in pile(state, 0).distinct()}
    assert legal_set(state) == plays(state, 0) | returns | {EndTurn()}
    with pytest.raises(IllegalActionError, match=r"taken only at the start of a turn, once"):
        state.apply_action(TakeFromPot(1))


def test_a_failed_play_after_a_pot_take_leaves_a_return_td6_td8() -> None:
    state = opening()
    state.apply_action(TakeFromPot(2))
    # r4c1 is Blue's square and Red still has empty squares of its own: refused (TD-7).
    state.apply_action(PlayDomino(2, sq("r4c1")))
    assert state.current_player() == 0
    assert legal_set(state) == {ReturnToPot(d) for d in pile(state, 0).distinct()} | {EndTurn()}
    with pytest.raises(IllegalActionError, match=r"one play per turn"):
        state.apply_action(PlayDomino(2, sq("r1c1")))
    state.apply_action(ReturnToPot(9))
    assert state.current_player() == 1
    assert state.view(1).pot == Dominoes([1, 9])
    assert state.events() == (
        Take("red", "pot", 2),
        Play("red", sq("r4c1"), 2, "not-allowed"),
        Return("red", 9),
    )


def test_a_play_ends_the_turn_without_a_pot_take_td6() -> None:
    state = opening()
    state.apply_action(PlayDomino(2, sq("r1c1")))
    assert state.events() == (Play("red", sq("r1c1"), 2, "placed"),)
    assert state.view(0).face_up == {sq("r1c1"): 2}
    assert state.current_player() == 1
    # A failed play without a pot take ends the turn too.
    state.apply_action(PlayDomino(pile(state, 1).distinct()[0], sq("r1c2")))
    assert state.current_player() == 0


def test_a_face_up_domino_can_be_taken_from_the_board_td6_td12() -> None:
    state = opening()
    state.apply_action(PlayDomino(2, sq("r1c1")))
    blue = pile(state, 1)
    assert TakeFromBoard(sq("r1c1")) in state.legal_actions()
    state.apply_action(TakeFromBoard(sq("r1c1")))
    assert pile(state, 1) == blue + Dominoes([2])
    assert state.view(1).face_up == {}
    # After a take from the board: a play or the end of the turn, no return.
    assert legal_set(state) == plays(state, 1) | {EndTurn()}


def test_play_where_td7_allows_own_colour_first_then_white_then_any_td7_td17() -> None:
    state = opening()
    assert state.allowed_squares(0) == tuple(RED_SQUARES_SORTED)
    assert state.allowed_squares(1) == tuple(sorted(BLUE_SQUARES))
    # r9c9 is white: refused while Red's own squares are empty.
    state.apply_action(PlayDomino(2, sq("r9c9")))
    assert state.events()[-1] == Play("red", sq("r9c9"), 2, "not-allowed")
    # Planted: every square of Red's colour is filled (a position reached in a long game).
    planted = state.clone()
    for square in RED_SQUARES:
        planted._board[square.index] = 1
    assert planted.allowed_squares(0) == (sq("r9c9"),)
    # ... so a play on Blue's colour fails while the white r9c9 is empty
    on_blue = planted.clone()
    on_blue._to_move = 0
    on_blue.apply_action(PlayDomino(2, sq("r4c5")))
    assert on_blue.events()[-1] == Play("red", sq("r4c5"), 2, "not-allowed")
    planted._board[sq("r9c9").index] = 1
    assert planted.allowed_squares(0) == tuple(sorted(BLUE_SQUARES))
    planted._to_move = 0
    planted.apply_action(PlayDomino(2, sq("r4c5")))
    assert planted.events()[-1].result == "placed"  # type: ignore[union-attr]


def test_a_forbidden_square_fails_before_the_sudoku_check_td17() -> None:
    state = opening()
    # r4c1 shares column 1 with the face-down 5 on r9c1, but TD-7 refuses it first.
    assert Dominoes([5]).issubset(pile(state, 0))
    state.apply_action(PlayDomino(5, sq("r4c1")))
    assert state.events() == (Play("red", sq("r4c1"), 5, "not-allowed"),)
    assert len(state.view(0).face_down) == 8
    assert state.current_player() == 1


def test_a_visible_clash_fails_and_reveals_nothing_td8() -> None:
    state = opening()
    assert Dominoes([5, 5]).issubset(pile(state, 0))
    state.apply_action(PlayDomino(5, sq("r7c5")))  # sees no 5, face up or down: placed
    state.apply_action(EndTurn())
    red = pile(state, 0)
    # r1c5 shares column 5 with the 5 on r7c5.
    state.apply_action(PlayDomino(5, sq("r1c5")))
    assert state.events()[-1] == Play("red", sq("r1c5"), 5, "clash")
    assert pile(state, 0) == red  # the domino is back in the pile (TD-8)
    assert len(state.view(0).face_down) == 8


def test_a_clash_with_face_up_and_face_down_dominoes_reveals_nothing_td8() -> None:
    state = opening()
    state.apply_action(PlayDomino(5, sq("r7c5")))
    state.apply_action(EndTurn())
    # r7c1 sees the 5 on r7c5 (row 7) and the face-down 5s on r9c1 and r9c2 (box 7).
    state.apply_action(PlayDomino(5, sq("r7c1")))
    assert state.events()[-1] == Play("red", sq("r7c1"), 5, "clash")
    assert len(state.view(0).face_down) == 8
    assert state.is_terminal()  # Blue's pass and Red's clash: two turns without success


def test_a_hidden_clash_reveals_one_of_the_clashing_face_down_dominoes_td8() -> None:
    state = opening()
    red = pile(state, 0)
    # r7c1 sees the face-down 5s on r9c1 and r9c2 (box 7); nothing face up.
    state.apply_action(PlayDomino(5, sq("r7c1")))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == (
        (Reveal(sq("r9c1")), Fraction(1, 2)),
        (Reveal(sq("r9c2")), Fraction(1, 2)),
    )
    # While the reveal is drawn, the play is not among the events yet.
    assert state.view(0).events == ()
    assert state.view(1).to_move is None
    state.apply_action(Reveal(sq("r9c2")))
    assert state.events() == (Play("red", sq("r7c1"), 5, "hidden-clash", sq("r9c2")),)
    assert state.view(1).face_up == {sq("r9c2"): 5}
    assert sq("r9c2") not in {f.square for f in state.view(1).face_down}
    assert pile(state, 0) == red
    assert state.current_player() == 1
    # Face up for good, and a face-up domino like any other (TD-12).
    assert TakeFromBoard(sq("r9c2")) in state.legal_actions()


def test_one_clashing_face_down_domino_is_still_a_chance_node_td8() -> None:
    state = opening()
    # r7c3 sees the face-down 3 on r9c3 only.
    assert Dominoes([3]).issubset(pile(state, 0))
    state.apply_action(PlayDomino(3, sq("r7c3")))
    assert state.chance_outcomes() == ((Reveal(sq("r9c3")), Fraction(1)),)
    state.apply_action(Reveal(sq("r9c3")))
    assert state.view(0).face_up == {sq("r9c3"): 3}


def test_a_hidden_clash_after_a_pot_take_still_allows_a_return_td6_td8() -> None:
    state = opening()
    state.apply_action(TakeFromPot(1))
    state.apply_action(PlayDomino(3, sq("r7c3")))
    state.apply_action(Reveal(sq("r9c3")))
    assert state.current_player() == 0
    assert legal_set(state) == {ReturnToPot(d) for d in pile(state, 0).distinct()} | {EndTurn()}


def test_two_turns_without_a_successful_play_end_the_game_td9_td10_td13() -> None:
    state = opening()
    state.apply_action(EndTurn())  # a pass
    assert state.current_player() == 1
    state.apply_action(EndTurn())
    assert state.is_terminal()
    result = state.result()
    # The piles are as dealt: equal sums, a draw (TD-10).
    deal = state.deal()
    assert deal is not None
    pot = 1 + 2
    assert result == TwoDokuResult(None, (0, 0), (sum(deal.red),) * 2, pot, "no-successful-play", 2)
    assert state.returns() == (0, 0)


def test_a_take_and_a_return_is_a_turn_without_a_successful_play_td13() -> None:
    state = opening()
    state.apply_action(PlayDomino(2, sq("r1c1")))  # placed
    state.apply_action(TakeFromPot(1))
    state.apply_action(ReturnToPot(1))
    assert not state.is_terminal()  # Red's turn succeeded
    state.apply_action(TakeFromPot(1))
    state.apply_action(EndTurn())
    assert state.is_terminal()
    result = state.result()
    assert result is not None and result.ending == "no-successful-play"


def test_the_lower_pile_wins_the_loser_s_sum_and_the_pot_td10() -> None:
    state = opening()
    deal = state.deal()
    assert deal is not None
    state.apply_action(PlayDomino(9, sq("r1c1")))
    state.apply_action(TakeFromPot(2))  # Blue: pile + 2, pot 1
    state.apply_action(EndTurn())
    state.apply_action(EndTurn())
    assert state.is_terminal()
    red_sum, blue_sum = sum(deal.red) - 9, sum(deal.blue) + 2
    score = blue_sum + 1
    assert state.result() == TwoDokuResult(
        "red", (score, 0), (red_sum, blue_sum), 1, "no-successful-play", 3
    )
    assert state.returns() == (score, -score)
    assert state.observation(0).data["phase"] == "over"  # type: ignore[call-overload,index]
    assert state.view(0).to_move is None


def test_max_turns_ends_the_game_scored_as_usual_td14() -> None:
    state = opening(max_turns=3)
    deal = state.deal()
    assert deal is not None
    state.apply_action(PlayDomino(9, sq("r1c1")))
    state.apply_action(PlayDomino(9, sq("r4c9")))
    state.apply_action(PlayDomino(8, sq("r1c2")))
    assert state.is_terminal()
    result = state.result()
    sums = (sum(deal.red) - 17, sum(deal.blue) - 9)
    assert result == TwoDokuResult("red", (sums[1] + 3, 0), sums, 3, "max-turns", 3)
    assert len(state.history()) == state.game.max_game_length() - 4 * 3 + 3


def test_an_empty_pile_ends_the_game_at_once_td9() -> None:
    state = opening()
    # Planted: Red holds one domino, the others wait in the pot (all ninety still there).
    planted = state.clone()
    for d in range(9):
        planted._pot[d] += planted._piles[0][d]
        planted._piles[0][d] = 0
    planted._piles[0][1] = 1
    planted._pot[1] -= 1
    planted.apply_action(PlayDomino(2, sq("r1c1")))
    assert planted.is_terminal()
    result = planted.result()
    assert result is not None
    assert (result.ending, result.winner, result.pile_sums[0]) == ("pile-empty", "red", 0)
    assert result.scores == (result.pile_sums[1] + result.pot_sum, 0)
    assert set(ENDINGS) == {"pile-empty", "no-successful-play", "max-turns"}


def test_every_action_is_public_and_digits_are_shown_td11_td18() -> None:
    state = opening()
    state.apply_action(TakeFromPot(2))
    state.apply_action(PlayDomino(5, sq("r7c1")))
    state.apply_action(Reveal(sq("r9c1")))
    state.apply_action(ReturnToPot(7))
    events = [
        Take("red", "pot", 2),
        Play("red", sq("r7c1"), 5, "hidden-clash", sq("r9c1")),
        Return("red", 7),
    ]
    for player in (0, 1):
        assert list(state.view(player).events) == events


def test_a_view_shows_one_s_own_pile_and_only_the_sizes_of_the_other_td11() -> None:
    state = opening()
    deal = state.deal()
    assert deal is not None
    red, blue = state.view(0), state.view(1)
    assert red.pile == red.initial_pile == Dominoes(deal.red)
    assert blue.pile == blue.initial_pile == Dominoes(deal.blue)
    assert red.pile_sizes == blue.pile_sizes == (40, 40)
    assert red.initial_pot == Dominoes([1, 2])
    for player, view in ((0, red), (1, blue)):
        seen = state.observation(player)
        assert seen.data == view.to_json()
        assert View.from_json(seen.data) == view  # type: ignore[arg-type]
        assert all(len(line) <= 80 for line in seen.text.splitlines())
        assert set(seen.data) == {  # type: ignore[arg-type]
            "player", "phase", "to_move", "red_squares", "blue_squares", "face_down", "face_up",
            "pot", "pile", "pile_sizes", "initial_pot", "initial_pile", "events",
        }  # fmt: skip
        assert all(set(f) == {"row", "col", "placed_by"} for f in seen.data["face_down"])  # type: ignore[call-overload,index,union-attr]


def test_the_observation_text_is_the_view_s_picture() -> None:
    state = opening()
    for player in (0, 1):
        view = state.view(player)
        text = state.observation(player).text
        assert text == view_text(view)
        assert text.splitlines()[0] == ("Red" if player == 0 else "Blue") + (
            "'s view: play phase, Red to move"
        )
        assert all(len(line) <= 80 for line in text.splitlines())
    assert state.observation(0).text != state.observation(1).text  # each sees their own pile
    assert state._repr_svg_() == state.position()._repr_svg_()
    assert placed()._repr_svg_() == placed().view(0)._repr_svg_()


def test_position_and_deal_exist_once_dealt() -> None:
    state = placed()
    assert state.deal() is None
    with pytest.raises(EngineError, match="no position before the deal is complete"):
        state.position()
    state = opening()
    position = state.position()
    assert {f.square: f.digit for f in position.face_down} == dict(
        zip(FACE_DOWN_SQUARES, FACE_DOWN, strict=True)
    )
    assert position.red == pile(state, 0) and position.blue == pile(state, 1)
    assert position.to_move == "red"


# -- actions, records, illegal actions -------------------------------------------------------

EVERY_KIND: list[Action] = [
    Colour(sq("r3c5")),
    PlaceFaceDown(sq("r9c9")),
    DrawFaceDown(7),
    DealPot(3, 8),
    DealCount(4, 0),
    TakeFromPot(6),
    TakeFromBoard(sq("r1c2")),
    PlayDomino(9, sq("r2c7")),
    ReturnToPot(1),
    EndTurn(),
    Reveal(sq("r9c1")),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_round_trips_through_json(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    assert TwoDoku().action_from_json(data) == action
    assert "\n" not in str(action)


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_reads_back_with_its_members_in_another_order(action: Action) -> None:
    # Not the form the engine writes, so not its table of known forms: the members are read.
    data = dict(reversed(list(action.to_json().items())))
    assert TwoDoku().action_from_json(data) == action


@pytest.mark.parametrize("action", EVERY_KIND, ids=str)
def test_every_action_is_made_again_from_its_json_members(action: Action) -> None:
    # The declaration's own reading (Action.from_members), as the action base reads a kind
    # for a caller without the engine's table of known forms.
    members = {k: v for k, v in json.loads(json.dumps(action.to_json())).items() if k != "type"}
    assert type(action).from_members(members) == action


def test_the_json_forms_are_the_documented_ones() -> None:
    assert [a.to_json() for a in EVERY_KIND] == [
        {"type": "colour", "row": 3, "col": 5},
        {"type": "place-face-down", "row": 9, "col": 9},
        {"type": "draw-face-down", "digit": 7},
        {"type": "deal-pot", "digits": [3, 8]},
        {"type": "deal-count", "digit": 4, "count": 0},
        {"type": "take-pot", "digit": 6},
        {"type": "take-board", "row": 1, "col": 2},
        {"type": "play", "digit": 9, "row": 2, "col": 7},
        {"type": "return", "digit": 1},
        {"type": "end-turn"},
        {"type": "reveal", "row": 9, "col": 1},
    ]
    assert [str(a) for a in EVERY_KIND] == [
        "colour r3c5",
        "place a face-down domino on r9c9",
        "face-down digit 7",
        "deal the pot 3 8",
        "deal red 0 of digit 4",
        "take 6 from the pot",
        "take the domino on r1c2",
        "play 9 on r2c7",
        "put 1 into the pot",
        "end the turn",
        "reveal the face-down domino on r9c1",
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "$: an action is a JSON object, not a list of 0 items"),
        ({"digit": 5}, "$.type: null is not an action type (colour, deal-count,"),
        ({"type": "pass"}, '$.type: "pass" is not an action type'),
        ({"type": "end-turn", "player": 0}, '$: a end-turn action has no member "player"'),
        ({"type": "play", "digit": 5, "row": 1}, '$: a play action needs "col"'),
        ({"type": "play", "digit": 0, "row": 1, "col": 1}, "$.digit: 0 is not a digit 1-9"),
        ({"type": "play", "digit": 5, "row": 10, "col": 1}, "$.row: 10 is not a row 1-9"),
        ({"type": "colour", "row": 1, "col": 1.0}, "$.col: 1.0 is not a col 1-9"),
        ({"type": "colour", "row": True, "col": 1}, "$.row: true is not a row 1-9"),
        ({"type": "deal-count", "digit": 3, "count": 11}, "$.count: 11 is not a count 0-10"),
        ({"type": "deal-pot", "digits": [3]}, "$.digits: a list of 1 items is not a list of two"),
        (
            {"type": "deal-pot", "digits": [8, 3]},
            "$.digits: a list of 2 items is not in increasing",
        ),
        ({"type": "take-pot", "digit": "5"}, '$.digit: "5" is not a digit 1-9'),
    ],
)
def test_bad_action_json_is_refused_with_its_path(data: JSONValue, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        TwoDoku().action_from_json(data)
    assert str(caught.value).startswith(message)


def test_a_record_replays_to_an_equal_state() -> None:
    state = opening()
    state.apply_action(TakeFromPot(2))
    state.apply_action(PlayDomino(5, sq("r7c1")))
    state.apply_action(Reveal(sq("r9c2")))
    state.apply_action(EndTurn())
    state.apply_action(EndTurn())
    record = state.record()
    assert record.result == state.returns()
    again = replay(GameRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert again == state
    assert again.result() == state.result()


def test_a_record_with_a_wrong_step_is_refused_with_its_path() -> None:
    data = opening().record().to_json()
    actions = data["actions"]
    assert isinstance(actions, list)
    index = 72 + 8 + 8  # the pot
    actions[index] = {"player": -1, "action": {"type": "deal-pot", "digits": [5, 5]}}
    with pytest.raises(RecordError, match=r"^\$\.actions\[88\]: .*no fair deal has the pot 5 5"):
        replay(GameRecord.from_json(data))


def test_an_illegal_action_changes_nothing() -> None:
    state = opening()
    before = pickle.dumps(state)
    for action in (ReturnToPot(1), TakeFromPot(5), TakeFromBoard(sq("r1c1")), Colour(sq("r1c1"))):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    with pytest.raises(IllegalActionError, match=r"r9c1 is not empty"):
        state.apply_action(PlayDomino(5, sq("r9c1")))
    with pytest.raises(IllegalActionError, match=r"the pot holds no 5 \(pot: 1 2\)"):
        state.apply_action(TakeFromPot(5))
    with pytest.raises(IllegalActionError, match="only after a take from the pot"):
        state.apply_action(ReturnToPot(1))
    with pytest.raises(TypeError):
        state.apply_action("end-turn")  # type: ignore[arg-type]
    assert pickle.dumps(state) == before


def universe() -> list[Action]:
    """Every action the engine knows (2,800 or so)."""
    from dokuspec.engine.twodoku.actions import _KNOWN  # noqa: PLC0415 - the engine's own table

    return list(_KNOWN.values())


# -- long games: resampling information states -------------------------------------------------


def careful_choice(state: TwoDokuState, rng: random.Random) -> Action:
    """A player who plays only where TD-7 allows and nothing face up clashes, else ends."""
    player = state.current_player()
    legal = state.legal_actions()
    if state.phase != "play":
        return rng.choice(legal)
    blocked: dict[int, set[Square]] = {d: set() for d in range(1, 10)}
    for square, digit in state.view(player).face_up.items():
        blocked[digit] |= square.peers
    allowed = set(state.allowed_squares(player))
    safe = [
        a
        for a in legal
        if isinstance(a, PlayDomino) and a.square in allowed and a.square not in blocked[a.digit]
    ]
    others = [a for a in legal if not isinstance(a, PlayDomino)]
    if safe and rng.random() < 0.85:
        return rng.choice(safe)
    return rng.choice(others)


def careful_game(seed: int) -> Iterator[TwoDokuState]:
    """Every state of a game between two careful players (the same object, advanced)."""
    state = TwoDoku().new_initial_state(seed)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(careful_choice(state, rng))


@pytest.mark.parametrize("seed", [2, 3])  # games of 89 and 74 events
def test_a_resampled_state_looks_the_same_and_replays_td11(seed: int) -> None:
    rng = random.Random(seed)
    changed = 0
    reveals = 0
    for state in careful_game(seed):
        if state.phase in ("colouring", "placing"):
            assert state.resample_from_infostate(0, rng) == state
            continue
        for player in (0, 1):
            other = state.resample_from_infostate(player, rng)
            assert other.observation(player) == state.observation(player)
            assert [e.player for e in other.history()] == [e.player for e in state.history()]
            assert other.current_player() == state.current_player()
            if state.current_player() == player:
                assert other.legal_actions(player) == state.legal_actions(player)
            if state.current_player() == CHANCE and state.phase == "play":
                reveals += 1
                assert other.chance_outcomes()  # a clashing face-down domino is kept
            if state.phase != "dealing":
                mine, theirs = state.position(), other.position()
                assert mine.pile(("red", "blue")[player]) == theirs.pile(("red", "blue")[player])
                changed += mine != theirs
            if rng.random() < 0.03 or state.is_terminal():
                text = json.dumps(other.record().to_json())
                assert replay(GameRecord.from_json(json.loads(text))) == other
    assert changed > 0
    assert reveals > 0
    assert len(state.events()) > 70


@settings(max_examples=examples(3.0), deadline=None)
@given(
    planted=st.lists(st.integers(1, 9), min_size=0, max_size=8),
    extras=st.lists(st.sets(st.integers(1, 9)), min_size=8, max_size=8),
    slack=st.lists(st.integers(0, 2), min_size=9, max_size=9),
    must=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_the_search_for_face_down_digits_finds_one_when_one_exists(
    planted: list[int], extras: list[set[int]], slack: list[int], must: bool, seed: int
) -> None:
    """A planted solution: domains hold its digits and more, capacities its counts and more."""
    domains = [sorted({digit} | extra) for digit, extra in zip(planted, extras, strict=False)]
    capacity = [planted.count(d) + slack[d - 1] for d in range(1, 10)]
    wanted = (
        ([n for n in range(len(planted)) if n % 2 == 0], planted[0]) if must and planted else None
    )
    found = _search_digits(domains, capacity, sum(planted), wanted, random.Random(seed))
    assert found is not None
    assert len(found) == len(planted)
    assert all(digit in domain for digit, domain in zip(found, domains, strict=True))
    assert all(found.count(d) <= capacity[d - 1] for d in range(1, 10))
    assert sum(found) == sum(planted)
    if wanted is not None:
        assert any(found[n] == wanted[1] for n in wanted[0])


def test_the_search_for_face_down_digits_says_when_none_exists() -> None:
    rng = random.Random(0)
    assert _search_digits([[1, 2], [1, 2]], [1, 1, 0, 0, 0, 0, 0, 0, 0], 2, None, rng) is None
    assert _search_digits([[1, 2], [1, 2]], [2] * 9, 5, None, rng) is None
    assert _search_digits([[1, 2], [1, 3]], [2] * 9, 3, ([1], 3), rng) is None
    assert _search_digits([], [0] * 9, 0, None, rng) == []
    # Eight squares, every digit possible, a sum only one multiset reaches: 8 nines.
    assert _search_digits([list(range(1, 10))] * 8, [8] * 9, 72, None, rng) == [9] * 8


def test_a_state_resampled_during_the_deal_replays_td3_td4() -> None:
    rng = random.Random(8)
    state = placed()
    changed = 0
    while state.phase == "dealing":
        for player in (0, 1):
            other = state.resample_from_infostate(player, rng)
            assert other.observation(player) == state.observation(player)
            assert other.view(0).pot == state.view(0).pot  # the pot is public once dealt
            assert replay(other.record()) == other
            changed += other._face_down_digits != state._face_down_digits
        state.apply_action(state.sample_chance_outcome())
    assert changed > 0


def test_a_draw_without_a_fair_deal_stops_the_engine_td4(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the case (fair_deal_exists); if the count said so, the engine would refuse."""
    from dokuspec.engine import twodoku  # noqa: PLC0415 - the module's own counting

    state = placed()
    for digit in FACE_DOWN:
        state.apply_action(DrawFaceDown(digit))
    replace_everywhere(monkeypatch, twodoku.deals, "_pot_weights", lambda counts, pile: ())
    twodoku.outcomes._pot_outcomes.cache_clear()
    try:
        with pytest.raises(FairDealMissingError, match="no fair deal exists for the face-down"):
            state.chance_outcomes()
        with pytest.raises(FairDealMissingError):
            pot_probabilities(Dominoes(FACE_DOWN))
    finally:
        twodoku.outcomes._pot_outcomes.cache_clear()


# -- the conformance suite ------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"max_turns": 1}, {"max_turns": 6}])
def test_the_game_conforms_with_its_options(options: dict[str, JSONValue]) -> None:
    check_game(lambda: TwoDoku(**options), games=3, seed=0)


# -- random games played by Hypothesis -------------------------------------------------------------


def accounted_for(state: TwoDokuState) -> None:
    """The 90 dominoes: face up + face down + pot + both piles (after the deal), TD-1."""
    if state.phase in ("colouring", "placing", "dealing"):
        return
    position = state.position()
    assert position.red is not None and position.blue is not None
    counts = Counter(position.face_up.values())
    counts += Counter(f.digit for f in position.face_down)
    counts += Counter(position.pot) + Counter(position.red) + Counter(position.blue)
    assert counts == Counter(dict.fromkeys(range(1, 10), 10)), counts
    view = state.view(0)
    assert view.pile_sizes == (len(position.red), len(position.blue))


def hidden_changed(state: TwoDokuState, player: int, rng: random.Random) -> TwoDokuState:
    """A clone whose face-down digits are shuffled and whose opponent's pile is replaced."""
    other = state.clone()
    down = [i for i, v in enumerate(other._board) if v < 0 and v != -10]
    digits = [-other._board[i] for i in down]
    rng.shuffle(digits)
    for i, digit in zip(down, digits, strict=True):
        other._board[i] = -((digit % 9) + 1) if rng.random() < 0.5 else -digit
    size = sum(other._piles[1 - player])
    other._piles[1 - player] = [0] * 9
    for _ in range(size):
        other._piles[1 - player][rng.randrange(9)] += 1
    return other


def nothing_leaks(state: TwoDokuState, rng: random.Random) -> None:
    """No observation shows a face-down digit or the other pile (TD-11)."""
    for player in (0, 1):
        seen = state.observation(player)
        data = seen.data
        assert isinstance(data, dict)
        assert all(set(f) == {"row", "col", "placed_by"} for f in data["face_down"])  # type: ignore[union-attr]
        assert data["pile"] == list(Dominoes.from_counts(state._piles[player]))
        other = hidden_changed(state, player, rng)
        assert other.observation(player) == seen


class TwoDokuGame(RuleBasedStateMachine):
    """One game, every chance outcome and every choice made by Hypothesis."""

    def __init__(self) -> None:
        super().__init__()
        self.state: TwoDokuState | None = None
        self.rng = random.Random(0)

    @initialize(max_turns=st.integers(1, 400), seed=st.integers(0, 2**32 - 1))
    def start(self, max_turns: int, seed: int) -> None:
        self.state = TwoDoku(max_turns=max_turns).new_initial_state(seed)
        self.rng = random.Random(seed)

    @rule(data=st.data(), steps=st.integers(1, 80))
    def play(self, data: st.DataObject, steps: int) -> None:
        """Up to ``steps`` steps, each chosen by Hypothesis, each followed by the checks."""
        state = self.state
        assert state is not None
        for _ in range(steps):
            if state.is_terminal():
                return
            current = state.current_player()
            if current == CHANCE:
                options = [action for action, _ in state.chance_outcomes()]
            else:
                options = list(state.legal_actions())
                # Plays anywhere (0), only where TD-7 allows (1), and also where nothing
                # face up clashes (2-9): longer games, more hidden clashes.
                care = data.draw(st.integers(0, 9)) if state.phase == "play" else 0
                if care:
                    allowed = set(state.allowed_squares(current))
                    blocked = {d: set[Square]() for d in range(1, 10)}
                    if care > 1:
                        for square, digit in state.view(current).face_up.items():
                            blocked[digit] |= square.peers
                    options = [
                        a
                        for a in options
                        if not isinstance(a, PlayDomino)
                        or (a.square in allowed and a.square not in blocked[a.digit])
                    ]
            state.apply_action(options[data.draw(st.integers(0, len(options) - 1))])
            accounted_for(state)
            nothing_leaks(state, self.rng)

    @invariant()
    def checked(self) -> None:
        if self.state is not None:
            accounted_for(self.state)


def machine_settings() -> settings:
    return settings(
        settings.default,
        max_examples=examples(1.0),
        stateful_step_count=16,
        suppress_health_check=[HealthCheck.too_slow],
        # The explain phase traces every line run: far too slow for whole games.
        phases=[p for p in settings.default.phases if p is not Phase.explain],
    )


@pytest.mark.slow
def test_every_domino_is_accounted_for_and_nothing_leaks_in_random_games() -> None:
    run_state_machine_as_test(TwoDokuGame, settings=machine_settings())


def test_the_machine_catches_a_domino_that_vanishes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A planted fault: a domino played successfully leaves the pile but never lands.
    original = TwoDokuState._apply

    def faulty(self: TwoDokuState, player: int, action: Action) -> None:
        before = len(self._events)
        original(self, player, action)
        if len(self._events) > before:
            event = self._events[-1]
            if isinstance(event, Play) and event.result == "placed":
                self._board[event.square.index] = 0

    monkeypatch.setattr(TwoDokuState, "_apply", faulty)
    with pytest.raises(AssertionError, match="Counter"):
        run_state_machine_as_test(
            TwoDokuGame,
            settings=settings(machine_settings(), phases=[Phase.generate], database=None),
        )


def test_the_machine_catches_a_text_that_shows_a_face_down_digit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A planted leak: the text shows the sum of the face-down digits.
    from dokuspec.engine.base import Observation  # noqa: PLC0415

    original = TwoDokuState.observation

    def leaky(self: TwoDokuState, player: int) -> Observation:
        seen = original(self, player)
        hidden = sum(-v for v in self._board if v < 0)
        return Observation(player, seen.data, f"{seen.text}\n{hidden}")

    monkeypatch.setattr(TwoDokuState, "observation", leaky)
    with pytest.raises(AssertionError):
        run_state_machine_as_test(
            TwoDokuGame,
            settings=settings(machine_settings(), phases=[Phase.generate], database=None),
        )


def test_legal_actions_and_apply_action_agree_on_every_action() -> None:
    """apply_action recognises legal actions by the rules: it accepts exactly the listed ones."""
    everything = universe()
    rng = random.Random(5)
    checked = 0
    for index, state in enumerate(careful_game(11)):
        if index % 7 or state.is_terminal():
            continue
        legal = set(state.legal_actions())
        for action in rng.sample(everything, 60) + rng.sample(
            sorted(legal, key=str), min(10, len(legal))
        ):
            other = state.clone()
            try:
                other.apply_action(action)
            except IllegalActionError:
                assert action not in legal, action
            else:
                assert action in legal, action
            checked += 1
    assert checked > 1000
    assert state.current_player() == TERMINAL


def test_the_domino_just_taken_from_the_pot_may_go_back_td19() -> None:
    state = opening()
    state.apply_action(TakeFromPot(2))
    assert ReturnToPot(2) in state.legal_actions()
    state.apply_action(ReturnToPot(2))
    assert state.view(1).pot == Dominoes([1, 2])
    assert state.events() == (Take("red", "pot", 2), Return("red", 2))
    # The turn had no successful play (TD-13): Blue's pass ends the game (TD-9).
    state.apply_action(EndTurn())
    result = state.result()
    assert result is not None and result.ending == "no-successful-play"


def test_a_domino_taken_from_the_board_may_be_played_back_at_once_td20() -> None:
    state = opening()
    state.apply_action(PlayDomino(2, sq("r1c1")))
    state.apply_action(EndTurn())  # Blue passes
    state.apply_action(TakeFromBoard(sq("r1c1")))
    state.apply_action(PlayDomino(2, sq("r1c1")))
    assert state.events()[-2:] == (
        Take("red", "board", 2, sq("r1c1")),
        Play("red", sq("r1c1"), 2, "placed"),
    )
    assert state.view(0).face_up == {sq("r1c1"): 2}
    assert state.current_player() == 1 and not state.is_terminal()


def test_an_empty_pile_on_the_last_turn_is_named_pile_empty_td21() -> None:
    planted = opening(max_turns=1).clone()
    # Planted as in the TD-9 test: Red holds one domino, the others wait in the pot.
    for d in range(9):
        planted._pot[d] += planted._piles[0][d]
        planted._piles[0][d] = 0
    planted._piles[0][1] = 1
    planted._pot[1] -= 1
    planted.apply_action(PlayDomino(2, sq("r1c1")))
    result = planted.result()
    assert result is not None
    # Both the empty pile (TD-9) and the turn limit (TD-14) end this turn: the first is named.
    assert (result.ending, result.turns) == ("pile-empty", 1)
