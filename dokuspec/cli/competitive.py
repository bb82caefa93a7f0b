"""``dokuspec competitive``: hands, counts of winning hands, outs, best hands; games.

Each command parses its arguments, calls :mod:`dokuspec.competitive` and
prints a readable answer within 80 columns, or JSON with ``--json``; the
commands that show a Grid or the table also draw it as SVG with ``--svg``.

Players are named one way everywhere: the rules' Red and Black (drawn in
each game, CS-2) with the player's number, ``Black (player 1)``; the number
(0 or 1) is the engine's player, the one ``--bots`` gives a bot and the JSON
pairs are ordered by.
"""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.text import Text

from dokuspec import competitive
from dokuspec.cli.io import (
    Output,
    Status,
    error_line,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.shared import (
    SecondsType,
    SeedType,
    bots_option,
    check_svg_output,
    percent,
    plain_console,
    print_plain,
    proof_files,
    record_argument,
    replayed_record,
    seed_or_drawn,
    simulate_and_summarise,
    simulate_options,
    svg_option,
    svg_out,
    write_proof,
)
from dokuspec.competitive import Cards, Deck, Grid, Scoring
from dokuspec.errors import DokuspecError, NotationError

__all__ = ["competitive_group"]

_MAX_CONFLICTS = competitive.MAX_CONFLICT_LIMIT
_F = TypeVar("_F", bound=Callable[..., Any])
_MODE_OPTION = click.option(
    "--mode",
    type=click.Choice(list(competitive.MODES)),
    default="draft",
    show_default=True,
    help="The draft mode: draft (CS-3), twins (CS-4) or twins-draft (CS-5).",
)


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


def _check_supply(grid: Grid, available: Cards | None, deck: Deck) -> None:
    """Refuse cards the deck cannot hold (CS-1), naming the argument or option that holds them.

    GRID alone, then ``--available`` alone, then both together.
    """
    checks: list[tuple[str, Grid, Cards]] = [("GRID", grid, Cards(()))]
    if available is not None:
        checks.append(("--available", Grid([None] * 9), available))
        checks.append(("GRID and --available", grid, available))
    for source, held, cards in checks:
        try:
            competitive.check_supply(held, cards, deck=deck)
        except DokuspecError as error:
            raise DokuspecError(f"{source}: {error}") from None


def _plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an ``s`` unless ``count`` is 1."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


# -- pictures ------------------------------------------------------------------------------------


def _annotations(found: tuple[competitive.Line, ...]) -> list[tuple[tuple[int, ...], str]]:
    """Each qualifying line's positions (0-8) and its label, ``"triplet 3"`` (CS-18, CS-20)."""
    return [
        (tuple(position - 1 for position in line.positions), f"{line.kind} {line.points}")
        for line in found
        if line.kind is not None
    ]


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
    """Points of a power series line: a whole number 0-9 or ``as_straight``."""

    name = "0-9|as_straight"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if text == "as_straight":
            return text
        if re.fullmatch(r"[0-9]", text):
            return int(text)
        self.fail(f"{shown(str(value))!r}: give a whole number 0-9 or 'as_straight'", param, ctx)


def _json(out: Output, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")


def _scoring_options(function: Any, *, loser: bool = True) -> Any:
    """The scoring options of CS-20 (without ``--score-loser-hand`` when ``loser`` is false)."""
    if loser:
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
        metavar="0-9|as_straight",
        default=0,
        show_default=True,
        help="Points of a power series line (2 4 8), whatever its colours, or "
        "'as_straight': 1 or 2 as a straight (CS-20).",
    )(function)


# -- hand ----------------------------------------------------------------------------------------

_NAME = 15
_CARDS = 10
_KIND = 15


def _lines_json(found: tuple[competitive.Line, ...]) -> list[dict[str, Any]]:
    return [
        {
            "name": line.name,
            "positions": list(line.positions),
            "cards": [None if c is None else str(c) for c in line.cards],
            "kind": line.kind,
            "points": line.points,
        }
        for line in found
    ]


def _lines_table(found: tuple[competitive.Line, ...]) -> list[str]:
    """Every line with its cards, kind and points: a header and 8 rows."""
    rows = [f"  {'line':<{_NAME}}{'cards':<{_CARDS}}  {'kind':<{_KIND}}points"]
    for line in found:
        cards = " ".join(".." if c is None else str(c) for c in line.cards)
        kind = line.kind or "-"
        rows.append(f"  {line.name:<{_NAME}}{cards:<{_CARDS}}  {kind:<{_KIND}}{line.points:>6}")
    return rows


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
@svg_option("the Grid, each qualifying line labelled with its kind and points,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
def hand_command(
    grid: str,
    power_series_points: competitive.SeriesPoints,
    three_triplets_bonus: bool,
    score_loser_hand: bool,
    deck: Deck,
    svg_file: str | None,
    as_json: bool,
) -> None:
    """Read a hand: is GRID a winning hand, and what does each line score?

    GRID is nine positions row by row, one argument: cards such as 'r5' (red
    five) or 'b9', '..' for an empty position, rows optionally separated by
    '/': "r1 r2 r3 / b1 b2 b3 / r1 r2 r3". Prints every row, column and
    diagonal with its kind (CS-18) and points (CS-20), whether the hand wins
    (CS-19), its value (CS-17) and its score: as the winner's when it wins,
    else as the loser's. With --svg, the Grid with each qualifying line
    labelled.

    Exit status: 0 answered; 2 bad input or usage; 74 an output failure (or
    the SVG file cannot be written).
    """
    with guarded():
        out = standard_output()
        check_svg_output(svg_file, as_json)
        hand = _read_grid(grid)
        _check_supply(hand, None, deck)
        scoring = Scoring(power_series_points, three_triplets_bonus, score_loser_hand)
        reason = competitive.why_not_winning(hand)
        winning = reason is None
        found = competitive.lines(hand, scoring)
        value = competitive.hand_value(hand, scoring)
        score = competitive.score(hand, scoring, winner=winning)
        if svg_file is not None:
            svg = competitive.grid_svg(hand, annotations=_annotations(found))
            if svg_out(out, svg_file, svg):
                sys.exit(Status.OK)
        if as_json:
            _json(
                out,
                {
                    "grid": str(hand),
                    "winning": winning,
                    "reason": reason,
                    "lines": _lines_json(found),
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
            for row in _lines_table(found):
                console.print(Text(row))
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
    type=click.Choice(["direct", "sat", "z3", "engine"]),
    default="direct",
    show_default=True,
    help="A direct count over the lines, SAT or Z3 projected enumeration, or the engine's.",
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
@svg_option("the Grid, titled with its outs,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a list.")
def outs_command(
    grid: str, available: str, deck: Deck, svg_file: str | None, as_json: bool
) -> None:
    """Cards that complete a winning hand at once, and where.

    GRID as for 'hand'. With one empty position, the available cards whose
    placement there wins (CS-19); with a full Grid, the cards and positions
    whose swap wins (CS-11); with two or more empty positions, none. With
    --svg, the Grid, titled with the outs.

    Exit status: 0 answered; 2 bad input or usage; 74 an output failure (or
    the SVG file cannot be written).
    """
    with guarded():
        out = standard_output()
        check_svg_output(svg_file, as_json)
        hand = _read_grid(grid)
        cards = _read_cards(available, "--available")
        _check_supply(hand, cards, deck)
        found = competitive.outs(hand, cards, deck=deck)
        if svg_file is not None:
            title = "outs: " + (", ".join(f"{o.card} at {o.position}" for o in found) or "none")
            if svg_out(out, svg_file, competitive.grid_svg(hand, title=title)):
                sys.exit(Status.OK)
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
                console.print(Text(f"no outs among {_plural(len(cards), 'available card')}"))
            elif not empty and competitive.is_winning(hand):
                console.print(Text("already a winning hand; these swaps keep it one:"))
            for out_ in found:
                verb = "place on" if out_.kind == "place" else "swap into"
                console.print(Text(f"  {out_.card}  {verb} position {out_.position}"))
    sys.exit(Status.OK)


# -- best --------------------------------------------------------------------------------------


_BEST_STATUS = {
    "optimal": "the best winning hand (optimal: no reachable hand scores more)",
    "feasible": "the best winning hand found; the budget ran out before it was proven the best",
    "impossible": "impossible: no winning hand is reachable with these cards (CS-19)",
    "unknown": "unknown: the budget ran out before any winning hand was found",
}


@competitive_group.command(name="best")
@click.argument("grid")
@click.option(
    "--available",
    required=True,
    help="The cards that may fill the empty positions, e.g. 'r4 b4 r5' ('-' for none).",
)
@functools.partial(_scoring_options, loser=False)
@click.option(
    "--deck",
    type=_DeckType(),
    default="standard",
    show_default=True,
    help="The deck, which must hold the Grid and the available cards together.",
)
@click.option(
    "--backend",
    type=click.Choice(["sat", "z3"]),
    default="sat",
    show_default=True,
    help="MaxSAT (python-sat's RC2) or Z3's optimiser.",
)
@click.option(
    "--time-limit",
    type=SecondsType(competitive.MAX_TIME_LIMIT),
    default=None,
    help="Seconds for the search; past it, the best hand found so far and exit status 1.",
)
@click.option(
    "--conflict-limit",
    type=click.IntRange(0, _MAX_CONFLICTS),
    default=None,
    help="Solver conflicts per solver call.",
)
@svg_option("the best hand, each qualifying line labelled with its kind and points,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
@click.option(
    "--proof",
    "proof_dir",
    type=click.Path(file_okay=False),
    default=None,
    metavar="DIR",
    help="When no winning hand is reachable, write the CNF and a DRUP proof of it to "
    "DIR/best.cnf and DIR/best.drat (never overwritten).",
)
def best_command(
    grid: str,
    available: str,
    power_series_points: competitive.SeriesPoints,
    three_triplets_bonus: bool,
    deck: Deck,
    backend: str,
    time_limit: float | None,
    conflict_limit: int | None,
    svg_file: str | None,
    as_json: bool,
    proof_dir: str | None,
) -> None:
    """The highest-scoring winning hand GRID can become with the available cards.

    GRID as for 'hand'; each empty position takes one of the --available
    cards (a card given twice may be placed twice), the cards on GRID stay.
    The winner's score of CS-20 under the scoring options is maximised by
    the solver and proven the highest ('optimal'); with a budget that runs
    out first, the best hand found so far ('feasible') or none ('unknown').
    'impossible': no winning hand is reachable. Prints the answer, the best
    hand with the cards placed, and its lines, value and score as in
    'hand'. With --json: 'grid', 'available', 'status', 'completion',
    'placements' (each 'position' and 'card'), 'lines', 'value', 'score',
    'backend' and 'scoring'. With --svg, the best hand (or GRID when there
    is none) with each qualifying line labelled. With --proof DIR and the
    answer 'impossible': the hand model's CNF, with the Grid and the cards
    as unit clauses, and a DRUP proof that no winning completion exists,
    which 'dokuspec proof check' (or any DRAT checker) checks; with --json,
    'proof' ('cnf', 'drat', 'lemmas', 'bytes', 'solver').

    Exit status: 0 answered ('optimal' or 'impossible'); 1 the budget ran
    out ('feasible' or 'unknown'); 2 bad input or usage; 74 an output
    failure (or the SVG file cannot be written); 130 interrupted.
    """
    with guarded():
        out = standard_output()
        check_svg_output(svg_file, as_json)
        hand = _read_grid(grid)
        cards = _read_cards(available, "--available")
        _check_supply(hand, cards, deck)
        scoring = Scoring(power_series_points, three_triplets_bonus)
        if proof_dir is not None and backend != "sat":
            raise click.UsageError("--proof needs --backend sat (proofs come from a SAT solver)")
        files = proof_files(proof_dir, "best") if proof_dir is not None else None
        found = competitive.best_completion(
            hand,
            cards,
            scoring,
            deck=deck,
            backend=backend,  # type: ignore[arg-type]
            time_limit=time_limit,
            conflict_limit=conflict_limit,
        )
        status = Status.OK if found.status in ("optimal", "impossible") else Status.UNKNOWN
        proof: dict[str, Any] | None = None
        if files is not None and found.status == "impossible":
            refuted = competitive.completions(hand, cards, deck=deck, proof=True)
            if refuted.status != "impossible" or refuted.proof is None:
                raise DokuspecError("the optimiser and the completion model disagree")
            write_proof(files, refuted.proof.cnf, refuted.proof.proof)
            proof = {
                "cnf": str(files[0]),
                "drat": str(files[1]),
                "lemmas": refuted.proof.lemmas,
                "bytes": refuted.proof.size,
                "solver": refuted.proof.solver,
            }
        best = found.completion
        found_lines = () if best is None else competitive.lines(best, scoring)
        value = None if best is None else competitive.hand_value(best, scoring)
        if svg_file is not None:
            shown_grid = hand if best is None else best
            svg = competitive.grid_svg(shown_grid, annotations=_annotations(found_lines))
            if svg_out(out, svg_file, svg):
                sys.exit(status)
        if as_json:
            _json(
                out,
                {
                    "grid": str(hand),
                    "available": str(cards),
                    "status": found.status,
                    "completion": None if best is None else str(best),
                    "placements": [
                        {"position": p.position, "card": str(p.card)} for p in found.placements
                    ],
                    "lines": _lines_json(found_lines),
                    "value": value,
                    "score": found.score,
                    "backend": found.backend,
                    "scoring": {
                        name: value
                        for name, value in scoring.to_options().items()
                        if name != "score_loser_hand"  # a winner's score only
                    },
                    **({"proof": proof} if proof_dir is not None else {}),
                },
            )
        else:
            console = plain_console(out)
            console.print(Text(str(hand), style="bold"))
            console.print(Text(_BEST_STATUS[found.status]))
            if best is not None:
                console.print(Text(str(best), style="bold"))
                # At most 9 placements: 27 + 9 x 6 - 2 columns, within 80.
                placed = ", ".join(f"{p.position} {p.card}" for p in found.placements)
                console.print(Text(f"cards placed, by position: {placed or 'none'}"))
                for row in _lines_table(found_lines):
                    console.print(Text(row))
                console.print(Text(f"value {value}; score as the winner {found.score}"))
            if proof is not None:
                lemmas = f"{proof['lemmas']} lemma" + ("" if proof["lemmas"] == 1 else "s")
                print_plain(console, f"proof ({lemmas}): {proof['cnf']}, {proof['drat']}")
    sys.exit(status)


# -- simulate ------------------------------------------------------------------------------------


_LABEL = 22
_COLUMN = 12


def _summary_lines(
    summary: competitive.Summary, mode: str, seed: int, bots: tuple[str, str]
) -> list[str]:
    """The summary table: per player (0 and 1), then per ending, then the first player and Black."""
    games = summary.games
    noun = "game" if games == 1 else "games"
    lines = [f"{games:,} {noun}, {mode} mode, seed {seed}"]
    lines.append(f"{'':<{_LABEL}}{'player 0':>{_COLUMN}}{'player 1':>{_COLUMN}}")
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
    _MODE_OPTION,
    bots_option(
        lambda: competitive.BOT_NAMES,
        "random,random",
        "The bots of player 0 and player 1: random, greedy or strong (one name: both players).",
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
    answer. Players are numbered 0 and 1 by --bots; who is Red and who is
    Black is drawn in each game (CS-2). Prints a summary table: per player
    the wins and mean score, how the games ended, and how often the first
    player and Black won. With --json, one JSON object per game as it
    finishes (pairs by player; 'winner', 'black' and 'first' are players),
    then one line {"summary": {...}}. With --records DIR, each game's record is written
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


# -- deal ----------------------------------------------------------------------------------------


def _finite(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not math.isfinite(value):
        raise click.BadParameter(f"{value!r} is not a finite number of bits")
    return value


@competitive_group.command(name="deal")
@_MODE_OPTION
@click.option(
    "--seed",
    type=SeedType(),
    default=None,
    help="The game's seed (the same seed, the same deal); default: a random one, printed.",
)
@click.option(
    "--copies",
    type=click.IntRange(1, 4),
    default=2,
    show_default=True,
    help="Copies of each card in the deck (CS-1).",
)
@click.option(
    "--balance",
    type=click.FloatRange(0, None),
    default=None,
    metavar="BITS",
    help="Deal only deals whose advantage is within BITS of the target.",
)
@click.option(
    "--target",
    type=float,
    callback=_finite,
    default=0.0,
    show_default=True,
    metavar="BITS",
    help="The advantage --balance aims at (Red's first turn offsets about 1.5).",
)
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of text.")
def deal_command(
    mode: str,
    seed: int | None,
    copies: int,
    balance: float | None,
    target: float,
    as_json: bool,
) -> None:
    """Deal a game: who is Black (CS-2) and the mode's cards (CS-3 to CS-5).

    The deal is the one the game of the seed starts with. Its advantage for
    Black is the value, in bits, of the draft of its pool under alternating
    best picks, Black first: Black's flexibility minus Red's, a hand's
    flexibility being log2(1 + the winning rank Grids that hold its ranks);
    0 in twins, where both players get the same ranks
    (dokuspec.competitive.balance). With --balance BITS the deal is the first
    of a sequence of games drawn from the seed whose advantage is within
    BITS of --target (0 by default): the engine's deals within that margin,
    each with its usual chance. Red takes the first turn of play (CS-9),
    which the advantage does not count: between the strong agents the
    players' chances are nearest at one to two bits.
    Prints the deal, its advantage and the seed of the game that starts with
    it; with --json, {"seed", "advantage", "deal"} (the deal's JSON form).

    Exit status: 0 dealt; 1 no deal within BITS in 10,000 draws; 2 bad
    usage; 74 an output failure; 130 interrupted.
    """
    from dokuspec.competitive.balance import advantage  # noqa: PLC0415 - loads its tables

    with guarded():
        out = standard_output()
        seed = seed_or_drawn(seed)
        game_seed = seed
        if balance is not None:
            try:
                game_seed = competitive.balanced_seed(
                    mode, seed, balance, copies_per_colour=copies, target=target
                )
            except DokuspecError as error:
                error_line(str(error))
                sys.exit(Status.UNKNOWN)
        dealt = competitive.deal(mode, game_seed, copies_per_colour=copies)
        value = advantage(mode, dealt.pool, copies)
        if as_json:
            _json(out, {"seed": game_seed, "advantage": value, "deal": dealt.to_json()})
        else:
            console = plain_console(out)
            for line in str(dealt).splitlines():
                console.print(Text(line))
            console.print(Text(f"advantage for Black: {value:.3f} bits"))
            if game_seed == seed:
                console.print(Text(f"seed {seed}"))
            else:
                drawn = f"drawn from seed {seed}, balance {balance:g}"
                if target:
                    drawn += f" of {target:g}"
                console.print(Text(f"game seed {game_seed} ({drawn})"))
    sys.exit(Status.OK)


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


def _player(player: int, black: int) -> str:
    """A player by colour and number: ``Black (player 1)``."""
    return f"{'Black' if player == black else 'Red'} (player {player})"


def _outcome_lines(found: competitive.Outcome) -> list[str]:
    """How the game ended, the scores, who moved first and the game's length in turns."""
    black = found.black
    if found.ending == "win":
        assert found.winner is not None
        head = f"{_player(found.winner, black)} completed a winning hand (CS-19)"
    elif found.ending == "concede":
        assert found.winner is not None
        head = f"{_player(found.winner, black)} conceded with the more valuable hand (CS-16)"
    else:
        head = competitive.ENDINGS[found.ending]
    winner = "a draw" if found.winner is None else f"{_player(found.winner, black)} wins"
    scores = ", ".join(f"{_player(p, black)} {found.scores[p]}" for p in (0, 1))
    first = "nobody moved" if found.first is None else f"{_player(found.first, black)} moved first"
    length = f"{_plural(found.turns, 'turn')}, {_plural(found.trades, 'trade')}"
    return [f"game over: {head}", f"scores: {scores}: {winner}", f"{first}; {length}"]


def _length(state: competitive.CompetitiveSudokuState) -> tuple[int, int]:
    """The turns played and the trades made so far (CS-16, CS-25)."""
    data = state.observation(0).data
    assert isinstance(data, dict)
    turns, trades = data["turns"], data["trades"]
    assert isinstance(turns, int) and isinstance(trades, int)
    return turns, trades


@competitive_group.command(name="replay")
@record_argument
@svg_option("the final table, titled with how the game ended,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of the table.")
def replay_command(record: str, svg_file: str | None, as_json: bool) -> None:
    """Replay a game record and print the final table and the result.

    RECORD is a JSON game record ('simulate --records' writes them), or '-'
    for standard input. Every step is checked by the engine as it is
    replayed; the result the record states must be the game's. Prints the
    table as it stands at the end (Black's Grid at the top, the Pools, Red's
    Grid) and how the game ended, or that it is not finished; a game's
    length is its turns, as 'simulate' counts them. With --json: 'finished',
    'turns', 'trades', 'table' (Grids, Pools, Decks and Discard Piles,
    Red's first) and 'outcome' (null when not finished; pairs by player,
    'winner', 'black' and 'first' are players 0 or 1, as 'simulate' gives
    them). With --svg, the final table, titled with how the game ended.

    Exit status: 0 replayed; 2 a bad record or usage (one line naming the
    file, line, column and JSON path); 74 an input or output failure (or
    the SVG file cannot be written).
    """
    with guarded():
        out = standard_output()
        check_svg_output(svg_file, as_json)
        state = replayed_record(record, competitive.replay_record)
        finished = state.is_terminal()
        found = competitive.outcome(state) if finished else None
        turns, trades = _length(state)
        table = state.table()
        if found is None:
            ending = [f"not finished: {_plural(turns, 'turn')} played"]
        else:
            ending = _outcome_lines(found)
        if svg_file is not None:
            svg = competitive.table_svg(table, title=ending[0])
            if svg_out(out, svg_file, svg):
                sys.exit(Status.OK)
        if as_json:
            _json(
                out,
                {
                    "finished": finished,
                    "turns": turns,
                    "trades": trades,
                    "table": table.to_json(),
                    "outcome": None if found is None else _outcome_json(found),
                },
            )
        else:
            console = plain_console(out)
            for line in competitive.table_text(table).splitlines():
                console.print(Text(line))
            console.print(Text(""))
            for line in ending:
                console.print(Text(line))
    sys.exit(Status.OK)
