"""The ``dokuspec`` command line: a thin layer over the public API.

It parses arguments, reads input, calls the public game modules and prints.
One module per game (:mod:`dokuspec.cli.sumodoku`); :mod:`dokuspec.cli.io`
holds what every command shares: the exit statuses, one-line errors, and
guarded standard streams.

Exit statuses (:class:`~dokuspec.cli.io.Status`): 0 every position answered,
1 some answer ``unknown`` (a budget ran out), 2 bad input or bad usage, 74 an
input or output failure (closed or failing standard streams, a full disk, a
closed pipe), 130 interrupted (SIGINT, Ctrl-C).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from dokuspec import __version__
from dokuspec.cli.io import Status, error_line
from dokuspec.cli.sumodoku import sumodoku_group

__all__ = ["main"]


class _Main(click.Group):
    """A group whose usage errors are one line (``dokuspec: error: ...``), exit status 2."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> None:
        del standalone_mode  # errors are always handled here
        try:
            status = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.ClickException as error:
            error_line(f"{error.format_message().rstrip('.')} (see --help)")
            sys.exit(Status.BAD_INPUT)
        except click.Abort:  # a KeyboardInterrupt outside a command's own handling
            error_line("interrupted")
            sys.exit(Status.INTERRUPTED)
        sys.exit(status if isinstance(status, int) else Status.OK)


@click.group(cls=_Main)
@click.version_option(__version__, prog_name="dokuspec")
def main() -> None:
    """dokuspec: rules of Sudoku-family games as constraint models, solved and cross-checked.

    Exit statuses: 0 every position answered; 1 some answer 'unknown' (a
    budget ran out); 2 bad input or usage (one line naming file, line and
    column); 74 an input or output failure (closed stream, full disk, closed
    pipe); 130 interrupted (Ctrl-C).
    """


main.add_command(sumodoku_group)
