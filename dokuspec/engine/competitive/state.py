"""Competitive Sudoku's states: the table, whose turn, every step of a game and why an
action is illegal (CS-1 to CS-25)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    HistoryEntry,
    Observation,
    State,
)
from dokuspec.engine.competitive.actions import (
    _CONCEDE,
    _CONTINUE,
    _FLOOD,
    _PASS,
    _PICK,
    _PLACE,
    _RETURN,
    _SWAP,
    _TAKE,
    _TAKE_DECK,
    _TOSS_OUTCOMES,
    _WORD,
    Concede,
    Draw,
    Flood,
    Pass,
    Pick,
    Place,
    Return,
    Swap,
    Take,
    TakeDeck,
    Toss,
    _outcomes,
)
from dokuspec.engine.competitive.game import _HAND, CompetitiveSudoku
from dokuspec.engine.competitive.observation import (
    _counts_text,
    _indices_text,
    observation_of,
)
from dokuspec.engine.competitive.phases import (
    _CHANCE_PHASES,
    _CHOICE,
    _DEAL,
    _DECK,
    _OVER,
    _PICKING,
    _PLACING,
    _PLAY_PHASES,
    _PUT,
    _REDRAW,
    _REFILL,
    _TABLE,
    _TURN,
    _WHO,
)
from dokuspec.engine.competitive.rules import (
    _CARD_INDEX,
    _COLOUR,
    _COLOUR_LETTER,
    _COLOUR_WORD,
    _RANK,
    _TEXT,
    _card_text,
    _is_winning,
    _series,
    _value,
    _winner_points,
)
from dokuspec.vocabulary.competitive import (
    CARD_BY_INDEX,
    RED,
    Card,
    Cards,
    Grid,
    Pool,
    Stack,
    Table,
)

__all__ = ["CompetitiveSudokuState"]

_NONE = -1  # no seat, no card, no colour (only its sign is read)


class CompetitiveSudokuState(State):
    """A Competitive Sudoku position: Grids, Pools, Decks, Discard Piles, whose turn.

    Use :meth:`CompetitiveSudoku.new_initial_state`; the protocol is
    documented on :class:`~dokuspec.engine.base.State`. Besides it:
    :meth:`table` (the public table as a vocabulary
    :class:`~dokuspec.vocabulary.competitive.Table`), :attr:`black` (the seat
    of the Black player), :meth:`grid` and :meth:`drawn`.
    """

    def __init__(self, game: CompetitiveSudoku, seed: int) -> None:
        super().__init__(game, seed)
        self._rules = game._rules
        self._phase = _WHO
        self._who: list[int] = []  # CS-2: seat 0's card, seat 1's card, seat 0's, ...
        self._black = _NONE  # the seat of the Black player, once known
        self._dealt: list[int] = []  # the cards drawn for the deal (CS-3 to CS-5)
        # Start values marked `no mutate` are set again before they are read, or a table one
        # entry longer holds the same counts: their mutants are equivalent.
        self._draft = [0] * 18  # the draft pool, by card index  # pragma: no mutate
        self._hands: list[list[int]] = [[], []]  # by seat: cards received, not yet placed
        self._picks = 0
        self._grids = [[-1] * 9, [-1] * 9]  # by seat
        self._rounds = 0  # placement rounds played (CS-21)
        self._deck = [0] * 18  # the cards in the Decks, by card index  # pragma: no mutate
        self._sizes = [0, 0]  # the number of red cards and of black cards in the Decks
        self._owner = [0, 1]  # who holds the red cards' Deck, the black's  # pragma: no mutate
        self._pools: list[list[list[int]]] = [[], []]  # by colour: Stacks, bottom card first
        self._discards = [[0] * 18, [0] * 18]  # by seat, by card index
        self._to_move = 0  # pragma: no mutate
        self._drawn = _NONE  # the card drawn this turn, until it is placed or returned
        self._table_step = 0  # CS-8: draws 0, 1 by Red; 2, 3 by Black  # pragma: no mutate
        self._flood = _NONE  # the colour of the Pool being drawn again (CS-14)
        self._flood_left = 0  # pragma: no mutate
        self._turns = 0
        self._trades = 0
        self._result: tuple[int, int] | None = None
        self._ending = ""  # pragma: no mutate

    def clone(self) -> CompetitiveSudokuState:
        """An independent copy (the game and its options are shared; they do not change)."""
        other = object.__new__(CompetitiveSudokuState)
        other.__dict__.update(self.__dict__)
        other._history = list(self._history)
        other._who = list(self._who)
        other._dealt = list(self._dealt)
        other._draft = list(self._draft)
        other._hands = [list(self._hands[0]), list(self._hands[1])]
        other._grids = [list(self._grids[0]), list(self._grids[1])]
        other._deck = list(self._deck)
        other._sizes = list(self._sizes)
        other._owner = list(self._owner)
        other._pools = [[list(s) for s in self._pools[0]], [list(s) for s in self._pools[1]]]
        other._discards = [list(self._discards[0]), list(self._discards[1])]
        return other

    def __getstate__(self) -> dict[str, object]:
        """What pickle stores: the fields, the history as plain tuples (about twice as fast)."""
        fields = dict(self.__dict__)
        fields["_history"] = tuple((entry.player, entry.actions) for entry in self._history)
        return fields

    def __setstate__(self, fields: dict[str, object]) -> None:
        history = fields["_history"]
        assert isinstance(history, tuple)
        self.__dict__.update(fields)
        self._history = [HistoryEntry(player, actions) for player, actions in history]

    # -- reading the state ---------------------------------------------------------------------

    @property
    def black(self) -> int | None:
        """The seat (0 or 1) of the Black player, ``None`` before CS-2 decides."""
        return None if self._black < 0 else self._black

    def grid(self, player: int) -> Grid:
        """The Grid of seat ``player`` (0 or 1)."""
        self._check_player(player)
        return Grid(None if c < 0 else CARD_BY_INDEX[c] for c in self._grids[player])

    def drawn(self) -> Card | None:
        """The card drawn this turn and not yet placed or returned, or ``None``."""
        return None if self._drawn < 0 else CARD_BY_INDEX[self._drawn]

    def _red(self) -> int:
        """The seat of the Red player (seat 0 before CS-2 decides)."""
        # Before CS-2 the table is empty: either seat shows the same (equivalent mutants).
        return 1 - self._black if self._black >= 0 else 0  # pragma: no mutate

    def _own_colour(self, seat: int) -> int:
        """The colour of the cards in the Deck in front of ``seat`` (CS-7, CS-16)."""
        return 0 if self._owner[0] == seat else 1

    def table(self) -> Table:
        """Everything public on the table, Red's first (the Red player's Grid, Deck, Discard Pile).

        Before CS-2 decides who is Red, seat 0 is shown as Red (the table is
        empty then).
        """
        red = self._red()
        seats = (red, 1 - red)
        return Table(
            grids=(self.grid(seats[0]), self.grid(seats[1])),
            pools=(self._pool(0), self._pool(1)),
            decks=(
                self._sizes[self._own_colour(seats[0])],
                self._sizes[self._own_colour(seats[1])],
            ),
            discards=(self._discard(seats[0]), self._discard(seats[1])),
        )

    def _repr_svg_(self) -> str:
        """The table (:meth:`table`) as SVG, for Jupyter."""
        from dokuspec.render.competitive import table_svg  # noqa: PLC0415 - pictures only

        return table_svg(self.table())

    def _pool(self, colour: int) -> Pool:
        return Pool(
            _COLOUR_LETTER[colour],
            (Stack(CARD_BY_INDEX[c] for c in stack) for stack in self._pools[colour]),
        )

    def _pool_text(self, colour: int) -> str:
        """The Pool's text form, as the vocabulary writes it (``red: r3 | r5 r7``)."""
        stacks = " | ".join(" ".join(_TEXT[c] for c in stack) for stack in self._pools[colour])
        return f"{_COLOUR_WORD[colour]}: {stacks or '-'}"

    def _discard(self, seat: int) -> Cards:
        return _cards(self._discards[seat])

    # -- whose turn ----------------------------------------------------------------------------

    def current_player(self) -> int:
        """:data:`CHANCE` while cards are drawn, :data:`SIMULTANEOUS` at the placement rounds
        and the concede-or-continue choice, the player to pick or to play, :data:`TERMINAL`
        at the end."""
        phase = self._phase
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase is _TURN or phase is _PUT:
            return self._to_move
        if phase is _PICKING:
            return self._black if self._picks % 2 == 0 else 1 - self._black
        if phase is _PLACING or phase is _CHOICE:
            return SIMULTANEOUS
        return TERMINAL

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        phase = self._phase
        if phase is _TURN:
            colour = self._own_colour(player)
            if not self._sizes[colour]:
                return (_PASS,)
            for pool in (0, 1):
                if self._flooded(pool):
                    return (_FLOOD[pool],)
            takes: list[Action] = [
                _TAKE[pool][k] for pool in (0, 1) for k in range(len(self._pools[pool]))
            ]
            takes.append(_TAKE_DECK)
            return tuple(takes)
        if phase is _PUT:
            return self._put_actions(player)
        if phase is _PLACING:
            grid = self._grids[player]
            empty = [p for p in range(9) if grid[p] < 0]
            return tuple(
                _PLACE[card][p] for card in sorted(set(self._hands[player])) for p in empty
            )
        if phase is _PICKING:
            return tuple(_PICK[card] for card in range(18) if self._draft[card])
        if phase is _CHOICE:
            return (_CONCEDE, _CONTINUE)
        return ()

    def _put_actions(self, player: int) -> tuple[Action, ...]:
        grid = self._grids[player]
        card = self._drawn
        empty = [p for p in range(9) if grid[p] < 0]
        if empty:
            return tuple(_PLACE[card][p] for p in empty)
        actions: list[Action] = [_RETURN[card][s] for s in self._return_stacks(_COLOUR[card])]
        for p in range(9):
            swaps = _SWAP[card][p]
            actions.extend(swaps[s] for s in self._return_stacks(_COLOUR[grid[p]]))
        return tuple(actions)

    def _flooded(self, colour: int) -> bool:
        """Whether the Pool of ``colour`` is Flooded: 2 Stacks of 2 cards (CS-12)."""
        pool = self._pools[colour]
        return len(pool) == 2 and len(pool[0]) == 2 and len(pool[1]) == 2

    def _return_stacks(self, colour: int) -> tuple[int | None, ...]:
        """Where a card returned to the Pool of ``colour`` may go (CS-12).

        ``(1, 2)`` when both Stacks hold one card, else ``(None,)``: a new Stack, or
        the one Stack of height 1. Never Flooded while a card is placed: a turn
        starts with no Flooded Pool and returns one card at most.
        """
        pool = self._pools[colour]
        if len(pool) == 2 and len(pool[0]) == len(pool[1]) == 1:
            return (1, 2)
        return (None,)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Each distinct card that can be drawn, with probability copies left / cards left.

        Who is Black (CS-2): from the full deck less the cards already drawn,
        or the toss (1/2 each) when the deck ran out on equal sums. The deal:
        from the red cards (then, in Draft, the black cards) less those dealt
        (CS-3 to CS-5). The table, one's own Deck, refills and floods: from
        the Deck being drawn (CS-8, CS-10, CS-13, CS-14, CS-23).
        """
        phase = self._phase
        if phase not in _CHANCE_PHASES:
            return ()
        copies = self._rules.copies
        if phase is _WHO:
            if len(self._who) == 18 * copies:
                return _TOSS_OUTCOMES
            left = [copies] * 18
            for card in self._who:
                left[card] -= 1
            return _outcomes(0, tuple(left))
        if phase is _DEAL:
            colour = 1 if self._rules.mode == "draft" and len(self._dealt) >= _HAND else 0
            left = [copies] * 18
            for card in self._dealt:
                left[card] -= 1
            start = 9 * colour
            return _outcomes(start, tuple(left[start : start + 9]))
        colour = self._drawing_colour()
        start = 9 * colour
        return _outcomes(start, tuple(self._deck[start : start + 9]))

    def _drawing_colour(self) -> int:
        """The colour of the Deck drawn at this chance node (after the deal)."""
        phase = self._phase
        if phase is _TABLE:
            return self._own_colour(self._table_seat())
        if phase is _DECK:
            return self._own_colour(self._to_move)
        if phase is _REFILL:
            return self._refill_colour()
        return self._flood

    def _table_seat(self) -> int:
        """Who draws at this step of CS-8: Red twice, then Black twice."""
        red = self._red()
        return red if self._table_step < 2 else 1 - red

    def _refill_colour(self) -> int:
        """The first Pool (red first) with fewer than 2 Stacks whose Deck has cards, or -1."""
        for colour in (0, 1):
            if len(self._pools[colour]) < 2 and self._sizes[colour]:
                return colour
        return _NONE

    # -- acting --------------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> None:
        kind = type(action)
        if kind is Draw:
            assert isinstance(action, Draw)
            self._apply_draw(_CARD_INDEX[action.card])
        elif kind is Toss:
            assert isinstance(action, Toss)
            self._black = action.player
            self._phase = _DEAL
        elif kind is Pick:
            assert isinstance(action, Pick)
            card = _CARD_INDEX[action.card]
            self._draft[card] -= 1
            self._hands[player].append(card)
            self._hands[player].sort()
            self._picks += 1
            if self._picks == 2 * _HAND:
                self._phase = _PLACING
        elif kind is Take:
            assert isinstance(action, Take)
            pool = self._pools[0 if action.colour == RED else 1]
            stack = pool[action.stack - 1]
            self._drawn = stack.pop()
            if not stack:
                del pool[action.stack - 1]
            self._phase = _PUT
        elif kind is TakeDeck:
            self._phase = _DECK
        elif kind is Place:
            assert isinstance(action, Place)
            self._grids[player][action.position - 1] = self._drawn
            self._drawn = _NONE
            self._after_put(player)
        elif kind is Swap:
            assert isinstance(action, Swap)
            grid = self._grids[player]
            displaced = grid[action.position - 1]
            grid[action.position - 1] = self._drawn
            self._drawn = _NONE
            self._return(displaced, action.stack)
            self._after_put(player)
        elif kind is Return:
            assert isinstance(action, Return)
            self._return(self._drawn, action.stack)
            self._drawn = _NONE
            self._end_turn()
        elif kind is Flood:
            assert isinstance(action, Flood)
            self._clear_flood(player, 0 if action.colour == RED else 1)
        else:  # Pass (CS-15)
            self._end_turn()

    def _apply_draw(self, card: int) -> None:
        phase = self._phase
        if phase is _WHO:
            self._who.append(card)
            if len(self._who) % 2 == 0:
                sums = [sum(_RANK[c] for c in self._who[seat::2]) for seat in (0, 1)]
                if sums[0] != sums[1]:  # so `>=` for `>` below is equivalent
                    self._black = 0 if sums[0] > sums[1] else 1  # pragma: no mutate
                    self._phase = _DEAL
        elif phase is _DEAL:
            self._deal(card)
        else:
            self._deck[card] -= 1
            colour = _COLOUR[card]
            self._sizes[colour] -= 1
            if phase is _DECK:
                self._drawn = card
                self._phase = _PUT
            elif phase is _TABLE:
                self._pools[colour].append([card])
                self._table_step += 1
                self._settle_table()
            elif phase is _REFILL:
                self._pools[colour].append([card])
                self._settle_refill()
            else:  # _REDRAW (CS-14)
                self._pools[colour].append([card])
                self._flood_left -= 1
                if not self._flood_left or not self._sizes[colour]:
                    self._flood = _NONE
                    self._end_turn()

    def _deal(self, card: int) -> None:
        """One card of the deal (CS-3 to CS-5)."""
        self._dealt.append(card)
        mode = self._rules.mode
        if mode == "twins":
            red = self._red()
            self._hands[red].append(card)
            self._hands[red].sort()
            self._hands[1 - red].append(card + 9)
            self._hands[1 - red].sort()
            if len(self._dealt) == _HAND:
                self._phase = _PLACING
        elif mode == "twins-draft":
            self._draft[card] += 1
            self._draft[9 + card] += 1
            if len(self._dealt) == _HAND:
                self._phase = _PICKING
        else:
            self._draft[card] += 1
            if len(self._dealt) == 2 * _HAND:
                self._phase = _PICKING

    def _apply_joint(self, actions: tuple[Action, ...]) -> None:
        if self._phase is _PLACING:
            for player, action in enumerate(actions):
                assert isinstance(action, Place)
                card = _CARD_INDEX[action.card]
                self._hands[player].remove(card)
                self._grids[player][action.position - 1] = card
            self._rounds += 1
            if self._rounds == _HAND:
                self._make_decks()
        else:
            self._choose(tuple(type(action) is Concede for action in actions))

    def _make_decks(self) -> None:
        """CS-7: the cards outside the Grids form the Decks; then the table (CS-8)."""
        copies = self._rules.copies
        self._deck = [copies] * 18
        for grid in self._grids:
            for card in grid:
                if card >= 0:
                    self._deck[card] -= 1
        self._sizes = [sum(self._deck[:9]), sum(self._deck[9:])]
        red = self._red()
        self._owner = [red, 1 - red]
        self._start_table()

    def _start_table(self) -> None:
        self._table_step = 0
        self._phase = _TABLE
        self._settle_table()

    def _settle_table(self) -> None:
        """Skip the draws of CS-8 from an empty Deck; after the last, start play."""
        while self._table_step < 4 and not self._sizes[self._own_colour(self._table_seat())]:
            self._table_step += 1
        if self._table_step < 4:
            return
        if self._trades == 0:
            self._to_move = self._first_player()
        self._begin_turn()

    def _first_player(self) -> int:
        """CS-9: Red in the draft modes; in Twins the colour of the higher Pool sum."""
        red = self._red()
        if self._rules.mode != "twins":
            return red
        sums = [sum(_RANK[c] for stack in self._pools[colour] for c in stack) for colour in (0, 1)]
        # A tie is decided below: `>=` for `>`, and any true colour for 1, are equivalent.
        colour = 0 if sums[0] > sums[1] else 1  # pragma: no mutate
        if sums[0] == sums[1]:
            colour = self._rules.tie_colour
        return red if colour == 0 else 1 - red

    def _begin_turn(self) -> None:
        """A turn starts, unless both Decks are exhausted (CS-16)."""
        self._phase = _CHOICE if not (self._sizes[0] or self._sizes[1]) else _TURN

    def _return(self, card: int, stack: int | None) -> None:
        """CS-12: ``card`` goes to the Pool of its colour."""
        pool = self._pools[_COLOUR[card]]
        if len(pool) < 2:
            pool.append([card])
        elif stack is not None:
            pool[stack - 1].append(card)
        else:
            pool[0 if len(pool[0]) == 1 else 1].append(card)

    def _after_put(self, player: int) -> None:
        """CS-19: a winning hand ends the game at once; otherwise the turn ends."""
        grid = self._grids[player]
        if _is_winning(grid):  # False while a position is empty
            scoring = self._rules.scoring
            scores = [0, 0]
            scores[player] = _winner_points(grid, scoring)
            if scoring.score_loser_hand:
                scores[1 - player] = _value(self._grids[1 - player], _series(scoring))
            self._finish(scores, f"player {player} completed a winning hand (CS-19)")
        else:
            self._end_turn()

    def _clear_flood(self, player: int, colour: int) -> None:
        """CS-14: the Flooded Pool goes to the player's Discard Pile; 2 new Stacks are drawn."""
        for stack in self._pools[colour]:
            for card in stack:
                self._discards[player][card] += 1
        self._pools[colour] = []
        if self._sizes[colour]:
            self._flood = colour
            self._flood_left = 2
            self._phase = _REDRAW
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._phase = _REFILL
        self._settle_refill()

    def _settle_refill(self) -> None:
        """CS-13, then the next turn (CS-25: the turn limit)."""
        if self._refill_colour() >= 0:
            return
        self._turns += 1
        if self._turns >= self._rules.max_turns:
            played = "1 turn was" if self._turns == 1 else f"{self._turns} turns were"
            self._finish([0, 0], f"{played} played: a draw (CS-25)")
            return
        self._to_move = 1 - self._to_move
        self._begin_turn()

    def _choose(self, concedes: tuple[bool, ...]) -> None:
        """CS-16: both Decks are exhausted and the choices are revealed."""
        power = _series(self._rules.scoring)
        values = [_value(grid, power) for grid in self._grids]
        if all(concedes):
            self._finish([0, 0], "both players conceded: a draw (CS-16)")
        elif any(concedes):
            conceder = 0 if concedes[0] else 1
            mine, theirs = values[conceder], values[1 - conceder]
            if mine > theirs or (mine == theirs and self._rules.conceder_wins):
                scores = [0, 0]
                scores[conceder] = 6
                why = "the more valuable hand" if mine > theirs else "an equally valuable hand"
                self._finish(scores, f"player {conceder} conceded with {why} (CS-16)")
            else:
                self._finish(values, f"player {conceder} conceded: both score their hands (CS-16)")
        elif self._trades >= self._rules.max_trades:
            trades = "1 trade" if self._trades == 1 else f"{self._trades} trades"
            self._finish([0, 0], f"both continued after {trades}: a draw (CS-25)")
        else:
            self._trade()

    def _trade(self) -> None:
        """CS-16: every card outside the Grids, by colour; red cards to Black's Deck (CS-23)."""
        gathered = [0] * 18
        for pool in self._pools:
            for stack in pool:
                for card in stack:
                    gathered[card] += 1
        for discard in self._discards:
            for card, count in enumerate(discard):
                gathered[card] += count
        # Never empty in play (its mutants are equivalent): the table (CS-8) fills the Pools,
        # a Pool is refilled while its Deck has cards (CS-13), and the choice comes at the first
        # turn after both Decks are exhausted, when a Pool still holds the card drawn last.
        if not any(gathered):  # pragma: no mutate
            ending = "no card is outside the Grids to trade: a draw (CS-16)"  # pragma: no mutate
            self._finish([0, 0], ending)  # pragma: no mutate
            return
        self._trades += 1
        self._deck = gathered
        self._sizes = [sum(gathered[:9]), sum(gathered[9:])]
        red = self._red()
        self._owner = [1 - red, red]
        self._pools = [[], []]
        self._discards = [[0] * 18, [0] * 18]
        self._start_table()

    def _finish(self, scores: list[int], ending: str) -> None:
        self._result = (scores[0], scores[1])
        self._ending = ending
        self._phase = _OVER

    def returns(self) -> tuple[float, ...]:
        """The points of each seat once the game is over (CS-16, CS-20, CS-25); (0, 0) before."""
        return self._result if self._result is not None else (0, 0)

    # -- why an action is illegal --------------------------------------------------------------

    def _illegal_reason(self, player: int, action: Action) -> str:
        phase = self._phase
        if phase in _CHANCE_PHASES:
            source = self._source_name()
            if isinstance(action, Draw):
                if phase is _WHO and len(self._who) == 18 * self._rules.copies:
                    return "the deck ran out on equal sums: a toss decides who is Black (CS-2)"
                return f"no {action.card} is left in {source}"
            return f"a card is drawn from {source} here"
        if phase is _PICKING:
            pool = _counts_text(self._draft)
            if isinstance(action, Pick):
                return f"{action.card} is not in the draft pool ({pool})"
            return f"player {player} picks a card from the draft pool ({pool}) (CS-3, CS-5)"
        if phase is _PLACING:
            if isinstance(action, Place):
                card = _CARD_INDEX[action.card]
                if card not in self._hands[player]:
                    hand = _indices_text(self._hands[player])
                    return f"player {player} holds no {action.card} to place (they hold {hand})"
                held = self._grids[player][action.position - 1]
                if held >= 0:
                    return (
                        f"position {action.position} of player {player}'s Grid "
                        f"already holds {_card_text(held)}"
                    )
            return "both players place one of their cards on an empty position (CS-21)"
        if phase is _CHOICE:
            return "both Decks are exhausted: each player chooses Concede or Continue (CS-16)"
        if phase is _TURN:
            return self._turn_reason(player, action)
        if phase is _PUT:
            return self._put_reason(player, action)
        # Unreachable: every phase is above but the end, which the protocol reports itself.
        return "not a legal action here"  # pragma: no mutate

    def _source_name(self) -> str:
        phase = self._phase
        if phase is _WHO:
            return "the deck (who is Black, CS-2)"
        if phase is _DEAL:
            colour = 1 if self._rules.mode == "draft" and len(self._dealt) >= _HAND else 0
            return f"the {_COLOUR_WORD[colour]} cards being dealt"
        colour = self._drawing_colour()
        return f"the Deck of {_COLOUR_WORD[colour]} cards (player {self._owner[colour]}'s)"

    def _turn_reason(self, player: int, action: Action) -> str:
        if not self._sizes[self._own_colour(player)]:
            return f"player {player}'s Deck is empty: they take no action and pass (CS-15)"
        for colour in (0, 1):
            if self._flooded(colour):
                word = _COLOUR_WORD[colour]
                return f"the {word} Pool is Flooded: player {player} must clear it (CS-14)"
        if isinstance(action, Take):
            word = _WORD[action.colour]
            count = len(self._pools[0 if action.colour == RED else 1])
            stacks = "no Stack" if not count else "1 Stack" if count == 1 else "2 Stacks"
            return f"the {word} Pool has {stacks}, so no Stack {action.stack}"
        if isinstance(action, Pass):
            return f"player {player}'s Deck holds cards, so they take a card (CS-10, CS-15)"
        if isinstance(action, Flood):
            return f"the {_WORD[action.colour]} Pool is not Flooded (CS-14)"
        return f"player {player} first takes the top card of a Stack or of their Deck (CS-10)"

    def _put_reason(self, player: int, action: Action) -> str:
        drawn = CARD_BY_INDEX[self._drawn]
        grid = self._grids[player]
        empty = [p + 1 for p in range(9) if grid[p] < 0]
        if not isinstance(action, Place | Swap | Return):
            return f"player {player} places the card drawn, {drawn} (CS-11)"
        if action.card != drawn:
            return f"the card drawn is {drawn}, not {action.card}"
        if isinstance(action, Place):
            if not empty:
                word = _WORD[drawn.colour]
                return (
                    f"player {player}'s Grid is full: swap {drawn} into a position or "
                    f"return it to the {word} Pool (CS-11)"
                )
            held = _card_text(grid[action.position - 1])
            where = ", ".join(str(p) for p in empty)
            return (
                f"position {action.position} holds {held}: {drawn} goes to an empty "
                f"position ({where}) (CS-11)"
            )
        if empty:
            where = ", ".join(str(p) for p in empty)
            return (
                f"player {player}'s Grid has an empty position ({where}): "
                f"{drawn} goes there (CS-11)"
            )
        if isinstance(action, Swap):
            colour = _COLOUR[grid[action.position - 1]]
        else:
            colour = _COLOUR[self._drawn]
        word = _COLOUR_WORD[colour]
        if self._return_stacks(colour) == (1, 2):
            return f"both Stacks of the {word} Pool hold one card: choose Stack 1 or 2 (CS-12)"
        return f"the {word} Pool leaves no choice of Stack, so the stack is null (CS-12)"

    # -- what a player sees --------------------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """Everything on the table; the same for both players (CS-8: nothing is hidden).

        ``data`` is ``{"phase": str, "to_act": p, "black": seat or null,
        "who_is_black": [[cards of seat 0], [cards of seat 1]], "dealt":
        [cards], "draft_pool": cards, "hands": [cards, cards], "grids":
        [Grid, Grid], "pools": [red Pool, black Pool], "decks": [n, n],
        "discards": [cards, cards], "turn_of": seat or null, "drawn": card or
        null, "turns": n,
        "trades": n, "result": [a, b] or null, "ending": str or null}``. Pairs
        are by seat (except the Pools: red, black); cards, Grids and Pools are
        in their text forms (``"r5"``, ``"r1 r2 r3 / .. .. .. / .. .. .."``,
        ``"red: r3 | r5 r7"``); ``to_act`` is :meth:`current_player`; ``hands``
        are the cards received and not yet placed; ``decks`` are the sizes of
        the Deck in front of each seat; ``turn_of`` is the seat whose turn it
        is, or starts (at the concede-or-continue choice and while Decks are
        traded), once play has begun.
        """
        self._check_player(player)
        return observation_of(self, player)

    def _playing(self) -> bool:
        """Whether play (the turns) has begun and the game is not over."""
        return self._phase in _PLAY_PHASES or (self._phase is _TABLE and self._trades > 0)

    def _seat_name(self, seat: int) -> str:
        """A player by number, with their colour once the draw is done: ``Black (player 0)``."""
        if self._black < 0:
            return f"player {seat}"
        return f"{'Black' if seat == self._black else 'Red'} (player {seat})"

    def __str__(self) -> str:
        """One line: the phase, the Grids by seat, the Pools and the Decks' sizes."""
        pools = " ".join(
            "|".join("".join(_card_text(c) for c in stack) for stack in pool) or "-"
            for pool in self._pools
        )
        grids = " ".join(
            "".join(".." if c < 0 else _card_text(c) for c in grid) for grid in self._grids
        )
        drawn = "" if self._drawn < 0 else f" drawn {_card_text(self._drawn)};"
        return (
            f"competitive {self._phase}: Grids {grids}; Pools {pools}; "
            f"Decks {self._sizes[0]} red, {self._sizes[1]} black;{drawn} turn {self._turns}"
        )

    # -- information states --------------------------------------------------------------------

    def resample_from_infostate(self, player: int, rng: random.Random) -> CompetitiveSudokuState:
        """A clone: a Competitive Sudoku state holds no hidden information.

        Everything on the table is public (CS-8), and the order of the Decks,
        the one secret of the card game, is never fixed in advance: each card
        is drawn by a chance node when it is drawn, and the Decks are known
        multisets (all cards minus those seen). The simultaneous choices
        (CS-16, CS-21) are made at the node that reveals them together. So
        the information state of either player is the state itself.

        Raises:
            EngineError: ``player`` is not 0 or 1.
        """
        self._check_player(player)
        return self.clone()


def _cards(counts: Sequence[int]) -> Cards:
    """The cards of a count by card index."""
    return Cards(CARD_BY_INDEX[c] for c, n in enumerate(counts) for _ in range(n))
