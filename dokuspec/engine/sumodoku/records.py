"""Sumodoku's game records in the game's own JSON form: written, read with every error
located, and replayed (its JSON schema is ``sumodoku-record.schema.json``).

The text's layout, its strict reading and the located errors are every game's
(:mod:`dokuspec.engine.records`); the form's players (1, 2, ``"chance"``,
``"observer"``), actions and result are Sumodoku's own."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from dokuspec.engine.base import (
    TERMINAL,
    GameOptionError,
    HistoryEntry,
    IllegalActionError,
    JSONValue,
    RecordError,
)
from dokuspec.engine.base import shown_json as _shown
from dokuspec.engine.records import (
    RecordFileError,
    located,
    parse_record,
    record_layout,
    wrong_game,
)
from dokuspec.engine.sumodoku.actions import (
    Colours,
    _read_action,
)
from dokuspec.engine.sumodoku.game import _COLOURS_NODE, _GAME, _OWN_MISTAKE_WINS, Sumodoku
from dokuspec.engine.sumodoku.state import SumodokuState
from dokuspec.errors import DokuspecError, NotationError
from dokuspec.seeds import check_seed
from dokuspec.vocabulary.jsontext import (
    JsonReader,
    SchemaWords,
    check_depth,
    package_schema,
    schema_problem,
)

__all__ = [
    "read_record",
    "record_json",
    "record_schema",
    "record_text",
]

# -- game records in the game's own JSON form ----------------------------------------------------


def record_schema() -> dict[str, Any]:
    """The JSON schema of a Sumodoku record (``sumodoku-record.schema.json``)."""
    return package_schema("sumodoku-record")


def _entry(entry: HistoryEntry) -> dict[str, JSONValue]:
    action = entry.actions[0]
    who: JSONValue
    if entry.player >= 0:
        who = entry.player + 1
    elif type(action) is Colours:
        who = "chance"
    else:
        who = "observer"
    return {"player": who, **action.to_json()}


def record_json(state: SumodokuState) -> dict[str, JSONValue]:
    """A state's game record in the game's own form (SU rules' player numbers 1 and 2).

    ``{"game": "sumodoku", "options": {...every option}, "seed": s,
    "actions": [{"player": 1|2|"chance"|"observer", "type": ..., ...}, ...],
    "result": {"winner": 1|2, "reason": "..."} or null while unfinished}``;
    see :func:`record_schema`. :func:`read_record` replays it to an equal state.

    Raises:
        TypeError: ``state`` is not a :class:`SumodokuState`.
    """
    if not isinstance(state, SumodokuState):
        raise TypeError(f"a Sumodoku state is needed, not {type(state).__name__}")
    result = state.result
    return {
        "game": _GAME,
        "options": state.game.options,
        "seed": state.seed,
        "actions": [_entry(entry) for entry in state.history()],
        "result": None if result is None else result.to_json(),
    }


def record_text(state: SumodokuState) -> str:
    """:func:`record_json` as JSON text, one action per line (errors then name the line).

    Raises:
        TypeError: ``state`` is not a :class:`SumodokuState`.
    """
    return record_layout(record_json(state))


@lru_cache(maxsize=1)
def _record_shape() -> dict[str, Any]:
    """The record's shape, each action only as an object with a player and a type.

    Each action is then read by :func:`_read_action`, which refuses what the
    published schema refuses with a message naming the member (and is some
    ten times faster than the schema's per-type conditions).
    """
    shape = copy.deepcopy(record_schema())
    del shape["properties"]["actions"]["items"]["allOf"]
    return shape


#: A record's schema errors in its own words (a value as it is written).
_WORDS = SchemaWords(show=_shown, own=("type", "enum", "const"))


def read_record(
    data: str | bytes | Mapping[str, Any], *, source: str | None = None
) -> SumodokuState:
    """Read a Sumodoku record (:func:`record_json`'s form) and replay it with the engine.

    Args:
        data: the record's JSON text (str, or UTF-8 bytes; a byte-order mark
            is skipped), or the record already parsed (a mapping).
        source: the input's name for error messages (a file name), or ``None``.

    A record whose options have no ``own_mistake_wins`` was written before
    SU-8 and SU-9 were revised (every record since names every option): it
    is replayed with ``own_mistake_wins`` true, the reading it was played
    under, so it gives the result it had; if its observer acted, which it
    then did before SU-7 could point a mistake out, it is refused.

    Returns:
        The state after the last action, equal to the state that made the
        record (finished or not).

    Raises:
        TypeError: ``data`` is not text, bytes or a mapping.
        RecordFileError: not JSON, not of the record's shape (the schema),
            not a Sumodoku record, a bad option, an entry for the wrong
            player, an action that breaks a rule (named with the rule), or a
            result the game does not give. The one-line message reads
            ``source:line:column: $.path: reason`` (line and column when
            ``data`` is text).
    """
    reader: JsonReader | None = None
    if isinstance(data, Mapping):
        check = dict(data)
        try:
            check_depth(check)
        except NotationError as error:
            raise RecordFileError(error.reason, source=source) from None
        parsed: Any = check
    else:
        if not isinstance(data, str | bytes):
            raise TypeError(f"a record is JSON text, bytes or a mapping, not {type(data).__name__}")
        reader, parsed = parse_record(data, source)

    def fail(path: tuple[str | int, ...], reason: str) -> RecordFileError:
        return located(reader, path, reason, source)

    other = wrong_game(parsed, "sumodoku", "Sumodoku")
    if other is not None:  # before the schema, which would refuse another game's "result"
        raise fail(("game",), other)
    seed = parsed.get("seed") if isinstance(parsed, dict) else None
    if isinstance(seed, int) and not isinstance(seed, bool):
        try:  # before the schema, which would say it in its own words
            check_seed(seed)
        except DokuspecError as problem:
            raise fail(("seed",), str(problem)) from None
    wrong = schema_problem(parsed, _record_shape(), _WORDS)
    if wrong is not None:
        raise fail(wrong.path, wrong.reason)
    options = parsed["options"]
    if _OWN_MISTAKE_WINS not in options:
        # Written before SU-8 and SU-9 were revised (every record since names the option):
        # replayed under the reading it was played under, which let a player find their own
        # mistake. Its observer acted before SU-7 could point a mistake out: such steps
        # cannot be replayed under the revised SU-9, and are refused, never reinterpreted.
        for index, entry in enumerate(parsed["actions"]):
            if entry["player"] == "observer":
                raise fail(
                    ("actions", index, "player"),
                    "the observer acts here as SU-9 read before its revision (the record's "
                    f"options have no {json.dumps(_OWN_MISTAKE_WINS)}); it cannot be replayed",
                )
        options = {**options, _OWN_MISTAKE_WINS: True}
    try:
        game = Sumodoku(**options)
    except GameOptionError as problem:
        path: tuple[str | int, ...] = ("options", problem.option)
        if problem.option not in options:
            path = ("options",)
        raise fail(path, str(problem)) from None
    state = game.new_initial_state(parsed["seed"])
    for index, entry in enumerate(parsed["actions"]):
        here: tuple[str | int, ...] = ("actions", index)
        who = entry["player"]
        current = state.current_player()
        if current == TERMINAL:
            raise fail((*here, "player"), "the game is over already; no action may follow")
        expected: JSONValue
        if current >= 0:
            expected = current + 1
        else:
            expected = "chance" if state._node == _COLOURS_NODE else "observer"
        if who != expected:
            raise fail(
                (*here, "player"),
                f"recorded for {json.dumps(who)}, but {json.dumps(expected)} is to act",
            )
        body = {key: value for key, value in entry.items() if key != "player"}
        try:
            action = _read_action(body)
        except RecordError as problem:
            sub, _, reason = str(problem).partition(": ")
            steps: list[str | int] = list(here)
            if sub.startswith("$."):
                steps.append(sub[2:])
            raise fail(tuple(steps), reason) from None
        try:
            state.apply_action(action)
        except IllegalActionError as problem:
            raise fail(here, f"{action}: {problem.reason}") from None
    result = state.result
    final = None if result is None else result.to_json()
    recorded = parsed["result"]
    if recorded != final:
        shown = "null (not finished)" if final is None else json.dumps(final)
        raise fail(("result",), f"the record says {json.dumps(recorded)}, the game gives {shown}")
    return state
