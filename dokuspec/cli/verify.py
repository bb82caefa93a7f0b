"""``dokuspec verify``: the verification campaign on the command line.

It runs the cross-checks of :mod:`dokuspec.verify.campaign` and prints one
row per check as soon as the check is done (a table streamed within 80
columns; ``cases`` counts the different cases that passed), then the
checks with unknown cases (a time or node limit cut them short: neither
passed nor failed), then each failure: the shrunk counterexample, the
error and the command that reproduces it, then a line of totals::

    check                           cases  result  what
    sumodoku/sat-vs-z3                  9  passed  SAT vs Z3, engine rules, cores
    ...

    sumodoku/sat-vs-z3: 1 case unknown, neither passed nor failed
      first: sat's explanation ran out of its 10 s before deciding

    15 checks, 1129 cases passed, 1 case unknown: no discrepancy

With ``--json``, one JSON object per check (one line each, as it is done:
``name``, ``game``, ``summary``, ``cases``, ``unknown``,
``unknown_reason``, ``tasks``, ``passed``, ``counterexample``, ``error``,
``reproduce``), then one line of totals ``{"checks", "cases", "unknown",
"failed"}``.

Exit statuses: 0 no check failed (unknown cases are no discrepancy), 1 a
discrepancy was found, 2 bad usage, 130 interrupted (Ctrl-C: the checks
printed stand, and the failures and totals that follow cover exactly them).
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from dokuspec import games
from dokuspec.cli.io import Output, Status, guarded, shown, standard_output
from dokuspec.cli.report import WIDTH
from dokuspec.cli.shared import (
    SeedType,
    WorkersType,
    interrupts_deferred,
    plain_console,
    print_plain,
    progress_bar,
    row_console,
)

if TYPE_CHECKING:
    from dokuspec.verify.campaign import CheckResult, TaskResult

__all__ = ["verify_command"]

_NAME = 30
_CASES = 5
_RESULT = 6
_GAP = "  "
_WHAT = WIDTH - _NAME - _CASES - _RESULT - 3 * len(_GAP)

_GAMES = tuple(spec.name for spec in games.installed() if spec.checks is not None)
"""The games with checks (:func:`dokuspec.verify.campaign.games_checked`), in their order."""


def _count(number: int, noun: str) -> str:
    """``"1 case"``, ``"2 cases"``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _row(name: str, cases: str, result: str, what: str) -> str:
    return f"{name:<{_NAME}}{_GAP}{cases:>{_CASES}}{_GAP}{result:<{_RESULT}}{_GAP}{what}".rstrip()


def _wrapped(label: str, text: str) -> list[str]:
    """``label: text`` within 80 columns, continued lines indented under the text."""
    lines: list[str] = []
    first = f"  {label}: "
    rest = " " * len(first)
    for number, part in enumerate(text.splitlines() or [""]):
        lines += textwrap.wrap(
            part,
            WIDTH,
            initial_indent=first if number == 0 else rest,
            subsequent_indent=rest,
            break_long_words=True,
            break_on_hyphens=False,
        ) or [first.rstrip() if number == 0 else ""]
    return lines


def _print_failure(console: Console, result: CheckResult) -> None:
    print_plain(console, "")
    print_plain(
        console,
        f"{result.name} failed ({_count(result.cases, 'case')} passed before it):",
        "bold red",
    )
    for label, text in (
        ("counterexample", result.counterexample or "(none: the check itself failed)"),
        ("error", result.error or ""),
    ):
        for line in _wrapped(label, text):
            print_plain(console, line)
    print_plain(console, "  reproduce:")
    for line in _command_lines(result.reproduce or ""):
        print_plain(console, line)


def _command_lines(command: str) -> list[str]:
    """A command indented by 4, on one line when it fits in 80 columns, else continued with
    backslashes before its options (so it still pastes into a shell)."""
    if len(command) + 4 <= WIDTH:
        return [f"    {command}"]
    parts = command.split(" --")
    return [f"    {parts[0]} \\"] + [
        f"      --{part}" + (" \\" if number < len(parts) - 1 else "")
        for number, part in enumerate(parts[1:], start=1)
    ]


@click.command("verify")
@click.option(
    "--game",
    "games",
    type=click.Choice(_GAMES),
    multiple=True,
    help="Only this game's checks (repeat for several); default: every game.",
)
@click.option(
    "--check",
    "names",
    multiple=True,
    metavar="NAME",
    help="Only this check (repeat for several; see --list), e.g. sumodoku/sat-vs-z3.",
)
@click.option(
    "--examples",
    type=click.IntRange(1, 1_000_000),
    default=20,
    show_default=True,
    help="Cases per check (cheap checks run more, costly ones fewer, in fixed ratios).",
)
@click.option(
    "--seed",
    type=SeedType(),
    default="0",
    show_default=True,
    help="The campaign's seed; each task is seeded from it, its check and its index.",
)
@click.option(
    "--workers",
    type=WorkersType(),
    default="1",
    show_default=True,
    help="Local worker processes; the results do not depend on it.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="A Dask scheduler's address (tcp://host:8786) to run the tasks on a cluster.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per check, then totals.")
@click.option("--list", "list_only", is_flag=True, help="List the checks and exit.")
def verify_command(
    games: tuple[str, ...],
    names: tuple[str, ...],
    examples: int,
    seed: int,
    workers: int,
    scheduler: str | None,
    as_json: bool,
    list_only: bool,
) -> None:
    """Run the cross-checks of every game.

    Engine against spec, SAT against Z3, validators against models, the
    fast search against the solver, the conformance suite: each game's
    checks, as its plug-in declares them (see --list).

    Each check draws its cases with Hypothesis from the seed; a failing case
    is shrunk and printed with the command that reproduces it. A table row
    is printed as each check finishes, a progress bar shows on standard
    error when it is a terminal.

    Exit statuses: 0 every check passed; 1 a discrepancy was found;
    2 bad usage (one line); 130 interrupted (the checks printed stand, and
    the totals that follow cover exactly them).
    """
    with guarded():
        from dokuspec.verify import campaign  # noqa: PLC0415 - Hypothesis and the solvers load here

        chosen = campaign.checks_named(names, games)
        out = standard_output()
        if list_only:
            console = plain_console(out)
            for check in chosen:
                print_plain(console, f"{check.name:<{_NAME}}{_GAP}{check.summary}")
            sys.exit(Status.OK)
        progress = progress_bar(out, as_json=as_json)
        console = row_console(out, progress)
        bar: list[Any] = []

        def advanced(result: TaskResult) -> None:
            if progress is not None and bar:
                progress.update(bar[0], advance=1, description=shown(result.task.check))

        results = campaign.run_campaign(
            names=[c.name for c in chosen],
            examples=examples,
            seed=seed,
            workers=workers,
            scheduler=scheduler,
            on_task=advanced,
        )
        with progress if progress is not None else nullcontext():
            if progress is not None:
                total = sum(len(campaign.tasks_of(c, examples, seed)) for c in chosen)
                bar.append(progress.add_task("verifying", total=total))
            failed = _run(out, console, results, as_json=as_json)
    sys.exit(Status.UNKNOWN if failed else Status.OK)


def _run(out: Output, console: Console, results: Iterator[CheckResult], *, as_json: bool) -> bool:
    """Print each check's result as it comes, then the failures and the totals; whether
    any failed.

    A check is printed and counted, or neither (:func:`interrupts_deferred`):
    after Ctrl-C the failures and totals cover exactly the checks printed,
    and the ``KeyboardInterrupt`` goes on.
    """
    done: list[CheckResult] = []
    if not as_json:
        print_plain(console, _row("check", "cases", "result", "what"), "bold")
    try:
        for result in results:
            with interrupts_deferred():
                if as_json:
                    out.write(json.dumps(result.to_json()) + "\n")
                else:
                    line = _row(
                        result.name,
                        str(result.cases),
                        "passed" if result.passed else "FAILED",
                        result.summary[:_WHAT],
                    )
                    print_plain(console, line, None if result.passed else "bold red")
                done.append(result)
    except KeyboardInterrupt:
        with interrupts_deferred():
            _print_totals(out, console, done, as_json=as_json)
        raise
    finally:
        # An interrupted campaign stops its tasks (other processes' included) now.
        close = getattr(results, "close", None)
        if close is not None:
            close()
    with interrupts_deferred():
        return _print_totals(out, console, done, as_json=as_json)


def _print_totals(out: Output, console: Console, done: list[CheckResult], *, as_json: bool) -> bool:
    """The checks with unknown cases, the failures and the totals of the checks ``done``;
    whether any failed."""
    failures = [r for r in done if not r.passed]
    cases = sum(r.cases for r in done)
    unknown = sum(r.unknown for r in done)
    if as_json:
        totals = {
            "checks": len(done),
            "cases": cases,
            "unknown": unknown,
            "failed": [r.name for r in failures],
        }
        out.write(json.dumps(totals) + "\n")
        return bool(failures)
    for result in done:
        if result.unknown:
            _print_unknown(console, result)
    for result in failures:
        _print_failure(console, result)
    print_plain(console, "")
    passed = _count(cases, "case") + " passed"
    unknowns = _count(unknown, "case") + " unknown"
    if failures:
        print_plain(
            console,
            f"{len(failures)} of {_count(len(done), 'check')} failed "
            f"({passed}{', ' + unknowns if unknown else ''})",
            "bold red",
        )
    elif unknown:
        print_plain(
            console,
            f"{_count(len(done), 'check')}, {passed}, {unknowns}: no discrepancy",
            "bold yellow",
        )
    else:
        print_plain(
            console,
            f"{_count(len(done), 'check')}, {_count(cases, 'case')}: all passed",
            "bold green",
        )
    return bool(failures)


def _print_unknown(console: Console, result: CheckResult) -> None:
    """A check's unknown cases: how many, and why the first one is unknown."""
    print_plain(console, "")
    print_plain(
        console,
        f"{result.name}: {_count(result.unknown, 'case')} unknown, neither passed nor failed",
        "yellow",
    )
    for line in _wrapped("first", result.unknown_reason or ""):
        print_plain(console, line)
