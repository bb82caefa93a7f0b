"""The ``dokuspec`` command group: every game's commands, one-line usage errors.

A game's commands are loaded when they are used (click's lazily loading
group): ``dokuspec --version``, ``dokuspec --help`` and a mistyped command
import no game, no solver and no Hypothesis; ``dokuspec sumodoku ...``
imports :mod:`dokuspec.cli.sumodoku` (and through it :mod:`dokuspec.sumodoku`)
and no other game.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import Any

import click

from dokuspec import __version__
from dokuspec.cli.io import Status, error_line, hint, silence_stdout

__all__ = ["COMMANDS", "main"]

COMMANDS: dict[str, tuple[str, str]] = {
    "competitive": (
        "dokuspec.cli.competitive:competitive_group",
        "Competitive Sudoku: hands (rules CS-17..CS-20), simulated...",
    ),
    "sumodoku": (
        "dokuspec.cli.sumodoku:sumodoku_group",
        "Sumodoku positions (rules SU-3, SU-12..SU-15).",
    ),
    "twodoku": (
        "dokuspec.cli.twodoku:twodoku_group",
        "Two-Doku: deals (TD-1 to TD-4), what a player can infer...",
    ),
    "verify": (
        "dokuspec.cli.verify:verify_command",
        "Run the cross-checks of the three games: engine against...",
    ),
}
"""The commands of ``dokuspec``: where each is defined (``module:attribute``) and its line in
``dokuspec --help`` (the line click makes of the command's help; the tests hold them equal).
A command's own subcommands are whatever its module defines."""


class _Main(click.Group):
    """The ``dokuspec`` group: its commands loaded on use; usage errors in one line
    (``dokuspec: error: ...``), exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, _, attribute = COMMANDS[cmd_name][0].partition(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            # Ctrl-C while a game and its solvers load, or before its command
            # runs: one line and status 130, as from within a command (click
            # would print an empty line and abort).
            hint("interrupted")
            sys.exit(Status.INTERRUPTED)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            # An unknown command: the close names come from the table, not
            # from the commands loaded (none are).
            unknown = getattr(click.exceptions, "NoSuchCommand", None)
            if unknown is None or not isinstance(error, unknown):
                raise
            raise unknown(error.command_name, possibilities=COMMANDS, ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][1]) for name in self.list_commands(ctx)])

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
