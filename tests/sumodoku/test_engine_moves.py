"""The Sumodoku engine's game logic on hand-built positions: exact legal actions, exact refusals,
exact results (rules SU-1 to SU-14, rulings SU-20 to SU-29).

Expected values are worked out from the rules by hand, or from ``SOLUTION`` (a solved board);
valid placements are also cross-checked with :func:`violations`, the rule checker that scans a
board pair by pair, independent of the engine's bit masks.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from dokuspec.engine.base import CHANCE, TERMINAL, Action, GameOptionError, IllegalActionError
from dokuspec.engine.sumodoku import (
    Claim,
    Colours,
    Concede,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
    Sumodoku,
    SumodokuResult,
    SumodokuState,
    violations,
)
from dokuspec.vocabulary.sumodoku import Board, Piece

SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"
# r1 978654213   r4 796518432   r7 437182569
# r2 645231798   r5 521347986   r8 159463827
# r3 213879654   r6 384926175   r9 862795341


def solution_pieces(colours: set[int]) -> list[tuple[int, int, int]]:
    """SOLUTION's pieces of ``colours``, row by row."""
    return [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION) if int(v) in colours]


def play(state: SumodokuState, *actions: Action) -> SumodokuState:
    for action in actions:
        state.apply_action(action)
    return state


def play_silently(state: SumodokuState, *actions: Action) -> SumodokuState:
    """Play ``actions``; whenever the observer's node comes up, the observer stays silent."""
    for action in actions:
        state.apply_action(action)
        if state.current_player() == CHANCE:
            state.apply_action(Silent())
    return state


def refused(state: SumodokuState, action: Action, reason: str) -> None:
    """``action`` raises IllegalActionError with exactly ``reason``, naming the game, the
    action and who was to act; the state is unchanged."""
    before = state.clone()
    player = state.current_player()
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)
    error = caught.value
    assert (error.game, error.action, error.player, error.reason) == (
        "sumodoku",
        action,
        player,
        reason,
    )
    who = "chance" if player == CHANCE else f"player {player}"
    assert str(error) == f"sumodoku: illegal action {action} for {who}: {reason}"
    assert state == before


def finished(state: SumodokuState) -> tuple[int, str, str]:
    result = state.result
    assert result is not None
    assert state.current_player() == TERMINAL
    return result.winner, result.reason, result.detail


def colours_at(state: SumodokuState, player: int, row: int, col: int) -> set[int]:
    """The colours of ``player``'s valid placements on ``row``, ``col``."""
    return {m.colour for m in state.valid_moves(player) if (m.row, m.col) == (row, col)}


def expected_valid_moves(state: SumodokuState, player: int) -> tuple[Place, ...]:
    """Every placement of a piece ``player`` holds on an empty cell that is part of no
    violation (SU-3, SU-12 to SU-14), by :func:`violations` on the board with the piece."""
    board = str(state.board)
    variants = state.position.variants
    hand = state.hand(player)
    found = []
    for cell, mark in enumerate(board):
        if mark != ".":
            continue
        row, col = cell // 9 + 1, cell % 9 + 1
        for colour in range(1, 10):
            if not hand[colour - 1]:
                continue
            placed = Board(board[:cell] + str(colour) + board[cell + 1 :])
            piece = Piece(row, col, colour)
            if not any(piece in v.pieces for v in violations(placed, variants)):
                found.append(Place(row, col, colour))
    return tuple(found)


# -- the game's constants and options (ruling SU-29) ---------------------------------------------


def test_the_game_s_constants() -> None:
    game = Sumodoku()
    assert game.num_players() == 2
    assert (game.min_utility(), game.max_utility()) == (-1, 1)
    # the colour draw, 81 placements, an observer's node after each, and the last action
    assert game.max_game_length() == 164
    assert game.new_initial_state().seed == 0


@pytest.mark.parametrize(
    ("winner", "returns"), [(0, (1, -1)), (1, (-1, 1))], ids=["player-1", "player-2"]
)
def test_a_result_s_returns_are_plus_and_minus_one(winner: int, returns: tuple[int, int]) -> None:
    assert SumodokuResult(winner, "claim-failed", "").returns() == returns


def test_returns_are_zero_before_the_end() -> None:
    assert Sumodoku().new_initial_state().returns() == (0, 0)


def test_a_claim_window_and_a_time_limit_of_one_turn() -> None:
    game = Sumodoku(claim_window=[20, 20], claim_time_limits=[[20, 20, 100]])
    assert game.claim_window == (20, 20)
    assert [game.claim_time_limit(t) for t in (19, 20, 21)] == [None, 100, None]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"claim_time_limits": [[16.0, 35, 100]]},
            "sumodoku: option 'claim_time_limits': [0]: 16.0 is not an integer",
        ),
        (
            {"claim_time_limits": [[16, 20, 960], [20, 35, 240]]},
            "sumodoku: option 'claim_time_limits': [1]: turns 20-35 overlap [0], turns 16-20",
        ),
        (
            {"claim_time_limits": [[20, 35, 240], [16, 20, 960]]},
            "sumodoku: option 'claim_time_limits': [1]: turns 16-20 overlap [0], turns 20-35",
        ),
        (
            {"claim_time_limits": [[16, 34, 100]]},
            "sumodoku: option 'claim_time_limits': turn 35 of the claim window 16-35 "
            "has no time limit",
        ),
        (
            {"consecutive": ["r1c1-r1c2"], "non_consecutive": True},
            "sumodoku: option 'non_consecutive': contradicts the consecutive marks; "
            "choose one (SU-17)",
        ),
        (
            {"strict_marks": True},
            "sumodoku: option 'strict_marks': needs consecutive marks (or use non_consecutive), "
            "SU-17",
        ),
        (
            {"non_consecutive_marks": ["r1c1-r1c2"], "non_consecutive": True},
            "sumodoku: option 'non_consecutive_marks': non_consecutive already forbids "
            "consecutive digits across these borders; give the marks or it, not both (SU-37)",
        ),
        (
            # a number that is not JSON's is refused after an item the schema will refuse
            {"claim_time_limits": [5, [16, 35, Decimal(1)]]},
            "sumodoku: option 'claim_time_limits': [1]: Decimal('1') is not an int or float",
        ),
        (
            # a NaN turn is the schema's to refuse, not a number of seconds
            {"claim_window": [math.nan, 35]},
            "sumodoku: option 'claim_window': nan is not of type 'integer'",
        ),
        (
            # the notation's reason, without its "column 1: " (the option is no text)
            {"parity": "x" * 81},
            "sumodoku: option 'parity': 'x' in the parity marking at r1c1 is not 'o', 'e' or '.'",
        ),
    ],
    ids=[
        "non-integer-turn",
        "overlap-at-last",
        "overlap-at-first",
        "last-turn-uncovered",
        "non-consecutive-and-marks",
        "strict-marks-alone",
        "non-consecutive-and-apart-marks",
        "decimal-seconds-after-a-bad-item",
        "nan-turn",
        "parity-mark",
    ],
)
def test_an_option_error_names_the_option_exactly(options: dict[str, object], message: str) -> None:
    with pytest.raises(GameOptionError) as caught:
        Sumodoku(**options)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("player", "message"),
    [("0", "a player is an int 0 or 1, not str"), (True, "a player is an int 0 or 1, not bool")],
)
def test_a_player_that_is_not_an_int_is_a_type_error(player: object, message: str) -> None:
    state = Sumodoku().new_initial_state()
    for method in (state.hand, state.colours, state.valid_moves, state.claim_open):
        with pytest.raises(TypeError) as caught:
            method(player)  # type: ignore[arg-type]
        assert str(caught.value) == message


def test_the_state_draws_itself_as_its_position() -> None:
    state = play(Sumodoku().new_initial_state(), Place(1, 1, 1))
    svg = state._repr_svg_()
    assert svg.startswith("<svg")
    assert svg == state.position._repr_svg_()


# -- chance nodes (SU-1, SU-9; ruling SU-20) -----------------------------------------------------


def test_a_player_s_node_has_no_chance_outcomes() -> None:
    state = Sumodoku(enforcement="tabletop", observer=0.5).new_initial_state()
    assert state.chance_outcomes() == ()
    play(state, Place(1, 5, 1), Place(9, 9, 5))
    assert state.chance_outcomes() == ()


def test_only_the_draw_s_splits_are_accepted_at_the_colour_draw() -> None:
    state = Sumodoku(colour_assignment="random").new_initial_state()
    drawing = "the colours are being drawn; this is not one of the splits"
    refused(state, Observe(1, 1), drawing)
    refused(state, Silent(), drawing)
    refused(state, Place(1, 1, 1), "the colours or the observer (chance) act here, not a player")
    refused(state, Concede(), "the colours or the observer (chance) act here, not a player")


def test_only_an_unnoticed_mistake_may_be_observed() -> None:
    game = Sumodoku(enforcement="tabletop", observer=1)
    state = play(game.new_initial_state(), Place(1, 5, 1), Place(9, 9, 5), Place(1, 1, 1))
    play(state, Place(9, 8, 6))  # Player 2 lets the mistake pass (SU-9)
    assert state.current_player() == CHANCE
    # observer 1: the one mistake is removed for sure, silence is not an outcome (SU-9)
    assert state.chance_outcomes() == ((Observe(1, 1), Fraction(1)),)
    observing = "this is not an unnoticed mistake the observer may remove (SU-9)"
    refused(state, Observe(1, 5), observing)
    refused(state, Silent(), observing)
    refused(state, Colours((1, 2, 3, 4), (5, 6, 7, 8), 9), observing)
    refused(state, PointOut(1, 1), "the colours or the observer (chance) act here, not a player")


class Foreign(Action):
    """An action of no Sumodoku kind."""

    def to_json(self) -> dict[str, object]:  # type: ignore[override]
        return {"type": "foreign"}

    def __str__(self) -> str:
        return "foreign"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Foreign)

    def __hash__(self) -> int:
        return 0


def test_an_action_of_no_sumodoku_kind_is_refused() -> None:
    refused(Sumodoku().new_initial_state(), Foreign(), "not an action of this game")


# -- legal actions and refusals (SU-3, SU-4, SU-7, SU-8; rulings SU-21, SU-22) -------------------

TABLETOP = Sumodoku(enforcement="tabletop")


def test_tabletop_lists_every_own_piece_on_every_empty_cell_by_cell_then_colour() -> None:
    state = play(TABLETOP.new_initial_state(), Place(1, 1, 1))
    assert state.legal_actions() == tuple(
        Place(row, col, colour)
        for row in range(1, 10)
        for col in range(1, 10)
        if (row, col) != (1, 1)
        for colour in (5, 6, 7, 8, 9)
    )


def test_a_mistake_on_r1c1_may_be_pointed_out() -> None:
    """Cell index 0: the first cell is a cell like any other (SU-7)."""
    state = play(TABLETOP.new_initial_state(), Place(1, 5, 1), Place(9, 9, 5), Place(1, 1, 1))
    assert state.unnoticed() == (Piece(1, 1, 1),)
    assert state.point_out_target() == Piece(1, 1, 1)
    placements = tuple(
        Place(row, col, colour)
        for row in range(1, 10)
        for col in range(1, 10)
        if (row, col) not in ((1, 1), (1, 5), (9, 9))
        for colour in (5, 6, 7, 8, 9)
    )
    assert state.legal_actions() == (*placements, PointOut(1, 1))
    refused(state, PointOut(2, 2), "the opponent's last placement is r1c1=1, not on r2c2 (SU-7)")
    pointed = play(state.clone(), PointOut(1, 1))
    assert finished(pointed) == (
        1,
        "pointed-out",
        "Player 2 pointed out the invalid placement r1c1=1 of Player 1: "
        "colour 1 is already in row 1 (r1c5), SU-3",
    )
    play(state, Place(9, 1, 6))
    assert state.point_out_target() is None
    assert FindMistake(1, 1) not in state.legal_actions()  # Player 1's own (SU-8)
    play(state, Place(2, 2, 2))
    assert FindMistake(1, 1) in state.legal_actions()
    assert finished(play(state, FindMistake(1, 1))) == (
        1,
        "mistake-found",
        "Player 2 found the mistake r1c1=1 of Player 1: colour 1 is already in row 1 (r1c5), SU-3",
    )


def test_a_mistake_on_r2c1_is_named_by_its_row_and_column() -> None:
    state = play(TABLETOP.new_initial_state(), Place(1, 1, 1), Place(9, 9, 5), Place(2, 1, 1))
    assert state.unnoticed() == (Piece(2, 1, 1),)
    assert state.point_out_target() == Piece(2, 1, 1)
    refused(
        state,
        FindMistake(2, 1),
        "r2c1=1 is the opponent's last placement: point it out (SU-7, ruling SU-21)",
    )
    play(state, Place(8, 8, 6), Place(7, 7, 2))
    assert finished(play(state, FindMistake(2, 1))) == (
        1,
        "mistake-found",
        "Player 2 found the mistake r2c1=1 of Player 1: colour 1 is already in column 1 "
        "(r1c1), SU-3",
    )


@pytest.mark.parametrize(
    ("mistake", "why"),
    [
        ((5, 1, 1), "colour 1 is already in column 1 (r1c1), SU-3"),
        ((3, 3, 1), "colour 1 is already in box 1 (r1c1), SU-3"),
        ((1, 9, 1), "colour 1 is already in row 1 (r1c1), SU-3"),
    ],
    ids=["column", "box", "row"],
)
def test_pointing_out_names_the_unit_the_mistake_breaks(
    mistake: tuple[int, int, int], why: str
) -> None:
    state = play(TABLETOP.new_initial_state(), Place(1, 1, 1), Place(9, 9, 5), Place(*mistake))
    row, col, colour = mistake
    assert finished(play(state, PointOut(row, col))) == (
        1,
        "pointed-out",
        f"Player 2 pointed out the invalid placement r{row}c{col}={colour} of Player 1: {why}",
    )


@pytest.mark.parametrize(
    ("options", "setup", "action", "reason"),
    [
        (
            # r5c5's neighbours in order: r4c5=9 (fine), r5c4 empty, r5c6=4 (consecutive to 3)
            {"non_consecutive": True},
            [Place(4, 5, 9), Place(9, 9, 5), Place(5, 6, 4), Place(9, 1, 6)],
            Place(5, 5, 3),
            "invalid placement: r5c5-r5c6 is not marked but would hold the consecutive 3 and 4 "
            "(SU-14)",
        ),
        (
            # r4c5=4 fits its marked border with 3; r5c6=9 does not
            {"consecutive": ["r4c5-r5c5", "r5c5-r5c6"]},
            [Place(4, 5, 4), Place(9, 9, 5), Place(5, 6, 9), Place(9, 1, 6)],
            Place(5, 5, 3),
            "invalid placement: r5c5-r5c6 is marked consecutive but would hold 3 and 9 (SU-14)",
        ),
        (
            {"consecutive": ["r4c5-r5c5", "r5c5-r5c6"], "strict_marks": True},
            [Place(4, 5, 4), Place(9, 9, 5), Place(5, 6, 9), Place(9, 1, 6)],
            Place(5, 5, 3),
            "invalid placement: r5c5-r5c6 is marked consecutive but would hold 3 and 9 (SU-14)",
        ),
        (
            {"free_colours": True},
            [Place(1, 1, 1)],
            Place(1, 9, 1),
            "invalid placement: colour 1 is already in row 1 (r1c1), SU-3",
        ),
    ],
    ids=[
        "unmarked-after-a-fitting-one",
        "marked-after-a-fitting-one",
        "strict-marks",
        "free-colours",
    ],
)
def test_a_refusal_names_the_first_rule_broken(
    options: dict[str, object], setup: list[Action], action: Action, reason: str
) -> None:
    state = play(Sumodoku(**options).new_initial_state(), *setup)  # type: ignore[arg-type]
    refused(state, action, reason)


# -- no valid move (SU-6; ruling SU-24) ----------------------------------------------------------

EVEN = "e" * 81
CLAIMS_LATE = {"claim_window": [60, 61], "claim_time_limits": [[60, 61, 100]]}


def even_pieces(state: SumodokuState, *, mistake: Place | None = None) -> SumodokuState:
    """On a board of even cells (SU-13), each player places their 18 even pieces from SOLUTION,
    the player to move first; ``mistake`` is the first player's first placement."""
    first, second = state.current_player(), 1 - state.current_player()
    evens = {0: solution_pieces({2, 4}), 1: solution_pieces({6, 8})}
    pairs = zip(evens[first], evens[second], strict=True)
    if mistake is None:
        moves = [Place(*p) for pair in pairs for p in pair]
    else:  # the mistake, then the second player leads: the first player places last
        moves = [mistake, *(Place(*p) for mine, theirs in pairs for p in (theirs, mine))]
    return play_silently(state, *moves)


def test_player_2_without_a_valid_move_loses_at_the_start_of_the_turn() -> None:
    state = even_pieces(
        Sumodoku(parity=EVEN, first_player=2, **CLAIMS_LATE).new_initial_state()  # type: ignore[arg-type]
    )
    assert finished(state) == (
        0,
        "no-valid-move",
        "Player 2 has no valid move; Player 1 made the last one",
    )
    assert state.returns() == (1, -1)


def test_player_2_without_a_valid_move_may_claim_or_concede() -> None:
    state = even_pieces(Sumodoku(parity=EVEN, first_player=2).new_initial_state())
    assert state.current_player() == 1
    assert state.turn_number(1) == 18
    assert state.legal_actions() == (Concede(),)
    refused(state, Place(1, 1, 5), "Player 2 has no valid move (SU-6, ruling SU-24)")
    conceded = play(state.clone(), Concede())
    assert finished(conceded) == (0, "no-valid-move", "Player 2 had no valid move and conceded")
    # SOLUTION's r1c1 is 9, an odd colour on an even cell: the first violation found
    claimed = play(state, Claim(Board(SOLUTION), 10))
    assert finished(claimed) == (
        0,
        "claim-failed",
        "Player 2's claim: the filling breaks SU-13: colour 9 on the even cell r1c1",
    )
    assert claimed.returns() == (1, -1)


def test_player_1_without_a_valid_move_concedes() -> None:
    state = even_pieces(Sumodoku(parity=EVEN).new_initial_state())
    assert state.legal_actions() == (Concede(),)
    conceded = play(state, Concede())
    assert finished(conceded) == (1, "no-valid-move", "Player 1 had no valid move and conceded")
    assert conceded.returns() == (-1, 1)


def test_an_unnoticed_mistake_keeps_a_player_without_a_valid_move_in_the_game() -> None:
    """SU-6 applies only when nothing else is left to do: here finding the mistake (SU-8)."""
    game = Sumodoku(parity=EVEN, enforcement="tabletop", **CLAIMS_LATE)  # type: ignore[arg-type]
    # r1c1 holds an odd colour in SOLUTION: Player 1's colour 1 there breaks only SU-13
    state = even_pieces(game.new_initial_state(), mistake=Place(1, 1, 1))
    assert state.current_player() == 1
    assert state.unnoticed() == (Piece(1, 1, 1),)
    assert state.point_out_target() is None
    assert not state.has_valid_move(1)
    assert state.legal_actions() == (FindMistake(1, 1), Concede())
    assert finished(play(state, FindMistake(1, 1))) == (
        1,
        "mistake-found",
        "Player 2 found the mistake r1c1=1 of Player 1: r1c1 is an even cell, colour 1 is not "
        "(SU-13)",
    )


def test_one_s_own_unnoticed_mistake_does_not_keep_a_player_in_the_game() -> None:
    """SU-6 with SU-8 revised: Player 2's last piece, a 6, goes on r1c1 (row 1 holds r1c4=6)
    instead of the last 6-cell; Player 1 lets it pass. Player 2's only unnoticed mistake is
    their own, so without a valid move they lose at once; with ``own_mistake_wins`` they may
    find it."""
    ones = [Place(*p) for p in solution_pieces({2, 4})]
    twos = solution_pieces({6, 8})
    assert (1, 4, 6) in twos
    last_six = [p for p in twos if p[2] == 6][-1]
    theirs = [*(Place(*p) for p in twos if p != last_six), Place(1, 1, 6)]
    moves = [move for pair in zip(theirs, ones, strict=True) for move in pair]
    options = {"parity": EVEN, "enforcement": "tabletop", "first_player": 2, **CLAIMS_LATE}
    state = play(Sumodoku(**options).new_initial_state(), *moves)  # type: ignore[arg-type]
    assert state.unnoticed() == (Piece(1, 1, 6),)
    assert finished(state) == (
        0,
        "no-valid-move",
        "Player 2 has no valid move; Player 1 made the last one",
    )
    literal = Sumodoku(**options, own_mistake_wins=True)  # type: ignore[arg-type]
    state = play(literal.new_initial_state(), *moves)
    assert state.current_player() == 1
    assert state.legal_actions() == (FindMistake(1, 1), Concede())


def test_a_last_placement_on_r1c1_keeps_a_player_without_a_valid_move_in_the_game() -> None:
    """SU-6 with SU-7: Player 1's last even piece, the 4 of r9c8, goes invalidly on r1c1
    (row 1 holds r1c6=4). Player 2, holding only odd colours on a board of even cells, has
    no valid move, but may point it out: they do not lose at the start of the turn."""
    game = Sumodoku(parity=EVEN, enforcement="tabletop", first_player=2, **CLAIMS_LATE)  # type: ignore[arg-type]
    ones = [Place(*p) for p in solution_pieces({2, 4})]
    assert ones[-1] == Place(9, 8, 4)
    twos = [Place(*p) for p in solution_pieces({6, 8})]
    moves = [move for pair in zip(twos, [*ones[:-1], Place(1, 1, 4)], strict=True) for move in pair]
    state = play(game.new_initial_state(), *moves)
    assert state.result is None
    assert state.current_player() == 1
    assert not state.has_valid_move(1)
    assert state.point_out_target() == Piece(1, 1, 4)
    assert state.legal_actions() == (PointOut(1, 1), Concede())
    assert finished(play(state, PointOut(1, 1))) == (
        1,
        "pointed-out",
        "Player 2 pointed out the invalid placement r1c1=4 of Player 1: colour 4 is already "
        "in row 1 (r1c6), SU-3",
    )


# -- the claim (SU-10, SU-15; rulings SU-26, SU-27) ----------------------------------------------


def claim_on_turn(turn: int, **options: object) -> Sumodoku:
    """A game whose claim window is the one own turn ``turn``, with 60 seconds."""
    return Sumodoku(claim_window=[turn, turn], claim_time_limits=[[turn, turn, 60]], **options)  # type: ignore[arg-type]


def test_a_claim_on_the_empty_board_with_a_solution_wins() -> None:
    state = play(claim_on_turn(1).new_initial_state(), Claim(Board(SOLUTION), 59.5))
    assert finished(state) == (0, "claim-succeeded", "Player 1 completed the board in 59.5 s")
    assert state.turn_number(0) == 1


def test_a_claim_is_judged_by_the_first_rule_its_filling_breaks() -> None:
    """SOLUTION breaks the parity mark on r1c1 (9 is odd) and the mark r1c1-r1c2 (9 and 7)."""
    game = claim_on_turn(1, parity="e" + "." * 80, consecutive=["r1c1-r1c2"])
    state = play(game.new_initial_state(), Claim(Board(SOLUTION), 1))
    assert finished(state) == (
        1,
        "claim-failed",
        "Player 1's claim: the filling breaks SU-13: colour 9 on the even cell r1c1",
    )
    assert [v.rule for v in violations(Board(SOLUTION), game.variants)] == ["SU-13", "SU-14"]


def test_a_claim_whose_filling_empties_a_cell_loses() -> None:
    state = play(claim_on_turn(2).new_initial_state(), Place(1, 6, 4), Place(1, 5, 5))
    filling = "." * 5 + SOLUTION[5:]  # r1c1 to r1c5 empty: r1c5's 5 is the first piece missed
    assert finished(play(state, Claim(Board(filling), 1))) == (
        1,
        "claim-failed",
        "Player 1's claim: the filling has nothing on r1c5=5",
    )


def test_a_claim_counts_the_pieces_out_of_the_game() -> None:
    """SU-15: a piece the observer removed (SU-9) is in no filling."""
    game = claim_on_turn(3, enforcement="tabletop", observer=1)
    state = play(game.new_initial_state(), Place(1, 8, 1), Place(1, 2, 7), Place(1, 1, 1))
    play(state, Place(1, 3, 8), Observe(1, 1))
    assert state.out == (1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert state.hand(0)[0] == 7
    # SOLUTION agrees with r1c8=1, r1c2=7, r1c3=8 and adds 8 more 1s
    assert finished(play(state, Claim(Board(SOLUTION), 1))) == (
        1,
        "claim-failed",
        "Player 1's claim: the filling adds 8 pieces of colour 1, but 7 remain (1 out of the game)",
    )


# -- free colours (SU-11) ------------------------------------------------------------------------


def test_free_colours_refuse_a_colour_the_supply_has_run_out_of() -> None:
    """Tabletop plays invalid placements (SU-4), but never a piece the supply lacks."""
    state = Sumodoku(free_colours=True, enforcement="tabletop").new_initial_state()
    ones = solution_pieces({1})
    play_silently(state, *(Place(*p) for p in ones))
    assert state.hand(0) == state.hand(1) == (0, 9, 9, 9, 9, 9, 9, 9, 9)
    assert state.current_player() == 1
    refused(state, Place(1, 8, 2), "r1c8 already holds colour 1")
    refused(state, Place(1, 2, 1), "no piece of colour 1 is left in the supply (SU-11)")
    assert Place(1, 2, 1) not in state.legal_actions()
    assert len(state.legal_actions()) == 72 * 8


# -- an invalid last piece (SU-5, SU-7, SU-9; ruling SU-23) --------------------------------------

LAST_PIECE = Sumodoku(
    enforcement="tabletop",
    observer=0.5,
    claim_window=[16, 40],
    claim_time_limits=[[16, 40, 600]],
)


def own_pieces() -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """SOLUTION's pieces in each player's colours (SU-1), row by row: the 9s of rows 1-4
    (r1c1, r2c8, r3c6, r4c2) are Player 1's, the others Player 2's."""
    nines = solution_pieces({9})
    return solution_pieces({1, 2, 3, 4}) + nines[:4], solution_pieces({5, 6, 7, 8}) + nines[4:]


def invalid_last_piece() -> SumodokuState:
    """Player 1 places SOLUTION's pieces of their colours but two: the 9 of r1c1 goes invalidly
    on r5c1 (r5c7 holds a 9), then, 40th and last, the 1 of r2c6 invalidly on r1c1 (r1c8
    holds a 1), though r2c6 would take it. Player 2 places their 9s, then their other pieces
    but r5c1's 5. The observer stays silent."""
    ones, twos = own_pieces()
    mine = [p for p in ones if p[:2] not in ((1, 1), (2, 6))]
    theirs = twos[36:40] + [p for p in twos[:36] if p[:2] != (5, 1)]
    moves = [Place(*p) for pair in zip(mine, theirs[:38], strict=True) for p in pair]
    state = LAST_PIECE.new_initial_state()
    play_silently(state, *moves, Place(5, 1, 9), Place(*theirs[38]))
    play(state, Place(1, 1, 1))
    return state


def test_the_observer_after_an_invalid_last_piece() -> None:
    """SU-9 revised: the observer may remove the older mistake, which Player 2 let pass, not
    the last piece, which Player 2 may still point out (SU-7)."""
    state = invalid_last_piece()
    assert state.hand(0) == (0,) * 9
    assert state.turn_number(0) == 40
    assert state.unnoticed() == (Piece(5, 1, 9), Piece(1, 1, 1))
    assert state.chance_outcomes() == ((Observe(5, 1), Fraction(1, 2)), (Silent(), Fraction(1, 2)))
    refused(state, Observe(1, 1), "this is not an unnoticed mistake the observer may remove (SU-9)")
    # Player 1's older mistake removed: not all 40 of their pieces are placed any more (SU-5);
    # the last piece still waits for Player 2's answer, who may also place
    play(state, Observe(5, 1))
    assert state.result is None
    assert state.out == (0, 0, 0, 0, 0, 0, 0, 0, 1)
    assert state.current_player() == 1
    assert state.point_out_target() == Piece(1, 1, 1)
    assert state.legal_actions() == (
        Place(2, 6, 5),
        Place(5, 1, 5),
        Place(9, 5, 5),
        PointOut(1, 1),
    )
    # Player 2's last piece fills the hole: all 40 of theirs are placed (SU-5)
    play(state, Place(5, 1, 5))
    assert finished(state) == (1, "all-pieces-played", "Player 2 placed all 40 pieces (SU-5)")


def test_an_invalid_last_piece_on_r1c1_still_waits_after_the_observer_removes_another() -> None:
    """As in :func:`invalid_last_piece`, but Player 2's 39th piece, the 5 of r5c1, goes
    invalidly on r9c5 (column 5 holds r1c5=5), leaving r9c6 empty. The observer removes it:
    Player 1's last piece on r1c1 still breaks row 1 (r1c8=1), so Player 2 may still point it
    out (SU-5, SU-7, SU-9)."""
    ones, twos = own_pieces()
    mine = [p for p in ones if p[:2] not in ((1, 1), (2, 6))]
    theirs = twos[36:40] + [p for p in twos[:36] if p[:2] != (5, 1)]
    assert theirs[38] == (9, 6, 5)
    moves = [Place(*p) for pair in zip(mine, theirs[:38], strict=True) for p in pair]
    state = LAST_PIECE.new_initial_state()
    play_silently(state, *moves, Place(5, 1, 9), Place(9, 5, 5))
    play(state, Place(1, 1, 1))
    assert state.unnoticed() == (Piece(5, 1, 9), Piece(9, 5, 5), Piece(1, 1, 1))
    play(state, Observe(9, 5))
    assert state.result is None
    assert state.unnoticed() == (Piece(5, 1, 9), Piece(1, 1, 1))
    assert state.point_out_target() == Piece(1, 1, 1)
    assert state.current_player() == 1
    # all 40 of Player 1's pieces are still placed: Player 2 answers first (ruling SU-23)
    assert state.legal_actions() == (PointOut(1, 1), FindMistake(5, 1), Concede())


def test_an_invalid_last_piece_made_valid_by_the_observer_wins_at_once() -> None:
    """SU-5 with SU-9: Player 2 places a 9 on r5c1 (box 4 holds r4c2=9, row 5 r5c7=9)
    instead of their 9 of r8c3; Player 1's 40th and last piece, the 9 of r1c1, breaks column
    1 with it alone. The observer removes Player 2's mistake: the last piece breaks nothing
    any more, all 40 of Player 1's pieces are placed and they win."""
    ones, twos = own_pieces()
    nines = [p for p in ones if p[2] == 9 and p[:2] != (1, 1)]
    mine = nines + [p for p in ones if p[2] != 9]
    theirs = [
        *(p for p in twos[36:39]),
        (5, 1, 9),
        *(p for p in twos[:36] if p[:2] != (5, 1)),
    ]
    assert [p[:2] for p in twos[36:39]] == [(5, 7), (6, 4), (7, 9)]
    moves = [Place(*p) for pair in zip(mine, theirs, strict=True) for p in pair]
    state = play_silently(LAST_PIECE.new_initial_state(), *moves)
    play(state, Place(1, 1, 9))
    assert state.hand(0) == (0,) * 9
    assert state.unnoticed() == (Piece(5, 1, 9), Piece(1, 1, 9))
    assert state.point_out_target() == Piece(1, 1, 9)
    assert state.chance_outcomes() == ((Observe(5, 1), Fraction(1, 2)), (Silent(), Fraction(1, 2)))
    silent = play(state.clone(), Silent())
    # r5c1 is Player 2's own mistake: they may not find it (SU-8)
    assert silent.legal_actions() == (PointOut(1, 1), Concede())
    play(state, Observe(5, 1))
    assert state.out == (0, 0, 0, 0, 0, 0, 0, 0, 1)
    assert state.unnoticed() == ()
    assert finished(state) == (
        0,
        "all-pieces-played",
        "Player 1 placed all 40 pieces (SU-5); the last one is valid once the observer "
        "removed r5c1=9",
    )


def test_after_an_invalid_last_piece_the_opponent_answers_it() -> None:
    state = play(invalid_last_piece(), Silent())
    assert state.current_player() == 1
    assert state.turn_number(1) == 39
    assert state.legal_actions() == (PointOut(1, 1), FindMistake(5, 1), Concede())
    # own turn 40 is in the claim window, but the answer comes first (ruling SU-23)
    assert not state.claim_open(1)
    assert state.open_actions() == ()
    refused(
        state,
        Claim(Board(SOLUTION), 1),
        "Player 1 placed all 40 pieces, the last one invalid: point it out (SU-7), "
        "find a mistake (SU-8) or concede (ruling SU-23)",
    )
    conceded = play(state.clone(), Concede())
    assert finished(conceded) == (
        0,
        "all-pieces-played",
        "Player 1 placed all 40 pieces; Player 2 conceded",
    )
    found = play(state.clone(), FindMistake(5, 1))
    assert finished(found) == (
        1,
        "mistake-found",
        "Player 2 found the mistake r5c1=9 of Player 1: colour 9 is already in row 5 (r5c7), SU-3",
    )
    assert finished(play(state, PointOut(1, 1))) == (
        1,
        "pointed-out",
        "Player 2 pointed out the invalid placement r1c1=1 of Player 1: "
        "colour 1 is already in row 1 (r1c8), SU-3",
    )


def test_after_an_invalid_last_piece_the_opponent_places_nothing() -> None:
    """Player 1's last piece, the 1 of r9c9, goes invalidly on r8c3 (r8c1 holds a 1); Player 2
    still holds a 9 that r9c5 (the spare's cell) would take, but must answer first."""
    mine, theirs = own_pieces()
    mine = mine[36:] + mine[:36]  # the 9s first: the last piece is r9c9's 1
    state = TABLETOP.new_initial_state()
    play(state, *(Place(*p) for pair in zip(mine[:39], theirs[:39], strict=True) for p in pair))
    play(state, Place(8, 3, 1))
    assert state.has_valid_move(1)
    assert state.legal_actions() == (PointOut(8, 3), Concede())
    refused(
        state,
        Place(9, 5, 9),
        "Player 1 placed all 40 pieces, the last one invalid: point it out (SU-7), "
        "find a mistake (SU-8) or concede (ruling SU-23)",
    )


def test_a_valid_last_piece_wins_at_once() -> None:
    state = Sumodoku().new_initial_state()
    mine, theirs = own_pieces()
    play(state, *(Place(*p) for pair in zip(mine[:39], theirs[:39], strict=True) for p in pair))
    play(state, Place(*mine[39]))
    assert finished(state) == (0, "all-pieces-played", "Player 1 placed all 40 pieces (SU-5)")


# -- the observer's removals (SU-9, SU-15; rulings SU-20, SU-22) ---------------------------------

# r1c1 even, r3c9 odd, r4c7 even (SU-13); no two orthogonal neighbours consecutive (SU-14)
PARITY = "e" + "." * 25 + "o" + "." * 6 + "e" + "." * 47
NON_CONSECUTIVE = Sumodoku(
    free_colours=True, enforcement="tabletop", observer=0.5, parity=PARITY, non_consecutive=True
)


def five_mistakes() -> SumodokuState:
    """Four valid pieces, then five mistakes, each breaking one rule: r1c1=1 its parity,
    r5c5=2 row 5 (r5c9=2), r9c5=7 its border with r9c4=8, r3c7=2 row 3 (r3c3=2), and r3c8=1
    its border with the mistake r3c7=2 only."""
    state = NON_CONSECUTIVE.new_initial_state()
    valid = [Place(3, 3, 2), Place(5, 9, 2), Place(9, 4, 8), Place(2, 7, 5)]
    mistakes = [Place(1, 1, 1), Place(5, 5, 2), Place(9, 5, 7), Place(3, 7, 2), Place(3, 8, 1)]
    play_silently(state, *valid, *mistakes[:4])
    play(state, mistakes[4])
    return state


def test_the_observer_chooses_among_the_mistakes_let_pass() -> None:
    """The last of the five mistakes may still be pointed out: not observed (SU-9)."""
    state = five_mistakes()
    assert state.unnoticed() == (
        Piece(1, 1, 1),
        Piece(5, 5, 2),
        Piece(9, 5, 7),
        Piece(3, 7, 2),
        Piece(3, 8, 1),
    )
    assert state.point_out_target() == Piece(3, 8, 1)
    assert state.chance_outcomes() == (
        (Observe(1, 1), Fraction(1, 8)),
        (Observe(5, 5), Fraction(1, 8)),
        (Observe(9, 5), Fraction(1, 8)),
        (Observe(3, 7), Fraction(1, 8)),
        (Silent(), Fraction(1, 2)),
    )


def test_a_removal_keeps_the_mistakes_that_still_break_a_rule() -> None:
    """Removing r3c7=2 leaves r3c8=1 breaking nothing (ruling SU-22); the parity, row and
    border mistakes still stand, and the hole takes a valid piece later."""
    state = play(five_mistakes(), Observe(3, 7))
    assert state.unnoticed() == (Piece(1, 1, 1), Piece(5, 5, 2), Piece(9, 5, 7))
    assert state.out == (0, 1, 0, 0, 0, 0, 0, 0, 0)
    assert state.point_out_target() is None
    assert state.current_player() == 1
    # r3c7: row 3 holds 2 and 1, column 7 and box 3 hold 5; its neighbours r2c7=5 and r3c8=1
    # bar 4, 6 and 2
    assert colours_at(state, 1, 3, 7) == {3, 7, 8, 9}
    # r3c9 is odd: row 3 and box 3 bar 1 and 5; its neighbour r3c8=1 bars 2 anyway
    assert colours_at(state, 1, 3, 9) == {3, 7, 9}
    # r4c7 is even: box 6 holds r5c9=2
    assert colours_at(state, 1, 4, 7) == {4, 6, 8}
    # a second piece of colour 2 leaves the game; row 5 still holds r5c9=2
    play(state, Place(7, 1, 3), Observe(5, 5))
    assert state.out == (0, 2, 0, 0, 0, 0, 0, 0, 0)
    assert state.unnoticed() == (Piece(1, 1, 1), Piece(9, 5, 7))
    assert 2 not in colours_at(state, 0, 5, 5)
    assert state.valid_moves(0) == expected_valid_moves(state, 0)


def test_removing_an_older_mistake_leaves_the_last_placement_to_point_out() -> None:
    state = play(five_mistakes(), Observe(1, 1))
    assert state.unnoticed() == (Piece(5, 5, 2), Piece(9, 5, 7), Piece(3, 7, 2), Piece(3, 8, 1))
    assert state.out == (1, 0, 0, 0, 0, 0, 0, 0, 0)
    assert state.point_out_target() == Piece(3, 8, 1)
    assert PointOut(3, 8) in state.legal_actions()
    # r1c1 is even, and empty again; box 1 holds r3c3=2
    assert colours_at(state, 1, 1, 1) == {4, 6, 8}
    assert state.valid_moves(1) == expected_valid_moves(state, 1)


# the three borders of r5c5 with r5c4, r4c5 and r5c6 are marked; no other border is consecutive
MARKED = Sumodoku(
    free_colours=True,
    enforcement="tabletop",
    observer=0.5,
    consecutive=["r5c4-r5c5", "r4c5-r5c5", "r5c5-r5c6"],
    strict_marks=True,
)


def marked_mistakes() -> SumodokuState:
    """r5c9=2 breaks column 9 (r1c9=2); r5c5=2 breaks row 5 (r5c9) only: its marked
    border with r5c4=3 holds consecutive colours."""
    state = play(MARKED.new_initial_state(), Place(1, 5, 4), Place(5, 4, 3))
    # r5c5's mark with r5c4=3 asks for 2 or 4; column 5 holds 4
    assert colours_at(state, 0, 5, 5) == {2}
    # r5c3's unmarked border with r5c4=3 bars 2 and 4; row 5 holds 3
    assert colours_at(state, 0, 5, 3) == {1, 5, 6, 7, 8, 9}
    play_silently(state, Place(1, 9, 2), Place(5, 9, 2))
    play(state, Place(5, 5, 2))
    assert state.unnoticed() == (Piece(5, 9, 2), Piece(5, 5, 2))
    return state


def test_a_mistake_whose_partner_leaves_is_none_though_a_marked_border_holds() -> None:
    state = play(marked_mistakes(), Observe(5, 9))
    assert state.unnoticed() == ()
    assert state.point_out_target() is None
    assert state.valid_moves(1) == expected_valid_moves(state, 1)


def test_a_mistake_left_alone_by_a_removal_is_judged_on_every_border_again() -> None:
    """Ruling SU-22 with SU-14 strict marks: r5c5=2 breaks row 5 (r5c9=2) only; its marked
    border with r5c4=3 holds consecutive colours and its unmarked border with r6c5=7 does
    not. Once the observer removes r5c9, r5c5 breaks no rule."""
    state = play(MARKED.new_initial_state(), Place(1, 5, 4), Place(5, 4, 3), Place(6, 5, 7))
    play_silently(state, Place(1, 9, 2), Place(5, 9, 2))
    play(state, Place(5, 5, 2))
    assert state.unnoticed() == (Piece(5, 9, 2), Piece(5, 5, 2))
    play(state, Observe(5, 9))
    assert state.unnoticed() == ()
    assert state.point_out_target() is None


def test_a_hole_on_marked_borders_takes_only_what_fits_them() -> None:
    state = play(marked_mistakes(), Silent(), Place(9, 1, 9), Observe(5, 5))
    assert state.unnoticed() == (Piece(5, 9, 2),)
    # the mark with r5c4=3 asks for 2 or 4: column 5 holds 4, row 5 holds 2
    assert colours_at(state, 0, 5, 5) == set()
    assert state.valid_moves(0) == expected_valid_moves(state, 0)


# -- when a claim is open (SU-10) ----------------------------------------------------------------


def test_no_claim_during_the_colour_draw_or_after_the_end() -> None:
    game = claim_on_turn(1, colour_assignment="random")
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    assert not state.claim_open(0)
    play(state, Colours((1, 2, 3, 4), (5, 6, 7, 8), 9))
    assert state.claim_open(0)
    assert state.claim_time_limit(0) == 60
    over = play(claim_on_turn(1).new_initial_state(), Claim(Board(SOLUTION), 0))
    assert over.result is not None
    assert (over.current_player(), over.turn_number(0)) == (TERMINAL, 1)
    assert not over.claim_open(0)
    assert not over.claim_open(1)
    assert over.open_actions(0) == ()


def test_no_claim_at_the_observer_s_node() -> None:
    game = claim_on_turn(3, enforcement="tabletop", observer=0.5)
    state = play(game.new_initial_state(), Place(1, 5, 1), Place(9, 9, 5), Place(1, 1, 1))
    play(state, Place(9, 8, 6))
    assert state.current_player() == CHANCE
    assert not state.claim_open(0)
    play(state, Silent())
    assert state.claim_open(0)
