"""``dokuspec sumodoku check`` and ``count``: can positions be completed, in how many ways.

Each position's verdict comes from :func:`dokuspec.sumodoku.check` (SU-12..SU-15) within
the budget of ``--time-limit`` and ``--conflict-limit``; ``check`` reads files or standard
input and prints a line per position and a summary, or JSON with ``--json``.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click
from rich.console import Console

from dokuspec import sumodoku
from dokuspec.cli.io import (
    InputError,
    Output,
    Status,
    guarded,
    hint,
    shown,
    standard_output,
)
from dokuspec.cli.report import Tally, header, row
from dokuspec.cli.shared import (
    plain_console,
    print_plain,
)
from dokuspec.cli.sumodoku.options import (
    _MAX_COUNT,
    _STDIN,
    _budget_options,
    _solver_options,
    _Whole,
)
from dokuspec.errors import DokuspecError, NotationError
from dokuspec.files import write_text_file
from dokuspec.sumodoku import Position, Refutation, Verdict

if TYPE_CHECKING:
    from rich.progress import Progress


@click.command(name="check")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@_solver_options
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
    "--wide",
    is_flag=True,
    help="Rows wider than 80 columns: the completion (or conflict) unwrapped on each row.",
)
@click.option(
    "--proof",
    "proof_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Write each impossible position's CNF and DRUP proof into this directory.",
)
@_budget_options
def check_command(
    files: tuple[str, ...],
    backend: str,
    solver: str | None,
    explain: bool,
    as_json: bool,
    quiet: bool,
    wide: bool,
    proof_dir: str | None,
    time_limit: float | None,
    conflict_limit: int | None,
) -> None:
    """Check whether Sumodoku positions can still be completed (rule SU-15).

    FILES hold positions in UTF-8: a board of 81 cells on one line ('.' or
    '0' empty, '1'-'9' colours), a position's JSON object on one line
    (variants, pieces out of the game), or a grid of 9 lines (with optional
    '|' and '---+---' separators) set apart by blank lines. Blank lines and
    lines starting with '#' are skipped. With no FILE, or '-', standard
    input is read.

    Each answer is printed as soon as it is computed. At the first bad
    position the command stops: the answers printed before it stand, the
    summary covers them, and one line names the file, line and column.

    With --proof DIR, each impossible position gets two files in DIR (made
    if missing), named by its input and line: NAME-LINE.cnf, the rules and
    the position as DIMACS clauses with comments saying what each variable
    means, and NAME-LINE.drat, a DRUP proof that they cannot all hold.
    'dokuspec proof check' or any DRAT checker checks them. Files already
    in DIR are never overwritten: a DIR that holds a file of those names is
    refused before any answer.

    Exit status: 0 every position answered; 1 some 'unknown' (a budget ran
    out); 2 bad input or usage; 74 an input or output failure; 130
    interrupted.
    """
    with guarded():
        sumodoku.check_backend(backend, solver)  # a bad name is a usage error, input or not
        if proof_dir is not None and backend != "sat":
            raise DokuspecError("--proof needs the SAT backend (--backend sat)")
        proofs = _Proofs(proof_dir, files or ("-",)) if proof_dir is not None else None
        out = standard_output()
        options: dict[str, Any] = {
            "backend": backend,
            "solver": solver,
            "time_limit": time_limit,
            "conflict_limit": conflict_limit,
        }
        run = _Run(out, explain=explain, as_json=as_json, quiet=quiet, wide=wide, proofs=proofs)
        try:
            with run.progress():
                for name in files or ("-",):
                    for source, line, position in _positions(name):
                        run.answer(source, line, position, options)
        except (DokuspecError, InputError, KeyboardInterrupt):
            if run.totals.total:
                run.summarise()
            raise
        run.summarise()
        status = Status.UNKNOWN if run.totals.counts["unknown"] else Status.OK
    sys.exit(status)


def _positions(name: str) -> Iterator[tuple[str, int, Position]]:
    """The positions of one input, located, read as they are needed."""
    stream: IO[bytes] | None
    if name == "-":
        source = _STDIN
        if sys.stdin is None:
            raise InputError(source, OSError(9, "standard input is closed"))
        stream = getattr(sys.stdin, "buffer", None)
        if _is_terminal(sys.stdin):
            hint(
                "reading positions from standard input (81 cells or a JSON object per "
                "line, or 9-line grids); end with Ctrl-D"
            )
        lines: Any = stream if stream is not None else sys.stdin
        yield from _located(source, sumodoku.read_positions(lines, source=source))
        return
    try:
        stream = open(name, "rb")  # noqa: SIM115 - closed below, whatever happens
    except OSError as error:
        raise DokuspecError(f"{name}: cannot open: {error.strerror or error}") from None
    with stream:
        yield from _located(name, sumodoku.read_positions(stream, source=name))


def _located(
    source: str, positions: Iterator[tuple[int, Position]]
) -> Iterator[tuple[str, int, Position]]:
    while True:
        try:
            line, position = next(positions)
        except StopIteration:
            return
        except OSError as error:
            raise InputError(source, error) from None
        yield source, line, position


def _is_terminal(stream: IO[Any] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


class _Proofs:
    """Where ``check --proof DIR`` writes each impossible position's CNF and proof.

    A file is named by its input (the file's name, ``stdin`` for standard
    input; with the input's number in front when two inputs share a name)
    and the position's line: ``NAME-LINE.cnf`` and ``NAME-LINE.drat``.
    """

    def __init__(self, directory: str, inputs: tuple[str, ...]) -> None:
        self.directory = Path(directory)
        names = ["stdin" if name == "-" else Path(name).name for name in inputs]
        self.names = {
            source: (name if names.count(name) == 1 else f"{number}-{name}")
            for number, (source, name) in enumerate(zip(inputs, names, strict=True), start=1)
        }
        if self.directory.exists() and not self.directory.is_dir():
            raise DokuspecError(f"--proof: {shown(directory)} is not a directory")
        if self.directory.is_dir():
            pattern = re.compile(
                "(" + "|".join(map(re.escape, self.names.values())) + r")-\d+\.(cnf|drat)"
            )
            for entry in sorted(self.directory.iterdir()):
                if pattern.fullmatch(entry.name):
                    raise DokuspecError(
                        f"{shown(str(entry))} exists already (proofs are never overwritten)"
                    )
        self.directory.mkdir(parents=True, exist_ok=True)
        self.written = 0

    def write(self, source: str, line: int, refutation: Refutation) -> tuple[Path, Path]:
        """Write one position's CNF and proof; their paths."""
        stem = self.names.get("-" if source == _STDIN else source, Path(source).name)
        cnf = self.directory / f"{stem}-{line}.cnf"
        drat = self.directory / f"{stem}-{line}.drat"
        write_text_file(cnf, refutation.cnf)
        write_text_file(drat, refutation.proof)
        self.written += 1
        return cnf, drat


class _Run:
    """One ``check`` run: answers each position, prints it at once, keeps bounded statistics."""

    def __init__(
        self,
        out: Output,
        *,
        explain: bool,
        as_json: bool,
        quiet: bool,
        wide: bool,
        proofs: _Proofs | None = None,
    ):
        self.out = out
        self.proofs = proofs
        self.explain = explain
        self.as_json = as_json
        self.quiet = quiet and not as_json
        self.wide = wide
        self.console = plain_console(out)
        self.totals = Tally()
        self.tallies: dict[str, Tally] = {}
        self._source: str | None = None
        self._header = False
        self._bar: Progress | None = None

    def progress(self) -> AbstractContextManager[Any]:
        """A transient progress line on standard error when it is a terminal and rows are not."""
        if not _is_terminal(sys.stderr) or (self.out.isatty() and not self.quiet):
            return nullcontext()
        from rich.progress import (  # noqa: PLC0415 - loaded only for a bar
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._bar = Progress(
            TextColumn("checking", markup=False),
            TextColumn("{task.completed} answered", markup=False),
            TextColumn("{task.description}", markup=False),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._task = self._bar.add_task("", total=None)
        return self._bar

    def answer(self, source: str, line: int, position: Position, options: dict[str, Any]) -> None:
        """Answer one position and print the answer."""
        if self._bar is not None:
            self._bar.update(self._task, description=f"{shown(source)}:{line}")
        ask = sumodoku.explain if self.explain else sumodoku.check
        started = time.perf_counter()
        verdict = ask(position, **options)
        seconds = time.perf_counter() - started
        written: tuple[Path, Path, Refutation] | None = None
        if self.proofs is not None and verdict.status == "impossible":
            refutation = sumodoku.refutation(position)
            written = (*self.proofs.write(source, line, refutation), refutation)
        self.totals.add(verdict.status, seconds)
        self.tallies.setdefault(source, Tally()).add(verdict.status, seconds)
        if self._bar is not None:
            self._bar.advance(self._task)
        if self.as_json:
            record = self._record(source, line, verdict, seconds)
            if written is not None:
                cnf, drat, refutation = written
                record["proof"] = {
                    "cnf": str(cnf),
                    "drat": str(drat),
                    "lemmas": refutation.lemmas,
                    "bytes": refutation.size,
                    "solver": refutation.solver,
                }
            self.out.write(json.dumps(record) + "\n")
        elif not self.quiet:
            proof = ""
            if written is not None:
                lemmas = written[2].lemmas
                proof = f"proof {written[0].stem}: {lemmas} lemma{'' if lemmas == 1 else 's'}"
            self._print_row(source, line, verdict, seconds, proof)

    def _print_row(
        self, source: str, line: int, verdict: Verdict, seconds: float, proof: str = ""
    ) -> None:
        if source != self._source:
            self._source = source
            print_plain(self.console, source, "bold")
            if not self._header:
                self._header = True
                title = "conflict" if self.explain else ""
                if self.wide:
                    title = "completion or conflict" if self.explain else "completion"
                self.console.print(header(title))
        # --wide rows are printed whole, however wide: the completion for copying.
        detail = " ".join(part for part in (self._detail(verdict), shown(proof)) if part)
        self.console.print(
            row(line, verdict.status, seconds, detail, wide=self.wide),
            soft_wrap=self.wide,
        )

    def _detail(self, verdict: Verdict) -> str:
        if verdict.status == "unknown":
            return "budget reached"
        if verdict.status == "impossible" and self.explain:
            parts = [str(piece) for piece in verdict.conflict or ()]
            parts += [f"[{rule}]" for rule in verdict.conflict_rules]
            text = " ".join(parts) or "(no pieces)"
            return text if verdict.minimal else f"{text} (not minimised: budget)"
        if self.wide and verdict.completion is not None:
            return str(verdict.completion)
        return ""

    def _record(self, source: str, line: int, verdict: Verdict, seconds: float) -> dict[str, Any]:
        record: dict[str, Any] = {
            "source": source,
            "line": line,
            "board": str(verdict.position.board),
            "status": verdict.status,
        }
        if not verdict.position.variants.is_plain() or any(verdict.position.out):
            record["position"] = verdict.position.to_json()
        if verdict.completion is not None:
            record["completion"] = str(verdict.completion)
        if self.explain and verdict.status == "impossible":
            record["conflict"] = [
                {"row": p.row, "col": p.col, "colour": p.colour} for p in verdict.conflict or ()
            ]
            record["conflict_rules"] = list(verdict.conflict_rules)
            record["minimal"] = verdict.minimal
            record["reason"] = verdict.reason
        record["seconds"] = round(seconds, 6)
        return record

    def summarise(self) -> None:
        """Print the summary of the answers so far (per input, then the total)."""
        if self.as_json:
            return
        if len(self.tallies) > 1:
            summaries = [tally.summary(shown(source)) for source, tally in self.tallies.items()]
            summaries.append(self.totals.summary("total"))
        else:
            summaries = [self.totals.summary(shown(next(iter(self.tallies), "input")))]
        for lines in summaries:
            for line in lines:
                print_plain(self.console, line)
        if self.proofs is not None:
            count = self.proofs.written
            print_plain(
                self.console,
                f"{count} proof{'' if count == 1 else 's'} written to "
                f"{shown(str(self.proofs.directory))}",
            )


@click.command(name="count")
@click.argument("position")
@click.option(
    "--limit",
    type=_Whole(min=1, max=_MAX_COUNT),
    default=2,
    show_default=True,
    help="Count at most this many completions.",
)
@_solver_options
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a sentence.")
@_budget_options
def count_command(
    position: str,
    limit: int,
    backend: str,
    solver: str | None,
    as_json: bool,
    time_limit: float | None,
    conflict_limit: int | None,
) -> None:
    """Count the completions of POSITION, up to --limit.

    POSITION is a board of 81 cells, a grid (9 lines) or a position's JSON
    object, given as one argument. Fewer than --limit is exact; --limit
    completions means at least that many. When the time or conflict limit
    runs out first, the count found so far is printed as a lower bound
    ("at least") and the exit status is 1.

    Exit status: 0 counted; 1 the budget ran out before the count was known;
    2 bad input or usage; 74 an output failure; 130 interrupted.
    """
    with guarded():
        sumodoku.check_backend(backend, solver)
        out = standard_output()
        try:
            parsed = Position.parse(position)
        except NotationError as error:
            raise NotationError(
                error.reason,
                line=error.line if error.line is not None else 1,
                column=error.column if error.column is not None else 1,
                source="POSITION",
            ) from None
        except DokuspecError as error:
            raise type(error)(f"POSITION: {error}") from None
        found = sumodoku.count_completions_within(
            parsed,
            limit,
            backend=backend,  # type: ignore[arg-type]
            solver=solver,
            time_limit=time_limit,
            conflict_limit=conflict_limit,
        )
        cut_short = not found.exact and found.count < limit
        if as_json:
            record = {
                "board": str(parsed.board),
                "count": found.count,
                "exact": found.exact,
                "limit": limit,
                "budget_reached": cut_short,
            }
            out.write(json.dumps(record) + "\n")
        else:
            noun = "completion" if found.count == 1 else "completions"
            if found.exact:
                out.write(f"{found.count} {noun}\n")
            elif cut_short:
                out.write(f"at least {found.count} {noun} (the budget ran out)\n")
            else:
                out.write(f"at least {found.count} {noun} (--limit)\n")
    sys.exit(Status.UNKNOWN if cut_short else Status.OK)
