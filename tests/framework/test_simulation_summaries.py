"""What the three games' simulations share: summaries counted alike, options and bots checked alike.

Each game's ``summarise`` counts its games, how each ended and (Sumodoku,
Two-Doku) their lengths; each ``simulate`` refuses options that are not a
mapping; each ``make_bot`` refuses an unknown name, listing the game's bots;
each bot refuses arguments of the wrong type, naming them in the game's words.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.competitive import bots as competitive_bots
from dokuspec.engine.competitive import CompetitiveSudoku
from dokuspec.engine.sumodoku import Sumodoku
from dokuspec.engine.twodoku import TwoDoku
from dokuspec.errors import DokuspecError
from dokuspec.sumodoku import bots as sumodoku_bots
from dokuspec.twodoku import bots as twodoku_bots

TURNS = (5, 2, 9)


def sumodoku_result(reason: str, turns: int) -> sumodoku.GameResult:
    return sumodoku.GameResult(0, 1, ("random", "random"), 1, 2, reason, "", turns, 30)


def twodoku_result(ending: str, turns: int) -> twodoku.GameResult:
    return twodoku.GameResult(0, 1, ("random", "random"), "red", (9, 0), (3, 4), 5, ending, turns)


def competitive_result(ending: Any, turns: int) -> competitive.GameResult:
    return competitive.GameResult(
        0, 1, "draft", ("random", "random"), ending, 0, (6, 0), 1, 0, turns, 0
    )


def test_sumodoku_summary_counts_reasons_and_lengths() -> None:
    reasons = ("no-valid-move", "claim-failed", "no-valid-move")
    summary = sumodoku.summarise(sumodoku_result(r, t) for r, t in zip(reasons, TURNS, strict=True))
    assert summary.games == 3
    assert summary.reasons == {
        "all-pieces-played": 0,
        "no-valid-move": 2,
        "claim-succeeded": 0,
        "claim-failed": 1,
        "pointed-out": 0,
        "mistake-found": 0,
    }
    assert list(summary.reasons) == list(sumodoku.REASONS)
    assert (summary.turns_total, summary.shortest, summary.longest) == (16, 2, 9)
    assert summary.wins == (0, 3)


def test_twodoku_summary_counts_endings_and_lengths() -> None:
    endings = ("max-turns", "pile-empty", "max-turns")
    summary = twodoku.summarise(twodoku_result(e, t) for e, t in zip(endings, TURNS, strict=True))
    assert summary.games == 3
    assert summary.endings == {"pile-empty": 1, "no-successful-play": 0, "max-turns": 2}
    assert (summary.turns_total, summary.shortest, summary.longest) == (16, 2, 9)
    assert (summary.wins, summary.winning_score_total) == ((3, 0), 27)


def test_competitive_summary_counts_endings() -> None:
    endings = ("win", "concede", "win")
    summary = competitive.summarise(
        competitive_result(e, t) for e, t in zip(endings, TURNS, strict=True)
    )
    assert summary.games == 3
    assert summary.endings == dict.fromkeys(competitive.ENDINGS, 0) | {"win": 2, "concede": 1}
    assert list(summary.endings) == list(competitive.ENDINGS)
    assert (summary.wins, summary.score_totals) == ((3, 0), (18, 0))


def test_empty_summaries_have_no_lengths() -> None:
    assert (sumodoku.summarise([]).shortest, sumodoku.summarise([]).longest) == (None, None)
    assert twodoku.summarise([]).turns_total == 0
    assert competitive.summarise([]).games == 0


@pytest.mark.parametrize(
    ("summarise", "bad", "message"),
    [
        (
            sumodoku.summarise,
            sumodoku_result("resigned", 3),
            "'resigned' is not a reason (all-pieces-played, no-valid-move, claim-succeeded, "
            "claim-failed, pointed-out, mistake-found)",
        ),
        (
            twodoku.summarise,
            twodoku_result("resigned", 3),
            "'resigned' is not an ending (pile-empty, no-successful-play, max-turns)",
        ),
        (
            competitive.summarise,
            competitive_result("resigned", 3),
            "'resigned' is not an ending (win, concede, concede-hands, both-conceded, "
            "turn-limit, trade-limit, nothing-to-trade)",
        ),
    ],
)
def test_a_summary_refuses_what_its_game_has_not(
    summarise: Callable[[Any], Any], bad: Any, message: str
) -> None:
    with pytest.raises(DokuspecError) as raised:
        summarise([bad])
    assert str(raised.value) == message
    with pytest.raises(TypeError, match=r"^summarise takes GameResult values, not str$"):
        summarise(["win"])


@pytest.mark.parametrize(
    "start",
    [
        lambda: sumodoku.simulate(1, 0, options=["x"]),  # type: ignore[arg-type]
        lambda: twodoku.simulate(1, 0, options=["x"]),  # type: ignore[arg-type]
        lambda: competitive.simulate(1, 0, "draft", options=["x"]),  # type: ignore[arg-type]
    ],
)
def test_options_that_are_not_a_mapping_are_refused(start: Callable[[], Any]) -> None:
    with pytest.raises(TypeError, match=r"^options are a mapping, not list$"):
        start()


@pytest.mark.parametrize(
    ("module", "names"),
    [
        (sumodoku_bots, "random, solver, strong"),
        (twodoku_bots, "random, inference, strong"),
        (competitive_bots, "random, greedy, strong"),
    ],
)
def test_bots_are_made_by_name(module: Any, names: str) -> None:
    assert names == ", ".join(module.BOT_NAMES)
    for name in module.BOT_NAMES:
        assert module.make_bot(name).name == name
    with pytest.raises(DokuspecError) as raised:
        module.make_bot("smart")
    assert str(raised.value) == f"unknown bot 'smart' (bots: {names})"
    with pytest.raises(TypeError, match=r"^a bot's name is a str, not int$"):
        module.make_bot(3)


@pytest.mark.parametrize(
    ("module", "game", "title", "who"),
    [
        (sumodoku_bots, Sumodoku(), "Sumodoku", "player"),
        (twodoku_bots, TwoDoku(), "Two-Doku", "player"),
        (competitive_bots, CompetitiveSudoku(mode="draft"), "Competitive Sudoku", "player"),
    ],
)
def test_a_bot_names_the_argument_of_the_wrong_type(
    module: Any, game: Any, title: str, who: str
) -> None:
    bot = module.RandomBot()
    state = game.new_initial_state(1)
    rng = random.Random(1)
    with pytest.raises(TypeError, match=rf"^a {title} state is needed, not str$"):
        bot("state", 0, rng)
    with pytest.raises(TypeError, match=rf"^a {who} is an int, not bool$"):
        bot(state, False, rng)
    with pytest.raises(TypeError, match=r"^rng is a random\.Random, not int$"):
        bot(state, 0, 1)
