"""``dokuspec verify``: its table, its JSON lines, its exit statuses and its reproduce command."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner, Result
from test_planted_bugs import clear_engine_caches, td_wrong_reveal

from dokuspec.cli.app import main
from dokuspec.verify.campaign import CHECKS

TINY = ["--check", "competitive/line-kinds", "--check", "twodoku/engine-deals", "--examples", "1"]


def verify(*args: str) -> Result:
    return CliRunner().invoke(main, ["verify", *args])


def test_a_tiny_run_prints_its_table_and_totals() -> None:
    result = verify(*TINY)
    assert result.exit_code == 0
    # line-kinds costs 0.05 (1 / 0.05 = 20 cases), engine-deals 0.1 (10 cases).
    assert result.stdout.splitlines() == [
        "check                           cases  result  what",
        "competitive/line-kinds             20  passed  line kinds: engine, spec, API",
        "twodoku/engine-deals               10  passed  engine deals vs the validator",
        "",
        "2 checks, 30 cases: all passed",
    ]
    assert result.stderr == ""  # no progress bar off a terminal


def test_json_is_one_object_per_check_then_the_totals() -> None:
    result = verify(*TINY, "--seed", "7", "--json")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines == [
        {
            "name": "competitive/line-kinds",
            "game": "competitive",
            "summary": "line kinds: engine, spec, API",
            "cases": 20,
            "tasks": 2,
            "passed": True,
            "counterexample": None,
            "error": None,
            "reproduce": None,
        },
        {
            "name": "twodoku/engine-deals",
            "game": "twodoku",
            "summary": "engine deals vs the validator",
            "cases": 10,
            "tasks": 1,
            "passed": True,
            "counterexample": None,
            "error": None,
            "reproduce": None,
        },
        {"checks": 2, "cases": 30, "failed": []},
    ]


def test_list_names_every_check_of_a_game_within_80_columns() -> None:
    result = verify("--list", "--game", "twodoku")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert names == [c.name for c in CHECKS if c.game == "twodoku"]
    assert len(names) == 4
    everything = verify("--list")
    assert len(everything.stdout.splitlines()) == len(CHECKS) == 15
    assert all(len(line) <= 80 for line in everything.stdout.splitlines())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--examples", "0"],
            "Invalid value for '--examples': 0 is not in the range 1<=x<=1000000",
        ),
        (["--check", "sumodoku/nope"], "no check is named 'sumodoku/nope'"),
        (["--game", "chess"], "Invalid value for '--game': 'chess' is not one of"),
        (["--seed", "-1"], "Invalid value for '--seed': -1: give a seed of 0 or more"),
        (["--workers", "0"], "Invalid value for '--workers': 0 is not in the range 1<=x<=1024"),
    ],
)
def test_bad_usage_is_one_line_and_status_2(args: list[str], message: str) -> None:
    result = verify(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("dokuspec: error: ")
    assert message in lines[0]


def test_the_reproduce_command_reproduces_a_planted_failure() -> None:
    with pytest.MonkeyPatch.context() as mp:
        td_wrong_reveal(mp)
        first = verify("--game", "twodoku", "--examples", "1", "--seed", "3")
        assert first.exit_code == 1
        lines = first.stdout.splitlines()
        assert any(line.startswith("twodoku/engine-vs-spec failed (") for line in lines)
        assert "twodoku/engine-vs-spec              1  FAILED  plays, reveals, results vs spec" in (
            lines
        )
        command = lines[lines.index("  reproduce:") + 1].strip()
        assert command == "dokuspec verify --check twodoku/engine-vs-spec --examples 1 --seed 3"
        again = verify(*shlex.split(command)[2:], "--json")
    clear_engine_caches()
    assert again.exit_code == 1
    found = json.loads(again.stdout.splitlines()[0])
    counterexample = next(
        line.split("counterexample: ", 1)[1] for line in lines if "counterexample: " in line
    )
    assert found["name"] == "twodoku/engine-vs-spec"
    assert not found["passed"]
    assert found["counterexample"].startswith(counterexample)
    assert found["reproduce"] == command
    assert json.loads(again.stdout.splitlines()[-1]) == {
        "checks": 1,
        "cases": found["cases"],
        "failed": ["twodoku/engine-vs-spec"],
    }


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    pytest.importorskip("dokuspec.parallel")
    args = ["--game", "competitive", "--examples", "2", "--seed", "5", "--json"]
    one = verify(*args, "--workers", "1")
    two = verify(*args, "--workers", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
