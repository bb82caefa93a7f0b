"""The engine's plays judged by the spec: colour priority, the Sudoku check and reveals.

:func:`check_engine_plays` plays games of :mod:`dokuspec.engine.twodoku` and,
before every play, works out from the spec's readings of the rules
(:mod:`dokuspec.spec.twodoku.positions`:
:func:`~dokuspec.spec.twodoku.positions.allowed_squares` for TD-7,
:func:`~dokuspec.spec.twodoku.positions.visible_clashes` and
:func:`~dokuspec.spec.twodoku.positions.face_down_peers` for TD-8) what the play
must do on the full position (face-down digits known): be refused as
``not-allowed`` (ruling TD-17), fail as a ``clash`` with a face-up domino
(nothing revealed), fail as a ``hidden-clash`` (and then the next node is a
chance node revealing each clashing face-down domino with the same
probability, and only those), or be ``placed``. The engine's event and
chance outcomes must match; after a reveal the domino lies face up with the
played digit. At the end of the game its result must be TD-10's reading of
the final position (:func:`check_result`). Any difference raises
:class:`EngineCheckError`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction

from dokuspec.engine.base import CHANCE, Action
from dokuspec.engine.twodoku import PlayDomino, Reveal, TwoDoku, TwoDokuState
from dokuspec.errors import DiscrepancyError
from dokuspec.spec.twodoku import positions as spec
from dokuspec.vocabulary.twodoku import PLAYERS, Play, Position, Square

__all__ = [
    "EngineCheckError",
    "careful_policy",
    "check_engine_plays",
    "check_result",
    "expected_play",
]


class EngineCheckError(DiscrepancyError):
    """The engine did something the spec's reading of TD-7 or TD-8 does not allow."""


def expected_play(
    position: Position, player: str, square: Square, digit: int
) -> tuple[str, tuple[Square, ...]]:
    """What playing ``digit`` on ``square`` must do, by the spec's readings of TD-7, TD-8, TD-17.

    Args:
        position: the full position (every face-down digit known).
        player: ``"red"`` or ``"blue"``.
        square: an empty square.
        digit: 1-9.

    Returns:
        ``(result, revealable)``: one of the :data:`~dokuspec.vocabulary.twodoku.PLAY_RESULTS`,
        and for ``"hidden-clash"`` the face-down dominoes of that digit in the
        square's row, column or box (one of which is revealed), else ``()``.
    """
    colouring = position.colouring
    empty = [s.index for s in position.empty_squares()]
    _, allowed = spec.allowed_squares(
        empty,
        [s.index for s in colouring.of(player)],
        [s.index for s in colouring.of(PLAYERS[1 - PLAYERS.index(player)])],
    )
    if square.index not in allowed:
        return "not-allowed", ()
    face_up = {s.index: d for s, d in position.face_up.items()}
    if spec.visible_clashes(face_up, square.index, digit):
        return "clash", ()
    down = {f.square.index: f.digit for f in position.face_down}
    peers = spec.face_down_peers(down, square.index)
    clashing = tuple(Square.from_index(i) for i in peers if down[i] == digit)
    return ("hidden-clash", clashing) if clashing else ("placed", ())


def careful_policy(aim: float) -> Callable[[TwoDokuState, random.Random], Action]:
    """A player who, with chance ``aim``, plays where TD-7 allows and nothing face up clashes.

    Otherwise (and outside the play phase) any legal action, uniformly. Careful
    plays run into face-down dominoes, so games reach hidden clashes and reveals.
    """

    def choose(state: TwoDokuState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if state.phase == "play" and rng.random() < aim:
            player = state.current_player()
            allowed = set(state.allowed_squares(player))
            face_up = state.position().face_up
            careful = [
                a
                for a in actions
                if isinstance(a, PlayDomino)
                and a.square in allowed
                and all(face_up.get(p) != a.digit for p in a.square.peers)
            ]
            if careful:
                return rng.choice(careful)
        return rng.choice(actions)

    return choose


def check_engine_plays(
    seed: int, policy_seed: int, *, aim: float = 0.8, options: dict[str, int] | None = None
) -> tuple[int, int]:
    """Play one game; check every play's outcome, every reveal and the result against the spec.

    Args:
        seed: the game's seed (its chance outcomes).
        policy_seed: the seed of the players' choices (:func:`careful_policy`).
        aim: how often a player makes a careful play.
        options: engine options (``{"max_turns": 50}``).

    Returns:
        ``(plays, reveals)``: how many plays and reveals were checked.

    Raises:
        EngineCheckError: an outcome the spec does not allow, naming the play.
    """
    state = TwoDoku(**(options or {})).new_initial_state(seed)
    rng = random.Random(policy_seed)
    choose = careful_policy(aim)
    plays = reveals = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome())
            continue
        action = choose(state, rng)
        if not isinstance(action, PlayDomino):
            state.apply_action(action)
            continue
        player = PLAYERS[state.current_player()]
        before = state.position()
        result, revealable = expected_play(before, player, action.square, action.digit)
        state.apply_action(action)
        plays += 1
        where = f"game {seed}/{policy_seed}, turn {state.turns}: {player} plays {action}"
        event = state.events()[-1] if result != "hidden-clash" else None
        if result == "hidden-clash":
            _check_reveal(state, where, revealable, action)
            reveals += 1
            event = state.events()[-1]
        if not (isinstance(event, Play) and event.result == result):
            raise EngineCheckError(f"{where}: the spec says {result}, the engine recorded {event}")
    check_result(state, f"game {seed}/{policy_seed}")
    return plays, reveals


def check_result(state: TwoDokuState, where: str = "the game") -> None:
    """Check a finished game's result against TD-10 read on its final position.

    The pile sums and the pot's sum are added up from the position's
    dominoes; the lower pile sum wins, scoring the loser's pile sum plus the
    pot's sum, the loser 0; equal sums are a draw, 0-0. The returns are the
    winner's score, zero-sum.

    Raises:
        EngineCheckError: the game is not over, or its result differs.
    """
    result = state.result()
    if result is None:
        raise EngineCheckError(f"{where}: the game is over but has no result")
    position = state.position()
    if position.red is None or position.blue is None:
        raise EngineCheckError(f"{where}: the final position does not show both piles")
    sums = (position.red.total, position.blue.total)
    pot = position.pot.total
    if sums[0] == sums[1]:
        winner, scores = None, (0, 0)
    elif sums[0] < sums[1]:
        winner, scores = "red", (sums[1] + pot, 0)
    else:
        winner, scores = "blue", (0, sums[0] + pot)
    expected = (winner, scores, sums, pot)
    found = (result.winner, result.scores, result.pile_sums, result.pot_sum)
    if found != expected:
        raise EngineCheckError(
            f"{where}: TD-10 on piles {position.red} / {position.blue} and pot {position.pot} "
            f"gives (winner, scores, pile sums, pot sum) {expected}; the engine's result {found}"
        )
    score = max(scores)
    returns = (0, 0) if winner is None else (score, -score) if winner == "red" else (-score, score)
    if tuple(state.returns()) != returns:
        raise EngineCheckError(f"{where}: returns {state.returns()}, TD-10 gives {returns}")


def _check_reveal(
    state: TwoDokuState, where: str, revealable: Sequence[Square], action: PlayDomino
) -> None:
    if state.current_player() != CHANCE:
        raise EngineCheckError(f"{where}: a hidden clash, but no reveal follows")
    outcomes = dict(state.chance_outcomes())
    expected = {Reveal(square): Fraction(1, len(revealable)) for square in revealable}
    if outcomes != expected:
        shown = ", ".join(f"{a} {p}" for a, p in outcomes.items())
        raise EngineCheckError(
            f"{where}: the spec reveals one of {', '.join(map(str, revealable))} uniformly; "
            f"the engine offers {shown}"
        )
    reveal = state.sample_chance_outcome()
    state.apply_action(reveal)
    assert isinstance(reveal, Reveal)
    shown_digit = state.position().face_up.get(reveal.square)
    if shown_digit != action.digit:
        raise EngineCheckError(
            f"{where}: {reveal.square} was revealed showing {shown_digit}, not {action.digit}"
        )
