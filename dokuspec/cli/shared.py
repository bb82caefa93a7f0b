"""Pieces the game command groups share: input files, seeds and game counts, simulation runs.

* :func:`read_input`: a file's bytes, or standard input's for ``-``;
* :class:`SeedType`, :class:`GamesType` and :class:`SecondsType`: click
  parameters for a seed, a number of games and a time limit, in ASCII;
* :func:`plain_console` and :func:`print_plain`: 80 columns of plain text
  (never markup), control characters escaped;
* every game's ``simulate`` command: its common options
  (:func:`simulate_options`, :func:`bots_option`) and its body
  (:func:`simulate_and_summarise`);
* every game's ``replay`` command: :data:`record_argument` and
  :func:`replayed_record`;
* :func:`stream_games`: a simulation's games printed as they finish and
  summarised, also after SIGINT, with :func:`progress_bar` (the
  progress bar; rows printed while it shows go through :func:`row_console`,
  above it) and :func:`interrupts_deferred` (the block in which SIGINT
  waits: a game is played, recorded and printed whole, or not at all).
"""

from __future__ import annotations

import json
import re
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, TypeVar, cast

import click
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from dokuspec.cli.io import (
    InputError,
    Output,
    Status,
    error_line,
    guarded,
    hint,
    shown,
    standard_output,
)
from dokuspec.cli.report import WIDTH
from dokuspec.errors import DokuspecError
from dokuspec.files import FileWriteError, write_text_file
from dokuspec.seeds import SEED_MAX, check_seed

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = [
    "STDIN",
    "BotsType",
    "GamesType",
    "SecondsType",
    "SeedType",
    "WorkersType",
    "bots_option",
    "check_svg_output",
    "interrupts_deferred",
    "is_terminal",
    "percent",
    "plain_console",
    "print_plain",
    "progress_bar",
    "read_input",
    "record_argument",
    "replayed_record",
    "row_console",
    "simulate_and_summarise",
    "simulate_options",
    "stream_games",
    "svg_option",
    "svg_out",
]


class _GameResult(Protocol):
    def to_json(self) -> dict[str, Any]: ...


T = TypeVar("T", bound=_GameResult)
S = TypeVar("S")
F = TypeVar("F", bound=Callable[..., Any])

STDIN = "<stdin>"
"""The name standard input is reported under."""

_MAX_GAMES = 10**9
_ASCII_WHOLE = re.compile(r"[0-9]+")
_MAX_WORKERS = 1024
_ASCII_INTEGER = re.compile(r"[-+]?[0-9]{1,40}")
_ASCII_NUMBER = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?")


def is_terminal(stream: Any) -> bool:
    try:
        return stream is not None and bool(stream.isatty())
    except (OSError, ValueError):
        return False


def read_input(name: str, what: str) -> tuple[str, bytes]:
    """The bytes of a file, or of standard input for ``-``, and the name to report."""
    if name == "-":
        stream = sys.stdin
        if stream is None:
            raise InputError(STDIN, OSError(9, "standard input is closed"))
        if is_terminal(stream):
            hint(f"reading {what} from standard input; end with Ctrl-D")
        try:
            data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode()
        except OSError as error:
            raise InputError(STDIN, error) from None
        return STDIN, data
    try:
        handle = open(name, "rb")  # noqa: SIM115 - closed below
    except OSError as error:
        raise DokuspecError(f"{shown(name)!r}: cannot open: {error.strerror or error}") from None
    with handle:
        try:
            return name, handle.read()
        except OSError as error:
            raise InputError(name, error) from None


def seed_or_drawn(seed: int | None) -> int:
    """``seed``, or when it is ``None`` a random 63-bit seed (which the command prints, so
    that the same result can be asked for again)."""
    if seed is not None:
        return seed
    import secrets  # noqa: PLC0415 - only a seedless command draws one

    return secrets.randbits(63)


class SeedType(click.ParamType):  # type: ignore[type-arg]
    """A seed: an integer 0 to 2**64 - 1 (:func:`dokuspec.seeds.check_seed`) in ASCII digits."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None:
            return value
        text = value if isinstance(value, int) else str(value).strip()
        if isinstance(text, int) or _ASCII_INTEGER.fullmatch(text):
            try:
                return check_seed(int(text))
            except DokuspecError as error:
                self.fail(str(error), param, ctx)
        self.fail(
            f"{shown(str(value))!r}: give an integer 0 to {SEED_MAX} (ASCII digits)",
            param,
            ctx,
        )


class GamesType(click.ParamType):  # type: ignore[type-arg]
    """A number of games: a whole number in ASCII digits, 0 to a billion."""

    name = "count"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if _ASCII_WHOLE.fullmatch(text) and int(text) <= _MAX_GAMES:
            return int(text)
        self.fail(f"{shown(str(value))!r}: give a whole number 0-{_MAX_GAMES:,}", param, ctx)


class WorkersType(click.ParamType):  # type: ignore[type-arg]
    """A number of worker processes: a whole number in ASCII digits, 1 to 1,024."""

    name = "count"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if _ASCII_WHOLE.fullmatch(text) and 1 <= int(text) <= _MAX_WORKERS:
            return int(text)
        self.fail(f"{shown(str(value))!r}: give a whole number 1-{_MAX_WORKERS:,}", param, ctx)


def progress_bar(out: Output, *, as_json: bool) -> Progress | None:
    """A transient progress bar, or ``None``: shown when standard error is a terminal, unless
    JSON lines go to a terminal. Each task shows its description.

    While standard output is a terminal too, the bar is drawn there, by the
    console the rows are printed with (:func:`row_console`): rich prints each
    row above the bar, so a row never shares a line with it, and the bar is
    cleared at the end. Otherwise (the rows go to a file or a pipe) it is
    drawn on standard error.
    """
    if not is_terminal(sys.stderr) or (as_json and out.isatty()):
        return None
    from rich.progress import (  # noqa: PLC0415 - loaded only for a bar
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    console = (
        Console(file=out, highlight=False, markup=False, emoji=False)  # type: ignore[arg-type]
        if out.isatty()
        else Console(stderr=True)
    )
    return Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )


def row_console(out: Output, bar: Progress | None) -> Console:
    """The console to print rows on ``out`` with while ``bar`` (:func:`progress_bar`) shows.

    The bar's own console when the bar is drawn on ``out`` (rich then puts
    each row above the bar); else :func:`plain_console`.
    """
    if bar is not None and cast(object, bar.console.file) is out:
        return bar.console
    return plain_console(out)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold SIGINT back during the block: it takes effect when the block ends.

    For the block, SIGINT's handler only notes the signal; at the end the
    handler before it is put back and, when SIGINT came, called (Python's
    raises ``KeyboardInterrupt``; an ignored SIGINT stays ignored). When the
    block raises, its exception goes on and the interrupt is dropped.

    A handler, not a signal mask: the kernel gives a process its SIGINT
    through any thread that does not block it (a process pool's threads, a
    progress bar's), where Python's handler would still interrupt the main
    thread in the middle of the block, and multiprocessing unblocks SIGINT
    in the thread that starts its resource tracker. Python's handlers always
    run in the main thread, between two of its steps. Outside the main
    thread, the block runs as it is.

    A solver call watched for SIGINT (a time-limited search, see
    :class:`dokuspec.solvers.budget.Watchdog`) still stops at the signal;
    keep such calls out of the block.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        received.append(signum)

    before = signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if before is None else before)
    if not received:
        return
    if callable(before):
        before(signal.SIGINT, None)
    elif before != signal.SIG_IGN:  # the default action (None: set outside Python)
        signal.raise_signal(signal.SIGINT)


class SecondsType(click.ParamType):  # type: ignore[type-arg]
    """A time limit: a number of seconds above 0, or ``none``.

    ``maximum``: the largest number of seconds, or a function that gives it
    when an option is read (so that a game's solvers load only when a
    command is given a time limit).
    """

    name = "seconds"

    def __init__(self, maximum: float | Callable[[], float]) -> None:
        self._maximum = maximum

    @property
    def maximum(self) -> float:
        """The largest number of seconds accepted."""
        return self._maximum() if callable(self._maximum) else self._maximum

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, float):
            return value
        text = str(value).strip()
        if text.lower() == "none":
            return None
        if _ASCII_NUMBER.fullmatch(text):
            seconds = float(text)
            if 0 < seconds <= self.maximum:
                return seconds
        self.fail(
            f"{shown(str(value))!r}: give a number of seconds above 0 and at most "
            f"{self.maximum:,.0f}, or 'none'",
            param,
            ctx,
        )


def stream_games(
    out: Output,
    results: Iterable[T],
    games: int,
    records: str | None,
    *,
    as_json: bool,
    summarise: Callable[[list[T]], None],
    line: Callable[[T], str] | None = None,
) -> None:
    """Print each game of a simulation as it finishes, then the summary; the same after SIGINT.

    A game is played, its record written, printed (as a JSON line with
    ``as_json``, its ``to_json()``; else as ``line`` gives it) and counted,
    or none of these: SIGINT
    waits for the game in hand (:func:`interrupts_deferred`), so after an
    interrupt the summary covers exactly the games printed and the records
    on disk are theirs. A progress bar shows on standard error when it is a
    terminal (:func:`progress_bar`).

    Args:
        out: where results go.
        results: the simulation's results, one per game, as they finish.
        games: how many games the run plays (for the progress bar).
        records: the records directory, for error messages, or ``None``.
        as_json: print each result as a JSON line.
        summarise: prints the summary of the games done.
        line: without ``as_json``, a game's one line of text, printed as
            it finishes (its control characters escaped); ``None``: nothing.

    Raises:
        SystemExit: status 74 when a record cannot be written (after the
            summary of the games done).
        KeyboardInterrupt: after the summary of the games done.
    """
    done: list[T] = []
    bar = progress_bar(out, as_json=as_json)
    console = row_console(out, bar)
    games_left = iter(results)
    try:
        with bar if bar is not None else nullcontext():
            task = bar.add_task("simulating", total=games) if bar is not None else None
            while True:
                with interrupts_deferred():
                    result = next(games_left, None)
                    if result is None:
                        break
                    if as_json:
                        out.write(json.dumps(result.to_json()) + "\n")
                    elif line is not None:
                        print_plain(console, line(result))
                    done.append(result)
                if bar is not None and task is not None:
                    bar.advance(task)
    except OSError as error:
        with interrupts_deferred():  # a second Ctrl-C does not cut the summary short
            summarise(done)
        if isinstance(error, FileWriteError):  # it names the record's file
            error_line(str(error))
        else:
            reason = error.strerror or error
            error_line(f"cannot write a record to {shown(records or '')!r}: {reason}")
        sys.exit(Status.IO_FAILURE)
    except KeyboardInterrupt:
        with interrupts_deferred():
            summarise(done)
        raise
    finally:
        # An interrupted run cancels its games in flight (other processes'
        # included) now, not when the iterator is collected.
        close = getattr(games_left, "close", None)
        if close is not None:
            close()
    with interrupts_deferred():
        summarise(done)


class BotsType(click.ParamType):  # type: ignore[type-arg]
    """The bots of player 0 and player 1: two names separated by a comma, or one name for both."""

    name = "bot[,bot]"

    def __init__(self, names: Callable[[], tuple[str, ...]]) -> None:
        self._names = names

    @property
    def names(self) -> tuple[str, ...]:
        """The game's bot names, asked for when a value is read (its bots load then)."""
        return self._names()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        names = [name.strip() for name in str(value).split(",")]
        if len(names) == 1:
            names *= 2
        if len(names) == 2 and all(name in self.names for name in names):
            return (names[0], names[1])
        known = ", ".join(self.names)
        self.fail(
            f"{shown(str(value))!r}: give one or two bots separated by a comma ({known})",
            param,
            ctx,
        )


def percent(part: int, whole: int) -> str:
    """``part`` as a share of ``whole`` (``"12.5%"``), ``"-"`` when ``whole`` is 0."""
    return f"{100 * part / whole:.1f}%" if whole else "-"


def plain_console(out: Output) -> Console:
    """A console that prints to ``out`` within 80 columns, with no markup, highlighting or emoji.

    A longer line is wrapped at its spaces (a word longer than 80 columns is
    cut), so that every line fits 80 columns; :func:`print_plain` wraps a
    long line itself first, with its continued lines indented.
    """
    return Console(
        file=out,  # type: ignore[arg-type]
        width=WIDTH,
        soft_wrap=False,
        highlight=False,
        markup=False,
        emoji=False,
    )


def print_plain(console: Console, line: str, style: str | None = None) -> None:
    """Print one line as plain text (never markup), control characters escaped; a line
    wider than 80 columns is wrapped at its spaces, continued lines indented by 4."""
    text = shown(line)
    parts = [text]
    if cell_len(text) > WIDTH:
        parts = textwrap.wrap(
            text, WIDTH, subsequent_indent="    ", break_long_words=True, break_on_hyphens=False
        )
    for part in parts:
        console.print(Text(part, style=style or ""))


# -- pictures --------------------------------------------------------------------------------------


def svg_option(what: str) -> Callable[[F], F]:
    """The ``--svg FILE`` option (into ``svg_file``) of a command that shows a game object.

    Args:
        what: the picture, as the help names it ("the deal", "the Grid, titled
            with its outs,").
    """
    return click.option(
        "--svg",
        "svg_file",
        type=click.Path(dir_okay=False, allow_dash=True),
        default=None,
        metavar="FILE",
        help=f"Also draw {what} as SVG to FILE (replaced whole); '-': the SVG on standard "
        "output instead of the text.",
    )


def check_svg_output(svg_file: str | None, as_json: bool) -> None:
    """Refuse ``--svg -`` with ``--json``: both would be standard output.

    Raises:
        click.UsageError: both were given (one line, exit status 2).
    """
    if svg_file == "-" and as_json:
        raise click.UsageError("--svg - and --json both write standard output: choose one")


def svg_out(out: Output, svg_file: str | None, svg: str) -> bool:
    """Write the SVG document ``svg`` where ``--svg`` says; whether it took standard output.

    ``-`` prints it on ``out`` (``True``); a file name writes it with
    :func:`~dokuspec.files.write_text_file` (devices and FIFOs in place,
    symbolic links followed, a file's mode kept); ``None`` does nothing.

    Raises:
        FileWriteError: the file could not be written (exit status 74 in
            :func:`~dokuspec.cli.io.guarded`).
    """
    if svg_file is None:
        return False
    if svg_file == "-":
        out.write(svg + "\n")
        return True
    write_text_file(svg_file, svg + "\n")
    return False


# -- proofs ----------------------------------------------------------------------------------------


def proof_files(directory: str, stem: str) -> tuple[Path, Path]:
    """Where ``--proof DIR`` writes a query's CNF and proof: ``DIR/STEM.cnf`` and
    ``DIR/STEM.drat``, the directory made when missing.

    Raises:
        DokuspecError: ``directory`` is a file, or either file exists already (proofs
            are never overwritten); checked before any solving.
    """
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise DokuspecError(f"--proof: {shown(directory)} is not a directory")
    files = (path / f"{stem}.cnf", path / f"{stem}.drat")
    for file in files:
        if file.exists() or file.is_symlink():
            raise DokuspecError(f"{shown(str(file))} exists already (proofs are never overwritten)")
    path.mkdir(parents=True, exist_ok=True)
    return files


def write_proof(files: tuple[Path, Path], cnf: str, proof: str) -> None:
    """Write a refutation's CNF and proof (DIMACS and DRAT text) to ``files``."""
    write_text_file(files[0], cnf)
    write_text_file(files[1], proof)


# -- the simulate commands -------------------------------------------------------------------------


_GAMES_OPTION = click.option(
    "--games", type=GamesType(), default="100", show_default=True, help="How many games to play."
)
_SEED_OPTION = click.option(
    "--seed",
    type=SeedType(),
    default="0",
    show_default=True,
    help="The run's seed; game i's seed is derived from it and i.",
)
_RECORDS_OPTION = click.option(
    "--records",
    type=click.Path(file_okay=False),
    default=None,
    help="A directory for each game's JSON record (game-000000.json, ...).",
)
_JSON_OPTION = click.option(
    "--json", "as_json", is_flag=True, help="One JSON object per game, then the summary."
)
_WORKERS_OPTION = click.option(
    "--workers",
    type=WorkersType(),
    default="1",
    show_default=True,
    help="How many local processes play the games (1: this one). The results are the same.",
)
_SCHEDULER_OPTION = click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Play the games on a Dask cluster: its scheduler's tcp://host:port. Needs the "
    "'cluster' extra. The results are the same.",
)


def bots_option(
    names: Callable[[], tuple[str, ...]], default: str, help_text: str
) -> Callable[[F], F]:
    """A ``simulate`` command's ``--bots`` option (:class:`BotsType`) into its ``bots`` argument.

    Args:
        names: gives the game's bot names (called when the option is read, so that a
            game's other commands do not load its bots).
        default: the default pair, as typed (``"random,random"``).
        help_text: the option's help.
    """
    return click.option(
        "--bots", type=BotsType(names), default=default, show_default=True, help=help_text
    )


def simulate_options(*game_options: Callable[[F], F]) -> Callable[[F], F]:
    """The options of a game's ``simulate`` command, in their order on its help page.

    ``--games`` (into ``games``) and ``--seed`` (``seed``), then
    ``game_options`` in the order given (the game's own, ``--bots`` among
    them: :func:`bots_option`), then ``--records`` (``records``),
    ``--json`` (``as_json``), ``--workers`` (``workers``, :class:`WorkersType`)
    and ``--scheduler`` (``scheduler``: the address as typed, which the
    game's ``simulate`` checks).
    """
    decorators: tuple[Callable[[F], F], ...] = (
        _GAMES_OPTION,
        _SEED_OPTION,
        *game_options,
        _RECORDS_OPTION,
        _JSON_OPTION,
        _WORKERS_OPTION,
        _SCHEDULER_OPTION,
    )

    def decorate(function: F) -> F:
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return decorate


def simulate_and_summarise(
    start: Callable[[], Iterable[T]],
    games: int,
    records: str | None,
    *,
    as_json: bool,
    summary_json: Callable[[list[T]], dict[str, Any]],
    summary_lines: Callable[[list[T]], list[str]],
    line: Callable[[T], str] | None = None,
) -> NoReturn:
    """The body of a game's ``simulate`` command: start the run, stream its games, summarise.

    The run's failures become one line and an exit status (as
    :func:`~dokuspec.cli.io.guarded` makes them); the games stream through
    :func:`stream_games`. The summary is one JSON line
    ``{"summary": summary_json(done)}`` with ``as_json``; else
    ``summary_lines(done)`` as plain text, after a blank line when game
    lines (``line``) were printed before it.

    Args:
        start: starts the run (the game's ``simulate``): it checks the
            arguments and makes the records directory.
        games: how many games the run plays.
        records: the records directory as given, or ``None``.
        as_json: print JSON lines.
        summary_json: the summary of the games done, as JSON.
        summary_lines: the summary of the games done, as lines of text.
        line: without ``as_json``, a game's one line of text, printed as it
            finishes; ``None``: the summary only.

    Raises:
        SystemExit: always: status 0 every game played; 2 a bad argument;
            74 an output failure, a records directory that could not be made
            or a record that could not be written; 130 interrupted (after
            the summary of the games done).
    """
    with guarded():
        out = standard_output()
        try:
            results = start()
        except OSError as error:
            reason = error.strerror or error
            error_line(f"cannot make the records directory {shown(records or '')!r}: {reason}")
            sys.exit(Status.IO_FAILURE)

        def summarise(done: list[T]) -> None:
            if as_json:
                out.write(json.dumps({"summary": summary_json(done)}) + "\n")
                return
            console = plain_console(out)
            if line is not None and done:
                print_plain(console, "")
            for text in summary_lines(done):
                print_plain(console, text)

        stream_games(
            out,
            results,
            games,
            records,
            as_json=as_json,
            summarise=summarise,
            line=None if as_json else line,
        )
    sys.exit(Status.OK)


# -- the replay commands ---------------------------------------------------------------------------


record_argument = click.argument("record", type=click.Path(dir_okay=False, allow_dash=True))
"""A ``replay`` command's RECORD argument: a file, or ``-`` for standard input."""


def replayed_record(record: str, replay: Callable[..., S]) -> S:
    """The state a game record file (RECORD) replays to, with the game's ``replay_record``.

    Args:
        record: the file's name, or ``-`` for standard input.
        replay: the game's ``replay_record(data, *, source)``; ``source`` is
            the file's name, control characters escaped.

    Raises:
        DokuspecError: the file cannot be opened, or the record is bad (it
            names the file, line, column and JSON path).
        InputError: the file or standard input cannot be read.
    """
    source, data = read_input(record, "a game record (JSON)")
    return replay(data, source=shown(source))
