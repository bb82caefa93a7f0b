"""``dokuspec competitive``: Competitive Sudoku hands, counts of winning hands, outs.

Each command parses its arguments, calls :mod:`dokuspec.competitive` and
prints a readable answer within 80 columns, or one JSON object with
``--json``. More commands (playing and replaying games) join
:data:`competitive_group` from their own modules.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from dokuspec import competitive
from dokuspec.cli.io import Output, Status, guarded, shown, standard_output
from dokuspec.cli.report import WIDTH
from dokuspec.competitive import Cards, Deck, Grid, Scoring
from dokuspec.errors import DokuspecError, NotationError

__all__ = ["competitive_group"]

_MAX_SECONDS = competitive.MAX_TIME_LIMIT
_MAX_CONFLICTS = competitive.MAX_CONFLICT_LIMIT


@click.group(name="competitive")
def competitive_group() -> None:
    """Competitive Sudoku hands (rules CS-17..CS-20)."""


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


_ASCII_NUMBER = re.compile(r"[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?")


class _Seconds(click.ParamType):  # type: ignore[type-arg]
    """A time limit: a number of seconds above 0, or ``none``."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value is None or isinstance(value, float):
            return value
        text = str(value).strip()
        if text.lower() == "none":
            return None
        if _ASCII_NUMBER.fullmatch(text):
            seconds = float(text)
            if 0 < seconds <= _MAX_SECONDS:
                return seconds
        self.fail(
            f"{shown(str(value))!r}: give a number of seconds above 0 and at most "
            f"{_MAX_SECONDS:,.0f}, or 'none'",
            param,
            ctx,
        )


def _console(out: Output) -> Console:
    return Console(
        file=out,  # type: ignore[arg-type]
        width=WIDTH,
        soft_wrap=True,
        highlight=False,
        markup=False,
        emoji=False,
    )


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
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
def hand_command(
    grid: str,
    power_series_points: int | None,
    three_triplets_bonus: bool,
    score_loser_hand: bool,
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
            console = _console(out)
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
    type=_Seconds(),
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
            text = f"{found.count:,} {what} ({deck} deck)"
            if not found.exact:
                text = f"at least {text}; the budget ran out"
            _console(out).print(Text(text))
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
            console = _console(out)
            console.print(Text(str(hand), style="bold"))
            if not found:
                console.print(Text(f"no outs among {len(cards)} available cards"))
            for out_ in found:
                verb = "place on" if out_.kind == "place" else "swap into"
                console.print(Text(f"  {out_.card}  {verb} position {out_.position}"))
    sys.exit(Status.OK)
