"""Simulate a few games of each game between bots, then read a rule in the rulings register.

Run from the root of a checkout:

    python examples/simulate_and_read.py --games 5 --seed 1 --rule SU-6

Each game's result depends only on the seed and its index, so the same
command prints the same games. The rule is read from the handbook's rulings
register (docs/rulings.rst, which gathers each installed game's part from the
folder its declaration names), one row per rule ID: its question, the default
ruling, and the option that selects another reading where there is one.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

from dokuspec import competitive, games, sumodoku, twodoku

ROOT = Path(__file__).resolve().parent.parent
REGISTER = ROOT / "docs" / "rulings.rst"


def register_files() -> list[Path]:
    """The register's files: the page, and each installed game's part of it."""
    parts = [ROOT / spec.handbook / "rulings.rst" for spec in games.installed() if spec.handbook]
    return [REGISTER, *(part for part in parts if part.is_file())]


def register_row(rule_id: str, register: Path | None = None) -> dict[str, str]:
    """The register's row of ``rule_id`` (such as ``"SU-6"``): column name -> cell text.

    Raises:
        KeyError: the register has no row for ``rule_id``.
    """
    header: list[str] = []
    row: list[str] = []
    rows: dict[str, dict[str, str]] = {}

    def close() -> None:
        if not row:
            return
        if row[0] == "ID":
            header[:] = [cell.lower() for cell in row]
        else:
            found = re.search(r"\b[A-Z]{2}-\d+\b", row[0])
            if found:
                rows[found.group(0)] = dict(zip(header, row, strict=False))
        row.clear()

    text = "\n".join(
        path.read_text(encoding="utf-8") for path in ([register] if register else register_files())
    )
    for line in text.split("\n"):
        if line.startswith("   * - "):
            close()
            row.append(line[7:].strip())
        elif line.startswith("     - ") and row:
            row.append(line[7:].strip())
        elif line.startswith("       ") and row:
            row[-1] += " " + line.strip()
        elif line.strip() and not line.startswith("   "):
            close()
    close()
    return rows[rule_id]


def plain(cell: str) -> str:
    """A register cell without its reStructuredText markup."""
    cell = re.sub(r":\w+:`([^`<]*?)\s*(?:<[^>]*>)?`", r"\1", cell)
    return cell.replace("``", "").replace("**", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per game (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="the runs' seed (default 1)")
    parser.add_argument("--rule", default="SU-6", help="a rule ID to read (default SU-6)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")

    try:
        row = register_row(args.rule.upper())
    except KeyError:
        print(f"{args.rule}: no such rule in {REGISTER.name}", file=sys.stderr)
        return 2

    results = list(sumodoku.simulate(args.games, args.seed, bots=("solver", "random")))
    summary = sumodoku.summarise(results)
    reasons = ", ".join(f"{name} {n}" for name, n in summary.reasons.items() if n)
    print(f"Sumodoku, solver against random: wins {summary.wins}; {reasons}")

    played = list(competitive.simulate(args.games, args.seed, "draft", ("greedy", "random")))
    cs = competitive.summarise(played)
    endings = ", ".join(f"{name} {n}" for name, n in cs.endings.items() if n)
    print(f"Competitive Sudoku, greedy against random: wins {cs.wins}; {endings}")

    games = list(twodoku.simulate(args.games, args.seed, ("inference", "random")))
    td = twodoku.summarise(games)
    print(f"Two-Doku, inference against random: wins {td.wins}; Red won {td.red_win_rate:.0%}")

    print(f"\n{args.rule.upper()} (docs/{REGISTER.name})")
    for name in ("question", "default ruling", "reason", "option"):
        if name in row:
            label = name.replace("default ", "")
            print(
                textwrap.fill(
                    f"{label}: {plain(row[name])}",
                    78,
                    initial_indent="  ",
                    subsequent_indent="    ",
                )
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
