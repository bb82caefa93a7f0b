"""Game records: :class:`GameRecord`, the JSON account of a game, and :func:`replay`.

A record holds the game's name and options, the seed, every step (chance
outcomes included) and the result; :func:`replay` plays it again from the
initial state, checking every step and the result. The names are the engine
protocol's, importable from :mod:`dokuspec.engine.base` too.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dokuspec.engine.base import (
    SIMULTANEOUS,
    TERMINAL,
    IllegalActionError,
    JSONValue,
    RecordError,
    _schema_error,
    player_name,
)
from dokuspec.engine.registry import load_game
from dokuspec.errors import DokuspecError
from dokuspec.seeds import SEED_MAX, check_seed
from dokuspec.vocabulary.jsontext import json_path

if TYPE_CHECKING:
    from dokuspec.engine.state import State

__all__ = ["GameRecord", "replay"]

_RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["game", "options", "seed", "actions", "result"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "options": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
        "actions": {"type": "array", "items": {"type": "object"}},
        "result": {"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "number"}}]},
    },
}


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The JSON account of a game: enough to replay it without any randomness.

    The JSON form is an object ``{"game", "options", "seed", "actions",
    "result"}``: the registered name, every option's value, the seed, one
    entry per step (``{"player": p, "action": {...}}``, or at a simultaneous
    node ``{"player": -2, "actions": [...]}``, chance outcomes with player
    ``-1``) and the returns of a finished game (``null`` while it is not
    finished).

    Attributes:
        game: the registered game name.
        options: every option's value.
        seed: the seed of the initial state, 0 to ``2**64 - 1``.
        actions: the history's entries in JSON form.
        result: the returns of a finished game, or ``None``.
    """

    game: str
    options: Mapping[str, JSONValue]
    seed: int
    actions: tuple[JSONValue, ...]
    result: tuple[float, ...] | None = field(default=None)

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON form (a fresh object)."""
        return {
            "game": self.game,
            "options": copy.deepcopy(dict(self.options)),
            "seed": self.seed,
            "actions": copy.deepcopy(list(self.actions)),
            "result": None if self.result is None else list(self.result),
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        """Read the JSON form (as parsed by :func:`json.loads`).

        Raises:
            RecordError: ``data`` does not have the record's shape, or its
                seed is outside 0 to ``2**64 - 1``; the message starts with
                the JSON path of the first bad part.
        """
        seed = data.get("seed") if isinstance(data, dict) else None
        if isinstance(seed, int) and not isinstance(seed, bool):
            try:  # before the schema, which would say it in its own words
                check_seed(seed)
            except DokuspecError as bad:
                raise RecordError(f"$.seed: {bad}") from None
        error = _schema_error(_RECORD_SCHEMA, data)
        if error is not None:
            raise RecordError(f"{json_path(error.path)}: {error.reason}")
        assert isinstance(data, dict)
        result = data["result"]
        return cls(
            game=data["game"],
            options=copy.deepcopy(data["options"]),
            seed=data["seed"],
            actions=tuple(copy.deepcopy(data["actions"])),
            result=None if result is None else tuple(result),
        )


def _nested(where: str, error: RecordError) -> RecordError:
    """``error`` with its JSON path (``$.row``) moved below ``where``."""
    message = str(error)
    if message.startswith("$"):
        return RecordError(where + message[1:])
    return RecordError(f"{where}: {message}")


def replay(record: GameRecord) -> State:
    """Play a record's steps from the initial state and check its result.

    Returns:
        The state after the last step, equal to the state that made the
        record.

    Raises:
        RegistryError: no game of that name is registered.
        GameOptionError: an option is unknown or has a bad value.
        RecordError: an entry names the wrong player, holds an action the
            game cannot read or an illegal action (the message gives the
            JSON path, ``$.actions[3]``, and why), or the result disagrees
            with the returns of the final state.
    """
    game = load_game(record.game, **dict(record.options))
    state = game.new_initial_state(record.seed)
    for index, entry in enumerate(record.actions):
        where = f"$.actions[{index}]"
        player = entry.get("player") if isinstance(entry, dict) else None
        if not isinstance(entry, dict) or not isinstance(player, int) or isinstance(player, bool):
            raise RecordError(f"{where}: not an entry with a player")
        current = state.current_player()
        if player != current:
            names = game.player_names
            now = (
                "the game is over"
                if current == TERMINAL
                else f"{player_name(current, names)} is to act"
            )
            entered = player_name(player)
            if 0 <= player < len(names):
                entered += f" ({names[player]})"
            raise RecordError(f"{where}.player: recorded for {entered}, but {now}")
        member = "actions" if player == SIMULTANEOUS else "action"
        for key in entry:
            if key not in ("player", member):
                raise RecordError(f"{where}: unexpected member {key!r} (expected {member!r})")
        try:
            if player == SIMULTANEOUS:
                parts = entry.get("actions")
                if not isinstance(parts, list):
                    raise RecordError(f"{where}.actions: a list of actions is needed")
                joint = []
                for number, part in enumerate(parts):
                    try:
                        joint.append(game.action_from_json(part))
                    except RecordError as error:
                        raise _nested(f"{where}.actions[{number}]", error) from None
                state.apply_actions(joint)
            else:
                try:
                    action = game.action_from_json(entry.get("action"))
                except RecordError as error:
                    raise _nested(f"{where}.action", error) from None
                state.apply_action(action)
        except IllegalActionError as error:
            raise RecordError(f"{where}: {error}") from None
    final = tuple(state.returns()) if state.is_terminal() else None
    recorded = None if record.result is None else tuple(record.result)
    if recorded != final:
        said = "null" if recorded is None else list(recorded)
        shown = "null (not finished)" if final is None else list(final)
        raise RecordError(f"$.result: the record says {said}, the game gives {shown}")
    return state
