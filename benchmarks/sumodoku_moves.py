"""Time ``dokuspec.sumodoku.safe_moves`` on positions with 30 to 50 pieces.

Positions are made by play from the empty board with SU-1's fixed colours
(player 1: 1-4 and 9, player 2: 5-8 and 9), seeded:

* ``careful``: each player places a random valid piece that keeps the board
  completable (tried in random order, each judged by ``sumodoku.check``), as a
  careful player would; these positions stay completable;
* ``random``: each player places a random valid piece; by 30 pieces these
  positions are nearly always impossible already.

The number of pieces is drawn from 30 to 50. For each position, timed in the
same run: ``safe_moves(position, player)`` (one solver answer witnesses every
move a completion agrees with) and the plain way, one ``check`` per valid
move. Every mark is compared with the plain way's answer; the script exits
with status 1 on any disagreement.

Run::

    python benchmarks/sumodoku_moves.py
    python benchmarks/sumodoku_moves.py --positions 100 --seed 2 --json out.json
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import click
from measure import fmt, summary, version
from rich.console import Console
from rich.table import Table

from dokuspec import sumodoku
from dokuspec.files import write_text_file
from dokuspec.sumodoku import Board, Piece, Position, search

HANDS = {1: (1, 2, 3, 4, 9), 2: (5, 6, 7, 8, 9)}


def play(rng: random.Random, pieces: int, careful: bool) -> tuple[Position, int]:
    """A position after ``pieces`` moves of random (careful) play, and the player to move."""
    board = Board()
    left = {
        1: {k: 4 if k == 9 else 9 for k in HANDS[1]},
        2: {k: 4 if k == 9 else 9 for k in HANDS[2]},
    }
    player = 1
    for _ in range(pieces):
        masks = search.valid_colours(Position(board))
        options = [
            Piece(i // 9 + 1, i % 9 + 1, k)
            for i in range(81)
            for k, n in left[player].items()
            if n and masks[i] >> k & 1
        ]
        rng.shuffle(options)
        chosen = None
        for piece in options:
            if not careful or sumodoku.check(Position(board.place(piece))).status == "completable":
                chosen = piece
                break
        if chosen is None:
            break
        board = board.place(chosen)
        left[player][chosen.colour] -= 1
        player = 3 - player
    return Position(board), player


def one_check_per_move(position: Position, player: int) -> list[tuple[int, int, int, bool]]:
    found = []
    masks = search.valid_colours(position)
    supply = position.supply()
    for i in range(81):
        for k in HANDS[player]:
            if supply[k - 1] and masks[i] >> k & 1:
                piece = Piece(i // 9 + 1, i % 9 + 1, k)
                verdict = sumodoku.check(position.with_board(position.board.place(piece)))
                found.append((piece.row, piece.col, k, verdict.status == "completable"))
    return found


@click.command()
@click.option("--positions", "count", type=click.IntRange(min=2), default=60, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path))
def main(count: int, seed: int, json_path: Path | None) -> None:
    """Time safe_moves against one check per move on positions of play."""
    console = Console()
    rng = random.Random(seed)
    sumodoku.check(Board())  # compile the solver before timing
    problems: list[str] = []
    records = []
    clock = time.perf_counter
    for kind in ("careful", "random"):
        fast, plain, moves, safe = [], [], [], []
        for _ in range(count):
            position, player = play(rng, rng.randint(30, 50), kind == "careful")
            start = clock()
            marked = sumodoku.safe_moves(position, player)
            fast.append(clock() - start)
            start = clock()
            expected = one_check_per_move(position, player)
            plain.append(clock() - start)
            got = [(m.row, m.col, m.colour, m.safe) for m in marked]
            if got != expected:
                problems.append(f"{kind}: {position} player {player}: {got} != {expected}")
            moves.append(len(marked))
            safe.append(sum(1 for m in marked if m.safe))
        records.append((kind, summary(fast), summary(plain), summary(moves), summary(safe)))
    table = Table(title="safe_moves per position (30-50 pieces)")
    for column in ("positions", "n", "safe_moves median", "p90", "p99",
                   "one check per move", "moves (median)", "safe (median)"):  # fmt: skip
        table.add_column(column, justify="left" if column == "positions" else "right")
    for kind, fast_s, plain_s, moves_s, safe_s in records:
        table.add_row(
            kind,
            str(fast_s["n"]),
            fmt(fast_s["median"]),
            fmt(fast_s["p90"]),
            fmt(fast_s["p99"]),
            fmt(plain_s["median"]),
            f"{moves_s['median']:g}",
            f"{safe_s['median']:g}",
        )
    console.print(table)
    console.print(
        f"Compiled search: {search.COMPILED}. Target: safe_moves median ≤ 1 ms. "
        "Times with time.perf_counter; percentiles: statistics.quantiles (inclusive)."
    )
    if problems:
        console.print(f"[bold red]DISAGREEMENT[/] in {len(problems)} positions:")
        for problem in problems[:5]:
            console.print(f"  {problem}", markup=False)
    else:
        console.print("[bold green]Every mark agrees[/] with one check per move.")
    if json_path is not None:
        document = {
            "benchmark": "sumodoku.safe_moves",
            "settings": {"positions": count, "seed": seed},
            "environment": {"python-sat": version("python-sat"), "compiled": search.COMPILED},
            "rows": [
                {"positions": k, "safe_moves": f, "one_check_per_move": p, "moves": m, "safe": s}
                for k, f, p, m, s in records
            ],
            "problems": problems,
        }
        write_text_file(json_path, json.dumps(document, indent=1) + "\n")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
