"""Sumodoku's states and results: the setup, strict and tabletop enforcement, the
observer, the claim, every step of a game, what each player sees and the result
(SU-1 to SU-17)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from dokuspec.engine.base import (
    CHANCE,
    TERMINAL,
    Action,
    HistoryEntry,
    IllegalActionError,
    JSONValue,
    Observation,
    State,
)
from dokuspec.engine.sumodoku.actions import (
    _COLOURS_OUTCOMES,
    _CONCEDE,
    _FIND,
    _OBSERVE,
    _PLACE,
    _POINT_OUT,
    _SILENT,
    Claim,
    Colours,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
)
from dokuspec.engine.sumodoku.game import (
    _COLOUR_NUMBERS,
    _COLOURS_NODE,
    _FIXED,
    _OBSERVER_NODE,
    _PIECES_EACH,
    _UNSET,
    Sumodoku,
    _unit_name,
)
from dokuspec.engine.sumodoku.illegal import illegal_reason
from dokuspec.engine.sumodoku.observation import observation_data, observation_text
from dokuspec.engine.sumodoku.rules import (
    ALL_COLOURS,
    MARKED,
    MARKED_NON_CONSECUTIVE,
    violations,
)
from dokuspec.vocabulary.sumodoku import (
    Board,
    Piece,
    Position,
    border_name,
    cell_name,
)

__all__ = [
    "REASONS",
    "SumodokuResult",
    "SumodokuState",
]

_MASK_COLOURS = tuple(
    tuple(colour for colour in range(1, 10) if mask >> colour & 1) for mask in range(1 << 10)
)
"""The colours 1-9 whose bits a candidate mask sets, in order, for every mask."""

_CELL_MOVES: list[tuple[Place, ...] | None] = [None] * (81 << 10)
"""The placements on a cell of the colours of a mask, at ``cell << 10 | mask``, made when first
asked."""


def _cell_moves(cell: int, mask: int) -> tuple[Place, ...]:
    base = cell * 10
    return tuple(_PLACE[base + colour] for colour in _MASK_COLOURS[mask])  # type: ignore[misc]


REASONS = (
    "all-pieces-played",
    "no-valid-move",
    "claim-succeeded",
    "claim-failed",
    "pointed-out",
    "mistake-found",
)
"""How a game ends (SU-5 to SU-10), as :attr:`SumodokuResult.reason` names it."""


@dataclass(frozen=True, slots=True)
class SumodokuResult:
    """The result of a finished game.

    Attributes:
        winner: the engine player who won, 0 (Player 1) or 1 (Player 2).
        reason: how, one of :data:`REASONS`.
        detail: one readable line: which piece, which rule, which filling.
    """

    winner: int
    reason: str
    detail: str

    def returns(self) -> tuple[int, int]:
        """``(1, -1)`` when Player 1 won, ``(-1, 1)`` otherwise."""
        return (1, -1) if self.winner == 0 else (-1, 1)

    def to_json(self) -> dict[str, JSONValue]:
        """``{"winner": 1|2, "reason": ...}``: the game's own player numbers."""
        return {"winner": self.winner + 1, "reason": self.reason}


class SumodokuState(State):
    """A Sumodoku game in progress.

    Use :meth:`Sumodoku.new_initial_state`; the protocol is documented on
    :class:`~dokuspec.engine.base.State`. Players are engine players 0 and
    1 (the rules' Player 1 and Player 2). Besides the protocol:
    :attr:`board`, :attr:`position`, :attr:`out`, :meth:`hand`,
    :meth:`colours`, :meth:`turn_number`, :meth:`valid_moves`,
    :meth:`has_valid_move`, :meth:`claim_open`, :meth:`claim_time_limit`,
    :meth:`unnoticed`, :meth:`point_out_target` and :attr:`result`.
    """

    def __init__(self, game: Sumodoku, seed: int) -> None:
        super().__init__(game, seed)
        rules = game._rules
        self._rules = rules
        nunits = len(rules.units)
        self._cells = bytearray(81)
        # Equivalent mutants on the next five lines: a longer _counts table holds the same
        # counts; bit 0 of a mask and index 0 of _supply stand for no colour and are never read;
        # _shared is only read as `self._shared or None`.
        self._counts = [0] * (nunits * 10)  # pieces of colour k in unit u  # pragma: no mutate
        self._masks = [0] * nunits  # bit k: colour k is in unit u  # pragma: no mutate
        self._cand = list(rules.allowed)  # per empty cell: the colours a placement may have
        self._hands = [[0] * 10, [0] * 10]  # by colour; unused with free colours
        self._owned = [0, 0]  # bit masks of each player's colours  # pragma: no mutate
        self._shared = 0  # pragma: no mutate
        self._out = [0] * 10
        self._supply = [0] + [9] * 9  # pieces not on the board, not out  # pragma: no mutate
        self._turns = [0, 0]
        self._to_move = rules.first
        self._node: str | None = _COLOURS_NODE if rules.random_colours else None
        self._mistakes: list[int] = []  # cells of unnoticed mistakes, in placement order
        # A longer _by table holds the same entries (equivalent mutant).
        self._by = bytearray(81)  # per cell: who placed its piece, player + 1  # pragma: no mutate
        self._removed = [False, False]  # whether the observer removed a piece of each (SU-9)
        self._moment = _UNSET  # the last placement's cell while SU-7 may point it out
        self._done = _UNSET  # a player who placed all pieces, the last one invalid (SU-23)
        self._result: SumodokuResult | None = None
        if not rules.random_colours and not rules.free:
            self._assign(*_FIXED)
        if self._node is None:
            self._start_turn()

    def _assign(self, first: tuple[int, ...], second: tuple[int, ...], shared: int) -> None:
        for player, colours in enumerate((first, second)):
            hand = self._hands[player]
            for colour in colours:
                hand[colour] = 9
            hand[shared] = 4
            self._owned[player] = sum(1 << k for k in (*colours, shared))
        self._shared = shared

    def clone(self) -> SumodokuState:
        """An independent copy (the game and its rules are shared; they do not change)."""
        other = object.__new__(SumodokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._cells = bytearray(self._cells)
        other._counts = list(self._counts)
        other._masks = list(self._masks)
        other._cand = list(self._cand)
        other._hands = [list(self._hands[0]), list(self._hands[1])]
        other._owned = list(self._owned)
        other._out = list(self._out)
        other._supply = list(self._supply)
        other._turns = list(self._turns)
        other._mistakes = list(self._mistakes)
        other._by = bytearray(self._by)
        other._removed = list(self._removed)
        return other

    # -- reading the state ---------------------------------------------------------------------

    @property
    def board(self) -> Board:
        """The pieces on the board."""
        return Board(bytes(self._cells))

    @property
    def out(self) -> tuple[int, ...]:
        """Pieces out of the game per colour, ``out[k - 1]`` for colour ``k`` (SU-9)."""
        return tuple(self._out[1:])

    @property
    def position(self) -> Position:
        """The board with the variants in force and the pieces out of the game (SU-15)."""
        return Position._trusted(self.board, self._rules.variants, self.out)

    @property
    def result(self) -> SumodokuResult | None:
        """The result once the game is over, else ``None``."""
        return self._result

    def _player(self, player: object) -> int:
        if isinstance(player, bool) or not isinstance(player, int):
            raise TypeError(f"a player is an int 0 or 1, not {type(player).__name__}")
        self._check_player(player)
        return player

    def hand(self, player: int) -> tuple[int, ...]:
        """Pieces left per colour, ``hand(p)[k - 1]`` for colour ``k`` (SU-1).

        With free colours (SU-11), the common supply: the same for both.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        if self._rules.free:
            return tuple(self._supply[1:])
        return tuple(self._hands[player][1:])

    def colours(self, player: int) -> frozenset[int]:
        """The colours assigned to ``player`` (all nine with free colours; none before a
        random assignment is drawn), SU-1, SU-11.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        if self._rules.free:
            return frozenset(range(1, 10))
        mask = self._owned[player]
        return frozenset(k for k in _COLOUR_NUMBERS if mask >> k & 1)

    @property
    def spare(self) -> int | None:
        """The shared colour, whose ninth piece is the spare (SU-1); ``None`` before a random
        assignment and with free colours."""
        return self._shared or None

    def turn_number(self, player: int) -> int:
        """How many turns ``player`` has taken: placements and claims (ruling SU-25).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        return self._turns[self._player(player)]

    def _hand_mask(self, player: int) -> int:
        counts = self._supply if self._rules.free else self._hands[player]
        return sum(1 << colour for colour in _COLOUR_NUMBERS if counts[colour])

    def valid_moves(self, player: int) -> tuple[Place, ...]:
        """Every valid placement of ``player`` now, ordered by cell then colour.

        A piece of a colour the player still holds, on an empty cell, that
        breaks no rule with the pieces on the board (SU-3, SU-12 to SU-14);
        whoever's turn it is.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        hand = self._hand_mask(self._player(player))
        cells, cand, known = self._cells, self._cand, _CELL_MOVES
        moves: list[Place] = []
        for cell in range(81):
            if cells[cell]:
                continue
            mask = cand[cell] & hand
            if mask:
                key = cell << 10 | mask
                found = known[key]
                if found is None:
                    found = known[key] = _cell_moves(cell, mask)
                moves.extend(found)
        return tuple(moves)

    def valid_move_count(self, player: int) -> int:
        """How many valid placements ``player`` has now: ``len(valid_moves(player))``,
        counted without listing them.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        hand = self._hand_mask(self._player(player))
        if not hand:
            return 0
        cells, cand = self._cells, self._cand
        return sum((cand[cell] & hand).bit_count() for cell in range(81) if not cells[cell])

    def has_valid_move(self, player: int) -> bool:
        """Whether ``player`` has a valid placement now (SU-6).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        return self._can_move(self._player(player))

    def _can_move(self, player: int) -> bool:
        hand = self._hand_mask(player)
        if not hand:
            return False
        cells, cand = self._cells, self._cand
        return any(cand[cell] & hand for cell in range(81) if not cells[cell])

    def unnoticed(self) -> tuple[Piece, ...]:
        """The unnoticed mistakes on the board, in the order they were placed (SU-7 to SU-9,
        ruling SU-22); always empty in strict enforcement."""
        return tuple(Piece(c // 9 + 1, c % 9 + 1, self._cells[c]) for c in self._mistakes)

    def point_out_target(self) -> Piece | None:
        """The opponent's last placement while it may be pointed out (SU-7), else ``None``."""
        cell = self._moment
        if cell < 0 or self._result is not None:
            return None
        return Piece(cell // 9 + 1, cell % 9 + 1, self._cells[cell])

    def claim_open(self, player: int) -> bool:
        """Whether ``player`` may claim now (SU-10): their turn, own turn number in the
        claim window (and not while answering an invalid last piece, ruling SU-23).

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        player = self._player(player)
        return self._claim_open(player)

    def _claim_open(self, player: int) -> bool:
        if self._result is not None or self._node is not None or self._to_move != player:
            return False
        if self._done >= 0:
            return False
        low, high = self._rules.window
        return low <= self._turns[player] + 1 <= high

    def claim_time_limit(self, player: int) -> float | None:
        """The seconds a claim by ``player`` may take now (SU-10); ``None`` when they may
        not claim.

        Raises:
            TypeError: ``player`` is not an int.
            EngineError: ``player`` is not 0 or 1.
        """
        if not self.claim_open(player):
            return None
        game = self._game
        assert isinstance(game, Sumodoku)
        return game.claim_time_limit(self._turns[player] + 1)

    # -- whose turn ----------------------------------------------------------------------------

    def current_player(self) -> int:
        """The player to act; :data:`CHANCE` for the colour draw and the observer;
        :data:`TERMINAL` once the game is over."""
        if self._result is not None:
            return TERMINAL
        if self._node is not None:
            return CHANCE
        return self._to_move

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The colour draw: each of the 630 splits with probability 1/630 (SU-1). The
        observer: each of the ``n`` unnoticed mistakes the opponent has let pass (all but
        the last placement, which the opponent may still point out) with ``observer / n``,
        silence with the rest (SU-9, rulings SU-20, SU-28)."""
        if self._result is not None or self._node is None:
            return ()
        if self._node == _COLOURS_NODE:
            return _COLOURS_OUTCOMES
        chance = self._rules.observer
        passed = self._passed()
        each = chance / len(passed)
        found: list[tuple[Action, Fraction]] = [(_OBSERVE[c], each) for c in passed]
        if chance < 1:
            found.append((_SILENT, 1 - chance))
        return tuple(found)

    def _passed(self) -> list[int]:
        """The unnoticed mistakes the opponent has let pass: every one but the last placement
        while SU-7 may still point it out (SU-9)."""
        return [c for c in self._mistakes if c != self._moment]

    def _may_find(self, player: int, cell: int) -> bool:
        """Whether ``player`` may find the unnoticed mistake on ``cell`` now (SU-8, ruling
        SU-21): not the last placement, and the opponent's unless ``own_mistake_wins``."""
        return cell != self._moment and (self._rules.own_mistakes or self._by[cell] != player + 1)

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        if self._node is not None:
            return ()
        found: list[Action] = []
        moving = self._done < 0 and self._can_move(player)
        if moving:
            if self._rules.tabletop:
                found.extend(self._placements(player))
            else:
                found.extend(self.valid_moves(player))
        if self._moment >= 0:
            found.append(_POINT_OUT[self._moment])
        found.extend(_FIND[c] for c in sorted(self._mistakes) if self._may_find(player, c))
        if not moving:
            found.append(_CONCEDE)
        return tuple(found)

    def _placements(self, player: int) -> list[Action]:
        """Tabletop: every own piece on every empty cell (SU-4)."""
        hand = self._hand_mask(player)
        colours = [k for k in _COLOUR_NUMBERS if hand >> k & 1]
        cells = self._cells
        return [
            _PLACE[cell * 10 + k]  # type: ignore[misc]
            for cell in range(81)
            if not cells[cell]
            for k in colours
        ]

    def _open_actions(self, player: int) -> tuple[str, ...]:
        return ("claim",) if self._claim_open(player) else ()

    def _accepts_open(self, player: int, action: Action) -> bool:
        return type(action) is Claim and self._claim_open(player)

    def _may_place(self, player: int, action: Place) -> bool:
        """Whether the placement is legal at a player's node: exactly the placements
        :meth:`_legal_actions` lists."""
        if self._done >= 0:
            return False
        cell, colour = action.cell, action.colour
        if self._cells[cell]:
            return False
        if self._rules.free:
            if not self._supply[colour]:
                return False
        elif not self._hands[player][colour]:
            return False
        if self._cand[cell] >> colour & 1:
            return True
        return self._rules.tabletop and self._can_move(player)

    def apply_action(self, action: Action) -> None:
        """Apply one action, as :meth:`State.apply_action` does.

        A player's placement is judged by the rules directly instead of being
        looked up in :meth:`legal_actions`, and refused with the same error;
        any other action goes through :meth:`State.apply_action`.
        """
        player = self.current_player()
        # A fast path for a player's placement. Its mutants that skip it are equivalent:
        # State.apply_action then judges the placement by the same rules.
        if player >= 0 and type(action) is Place:  # pragma: no mutate
            if not self._may_place(player, action):
                reason = self._illegal_reason(player, action)
                raise IllegalActionError(self._game.name, action, player, reason)
            self._apply(player, action)
            self._history.append(HistoryEntry(player, (action,)))
            return
        super().apply_action(action)

    # -- applying actions ------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        kind = type(action)
        if kind is Place:
            assert isinstance(action, Place)
            self._place(player, action.cell, action.colour)
        elif kind is Observe:
            assert isinstance(action, Observe)
            self._observe((action.row - 1) * 9 + action.col - 1)
        elif kind is Silent:
            self._node = None
            self._start_turn()
        elif kind is Colours:
            assert isinstance(action, Colours)
            self._assign(action.player1, action.player2, action.shared)
            self._node = None
            self._start_turn()
        elif kind is Claim:
            assert isinstance(action, Claim)
            self._turns[player] += 1
            self._judge_claim(player, action)
        elif kind is PointOut:
            cell = self._moment
            self._finish(
                player,
                "pointed-out",
                f"Player {player + 1} pointed out the invalid placement {self._name(cell)} "
                f"of Player {2 - player}: {self._why(cell)}",
            )
        elif kind is FindMistake:
            assert isinstance(action, FindMistake)
            cell = (action.row - 1) * 9 + action.col - 1
            owner = self._by[cell] - 1
            found = (
                f"their own mistake {self._name(cell)}"
                if owner == player
                else f"the mistake {self._name(cell)} of Player {owner + 1}"
            )
            self._finish(
                player, "mistake-found", f"Player {player + 1} found {found}: {self._why(cell)}"
            )
        elif self._done >= 0:  # Concede, answering an invalid last piece (ruling SU-23)
            self._finish(
                self._done,
                "all-pieces-played",
                f"Player {self._done + 1} placed all {_PIECES_EACH} pieces; "
                f"Player {player + 1} conceded",
            )
        else:  # Concede with no valid move (SU-6, ruling SU-24)
            self._finish(
                1 - player,
                "no-valid-move",
                f"Player {player + 1} had no valid move and conceded",
            )

    def _name(self, cell: int) -> str:
        return f"{cell_name(cell)}={self._cells[cell]}"

    def _put(self, cell: int, colour: int) -> None:
        rules = self._rules
        self._cells[cell] = colour
        counts, masks = self._counts, self._masks
        bit = 1 << colour
        for unit in rules.units_of[cell]:
            counts[unit * 10 + colour] += 1
            masks[unit] |= bit
        cand = self._cand
        for peer in rules.peers[cell]:
            cand[peer] &= ~bit
        near = rules.next_to[colour]
        for other, kind in rules.neighbours[cell]:
            cand[other] &= near if kind == MARKED else ~near

    def _take(self, cell: int) -> None:
        rules = self._rules
        colour = self._cells[cell]
        self._cells[cell] = 0
        counts, masks = self._counts, self._masks
        for unit in rules.units_of[cell]:
            index = unit * 10 + colour
            counts[index] -= 1
            if not counts[index]:
                masks[unit] &= ~(1 << colour)
        for other in (cell, *rules.peers[cell], *(o for o, _ in rules.neighbours[cell])):
            self._cand[other] = self._candidates(other)

    def _candidates(self, cell: int) -> int:
        rules = self._rules
        mask = rules.allowed[cell]
        for unit in rules.units_of[cell]:
            mask &= ~self._masks[unit]
        cells = self._cells
        for other, kind in rules.neighbours[cell]:
            colour = cells[other]
            if colour:
                near = rules.next_to[colour]
                mask &= near if kind == MARKED else ~near
        return mask & ALL_COLOURS

    def _breaks(self, cell: int) -> bool:
        """Whether the piece on ``cell`` breaks a rule with the other pieces (ruling SU-22)."""
        rules = self._rules
        colour = self._cells[cell]
        if not rules.allowed[cell] >> colour & 1:
            return True
        if any(self._counts[u * 10 + colour] > 1 for u in rules.units_of[cell]):
            return True
        for other, kind in rules.neighbours[cell]:
            near = self._cells[other]
            if near and bool(rules.next_to[colour] >> near & 1) != (kind == MARKED):
                return True
        return False

    def _why(self, cell: int) -> str:
        """The first rule the piece on ``cell`` breaks with the other pieces."""
        return self._conflict(cell, self._cells[cell], counts_include_self=True)

    def _conflict(self, cell: int, colour: int, *, counts_include_self: bool = False) -> str:
        """Why a piece of ``colour`` on ``cell`` breaks a rule (the cell's own piece, if any,
        is never the other piece named)."""
        rules = self._rules
        digits = rules.variants.digits
        if not rules.allowed[cell] >> colour & 1:
            parity = "an odd" if rules.variants.parity[cell] == "o" else "an even"
            digit = "" if digits[colour - 1] == str(colour) else f" (digit {digits[colour - 1]})"
            return f"{cell_name(cell)} is {parity} cell, colour {colour}{digit} is not (SU-13)"
        least = 2 if counts_include_self else 1
        for unit in rules.units_of[cell]:
            if self._counts[unit * 10 + colour] >= least:
                other = next(c for c in rules.units[unit] if c != cell and self._cells[c] == colour)
                rule = "SU-12" if unit >= 27 else "SU-3"
                return (
                    f"colour {colour} is already in {_unit_name(unit)} ({cell_name(other)}), {rule}"
                )
        for other, kind in rules.neighbours[cell]:
            near = self._cells[other]
            if not near:
                continue
            border = border_name((min(cell, other), max(cell, other)))
            pair = f"{colour} and {near}"
            if digits != "123456789":
                pair += f" (digits {digits[colour - 1]} and {digits[near - 1]})"
            consecutive = bool(rules.next_to[colour] >> near & 1)
            if kind == MARKED and not consecutive:
                return f"{border} is marked consecutive but would hold {pair} (SU-14)"
            if kind == MARKED_NON_CONSECUTIVE and consecutive:
                return f"{border} is marked non-consecutive but would hold {pair} (SU-37)"
            if kind != MARKED and consecutive:
                return f"{border} is not marked but would hold the consecutive {pair} (SU-14)"
        # Unreachable: _why and _place_reason only ask about pieces that break a rule.
        return "it breaks no rule"  # pragma: no mutate

    def _place(self, player: int, cell: int, colour: int) -> None:
        rules = self._rules
        valid = bool(self._cand[cell] >> colour & 1)
        self._put(cell, colour)
        self._by[cell] = player + 1
        if not rules.free:
            self._hands[player][colour] -= 1
        self._supply[colour] -= 1
        self._turns[player] += 1
        self._moment = _UNSET
        if not valid:
            self._mistakes.append(cell)
            self._moment = cell
        self._to_move = 1 - player
        if not rules.free and not any(self._hands[player]) and not self._removed[player]:
            if valid:
                self._finish(
                    player,
                    "all-pieces-played",
                    f"Player {player + 1} placed all {_PIECES_EACH} pieces (SU-5)",
                )
                return
            self._done = player
        if rules.observer and self._passed():
            self._node = _OBSERVER_NODE
            return
        self._start_turn()

    def _observe(self, cell: int) -> None:
        colour = self._cells[cell]
        name = self._name(cell)
        owner = self._by[cell] - 1
        self._take(cell)
        # _by is only read on occupied cells, and _place writes it when a hole is filled
        # again: whatever this line writes is never read (equivalent mutants).
        self._by[cell] = 0  # pragma: no mutate
        self._out[colour] += 1
        self._removed[owner] = True  # not all their pieces are placed any more (SU-5)
        if self._done == owner:
            self._done = _UNSET
        self._mistakes = [c for c in self._mistakes if c != cell and self._breaks(c)]
        if self._moment >= 0 and self._moment not in self._mistakes:
            self._moment = _UNSET
        self._node = None
        if self._done >= 0 and self._moment < 0:
            self._finish(
                self._done,
                "all-pieces-played",
                f"Player {self._done + 1} placed all {_PIECES_EACH} pieces (SU-5); the last "
                f"one is valid once the observer removed {name}",
            )
            return
        self._start_turn()

    def _start_turn(self) -> None:
        """SU-6: a player with no valid move and nothing else to do loses at once."""
        player = self._to_move
        if self._can_move(player):
            return
        # A placement that may still be pointed out (SU-7), an invalid last piece among them
        # (ruling SU-23), is one of the unnoticed mistakes.
        findable = any(self._may_find(player, c) for c in self._mistakes)
        if self._moment >= 0 or findable or self._claim_open(player):
            return  # they may point out, find a mistake or claim; or concede
        self._finish(
            1 - player,
            "no-valid-move",
            f"Player {player + 1} has no valid move; Player {2 - player} made the last one",
        )

    def _finish(self, winner: int, reason: str, detail: str) -> None:
        # Only ever called at a player's node (_observe leaves the observer's node first).
        self._result = SumodokuResult(winner, reason, detail)

    def _judge_claim(self, player: int, claim: Claim) -> None:
        """SU-10, rulings SU-26, SU-27: the filling and the time, judged directly."""
        failure = self._claim_failure(player, claim)
        if failure is None:
            self._finish(
                player,
                "claim-succeeded",
                f"Player {player + 1} completed the board in {claim.seconds:g} s",
            )
        else:
            self._finish(1 - player, "claim-failed", f"Player {player + 1}'s claim: {failure}")

    def _claim_failure(self, player: int, claim: Claim) -> str | None:
        filling = claim.filling.cells
        cells = self._cells
        for cell in range(81):
            if cells[cell] and filling[cell] != cells[cell]:
                shown = filling[cell] or "nothing"
                return f"the filling has {shown} on {self._name(cell)}"
        for cell in range(81):
            if not filling[cell]:
                return f"the filling leaves {cell_name(cell)} empty"
        for colour in range(1, 10):
            added = filling.count(colour) - cells.count(colour)
            if added != self._supply[colour]:
                left = self._supply[colour]
                out = self._out[colour]
                tail = f" ({out} out of the game)" if out else ""
                return (
                    f"the filling adds {added} pieces of colour {colour}, but {left} remain{tail}"
                )
        broken = violations(claim.filling, self._rules.variants)
        if broken:
            return f"the filling breaks {broken[0].rule}: {broken[0].message}"
        game = self._game
        assert isinstance(game, Sumodoku)
        limit = game.claim_time_limit(self._turns[player])
        assert limit is not None
        if claim.seconds > limit:
            return (
                f"{claim.seconds:g} s is over the {limit:g} s allowed on own turn "
                f"{self._turns[player]}"
            )
        return None

    def returns(self) -> tuple[float, ...]:
        """``(1, -1)`` or ``(-1, 1)`` once finished; ``(0, 0)`` before."""
        if self._result is None:
            return (0, 0)
        return self._result.returns()

    # -- why an action is illegal --------------------------------------------------------------

    def _illegal_reason(self, player: int, action: Action) -> str:
        return illegal_reason(self, player, action)

    # -- what the players see ----------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """Everything, the same for both players (perfect information).

        ``data`` is ``{"player": 1|2, "board": "<81>", "out": [9 counts],
        "hands": [[9 counts], [9 counts]], "colours": [[...], [...]],
        "turns": [n1, n2], "to_move": 1|2|"chance"|null,
        "unnoticed": ["r1c2=3", ...], "point_out": "r1c2=3"|null,
        "claim_open": bool, "claim_time_limit": s|null,
        "result": {"winner", "reason", "detail"}|null}`` (players in the
        game's numbers 1 and 2); ``text`` draws the board in 80 columns.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        data = self._public()
        data["player"] = player + 1
        return Observation(player, data, self._text())

    def _public(self) -> dict[str, JSONValue]:
        return observation_data(self)

    def _text(self) -> str:
        return observation_text(self)

    def __str__(self) -> str:
        return self._text()

    def _repr_svg_(self) -> str:
        """The position as SVG, for Jupyter: :meth:`Position._repr_svg_`."""
        return self.position._repr_svg_()

    def resample_from_infostate(self, player: int, rng: random.Random) -> SumodokuState:
        """A clone: Sumodoku has no hidden information.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        return self.clone()
