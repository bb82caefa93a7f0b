"""A Competitive Sudoku game's deal held to the spec (CS-3..CS-5), and games checked throughout.

* :func:`check_deal` (CS-3..CS-5): the deal of a game, held to the spec's
  :func:`~dokuspec.spec.competitive.deal_problems`;
* :func:`play_checked`: a seeded random game with
  :func:`~dokuspec.verify.competitive.table.check_table` after every step
  and :func:`check_deal` once the deal is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dokuspec.competitive import deals as public_deals
from dokuspec.engine import competitive as engine
from dokuspec.engine.base import CHANCE, SIMULTANEOUS
from dokuspec.errors import PositionError
from dokuspec.spec import competitive as spec
from dokuspec.verify.competitive.errors import DealError
from dokuspec.verify.competitive.table import _data, _game, _where, check_table
from dokuspec.vocabulary.competitive import BLACK, RED, Card, Cards

__all__ = [
    "check_deal",
    "play_checked",
]


@dataclass(frozen=True, slots=True)
class _Deal:
    red_hand: Cards
    black_hand: Cards
    draft_pool: Cards | None
    picks: tuple[tuple[str, Card], ...]


def _deal_of(state: engine.CompetitiveSudokuState) -> _Deal:
    """The deal of a game, replayed from its history with the public methods only."""
    replay = _game(state).new_initial_state(state.seed)
    pool: Cards | None = None
    picks: list[tuple[str, Card]] = []
    for entry in (*state.history(), None):
        data = _data(replay)
        if data["phase"] == "draft" and pool is None:
            pool = Cards.parse(str(data["draft_pool"]))
        if data["phase"] not in ("who is Black", "deal", "draft"):
            hands = data["hands"]
            assert isinstance(hands, list)
            black = replay.black
            assert black is not None
            return _Deal(
                Cards.parse(str(hands[1 - black])),
                Cards.parse(str(hands[black])),
                pool,
                tuple(picks),
            )
        if entry is None:
            break
        if entry.player == SIMULTANEOUS:
            replay.apply_actions(entry.actions)
            continue
        action = entry.actions[0]
        if isinstance(action, engine.Pick):
            picks.append((BLACK if entry.player == replay.black else RED, action.card))
        replay.apply_action(action)
    raise PositionError(f"{_where(state)}: the deal is not over yet")


def check_deal(state: engine.CompetitiveSudokuState) -> None:
    """Check a game's deal against the spec's rules of the deal (CS-3..CS-5) and the public API's.

    The deal is read from the game's history, replayed from its seed with
    the public methods: the draft pool when the picks begin (the draft
    modes), every pick and who made it, and the cards each player holds
    when the placement begins. :func:`~dokuspec.spec.competitive.deal_problems`
    must find nothing wrong, and neither must the public
    :func:`~dokuspec.competitive.deals.validate_deal` (which also checks
    who is Black, CS-2, but not the picks) on
    :func:`~dokuspec.competitive.deals.deal_of` the state.

    Args:
        state: a state of the game at the placement (CS-6) or later.

    Raises:
        DealError: the spec's rules or the public API find problems; the
            message names the seed, the deal and every problem.
        PositionError: the deal of ``state`` is not over yet.
    """
    deal = _deal_of(state)
    game = _game(state)
    problems = spec.deal_problems(
        game.mode,
        copies_per_colour=game.copies_per_colour,
        red_hand=deal.red_hand,
        black_hand=deal.black_hand,
        draft_pool=deal.draft_pool,
        picks=deal.picks,
    )
    violations = public_deals.validate_deal(public_deals.deal_of(state))
    if problems or violations:
        picks = " ".join(f"{colour}:{card}" for colour, card in deal.picks) or "none"
        found = [f"the spec's deal_problems: {problem}" for problem in problems]
        found += [f"the public validate_deal: {violation}" for violation in violations]
        raise DealError(
            f"{_where(state)}: the {game.mode} deal (Red {deal.red_hand}, Black "
            f"{deal.black_hand}, draft pool {deal.draft_pool or '-'}, picks {picks}) is not "
            "legal:\n  " + "\n  ".join(found)
        )


# -- playing -------------------------------------------------------------------------------------


def play_checked(
    game: engine.CompetitiveSudoku,
    seed: int,
    policy_seed: int,
    *,
    max_steps: int | None = None,
) -> engine.CompetitiveSudokuState:
    """Play one game and check it all the way: :func:`check_table` after every step.

    Chance outcomes come from the state's seed
    (:meth:`~dokuspec.engine.base.State.sample_chance_outcome`); the players
    choose uniformly at random among their legal actions with a generator
    seeded by ``policy_seed``. :func:`check_deal` runs once the deal is over.

    Args:
        game: the game, with its options.
        seed: the game's seed.
        policy_seed: the seed of the players' choices.
        max_steps: stop after this many steps (``None``: at the end of the game).

    Returns:
        The last state.

    Raises:
        CompetitiveCheckError: as :func:`check_table` and :func:`check_deal`.
    """
    state = game.new_initial_state(seed)
    choices = random.Random(policy_seed)
    check_table(state)
    dealt = False
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif current == SIMULTANEOUS:
            state.apply_actions([choices.choice(state.legal_actions(p)) for p in (0, 1)])
        else:
            state.apply_action(choices.choice(state.legal_actions()))
        steps += 1
        check_table(state)
        if not dealt and _data(state)["phase"] not in (
            "who is Black",
            "deal",
            "draft",
        ):
            check_deal(state)
            dealt = True
    return state
