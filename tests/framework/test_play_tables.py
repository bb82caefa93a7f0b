"""The handbook's "Rules in play" tables: rendered from the recorded games, and those games
played again (a sample), so that the tables cannot go stale silently."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "make_play_tables.py"

pytestmark = pytest.mark.skipif(
    not (SCRIPT.is_file() and (ROOT / "docs" / "generated").is_dir()),
    reason="the handbook's sources are not here (tests run against the installed wheel)",
)


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_play_tables", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_play_tables"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["sumodoku", "competitive", "twodoku"])
def test_the_tables_are_what_the_recorded_games_give(script: ModuleType, game: str) -> None:
    record = script.recorded(game)
    for path, text in script.render(record).items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python scripts/make_play_tables.py"
        )
    chapter = (ROOT / "docs" / "rules" / f"{game}.rst").read_text(encoding="utf-8")
    for path in script.render(record):
        assert f"../{path.parent.name}/{path.name}" in chapter or (
            f"../figures/play/{path.name}" in chapter
        )


@pytest.mark.parametrize("game", ["sumodoku", "competitive", "twodoku"])
def test_a_recorded_game_is_played_again_the_same(script: ModuleType, game: str) -> None:
    # The first sample game of the first option set; the script's --check plays them all.
    record = script.recorded(game)
    first = next(iter(record["samples"]))
    trimmed = {k: v for k, v in record.items() if k != "balance"}
    trimmed["samples"] = {first: record["samples"][first][:1]}
    assert script.replay_samples(trimmed) == []


def test_the_recorded_health_counts_add_up(script: ModuleType) -> None:
    for game in ("sumodoku", "competitive", "twodoku"):
        for report in script.recorded(game)["health"].values():
            games = report["games"]
            assert sum(report["endings"].values()) == games
            wins = sum(w["successes"] for w in report["seat_wins"])
            assert wins + report["draws"]["successes"] == games
