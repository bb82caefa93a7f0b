"""``dokuspec twodoku simulate``, ``replay`` and ``view``: games between bots, and records."""

from __future__ import annotations

import json
import sys

import click

from dokuspec import twodoku
from dokuspec.cli.io import (
    Status,
    guarded,
    standard_output,
)
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
from dokuspec.cli.twodoku.common import _json
from dokuspec.errors import DokuspecError

# -- simulate ------------------------------------------------------------------------------------


_ENDING_WORDS = {
    "pile-empty": "a pile is empty (TD-9)",
    "no-successful-play": "two turns without a successful play (TD-9)",
    "max-turns": "the turn limit (TD-14)",
}
_LABEL = 22
_COLUMN = 12


def _summary_lines(summary: twodoku.Summary, seed: int, bots: tuple[str, str]) -> list[str]:
    """The summary: per player, then the game length, then per ending."""
    games = summary.games
    noun = "game" if games == 1 else "games"
    lines = [f"{games:,} {noun}, seed {seed}"]
    lines.append(f"{'':<{_LABEL}}{'Red':>{_COLUMN}}{'Blue':>{_COLUMN}}")
    lines.append(f"{'bot':<{_LABEL}}{bots[0]:>{_COLUMN}}{bots[1]:>{_COLUMN}}")
    wins = [f"{n:,} ({percent(n, games)})" for n in summary.wins]
    lines.append(f"{'wins':<{_LABEL}}{wins[0]:>{_COLUMN}}{wins[1]:>{_COLUMN}}")
    lines.append(f"draws (equal pile sums): {summary.draws:,} ({percent(summary.draws, games)})")
    mean = summary.mean_winning_score
    lines.append("mean winning score: " + ("-" if mean is None else f"{mean:.2f}"))
    if summary.mean_turns is None:
        lines.append("game length: -")
    else:
        lines.append(
            f"game length: {summary.mean_turns:.1f} turns of play on average, "
            f"{summary.shortest:,} to {summary.longest:,}"
        )
    lines.append("")
    lines.append(f"{'ending':<{_LABEL}}{'games':>{_COLUMN}}{'share':>{_COLUMN}}")
    for ending, count in summary.endings.items():
        lines.append(f"{ending:<{_LABEL}}{count:>{_COLUMN},}{percent(count, games):>{_COLUMN}}")
    return lines


@click.command(name="simulate")
@simulate_options(
    bots_option(
        lambda: twodoku.BOT_NAMES, "random,random", "Red's bot and Blue's (one name: both players)."
    ),
    click.option(
        "--max-turns",
        type=click.IntRange(1, 10**6),
        default=None,
        help="End a game after this many turns of play (TD-14; the engine's default otherwise).",
    ),
)
def simulate_command(
    games: int,
    seed: int,
    bots: tuple[str, str],
    max_turns: int | None,
    records: str | None,
    as_json: bool,
    workers: int,
    scheduler: str | None,
) -> None:
    """Play games of Two-Doku between two bots and summarise them.

    Game i of a run is the same whatever else runs: its seed comes from
    --seed and i, so the results are the same however the games are shared
    among processes (--workers) or the workers of a Dask cluster
    (--scheduler). Prints a summary: Red's and Blue's wins (TD-10), the
    draws, the winners' mean score, the game length in turns of play, and
    how the games ended (TD-9, TD-14). With --json, one JSON object per
    game as it finishes, then one line {"summary": {...}}. With --records
    DIR, each game's record is written to DIR (which must not hold them
    already); 'replay' reads them. A progress bar shows on standard error
    when it is a terminal.

    Exit status: 0 every game played; 2 bad usage; 74 an output failure or a
    record that could not be written; 130 interrupted (the games finished
    before stand, their records are on disk, and their summary is printed).
    """
    options = None if max_turns is None else {"max_turns": max_turns}
    simulate_and_summarise(
        lambda: twodoku.simulate(
            games, seed, bots, records, options=options, workers=workers, scheduler=scheduler
        ),
        games,
        records,
        as_json=as_json,
        summary_json=lambda done: twodoku.summarise(done).to_json(),
        summary_lines=lambda done: _summary_lines(twodoku.summarise(done), seed, bots),
    )


# -- replay --------------------------------------------------------------------------------------


def _counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def _turns_text(turns: int) -> str:
    """A game's length, counted in turns of play (TD-6; both players', passes included)."""
    return _counted(turns, "turn")


def _result_lines(found: twodoku.TwoDokuResult) -> list[str]:
    red, blue = found.pile_sums
    if found.winner is None:
        verdict = "a draw"
    else:
        verdict = f"{'Red' if found.winner == twodoku.RED else 'Blue'} wins"
    return [
        f"game over: {_ENDING_WORDS.get(found.ending, found.ending)}",
        f"pile sums: Red {red}, Blue {blue}; the pot {found.pot_sum}",
        f"scores: Red {found.scores[0]}, Blue {found.scores[1]}: {verdict} (TD-10)",
        f"{_turns_text(found.turns)} of play",
    ]


@click.command(name="replay")
@record_argument
@svg_option("the final position (before the deal: what is coloured and placed)")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of the board.")
def replay_command(record: str, svg_file: str | None, as_json: bool) -> None:
    """Replay a game record: the final position and the result.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input. Every step is checked by the engine as it is
    replayed, and the result the record states must be the game's. Prints
    the position at the end (the board with the face-down digits, the
    piles and the pot) and how the game ended, or that it is not finished.
    A game's length is counted in turns of play (TD-6: Red's and Blue's
    turns, passes included), as 'simulate' counts it; a record's steps are
    its entries (every colouring, placement, chance outcome and action).
    With --json: 'finished', 'turns' (the turns of play over), 'steps',
    'position' (null before the deal) and 'result' (null when not
    finished). With --svg FILE, also the final
    position as SVG (twodoku.position_svg; before the deal is complete, Red's
    view, twodoku.view_svg: nothing is private yet).

    Exit status: 0 replayed; 2 a bad record or usage (one line naming the
    file, line, column and JSON path, and for a step that breaks a rule,
    the action and the rule); 74 an input or output failure (the SVG file
    cannot be written).
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        state = replayed_record(record, twodoku.replay_record)
        found = state.result()
        steps = len(state.history())
        dealt = state.deal() is not None
        position = state.position() if dealt else None
        if svg_file is not None:
            svg = (
                twodoku.view_svg(state.view(0))
                if position is None
                else twodoku.position_svg(position)
            )
            if svg_out(out, svg_file, svg):
                sys.exit(Status.OK)
        if as_json:
            _json(
                out,
                {
                    "finished": found is not None,
                    "turns": state.turns,
                    "steps": steps,
                    "position": None if position is None else position.to_json(),
                    "result": None if found is None else found.to_json(),
                },
            )
        else:
            console = plain_console(out)
            if position is not None:
                for line in twodoku.position_text(position).splitlines():
                    print_plain(console, line)
                print_plain(console, "")
            if found is None:
                print_plain(
                    console,
                    f"not finished: {_turns_text(state.turns)} of play over "
                    f"({_counted(steps, 'step')} of the record replayed)",
                )
            else:
                for line in _result_lines(found):
                    print_plain(console, line)
    sys.exit(Status.OK)


# -- view ----------------------------------------------------------------------------------------


@click.command(name="view")
@record_argument
@click.option(
    "--player",
    type=click.Choice(list(twodoku.PLAYERS)),
    required=True,
    help="Whose view: red or blue.",
)
@click.option(
    "--turn",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="The view when N turns of play are over (0: as play begins); default: at the "
    "record's end.",
)
@svg_option("the view")
def view_command(record: str, player: str, turn: int | None, svg_file: str | None) -> None:
    """A player's view from a game record: what 'infer' reads.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input; it is replayed and checked as 'replay' does. Prints
    the view of --player (TD-11: everything that player has seen, never a
    face-down digit or the other pile) as JSON in the form of the view
    schema, one value per line, as the engine shows it to that player.
    --turn N counts turns of play, as 'replay' and 'simulate' count a
    game's length (TD-6: a turn of Red or Blue, a pass included): 0 is the
    start of play (the deal complete, Red to move), N the moment the N-th
    turn ended; without it, the view at the record's end. With --svg FILE,
    also the view's picture as SVG (twodoku.view_svg).

    Exit status: 0 shown; 2 a bad record (one line naming the file, line,
    column and JSON path) or usage (a --turn the game does not have); 74
    an input or output failure (the SVG file cannot be written).
    """
    with guarded():
        out = standard_output()
        state = replayed_record(record, twodoku.replay_record)
        if turn is not None:
            try:
                state = twodoku.state_after_turns(state, turn)
            except DokuspecError as error:
                raise click.BadParameter(str(error), param_hint="'--turn'") from None
        view = state.view(twodoku.PLAYERS.index(player))
        if not svg_out(out, svg_file, twodoku.view_svg(view)):
            out.write(json.dumps(view.to_json(), indent=1) + "\n")
    sys.exit(Status.OK)
