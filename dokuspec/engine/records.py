"""Game records as files: JSON text one step per line, written atomically, read back located.

Every game's simulations write and read records the same way:

* :func:`game_seed` derives game ``i``'s seed from a run's seed;
* :func:`record_text` writes a state's record one step per line, so that an
  error's line number points at the step; :func:`write_record` writes it
  (:func:`write_record_text` a game's own record text) atomically under
  :func:`record_name` in a directory that :func:`records_directory` checks
  (records are never overwritten);
* :func:`read_record` reads a record and replays it with the engine; a bad
  record raises :class:`RecordFileError` naming its JSON path, line and
  column, and for an action that breaks a rule, the action and the rule.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from dokuspec.engine.base import (
    GameOptionError,
    GameRecord,
    JSONValue,
    RecordError,
    State,
    replay,
)
from dokuspec.errors import DokuspecError, NotationError, quote
from dokuspec.files import write_text_file
from dokuspec.seeds import check_index, check_seed
from dokuspec.vocabulary.jsontext import JsonReader, json_path, line_column

__all__ = [
    "RecordFileError",
    "game_seed",
    "located",
    "parse_record",
    "read_record",
    "record_layout",
    "record_name",
    "record_text",
    "records_directory",
    "write_record",
    "write_record_text",
    "wrong_game",
]


def game_seed(game: str, seed: int, index: int) -> int:
    """The seed of game ``index`` of a run of ``game`` with seed ``seed``: a 63-bit int.

    The first 8 bytes of the SHA-256 of ``"dokuspec-{game}:{seed}:{index}"``,
    so every game's seed depends on the game, the run's seed and its index only.

    Args:
        game: the game's registered name.
        seed: the run's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        index: the game's index in the run, 0 or more.

    Raises:
        TypeError: ``seed`` or ``index`` is not an int (or is a bool).
        DokuspecError: ``seed`` is outside 0 to ``2**64 - 1``, or ``index``
            is negative.
    """
    check_seed(seed)
    check_index(index)
    digest = hashlib.sha256(f"dokuspec-{game}:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8]) >> 1  # big-endian, the default


def record_name(index: int) -> str:
    """The file name of game ``index``'s record: ``game-000042.json``."""
    return f"game-{index:06d}.json"


def record_text(state: State) -> str:
    """A state's game record (:meth:`~dokuspec.engine.base.State.record`) as JSON text.

    One member per line and one step per line, so that an error's line
    number points at the step.

    Raises:
        TypeError: ``state`` is not a :class:`~dokuspec.engine.base.State`.
    """
    if not isinstance(state, State):
        raise TypeError(f"a game state is needed, not {type(state).__name__}")
    return record_layout(state.record().to_json())


def record_layout(data: Mapping[str, JSONValue]) -> str:
    """A record's JSON object as text: one member per line and one step per line.

    The members ``"game"``, ``"options"``, ``"seed"``, ``"actions"`` (a list,
    one step per line) and ``"result"``, in that order, so that an error's
    line number points at the step. Every game's records are written so,
    whatever their steps and result hold (Sumodoku's own form too).
    """
    head = [f"  {json.dumps(key)}: {json.dumps(data[key])}" for key in ("game", "options", "seed")]
    actions = data["actions"]
    assert isinstance(actions, list)
    steps = ",\n".join(f"    {json.dumps(step)}" for step in actions)
    listed = f'  "actions": [\n{steps}\n  ]' if actions else '  "actions": []'
    result = f'  "result": {json.dumps(data["result"])}'
    return "{\n" + ",\n".join([*head, listed, result]) + "\n}\n"


def write_record(directory: Path, index: int, state: State) -> None:
    """Write the record of game ``index`` (:func:`record_text`) atomically, as
    :func:`write_record_text` writes it."""
    write_record_text(directory, index, record_text(state))


def write_record_text(directory: Path, index: int, text: str) -> None:
    """Write ``text``, the record of game ``index``, atomically (a temporary file, then a rename).

    The file is ``directory / record_name(index)``, written by
    :func:`dokuspec.files.write_text_file`: made with the mode the umask
    gives any new file, and a failure leaves no temporary file behind.

    Raises:
        FileWriteError: the file could not be written (an :class:`OSError`
            whose message is ``cannot write 'PATH': reason``).
    """
    write_text_file(directory / record_name(index), text)


_RECORD_NAME = re.compile(r"game-([0-9]+)\.json")


def records_directory(records: object, games: int, *, argument: str = "records_dir") -> Path | None:
    """The directory to write the records of ``games`` games into, made if missing.

    Args:
        records: a directory path, or ``None`` (no records).
        games: how many games the run plays (records ``0 .. games - 1``).
        argument: the argument's name, for the TypeError's message.

    Returns:
        The directory, or ``None`` when ``records`` is ``None``.

    Raises:
        TypeError: ``records`` is not a path.
        DokuspecError: an empty path, a path that is not a directory, or a
            directory that holds a record this run would write (records are
            never overwritten).
    """
    if records is None:
        return None
    if not isinstance(records, str | os.PathLike):
        raise TypeError(f"{argument} is a directory path, not {type(records).__name__}")
    if not os.fspath(records):
        raise DokuspecError("the records directory is an empty path; give a directory")
    directory = Path(records)
    if directory.exists() and not directory.is_dir():
        raise DokuspecError(f"{directory} is not a directory, so it cannot hold records")
    if directory.is_dir():
        # What is there decides, not the (possibly huge) list of names to come.
        for entry in sorted(directory.iterdir()):
            found = _RECORD_NAME.fullmatch(entry.name)
            if found and int(found[1]) < games and record_name(int(found[1])) == entry.name:
                raise DokuspecError(
                    f"the records directory holds {entry} already; give an empty directory "
                    "(records are never overwritten)"
                )
    directory.mkdir(parents=True, exist_ok=True)
    return directory


class RecordFileError(RecordError):
    """A game record that cannot be read or replayed, with where it is wrong.

    The message reads ``source:line:column: $.path: reason`` (the parts
    that are known), on one line.

    Attributes:
        reason: the message without the location (it starts with the JSON
            path when there is one).
        path: the JSON path of the bad part (``$.actions[7].action``), or
            ``None`` (bad JSON text).
        line: 1-based line, or ``None``.
        column: 1-based column, or ``None``.
        source: the name of the input, or ``None``.
    """

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
    ) -> None:
        reason = " ".join(reason.split())  # one line, whatever the parts said
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
        self.source = source
        where = ":".join(str(part) for part in (source, line, column) if part is not None)
        super().__init__(f"{where}: {reason}" if where else reason)


_PATH = re.compile(r"\$((?:\.[A-Za-z_][A-Za-z0-9_]*|\[[0-9]+\])*)")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]+)\]")


def _locate(reader: JsonReader, message: str, source: str | None) -> RecordFileError:
    """``message`` (starting with a JSON path) located at the deepest part of it in the text."""
    match = _PATH.match(message)
    if match is None:
        return RecordFileError(message, source=source)
    steps: list[str | int] = [
        name if name else int(number) for name, number in _STEP.findall(match.group(1))
    ]
    line, column = line_column(reader.text, reader.offset_of(steps))
    path = match.group(0)
    return RecordFileError(message, path=path, line=line, column=column, source=source)


def _decode(data: str | bytes, source: str | None) -> str:
    if isinstance(data, str):
        return data[1:] if data.startswith("\ufeff") else data
    if not isinstance(data, bytes):
        raise TypeError(f"a record is JSON text (str or bytes), not {type(data).__name__}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise RecordFileError(
            f"not UTF-8: the byte {data[error.start]:#04x} cannot start or continue a character",
            line=line,
            column=column,
            source=source,
        ) from None


def parse_record(data: str | bytes, source: str | None) -> tuple[JsonReader, Any]:
    """A record's text parsed strictly, with the reader that locates its parts.

    Args:
        data: the record's text, or its bytes in UTF-8 (a byte-order mark is
            skipped).
        source: the input's name for error messages (a file name), or ``None``.

    Returns:
        The reader of the text (:class:`~dokuspec.vocabulary.jsontext.JsonReader`)
        and the parsed value (any JSON value).

    Raises:
        TypeError: ``data`` is not str or bytes.
        RecordFileError: the text is not UTF-8 or not JSON (a key given
            twice, NaN, deep nesting...), with its line and column.
    """
    reader = JsonReader(_decode(data, source))
    try:
        return reader, reader.decode()
    except NotationError as error:
        raise RecordFileError(
            error.reason, line=error.line, column=error.column, source=source
        ) from None


def located(
    reader: JsonReader | None, path: Sequence[str | int], reason: str, source: str | None
) -> RecordFileError:
    """The error ``$.path: reason`` about the part of a record at ``path``, located.

    Args:
        reader: the reader of the record's text (:func:`parse_record`), or
            ``None`` for a record given parsed (no line and column then).
        path: the steps to the bad part: member names and list indices.
        reason: why that part is wrong.
        source: the input's name for error messages, or ``None``.
    """
    where = json_path(tuple(path))
    line = column = None
    if reader is not None:
        line, column = line_column(reader.text, reader.offset_of(list(path)))
    return RecordFileError(
        f"{where}: {reason}", path=where, line=line, column=column, source=source
    )


def wrong_game(data: object, game: str, title: str) -> str | None:
    """Why a parsed record is not a record of ``game``, when its ``"game"`` says another.

    Checked before the record's shape, so that a record of another game is
    named as such rather than refused for a member its game writes
    differently (another ``"result"``).

    Args:
        data: the parsed record (any JSON value).
        game: the registered name the record must carry (``"twodoku"``).
        title: the game's name for messages (``"Two-Doku"``).

    Returns:
        ``a 'sumodoku' record, not a Two-Doku record ('twodoku')`` when
        ``data`` is an object whose ``"game"`` is a string other than
        ``game``; else ``None`` (the shape is checked next).
    """
    found = data.get("game") if isinstance(data, dict) else None
    if not isinstance(found, str) or found == game:
        return None
    return f"a {quote(found)} record, not a {title} record ({game!r})"


def read_record(data: str | bytes, *, source: str | None, game: str, title: str) -> State:
    """Read a game record (JSON text) of ``game`` and replay it with the engine.

    The record is the JSON form of :class:`~dokuspec.engine.base.GameRecord`
    (``{"game", "options", "seed", "actions", "result"}``, as
    :func:`record_text` writes it). JSON is read strictly (a key given
    twice, NaN, deep nesting are refused) and every step is replayed by
    :func:`~dokuspec.engine.base.replay`, which checks each action (an
    illegal one is named with the rule it breaks) and the result.

    Args:
        data: the record's text, or its bytes in UTF-8 (a byte-order mark is
            skipped).
        source: the input's name for error messages (a file name), or ``None``.
        game: the registered name the record must carry (``"twodoku"``).
        title: the game's name for messages (``"Two-Doku"``).

    Returns:
        The state after the last step (finished or not).

    Raises:
        TypeError: ``data`` is not str or bytes.
        RecordFileError: the text is not UTF-8 or not JSON, the record has
            the wrong shape, is not a record of ``game``, has bad options, an
            action that cannot be read or is illegal, or a result the game
            does not give; the one-line message names the JSON path and the
            line and column of the bad part.
    """
    reader, parsed = parse_record(data, source)
    other = wrong_game(parsed, game, title)
    if other is not None:
        raise _locate(reader, f"$.game: {other}", source)
    try:
        record = GameRecord.from_json(parsed)
    except RecordError as error:
        raise _locate(reader, str(error), source) from None
    try:
        return replay(record)
    except GameOptionError as error:
        raise _locate(reader, f"$.options.{error.option}: {error}", source) from None
    except RecordError as error:
        raise _locate(reader, str(error), source) from None
