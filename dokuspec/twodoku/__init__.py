"""Two-Doku: the public API of deals, positions, hidden-information inference and the game.

Deals (:mod:`dokuspec.twodoku.deals` and :mod:`dokuspec.twodoku.validation`, rules
TD-1 to TD-4, TD-15, TD-16):

* :func:`validate`: every :class:`Violation` of a :class:`Deal`, each with a
  stable code from :data:`VIOLATION_CODES`;
* :func:`deal`: a fair deal drawn uniformly over the physical dominoes
  (exactly "shuffle the 82 and deal again until fair"), reproducible from a
  seed, with optional :class:`Balance` options;
* :func:`count_fair_deals`: the exact number of fair deals for a face-down
  draw (:class:`FairDealCount`), :func:`pile_digit_distribution` and
  :func:`fair_split_exists`.

Positions and hidden information (:mod:`dokuspec.twodoku.positions`,
:mod:`dokuspec.twodoku.inference` and :mod:`dokuspec.twodoku.completion`,
TD-6 to TD-11), answered by the SAT backend or Z3:

* :func:`valid_plays` / :func:`allowed_squares`: where each domino of a pile
  may go now (TD-7) and which plays clash visibly (TD-8);
* :func:`infer_face_down`: from one player's :class:`View`, the digits each
  face-down domino can still have, each with a witness, and verdicts on
  planned plays (:func:`assess_play`): safe, a clash, or uncertain;
* :func:`completable`: whether the board can still become a full Sudoku.

Games (:mod:`dokuspec.twodoku.bots`, :mod:`dokuspec.twodoku.simulation`):

* :class:`RandomBot` and :class:`InferenceBot` (which plays from its
  :class:`View` alone, with :func:`infer_face_down`), :func:`make_bot`;
* :func:`simulate` (streaming one :class:`GameResult` per game, each game
  seeded from the run seed and its index), :func:`summarise` (a
  :class:`Summary`), :func:`replay_record` (bad records located,
  :class:`RecordFileError`), :func:`state_after_turns` (a game as it stood
  after some turns of play).

The game is the engine's :class:`TwoDoku` (registered as ``"twodoku"``;
states :class:`TwoDokuState`, results :class:`TwoDokuResult`, endings
:data:`ENDINGS`).

The values (:class:`Square`, :class:`Dominoes`, :class:`Colouring`,
:class:`Deal`, :class:`Position`, :class:`View` and the events :class:`Take`,
:class:`Play`, :class:`Return`) are re-exported from
:mod:`dokuspec.vocabulary.twodoku`, and so is :class:`MemberError`, the
error naming the member of a view (or a deal) at fault; :func:`check_view`
refuses a view no game can show. :func:`deal_text`, :func:`position_text`
and :func:`view_text` draw the values for a terminal, :func:`deal_svg`,
:func:`position_svg` and :func:`view_svg` as SVG documents
(:mod:`dokuspec.render.twodoku`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dokuspec.lazy import attach

if TYPE_CHECKING:
    from dokuspec.engine.twodoku import (
        ENDINGS,
        TwoDoku,
        TwoDokuResult,
        TwoDokuState,
    )
    from dokuspec.render.twodoku import (
        deal_svg,
        deal_text,
        position_svg,
        position_text,
        view_svg,
        view_text,
    )
    from dokuspec.solvers.budget import MAX_TIME_LIMIT, Budget
    from dokuspec.twodoku.bots import (
        BOT_NAMES,
        Bot,
        InferenceBot,
        RandomBot,
        make_bot,
    )
    from dokuspec.twodoku.completion import Completability, CompletionStatus, completable
    from dokuspec.twodoku.deals import (
        MAX_REDRAWS,
        REJECTION_ATTEMPTS,
        SOLVER_TRIES,
        FairDealCount,
        count_fair_deals,
        deal,
        fair_split_exists,
        pile_digit_distribution,
    )
    from dokuspec.twodoku.inference import (
        FaceDownDigits,
        Inference,
        PlannedPlay,
        Witness,
        assess_play,
        infer_face_down,
    )
    from dokuspec.twodoku.positions import (
        Answer,
        PlayVerdict,
        Tier,
        ValidPlays,
        VisibleClash,
        allowed_squares,
        check_view,
        valid_plays,
    )
    from dokuspec.twodoku.simulation import (
        GameResult,
        RecordFileError,
        Summary,
        game_seed,
        play_game,
        record_name,
        record_text,
        replay_record,
        simulate,
        state_after_turns,
        summarise,
    )
    from dokuspec.twodoku.validation import (
        BALANCE_OPTIONS,
        DEAL_METHODS,
        VIOLATION_CODES,
        Balance,
        BalanceError,
        Violation,
        validate,
    )
    from dokuspec.vocabulary.twodoku import (
        ALL_SQUARES,
        BLUE,
        DIGITS,
        FACE_DOWN_COUNT,
        FULL_SET,
        PLAYERS,
        RED,
        Colouring,
        Deal,
        DealFaceDown,
        Dominoes,
        Event,
        FaceDown,
        MemberError,
        Play,
        Position,
        Return,
        Square,
        Take,
        View,
        deal_schema,
        position_schema,
        view_schema,
    )

__all__ = [
    "ALL_SQUARES",
    "BALANCE_OPTIONS",
    "BLUE",
    "BOT_NAMES",
    "DEAL_METHODS",
    "DIGITS",
    "ENDINGS",
    "FACE_DOWN_COUNT",
    "FULL_SET",
    "MAX_REDRAWS",
    "MAX_TIME_LIMIT",
    "PLAYERS",
    "RED",
    "REJECTION_ATTEMPTS",
    "SOLVER_TRIES",
    "VIOLATION_CODES",
    "Answer",
    "Balance",
    "BalanceError",
    "Bot",
    "Budget",
    "Colouring",
    "Completability",
    "CompletionStatus",
    "Deal",
    "DealFaceDown",
    "Dominoes",
    "Event",
    "FaceDown",
    "FaceDownDigits",
    "FairDealCount",
    "GameResult",
    "Inference",
    "InferenceBot",
    "MemberError",
    "PlannedPlay",
    "Play",
    "PlayVerdict",
    "Position",
    "RandomBot",
    "RecordFileError",
    "Return",
    "Square",
    "Summary",
    "Take",
    "Tier",
    "TwoDoku",
    "TwoDokuResult",
    "TwoDokuState",
    "ValidPlays",
    "View",
    "Violation",
    "VisibleClash",
    "Witness",
    "allowed_squares",
    "assess_play",
    "check_view",
    "completable",
    "count_fair_deals",
    "deal",
    "deal_schema",
    "deal_svg",
    "deal_text",
    "fair_split_exists",
    "game_seed",
    "infer_face_down",
    "make_bot",
    "pile_digit_distribution",
    "play_game",
    "position_schema",
    "position_svg",
    "position_text",
    "record_name",
    "record_text",
    "replay_record",
    "simulate",
    "state_after_turns",
    "summarise",
    "valid_plays",
    "validate",
    "view_schema",
    "view_svg",
    "view_text",
]

_SOURCES: dict[str, tuple[str, ...]] = {
    "dokuspec.engine.twodoku": (
        "ENDINGS",
        "TwoDoku",
        "TwoDokuResult",
        "TwoDokuState",
    ),
    "dokuspec.render.twodoku": (
        "deal_svg",
        "deal_text",
        "position_svg",
        "position_text",
        "view_svg",
        "view_text",
    ),
    "dokuspec.solvers.budget": (
        "MAX_TIME_LIMIT",
        "Budget",
    ),
    "dokuspec.twodoku.bots": (
        "BOT_NAMES",
        "Bot",
        "InferenceBot",
        "RandomBot",
        "make_bot",
    ),
    "dokuspec.twodoku.completion": (
        "Completability",
        "CompletionStatus",
        "completable",
    ),
    "dokuspec.twodoku.deals": (
        "MAX_REDRAWS",
        "REJECTION_ATTEMPTS",
        "SOLVER_TRIES",
        "FairDealCount",
        "count_fair_deals",
        "deal",
        "fair_split_exists",
        "pile_digit_distribution",
    ),
    "dokuspec.twodoku.inference": (
        "FaceDownDigits",
        "Inference",
        "PlannedPlay",
        "Witness",
        "assess_play",
        "infer_face_down",
    ),
    "dokuspec.twodoku.positions": (
        "Answer",
        "PlayVerdict",
        "Tier",
        "ValidPlays",
        "VisibleClash",
        "allowed_squares",
        "check_view",
        "valid_plays",
    ),
    "dokuspec.twodoku.simulation": (
        "GameResult",
        "RecordFileError",
        "Summary",
        "game_seed",
        "play_game",
        "record_name",
        "record_text",
        "replay_record",
        "simulate",
        "state_after_turns",
        "summarise",
    ),
    "dokuspec.twodoku.validation": (
        "BALANCE_OPTIONS",
        "DEAL_METHODS",
        "VIOLATION_CODES",
        "Balance",
        "BalanceError",
        "Violation",
        "validate",
    ),
    "dokuspec.vocabulary.twodoku": (
        "ALL_SQUARES",
        "BLUE",
        "DIGITS",
        "FACE_DOWN_COUNT",
        "FULL_SET",
        "PLAYERS",
        "RED",
        "Colouring",
        "Deal",
        "DealFaceDown",
        "Dominoes",
        "Event",
        "FaceDown",
        "MemberError",
        "Play",
        "Position",
        "Return",
        "Square",
        "Take",
        "View",
        "deal_schema",
        "position_schema",
        "view_schema",
    ),
}
"""The module of each public name. Each is imported from there when it is first used
(:pep:`562`), so that a program loads only the modules it uses: ``dokuspec twodoku deal``
loads neither the bots nor the game's engine."""

_SUBMODULES = ("bots", "completion", "deals", "inference", "positions", "simulation")

if not TYPE_CHECKING:
    __getattr__, __dir__ = attach(__name__, _SOURCES, _SUBMODULES)
