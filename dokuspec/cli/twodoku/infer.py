"""``dokuspec twodoku infer``: what a view's player can know of the face-down digits (TD-11)."""

from __future__ import annotations

import re
import sys
from typing import Any

import click

from dokuspec import twodoku
from dokuspec.cli.io import (
    Status,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.shared import (
    SecondsType,
    check_svg_output,
    plain_console,
    print_plain,
    svg_option,
    svg_out,
)
from dokuspec.cli.twodoku.common import _balance_option, _json, _read_view, _wrapped
from dokuspec.errors import DokuspecError

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


@click.command(name="infer")
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
@click.option(
    "--why",
    is_flag=True,
    help="For each digit a face-down domino cannot hold, the facts that rule it out.",
)
@svg_option("the view, the squares of --play outlined,")
@click.option("--json", "as_json", is_flag=True, help="A JSON object instead of a table.")
def infer_command(
    observation: str,
    plays: tuple[tuple[Any, int], ...],
    balance: twodoku.Balance,
    backend: str,
    time_limit: float | None,
    board: bool,
    why: bool,
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
    'undecided', and with --why 'reasons'), 'plays' (each 'row', 'col',
    'digit', 'verdict', 'against') and 'complete'. With --why, for each
    digit a face-down domino cannot hold, a minimal set of the facts seen
    that rule it out together (the public events, the player's own pile,
    the fair deal, the ten of each digit), each in words. With --svg FILE, also the view's picture
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
                explain=why,
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
                            **(
                                {"reasons": {str(k): list(v) for k, v in d.reasons.items()}}
                                if why
                                else {}
                            ),
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
            if why and found.dominoes:
                print_plain(console, "why (a minimal set of the facts seen rules out each digit):")
                for domino in found.dominoes:
                    for digit, facts in sorted(domino.reasons.items()):
                        head = f"{domino.square} cannot hold {digit}"
                        if len(facts) == 1:
                            _wrapped(console, f"{head}: {facts[0]}")
                        else:
                            _wrapped(console, f"{head}, by these {len(facts)} facts together:")
                            for fact in facts:
                                _wrapped(console, f"- {fact}", indent="    ")
            if not found.complete:
                print_plain(console, "a solver budget ran out: some digits are undecided", "yellow")
            if found.plays:
                print_plain(console, "planned plays:")
                for play in found.plays:
                    _wrapped(console, _verdict_text(play))
    sys.exit(Status.OK if answered else Status.UNKNOWN)
