"""A record of one game given to another game's replay is named as such, for every pair.

It is refused at its ``"game"`` (``a 'sumodoku' record, not a Competitive
Sudoku record ('competitive')``), before its shape is checked, so that no
member the other game writes differently (its ``"result"``) is blamed.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.cli import main
from dokuspec.errors import DokuspecError

GAMES: dict[str, tuple[ModuleType, str]] = {
    "sumodoku": (sumodoku, "Sumodoku"),
    "competitive": (competitive, "Competitive Sudoku"),
    "twodoku": (twodoku, "Two-Doku"),
}
PAIRS = list(itertools.permutations(GAMES, 2))


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One record of each game, as ``simulate --records`` writes it."""
    directory = tmp_path_factory.mktemp("records")
    list(sumodoku.simulate(1, 5, ("random", "random"), directory / "sumodoku"))
    list(competitive.simulate(1, 5, "draft", records=directory / "competitive"))
    list(twodoku.simulate(1, 5, ("random", "random"), directory / "twodoku"))
    return {game: directory / game / "game-000000.json" for game in GAMES}


def refusal(recorded: str, replayed: str) -> str:
    title = GAMES[replayed][1]
    return f"$.game: a {recorded!r} record, not a {title} record ({replayed!r})"


@pytest.mark.parametrize(("recorded", "replayed"), PAIRS)
def test_replay_record_names_the_records_game(
    records: dict[str, Path], recorded: str, replayed: str
) -> None:
    module = GAMES[replayed][0]
    text = records[recorded].read_text(encoding="utf-8")
    with pytest.raises(DokuspecError) as caught:
        module.replay_record(text, source="game.json")
    # "game" is on line 2 of a record, its value from column 11.
    assert str(caught.value) == f"game.json:2:11: {refusal(recorded, replayed)}"


@pytest.mark.parametrize(("recorded", "replayed"), PAIRS)
def test_the_replay_command_names_the_records_game(
    records: dict[str, Path], recorded: str, replayed: str
) -> None:
    path = records[recorded]
    result = CliRunner().invoke(main, [replayed, "replay", str(path)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"dokuspec: error: {path}:2:11: {refusal(recorded, replayed)}\n"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_replays_its_own_record(records: dict[str, Path], game: str) -> None:
    result = CliRunner().invoke(main, [game, "replay", str(records[game])])
    assert (result.exit_code, result.stderr) == (0, "")
