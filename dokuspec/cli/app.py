"""The ``dokuspec`` command group: every game's commands, one-line usage errors."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from dokuspec import __version__
from dokuspec.cli.competitive import competitive_group
from dokuspec.cli.io import Status, error_line, silence_stdout
from dokuspec.cli.sumodoku import sumodoku_group
from dokuspec.cli.twodoku import twodoku_group
from dokuspec.cli.verify import verify_command

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
        except click.exceptions.NoArgsIsHelpError as error:  # no command: the help, as is
            sys.stderr.write(error.format_message() + "\n")
            sys.exit(Status.BAD_INPUT)
        except click.ClickException as error:
            error_line(f"{error.format_message().rstrip('.')} (see --help)")
            sys.exit(Status.BAD_INPUT)
        except click.Abort:  # a KeyboardInterrupt outside a command's own handling
            error_line("interrupted")
            sys.exit(Status.INTERRUPTED)
        except OSError as error:  # writing the help or the version failed
            error_line(f"cannot write standard output: {error.strerror or error}")
            silence_stdout()
            sys.exit(Status.IO_FAILURE)
        sys.exit(status if isinstance(status, int) else Status.OK)


@click.group(cls=_Main)
@click.version_option(__version__, prog_name="dokuspec")
def main() -> None:
    """dokuspec: rules of Sudoku-family games as constraint models, solved and cross-checked.

    Exit statuses: 0 everything asked was answered; 1 some answer 'unknown'
    (a budget ran out), or the deal 'twodoku validate' was given is invalid,
    or 'verify' found a discrepancy;
    2 bad input or usage (one line naming file, line and
    column); 74 an input or output failure (closed stream, full disk, closed
    pipe); 130 interrupted (Ctrl-C).
    """


main.add_command(sumodoku_group)
main.add_command(competitive_group)
main.add_command(twodoku_group)
main.add_command(verify_command)
