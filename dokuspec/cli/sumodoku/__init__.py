"""``dokuspec sumodoku``: check, count and show positions; moves, simulated games, replays.

Each command parses its arguments, calls :mod:`dokuspec.sumodoku` and prints
a readable answer within 80 columns, or JSON with ``--json``. Bad input is
one line naming the file (or argument), line and column, with exit status 2.

The commands live by what they answer: :mod:`~dokuspec.cli.sumodoku.positions`
(``check``, ``count``), :mod:`~dokuspec.cli.sumodoku.explain` (``explain``),
:mod:`~dokuspec.cli.sumodoku.board` (``show``,
``moves``) and :mod:`~dokuspec.cli.sumodoku.games` (``simulate``,
``replay``); :mod:`~dokuspec.cli.sumodoku.options` holds the options they
share.
"""

from __future__ import annotations

import click

from dokuspec.cli.sumodoku.board import moves_command, show_command
from dokuspec.cli.sumodoku.explain import explain_command
from dokuspec.cli.sumodoku.games import replay_command, simulate_command
from dokuspec.cli.sumodoku.options import DEFAULT_TIME_LIMIT
from dokuspec.cli.sumodoku.positions import check_command, count_command

__all__ = ["DEFAULT_TIME_LIMIT", "sumodoku_group"]


@click.group(name="sumodoku")
def sumodoku_group() -> None:
    """Sumodoku positions (rules SU-3, SU-12..SU-15)."""


for _command in (
    check_command,
    count_command,
    explain_command,
    show_command,
    moves_command,
    simulate_command,
    replay_command,
):
    sumodoku_group.add_command(_command)
