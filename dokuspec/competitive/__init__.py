"""Competitive Sudoku: the public API of hands, winning hands and scores (CS-17..CS-20).

A player's hand is a 3x3 :class:`Grid` of cards. By definition (fast, no solver)::

    >>> from dokuspec import competitive
    >>> grid = competitive.Grid.parse("r1 r2 r3 / b1 b2 b3 / r1 r2 r3")
    >>> competitive.is_winning(grid)
    True
    >>> competitive.hand_value(grid), competitive.score(grid)
    (17, 20)

* :func:`line_kind`, :func:`lines`, :func:`is_winning`,
  :func:`why_not_winning`, :func:`hand_value`, :func:`score`
  (:mod:`dokuspec.competitive.hands`).

By solver (compiled once per process, :mod:`dokuspec.competitive.queries`):

* :func:`count_winning` / :func:`count_winning_within`: how many winning
  hands a deck can supply;
* :func:`completions`: can a Grid become a winning hand with the available
  cards, and with which;
* :func:`outs`: the single cards that complete a winning hand now;
* :func:`best_completion`: the highest-scoring winning hand reachable;
  :func:`exact_best_completion`, always proven, on one incremental solver.

Games (:mod:`dokuspec.competitive.deals`, :mod:`dokuspec.competitive.bots`,
:mod:`dokuspec.competitive.simulation`):

* :func:`deal`, :func:`deal_of`, :func:`validate_deal`: who is Black and the
  cards each mode deals (CS-2 to CS-5), as a :class:`Deal`;
* :class:`RandomBot`, :class:`GreedyBot`, :func:`make_bot`: players;
* :func:`simulate`, :func:`play_game`, :func:`summarise`: games between
  bots, their :class:`GameResult` and :class:`Summary`; :func:`outcome`:
  how a finished game ended;
* :func:`replay_record`: a game record (JSON text) replayed by the engine,
  bad records located (:class:`RecordFileError`).

Players are numbered 0 and 1 (the engine's players; in :func:`simulate`
``bots[i]`` plays player ``i``); the draw makes one of them Black and the
other Red in each game (CS-2). Every pair (bots, scores, wins) is ordered by
player, and ``winner``, ``black`` and ``first`` are player numbers.

Pictures (:mod:`dokuspec.render.competitive`): :func:`card_svg`,
:func:`grid_svg` and :func:`grid_text` (a Grid, its lines labelled),
:func:`pool_svg` and :func:`pool_text`, :func:`table_svg` and
:func:`table_text` (everything public on the table).

The engine's game is :class:`CompetitiveSudoku` (its states are
:class:`CompetitiveSudokuState`; :data:`MODES` are its draft modes).

The values (:class:`Card`, :class:`Cards`, :class:`Grid`, :class:`Deck`,
:class:`Scoring`, :class:`Stack`, :class:`Pool`) are re-exported from
:mod:`dokuspec.vocabulary.competitive`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.competitive.balance import advantage
    from dokuspec.competitive.bots import BOT_NAMES, Bot, GreedyBot, RandomBot, make_bot
    from dokuspec.competitive.deals import (
        BALANCE_TRIES,
        DEAL_KEYS,
        VIOLATION_CODES,
        Deal,
        Violation,
        balanced_seed,
        deal,
        deal_of,
        validate_deal,
    )
    from dokuspec.competitive.hands import (
        Line,
        LineKind,
        hand_value,
        is_winning,
        line_kind,
        lines,
        score,
        why_not_winning,
    )
    from dokuspec.competitive.queries import (
        BestCompletion,
        Completion,
        Count,
        Out,
        Placement,
        best_completion,
        check_backend,
        check_supply,
        compiled_hand_model,
        compiled_pattern_model,
        completions,
        count_winning,
        count_winning_within,
        exact_best_completion,
        outs,
    )
    from dokuspec.competitive.simulation import (
        ENDINGS,
        Ending,
        GameResult,
        Outcome,
        RecordFileError,
        Summary,
        game_seed,
        outcome,
        play_game,
        record_name,
        record_text,
        replay_record,
        simulate,
        summarise,
    )
    from dokuspec.engine.competitive import MODES, CompetitiveSudoku, CompetitiveSudokuState
    from dokuspec.render.competitive import (
        card_svg,
        grid_svg,
        grid_text,
        pool_svg,
        pool_text,
        table_svg,
        table_text,
    )
    from dokuspec.solvers.budget import MAX_CONFLICT_LIMIT, MAX_TIME_LIMIT, Budget
    from dokuspec.vocabulary.competitive import (
        AS_STRAIGHT,
        STANDARD_DECK,
        UNLIMITED_DECK,
        Card,
        Cards,
        Deck,
        Grid,
        Pool,
        Scoring,
        SeriesPoints,
        Stack,
    )

__all__ = [
    "AS_STRAIGHT",
    "BALANCE_TRIES",
    "BOT_NAMES",
    "DEAL_KEYS",
    "ENDINGS",
    "MAX_CONFLICT_LIMIT",
    "MAX_TIME_LIMIT",
    "MODES",
    "STANDARD_DECK",
    "UNLIMITED_DECK",
    "VIOLATION_CODES",
    "BestCompletion",
    "Bot",
    "Budget",
    "Card",
    "Cards",
    "CompetitiveSudoku",
    "CompetitiveSudokuState",
    "Completion",
    "Count",
    "Deal",
    "Deck",
    "Ending",
    "GameResult",
    "GreedyBot",
    "Grid",
    "Line",
    "LineKind",
    "Out",
    "Outcome",
    "Placement",
    "Pool",
    "RandomBot",
    "RecordFileError",
    "Scoring",
    "SeriesPoints",
    "Stack",
    "Summary",
    "Violation",
    "advantage",
    "balanced_seed",
    "best_completion",
    "card_svg",
    "check_backend",
    "check_supply",
    "compiled_hand_model",
    "compiled_pattern_model",
    "completions",
    "count_winning",
    "count_winning_within",
    "deal",
    "deal_of",
    "exact_best_completion",
    "game_seed",
    "grid_svg",
    "grid_text",
    "hand_value",
    "is_winning",
    "line_kind",
    "lines",
    "make_bot",
    "outcome",
    "outs",
    "play_game",
    "pool_svg",
    "pool_text",
    "record_name",
    "record_text",
    "replay_record",
    "score",
    "simulate",
    "summarise",
    "table_svg",
    "table_text",
    "validate_deal",
    "why_not_winning",
]

_SOURCES: dict[str, tuple[str, ...]] = {
    "dokuspec.competitive.bots": (
        "BOT_NAMES",
        "Bot",
        "GreedyBot",
        "RandomBot",
        "make_bot",
    ),
    "dokuspec.competitive.balance": ("advantage",),
    "dokuspec.competitive.deals": (
        "BALANCE_TRIES",
        "DEAL_KEYS",
        "VIOLATION_CODES",
        "Deal",
        "Violation",
        "balanced_seed",
        "deal",
        "deal_of",
        "validate_deal",
    ),
    "dokuspec.competitive.hands": (
        "Line",
        "LineKind",
        "hand_value",
        "is_winning",
        "line_kind",
        "lines",
        "score",
        "why_not_winning",
    ),
    "dokuspec.competitive.queries": (
        "BestCompletion",
        "Completion",
        "Count",
        "Out",
        "Placement",
        "best_completion",
        "check_backend",
        "check_supply",
        "compiled_hand_model",
        "compiled_pattern_model",
        "completions",
        "count_winning",
        "count_winning_within",
        "exact_best_completion",
        "outs",
    ),
    "dokuspec.competitive.simulation": (
        "ENDINGS",
        "Ending",
        "GameResult",
        "Outcome",
        "RecordFileError",
        "Summary",
        "game_seed",
        "outcome",
        "play_game",
        "record_name",
        "record_text",
        "replay_record",
        "simulate",
        "summarise",
    ),
    "dokuspec.engine.competitive": (
        "MODES",
        "CompetitiveSudoku",
        "CompetitiveSudokuState",
    ),
    "dokuspec.render.competitive": (
        "card_svg",
        "grid_svg",
        "grid_text",
        "pool_svg",
        "pool_text",
        "table_svg",
        "table_text",
    ),
    "dokuspec.solvers.budget": (
        "MAX_CONFLICT_LIMIT",
        "MAX_TIME_LIMIT",
        "Budget",
    ),
    "dokuspec.vocabulary.competitive": (
        "AS_STRAIGHT",
        "STANDARD_DECK",
        "UNLIMITED_DECK",
        "Card",
        "Cards",
        "Deck",
        "Grid",
        "Pool",
        "Scoring",
        "SeriesPoints",
        "Stack",
    ),
}
"""The module of each public name. Each is imported from there when it is first used
(:pep:`562`), so that a program loads only the modules it uses: ``dokuspec competitive hand``
loads neither the bots nor the simulations."""

_SUBMODULES = ("bots", "deals", "hands", "queries", "simulation")

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
