"""The golden playthroughs (tests/playthroughs/): one whole seeded game of each of dokuspec's
own engines, written out step by step, must be written the same today.

A difference is a change of notation, observation, action space or outcome: if it is
meant, write the files again (``python -m dokuspec.verify.playthrough --write
tests/playthroughs``) and let the diff show what changed.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from dokuspec.verify.playthrough import PLAYTHROUGHS, Playthrough, playthrough

GOLDEN = Path(__file__).parents[1] / "playthroughs"


@pytest.mark.parametrize("spec", PLAYTHROUGHS, ids=lambda spec: spec.game)
def test_a_games_playthrough_is_its_golden_file(spec: Playthrough) -> None:
    golden = (GOLDEN / spec.file_name).read_text(encoding="utf-8")
    fresh = playthrough(spec)
    if fresh != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), fresh.splitlines(), "golden", "today", lineterm="", n=1
        )
        pytest.fail("the playthrough drifted:\n" + "\n".join(list(diff)[:40]))


def test_every_own_game_has_a_golden_playthrough_and_nothing_else_is_there() -> None:
    games = {spec.game for spec in PLAYTHROUGHS}
    assert games == {"minidoku", "sumodoku", "competitive", "twodoku"}
    assert sorted(path.name for path in GOLDEN.iterdir()) == sorted(
        spec.file_name for spec in PLAYTHROUGHS
    )


def test_a_playthrough_shows_a_changed_action_as_a_drift() -> None:
    # The file is sensitive: another seed gives another game, and a different text.
    spec = PLAYTHROUGHS[0]
    other = Playthrough(spec.game, spec.seed + 1, spec.options, spec.shown_every)
    assert playthrough(other) != (GOLDEN / spec.file_name).read_text(encoding="utf-8")
