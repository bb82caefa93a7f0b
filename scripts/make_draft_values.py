"""Write the table of Competitive Sudoku draft values that balanced deals read.

Run from the repository root::

    python scripts/make_draft_values.py                  # write all four tables
    python scripts/make_draft_values.py --check          # recompute all, compare
    python scripts/make_draft_values.py --check --sample 200   # 200 pools per table

A deal's advantage for Black (:func:`dokuspec.competitive.balance.advantage`)
is the value of the draft of its pool: an exact minimax over every order of
picks, 5-25 ms a pool. Balanced deals try many pools a second, so the value
of every pool the deck allows (ten cards, no rank more often than the deck's
``2 * copies`` cards of it: 2,907 pools with one copy of each card, 32,211
with two, 42,273 with three, 43,677 with four) is computed here once, by
that minimax, and bundled as ``dokuspec/data/competitive/draft-values-<copies>.bin``.

Each entry is the pair of winning-Grid counts of Black's and Red's hands at
the end of a principal variation, so the value read back,
``log2(1 + black) - log2(1 + red)``, is the same float the minimax returns.
The format (zlib-compressed little-endian 16-bit pairs, in the lexicographic
order of the pools' rank counts) is described in
``dokuspec/data/competitive/README.md``. ``--check`` recomputes the pools
(all, or a seeded sample) and compares them with the bundled bytes; it exits
with status 1 when one differs. All four tables take about 20 minutes of one
core; ``--workers`` spreads them over processes.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from dokuspec.competitive import balance

DATA = Path(__file__).resolve().parent.parent / "dokuspec" / "data" / "competitive"
CHUNK = 500


def _leaves(copies: int, pools: list[tuple[int, ...]]) -> list[tuple[int, int]]:
    return [balance._principal_leaf(pool, copies) for pool in pools]


def _compute(
    copies: int, pools: list[tuple[int, ...]], executor: ProcessPoolExecutor
) -> list[tuple[int, int]]:
    chunks = [pools[i : i + CHUNK] for i in range(0, len(pools), CHUNK)]
    found: list[tuple[int, int]] = []
    for part in executor.map(_leaves, [copies] * len(chunks), chunks):
        found.extend(part)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("--sample", type=int, default=0, help="with --check: pools per table")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--copies", type=int, nargs="*", default=[1, 2, 3, 4])
    args = parser.parse_args(argv)
    stale = 0
    with ProcessPoolExecutor(args.workers) as executor:
        for copies in args.copies:
            pools = balance._draft_pools(copies)
            path = DATA / balance._TABLE_FILE.format(copies=copies)
            start = time.perf_counter()
            if not args.check:
                data = balance._table_bytes(_compute(copies, pools, executor))
                path.write_bytes(data)
                took = time.perf_counter() - start
                print(f"{path.name}: {len(pools):,} pools, {len(data):,} bytes, {took:.0f} s")
                continue
            chosen = range(len(pools))
            if args.sample:
                chosen = sorted(random.Random(copies).sample(chosen, min(args.sample, len(pools))))
            table = balance._draft_table(copies)
            leaves = _compute(copies, [pools[i] for i in chosen], executor)
            wrong = 0
            for number, (black, red) in zip(chosen, leaves, strict=True):
                value = math.log2(1 + black) - math.log2(1 + red)
                if table[balance._pool_code(pools[number])] != value:
                    wrong += 1
            if not args.sample and zlib.decompress(path.read_bytes()) != zlib.decompress(
                balance._table_bytes(leaves)
            ):
                wrong = max(wrong, 1)
            stale += wrong
            took = time.perf_counter() - start
            verdict = "stale" if wrong else "up to date"
            print(f"{path.name}: {len(chosen):,} pools compared, {wrong} differ: {verdict}")
            print(f"  ({took:.0f} s)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
