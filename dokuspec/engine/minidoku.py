"""Minidoku: a small two-player Sudoku game with every kind of node the protocol knows.

Minidoku is played on a 4x4 Sudoku board (rows, columns and 2x2 boxes) with
16 tiles, four of each digit 1-4. It is small enough to play thousands of
games in a test run, yet it has chance nodes (dealing and drawing), hidden
information (the hands and the stock), a simultaneous move (the bid) and
sequential placement, so it exercises the whole engine protocol
(:mod:`dokuspec.engine.base`) and the conformance suite. The rules, MD-1 to
MD-9, are in the handbook's engine page:

* MD-1: 16 tiles, four each of 1-4, in a bag; an empty 4x4 board.
* MD-2: the deal: tiles are drawn from the bag one at a time, alternately to
  player 0 and player 1, until each holds ``hand_size`` tiles; the rest is
  the face-down stock.
* MD-3: the bid: both players secretly choose a tile from their hand and
  reveal them together; the higher digit moves first, equal digits let
  player ``first_on_tie`` move first. Both bid tiles are set aside face up.
* MD-4: a turn: place a tile from one's hand on an empty cell whose row,
  column and box do not hold its digit. A player who can place must.
* MD-5: after placing, a player draws a tile from the stock, if any is left.
* MD-6: a player who cannot place passes and draws nothing.
* MD-7: the game ends after two passes in a row.
* MD-8: the player who placed more tiles gets +1 and the other -1; equal
  counts give 0 each.
* MD-9: public: the board, the bids, the number of tiles in each hand and in
  the stock, every action except the digit drawn; private: one's own hand;
  hidden from both: the digits in the stock.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    JSONValue,
    Observation,
    OptionSpec,
    RecordError,
    State,
    action_kinds,
    read_action,
    register,
)

__all__ = ["Bid", "Draw", "Minidoku", "MinidokuState", "Pass", "Place"]

DIGITS = (1, 2, 3, 4)
COPIES = 4
SIZE = 4
TILES = COPIES * len(DIGITS)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """A chance outcome: the tile drawn from the bag shows ``digit`` (MD-2, MD-5).

    JSON form: ``{"type": "draw", "digit": d}``.
    """

    kind: ClassVar[str] = "draw"

    digit: int

    def __str__(self) -> str:
        return f"draw {self.digit}"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A player's secret choice of a tile to reveal (MD-3).

    JSON form: ``{"type": "bid", "digit": d}``.
    """

    kind: ClassVar[str] = "bid"

    digit: int

    def __str__(self) -> str:
        return f"bid {self.digit}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a tile showing ``digit`` on the cell at ``row``, ``column`` (1-4) (MD-4).

    JSON form: ``{"type": "place", "digit": d, "row": r, "column": c}``.
    """

    kind: ClassVar[str] = "place"

    digit: int
    row: int
    column: int

    def __str__(self) -> str:
        return f"place {self.digit} at r{self.row}c{self.column}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: the player cannot place any tile (MD-6).

    JSON form: ``{"type": "pass"}``.
    """

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


_KINDS = action_kinds(Draw, Bid, Place, Pass)


def _read_digit(kind: str, key: str, value: object) -> object:
    """A member of an action's JSON form, a number 1-4; a :class:`RecordError` if it is not."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SIZE:
        raise RecordError(f"$.{key}: {json.dumps(value)} is not one of 1, 2, 3, 4")
    return value


def _read_action(data: object) -> Action:
    """The action whose JSON form is ``data``; a :class:`RecordError` with its JSON path if none."""
    return read_action(data, _KINDS, member=_read_digit, shown=json.dumps)


def _unit_cells(index: int) -> frozenset[int]:
    row, col = divmod(index, SIZE)
    top, left = 2 * (row // 2), 2 * (col // 2)
    cells = {row * SIZE + c for c in range(SIZE)} | {r * SIZE + col for r in range(SIZE)}
    cells |= {(top + r) * SIZE + left + c for r in range(2) for c in range(2)}
    return frozenset(cells - {index})


_PEERS = tuple(_unit_cells(index) for index in range(SIZE * SIZE))


def _clash(board: list[int], index: int, digit: int) -> str | None:
    """Why ``digit`` may not go on cell ``index`` of ``board``, or ``None`` (MD-4)."""
    row, col = divmod(index, SIZE)
    where = f"r{row + 1}c{col + 1}"
    if board[index]:
        return f"{where} already holds {board[index]}"
    for other in sorted(_PEERS[index]):
        if board[other] == digit:
            r, c = divmod(other, SIZE)
            unit = "row" if r == row else "column" if c == col else "box"
            return f"{digit} is already in the {unit} of {where} (at r{r + 1}c{c + 1})"
    return None


def _fits(board: list[int], index: int, digit: int) -> bool:
    """Whether ``digit`` may go on cell ``index`` of ``board`` (MD-4)."""
    return not board[index] and all(board[other] != digit for other in _PEERS[index])


def _placements(board: list[int], hand: list[int]) -> list[Place]:
    found = []
    for digit in sorted(set(hand)):
        for index in range(SIZE * SIZE):
            if _fits(board, index, digit):
                row, col = divmod(index, SIZE)
                found.append(Place(digit, row + 1, col + 1))
    return found


@register
class Minidoku(Game):
    """Minidoku (rules MD-1 to MD-9): two players, 16 tiles, a 4x4 Sudoku board.

    Args:
        hand_size: tiles dealt to each player, 1-7 (default 3).
        first_on_tie: the player who moves first when the bids are equal, 0
            or 1 (default 0).

    Raises:
        GameOptionError: an unknown option or a bad value.
    """

    name: ClassVar[str] = "minidoku"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "hand_size",
            3,
            {"type": "integer", "minimum": 1, "maximum": 7},
            "tiles dealt to each player (MD-2)",
        ),
        OptionSpec(
            "first_on_tie",
            0,
            {"enum": [0, 1]},
            "the player who moves first when the bids are equal (MD-3)",
        ),
    )

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each player (MD-2)."""
        value = self._options["hand_size"]
        assert isinstance(value, int)
        return value

    @property
    def first_on_tie(self) -> int:
        """The player who moves first when the bids are equal (MD-3)."""
        value = self._options["first_on_tie"]
        assert isinstance(value, int)
        return value

    def num_players(self) -> int:
        """2."""
        return 2

    def min_utility(self) -> float:
        """-1 (MD-8)."""
        return -1

    def max_utility(self) -> float:
        """+1 (MD-8)."""
        return 1

    def max_game_length(self) -> int:
        """47 steps, whatever the hand size.

        ``2 * hand_size`` deals, 1 bid, at most 14 placements (16 tiles less
        the two bids), at most ``16 - 2 * hand_size`` draws, and at most 16
        passes: a player who passed can never place again (their hand stays
        the same and the board only fills), so every pass but the last two
        is followed by a placement.
        """
        return 2 * self.hand_size + 1 + (TILES - 2) + (TILES - 2 * self.hand_size) + TILES

    def new_initial_state(self, seed: int = 0) -> MinidokuState:
        """The full bag and empty hands, before the deal (a chance node).

        ``seed``: an integer 0 to ``2**64 - 1``, as
        :meth:`~dokuspec.engine.base.Game.new_initial_state` takes it.
        """
        return MinidokuState(self, seed)

    def action_from_json(self, data: object) -> Action:
        """Read :class:`Draw`, :class:`Bid`, :class:`Place` or :class:`Pass` from JSON.

        Raises:
            RecordError: not one of those forms (the message starts with the
                JSON path).
        """
        return _read_action(data)


class MinidokuState(State):
    """A Minidoku position: board, hands, stock, bids, whose turn.

    Use :meth:`Minidoku.new_initial_state`; the protocol is documented on
    :class:`~dokuspec.engine.base.State`.
    """

    def __init__(self, game: Minidoku, seed: int) -> None:
        super().__init__(game, seed)
        self._hand_size = game.hand_size
        self._first_on_tie = game.first_on_tie
        self._board = [0] * (SIZE * SIZE)
        self._stock = dict.fromkeys(DIGITS, COPIES)
        self._hands: list[list[int]] = [[], []]
        self._bids: list[int] = []
        self._placed = [0, 0]
        self._dealt = 0
        # Set by the bid (MD-3) before it is first read: any start value plays the same.
        self._to_move = 0  # pragma: no mutate
        # Read only as true or false: a false value of any type plays the same.
        self._drawing = False  # pragma: no mutate
        self._passes = 0

    def clone(self) -> MinidokuState:
        """An independent copy (the game is shared; it does not change)."""
        other = object.__new__(MinidokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._board = list(self._board)
        other._stock = dict(self._stock)
        other._hands = [list(hand) for hand in self._hands]
        other._bids = list(self._bids)
        other._placed = list(self._placed)
        return other

    # -- whose turn --------------------------------------------------------------------------

    def current_player(self) -> int:
        """:data:`CHANCE` while dealing and drawing, :data:`SIMULTANEOUS` at the bid,
        the player to place during play, :data:`TERMINAL` after two passes in a row."""
        if self._dealt < 2 * self._hand_size or self._drawing:
            return CHANCE
        if not self._bids:
            return SIMULTANEOUS
        if self._passes >= 2:
            return TERMINAL
        return self._to_move

    def _recipient(self) -> int:
        """Who receives the tile at this chance node (MD-2, MD-5)."""
        return self._to_move if self._drawing else self._dealt % 2

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        if self.current_player() == SIMULTANEOUS:
            return tuple(Bid(digit) for digit in sorted(set(self._hands[player])))
        placements = _placements(self._board, self._hands[player])
        return tuple(placements) if placements else (Pass(),)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each digit left in the bag, with its share of the tiles left (MD-2, MD-5)."""
        if self.current_player() != CHANCE:
            return ()
        left = sum(self._stock.values())
        return tuple(
            (Draw(digit), Fraction(count, left))
            for digit, count in sorted(self._stock.items())
            if count
        )

    def _illegal_reason(self, player: int, action: Action) -> str:
        current = self.current_player()
        if current == CHANCE:
            if isinstance(action, Draw):
                return f"no tile {action.digit} is left in the bag"
            return "a tile must be drawn from the bag"
        if current == SIMULTANEOUS:
            if isinstance(action, Bid):
                return f"player {player} holds no {action.digit} to bid"
            return "both players must bid a tile from their hand"
        hand = self._hands[player]
        if isinstance(action, Pass):
            return "a player who can place a tile must place one (MD-4)"
        if not isinstance(action, Place):
            return f"player {player} must place a tile or pass"
        if action.digit not in hand:
            return f"player {player} holds no {action.digit}"
        if not (1 <= action.row <= SIZE and 1 <= action.column <= SIZE):
            return f"r{action.row}c{action.column} is not on the 4x4 board"
        index = (action.row - 1) * SIZE + action.column - 1
        reason = _clash(self._board, index, action.digit)
        # A held tile on an empty cell where its digit clashes with nothing is legal (MD-4).
        assert reason is not None
        return reason

    # -- acting ------------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Draw):
            self._stock[action.digit] -= 1
            self._hands[self._recipient()].append(action.digit)
            self._hands[self._recipient()].sort()
            if self._drawing:
                # Read only as true or false: a false value of any type plays the same.
                self._drawing = False  # pragma: no mutate
                self._to_move = 1 - self._to_move
            else:
                self._dealt += 1
        elif isinstance(action, Place):
            self._hands[player].remove(action.digit)
            self._board[(action.row - 1) * SIZE + action.column - 1] = action.digit
            self._placed[player] += 1
            self._passes = 0
            if sum(self._stock.values()):
                self._drawing = True
            else:
                self._to_move = 1 - player
        else:
            self._passes += 1
            self._to_move = 1 - player

    def _apply_joint(self, actions: tuple[Action, ...]) -> None:
        bids = []
        for player, action in enumerate(actions):
            assert isinstance(action, Bid)
            self._hands[player].remove(action.digit)
            bids.append(action.digit)
        self._bids = bids
        first, second = bids
        self._to_move = 0 if first > second else 1 if second > first else self._first_on_tie

    def returns(self) -> tuple[float, ...]:
        """(+1, -1), (-1, +1) or (0, 0) once the game is over (MD-8); (0, 0) before."""
        if not self.is_terminal():
            return (0, 0)
        first, second = self._placed
        return (1, -1) if first > second else (-1, 1) if second > first else (0, 0)

    # -- what a player sees ------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """The board, the bids, one's own hand and the sizes of the rest (MD-9).

        ``data`` is ``{"board": [4 strings of 4 characters, "." empty],
        "hand": [digits], "hand_sizes": [n0, n1], "stock": n, "bids": [b0, b1]
        or null, "placed": [n0, n1], "passes": n, "to_move": p}``, where
        ``to_move`` is the current player or marker.
        """
        self._check_player(player)
        rows = [
            "".join(str(d) if d else "." for d in self._board[r * SIZE : (r + 1) * SIZE])
            for r in range(SIZE)
        ]
        sizes = [len(hand) for hand in self._hands]
        data: dict[str, JSONValue] = {
            "board": list[JSONValue](rows),
            "hand": list[JSONValue](self._hands[player]),
            "hand_sizes": list[JSONValue](sizes),
            "stock": sum(self._stock.values()),
            "bids": list[JSONValue](self._bids) if self._bids else None,
            "placed": list[JSONValue](self._placed),
            "passes": self._passes,
            "to_move": self.current_player(),
        }
        return Observation(player, data, self._view(player, rows))

    def _view(self, player: int, rows: list[str]) -> str:
        lines = [f"minidoku, as player {player} sees it"]
        for r, row in enumerate(rows):
            if r == 2:
                lines.append("  --+--")
            lines.append(f"  {row[:2]}|{row[2:]}")
        hand = " ".join(str(d) for d in self._hands[player]) or "-"
        other = len(self._hands[1 - player])
        lines.append(f"hand: {hand}; opponent holds {other}; stock: {sum(self._stock.values())}")
        if self._bids:
            lines.append(f"bids: {self._bids[0]} (player 0), {self._bids[1]} (player 1)")
        lines.append(f"placed: {self._placed[0]} and {self._placed[1]}; to act: {self._actor()}")
        return "\n".join(lines)

    def _actor(self) -> str:
        current = self.current_player()
        if current == CHANCE:
            return f"chance (a tile for player {self._recipient()})"
        if current == SIMULTANEOUS:
            return "both players (bid)"
        if current == TERMINAL:
            return "nobody (game over)"
        return f"player {current}"

    def __str__(self) -> str:
        board = "/".join(
            "".join(str(d) if d else "." for d in self._board[r * SIZE : (r + 1) * SIZE])
            for r in range(SIZE)
        )
        stock = "".join(str(d) * n for d, n in sorted(self._stock.items()))
        hands = " | ".join("".join(map(str, hand)) or "-" for hand in self._hands)
        return f"minidoku {board} hands {hands} stock {stock or '-'}; to act: {self._actor()}"

    # -- hidden information ------------------------------------------------------------------

    def resample_from_infostate(self, player: int, rng: random.Random) -> MinidokuState:
        """The same game as ``player`` knows it, the opponent's tiles drawn again (MD-9).

        Kept: every public step and the tiles ``player`` received. Re-drawn:
        the opponent's current hand, taken at random from the tiles
        ``player`` has not seen (only tiles that fit nowhere on the board of
        the opponent's first pass, if they passed, MD-6), and the order in
        which the opponent received their tiles, chosen at random so that
        each tile they bid or placed was in their hand in time. The stock is
        what is left. Every state returned replays legally with this seed;
        the draw does not follow the posterior distribution.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        opponent = 1 - player
        history = self._history
        # The steps at which the opponent received a tile (MD-2, MD-5), and used one.
        slots: list[int] = []
        uses: list[tuple[int, int]] = []
        first_pass: int | None = None
        for index, entry in enumerate(history):
            action = entry.actions[0]
            if entry.player == CHANCE:
                # Entry 2 * hand size is the first bid, never a chance entry: `<=` is the same.
                dealing = index < 2 * self._hand_size  # pragma: no mutate
                recipient = index % 2 if dealing else history[index - 1].player
                if recipient == opponent:
                    slots.append(index)
            elif entry.player == SIMULTANEOUS:
                bid = entry.actions[opponent]
                assert isinstance(bid, Bid)
                uses.append((index, bid.digit))
            elif entry.player == opponent and isinstance(action, Place):
                uses.append((index, action.digit))
            elif entry.player == opponent and first_pass is None:
                first_pass = index
        # The opponent's hand: tiles unseen by ``player`` (MD-9).
        unseen = dict(self._stock)
        for digit in self._hands[opponent]:
            unseen[digit] += 1
        if first_pass is not None:
            board = [0] * (SIZE * SIZE)
            for entry in history[:first_pass]:
                action = entry.actions[0]
                if isinstance(action, Place):
                    board[(action.row - 1) * SIZE + action.column - 1] = action.digit
            for digit in DIGITS:
                if _placements(board, [digit]):
                    unseen[digit] = 0
        pool = [digit for digit, count in sorted(unseen.items()) for _ in range(count)]
        hand = rng.sample(pool, len(self._hands[opponent]))
        # Who received what when: each used tile before its use, the hand in the other slots.
        received: dict[int, int] = {}
        free = list(slots)
        for when, digit in uses:
            # A slot (a chance entry) is never the use (a player's entry): `<=` is the same.
            choices = [slot for slot in free if slot < when]  # pragma: no mutate
            if not choices:
                # Unreachable: in a legal history every tile was received before it was used.
                raise AssertionError("unreachable: the history was legal")  # pragma: no mutate
            slot = rng.choice(choices)
            free.remove(slot)
            received[slot] = digit
        rng.shuffle(hand)
        received.update(zip(free, hand, strict=True))
        state = MinidokuState(self._minidoku(), self._seed)
        for index, entry in enumerate(history):
            if index in received:
                state.apply_action(Draw(received[index]))
            elif entry.player == SIMULTANEOUS:
                state.apply_actions(entry.actions)
            else:
                state.apply_action(entry.actions[0])
        return state

    def _minidoku(self) -> Minidoku:
        game = self._game
        assert isinstance(game, Minidoku)
        return game
