"""``dokuspec sumodoku show`` and ``moves``: one position drawn, and the moves a player may make."""

from __future__ import annotations

import json
import os
import sys
import textwrap
from typing import Any

import click

from dokuspec import sumodoku
from dokuspec.cli.io import (
    Status,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.report import WIDTH
from dokuspec.cli.shared import (
    plain_console,
    print_plain,
    read_input,
    svg_out,
)
from dokuspec.cli.sumodoku.options import DEFAULT_TIME_LIMIT, _Seconds
from dokuspec.errors import DokuspecError, NotationError
from dokuspec.sumodoku import Position, Verdict

# -- show ----------------------------------------------------------------------------------------


def _decoded(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text, or a NotationError at the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        raise NotationError(
            f"not UTF-8: the byte {data[error.start]:#04x} cannot start or continue a character",
            line=before.count(b"\n") + 1,
            column=error.start - (before.rfind(b"\n") + 1) + 1,
            source=shown(source),
        ) from None


def _read_position(argument: str) -> Position:
    """POSITION: a position's text given as the argument, or ``-`` for standard input."""
    if argument == "-":
        source, data = read_input("-", "a position (81 cells, a grid or a JSON object)")
        text = _decoded(data, source)
    else:
        source, text = "POSITION", argument
    try:
        return Position.parse(text)
    except NotationError as error:
        raise NotationError(
            error.reason,
            line=error.line if error.line is not None else 1,
            column=error.column if error.column is not None else 1,
            source=shown(source),
        ) from None
    except DokuspecError as error:
        raise type(error)(f"{shown(source)}: {error}") from None


def _conflict_words(verdict: Verdict) -> str:
    parts = [str(piece) for piece in verdict.conflict or ()]
    parts += [f"[{rule}]" for rule in verdict.conflict_rules]
    text = " ".join(parts) or "(no pieces)"
    return text if verdict.minimal else f"{text} (not minimised: budget)"


@click.command(name="show")
@click.argument("position")
@click.option(
    "--svg",
    "svg_file",
    type=click.Path(allow_dash=True),
    default=None,
    metavar="FILE",
    help="Also draw the board as SVG to FILE (replaced whole); '-': the SVG on standard "
    "output instead of the text. With --steps, FILE is a directory: one picture per step, "
    "step-01.svg onwards.",
)
@click.option("--title", default=None, help="A caption for the SVG picture.")
@click.option(
    "--explain",
    is_flag=True,
    help="Check the position; when it is impossible, highlight a minimal conflict.",
)
@click.option(
    "--steps",
    is_flag=True,
    help="Explain the position step by step under the board (as 'explain --steps').",
)
@click.option(
    "--time-limit",
    type=_Seconds(),
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    help="Seconds for --explain or --steps, past which the answer is 'unknown'; 'none' for "
    "no limit.",
)
def show_command(
    position: str,
    svg_file: str | None,
    title: str | None,
    explain: bool,
    steps: bool,
    time_limit: float | None,
) -> None:
    """Draw POSITION on the terminal, and as SVG with --svg.

    POSITION is a board of 81 cells, a grid (9 lines) or a position's JSON
    object (variants, pieces out of the game), given as one argument, or
    '-' to read it from standard input. The picture shows the pieces (their
    colour numbers), the odd and even cells (o, e; SU-13), the consecutive
    marks (double lines; SU-14), the non-consecutive marks (×; SU-37), the
    variants in force (with the colours' digits, SU-36) and the pieces per
    colour: on the board, out of the game (SU-9) and left. The SVG picture
    draws the pieces in a palette safe for colour-blind readers, each with
    its number.

    With --explain the position is checked (SU-15): a completable position
    says so; for an impossible one a minimal set of pieces that cannot all
    stand (and the rules it needs) is listed and highlighted, in brackets
    on the terminal and outlined in the SVG, and when one unit or cell
    shows it, a one-line reason follows ("colour 2 has no place left in
    row 3").

    With --steps the steps of 'explain --steps' follow the board, and --svg
    DIR draws each step as a picture in the directory DIR (made when missing;
    pictures already there are never overwritten): the premises' cells
    outlined, earlier placements pale, candidates ruled out struck, and the
    step's conclusion in red.

    Exit status: 0 shown (and answered); 1 --explain ran out of time
    ('unknown'); 2 bad input or usage; 74 an input or output failure
    (the SVG file cannot be written); 130 interrupted.
    """
    with guarded():
        out = standard_output()
        if steps and explain:
            raise click.UsageError("--steps and --explain: choose one")
        if steps and svg_file == "-":
            raise click.UsageError("--steps draws one picture per step: --svg names a directory")
        if svg_file is not None and not steps and os.path.isdir(svg_file):
            raise click.BadParameter(
                f"File {shown(svg_file)!r} is a directory", param_hint="'--svg'"
            )
        parsed = _read_position(position)
        if steps:
            _show_steps(out, parsed, svg_file, time_limit)
            return
        if title is not None and svg_file is not None:
            try:  # refused before any solving: a title SVG text cannot carry
                sumodoku.board_svg(parsed.board, title=title)
            except NotationError as error:
                raise NotationError(f"--title: {error}") from None
        status = Status.OK
        lines: list[str] = []
        highlight: tuple[sumodoku.Piece, ...] = ()
        if explain:
            verdict = sumodoku.explain(parsed, time_limit=time_limit)
            if verdict.status == "impossible":
                highlight = verdict.conflict or ()
                lines.append(f"impossible (SU-15); conflict: {_conflict_words(verdict)}")
                if verdict.reason is not None:
                    lines.append(f"reason: {verdict.reason}")
            elif verdict.status == "completable":
                lines.append("completable (SU-15)")
            else:
                lines.append("unknown: the time limit ran out first")
                status = Status.UNKNOWN
        svg = None
        if svg_file is not None:
            svg = sumodoku.board_svg(parsed, highlight=highlight, title=title)
        if not svg_out(out, svg_file, svg or ""):
            console = plain_console(out)
            if title is not None:
                print_plain(console, title)
            for line in sumodoku.board_text(parsed, highlight=highlight).splitlines():
                print_plain(console, line)
            if lines:
                print_plain(console, "")
            for line in lines:
                for part in textwrap.wrap(line, WIDTH, subsequent_indent="    ") or [""]:
                    print_plain(console, part)
    sys.exit(status)


def _show_steps(
    out: Any, parsed: Position, directory: str | None, time_limit: float | None
) -> None:
    """``show --steps``: the board, then the steps; with a directory, a picture per step."""
    from dokuspec.cli.sumodoku.explain import (  # noqa: PLC0415 - shares the step lines
        prepare_step_directory,
        step_lines,
        write_step_pictures,
    )

    place = prepare_step_directory(directory) if directory is not None else None
    explanation = sumodoku.explain_steps(parsed, time_limit=time_limit)
    console = plain_console(out)
    for line in sumodoku.board_text(parsed).splitlines():
        print_plain(console, line)
    print_plain(console, "")
    for line in step_lines(explanation):
        print_plain(console, line)
    if place is not None:
        written = write_step_pictures(place, explanation)
        noun = "picture" if written == 1 else "pictures"
        print_plain(console, f"{written} {noun} written to {place}")
    sys.exit(Status.UNKNOWN if explanation.status == "unknown" else Status.OK)


# -- moves ---------------------------------------------------------------------------------------


class _ColoursType(click.ParamType):  # type: ignore[type-arg]
    """Colours 1-9 separated by commas, such as ``1,2,3,4,9``."""

    name = "colours"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, frozenset):
            return value
        parts = [part.strip() for part in str(value).split(",")]
        if parts and all(len(part) == 1 and part in "123456789" for part in parts):
            return frozenset(int(part) for part in parts)
        self.fail(
            f"{shown(str(value))!r}: give colours 1-9 separated by commas, such as '1,2,3,4,9'",
            param,
            ctx,
        )


def _listed(colours: list[int]) -> str:
    return " ".join(map(str, colours))


def _moves_lines(player: int, moves: tuple[Any, ...]) -> list[str]:
    """The moves as a table: one line per cell, its colours by verdict."""
    if not moves:
        return [f"Player {player} has no valid move (SU-6)"]
    safe = sum(move.safe is True for move in moves)
    losing = sum(move.safe is False for move in moves)
    unknown = len(moves) - safe - losing
    noun = "valid move" if len(moves) == 1 else "valid moves"
    lines = [
        f"Player {player}: {len(moves)} {noun}: {safe} safe, {losing} losing, {unknown} unknown",
        f"{'cell':<7}{'safe':<20}{'losing':<20}unknown",
    ]
    cells: dict[tuple[int, int], dict[bool | None, list[int]]] = {}
    for move in moves:
        verdicts = cells.setdefault((move.row, move.col), {True: [], False: [], None: []})
        verdicts[move.safe].append(move.colour)
    for (r, c), verdicts in cells.items():
        line = (
            f"{f'r{r}c{c}':<7}{_listed(verdicts[True]):<20}{_listed(verdicts[False]):<20}"
            f"{_listed(verdicts[None])}"
        )
        lines.append(line.rstrip())
    return lines


@click.command(name="moves")
@click.argument("position", required=False)
@click.option(
    "--player",
    type=click.Choice(["1", "2"]),
    required=True,
    help="Whose moves: Player 1 or Player 2.",
)
@click.option(
    "--colours",
    type=_ColoursType(),
    default=None,
    help="The colours the player may place, such as '1,2,3,4,9' "
    "(default: SU-1's fixed assignment, 1-4 and 9 for Player 1, 5-9 for Player 2).",
)
@click.option("--json", "as_json", is_flag=True, help='A JSON object {"moves": [...]}.')
@click.option(
    "--time-limit",
    type=_Seconds(),
    default=str(DEFAULT_TIME_LIMIT),
    show_default=True,
    help="Seconds for the whole answer; moves not decided by then are 'unknown'.",
)
def moves_command(
    position: str | None,
    player: str,
    colours: frozenset[int] | None,
    as_json: bool,
    time_limit: float | None,
) -> None:
    """Every valid move of a player, each marked safe or losing.

    POSITION is a board of 81 cells, a grid or a position's JSON object,
    given as one argument, or '-' to read it from standard input; without
    it, the empty board (the game's start). A move is valid when the cell
    is empty, the player has that colour and no rule forbids it there (SU-3,
    SU-12..SU-14, SU-36, SU-37); it is safe when the board stays completable
    with the pieces left (SU-15), losing when it does not. Colours with no
    piece left are not offered. Without --colours a player holds SU-1's
    pieces: colour 9 only while fewer than 8 of its pieces are on the board
    and out of the game, since the ninth is the spare, which no move places
    (SU-38).

    Prints a table, one line per cell, its colours by verdict; with --json
    {"moves": [{"row", "col", "colour", "safe": true|false|null}, ...]},
    ordered by cell then colour ('null': the time limit ran out first).

    Exit status: 0 every move decided; 1 some 'unknown' (the time limit);
    2 bad input or usage; 74 an input or output failure; 130 interrupted.
    """
    with guarded():
        out = standard_output()
        parsed = _read_position(position) if position is not None else Position.parse("." * 81)
        number = int(player)
        found = sumodoku.safe_moves(parsed, number, colours=colours, time_limit=time_limit)
        if as_json:
            out.write(json.dumps({"moves": [move.to_json() for move in found]}) + "\n")
        else:
            console = plain_console(out)
            for line in _moves_lines(number, found):
                print_plain(console, line)
        undecided = any(move.safe is None for move in found)
    sys.exit(Status.UNKNOWN if undecided else Status.OK)
