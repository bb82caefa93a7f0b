"""``dokuspec sumodoku explain`` and ``show --steps``: what they print, write and refuse."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from dokuspec import sumodoku
from dokuspec.cli import main
from dokuspec.engine.sumodoku.explanations import check_steps
from dokuspec.sumodoku import Position

IMPOSSIBLE = [
    line.strip()
    for line in resources.files("dokuspec")
    .joinpath("data", "sumodoku", "impossible.txt")
    .read_text()
    .splitlines()
    if line.strip() and line[0] != "#"
]
HIDDEN = IMPOSSIBLE[8]  # a hidden wrong piece, found in 6 steps
CLASH = IMPOSSIBLE[4]  # two pieces of a colour in a row


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["sumodoku", *args])
    return result.exit_code, result.stdout, result.stderr


def test_explain_by_default_gives_the_conflict_and_the_reason() -> None:
    code, out, _ = run("explain", CLASH)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("impossible (SU-15); conflict: ")
    assert lines[-1].startswith("reason: row ") and "holds colour" in lines[-1]


def test_explain_steps_prints_numbered_steps_that_end_in_the_contradiction() -> None:
    code, out, _ = run("explain", "--steps", HIDDEN)
    assert code == 0
    lines = out.splitlines()
    found = sumodoku.explain_steps(HIDDEN)
    assert lines[0] == (
        f"impossible (SU-15), shown in {len(found.steps)} steps; rating "
        f"{found.rating:.1f} ({found.hardest})"
    )
    numbered = [line for line in lines if line[:3].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(found.steps)
    assert numbered[-1].endswith(found.steps[-1].text)
    assert all(len(line) <= 80 for line in lines)
    assert any(line.startswith("    from ") for line in lines)
    assert any(line.startswith("    rules: ") for line in lines)


def test_explain_steps_json_replays_through_the_checker() -> None:
    code, out, _ = run("explain", "--steps", "--json", HIDDEN)
    assert code == 0
    record = json.loads(out)
    position = Position.parse(HIDDEN)
    assert record["steps"]["status"] == "impossible"
    assert check_steps(position, record["steps"]["steps"]) is None
    first = record["steps"]["steps"][0]
    assert set(first) >= {"number", "technique", "rules", "premises", "conclusion", "text"}
    assert set(first["premises"]) == {"pieces", "placed", "eliminated"}


def test_explain_repairs_lists_the_fewest_pieces_to_take_off() -> None:
    code, out, _ = run("explain", "--repairs", "--limit", "2", CLASH)
    assert code == 0
    found = sumodoku.repairs(CLASH, limit=2)
    assert found.size == 1
    assert out.splitlines()[-3:] == [
        "repairs: take off 1 piece (the fewest):",
        *(f"  {repair}" for repair in found.repairs),
    ]
    code, out, _ = run("explain", "--repairs", "--json", CLASH)
    record = json.loads(out)["repairs"]
    assert record["size"] == 1 and record["minimum"] and record["complete"]
    assert len(record["repairs"]) == 2


def test_explain_a_completable_position() -> None:
    code, out, _ = run("explain", "--repairs", "." * 81)
    assert code == 0
    assert out.splitlines() == [
        "completable (SU-15)",
        "repairs: none needed, the position is completable",
    ]


def test_show_steps_draws_a_picture_per_step_and_never_overwrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    directory = Path("steps")
    code, out, _ = run("show", HIDDEN, "--steps", "--svg", str(directory))
    assert code == 0
    found = sumodoku.explain_steps(HIDDEN)
    names = sorted(p.name for p in directory.iterdir())
    assert names == [f"step-{n:02}.svg" for n in range(1, len(found.steps) + 1)]
    assert out.splitlines()[-1] == f"{len(found.steps)} pictures written to {directory}"
    assert (directory / names[-1]).read_text() == found.svg(len(found.steps)) + "\n"
    before = (directory / names[0]).read_text()
    code, out, err = run("show", HIDDEN, "--steps", "--svg", str(directory))
    assert code == 2
    assert err == (
        f"dokuspec: error: {directory / names[0]} exists already (pictures are never overwritten)\n"
    )
    assert (directory / names[0]).read_text() == before


def test_show_refuses_a_directory_without_steps_and_two_explanations(tmp_path: Path) -> None:
    code, _, err = run("show", HIDDEN, "--svg", str(tmp_path))
    assert code == 2 and "is a directory" in err
    code, _, err = run("show", HIDDEN, "--steps", "--explain")
    assert code == 2 and "--steps and --explain: choose one" in err
    code, _, err = run("show", HIDDEN, "--steps", "--svg", "-")
    assert code == 2 and "--svg names a directory" in err


def test_explain_refuses_options_that_do_not_go_together() -> None:
    code, out, err = run("explain", "--steps", "--smallest", HIDDEN)
    assert (code, out) == (2, "")
    assert err.splitlines() == ["dokuspec: error: --steps and --smallest: choose one (see --help)"]
    assert all(len(line) <= 80 for line in err.splitlines())
    code, out, err = run("explain", "--limit", "3", HIDDEN)
    assert (code, out) == (2, "")
    assert "--limit counts repairs: it needs --repairs" in err
    code, _, _ = run("explain", "--repairs", "--limit", "3", HIDDEN)
    assert code == 0
