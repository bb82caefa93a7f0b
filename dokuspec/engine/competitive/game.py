"""The game of Competitive Sudoku: its options, checked and read once, and the numbers of
players, returns and steps (CS-1 to CS-25); :class:`CompetitiveSudoku` makes the states of
:mod:`dokuspec.engine.competitive.state`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from dokuspec.engine.base import (
    Action,
    Game,
    GameOptionError,
    JSONValue,
    OptionSpec,
    register,
)
from dokuspec.engine.competitive.actions import _read_action
from dokuspec.engine.competitive.analysis import _max_score
from dokuspec.engine.competitive.rules import _series
from dokuspec.vocabulary.competitive import Scoring

if TYPE_CHECKING:
    from dokuspec.engine.competitive.state import CompetitiveSudokuState

__all__ = ["MODES", "CompetitiveSudoku"]

# -- the game ------------------------------------------------------------------------------------

MODES = ("draft", "twins", "twins-draft")
"""The draft modes, ``draft`` (CS-3), ``twins`` (CS-4) and ``twins-draft`` (CS-5)."""

_HAND = 5  # cards each player receives (CS-3 to CS-5)


@dataclass(frozen=True, slots=True)
class _Rules:
    """The options of one game, read once (shared by its states, never changed)."""

    mode: str
    copies: int
    tie_colour: int
    conceder_wins: bool
    scoring: Scoring
    max_turns: int
    max_trades: int


@register
class CompetitiveSudoku(Game):
    """Competitive Sudoku, the card game (rules CS-1 to CS-25), for two players.

    Args:
        mode: ``"draft"`` (default, CS-3), ``"twins"`` (CS-4) or
            ``"twins-draft"`` (CS-5).
        copies_per_colour: copies of each card in the deck, 1-4 (default 2,
            the 36-card deck of CS-1). One copy still leaves 8 cards outside
            the Grids, enough for the table (CS-8).
        first_turn_tie: ``"red"`` (default) or ``"black"``: who moves first
            in Twins when both Pools have the same sum (CS-9).
        equal_value_concede: ``"both_score"`` (default) or
            ``"conceder_wins"``: what equal hand values give when one player
            concedes (CS-16).
        power_series_points: the points of a power series line, an int 0-9
            (default 0: the rule text read literally) or ``"as_straight"``
            (scored as a straight, 1 or 2) (CS-20).
        three_triplets_bonus: +3 to a winner whose three rows, or three
            columns, are triplets (default ``False``, CS-20).
        score_loser_hand: the loser scores their hand value instead of 0
            (default ``False``, CS-20).
        max_turns: the game is a draw, 0-0, when this many turns have been
            played, 1-10000 (default 200, CS-25).
        max_trades: the game is a draw, 0-0, when both players continue
            after this many trades, 0-20 (default 2, CS-25).

    Raises:
        GameOptionError: an unknown option or a bad value.
    """

    name: ClassVar[str] = "competitive"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "mode",
            "draft",
            {"enum": list(MODES)},
            "the draft mode: draft (CS-3), twins (CS-4) or twins-draft (CS-5)",
        ),
        OptionSpec(
            "copies_per_colour",
            2,
            {"type": "integer", "minimum": 1, "maximum": 4},
            "copies of each card in the deck (CS-1)",
        ),
        OptionSpec(
            "first_turn_tie",
            "red",
            {"enum": ["red", "black"]},
            "who moves first in Twins when the Pools' sums are equal (CS-9)",
        ),
        OptionSpec(
            "equal_value_concede",
            "both_score",
            {"enum": ["both_score", "conceder_wins"]},
            "what equal hand values give when one player concedes (CS-16)",
        ),
        OptionSpec(
            "power_series_points",
            0,
            {"enum": [*range(10), "as_straight"]},
            "the points of a power series line: a number, or as a straight (CS-20)",
        ),
        OptionSpec(
            "three_triplets_bonus",
            False,
            {"type": "boolean"},
            "+3 when all three rows, or all three columns, are triplets (CS-20)",
        ),
        OptionSpec(
            "score_loser_hand",
            False,
            {"type": "boolean"},
            "the loser scores their hand value instead of 0 (CS-20)",
        ),
        OptionSpec(
            "max_turns",
            200,
            {"type": "integer", "minimum": 1, "maximum": 10000},
            "turns after which the game is a draw, 0-0 (CS-25)",
        ),
        OptionSpec(
            "max_trades",
            2,
            {"type": "integer", "minimum": 0, "maximum": 20},
            "trades after which continuing again is a draw, 0-0 (CS-25)",
        ),
    )

    def __init__(self, **options: JSONValue) -> None:
        super().__init__(**options)
        for option in ("copies_per_colour", "power_series_points", "max_turns", "max_trades"):
            value = self._options[option]
            if isinstance(value, float):
                raise GameOptionError(self.name, option, f"{value!r} is not an integer")
        scoring = Scoring.from_options(self._options)
        self._rules = _Rules(
            mode=str(self._options["mode"]),
            copies=self._int("copies_per_colour"),
            tie_colour=0 if self._options["first_turn_tie"] == "red" else 1,
            conceder_wins=self._options["equal_value_concede"] == "conceder_wins",
            scoring=scoring,
            max_turns=self._int("max_turns"),
            max_trades=self._int("max_trades"),
        )

    def _int(self, option: str) -> int:
        value = self._options[option]
        assert isinstance(value, int)
        return value

    @property
    def mode(self) -> str:
        """The draft mode, ``"draft"``, ``"twins"`` or ``"twins-draft"``."""
        return self._rules.mode

    @property
    def copies_per_colour(self) -> int:
        """Copies of each card in the deck (CS-1)."""
        return self._rules.copies

    @property
    def scoring(self) -> Scoring:
        """The scoring options (CS-20)."""
        return self._rules.scoring

    def num_players(self) -> int:
        """2."""
        return 2

    def min_utility(self) -> float:
        """0: scores are points, never negative (CS-16, CS-20)."""
        return 0

    def max_utility(self) -> float:
        """The largest score under these options
        (:func:`~dokuspec.engine.competitive.analysis.max_score`): 20 by default."""
        return _max_score(
            self._rules.copies,
            _series(self._rules.scoring),
            self._rules.scoring.three_triplets_bonus,
        )

    def max_game_length(self) -> int:
        """A proven upper bound on the steps of a game (543 with the default options).

        With ``c`` copies of each card (``18c`` cards), ``T`` = ``max_turns``
        and ``R`` = ``max_trades``:

        * who is Black (CS-2): at most ``18c`` draws and one toss;
        * the deal: 10 draws in Draft, 5 in Twins and Twins Draft; the picks:
          10 in the draft modes, none in Twins;
        * placement: 5 simultaneous rounds (CS-21);
        * player actions: at most 2 per turn (a take and a placement, swap
          or return; a flood or a pass is 1), and at most ``T`` turns;
        * draws from the Decks (table, own Deck, refills, floods): every one
          takes a card out of a Deck. The Decks start with the ``18c - 10``
          cards outside the two Grids, which hold at least 10 cards from the
          placement on (a swap keeps a Grid full), and only a trade refills
          them, with the cards outside the Grids again: at most ``(R + 1)
          (18c - 10)`` draws;
        * concede-or-continue nodes: each one ends the game or makes a
          trade, so at most ``R + 1``.
        """
        rules = self._rules
        cards = 18 * rules.copies
        deal = 10 if rules.mode == "draft" else _HAND
        picks = 0 if rules.mode == "twins" else 2 * _HAND
        decks = (rules.max_trades + 1) * (cards - 2 * _HAND)
        return cards + 1 + deal + picks + _HAND + 2 * rules.max_turns + decks + rules.max_trades + 1

    def new_initial_state(self, seed: int = 0) -> CompetitiveSudokuState:
        """The full deck before anyone draws to find who is Black (a chance node, CS-2).

        ``seed``: an integer 0 to ``2**64 - 1``, as
        :meth:`~dokuspec.engine.base.Game.new_initial_state` takes it.
        """
        from dokuspec.engine.competitive.state import (  # noqa: PLC0415 - it imports this
            CompetitiveSudokuState,
        )

        return CompetitiveSudokuState(self, seed)

    def action_from_json(self, data: object) -> Action:
        """Read any of this game's actions from its JSON form (:meth:`Action.to_json`).

        Raises:
            RecordError: not the JSON form of an action; the message starts
                with the JSON path of the bad part (``$.card``).
        """
        return _read_action(data)
