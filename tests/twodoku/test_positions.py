"""Two-Doku positions: where to play (TD-7, TD-8), face-down inference (TD-11) and completion.

Expectations are worked by hand in the comments, on three deals whose sums
are checked below; the properties hold the public queries to the plain
simulator, brute force and Sudoku solver of
:mod:`dokuspec.verify.twodoku.simulator` and
:mod:`dokuspec.verify.twodoku.positions` and to the other backend.

The board of the hand-worked deals: Red coloured rows 1-4, Blue rows 6-9,
row 5 is white; the face-down dominoes lie on r5c1-r5c8 (Red placed
r5c1-r5c4, Blue r5c5-r5c8); r5c9 is the one empty white square.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from helpers import examples
from hypothesis import given, settings

from dokuspec.errors import ModelError, PositionError, SolverError
from dokuspec.solvers import Budget, make_backend
from dokuspec.spec.twodoku import facts as spec_facts
from dokuspec.spec.twodoku import position_models as spec_models
from dokuspec.spec.twodoku import positions as spec
from dokuspec.spec.twodoku.facts import FaceDownFacts, Fact
from dokuspec.twodoku import completion as tp_completion
from dokuspec.twodoku import inference as tp_inference
from dokuspec.twodoku import positions as tp
from dokuspec.verify.twodoku import positions as vp
from dokuspec.verify.twodoku import simulator, strategies
from dokuspec.vocabulary.twodoku import (
    BLUE,
    FULL_SET,
    RED,
    Colouring,
    Dominoes,
    FaceDown,
    Play,
    Position,
    Square,
    Take,
)

RED_ROWS = frozenset(Square(r, c) for r in range(1, 5) for c in range(1, 10))
BLUE_ROWS = frozenset(Square(r, c) for r in range(6, 10) for c in range(1, 10))
FACE_DOWN = tuple(Square(5, c) for c in range(1, 9))


def sq(text: str) -> Square:
    return Square.parse(text)


def counts(**digits: int) -> Dominoes:
    """Dominoes from counts: ``counts(d1=4, d9=9)``."""
    return Dominoes.from_counts([digits.get(f"d{d}", 0) for d in range(1, 10)])


def table(red_pile: Dominoes, pot: Dominoes, face_down: tuple[int, ...]) -> simulator.Table:
    """A hand-worked deal on the board above; Blue's pile is the rest of the ninety."""
    hidden = Dominoes(face_down)
    blue_pile = FULL_SET - red_pile - pot - hidden
    assert red_pile.total == blue_pile.total and len(blue_pile) == 40
    digits = dict(zip(FACE_DOWN, face_down, strict=True))
    return simulator.Table(
        RED_ROWS,
        BLUE_ROWS,
        {s: (RED if s.col <= 4 else BLUE) for s in FACE_DOWN},
        dict(digits),
        {},
        Counter(pot),
        {RED: Counter(red_pile), BLUE: Counter(blue_pile)},
        pot,
        {RED: red_pile, BLUE: blue_pile},
        dict(digits),
    )


# Deal A: face-down 1-8 on r5c1-r5c8, pot 5 5. Red: 1x4 2x5 3x5 4x5 5x4 6x4 7x4 9x9
# (40 dominoes, 4+10+15+20+20+24+28+81 = 202); Blue the rest: 1x5 2x4 3x4 4x4 5x3
# 6x5 7x5 8x9 9x1 (40, 5+8+12+16+15+30+35+72+9 = 202): fair.
# Out of Red's sight: 10 less Red's pile less the pot: 1:6 2:5 3:5 4:5 5:4 6:6 7:6
# 8:10 9:1, 48 dominoes summing 238, so the face-down digits sum to 238 - 202 = 36.
RED_A = counts(d1=4, d2=5, d3=5, d4=5, d5=4, d6=4, d7=4, d9=9)
POT_A = Dominoes([5, 5])
DOWN_A = (1, 2, 3, 4, 5, 6, 7, 8)

# Deal B: face-down eight 1s, pot 2 4. Red: 2x9 3x10 4x2 8x9 9x10 (40, 18+30+8+72+90
# = 218); Blue: 1x2 4x7 5x10 6x10 7x10 8x1 (40, 2+28+50+60+70+8 = 218). Out of Red's
# sight: 1:10 4:7 5:10 6:10 7:10 8:1, summing 226: the face-down digits sum to
# 226 - 218 = 8, so every one of the eight is a 1.
RED_B = counts(d2=9, d3=10, d4=2, d8=9, d9=10)
POT_B = Dominoes([2, 4])
DOWN_B = (1,) * 8


def game_a() -> simulator.Table:
    """Deal A after three plays.

    1. Red's 4 on r4c1 is placed: r5c1, r5c2, r5c3 (its column and box 4) are not 4s.
    2. Blue's 9 on r9c9 is placed: Blue was dealt a 9, the one 9 out of Red's sight,
       so no face-down domino is a 9.
    3. Red's 6 on r4c5 meets r5c4, r5c5 and r5c6 face down in box 5; r5c6 holds the
       only 6 among them, so it is revealed.
    """
    game = table(RED_A, POT_A, DOWN_A)
    game.apply(Play(RED, sq("r4c1"), 4, "placed"))
    game.apply(Play(BLUE, sq("r9c9"), 9, "placed"))
    game.apply(Play(RED, sq("r4c5"), 6, "hidden-clash", sq("r5c6")))
    game.to_move = BLUE  # Red's failed play ended Red's turn (TD-6, TD-8)
    return game


# -- TD-7 and TD-8, directly -----------------------------------------------------------------------


def test_allowed_squares_tiers() -> None:
    # Squares 0-2 red, 2-4 blue (2 has both colours), 5-6 white.
    red, blue = {0, 1, 2}, {2, 3, 4}
    assert spec.allowed_squares({1, 2, 3, 5}, red, blue) == ("own", (1, 2))
    assert spec.allowed_squares({3, 5, 6}, red, blue) == ("white", (5, 6))
    assert spec.allowed_squares({3, 4}, red, blue) == ("any", (3, 4))
    assert spec.allowed_squares({2}, red, blue) == ("own", (2,))  # both colours: Blue's too
    assert spec.allowed_squares({2}, blue, red) == ("own", (2,))
    assert spec.allowed_squares(set(), red, blue) == (None, ())


def test_peers_and_clashes() -> None:
    assert all(len(peers) == 20 for peers in spec.PEERS)
    assert spec.PEERS[0] >= {1, 8, 9, 72, 10, 20}
    assert 30 not in spec.PEERS[0]
    face_up = {1: 5, 9: 5, 40: 5, 80: 7}  # r1c2, r2c1, r5c5, r9c9
    assert spec.visible_clashes(face_up, 0, 5) == (1, 9)
    assert spec.visible_clashes(face_up, 0, 7) == ()
    assert spec.visible_clashes(face_up, 72, 7) == (80,)
    assert spec.face_down_peers({10, 40, 72}, 0) == (10, 72)


def test_fact_fields_are_checked() -> None:
    with pytest.raises(ModelError, match="needs digit"):
        Fact("not-digit", "why", domino=0)
    with pytest.raises(ModelError, match="takes no domino"):
        Fact("total", "why", domino=0, count=3)
    with pytest.raises(ModelError, match="1-9, not 10"):
        Fact("at-most", "why", digit=10, count=1)
    with pytest.raises(ModelError, match="not there"):
        FaceDownFacts((3,), (True,), (Fact("digit", "why", domino=1, digit=2),))


# -- the face-down model against a direct reading --------------------------------------------------


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_face_down_model_counts_and_sums_exactly(backend: str) -> None:
    # Three dominoes: every total, with and without a cap and the 7-9 count, has
    # exactly the assignments the facts' direct reading (satisfied_by) accepts.
    model = spec_models.face_down_model(3)
    compiled = make_backend(backend, model.model)
    projection = [lit for var in model.vars.digits for lit in var.literals]
    cases = []
    for total in (2, 3, 7, 14, 15, 26, 27, 28):
        cases.append((Fact("total", "t", count=total),))
        cases.append(
            (
                Fact("total", "t", count=total),
                Fact("at-most", "c", digit=5, count=1),
                Fact("at-least", "l", digit=9, count=1),
                Fact("high-count", "h", count=2),
                Fact("not-digit", "n", domino=0, digit=9),
            )
        )
    for facts in cases:
        known = FaceDownFacts((0, 1, 2), (True,) * 3, facts)
        assumptions, _ = model.vars.assumptions(known)
        found = compiled.enumerate(projection, assumptions=assumptions)
        assert found.complete
        got = {model.vars.assignment([*s]) for s in _full(found.solutions, model.model.num_vars)}
        expected = {a for a in itertools.product(range(1, 10), repeat=3) if known.satisfied_by(a)}
        assert got == expected, facts


def _full(solutions: list[tuple[int, ...]], num_vars: int) -> list[list[int]]:
    """Projected solutions over the 27 digit literals, padded to full models."""
    return [list(s) + [-v for v in range(28, num_vars + 1)] for s in solutions]


# -- the facts of a view ---------------------------------------------------------------------------


def test_facts_of_game_a() -> None:
    facts = spec_facts.view_facts(game_a().view(RED))
    assert facts.squares == tuple(s.index for s in FACE_DOWN)
    assert facts.hidden == (True,) * 5 + (False,) + (True,) * 2
    assert facts.unseen == (6, 5, 5, 5, 4, 6, 6, 10, 1)
    found = {(f.kind, f.domino, f.digit, f.count) for f in facts.facts}
    assert found == {
        ("digit", 5, 6, None),  # r5c6 revealed as a 6
        ("not-digit", 0, 4, None),
        ("not-digit", 1, 4, None),
        ("not-digit", 2, 4, None),
        # Caps below 8: the unseen counts; 9: one unseen, one dealt to Blue.
        *(("at-most", None, d, n) for d, n in zip(range(1, 8), (6, 5, 5, 5, 4, 6, 6), strict=True)),
        ("at-most", None, 9, 0),
        ("total", None, None, 36),
    }
    nine = next(f for f in facts.facts if f.kind == "at-most" and f.digit == 9)
    assert "Blue was dealt at least 1" in nine.reason and "event 2" in nine.reason


def test_what_a_taken_domino_does_to_the_opponent_bound() -> None:
    # Blue takes the face-up 9 back (TD-12) and plays it again: Blue was still
    # dealt at least one 9 (the first), not two.
    game = game_a()
    game.apply(Take(BLUE, "board", 9, sq("r9c9")))
    game.apply(Play(BLUE, sq("r9c8"), 9, "placed"))
    facts = spec_facts.view_facts(game.view(RED))
    nine = next(f for f in facts.facts if f.kind == "at-most" and f.digit == 9)
    assert nine.count == 0 and "event 2" in nine.reason


def test_balance_options_are_facts() -> None:
    view = game_a().view(RED)
    facts = spec_facts.view_facts(view, max_digit_count_gap=1, equal_high_count=True)
    extra = {(f.kind, f.digit, f.count) for f in facts.facts if "TD-15" in f.reason}
    # Red was dealt 1:4 2:5 3:5 4:5 5:4 6:4 7:4 8:0 9:9; Blue gets unseen - F, within 1:
    # F_d between unseen_d - red_d - 1 and unseen_d - red_d + 1 (unseen 6 5 5 5 4 6 6 10 1).
    assert extra == {
        ("at-most", 1, 3),
        ("at-least", 1, 1),
        ("at-most", 2, 1),
        ("at-most", 3, 1),
        ("at-most", 4, 1),
        ("at-most", 5, 1),
        ("at-least", 6, 1),
        ("at-most", 6, 3),
        ("at-least", 7, 1),
        ("at-most", 7, 3),
        ("at-least", 8, 9),
        # 9: unseen 1 - 9 + 1 < 0: the deal could not have been balanced; stated anyway.
        ("at-most", 9, -7),
        # 7-9: Red holds 13, 17 unseen: 4 of them face down.
        ("high-count", None, 4),
    }


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([Play(RED, sq("r4c1"), 4, "clash")], "no face-up domino clashes"),
        ([Play(RED, sq("r4c1"), 4, "not-allowed")], "TD-7 allows that square"),
        ([Play(RED, sq("r5c9"), 4, "placed")], "TD-7 forbids that square"),
        ([Play(RED, sq("r5c1"), 4, "not-allowed")], "not empty"),
        (
            [Play(RED, sq("r4c5"), 6, "hidden-clash", sq("r5c1"))],
            "r5c1 is revealed, but it is still face down",
        ),
        ([Take(RED, "pot", 3)], "holds none"),
        ([Take(RED, "board", 3, sq("r1c1"))], "no face-up domino of that digit"),
        ([Play(RED, sq("r4c1"), 8, "placed")], "holds none"),
    ],
)
def test_records_the_rules_forbid_are_refused(events: list[Play | Take], message: str) -> None:
    view = table(RED_A, POT_A, DOWN_A).view(RED)
    bad = type(view)(
        view.player, view.phase, view.to_move, view.red_squares, view.blue_squares,
        view.face_down, view.face_up, view.pot, view.pile, view.pile_sizes,
        view.initial_pot, view.initial_pile, events,
    )  # fmt: skip
    with pytest.raises(PositionError, match=message):
        spec_facts.view_facts(bad)


def test_a_view_whose_state_is_not_its_record_is_refused() -> None:
    view = game_a().view(RED)
    data = view.to_json()
    data["pot"] = [5]
    bad = type(view).from_json(data)
    with pytest.raises(PositionError, match=r"^\$\.pot: the events leave the pot 5 5, not 5$"):
        spec_facts.view_facts(bad)
    with pytest.raises(PositionError, match=r"^\$\.pot: the events leave the pot 5 5, not 5$"):
        tp_completion.completable(bad)


def test_a_view_before_the_deal_is_refused() -> None:
    data = table(RED_A, POT_A, DOWN_A).view(RED).to_json()
    data.update(phase="dealing", to_move=None, initial_pile=None, initial_pot=None, pile=[])
    data["pile_sizes"] = {"red": 0, "blue": 0}
    with pytest.raises(PositionError, match="before the deal"):
        tp_inference.infer_face_down(type(table(RED_A, POT_A, DOWN_A).view(RED)).from_json(data))


# -- valid plays -----------------------------------------------------------------------------------


def test_valid_plays_on_game_a() -> None:
    view = game_a().view(RED)
    found = tp.valid_plays(view)
    assert found.player == RED and found.pile == RED_A - Dominoes([4])
    assert found.tier == "own"
    assert found.allowed == tuple(s for s in sorted(RED_ROWS) if s != sq("r4c1"))
    # Face up: 4 on r4c1 (row 4, column 1, box 4), 9 on r9c9, 6 on r5c6 (row 5,
    # column 6, box 5). Red's 4s clash in row 4, column 1, and rows 4-... box 4.
    fours = {c.square for c in found.clashes if c.digit == 4}
    assert fours == {s for s in found.allowed if s.row == 4 or s.col == 1}
    sixes = {c.square for c in found.clashes if c.digit == 6}
    assert sixes == {s for s in found.allowed if s.col == 6 or (s.row == 4 and 4 <= s.col <= 6)}
    assert all(c.against == (sq("r5c6"),) for c in found.clashes if c.digit == 6)
    nines = {c.square for c in found.clashes if c.digit == 9}
    assert nines == {sq("r1c9"), sq("r2c9"), sq("r3c9"), sq("r4c9")}
    assert found.plays[2] == found.allowed
    assert sq("r4c2") not in found.plays[4] and sq("r3c2") in found.plays[4]
    assert (sq("r1c1"), 1) in found.moves() and (sq("r1c1"), 4) not in found.moves()
    assert 8 not in found.plays


def test_valid_plays_tiers_and_refusals() -> None:
    game = game_a()
    position = game.position()
    assert tp.valid_plays(position, BLUE).tier == "own"
    # Fill every empty red square: Red must then play on the white r5c9.
    face_up = dict(position.face_up)
    empty = sorted(s for s in RED_ROWS if s not in face_up)
    face_up.update({s: i % 9 + 1 for i, s in enumerate(empty)})
    full = Position(position.colouring, face_up, position.face_down, Dominoes(), None, None)
    assert tp.allowed_squares(full, RED) == ("white", (sq("r5c9"),))
    with pytest.raises(PositionError, match="Blue's pile is hidden from Red"):
        tp.valid_plays(game.view(RED), BLUE)
    unknown = Position(position.colouring, {}, (), Dominoes(), None, Dominoes(), RED)
    with pytest.raises(PositionError, match="Red's pile is not known"):
        tp.valid_plays(unknown)
    with pytest.raises(TypeError, match="Position or a View"):
        tp.valid_plays("r1c1")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="'red' or 'blue'"):
        tp.valid_plays(position, "green")


# -- inference -------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_inference_on_game_a(backend: tp.BackendName) -> None:
    # Seven dominoes still face down, summing 36 - 6 = 30, digits 1-8 (no 9, the
    # cap is 0), r5c1-r5c3 not 4. Any single value is reachable: 8 leaves 22 for six
    # dominoes, 1 leaves 29; the caps (at least 4 of each) never bind one domino.
    plays = [
        (sq("r3c2"), 4),  # column 2: r5c2 is not a 4; no face-up 4 in its units
        (sq("r4c2"), 4),  # row 4 holds the face-up 4
        (sq("r5c9"), 1),  # white: Red still has empty red squares (TD-7)
        (sq("r4c8"), 7),  # r5c7 and r5c8 (box 6) may hold a 7, or not
        (sq("r1c9"), 1),  # no face-down domino in its row, column or box
    ]
    view = game_a().view(RED)
    inference = tp_inference.infer_face_down(view, plays=plays, backend=backend)
    assert inference.observer == RED and inference.complete
    assert [d.square for d in inference.dominoes] == [s for s in FACE_DOWN if s != sq("r5c6")]
    for domino in inference.dominoes:
        no_four = domino.square.col <= 3
        assert domino.possible == tuple(d for d in range(1, 9) if not (no_four and d == 4))
        assert domino.impossible == ((4, 9) if no_four else (9,))
        assert domino.undecided == ()
        assert domino.placed_by == (RED if domino.square.col <= 4 else BLUE)
    verdicts = [(p.verdict, p.against) for p in inference.plays]
    assert verdicts == [
        ("safe", ()),
        ("clash", (sq("r4c1"),)),
        ("not-allowed", ()),
        ("uncertain", (sq("r5c7"), sq("r5c8"))),
        ("safe", ()),
    ]
    uncertain = inference.plays[3]
    assert uncertain.succeeds is not None and uncertain.fails is not None
    assert 7 in (uncertain.fails.face_down[sq("r5c7")], uncertain.fails.face_down[sq("r5c8")])
    assert 7 not in (
        uncertain.succeeds.face_down[sq("r5c7")],
        uncertain.succeeds.face_down[sq("r5c8")],
    )
    assert any("fair (TD-4)" in reason for reason in inference.facts)


def test_witnesses_of_game_a_fit_the_view() -> None:
    game = game_a()
    view = game.view(RED)
    placed = {sq("r5c6"): 6}
    inference = tp_inference.infer_face_down(view)
    for domino in inference.dominoes:
        for digit, witness in domino.witnesses.items():
            assert witness.face_down[domino.square] == digit
            assert witness.opponent_pile is not None
            guess = placed | dict(witness.face_down)
            assert simulator.replay_fits(view, guess, witness.opponent_pile) is None
    # The truth is one of the ways it can be.
    truth = dict(zip(FACE_DOWN, DOWN_A, strict=True))
    assert simulator.replay_fits(view, truth, game.initial_piles[BLUE]) is None


def test_blue_sees_another_game_a() -> None:
    # Blue was dealt 1x5 2x4 3x4 4x4 5x3 6x5 7x5 8x9 9x1: out of Blue's sight
    # 1:5 2:6 3:6 4:6 5:5 6:5 7:5 8:1 9:9 (sum 202 + 36 = 238). Red showed a 4 (placed)
    # and a 6 (a hidden clash): Red was dealt at least one of each, which does not
    # bind. Blue's own 9 says nothing. So: 8s at most 1, r5c1-r5c3 not 4, r5c6 a 6.
    inference = tp_inference.infer_face_down(game_a().view(BLUE))
    by_square = {d.square: d.possible for d in inference.dominoes}
    assert by_square[sq("r5c1")] == (1, 2, 3, 5, 6, 7, 8, 9)
    assert by_square[sq("r5c8")] == tuple(range(1, 10))


def test_deal_b_forces_every_face_down_digit() -> None:
    game = table(RED_B, POT_B, DOWN_B)
    view = game.view(RED)
    inference = tp_inference.infer_face_down(
        view,
        plays=[(sq("r4c1"), 1), (sq("r1c5"), 1), (sq("r1c9"), 1), (sq("r4c1"), 2)],
        explain=True,
    )
    assert all(d.possible == (1,) for d in inference.dominoes)
    assert [p.verdict for p in inference.plays] == ["hidden-clash", "hidden-clash", "safe", "safe"]
    assert inference.plays[0].against == (sq("r5c1"), sq("r5c2"), sq("r5c3"))
    assert inference.plays[0].fails is not None and inference.plays[0].succeeds is None
    # Why r5c1 is not a 9: Red holds all ten. Not a 2: the fair deal alone.
    reasons = inference.digits(sq("r5c1")).reasons
    assert set(reasons) == set(range(2, 10))
    # 9 is ruled out by the supply (none out of sight) or by the sum alone: one reason.
    assert len(reasons[9]) == 1
    # No supply fact speaks of 5s (ten out of sight): the fair deal alone rules them out.
    assert len(reasons[5]) == 1 and "fair (TD-4)" in reasons[5][0]
    with pytest.raises(PositionError, match="no domino is face down on r1c1"):
        inference.digits(sq("r1c1"))


def test_an_unfair_view_is_named() -> None:
    # Red's pile (ten each of 6-9, sum 300) leaves at most 148 out of sight: the
    # opponent cannot have been dealt 300, so no deal fits.
    red_pile = counts(d6=10, d7=10, d8=10, d9=10)
    view = table(RED_A, POT_A, DOWN_A).view(RED)
    data = view.to_json()
    data.update(initial_pile=red_pile.to_json(), pile=red_pile.to_json(), initial_pot=[1, 1])
    data["pot"] = [1, 1]
    with pytest.raises(PositionError, match=r"no deal .* fit everything seen: the deal was fair"):
        tp_inference.infer_face_down(type(view).from_json(data))


def test_budgets_give_unknown_never_a_guess() -> None:
    view = game_a().view(RED)
    inference = tp_inference.infer_face_down(
        view, plays=[(sq("r4c8"), 7), (sq("r4c2"), 4)], budget=Budget(conflict_limit=0)
    )
    assert not inference.complete
    # Without a query nothing is possible; a digit is impossible only where a single fact
    # rules it out (Red holds all ten 9s; a successful play beside the domino), as the
    # complete answer agrees; the rest is open.
    facts = spec_facts.view_facts(view)
    none_of = {f.digit for f in facts.facts if f.kind == "at-most" and f.count == 0}
    assert none_of == {9}
    full = {d.square: d for d in tp_inference.infer_face_down(view).dominoes}
    for domino in inference.dominoes:
        k = facts.squares.index(domino.square.index)
        ruled_out = none_of | {
            f.digit for f in facts.facts if f.kind == "not-digit" and f.domino == k
        }
        assert domino.possible == ()
        assert set(domino.impossible) == ruled_out
        assert set(domino.impossible) <= set(full[domino.square].impossible)
        assert set(domino.undecided) == set(range(1, 10)) - ruled_out
    # The visible verdicts need no solver.
    assert [p.verdict for p in inference.plays] == ["unknown", "clash"]
    status = tp_completion.completable(view, budget=Budget(time_limit=0))
    assert (status.status, status.some, status.every) == ("unknown", "unknown", "unknown")


def test_inference_refusals() -> None:
    view = game_a().view(RED)
    with pytest.raises(PositionError, match="r4c1 is not empty"):
        tp_inference.infer_face_down(view, plays=[(sq("r4c1"), 3)])
    with pytest.raises(PositionError, match="1-9, not 0"):
        tp_inference.infer_face_down(view, plays=[(sq("r4c2"), 0)])
    with pytest.raises(TypeError, match="pair"):
        tp_inference.infer_face_down(view, plays=[sq("r4c2")])  # type: ignore[list-item]
    with pytest.raises(SolverError, match="unknown backend"):
        tp_inference.infer_face_down(view, backend="cplex")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="need a view"):
        tp_inference.infer_face_down(game_a().position(), equal_high_count=True)
    assert tp_inference.assess_play(view, sq("r3c2"), 4).verdict == "safe"


# -- completion ------------------------------------------------------------------------------------

SOLUTION = {
    Square(r + 1, c + 1): (3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9)
}
COLOURING = Colouring(RED_ROWS, BLUE_ROWS)


def test_solution_is_a_sudoku() -> None:
    assert vp._is_completion(SOLUTION, {})


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_completable_with_known_digits(backend: tp.BackendName) -> None:
    # The solution less r1c1 and r9c9, with r5c5 face down as its own digit: one
    # completion, the solution.
    face_up = {s: d for s, d in SOLUTION.items() if s not in (sq("r1c1"), sq("r9c9"), sq("r5c5"))}
    down = [FaceDown(sq("r5c5"), RED, SOLUTION[sq("r5c5")])]
    position = Position(COLOURING, face_up, down, Dominoes(), None, None)
    found = tp_completion.completable(position, backend=backend)
    assert (found.status, found.some, found.every, found.hidden) == (
        "completable",
        "yes",
        "yes",
        (),
    )
    assert found.completion == SOLUTION
    # Two face-down dominoes of one digit in row 1: impossible, whatever else.
    clash = [FaceDown(sq("r1c1"), RED, 4), FaceDown(sq("r1c9"), BLUE, 4)]
    empty = Position(COLOURING, {}, clash, Dominoes(), None, None)
    found = tp_completion.completable(empty, backend=backend)
    assert (found.status, found.some, found.every) == ("impossible", "no", "no")
    assert found.completion is None


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_completable_with_a_hidden_digit(backend: tp.BackendName) -> None:
    # The solution with r5c5 face down, digit unknown: only the solution's digit there
    # completes, any other clashes in its row.
    x = sq("r5c5")
    face_up = {s: d for s, d in SOLUTION.items() if s != x}
    position = Position(COLOURING, face_up, [FaceDown(x, RED)], Dominoes(), None, None)
    found = tp_completion.completable(position, backend=backend)
    assert (found.status, found.some, found.every) == ("depends", "yes", "no")
    assert found.hidden == (x,) and found.completion == SOLUTION
    assert found.counterexample is not None and found.counterexample[x] != SOLUTION[x]
    # With the pot and piles holding one of each digit, the ten of each digit
    # (80 face up, 9 in sight) leave only the solution's digit for r5c5.
    position = Position(
        COLOURING, face_up, [FaceDown(x, RED)], Dominoes([1, 2]),
        Dominoes([3, 4, 5]), Dominoes([6, 7, 8, 9]),
    )  # fmt: skip
    found = tp_completion.completable(position, backend=backend)
    assert (found.status, found.some, found.every) == ("completable", "yes", "yes")
    assert found.assignments_checked == 1


def test_completable_refusals() -> None:
    view = game_a().view(RED)
    with pytest.raises(PositionError, match="at least 1"):
        tp_completion.completable(view, limit=0)
    with pytest.raises(TypeError, match="limit must be an int"):
        tp_completion.completable(view, limit=2.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("observer", [RED, BLUE])
def test_game_a_cannot_be_completed(observer: str) -> None:
    # Row 5 holds the face-up 6 and seven face-down dominoes summing 36 - 6 = 30; its
    # last square r5c9 cannot be a 9 (the face-up 9 on r9c9). Nine different digits
    # would put 45 - 6 - 30 = 9 there. Both players can work this out.
    found = tp_completion.completable(game_a().view(observer))
    assert (found.some, found.every, found.status) == ("no", "no", "impossible")
    assert found.completion is None
    assert found.counterexample is not None
    assert sum(found.counterexample.values()) == 30


# -- properties against the verify module ----------------------------------------------------------


@settings(max_examples=examples(0.5))
@given(strategies.views(max_turns=30, max_face_down=3))
def test_inference_matches_brute_force(case: tuple[object, simulator.Table]) -> None:
    view, game = case
    vp.check_inference(view, truth=game.hidden, brute_force_up_to=3)  # type: ignore[arg-type]


@pytest.mark.slow
@settings(max_examples=examples(0.5))
@given(strategies.views(max_turns=40, reveal=0.1))
def test_inference_agrees_across_backends_and_with_the_truth(
    case: tuple[object, simulator.Table],
) -> None:
    view, game = case
    vp.check_inference(view, truth=game.hidden, brute_force_up_to=2)  # type: ignore[arg-type]


@settings(max_examples=examples(1.0))
@given(strategies.views(max_turns=40))
def test_valid_plays_match_a_direct_reading(case: tuple[object, simulator.Table]) -> None:
    view, game = case
    vp.check_valid_plays(view)  # type: ignore[arg-type]
    for player in (RED, BLUE):
        vp.check_valid_plays(game.position(), player)


@settings(max_examples=examples(0.3))
@given(strategies.views(max_turns=30, max_face_down=2))
def test_completable_matches_brute_force_and_the_other_backend(
    case: tuple[object, simulator.Table],
) -> None:
    view, game = case
    vp.check_completable(view)  # type: ignore[arg-type]
    vp.check_completable(game.position())


@settings(max_examples=examples(0.5))
@given(strategies.positions(max_hidden=2))
def test_positions_with_hidden_digits(case: tuple[Position, simulator.Table]) -> None:
    # Completion by both backends against the brute force; the possible digits of
    # each hidden domino are those of the assignments within ten of each digit.
    position, game = case
    vp.check_completable(position, brute_force_up_to=2)
    inference = tp_inference.infer_face_down(position)
    worlds = vp.brute_position_digits(position)
    known = {f.square: f.digit for f in position.face_down if f.digit is not None}
    for domino in inference.dominoes:
        if domino.square in known:
            assert domino.possible == (known[domino.square],)
        else:
            assert domino.possible == tuple(sorted({w[domino.square] for w in worlds}))
            assert game.hidden[domino.square] in domino.possible


def game_a_revealed() -> simulator.Table:
    """Game A, then five hidden clashes reveal all but r5c1 and r5c4 (1 and 4).

    Each failed turn follows a successful one (TD-9): Blue's and Red's
    successful plays lie where no face-down domino is left in their row,
    column or box, so that they say nothing of r5c1 and r5c4.
    """
    game = game_a()
    for player, square, digit, result, revealed in (
        (BLUE, "r7c9", 8, "placed", None),
        (RED, "r3c2", 2, "hidden-clash", "r5c2"),
        (BLUE, "r8c2", 8, "placed", None),
        (RED, "r3c3", 3, "hidden-clash", "r5c3"),
        (BLUE, "r9c3", 7, "placed", None),
        (RED, "r3c5", 5, "hidden-clash", "r5c5"),
        (BLUE, "r7c5", 7, "placed", None),
        (RED, "r4c7", 7, "hidden-clash", "r5c7"),
        (BLUE, "r7c6", 1, "placed", None),
        (RED, "r1c9", 1, "placed", None),
        (BLUE, "r6c8", 8, "hidden-clash", "r5c8"),
    ):
        game.apply(
            Play(player, sq(square), digit, result, None if revealed is None else sq(revealed))
        )
    game.to_move = RED
    return game


def test_the_checks_catch_a_dropped_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    # Game A, then five hidden clashes reveal all but r5c1 and r5c4 (1 and 4). Those
    # two sum to 36 - 31 = 5 and r5c1 is not a 4 (event 1): r5c1 is 1, 2 or 3. Without
    # the facts of successful plays it would be called possible: its witness does not
    # replay (event 1 would have been a hidden clash).
    small = game_a_revealed().view(RED)
    assert [f.square for f in small.face_down] == [sq("r5c1"), sq("r5c4")]
    answer = vp.check_inference(small, backends=("sat",), brute_force_up_to=2)
    assert answer.digits(sq("r5c1")).possible == (1, 2, 3)
    original = spec_facts.view_facts

    def forgetful(*args: object, **kwargs: object) -> FaceDownFacts:
        facts = original(*args, **kwargs)  # type: ignore[arg-type]
        kept = tuple(f for f in facts.facts if f.kind != "not-digit")
        return FaceDownFacts(facts.squares, facts.hidden, kept, facts.unseen)

    monkeypatch.setattr(spec_facts, "view_facts", forgetful)
    with pytest.raises(vp.InferenceError, match=r"r5c1=4: .* event 1: .* not placed"):
        vp.check_inference(small, backends=("sat",), brute_force_up_to=2)


def test_the_checks_catch_a_spurious_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same view with a made-up fact "r5c1 is not a 2": every witness still fits,
    # but the brute force finds r5c1 = 2 (and r5c4 = 3) fits the view.
    small = game_a_revealed().view(RED)
    original = spec_facts.view_facts

    def inventive(*args: object, **kwargs: object) -> FaceDownFacts:
        facts = original(*args, **kwargs)  # type: ignore[arg-type]
        made_up = Fact("not-digit", "made up", domino=0, digit=2)
        return FaceDownFacts(facts.squares, facts.hidden, (*facts.facts, made_up), facts.unseen)

    monkeypatch.setattr(spec_facts, "view_facts", inventive)
    with pytest.raises(vp.InferenceError, match="brute force"):
        vp.check_inference(small, backends=("sat",), brute_force_up_to=2)


@pytest.mark.parametrize("seed", range(4))
def test_engine_games(seed: int) -> None:
    # The engine's views and full positions, a third reading of the rules, along
    # random games: inference against its face-down digits (and the brute force
    # when two or fewer are left), valid plays and completion.
    assert vp.check_engine_game(seed, 1000 + seed) >= 1


# -- proofs of "impossible" -----------------------------------------------------------------------


def test_an_impossible_view_gets_a_proof_the_checker_accepts() -> None:
    # The joint query (board, face-down facts) of game A as Red sees it: its CNF
    # states the completion model with the view's facts as unit clauses, and the
    # proof is accepted by the independent checker. (Blue's view of the same game
    # takes a proof of about 29,000 lemmas, which the pure-Python checker accepts
    # in about 25 s: too long for this suite.)
    found = tp_completion.completable(game_a().view(RED), proof=True)
    assert found.status == "impossible" and found.proof is not None
    assert found.proof.check().accepted
    lines = found.proof.cnf.splitlines()
    assert lines[0].startswith("c dokuspec: a Two-Doku board that cannot become")
    assert "c the facts of the query, one unit clause each:" in lines
    assert any(line.startswith("c group: ") for line in lines)


def test_known_digits_get_a_proof_and_other_answers_none() -> None:
    clash = [FaceDown(sq("r1c1"), RED, 4), FaceDown(sq("r1c9"), BLUE, 4)]
    empty = Position(COLOURING, {}, clash, Dominoes(), None, None)
    found = tp_completion.completable(empty, proof=True)
    assert found.status == "impossible" and found.proof is not None
    assert found.proof.check().accepted
    face_up = {s: d for s, d in SOLUTION.items() if s != sq("r1c1")}
    fine = Position(COLOURING, face_up, [], Dominoes(), None, None)
    assert tp_completion.completable(fine, proof=True).proof is None
    with pytest.raises(SolverError, match="proofs come from the SAT backend"):
        tp_completion.completable(empty, backend="z3", proof=True)
    with pytest.raises(TypeError, match="proof must be a bool"):
        tp_completion.completable(empty, proof="yes")  # type: ignore[arg-type]
