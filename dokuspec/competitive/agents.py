"""Competitive Sudoku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec competitive health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.competitive.bots` and the drafter
(:class:`DrafterBot`), which is ``"strong"``: the greedy bot, drafting and
placing by the winning rank Grids it can still reach
(:mod:`dokuspec.competitive.balance`). A search agent for Competitive
Sudoku is not built yet. Deals are classed by their advantage for Black
(:func:`deal_class`), and the option ``balance`` (with ``target``) deals
balanced deals (:func:`dealer`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from dokuspec.competitive import simulation as _simulation
from dokuspec.competitive.balance import advantage, best_picks, reachable_grids
from dokuspec.competitive.bots import GreedyBot, RandomBot, best_of, cards_in_play
from dokuspec.competitive.deals import balanced_seed, deal_of
from dokuspec.competitive.hands import is_winning, score
from dokuspec.competitive.simulation import outcome as _outcome
from dokuspec.engine.base import Action, GameOptionError, JSONValue
from dokuspec.engine.competitive import CompetitiveSudokuState, Concede, Continue, Pick, Place
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit
from dokuspec.vocabulary.competitive import Cards, Scoring

__all__ = [
    "PLAY",
    "ConcederBot",
    "ContinuerBot",
    "DrafterBot",
    "deal_class",
    "dealer",
    "outcome",
    "strong_agent",
]

_ENDINGS = {
    "win": "CS-19",
    "concede": "CS-16 concede",
    "concede-hands": "CS-16 hands",
    "both-conceded": "CS-16 draw",
    "nothing-to-trade": "CS-16 nothing",
    "turn-limit": "CS-25 turns",
    "trade-limit": "CS-25 trades",
}


_CLASSES = ((1.0, "advantage 0-1 bits"), (2.0, "advantage 1-2 bits"), (4.0, "advantage 2-4 bits"))


def deal_class(state: CompetitiveSudokuState) -> str:
    """The class of a game's deal by its advantage for Black
    (:func:`dokuspec.competitive.balance.advantage`): ``"advantage 0-1 bits"``,
    ``"1-2"``, ``"2-4"`` or ``"4+"`` (``"advantage below 0"`` should a draft favour Red);
    ``""`` in ``twins``, where it is 0."""
    mode = state.game.options["mode"]
    copies = state.game.options["copies_per_colour"]
    assert isinstance(mode, str) and isinstance(copies, int)
    if mode == "twins":
        return ""
    value = advantage(mode, deal_of(state).pool, copies)
    if value < 0:
        return "advantage below 0"
    return next((label for bound, label in _CLASSES if value < bound), "advantage 4+ bits")


def outcome(state: Any) -> Outcome:
    """How a finished game ended (:func:`dokuspec.competitive.outcome`), by rule ID; the
    first player is the one whose turn came first (CS-9); Black is a role (CS-2); the
    deal's class is :func:`deal_class`."""
    assert isinstance(state, CompetitiveSudokuState)
    found = _outcome(state)
    return Outcome(
        winner=found.winner,
        ending=_ENDINGS[found.ending],
        turns=found.turns,
        first=found.black if found.first is None else found.first,
        roles=(("Black", found.black),),
        deal=deal_class(state),
    )


def dealer(
    dealing: Mapping[str, JSONValue], options: Mapping[str, JSONValue], seed: int
) -> tuple[int, None]:
    """The kit's dealer (:attr:`~dokuspec.play.kit.PlayKit.dealer`): with ``balance``
    (bits, 0 or more) and ``target`` (bits, 0 by default), the game of
    :func:`dokuspec.competitive.deals.balanced_seed`, whose deal's advantage is within
    ``balance`` of ``target``.

    Raises:
        GameOptionError: a balance or target that is not a number of bits, or a target
            without a balance.
        DokuspecError: no deal within the margin.
    """
    if "balance" not in dealing:
        raise GameOptionError("competitive", "target", "is given with a balance")
    margin, target = dealing["balance"], dealing.get("target", 0)
    for name, value in (("balance", margin), ("target", target)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise GameOptionError("competitive", name, f"is a number of bits, not {value!r}")
    assert isinstance(margin, int | float) and isinstance(target, int | float)
    mode = options.get("mode", "draft")
    copies = options.get("copies_per_colour", 2)
    assert isinstance(mode, str) and isinstance(copies, int)
    chosen = balanced_seed(mode, seed, margin, copies_per_colour=copies, target=target)
    return chosen, None


class ConcederBot:
    """An exploit of CS-16: when both Decks are exhausted it always concedes; otherwise
    the greedy bot."""

    name = "always-concede"

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, Concede):
                return action
        return self._greedy(state, player, rng)


class ContinuerBot:
    """An exploit of CS-16: when both Decks are exhausted it always continues (trades
    Decks); otherwise the greedy bot."""

    name = "always-continue"

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The choice of ``player`` (see the class)."""
        for action in state.legal_actions(player):
            if isinstance(action, Continue):
                return action
        return self._greedy(state, player, rng)


class DrafterBot(GreedyBot):
    """The greedy bot, drafting and placing for the most winning hands it can still reach.

    * A pick (CS-3, CS-5): a card of a rank that keeps the draft's value
      (:func:`dokuspec.competitive.balance.draft_value`: Black's flexibility
      minus Red's, in winning rank Grids, under alternating best picks) at
      its best for its side (:func:`~dokuspec.competitive.balance.best_picks`);
      among those, the greedy bot's choice (the card forming the most lines
      with those held).
    * A placement round (CS-21), and placing a card on an empty position
      (CS-11): a placement that completes a winning hand, the best-scoring
      one (CS-20); otherwise the one after which the most winning rank Grids
      are still reachable (:func:`~dokuspec.competitive.balance.reachable_grids`:
      agreeing with the ranks placed, holding the cards still to place, the
      rest fillable by the cards in play, the other player's hand and Grid
      and the Discard Piles left out). Ties are broken with ``rng``.
    * Every other decision (taking, swapping, concede or continue) is the
      greedy bot's.
    """

    name = "drafter"

    def _pick(
        self,
        state: CompetitiveSudokuState,
        player: int,
        rng: random.Random,
        legal: Sequence[Action],
    ) -> Action:
        data = state.observation(player).data
        assert isinstance(data, dict) and isinstance(data["hands"], list)
        hands = [Cards.parse(str(text)) for text in data["hands"]]
        black = data["black"]
        assert isinstance(black, int)
        remaining = Cards.parse(str(data["draft_pool"]))
        copies = state.game.options["copies_per_colour"]
        assert isinstance(copies, int)
        ranks = best_picks(remaining, hands[black], hands[1 - black], copies)
        chosen = [a for a in legal if isinstance(a, Pick) and a.card.rank in ranks]
        return super()._pick(state, player, rng, chosen or legal)

    def __call__(self, state: CompetitiveSudokuState, player: int, rng: random.Random) -> Action:
        """The drafter's choice of ``player`` (see the class)."""
        together = state.is_simultaneous_node()
        if together or state.current_player() == player:
            legal = state.legal_actions(player)
            if len(legal) > 1 and all(isinstance(a, Place) for a in legal):
                place = self._place if together else self._put
                return place(state, player, rng, legal)
        return super().__call__(state, player, rng)

    def _put(
        self,
        state: CompetitiveSudokuState,
        player: int,
        rng: random.Random,
        legal: Sequence[Action],
    ) -> Action:
        copies = state.game.options["copies_per_colour"]
        assert isinstance(copies, int)
        grid = state.grid(player)
        drawn = state.drawn()
        assert drawn is not None
        pool = cards_in_play(state) - Cards([drawn])
        scoring = Scoring.from_options(state.game.options)

        def key(action: Action) -> tuple[int, int]:
            assert isinstance(action, Place)
            after = grid.with_card(action.position, action.card)
            if after.is_full and is_winning(after):
                return 1, score(after, scoring)
            return 0, reachable_grids(after.ranks, (), pool, copies)

        return best_of(legal, key, rng)

    def _place(
        self,
        state: CompetitiveSudokuState,
        player: int,
        rng: random.Random,
        legal: Sequence[Action],
    ) -> Action:
        data = state.observation(player).data
        assert isinstance(data, dict) and isinstance(data["hands"], list)
        hand = Cards.parse(str(data["hands"][player]))
        their_hand = Cards.parse(str(data["hands"][1 - player]))
        copies = state.game.options["copies_per_colour"]
        assert isinstance(copies, int)
        grid = state.grid(player)
        pool = cards_in_play(state) - their_hand - hand

        def key(action: Action) -> tuple[int]:
            assert isinstance(action, Place)
            after = grid.with_card(action.position, action.card)
            return (reachable_grids(after.ranks, hand - Cards([action.card]), pool, copies),)

        return best_of(legal, key, rng)


def strong_agent() -> Named:
    """The strongest agent so far: the drafter (:class:`DrafterBot`), named ``"strong"``."""
    return Named("strong", DrafterBot())


PLAY = PlayKit(
    game="competitive",
    seats=("player 0", "player 1"),
    agents={
        "random": RandomBot,
        "greedy": GreedyBot,
        "drafter": DrafterBot,
        "strong": strong_agent,
        "always-concede": ConcederBot,
        "always-continue": ContinuerBot,
    },
    ladder=("random", "greedy", "drafter"),
    outcome=outcome,
    record=_simulation.record_text,
    deal_options=("balance", "target"),
    dealer=dealer,
    replay=_simulation.replay_record,
    option_sets={
        "default": {},
        "twins": {"mode": "twins"},
        "twins-draft": {"mode": "twins-draft"},
        "one-copy": {"copies_per_colour": 1},
        "twins-black-first": {"mode": "twins", "first_turn_tie": "black"},
        "power-series-3": {"power_series_points": 3},
        "power-series-straight": {"power_series_points": "as_straight"},
        "three-triplets": {"three_triplets_bonus": True},
        "loser-scores": {"score_loser_hand": True},
        "conceder-wins": {"equal_value_concede": "conceder_wins"},
        "balanced-1": {"balance": 1},
        "balanced-1-2": {"balance": 0.5, "target": 1.5},
        "twins-draft-balanced-1": {"mode": "twins-draft", "balance": 1},
    },
    endings={
        "CS-19": "a winning hand completed",
        "CS-16 concede": "a concession with the better hand, 6-0",
        "CS-16 hands": "a concession: both score their hands",
        "CS-16 draw": "both conceded: a draw",
        "CS-16 nothing": "no card left to trade: a draw",
        "CS-25 turns": "the turn limit: a draw",
        "CS-25 trades": "the trade limit: a draw",
    },
    roles=("Black",),
    exploits=(
        Exploit("always-concede", "concedes whenever both Decks are exhausted (CS-16)"),
        Exploit("always-continue", "continues whenever both Decks are exhausted (CS-16)"),
    ),
)
"""Competitive Sudoku's play kit (:class:`~dokuspec.play.kit.PlayKit`)."""
