"""A plain simulator of Two-Doku's play phase, and everything hidden from a view by brute force.

It reads the rules a second time, in plain Python of its own that uses
neither the spec nor a solver:

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
  that fits (enumerated; for views with few face-down dominoes left).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
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
    "Table",
    "brute_face_down",
    "deal_table",
    "play_turn",
    "replay_fits",
]


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
