"""The verification campaign: every cross-check of every game as a named, seeded property.

A *check* is one cross-check of :mod:`dokuspec.verify` (engine against spec,
SAT against Z3, validators against models, the fast search against the
solver, the conformance suite) run as a Hypothesis property: a strategy
draws the cases, a property function raises :class:`AssertionError` (or any
other exception) on a discrepancy, and returns ``None`` when the case
passed, or a few words saying why the case is *unknown* when a time or node
limit cut it short (an unknown case is neither a pass nor a discrepancy).
Each game declares its checks in its plug-in (:attr:`dokuspec.games.GameSpec.checks`);
:func:`all_checks` lists those of every installed game, game by game in
the games' order (:func:`dokuspec.games.installed`), each named
``"game/what"`` (``"sumodoku/sat-vs-z3"``).

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

from dokuspec import games as plugins
from dokuspec.errors import DokuspecError
from dokuspec.parallel import ordered_map
from dokuspec.seeds import check_index, check_seed

__all__ = [
    "DEFAULT_EXAMPLES",
    "EXAMPLES_PER_TASK",
    "SEEDS",
    "CampaignError",
    "Check",
    "CheckResult",
    "Task",
    "TaskResult",
    "all_checks",
    "case_key",
    "checks_named",
    "games_checked",
    "reproduce_command",
    "run_campaign",
    "run_task",
    "task_seed",
    "tasks_of",
]

DEFAULT_EXAMPLES = 20
"""Cases per check when none is asked for."""

EXAMPLES_PER_TASK = 10
"""The most cases one task runs. A check of ``n`` cases is ``ceil(n / 10)`` tasks."""


class CampaignError(DokuspecError):
    """A campaign asked for something that does not exist (an unknown check or game)."""


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""The strategy of the seeds a check's games are drawn with (0 to ``2**32 - 1``)."""


# -- the registry --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Check:
    """One cross-check of the campaign.

    Attributes:
        name: ``"game/what"``, unique (``"sumodoku/sat-vs-z3"``).
        game: the name of its game (:mod:`dokuspec.games`).
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


def games_checked() -> tuple[str, ...]:
    """The installed games that declare checks, in the games' order (the campaign's order).

    Raises:
        PluginError: a game's declaration does not load (:func:`dokuspec.games.installed`).
    """
    return tuple(spec.name for spec in plugins.installed() if spec.checks is not None)


@functools.cache
def _checks_of(game: str) -> tuple[Check, ...]:
    spec = plugins.game(game)
    declared = tuple(spec.load("checks"))
    for check in declared:
        if not isinstance(check, Check):
            raise plugins.PluginError(f"{game}: its checks hold {check!r}, not a Check")
        if check.game != game or not check.name.startswith(f"{game}/"):
            raise plugins.PluginError(f"{game}: the check {check.name!r} is not named {game}/...")
    if len({check.name for check in declared}) != len(declared):
        raise plugins.PluginError(f"{game}: two of its checks have one name")
    return declared


def all_checks() -> tuple[Check, ...]:
    """Every check of every installed game: game by game (:func:`games_checked`), each game's
    in the order it declares them.

    Raises:
        PluginError: a game's checks do not load, or are not :class:`Check` s
            named after the game.
    """
    return tuple(check for game in games_checked() for check in _checks_of(game))


def checks_named(names: Iterable[str] = (), games: Iterable[str] = ()) -> tuple[Check, ...]:
    """The checks to run: those named, or those of ``games``, or all; in :func:`all_checks`
    order. Only the games named (or of the checks named) are loaded.

    Raises:
        CampaignError: a name no check has, or a game with no checks.
    """
    names, games = tuple(names), tuple(games)
    known = games_checked()
    for game in games:
        if game not in known:
            raise CampaignError(f"no game is named {game!r}: one of {', '.join(known)}")
    for name in names:
        game = name.partition("/")[0]
        if game not in known or name not in {check.name for check in _checks_of(game)}:
            raise CampaignError(f"no check is named {name!r} (see 'dokuspec verify --list')")
    wanted = games or (tuple(name.partition("/")[0] for name in names) if names else known)
    return tuple(
        check
        for game in known
        if game in wanted
        for check in _checks_of(game)
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
        names: the checks to run (:func:`all_checks` names); empty for all of ``games``.
        games: the games whose checks run; empty for every game.
        examples: cases per check of cost 1 (:attr:`Check.cost` scales it); at least 1.
        seed: the campaign's seed, an integer 0 to ``2**64 - 1``.
        workers: local processes (1: in this process).
        scheduler: a Dask scheduler's address instead of local processes.
        on_task: called with every task's result, in order (for progress bars).

    Yields:
        One :class:`CheckResult` per check, in :func:`all_checks` order. Closing
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
