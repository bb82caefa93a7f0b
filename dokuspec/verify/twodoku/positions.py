"""Cross-checks of Two-Doku's position queries: brute force, a plain simulator, each other.

The public queries (:mod:`dokuspec.twodoku.positions`) answer from the
facts and models of :mod:`dokuspec.spec.twodoku.positions`. This module
reads the rules a second time, in plain Python of its own that uses neither
the spec nor a solver:

* a **simulator** of the play phase with everything known
  (:class:`Table`): TD-2 to TD-4 to deal (:func:`deal_table`: shuffle the 82
  and deal again until fair), TD-6 to TD-9 to play a turn
  (:func:`play_turn`: a random policy that can aim at face-down dominoes to
  have them revealed), and :meth:`Table.view` for what one player has seen
  (TD-11);
* :func:`replay_fits`: whether a guess at everything hidden from a view
  (every face-down digit and the opponent's pile as dealt) fits the view:
  the deal is a deal (ten of each digit, fair, TD-1 and TD-4) and, replayed
  by the simulator's rules, every event happens as recorded and the game
  ends in the view's state;
* :func:`brute_face_down`: every assignment of the still face-down digits
  that fits (enumerated; for views with few face-down dominoes left);
* :func:`sudoku_completion`: a plain depth-first Sudoku solver.

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

Hypothesis strategies: :func:`tables` (a dealt game after some random
turns), :func:`views` (one player's view of one) and :func:`positions` (a
position of one with some face-down digits and piles unknown).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hypothesis import strategies as st

from dokuspec.engine import twodoku as engine
from dokuspec.engine.base import CHANCE
from dokuspec.errors import DiscrepancyError
from dokuspec.twodoku import completion as public_completion
from dokuspec.twodoku import inference as public_inference
from dokuspec.twodoku import positions as public
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    FULL_SET,
    PILE_SIZE,
    PLAYERS,
    RED,
    UNITS,
    Colouring,
    Dominoes,
    Event,
    FaceDown,
    Play,
    Position,
    Return,
    Square,
    Take,
    View,
    other_player,
)

__all__ = [
    "BACKENDS",
    "InferenceError",
    "PositionCheckError",
    "Table",
    "UndecidedError",
    "brute_completable",
    "brute_face_down",
    "brute_position_digits",
    "check_completable",
    "check_engine_game",
    "check_inference",
    "check_valid_plays",
    "deal_table",
    "play_turn",
    "positions",
    "replay_fits",
    "sudoku_completion",
    "tables",
    "views",
]

BACKENDS: tuple[public.BackendName, ...] = ("sat", "z3")
"""The backends every check runs on by default."""


class PositionCheckError(DiscrepancyError):
    """Two readings of a Two-Doku position or view disagree."""


class InferenceError(PositionCheckError):
    """The face-down digits or a planned play are judged differently (TD-8, TD-11)."""


class UndecidedError(Exception):
    """The plain Sudoku solver gave up (its node limit), so nothing is checked."""


# -- the simulator ---------------------------------------------------------------------------------

_PEERS: dict[Square, frozenset[Square]] = {
    square: frozenset(s for unit in UNITS if square in unit for s in unit) - {square}
    for square in ALL_SQUARES
}


def _may_play(
    red: frozenset[Square], blue: frozenset[Square], empty: list[Square], player: str
) -> list[Square]:
    """TD-7, read plainly: own colour first, then white, then anything empty."""
    mine = [s for s in empty if s in (red if player == RED else blue)]
    if mine:
        return mine
    white = [s for s in empty if s not in red and s not in blue]
    return white or empty


@dataclass
class Table:
    """A game in its play phase with everything known: the simulator's state.

    Attributes:
        red, blue: the squares each player coloured (TD-2).
        placed_by: who placed each face-down domino (TD-3), by square.
        hidden: the digits of the dominoes still face down, by square.
        face_up: the face-up dominoes, by square.
        pot: the pot now.
        piles: each player's pile now.
        initial_pot: the pot as dealt.
        initial_piles: each pile as dealt.
        face_down_digits: every face-down domino's digit as placed (revealed or not).
        events: the record of the play phase (TD-11).
        to_move: whose turn it is.
        idle: consecutive turns that ended without a successful play (TD-9).
        over: whether the game has ended (TD-9).
    """

    red: frozenset[Square]
    blue: frozenset[Square]
    placed_by: dict[Square, str]
    hidden: dict[Square, int]
    face_up: dict[Square, int]
    pot: Counter[int]
    piles: dict[str, Counter[int]]
    initial_pot: Dominoes
    initial_piles: dict[str, Dominoes]
    face_down_digits: dict[Square, int]
    events: list[Event] = field(default_factory=list)
    to_move: str = RED
    idle: int = 0
    over: bool = False

    def coloured(self, player: str) -> frozenset[Square]:
        return self.red if player == RED else self.blue

    def empty(self) -> list[Square]:
        return [s for s in ALL_SQUARES if s not in self.face_up and s not in self.hidden]

    def may_play(self, player: str) -> list[Square]:
        """Where ``player`` may play (TD-7)."""
        return _may_play(self.red, self.blue, self.empty(), player)

    def outcome(self, player: str, square: Square, digit: int) -> tuple[str, list[Square]]:
        """What playing ``digit`` on ``square`` does (TD-7, TD-8, TD-17): result, and the
        face-down dominoes one of which is revealed on a hidden clash."""
        if square not in self.may_play(player):
            return "not-allowed", []
        if any(self.face_up.get(s) == digit for s in _PEERS[square]):
            return "clash", []
        hiding = sorted(s for s in _PEERS[square] if self.hidden.get(s) == digit)
        return ("hidden-clash", hiding) if hiding else ("placed", [])

    def apply(self, event: Event) -> None:
        """Apply ``event`` (recording it) by the simulator's rules.

        Raises:
            ValueError: the event cannot happen here (the message says why).
        """
        problem = _apply(self, event)
        if problem is not None:
            raise ValueError(problem)
        self.events.append(event)

    def view(self, player: str) -> View:
        """What ``player`` has seen (TD-11)."""
        return View(
            player,
            "over" if self.over else "play",
            None if self.over else self.to_move,
            self.red,
            self.blue,
            [FaceDown(s, self.placed_by[s]) for s in self.hidden],
            self.face_up,
            Dominoes(self.pot.elements()),
            Dominoes(self.piles[player].elements()),
            (sum(self.piles[RED].values()), sum(self.piles[BLUE].values())),
            self.initial_pot,
            self.initial_piles[player],
            self.events,
        )

    def position(self) -> Position:
        """The position with everything known (face-down digits and both piles)."""
        return Position(
            Colouring(self.red, self.blue),
            self.face_up,
            [FaceDown(s, self.placed_by[s], d) for s, d in self.hidden.items()],
            Dominoes(self.pot.elements()),
            Dominoes(self.piles[RED].elements()),
            Dominoes(self.piles[BLUE].elements()),
            None if self.over else self.to_move,
        )


def deal_table(rng: random.Random) -> Table:
    """A random colouring, face-down placement and fair deal (TD-2 to TD-4, ruling TD-16).

    Each player colours 36 squares drawn at random (a square may get both
    colours); 8 dominoes drawn from the 90 are placed four by Red, four by
    Blue on random white squares; the other 82 are shuffled and dealt (2 to
    the pot, 40 to each pile) again until the piles' sums are equal.
    """
    while True:
        red = frozenset(rng.sample(ALL_SQUARES, 36))
        blue = frozenset(rng.sample(ALL_SQUARES, 36))
        white = [s for s in ALL_SQUARES if s not in red and s not in blue]
        if len(white) >= 8:
            break
    dominoes = list(FULL_SET)
    rng.shuffle(dominoes)
    drawn, rest = dominoes[:8], dominoes[8:]
    places = rng.sample(white, 8)
    placed_by = {s: (RED if i < 4 else BLUE) for i, s in enumerate(places)}
    hidden = dict(zip(places, drawn, strict=True))
    while True:
        rng.shuffle(rest)
        pot, red_pile, blue_pile = rest[:2], rest[2:42], rest[42:]
        if sum(red_pile) == sum(blue_pile):
            break
    return Table(
        red,
        blue,
        placed_by,
        dict(hidden),
        {},
        Counter(pot),
        {RED: Counter(red_pile), BLUE: Counter(blue_pile)},
        Dominoes(pot),
        {RED: Dominoes(red_pile), BLUE: Dominoes(blue_pile)},
        dict(hidden),
    )


def _apply(table: Table, event: Event) -> str | None:
    """Apply ``event`` to ``table`` by the simulator's rules; why it cannot happen, or ``None``."""
    player = event.player
    pile = table.piles[player]
    if isinstance(event, Take):
        if event.source == "pot":
            if table.pot[event.digit] < 1:
                return f"the pot holds no {event.digit}"
            table.pot[event.digit] -= 1
        else:
            if event.square is None or table.face_up.get(event.square) != event.digit:
                return f"no face-up {event.digit} on {event.square}"
            del table.face_up[event.square]
        pile[event.digit] += 1
        return None
    if pile[event.digit] < 1:
        return f"{player} holds no {event.digit}"
    if isinstance(event, Return):
        pile[event.digit] -= 1
        table.pot[event.digit] += 1
        return None
    assert isinstance(event, Play)
    if event.square not in table.empty():
        return f"{event.square} is not empty"
    result, hiding = table.outcome(player, event.square, event.digit)
    if result != event.result:
        return f"{player}'s {event.digit} on {event.square} is {result}, not {event.result}"
    if result == "hidden-clash":
        if event.revealed not in hiding:
            return f"{event.revealed} does not hide a clashing {event.digit}"
        table.face_up[event.revealed] = table.hidden.pop(event.revealed)
    elif result == "placed":
        pile[event.digit] -= 1
        table.face_up[event.square] = event.digit
    return None


def play_turn(
    table: Table,
    rng: random.Random,
    *,
    take: float = 0.3,
    reveal: float = 0.3,
    wild: float = 0.15,
    give_back: float = 0.5,
    careful: bool = False,
) -> None:
    """Play one turn of ``table.to_move`` at random by the rules (TD-6 to TD-9).

    Args:
        table: the game; changed in place.
        rng: the random choices.
        take: chance of taking a domino first (from the pot or the board).
        reveal: chance, after a successful turn, of aiming at a face-down
            domino: playing its digit where it clashes with it alone.
        wild: chance of playing a random digit of the pile on a random empty
            square (which may be forbidden or clash).
        give_back: chance of putting a domino into the pot after taking
            from it and not playing successfully.
        careful: otherwise play only where no face-down domino clashes
            (the simulator knows them), so that the turn succeeds.
    """
    if table.over:
        return
    player = table.to_move
    pile = table.piles[player]
    took_from_pot = False
    if rng.random() < take:
        sources = (["pot"] if +table.pot else []) + (["board"] if table.face_up else [])
        if sources:
            source = rng.choice(sources)
            if source == "pot":
                digit = rng.choice(sorted(table.pot.elements()))
                event: Event = Take(player, "pot", digit)
                took_from_pot = True
            else:
                square = rng.choice(sorted(table.face_up))
                event = Take(player, "board", table.face_up[square], square)
            assert _apply(table, event) is None
            table.events.append(event)
    success = False
    play = _choose_play(table, rng, reveal if table.idle == 0 else 0.0, wild, careful)
    if play is not None:
        square, digit = play
        result, hiding = table.outcome(player, square, digit)
        revealed = rng.choice(hiding) if hiding else None
        event = Play(player, square, digit, result, revealed)
        assert _apply(table, event) is None
        table.events.append(event)
        success = result == "placed"
    if took_from_pot and not success and +pile and rng.random() < give_back:
        event = Return(player, rng.choice(sorted(pile.elements())))
        assert _apply(table, event) is None
        table.events.append(event)
    table.idle = 0 if success else table.idle + 1
    table.to_move = other_player(player)
    if not +pile or table.idle >= 2:
        table.over = True


def _choose_play(
    table: Table, rng: random.Random, reveal: float, wild: float, careful: bool
) -> tuple[Square, int] | None:
    player = table.to_move
    pile = table.piles[player]
    digits = sorted(d for d in pile if pile[d] > 0)
    allowed = table.may_play(player)
    if not digits or not allowed:
        return None
    if rng.random() < reveal:
        aims = [
            (s, d)
            for target, d in sorted(table.hidden.items())
            if pile[d] > 0
            for s in allowed
            if s in _PEERS[target] and not any(table.face_up.get(p) == d for p in _PEERS[s])
        ]
        if aims:
            return rng.choice(aims)
    if rng.random() < wild:
        return rng.choice(table.empty()), rng.choice(digits)
    visible = [
        (s, d)
        for s in allowed
        for d in digits
        if not any(table.face_up.get(p) == d for p in _PEERS[s])
        and not (careful and any(table.hidden.get(p) == d for p in _PEERS[s]))
    ]
    return rng.choice(visible) if visible else None


# -- hidden information by brute force -------------------------------------------------------------


def _initial_face_down(view: View) -> dict[Square, int | None]:
    """Every face-down square as placed: digits of revealed ones (their play's), others ``None``."""
    squares: dict[Square, int | None] = {f.square: None for f in view.face_down}
    for event in view.events:
        if isinstance(event, Play) and event.revealed is not None:
            squares[event.revealed] = event.digit
    return squares


def replay_fits(view: View, face_down: Mapping[Square, int], opponent_pile: Dominoes) -> str | None:
    """Whether a guess at everything hidden from ``view`` fits it: ``None``, or why not.

    Args:
        view: a view from the play phase or later.
        face_down: a digit for every face-down domino as placed (revealed ones too).
        opponent_pile: the opponent's pile as dealt.
    """
    assert view.initial_pile is not None and view.initial_pot is not None
    observer = view.player
    opponent = other_player(observer)
    everything = Counter(view.initial_pile) + Counter(opponent_pile) + Counter(view.initial_pot)
    everything.update(face_down.values())
    if everything != Counter(FULL_SET):
        return "the dominoes are not ten of each digit (TD-1)"
    if len(opponent_pile) != PILE_SIZE:
        return f"{opponent} was dealt {len(opponent_pile)} dominoes"
    if opponent_pile.total != view.initial_pile.total:
        return "the deal is not fair (TD-4)"
    colours = {RED: view.red_squares, BLUE: view.blue_squares}
    piles = {observer: view.initial_pile, opponent: opponent_pile}
    placed = {f.square: f.placed_by for f in view.face_down}
    table = Table(
        frozenset(colours[RED]),
        frozenset(colours[BLUE]),
        placed,
        dict(face_down),
        {},
        Counter(view.initial_pot),
        {p: Counter(piles[p]) for p in PLAYERS},
        view.initial_pot,
        {p: piles[p] for p in PLAYERS},
        dict(face_down),
    )
    for number, event in enumerate(view.events, start=1):
        problem = _apply(table, event)
        if problem is not None:
            return f"event {number}: {problem}"
    if table.face_up != dict(view.face_up):
        return "the face-up dominoes differ at the end"
    if set(table.hidden) != {f.square for f in view.face_down}:
        return "the face-down squares differ at the end"
    if Dominoes(table.pot.elements()) != view.pot:
        return "the pot differs at the end"
    if Dominoes(table.piles[observer].elements()) != view.pile:
        return f"{observer}'s pile differs at the end"
    sizes = (sum(table.piles[RED].values()), sum(table.piles[BLUE].values()))
    if sizes != view.pile_sizes:
        return "the pile sizes differ at the end"
    return None


def _opponent_pile(view: View, face_down: Mapping[Square, int]) -> Dominoes | None:
    """The opponent's pile as dealt that goes with ``face_down``, if the counts allow one."""
    assert view.initial_pile is not None and view.initial_pot is not None
    counts = Counter(FULL_SET)
    counts.subtract(view.initial_pile)
    counts.subtract(view.initial_pot)
    counts.subtract(face_down.values())
    if min(counts.values()) < 0:
        return None
    return Dominoes(counts.elements())


def brute_face_down(view: View) -> list[dict[Square, int]]:
    """Every assignment of the still face-down digits that fits ``view`` (:func:`replay_fits`).

    Enumerates ``9 ** k`` assignments for ``k`` dominoes still face down:
    meant for views with few of them.
    """
    placed = _initial_face_down(view)
    unknown = sorted(s for s, d in placed.items() if d is None)
    found = []
    for digits in itertools.product(range(1, 10), repeat=len(unknown)):
        guess = {s: d for s, d in placed.items() if d is not None}
        guess.update(zip(unknown, digits, strict=True))
        opponent = _opponent_pile(view, guess)
        if opponent is not None and replay_fits(view, guess, opponent) is None:
            found.append(dict(zip(unknown, digits, strict=True)))
    return found


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


# -- Hypothesis strategies -------------------------------------------------------------------------


@st.composite
def tables(
    draw: st.DrawFn,
    *,
    max_turns: int = 40,
    reveal: float | None = None,
    careful: bool = False,
) -> Table:
    """A dealt game after some random turns of play (:func:`deal_table`, :func:`play_turn`).

    Args:
        max_turns: at most this many turns are played (fewer if the game ends).
        reveal: the policy's chance of aiming at face-down dominoes
            (drawn when ``None``).
        careful: as :func:`play_turn`.
    """
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    turns = draw(st.integers(0, max_turns), label="turns")
    aim = reveal if reveal is not None else draw(st.sampled_from([0.0, 0.3, 0.9]), label="reveal")
    rng = random.Random(seed)
    table = deal_table(rng)
    for _ in range(turns):
        if table.over:
            break
        play_turn(table, rng, reveal=aim, careful=careful)
    return table


@st.composite
def views(
    draw: st.DrawFn,
    *,
    max_turns: int = 40,
    reveal: float | None = None,
    max_face_down: int | None = None,
) -> tuple[View, Table]:
    """One player's view of a game from :func:`tables`, with the table it comes from.

    Args:
        max_turns: as :func:`tables`.
        reveal: as :func:`tables`.
        max_face_down: play carefully (see :func:`play_turn`) and then keep
            aiming at face-down dominoes until at most this many are face
            down, when the game lasts that long.
    """
    table = draw(tables(max_turns=max_turns, reveal=reveal, careful=max_face_down is not None))
    if max_face_down is not None:
        rng = random.Random(draw(st.integers(0, 2**32 - 1), label="seed for reveals"))
        guard = 0
        while len(table.hidden) > max_face_down and not table.over and guard < 200:
            play_turn(table, rng, reveal=1.0, wild=0.0, take=0.1, careful=True)
            guard += 1
    player = draw(st.sampled_from(PLAYERS), label="observer")
    return table.view(player), table


@st.composite
def positions(
    draw: st.DrawFn, *, max_turns: int = 30, max_hidden: int = 2
) -> tuple[Position, Table]:
    """A position of a game from :func:`tables`, some face-down digits and piles unknown.

    Args:
        max_turns: as :func:`tables`.
        max_hidden: at most this many face-down digits become ``None``.
    """
    table = draw(tables(max_turns=max_turns))
    known = table.position()
    squares = sorted(table.hidden)
    hidden = set(
        draw(st.lists(st.sampled_from(squares), max_size=max_hidden, unique=True), label="hidden")
        if squares
        else []
    )
    piles = draw(st.sampled_from(["both", "red", "none"]), label="piles known")
    position = Position(
        known.colouring,
        known.face_up,
        [FaceDown(f.square, f.placed_by, None if f.square in hidden else f.digit)
         for f in known.face_down],
        known.pot,
        known.red if piles in ("both", "red") else None,
        known.blue if piles == "both" else None,
        known.to_move,
    )  # fmt: skip
    return position, table
