"""``dokuspec twodoku``: deals, their validation and counts; inference; simulated games.

Each command parses its arguments, calls :mod:`dokuspec.twodoku` and prints
a readable answer within 80 columns, or JSON with ``--json``. Files are
read as bytes and decoded as UTF-8 (a byte-order mark is skipped); ``-``
reads standard input. Bad input is one line naming the file, line and
column (and the JSON path), with exit status 2.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

import click
from rich.console import Console

from dokuspec import twodoku
from dokuspec.cli.io import (
    Output,
    Status,
    error_line,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.report import WIDTH
from dokuspec.cli.shared import (
    SecondsType,
    SeedType,
    bots_option,
    check_svg_output,
    percent,
    plain_console,
    print_plain,
    read_input,
    record_argument,
    replayed_record,
    simulate_and_summarise,
    simulate_options,
    svg_option,
    svg_out,
)
from dokuspec.errors import DokuspecError, NotationError

__all__ = ["twodoku_group"]

_Command = TypeVar("_Command", bound=Callable[..., Any])
_INVALID = 1
"""The exit status of ``validate`` for a deal that breaks a rule."""


@click.group(name="twodoku")
def twodoku_group() -> None:
    """Two-Doku: deals (TD-1 to TD-4), what a player can infer (TD-11), games."""


# -- shared --------------------------------------------------------------------------------------


def _wrapped(console: Console, line: str, indent: str = "  ") -> None:
    """Print a long line wrapped within 80 columns, continuation lines indented."""
    for part in textwrap.wrap(
        line,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent]:
        print_plain(console, part)


def _json(out: Output, record: dict[str, Any]) -> None:
    out.write(json.dumps(record) + "\n")


def _decoded(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark kept: the readers skip it)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise NotationError(
            f"not UTF-8: the byte {data[error.start]:#04x} cannot start or continue a character",
            line=line,
            column=column,
            source=source,
        ) from None


def _located(error: NotationError, source: str) -> NotationError:
    """``error`` placed in ``source`` (line and column 1 when it names none)."""
    return NotationError(
        error.reason,
        line=error.line if error.line is not None else 1,
        column=error.column if error.column is not None else 1,
        source=shown(source),
    )


def _read_deal(name: str) -> tuple[str, twodoku.Deal]:
    source, data = read_input(name, "a deal (JSON)")
    return source, _parse_deal(_decoded(data, source), source)


def _read_view(name: str) -> tuple[str, str, twodoku.View]:
    """The source, the text and the view of ``name``, checked (:func:`twodoku.check_view`).

    Every error names the file, line and column of the member at fault.
    """
    source, data = read_input(name, "a player's view (JSON)")
    text = _decoded(data, source)
    try:
        view = twodoku.View.parse(text)
        twodoku.check_view(view)
    except twodoku.MemberError as error:
        raise error.located(text, shown(source)) from None
    except NotationError as error:
        if error.source is not None:
            raise
        raise _located(error, source) from None
    return source, text, view


class _BalanceType(click.ParamType):  # type: ignore[type-arg]
    """Balance options of a deal (TD-15): ``max_digit_count_gap=N``, ``equal_high_count``."""

    name = "options"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, twodoku.Balance):
            return value
        try:
            return twodoku.Balance.parse(str(value))
        except DokuspecError as error:
            self.fail(f"{shown(str(value))!r}: {error}", param, ctx)


def _balance_option(help_text: str) -> Callable[[_Command], _Command]:
    return click.option(
        "--balance",
        type=_BalanceType(),
        default="off",
        show_default=True,
        metavar="OPTIONS",
        help=help_text,
    )


# -- deal ----------------------------------------------------------------------------------------


@twodoku_group.command(name="deal")
@click.option(
    "--seed",
    type=SeedType(),
    default=None,
    help="The deal's seed (the same seed, the same deal); default: a random one, printed.",
)
@_balance_option(
    "Balance beyond equal sums (TD-15): 'max_digit_count_gap=N', 'equal_high_count', "
    "both separated by a comma, or 'off'."
)
@click.option(
    "--method",
    type=click.Choice(list(twodoku.DEAL_METHODS)),
    default="solver",
    show_default=True,
    help="How balance options are met: the solver (fast, not uniform) or rejection "
    "(exactly uniform among balanced deals).",
)
@svg_option("the deal")
@click.option("--json", "as_json", is_flag=True, help="The deal's JSON object (the deal schema).")
def deal_command(
    seed: int | None, balance: twodoku.Balance, method: str, svg_file: str | None, as_json: bool
) -> None:
    """Deal a game: colouring, face-down dominoes, pot, piles.

    The deal (TD-2 to TD-4) is uniform among the fair deals of its
    face-down draw (equal pile sums, dominoes counted as pieces: TD-4 read
    as TD-16); with --balance, it also meets the balance options (TD-15),
    uniformly so only with --method rejection. The colouring and the face-down squares are
    drawn at random. Prints the board (R and B: the squares each player
    coloured; [7]r: a face-down 7 placed by Red), the digit counts and sums
    of the pot and the piles, and the seed; with --json, the deal's JSON
    object, which 'validate' reads (give --seed to draw it again). With
    --svg FILE, also its picture as SVG (twodoku.deal_svg).

    Exit status: 0 dealt; 1 no balanced deal within the attempts or the
    solver's budget; 2 bad usage; 74 an output failure (the SVG file
    cannot be written); 130 interrupted.
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        if seed is None:
            import secrets  # noqa: PLC0415 - only a seedless deal draws one

            seed = secrets.randbits(63)
        try:
            dealt = twodoku.deal(seed, balance=balance, method=method)  # type: ignore[arg-type]
        except twodoku.BalanceError as error:
            error_line(str(error))
            sys.exit(Status.UNKNOWN)
        if svg_out(out, svg_file, twodoku.deal_svg(dealt)):
            pass
        elif as_json:
            _json(out, dealt.to_json())
        else:
            console = plain_console(out)
            for line in twodoku.deal_text(dealt).splitlines():
                print_plain(console, line)
            print_plain(console, "")
            red, blue = sum(dealt.red), sum(dealt.blue)
            fair = "a fair deal" if red == blue else "NOT a fair deal"
            print_plain(console, f"Red's pile sums to {red} and Blue's to {blue}: {fair} (TD-4)")
            print_plain(console, f"seed {seed}; balance: {balance}")
    sys.exit(Status.OK)


# -- validate ------------------------------------------------------------------------------------


@twodoku_group.command(name="validate")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@_balance_option("Also check these balance options (TD-15), as 'deal --balance' takes them.")
@svg_option("the deal")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a list.")
def validate_command(
    file: str, balance: twodoku.Balance, svg_file: str | None, as_json: bool
) -> None:
    """Check a deal against the rules TD-1 to TD-4.

    FILE is a deal's JSON object ('deal --json' writes one), or '-' for
    standard input. Lists every rule the deal breaks, one per line with its
    stable code (see dokuspec.twodoku.VIOLATION_CODES) and a sentence. With
    --json: 'source', 'valid' and 'violations' (each 'code' and 'message').
    With --svg FILE, also the deal's picture as SVG (twodoku.deal_svg),
    drawn as it is; a deal that cannot be drawn (a digit or square out of
    range, a square listed twice) is invalid, and its violations are
    printed with one line saying why it was not drawn.

    Exit status: 0 a valid deal; 1 an invalid deal (its violations listed);
    2 input that is not a deal's JSON (one line naming the file, line,
    column and JSON path) or bad usage; 74 an input or output failure.
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        source, found = _read_deal(file)
        violations = twodoku.validate(found, balance)
        undrawn = None
        if svg_file is not None:
            try:
                svg = twodoku.deal_svg(found)
            except DokuspecError as error:  # a value out of range: the deal is invalid
                undrawn = f"--svg {shown(svg_file)}: not written: the deal cannot be drawn: {error}"
            else:
                if svg_out(out, svg_file, svg):
                    sys.exit(_INVALID if violations else Status.OK)
        if as_json:
            _json(
                out,
                {
                    "source": source,
                    "valid": not violations,
                    "violations": [{"code": v.code, "message": v.message} for v in violations],
                },
            )
        else:
            console = plain_console(out)
            if not violations:
                print_plain(console, f"{source}: a valid deal", style="green")
            else:
                noun = "violation" if len(violations) == 1 else "violations"
                print_plain(console, f"{source}: not a valid deal: {len(violations)} {noun}", "red")
                for violation in violations:
                    _wrapped(console, f"{violation.code}: {violation.message}")
        if undrawn is not None:
            error_line(undrawn)
    sys.exit(_INVALID if violations else Status.OK)


# -- count ---------------------------------------------------------------------------------------


_TOKEN = re.compile(r"[^\s,]+")


def _read_draw(name: str) -> tuple[str, twodoku.Dominoes, Callable[[str], DokuspecError]]:
    """The face-down draw of FILE (a deal's JSON object, or digits as text), and what places
    an error about the draw's size in FILE: at ``$.face_down`` in a deal; in text, at the
    ninth digit of too many, or just after the last of too few."""
    source, data = read_input(name, "a deal (JSON) or the face-down digits")
    text = _decoded(data, source)
    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        found = _parse_deal(text, source)
        try:
            draw = found.face_down_dominoes()
        except twodoku.MemberError as error:
            raise error.located(text, shown(source)) from None
        return (
            source,
            draw,
            lambda why: twodoku.MemberError(("face_down",), why).located(text, shown(source)),
        )
    digits = twodoku.Dominoes()
    places: list[tuple[int, int]] = []  # the line and column of each digit
    # Lines end at LF, as the line numbers of every other message count them.
    for number, line in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        content = line.split("#", 1)[0]
        try:
            digits += twodoku.Dominoes.parse(content) if content.strip() else twodoku.Dominoes()
        except NotationError as error:
            raise NotationError(
                error.reason, line=number, column=error.column or 1, source=shown(source)
            ) from None
        if content.strip() != "-":
            places.extend((number, token.start() + 1) for token in _TOKEN.finditer(content))

    def placed(why: str) -> DokuspecError:
        if len(places) > twodoku.FACE_DOWN_COUNT:
            line, column = places[twodoku.FACE_DOWN_COUNT]  # the first digit too many
        elif places:
            line, column = places[-1][0], places[-1][1] + 1  # just after the last digit
        else:
            line, column = 1, 1
        return NotationError(why, line=line, column=column, source=shown(source))

    return source, digits, placed


def _parse_deal(text: str, source: str) -> twodoku.Deal:
    try:
        return twodoku.Deal.parse(text)
    except NotationError as error:
        raise _located(error, source) from None


def _percent(probability: float, places: int) -> str:
    return f"{100 * probability:.{places}f} %"


@twodoku_group.command(name="count")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--pots", is_flag=True, help="Also the fair deals of each pot.")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of sentences.")
def count_command(file: str, pots: bool, as_json: bool) -> None:
    """Count the fair deals of a face-down draw.

    The counts are exact (TD-4 read as TD-16). FILE holds the face-down
    draw: either a deal's JSON object (its eight face-down digits are used;
    the rest of the deal is not judged), or the eight digits as text
    separated by spaces or commas, on one or more lines ('#' starts a
    comment): "1 1 2 3 5 7 9 9". '-' reads standard input. Prints the
    number of fair deals (equal pile sums) of the 82 dominoes left, the
    number of all deals, the acceptance probability (the chance that a
    uniform deal is fair: how often the dealer deals again), and the fair
    deals counted by digit multisets. With --pots, the fair deals of each
    pot. With --json: 'face_down', 'fair', 'total', 'probability',
    'multisets' and 'by_pot' (each 'pot', 'fair', 'multisets').

    Exit status: 0 counted; 2 bad input (not 8 digits 1-9, or not a deal's
    JSON) or usage; 74 an input or output failure.
    """
    with guarded():
        out = standard_output()
        _, draw, placed = _read_draw(file)
        try:
            found = twodoku.count_fair_deals(draw)
        except DokuspecError as error:
            raise placed(str(error)) from None
        by_pot = sorted(found.by_pot.items(), key=lambda item: item[0].to_json())
        if as_json:
            _json(
                out,
                {
                    "face_down": draw.to_json(),
                    "fair": found.fair,
                    "total": found.total,
                    "probability": float(found.probability),
                    "multisets": found.multisets,
                    "by_pot": [
                        {
                            "pot": pot.to_json(),
                            "fair": n,
                            "multisets": found.multisets_by_pot.get(pot, 0),
                        }
                        for pot, n in by_pot
                    ],
                },
            )
        else:
            console = plain_console(out)
            print_plain(console, f"face-down draw: {draw}")
            print_plain(console, f"fair deals: {found.fair:,}")
            print_plain(console, f"all deals: {found.total:,}")
            probability = float(found.probability)
            if found.fair:
                print_plain(
                    console,
                    f"acceptance probability: {_percent(probability, 3)} "
                    f"(about 1 deal in {1 / probability:,.1f} is fair)",
                )
            else:
                print_plain(console, "acceptance probability: 0: no fair deal; TD-4 draws again")
            print_plain(console, f"fair deals by digit multisets: {found.multisets:,}")
            if pots and found.fair:
                print_plain(console, "")
                print_plain(console, f"  {'pot':<5}{'fair deals':>38}{'share':>12}")
                for pot, n in by_pot:
                    share = _percent(n / found.fair, 2)
                    print_plain(console, f"  {pot!s:<5}{n:>38,}{share:>12}")
    sys.exit(Status.OK)


# -- infer ---------------------------------------------------------------------------------------

_PLAY = re.compile(r"\s*([^=]*?)\s*=\s*([^=]*?)\s*")


class _PlayType(click.ParamType):  # type: ignore[type-arg]
    """A planned play: a square and a digit, ``r3c5=7``."""

    name = "rRcC=D"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        match = _PLAY.fullmatch(str(value))
        if match is not None and len(match[2]) == 1 and match[2] in "123456789":
            try:
                return (twodoku.Square.parse(match[1]), int(match[2]))
            except DokuspecError:
                pass
        self.fail(
            f"{shown(str(value))!r}: give a square and a digit 1-9, such as 'r3c5=7'", param, ctx
        )


def _squares_text(squares: Any) -> str:
    names = [str(square) for square in squares]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _verdict_text(play: twodoku.PlannedPlay) -> str:
    """A planned play's verdict as a sentence (TD-7, TD-8, ruling TD-17)."""
    what = f"{play.digit} on {play.square}"
    against = _squares_text(play.against)
    many = len(play.against) > 1
    if play.verdict == "safe":
        return f"{what}: safe: no face-down domino it meets can hold {play.digit}"
    if play.verdict == "hidden-clash":
        return (
            f"{what}: a hidden clash in every case ({against} "
            f"{'are' if many else 'is'} the face-down {'dominoes' if many else 'domino'} "
            f"that can hold {play.digit}): it fails and one is turned face up (TD-8)"
        )
    if play.verdict == "uncertain":
        return f"{what}: uncertain: {against} may hold {play.digit}"
    if play.verdict == "clash":
        digits = f"{play.digit}s" if many else str(play.digit)
        return f"{what}: fails: it clashes with the face-up {digits} on {against} (TD-8)"
    if play.verdict == "not-allowed":
        return f"{what}: fails: TD-7 does not allow this square now (TD-17)"
    return f"{what}: unknown: the budget ran out first"


def _digits_text(digits: Any) -> str:
    return " ".join(str(d) for d in digits) or "-"


@twodoku_group.command(name="infer")
@click.argument("observation", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--play",
    "plays",
    type=_PlayType(),
    multiple=True,
    metavar="rRcC=D",
    help="A planned play to judge, such as 'r3c5=7' (repeat for more).",
)
@_balance_option("The balance options the game's deal used (TD-15), as 'deal' takes them.")
@click.option(
    "--backend",
    type=click.Choice(["sat", "z3"]),
    default="sat",
    show_default=True,
    help="The solver backend.",
)
@click.option(
    "--time-limit",
    type=SecondsType(lambda: twodoku.MAX_TIME_LIMIT),
    default=None,
    help="Seconds for the whole inference; past it, digits left undecided and exit status 1.",
)
@click.option("--board", is_flag=True, help="Print the view itself first.")
@svg_option("the view, the squares of --play outlined,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
def infer_command(
    observation: str,
    plays: tuple[tuple[Any, int], ...],
    balance: twodoku.Balance,
    backend: str,
    time_limit: float | None,
    board: bool,
    svg_file: str | None,
    as_json: bool,
) -> None:
    """What a player can infer of the face-down digits.

    From one player's point of view (TD-11). OBSERVATION is a player's
    view as JSON (the view schema: what the engine shows one player), or
    '-' for standard input. Everything the player has seen is used: their
    pile and the pot as dealt, the fair deal (TD-4), the ten of each digit
    (TD-1), every play that succeeded, failed or revealed a domino (TD-8)
    and every domino shown. Prints, for each domino still face down, the
    digits it can hold (each proven by a way the hidden dominoes can be).
    With --play, whether a planned play of the viewer is safe, a hidden
    clash in every case, or uncertain (or fails on sight: a visible clash,
    or a square TD-7 does not allow). With --json: 'source', 'observer',
    'dominoes' (each 'row', 'col', 'placed_by', 'possible', 'impossible',
    'undecided'), 'plays' (each 'row', 'col', 'digit', 'verdict',
    'against') and 'complete'. With --svg FILE, also the view's picture
    as SVG (twodoku.view_svg), the squares of --play outlined.

    Exit status: 0 answered; 1 some digit left undecided or a verdict
    'unknown' (a solver budget ran out); 2 bad input (one line naming the file,
    line, column and JSON path; or a view no deal fits) or usage; 74 an
    input or output failure (the SVG file cannot be written); 130
    interrupted.
    """
    check_svg_output(svg_file, as_json)
    with guarded():
        out = standard_output()
        source, text, view = _read_view(observation)
        empty = set(twodoku.ALL_SQUARES) - set(view.face_up) - {f.square for f in view.face_down}
        for square, digit in plays:
            if square not in empty:
                raise click.BadParameter(
                    f"'{square}={digit}': {square} is not empty in the view: no domino can be "
                    "played there (TD-6)",
                    param_hint="'--play'",
                )
        try:
            found = twodoku.infer_face_down(
                view,
                plays=plays,
                backend=backend,  # type: ignore[arg-type]
                max_digit_count_gap=balance.max_digit_count_gap,
                equal_high_count=balance.equal_high_count,
                budget=twodoku.Budget(time_limit=time_limit),
            )
        except twodoku.MemberError as error:
            raise error.located(text, shown(source)) from None
        answered = found.complete and all(p.verdict != "unknown" for p in found.plays)
        outlined = sorted({square for square, _ in plays})
        if svg_out(out, svg_file, twodoku.view_svg(view, highlight=outlined)):
            pass
        elif as_json:
            _json(
                out,
                {
                    "source": source,
                    "observer": found.observer,
                    "dominoes": [
                        {
                            "row": d.square.row,
                            "col": d.square.col,
                            "placed_by": d.placed_by,
                            "possible": list(d.possible),
                            "impossible": list(d.impossible),
                            "undecided": list(d.undecided),
                        }
                        for d in found.dominoes
                    ],
                    "plays": [
                        {
                            "row": p.square.row,
                            "col": p.square.col,
                            "digit": p.digit,
                            "verdict": p.verdict,
                            "against": [s.to_json() for s in p.against],
                        }
                        for p in found.plays
                    ],
                    "complete": found.complete,
                },
            )
        else:
            console = plain_console(out)
            if board:
                for line in twodoku.view_text(view).splitlines():
                    print_plain(console, line)
                print_plain(console, "")
            whose = "Red" if view.player == twodoku.RED else "Blue"
            count = len(found.dominoes)
            noun = "domino" if count == 1 else "dominoes"
            print_plain(console, f"{whose}'s view: {count} {noun} face down", style="bold")
            if count:
                print_plain(console, f"  {'square':<8}{'placed by':<11}can hold")
            for domino in found.dominoes:
                placer = "Red" if domino.placed_by == twodoku.RED else "Blue"
                text = f"  {domino.square!s:<8}{placer:<11}{_digits_text(domino.possible)}"
                if domino.undecided:
                    text += f"; undecided: {_digits_text(domino.undecided)}"
                print_plain(console, text)
            if not found.complete:
                print_plain(console, "a solver budget ran out: some digits are undecided", "yellow")
            if found.plays:
                print_plain(console, "planned plays:")
                for play in found.plays:
                    _wrapped(console, _verdict_text(play))
    sys.exit(Status.OK if answered else Status.UNKNOWN)


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


@twodoku_group.command(name="simulate")
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


@twodoku_group.command(name="replay")
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


@twodoku_group.command(name="view")
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
