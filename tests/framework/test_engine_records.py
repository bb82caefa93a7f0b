"""Exact contracts of game records as files (``dokuspec.engine.records``).

The record text's layout, the files written, the records directory's checks,
and the one-line errors of a record that cannot be read, with the source,
line and column of the bad part, on Minidoku (rules MD-1 to MD-9) and a small
game defined here.
"""

from __future__ import annotations

import builtins
import hashlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from dokuspec.engine import records
from dokuspec.engine.base import (
    TERMINAL,
    Action,
    Game,
    Observation,
    RecordError,
    State,
    register,
    unregister,
)
from dokuspec.engine.minidoku import Draw, Minidoku
from dokuspec.engine.records import (
    RecordFileError,
    game_seed,
    read_record,
    record_text,
    records_directory,
    write_record_text,
)
from dokuspec.errors import DokuspecError

# -- game seeds ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "seed", "index"), [("minidoku", 7, 3), ("twodoku", 2**64 - 1, 0)])
def test_a_games_seed_is_the_first_8_bytes_of_a_sha256_halved(
    game: str, seed: int, index: int
) -> None:
    digest = hashlib.sha256(f"dokuspec-{game}:{seed}:{index}".encode()).digest()
    expected = sum(byte << (8 * (7 - place)) for place, byte in enumerate(digest[:8])) // 2
    assert game_seed(game, seed, index) == expected


@pytest.mark.parametrize(
    ("seed", "index", "message"),
    [
        (True, 0, "the seed is an int, not bool"),
        (1, "2", "a game's index is an int, not str"),
        (1, 2.0, "a game's index is an int, not float"),
    ],
)
def test_a_games_seed_needs_int_arguments(seed: Any, index: Any, message: str) -> None:
    with pytest.raises(TypeError) as caught:
        game_seed("minidoku", seed, index)
    assert str(caught.value) == message


# -- record text ---------------------------------------------------------------------------------


def test_a_record_without_steps_has_an_empty_list_of_actions() -> None:
    assert record_text(Minidoku().new_initial_state()) == (
        "{\n"
        '  "game": "minidoku",\n'
        '  "options": {"hand_size": 3, "first_on_tie": 0},\n'
        '  "seed": 0,\n'
        '  "actions": [],\n'
        '  "result": null\n'
        "}\n"
    )


def test_a_record_has_one_step_per_line() -> None:
    state = Minidoku(hand_size=1).new_initial_state(5)
    state.apply_action(Draw(2))
    state.apply_action(Draw(4))
    assert record_text(state) == (
        "{\n"
        '  "game": "minidoku",\n'
        '  "options": {"hand_size": 1, "first_on_tie": 0},\n'
        '  "seed": 5,\n'
        '  "actions": [\n'
        '    {"player": -1, "action": {"type": "draw", "digit": 2}},\n'
        '    {"player": -1, "action": {"type": "draw", "digit": 4}}\n'
        "  ],\n"
        '  "result": null\n'
        "}\n"
    )


def test_a_record_is_made_of_a_state_only() -> None:
    with pytest.raises(TypeError) as caught:
        record_text({"game": "minidoku"})  # type: ignore[arg-type]
    assert str(caught.value) == "a game state is needed, not dict"


# -- writing -------------------------------------------------------------------------------------


def test_a_record_is_written_in_utf8_whatever_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open: Any = builtins.open

    def latin1_locale_open(*args: Any, encoding: str | None = None, **kwargs: Any) -> Any:
        # open() as on a system whose locale's encoding is Latin-1.
        if "b" not in str(args[1] if len(args) > 1 else kwargs.get("mode", "r")):
            encoding = encoding or "latin-1"
        return real_open(*args, encoding=encoding, **kwargs)

    monkeypatch.setattr(records, "open", latin1_locale_open, raising=False)
    write_record_text(tmp_path, 4, '{"note": "é"}\n')
    assert [entry.name for entry in tmp_path.iterdir()] == ["game-000004.json"]
    assert (tmp_path / "game-000004.json").read_bytes() == b'{"note": "\xc3\xa9"}\n'


# -- the records directory -----------------------------------------------------------------------


def test_records_of_another_type_are_named_by_the_default_argument() -> None:
    with pytest.raises(TypeError) as caught:
        records_directory(5, 1)
    assert str(caught.value) == "records_dir is a directory path, not int"


def test_an_empty_records_path_is_refused() -> None:
    with pytest.raises(DokuspecError) as caught:
        records_directory("", 1)
    assert str(caught.value) == "the records directory is an empty path; give a directory"


def test_a_missing_records_directory_is_made_with_its_parents(tmp_path: Path) -> None:
    target = tmp_path / "runs" / "first"
    assert records_directory(target, 3) == target
    assert target.is_dir()
    assert list(target.iterdir()) == []


# -- errors with their location ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ({}, "bad thing here"),
        ({"source": "a.json"}, "a.json: bad thing here"),
        ({"line": 3, "column": 7}, "3:7: bad thing here"),
        ({"source": "a.json", "line": 3, "column": 7}, "a.json:3:7: bad thing here"),
    ],
)
def test_a_record_file_error_reads_source_line_column_reason(
    where: dict[str, Any], message: str
) -> None:
    error = RecordFileError("bad  thing\nhere", **where)
    assert str(error) == message
    assert error.reason == "bad thing here"
    assert (error.source, error.line, error.column) == (
        where.get("source"),
        where.get("line"),
        where.get("column"),
    )


RECORD = """{
  "game": "minidoku",
  "options": {},
  "seed": 5,
  "actions": [],
  "result": null
}
"""


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        pytest.param(
            ('"seed": 5', '"seed": "x"'),
            "m.json:4:11: $.seed: 'x' is not of type 'integer'",
            id="wrong shape",
        ),
        pytest.param(
            ('"game": "minidoku"', '"game": "twodoku"'),
            "m.json:2:11: $.game: a 'twodoku' record, not a Minidoku record ('minidoku')",
            id="another game",
        ),
        pytest.param(
            ('"options": {}', '"options": {"hand_size": 9}'),
            "m.json:3:28: $.options.hand_size: "
            "minidoku: option 'hand_size': 9 is greater than the maximum of 7",
            id="a bad option",
        ),
        pytest.param(
            ('"result": null', '"result": [1, -1]'),
            "m.json:6:13: $.result: the record says [1, -1], the game gives null (not finished)",
            id="a wrong result",
        ),
    ],
)
def test_a_bad_record_names_its_source_line_and_column(edit: tuple[str, str], message: str) -> None:
    text = RECORD.replace(*edit)
    with pytest.raises(RecordFileError) as caught:
        read_record(text, source="m.json", game="minidoku", title="Minidoku")
    assert str(caught.value) == message
    assert caught.value.source == "m.json"


def test_a_good_record_replays() -> None:
    state = read_record(RECORD.encode(), source="m.json", game="minidoku", title="Minidoku")
    assert state == Minidoku().new_initial_state(5)


def test_bytes_that_are_not_utf8_are_located() -> None:
    data = b'{\n  "game":\n  "\xff"}'
    with pytest.raises(RecordFileError) as caught:
        read_record(data, source="g.json", game="minidoku", title="Minidoku")
    assert str(caught.value) == (
        "g.json:3:4: not UTF-8: the byte 0xff cannot start or continue a character"
    )
    assert (caught.value.line, caught.value.column, caught.value.source) == (3, 4, "g.json")


def test_a_record_is_text_or_bytes() -> None:
    with pytest.raises(TypeError) as caught:
        read_record(5, source=None, game="minidoku", title="Minidoku")  # type: ignore[arg-type]
    assert str(caught.value) == "a record is JSON text (str or bytes), not int"


class Knot(Game):
    """A game that refuses seed 13 with a record error that names no JSON path."""

    name: ClassVar[str] = "knot"

    def num_players(self) -> int:
        return 1

    def min_utility(self) -> float:
        return 0

    def max_utility(self) -> float:
        return 0

    def max_game_length(self) -> int:
        return 0

    def new_initial_state(self, seed: int = 0) -> State:
        if seed == 13:
            raise RecordError("the knot game has no seed 13")
        return KnotState(self, seed)

    def action_from_json(self, data: object) -> Action:
        raise RecordError("$: the knot game has no actions")


class KnotState(State):
    def current_player(self) -> int:
        return TERMINAL

    def _legal_actions(self, player: int) -> tuple[Action, ...]:
        return ()

    def _apply(self, player: int, action: Action) -> None:
        raise AssertionError("never called: there are no actions")

    def returns(self) -> tuple[float, ...]:
        return (0,)

    def observation(self, player: int) -> Observation:
        return Observation(player, None, "")

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        return self.clone()


@pytest.fixture
def knot() -> Iterator[None]:
    register(Knot)
    yield
    unregister("knot")


@pytest.mark.usefixtures("knot")
def test_a_games_error_without_a_json_path_names_the_source() -> None:
    text = '{"game": "knot", "options": {}, "seed": 13, "actions": [], "result": [0]}'
    with pytest.raises(RecordFileError) as caught:
        read_record(text, source="k.json", game="knot", title="Knot")
    assert str(caught.value) == "k.json: the knot game has no seed 13"
    error = caught.value
    assert (error.reason, error.path, error.line, error.source) == (
        "the knot game has no seed 13",
        None,
        None,
        "k.json",
    )
    good = text.replace('"seed": 13', '"seed": 12')
    assert read_record(good, source="k.json", game="knot", title="Knot").seed == 12
