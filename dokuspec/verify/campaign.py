"""The verification campaign: every cross-check of the three games as a named, seeded property.

A *check* is one cross-check of :mod:`dokuspec.verify` (engine against spec,
SAT against Z3, validators against models, the fast search against the
solver, the conformance suite) run as a Hypothesis property: a strategy
draws the cases, a property function raises :class:`AssertionError` (or any
other exception) on a discrepancy, and returns ``None`` when the case
passed, or a few words saying why the case is *unknown* when a time or node
limit cut it short (an unknown case is neither a pass nor a discrepancy).
:data:`CHECKS` names them all, in a fixed order, as ``"game/what"``
(``"sumodoku/sat-vs-z3"``).

A campaign of ``examples`` cases per check is cut into :class:`Task` s of at
most :data:`EXAMPLES_PER_TASK` cases; task ``i`` of a check draws its cases
from a Hypothesis seed derived from ``(campaign seed, check name, i)``
alone (:func:`task_seed`), so the results are the same however the tasks
are spread over processes or machines (:func:`run_campaign` hands them to
:func:`dokuspec.parallel.ordered_map`). A failing case is shrunk by
Hypothesis; the :class:`CheckResult` carries the shrunk case (its
``repr``), the error, and the command that reproduces it
(:func:`reproduce_command`).

Cases are counted once each. Hypothesis may draw one case twice: a task
draws another case instead of one it has already run, only task 0 runs the
strategy's simplest case (Hypothesis tries it first in every run), and a
check counts the distinct cases of all its tasks (:func:`case_key`), so the
reported counts are of different cases, the same however the tasks are
split. Two tasks may still draw the same case by chance (a small space such
as the rank triples of ``competitive/line-kinds`` makes it common): it is
counted once.

Typical use::

    for result in run_campaign(games=("competitive",), examples=10, seed=0):
        print(result.name, result.cases, result.passed)
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity, given
from hypothesis import strategies as st

from dokuspec.engine import competitive as competitive_engine
from dokuspec.engine import sumodoku as sumodoku_engine
from dokuspec.engine.competitive import MODES, CompetitiveSudoku
from dokuspec.engine.twodoku import TwoDoku
from dokuspec.errors import DokuspecError
from dokuspec.parallel import ordered_map
from dokuspec.seeds import check_index, check_seed
from dokuspec.sumodoku import explain
from dokuspec.verify import competitive as verify_competitive
from dokuspec.verify import strategies, sumodoku_play
from dokuspec.verify import sumodoku as verify_sumodoku
from dokuspec.verify.conformance import check_playout, playouts
from dokuspec.verify.twodoku import deals as verify_deals
from dokuspec.verify.twodoku import engine as verify_twodoku_engine
from dokuspec.vocabulary.competitive import Deck, Grid, Scoring
from dokuspec.vocabulary.sumodoku import Piece, Position

__all__ = [
    "CHECKS",
    "DEFAULT_EXAMPLES",
    "EXAMPLES_PER_TASK",
    "GAMES",
    "TIME_LIMIT",
    "Check",
    "CheckResult",
    "Task",
    "TaskResult",
    "case_key",
    "checks_named",
    "reproduce_command",
    "run_campaign",
    "run_task",
    "task_seed",
    "tasks_of",
]

GAMES = ("sumodoku", "competitive", "twodoku")
"""The games whose checks the campaign runs, in the order it runs them."""

DEFAULT_EXAMPLES = 20
"""Cases per check when none is asked for."""

EXAMPLES_PER_TASK = 10
"""The most cases one task runs. A check of ``n`` cases is ``ceil(n / 10)`` tasks."""

TIME_LIMIT = 10.0
"""Seconds each solver query and each explanation of a Sumodoku position with variants
(SU-12..SU-14) may take in ``sumodoku/sat-vs-z3``; a case cut short by it is unknown."""


class CampaignError(DokuspecError):
    """A campaign asked for something that does not exist (an unknown check or game)."""


# -- the properties ------------------------------------------------------------------------------
#
# Each takes one drawn case (a tuple when a case has several parts), raises
# on a discrepancy, and returns None when the case passed or why it is
# unknown. They live at module level so that the tasks that run them can be
# sent to other processes.


def _sumodoku_sat_vs_z3(position: Position) -> str | None:
    """SAT and Z3 agree (SU-15); completions obey the engine's rules; explanations are minimal
    (confirmed by the other backend and the engine's search); the engine's search agrees.

    A position with variants has :data:`TIME_LIMIT` for each query and for its explanation:
    an answer cut short by it leaves the case unknown."""
    limit = None if position.variants == Position(position.board).variants else TIME_LIMIT
    verdicts = verify_sumodoku.check_agreement(position, time_limit=limit)
    cut = [verdict.backend for verdict in verdicts if verdict.status == "unknown"]
    if cut:
        return f"{' and '.join(cut)} answered unknown within {limit:g} s"
    verdict = verdicts[0]
    if verdict.status == "impossible":
        verdict = explain(position, backend="sat", time_limit=limit)
        if verdict.status == "unknown":
            return f"sat's explanation ran out of its {limit:g} s before deciding"
        verify_sumodoku.check_explanation(
            position, verdict, require_minimal=limit is None, time_limit=limit
        )
    found = verify_sumodoku.check_search(position, verdict)
    if verdict.status == "impossible" and not verdict.minimal:
        return f"sat's explanation was not proven minimal within {limit:g} s"
    if found.status == "unknown":
        return "the engine's search reached its node limit"
    return None


def _sumodoku_placements(case: tuple[Position, int, int]) -> None:
    """A placement is valid by the spec's model exactly when the engine finds no violation
    with it (SU-3, SU-12..SU-14)."""
    position, cell_choice, colour_choice = case
    empty = position.board.empty_cells()
    colours = [k for k in range(1, 10) if position.supply()[k - 1]]
    if not empty or not colours:
        return
    cell = empty[cell_choice % len(empty)]
    piece = Piece(cell // 9 + 1, cell % 9 + 1, colours[colour_choice % len(colours)])
    engine_says = not any(
        piece in v.pieces
        for v in sumodoku_engine.violations(position.board.place(piece), position.variants)
    )
    spec_says = sumodoku_play.placement_is_valid(position, piece)
    if spec_says != engine_says:
        raise AssertionError(
            f"{piece} on {position}: the spec's model says "
            f"{'valid' if spec_says else 'invalid'}, the engine says "
            f"{'valid' if engine_says else 'invalid'}"
        )


def _sumodoku_fast_search(position: Position) -> str | None:
    """The fast search's answer is the solver's, and its completion is one (by the model)."""
    from dokuspec.sumodoku import search  # noqa: PLC0415 - loads the C extension when used

    answer = search.propose(position)
    sumodoku_play.check_propose(position, answer)
    if search.COMPILED and search.propose(position, compiled=False) != answer:
        raise AssertionError(f"{position}: the compiled search and the fallback differ")
    return "the fast search reached its node limit" if answer.status == "unknown" else None


def _sumodoku_engine_search(position: Position) -> str | None:
    """The engine's own search (SU-15) gives the solver's status, and its completion is one by
    the spec's model (SU-3, SU-12..SU-14)."""
    found = sumodoku_engine.search_completion(position)
    sumodoku_play.check_propose(position, found)
    return "the engine's search reached its node limit" if found.status == "unknown" else None


def _sumodoku_play(case: tuple[dict[str, Any], int, float]) -> None:
    """A random game, every step held to the spec's reading of moves and claims (SU-1..SU-15)."""
    options, seed, mistakes = case
    sumodoku_play.play_checked(options, seed, seed + 1, mistakes=mistakes, claims=0.2)


def _sumodoku_conformance(case: tuple[dict[str, Any], tuple[int, int]]) -> None:
    """The engine protocol's invariants in a random Sumodoku game."""
    options, (seed, policy_seed) = case
    check_playout(sumodoku_engine.Sumodoku(**options), seed, policy_seed)


def _competitive_line_kinds(ranks: tuple[int, int, int]) -> None:
    """The kind of a rank triple: the engine, the spec's definition and table, the public API
    (CS-18)."""
    from dokuspec import competitive  # noqa: PLC0415 - the public API, loaded when used
    from dokuspec.spec import competitive as spec  # noqa: PLC0415

    reference = competitive_engine.line_kind(ranks)
    for source, answer in (
        ("the spec's kind_of_ranks", spec.kind_of_ranks(*ranks)),
        ("the spec's LINE_TRIPLES", spec.LINE_TRIPLES.get(ranks)),
        ("the public line_kind", competitive.line_kind(ranks)),
    ):
        if answer != reference:
            raise AssertionError(
                f"ranks {ranks}: the engine says {reference}, {source} says {answer}"
            )


def _competitive_hands(case: tuple[Grid, Scoring, int | None]) -> None:
    """A Grid judged alike by the engine, the spec, the public API and both backends
    (CS-17..CS-20)."""
    grid, scoring, copies = case
    verify_competitive.check_hand(grid, scoring, deck=Deck(copies))


def _competitive_winning(case: tuple[Grid, Scoring, int | None]) -> None:
    """A hand built from CS-18 lines wins for every reading, and scores at least 3 + its
    value (CS-19, CS-20)."""
    grid, scoring, copies = case
    answers = verify_competitive.check_hand(grid, scoring, deck=Deck(copies))
    if not (answers.winning and answers.completable):
        raise AssertionError(f"the winning hand {grid} is judged not winning: {answers}")
    if answers.score is None or answers.score < 3 + answers.value:
        raise AssertionError(f"the winning hand {grid} scores {answers.score}: {answers}")


def _competitive_play(case: tuple[str, dict[str, Any], int, int]) -> None:
    """A random game with every card accounted for after every step, and a legal deal
    (CS-1..CS-16)."""
    mode, options, seed, policy_seed = case
    verify_competitive.play_checked(CompetitiveSudoku(mode=mode, **options), seed, policy_seed)


def _competitive_conformance(case: tuple[str, tuple[int, int]]) -> None:
    """The engine protocol's invariants in a random Competitive Sudoku game."""
    mode, (seed, policy_seed) = case
    check_playout(CompetitiveSudoku(mode=mode), seed, policy_seed)


def _twodoku_validator(case: tuple[str, Any, frozenset[str]]) -> None:
    """The deal validator and the deal model (SAT and Z3) report the same broken rules
    (TD-1..TD-4); a corruption's codes are among them."""
    name, deal, codes = case
    found = verify_deals.check_validator_against_model(deal)
    if not codes <= found:
        raise AssertionError(f"the corruption {name} must cause {sorted(codes)}, found {found}")


def _twodoku_engine_deal(seed: int) -> None:
    """The engine's deal of a game validates (TD-1..TD-4, fair piles)."""
    verify_deals.check_engine_deal(seed)


def _twodoku_plays(case: tuple[int, int, float]) -> None:
    """Every play, reveal and result of a game is what the spec says (TD-7..TD-10)."""
    seed, policy_seed, aim = case
    verify_twodoku_engine.check_engine_plays(seed, policy_seed, aim=aim)


def _twodoku_conformance(case: tuple[int, int]) -> None:
    """The engine protocol's invariants in a random Two-Doku game."""
    check_playout(TwoDoku(), *case)


# -- the strategies ------------------------------------------------------------------------------

_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
_DECK_COPIES: tuple[int | None, ...] = (1, 2, 3, None)


def _sumodoku_positions() -> st.SearchStrategy[Position]:
    return strategies.positions(planted=(0, 2))


def _sumodoku_placement_cases() -> st.SearchStrategy[tuple[Position, int, int]]:
    return st.tuples(strategies.positions(planted=(0, 3)), st.integers(0, 80), st.integers(0, 8))


def _sumodoku_sparse_positions() -> st.SearchStrategy[Position]:
    # Few pieces: the search has room to go wrong on the cells the variants constrain.
    return strategies.positions(max_pieces=30)


def _sumodoku_search_positions() -> st.SearchStrategy[Position]:
    return strategies.positions(min_pieces=25)


def _sumodoku_games() -> st.SearchStrategy[tuple[dict[str, Any], int, float]]:
    return st.tuples(strategies.game_options(), _SEEDS, st.sampled_from([0.0, 0.1, 0.3]))


def _sumodoku_playouts() -> st.SearchStrategy[tuple[dict[str, Any], tuple[int, int]]]:
    return st.tuples(strategies.game_options(), playouts())


def _line_shape(line: tuple[int, int, int]) -> tuple[int, int]:
    low, middle, high = sorted(line)
    return (middle - low, high - middle)


def _competitive_triples() -> st.SearchStrategy[tuple[int, int, int]]:
    # The lines of the CS-18 formulas grouped by their shape (triplets, the
    # three straights, the power series), each shape as likely as the
    # others, and any triple of ranks as often as one shape.
    shapes: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for line in strategies.CS_ORDERED_LINES:
        shapes.setdefault(_line_shape(line), []).append(line)
    ranks = st.integers(1, 9)
    return st.one_of(
        st.tuples(ranks, ranks, ranks),
        *(st.sampled_from(lines) for _, lines in sorted(shapes.items())),
    )


@st.composite
def _competitive_hand_cases(
    draw: st.DrawFn, *, winning: bool = False
) -> tuple[Grid, Scoring, int | None]:
    copies = draw(st.sampled_from(_DECK_COPIES))
    grids = strategies.cs_winning_grids(copies) if winning else strategies.cs_grids(copies)
    return draw(grids), draw(strategies.cs_scorings()), copies


def _competitive_hands_strategy() -> st.SearchStrategy[tuple[Grid, Scoring, int | None]]:
    return _competitive_hand_cases()


def _competitive_winning_strategy() -> st.SearchStrategy[tuple[Grid, Scoring, int | None]]:
    return _competitive_hand_cases(winning=True)


def _competitive_games() -> st.SearchStrategy[tuple[str, dict[str, Any], int, int]]:
    options = st.fixed_dictionaries(
        {},
        optional={
            "copies_per_colour": st.integers(1, 3),
            "power_series_points": st.integers(1, 5),
            "score_loser_hand": st.booleans(),
            "three_triplets_bonus": st.booleans(),
            "max_trades": st.integers(0, 2),
        },
    )
    return st.tuples(st.sampled_from(MODES), options, _SEEDS, _SEEDS)


def _competitive_playouts() -> st.SearchStrategy[tuple[str, tuple[int, int]]]:
    return st.tuples(st.sampled_from(MODES), playouts())


def _twodoku_deal_cases() -> st.SearchStrategy[tuple[str, Any, frozenset[str]]]:
    valid = verify_deals.fair_deals().map(lambda deal: ("none", deal, frozenset[str]()))
    return st.one_of(valid, verify_deals.corrupted_deals())


def _twodoku_seeds() -> st.SearchStrategy[int]:
    return _SEEDS


def _twodoku_games() -> st.SearchStrategy[tuple[int, int, float]]:
    return st.tuples(_SEEDS, _SEEDS, st.sampled_from([0.3, 0.8]))


def _twodoku_playouts() -> st.SearchStrategy[tuple[int, int]]:
    return playouts()


# -- the registry --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """One cross-check of the campaign.

    Attributes:
        name: ``"game/what"``, unique (``"sumodoku/sat-vs-z3"``).
        game: one of :data:`GAMES`.
        summary: what it holds against what, in a few words (for tables).
        strategy: makes the Hypothesis strategy of its cases.
        prop: the property: raises on a discrepancy; returns ``None`` when the
            case passed, or why the case is unknown (a limit cut it short).
        cost: the relative cost of one case; a campaign of ``examples`` per
            check runs ``max(1, round(examples / cost))`` cases of it.
    """

    name: str
    game: str
    summary: str
    strategy: Callable[[], st.SearchStrategy[Any]]
    prop: Callable[[Any], str | None]
    cost: float = 1.0

    def cases_for(self, examples: int) -> int:
        """How many cases a campaign of ``examples`` per check runs of this check."""
        return max(1, round(examples / self.cost))


CHECKS: tuple[Check, ...] = (
    Check(
        "sumodoku/sat-vs-z3",
        "sumodoku",
        "SAT vs Z3, engine rules, cores",
        _sumodoku_positions,
        _sumodoku_sat_vs_z3,
        cost=2.0,
    ),
    Check(
        "sumodoku/placements",
        "sumodoku",
        "spec model vs engine rule checker",
        _sumodoku_placement_cases,
        _sumodoku_placements,
        cost=0.1,
    ),
    Check(
        "sumodoku/fast-search-vs-solver",
        "sumodoku",
        "fast search vs SAT solver",
        _sumodoku_search_positions,
        _sumodoku_fast_search,
        cost=0.1,
    ),
    Check(
        "sumodoku/engine-search-vs-sat",
        "sumodoku",
        "engine search vs SAT, spec model",
        _sumodoku_sparse_positions,
        _sumodoku_engine_search,
        cost=0.5,
    ),
    Check(
        "sumodoku/engine-vs-spec",
        "sumodoku",
        "engine games vs spec and solvers",
        _sumodoku_games,
        _sumodoku_play,
        cost=2.0,
    ),
    Check(
        "sumodoku/conformance",
        "sumodoku",
        "engine protocol conformance",
        _sumodoku_playouts,
        _sumodoku_conformance,
        cost=4.0,
    ),
    Check(
        "competitive/line-kinds",
        "competitive",
        "line kinds: engine, spec, API",
        _competitive_triples,
        _competitive_line_kinds,
        cost=0.05,
    ),
    Check(
        "competitive/hands",
        "competitive",
        "Grids: engine, spec, SAT, Z3",
        _competitive_hands_strategy,
        _competitive_hands,
        cost=1.0,
    ),
    Check(
        "competitive/winning-hands",
        "competitive",
        "generated winning hands win",
        _competitive_winning_strategy,
        _competitive_winning,
        cost=1.0,
    ),
    Check(
        "competitive/engine-vs-spec",
        "competitive",
        "engine games: cards, deals",
        _competitive_games,
        _competitive_play,
        cost=0.25,
    ),
    Check(
        "competitive/conformance",
        "competitive",
        "engine protocol conformance",
        _competitive_playouts,
        _competitive_conformance,
        cost=1.0,
    ),
    Check(
        "twodoku/validator-vs-model",
        "twodoku",
        "deal validator vs SAT, Z3 models",
        _twodoku_deal_cases,
        _twodoku_validator,
        cost=2.0,
    ),
    Check(
        "twodoku/engine-deals",
        "twodoku",
        "engine deals vs the validator",
        _twodoku_seeds,
        _twodoku_engine_deal,
        cost=0.1,
    ),
    Check(
        "twodoku/engine-vs-spec",
        "twodoku",
        "plays, reveals, results vs spec",
        _twodoku_games,
        _twodoku_plays,
        cost=0.1,
    ),
    Check(
        "twodoku/conformance",
        "twodoku",
        "engine protocol conformance",
        _twodoku_playouts,
        _twodoku_conformance,
        cost=2.0,
    ),
)
"""Every check, game by game, in the order a campaign runs them."""

_BY_NAME = {check.name: check for check in CHECKS}


def checks_named(names: Iterable[str] = (), games: Iterable[str] = ()) -> tuple[Check, ...]:
    """The checks to run: those named, or those of ``games``, or all; in :data:`CHECKS` order.

    Raises:
        CampaignError: a name no check has, or a game not in :data:`GAMES`.
    """
    names, games = tuple(names), tuple(games)
    for name in names:
        if name not in _BY_NAME:
            raise CampaignError(f"no check is named {name!r} (see 'dokuspec verify --list')")
    for game in games:
        if game not in GAMES:
            raise CampaignError(f"no game is named {game!r}: one of {', '.join(GAMES)}")
    return tuple(
        check
        for check in CHECKS
        if (not names or check.name in names) and (not games or check.game in games)
    )


# -- tasks ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Task:
    """Up to :data:`EXAMPLES_PER_TASK` cases of one check.

    Attributes:
        check: the check's name.
        index: the task's index within its check (0, 1, ...).
        examples: how many cases it runs.
        seed: the campaign's seed.
    """

    check: str
    index: int
    examples: int
    seed: int


@dataclass(frozen=True, slots=True)
class TaskResult:
    """What one task found.

    Attributes:
        task: the task.
        cases: different cases that passed (before the first failure, if any).
        counterexample: the shrunk failing case's ``repr``, or ``None``.
        error: the failure's type and message, or ``None``.
        passed_keys: the :func:`case_key` of each case that passed, in order.
        unknown: the cases left unknown (a time or node limit cut them short,
            so they neither passed nor failed), in order: each case's
            :func:`case_key` and why it is unknown.
    """

    task: Task
    cases: int
    counterexample: str | None
    error: str | None
    passed_keys: tuple[str, ...] = ()
    unknown: tuple[tuple[str, str], ...] = ()


def _canonical(value: object) -> str:
    """A text equal for equal cases: dataclasses by their compared fields, mappings and sets
    sorted, anything else by its ``repr`` (the vocabulary's notation)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = (
            f"{f.name}={_canonical(getattr(value, f.name))}"
            for f in dataclasses.fields(value)
            if f.compare
        )
        return f"{type(value).__qualname__}({', '.join(fields)})"
    if isinstance(value, Mapping):
        items = sorted(f"{_canonical(k)}: {_canonical(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    if isinstance(value, set | frozenset):
        return "set(" + ", ".join(sorted(map(_canonical, value))) + ")"
    if isinstance(value, tuple | list):
        return f"{type(value).__name__}(" + ", ".join(map(_canonical, value)) + ")"
    return repr(value)


def case_key(case: object) -> str:
    """A case's identity, the same on every machine: 32 hex digits, equal for equal cases.

    The first 16 bytes of the SHA-256 of a canonical text of the case
    (dataclasses by their fields, mappings and sets in sorted order, other
    values by their ``repr``, which for the games' values is their notation).
    """
    return hashlib.sha256(_canonical(case).encode()).hexdigest()[:32]


def task_seed(seed: int, check: str, index: int) -> int:
    """The Hypothesis seed of task ``index`` of ``check`` in a campaign seeded with ``seed``.

    A 64-bit number from SHA-256 of the three, the same on every machine
    and Python (no ``hash()`` randomisation).

    Raises:
        TypeError: ``seed`` or ``index`` is not an int.
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative.
    """
    check_seed(seed, "the campaign's seed")
    check_index(index, "a task's index")
    digest = hashlib.sha256(f"{seed}/{check}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def tasks_of(check: Check, examples: int, seed: int) -> list[Task]:
    """The tasks of ``check`` in a campaign of ``examples`` per check (nothing else counts).

    Raises:
        TypeError, DokuspecError: ``seed`` is not a seed (:func:`dokuspec.seeds.check_seed`).
    """
    check_seed(seed, "the campaign's seed")
    total = check.cases_for(examples)
    return [
        Task(check.name, index, min(EXAMPLES_PER_TASK, total - start), seed)
        for index, start in enumerate(range(0, total, EXAMPLES_PER_TASK))
    ]


def _settings(examples: int) -> hypothesis.settings:
    """Hypothesis settings independent of any loaded profile: no database, no deadline,
    shrinking on, no output of its own."""
    return hypothesis.settings(
        hypothesis.settings.get_profile("default"),
        max_examples=examples,
        derandomize=False,
        database=None,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink),
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
    )


def _first_lines(error: BaseException, limit: int = 12) -> str:
    lines = f"{type(error).__name__}: {error}".splitlines()
    notes = [n for n in getattr(error, "__notes__", ()) if not n.startswith("Falsifying")]
    lines += [line for note in notes for line in str(note).splitlines()]
    return "\n".join(lines[:limit] + (["..."] if len(lines) > limit else []))


@functools.cache
def _simplest_key(check: str) -> str:
    """The :func:`case_key` of the simplest case of ``check``'s strategy (Hypothesis's
    minimal example, the case it tries first in every run)."""
    simplest = hypothesis.find(
        checks_named([check])[0].strategy(),
        lambda _: True,
        settings=hypothesis.settings(_settings(1), phases=(Phase.generate, Phase.shrink)),
    )
    return case_key(simplest)


def run_task(task: Task) -> TaskResult:
    """Run one task: its cases through Hypothesis, seeded by :func:`task_seed`, shrunk on failure.

    The task runs :attr:`Task.examples` different cases: a case drawn a
    second time is set aside and another drawn in its place, and a task
    other than task 0 sets aside the strategy's simplest case as well
    (task 0 runs it), so that the tasks of a check do not all spend a case
    on it. Picklable and module-level, for
    :func:`dokuspec.parallel.ordered_map`.

    Raises:
        CampaignError: the task names no check.
    """
    check = checks_named([task.check])[0]
    skip = _simplest_key(check.name) if task.index > 0 else None
    passed: dict[str, None] = {}
    unknown: dict[str, str] = {}
    failing: list[str] = []

    def body(case: Any) -> None:
        key = case_key(case)
        if not failing and (key == skip or key in passed or key in unknown):
            hypothesis.reject()  # not counted: Hypothesis draws another case
        try:
            reason = check.prop(case)
        except BaseException:
            failing.append(repr(case))  # the last failing case run is the shrunk one
            raise
        if failing:
            return
        if reason is None:
            passed[key] = None
        else:
            unknown[key] = reason

    test = hypothesis.seed(task_seed(task.seed, task.check, task.index))(
        _settings(task.examples)(given(check.strategy())(body))
    )
    counterexample = error = None
    try:
        test()
    except Exception as raised:
        counterexample, error = (failing[-1] if failing else None), _first_lines(raised)
    return TaskResult(
        task, len(passed), counterexample, error, tuple(passed), tuple(unknown.items())
    )


# -- campaigns -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What a campaign found about one check.

    Attributes:
        name: the check's name.
        game: its game.
        summary: what it checks.
        cases: different cases that passed, over all its tasks (in a failing
            check, those before the failure); a case drawn by two tasks
            counts once.
        tasks: how many tasks ran it.
        passed: whether no case failed.
        counterexample: the first failing task's shrunk case (``repr``), or ``None``.
        error: its error (type and message, a few lines), or ``None``.
        reproduce: the command that reruns exactly this check's cases, or ``None``
            when it passed.
        unknown: different cases left unknown (a time or node limit cut them
            short) and passed by no task: neither passes nor discrepancies.
        unknown_reason: why the first of them is unknown, or ``None``.
    """

    name: str
    game: str
    summary: str
    cases: int
    tasks: int
    passed: bool
    counterexample: str | None
    error: str | None
    reproduce: str | None
    unknown: int = 0
    unknown_reason: str | None = None

    def to_json(self) -> dict[str, object]:
        """The result as JSON: every attribute above under its own name."""
        return {
            "name": self.name,
            "game": self.game,
            "summary": self.summary,
            "cases": self.cases,
            "unknown": self.unknown,
            "unknown_reason": self.unknown_reason,
            "tasks": self.tasks,
            "passed": self.passed,
            "counterexample": self.counterexample,
            "error": self.error,
            "reproduce": self.reproduce,
        }


def reproduce_command(check: str, examples: int, seed: int) -> str:
    """The command line that reruns exactly the cases of ``check`` in a campaign.

    The tasks depend only on the check, ``examples`` and ``seed``
    (:func:`tasks_of`), so any number of workers reproduces the failure.

    Raises:
        TypeError, DokuspecError: ``seed`` is not a seed (:func:`dokuspec.seeds.check_seed`).
    """
    check_seed(seed, "the campaign's seed")
    return shlex.join(
        ["dokuspec", "verify", "--check", check, "--examples", str(examples), "--seed", str(seed)]
    )


def run_campaign(
    *,
    names: Iterable[str] = (),
    games: Iterable[str] = (),
    examples: int = DEFAULT_EXAMPLES,
    seed: int = 0,
    workers: int = 1,
    scheduler: str | None = None,
    on_task: Callable[[TaskResult], None] | None = None,
) -> Iterator[CheckResult]:
    """Run the checks and yield each one's result as soon as its last task is done.

    Args:
        names: the checks to run (:data:`CHECKS` names); empty for all of ``games``.
        games: the games whose checks run; empty for every game.
        examples: cases per check of cost 1 (:attr:`Check.cost` scales it); at least 1.
        seed: the campaign's seed, an integer 0 to ``2**64 - 1``.
        workers: local processes (1: in this process).
        scheduler: a Dask scheduler's address instead of local processes.
        on_task: called with every task's result, in order (for progress bars).

    Yields:
        One :class:`CheckResult` per check, in :data:`CHECKS` order. Closing
        the iterator early (or an exception in its consumer) stops the tasks
        in flight and the local workers at once.

    Raises:
        CampaignError: an unknown check or game.
        ValueError: ``examples`` below 1.
        TypeError: ``seed`` is not an int.
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        DokuspecError: bad ``workers`` or ``scheduler``, or a cluster that
            cannot be reached (:func:`dokuspec.parallel.ordered_map`).
    """
    if examples < 1:
        raise ValueError(f"examples must be at least 1, not {examples}")
    check_seed(seed, "the campaign's seed")
    chosen = checks_named(names, games)
    plan = [(check, tasks_of(check, examples, seed)) for check in chosen]
    every = [task for _, tasks in plan for task in tasks]
    results = ordered_map(run_task, every, workers=workers, scheduler=scheduler)
    try:
        for check, tasks in plan:
            done = []
            for _ in tasks:
                result = next(results)
                if on_task is not None:
                    on_task(result)
                done.append(result)
            yield _check_result(check, done, examples, seed)
    finally:
        # Closed early (or interrupted): stop the tasks in flight and the workers now.
        close = getattr(results, "close", None)
        if close is not None:
            close()


def _check_result(check: Check, done: list[TaskResult], examples: int, seed: int) -> CheckResult:
    """A check's result from its tasks': the distinct cases passed, and those left unknown
    that no task passed."""
    passed = {key for result in done for key in result.passed_keys}
    unknown: dict[str, str] = {}
    for result in done:
        for key, reason in result.unknown:
            if key not in passed:
                unknown.setdefault(key, reason)
    failed = next((r for r in done if r.error is not None), None)
    return CheckResult(
        check.name,
        check.game,
        check.summary,
        len(passed),
        len(done),
        failed is None,
        None if failed is None else failed.counterexample,
        None if failed is None else failed.error,
        None if failed is None else reproduce_command(check.name, examples, seed),
        len(unknown),
        next(iter(unknown.values()), None),
    )
