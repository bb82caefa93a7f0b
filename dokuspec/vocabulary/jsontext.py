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

The JSON forms are checked against their JSON schemas (shipped in
``dokuspec/schemas``, :func:`package_schema`) by the jsonschema library,
imported only when JSON is read: :func:`strict_validator` builds a Draft
2020-12 validator that counts no boolean and no ``1.0`` as an integer,
:func:`schema_problem` chooses the most telling error and words it (in the
words of a :class:`SchemaWords`, one per caller), and
:meth:`JsonReader.located` places it at its line and column.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any, NamedTuple

from dokuspec.errors import NotationError, quote

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_LENGTH",
    "VALUE_WORDS",
    "JsonReader",
    "SchemaProblem",
    "SchemaWords",
    "best_error",
    "check_depth",
    "json_kind",
    "json_path",
    "json_value",
    "line_column",
    "package_schema",
    "schema_problem",
    "schema_reason",
    "strict_validator",
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


# -- JSON schemas --------------------------------------------------------------------------------


@cache
def package_schema(name: str) -> dict[str, Any]:
    """The JSON schema ``dokuspec/schemas/{name}.schema.json`` shipped with the package, parsed
    once (callers must not change it)."""
    path = resources.files("dokuspec").joinpath(f"schemas/{name}.schema.json")
    schema: dict[str, Any] = json.loads(path.read_text())
    return schema


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@lru_cache(maxsize=32)
def _validator(key: str, strict: bool) -> Any:
    import jsonschema  # noqa: PLC0415 - only reading JSON needs it

    base = jsonschema.Draft202012Validator
    if not strict:
        return base(json.loads(key))
    # JSON Schema counts 1.0 as an integer; an integer written 1.0 is refused here.
    checker = base.TYPE_CHECKER.redefine("integer", lambda _, value: _is_int(value))
    extended = jsonschema.validators.extend(base, type_checker=checker)  # type: ignore[no-untyped-call]
    return extended(json.loads(key))


def strict_validator(schema: Mapping[str, Any], *, strict: bool = True) -> Any:
    """A jsonschema Draft 2020-12 validator of ``schema`` (built once per schema).

    ``strict`` (the default): an integer is an int, never a boolean nor a
    float such as ``1.0`` (which JSON Schema itself counts as an integer);
    ``strict=False`` keeps JSON Schema's own reading (booleans are still not
    integers).
    """
    found = _BY_IDENTITY.get((id(schema), strict))
    if found is not None and found[0] is schema:
        return found[1]
    # The key keeps the keywords' order, which decides between equally relevant errors.
    validator = _validator(json.dumps(schema), strict)
    if len(_BY_IDENTITY) < 64:  # the schemas kept for the life of the process
        _BY_IDENTITY[(id(schema), strict)] = (schema, validator)
    return validator


# A schema object seen before is not written out again to find its validator (it holds the
# schema, so its id stays its own).
_BY_IDENTITY: dict[tuple[int, bool], tuple[Mapping[str, Any], Any]] = {}


@dataclass(frozen=True, slots=True)
class SchemaWords:
    """How one reader words a schema error (:func:`schema_reason`).

    Attributes:
        show: a JSON value as a message writes it (``json_value`` by default).
        own: the schema keywords worded here (``type``, ``minimum``,
            ``maximum``, ``enum``, ``const``, ``additionalProperties``,
            ``minItems``, ``maxItems``); any other keyword keeps jsonschema's
            message.
        cut: jsonschema's messages are cut after this many characters
            (``None``: never).
        kinds: in a ``oneOf`` or ``anyOf``, follow the branch the value
            means (:func:`best_error`) rather than jsonschema's
            ``best_match`` descent.
    """

    show: Callable[[object], str] = field(default=json_value)
    own: tuple[str, ...] = ()
    cut: int | None = 100
    kinds: bool = False


#: How the readers of game values word a schema error, in plain words (an unknown
#: key named, an event followed by its kind).
VALUE_WORDS = SchemaWords(
    own=("type", "minimum", "maximum", "enum", "additionalProperties", "minItems", "maxItems"),
    kinds=True,
)


class SchemaProblem(NamedTuple):
    """The error a schema finds: where (the JSON path; ``key``, an unknown member of the
    object there, when that is the fault) and why."""

    path: tuple[str | int, ...]
    reason: str
    key: str | None = None


def _unknown_key(error: Any) -> str | None:
    if error.validator != "additionalProperties" or not isinstance(error.instance, Mapping):
        return None
    known = error.schema.get("properties", {})
    unknown = sorted(k for k in error.instance if k not in known)
    return unknown[0] if unknown else None


def schema_reason(error: Any, words: SchemaWords) -> str:
    """The reason a jsonschema error gives, in ``words`` (no JSON path)."""
    kind, value, expected = error.validator, error.instance, error.validator_value
    if kind in words.own:
        show = words.show
        if kind == "type":
            names = expected if isinstance(expected, list) else [expected]
            return f"{show(value)} is not of type {' or '.join(map(repr, names))}"
        if kind == "minimum":
            return f"{show(value)} is less than the minimum of {expected}"
        if kind == "maximum":
            return f"{show(value)} is greater than the maximum of {expected}"
        if kind == "enum":
            return f"{show(value)} is not one of {', '.join(map(json.dumps, expected))}"
        if kind == "const":
            return f"{show(value)} is not {json.dumps(expected)}"
        if kind == "additionalProperties":
            unknown = _unknown_key(error)
            if unknown is not None:
                return f"unknown key {quote(unknown)}"
        if kind in ("minItems", "maxItems"):
            return f"{len(value)} items, but {kind[:3]}imum is {expected}"
    message = str(error.message)
    if words.cut is None or len(message) <= words.cut:
        return message
    return message[: words.cut] + "..."


def best_error(errors: Iterable[Any], *, kinds: bool = False) -> Any:
    """The most telling of jsonschema's errors, or ``None``.

    jsonschema's ``best_match``; with ``kinds``, a ``oneOf`` or ``anyOf`` is
    followed into the branch the value means: the one whose ``const``
    members (``type``, ``source``) match, or the one that is not ``null`` for
    a value that is not null. A value whose member names no branch's kind is
    an ``enum`` error at that member, listing the kinds.
    """
    import jsonschema  # noqa: PLC0415 - only reading JSON needs it

    if not kinds:
        return jsonschema.exceptions.best_match(errors)
    found = list(errors)
    if not found:
        return None
    relevance = jsonschema.exceptions.relevance
    error = max(found, key=relevance)
    while error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[int, list[Any]] = {}
        for inner in error.context:
            branches.setdefault(inner.relative_schema_path[0], []).append(inner)
        meant = [
            branch
            for branch in branches.values()
            if not any(e.validator == "const" for e in branch)
            and not (error.instance is not None and [e.validator_value for e in branch] == ["null"])
        ]
        if len(meant) != 1:
            if not meant:
                return _no_kind(error, branches)
            break
        error = max(meant[0], key=relevance)
    if error.validator != "oneOf" and error.context:
        error = jsonschema.exceptions.best_match(error.context)
    return error


class _KindError:
    """A made-up schema error: a member (``type``, ``source``) naming no kind of item."""

    def __init__(self, path: tuple[str | int, ...], value: object, kinds: list[str]) -> None:
        self.absolute_path = path
        self.validator = "enum"
        self.instance = value
        self.validator_value = kinds
        self.context: list[Any] = []
        self.message = f"{json_value(value)} is not one of {', '.join(kinds)}"


def _no_kind(error: Any, branches: dict[int, list[Any]]) -> Any:
    # Discriminate as a reader would: first by "type", then among the items of that type.
    remaining = list(branches.values())
    for member in ("type", "source"):
        failing = [
            b
            for b in remaining
            if any(e.validator == "const" and e.path == deque([member]) for e in b)
        ]
        if failing and len(failing) == len(remaining):
            kinds = sorted(
                {e.validator_value for b in failing for e in b if e.validator == "const"}
            )
            value = error.instance.get(member) if isinstance(error.instance, Mapping) else None
            return _KindError((*error.absolute_path, member), value, kinds)
        remaining = [b for b in remaining if b not in failing]
    return error


def schema_problem(
    data: object, schema: Mapping[str, Any], words: SchemaWords, *, strict: bool = True
) -> SchemaProblem | None:
    """What ``schema`` finds wrong with ``data`` (:func:`best_error`, worded by
    :func:`schema_reason`), or ``None`` when it is valid.

    ``strict`` as for :func:`strict_validator`. Place the problem in the text
    with ``JsonReader.located(problem.reason, problem.path, key=problem.key)``.
    """
    validator = strict_validator(schema, strict=strict)
    error = best_error(validator.iter_errors(data), kinds=words.kinds)
    if error is None:
        return None
    key = _unknown_key(error) if "additionalProperties" in words.own else None
    return SchemaProblem(tuple(error.absolute_path), schema_reason(error, words), key)
