"""Reading text input into located records, for any game's notation.

Input is read as bytes and decoded here, line by line, so every problem is
reported with the name of the input, the 1-based line and the 1-based column
(in characters) where it is:

* the text must be UTF-8; a UTF-8 byte-order mark at the start is skipped
  (columns count from the character after it); a UTF-16 or UTF-32
  byte-order mark, or a NUL byte, is refused with a message that says so;
* a line ends at ``\\n`` (a ``\\r`` before it is dropped);
* a line longer than :data:`MAX_LINE` bytes is refused as soon as that many
  bytes are read, so an endless line never fills memory.

:func:`records` then groups lines into records: blank lines and comment lines
are skipped; consecutive *block lines* (a predicate the game gives, such as
"a row of a grid") form one multi-line record; any other line is a record of
its own.
"""

from __future__ import annotations

import codecs
import io
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, cast

from dokuspec.errors import NotationError

__all__ = [
    "BLANK",
    "MAX_LINE",
    "MAX_RECORD",
    "Line",
    "Record",
    "decode_lines",
    "lines_of",
    "records",
    "text_lines",
]

MAX_LINE = 1 << 20
"""The longest line read, in bytes (1 MiB)."""

MAX_RECORD = 1 << 20
"""The longest multi-line record read, in characters (1 MiB)."""

#: The white space of a blank line. A line of only these is skipped. Other
#: Unicode space (form feed, NEL, U+2028, ...) is content, and so an error.
BLANK = " \t\r\n"

_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


@dataclass(frozen=True, slots=True)
class Line:
    """One line of input, without its line ending.

    Attributes:
        source: the name of the input (a file name, ``"<stdin>"``).
        number: 1-based line number.
        text: the decoded line.
    """

    source: str
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class Record:
    """One record of input: a single line, or a block of consecutive lines.

    Attributes:
        source: the name of the input.
        line: the 1-based number of the record's first line.
        text: the record's lines joined with ``\\n`` (no final newline).
    """

    source: str
    line: int
    text: str

    def locate(self, error: NotationError) -> NotationError:
        """``error`` (located in :attr:`text`) located in the input instead.

        Line and column of ``error`` count from the record's first line; an
        error without a line (about the record as a whole) is placed at the
        record's first line, column 1.
        """
        line = self.line + (error.line - 1 if error.line is not None else 0)
        column = error.column if error.column is not None else 1
        return NotationError(error.reason, line=line, column=column, source=self.source)


def decode_lines(stream: IO[bytes], *, source: str, max_line: int = MAX_LINE) -> Iterator[Line]:
    """Decode a binary stream as UTF-8 text, one :class:`Line` at a time.

    Args:
        stream: a binary stream, read with ``readline`` (at most
            ``max_line + 1`` bytes at a time).
        source: the input's name, for the error messages.
        max_line: the longest line accepted, in bytes (without its ending).

    Yields:
        The lines in order; a UTF-8 byte-order mark at the start is dropped.

    Raises:
        NotationError: ``source:line:column: reason`` for a byte that is not
            UTF-8 (``not UTF-8 (byte 0xff)``), a UTF-16 or UTF-32 byte-order
            mark, a NUL byte, or a line longer than ``max_line`` bytes.
        OSError: the stream cannot be read.
    """
    number = 0
    while True:
        raw = stream.readline(max_line + 2)
        if not raw:
            return
        number += 1
        if number == 1:
            for bom, name in _WIDE_BOMS:
                if raw.startswith(bom):
                    raise NotationError(
                        f"{name} text (byte-order mark); save it as UTF-8",
                        line=1,
                        column=1,
                        source=source,
                    )
            if raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
        complete = raw.endswith(b"\n")
        content = raw[:-1] if complete else raw
        if content.endswith(b"\r"):
            content = content[:-1]
        too_long = len(content) > max_line
        if too_long:
            content = content[:max_line]
        text = _decode(content, final=not too_long, line=number, source=source)
        if too_long:
            raise NotationError(
                f"a line longer than {max_line:,} bytes",
                line=number,
                column=len(text) + 1,
                source=source,
            )
        yield Line(source, number, _no_nul(text, number, source))


def _decode(content: bytes, *, final: bool, line: int, source: str) -> str:
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        return decoder.decode(content, final=final)
    except UnicodeDecodeError as error:
        column = len(content[: error.start].decode("utf-8")) + 1
        raise NotationError(
            f"not UTF-8 (byte 0x{content[error.start]:02x})",
            line=line,
            column=column,
            source=source,
        ) from None


def _no_nul(text: str, line: int, source: str) -> str:
    index = text.find("\0")
    if index >= 0:
        raise NotationError(
            "a NUL byte: UTF-16 or binary data, not UTF-8 text",
            line=line,
            column=index + 1,
            source=source,
        )
    return text


def text_lines(lines: Iterable[str], *, source: str, max_line: int = MAX_LINE) -> Iterator[Line]:
    """Number lines that are already text (each item one line, its ending optional).

    An item holding several lines (inner ``\\n``) is split into them.

    Raises:
        NotationError: a NUL character, or a line longer than ``max_line``
            characters.
        TypeError: an item is not a ``str``.
    """
    number = 0
    for item in lines:
        if not isinstance(item, str):
            raise TypeError(f"expected lines of text (str), not {type(item).__name__}")
        body = item[:-1] if item.endswith("\n") else item
        for part in body.split("\n"):
            number += 1
            text = part[:-1] if part.endswith("\r") else part
            if len(text) > max_line:
                raise NotationError(
                    f"a line longer than {max_line:,} characters",
                    line=number,
                    column=max_line + 1,
                    source=source,
                )
            yield Line(source, number, _no_nul(text, number, source))


def lines_of(
    data: Iterable[str] | IO[bytes] | os.PathLike[str], *, source: str | None = None
) -> Iterator[Line]:
    """The numbered lines of a binary stream, a path, or an iterable of text lines.

    A binary stream and a path are decoded by :func:`decode_lines`; a path is
    opened when the first line is asked for and closed at the end. Text
    lines go through :func:`text_lines`.

    Args:
        data: the input.
        source: its name for the messages; defaults to the path, the
            stream's ``name``, or ``"<input>"``.

    Raises:
        TypeError: ``data`` is a ``str`` or ``bytes`` (not lines).
        NotationError, OSError: as :func:`decode_lines`.
    """
    if isinstance(data, str | bytes):
        raise TypeError("expected lines, a binary stream or a path, not a single str or bytes")
    if isinstance(data, os.PathLike):
        return _path_lines(data, source or os.fspath(data))
    if isinstance(data, io.RawIOBase | io.BufferedIOBase):
        name = getattr(data, "name", None)
        return decode_lines(data, source=source or (name if isinstance(name, str) else "<input>"))
    return text_lines(cast("Iterable[str]", data), source=source or "<input>")


def _path_lines(path: os.PathLike[str], source: str) -> Iterator[Line]:
    with open(path, "rb") as stream:
        yield from decode_lines(stream, source=source)


def records(
    lines: Iterable[Line],
    *,
    block_line: Callable[[str], bool],
    comment: str = "#",
    max_record: int = MAX_RECORD,
) -> Iterator[Record]:
    """Group lines into records.

    Blank lines (only white space) and comment lines (starting with
    ``comment`` after white space) are skipped, and end a block. A line for
    which ``block_line(text)`` holds starts a block, and every following
    block line joins it; any other line is a record of its own and ends a
    block.

    Raises:
        NotationError: a block longer than ``max_record`` characters, at
            the line that passes the limit; a byte-order mark (U+FEFF) in a
            record's line (one is skipped at the very start of a stream only).
    """
    block: list[Line] = []
    size = 0
    for line in lines:
        stripped = line.text.strip(BLANK)
        content = bool(stripped) and not stripped.startswith(comment)
        if content and block_line(line.text):
            _no_bom(line)
            size += len(line.text) + 1
            if size > max_record:
                raise NotationError(
                    f"a block of lines longer than {max_record:,} characters",
                    line=line.number,
                    column=1,
                    source=line.source,
                )
            block.append(line)
            continue
        if block:
            yield _joined(block)
            block, size = [], 0
        if content:
            _no_bom(line)
            yield Record(line.source, line.number, line.text)
    if block:
        yield _joined(block)


def _no_bom(line: Line) -> None:
    mark = line.text.find("\ufeff")
    if mark >= 0:
        raise NotationError(
            "a byte-order mark (U+FEFF) inside the text",
            line=line.number,
            column=mark + 1,
            source=line.source,
        )


def _joined(block: list[Line]) -> Record:
    return Record(block[0].source, block[0].number, "\n".join(line.text for line in block))
