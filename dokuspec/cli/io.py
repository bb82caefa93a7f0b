"""What every command shares: exit statuses, one-line errors, guarded standard streams."""

from __future__ import annotations

import enum
import os
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from dokuspec.errors import DokuspecError
from dokuspec.files import FileWriteError

WIDTH = 80
"""The columns every line of the commands' default output fits in."""

__all__ = [
    "WIDTH",
    "InputError",
    "Output",
    "OutputError",
    "Status",
    "error_line",
    "guarded",
    "hint",
    "shown",
    "silence_stdout",
    "standard_output",
]


class Status(enum.IntEnum):
    """The exit statuses of every command."""

    OK = 0
    """Every position got an answer."""
    UNKNOWN = 1
    """Some answer is ``unknown``: a time or conflict budget ran out."""
    BAD_INPUT = 2
    """Bad input or bad usage; one line names the file, line and column."""
    IO_FAILURE = 74
    """Standard input or output closed or failing, a full disk, a closed pipe (EX_IOERR)."""
    INTERRUPTED = 130
    """Interrupted by SIGINT (Ctrl-C): 128 + 2, as a shell reports it."""


class InputError(Exception):
    """An input could not be read (the ``OSError`` is the cause)."""

    def __init__(self, source: str, error: OSError) -> None:
        super().__init__(f"cannot read {shown(source)}: {error.strerror or error}")


class OutputError(Exception):
    """Standard output could not be written (the ``OSError`` is the cause)."""

    def __init__(self, error: OSError) -> None:
        self.broken_pipe = isinstance(error, BrokenPipeError)
        super().__init__(f"cannot write standard output: {error.strerror or error}")


def shown(text: str) -> str:
    """``text`` with every character that is not printable written as an escape.

    Control characters (a terminal escape sequence in a file name, a tab, a
    newline) and undecodable bytes of a file name (``\\udcff``) cannot reach
    the terminal or break a line.
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def error_line(message: str) -> None:
    """Print ``dokuspec: error: message`` as one line on standard error (if it is open).

    One line however long, so that it can be found and copied whole.
    """
    _stderr_write(f"dokuspec: error: {shown(message)}\n")


def hint(message: str) -> None:
    """Print ``dokuspec: message`` on standard error (if it is open), within 80 columns.

    A longer message is wrapped at its spaces, continued lines indented.
    """
    lines = textwrap.wrap(
        f"dokuspec: {message}",
        WIDTH,
        subsequent_indent="    ",
        break_long_words=False,
        break_on_hyphens=False,
    )
    _stderr_write("".join(line + "\n" for line in lines))


def _stderr_write(text: str) -> None:
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):
        pass


class Output:
    """Standard output, flushed after every write; a failing write raises :class:`OutputError`.

    Behaves as a text file for :class:`rich.console.Console`.
    """

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            try:
                written = self._stream.write(text)
            except UnicodeEncodeError:  # a terminal that cannot show "µs" or a file name
                written = self._stream.write(
                    text.encode(self.encoding, "backslashreplace").decode(self.encoding)
                )
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from None
        return written

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(error) from None

    def isatty(self) -> bool:
        try:
            return self._stream.isatty()
        except (OSError, ValueError):
            return False

    @property
    def encoding(self) -> str:
        return getattr(self._stream, "encoding", None) or "utf-8"


def standard_output() -> Output:
    """Standard output, or :class:`OutputError` when it is closed (``>&-``)."""
    if sys.stdout is None:
        raise OutputError(OSError(9, "standard output is closed"))
    return Output(sys.stdout)


@contextmanager
def guarded() -> Iterator[None]:
    """Turn every failure in the block into one line on standard error and its exit status.

    :class:`~dokuspec.errors.DokuspecError` exits 2, :class:`InputError`,
    :class:`OutputError` and :class:`~dokuspec.files.FileWriteError` (a file
    named on the command line that cannot be written) 74,
    ``KeyboardInterrupt`` 130.
    """
    try:
        yield
    except DokuspecError as error:
        error_line(str(error))
        sys.exit(Status.BAD_INPUT)
    except (InputError, FileWriteError) as error:
        error_line(str(error))
        sys.exit(Status.IO_FAILURE)
    except OutputError as error:
        error_line(str(error))
        silence_stdout()
        sys.exit(Status.IO_FAILURE)
    except KeyboardInterrupt:
        hint("interrupted")
        sys.exit(Status.INTERRUPTED)


def silence_stdout() -> None:
    """Point standard output at the null device, so the exit's final flush cannot fail again."""
    if sys.stdout is None:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
