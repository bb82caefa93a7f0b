"""Cross-checks of Two-Doku's position queries: brute force, a plain simulator, each other.

The public queries (:mod:`dokuspec.twodoku.positions`) answer from the
facts and models of :mod:`dokuspec.spec.twodoku.positions`. They are held
to a second reading of the rules, in plain Python that uses neither the
spec nor a solver: the simulator and brute force of
:mod:`dokuspec.verify.twodoku.simulator`, and :func:`sudoku_completion`, a
plain depth-first Sudoku solver.

Each check raises a :class:`PositionCheckError` (an :class:`AssertionError`)
naming the view or position and both answers when two readings disagree:

* :func:`check_inference`: the possible digits of every face-down domino and
  the verdict on planned plays, by each backend, against each other, against
  the brute force (when few dominoes are face down), against the truth (when
  known), and every witness replayed;
* :func:`check_valid_plays`: :func:`~dokuspec.twodoku.positions.valid_plays`
  against a direct reading of TD-7 and TD-8;
* :func:`check_completable`: each backend's answers against the other, its
  completion against the Sudoku rule, its counterexample against the
  solver here, and, with few face-down digits unknown, against a brute force.

:func:`check_engine_game` runs the checks along a random game of the engine
(:mod:`dokuspec.engine.twodoku`), whose views and positions are then a
third, independent source, and holds the engine's TD-7 squares to
:func:`~dokuspec.twodoku.positions.allowed_squares`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from dokuspec.engine import twodoku as engine
from dokuspec.engine.base import CHANCE
from dokuspec.errors import DiscrepancyError
from dokuspec.twodoku import completion as public_completion
from dokuspec.twodoku import inference as public_inference
from dokuspec.twodoku import positions as public
from dokuspec.verify.twodoku.simulator import (
    _PEERS,
    _initial_face_down,
    _may_play,
    _opponent_pile,
    brute_face_down,
    replay_fits,
)
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    RED,
    UNITS,
    Position,
    Square,
    View,
)

__all__ = [
    "BACKENDS",
    "InferenceError",
    "PositionCheckError",
    "UndecidedError",
    "brute_completable",
    "brute_position_digits",
    "check_completable",
    "check_engine_game",
    "check_inference",
    "check_valid_plays",
    "sudoku_completion",
]

BACKENDS: tuple[public.BackendName, ...] = ("sat", "z3")
"""The backends every check runs on by default."""


class PositionCheckError(DiscrepancyError):
    """Two readings of a Two-Doku position or view disagree."""


class InferenceError(PositionCheckError):
    """The face-down digits or a planned play are judged differently (TD-8, TD-11)."""


class UndecidedError(Exception):
    """The plain Sudoku solver gave up (its node limit), so nothing is checked."""


# -- a plain Sudoku solver -------------------------------------------------------------------------

_UNIT_INDICES = tuple(tuple(s.index for s in unit) for unit in UNITS)
_PEER_INDICES = tuple(tuple(sorted(s.index for s in _PEERS[q])) for q in ALL_SQUARES)


def sudoku_completion(cells: Mapping[int, int], *, node_limit: int = 200_000) -> list[int] | None:
    """A full valid Sudoku board extending ``cells`` (square index -> digit), or ``None``.

    Depth-first search, filling the empty square with the fewest candidates
    first.

    Raises:
        UndecidedError: more than ``node_limit`` search nodes were needed.
    """
    board = [0] * 81
    for index, digit in cells.items():
        board[index] = digit
    for index, digit in cells.items():
        if any(board[p] == digit for p in _PEER_INDICES[index]):
            return None
    nodes = [0]

    def candidates(index: int) -> list[int]:
        used = {board[p] for p in _PEER_INDICES[index]}
        return [d for d in range(1, 10) if d not in used]

    def search() -> bool:
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise UndecidedError(f"more than {node_limit} nodes")
        best: tuple[int, list[int]] | None = None
        for index in range(81):
            if board[index] == 0:
                options = candidates(index)
                if best is None or len(options) < len(best[1]):
                    best = (index, options)
                    if len(options) <= 1:
                        break
        if best is None:
            return True
        index, options = best
        for digit in options:
            board[index] = digit
            if search():
                return True
        board[index] = 0
        return False

    return board if search() else None


def _is_completion(board: Mapping[Square, int], fixed: Mapping[Square, int]) -> bool:
    if len(board) != 81 or any(board.get(s) != d for s, d in fixed.items()):
        return False
    return all(sorted(board[s] for s in unit) == list(range(1, 10)) for unit in UNITS)


# -- checks ----------------------------------------------------------------------------------------


def _planned_plays(view: View | Position, player: str, limit: int = 40) -> list[tuple[Square, int]]:
    """Plays worth asking about: empty squares near face-down dominoes, every digit."""
    down = [f.square for f in view.face_down]
    empty = [
        s
        for s in ALL_SQUARES
        if s not in view.face_up and s not in down and any(s in _PEERS[d] for d in down)
    ]
    del player
    plays = [(s, d) for s in empty for d in range(1, 10)]
    return plays[:: max(1, len(plays) // limit)][:limit]


def _brute_verdict(
    view: View, square: Square, digit: int, worlds: Sequence[Mapping[Square, int]]
) -> str:
    down = {f.square for f in view.face_down}
    empty = [s for s in ALL_SQUARES if s not in view.face_up and s not in down]
    if square not in _may_play(
        frozenset(view.red_squares), frozenset(view.blue_squares), empty, view.player
    ):
        return "not-allowed"
    if any(view.face_up.get(p) == digit for p in _PEERS[square]):
        return "clash"
    clashes = [any(world.get(p) == digit for p in _PEERS[square]) for world in worlds]
    if all(clashes):
        return "hidden-clash"
    return "uncertain" if any(clashes) else "safe"


def _fail(cls: type[PositionCheckError], subject: View | Position, message: str) -> None:
    raise cls(f"{message}\nthe case: {subject}")


def check_inference(
    view: View,
    *,
    truth: Mapping[Square, int] | None = None,
    backends: Sequence[public.BackendName] = BACKENDS,
    brute_force_up_to: int = 3,
) -> public_inference.Inference:
    """Check :func:`~dokuspec.twodoku.inference.infer_face_down` on ``view``.

    On each backend: every witness fits the view (:func:`replay_fits`) and
    holds the digit it witnesses; the planned plays' witnesses show what
    they claim; the true digits (``truth``, by square) are possible; the
    backends agree on every domino and every planned play. With at most
    ``brute_force_up_to`` dominoes still face down, the possible digits and
    the verdicts are exactly those of :func:`brute_face_down`.

    Returns:
        The first backend's answer.

    Raises:
        InferenceError: a disagreement (the message names it and the view).
    """
    plays = _planned_plays(view, view.player)
    answers = [public_inference.infer_face_down(view, plays=plays, backend=b) for b in backends]
    placed = _initial_face_down(view)
    for backend, answer in zip(backends, answers, strict=True):
        if not answer.complete:
            _fail(InferenceError, view, f"{backend}: undecided digits without a budget")
        for domino in answer.dominoes:
            for digit, witness in domino.witnesses.items():
                _check_witness(view, placed, witness, f"{backend}: {domino.square}={digit}")
                if witness.face_down[domino.square] != digit:
                    _fail(InferenceError, view, f"{backend}: the witness of {domino.square}="
                          f"{digit} gives it {witness.face_down[domino.square]}")  # fmt: skip
            if truth is not None and truth[domino.square] not in domino.possible:
                _fail(InferenceError, view, f"{backend}: {domino.square} holds "
                      f"{truth[domino.square]} but it is called impossible")  # fmt: skip
        for play in answer.plays:
            for world, clash in ((play.succeeds, False), (play.fails, True)):
                if world is None:
                    continue
                _check_witness(view, placed, world, f"{backend}: play {play.square}={play.digit}")
                hit = any(world.face_down.get(p) == play.digit for p in _PEERS[play.square])
                if hit != clash:
                    _fail(InferenceError, view, f"{backend}: a witness of play {play.square}="
                          f"{play.digit} shows the wrong outcome")  # fmt: skip
    first = answers[0]
    summary = _summary(first)
    for backend, answer in zip(backends[1:], answers[1:], strict=True):
        if _summary(answer) != summary:
            _fail(InferenceError, view, f"{backends[0]} and {backend} disagree:\n"
                  f"{summary}\n{_summary(answer)}")  # fmt: skip
    if len(view.face_down) <= brute_force_up_to:
        worlds = brute_face_down(view)
        expected = {f.square: tuple(sorted({w[f.square] for w in worlds})) for f in view.face_down}
        got = {d.square: d.possible for d in first.dominoes}
        if got != expected:
            _fail(InferenceError, view, f"possible digits {got}, brute force {expected}")
        for play in first.plays:
            verdict = _brute_verdict(view, play.square, play.digit, worlds)
            if play.verdict != verdict:
                _fail(InferenceError, view, f"play {play.digit} on {play.square}: "
                      f"{play.verdict}, brute force {verdict}")  # fmt: skip
    return first


def _summary(answer: public_inference.Inference) -> list[tuple[object, ...]]:
    return [(d.square, d.possible, d.impossible) for d in answer.dominoes] + [
        (p.square, p.digit, p.verdict) for p in answer.plays
    ]


def _check_witness(
    view: View,
    placed: Mapping[Square, int | None],
    witness: public_inference.Witness,
    what: str,
) -> None:
    guess = {s: d for s, d in placed.items() if d is not None}
    guess.update(witness.face_down)
    if set(guess) != set(placed) or witness.opponent_pile is None:
        _fail(InferenceError, view, f"{what}: the witness does not cover the face-down dominoes")
    assert witness.opponent_pile is not None
    problem = replay_fits(view, guess, witness.opponent_pile)
    if problem is not None:
        _fail(InferenceError, view, f"{what}: the witness does not fit: {problem}")


def check_valid_plays(subject: View | Position, player: str | None = None) -> public.ValidPlays:
    """Check :func:`~dokuspec.twodoku.positions.valid_plays` against a direct reading of TD-7, TD-8.

    Raises:
        PositionCheckError: a disagreement.
    """
    answer = public.valid_plays(subject, player)
    who = answer.player
    if isinstance(subject, View):
        red, blue = subject.red_squares, subject.blue_squares
    else:
        red, blue = subject.colouring.red, subject.colouring.blue
    down = {f.square for f in subject.face_down}
    empty = [s for s in ALL_SQUARES if s not in subject.face_up and s not in down]
    own = red if who == RED else blue
    if any(s in own for s in empty):
        allowed = [s for s in empty if s in own]
    elif any(s not in red and s not in blue for s in empty):
        allowed = [s for s in empty if s not in red and s not in blue]
    else:
        allowed = empty
    expected_plays = {}
    expected_clashes = []
    for digit in answer.pile.distinct():
        free = []
        for square in allowed:
            against = tuple(
                s for s in ALL_SQUARES if s in _PEERS[square] and subject.face_up.get(s) == digit
            )
            if against:
                expected_clashes.append((square, digit, against))
            else:
                free.append(square)
        expected_plays[digit] = tuple(free)
    got_clashes = [(c.square, c.digit, c.against) for c in answer.clashes]
    if (
        list(answer.allowed) != allowed
        or dict(answer.plays) != expected_plays
        or got_clashes != sorted(expected_clashes)
    ):
        _fail(PositionCheckError, subject, f"valid_plays for {who}: {answer}, "
              f"direct reading: {allowed}, {expected_plays}, {expected_clashes}")  # fmt: skip
    return answer


def brute_position_digits(position: Position) -> list[dict[Square, int]]:
    """Every assignment of a position's unknown face-down digits within ten of each digit (TD-1).

    The dominoes in sight are those face up, face down with a digit, in the
    pot and in the piles that are known.
    """
    seen = _seen(position)
    unknown = [f.square for f in position.face_down if f.digit is None]
    return [
        dict(zip(unknown, digits, strict=True))
        for digits in itertools.product(range(1, 10), repeat=len(unknown))
        if _within_supply(seen, digits)
    ]


def _within_supply(seen: Counter[int], digits: Iterable[int]) -> bool:
    """Whether ``seen`` and ``digits`` together hold at most ten of each digit (TD-1)."""
    total = seen + Counter(digits)
    return max(total.values(), default=0) <= COPIES


def _seen(position: Position) -> Counter[int]:
    """The digits in sight in a position: face up, face down with a digit, pot, known piles."""
    seen = Counter(position.face_up.values())
    seen.update(f.digit for f in position.face_down if f.digit is not None)
    seen.update(position.pot)
    for pile in (position.red, position.blue):
        seen.update(pile or ())
    return seen


def brute_completable(subject: View | Position) -> tuple[bool, bool]:
    """``(some, every)`` by brute force: every consistent assignment, each solved plainly.

    The assignments are :func:`brute_face_down`'s for a view,
    :func:`brute_position_digits`'s for a position; each is handed with the
    board to :func:`sudoku_completion`.

    Raises:
        UndecidedError: the Sudoku solver gave up on some assignment.
    """
    worlds = (
        brute_face_down(subject) if isinstance(subject, View) else brute_position_digits(subject)
    )
    fixed = {s.index: d for s, d in subject.face_up.items()}
    fixed.update((f.square.index, f.digit) for f in subject.face_down if f.digit is not None)
    results = []
    for world in worlds:
        cells = dict(fixed)
        cells.update((s.index, d) for s, d in world.items())
        results.append(sudoku_completion(cells) is not None)
    return any(results), all(results)


def check_completable(
    subject: View | Position,
    *,
    backends: Sequence[public.BackendName] = BACKENDS,
    brute_force_up_to: int = 3,
) -> public_completion.Completability:
    """Check :func:`~dokuspec.twodoku.completion.completable` on ``subject``.

    On each backend: a completion is a full valid Sudoku keeping every
    domino (face-down ones with digits fitting the facts); a counterexample
    fits (for a view, :func:`replay_fits`) and the plain solver finds no
    completion with it. The backends agree wherever both decided. For a
    position with every digit known, and for a view with at most
    ``brute_force_up_to`` dominoes face down, the answers are those of the
    plain solver (skipped when it gives up).

    Raises:
        PositionCheckError: a disagreement.
    """
    answers = [public_completion.completable(subject, backend=b) for b in backends]
    fixed = dict(subject.face_up)
    fixed.update((f.square, f.digit) for f in subject.face_down if f.digit is not None)
    placed = _initial_face_down(subject) if isinstance(subject, View) else {}
    for backend, answer in zip(backends, answers, strict=True):
        if answer.completion is not None:
            if not _is_completion(answer.completion, fixed):
                _fail(PositionCheckError, subject, f"{backend}: not a completion")
            if isinstance(subject, View):
                hidden = {s: answer.completion[s] for s in answer.hidden}
                guess = {s: d for s, d in placed.items() if d is not None} | hidden
                opponent = _opponent_pile(subject, guess)
                if opponent is None or replay_fits(subject, guess, opponent) is not None:
                    _fail(PositionCheckError, subject, f"{backend}: completion's face-down "
                          "digits do not fit the view")  # fmt: skip
        if answer.counterexample is not None:
            cells = {s.index: d for s, d in fixed.items()}
            cells.update((s.index, d) for s, d in answer.counterexample.items())
            try:
                solved = sudoku_completion(cells)
            except UndecidedError:
                solved = None
            if solved is not None:
                _fail(PositionCheckError, subject, f"{backend}: the counterexample completes")
            if isinstance(subject, Position):
                if not _within_supply(_seen(subject), answer.counterexample.values()):
                    _fail(PositionCheckError, subject, f"{backend}: the counterexample breaks "
                          "the ten of each digit")  # fmt: skip
            else:
                guess = {s: d for s, d in placed.items() if d is not None}
                guess |= dict(answer.counterexample)
                opponent = _opponent_pile(subject, guess)
                if opponent is None or replay_fits(subject, guess, opponent) is not None:
                    _fail(PositionCheckError, subject, f"{backend}: the counterexample does "
                          "not fit the view")  # fmt: skip
        if answer.some == "unknown" or (answer.every == "unknown" and answer.some != "yes"):
            _fail(PositionCheckError, subject, f"{backend}: unknown without a budget")
    for backend, answer in zip(backends[1:], answers[1:], strict=True):
        for name in ("some", "every"):
            mine, theirs = getattr(answers[0], name), getattr(answer, name)
            if "unknown" not in (mine, theirs) and mine != theirs:
                _fail(PositionCheckError, subject, f"{name}: {backends[0]} {mine}, "
                      f"{backend} {theirs}")  # fmt: skip
    first = answers[0]
    try:
        if not first.hidden:
            cells = {s.index: d for s, d in fixed.items()}
            expected = "yes" if sudoku_completion(cells) is not None else "no"
            if first.some != expected or first.every != expected:
                _fail(PositionCheckError, subject, f"completable {first.some}, "
                      f"plain solver {expected}")  # fmt: skip
        elif len(first.hidden) <= brute_force_up_to:
            some, every = brute_completable(subject)
            words = {True: "yes", False: "no"}
            if first.some != words[some] or first.every not in (words[every], "unknown"):
                _fail(PositionCheckError, subject, f"some {first.some}, every {first.every}; "
                      f"brute force {some}, {every}")  # fmt: skip
    except UndecidedError:
        pass
    return first


def check_engine_game(
    seed: int,
    policy_seed: int,
    *,
    every: int = 3,
    aim: float = 0.85,
    backends: Sequence[public.BackendName] = ("sat",),
    brute_force_up_to: int = 2,
) -> int:
    """Play one engine game at random, checking the position queries along the way.

    Chance outcomes come from the state's seed; the players choose among
    their legal actions with a generator seeded by ``policy_seed``: with
    chance ``aim`` a play that TD-7 allows and no face-up domino clashes
    with (when there is one), otherwise any legal action, uniformly.
    Every ``every`` steps of the play phase (and at the end), for both
    players: :func:`check_inference` on the player's view with the engine's
    face-down digits as the truth, :func:`check_valid_plays`, and the
    engine's :meth:`~dokuspec.engine.twodoku.TwoDokuState.allowed_squares`
    against :func:`~dokuspec.twodoku.positions.allowed_squares`; at the end,
    :func:`check_completable` on the full position.

    Returns:
        How many states were checked.

    Raises:
        PositionCheckError: a disagreement.
    """
    state = engine.TwoDoku().new_initial_state(seed)
    rng = random.Random(policy_seed)
    steps = checked = 0
    while True:
        over = state.is_terminal()
        ready = state.phase in ("play", "over") and state.current_player() != CHANCE
        if ready and (over or steps % every == 0):
            truth = {f.square: f.digit for f in state.position().face_down}
            assert all(digit is not None for digit in truth.values())
            for number, player in enumerate((RED, BLUE)):
                view = state.view(number)
                check_inference(
                    view,
                    truth=truth,  # type: ignore[arg-type]
                    backends=backends,
                    brute_force_up_to=brute_force_up_to,
                )
                check_valid_plays(view)
                _, allowed = public.allowed_squares(view, player)
                if allowed != state.allowed_squares(number):
                    _fail(PositionCheckError, view, f"TD-7 squares of {player}: {allowed}, "
                          f"engine {state.allowed_squares(number)}")  # fmt: skip
            checked += 1
        if over:
            break
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            actions = state.legal_actions()
            if state.phase == "play" and rng.random() < aim:
                where = set(state.allowed_squares(current))
                face_up = state.view(current).face_up
                sensible = [
                    a
                    for a in actions
                    if isinstance(a, engine.PlayDomino)
                    and a.square in where
                    and not any(face_up.get(p) == a.digit for p in _PEERS[a.square])
                ]
                actions = tuple(sensible) or actions
            state.apply_action(rng.choice(actions))
        steps += 1
    check_completable(state.position(), backends=backends)
    return checked
