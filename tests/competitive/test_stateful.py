"""Competitive Sudoku games played by Hypothesis: every card accounted for after every action.

A rule-based state machine plays the card game in each mode with options
drawn by Hypothesis (one, two or three copies of each card, scoring
options, the turn and trade limits), choosing every chance outcome and every
legal action itself, so that failures shrink to short games. After every
action :func:`dokuspec.verify.competitive.check_table` accounts for the
whole deck (CS-1) in the Grids, Pools, Decks, Discard Piles, the card drawn
and the draft and hands, and holds the public views of the state to each
other (CS-8); once the deal is over, :func:`~dokuspec.verify.competitive.check_deal`
holds it to the spec's rules (CS-3..CS-5).
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from helpers import examples
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, JSONValue
from dokuspec.engine.competitive import MODES, CompetitiveSudoku, CompetitiveSudokuState
from dokuspec.verify.competitive import CardConservationError, check_deal, check_table

DEALING = ("who is Black", "deal", "draft")

OPTIONS = st.fixed_dictionaries(
    {
        "copies_per_colour": st.sampled_from([2, 1, 3]),
        "power_series_points": st.sampled_from(["as_straight", 0, 3, 9]),
        "three_triplets_bonus": st.booleans(),
        "score_loser_hand": st.booleans(),
        "first_turn_tie": st.sampled_from(["red", "black"]),
        "equal_value_concede": st.sampled_from(["both_score", "conceder_wins"]),
        "max_turns": st.integers(1, 120),
        "max_trades": st.integers(0, 3),
    }
)
"""Game options besides the mode (CS-1, CS-9, CS-16, CS-20, CS-25)."""


class CompetitiveGame(RuleBasedStateMachine):
    """One game in :attr:`mode`, every choice made by Hypothesis."""

    mode: ClassVar[str] = "draft"

    def __init__(self) -> None:
        super().__init__()
        self.state: CompetitiveSudokuState | None = None
        self.dealt = False

    @initialize(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
    def start(self, options: dict[str, JSONValue], seed: int) -> None:
        game = CompetitiveSudoku(mode=self.mode, **options)
        self.state = game.new_initial_state(seed)

    @rule(data=st.data(), steps=st.integers(1, 60))
    def play(self, data: st.DataObject, steps: int) -> None:
        """Up to ``steps`` actions, each chosen by Hypothesis, each followed by the checks.

        Once the game is over there is nothing left to do (the invariant still checks).
        """
        state = self.state
        assert state is not None
        for _ in range(steps):
            if state.is_terminal():
                return
            current = state.current_player()
            if current == CHANCE:
                outcomes = [action for action, _ in state.chance_outcomes()]
                state.apply_action(data.draw(st.sampled_from(outcomes)))
            elif current == SIMULTANEOUS:
                state.apply_actions(
                    [data.draw(st.sampled_from(state.legal_actions(p))) for p in (0, 1)]
                )
            else:
                state.apply_action(data.draw(st.sampled_from(state.legal_actions())))
            check_table(state)
            phase = state.observation(0).data["phase"]  # type: ignore[call-overload, index]
            if not self.dealt and phase not in DEALING:
                check_deal(state)
                self.dealt = True

    @invariant()
    def accounted_for(self) -> None:
        if self.state is not None:
            check_table(self.state)


@pytest.mark.parametrize("mode", MODES)
def test_every_card_is_accounted_for_in_random_games(mode: str) -> None:
    machine = type(f"CompetitiveGame_{mode}", (CompetitiveGame,), {"mode": mode})
    run_state_machine_as_test(
        machine,
        settings=settings(
            settings.default,
            max_examples=examples(1.0),
            stateful_step_count=25,
            # The explain phase traces every line run: far too slow for whole games.
            phases=[p for p in settings.default.phases if p is not Phase.explain],
        ),
    )


def test_the_machine_catches_a_card_not_returned_to_its_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A planted fault: a card sent back to its Pool (CS-11, CS-12) vanishes.
    monkeypatch.setattr(CompetitiveSudokuState, "_return", lambda self, card, stack: None)
    machine = type("CompetitiveGame_faulty", (CompetitiveGame,), {"mode": "draft"})
    with pytest.raises(CardConservationError, match="but the deck holds it"):
        run_state_machine_as_test(
            machine,
            settings=settings(
                settings.default,
                max_examples=examples(1.0),
                stateful_step_count=25,
                phases=[Phase.generate],  # found is enough: no shrinking
                database=None,
            ),
        )
