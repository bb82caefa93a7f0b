"""Time ``dokuspec.sumodoku.check`` per query on real Sudoku puzzles.

Every timed call goes through the public API with the raw board line (so the
time includes parsing the string, building the assumptions, solving and
reading the completion back into a board). Three formulations are timed on
two bundled data sets (500 17-clue puzzles from Gordon Royle's collection and
the "top95" hard puzzles):

* ``sat``: ``sumodoku.check(line)`` (python-sat, CaDiCaL; the default backend:
  the fast search proposes a completion, the spec's rules certify it);
* ``solver``: the SAT backend's full search alone, as ``check`` answered
  before the fast search (parse, solve under the pieces, decode the model);
* ``z3``: ``sumodoku.check(line, backend="z3")``;
* ``reference``: the textbook Z3 encoding written here (an integer 1..9 per
  cell, ``Distinct`` over each row, column and box, the givens as
  equalities, a fresh ``z3.Solver`` per puzzle), on the first few puzzles of
  each data set only, since it takes about a second per hard puzzle.

Before timing, each backend answers one puzzle (the warm-up): the first call
compiles the rule set's solver, which is cached per process. The timed pass
then meets every other puzzle for the first time, as a user checking a file
of boards would. The SAT solver keeps its learnt clauses from one query to
the next, so with ``--repeat`` above 1 the later passes meet puzzles it has
already seen; their medians are printed separately. The warm-up times are
kept (``--json``) but not in the table.

Every answer is checked in the same run: every puzzle must be completable,
the SAT completion must be a valid Sudoku solution that extends the puzzle,
and every other call (each repeat, each formulation) must give that same
completion. The script exits with status 1 on any disagreement.

Run::

    python benchmarks/sumodoku_check.py
    python benchmarks/sumodoku_check.py --repeat 5 --reference-subset 20 --json out.json
"""

from __future__ import annotations

import gc
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import z3
from measure import data_text, summary, version
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from dokuspec import sumodoku
from dokuspec.files import write_text_file
from dokuspec.solvers.sat import SatBackend
from dokuspec.spec.sumodoku import CompletionModel
from dokuspec.sumodoku import search
from dokuspec.sumodoku.positions import _certify as certify
from dokuspec.sumodoku.positions import _certify_by_rules as certify_by_rules

#: (name shown, file in dokuspec/data/sumodoku/).
DATASETS: tuple[tuple[str, str], ...] = (
    ("17-clue", "sudoku17.txt"),
    ("top95", "top95.txt"),
)

#: Median targets in seconds, by (data set file or "*", formulation).
TARGETS: dict[tuple[str, str], float] = {
    ("sudoku17.txt", "sat"): 50e-6,
    ("top95.txt", "sat"): 120e-6,
    ("*", "z3"): 10e-3,
}

DIGITS = frozenset("123456789")
UNITS: tuple[tuple[int, ...], ...] = (
    *(tuple(r * 9 + c for c in range(9)) for r in range(9)),
    *(tuple(r * 9 + c for r in range(9)) for c in range(9)),
    *(
        tuple((top + r) * 9 + left + c for r in range(3) for c in range(3))
        for top in (0, 3, 6)
        for left in (0, 3, 6)
    ),
)

Answer = tuple[str, str | None]  # (status, completion as 81 digits or None)


# -- the formulations ----------------------------------------------------------


def sat_check(line: str) -> sumodoku.Verdict:
    return sumodoku.check(line)


def solver_check(line: str) -> sumodoku.Verdict:
    """The solver's full search alone (``check`` before the fast search): parse, solve, decode."""
    position = sumodoku.Position.parse(line)
    spec, compiled = sumodoku.compiled_model(position)
    answer = compiled.solve(spec.assumptions(position.board))
    completion = spec.board_of(answer.model) if answer.model is not None else None
    status = {"sat": "completable", "unsat": "impossible"}.get(answer.status, "unknown")
    return sumodoku.Verdict(status, position, completion)  # type: ignore[arg-type]


def z3_check(line: str) -> sumodoku.Verdict:
    return sumodoku.check(line, backend="z3")


def verdict_answer(verdict: sumodoku.Verdict) -> Answer:
    completion = None if verdict.completion is None else str(verdict.completion)
    return verdict.status, completion


def reference_check(line: str) -> Answer:
    """The textbook encoding: Int per cell in 1..9, Distinct per unit, givens as equalities."""
    text = line.strip()
    if len(text) != 81:
        raise ValueError(f"a puzzle line has 81 characters, not {len(text)}")
    cells = [z3.Int(f"c{i}") for i in range(81)]
    solver = z3.Solver()
    solver.add([z3.And(cell >= 1, cell <= 9) for cell in cells])
    for unit in UNITS:
        solver.add(z3.Distinct([cells[i] for i in unit]))
    for cell, char in zip(cells, text, strict=True):
        if char in DIGITS:
            solver.add(cell == int(char))
        elif char not in ".0":
            raise ValueError(f"{char!r} is not a cell")
    result = solver.check()
    if result == z3.sat:
        model = solver.model()
        values = (model.eval(cell, model_completion=True).as_long() for cell in cells)
        return "completable", "".join(str(v) for v in values)
    return ("impossible" if result == z3.unsat else "unknown"), None


def identity(answer: Answer) -> Answer:
    return answer


@dataclass(frozen=True)
class Formulation:
    key: str
    label: str
    call: Callable[[str], Any]
    answer: Callable[[Any], Answer]


SAT = Formulation("sat", "SAT backend", sat_check, verdict_answer)
Z3 = Formulation("z3", "Z3 backend", z3_check, verdict_answer)
SOLVER = Formulation("solver", "SAT full search only", solver_check, verdict_answer)
REFERENCE = Formulation("reference", "reference (Z3 Int, Distinct)", reference_check, identity)


# -- statistics and formatting -------------------------------------------------


def fmt_time(seconds: float, *, short: bool = False) -> str:
    if seconds < 1e-3:
        value, unit, digits = seconds * 1e6, "µs", 1
    elif seconds < 1.0:
        value, unit, digits = seconds * 1e3, "ms", 2
    else:
        value, unit, digits = seconds, "s", 2
    return f"{value:g} {unit}" if short else f"{value:.{digits}f} {unit}"


def fmt_ratio(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:,.0f}×"


def is_solution(puzzle: str, solution: str | None) -> bool:
    """Whether ``solution`` is a full valid Sudoku grid that keeps every given of ``puzzle``."""
    if solution is None or len(solution) != 81 or not set(solution) <= DIGITS:
        return False
    if any(p in DIGITS and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    return all({solution[i] for i in unit} == DIGITS for unit in UNITS)


# -- running -------------------------------------------------------------------


@dataclass
class Puzzle:
    line_number: int
    text: str  # the raw line, without its line break


@dataclass
class Row:
    dataset: str
    file: str
    formulation: Formulation
    puzzles: list[int]  # indices into the data set
    repeat: int
    calls: list[tuple[int, int, float]] = field(default_factory=list)  # (index, repeat, s)
    warmup: list[tuple[int, float]] = field(default_factory=list)  # (index, s)
    line_numbers: dict[int, int] = field(default_factory=dict)  # index -> line in the file

    def times(self, subset: set[int] | None = None) -> list[float]:
        return [t for i, _, t in self.calls if subset is None or i in subset]

    def pass_medians(self) -> list[float]:
        return [
            statistics.median(t for _, r, t in self.calls if r == repeat)
            for repeat in range(self.repeat)
        ]


def load(file: str) -> list[Puzzle]:
    text = data_text("sumodoku", file)
    return [
        Puzzle(number, line.rstrip("\r\n"))
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


class Runner:
    """Runs the calls, records times and checks every answer against the expected one."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.problems: list[str] = []
        self.expected: dict[tuple[str, int], str] = {}  # (file, index) -> solution
        self._last_refresh = 0.0

    def _tick(self, task: TaskID) -> None:
        # Redraw at most 10 times a second, outside the timed region (auto-refresh
        # is off so that no drawing thread competes with the timed calls).
        self.progress.advance(task)
        now = time.perf_counter()
        if now - self._last_refresh > 0.1:
            self.progress.refresh()
            self._last_refresh = now

    def _judge(self, row: Row, puzzle: Puzzle, index: int, answer: Answer, what: str) -> None:
        status, completion = answer
        where = f"{row.file}:{puzzle.line_number} ({row.formulation.key}, {what})"
        if status != "completable":
            self.problems.append(f"{where}: status {status!r}, expected 'completable'")
            return
        key = (row.file, index)
        expected = self.expected.get(key)
        if expected is None:
            if not is_solution(puzzle.text, completion):
                self.problems.append(f"{where}: {completion} is not a solution of the puzzle")
                return
            assert completion is not None
            self.expected[key] = completion
        elif completion != expected:
            self.problems.append(f"{where}: completion {completion} differs from {expected}")

    def run(self, row: Row, puzzles: list[Puzzle], *, warmup: bool) -> None:
        formulation = row.formulation
        call, answer = formulation.call, formulation.answer
        passes = [("warm-up", -1)] if warmup else []
        passes += [(f"repeat {r + 1}/{row.repeat}", r) for r in range(row.repeat)]
        clock = time.perf_counter
        for label, repeat in passes:
            total = 1 if repeat < 0 else len(row.puzzles)
            task = self.progress.add_task(
                f"{row.dataset:16} {formulation.key:9} {label}", total=total
            )
            gc.collect()
            for index in row.puzzles[:1] if repeat < 0 else row.puzzles:
                puzzle = puzzles[index]
                row.line_numbers[index] = puzzle.line_number
                line = puzzle.text
                start = clock()
                result = call(line)
                elapsed = clock() - start
                if repeat < 0:
                    row.warmup.append((index, elapsed))
                else:
                    row.calls.append((index, repeat, elapsed))
                self._judge(row, puzzle, index, answer(result), label)
                self._tick(task)
            self.progress.update(task, visible=False)
            self.progress.refresh()


def steps_table(datasets: Sequence[tuple[str, str]]) -> Table:
    """Median time of each step of ``check``'s fast path, per data set (after the main run).

    parse: ``Position.parse``; propose: the fast search (compiled when
    built); certify: the full-board model's prohibitions evaluated on the
    completion (as ``check`` does); and, for comparison, the same model
    decided by the SAT solver with every cell assumed (as ``check`` did
    before), the certificate on the completion model itself (every piece,
    every cell and the guarded groups assumed on its lean solver, as
    ``check`` did before the full-board model), and the pure-Python
    fallback of the search on the first 20 puzzles. The three certificates
    must agree.
    """
    clock = time.perf_counter
    table = Table(title=f"check's steps (median per puzzle; compiled search: {search.COMPILED})")
    columns = ("dataset", "parse", "propose", "certify", "by SAT", "on completion", "fallback (20)")
    for column in columns:
        table.add_column(column, justify="left" if column == "dataset" else "right")
    for dataset, file in datasets:
        times: dict[str, list[float]] = {
            "parse": [],
            "propose": [],
            "certify": [],
            "sat": [],
            "old": [],
            "fb": [],
        }
        for index, puzzle in enumerate(load(file)):
            start = clock()
            position = sumodoku.Position.parse(puzzle.text)
            times["parse"].append(clock() - start)
            start = clock()
            proposal = search.propose(position)
            times["propose"].append(clock() - start)
            if index < 20:
                start = clock()
                search.propose(position, compiled=False)
                times["fb"].append(clock() - start)
            if proposal.completion is not None:
                spec, compiled = sumodoku.compiled_model(position)
                assert isinstance(compiled, SatBackend)
                start = clock()
                rules = certify_by_rules(position, proposal.completion)
                times["certify"].append(clock() - start)
                start = clock()
                new = certify(position, proposal.completion, compiled.solver_name)
                times["sat"].append(clock() - start)
                start = clock()
                old = certify_on_completion_model(spec, compiled, position, proposal.completion)
                times["old"].append(clock() - start)
                if not new == old == rules:
                    raise SystemExit(f"{dataset} #{index}: the two certificates disagree")
        table.add_row(
            dataset,
            *(
                fmt_time(statistics.median(times[k]))
                for k in ("parse", "propose", "certify", "sat", "old", "fb")
            ),
        )
    return table


def certify_on_completion_model(
    spec: CompletionModel,
    compiled: SatBackend,
    position: sumodoku.Position,
    completion: sumodoku.Board,
) -> bool:
    """The certificate on the completion model: pieces, cells and guarded groups assumed."""
    literals = spec.piece_literals(position.board)
    literals += [9 * i + colour for i, colour in enumerate(completion.cells)]
    literals += spec.always
    return compiled.solve_lean(literals, model=False).status == "sat"


def target_of(row: Row) -> float | None:
    return TARGETS.get((row.file, row.formulation.key), TARGETS.get(("*", row.formulation.key)))


@click.command()
@click.option(
    "--repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Timed passes over each data set with the SAT backend.",
)
@click.option(
    "--z3-repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Timed passes over the Z3 subset.",
)
@click.option(
    "--z3-subset",
    type=click.IntRange(min=1),
    default=None,
    help="Time the Z3 backend on the first N puzzles of each data set only (default: all).",
)
@click.option(
    "--reference-subset",
    type=click.IntRange(min=0),
    default=10,
    show_default=True,
    help="Run the reference encoding on the first N puzzles of each data set (0: skip it).",
)
@click.option(
    "--reference-repeat",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Timed passes over the reference subset.",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    help="Also write every measured time and the summaries to this JSON file.",
)
def main(
    repeat: int,
    z3_repeat: int,
    z3_subset: int | None,
    reference_subset: int,
    reference_repeat: int,
    json_path: Path | None,
) -> None:
    """Time sumodoku.check per query (SAT, Z3, and a reference Z3 encoding)."""
    console = Console()
    if not console.is_terminal:  # a file or a pipe: do not wrap the table at 80 columns
        console = Console(width=140)
    rows: list[Row] = []
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        auto_refresh=False,
        transient=True,
    ) as progress:
        runner = Runner(progress)
        for dataset, file in DATASETS:
            puzzles = load(file)
            everything = list(range(len(puzzles)))
            plan = [
                (SAT, everything, repeat, True),
                (SOLVER, everything, repeat, True),
                (Z3, everything[:z3_subset], z3_repeat, True),
            ]
            if reference_subset:
                plan.append((REFERENCE, everything[:reference_subset], reference_repeat, False))
            for formulation, indices, passes, warmup in plan:
                row = Row(dataset, file, formulation, indices, passes)
                runner.run(row, puzzles, warmup=warmup)
                rows.append(row)

    table = Table(title="sumodoku.check: time per query (board line → verdict)")
    table.add_column("dataset")
    table.add_column("formulation")
    table.add_column("puzzles", justify="right")
    table.add_column("n", justify="right")
    table.add_column("median", justify="right")
    table.add_column("p90", justify="right")
    table.add_column("p99", justify="right")
    table.add_column("vs SAT median", justify="right")
    table.add_column("vs SAT median\n(same subset)", justify="right")
    table.add_column("target (median)")

    sat_rows = {row.file: row for row in rows if row.formulation is SAT}
    records: list[dict[str, Any]] = []
    verdicts: list[tuple[str, bool]] = []
    for row in rows:
        stats = summary(row.times())
        sat_row = sat_rows[row.file]
        sat_median = statistics.median(sat_row.times())
        same = statistics.median(sat_row.times(set(row.puzzles)))
        ratio, ratio_same = stats["median"] / sat_median, stats["median"] / same
        target = target_of(row)
        if target is None:
            target_cell = "—"
        else:
            met = stats["median"] <= target
            verdicts.append((f"{row.formulation.key} on {row.dataset}", met))
            mark = "[green]met[/]" if met else "[red]not met[/]"
            target_cell = f"≤ {fmt_time(target, short=True)}: {mark}"
        table.add_row(
            row.dataset,
            row.formulation.label,
            str(len(row.puzzles)),
            f"{len(row.calls)} ({row.repeat}×)" if row.repeat > 1 else str(len(row.calls)),
            fmt_time(stats["median"]),
            fmt_time(stats["p90"]),
            fmt_time(stats["p99"]),
            fmt_ratio(ratio),
            fmt_ratio(ratio_same),
            target_cell,
        )
        records.append(
            {
                "dataset": row.dataset,
                "file": row.file,
                "formulation": row.formulation.key,
                "puzzles": len(row.puzzles),
                "repeat": row.repeat,
                "n": len(row.calls),
                "seconds": stats,
                "sat_median_same_subset_seconds": same,
                "ratio_to_sat_median": ratio,
                "ratio_to_sat_median_same_subset": ratio_same,
                "target_median_seconds": target,
                "target_met": None if target is None else stats["median"] <= target,
                "pass_median_seconds": row.pass_medians(),
                "warmup_median_seconds": (
                    statistics.median(t for _, t in row.warmup) if row.warmup else None
                ),
                "calls": [
                    {"line": row.line_numbers[index], "repeat": r + 1, "seconds": t}
                    for index, r, t in row.calls
                ],
                "warmup": [
                    {"line": row.line_numbers[index], "seconds": t} for index, t in row.warmup
                ],
            }
        )

    console.print(table)
    console.print(steps_table(DATASETS))
    console.print(
        "Times per call with time.perf_counter, after one untimed warm-up call that compiles "
        "the solver (SAT and Z3 backends; the reference builds a fresh solver each call). "
        "Percentiles: statistics.quantiles (inclusive)."
    )
    warm = ", ".join(
        f"{row.formulation.key} on {row.dataset}: "
        + fmt_time(statistics.median(t for _, t in row.warmup))
        for row in rows
        if row.warmup
    )
    console.print(f"Warm-up calls (compiling the solver): {warm}.")
    passes = "; ".join(
        f"{row.formulation.key} on {row.dataset}: "
        + " / ".join(fmt_time(m) for m in row.pass_medians())
        for row in rows
        if row.repeat > 1
    )
    if passes:
        console.print(
            f"Median per timed pass (later passes meet puzzles the solver has seen): {passes}."
        )
    met_count = sum(met for _, met in verdicts)
    console.print(f"Targets met: {met_count} of {len(verdicts)}.")

    checked = sum(len(row.calls) + len(row.warmup) for row in rows)
    if runner.problems:
        console.print(f"[bold red]DISAGREEMENT[/] in {len(runner.problems)} of {checked} answers:")
        for problem in runner.problems[:20]:
            console.print(f"  {problem}")
    else:
        console.print(
            f"[bold green]All {checked} answers agree[/]: every puzzle completable, the SAT "
            "completion is a valid solution extending the puzzle, and every Z3 and reference "
            "answer (every repeat) gives the same completion."
        )

    if json_path is not None:
        document = {
            "benchmark": "sumodoku.check",
            "settings": {
                "repeat": repeat,
                "z3_repeat": z3_repeat,
                "z3_subset": z3_subset,
                "reference_subset": reference_subset,
                "reference_repeat": reference_repeat,
            },
            "environment": {
                "python": platform.python_version(),
                "implementation": platform.python_implementation(),
                "machine": platform.machine(),
                "dokuspec": version("dokuspec"),
                "python-sat": version("python-sat"),
                "z3-solver": version("z3-solver"),
            },
            "rows": records,
            "agreement": {"answers_checked": checked, "problems": runner.problems},
        }
        write_text_file(json_path, json.dumps(document, indent=1) + "\n")
        console.print(f"Raw numbers written to {json_path}.")

    sys.exit(1 if runner.problems else 0)


if __name__ == "__main__":
    main()
