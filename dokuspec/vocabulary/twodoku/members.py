"""Errors that name the member of a value, and the JSON path, line and column they come from."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TypeAlias

from dokuspec.errors import NotationError, PositionError
from dokuspec.vocabulary.jsontext import (
    JsonReader,
    json_path,
    line_column,
)
from dokuspec.vocabulary.twodoku.players import _is_int
from dokuspec.vocabulary.twodoku.squares import Square

__all__ = [
    "MemberError",
]


# -- errors naming a member ------------------------------------------------------------------------

JsonStep: TypeAlias = str | int
"""A step of a JSON path: an object's key or an array's index."""


class MemberError(PositionError):
    """A well-formed value that is impossible, named by the JSON path of its member at fault.

    A :class:`View` (or a :class:`Deal`'s face-down digit) raises it for a
    member that contradicts another or the rules: ``$.to_move: Blue is to
    move, not Red: ...``, ``$.events[4]: ...``. :meth:`located` finds the
    member in the JSON text it was read from, so that the message also
    names the line and column.

    Attributes:
        path: the JSON path of the member, as keys and indices
            (``("events", 4)``; ``()`` for the whole value).
        square: for an array of squares or of dominoes on squares
            (``$.face_down``), the square of the item at fault, which
            :meth:`located` finds in the text whatever the order of the
            array; ``None`` otherwise.
        reason: the message without the location: the JSON path, then why.
        line: the 1-based line of the member in the text, or ``None``.
        column: the 1-based column, or ``None``.
        source: the name of the input (a file name), or ``None``.
    """

    def __init__(
        self,
        path: tuple[JsonStep, ...],
        why: str,
        *,
        square: Square | None = None,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        self.path = tuple(path)
        self.square = square
        self.why = why
        self.reason = f"{json_path(self.path)}: {why}"
        self.line = line
        self.column = column
        self.source = source
        if source is not None:
            where = ":".join(str(p) for p in (source, line, column) if p is not None)
            message = f"{where}: {self.reason}"
        elif line is not None and column is not None:
            message = f"line {line}, column {column}: {self.reason}"
        else:
            message = self.reason
        super().__init__(message)

    def located(self, text: str, source: str | None = None) -> MemberError:
        """This error placed in ``text``, the JSON it was read from (line and column named).

        Args:
            text: the JSON text (a byte-order mark at its start is skipped, as
                the readers skip it).
            source: the name of the input for the message, or ``None``.

        Returns:
            A new error, of the same path and reason, with ``line`` and
            ``column`` of the member (of the deepest part of the path the
            text holds) and ``source``; the line and column stay unknown
            when ``text`` is not JSON.
        """
        if not isinstance(text, str):
            raise TypeError(f"located() takes the JSON text, a str, not {type(text).__name__}")
        reader = JsonReader(text.removeprefix("\ufeff"))
        line = column = None
        try:
            data = reader.decode()
        except NotationError:
            pass
        else:
            line, column = line_column(reader.text, _member_offset(reader, data, self))
        return MemberError(
            self.path, self.why, square=self.square, line=line, column=column, source=source
        )


def _member_offset(reader: JsonReader, data: object, error: MemberError) -> int:
    """The offset in ``reader``'s text of the member ``error`` names (or of its deepest part)."""
    steps: list[JsonStep] = list(error.path)
    if error.square is not None:
        value = data
        for step in steps:
            if isinstance(value, Mapping) and isinstance(step, str):
                value = value.get(step)
            elif isinstance(value, list) and isinstance(step, int) and 0 <= step < len(value):
                value = value[step]
            else:
                value = None
        items = value if isinstance(value, list) else []
        where = [error.square.row, error.square.col]
        for index, item in enumerate(items):
            if item == where or (
                isinstance(item, Mapping) and [item.get("row"), item.get("col")] == where
            ):
                steps.append(index)
                break
    while tuple(steps) not in reader.values and steps:
        steps.pop()
    return reader.values[tuple(steps)]  # the root () is always there


@contextmanager
def _member(*path: JsonStep, square: Square | None = None) -> Iterator[None]:
    """Name the member ``path`` in every :class:`PositionError` the block raises."""
    try:
        yield
    except MemberError:
        raise
    except PositionError as error:
        raise MemberError(path, str(error), square=square) from None


def _check_digit(value: object, what: str) -> int:
    if not _is_int(value):
        raise TypeError(f"{what} is an int digit 1-9, not {type(value).__name__}")
    assert isinstance(value, int)
    if not 1 <= value <= 9:
        raise PositionError(f"{what} is a digit 1-9, not {value}")
    return value
