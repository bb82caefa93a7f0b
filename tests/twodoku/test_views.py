"""What a Two-Doku view must agree with: every condition of ``check_view``, each refused by name.

A view is everything one player has seen (TD-11). Its phase, whose turn it
is, its events and its board must agree with each other and with the rules
(TD-2 to TD-9); a view that does not is refused with a
:class:`~dokuspec.twodoku.MemberError` naming the JSON path of the member at
fault, and the views the engine shows are all accepted.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dokuspec.engine.twodoku import (
    Colour,
    EndTurn,
    PlaceFaceDown,
    PlayDomino,
    Reveal,
    TakeFromPot,
)
from dokuspec.twodoku import (
    ALL_SQUARES,
    Dominoes,
    MemberError,
    Square,
    TwoDoku,
    TwoDokuState,
    View,
    allowed_squares,
    check_view,
    completable,
    infer_face_down,
    valid_plays,
)
from dokuspec.vocabulary.jsontext import json_path
from twodoku.test_engine import coloured, opening, sq


def changed(view: View, **members: Any) -> View:
    """``view`` with some members of its JSON form replaced."""
    data = view.to_json()
    data.update(members)
    return View.from_json(data)


def refusal(view: View) -> tuple[tuple[str | int, ...], str]:
    """The JSON path and the message ``check_view`` refuses ``view`` with."""
    with pytest.raises(MemberError) as caught:
        check_view(view)
    return caught.value.path, str(caught.value)


# -- the views of the engine -----------------------------------------------------------------------


def random_game_views(seed: int) -> list[View]:
    """Both players' views at every step of a game of random actions, plays and passes mixed."""
    rng = random.Random(seed)
    state = TwoDoku(max_turns=rng.choice([3, 30])).new_initial_state(seed)
    views = []
    weights = {"EndTurn": 2.0, "TakeFromPot": 1.0, "TakeFromBoard": 2.0, "ReturnToPot": 1.0}
    while True:
        views.extend(state.view(p) for p in (0, 1))
        if state.is_terminal():
            return views
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
            continue
        actions = state.legal_actions()
        if state.phase != "play":
            state.apply_action(rng.choice(actions))
            continue
        allowed = set(state.allowed_squares(state.current_player()))
        kinds: dict[str, list[Any]] = {}
        for action in actions:
            kind = type(action).__name__
            if isinstance(action, PlayDomino) and action.square in allowed:
                kind = "allowed"
            kinds.setdefault(kind, []).append(action)
        kind = rng.choices(list(kinds), [weights.get(k, 6.0) for k in kinds])[0]
        state.apply_action(rng.choice(kinds[kind]))


@pytest.mark.parametrize("seed", range(4))
def test_every_view_the_engine_shows_is_accepted(seed: int) -> None:
    views = random_game_views(seed)
    assert {v.phase for v in views} == {"colouring", "placing", "dealing", "play", "over"}
    for view in views:
        check_view(view)


# -- before the play phase -------------------------------------------------------------------------


def colouring_view() -> View:
    """Red's view after Red coloured r1c1 and r1c3, Blue r1c2: Blue to colour (TD-2)."""
    state = TwoDoku().new_initial_state(0)
    for square in ALL_SQUARES[:3]:
        state.apply_action(Colour(square))
    return state.view(0)


def placing_view(placed_now: int) -> View:
    """Blue's view with ``placed_now`` face-down dominoes placed on r9c1, r9c2, ... (TD-3)."""
    state = coloured()
    for col in range(1, placed_now + 1):
        state.apply_action(PlaceFaceDown(Square(9, col)))
    return state.view(1)


TAKE = {"player": "red", "type": "take", "source": "pot", "digit": 1}


@pytest.mark.parametrize(
    ("members", "path", "message"),
    [
        (
            {"to_move": "red"},
            ("to_move",),
            "Blue is to move, not Red: Red has coloured 2 squares and Blue 1, and they colour "
            "in turn, Red first (TD-2)",
        ),
        (
            {"red_squares": [[1, 1], [1, 3], [1, 4], [1, 5]]},
            ("red_squares",),
            "Red has coloured 4 squares and Blue 1: the players colour one square each in "
            "turn, Red first (TD-2)",
        ),
        (
            {"blue_squares": [[1, 2], [1, 4], [1, 5]]},
            ("blue_squares",),
            "Red has coloured 2 squares and Blue 3: the players colour one square each in "
            "turn, Red first (TD-2)",
        ),
        (
            {"face_down": [{"row": 9, "col": 9, "placed_by": "red"}]},
            ("face_down",),
            "a face-down domino lies on r9c9 before the colouring is over: they are placed "
            "after it (TD-3)",
        ),
        (
            {"face_up": [{"row": 9, "col": 9, "digit": 3}]},
            ("face_up",),
            "a domino is face up on r9c9 in the colouring phase: dominoes are played in the "
            "play phase (TD-5, TD-6)",
        ),
        (
            {"pot": [3]},
            ("pot",),
            "the pot holds 1 domino in the colouring phase: 2 are dealt to it after the "
            "face-down dominoes are placed (TD-4)",
        ),
        (
            {"pile_sizes": {"red": 0, "blue": 4}},
            ("pile_sizes", "blue"),
            "Blue's pile holds 4 dominoes in the colouring phase: the piles are dealt last, "
            "as the play phase begins (TD-4)",
        ),
        (
            {"initial_pot": [1, 2]},
            ("initial_pot",),
            "the deal is complete only in the play phase (TD-4), not in the colouring phase",
        ),
        (
            {"events": [TAKE]},
            ("events", 0),
            "an event in the colouring phase: takes, plays and returns are the play phase's (TD-6)",
        ),
    ],
)
def test_a_colouring_view_agrees_with_td2(
    members: dict[str, Any], path: tuple[str | int, ...], message: str
) -> None:
    view = colouring_view()
    check_view(view)
    assert refusal(changed(view, **members)) == (path, f"{json_path(path)}: {message}")


def test_the_phase_follows_what_is_on_the_board_td2_td3() -> None:
    assert refusal(changed(placing_view(0), phase="colouring")) == (
        ("phase",),
        "$.phase: both players have coloured 36 squares, which ends the colouring (TD-2): "
        "the phase is 'placing'",
    )
    eight = placing_view(8)
    check_view(eight)
    assert eight.phase == "dealing"
    assert refusal(changed(eight, phase="placing", to_move="blue")) == (
        ("phase",),
        "$.phase: all 8 face-down dominoes are placed, which ends the placing (TD-3): the "
        "phase is 'dealing'",
    )


@pytest.mark.parametrize(
    ("placed_now", "members", "path", "message"),
    [
        (
            5,
            {"to_move": "red"},
            ("to_move",),
            "Blue is to move, not Red: 5 face-down dominoes placed, and Red places 4, then "
            "Blue (TD-3)",
        ),
        (
            1,
            {"to_move": "blue"},
            ("to_move",),
            "Red is to move, not Blue: 1 face-down domino placed, and Red places 4, then "
            "Blue (TD-3)",
        ),
        (
            3,
            {"face_down": [{"row": 9, "col": c, "placed_by": "blue"} for c in (1, 2, 3)]},
            ("face_down",),
            "Blue placed the face-down domino on r9c1 before Red had placed 4: Red places 4, "
            "then Blue (TD-3)",
        ),
        (
            1,
            {"face_down": [{"row": 1, "col": 1, "placed_by": "red"}]},
            ("face_down",),
            "the face-down domino on r1c1 lies on a square Red coloured: they are placed on "
            "white squares (TD-3)",
        ),
        (
            1,
            {"red_squares": [[r, c] for r in (1, 2, 3, 7) for c in range(1, 10)][1:]},
            ("red_squares",),
            "Red has coloured 35 squares: the colouring ends with 36 each (TD-2), before the "
            "placing phase",
        ),
        (
            8,
            {
                "face_down": [{"row": 9, "col": c, "placed_by": "red"} for c in (1, 2, 3, 4)]
                + [{"row": 9, "col": c, "placed_by": "blue"} for c in (5, 6, 7)]
            },
            ("face_down",),
            "7 face-down dominoes placed: the deal follows the 8th (TD-3, TD-4)",
        ),
        (
            8,
            {"to_move": "red"},
            ("to_move",),
            "nobody is to move, not Red: the deal is dealt by chance (TD-4)",
        ),
        (
            8,
            {"pot": [4]},
            ("pot",),
            "the pot holds 1 domino in the dealing phase: 2 are dealt to it after the "
            "face-down dominoes are placed (TD-4)",
        ),
    ],
)
def test_placing_and_dealing_views_agree_with_td3_td4(
    placed_now: int, members: dict[str, Any], path: tuple[str | int, ...], message: str
) -> None:
    view = placing_view(placed_now)
    check_view(view)
    assert refusal(changed(view, **members)) == (path, f"{json_path(path)}: {message}")


def test_the_pot_may_be_dealt_before_the_piles_td4() -> None:
    check_view(changed(placing_view(8), pot=[4, 5]))


# -- the play phase --------------------------------------------------------------------------------


def after(*actions: Any) -> View:
    """Red's view of the scripted game (test_engine_twodoku.opening) after ``actions``."""
    state = opening()
    for action in actions:
        state.apply_action(action)
    return state.view(0)


def with_events(view: View, *events: dict[str, Any], **members: Any) -> View:
    return changed(view, events=view.to_json()["events"] + list(events), **members)


@pytest.mark.parametrize(
    ("members", "path", "message"),
    [
        (
            {"initial_pile": None},
            ("initial_pile",),
            "the deal is complete in the play phase (TD-4): it is known",
        ),
        (
            {"initial_pot": [1]},
            ("initial_pot",),
            "1 domino: a deal gives each player 40 and the pot 2 (TD-4)",
        ),
        (
            {"initial_pile": [9] * 10 + [*range(1, 9)] * 3 + [*range(1, 7)], "initial_pot": [9, 1]},
            ("initial_pile",),
            "the pile and the pot as dealt hold 11 9s; the game has 10 (TD-1)",
        ),
        (
            {"blue_squares": [[r, c] for r in (4, 5, 6, 8) for c in range(1, 10)][:-1]},
            ("blue_squares",),
            "Blue has coloured 35 squares: the colouring ends with 36 each (TD-2), before the "
            "play phase",
        ),
        (
            {"face_down": [{"row": 9, "col": c, "placed_by": "red"} for c in (1, 2, 3)]},
            ("face_down",),
            "3 dominoes are face down and the events reveal 0: the game has 8 (TD-3)",
        ),
        (
            {"face_up": [{"row": 1, "col": 1, "digit": 3}]},
            ("face_up",),
            "the events leave r1c1 empty, but the view shows a face-up 3",
        ),
        ({"pot": [1, 3]}, ("pot",), "the events leave the pot 1 2, not 1 3"),
        (
            {"pile_sizes": {"red": 40, "blue": 39}},
            ("pile_sizes", "blue"),
            "the events leave Blue's pile with 40 dominoes, not 39",
        ),
        (
            {"phase": "over"},
            ("to_move",),
            "nobody is to move once the game is over (TD-9), not Red",
        ),
    ],
)
def test_a_play_view_agrees_with_its_deal_td1_to_td4(
    members: dict[str, Any], path: tuple[str | int, ...], message: str
) -> None:
    view = after()
    check_view(view)
    assert refusal(changed(view, **members)) == (path, f"{json_path(path)}: {message}")


def test_whose_turn_follows_from_the_events_td5_td6_td9() -> None:
    # Red plays first (TD-5); a pass of Red shows no event, then Blue is to move.
    start = after()
    check_view(start)
    check_view(changed(start, to_move="blue"))
    # Red's play fails (TD-7 forbids r4c1): Red's turn is over; after a pass of Blue too,
    # the game would be over (TD-9), so Blue is to move.
    failed = after(PlayDomino(2, sq("r4c1")))
    assert failed.to_move == "blue"
    assert refusal(changed(failed, to_move="red")) == (
        ("to_move",),
        "$.to_move: Red is to move only after a pass of Blue, which would have ended the game: "
        "Red's turn of event 1 and Blue's pass both ended without a successful play "
        "(TD-9, TD-13)",
    )
    # After a successful play, either: Blue's turn, or Red's again after a pass of Blue.
    placed_view = after(PlayDomino(2, sq("r1c1")))
    check_view(placed_view)
    check_view(changed(placed_view, to_move="red"))
    # After a take from the pot the turn may go on, or have ended.
    took = after(TakeFromPot(2))
    check_view(took)
    check_view(changed(took, to_move="blue"))
    # Blue's pass ended the game; just before it, Blue was to move.
    over = after(PlayDomino(2, sq("r4c1")), EndTurn())
    assert over.phase == "over"
    check_view(over)
    check_view(changed(over, phase="play", to_move="blue"))


def test_a_turn_is_a_take_a_play_and_a_return_td6() -> None:
    placed_view = after(TakeFromPot(2), PlayDomino(2, sq("r1c1")))
    assert refusal(
        with_events(
            placed_view,
            {"player": "red", "type": "return", "digit": 1},
            pot=[1, 1],
            pile=(placed_view.pile - Dominoes([1])).to_json(),
            pile_sizes={"red": 39, "blue": 40},
        )
    ) == (
        ("events", 2),
        "$.events[2]: Red puts a 1 into the pot, but Red's turn of events 1 to 2 ended with a "
        "successful play: a domino goes into the pot only after a take from the pot in the "
        "same turn (TD-6)",
    )
    start = after()
    assert refusal(
        with_events(
            start,
            {"player": "red", "type": "return", "digit": 1},
            pot=[1, 1, 2],
            pile=(start.pile - Dominoes([1])).to_json(),
            pile_sizes={"red": 39, "blue": 40},
        )
    ) == (
        ("events", 0),
        "$.events[0]: Red puts a 1 into the pot without a take from the pot earlier in the "
        "turn: a domino goes into the pot only after one (TD-6)",
    )
    # A second play is another turn, after a pass of Blue: two turns without a success.
    failed = after(TakeFromPot(2), PlayDomino(2, sq("r4c1")))
    assert failed.to_move == "red"
    second = {"player": "red", "type": "play", "row": 1, "col": 1, "digit": 2}
    assert refusal(
        with_events(
            failed,
            {**second, "result": "placed", "revealed": None},
            face_up=[{"row": 1, "col": 1, "digit": 2}],
            pile=(failed.pile - Dominoes([2])).to_json(),
            pile_sizes={"red": 40, "blue": 40},
        )
    ) == (
        ("events", 2),
        "$.events[2]: no event 3 can follow: the game was over: Red's turn of events 1 to 2 "
        "and Blue's pass between events 2 and 3 (a turn has one play, so event 3 begins "
        "another turn of Red; TD-6) both ended without a successful play (TD-9, TD-13)",
    )
    # A second take after a successful play is another turn, which must go on.
    assert refusal(
        with_events(
            placed_view,
            TAKE,
            pot=[],
            pile=[*placed_view.pile.to_json(), 1],
            pile_sizes={"red": 41, "blue": 40},
        )
    ) == (
        ("phase",),
        "$.phase: the game is over: Blue's pass between events 2 and 3 (Red's turn of events "
        "1 to 2 ended with a successful play, so event 3 begins another turn of Red; TD-6) "
        "and Red's turn of event 3 both ended without a successful play (TD-9, TD-13)",
    )
    check_view(
        with_events(
            placed_view,
            TAKE,
            to_move="red",
            pot=[],
            pile=[*placed_view.pile.to_json(), 1],
            pile_sizes={"red": 41, "blue": 40},
        )
    )


def test_no_event_follows_the_end_td9() -> None:
    over = after(PlayDomino(2, sq("r4c1")), EndTurn())
    assert refusal(
        with_events(
            over,
            TAKE,
            pot=[2],
            pile=[*over.pile.to_json(), 1],
            pile_sizes={"red": 41, "blue": 40},
        )
    ) == (
        ("events", 1),
        "$.events[1]: no event 2 can follow: the game was over: Red's turn of event 1 and "
        "Blue's pass between events 1 and 2 (Red's turn of event 1 ended with a failed play, "
        "so event 2 begins another turn of Red; TD-6) both ended without a successful play "
        "(TD-9, TD-13)",
    )
    blue_first = changed(
        after(), events=[{**TAKE, "player": "blue"}], pot=[2], pile_sizes={"red": 40, "blue": 41}
    )
    assert refusal(blue_first) == (
        ("phase",),
        "$.phase: the game is over: Red's pass before event 1 and Blue's turn of event 1 both "
        "ended without a successful play (TD-9, TD-13)",
    )
    check_view(changed(blue_first, to_move="blue"))


def emptied_pile() -> View:
    """Red's view after Red played all 40 dominoes, Blue passing between (TD-7, TD-9).

    Red coloured rows 1-4, Blue rows 5-8; the face-down dominoes lie on r9c1-r9c8.
    Red's digits are those of a full Sudoku grid on the squares TD-7 allows in
    turn: Red's 36, the white r9c9, then three of Blue's.
    """

    def digit(square: Square) -> int:
        r, c = square.row - 1, square.col - 1
        return (3 * r + r // 3 + c) % 9 + 1

    squares = [Square(r, c) for r in range(1, 5) for c in range(1, 10)]
    squares += [Square(9, 9), Square(5, 1), Square(5, 2), Square(5, 3)]
    pile = sorted(digit(s) for s in squares)
    plays = [
        {"player": "red", "type": "play", "row": s.row, "col": s.col, "digit": digit(s)}
        for s in squares
    ]
    return View.from_json(
        {
            "player": "red",
            "phase": "over",
            "to_move": None,
            "red_squares": [[r, c] for r in range(1, 5) for c in range(1, 10)],
            "blue_squares": [[r, c] for r in range(5, 9) for c in range(1, 10)],
            "face_down": [
                {"row": 9, "col": c, "placed_by": "red" if c <= 4 else "blue"} for c in range(1, 9)
            ],
            "face_up": [{"row": s.row, "col": s.col, "digit": digit(s)} for s in squares],
            "pot": [1, 2],
            "pile": [],
            "pile_sizes": {"red": 0, "blue": 40},
            "initial_pot": [1, 2],
            "initial_pile": pile,
            "events": [{**p, "result": "placed", "revealed": None} for p in plays],
        }
    )


def test_an_empty_pile_ends_the_game_td9() -> None:
    over = emptied_pile()
    check_view(over)
    assert refusal(changed(over, phase="play", to_move="blue")) == (
        ("phase",),
        "$.phase: the game is over: Red's pile was empty after event 40 (TD-9)",
    )
    assert refusal(
        with_events(over, {**TAKE, "player": "blue"}, pot=[2], pile_sizes={"red": 0, "blue": 41})
    ) == (
        ("events", 40),
        "$.events[40]: no event 41 can follow: the game was over: Red's pile was empty after "
        "event 40 (TD-9)",
    )


def every_domino_revealed() -> TwoDokuState:
    """The scripted game after Red turned all 8 face-down dominoes face up, Blue playing 1s and
    2s between (each of Red's plays a hidden clash, TD-8; each of Blue's a success)."""
    state = opening()
    digits = {f.square: f.digit for f in state.position().face_down}
    for col in range(1, 9):
        if col > 1:  # Blue's turn: the first 1 or 2 that is placed
            for action in state.legal_actions():
                if isinstance(action, PlayDomino) and action.digit in (1, 2):
                    trial = state.clone()
                    trial.apply_action(action)
                    if trial.events()[-1].result == "placed":  # type: ignore[union-attr]
                        state = trial
                        break
        state.apply_action(PlayDomino(digits[Square(9, col)], Square(1, col)))
        state.apply_action(state.chance_outcomes()[0][0])  # the reveal
    return state


def test_nobody_moves_in_play_only_while_a_domino_is_revealed_td8() -> None:
    view = every_domino_revealed().view(0)
    assert (view.phase, view.to_move, view.face_down) == ("play", "blue", ())
    check_view(view)
    assert refusal(changed(view, to_move=None)) == (
        ("to_move",),
        "$.to_move: nobody is to move in the play phase only while a hidden clash turns a "
        "face-down domino face up (TD-8), and no domino is face down",
    )


def test_a_hidden_clash_reveals_a_face_down_domino_it_meets_td8() -> None:
    # Red's 5 on r1c1 meets r9c1 (a 5) in its column; r9c5 is no peer of r1c1.
    view = after(PlayDomino(5, sq("r1c1")), Reveal(sq("r9c1")))
    (played,) = view.to_json()["events"]
    assert (played["result"], played["revealed"]) == ("hidden-clash", {"row": 9, "col": 1})
    check_view(view)
    elsewhere = changed(
        view,
        events=[{**played, "revealed": {"row": 9, "col": 5}}],
        face_down=[f for f in view.to_json()["face_down"] if f["col"] != 5]
        + [{"row": 9, "col": 1, "placed_by": "red"}],
        face_up=[{"row": 9, "col": 5, "digit": 5}],
    )
    assert refusal(elsewhere) == (
        ("events", 0, "revealed"),
        "$.events[0].revealed: Red's 5 on r1c1 reveals r9c5, which is not face down in its "
        "row, column or box (TD-8)",
    )


def test_the_queries_refuse_a_view_no_game_can_show() -> None:
    wrong = changed(after(PlayDomino(2, sq("r4c1"))), to_move="red")
    message = (
        "$.to_move: Red is to move only after a pass of Blue, which would have ended the game: "
        "Red's turn of event 1 and Blue's pass both ended without a successful play "
        "(TD-9, TD-13)"
    )
    for query in (infer_face_down, valid_plays, allowed_squares, completable):
        with pytest.raises(MemberError) as caught:
            query(wrong)
        assert str(caught.value) == message, query
