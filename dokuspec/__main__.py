"""``python -m dokuspec``: the command line (see :mod:`dokuspec.cli`)."""

from __future__ import annotations

from dokuspec.cli import run

if __name__ == "__main__":
    run()
