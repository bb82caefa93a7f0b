"""``dokuspec twodoku deal``, ``validate`` and ``count``: deals, their rules and exact counts.

Deals are drawn by :func:`dokuspec.twodoku.deal` (TD-1 to TD-4, with the
balance options of TD-15), checked by :func:`dokuspec.twodoku.validate` and
counted exactly by :func:`dokuspec.twodoku.count_fair_deals`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

import click

from dokuspec import twodoku
from dokuspec.cli.io import (
    Status,
    error_line,
    guarded,
    shown,
    standard_output,
)
from dokuspec.cli.shared import (
    SeedType,
    check_svg_output,
    plain_console,
    print_plain,
    read_input,
    seed_or_drawn,
    svg_option,
    svg_out,
)
from dokuspec.cli.twodoku.common import (
    _INVALID,
    _balance_option,
    _decoded,
    _json,
    _parse_deal,
    _read_deal,
    _wrapped,
)
from dokuspec.errors import DokuspecError, NotationError

# -- deal ----------------------------------------------------------------------------------------


@click.command(name="deal")
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
        seed = seed_or_drawn(seed)
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


@click.command(name="validate")
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


def _percent(probability: float, places: int) -> str:
    return f"{100 * probability:.{places}f} %"


@click.command(name="count")
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
