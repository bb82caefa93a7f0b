"""``dokuspec competitive``: hands, counts of winning hands, outs; simulated and replayed games.

Each command parses its arguments, calls :mod:`dokuspec.competitive` and
prints a readable answer within 80 columns, or JSON with ``--json``.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import click
from rich.text import Text

from dokuspec import competitive
from dokuspec.cli.io import (
    Output,
    Status,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.shared import (
    SecondsType,
    bots_option,
    percent,
    plain_console,
    record_argument,
    replayed_record,
    simulate_and_summarise,
    simulate_options,
)
from dokuspec.competitive import Cards, Deck, Grid, Scoring
from dokuspec.errors import DokuspecError, NotationError

__all__ = ["competitive_group"]

_MAX_CONFLICTS = competitive.MAX_CONFLICT_LIMIT


@click.group(name="competitive")
def competitive_group() -> None:
    """Competitive Sudoku: hands (rules CS-17..CS-20), simulated and replayed games."""


# -- arguments -----------------------------------------------------------------------------------


def _located(error: NotationError, source: str) -> NotationError:
    """``error`` with ``source`` (an argument's name) as the place of the bad text."""
    return NotationError(
        error.reason,
        line=error.line if error.line is not None else 1,
        column=error.column if error.column is not None else 1,
        source=source,
    )


def _read_grid(text: str) -> Grid:
    try:
        return Grid.parse(text)
    except NotationError as error:
        raise _located(error, "GRID") from None
    except DokuspecError as error:
        raise type(error)(f"GRID: {error}") from None


def _read_cards(text: str, source: str) -> Cards:
    try:
        return Cards.parse(text)
    except NotationError as error:
        raise _located(error, source) from None


class _DeckType(click.ParamType):  # type: ignore[type-arg]
    """A deck: ``standard``, ``unlimited`` or the copies of each card 1-9 (CS-1)."""

    name = "deck"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, Deck):
            return value
        try:
            return Deck.parse(str(value))
        except DokuspecError:
            self.fail(
                f"{shown(str(value))!r}: give 'standard', 'unlimited' or copies of each card 1-9",
                param,
                ctx,
            )


class _SeriesPoints(click.ParamType):  # type: ignore[type-arg]
    """Points of a power series line: ``as_straight`` or a whole number 0-9."""

    name = "as_straight|0-9"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, int):
            return value
        text = str(value).strip()
        if text == "as_straight":
            return None
        if re.fullmatch(r"[0-9]", text):
            return int(text)
        self.fail(f"{shown(str(value))!r}: give 'as_straight' or a whole number 0-9", param, ctx)


def _json(out: Output, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")


def _scoring_options(function: Any) -> Any:
    function = click.option(
        "--score-loser-hand",
        is_flag=True,
        help="The loser scores their hand value instead of 0 (CS-20 option).",
    )(function)
    function = click.option(
        "--three-triplets-bonus",
        is_flag=True,
        help="+3 when all three rows, or all three columns, are triplets (CS-20 option).",
    )(function)
    return click.option(
        "--power-series-points",
        type=_SeriesPoints(),
        metavar="as_straight|0-9",
        default="as_straight",
        show_default=True,
        help="Points of a power series line (2 4 8): as a straight (1 or 2), or 0-9.",
    )(function)


# -- hand ----------------------------------------------------------------------------------------

_NAME = 15
_CARDS = 10
_KIND = 15


@competitive_group.command(name="hand")
@click.argument("grid")
@_scoring_options
@click.option(
    "--deck",
    type=_DeckType(),
    default="standard",
    show_default=True,
    help="The deck, which must hold the Grid's cards (CS-1).",
)
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
def hand_command(
    grid: str,
    power_series_points: int | None,
    three_triplets_bonus: bool,
    score_loser_hand: bool,
    deck: Deck,
    as_json: bool,
) -> None:
    """Read a hand: is GRID a winning hand, and what does each line score?

    GRID is nine positions row by row, one argument: cards such as 'r5' (red
    five) or 'b9', '..' for an empty position, rows optionally separated by
    '/': "r1 r2 r3 / b1 b2 b3 / r1 r2 r3". Prints every row, column and
    diagonal with its kind (CS-18) and points (CS-20), whether the hand wins
    (CS-19), its value (CS-17) and its score: as the winner's when it wins,
    else as the loser's.

    Exit status: 0 answered; 2 bad input or usage; 74 an output failure.
    """
    with guarded():
        out = standard_output()
        hand = _read_grid(grid)
        try:
            competitive.check_supply(hand, deck=deck)
        except DokuspecError as error:
            raise DokuspecError(f"GRID: {error}") from None
        scoring = Scoring(power_series_points, three_triplets_bonus, score_loser_hand)
        reason = competitive.why_not_winning(hand)
        winning = reason is None
        found = competitive.lines(hand, scoring)
        value = competitive.hand_value(hand, scoring)
        score = competitive.score(hand, scoring, winner=winning)
        if as_json:
            _json(
                out,
                {
                    "grid": str(hand),
                    "winning": winning,
                    "reason": reason,
                    "lines": [
                        {
                            "name": line.name,
                            "positions": list(line.positions),
                            "cards": [None if c is None else str(c) for c in line.cards],
                            "kind": line.kind,
                            "points": line.points,
                        }
                        for line in found
                    ],
                    "value": value,
                    "score": score,
                    "scored_as": "winner" if winning else "loser",
                    "scoring": scoring.to_options(),
                },
            )
        else:
            console = plain_console(out)
            console.print(Text(str(hand), style="bold"))
            if winning:
                console.print(Text("a winning hand", style="green"))
            else:
                console.print(Text(f"not a winning hand: {reason}", style="red"))
            console.print(Text(f"  {'line':<{_NAME}}{'cards':<{_CARDS}}  {'kind':<{_KIND}}points"))
            for line in found:
                cards = " ".join(".." if c is None else str(c) for c in line.cards)
                kind = line.kind or "-"
                console.print(
                    Text(
                        f"  {line.name:<{_NAME}}{cards:<{_CARDS}}  {kind:<{_KIND}}{line.points:>6}"
                    )
                )
            role = "the winner" if winning else "the loser"
            console.print(Text(f"value {value}; score as {role} {score}"))
    sys.exit(Status.OK)


# -- count ---------------------------------------------------------------------------------------


@competitive_group.command(name="count")
@click.option(
    "--deck",
    type=_DeckType(),
    default="standard",
    show_default=True,
    help="The deck: 'standard' (2 copies of each card), 'unlimited', or copies 1-9.",
)
@click.option(
    "--colours",
    is_flag=True,
    help="Count Grids of cards (equal cards identical) rather than patterns of ranks.",
)
@click.option(
    "--backend",
    type=click.Choice(["sat", "z3", "engine"]),
    default="sat",
    show_default=True,
    help="SAT or Z3 projected enumeration, or the engine's own count.",
)
@click.option(
    "--time-limit",
    type=SecondsType(competitive.MAX_TIME_LIMIT),
    default=None,
    help="Seconds for the whole count; past it, a lower bound and exit status 1.",
)
@click.option(
    "--conflict-limit",
    type=click.IntRange(0, _MAX_CONFLICTS),
    default=None,
    help="Solver conflicts per solver call.",
)
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a sentence.")
def count_command(
    deck: Deck,
    colours: bool,
    backend: str,
    time_limit: float | None,
    conflict_limit: int | None,
    as_json: bool,
) -> None:
    """Count the winning hands (CS-19) a deck can supply.

    Without --colours, patterns of ranks (positions matter); with --colours,
    Grids of cards, where two copies of a card are the same card. With a
    budget that runs out first, the count found so far is printed as a lower
    bound ("at least").

    Exit status: 0 counted; 1 the budget ran out first; 2 bad usage; 74 an
    output failure; 130 interrupted.
    """
    with guarded():
        out = standard_output()
        found = competitive.count_winning_within(
            deck,
            colours,
            backend=backend,  # type: ignore[arg-type]
            time_limit=time_limit,
            conflict_limit=conflict_limit,
        )
        if as_json:
            _json(
                out,
                {
                    "deck": str(deck),
                    "colours": colours,
                    "backend": backend,
                    "count": found.count,
                    "exact": found.exact,
                },
            )
        else:
            what = "winning Grids of cards" if colours else "winning rank patterns"
            text = f"{found.count:,} {what} ({deck.description})"
            if not found.exact:
                text = f"at least {text}; the budget ran out"
            plain_console(out).print(Text(text))
    sys.exit(Status.OK if found.exact else Status.UNKNOWN)


# -- outs ----------------------------------------------------------------------------------------


@competitive_group.command(name="outs")
@click.argument("grid")
@click.option(
    "--available",
    required=True,
    help="The cards that may be drawn, e.g. 'r4 b4 r5' ('-' for none).",
)
@click.option(
    "--deck",
    type=_DeckType(),
    default="standard",
    show_default=True,
    help="The deck, which must hold the Grid and the available cards together.",
)
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a list.")
def outs_command(grid: str, available: str, deck: Deck, as_json: bool) -> None:
    """Cards that complete a winning hand at once, and where.

    GRID as for 'hand'. With one empty position, the available cards whose
    placement there wins (CS-19); with a full Grid, the cards and positions
    whose swap wins (CS-11); with two or more empty positions, none.

    Exit status: 0 answered; 2 bad input or usage; 74 an output failure.
    """
    with guarded():
        out = standard_output()
        hand = _read_grid(grid)
        cards = _read_cards(available, "--available")
        found = competitive.outs(hand, cards, deck=deck)
        if as_json:
            _json(
                out,
                {
                    "grid": str(hand),
                    "available": str(cards),
                    "outs": [
                        {"card": str(o.card), "position": o.position, "kind": o.kind} for o in found
                    ],
                },
            )
        else:
            console = plain_console(out)
            console.print(Text(str(hand), style="bold"))
            empty = len(hand.empty_positions())
            if empty > 1:
                console.print(Text(f"no outs: {empty} empty positions, and one card fills one"))
            elif not found:
                console.print(Text(f"no outs among {len(cards)} available cards"))
            elif not empty and competitive.is_winning(hand):
                console.print(Text("already a winning hand; these swaps keep it one:"))
            for out_ in found:
                verb = "place on" if out_.kind == "place" else "swap into"
                console.print(Text(f"  {out_.card}  {verb} position {out_.position}"))
    sys.exit(Status.OK)


# -- simulate ------------------------------------------------------------------------------------


_LABEL = 22
_COLUMN = 12


def _summary_lines(
    summary: competitive.Summary, mode: str, seed: int, bots: tuple[str, str]
) -> list[str]:
    """The summary table: per seat, then per ending, then the first player and Black."""
    games = summary.games
    noun = "game" if games == 1 else "games"
    lines = [f"{games:,} {noun}, {mode} mode, seed {seed}"]
    lines.append(f"{'':<{_LABEL}}{'seat 0':>{_COLUMN}}{'seat 1':>{_COLUMN}}")
    lines.append(f"{'bot':<{_LABEL}}{bots[0]:>{_COLUMN}}{bots[1]:>{_COLUMN}}")
    wins = [f"{n:,} ({percent(n, games)})" for n in summary.wins]
    lines.append(f"{'wins':<{_LABEL}}{wins[0]:>{_COLUMN}}{wins[1]:>{_COLUMN}}")
    means = summary.mean_scores
    shown_means = ["-", "-"] if means is None else [f"{m:.2f}" for m in means]
    lines.append(f"{'mean score':<{_LABEL}}{shown_means[0]:>{_COLUMN}}{shown_means[1]:>{_COLUMN}}")
    lines.append("")
    lines.append(f"{'ending':<{_LABEL}}{'games':>{_COLUMN}}{'share':>{_COLUMN}}")
    for ending, count in summary.endings.items():
        lines.append(f"{ending:<{_LABEL}}{count:>{_COLUMN},}{percent(count, games):>{_COLUMN}}")
    lines.append("")
    lines.append(f"draws (nobody won): {summary.draws:,} ({percent(summary.draws, games)})")
    lines.append(
        f"the first player won {summary.first_wins:,} "
        f"({percent(summary.first_wins, games)}); Black won {summary.black_wins:,} "
        f"({percent(summary.black_wins, games)})"
    )
    return lines


@competitive_group.command(name="simulate")
@simulate_options(
    click.option(
        "--mode",
        type=click.Choice(list(competitive.MODES)),
        default="draft",
        show_default=True,
        help="The draft mode: draft (CS-3), twins (CS-4) or twins-draft (CS-5).",
    ),
    bots_option(
        lambda: competitive.BOT_NAMES,
        "random,random",
        "The bots of seat 0 and seat 1: random or greedy (one name: both seats).",
    ),
)
def simulate_command(
    games: int,
    seed: int,
    mode: str,
    bots: tuple[str, str],
    records: str | None,
    as_json: bool,
    workers: int,
    scheduler: str | None,
) -> None:
    """Play games of Competitive Sudoku between two bots and summarise them.

    Game i of a run is the same whatever else runs: its seed comes from
    --seed and i, so the results are the same however the games are shared
    among processes (--workers) or the workers of a Dask cluster
    (--scheduler). 'random' chooses uniformly among the legal actions;
    'greedy' takes a winning card when there is one and otherwise keeps its
    Grid completable with the best reachable score, as the solver queries
    answer. Prints a summary table: per seat the wins and mean score, how
    the games ended, and how often the first player and Black won. With
    --json, one JSON object per game as it finishes, then one line
    {"summary": {...}}. With --records DIR, each game's record is written
    to DIR (which must not hold them already); 'replay' reads them.

    Exit status: 0 every game played; 2 bad usage; 74 an output failure or a
    record that could not be written; 130 interrupted (the games finished
    before stand, and their summary is printed).
    """
    simulate_and_summarise(
        lambda: competitive.simulate(
            games, seed, mode, bots, records=records, workers=workers, scheduler=scheduler
        ),
        games,
        records,
        as_json=as_json,
        summary_json=lambda done: competitive.summarise(done).to_json(),
        summary_lines=lambda done: _summary_lines(competitive.summarise(done), mode, seed, bots),
    )


# -- replay --------------------------------------------------------------------------------------


def _outcome_json(found: competitive.Outcome) -> dict[str, Any]:
    return {
        "ending": found.ending,
        "winner": found.winner,
        "scores": list(found.scores),
        "black": found.black,
        "first": found.first,
        "turns": found.turns,
        "trades": found.trades,
    }


def _outcome_lines(found: competitive.Outcome) -> list[str]:
    if found.ending == "win":
        assert found.winner is not None
        head = f"player {found.winner} completed a winning hand (CS-19)"
    elif found.ending == "concede":
        head = f"player {found.winner} conceded with the more valuable hand (CS-16)"
    else:
        head = competitive.ENDINGS[found.ending]
    winner = "a draw" if found.winner is None else f"player {found.winner} wins"
    first = "nobody moved" if found.first is None else f"player {found.first} moved first"
    return [
        f"game over: {head}",
        f"scores: player 0 {found.scores[0]}, player 1 {found.scores[1]}: {winner}",
        f"player {found.black} is Black; {first}; {found.turns} turns, {found.trades} trades",
    ]


@competitive_group.command(name="replay")
@record_argument
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of the table.")
def replay_command(record: str, as_json: bool) -> None:
    """Replay a game record and print the final table and the result.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input. Every step is checked by the engine as it is
    replayed; the result the record states must be the game's. Prints the
    table as it stands at the end (Black's Grid at the top, the Pools, Red's
    Grid) and how the game ended, or that it is not finished. With --json:
    'finished', 'steps', 'table' (Grids, Pools, Decks and Discard Piles,
    Red's first) and 'outcome' (null when not finished).

    Exit status: 0 replayed; 2 a bad record or usage (one line naming the
    file, line, column and JSON path); 74 an input or output failure.
    """
    with guarded():
        out = standard_output()
        state = replayed_record(record, competitive.replay_record)
        finished = state.is_terminal()
        found = competitive.outcome(state) if finished else None
        steps = len(state.history())
        table = state.table()
        if as_json:
            _json(
                out,
                {
                    "finished": finished,
                    "steps": steps,
                    "table": table.to_json(),
                    "outcome": None if found is None else _outcome_json(found),
                },
            )
        else:
            console = plain_console(out)
            for line in competitive.table_text(table).splitlines():
                console.print(Text(line))
            console.print(Text(""))
            if found is None:
                console.print(Text(f"not finished: {steps} steps replayed"))
            else:
                for line in _outcome_lines(found):
                    console.print(Text(line))
    sys.exit(Status.OK)
