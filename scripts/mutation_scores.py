"""The mutation score of each mutated module, from a finished ``mutmut run``.

Usage (from the repository root, after ``mutmut run``; see docs/mutation.rst)::

    python scripts/mutation_scores.py                    # a table, one row per module
    python scripts/mutation_scores.py --json             # the same as JSON
    python scripts/mutation_scores.py --survivors dokuspec/engine/twodoku.py
    python scripts/mutation_scores.py --target 90 --only 'dokuspec/engine/*'

mutmut keeps each mutant's result as the exit status of its test run, in the
``mutants/<module>.py.meta`` files; the status names are mutmut's own
(``mutmut.stats.status_by_exit_code``). A mutant counts as *killed* when a
test failed on it, when it made the tests time out, or when the type checker
rejected it. The score of a module is killed / (mutants that were run), where
a mutant no selected test reaches ("no tests") was run and not killed; mutants
not run yet are left out and counted in their own column.

With ``--target P`` the script exits 1 when a module matched by ``--only`` (a
glob, default every module) scores below P percent or still has mutants not
run, so a partial run is never read as a passing score.

A module with mutants left not run has a partial score. When the mutants run
are a uniform random sample (``scripts/mutation.py --sample``), the score
estimates the full run's, and the table is followed by its 95% Wilson score
interval.

``--survivors MODULE`` lists the mutants that count against the score: those
that survived and those no selected test reaches.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
from collections import Counter
from pathlib import Path
from statistics import NormalDist

from mutmut.stats import status_by_exit_code

KILLED = ("killed", "timeout", "caught by type check")
COLUMNS = ("killed", "survived", "no tests", "suspicious", "not checked")


def module_statuses(root: Path) -> dict[str, dict[str, str]]:
    """Module path (``dokuspec/engine/base.py``) -> mutant name -> mutmut status."""
    out: dict[str, dict[str, str]] = {}
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        module = meta.relative_to(root / "mutants").as_posix().removesuffix(".meta")
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if codes:
            out[module] = {name: status_by_exit_code[code] for name, code in codes.items()}
    return out


def tally(statuses: dict[str, str]) -> dict[str, int | float | None]:
    """Counts per column, mutants in all, and the score in percent (None before any run)."""
    counts = Counter(
        "killed" if status in KILLED else status if status in COLUMNS else "suspicious"
        for status in statuses.values()
    )
    run = sum(counts[column] for column in COLUMNS if column != "not checked")
    row: dict[str, int | float | None] = {column: counts[column] for column in COLUMNS}
    row["mutants"] = len(statuses)
    row["score"] = round(100 * counts["killed"] / run, 1) if run else None
    return row


def wilson_interval(killed: int, run: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``killed / run``, in percent."""
    z = NormalDist().inv_cdf(0.5 + level / 2)
    share = killed / run
    centre = (share + z * z / (2 * run)) / (1 + z * z / run)
    half = z / (1 + z * z / run) * (share * (1 - share) / run + z * z / (4 * run * run)) ** 0.5
    return 100 * (centre - half), 100 * (centre + half)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path("."), help="repository root")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--survivors",
        metavar="MODULE",
        help="list a module's mutants not killed (survived or no tests)",
    )
    parser.add_argument("--only", default="*", help="glob of the modules --target applies to")
    parser.add_argument("--target", type=float, help="exit 1 below this score (percent)")
    args = parser.parse_args(argv)
    if not (args.root / "mutants").is_dir():
        print(f"error: no mutants/ under {args.root}: run `mutmut run` first", file=sys.stderr)
        return 2
    modules = module_statuses(args.root)
    if args.survivors:
        if args.survivors not in modules:
            print(f"error: {args.survivors}: no mutants of this module", file=sys.stderr)
            return 2
        for name, status in modules[args.survivors].items():
            if status in ("survived", "no tests"):
                print(name)
        return 0
    rows = {module: tally(statuses) for module, statuses in modules.items()}
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(
            f"{'module':<30}{'mutants':>8}{'killed':>7}{'surv.':>6}{'none':>5}{'left':>6}"
            f"{'score':>7}"
        )
        partial = []
        for module, row in rows.items():
            score = "-" if row["score"] is None else f"{row['score']:.1f}%"
            name = module.removeprefix("dokuspec/")
            print(
                f"{name:<30}{row['mutants']:>8}{row['killed']:>7}{row['survived']:>6}"
                f"{row['no tests']:>5}{row['not checked']:>6}{score:>7}"
            )
            if row["score"] is not None and row["not checked"]:
                partial.append((name, row))
        for name, row in partial:
            run = int(row["mutants"] or 0) - int(row["not checked"] or 0)
            low, high = wilson_interval(int(row["killed"] or 0), run)
            print(
                f"{name}: {run} of {row['mutants']} run; if a uniform sample, "
                f"95% interval {low:.1f}-{high:.1f}%"
            )
    if args.target is None:
        return 0
    failing = [
        module
        for module, row in rows.items()
        if fnmatch.fnmatch(module, args.only)
        and (row["not checked"] or row["score"] is None or row["score"] < args.target)
    ]
    for module in failing:
        print(f"below target: {module}", file=sys.stderr)
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
