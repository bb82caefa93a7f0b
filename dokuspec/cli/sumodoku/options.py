"""The options the ``dokuspec sumodoku`` commands share: limits, solver and backend.

A time limit in seconds (``none`` for no limit) and a conflict limit, each
read in ASCII digits only; the SAT solver's name and the backend.
"""

from __future__ import annotations

import math
import re
from typing import Any

import click

from dokuspec import sumodoku
from dokuspec.cli.io import (
    shown,
)
from dokuspec.cli.shared import (
    STDIN,
)

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
