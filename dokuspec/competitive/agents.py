"""Competitive Sudoku's play kit: its agents, how its games end, the option sets players choose.

The analysis of play (:mod:`dokuspec.play`: ``dokuspec competitive health``,
``ladder``, ``loopholes``) reads the game through :data:`PLAY`. Its agents
are the bots of :mod:`dokuspec.competitive.bots`; ``"strong"`` is, for now,
the strongest of them (the greedy bot under that name): a search agent for
Competitive Sudoku is not built yet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from dokuspec.competitive import simulation as _simulation
from dokuspec.competitive.balance import advantage, best_picks
from dokuspec.competitive.bots import GreedyBot, RandomBot
from dokuspec.competitive.deals import balanced_seed, deal_of
from dokuspec.competitive.simulation import outcome as _outcome
from dokuspec.engine.base import Action, GameOptionError, JSONValue
from dokuspec.engine.competitive import CompetitiveSudokuState, Concede, Continue, Pick
from dokuspec.play.kit import Exploit, Named, Outcome, PlayKit
from dokuspec.vocabulary.competitive import Cards

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
    (bits, 0 or more), the game of :func:`dokuspec.competitive.deals.balanced_seed`, whose
    deal's advantage is within that of 0.

    Raises:
        GameOptionError: a balance that is not a number of bits 0 or more.
        DokuspecError: no deal within it.
    """
    margin = dealing["balance"]
    if isinstance(margin, bool) or not isinstance(margin, int | float):
        raise GameOptionError("competitive", "balance", f"is a number of bits, not {margin!r}")
    mode = options.get("mode", "draft")
    copies = options.get("copies_per_colour", 2)
    assert isinstance(mode, str) and isinstance(copies, int)
    return balanced_seed(mode, seed, margin, copies_per_colour=copies), None


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
    """The greedy bot, whose picks (CS-3, CS-5) follow the draft's minimax.

    At each pick it takes a card of a rank that keeps the draft's value
    (:func:`dokuspec.competitive.balance.draft_value`: Black's flexibility
    minus Red's, in winning rank Grids, under alternating best picks) at its
    best for its side (:func:`~dokuspec.competitive.balance.best_picks`);
    among those, the greedy bot's choice (the card forming the most lines
    with those held). Every other decision is the greedy bot's.
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
    deal_options=("balance",),
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
