"""Competitive Sudoku bots: players that choose one of their legal actions.

A bot is any callable ``bot(state, player, rng) -> action`` with a ``name``
(:class:`Bot`): given a state of
:class:`~dokuspec.engine.competitive.CompetitiveSudoku` where ``player`` is to
act (alone, or at a simultaneous node with the other player), it returns one of
``state.legal_actions(player)``. It reads the state and never changes it; all
its randomness comes from ``rng``, so a seeded :class:`random.Random` makes
its choices reproducible.

* :class:`RandomBot` (``"random"``): uniform among the legal actions.
* :class:`GreedyBot` (``"greedy"``): takes a winning card when there is one
  and otherwise plays the move that keeps its Grid completable with the
  cards still in play and reaches the best score, as the public queries
  (:func:`~dokuspec.competitive.queries.outs`,
  :func:`~dokuspec.competitive.queries.completions`,
  :func:`~dokuspec.competitive.queries.exact_best_completion`) answer.

:func:`make_bot` makes a bot from its name (:data:`BOT_NAMES`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Protocol, runtime_checkable

from dokuspec.competitive.hands import hand_value, is_winning, line_kind, lines, score
from dokuspec.competitive.queries import Out, _out_candidates, exact_best_completion
from dokuspec.engine.base import Action
from dokuspec.engine.competitive import (
    CompetitiveSudokuState,
    Concede,
    Continue,
    Pick,
    Place,
    Return,
    Swap,
    Take,
    TakeDeck,
    winning_rank_patterns,
)
from dokuspec.engine.playout import check_bot_call, named_bot
from dokuspec.errors import DokuspecError, quote
from dokuspec.vocabulary.competitive import COLUMNS, ROWS, Card, Cards, Deck, Grid, Scoring

__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "make_bot"]

BOT_NAMES = ("random", "greedy", "strong")
"""The names :func:`make_bot` knows."""


@runtime_checkable
class Bot(Protocol):
    """A player of Competitive Sudoku.

    ``bot(state, player, rng)`` returns one of ``state.legal_actions(player)``
    for a state where ``player`` is to act (alone or at a simultaneous node).
    It must not change ``state`` and must draw all its randomness from
    ``rng``.
    """

    @property
    def name(self) -> str:
        """A short name for reports (``"random"``)."""
        ...

    def __call__(
        self, state: CompetitiveSudokuState, player: int, rng: random.Random
    ) -> Action: ...


def _legal(state: object, player: object, rng: object) -> tuple[Action, ...]:
    """The legal actions of ``player``, the arguments checked."""
    check_bot_call(state, player, rng, CompetitiveSudokuState, "Competitive Sudoku", "player")
    assert isinstance(state, CompetitiveSudokuState) and isinstance(player, int)
    legal = state.legal_actions(player)
    if not legal:
        raise DokuspecError(f"player {player} has no action to choose here ({state})")
    return legal


class RandomBot:
    """Chooses uniformly among the legal actions (``rng.choice``)."""

    name = "random"

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """One legal action of ``player``, each with the same probability.

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` has no legal action in ``state``.
        """
        legal = _legal(state, player, rng)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


# -- what a Grid can still become (from the definitions of CS-18, through the public line_kind) --


@cache
def _can_be_line(ranks: tuple[int | None, int | None, int | None]) -> bool:
    """Whether some ranks on the empty places (``None``) make a line (CS-18)."""
    choices = [range(1, 10) if rank is None else (rank,) for rank in ranks]
    return any(line_kind(triple) is not None for triple in itertools.product(*choices))


_ROWS_AND_COLUMNS = (*ROWS, *COLUMNS)

# A best completion takes about 25 ms with 4 empty positions, 35 ms with 6 and 1-2 s with 9
# on a fresh solver (the standard deck), so the placement rounds score with it only at the end.
_PLACE_BEST_EMPTIES = 4


def _line_flags(grid: Grid) -> tuple[tuple[bool, bool], ...]:
    """For each row, then each column: (is a line now, can still be a line)."""
    ranks = grid.ranks
    flags = []
    for i, j, k in _ROWS_AND_COLUMNS:
        triple = (ranks[i], ranks[j], ranks[k])
        full = None not in triple
        possible = _can_be_line(triple)
        flags.append((full and possible, possible))
    return tuple(flags)


def _closeness(grid: Grid) -> int:
    """How many of the 6 rows and columns are lines or can still become one."""
    return sum(possible for _, possible in _line_flags(grid))


def _one_card_away(grid: Grid) -> bool:
    """Whether one card placed (or swapped in) could make a winning hand (CS-19): every row
    and column but one row and one column is a line already."""
    if len(grid.empty_positions()) > 1:
        return False
    flags = _line_flags(grid)
    rows_off = sum(not done for done, _ in flags[:3])
    columns_off = sum(not done for done, _ in flags[3:])
    return rows_off <= 1 and columns_off <= 1


def _line_points(grid: Grid, scoring: Scoring) -> int:
    """The points of the lines already complete (CS-20), whether or not the Grid is full."""
    return sum(line.points for line in lines(grid, scoring))


# -- the public queries' answers, cached (they do not depend on earlier queries) ----------------


@cache
def _patterns() -> tuple[frozenset[tuple[int, ...]], Any, dict[tuple[int, int], Any]]:
    """Every winning pattern of ranks (CS-19, no limit of copies: the cards available
    limit them), as a set, as an array (patterns x 9 positions), and for each position
    and rank, which patterns hold the rank there (a boolean array)."""
    import numpy as np  # noqa: PLC0415 - numpy (scipy's) loads with the first game

    found = winning_rank_patterns(None)
    array = np.array(found, dtype=np.int8)
    where = {
        (position, rank): array[:, position] == rank
        for position in range(9)
        for rank in range(1, 10)
    }
    return frozenset(found), array, where


@lru_cache(maxsize=8192)
def _outs(grid: Grid, available: Cards, deck: Deck) -> tuple[Out, ...]:
    """:func:`~dokuspec.competitive.queries.outs` of ``grid`` (the tests hold them equal),
    found by looking each card's rank up among the winning patterns instead of asking
    the solver: with one empty position, the cards that fill it; with none, the swaps."""
    candidates = _out_candidates(grid, available)
    if candidates is None:
        return ()
    kind, targets, by_rank = candidates
    winning = _patterns()[0]
    ranks = list(grid.ranks)
    found: list[Out] = []
    for index in targets:
        before = ranks[index]
        for rank in sorted(by_rank):
            ranks[index] = rank
            if tuple(ranks) in winning:
                found.extend(Out(card, index + 1, kind) for card in by_rank[rank])
        ranks[index] = before
    return tuple(sorted(found))


@lru_cache(maxsize=8192)
def _completable(grid: Grid, available: Cards, deck: Deck) -> bool:
    """Whether :func:`~dokuspec.competitive.queries.completions` finds ``grid`` completable
    (the tests hold them equal): some winning pattern agrees with its placed ranks and
    needs no rank on its empty positions more often than the available cards hold it."""
    _, array, where = _patterns()
    import numpy as np  # noqa: PLC0415

    ranks = grid.ranks
    placed = [where[(position, rank)] for position, rank in enumerate(ranks) if rank is not None]
    rows = np.logical_and.reduce(placed) if placed else np.ones(len(array), dtype=bool)
    if not rows.any():
        return False
    empty = [position for position, rank in enumerate(ranks) if rank is None]
    if not empty:
        return True  # the full Grid is a winning pattern
    needed = array[rows][:, empty]
    have = [0] * 10
    for card in available:
        have[card.rank] += 1
    fits = np.ones(len(needed), dtype=bool)
    for rank in range(1, 10):
        fits &= (needed == rank).sum(axis=1) <= have[rank]
    return bool(fits.any())


@lru_cache(maxsize=2048)
def _best(
    grid: Grid, available: Cards, scoring: Scoring, deck: Deck, conflict_limit: int
) -> int | None:
    found = exact_best_completion(
        grid, available, scoring, deck=deck, conflict_limit=conflict_limit
    )
    return found.score if found.status == "optimal" else None


@dataclass(frozen=True, slots=True)
class _Option:
    """A move's result for the mover: their Grid after it and the card sent to a Pool."""

    grid: Grid
    sent: Card | None
    available: Cards  # the cards still in play for the mover's Grid after the move


class GreedyBot:
    """A one-move-deep player that reasons with the public solver queries.

    Each decision (rules in brackets):

    * a pick (CS-3, CS-5): the card forming the most lines (CS-18) with two
      cards already held, then the most possible lines with one;
    * a placement round (CS-21): the card and position that keep the Grid
      completable (:func:`~dokuspec.competitive.queries.completions`) with
      the cards still in play (all cards but the other player's Grid and
      hand), leave the most rows and columns able to become lines, and
      complete the most points; in the last round (four empty positions
      left), among those, the one with the best score
      :func:`~dokuspec.competitive.queries.exact_best_completion` reaches (for
      at most ``best_calls`` candidates; with more empty positions it takes
      too long);
    * a turn (CS-10): a Stack top that wins at once
      (:func:`~dokuspec.competitive.queries.outs`); otherwise the top whose
      best placement (as below) loses nothing against the Grid as it is
      (with empty positions), or improves on it (a full Grid); otherwise
      the top of its own Deck;
    * placing the card drawn (CS-11, CS-12): a move that wins at once;
      otherwise the move whose Grid is best by, in order: not sending the
      other player a card that wins for them, still completable with the
      cards in play (for a full Grid: one swap from a winning hand), the
      best winning score reachable (exact with one or two empty positions
      or a full Grid, through ``outs``; with three or more, by
      :func:`~dokuspec.competitive.queries.exact_best_completion`, for at
      most ``best_calls`` candidates per decision), the rows and columns
      that can still be lines, and the hand value (CS-17);
    * Concede or Continue (CS-16): concede when its hand value beats the
      other's (or equals it with ``equal_value_concede`` =
      ``conceder_wins``), or when ``max_trades`` trades were made
      (continuing again is a 0-0 draw, CS-25); otherwise continue.

    Ties are broken with ``rng``. Every answer it relies on is canonical
    (the complete list of outs, a satisfiability status, a proven best
    score), so its choices depend only on the state and ``rng``, not on the
    queries made before.

    Args:
        best_calls: best-completion calls allowed per decision (0-9).
        conflict_limit: solver conflicts per query of the incremental search
            for the best completion, before python-sat's RC2 proves it
            (:func:`~dokuspec.competitive.queries.exact_best_completion`).

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a value out of range.
    """

    name = "greedy"

    def __init__(self, *, best_calls: int = 2, conflict_limit: int = 20_000) -> None:
        for label, value, low, high in (
            ("best_calls", best_calls, 0, 9),
            ("conflict_limit", conflict_limit, 1, 10**7),
        ):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{label} is an int, not {type(value).__name__}")
            if not low <= value <= high:
                raise DokuspecError(f"{label} is {low}-{high:,}, not {quote(value)}")
        self.best_calls = best_calls
        self.conflict_limit = conflict_limit

    def __repr__(self) -> str:
        return f"GreedyBot(best_calls={self.best_calls}, conflict_limit={self.conflict_limit})"

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The greedy choice of ``player`` (see the class).

        Raises:
            TypeError: a wrong argument type.
            DokuspecError: ``player`` has no legal action in ``state``.
        """
        legal = _legal(state, player, rng)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Pick):
            return self._pick(state, player, rng, legal)
        if isinstance(first, Concede | Continue):
            return self._choose(state, player)
        decision = _Decision(self, state, player)
        if state.is_simultaneous_node():
            return decision.place_round(rng, legal)
        if isinstance(first, Take | TakeDeck):
            return decision.take(rng, legal)
        return decision.put(rng, legal)

    # -- the draft and the concede-or-continue choice ------------------------------------------

    def _pick(
        self,
        state: CompetitiveSudokuState,
        player: int,
        rng: random.Random,
        legal: Sequence[Action],
    ) -> Action:
        data = state.observation(player).data
        assert isinstance(data, dict) and isinstance(data["hands"], list)
        held = list(Cards.parse(str(data["hands"][player])))

        def key(action: Action) -> tuple[int, int]:
            assert isinstance(action, Pick)
            rank = action.card.rank
            whole = sum(
                line_kind((a.rank, b.rank, rank)) is not None
                for a, b in itertools.combinations(held, 2)
            )
            half = sum(_can_be_line((card.rank, rank, None)) for card in held)
            return whole, half

        return best_of(legal, key, rng)

    def _choose(self, state: CompetitiveSudokuState, player: int) -> Action:
        options = state.game.options
        scoring = Scoring.from_options(options)
        mine = hand_value(state.grid(player), scoring)
        theirs = hand_value(state.grid(1 - player), scoring)
        data = state.observation(player).data
        assert isinstance(data, dict)
        trades, limit = data["trades"], options["max_trades"]
        assert isinstance(trades, int) and isinstance(limit, int)
        conceder_wins = options["equal_value_concede"] == "conceder_wins"
        if mine > theirs or (mine == theirs and conceder_wins) or trades >= limit:
            return Concede()
        return Continue()


def cards_in_play(state: CompetitiveSudokuState) -> Cards:
    """The cards of the deck in neither Grid nor a Discard Pile: the Decks, the Pools, the
    cards still to place and a card drawn (CS-1, CS-8, CS-15)."""
    copies = state.game.options["copies_per_colour"]
    assert isinstance(copies, int)
    table = state.table()
    outside = Deck(copies).cards() - state.grid(0).contents() - state.grid(1).contents()
    return outside - table.discards[0] - table.discards[1]


def best_of(
    actions: Sequence[Action], key: Callable[[Action], tuple[int, ...]], rng: random.Random
) -> Action:
    """One of the actions with the largest key, chosen with ``rng`` (uniformly, in the order
    of ``actions``)."""
    scored = [(key(action), action) for action in actions]
    top = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score == top])


class _Decision:
    """One decision of a :class:`GreedyBot`: the table as the mover sees it, and the budget."""

    def __init__(self, bot: GreedyBot, state: CompetitiveSudokuState, player: int) -> None:
        options = state.game.options
        copies = options["copies_per_colour"]
        assert isinstance(copies, int)
        self.deck = Deck(copies)
        self.scoring = Scoring.from_options(options)
        self.state = state
        self.player = player
        self.grid = state.grid(player)
        self.other = state.grid(1 - player)
        self.table = state.table()
        self.in_play = cards_in_play(state)
        self.best_left = bot.best_calls
        self.conflict_limit = bot.conflict_limit
        self.use_best = True

    # -- judging a Grid ---------------------------------------------------------------------------

    def out_reach(self, grid: Grid, available: Cards) -> int | None:
        """The best winning score one card of ``available`` reaches (placed or swapped), or None."""
        if not available or not _one_card_away(grid):
            return None
        found = _outs(grid, available, self.deck)
        if not found:
            return None
        return max(score(grid.replaced(o.position, o.card), self.scoring) for o in found)

    def reach(self, grid: Grid, available: Cards) -> tuple[bool, int]:
        """(completable, the best winning score reachable or -1 when not computed).

        A full Grid counts as completable when one swap with a card in play
        wins; with one or two empty positions the best score is exact (outs);
        with more, exact_best_completion answers.
        """
        empty = grid.empty_positions()
        if not empty and is_winning(grid):
            return True, score(grid, self.scoring)
        if len(empty) <= 1:
            best = self.out_reach(grid, available)
            return (False, 0) if best is None else (True, best)
        if len(empty) == 2:
            first = empty[0]
            found = [
                self.out_reach(grid.with_card(first, card), available - Cards([card]))
                for card in available.distinct()
            ]
            scores = [value for value in found if value is not None]
            return (True, max(scores)) if scores else (False, 0)
        if not _completable(grid, available, self.deck):
            return False, 0
        if not self.use_best or self.best_left <= 0:
            return True, -1
        self.best_left -= 1
        best = _best(grid, available, self.scoring, self.deck, self.conflict_limit)
        return True, -1 if best is None else best

    def gives_win(self, card: Card | None) -> bool:
        """Whether ``card``, sent to a Pool, would win at once for the other player."""
        return card is not None and self.out_reach(self.other, Cards([card])) is not None

    def judge(self, options: Sequence[_Option]) -> list[tuple[tuple[int, ...], _Option]]:
        """Each option's key (larger is better); the costly parts for the most promising first."""
        cheap: list[tuple[tuple[int, int, int], _Option]] = []
        for option in options:
            grid = option.grid
            value = hand_value(grid, self.scoring) if grid.is_full else 0
            safe = int(not self.gives_win(option.sent))
            cheap.append(((safe, _closeness(grid), value), option))
        cheap.sort(key=lambda item: item[0], reverse=True)
        judged: list[tuple[tuple[int, ...], _Option]] = []
        for (safe, close, value), option in cheap:
            completable, best = self.reach(option.grid, option.available)
            judged.append(((safe, int(completable), best, close, value), option))
        return judged

    # -- the moves --------------------------------------------------------------------------------

    def options_for(self, card: Card, actions: Sequence[Action]) -> dict[_Option, list[Action]]:
        """The results of putting ``card`` (drawn or taken) by each action (CS-11, CS-12)."""
        grid = self.grid
        base = self.in_play - Cards([card])
        found: dict[_Option, list[Action]] = {}
        for action in actions:
            if isinstance(action, Place):
                option = _Option(grid.with_card(action.position, card), None, base)
            elif isinstance(action, Swap):
                displaced = grid.at(action.position)
                assert displaced is not None
                option = _Option(
                    grid.replaced(action.position, card), displaced, base + Cards([displaced])
                )
            else:
                assert isinstance(action, Return)
                option = _Option(grid, card, self.in_play)
            found.setdefault(option, []).append(action)
        return found

    def put_actions(self, card: Card) -> list[Action]:
        """The actions that would put ``card`` on this Grid (as the engine lists them)."""
        grid = self.grid
        empty = grid.empty_positions()
        if empty:
            return [Place(card, position) for position in empty]
        actions: list[Action] = [Return(card, None)]
        actions.extend(Swap(card, position, None) for position in range(1, 10))
        return actions

    def put(self, rng: random.Random, legal: Sequence[Action]) -> Action:
        drawn = self.state.drawn()
        assert drawn is not None
        options = self.options_for(drawn, legal)
        winning = [o for o in options if o.grid.is_full and is_winning(o.grid)]
        if winning:
            top = max(score(o.grid, self.scoring) for o in winning)
            chosen = [o for o in winning if score(o.grid, self.scoring) == top]
            return rng.choice(options[rng.choice(chosen)])
        judged = self.judge(list(options))
        best_key = max(key for key, _ in judged)
        best = [option for key, option in judged if key == best_key]
        return rng.choice(options[rng.choice(best)])

    def take(self, rng: random.Random, legal: Sequence[Action]) -> Action:
        tops: dict[Action, Card] = {}
        for action in legal:
            if isinstance(action, Take):
                pool = self.table.pools[0 if action.colour == "r" else 1]
                tops[action] = pool.stacks[action.stack - 1].top
        deck_draw = next(a for a in legal if isinstance(a, TakeDeck))
        if not tops:
            return deck_draw
        grid = self.grid
        distinct = Cards(tops.values()).distinct()
        # A top that wins at once (CS-19).
        wins = [
            (score(grid.replaced(o.position, o.card), self.scoring), o.card)
            for o in (_outs(grid, Cards(distinct), self.deck) if _one_card_away(grid) else ())
        ]
        if wins:
            best_score = max(value for value, _ in wins)
            cards = {card for value, card in wins if value == best_score}
            return rng.choice([action for action, card in tops.items() if card in cards])
        empty = len(grid.empty_positions())
        # With three or more empty positions left after the placement, judge without
        # a best completion: its calls are for the placement itself.
        self.use_best = empty <= 3
        baseline = self.judge([_Option(grid, None, self.in_play)])[0][0]
        best_key: tuple[int, ...] | None = None
        best_cards: list[Card] = []
        for card in distinct:
            options = self.options_for(card, self.put_actions(card))
            key = max(key for key, _ in self.judge(list(options)))
            if best_key is None or key > best_key:
                best_key, best_cards = key, [card]
            elif key == best_key:
                best_cards.append(card)
        assert best_key is not None
        # With empty positions a card taken is placed: take it only if it loses nothing
        # (safe, completable, best score, lines possible). A full Grid can return the
        # card, so a top must improve on the Grid as it is.
        worth = best_key[:4] >= baseline[:4] if empty else best_key > baseline
        if not worth:
            return deck_draw
        return rng.choice([action for action, card in tops.items() if card in best_cards])

    def place_round(self, rng: random.Random, legal: Sequence[Action]) -> Action:
        """A placement round (CS-21): completable, most possible lines, most points; in the
        last round, the best score best_completion finds (within the budget)."""
        data = self.state.observation(self.player).data
        assert isinstance(data, dict) and isinstance(data["hands"], list)
        their_hand = Cards.parse(str(data["hands"][1 - self.player]))
        pool = self.in_play - their_hand
        scored: list[tuple[tuple[int, int], Grid, Place]] = []
        for action in legal:
            assert isinstance(action, Place)
            grid = self.grid.with_card(action.position, action.card)
            cheap = (_closeness(grid), _line_points(grid, self.scoring))
            scored.append((cheap, grid, action))
        # A random order, then the first completable candidate: uniform among the
        # completable ones, and most rounds ask the solver once. With few empty
        # positions left, the completable candidates are also scored by best_completion.
        rng.shuffle(scored)
        scoring = len(self.grid.empty_positions()) - 1 <= _PLACE_BEST_EMPTIES
        for cheap in sorted({key for key, _, _ in scored}, reverse=True):
            chosen: Place | None = None
            chosen_score = -1
            for key, grid, action in scored:
                available = pool - Cards([action.card])
                if key != cheap or not _completable(grid, available, self.deck):
                    continue
                if chosen is None:
                    chosen = action
                if not scoring or self.best_left <= 0:
                    break
                self.best_left -= 1
                value = _best(grid, available, self.scoring, self.deck, self.conflict_limit)
                if value is not None and value > chosen_score:
                    chosen, chosen_score = action, value
            if chosen is not None:
                return chosen
        top = max(key for key, _, _ in scored)
        return next(action for key, _, action in scored if key == top)


def _strong() -> Bot:
    from dokuspec.competitive.agents import strong_agent  # noqa: PLC0415 - it builds on this module

    agent: Bot = strong_agent()
    return agent


def make_bot(name: str) -> Bot:
    """A bot by its name: ``"random"`` (:class:`RandomBot`), ``"greedy"``
    (:class:`GreedyBot` with its defaults) or ``"strong"`` (the game's strongest agent,
    :func:`dokuspec.competitive.agents.strong_agent`: the drafter,
    :class:`~dokuspec.competitive.agents.DrafterBot`).

    Raises:
        TypeError: ``name`` is not a str.
        DokuspecError: an unknown name.
    """
    makers: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "greedy": GreedyBot,
        "strong": _strong,
    }
    return named_bot(name, makers)
