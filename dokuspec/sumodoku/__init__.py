"""Sumodoku: the public API of positions, moves, bots and the game.

Positions (:mod:`dokuspec.sumodoku.positions`, rules SU-3, SU-12 to SU-19):

* :func:`check`: ``"completable"`` (with a completion), ``"impossible"`` or
  ``"unknown"`` (budget reached);
* :func:`explain`: for an impossible position, a minimal set of placed pieces
  that is impossible on its own (with ``smallest=True``, a smallest one);
* :func:`count_completions` / :func:`count_completions_within`: how many
  completions, up to a limit;
* :func:`read_positions`: positions from a file, one at a time, errors located;
* :func:`refutation` (or ``check(..., proof=True)``): a DRUP proof that an
  impossible position cannot be completed, for any DRAT checker;
* :func:`unit_reason`: a one-line reason when one unit or cell shows that a
  position is impossible (:func:`explain` gives it too);
* :func:`explain_steps`: an explanation a person can follow, step by step,
  each step checked independently, with a difficulty rating
  (:mod:`dokuspec.sumodoku.steps`);
* :func:`repairs`: the fewest pieces to take off an impossible position so
  that it can be completed (:mod:`dokuspec.sumodoku.corrections`).

Moves (:mod:`dokuspec.sumodoku.moves`): :func:`safe_moves`, every valid
move of a player marked safe (the board stays completable, SU-15), losing or
unknown. The fast search (:mod:`dokuspec.sumodoku.search`): :func:`propose`
and :data:`COMPILED`.

Claims (:mod:`dokuspec.sumodoku.claims`): :func:`claim_advice`, whether a
"Sudoku!" claim would succeed now (SU-10), with a winning filling.

Games (:mod:`dokuspec.sumodoku.bots`, :mod:`dokuspec.sumodoku.simulation`):
the bots :class:`RandomBot` and :class:`SolverBot` (:func:`make_bot`),
:func:`simulate` and :func:`play_game`, :func:`summarise`,
:func:`replay_record`.

The values :class:`Board`, :class:`Piece`, :class:`Position` and
:class:`Variants` are re-exported from :mod:`dokuspec.vocabulary.sumodoku`;
:func:`board_svg` and :func:`board_text` draw them
(:mod:`dokuspec.render.sumodoku`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.render.sumodoku import board_svg, board_text
    from dokuspec.sumodoku.bots import BOT_NAMES, Bot, RandomBot, SolverBot, make_bot
    from dokuspec.sumodoku.claims import ClaimAdvice, claim_advice
    from dokuspec.sumodoku.corrections import Repair, Repairs, repairs
    from dokuspec.sumodoku.moves import FIXED_COLOURS, Move, safe_moves
    from dokuspec.sumodoku.positions import (
        MAX_CONFLICT_LIMIT,
        MAX_TIME_LIMIT,
        BackendName,
        Board,
        Budget,
        Count,
        Piece,
        Position,
        PositionLike,
        Refutation,
        Status,
        Variants,
        Verdict,
        check,
        check_backend,
        compiled_model,
        count_completions,
        count_completions_within,
        explain,
        read_positions,
        refutation,
    )
    from dokuspec.sumodoku.reasons import unit_reason
    from dokuspec.sumodoku.search import COMPILED, SearchAnswer, propose
    from dokuspec.sumodoku.simulation import (
        REASONS,
        GameResult,
        RecordFileError,
        Summary,
        game_seed,
        play_game,
        record_text,
        replay_record,
        simulate,
        summarise,
    )
    from dokuspec.sumodoku.steps import Explanation, Step, explain_steps

__all__ = [
    "BOT_NAMES",
    "COMPILED",
    "FIXED_COLOURS",
    "MAX_CONFLICT_LIMIT",
    "MAX_TIME_LIMIT",
    "REASONS",
    "BackendName",
    "Board",
    "Bot",
    "Budget",
    "ClaimAdvice",
    "Count",
    "Explanation",
    "GameResult",
    "Move",
    "Piece",
    "Position",
    "PositionLike",
    "RandomBot",
    "RecordFileError",
    "Refutation",
    "Repair",
    "Repairs",
    "SearchAnswer",
    "SolverBot",
    "Status",
    "Step",
    "Summary",
    "Variants",
    "Verdict",
    "board_svg",
    "board_text",
    "check",
    "check_backend",
    "claim_advice",
    "compiled_model",
    "count_completions",
    "count_completions_within",
    "explain",
    "explain_steps",
    "game_seed",
    "make_bot",
    "play_game",
    "propose",
    "read_positions",
    "record_text",
    "refutation",
    "repairs",
    "replay_record",
    "safe_moves",
    "simulate",
    "summarise",
    "unit_reason",
]

_SOURCES: dict[str, tuple[str, ...]] = {
    "dokuspec.render.sumodoku": ("board_svg", "board_text"),
    "dokuspec.sumodoku.bots": ("BOT_NAMES", "Bot", "RandomBot", "SolverBot", "make_bot"),
    "dokuspec.sumodoku.claims": ("ClaimAdvice", "claim_advice"),
    "dokuspec.sumodoku.moves": ("FIXED_COLOURS", "Move", "safe_moves"),
    "dokuspec.sumodoku.positions": (
        "MAX_CONFLICT_LIMIT",
        "MAX_TIME_LIMIT",
        "BackendName",
        "Board",
        "Budget",
        "Count",
        "Piece",
        "Position",
        "PositionLike",
        "Refutation",
        "Status",
        "Variants",
        "Verdict",
        "check",
        "check_backend",
        "compiled_model",
        "count_completions",
        "count_completions_within",
        "explain",
        "read_positions",
        "refutation",
    ),
    "dokuspec.sumodoku.reasons": ("unit_reason",),
    "dokuspec.sumodoku.corrections": ("Repair", "Repairs", "repairs"),
    "dokuspec.sumodoku.steps": ("Explanation", "Step", "explain_steps"),
    "dokuspec.sumodoku.search": ("COMPILED", "SearchAnswer", "propose"),
    "dokuspec.sumodoku.simulation": (
        "REASONS",
        "GameResult",
        "RecordFileError",
        "Summary",
        "game_seed",
        "play_game",
        "record_text",
        "replay_record",
        "simulate",
        "summarise",
    ),
}
"""The module of each public name. Each is imported from there when it is first used
(:pep:`562`), so that a program loads only the modules it uses: ``dokuspec sumodoku check``
loads neither the bots nor the game's engine."""

_SUBMODULES = (
    "bots",
    "claims",
    "moves",
    "positions",
    "corrections",
    "reasons",
    "search",
    "simulation",
    "steps",
)

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
