"""The JSON forms' schemas, and the strict reading of a deal, a position or a view against them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from dokuspec.errors import NotationError, quote
from dokuspec.vocabulary.jsontext import (
    VALUE_WORDS,
    JsonReader,
    check_depth,
    json_kind,
    json_path,
    line_column,
    package_schema,
    schema_problem,
)

__all__ = [
    "deal_schema",
    "position_schema",
    "view_schema",
]


# -- the JSON forms ------------------------------------------------------------------------------


def _schema(name: str) -> dict[str, Any]:
    return package_schema(f"twodoku-{name}")


def deal_schema() -> dict[str, Any]:
    """The JSON schema of a deal (``dokuspec/schemas/twodoku-deal.schema.json``)."""
    return _schema("deal")


def position_schema() -> dict[str, Any]:
    """The JSON schema of a position (``dokuspec/schemas/twodoku-position.schema.json``)."""
    return _schema("position")


def view_schema() -> dict[str, Any]:
    """The JSON schema of a player's view (``dokuspec/schemas/twodoku-view.schema.json``)."""
    return _schema("view")


def _read_json(name: str, text_or_data: object, caller: str, *, text: bool = False) -> Any:
    """Read text (with positions) or check data against the schema ``name``; the data."""
    reader: JsonReader | None = None
    if text and not isinstance(text_or_data, str):
        raise TypeError(f"{caller} takes a str, not {type(text_or_data).__name__}")
    if text and isinstance(text_or_data, str):
        reader = JsonReader(text_or_data.removeprefix("\ufeff"))
        data = reader.decode()
    elif isinstance(text_or_data, Mapping):
        check_depth(text_or_data)
        data = text_or_data
    else:
        raise TypeError(f"{caller} takes a mapping, not {type(text_or_data).__name__}")
    if not isinstance(data, Mapping):
        raise NotationError(f"$: a {name} is a JSON object, not {json_kind(data)}")
    known = _schema(name)["properties"]
    for key in data:
        if key not in known:
            lower = key.lower() if isinstance(key, str) else ""
            close = [k for k in known if k == lower] or [
                k for k in known if lower and k.startswith(lower[:3])
            ]
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            message = f"$: unknown key {quote(key)}{hint}"
            offset = None if reader is None else reader.keys.get(((), key))
            if offset is not None:
                line, column = line_column(reader.text, offset)  # type: ignore[union-attr]
                raise NotationError(message, line=line, column=column)
            raise NotationError(message)
    problem = schema_problem(data, _schema(name), VALUE_WORDS)
    if problem is not None:
        if reader is not None:
            raise reader.located(problem.reason, problem.path, key=problem.key)
        raise NotationError(f"{json_path(problem.path)}: {problem.reason}")
    return data


def _dumps(data: object) -> str:
    return json.dumps(data, separators=(",", ":"))
