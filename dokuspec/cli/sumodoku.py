"""``dokuspec sumodoku``: check, count and show positions; moves, simulated games, replays.

Each command parses its arguments, calls :mod:`dokuspec.sumodoku` and prints
a readable answer within 80 columns, or JSON with ``--json``. Bad input is
one line naming the file (or argument), line and column, with exit status 2.
"""

from __future__ import annotations

import json
import math
import re
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from decimal import Decimal
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
from dokuspec.cli.report import WIDTH, Tally, header, row
from dokuspec.cli.shared import (
    STDIN,
    bots_option,
    check_svg_output,
    percent,
    plain_console,
    print_plain,
    read_input,
    record_argument,
    replayed_record,
    simulate_and_summarise,
    simulate_options,
    svg_option,
    svg_out,
)
from dokuspec.errors import DokuspecError, NotationError
from dokuspec.sumodoku import Position, Verdict

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["DEFAULT_TIME_LIMIT", "sumodoku_group"]

DEFAULT_TIME_LIMIT = 60.0
"""Seconds per position when ``--time-limit`` is not given."""

_MAX_CONFLICTS = sumodoku.MAX_CONFLICT_LIMIT
_MAX_SECONDS = sumodoku.MAX_TIME_LIMIT
_MAX_COUNT = 10**9
_STDIN = STDIN


class _Seconds(click.ParamType):  # type: ignore[type-arg]
    """A time limit: a finite number of seconds above 0, or ``none`` for no limit."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, float):
            return value
        if str(value).strip().lower() == "none":
            return None
        if not _ASCII_NUMBER.fullmatch(str(value).strip()):
            self.fail(f"{shown(str(value))!r} is not a number of seconds", param, ctx)
        try:
            seconds = float(value)
        except ValueError:
            self.fail(f"{shown(str(value))!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or not 0 < seconds <= _MAX_SECONDS:
            self.fail(
                f"{shown(str(value))!r}: give a number of seconds above 0 and at most "
                f"{_MAX_SECONDS:,.0f}, or 'none'",
                param,
                ctx,
            )
        return seconds


# Seconds and counts in ASCII digits only: Python's float() and int() also
# take full-width and other Unicode digits, and underscores.
_ASCII_NUMBER = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?")
_ASCII_WHOLE = re.compile(r"[0-9]+")
_ASCII_FRACTION = re.compile(r"[0-9]{1,100}/[0-9]{1,100}")


class _Whole(click.IntRange):
    """A whole number written in ASCII digits, within a range."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _ASCII_WHOLE.fullmatch(value.strip()):
            self.fail(f"{shown(value)!r} is not a whole number (ASCII digits 0-9)", param, ctx)
        return super().convert(value, param, ctx)


@click.group(name="sumodoku")
def sumodoku_group() -> None:
    """Sumodoku positions (rules SU-3, SU-12..SU-15)."""


def _budget_options(function: Any) -> Any:
    function = click.option(
        "--conflict-limit",
        type=_Whole(min=0, max=_MAX_CONFLICTS),
        default=None,
        help="Solver conflicts per query; past it the answer is 'unknown'.",
    )(function)
    return click.option(
        "--time-limit",
        type=_Seconds(),
        default=str(DEFAULT_TIME_LIMIT),
        show_default=True,
        help="Seconds per position, past which the answer is 'unknown'; 'none' for no limit.",
    )(function)


def _solver_options(function: Any) -> Any:
    function = click.option(
        "--solver",
        default=None,
        help="python-sat solver name (SAT backend; default CaDiCaL 1.9.5).",
    )(function)
    return click.option(
        "--backend",
        type=click.Choice(["sat", "z3"]),
        default="sat",
        show_default=True,
        help="Solver backend: python-sat (CNF) or Z3.",
    )(function)


@sumodoku_group.command(name="check")
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
@_budget_options
def check_command(
    files: tuple[str, ...],
    backend: str,
    solver: str | None,
    explain: bool,
    as_json: bool,
    quiet: bool,
    wide: bool,
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

    Exit status: 0 every position answered; 1 some 'unknown' (a budget ran
    out); 2 bad input or usage; 74 an input or output failure; 130
    interrupted.
    """
    with guarded():
        sumodoku.check_backend(backend, solver)  # a bad name is a usage error, input or not
        out = standard_output()
        options: dict[str, Any] = {
            "backend": backend,
            "solver": solver,
            "time_limit": time_limit,
            "conflict_limit": conflict_limit,
        }
        run = _Run(out, explain=explain, as_json=as_json, quiet=quiet, wide=wide)
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


class _Run:
    """One ``check`` run: answers each position, prints it at once, keeps bounded statistics."""

    def __init__(self, out: Output, *, explain: bool, as_json: bool, quiet: bool, wide: bool):
        self.out = out
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
        self.totals.add(verdict.status, seconds)
        self.tallies.setdefault(source, Tally()).add(verdict.status, seconds)
        if self._bar is not None:
            self._bar.advance(self._task)
        if self.as_json:
            self.out.write(json.dumps(self._record(source, line, verdict, seconds)) + "\n")
        elif not self.quiet:
            self._print_row(source, line, verdict, seconds)

    def _print_row(self, source: str, line: int, verdict: Verdict, seconds: float) -> None:
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
        self.console.print(
            row(line, verdict.status, seconds, self._detail(verdict), wide=self.wide),
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


@sumodoku_group.command(name="count")
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


# -- show ----------------------------------------------------------------------------------------


def _decoded(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text, or a NotationError at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        raise NotationError(
            f"not UTF-8: the byte {data[error.start]:#04x} cannot start or continue a character",
            line=before.count(b"\n") + 1,
            column=error.start - (before.rfind(b"\n") + 1) + 1,
            source=shown(source),
        ) from None


def _read_position(argument: str) -> Position:
    """POSITION: a position's text given as the argument, or ``-`` for standard input."""
    if argument == "-":
        source, data = read_input("-", "a position (81 cells, a grid or a JSON object)")
        text = _decoded(data, source)
    else:
        source, text = "POSITION", argument
    try:
        return Position.parse(text)
    except NotationError as error:
        raise NotationError(
            error.reason,
            line=error.line if error.line is not None else 1,
            column=error.column if error.column is not None else 1,
            source=shown(source),
        ) from None
    except DokuspecError as error:
        raise type(error)(f"{shown(source)}: {error}") from None


def _conflict_words(verdict: Verdict) -> str:
    parts = [str(piece) for piece in verdict.conflict or ()]
    parts += [f"[{rule}]" for rule in verdict.conflict_rules]
    text = " ".join(parts) or "(no pieces)"
    return text if verdict.minimal else f"{text} (not minimised: budget)"


@sumodoku_group.command(name="show")
@click.argument("position")
@svg_option("the board")
@click.option("--title", default=None, help="A caption for the SVG picture.")
@click.option(
    "--explain",
    is_flag=True,
    help="Check the position; when it is impossible, highlight a minimal conflict.",
)
@click.option(
    "--time-limit",
    type=_Seconds(),
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    help="Seconds for --explain, past which the answer is 'unknown'; 'none' for no limit.",
)
def show_command(
    position: str,
    svg_file: str | None,
    title: str | None,
    explain: bool,
    time_limit: float | None,
) -> None:
    """Draw POSITION on the terminal, and as SVG with --svg.

    POSITION is a board of 81 cells, a grid (9 lines) or a position's JSON
    object (variants, pieces out of the game), given as one argument, or
    '-' to read it from standard input. The picture shows the pieces (their
    colour numbers), the odd and even cells (o, e; SU-13), the consecutive
    marks (double lines; SU-14), the non-consecutive marks (×; SU-37), the
    variants in force (with the colours' digits, SU-36) and the pieces per
    colour: on the board, out of the game (SU-9) and left. The SVG picture
    draws the pieces in a palette safe for colour-blind readers, each with
    its number.

    With --explain the position is checked (SU-15): a completable position
    says so; for an impossible one a minimal set of pieces that cannot all
    stand (and the rules it needs) is listed and highlighted, in brackets
    on the terminal and outlined in the SVG.

    Exit status: 0 shown (and answered); 1 --explain ran out of time
    ('unknown'); 2 bad input or usage; 74 an input or output failure
    (the SVG file cannot be written); 130 interrupted.
    """
    with guarded():
        out = standard_output()
        parsed = _read_position(position)
        if title is not None and svg_file is not None:
            try:  # refused before any solving: a title SVG text cannot carry
                sumodoku.board_svg(parsed.board, title=title)
            except NotationError as error:
                raise NotationError(f"--title: {error}") from None
        status = Status.OK
        lines: list[str] = []
        highlight: tuple[sumodoku.Piece, ...] = ()
        if explain:
            verdict = sumodoku.explain(parsed, time_limit=time_limit)
            if verdict.status == "impossible":
                highlight = verdict.conflict or ()
                lines.append(f"impossible (SU-15); conflict: {_conflict_words(verdict)}")
            elif verdict.status == "completable":
                lines.append("completable (SU-15)")
            else:
                lines.append("unknown: the time limit ran out first")
                status = Status.UNKNOWN
        svg = None
        if svg_file is not None:
            svg = sumodoku.board_svg(parsed, highlight=highlight, title=title)
        if not svg_out(out, svg_file, svg or ""):
            console = plain_console(out)
            if title is not None:
                print_plain(console, title)
            for line in sumodoku.board_text(parsed, highlight=highlight).splitlines():
                print_plain(console, line)
            if lines:
                print_plain(console, "")
            for line in lines:
                for part in textwrap.wrap(line, WIDTH, subsequent_indent="    ") or [""]:
                    print_plain(console, part)
    sys.exit(status)


# -- moves ---------------------------------------------------------------------------------------


class _ColoursType(click.ParamType):  # type: ignore[type-arg]
    """Colours 1-9 separated by commas, such as ``1,2,3,4,9``."""

    name = "colours"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, frozenset):
            return value
        parts = [part.strip() for part in str(value).split(",")]
        if parts and all(len(part) == 1 and part in "123456789" for part in parts):
            return frozenset(int(part) for part in parts)
        self.fail(
            f"{shown(str(value))!r}: give colours 1-9 separated by commas, such as '1,2,3,4,9'",
            param,
            ctx,
        )


def _listed(colours: list[int]) -> str:
    return " ".join(map(str, colours))


def _moves_lines(player: int, moves: tuple[Any, ...]) -> list[str]:
    """The moves as a table: one line per cell, its colours by verdict."""
    if not moves:
        return [f"Player {player} has no valid move (SU-6)"]
    safe = sum(move.safe is True for move in moves)
    losing = sum(move.safe is False for move in moves)
    unknown = len(moves) - safe - losing
    noun = "valid move" if len(moves) == 1 else "valid moves"
    lines = [
        f"Player {player}: {len(moves)} {noun}: {safe} safe, {losing} losing, {unknown} unknown",
        f"{'cell':<7}{'safe':<20}{'losing':<20}unknown",
    ]
    cells: dict[tuple[int, int], dict[bool | None, list[int]]] = {}
    for move in moves:
        verdicts = cells.setdefault((move.row, move.col), {True: [], False: [], None: []})
        verdicts[move.safe].append(move.colour)
    for (r, c), verdicts in cells.items():
        line = (
            f"{f'r{r}c{c}':<7}{_listed(verdicts[True]):<20}{_listed(verdicts[False]):<20}"
            f"{_listed(verdicts[None])}"
        )
        lines.append(line.rstrip())
    return lines


@sumodoku_group.command(name="moves")
@click.argument("position", required=False)
@click.option(
    "--player",
    type=click.Choice(["1", "2"]),
    required=True,
    help="Whose moves: Player 1 or Player 2.",
)
@click.option(
    "--colours",
    type=_ColoursType(),
    default=None,
    help="The colours the player may place, such as '1,2,3,4,9' "
    "(default: SU-1's fixed assignment, 1-4 and 9 for Player 1, 5-9 for Player 2).",
)
@click.option("--json", "as_json", is_flag=True, help='A JSON object {"moves": [...]}.')
@click.option(
    "--time-limit",
    type=_Seconds(),
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    help="Seconds for the whole answer; moves not decided by then are 'unknown'.",
)
def moves_command(
    position: str | None,
    player: str,
    colours: frozenset[int] | None,
    as_json: bool,
    time_limit: float | None,
) -> None:
    """Every valid move of a player, each marked safe or losing.

    POSITION is a board of 81 cells, a grid or a position's JSON object,
    given as one argument, or '-' to read it from standard input; without
    it, the empty board (the game's start). A move is valid when the cell
    is empty, the player has that colour and no rule forbids it there (SU-3,
    SU-12..SU-14, SU-36, SU-37); it is safe when the board stays completable
    with the pieces left (SU-15), losing when it does not. Colours with no
    piece left are not offered. Without --colours a player holds SU-1's
    pieces: colour 9 only while fewer than 8 of its pieces are on the board
    and out of the game, since the ninth is the spare, which no move places
    (SU-38).

    Prints a table, one line per cell, its colours by verdict; with --json
    {"moves": [{"row", "col", "colour", "safe": true|false|null}, ...]},
    ordered by cell then colour ('null': the time limit ran out first).

    Exit status: 0 every move decided; 1 some 'unknown' (the time limit);
    2 bad input or usage; 74 an input or output failure; 130 interrupted.
    """
    with guarded():
        out = standard_output()
        parsed = _read_position(position) if position is not None else Position.parse("." * 81)
        number = int(player)
        found = sumodoku.safe_moves(parsed, number, colours=colours, time_limit=time_limit)
        if as_json:
            out.write(json.dumps({"moves": [move.to_json() for move in found]}) + "\n")
        else:
            console = plain_console(out)
            for line in _moves_lines(number, found):
                print_plain(console, line)
        undecided = any(move.safe is None for move in found)
    sys.exit(Status.UNKNOWN if undecided else Status.OK)


# -- simulate ------------------------------------------------------------------------------------

_REASON_RULES = {
    "all-pieces-played": "SU-5",
    "no-valid-move": "SU-6",
    "pointed-out": "SU-7",
    "mistake-found": "SU-8",
    "claim-succeeded": "SU-10",
    "claim-failed": "SU-10",
}
_LABEL = 24
_COLUMN = 12


class _BordersType(click.ParamType):  # type: ignore[type-arg]
    """Borders separated by commas, such as ``r1c1-r1c2,r5c5-r6c5`` (the game checks each)."""

    name = "borders"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, list):
            return value
        return [part.strip() for part in str(value).split(",") if part.strip()]


class _ChanceType(click.ParamType):  # type: ignore[type-arg]
    """A probability 0-1 in ASCII: a decimal (``0.25``) or a fraction (``1/3``), read exactly."""

    name = "probability"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, float):
            return value
        text = str(value).strip()
        if _ASCII_NUMBER.fullmatch(text) and 0 <= Decimal(text) <= 1:
            return Decimal(text)  # the engine reads it exactly (SU-20)
        if _ASCII_FRACTION.fullmatch(text):
            numerator, _, denominator = text.partition("/")
            if int(denominator) and int(numerator) <= int(denominator):
                return text  # the engine reads it exactly (SU-20)
        self.fail(
            f"{shown(str(value))!r}: give a probability from 0 to 1 (0.25 or 1/3)", param, ctx
        )


def _game_line(result: Any) -> str:
    winner = "nobody wins" if result.winner is None else f"Player {result.winner} wins"
    rule = _REASON_RULES.get(result.reason)
    why = result.reason if rule is None else f"{result.reason} ({rule})"
    return f"game {result.index}: {winner}, {why}, {_turns(result.turns)}"


def _turns(turns: int) -> str:
    """A game's length: its turns, both players' placements and claims (ruling SU-25)."""
    return f"{turns:,} turn" if turns == 1 else f"{turns:,} turns"


def _summary_lines(done: list[Any], seed: int, bots: tuple[str, str], first: int) -> list[str]:
    games = len(done)
    noun = "game" if games == 1 else "games"
    wins = [sum(result.winner == p for result in done) for p in (1, 2)]
    lines = [
        f"{games:,} {noun}, seed {seed}",
        f"{'':<{_LABEL}}{'Player 1':>{_COLUMN}}{'Player 2':>{_COLUMN}}",
        f"{'bot':<{_LABEL}}{bots[0]:>{_COLUMN}}{bots[1]:>{_COLUMN}}",
        f"{'wins':<{_LABEL}}"
        + "".join(f"{f'{n:,} ({percent(n, games)})':>{_COLUMN}}" for n in wins),
        f"first player (Player {first}) won {percent(wins[first - 1], games)} of the games",
        "",
        f"{'way of winning':<{_LABEL}}{'games':>{_COLUMN}}{'share':>{_COLUMN}}",
    ]
    for reason in (*_REASON_RULES, *sorted({r.reason for r in done} - set(_REASON_RULES))):
        count = sum(result.reason == reason for result in done)
        label = reason if reason not in _REASON_RULES else f"{reason} ({_REASON_RULES[reason]})"
        lines.append(f"{label:<{_LABEL}}{count:>{_COLUMN},}{percent(count, games):>{_COLUMN}}")
    return lines


@sumodoku_group.command(name="simulate")
@simulate_options(
    bots_option(
        lambda: sumodoku.BOT_NAMES,
        "solver,random",
        "Player 1's bot and Player 2's (one name: both players).",
    ),
    click.option(
        "--enforcement",
        type=click.Choice(["strict", "tabletop"]),
        default=None,
        help="Invalid moves refused (strict, the default) or played (tabletop; SU-4).",
    ),
    click.option(
        "--colour-assignment",
        type=click.Choice(["fixed", "random"]),
        default=None,
        help="SU-1's colours per player: fixed (the default) or a random split.",
    ),
    click.option(
        "--first-player", type=click.Choice(["1", "2"]), default=None, help="Who starts (SU-2)."
    ),
    click.option(
        "--free-colours", is_flag=True, help="No colours assigned: one common supply (SU-11)."
    ),
    click.option("--x", "sudoku_x", is_flag=True, help="Sudoku X: both diagonals too (SU-12)."),
    click.option(
        "--parity",
        metavar="MARKING",
        default=None,
        help="Odd/even cells: 81 of 'o', 'e' and '.', row by row (SU-13).",
    ),
    click.option(
        "--consecutive",
        metavar="BORDERS",
        type=_BordersType(),
        default=None,
        help="Borders marked consecutive, such as 'r1c1-r1c2,r5c5-r6c5' (SU-14).",
    ),
    click.option("--strict-marks", is_flag=True, help="Unmarked borders not consecutive (SU-14)."),
    click.option("--non-consecutive", is_flag=True, help="No neighbours consecutive (SU-14)."),
    click.option(
        "--non-consecutive-marks",
        metavar="BORDERS",
        type=_BordersType(),
        default=None,
        help="Borders marked non-consecutive, such as 'r2c1-r3c1' (SU-37).",
    ),
    click.option(
        "--digits",
        metavar="DIGITS",
        default=None,
        help="Each colour's digit for parity and the marks, colour 1's first, such as "
        "'918273645' (default 123456789; SU-36).",
    ),
    click.option(
        "--observer",
        type=_ChanceType(),
        default=None,
        help="Tabletop: the chance that the observer removes an unnoticed invalid "
        "placement the opponent let pass, after each placement (SU-9): 0.25 or 1/3.",
    ),
    click.option(
        "--own-mistake-wins",
        is_flag=True,
        help="Tabletop: finding one's own unnoticed mistake wins too (SU-8, read literally).",
    ),
)
def simulate_command(
    games: int,
    seed: int,
    bots: tuple[str, str],
    enforcement: str | None,
    colour_assignment: str | None,
    first_player: str | None,
    free_colours: bool,
    sudoku_x: bool,
    parity: str | None,
    consecutive: list[str] | None,
    strict_marks: bool,
    non_consecutive: bool,
    non_consecutive_marks: list[str] | None,
    digits: str | None,
    observer: float | Decimal | str | None,
    own_mistake_wins: bool,
    records: str | None,
    as_json: bool,
    workers: int,
    scheduler: str | None,
) -> None:
    """Play games of Sumodoku between two bots and summarise them.

    Game i of a run is the same whatever else runs: its seed comes from
    --seed and i, so the results are the same however the games are shared
    among processes (--workers) or the workers of a Dask cluster
    (--scheduler). Each game is printed as it finishes (who won, how, after
    how many turns: both players' placements and claims, ruling SU-25);
    then a summary: each player's wins, the first
    player's win rate and how often each way of winning occurred (SU-5 to
    SU-10). With --json, one JSON object per game, then one line
    {"summary": {...}}. With --records DIR, each game's record is written
    to DIR (which must not hold them already); 'replay' reads them. A
    progress bar shows on standard error when it is a terminal.

    Exit status: 0 every game played; 2 bad usage or options; 74 an output
    failure or a record that could not be written; 130 interrupted (the
    games printed stand, their records are on disk, and their summary is
    printed).
    """
    options: dict[str, Any] = {}
    if enforcement is not None:
        options["enforcement"] = enforcement
    if colour_assignment is not None:
        options["colour_assignment"] = colour_assignment
    if first_player is not None:
        options["first_player"] = int(first_player)
    if free_colours:
        options["free_colours"] = True
    if sudoku_x:
        options["x"] = True
    variants: dict[str, Any] = {
        "parity": parity,
        "consecutive": consecutive,
        "strict_marks": strict_marks or None,
        "non_consecutive": non_consecutive or None,
        "non_consecutive_marks": non_consecutive_marks,
        "digits": digits,
    }
    options.update({name: value for name, value in variants.items() if value is not None})
    if observer is not None:
        options["observer"] = observer
    if own_mistake_wins:
        options["own_mistake_wins"] = True
    first = int(first_player or 1)
    simulate_and_summarise(
        lambda: sumodoku.simulate(
            games,
            seed,
            bots,
            records,
            options=options or None,
            workers=workers,
            scheduler=scheduler,
        ),
        games,
        records,
        as_json=as_json,
        summary_json=lambda done: sumodoku.summarise(done).to_json(),
        summary_lines=lambda done: _summary_lines(done, seed, bots, first),
        line=_game_line,
    )


# -- replay --------------------------------------------------------------------------------------


def _placements(state: Any) -> list[sumodoku.Piece]:
    """The pieces placed in the game, in order (claims' fillings are not placements)."""
    placed = []
    for entry in state.history():
        for action in entry.actions:
            data = action.to_json()
            if data.get("type") == "place":
                placed.append(sumodoku.Piece(data["row"], data["col"], data["colour"]))
    return placed


@sumodoku_group.command(name="replay")
@record_argument
@svg_option("the final position, the placements numbered,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of the board.")
def replay_command(record: str, svg_file: str | None, as_json: bool) -> None:
    """Replay a game record: the final position and the result.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input. Every action is checked by the engine as it is
    replayed, and the result the record states must be the game's. Prints
    the position at the end and how the game ended (who won, how, the rule,
    and after how many turns: both players' placements and claims, ruling
    SU-25), or that it is not finished. With --json: 'finished', 'turns',
    'position' and 'result' (null when not finished).

    Exit status: 0 replayed; 2 a bad record or usage (one line naming the
    file, line, column and JSON path, and for an action that breaks a rule,
    the action and the rule); 74 an input or output failure.
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        state = replayed_record(record, sumodoku.replay_record)
        position = state.position
        found = state.result
        turns = state.turn_number(0) + state.turn_number(1)
        if svg_file is not None:
            svg = sumodoku.board_svg(position, moves=_placements(state))
            if svg_out(out, svg_file, svg):
                sys.exit(Status.OK)
        if as_json:
            result = None if found is None else {**found.to_json(), "detail": found.detail}
            out.write(
                json.dumps(
                    {
                        "finished": found is not None,
                        "turns": turns,
                        "position": position.to_json(),
                        "result": result,
                    }
                )
                + "\n"
            )
        else:
            console = plain_console(out)
            for line in sumodoku.board_text(position).splitlines():
                print_plain(console, line)
            print_plain(console, "")
            if found is None:
                print_plain(console, f"not finished after {_turns(turns)}")
            else:
                rule = _REASON_RULES.get(found.reason)
                why = found.reason if rule is None else f"{found.reason} ({rule})"
                print_plain(
                    console,
                    f"game over after {_turns(turns)}: Player {found.winner + 1} wins, {why}",
                )
                for part in textwrap.wrap(found.detail, WIDTH, subsequent_indent="    "):
                    print_plain(console, part)
    sys.exit(Status.OK)
