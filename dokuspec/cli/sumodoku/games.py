"""``dokuspec sumodoku simulate`` and ``replay``: games between bots, and a record played again."""

from __future__ import annotations

import json
import sys
import textwrap
from decimal import Decimal
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
    bots_option,
    check_svg_output,
    percent,
    plain_console,
    print_plain,
    record_argument,
    replayed_record,
    simulate_and_summarise,
    simulate_options,
    svg_option,
    svg_out,
)
from dokuspec.cli.sumodoku.options import _ASCII_FRACTION, _ASCII_NUMBER

# -- simulate ------------------------------------------------------------------------------------

_REASON_RULES = {
    "all-pieces-played": "SU-5",
    "no-valid-move": "SU-6",
    "pointed-out": "SU-7",
    "mistake-found": "SU-8",
    "claim-succeeded": "SU-10",
    "claim-failed": "SU-10",
}
_LABEL = 24
_COLUMN = 12


class _BordersType(click.ParamType):  # type: ignore[type-arg]
    """Borders separated by commas, such as ``r1c1-r1c2,r5c5-r6c5`` (the game checks each)."""

    name = "borders"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, list):
            return value
        return [part.strip() for part in str(value).split(",") if part.strip()]


class _ChanceType(click.ParamType):  # type: ignore[type-arg]
    """A probability 0-1 in ASCII: a decimal (``0.25``) or a fraction (``1/3``), read exactly."""

    name = "probability"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, float):
            return value
        text = str(value).strip()
        if _ASCII_NUMBER.fullmatch(text) and 0 <= Decimal(text) <= 1:
            return Decimal(text)  # the engine reads it exactly (SU-20)
        if _ASCII_FRACTION.fullmatch(text):
            numerator, _, denominator = text.partition("/")
            if int(denominator) and int(numerator) <= int(denominator):
                return text  # the engine reads it exactly (SU-20)
        self.fail(
            f"{shown(str(value))!r}: give a probability from 0 to 1 (0.25 or 1/3)", param, ctx
        )


def _game_line(result: Any) -> str:
    winner = "nobody wins" if result.winner is None else f"Player {result.winner} wins"
    rule = _REASON_RULES.get(result.reason)
    why = result.reason if rule is None else f"{result.reason} ({rule})"
    return f"game {result.index}: {winner}, {why}, {_turns(result.turns)}"


def _turns(turns: int) -> str:
    """A game's length: its turns, both players' placements and claims (ruling SU-25)."""
    return f"{turns:,} turn" if turns == 1 else f"{turns:,} turns"


def _summary_lines(done: list[Any], seed: int, bots: tuple[str, str], first: int) -> list[str]:
    games = len(done)
    noun = "game" if games == 1 else "games"
    wins = [sum(result.winner == p for result in done) for p in (1, 2)]
    lines = [
        f"{games:,} {noun}, seed {seed}",
        f"{'':<{_LABEL}}{'Player 1':>{_COLUMN}}{'Player 2':>{_COLUMN}}",
        f"{'bot':<{_LABEL}}{bots[0]:>{_COLUMN}}{bots[1]:>{_COLUMN}}",
        f"{'wins':<{_LABEL}}"
        + "".join(f"{f'{n:,} ({percent(n, games)})':>{_COLUMN}}" for n in wins),
        f"first player (Player {first}) won {percent(wins[first - 1], games)} of the games",
        "",
        f"{'way of winning':<{_LABEL}}{'games':>{_COLUMN}}{'share':>{_COLUMN}}",
    ]
    for reason in (*_REASON_RULES, *sorted({r.reason for r in done} - set(_REASON_RULES))):
        count = sum(result.reason == reason for result in done)
        label = reason if reason not in _REASON_RULES else f"{reason} ({_REASON_RULES[reason]})"
        lines.append(f"{label:<{_LABEL}}{count:>{_COLUMN},}{percent(count, games):>{_COLUMN}}")
    return lines


@click.command(name="simulate")
@simulate_options(
    bots_option(
        lambda: sumodoku.BOT_NAMES,
        "solver,random",
        "Player 1's bot and Player 2's (one name: both players).",
    ),
    click.option(
        "--enforcement",
        type=click.Choice(["strict", "tabletop"]),
        default=None,
        help="Invalid moves refused (strict, the default) or played (tabletop; SU-4).",
    ),
    click.option(
        "--colour-assignment",
        type=click.Choice(["fixed", "random"]),
        default=None,
        help="SU-1's colours per player: fixed (the default) or a random split.",
    ),
    click.option(
        "--first-player", type=click.Choice(["1", "2"]), default=None, help="Who starts (SU-2)."
    ),
    click.option(
        "--free-colours", is_flag=True, help="No colours assigned: one common supply (SU-11)."
    ),
    click.option("--x", "sudoku_x", is_flag=True, help="Sudoku X: both diagonals too (SU-12)."),
    click.option(
        "--parity",
        metavar="MARKING",
        default=None,
        help="Odd/even cells: 81 of 'o', 'e' and '.', row by row (SU-13).",
    ),
    click.option(
        "--consecutive",
        metavar="BORDERS",
        type=_BordersType(),
        default=None,
        help="Borders marked consecutive, such as 'r1c1-r1c2,r5c5-r6c5' (SU-14).",
    ),
    click.option("--strict-marks", is_flag=True, help="Unmarked borders not consecutive (SU-14)."),
    click.option("--non-consecutive", is_flag=True, help="No neighbours consecutive (SU-14)."),
    click.option(
        "--non-consecutive-marks",
        metavar="BORDERS",
        type=_BordersType(),
        default=None,
        help="Borders marked non-consecutive, such as 'r2c1-r3c1' (SU-37).",
    ),
    click.option(
        "--digits",
        metavar="DIGITS",
        default=None,
        help="Each colour's digit for parity and the marks, colour 1's first, such as "
        "'918273645' (default 123456789; SU-36).",
    ),
    click.option(
        "--observer",
        type=_ChanceType(),
        default=None,
        help="Tabletop: the chance that the observer removes an unnoticed invalid "
        "placement the opponent let pass, after each placement (SU-9): 0.25 or 1/3.",
    ),
    click.option(
        "--own-mistake-wins",
        is_flag=True,
        help="Tabletop: finding one's own unnoticed mistake wins too (SU-8, read literally).",
    ),
)
def simulate_command(
    games: int,
    seed: int,
    bots: tuple[str, str],
    enforcement: str | None,
    colour_assignment: str | None,
    first_player: str | None,
    free_colours: bool,
    sudoku_x: bool,
    parity: str | None,
    consecutive: list[str] | None,
    strict_marks: bool,
    non_consecutive: bool,
    non_consecutive_marks: list[str] | None,
    digits: str | None,
    observer: float | Decimal | str | None,
    own_mistake_wins: bool,
    records: str | None,
    as_json: bool,
    workers: int,
    scheduler: str | None,
) -> None:
    """Play games of Sumodoku between two bots and summarise them.

    Game i of a run is the same whatever else runs: its seed comes from
    --seed and i, so the results are the same however the games are shared
    among processes (--workers) or the workers of a Dask cluster
    (--scheduler). Each game is printed as it finishes (who won, how, after
    how many turns: both players' placements and claims, ruling SU-25);
    then a summary: each player's wins, the first
    player's win rate and how often each way of winning occurred (SU-5 to
    SU-10). With --json, one JSON object per game, then one line
    {"summary": {...}}. With --records DIR, each game's record is written
    to DIR (which must not hold them already); 'replay' reads them. A
    progress bar shows on standard error when it is a terminal.

    Exit status: 0 every game played; 2 bad usage or options; 74 an output
    failure or a record that could not be written; 130 interrupted (the
    games printed stand, their records are on disk, and their summary is
    printed).
    """
    options: dict[str, Any] = {}
    if enforcement is not None:
        options["enforcement"] = enforcement
    if colour_assignment is not None:
        options["colour_assignment"] = colour_assignment
    if first_player is not None:
        options["first_player"] = int(first_player)
    if free_colours:
        options["free_colours"] = True
    if sudoku_x:
        options["x"] = True
    variants: dict[str, Any] = {
        "parity": parity,
        "consecutive": consecutive,
        "strict_marks": strict_marks or None,
        "non_consecutive": non_consecutive or None,
        "non_consecutive_marks": non_consecutive_marks,
        "digits": digits,
    }
    options.update({name: value for name, value in variants.items() if value is not None})
    if observer is not None:
        options["observer"] = observer
    if own_mistake_wins:
        options["own_mistake_wins"] = True
    first = int(first_player or 1)
    simulate_and_summarise(
        lambda: sumodoku.simulate(
            games,
            seed,
            bots,
            records,
            options=options or None,
            workers=workers,
            scheduler=scheduler,
        ),
        games,
        records,
        as_json=as_json,
        summary_json=lambda done: sumodoku.summarise(done).to_json(),
        summary_lines=lambda done: _summary_lines(done, seed, bots, first),
        line=_game_line,
    )


# -- replay --------------------------------------------------------------------------------------


def _placements(state: Any) -> list[sumodoku.Piece]:
    """The pieces placed in the game, in order (claims' fillings are not placements)."""
    placed = []
    for entry in state.history():
        for action in entry.actions:
            data = action.to_json()
            if data.get("type") == "place":
                placed.append(sumodoku.Piece(data["row"], data["col"], data["colour"]))
    return placed


@click.command(name="replay")
@record_argument
@svg_option("the final position, the placements numbered,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of the board.")
def replay_command(record: str, svg_file: str | None, as_json: bool) -> None:
    """Replay a game record: the final position and the result.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input. Every action is checked by the engine as it is
    replayed, and the result the record states must be the game's. Prints
    the position at the end and how the game ended (who won, how, the rule,
    and after how many turns: both players' placements and claims, ruling
    SU-25), or that it is not finished. With --json: 'finished', 'turns',
    'position' and 'result' (null when not finished).

    Exit status: 0 replayed; 2 a bad record or usage (one line naming the
    file, line, column and JSON path, and for an action that breaks a rule,
    the action and the rule); 74 an input or output failure.
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        state = replayed_record(record, sumodoku.replay_record)
        position = state.position
        found = state.result
        turns = state.turn_number(0) + state.turn_number(1)
        if svg_file is not None:
            svg = sumodoku.board_svg(position, moves=_placements(state))
            if svg_out(out, svg_file, svg):
                sys.exit(Status.OK)
        if as_json:
            result = None if found is None else {**found.to_json(), "detail": found.detail}
            out.write(
                json.dumps(
                    {
                        "finished": found is not None,
                        "turns": turns,
                        "position": position.to_json(),
                        "result": result,
                    }
                )
                + "\n"
            )
        else:
            console = plain_console(out)
            for line in sumodoku.board_text(position).splitlines():
                print_plain(console, line)
            print_plain(console, "")
            if found is None:
                print_plain(console, f"not finished after {_turns(turns)}")
            else:
                rule = _REASON_RULES.get(found.reason)
                why = found.reason if rule is None else f"{found.reason} ({rule})"
                print_plain(
                    console,
                    f"game over after {_turns(turns)}: Player {found.winner + 1} wins, {why}",
                )
                for part in textwrap.wrap(found.detail, WIDTH, subsequent_indent="    "):
                    print_plain(console, part)
    sys.exit(Status.OK)
