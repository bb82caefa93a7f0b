"""Count the cases a verification campaign runs: how many are drawn more than once.

For every check of :mod:`dokuspec.verify.campaign` (or those named), the
tasks of a campaign of ``--examples`` per check are run twice in one run,
the property wrapped to record each case it is given:

* **plain**: every task a plain Hypothesis run of its cases, as the
  campaign ran them before it counted cases once (each run starts with the
  strategy's simplest case and may draw a case twice);
* **campaign**: :func:`dokuspec.verify.campaign.run_task`, which sets aside
  a case its task has run and, outside task 0, the simplest case.

For each: the cases run (calls of the property), the different cases among
them (compared with ``==``, independently of the campaign's
:func:`~dokuspec.verify.campaign.case_key`), the share run more than once,
and the time. The campaign's own count (its ``cases`` plus ``unknown``)
must equal the different cases recorded; any check where it does not is
listed and the script exits with status 1.

Run::

    python benchmarks/verify_cases.py
    python benchmarks/verify_cases.py --examples 20 --check competitive/line-kinds --json out.json
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from typing import Any
from unittest import mock

import click
import hypothesis
import measure
from hypothesis import given
from measure import fmt
from rich.console import Console

from dokuspec.verify import campaign
from dokuspec.verify.campaign import Check, Task, run_task


def plain_task(check: Check, task: Task) -> None:
    """A task as a plain Hypothesis run (the campaign's settings and seed, nothing set aside)."""

    def body(case: Any) -> None:
        check.prop(case)

    test = hypothesis.seed(campaign.task_seed(task.seed, task.check, task.index))(
        campaign._settings(task.examples)(given(check.strategy())(body))
    )
    test()


def distinct(cases: list[Any]) -> int:
    """The different cases among ``cases``, compared with ``==`` (cases need not hash)."""
    found: list[Any] = []
    for case in cases:
        if not any(case == other for other in found):
            found.append(case)
    return len(found)


def recorded(
    check: Check, tasks: list[Task], run: Callable[[Check, Task], Any]
) -> tuple[list[Any], float, list[Any]]:
    """The cases ``run`` gives ``check``'s property in ``tasks``, the time, and the results."""
    cases: list[Any] = []

    def prop(case: Any) -> str | None:
        cases.append(case)
        return check.prop(case)

    wrapped = dataclasses.replace(check, prop=prop)
    started = time.perf_counter()
    # The campaign's tasks find the check by its name: they find the one wrapped.
    with mock.patch.object(campaign, "checks_named", lambda *_: (wrapped,)):
        answers = [run(wrapped, task) for task in tasks]
    return cases, time.perf_counter() - started, answers


@click.command()
@click.option("--examples", default=20, show_default=True, help="Cases per check of cost 1.")
@click.option("--seed", default=0, show_default=True, help="The campaign's seed.")
@click.option("--check", "names", multiple=True, help="Only this check (repeatable).")
@click.option("--json", "json_path", default=None, help="Write every count here.")
def main(examples: int, seed: int, names: tuple[str, ...], json_path: str | None) -> None:
    """Count the cases of a campaign, plain Hypothesis runs against the campaign's tasks."""
    console = Console()
    rows: list[dict[str, Any]] = []
    wrong: list[str] = []
    for check in campaign.checks_named(names):
        tasks = campaign.tasks_of(check, examples, seed)
        plain, plain_time, _ = recorded(check, tasks, plain_task)
        campaign._simplest_key.cache_clear()
        cases, time_taken, results = recorded(check, tasks, lambda _, task: run_task(task))
        whole = campaign._check_result(check, results, examples, seed)
        row = {
            "check": check.name,
            "tasks": len(tasks),
            "plain": {"run": len(plain), "different": distinct(plain), "seconds": plain_time},
            "campaign": {"run": len(cases), "different": distinct(cases), "seconds": time_taken},
            "reported": {"cases": whole.cases, "unknown": whole.unknown},
        }
        rows.append(row)
        if whole.cases + whole.unknown != row["campaign"]["different"] or not whole.passed:
            wrong.append(f"{check.name}: reported {whole}, recorded {row['campaign']}")
        console.print(f"{check.name}: done", style="dim")

    table = measure.table(
        f"Cases of a campaign of {examples} examples per check, seed {seed}",
        ("check", "tasks", "plain", "again", "campaign", "again"),
    )

    def share(counts: dict[str, Any]) -> str:
        return f"{100 * (counts['run'] - counts['different']) / max(counts['run'], 1):.0f}%"

    for row in rows:
        plain, mine = row["plain"], row["campaign"]
        table.add_row(
            row["check"],
            str(row["tasks"]),
            f"{plain['different']}/{plain['run']}",
            share(plain),
            f"{mine['different']}/{mine['run']}",
            share(mine),
        )
    totals = {
        kind: {
            "run": sum(row[kind]["run"] for row in rows),
            "different": sum(row[kind]["different"] for row in rows),
            "seconds": sum(row[kind]["seconds"] for row in rows),
        }
        for kind in ("plain", "campaign")
    }
    console.print(table)
    console.print("plain, campaign: different cases / cases run; again: share run more than once")
    for kind, counts in totals.items():
        console.print(
            f"{kind}: {counts['different']} different cases of {counts['run']} run "
            f"({share(counts)} more than once) in {fmt(counts['seconds'])}"
        )
    measure.write_json(
        json_path,
        {
            "rows": rows,
            "totals": totals,
            "examples": examples,
            "seed": seed,
            "environment": measure.environment_of("hypothesis"),
        },
    )
    measure.finish(
        console,
        wrong,
        "checks report another count than they ran",
        "every check reports the different cases it ran",
    )


if __name__ == "__main__":
    main(sys.argv[1:])
