"""Sumodoku as an OpenSpiel game: its action space, observation tensor and declaration.

Action ids: ``Place(row, col, colour)`` at ``cell * 9 + colour - 1`` with ``cell = (row - 1)
* 9 + col - 1`` (729), ``PointOut`` at ``729 + cell``, ``FindMistake`` at ``810 + cell``,
``Concede`` (891) and the claim (892, :data:`SUMODOKU_CLAIM`): 893 ids; chance: the 630
``Colours`` splits in the engine's order, ``Observe`` at ``630 + cell``, ``Silent`` (711): 712
ids. A ``Claim`` carries a filling and seconds, so it has no id of its own: every claim maps to
the one claim id, and the game turns that id back into a claim through its claim policy
(parameter ``claims``: ``none``, or ``solver``: the filling dokuspec's solver finds, ruling
SU-35). Observation tensor (public): 810 + 9 + 18 + 18 + 2 + 3 + 81 + 81 + 1 = 1023 numbers.

Read through the game's plug-in (:attr:`dokuspec.games.GameSpec.openspiel`);
nothing here needs OpenSpiel.
"""

from __future__ import annotations

import re
from itertools import combinations

from dokuspec.engine import sumodoku as su
from dokuspec.engine.base import Action, JSONValue, State
from dokuspec.openspiel.codec import ActionCodec
from dokuspec.openspiel.features import data_object, ints, one_hot
from dokuspec.openspiel.spec import OpenAction, OpenSpielSpec, OptionParameters, as_float, as_text

__all__ = ["OPENSPIEL", "SUMODOKU_CLAIM"]

SUMODOKU_CLAIM = 892
"""The one action id of a Sumodoku claim (SU-10, ruling SU-35), whatever its filling and seconds."""


def _colour_splits() -> list[Action]:
    # The engine's order: shared colour, then Player 1's four in lexicographic order.
    found: list[Action] = []
    for shared in range(1, 10):
        rest = [k for k in range(1, 10) if k != shared]
        for first in combinations(rest, 4):
            second = tuple(k for k in rest if k not in first)
            found.append(su.Colours(first, second, shared))
    return found


def _cells() -> range:
    return range(81)


def _rc(cell: int) -> tuple[int, int]:
    return cell // 9 + 1, cell % 9 + 1


def _codec() -> ActionCodec:
    actions: list[Action | None] = [
        su.Place(*_rc(cell), colour) for cell in _cells() for colour in range(1, 10)
    ]
    actions += [su.PointOut(*_rc(cell)) for cell in _cells()]
    actions += [su.FindMistake(*_rc(cell)) for cell in _cells()]
    actions += [su.Concede(), None]  # None: the claim id, SUMODOKU_CLAIM
    assert len(actions) == SUMODOKU_CLAIM + 1
    outcomes = [*_colour_splits(), *(su.Observe(*_rc(cell)) for cell in _cells()), su.Silent()]
    return ActionCodec("sumodoku", tuple(actions), tuple(outcomes), {su.Claim: SUMODOKU_CLAIM})


_PIECE = re.compile(r"r([1-9])c([1-9])")


def _cell_mask(pieces: JSONValue) -> list[float]:
    """The cells of pieces written ``"r1c2=3"`` (one, a list of them, or ``None``)."""
    mask = [0.0] * 81
    items = pieces if isinstance(pieces, list) else [pieces]
    for piece in items:
        found = _PIECE.match(piece) if isinstance(piece, str) else None
        if found:
            mask[(int(found[1]) - 1) * 9 + int(found[2]) - 1] = 1.0
    return mask


def _encode(data: JSONValue) -> list[float]:
    d = data_object(data)
    board = d["board"]
    assert isinstance(board, str)
    out: list[float] = []
    for char in board:
        out += one_hot(10, 0 if char == "." else int(char))
    out += [float(n) for n in ints(d["out"])]
    hands = d["hands"]
    assert isinstance(hands, list)
    for hand in hands:
        out += [float(n) for n in ints(hand)]
    colours = d["colours"]
    assert isinstance(colours, list)
    for owned in colours:
        mine = set(ints(owned))
        out += [1.0 if k in mine else 0.0 for k in range(1, 10)]
    out += [float(n) for n in ints(d["turns"])]
    to_move = d["to_move"]
    # The rules' numbers: Player 1 (engine player 0), Player 2, or nobody/chance.
    out += one_hot(3, to_move - 1 if isinstance(to_move, int) and to_move in (1, 2) else 2)
    out += _cell_mask(d["unnoticed"])
    out += _cell_mask(d["point_out"])
    out.append(1.0 if d["claim_open"] else 0.0)
    return out


def _turns(text: str) -> list[int]:
    first, last = text.split("-")
    return [int(first), int(last)]


def _text_option(name: str, value: JSONValue) -> str:
    """An option's value as OpenSpiel parameter text (no commas, brackets or parentheses)."""
    if name == "claim_time_limits":
        assert isinstance(value, list)
        parts = []
        for limit in value:
            assert isinstance(limit, list)
            first, last, seconds = limit
            assert isinstance(seconds, int | float)
            parts.append(f"{first}-{last}:{seconds:g}")
        return ";".join(parts)
    if name in ("consecutive", "non_consecutive_marks"):
        assert isinstance(value, list)
        return ";".join(str(v) for v in value)
    return str(value)


def _option_from_text(name: str, text: str) -> JSONValue:
    """The option value a parameter text stands for (see :func:`_text_option`).

    Raises:
        ValueError: the text is not of the parameter's form.
    """
    try:
        if name == "claim_time_limits":
            limits: list[JSONValue] = []
            for part in filter(None, text.split(";")):
                turns, seconds = part.split(":")
                number = float(seconds)
                limits.append([*_turns(turns), int(number) if number.is_integer() else number])
            return limits
        if name in ("consecutive", "non_consecutive_marks"):
            return list[JSONValue](filter(None, text.split(";")))
    except ValueError:
        pass
    else:
        return text
    form = "FIRST-LAST:SECONDS;..., as 16-20:960;21-25:720"
    raise ValueError(f"parameter {name}: {text!r} is not of the form {form}")


def _solver_claim(state: State, player: int, policy: str) -> Action:
    """The claim of ``player`` with the filling dokuspec's solver finds (SU-10, ruling SU-35),
    or the board unfilled when no completion exists, which fails. ``policy`` is ``"solver"``,
    the one policy that offers claims."""
    from dokuspec.sumodoku import claim_advice  # noqa: PLC0415 - the solver, only when claiming

    assert isinstance(state, su.SumodokuState)
    advice = claim_advice(state, player + 1)
    if advice.succeeds is None:
        raise AssertionError("unreachable: without a budget the advice is never unknown")
    filling = advice.filling if advice.succeeds and advice.filling is not None else state.board
    return su.Claim(filling, 0.0)


def _digits() -> OptionParameters:
    """``digits`` (SU-36), nine digits that a game's string would read back as a number: an
    integer parameter."""
    return OptionParameters(
        ("digits",), lambda value: {"digits": int(str(value))}, lambda params: str(params["digits"])
    )


def _claim_window() -> OptionParameters:
    """``claim_window`` (a pair of turns) as two integer parameters."""
    names = ("claim_window_first", "claim_window_last")

    def to_parameters(value: JSONValue) -> dict[str, object]:
        assert isinstance(value, list)
        first, last = value
        return {names[0]: first, names[1]: last}

    return OptionParameters(
        names, to_parameters, lambda params: [params[names[0]], params[names[1]]]
    )


OPENSPIEL = OpenSpielSpec(
    long_name="dokuspec Sumodoku",
    perfect_information=True,
    zero_sum=True,
    codec=_codec,
    tensor_size=1023,
    encode=_encode,
    options={
        "claim_time_limits": as_text(
            "claim_time_limits",
            lambda value: _text_option("claim_time_limits", value),
            lambda text: _option_from_text("claim_time_limits", text),
        ),
        "consecutive": as_text(
            "consecutive",
            lambda value: _text_option("consecutive", value),
            lambda text: _option_from_text("consecutive", text),
        ),
        "non_consecutive_marks": as_text(
            "non_consecutive_marks",
            lambda value: _text_option("non_consecutive_marks", value),
            lambda text: _option_from_text("non_consecutive_marks", text),
        ),
        "observer": as_float("observer"),
        "digits": _digits(),
        "claim_window": _claim_window(),
    },
    open_action=OpenAction(
        action_id=SUMODOKU_CLAIM,
        kind=su.Claim,
        open_name="claim",
        parameter="claims",
        policies=("none", "solver"),
        make=_solver_claim,
        text="claim Sudoku! with the solver's filling",
    ),
)
"""Sumodoku (SU-1 to SU-17) as ``dokuspec_sumodoku``."""
