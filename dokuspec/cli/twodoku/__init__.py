"""``dokuspec twodoku``: deals, their validation and counts; inference; simulated games.

Each command parses its arguments, calls :mod:`dokuspec.twodoku` and prints
a readable answer within 80 columns, or JSON with ``--json``. Files are
read as bytes and decoded as UTF-8 (a byte-order mark is skipped); ``-``
reads standard input. Bad input is one line naming the file, line and
column (and the JSON path), with exit status 2.

The commands live by what they answer: :mod:`~dokuspec.cli.twodoku.deals`
(``deal``, ``validate``, ``count``), :mod:`~dokuspec.cli.twodoku.infer`
(``infer``) and :mod:`~dokuspec.cli.twodoku.games` (``simulate``,
``replay``, ``view``); :mod:`~dokuspec.cli.twodoku.common` reads what they
share.
"""

from __future__ import annotations

import click

from dokuspec.cli.twodoku.deals import count_command, deal_command, validate_command
from dokuspec.cli.twodoku.games import replay_command, simulate_command, view_command
from dokuspec.cli.twodoku.infer import infer_command

__all__ = ["twodoku_group"]


@click.group(name="twodoku")
def twodoku_group() -> None:
    """Two-Doku: deals (TD-1 to TD-4), what a player can infer (TD-11), games."""


for _command in (
    deal_command,
    validate_command,
    count_command,
    infer_command,
    simulate_command,
    replay_command,
    view_command,
):
    twodoku_group.add_command(_command)
