"""Two-Doku bots: players that choose a legal action for Red or Blue.

A bot is any callable ``bot(state, player, rng) -> action`` with a ``name``
(:class:`Bot`): given a state of :class:`~dokuspec.engine.twodoku.TwoDoku`
where ``player`` (0 Red, 1 Blue) is to act, it returns one of
``state.legal_actions(player)``. It reads the state and never changes it;
all its randomness comes from ``rng``, so a seeded :class:`random.Random`
makes its choices reproducible.

* :class:`RandomBot` (``"random"``): uniform among the legal actions, in
  every phase (colouring, face-down placement, play).
* :class:`InferenceBot` (``"inference"``): plays where TD-7 allows and no
  face-up domino clashes, certainly safe plays first (as
  :func:`~dokuspec.twodoku.inference.infer_face_down` proves them), high
  digits first, and weighs taking, returning and passing by the pile sums
  TD-10 compares; it decides from its player's
  :class:`~dokuspec.vocabulary.twodoku.View` alone (TD-11). It spreads its
  colour out by default; ``InferenceBot(colouring="lines")`` gathers it in
  rows and columns and is the game's ``"strong"`` agent.

:func:`make_bot` makes a bot from its name (:data:`BOT_NAMES`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from dokuspec.engine.base import Action
from dokuspec.engine.playout import check_bot_call, named_bot
from dokuspec.engine.twodoku import (
    Colour,
    EndTurn,
    PlaceFaceDown,
    PlayDomino,
    ReturnToPot,
    TakeFromBoard,
    TakeFromPot,
    TwoDokuState,
)
from dokuspec.errors import DokuspecError, quote
from dokuspec.solvers import Budget
from dokuspec.spec.twodoku.positions import allowed_squares
from dokuspec.twodoku.inference import _digits_left
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    RED,
    Dominoes,
    Play,
    Return,
    Square,
    Take,
    View,
    other_player,
)

__all__ = ["BOT_NAMES", "COLOURINGS", "Bot", "InferenceBot", "RandomBot", "make_bot"]

BOT_NAMES = ("random", "inference", "strong")
"""The names :func:`make_bot` knows."""

COLOURINGS = ("spread", "lines")
"""The inference bot's ways of colouring (TD-2); see :class:`InferenceBot`."""


@runtime_checkable
class Bot(Protocol):
    """A player of Two-Doku.

    ``bot(state, player, rng)`` returns one of ``state.legal_actions(player)``
    for a state where ``player`` is to act. It must not change ``state`` and
    must draw all its randomness from ``rng``.
    """

    @property
    def name(self) -> str:
        """A short name for reports (``"random"``)."""
        ...

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action: ...


def _legal(state: object, player: object, rng: object) -> tuple[Action, ...]:
    """The legal actions of ``player``, the arguments checked."""
    check_bot_call(state, player, rng, TwoDokuState, "Two-Doku")
    assert isinstance(state, TwoDokuState) and isinstance(player, int)
    if player not in (0, 1):
        raise DokuspecError(f"a player is 0 (Red) or 1 (Blue), not {player}")
    if state.current_player() != player:
        raise DokuspecError(f"{('Red', 'Blue')[player]} has no action to choose here ({state})")
    return state.legal_actions(player)


class RandomBot:
    """Chooses uniformly among the legal actions (``rng.choice``), in every phase."""

    name = "random"

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """One legal action of ``player``, each with the same probability.

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` is not 0 or 1, or is not to act in ``state``.
        """
        legal = _legal(state, player, rng)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


# -- the inference bot -----------------------------------------------------------------------------

_WIN = 10_000.0
"""The value of a game won (its score is added); a game lost is worth ``-_WIN``, a draw 0."""

_DIGITS = range(1, 10)


def _best_of(
    actions: Sequence[Action], key: Callable[[Action], tuple[int, ...]], rng: random.Random
) -> Action:
    """One of the actions with the largest key, chosen with ``rng``."""
    scored = [(key(action), action) for action in actions]
    top = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score == top])


@dataclass(frozen=True, slots=True)
class _Move:
    """A play considered: the estimated chance of a hidden clash, the digit, the square."""

    risk: float
    digit: int
    square: int  # the square's index 0-80


class InferenceBot:
    """A one-turn-deep player that reasons only with what its player has seen (TD-11).

    Every decision is made by :meth:`decide` from the player's
    :class:`~dokuspec.vocabulary.twodoku.View` and the legal actions (which
    depend only on the view and on what the player did earlier in the
    turn); it never reads a face-down digit or the other pile. Decisions
    (rules in brackets):

    * Colouring (TD-2): a square nobody has coloured before one the other
      player has, then, with ``colouring="spread"`` (the default), the
      square whose row, column and box hold the fewest of its own squares
      (its 36 squares spread out); with ``colouring="lines"``, the square
      whose row and column hold the most of its own squares, then whose box
      does (its squares gathered in lines, which wins far more often against
      the spread colouring: see the handbook's "Rules in play"). Ties at
      random.
    * Face-down placement (TD-3): the white square with the most squares of
      the other player's colour and the fewest of its own among its 20
      peers (a domino of unknown digit is a hidden hazard there, TD-8).
    * A play (TD-6 to TD-8) is only ever considered where TD-7 allows it
      and no face-up domino in its row, column or box holds the digit
      (:func:`~dokuspec.twodoku.positions.valid_plays`): such a play never
      fails visibly. Its risk of a hidden clash is 0 when
      :func:`~dokuspec.twodoku.inference.infer_face_down` proves that no
      face-down domino in its row, column or box can hold the digit
      (certainly safe), 1 when one of them can hold only that digit
      (certainly a hidden clash: never played), and otherwise the estimate
      ``1 - prod(1 - 1/n)`` over those face-down dominoes that can hold it,
      ``n`` the number of digits each can still hold. The play chosen is
      the one of lowest risk, then of highest digit (the aim is a low pile
      sum, TD-10); among its squares, the one that takes that digit away
      from the most empty squares of the other player's colour and the
      fewest of its own allowed squares (when it holds more of the digit),
      ties at random.
    * The turn (TD-6, TD-9, TD-10): the pile sums are public knowledge to
      the player: the piles were dealt with equal sums (TD-4), and every
      take, successful play and return is seen (TD-11). So are the ending
      rules: when the other player's last turn had no successful play,
      a turn without one ends the game (TD-9, ruling TD-13). Each plan for
      the turn is valued by the pile sums it leaves, in expectation over
      the risk of its play: a game ended is worth a win (with its score),
      a draw or a loss; a turn without a successful play counts as nearly
      lost when the other player could then end the game without losing
      (their sum, less what a take from the pot and a return of a 9 would
      save them, is at most the bot's); otherwise a plan is worth the lead
      it leaves (the other sum minus its own).
      The plans: pass; play; take a domino from the pot, then play, and if
      the play fails put its highest domino into the pot (the pot's low
      domino is an insurance); take from the pot and put the highest into
      the pot without playing (a lower sum, but no successful play); and,
      only when no certainly safe play is left, take a face-up domino from
      the board (its square is freed, ruling TD-12) to make room for a
      play of a higher digit (never a lower or equal one: no endless
      taking back and playing again). Ties go to playing, then passing,
      then the pot, then the board. The best plan's first step is taken;
      the next call plans again from the new view. So the bot ends a game
      it leads at once (raising its score by putting a high domino into
      the pot when it may), and otherwise plays.
    * After a failed play that followed a take from the pot: the highest
      domino of the pile goes into the pot (TD-6 step 3).

    Args:
        backend: the solver :func:`~dokuspec.twodoku.inference.infer_face_down`
            uses, ``"sat"`` or ``"z3"``.
        conflict_limit: solver conflicts per query of the inference
            (a count, so the bot's choices do not depend on the machine's
            speed); digits left undecided count as possible.
        colouring: ``"spread"`` or ``"lines"`` (``COLOURINGS``); the bot's
            ``name`` is ``"inference"`` or ``"inference-lines"``.

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a value out of range.
    """

    name = "inference"

    def __init__(
        self, *, backend: str = "sat", conflict_limit: int = 100_000, colouring: str = "spread"
    ) -> None:
        if not isinstance(colouring, str):
            raise TypeError(f"colouring is a str, not {type(colouring).__name__}")
        if colouring not in COLOURINGS:
            raise DokuspecError(
                f"colouring is {' or '.join(map(repr, COLOURINGS))}, not {quote(colouring)}"
            )
        if not isinstance(backend, str):
            raise TypeError(f"backend is a str, not {type(backend).__name__}")
        if backend not in ("sat", "z3"):
            raise DokuspecError(f"backend is 'sat' or 'z3', not {quote(backend)}")
        if isinstance(conflict_limit, bool) or not isinstance(conflict_limit, int):
            raise TypeError(f"conflict_limit is an int, not {type(conflict_limit).__name__}")
        if not 1 <= conflict_limit <= 10**7:
            raise DokuspecError(f"conflict_limit is 1-10,000,000, not {quote(conflict_limit)}")
        self.backend = backend
        self.conflict_limit = conflict_limit
        self.colouring = colouring
        self.name = "inference" if colouring == "spread" else f"inference-{colouring}"

    def __repr__(self) -> str:
        return (
            f"InferenceBot(backend={self.backend!r}, conflict_limit={self.conflict_limit}, "
            f"colouring={self.colouring!r})"
        )

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class), made from ``state.view(player)``: what
        :meth:`decide` chooses for it (colouring and placing read only the colouring, so
        they take it from the state without building the view).

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` is not 0 or 1, or is not to act in ``state``.
        """
        legal = _legal(state, player, rng)
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase in ("colouring", "placing"):
            # These decisions read only the colouring from the view (TD-2): the state's.
            reds, blues = state.colour_indices()
            mine, theirs = (reds, blues) if player == 0 else (blues, reds)
            if phase == "colouring":
                return self._colour(mine, theirs, legal, rng, lines=self.colouring == "lines")
            return self._place(mine, theirs, legal, rng)
        return self.decide(state.view(player), legal, rng)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The choice for ``view``'s player among ``legal`` (their legal actions now).

        Reads nothing but ``view``, the kinds of the legal actions (whether
        the player may still take, play or return this turn) and ``rng``.

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: no legal action is given, or the view is of the
                deal or of a finished game (no player acts then).
        """
        if not isinstance(view, View):
            raise TypeError(f"a View is needed, not {type(view).__name__}")
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng is a random.Random, not {type(rng).__name__}")
        if not legal:
            raise DokuspecError("no legal action to choose from")
        if view.phase not in ("colouring", "placing", "play"):
            raise DokuspecError(f"nobody chooses an action in the {view.phase} phase")
        if view.phase == "colouring":
            mine, theirs = _colour_indices(view)
            return self._colour(mine, theirs, legal, rng, lines=self.colouring == "lines")
        if view.phase == "placing":
            return self._place(*_colour_indices(view), legal, rng)
        return _Turn(self, view, legal).choose(rng)

    @staticmethod
    def _colour(
        mine: frozenset[int],
        theirs: frozenset[int],
        legal: Sequence[Action],
        rng: random.Random,
        *,
        lines: bool = False,
    ) -> Action:
        """The square to colour, from the squares (indices) each player coloured so far
        (TD-2)."""
        rows = [0] * 10
        cols = [0] * 10
        boxes = [0] * 10
        for i in mine:
            rows[_ROW[i]] += 1
            cols[_COL[i]] += 1
            boxes[_BOX[i]] += 1

        def key(action: Action) -> tuple[int, ...]:
            assert isinstance(action, Colour)
            i = action.square.index
            if lines:
                return (int(i not in theirs), rows[_ROW[i]] + cols[_COL[i]], boxes[_BOX[i]])
            return (int(i not in theirs), -(rows[_ROW[i]] + cols[_COL[i]] + boxes[_BOX[i]]))

        return _best_of(legal, key, rng)

    @staticmethod
    def _place(
        mine: frozenset[int],
        theirs: frozenset[int],
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Action:
        """The white square for a face-down domino, from the colouring (TD-3)."""

        def key(action: Action) -> tuple[int, ...]:
            assert isinstance(action, PlaceFaceDown)
            peers = _PEER_INDICES[action.square.index]
            return (len(peers & theirs) - len(peers & mine),)

        return _best_of(legal, key, rng)


_ROW = tuple(square.row for square in ALL_SQUARES)
_COL = tuple(square.col for square in ALL_SQUARES)
_BOX = tuple(square.box for square in ALL_SQUARES)
"""Each square's row, column and box (1-9), by its index."""


def _colour_indices(view: View) -> tuple[frozenset[int], frozenset[int]]:
    """The squares (indices) of the view's player's colour, and of the other player's."""
    mine, theirs = _colours(view)
    return frozenset(s.index for s in mine), frozenset(s.index for s in theirs)


_PEERS = tuple(tuple(sorted(p.index for p in square.peers)) for square in ALL_SQUARES)
"""The 20 peers of each square (indices 0-80, ascending), by the square's index."""
_PEER_INDICES = tuple(frozenset(peers) for peers in _PEERS)


def _colours(view: View) -> tuple[frozenset[Square], frozenset[Square]]:
    """The squares of the view's player's colour, and of the other player's."""
    if view.player == RED:
        return view.red_squares, view.blue_squares
    return view.blue_squares, view.red_squares


class _Turn:
    """One decision of the play phase, from the view and the kinds of legal actions.

    Squares are their indices 0-80 throughout (``ALL_SQUARES[i]`` is square ``i``);
    the action chosen names its square.
    """

    def __init__(self, bot: InferenceBot, view: View, legal: Sequence[Action]) -> None:
        self.bot = bot
        self.view = view
        kinds = {type(action) for action in legal}
        self.can_take = TakeFromPot in kinds or TakeFromBoard in kinds
        self.can_play = PlayDomino in kinds
        self.can_return = ReturnToPot in kinds
        # A take this turn: the last event is the player's take. (A turn of a take alone
        # has no successful play; had the other player passed since, the game would be over.)
        events = view.events
        took = bool(events) and isinstance(events[-1], Take) and events[-1].player == view.player
        # The face-down squares in the order their frozenset of squares gives (the risk
        # of a play multiplies its chances in this order).
        self._down_order = [s.index for s in frozenset(f.square for f in view.face_down)]
        self._down = frozenset(self._down_order)
        self.mine, self.theirs = self._sums()
        self.closing = self._other_failed_last(took)
        self.mine_colour, self.their_colour = _colour_indices(view)
        self.face_up = up = {s.index: d for s, d in view.face_up.items()}
        down = self._down
        self.empty = [i for i in range(81) if i not in up and i not in down]
        # The digits face up in each square's row, column and box.
        self.blocked = {i: {up[p] for p in _PEERS[i] if p in up} for i in self.empty}
        # Where the player may play (TD-7), as valid_plays says for the view.
        _, self.allowed = allowed_squares(self.empty, self.mine_colour, self.their_colour)
        self._possible: dict[int, frozenset[int]] | None = None
        self._risks: dict[int, float] = {}  # by square * 10 + digit
        self._near: dict[int, list[int]] = {}  # the face-down squares among its peers

    def _sums(self) -> tuple[int, int]:
        """The pile sums now, the player's and the other's (TD-4: dealt equal; TD-11)."""
        view = self.view
        assert view.initial_pile is not None
        theirs = view.initial_pile.total
        other = other_player(view.player)
        for event in view.events:
            if event.player != other:
                continue
            if isinstance(event, Take):
                theirs += event.digit
            elif isinstance(event, Return) or event.result == "placed":
                theirs -= event.digit
        return view.pile.total, theirs

    def _other_failed_last(self, took: bool) -> bool:
        """Whether the other player's last turn ended without a successful play (TD-9).

        A turn's events are its take, play and return; a turn without events
        is a pass. Two turns in a row without a successful play end the game,
        so the last event not of this turn is of the other player's last turn,
        or of the player's own last turn when the other passed since.
        """
        events = list(self.view.events)
        if took:
            events.pop()
        if not events:
            return self.view.player != RED  # Red's first turn: nobody played before
        last = events[-1]
        if last.player == self.view.player:
            return True
        return not (isinstance(last, Play) and last.result == "placed")

    # -- plays and their risk ----------------------------------------------------------------------

    def _possible_digits(self) -> dict[int, frozenset[int]]:
        """What each face-down domino can hold (undecided digits counted as possible)."""
        if self._possible is None:
            # infer_face_down's possible and undecided digits, without its witnesses.
            self._possible = _digits_left(
                self.view,
                backend="z3" if self.bot.backend == "z3" else "sat",
                budget=Budget(conflict_limit=self.bot.conflict_limit),
            )
        return self._possible

    def risk(self, square: int, digit: int) -> float:
        """The estimated chance that ``digit`` on ``square`` meets a face-down ``digit``."""
        key = square * 10 + digit
        found = self._risks.get(key)
        if found is not None:
            return found
        near = self._near.get(square)
        if near is None:
            peers = _PEER_INDICES[square]
            near = self._near[square] = [s for s in self._down_order if s in peers]
        keep = 1.0
        if near:
            possible = self._possible_digits()
            for s in near:
                digits = possible[s]
                if digit in digits:
                    if len(digits) == 1:
                        keep = 0.0
                        break
                    keep *= 1 - 1 / len(digits)
        self._risks[key] = risk = 1 - keep
        return risk

    def best_move(
        self,
        digits: Sequence[int],
        allowed: Sequence[int],
        blocked: Mapping[int, set[int]],
    ) -> _Move | None:
        """The play of lowest risk, then highest digit (risk 1 never), or None."""
        best: _Move | None = None
        risk = self.risk
        for digit in sorted(set(digits), reverse=True):
            for square in allowed:
                if digit in blocked[square]:
                    continue
                chance = risk(square, digit)
                if chance < 1 and (best is None or chance < best.risk):
                    best = _Move(chance, digit, square)
                    if not chance:
                        break
            if best is not None and not best.risk:
                return best  # certainly safe, and no higher digit is
        return best

    def square_for(self, move: _Move, rng: random.Random) -> Square:
        """Among the squares as good as ``move``'s, the one that blocks the other player most."""
        digit = move.digit
        blocked = self.blocked
        theirs = {s for s in self.empty if s in self.their_colour}
        allowed = set(self.allowed)
        more = self.view.pile.count(digit) > 1
        options = [
            s for s in self.allowed if digit not in blocked[s] and self.risk(s, digit) == move.risk
        ]

        def key(square: int) -> int:
            free = [p for p in _PEERS[square] if p in blocked and digit not in blocked[p]]
            hurt = sum(p in theirs for p in free)
            cost = sum(p in allowed for p in free) if more else 0
            return hurt - cost

        top = max(key(s) for s in options)
        return ALL_SQUARES[rng.choice([s for s in options if key(s) == top])]

    # -- valuing plans -----------------------------------------------------------------------------

    def value(self, mine: int, success: bool, pot: Dominoes) -> float:
        """What a turn leaving the player's pile sum ``mine`` and the pot ``pot`` is worth."""
        theirs = self.theirs
        if mine == 0 or (not success and self.closing):  # the game ends (TD-9)
            if mine < theirs:
                return _WIN + theirs + pot.total
            return 0.0 if mine == theirs else -_WIN
        if not success:
            # The other player may end the game by a turn without a successful play,
            # after lowering their sum by a take from the pot and a return (a 9 assumed).
            threat = 9 - min(pot) if len(pot) else 0
            if mine >= theirs - threat:
                return -_WIN / 2 + theirs - mine
        return float(theirs - mine)

    def play_value(self, move: _Move, mine: int, pot: Dominoes, fallback: int) -> float:
        """A play from a pile summing to ``mine``; on a failure a domino ``fallback`` goes
        to the pot (0: none)."""
        won = self.value(mine - move.digit, True, pot)
        back = Dominoes([fallback]) if fallback else Dominoes()
        lost = self.value(mine - fallback, False, pot + back)
        return (1 - move.risk) * won + move.risk * lost

    def choose(self, rng: random.Random) -> Action:
        view = self.view
        pile = view.pile
        mine, pot = self.mine, view.pot
        if self.can_return and not self.can_play:
            return ReturnToPot(max(pile))  # a failed play after a take from the pot
        direct = (
            self.best_move(pile.distinct(), self.allowed, self.blocked) if self.can_play else None
        )
        # (value, preference, first step); the largest value wins, then the preferred.
        plans: list[tuple[float, int, Action | _Move]] = [
            (self.value(mine, False, pot), 1, EndTurn())
        ]
        if self.can_return:
            high = max(pile)
            plans.append(
                (self.value(mine - high, False, pot + Dominoes([high])), 2, ReturnToPot(high))
            )
        if direct is not None:
            fallback = max(pile) if self.can_return else 0
            plans.append((self.play_value(direct, mine, pot, fallback), 0, direct))
        if self.can_take:
            plans.extend(self._pot_plans())
            if direct is None or direct.risk > 0:
                plans.extend(self._board_plans())
        _, _, first = max(plans, key=lambda plan: (plan[0], -plan[1]))
        if isinstance(first, _Move):
            return PlayDomino(first.digit, self.square_for(first, rng))
        return first

    def _pot_plans(self) -> list[tuple[float, int, Action | _Move]]:
        view = self.view
        plans: list[tuple[float, int, Action | _Move]] = []
        for digit in view.pot.distinct():
            pile = view.pile + Dominoes([digit])
            mine = self.mine + digit
            pot = view.pot - Dominoes([digit])
            high = max(pile)
            value = self.value(mine - high, False, pot + Dominoes([high]))
            if self.can_play:
                move = self.best_move(pile.distinct(), self.allowed, self.blocked)
                if move is not None:
                    value = max(value, self.play_value(move, mine, pot, high))
            plans.append((value, 2, TakeFromPot(digit)))
        return plans

    def _board_plans(self) -> list[tuple[float, int, Action | _Move]]:
        view = self.view
        plans: list[tuple[float, int, Action | _Move]] = []
        up = self.face_up
        highest = max(view.pile) if len(view.pile) else 0
        for square, digit in sorted(up.items()):
            if highest <= digit:
                continue  # no play could be of a higher digit than the one taken (below)
            # The board with ``square`` freed: only it and its peers see another board.
            empty = sorted((*self.empty, square))
            _, allowed = allowed_squares(empty, self.mine_colour, self.their_colour)
            blocked = dict(self.blocked)
            for s in (square, *_PEERS[square]):
                if s in blocked or s == square:
                    blocked[s] = {up[p] for p in _PEERS[s] if p in up and p != square}
            pile = view.pile + Dominoes([digit])
            move = self.best_move(pile.distinct(), allowed, blocked)
            if move is None or move.digit <= digit:
                continue  # only a take that lowers the sum: no endless give and take
            plans.append(
                (
                    self.play_value(move, self.mine + digit, view.pot, 0),
                    3,
                    TakeFromBoard(ALL_SQUARES[square]),
                )
            )
        return plans


def _strong() -> Bot:
    from dokuspec.twodoku.agents import strong_agent  # noqa: PLC0415 - it builds on this module

    agent: Bot = strong_agent()
    return agent


def make_bot(name: str) -> Bot:
    """A bot by its name: ``"random"`` (:class:`RandomBot`), ``"inference"``
    (:class:`InferenceBot` with its defaults) or ``"strong"`` (the game's strongest agent,
    :func:`dokuspec.twodoku.agents.strong_agent`: the inference bot colouring in lines).

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown name.
    """
    makers: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "inference": InferenceBot,
        "strong": _strong,
    }
    return named_bot(name, makers)
