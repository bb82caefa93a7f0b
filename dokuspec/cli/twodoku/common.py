"""What the ``dokuspec twodoku`` commands share: reading deals and views, the balance option.

Files are read as bytes and decoded as UTF-8 (a byte-order mark is
skipped); ``-`` reads standard input. Bad input is one line naming the
file, line and column (and the JSON path), with exit status 2.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console

from dokuspec import twodoku
from dokuspec.cli.io import (
    Output,
    shown,
)
from dokuspec.cli.report import WIDTH
from dokuspec.cli.shared import (
    print_plain,
    read_input,
)
from dokuspec.errors import DokuspecError, NotationError

_Command = TypeVar("_Command", bound=Callable[..., Any])
_INVALID = 1
"""The exit status of ``validate`` for a deal that breaks a rule."""


def _wrapped(console: Console, line: str, indent: str = "  ") -> None:
    """Print a long line wrapped within 80 columns, continuation lines indented."""
    for part in textwrap.wrap(
        line,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent]:
        print_plain(console, part)


def _json(out: Output, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")


def _decoded(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark kept: the readers skip it)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise NotationError(
            f"not UTF-8: the byte {data[error.start]:#04x} cannot start or continue a character",
            line=line,
            column=column,
            source=source,
        ) from None


def _located(error: NotationError, source: str) -> NotationError:
    """``error`` placed in ``source`` (line and column 1 when it names none)."""
    return NotationError(
        error.reason,
        line=error.line if error.line is not None else 1,
        column=error.column if error.column is not None else 1,
        source=shown(source),
    )


def _parse_deal(text: str, source: str) -> twodoku.Deal:
    try:
        return twodoku.Deal.parse(text)
    except NotationError as error:
        raise _located(error, source) from None


def _read_deal(name: str) -> tuple[str, twodoku.Deal]:
    source, data = read_input(name, "a deal (JSON)")
    return source, _parse_deal(_decoded(data, source), source)


def _read_view(name: str) -> tuple[str, str, twodoku.View]:
    """The source, the text and the view of ``name``, checked (:func:`twodoku.check_view`).

    Every error names the file, line and column of the member at fault.
    """
    source, data = read_input(name, "a player's view (JSON)")
    text = _decoded(data, source)
    try:
        view = twodoku.View.parse(text)
        twodoku.check_view(view)
    except twodoku.MemberError as error:
        raise error.located(text, shown(source)) from None
    except NotationError as error:
        if error.source is not None:
            raise
        raise _located(error, source) from None
    return source, text, view


class _BalanceType(click.ParamType):  # type: ignore[type-arg]
    """Balance options of a deal (TD-15): ``max_digit_count_gap=N``, ``equal_high_count``."""

    name = "options"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, twodoku.Balance):
            return value
        try:
            return twodoku.Balance.parse(str(value))
        except DokuspecError as error:
            self.fail(f"{shown(str(value))!r}: {error}", param, ctx)


def _balance_option(help_text: str) -> Callable[[_Command], _Command]:
    return click.option(
        "--balance",
        type=_BalanceType(),
        default="off",
        show_default=True,
        metavar="OPTIONS",
        help=help_text,
    )
