"""``dokuspec sumodoku explain``: why a position is impossible, in the forms a person can check.

By default the minimal conflict of :func:`dokuspec.sumodoku.explain` and its
one-line reason; ``--steps`` the step-by-step explanation of
:func:`dokuspec.sumodoku.explain_steps` (each step checked independently);
``--repairs`` the fewest pieces to take off (:func:`dokuspec.sumodoku.repairs`).
The step lines are shared with ``show --steps`` (:func:`step_lines`).
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import click

from dokuspec import sumodoku
from dokuspec.cli.io import Status, guarded, shown, standard_output
from dokuspec.cli.report import WIDTH
from dokuspec.cli.shared import plain_console, print_plain
from dokuspec.cli.sumodoku.board import _conflict_words, _read_position
from dokuspec.cli.sumodoku.options import DEFAULT_TIME_LIMIT, _Seconds, _Whole
from dokuspec.errors import DokuspecError
from dokuspec.files import write_text_file
from dokuspec.sumodoku import Explanation, Piece, Step

__all__ = ["explain_command", "step_lines", "write_step_pictures"]


def _fact(piece: Piece, eliminated: bool = False) -> str:
    return f"r{piece.row}c{piece.col}{'≠' if eliminated else '='}{piece.colour}"


def _heading(explanation: Explanation) -> str:
    count = len(explanation.steps)
    steps = f"{count} step{'s' if count != 1 else ''}"
    rating = ""
    if explanation.rating is not None:
        rating = (
            f"; rating {explanation.rating:.1f} ({explanation.hardest})"
            if explanation.hardest
            else "; a rule is already broken"
        )
    if explanation.status == "impossible":
        return f"impossible (SU-15), shown in {steps}{rating}"
    if explanation.status == "solved":
        return f"completable (SU-15): the steps solve it in {steps}{rating}"
    if explanation.status == "unknown":
        return f"unknown: the time limit ran out after {steps}"
    if explanation.verdict == "completable":
        return f"completable (SU-15), with more than one completion: no step applies after {steps}"
    if explanation.verdict == "impossible":
        return (
            f"impossible (SU-15), but beyond the named techniques and trials: no step applies "
            f"after {steps} (check --proof gives a proof)"
        )
    return f"no step applies after {steps}; the check ran out of time"


def step_lines(explanation: Explanation) -> list[str]:
    """The explanation as lines of text: a heading, then per step its number, technique,
    difficulty and words, its premises (pieces, and facts of earlier steps with their step
    numbers) and its rules; a trial's chain follows it, indented."""
    lines = _wrapped(_heading(explanation), "    ")
    origins: dict[tuple[bool, Piece], int] = {}
    width = len(str(len(explanation.steps)))
    for number, step in enumerate(explanation.steps, 1):
        lines.extend(_one_step(step, f"{number:>{width}}.", origins, "    "))
        for piece in step.places:
            origins[False, piece] = number
        for piece in step.eliminates:
            origins[True, piece] = number
    return lines


def _one_step(
    step: Step, label: str, origins: dict[tuple[bool, Piece], int], indent: str
) -> list[str]:
    level = "" if step.level is None else f" ({step.level:.1f})"
    lines = _wrapped(f"{label} {step.technique}{level}: {step.text}", " " * (len(label) + 1))
    premises = [_fact(p) for p in step.pieces]
    premises += [f"{_fact(p)} (step {origins.get((False, p), '?')})" for p in step.placed]
    premises += [f"{_fact(p, True)} (step {origins.get((True, p), '?')})" for p in step.eliminated]
    if premises:
        lines += _wrapped(f"{indent}from " + " ".join(premises), indent + "     ")
    if step.rules:
        lines += _wrapped(f"{indent}rules: " + ", ".join(step.rules), indent + "       ")
    if step.chain:
        assumed = step.assumption
        chain_origins = dict(origins)
        for sub, inner in enumerate(step.chain, 1):
            if assumed is not None:
                chain_origins[False, assumed] = 0
            for line in _one_step(inner, f"{indent}{label.rstrip('.')}.{sub}", chain_origins,
                                  indent + "    "):  # fmt: skip
                lines.append(line)
            for piece in inner.places:
                chain_origins[False, piece] = 0
            for piece in inner.eliminates:
                chain_origins[True, piece] = 0
    return lines


def _wrapped(line: str, indent: str) -> list[str]:
    """``line`` wrapped at its spaces within 80 columns, continued lines indented."""
    return textwrap.wrap(
        line, WIDTH, subsequent_indent=indent, break_long_words=True, break_on_hyphens=False
    ) or [line]


_STEP_FILE = re.compile(r"step-\d+\.svg")


def prepare_step_directory(directory: str) -> Path:
    """The directory for ``--svg DIR`` with ``--steps``, made when missing.

    Raises:
        DokuspecError: ``directory`` is a file, or already holds a picture
            named ``step-N.svg`` (pictures are never overwritten).
    """
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise DokuspecError(f"--svg: {shown(directory)} is not a directory")
    if path.is_dir():
        for entry in sorted(path.iterdir()):
            if _STEP_FILE.fullmatch(entry.name):
                raise DokuspecError(
                    f"{shown(str(entry))} exists already (pictures are never overwritten)"
                )
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_step_pictures(directory: Path, explanation: Explanation) -> int:
    """Write one SVG picture per step, ``step-01.svg`` onwards; how many were written."""
    width = max(2, len(str(len(explanation.steps))))
    for number in range(1, len(explanation.steps) + 1):
        write_text_file(directory / f"step-{number:0{width}}.svg", explanation.svg(number) + "\n")
    return len(explanation.steps)


@click.command(name="explain")
@click.argument("position")
@click.option(
    "--steps",
    is_flag=True,
    help="A step-by-step explanation, each step checked independently, with a rating.",
)
@click.option(
    "--smallest",
    is_flag=True,
    help="A smallest conflict instead of a minimal one (not with --steps).",
)
@click.option("--repairs", is_flag=True, help="Also the fewest pieces to take off.")
@click.option(
    "--limit",
    type=_Whole(min=1, max=1000),
    default=10,
    show_default=True,
    help="With --repairs: list at most this many repairs.",
)
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of text.")
@click.option(
    "--time-limit",
    type=_Seconds(),
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    help="Seconds for each answer, past which it is 'unknown'; 'none' for no limit.",
)
def explain_command(
    position: str,
    steps: bool,
    smallest: bool,
    repairs: bool,
    limit: int,
    as_json: bool,
    time_limit: float | None,
) -> None:
    """Explain why POSITION cannot be completed (SU-15).

    POSITION is a board of 81 cells, a grid (9 lines) or a position's JSON
    object, given as one argument or '-' for standard input.

    By default: a minimal set of pieces that cannot all stand (--smallest: a
    smallest one) with the rules it needs, and a one-line reason when one
    unit or cell shows it. With --steps: the steps a person can check one
    at a time, from the pieces to a contradiction (the simplest technique
    first: singles, locked candidates, pairs, X-wings, ..., the variants'
    border deductions, and trials), each with its premises and rules, each
    checked by a search of its own premises and rules; the rating is the
    hardest step on Sudoku Explainer's scale. A completable position gets
    the steps that solve it, when they do. With --repairs: the fewest pieces
    to take off so that the position can be completed, every such set up to
    --limit.

    Exit status: 0 answered; 1 the time limit ran out ('unknown'); 2 bad
    input or usage; 74 an output failure; 130 interrupted.
    """
    with guarded():
        if steps and smallest:
            raise click.UsageError("--steps and --smallest: choose one")
        if _limit_given(click.get_current_context()) and not repairs:
            raise click.UsageError("--limit counts repairs: it needs --repairs")
        out = standard_output()
        parsed = _read_position(position)
        record: dict[str, Any] = {"position": parsed.to_json() if as_json else None}
        lines: list[str] = []
        status = Status.OK
        if steps:
            explanation = sumodoku.explain_steps(parsed, time_limit=time_limit)
            record["steps"] = explanation.to_json()
            lines += step_lines(explanation)
            if explanation.status == "unknown":
                status = Status.UNKNOWN
        else:
            verdict = sumodoku.explain(parsed, time_limit=time_limit, smallest=smallest)
            record.update(_verdict_json(verdict))
            if verdict.status == "impossible":
                lines.append(f"impossible (SU-15); conflict: {_conflict_words(verdict)}")
                if verdict.reason is not None:
                    lines.append(f"reason: {verdict.reason}")
            elif verdict.status == "completable":
                lines.append("completable (SU-15)")
            else:
                lines.append("unknown: the time limit ran out first")
                status = Status.UNKNOWN
        if repairs:
            found = sumodoku.repairs(parsed, limit=limit, time_limit=time_limit)
            record["repairs"] = _repairs_json(found)
            lines += _repairs_lines(found)
            if found.status == "unknown":
                status = Status.UNKNOWN
        if as_json:
            out.write(json.dumps(record) + "\n")
        else:
            console = plain_console(out)
            for line in lines:
                print_plain(console, line)
    sys.exit(status)


def _limit_given(context: click.Context) -> bool:
    """Whether ``--limit`` was given on the command line (not its default)."""
    source = context.get_parameter_source("limit")
    return source is not None and source != click.core.ParameterSource.DEFAULT


def _pieces(pieces: tuple[Piece, ...] | None) -> list[dict[str, int]]:
    return [{"row": p.row, "col": p.col, "colour": p.colour} for p in pieces or ()]


def _verdict_json(verdict: sumodoku.Verdict) -> dict[str, Any]:
    return {
        "status": verdict.status,
        "conflict": _pieces(verdict.conflict) if verdict.status == "impossible" else None,
        "conflict_rules": list(verdict.conflict_rules),
        "minimal": verdict.minimal,
        "smallest": verdict.smallest,
        "reason": verdict.reason,
    }


def _repairs_json(found: sumodoku.Repairs) -> dict[str, Any]:
    return {
        "status": found.status,
        "size": found.size,
        "minimum": found.minimum,
        "complete": found.complete,
        "repairs": [_pieces(repair.remove) for repair in found.repairs],
    }


def _repairs_lines(found: sumodoku.Repairs) -> list[str]:
    if found.status == "completable":
        return ["repairs: none needed, the position is completable"]
    if found.status == "unknown":
        return ["repairs: unknown, the time limit ran out first"]
    if not found.repairs:
        if found.complete:
            return [
                "repairs: none: taking pieces off cannot help (the marks or the pieces out "
                "of the game decide it)"
            ]
        return ["repairs: none found before the time limit"]
    size = found.size
    noun = "piece" if size == 1 else "pieces"
    fewest = "the fewest" if found.minimum else "the fewest found (not proven)"
    more = "" if found.complete else f", the first {len(found.repairs)} listed"
    lines = [f"repairs: take off {size} {noun} ({fewest}){more}:"]
    lines += [f"  {repair}" for repair in found.repairs]
    return lines
