"""Sumodoku games played through the engine, every step held to the spec (SU-1..SU-15).

:class:`dokuspec.verify.sumodoku.play.PlayChecker` replays each game on its
own, judging every placement and claim by the spec model, and checks the
engine's state after every action: valid moves, "no valid move", the claim
window and its judgement, the 81 pieces, pointing out, finding a mistake and
the observer. Games are played by a seeded random policy
(:func:`~dokuspec.verify.sumodoku.games.play_checked`) and by a Hypothesis
state machine that makes every choice itself (so failures shrink to short
games), in every mode and variant (:func:`~dokuspec.verify.sumodoku.strategies.game_options`).
Planted faults in the engine show that the checks catch them.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from helpers import examples
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import dokuspec.engine.sumodoku as engine
from dokuspec.engine.base import CHANCE, IllegalActionError, JSONValue
from dokuspec.engine.sumodoku import (
    Claim,
    Concede,
    FindMistake,
    Place,
    PointOut,
    Sumodoku,
    SumodokuState,
)
from dokuspec.sumodoku import Board, Piece, check
from dokuspec.verify.sumodoku import (
    ClaimError,
    MoveError,
    PieceConservationError,
    PlayChecker,
    PlayCheckError,
    TabletopError,
    check_claims,
    play_checked,
)
from dokuspec.verify.sumodoku.strategies import game_options

FAST = settings(
    settings.default,
    phases=[p for p in settings.default.phases if p is not Phase.explain],
)

# -- seeded random games -------------------------------------------------------------------------


@settings(FAST, max_examples=examples(0.2))
@given(game_options(), st.integers(0, 2**32 - 1), st.sampled_from([0.0, 0.1, 0.3]))
def test_random_games_in_every_mode_and_variant_follow_the_spec(
    options: dict[str, JSONValue], seed: int, mistakes: float
) -> None:
    checker = play_checked(options, seed, seed + 1, mistakes=mistakes, claims=0.2)
    assert checker.state.is_terminal() or checker.claimed is not None


@settings(FAST, max_examples=examples(0.2))
@given(game_options(with_variants=False), st.integers(0, 2**32 - 1))
def test_a_completion_exists_exactly_when_both_solvers_say_so(
    options: dict[str, JSONValue], seed: int
) -> None:
    options = {**options, "claim_window": [1, 81], "claim_time_limits": [[1, 81, 60]]}
    checker = play_checked(options, seed, seed, mistakes=0.2, claims=0.0, max_steps=30)
    state = checker.state
    if state.is_terminal() or state.current_player() == CHANCE:
        return
    assert check_claims(checker, backends=("sat", "z3")) in ("completable", "impossible")


def test_the_default_game_reaches_every_check() -> None:
    # Tabletop with an attentive observer and an early window: mistakes, removals, claims.
    options: dict[str, JSONValue] = {
        "enforcement": "tabletop",
        "observer": 0.5,
        "claim_window": [3, 30],
        "claim_time_limits": [[3, 30, 60]],
    }
    reasons = set()
    removed = 0
    for seed in range(4):
        checker = play_checked(options, seed, seed, mistakes=0.3, claims=0.3)
        removed += sum(checker.ledger.out)
        result = checker.state.result
        reasons.add(None if result is None else result.reason)
    assert removed > 0
    assert {"claim-succeeded", "claim-failed"} & reasons


# -- the state machine ---------------------------------------------------------------------------


class SumodokuGame(RuleBasedStateMachine):
    """One game, every choice made by Hypothesis, checked after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.checker: PlayChecker | None = None

    @initialize(options=game_options(), seed=st.integers(0, 2**32 - 1))
    def start(self, options: dict[str, JSONValue], seed: int) -> None:
        self.checker = PlayChecker(Sumodoku(**options).new_initial_state(seed))

    @property
    def state(self) -> SumodokuState:
        assert self.checker is not None
        return self.checker.state

    def playing(self) -> bool:
        return self.checker is not None and self.state.current_player() >= 0

    @precondition(lambda self: self.checker is not None and self.state.is_chance_node())
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        outcomes = [action for action, _ in self.state.chance_outcomes()]
        assert self.checker is not None
        self.checker.apply(data.draw(st.sampled_from(outcomes)))

    @precondition(playing)
    @rule(data=st.data(), steps=st.integers(1, 12))
    def place_valid(self, data: st.DataObject, steps: int) -> None:
        """Up to ``steps`` valid placements (chance outcomes between them drawn too)."""
        assert self.checker is not None
        for _ in range(steps):
            if self.state.is_chance_node():
                self.chance(data)
                continue
            if not self.playing():
                return
            moves = self.state.valid_moves(self.state.current_player())
            legal = [m for m in moves if m in self.state.legal_actions()]
            if not legal:
                return
            self.checker.apply(data.draw(st.sampled_from(legal)))

    @precondition(playing)
    @rule(data=st.data())
    def place_invalid(self, data: st.DataObject) -> None:
        """A placement the rules forbid: played in tabletop, refused in strict play (SU-4)."""
        assert self.checker is not None
        player = self.state.current_player()
        hand = self.state.hand(player)
        valid = set(self.state.valid_moves(player))
        empty = self.state.board.empty_cells()
        wrong = [
            Place(i // 9 + 1, i % 9 + 1, k)
            for i in empty
            for k in range(1, 10)
            if hand[k - 1] and Place(i // 9 + 1, i % 9 + 1, k) not in valid
        ]
        if not wrong:
            return
        action = data.draw(st.sampled_from(wrong))
        with contextlib.suppress(IllegalActionError):  # refused, as the checker agreed
            self.checker.apply(action)

    @precondition(playing)
    @rule(data=st.data())
    def point_out_or_find(self, data: st.DataObject) -> None:
        actions = [a for a in self.state.legal_actions() if isinstance(a, (PointOut, FindMistake))]
        if actions:
            assert self.checker is not None
            self.checker.apply(data.draw(st.sampled_from(actions)))

    @precondition(playing)
    @rule()
    def concede(self) -> None:
        if Concede() in self.state.legal_actions():
            assert self.checker is not None
            self.checker.apply(Concede())

    @precondition(playing)
    @rule(late=st.booleans(), swap=st.booleans(), claim=st.booleans())
    def claim_with_the_solvers_filling(self, late: bool, swap: bool, claim: bool) -> None:
        """Claims tried on copies (in time, late, two pieces swapped), then maybe for real."""
        checker = self.checker
        assert checker is not None
        player = self.state.current_player()
        position = checker.position()
        verdict = check(position)
        filling = verdict.completion or Board(bytes(v or 1 for v in position.board.cells))
        if swap:
            filling = _swap(filling, position.board)
        limit = self.state.claim_time_limit(player)
        seconds = (limit or 0.0) + 1.0 if late else 0.0
        if not checker.claim_open(player):
            assert checker.try_claim(filling, seconds) is None  # refused: outside the window
            return
        checker.try_claim(filling, seconds)
        if claim:
            checker.apply(Claim(filling, seconds))

    @precondition(playing)
    @rule()
    def claims_against_the_solvers(self) -> None:
        assert self.checker is not None
        if self.checker.claim_open(self.state.current_player()):
            check_claims(self.checker, backends=("sat",))

    @rule()
    def look(self) -> None:
        """Nothing changes (the only rule left once the game is over)."""
        if self.checker is not None:
            self.checker.check()

    @invariant()
    def checked(self) -> None:
        if self.checker is not None:
            self.checker.check()


class ObservedGame(SumodokuGame):
    """Tabletop games with an observer who always acts (SU-9)."""

    @initialize(seed=st.integers(0, 2**32 - 1))
    def start(self, seed: int) -> None:  # type: ignore[override]
        options: dict[str, JSONValue] = {"enforcement": "tabletop", "observer": 1}
        self.checker = PlayChecker(Sumodoku(**options).new_initial_state(seed))


def _swap(filling: Board, board: Board) -> Board:
    cells = bytearray(filling.cells)
    empty = board.empty_cells()
    for a in empty:
        for b in empty:
            if cells[a] != cells[b]:
                cells[a], cells[b] = cells[b], cells[a]
                return Board(bytes(cells))
    return filling


def _machine_settings(count: float) -> settings:
    return settings(
        FAST,
        max_examples=examples(count),
        stateful_step_count=15,
        deadline=None,
    )


@pytest.mark.slow
def test_random_games_keep_every_invariant() -> None:
    run_state_machine_as_test(SumodokuGame, settings=_machine_settings(0.3))


# -- planted faults ------------------------------------------------------------------------------


def _catch(error: type[PlayCheckError], match: str, options: dict[str, Any], **play: Any) -> None:
    """Some seeded game with ``options`` fails with ``error``."""
    with pytest.raises(error, match=match):
        for seed in range(40):
            play_checked(options, seed, seed + 7, **play)


def test_a_dropped_box_check_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = engine.game._unit_cells

    def no_boxes(x: bool) -> tuple[tuple[int, ...], ...]:
        units = lines(x)
        return units[:18] + units[27:]

    monkeypatch.setattr(engine.game, "_unit_cells", no_boxes)
    monkeypatch.setattr(engine.game, "_rules", engine.game._rules.__wrapped__)  # uncached
    _catch(MoveError, "valid moves", {}, claims=0.0)


def test_an_ignored_diagonal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = engine.game._unit_cells
    monkeypatch.setattr(engine.game, "_unit_cells", lambda x: lines(x)[:-1])  # no anti-diagonal
    monkeypatch.setattr(engine.game, "_rules", engine.game._rules.__wrapped__)  # uncached
    _catch(MoveError, "valid moves", {"x": True}, claims=0.0)


def test_a_claim_window_off_by_one_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    opened = SumodokuState._claim_open

    def one_early(self: SumodokuState, player: int) -> bool:
        self._turns[player] += 1
        try:
            return opened(self, player)
        finally:
            self._turns[player] -= 1

    monkeypatch.setattr(SumodokuState, "_claim_open", one_early)
    _catch(ClaimError, "window", {}, claims=0.0)


def test_a_wrong_count_after_an_observer_removal_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    observe = SumodokuState._observe

    def back_to_supply(self: SumodokuState, cell: int) -> None:
        colour = self._cells[cell]
        observe(self, cell)
        self._out[colour] -= 1  # the piece is not put out of the game (SU-9)

    monkeypatch.setattr(SumodokuState, "_observe", back_to_supply)
    options = {"enforcement": "tabletop", "observer": 1}
    _catch(PieceConservationError, "out of the game", options, mistakes=0.5, claims=0.0)


def test_a_claim_accepted_with_a_wrong_filling_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(engine.state, "violations", lambda board, variants=None: [])
    options = {"claim_window": [2, 40], "claim_time_limits": [[2, 40, 60]]}
    _catch(ClaimError, "the rules say .1, 'claim-failed'.", options, claims=0.5)


def test_the_state_machine_catches_a_planted_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    observe = SumodokuState._observe

    def back_to_supply(self: SumodokuState, cell: int) -> None:
        colour = self._cells[cell]
        observe(self, cell)
        self._out[colour] -= 1

    monkeypatch.setattr(SumodokuState, "_observe", back_to_supply)
    with pytest.raises(PieceConservationError):
        run_state_machine_as_test(
            ObservedGame,
            settings=settings(_machine_settings(3.0), phases=[Phase.generate], database=None),
        )


def test_a_piece_placed_on_a_hole_is_checked() -> None:
    # An observer removal leaves a hole a valid placement may fill (SU-9).
    options: dict[str, JSONValue] = {"enforcement": "tabletop", "observer": 1}
    state = Sumodoku(**options).new_initial_state(0)
    checker = PlayChecker(state)
    checker.apply(Place(1, 1, 1))
    checker.apply(Place(9, 9, 5))
    checker.apply(Place(1, 2, 1))  # invalid: two 1s in row 1
    checker.apply(Place(8, 8, 6))  # Player 2 lets it pass
    checker.apply(state.chance_outcomes()[0][0])  # the observer removes it
    assert state.out[0] == 1 and state.board[1, 2] == 0
    assert Piece(1, 2, 1) not in state.unnoticed()
    checker.apply(Place(1, 2, 2))  # the hole, filled validly
    assert state.board[1, 2] == 2


def first_line(error: BaseException) -> str:
    """The problem a checker names, without the position it adds."""
    return str(error).splitlines()[0]


def _a_mistake(options: dict[str, JSONValue]) -> tuple[PlayChecker, SumodokuState]:
    """Player 1 places r1c1=1, Player 2 r9c9=5, Player 1 r1c2=1: a mistake (row 1)."""
    state = Sumodoku(**options).new_initial_state(0)
    checker = PlayChecker(state)
    checker.apply(Place(1, 1, 1))
    checker.apply(Place(9, 9, 5))
    return checker, state


def test_an_observer_acting_before_the_opponent_may_point_out_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SU-9 as it read before its revision: the observer acts right after the mistake."""
    monkeypatch.setattr(SumodokuState, "_passed", lambda self: list(self._mistakes))
    checker, _ = _a_mistake({"enforcement": "tabletop", "observer": 1})
    with pytest.raises(TabletopError) as caught:
        checker.apply(Place(1, 2, 1))
    assert first_line(caught.value).endswith(
        ": after place colour 1 on r1c2 the observer acts; the mistakes let pass are [] (SU-9)"
    )


def test_finding_one_s_own_mistake_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """SU-8 as it read before its revision: a player may find their own mistake."""
    monkeypatch.setattr(SumodokuState, "_may_find", lambda self, player, cell: cell != self._moment)
    checker, _ = _a_mistake({"enforcement": "tabletop"})
    checker.apply(Place(1, 2, 1))
    with pytest.raises(TabletopError) as caught:
        checker.apply(Place(8, 8, 6))
    assert first_line(caught.value).endswith(
        ": engine player 0 may point out [] and find [(1, 2)]; the unnoticed invalid "
        "placements are ['r1c2=1'], the last move's None, own mistakes not found "
        "(SU-7, SU-8, ruling SU-21)"
    )
    # with own_mistake_wins, the same game is the rules'
    checker, _ = _a_mistake({"enforcement": "tabletop", "own_mistake_wins": True})
    checker.apply(Place(1, 2, 1))
    checker.apply(Place(8, 8, 6))
    checker.apply(FindMistake(1, 2))


SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"


def test_a_removed_piece_counted_as_placed_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """SU-5 with SU-9 revised: Player 1's 4 on r2c4 (box 2 holds r1c6=4) passes and is
    removed; Player 1's 40th placement then wins nothing. Planted: the engine forgets the
    removal and lets it win."""
    observe = SumodokuState._observe

    def forgotten(self: SumodokuState, cell: int) -> None:
        observe(self, cell)
        self._removed = [0, 0]

    monkeypatch.setattr(SumodokuState, "_observe", forgotten)
    pieces = [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION)]
    nines = [p for p in pieces if p[2] == 9]
    ones = [p for p in pieces if p[2] in (1, 2, 3, 4)] + nines[:4]
    twos = [p for p in pieces if p[2] in (5, 6, 7, 8)] + nines[4:8]
    mine = [ones[0], (2, 4, 4), *(p for p in ones[1:] if p != [q for q in ones if q[2] == 4][-1])]

    def play() -> SumodokuState:
        state = Sumodoku(enforcement="tabletop", observer=1).new_initial_state(0)
        checker = PlayChecker(state)
        for a, b in zip(mine, twos, strict=True):
            for piece in (a, b):
                checker.apply(Place(*piece))
                if state.current_player() == CHANCE:
                    checker.apply(state.chance_outcomes()[0][0])
        return state

    with pytest.raises(PlayCheckError) as caught:
        play()
    assert first_line(caught.value).endswith(
        ": engine player 0 won with all pieces played (SU-5) holding (0, 0, 0, 0, 0, 0, 0, 0, "
        "0), 1 of theirs removed by the observer (SU-9)"
    )
    monkeypatch.undo()
    result = play().result
    assert result is not None
    assert (result.winner, result.reason) == (1, "all-pieces-played")
