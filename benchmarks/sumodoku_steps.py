"""Step-by-step explanations of Sumodoku positions: how long, how many steps, how they rate.

Three tables, all from the bundled real data (``dokuspec/data/sumodoku``):

* **explanations**: :func:`dokuspec.sumodoku.explain_steps` on the 60
  impossible boards of ``impossible.txt`` and the impossible positions of
  ``variants.jsonl``: the statuses, the median and largest number of steps,
  and the time, with every step checked (the default) and without the
  check, the independent checker alone
  (:func:`dokuspec.engine.sumodoku.explanations.check_steps` on the JSON
  form), and in the same run the peers: ``check`` (the SAT model's answer)
  and ``refutation`` plus its DRAT check (the proof); issue target: a median
  of at most 50 ms for ``explain_steps``;
* **repairs**: :func:`dokuspec.sumodoku.repairs` (minimum correction sets by
  MaxSAT, each repair certified) on the same positions;
* **ratings**: the puzzles of ``rated.csv`` (the Sudoku Exchange Puzzle
  Bank, rated by Sukaku Explainer) solved step by step: per published
  rating, how many, how many got the same rating here, and the ratings
  given here.

Every explanation must reach its contradiction (impossible positions) or
the board's one completion (rated puzzles), and agree with ``check``;
otherwise the script lists it and exits with status 1.

Run::

    python benchmarks/sumodoku_steps.py
    python benchmarks/sumodoku_steps.py --rated 40 --json out.json
"""

from __future__ import annotations

import csv
import json
import statistics
from collections import Counter, defaultdict

import click
import measure
from measure import compact as fmt
from measure import data_lines_of, data_text, timed
from rich.console import Console

from dokuspec import sumodoku
from dokuspec.engine.sumodoku.explanations import check_steps
from dokuspec.sumodoku import Position


@click.command()
@click.option("--rated", default=0, help="At most this many rated puzzles (0: all 180).")
@click.option("--json", "json_path", default=None, help="Write every measurement here.")
def main(rated: int, json_path: str | None) -> None:
    """Time, count and rate the step-by-step explanations of the bundled positions."""
    console = Console()
    plain = [Position.parse(line) for line in data_lines_of("sumodoku", "impossible.txt")]
    lines = data_lines_of("sumodoku", "variants.jsonl")
    variants = [Position.from_json(json.loads(line)) for line in lines]
    variants = [p for p in variants if sumodoku.check(p).status == "impossible"]
    sumodoku.explain_steps(plain[0])  # warm-up: compiles the rule set's model
    failures: list[str] = []
    rows: dict[str, object] = {}
    table = measure.table(
        "Step-by-step explanations of impossible positions (medians)",
        ("data", "n", "steps", "most", "explain", "unchecked", "checker", "check", "proof"),
        left=("data",),
    )  # fmt: skip
    for dataset, positions in {"17-clue+1": plain, "variants": variants}.items():
        with_check, without, checker, checks, proofs, counts = [], [], [], [], [], []
        statuses: Counter[str] = Counter()
        techniques: Counter[str] = Counter()
        for index, position in enumerate(positions):
            seconds, found = timed(lambda p=position: sumodoku.explain_steps(p))
            with_check.append(seconds)
            without.append(timed(lambda p=position: sumodoku.explain_steps(p, check=False))[0])
            replay = found.to_json()["steps"]
            seconds, problem = timed(lambda p=position, r=replay: check_steps(p, r))
            checker.append(seconds)
            checks.append(timed(lambda p=position: sumodoku.check(p))[0])
            proofs.append(timed(lambda p=position: sumodoku.refutation(p).check())[0])
            statuses[found.status] += 1
            counts.append(len(found.steps))
            techniques.update(step.technique for step in found.steps)
            if found.status != "impossible" or problem is not None:
                failures.append(f"{dataset} #{index}: {found.status} {problem or ''}")
        table.add_row(
            dataset,
            str(len(positions)),
            f"{statistics.median(counts):.0f}",
            str(max(counts)),
            fmt(statistics.median(with_check)),
            fmt(statistics.median(without)),
            fmt(statistics.median(checker)),
            fmt(statistics.median(checks)),
            fmt(statistics.median(proofs)),
        )
        rows[dataset] = {
            "statuses": dict(statuses),
            "steps": measure.summary(counts),
            "techniques": dict(techniques.most_common()),
            "explain": measure.summary(with_check),
            "explain_unchecked": measure.summary(without),
            "checker": measure.summary(checker),
            "check": measure.summary(checks),
            "proof_and_check": measure.summary(proofs),
        }
    console.print(table)
    console.print(
        "explain: explain_steps with every step checked; unchecked: check=False; checker: "
        "check_steps on the JSON form alone; check: sumodoku.check (SAT); proof: refutation "
        "written and checked by dratify"
    )
    repairs = measure.table(
        "Repairs: the fewest pieces to take off (medians)",
        ("data", "n", "size 1", "size 2", "none", "time"),
        left=("data",),
    )
    for dataset, positions in {"17-clue+1": plain, "variants": variants}.items():
        times, sizes = [], Counter()
        for position in positions:
            seconds, found = timed(lambda p=position: sumodoku.repairs(p))
            times.append(seconds)
            sizes[found.size] += 1
        repairs.add_row(
            dataset,
            str(len(positions)),
            str(sizes[1]),
            str(sizes[2]),
            str(sizes[None]),
            fmt(statistics.median(times)),
        )
        rows[f"repairs/{dataset}"] = {
            "sizes": {str(k): v for k, v in sizes.items()},
            "time": measure.summary(times),
        }
    console.print(repairs)
    puzzles = list(csv.DictReader(data_text("sumodoku", "rated.csv").splitlines()))
    if rated:
        puzzles = puzzles[:rated]
    ours: dict[float, list[float]] = defaultdict(list)
    times = []
    for row in puzzles:
        published = float(row["rating"])
        seconds, found = timed(lambda b=row["puzzle"]: sumodoku.explain_steps(b.replace("0", ".")))
        times.append(seconds)
        if found.status != "solved" or found.rating is None:
            failures.append(f"rated {row['puzzle']}: {found.status}")
            continue
        ours[published].append(found.rating)
    ratings = measure.table(
        "Ratings against the published ones (Sukaku Explainer)",
        ("published", "n", "same", "ratings given here"),
        left=("ratings given here",),
    )
    for published in sorted(ours):
        given = ours[published]
        spread = ", ".join(f"{r:.1f} x{n}" for r, n in sorted(Counter(given).items()))
        ratings.add_row(f"{published:.1f}", str(len(given)), str(given.count(published)), spread)
    console.print(ratings)
    console.print(f"solving time per rated puzzle: median {fmt(statistics.median(times))}")
    rows["ratings"] = {f"{k:.1f}": v for k, v in sorted(ours.items())}
    rows["rated_time"] = measure.summary(times)
    measure.write_json(
        json_path,
        {"environment": measure.environment_of("dokuspec", "python-sat"), "rows": rows},
    )
    measure.finish(
        console, failures, "explanations that failed", "every explanation reached its end"
    )


if __name__ == "__main__":
    main()
