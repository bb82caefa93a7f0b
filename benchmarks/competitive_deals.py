"""Time Competitive Sudoku's deals: plain, balanced within margins, and the draft's value.

In one run, each row beside its peers:

* ``deal(mode, seed)``: the engine's deal, deals per second (the peer every
  balanced row is drawn from);
* ``draft_value(pool)`` and ``within(mode, pool, margin)``: the draft's
  value read from the bundled table, against the exact minimax of the
  draft that computed the table (on one pool in eight);
* ``deal(mode, seed, balance=..., target=...)`` for several margins:
  balanced deals per second (target: at least 1,000) and the share of
  candidate deals accepted.

Every balanced deal is checked: its advantage, computed again by the
minimax (not the table), lies within the margin, else the script lists it
and exits with status 1. Times are :func:`time.perf_counter` around each
call; medians and percentiles by :func:`statistics.quantiles` (inclusive).
The flexibility table is built and the table of draft values read before
the timings (once per process, reported).

Run::

    python benchmarks/competitive_deals.py
    python benchmarks/competitive_deals.py --deals 2000 --json out.json
"""

from __future__ import annotations

import click
import measure
from measure import fmt, summary, timed
from rich.console import Console

from dokuspec.competitive import balance, balanced_seed, deal
from dokuspec.engine.records import game_seed

TARGET = 1000.0
MARGINS = ((1.0, 0.0), (2.0, 0.0), (0.5, 1.5), (0.25, 0.0))


@click.command()
@click.option("--deals", default=400, show_default=True, help="Deals per row.")
@click.option("--mode", default="draft", show_default=True, help="draft or twins-draft.")
@click.option("--json", "json_path", default=None, help="Also write the numbers as JSON.")
def main(deals: int, mode: str, json_path: str | None) -> None:
    """Time Competitive Sudoku's deals (see the module)."""
    console = Console(width=80)
    built, _ = timed(lambda: balance.flexibility([1, 2, 3, 4, 5]))
    console.print(f"flexibility table built in {fmt(built)}")
    flexibility = balance._flexibility_table(2)
    loaded, _ = timed(lambda: balance.draft_value([1, 2, 3, 4, 5, 6, 7, 8, 9, 9]))
    console.print(f"table of draft values read in {fmt(loaded)}")
    rows: dict[str, dict[str, float]] = {}
    plain = [timed(lambda s=seed: deal(mode, s))[0] for seed in range(deals)]
    rows["deal(seed)"] = {**summary(plain), "per_second": len(plain) / sum(plain)}
    pools = [deal(mode, seed).pool for seed in range(deals)]
    balance._draft_value.cache_clear()
    values = [timed(lambda p=pool: balance.draft_value(p)) for pool in pools]
    rows["draft_value(pool)"] = summary([t for t, _ in values])
    ranks = [[card.rank for card in pool] for pool in pools]
    minimax = [
        timed(lambda r=r: balance._solve(balance._pool_counts(r), 0, 0, 0, flexibility))[0]
        for r in ranks[: max(1, deals // 8)]
    ]
    rows["minimax(pool), the table's source"] = summary(minimax)
    for margin in (1.0, 2.0):
        times = [timed(lambda p=pool, m=margin: balance.within(mode, p, m))[0] for pool in pools]
        rows[f"within(pool, {margin:g})"] = summary(times)
    wrong = []
    for margin, target in MARGINS:
        start = 10**6 * (1 + int(4 * margin) + int(4 * target))
        times = []
        candidates = 0
        for seed in range(start, start + deals):
            elapsed, found = timed(
                lambda s=seed, m=margin, t=target: deal(mode, s, balance=m, target=t)
            )
            times.append(elapsed)
            chosen = balanced_seed(mode, seed, margin, target=target)
            candidates += next(
                k + 1 for k in range(10**6) if game_seed("competitive-balanced", seed, k) == chosen
            )
            counts = balance._pool_counts(found.pool)
            value = balance._solve(counts, 0, 0, 0, flexibility)[(0, 0)]
            if not target - margin <= value <= target + margin:
                wrong.append(f"seed {seed}: advantage {value} outside {target} ± {margin}")
        rows[f"balance={margin:g}, target={target:g}"] = {
            **summary(times),
            "per_second": len(times) / sum(times),
            "accepted": deals / candidates,
        }
    table = measure.table(
        f"Competitive Sudoku deals ({mode})", ["row", "median", "p90", "p99", "per s", "accepted"]
    )
    for name, row in rows.items():
        per_second = f"{row['per_second']:,.0f}" if "per_second" in row else ""
        accepted = f"{100 * row['accepted']:.0f}%" if "accepted" in row else ""
        table.add_row(
            name, fmt(row["median"]), fmt(row["p90"]), fmt(row["p99"]), per_second, accepted
        )
    console.print(table)
    for name, row in rows.items():
        if name.startswith("balance="):
            verdict = "met" if row["per_second"] >= TARGET else "not met"
            console.print(f"target {TARGET:,.0f} balanced deals/s at {name}: {verdict}")
    measure.write_json(json_path, {"mode": mode, "deals": deals, "rows": rows, "built": built})
    measure.finish(
        console,
        wrong,
        "balanced deals outside their margin",
        "every balanced deal within its margin",
    )


if __name__ == "__main__":
    main()
