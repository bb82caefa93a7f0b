"""``python -m dokuspec``: the command line (see :mod:`dokuspec.cli`)."""

from __future__ import annotations

from dokuspec.cli import main

if __name__ == "__main__":
    main(prog_name="dokuspec")
