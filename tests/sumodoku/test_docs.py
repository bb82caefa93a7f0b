"""The handbook's Sumodoku chapter: every rule has its section, every name it gives exists.

The chapter (``docs/rules/sumodoku.rst``) states each rule of the rulings
register (``docs/rulings.rst``) with the code and the tests that encode and
check it. These tests hold the two documents to each other and to the code:
the same rules, the same rulings, and no test named that does not exist.
The chapter's pictures and numbers, which ``scripts/make_sumodoku_figures.py``
computes from games the engine plays, are computed again and compared with
what is checked in, byte for byte. The chapter's examples of claims are
played through the engine.

They need the source tree (``docs/`` and ``scripts/``) and are skipped where
only the installed package and the tests are present.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from docs_support import NOTATION, ROOT, Chapter, normal

from dokuspec.engine.sumodoku import (
    REASONS,
    Claim,
    Observe,
    Place,
    Silent,
    Sumodoku,
    SumodokuState,
    read_record,
)
from dokuspec.sumodoku.simulation import game_seed, play_game, record_text, simulate, summarise
from dokuspec.vocabulary.sumodoku import Board, Piece

THIS = Chapter("SU", "sumodoku")
CHAPTER = THIS.path
pytestmark = THIS.skip

# The rule text's rules, then the rulings dokuspec added.
READ = [f"SU-{n}" for n in range(1, 16)]
# The ID reserved between SU-32 and SU-34 is not used.
ADDED = [f"SU-{n}" for n in (*range(16, 33), *range(34, 39))]


def test_the_register_holds_su1_to_su38_but_one_reserved_and_no_other() -> None:
    rows = THIS.register_rows()
    assert sorted(rows, key=lambda rule: int(rule[3:])) == READ + ADDED
    assert all(len(rows[rule]) == 4 for rule in READ)
    # The rulings dokuspec added give their reason.
    assert all(len(rows[rule]) == 5 and rows[rule][3] for rule in ADDED)


def test_the_register_reads_the_rule_text_as_the_rulings_file_does() -> None:
    rows = THIS.register_rows()
    assert rows["SU-1"][2].startswith("81 pieces, 9 of each colour. Player 1 gets all pieces")
    assert "16-20: 16 minutes; 21-25: 12; 26-30: 8; 31-35: 4." in rows["SU-10"][2]
    assert rows["SU-15"][2].endswith("can make a position impossible by counting alone.")


def test_every_rule_the_code_and_the_tests_cite_is_in_the_register() -> None:
    THIS.check_cited_rules(
        ("dokuspec", "tests", "docs", "scripts"), ("*.py", "*.rst", "*.json", "*.inc")
    )


def test_every_rule_in_the_register_has_a_section_and_no_other() -> None:
    THIS.check_sections()


def test_the_register_links_each_rule_to_its_section() -> None:
    THIS.check_register_links()


def test_each_section_states_the_registers_ruling_and_option() -> None:
    THIS.check_rulings_stated(frozenset(ADDED))


def test_every_rule_section_names_its_tests() -> None:
    for rule_id, body in THIS.sections().items():
        assert "\nTests\n   * ``tests/" in body, rule_id


def test_the_tests_the_chapter_names_exist() -> None:
    THIS.check_named_tests_exist()


def test_every_test_entry_of_the_chapter_is_a_full_test_name() -> None:
    THIS.check_test_entries()


def test_every_reason_the_chapter_names_is_the_engines_and_each_is_named() -> None:
    text = CHAPTER.read_text(encoding="utf-8")
    winning = text[text.index(".. _su-winning:") : text.index(".. _su-5:")]
    assert set(re.findall(r"``([a-z]+(?:-[a-z]+)+)``", winning)) == set(REASONS)


# -- the chapter's examples of claims over a mistake and a hole (SU-26) -------------------------

SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"


def _claim_over_a_mistake(observer: int) -> SumodokuState:
    """Tabletop: both players place pieces of SOLUTION for 14 turns each, then Player 1 a
    second 4 in row 1 (on r1c1, which the solution fills with 9), Player 2 a valid piece."""
    pieces = [(i // 9 + 1, i % 9 + 1, int(v)) for i, v in enumerate(SOLUTION)]
    mine = [p for p in pieces if p[2] in (1, 2, 3, 4)]
    theirs = [p for p in pieces if p[2] in (5, 6, 7, 8)]
    state = Sumodoku(enforcement="tabletop", observer=observer).new_initial_state(0)
    for a, b in zip(mine[:14], theirs[:14], strict=True):
        state.apply_action(Place(*a))
        state.apply_action(Place(*b))
    assert state.board[1, 1] == 0 and 4 in [state.board[1, c] for c in range(2, 10)]
    state.apply_action(Place(1, 1, 4))
    state.apply_action(Place(*theirs[14]))  # Player 2 lets it pass (SU-9)
    if observer:
        state.apply_action(Observe(1, 1))
        assert state.unnoticed() == ()
    assert state.claim_open(0)
    state.apply_action(Claim(Board(SOLUTION), 10))
    return state


def test_the_chapters_claims_over_a_mistake_and_a_hole_fail_su26() -> None:
    text = normal(CHAPTER.read_text(encoding="utf-8"))
    over_mistake = _claim_over_a_mistake(0).result
    over_hole = _claim_over_a_mistake(1).result
    assert over_mistake is not None and over_hole is not None
    assert (over_mistake.winner, over_mistake.reason) == (1, "claim-failed")
    assert (over_hole.winner, over_hole.reason) == (1, "claim-failed")
    assert over_mistake.detail == "Player 1's claim: the filling has 9 on r1c1=4"
    assert over_hole.detail == (
        "Player 1's claim: the filling adds 5 pieces of colour 4, but 4 remain (1 out of the game)"
    )
    # the chapter quotes both
    assert "``the filling has 9 on r1c1=4``" in text
    assert "``the filling adds 5 pieces of colour 4, but 4 remain (1 out of the game)``" in text


# -- the generated figures and numbers ---------------------------------------------------


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return THIS.load_script()


def recorded(script: ModuleType) -> dict[str, Any]:
    facts: dict[str, Any] = json.loads((ROOT / script.FACTS).read_text(encoding="utf-8"))
    return facts


def recorded_statistics(script: ModuleType) -> dict[str, Any]:
    numbers: dict[str, Any] = json.loads((ROOT / script.STATS).read_text(encoding="utf-8"))
    return numbers


@pytest.fixture(scope="module")
def facts(script: ModuleType) -> dict[str, Any]:
    # The worked examples are computed again; the statistics take minutes, so the recorded
    # ones are rendered, and a sample of their games is played again below.
    gathered: dict[str, Any] = script.gather(recorded_statistics(script))
    return gathered


def test_the_chapter_includes_every_generated_file(script: ModuleType) -> None:
    THIS.check_generated_included(script.GENERATED)


def test_the_generated_files_are_what_the_script_writes(
    script: ModuleType, facts: dict[str, Any]
) -> None:
    files = script.render(facts)
    for path, text in files.items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, (
            f"{path} is stale: run python scripts/make_sumodoku_figures.py"
        )
    assert script.orphans(files) == []


def test_the_chapters_claims_are_what_the_engine_judges(script: ModuleType) -> None:
    facts = recorded(script)
    game = read_record((ROOT / script.GENERATED / "sumodoku-game.json").read_bytes())
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (0, "claim-succeeded")
    assert game.turn_number(0) == 16 and game.turn_number(1) == 15
    claim = game.history()[-1].actions[0]
    assert isinstance(claim, Claim)
    assert str(claim.filling) == facts["claimed"]["filling"]
    # the failed claim: replay the mixed game to the moment and claim with the same filling
    mixed = facts["mixed"]
    state = Sumodoku().new_initial_state(mixed["seed"])
    for name in [*mixed["moves"], mixed["move"]]:
        piece = Piece.parse(name)
        state.apply_action(Place(piece.row, piece.col, piece.colour))
    assert str(state.board) == mixed["impossible"]
    state.apply_action(Claim(Board(mixed["claim"]["filling"]), mixed["claim"]["seconds"]))
    assert state.result is not None
    assert (state.result.winner, state.result.reason) == (1, "claim-failed")
    assert state.result.detail == mixed["claim"]["detail"]


def test_the_worked_examples_are_games_the_library_bots_play(script: ModuleType) -> None:
    facts = recorded(script)
    examples = (
        ("claimed", {}),
        ("mixed", {}),
        ("tabletop", {"enforcement": "tabletop"}),
    )
    for name, options in examples:
        example = facts[name]
        result, state = play_game(example["index"], example["run"], example["bots"], options)
        assert result.seed == example["seed"] == game_seed(example["run"], example["index"])
        placed = [str(a.piece) for e in state.history() for a in e.actions if isinstance(a, Place)]
        if name == "claimed":
            assert example["bots"] == ["solver", "solver"]
            assert json.loads(record_text(state)) == example["record"]
            assert (result.winner, result.reason) == (1, "claim-succeeded")
        elif name == "mixed":
            assert example["bots"] == ["solver", "random"]
            # the losing move is the bots'; the failed claim after it is the scripted one
            assert placed[: len(example["moves"]) + 1] == [*example["moves"], example["move"]]
            assert [result.winner, result.reason] == [example["end"]["winner"], "no-valid-move"]
            assert [state.turn_number(0), state.turn_number(1)] == example["end"]["turns"]
        else:
            assert example["bots"] == ["solver", "random"]
            assert placed == example["moves"] and str(state.board) == example["board"]
            assert (result.winner, result.reason) == (1, "pointed-out")


def test_the_chapter_cites_the_statistics_and_the_command_that_writes_them(
    script: ModuleType,
) -> None:
    text = normal(CHAPTER.read_text(encoding="utf-8"))
    assert f"``{script.STATS.as_posix()}``" in text
    assert "$ python scripts/make_sumodoku_figures.py" in CHAPTER.read_text(encoding="utf-8")
    assert ".. include:: ../generated/sumodoku-stats.inc" in CHAPTER.read_text(encoding="utf-8")
    assert "|su-stats-games|" in text and "|su-stats-seed|" in text


def test_the_recorded_statistics_count_every_game_once(script: ModuleType) -> None:
    numbers = recorded_statistics(script)
    assert (numbers["seed"], numbers["games"], numbers["sample"]) == (
        script.STATS_SEED,
        script.STATS_GAMES,
        script.STATS_SAMPLE,
    )
    settings = [(s["enforcement"], s["options"], tuple(s["bots"])) for s in numbers["settings"]]
    assert settings == [(n, dict(o), b) for n, o, b in script.SETTINGS]
    assert len(settings) == 12
    low, high = Sumodoku().claim_window
    for setting in numbers["settings"]:
        for part, games in (("all", numbers["games"]), ("sample", numbers["sample"])):
            summary = setting[part]["summary"]
            assert summary["games"] == games
            assert set(summary["reasons"]) == set(REASONS)
            assert sum(summary["reasons"].values()) == games
            assert summary["wins"]["1"] + summary["wins"]["2"] == games
            for reason, turns in setting[part]["claim_turns"].items():
                assert sum(turns.values()) == summary["reasons"][reason]
                assert all(low <= int(turn) <= high for turn in turns)
            if setting["bots"] == ["random", "random"]:
                # the random bot never claims (SU-34)
                assert summary["reasons"]["claim-succeeded"] == 0
                assert summary["reasons"]["claim-failed"] == 0
            if setting["enforcement"] == "strict":
                # nothing to point out or find in strict play (SU-4)
                assert summary["reasons"]["pointed-out"] == 0
                assert summary["reasons"]["mistake-found"] == 0


def test_the_statistics_sample_is_played_again(script: ModuleType) -> None:
    numbers = recorded_statistics(script)
    sample = numbers["sample"]
    again = script.statistics(games=sample, sample=sample, jobs=1)
    assert [s["all"] for s in again["settings"]] == [s["sample"] for s in numbers["settings"]]


def test_the_library_simulate_plays_the_games_the_statistics_count(script: ModuleType) -> None:
    # The script plays the games one by one (play_game); the library's simulate plays the
    # same games, so its summary of the sample is the recorded one.
    numbers = recorded_statistics(script)
    # strict play, and tabletop play with the observer's chance nodes
    picked = {("strict", ("solver", "solver")), ("tabletop, observer 1/2", ("random", "random"))}
    compared = 0
    for setting in numbers["settings"]:
        if (setting["enforcement"], tuple(setting["bots"])) in picked:
            played = simulate(
                numbers["sample"], numbers["seed"], setting["bots"], options=setting["options"]
            )
            assert summarise(played).to_json() == setting["sample"]["summary"]
            compared += 1
    assert compared == len(picked)


def test_the_script_refuses_to_write_when_the_backends_disagree(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = script.sumodoku.check

    def check(position: Any, **options: Any) -> Any:
        verdict = real(position, **options)
        if options.get("backend") == "z3" and verdict.status == "impossible":
            return real(Board(), **options)  # Z3 "completes" what SAT found impossible
        return verdict

    monkeypatch.setattr(script.sumodoku, "check", check)
    monkeypatch.setattr(script, "ROOT", tmp_path)
    said: list[str] = []
    assert script.main([], out=said.append) == 1
    assert len(said) == 1
    assert re.fullmatch(r"refused: r\dc\d=\d: SAT says losing, Z3 does not", said[0]), said
    assert list(tmp_path.iterdir()) == []


def test_the_figures_are_small(script: ModuleType) -> None:
    figures = sorted((ROOT / script.FIGURES).glob("*.svg"))
    assert [figure.name for figure in figures] == [
        "claim.svg",
        "game.svg",
        "impossible.svg",
        "mistake.svg",
        "safe.svg",
    ]
    for figure in figures:
        assert figure.stat().st_size < 64_000, figure.name


def test_the_notation_pages_game_record_is_the_chapters_and_replays(script: ModuleType) -> None:
    text = NOTATION.read_text(encoding="utf-8")
    assert ".. literalinclude:: generated/sumodoku-game.json" in text
    data = (ROOT / script.GENERATED / "sumodoku-game.json").read_text(encoding="utf-8")
    state = read_record(data, source="sumodoku-game.json")
    assert json.loads(data)["result"] == {"winner": 1, "reason": "claim-succeeded"}
    assert state.is_terminal()
    # the observer's and chance steps are recorded as the page says
    assert Silent().to_json() == {"type": "silent"}
