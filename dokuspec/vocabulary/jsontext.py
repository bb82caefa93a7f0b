"""Strict JSON text read with the place of every key and value, for every game's notation.

Game positions, deals and records arrive as JSON typed by people, and an
error must say where it is. :class:`JsonReader` reads JSON with the standard
library's scanner for the scalars, and records the offset of each value and
key so that a message can name its line and column. It is stricter than JSON
itself where a silent reading would change an answer: a key given twice,
``NaN`` and ``Infinity``, numbers longer than :data:`MAX_NUMBER_LENGTH`
characters or written with non-ASCII digits, and nesting deeper than
:data:`MAX_DEPTH` levels are refused. :func:`check_depth` bounds Python
data the same way, without recursion.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from dokuspec.errors import NotationError, quote

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_LENGTH",
    "JsonReader",
    "check_depth",
    "json_kind",
    "json_path",
    "json_value",
    "line_column",
]

#: The deepest nesting of arrays and objects accepted.
MAX_DEPTH = 20

#: The longest number accepted, in characters.
MAX_NUMBER_LENGTH = 40


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``text[offset]`` (lines end at LF)."""
    start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - start + 1


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def check_depth(data: object) -> None:
    """Refuse Python data nested deeper than JSON text may be (no recursion, so no limit hit)."""
    stack: list[tuple[object, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise NotationError(
                f"{json_path(path[:MAX_DEPTH])}: nested deeper than {MAX_DEPTH} levels"
            )
        if isinstance(value, Mapping):
            stack.extend((item, (*path, str(key))) for key, item in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))


def json_path(path: tuple[str | int, ...]) -> str:
    """``$.out['3']`` and ``$.consecutive[1]``, as jsonschema writes JSON paths."""
    text = "$"
    for depth, step in enumerate(path):
        if depth == 4:
            return text + f"... ({len(path)} levels)"
        if isinstance(step, int):
            text += f"[{step}]"
        elif _PLAIN_KEY.fullmatch(step) and len(step) <= 40:
            text += f".{step}"
        else:
            text += f"[{quote(step)}]"
    return text


def json_kind(value: object) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return "a number"
    return f"a {type(value).__name__}"


def json_value(value: object) -> str:
    """A short JSON-like rendering of a value for a message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (str, int, float)):
        return quote(value)
    return json_kind(value)


class _Refused(Exception):  # noqa: N818 - internal, always turned into a NotationError
    def __init__(self, reason: str, offset: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


_WS = re.compile(r"[ \t\n\r]*")
# Documented in the standard library's sources, not in its type stubs.
_scanstring: Any = json.decoder.scanstring  # type: ignore[attr-defined]
_make_scanner: Any = json.scanner.py_make_scanner  # type: ignore[attr-defined]


class JsonReader:
    """A JSON reader that knows where each value and key is in the text.

    The standard library's scanner reads the scalars; objects and arrays are
    read here to record offsets, refuse a key given twice and bound the
    nesting. NaN, Infinity, numbers of more than 40 characters and non-ASCII
    digits are refused.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.values: dict[tuple[str | int, ...], int] = {}
        self.keys: dict[tuple[tuple[str | int, ...], str], int] = {}
        self.path: list[str | int] = []
        # The attributes json.scanner.py_make_scanner reads.
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = None
        self.memo: dict[str, str] = {}
        self.parse_string = _scanstring
        self.parse_object = self._object
        self.parse_array = self._array
        self.parse_int = self._int
        self.parse_float = self._float
        self.parse_constant = self._constant
        self.scan_once = _make_scanner(self)

    def decode(self) -> Any:
        text = self.text
        try:
            index = _WS.match(text, 0).end()  # type: ignore[union-attr]
            value, end = self._value(text, index, self.scan_once)
            end = _WS.match(text, end).end()  # type: ignore[union-attr]
            if end != len(text):
                raise json.JSONDecodeError("Extra data", text, end)
        except json.JSONDecodeError as error:
            reason = f"not JSON: {error.msg}"
            if error.msg.startswith("Invalid control character"):
                reason = f"not JSON: the control character {text[error.pos]!r} inside a string"
                if text[error.pos] == "\n":
                    reason += " (a line break inside a string is written \\n)"
            raise NotationError(reason, line=error.lineno, column=error.colno) from None
        except _Refused as error:
            line, column = line_column(text, error.offset or 0)
            where = json_path(tuple(self.path))
            raise NotationError(f"{where}: {error.reason}", line=line, column=column) from None
        return value

    def offset_of(self, path: Sequence[str | int]) -> int:
        """The offset of the value at ``path`` in the text, once ``decode()`` has read it.

        A path the text does not hold (a missing member, or a step into a
        value that has no members) gives the deepest value on the way to it
        that the text holds: its object or array, the whole text at worst.
        """
        steps = tuple(path)
        while steps and steps not in self.values:
            steps = steps[:-1]
        return self.values.get(steps, 0)

    def key_offset(self, path: Sequence[str | int], key: str) -> int:
        """The offset of the key ``key`` of the object at ``path`` (its opening quote), or
        of the object itself when it holds no such key."""
        found = self.keys.get((tuple(path), key))
        return self.offset_of(path) if found is None else found

    def located(
        self, reason: str, path: Sequence[str | int], *, key: str | None = None
    ) -> NotationError:
        """A NotationError ``$.path: reason`` at the line and column of the value at ``path``
        (:meth:`offset_of`), or of its member ``key`` (a key that should not be there).
        """
        offset = self.offset_of(path) if key is None else self.key_offset(path, key)
        line, column = line_column(self.text, offset)
        return NotationError(f"{json_path(tuple(path))}: {reason}", line=line, column=column)

    def string_offset(self, start: int, index: int) -> int:
        """The offset in the text of character ``index`` of the JSON string at ``start``."""
        text, at = self.text, start + 1
        for _ in range(index):
            if text[at] != "\\":
                at += 1
            elif text[at + 1] != "u":
                at += 2
            elif (
                0xD800 <= int(text[at + 2 : at + 6], 16) <= 0xDBFF
                and text[at + 6 : at + 8] == "\\u"
                and 0xDC00 <= int(text[at + 8 : at + 12], 16) <= 0xDFFF
            ):
                at += 12
            else:
                at += 6
        return at

    def _value(self, text: str, index: int, scan_once: Any) -> tuple[Any, int]:
        self.values[tuple(self.path)] = index
        try:
            value, end = scan_once(text, index)
        except StopIteration as stop:
            raise json.JSONDecodeError("Expecting value", text, stop.value) from None
        except _Refused as error:
            if error.offset is None:
                error.offset = index
            raise
        return value, end

    def _enter(self, start: int) -> None:
        if len(self.path) >= MAX_DEPTH:
            raise _Refused(f"nested deeper than {MAX_DEPTH} levels", start)

    def _object(
        self, s_and_end: tuple[str, int], strict: bool, scan_once: Any, *_: Any
    ) -> tuple[dict[str, Any], int]:
        text, end = s_and_end
        self._enter(end - 1)
        result: dict[str, Any] = {}
        here = tuple(self.path)
        end = _WS.match(text, end).end()  # type: ignore[union-attr]
        if text[end : end + 1] == "}":
            return result, end + 1
        while True:
            if text[end : end + 1] != '"':
                raise json.JSONDecodeError(
                    "Expecting property name enclosed in double quotes", text, end
                )
            key_at = end
            key, end = _scanstring(text, end + 1, strict)
            if key in result:
                line, column = line_column(text, self.keys[(here, key)])
                raise _Refused(
                    f"the key {quote(key)} is given twice (first at line {line}, column {column})",
                    key_at,
                )
            self.keys[(here, key)] = key_at
            end = _WS.match(text, end).end()  # type: ignore[union-attr]
            if text[end : end + 1] != ":":
                raise json.JSONDecodeError("Expecting ':' delimiter", text, end)
            end = _WS.match(text, end + 1).end()  # type: ignore[union-attr]
            self.path.append(key)
            result[key], end = self._value(text, end, scan_once)
            self.path.pop()
            end = _WS.match(text, end).end()  # type: ignore[union-attr]
            char = text[end : end + 1]
            if char == "}":
                return result, end + 1
            if char != ",":
                raise json.JSONDecodeError("Expecting ',' delimiter", text, end)
            end = _WS.match(text, end + 1).end()  # type: ignore[union-attr]

    def _array(self, s_and_end: tuple[str, int], scan_once: Any) -> tuple[list[Any], int]:
        text, end = s_and_end
        self._enter(end - 1)
        result: list[Any] = []
        end = _WS.match(text, end).end()  # type: ignore[union-attr]
        if text[end : end + 1] == "]":
            return result, end + 1
        while True:
            self.path.append(len(result))
            value, end = self._value(text, end, scan_once)
            self.path.pop()
            result.append(value)
            end = _WS.match(text, end).end()  # type: ignore[union-attr]
            char = text[end : end + 1]
            if char == "]":
                return result, end + 1
            if char != ",":
                raise json.JSONDecodeError("Expecting ',' delimiter", text, end)
            end = _WS.match(text, end + 1).end()  # type: ignore[union-attr]

    @staticmethod
    def _int(text: str) -> int:
        if not text.isascii():
            raise _Refused(f"{quote(text)} is not a JSON number (digits are ASCII 0-9)")
        if len(text) > MAX_NUMBER_LENGTH:
            raise _Refused(f"a number of {len(text)} characters is too long")
        return int(text)

    @staticmethod
    def _float(text: str) -> float:
        if not text.isascii():
            raise _Refused(f"{quote(text)} is not a JSON number (digits are ASCII 0-9)")
        if len(text) > MAX_NUMBER_LENGTH:
            raise _Refused(f"a number of {len(text)} characters is too long")
        value = float(text)
        if not math.isfinite(value):
            raise _Refused(f"{text} is out of range")
        return value

    @staticmethod
    def _constant(name: str) -> Any:
        raise _Refused(f"{name} is not a JSON value")
