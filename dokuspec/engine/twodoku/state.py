"""Two-Doku's states and results: the phases, every step of a game, what a player sees
and its result (TD-1 to TD-18)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    EngineError,
    HistoryEntry,
    JSONValue,
    Observation,
    State,
)
from dokuspec.engine.twodoku.actions import (
    _BITS,
    _BLUE_BIT,
    _COLOUR,
    _DIGITS,
    _END_TURN,
    _FACE_DOWN_UNKNOWN,
    _NAMES,
    _OWN,
    _PEERS,
    _PLACE,
    _PLAY,
    _RED_BIT,
    _RETURN,
    _REVEAL,
    _TAKE_BOARD,
    _TAKE_POT,
    Colour,
    DealCount,
    DealPot,
    DrawFaceDown,
    EndTurn,
    PlaceFaceDown,
    PlayDomino,
    ReturnToPot,
    Reveal,
    TakeFromBoard,
    TakeFromPot,
)
from dokuspec.engine.twodoku.game import TwoDoku
from dokuspec.engine.twodoku.infostate import redraw_deal, redraw_hidden
from dokuspec.engine.twodoku.outcomes import (
    _count_outcomes,
    _counts_sum,
    _draw_outcomes,
    _pot_outcomes,
)
from dokuspec.render.twodoku import view_text
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    PLAYERS,
    RED,
    SQUARES_EACH,
    Colouring,
    Deal,
    DealFaceDown,
    Dominoes,
    Event,
    FaceDown,
    Position,
    Square,
    View,
)
from dokuspec.vocabulary.twodoku import Play as PlayEvent
from dokuspec.vocabulary.twodoku import Return as ReturnEvent
from dokuspec.vocabulary.twodoku import Take as TakeEvent

__all__ = [
    "ENDINGS",
    "Table",
    "TwoDokuResult",
    "TwoDokuState",
]

ENDINGS = ("pile-empty", "no-successful-play", "max-turns")
"""How a game can end (TD-9, ruling TD-14), as :attr:`TwoDokuResult.ending` names it."""


# -- the phases ----------------------------------------------------------------------------------

_COLOURING = "colouring"
_PLACING = "placing"
_DEALING = "dealing"
_PLAY_PHASE = "play"
_OVER = "over"


@dataclass(frozen=True, slots=True)
class TwoDokuResult:
    """The result of a finished game (TD-9, TD-10).

    Attributes:
        winner: ``"red"``, ``"blue"``, or ``None`` for a draw.
        scores: ``(red, blue)`` by TD-10: the winner's is the loser's pile
            sum plus the pot's sum, the loser's 0; both 0 in a draw.
        pile_sums: ``(red, blue)``: the sums of the piles at the end.
        pot_sum: the sum of the pot at the end.
        ending: how the game ended, one of :data:`ENDINGS`.
        turns: the turns of play taken.
    """

    winner: str | None
    scores: tuple[int, int]
    pile_sums: tuple[int, int]
    pot_sum: int
    ending: str
    turns: int

    def returns(self) -> tuple[int, int]:
        """The engine's returns ``(red, blue)``: zero-sum, ``+score`` and ``-score``."""
        if self.winner is None:
            return (0, 0)
        score = max(self.scores)
        return (score, -score) if self.winner == RED else (-score, score)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"winner", "scores": [r, b], "pile_sums": [r, b], "pot_sum", "ending", "turns"}``."""
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "pile_sums": list(self.pile_sums),
            "pot_sum": self.pot_sum,
            "ending": self.ending,
            "turns": self.turns,
        }


@dataclass(frozen=True, slots=True)
class Table:
    """One player's flat view of the play phase (:meth:`TwoDokuState.table`).

    Attributes:
        board: 81 entries, row by row: 0 empty, 1-9 a face-up domino, -1 a
            domino face down.
        allowed: the empty squares (indices 0-80) where TD-7 lets the player
            play now.
        pile: the player's pile, the count of each digit (index ``digit - 1``).
        pot: the pot, the count of each digit.
        sums: the pile sums of Red and Blue (public, TD-4, TD-11).
        took: this turn's take so far: 0 none, 1 from the pot, 2 from the board.
        played: whether a play was tried this turn (it failed, or the turn is over).
        closing: whether the last turn ended without a successful play, so
            that another such turn ends the game (TD-9, ruling TD-13).
    """

    board: tuple[int, ...]
    allowed: tuple[int, ...]
    pile: tuple[int, ...]
    pot: tuple[int, ...]
    sums: tuple[int, int]
    took: int
    played: bool
    closing: bool


class TwoDokuState(State):
    """A Two-Doku game in progress: colours, board, face-down dominoes, pot, piles, whose turn.

    Use :meth:`TwoDoku.new_initial_state`; the protocol is documented on
    :class:`~dokuspec.engine.base.State`. Besides it: :meth:`phase`,
    :meth:`position` (everything, hidden digits and both piles included),
    :meth:`deal`, :meth:`view` (what one player has seen), :meth:`events`,
    :meth:`result` and :attr:`turns`.
    """

    def __init__(self, game: TwoDoku, seed: int) -> None:
        super().__init__(game, seed)
        self._rules = game._rules
        self._phase = _COLOURING
        self._colours = [0] * 81  # bit 1: Red's colour, bit 2: Blue's
        self._coloured = [0, 0]  # squares coloured by Red, by Blue
        # 0: empty; 1-9: a face-up domino; -d: a face-down domino of digit d
        # (_FACE_DOWN_UNKNOWN until its digit is drawn).
        self._board = [0] * 81
        self._face_down_squares: list[int] = []  # in placement order: Red's 4, then Blue's 4
        self._face_down_digits: list[int] = []  # drawn digits, in placement order
        self._pot = [0] * 9  # by digit - 1
        self._initial_pot: tuple[int, ...] | None = None
        self._red_counts: list[int] = []  # Red's counts of digits 1.. as dealt so far
        self._piles = [[0] * 9, [0] * 9]
        self._initial_piles: list[tuple[int, ...] | None] = [None, None]
        self._events: list[Event] = []
        self._to_move = 0
        # This turn: _took 0 nothing taken, 1 from the pot, 2 from the board; _played a play
        # was tried (and failed, or the turn is over). _last_failed: the previous turn ended
        # without a successful play. _took is read as a truth value and by `== 1`, the others
        # as truth values: None for 0 or False reads the same (here and in _end_turn).
        self._took = 0  # pragma: no mutate
        self._played = False  # pragma: no mutate
        self._pending: tuple[int, int] | None = None  # a hidden clash: (square, digit)
        self._last_failed = False  # pragma: no mutate
        self._turns = 0
        self._result: TwoDokuResult | None = None

    def clone(self) -> TwoDokuState:
        """An independent copy (the game and its options are shared; they do not change)."""
        other = object.__new__(TwoDokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._colours = list(self._colours)
        other._coloured = list(self._coloured)
        other._board = list(self._board)
        other._face_down_squares = list(self._face_down_squares)
        other._face_down_digits = list(self._face_down_digits)
        other._pot = list(self._pot)
        other._red_counts = list(self._red_counts)
        other._piles = [list(self._piles[0]), list(self._piles[1])]
        other._initial_piles = list(self._initial_piles)
        other._events = list(self._events)
        return other

    # -- reading the state ---------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """One of :data:`~dokuspec.vocabulary.twodoku.PHASES`."""
        return self._phase

    @property
    def turns(self) -> int:
        """The turns of play finished so far."""
        return self._turns

    def events(self) -> tuple[Event, ...]:
        """Every take, play and return of the play phase so far, in order (all public, TD-11)."""
        return tuple(self._events)

    def result(self) -> TwoDokuResult | None:
        """The result once the game is over (TD-10), else ``None``."""
        return self._result

    def table(self, player: int) -> Table:
        """What ``player`` (0 Red, 1 Blue) sees of the play phase, as flat tuples for agents.

        Everything in it is public or ``player``'s own (TD-11): no face-down digit, not
        the other pile's dominoes (their sum is public: dealt equal, TD-4, and every
        take, play and return is seen). In another phase the board and piles are as they
        stand (the piles empty before the deal) and ``allowed`` is empty.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        board = tuple(-1 if v < 0 else v for v in self._board)
        allowed = tuple(self._allowed_indices(player)) if self._phase == _PLAY_PHASE else ()
        return Table(
            board,
            allowed,
            tuple(self._piles[player]),
            tuple(self._pot),
            (_counts_sum(self._piles[0]), _counts_sum(self._piles[1])),
            self._took,
            self._played,
            self._last_failed,
        )

    def colour_indices(self) -> tuple[frozenset[int], frozenset[int]]:
        """The squares coloured so far by Red and by Blue (TD-2), as indices 0-80
        (:meth:`colours` as indices, for agents)."""
        colours = self._colours
        return (
            frozenset(i for i in range(81) if colours[i] & _RED_BIT),
            frozenset(i for i in range(81) if colours[i] & _BLUE_BIT),
        )

    def colours(self) -> tuple[frozenset[Square], frozenset[Square]]:
        """The squares coloured so far by Red and by Blue (TD-2)."""
        reds, blues = self.colour_indices()
        return (
            frozenset(ALL_SQUARES[i] for i in sorted(reds)),
            frozenset(ALL_SQUARES[i] for i in sorted(blues)),
        )

    def _dealt(self) -> bool:
        return self._phase in (_PLAY_PHASE, _OVER)

    def deal(self) -> Deal | None:
        """The deal as it was dealt (TD-2 to TD-4), or ``None`` before the deal is complete.

        Face-down dominoes in placement order (Red's four, then Blue's);
        squares, pot and piles sorted.
        """
        if not self._dealt():
            return None
        reds, blues = self.colours()
        placers = (RED,) * FACE_DOWN_EACH + (BLUE,) * FACE_DOWN_EACH
        red_pile, blue_pile = self._initial_piles
        # For the type checker: dealt, so all three are set.
        assert self._initial_pot is not None  # pragma: no mutate
        assert red_pile is not None and blue_pile is not None  # pragma: no mutate
        return Deal(
            red_squares=tuple((s.row, s.col) for s in sorted(reds)),
            blue_squares=tuple((s.row, s.col) for s in sorted(blues)),
            face_down=tuple(
                DealFaceDown(ALL_SQUARES[i].row, ALL_SQUARES[i].col, digit, placer)
                for i, digit, placer in zip(
                    self._face_down_squares, self._face_down_digits, placers, strict=True
                )
            ),
            pot=tuple(Dominoes.from_counts(self._initial_pot)),
            red=tuple(Dominoes.from_counts(red_pile)),
            blue=tuple(Dominoes.from_counts(blue_pile)),
        )

    def position(self) -> Position:
        """The full position once dealt: face-down digits and both piles included.

        ``to_move`` is the player whose turn it is (also while a reveal is
        drawn), ``None`` once the game is over.

        Raises:
            EngineError: the deal is not complete yet.
        """
        if not self._dealt():
            raise EngineError(f"twodoku: no position before the deal is complete ({self._phase})")
        reds, blues = self.colours()
        return Position(
            Colouring(reds, blues),
            self._face_up(),
            self._face_down_values(known=True),
            Dominoes.from_counts(self._pot),
            Dominoes.from_counts(self._piles[0]),
            Dominoes.from_counts(self._piles[1]),
            None if self._phase == _OVER else PLAYERS[self._to_move],
        )

    def _face_up(self) -> dict[Square, int]:
        return {ALL_SQUARES[i]: v for i, v in enumerate(self._board) if v > 0}

    def _placer(self, order: int) -> str:
        return RED if order < FACE_DOWN_EACH else BLUE

    def _face_down_values(self, *, known: bool) -> tuple[FaceDown, ...]:
        board = self._board
        return tuple(
            FaceDown(
                ALL_SQUARES[i],
                self._placer(order),
                -board[i] if known and board[i] != _FACE_DOWN_UNKNOWN else None,
            )
            for order, i in enumerate(self._face_down_squares)
            if board[i] < 0
        )

    def view(self, player: int) -> View:
        """What ``player`` (0 Red, 1 Blue) has seen (TD-11): the observation's data.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        reds, blues = self.colours()
        dealt = self._dealt()
        initial = self._initial_piles[player]
        current = self.current_player()
        return View(
            PLAYERS[player],
            self._phase,
            PLAYERS[current] if current >= 0 else None,
            reds,
            blues,
            self._face_down_values(known=False),
            self._face_up(),
            Dominoes.from_counts(self._pot),
            Dominoes.from_counts(self._piles[player]),
            (sum(self._piles[0]), sum(self._piles[1])),
            Dominoes.from_counts(self._initial_pot)
            if dealt and self._initial_pot is not None
            else None,
            Dominoes.from_counts(initial) if initial is not None else None,
            self._events,
        )

    # -- whose turn ----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to colour, place or play; :data:`CHANCE` while dealing and at a reveal;
        :data:`TERMINAL` once the game is over."""
        phase = self._phase
        if phase == _PLAY_PHASE:
            return CHANCE if self._pending is not None else self._to_move
        if phase in (_COLOURING, _PLACING):
            return self._to_move
        if phase == _DEALING:
            return CHANCE
        return TERMINAL

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        phase = self._phase
        if phase == _PLAY_PHASE:
            return self._turn_actions(player)
        if phase == _COLOURING:
            bit = _BITS[player]
            return tuple(_COLOUR[i] for i, c in enumerate(self._colours) if not c & bit)
        if phase == _PLACING:
            board, colours = self._board, self._colours
            return tuple(_PLACE[i] for i in range(81) if not colours[i] and not board[i])
        return ()

    def _turn_actions(self, player: int) -> tuple[Action, ...]:
        pile = self._piles[player]
        actions: list[Action] = []
        if not self._played:
            if not self._took:
                actions.extend(_TAKE_POT[d] for d in _DIGITS if self._pot[d - 1])
                actions.extend(_TAKE_BOARD[i] for i, v in enumerate(self._board) if v > 0)
            empty = [i for i, v in enumerate(self._board) if not v]
            for d in _DIGITS:
                if pile[d - 1]:
                    row = _PLAY[d]
                    actions.extend(row[i] for i in empty)
        if self._took == 1:
            actions.extend(_RETURN[d] for d in _DIGITS if pile[d - 1])
        actions.append(_END_TURN)
        return tuple(actions)

    def _is_legal(self, player: int, action: Action) -> bool:
        """Whether ``action`` is among ``_legal_actions(player)`` (the same rules, no list)."""
        # A fast path: an action it refuses goes through State.apply_action, which decides
        # by legal_actions, so reading the kind or phase wrongly only costs time.
        kind = type(action)  # pragma: no mutate
        phase = self._phase  # pragma: no mutate
        if phase == _PLAY_PHASE:
            if kind is EndTurn:
                return True
            if kind is PlayDomino:
                assert isinstance(action, PlayDomino)
                return (
                    not self._played
                    and self._piles[player][action.digit - 1] > 0
                    and not self._board[action.square.index]
                )
            if kind is TakeFromPot:
                assert isinstance(action, TakeFromPot)
                return not self._took and not self._played and self._pot[action.digit - 1] > 0
            if kind is TakeFromBoard:
                assert isinstance(action, TakeFromBoard)
                return not self._took and not self._played and self._board[action.square.index] > 0
            if kind is ReturnToPot:
                assert isinstance(action, ReturnToPot)
                return self._took == 1 and self._piles[player][action.digit - 1] > 0
            return False
        if phase == _COLOURING and kind is Colour:
            assert isinstance(action, Colour)
            return not self._colours[action.square.index] & _BITS[player]
        if phase == _PLACING and kind is PlaceFaceDown:
            assert isinstance(action, PlaceFaceDown)
            i = action.square.index
            return not self._colours[i] and not self._board[i]
        return False

    def apply_action(self, action: Action) -> None:
        """Apply one action, as :meth:`State.apply_action` does.

        A player's legal action is recognised by the rules directly instead
        of being looked up in :meth:`legal_actions` (hundreds of plays); any
        other action goes through :meth:`State.apply_action`, which refuses
        it with the same errors.
        """
        player = self.current_player()
        # The fast path's mutants that skip it are equivalent: State.apply_action then judges
        # the action by legal_actions (and _is_legal is tested against it directly).
        own = player >= 0 and type(action) in _OWN  # pragma: no mutate
        if own and self._is_legal(player, action):  # pragma: no mutate
            self._apply(player, action)
            self._history.append(HistoryEntry(player, (action,)))
            return
        super().apply_action(action)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The outcomes of a chance node with their exact probabilities.

        * A face-down digit (TD-3): each digit left, copies left / dominoes left.
        * The pot (TD-4): each pair of digits with a fair deal, its share of
          the fair deals (:func:`~dokuspec.engine.twodoku.deals.pot_probabilities`).
        * Red's count of a digit (TD-4): each count with a completion, its
          share of the fair piles left.
        * A reveal (TD-8): each clashing face-down domino, equally likely.

        Raises:
            FairDealMissingError: no fair deal exists for the face-down draw
                (never: see :func:`~dokuspec.engine.twodoku.deals.fair_deal_exists`).
        """
        if self._phase == _PLAY_PHASE:
            if self._pending is None:
                return ()
            candidates = self._clashing_face_down(*self._pending)
            share = Fraction(1, len(candidates))
            return tuple((_REVEAL[i], share) for i in candidates)
        if self._phase != _DEALING:
            return ()
        drawn = self._face_down_digits
        if len(drawn) < FACE_DOWN_COUNT:
            left = [COPIES] * 9
            for digit in drawn:
                left[digit - 1] -= 1
            return _draw_outcomes(tuple(left))
        counts = self._left_after_face_down()
        if self._initial_pot is None:
            return _pot_outcomes(counts)
        return _count_outcomes(counts, self._initial_pot, tuple(self._red_counts))

    def _left_after_face_down(self) -> tuple[int, ...]:
        left = [COPIES] * 9
        for digit in self._face_down_digits:
            left[digit - 1] -= 1
        return tuple(left)

    def _clashing_face_down(self, square: int, digit: int) -> list[int]:
        """The face-down dominoes of ``digit`` sharing a row, column or box with ``square``."""
        board = self._board
        return [p for p in _PEERS[square] if board[p] == -digit]

    # -- acting --------------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        kind = type(action)
        if kind is PlayDomino:
            assert isinstance(action, PlayDomino)
            self._play(player, action.digit, action.square.index)
        elif kind is EndTurn:
            self._end_turn(player, success=False)
        elif kind is TakeFromPot:
            assert isinstance(action, TakeFromPot)
            self._pot[action.digit - 1] -= 1
            self._piles[player][action.digit - 1] += 1
            self._took = 1
            self._events.append(TakeEvent(PLAYERS[player], "pot", action.digit))
        elif kind is TakeFromBoard:
            assert isinstance(action, TakeFromBoard)
            i = action.square.index
            digit = self._board[i]
            self._board[i] = 0
            self._piles[player][digit - 1] += 1
            self._took = 2
            self._events.append(TakeEvent(PLAYERS[player], "board", digit, action.square))
        elif kind is ReturnToPot:
            assert isinstance(action, ReturnToPot)
            self._piles[player][action.digit - 1] -= 1
            self._pot[action.digit - 1] += 1
            self._events.append(ReturnEvent(PLAYERS[player], action.digit))
            self._end_turn(player, success=False)
        elif kind is Reveal:
            assert isinstance(action, Reveal) and self._pending is not None
            square, digit = self._pending
            self._pending = None
            self._board[action.square.index] = digit  # face up for good (TD-8, TD-12)
            self._events.append(
                PlayEvent(
                    PLAYERS[self._to_move],
                    ALL_SQUARES[square],
                    digit,
                    "hidden-clash",
                    action.square,
                )
            )
            self._after_failed_play(self._to_move)
        elif kind is Colour:
            assert isinstance(action, Colour)
            self._colours[action.square.index] |= _BITS[player]
            self._coloured[player] += 1
            if sum(self._coloured) == 2 * SQUARES_EACH:
                self._phase = _PLACING
                self._to_move = 0
            else:
                self._to_move = 1 - player
        elif kind is PlaceFaceDown:
            assert isinstance(action, PlaceFaceDown)
            self._board[action.square.index] = _FACE_DOWN_UNKNOWN
            self._face_down_squares.append(action.square.index)
            placed = len(self._face_down_squares)
            if placed == FACE_DOWN_COUNT:
                self._phase = _DEALING
            elif placed == FACE_DOWN_EACH:
                self._to_move = 1
        else:
            self._apply_deal(action)

    def _apply_deal(self, action: Action) -> None:
        if isinstance(action, DrawFaceDown):
            square = self._face_down_squares[len(self._face_down_digits)]
            self._face_down_digits.append(action.digit)
            self._board[square] = -action.digit
        elif isinstance(action, DealPot):
            pot = [0] * 9
            pot[action.low - 1] = 1
            pot[action.high - 1] += 1
            self._initial_pot = tuple(pot)
            self._pot = pot
        else:
            assert isinstance(action, DealCount)
            self._red_counts.append(action.count)
            if len(self._red_counts) == 9:
                self._finish_deal()

    def _finish_deal(self) -> None:
        """TD-4: Red holds the counts dealt, Blue the rest; play begins, Red first (TD-5)."""
        assert self._initial_pot is not None
        left = self._left_after_face_down()
        red = tuple(self._red_counts)
        blue = tuple(c - p - r for c, p, r in zip(left, self._initial_pot, red, strict=True))
        self._initial_piles = [red, blue]
        self._piles = [list(red), list(blue)]
        self._phase = _PLAY_PHASE
        self._to_move = 0

    def _play(self, player: int, digit: int, square: int) -> None:
        """TD-7, then TD-8; a hidden clash waits for the reveal (a chance node)."""
        self._played = True
        name = PLAYERS[player]
        if not self._allowed(player, square):
            self._events.append(PlayEvent(name, ALL_SQUARES[square], digit, "not-allowed"))
            self._after_failed_play(player)
            return
        board = self._board
        hidden = False
        for p in _PEERS[square]:
            value = board[p]
            if value == digit:
                self._events.append(PlayEvent(name, ALL_SQUARES[square], digit, "clash"))
                self._after_failed_play(player)
                return
            if value == -digit:
                hidden = True
        if hidden:
            self._pending = (square, digit)  # the domino stays in the pile (it failed)
            return
        board[square] = digit
        self._piles[player][digit - 1] -= 1
        self._events.append(PlayEvent(name, ALL_SQUARES[square], digit, "placed"))
        self._end_turn(player, success=True)

    def allowed_squares(self, player: int) -> tuple[Square, ...]:
        """The empty squares where TD-7 lets ``player`` (0 Red, 1 Blue) play now, row by row.

        Their own colour's empty squares while there are any (a square of
        both colours counts for both), else the empty white squares, else
        every empty square. Public information: what a play elsewhere would
        be refused for (``"not-allowed"``, ruling TD-17).

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        return tuple(ALL_SQUARES[i] for i in self._allowed_indices(player))

    def _allowed_indices(self, player: int) -> list[int]:
        bit = _BITS[player]
        colours, board = self._colours, self._board
        own = [i for i in range(81) if colours[i] & bit and not board[i]]
        if own:
            return own
        white = [i for i in range(81) if not colours[i] and not board[i]]
        return white or [i for i in range(81) if not board[i]]

    def _allowed(self, player: int, square: int) -> bool:
        """TD-7: own-coloured empty squares first, then empty white squares, then any."""
        bit = _BITS[player]
        colours, board = self._colours, self._board
        if any(colours[i] & bit and not board[i] for i in range(81)):
            return bool(colours[square] & bit)
        if any(not colours[i] and not board[i] for i in range(81)):
            return not colours[square]
        return True

    def _after_failed_play(self, player: int) -> None:
        """TD-6, TD-8: no second play; a return is still possible after a take from the pot."""
        if self._took != 1:
            self._end_turn(player, success=False)

    def _end_turn(self, player: int, *, success: bool) -> None:
        """TD-9 (ruling TD-13, TD-14): the game ends, or the other player's turn begins."""
        self._turns += 1
        failed_twice = not success and self._last_failed
        self._last_failed = not success
        self._took = 0  # pragma: no mutate
        self._played = False  # pragma: no mutate
        if not sum(self._piles[player]):
            self._finish("pile-empty")
        elif failed_twice:
            self._finish("no-successful-play")
        elif self._turns >= self._rules.max_turns:
            self._finish("max-turns")
        else:
            self._to_move = 1 - player

    def _finish(self, ending: str) -> None:
        """TD-10: the lower pile sum wins the loser's sum plus the pot's sum."""
        sums = (_counts_sum(self._piles[0]), _counts_sum(self._piles[1]))
        pot = _counts_sum(self._pot)
        if sums[0] < sums[1]:
            winner, scores = RED, (sums[1] + pot, 0)
        elif sums[0] > sums[1]:
            winner, scores = BLUE, (0, sums[0] + pot)
        else:
            winner, scores = None, (0, 0)
        self._result = TwoDokuResult(winner, scores, sums, pot, ending, self._turns)
        self._phase = _OVER

    def returns(self) -> tuple[float, ...]:
        """Zero-sum returns once the game is over: the winner's score (TD-10) for the winner,
        minus it for the loser, ``(0, 0)`` for a draw; ``(0, 0)`` before the end."""
        if self._result is None:
            return (0, 0)
        return self._result.returns()

    # -- why an action is illegal --------------------------------------------------------------

    def _illegal_reason(self, player: int, action: Action) -> str:
        phase = self._phase
        if player == CHANCE:
            return self._chance_reason(action)
        name = _NAMES[player]
        if phase == _COLOURING:
            if isinstance(action, Colour):
                return f"{name} has coloured {action.square} already (TD-2)"
            return f"{name} colours one square now (TD-2)"
        if phase == _PLACING:
            if isinstance(action, PlaceFaceDown):
                return f"{action.square} is not an empty white square (TD-3)"
            return f"{name} places a face-down domino on an empty white square now (TD-3)"
        return self._turn_reason(player, action)

    def _chance_reason(self, action: Action) -> str:
        if self._phase == _PLAY_PHASE:
            if isinstance(action, Reveal):
                return f"{action.square} holds no face-down domino clashing with the play (TD-8)"
            return "one of the clashing face-down dominoes is turned face up first (TD-8)"
        if len(self._face_down_digits) < FACE_DOWN_COUNT:
            return "the face-down digits are drawn now, in placement order (TD-3)"
        if self._initial_pot is None:
            if isinstance(action, DealPot):
                return f"no fair deal has the pot {action.low} {action.high} (TD-4)"
            return "the pot is dealt now (TD-4)"
        digit = len(self._red_counts) + 1
        if isinstance(action, DealCount) and action.digit == digit:
            return f"no fair deal gives Red {action.count} of digit {digit} (TD-4)"
        return f"Red's count of digit {digit} is dealt now (TD-4)"

    def _turn_reason(self, player: int, action: Action) -> str:
        name = _NAMES[player]
        if isinstance(action, TakeFromPot | TakeFromBoard):
            if self._took or self._played:
                return "a domino is taken only at the start of a turn, once (TD-6)"
            if isinstance(action, TakeFromPot):
                return f"the pot holds no {action.digit} (pot: {Dominoes.from_counts(self._pot)})"
            return f"{action.square} holds no face-up domino (TD-6)"
        if isinstance(action, PlayDomino):
            if self._played:
                return "one play per turn; a failed play allows no second (TD-6, TD-8)"
            if not self._piles[player][action.digit - 1]:
                return f"{name}'s pile holds no {action.digit}"
            return f"{action.square} is not empty"
        if isinstance(action, ReturnToPot):
            if self._took != 1:
                return "a domino goes into the pot only after a take from the pot (TD-6)"
            return f"{name}'s pile holds no {action.digit}"
        return f"{name} takes, plays, returns or ends the turn now (TD-6)"

    # -- what a player sees --------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """The player's :meth:`view` (TD-11): ``data`` is its JSON form, ``text`` a picture of it.

        ``data`` is :meth:`View.to_json() <dokuspec.vocabulary.twodoku.View.to_json>`
        of :meth:`view`; the text (at most 80 columns) shows the board (a digit
        face up, ``#`` face down, an empty square ``r``, ``b``, ``x`` for
        Red's, Blue's, both colours, ``.`` white), the pot, the player's pile,
        both pile sizes and the last events.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        view = self.view(player)
        return Observation(player, view.to_json(), view_text(view))

    def _repr_svg_(self) -> str | None:
        """The full position as SVG once dealt (before the deal, Red's view: nothing is
        private yet), which Jupyter shows."""
        if self._dealt():
            return self.position()._repr_svg_()
        return self.view(0)._repr_svg_()

    def __str__(self) -> str:
        """One line: the phase, whose turn, the board's dominoes, the pot and the pile sizes."""
        up = sum(1 for v in self._board if v > 0)
        down = sum(1 for v in self._board if v < 0)
        current = self.current_player()
        actor = PLAYERS[current] if current >= 0 else "chance" if current == CHANCE else "none"
        return (
            f"twodoku {self._phase}: {actor} to act; turn {self._turns}; "
            f"board {up} face up, {down} face down; pot {Dominoes.from_counts(self._pot)}; "
            f"piles {sum(self._piles[0])} and {sum(self._piles[1])}"
        )

    # -- information states --------------------------------------------------------------------

    def resample_from_infostate(self, player: int, rng: random.Random) -> TwoDokuState:
        """A state ``player`` cannot tell from this one, what they cannot see drawn again.

        Kept: every public step (colours, placements, the pot, every take,
        play, result and reveal, the turns) and ``player``'s own pile.
        Drawn again: the digits of the dominoes still face down and, with
        them, the opponent's pile (ten of each digit, TD-1, fixes it), by a
        randomised search over the face-down digits that keeps every
        recorded outcome: no digit played successfully next to a face-down
        domino (TD-8), the opponent's pile holding every domino they played
        or returned when they did, equal pile sums (TD-4), and, while a
        hidden clash waits for its reveal, a clashing face-down domino.
        During the deal the digits drawn so far are drawn again (and Red's
        counts, both hidden from Blue and, until the deal is complete, from
        Red). The history's chance outcomes are rewritten to match, so the
        state replays with this seed. The draw does not follow the posterior
        distribution.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        other = self.clone()
        if self._phase in (_COLOURING, _PLACING) or (
            self._phase == _DEALING and not self._face_down_digits
        ):
            return other
        if self._phase == _DEALING:
            redraw_deal(other, rng)
        else:
            redraw_hidden(other, player, rng)
        return other
