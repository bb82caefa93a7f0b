"""What the chapter tests of the bots' statistics share (``tests/<game>/test_docs.py``).

A chapter's figure script (``scripts/make_<game>_figures.py``) records the
statistics of the bots' games in ``STATS`` (``docs/generated/<game>-stats.json``)
with the summary of the first ``STATS_SAMPLE`` games of each setting; its
``statistics(games, sample, jobs)`` plays them and its ``stats_game((number,
index))`` plays one game and checks it. These helpers read the record, play
the sample again, and check a chapter's section about them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from docs_support import ROOT, normal


def recorded_statistics(script: ModuleType) -> dict[str, Any]:
    """The statistics the script recorded."""
    numbers: dict[str, Any] = json.loads((ROOT / script.STATS).read_text(encoding="utf-8"))
    return numbers


def recorded_summaries(script: ModuleType) -> Iterator[tuple[dict[str, Any], str, int]]:
    """Each setting's record with each of its parts (``"all"``, ``"sample"``) and its games."""
    numbers = recorded_statistics(script)
    assert (numbers["seed"], numbers["games"], numbers["sample"]) == (
        script.STATS_SEED,
        script.STATS_GAMES,
        script.STATS_SAMPLE,
    )
    for setting in numbers["settings"]:
        for part, games in (("all", numbers["games"]), ("sample", numbers["sample"])):
            assert setting[part]["summary"]["games"] == games
            yield setting, part, games


def check_sample_played_again(script: ModuleType) -> None:
    """The script plays the recorded sample again, to the recorded summaries."""
    numbers = recorded_statistics(script)
    sample = numbers["sample"]
    again = script.statistics(games=sample, sample=sample, jobs=1)
    assert [s["all"] for s in again["settings"]] == [s["sample"] for s in numbers["settings"]]


def check_section(text: str, script: ModuleType, prefix: str, names: tuple[str, ...]) -> None:
    """The chapter's section about the statistics (from the label ``<prefix>-simulations``
    to ``<prefix>-regenerate``) names the file and the command, includes the tables, uses
    the substitutions ``|<prefix>-stats-<name>|``, and writes no number of its own (but
    the first game's index and seat 0 or player 0)."""
    start, end = f".. _{prefix}-simulations:", f".. _{prefix}-regenerate:"
    section = normal(text[text.index(start) : text.index(end)])
    game = script.STATS.stem.removesuffix("-stats")
    assert f"``{script.STATS.as_posix()}``" in section
    assert f"``python scripts/make_{game}_figures.py``" in section
    assert f".. include:: ../generated/{game}-stats.inc" in section
    for name in names:
        assert f"|{prefix}-stats-{name}|" in section
    ids = rf"{prefix.upper()}-\d+|{prefix}-\d+"
    prose = re.sub(rf"\|[a-z0-9-]+\||{ids}|games 0 to|seat 0|player 0", "", section)
    assert re.findall(r"\d", prose) == []


def refusal_of_a_short_record(
    script: ModuleType, monkeypatch: pytest.MonkeyPatch, task: tuple[int, int]
) -> str:
    """What the script says when a game's record replays one step short of the game."""
    replay = script.simulation.replay_record

    def replay_one_step_short(data: str, *, source: str) -> Any:
        record = json.loads(data)
        record["actions"] = record["actions"][:-1]
        record["result"] = None
        return replay(json.dumps(record), source=source)

    monkeypatch.setattr(script.simulation, "replay_record", replay_one_step_short)
    with pytest.raises(script.DisagreementError) as refused:
        script.stats_game(task)
    return str(refused.value)
