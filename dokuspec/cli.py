"""The ``dokuspec`` command line: a thin layer over the public API.

It parses arguments, reads input, calls :mod:`dokuspec.sumodoku` and prints.
Bad input is reported as one line on standard error with exit status 2.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from dokuspec import __version__, sumodoku
from dokuspec.errors import DokuspecError
from dokuspec.sumodoku import Position, Verdict

__all__ = ["main"]

_STATUS_STYLE = {"completable": "green", "impossible": "red", "unknown": "yellow"}


@click.group()
@click.version_option(__version__, prog_name="dokuspec")
def main() -> None:
    """dokuspec: rules of Sudoku-family games as constraint models, solved and cross-checked."""


@main.group(name="sumodoku")
def sumodoku_group() -> None:
    """Sumodoku positions (rules SU-3, SU-12..SU-15)."""


@dataclass(frozen=True, slots=True)
class _Query:
    source: str
    line: int
    position: Position


@dataclass(frozen=True, slots=True)
class _Answer:
    query: _Query
    verdict: Verdict
    seconds: float


def _read(files: Sequence[str]) -> list[_Query]:
    """Read every input before solving, so bad input fails fast and whole."""
    queries: list[_Query] = []
    for name in files or ("-",):
        stream: IO[str]
        if name == "-":
            source, stream = "<stdin>", sys.stdin
            queries += _read_stream(stream, source)
        else:
            try:
                with open(name, encoding="utf-8") as stream:
                    queries += _read_stream(stream, name)
            except OSError as error:
                raise DokuspecError(f"{name}: cannot read: {error.strerror}") from None
            except UnicodeDecodeError as error:
                raise DokuspecError(f"{name}: not UTF-8 text (byte {error.start})") from None
    return queries


def _read_stream(stream: IO[str], source: str) -> list[_Query]:
    return [
        _Query(source, number, position)
        for number, position in sumodoku.read_positions(stream, source=source)
    ]


def _solve(queries: list[_Query], options: dict[str, Any], explain: bool) -> Iterator[_Answer]:
    ask = sumodoku.explain if explain else sumodoku.check
    for query in queries:
        started = time.perf_counter()
        verdict = ask(query.position, **options)
        yield _Answer(query, verdict, time.perf_counter() - started)


def _conflict_text(verdict: Verdict) -> str:
    parts = [str(piece) for piece in verdict.conflict or ()]
    parts += [f"[{rule}]" for rule in verdict.conflict_rules]
    text = " ".join(parts) or "(no pieces)"
    return text if verdict.minimal else f"{text} (not minimised: budget)"


def _json_record(answer: _Answer, explain: bool) -> dict[str, Any]:
    verdict = answer.verdict
    record: dict[str, Any] = {
        "source": answer.query.source,
        "line": answer.query.line,
        "board": str(verdict.position.board),
        "status": verdict.status,
    }
    if not verdict.position.variants.is_plain() or any(verdict.position.out):
        record["position"] = verdict.position.to_json()
    if verdict.completion is not None:
        record["completion"] = str(verdict.completion)
    if explain and verdict.status == "impossible":
        record["conflict"] = [
            {"row": p.row, "col": p.col, "colour": p.colour} for p in verdict.conflict or ()
        ]
        record["conflict_rules"] = list(verdict.conflict_rules)
        record["minimal"] = verdict.minimal
    record["seconds"] = round(answer.seconds, 6)
    return record


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _summary(label: str, answers: list[_Answer]) -> str:
    counts = dict.fromkeys(_STATUS_STYLE, 0)
    for answer in answers:
        counts[answer.verdict.status] += 1
    median = statistics.median(a.seconds for a in answers) if answers else 0.0
    parts = ", ".join(f"{n} {status}" for status, n in counts.items())
    return f"{label}: {len(answers)} positions: {parts}; median {_duration(median)} per query"


@sumodoku_group.command(name="check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--backend",
    type=click.Choice(["sat", "z3"]),
    default="sat",
    show_default=True,
    help="Solver backend: python-sat (CNF) or Z3.",
)
@click.option(
    "--solver", default=None, help="python-sat solver name (SAT backend; default CaDiCaL 1.9.5)."
)
@click.option(
    "--explain",
    is_flag=True,
    help="For impossible positions, a minimal set of pieces (and rules) that conflict.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="One JSON object per position, in input order."
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the summary (without --json).")
@click.option(
    "--time-limit",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Seconds per position; past it the answer is 'unknown'.",
)
@click.option(
    "--conflict-limit",
    type=click.IntRange(min=0),
    default=None,
    help="Solver conflicts per query; past it the answer is 'unknown'.",
)
def check_command(
    files: tuple[str, ...],
    backend: str,
    solver: str | None,
    explain: bool,
    as_json: bool,
    quiet: bool,
    time_limit: float | None,
    conflict_limit: int | None,
) -> None:
    """Check whether Sumodoku positions can still be completed (rule SU-15).

    FILES hold one position per line: a board of 81 characters ('.' or '0'
    empty, '1'-'9' colours) or a position's JSON object (variants, pieces out
    of the game). Blank lines and lines starting with '#' are skipped. With
    no FILE, or '-', standard input is read.

    Exit status: 0 when every position got an answer, 1 when some answer is
    'unknown' (a budget ran out), 2 on bad input.
    """
    err = Console(stderr=True)
    try:
        queries = _read(files)
        options: dict[str, Any] = {
            "backend": backend,
            "solver": solver,
            "time_limit": time_limit,
            "conflict_limit": conflict_limit,
        }
        if as_json:
            answers = []
            for answer in _solve(queries, options, explain):
                click.echo(json.dumps(_json_record(answer, explain)))
                answers.append(answer)
        else:
            answers = _run_with_progress(queries, options, explain, err)
            _print_report(answers, explain, quiet)
    except DokuspecError as error:
        err.print(f"dokuspec: error: {error}", markup=False, highlight=False, soft_wrap=True)
        sys.exit(2)
    sys.exit(1 if any(a.verdict.status == "unknown" for a in answers) else 0)


def _run_with_progress(
    queries: list[_Query], options: dict[str, Any], explain: bool, err: Console
) -> list[_Answer]:
    columns = (
        TextColumn("checking"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("check", total=len(queries))
        answers = []
        for answer in _solve(queries, options, explain):
            answers.append(answer)
            bar.advance(task)
    return answers


def _print_report(answers: list[_Answer], explain: bool, quiet: bool) -> None:
    out = Console(width=None if sys.stdout.isatty() else 200, highlight=False)
    if not quiet:
        table = Table(show_lines=False)
        table.add_column("input", no_wrap=True)
        table.add_column("board", no_wrap=True)
        table.add_column("status")
        table.add_column("time", justify="right")
        table.add_column("conflict" if explain else "completion", overflow="fold")
        for answer in answers:
            verdict = answer.verdict
            if verdict.status == "impossible" and explain:
                detail = _conflict_text(verdict)
            else:
                detail = str(verdict.completion) if verdict.completion is not None else ""
            style = _STATUS_STYLE[verdict.status]
            table.add_row(
                f"{answer.query.source}:{answer.query.line}",
                str(verdict.position.board),
                f"[{style}]{verdict.status}[/{style}]",
                _duration(answer.seconds),
                detail,
            )
        out.print(table)
    sources = list(dict.fromkeys(a.query.source for a in answers))
    if len(sources) > 1:
        for source in sources:
            out.print(_summary(source, [a for a in answers if a.query.source == source]))
    out.print(
        _summary("total" if len(sources) > 1 else (sources[0] if sources else "input"), answers)
    )
