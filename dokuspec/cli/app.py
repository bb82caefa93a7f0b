"""The ``dokuspec`` command group: every installed game's commands, one-line usage errors.

A game's commands are loaded when they are used (click's lazily loading
group): ``dokuspec --version``, ``dokuspec --help`` and a mistyped command
import no game, no solver and no Hypothesis; ``dokuspec sumodoku ...``
imports :mod:`dokuspec.cli.sumodoku` (and through it :mod:`dokuspec.sumodoku`)
and no other game.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from dokuspec import __version__, games
from dokuspec.cli.io import Status, error_line, hint, silence_stdout

__all__ = ["commands", "main"]

_VERIFY = (
    "dokuspec.cli.verify:verify_command",
    "Run the cross-checks of every game.",
)
_PROOF = (
    "dokuspec.cli.proof:proof_command",
    "Check a proof that a CNF is unsatisfiable (DRAT, DRUP).",
)
_OWN = {"proof": _PROOF, "verify": _VERIFY}
"""The commands of dokuspec itself, after the games'."""


def commands() -> dict[str, tuple[str, str]]:
    """The commands of ``dokuspec``: where each is defined (``module:attribute``) and its line
    in ``dokuspec --help``.

    A game's command is its plug-in's command-line group (:attr:`dokuspec.games.GameSpec.cli`,
    with its :attr:`~dokuspec.games.GameSpec.summary` as the line), for every game installed
    that has one; then ``proof`` and ``verify``. A command's own subcommands are whatever
    its module defines.

    Raises:
        PluginError: a game's declaration does not load (:func:`dokuspec.games.installed`),
            or a game is named as one of dokuspec's own commands.
    """
    found = {spec.name: (spec.cli, spec.summary) for spec in games.installed() if spec.cli}
    for name in _OWN:
        if name in found:
            raise games.PluginError(f"a game named {name!r} would hide the command {name!r}")
    return {**found, **_OWN}


class _Main(click.Group):
    """The ``dokuspec`` group: its commands loaded on use; usage errors in one line
    (``dokuspec: error: ...``), exit status 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(commands())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        table = commands()
        if cmd_name not in table:
            return None
        reference = table[cmd_name][0]
        try:
            command = games.load_reference(reference)
        except (ImportError, AttributeError) as error:  # another package's game, broken
            raise games.PluginError(
                f"{cmd_name}: its command {reference!r} does not load: {error}"
            ) from error
        if not isinstance(command, click.Command):
            raise games.PluginError(f"{cmd_name}: its command {reference!r} is not a command")
        found: click.Command = command
        if isinstance(found, click.Group) and cmd_name not in _OWN:
            spec = games.game(cmd_name)
            if spec.play is not None:
                from dokuspec.cli.play import play_commands  # noqa: PLC0415 - with a game only

                for added in play_commands(cmd_name):
                    if added.name not in found.commands:
                        found.add_command(added)
        return found

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
            raise unknown(error.command_name, possibilities=commands(), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            table = commands()
            formatter.write_dl([(name, table[name][1]) for name in self.list_commands(ctx)])

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
        except games.PluginError as error:  # an installed game's declaration is broken
            error_line(str(error))
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
