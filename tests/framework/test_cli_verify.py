"""``dokuspec verify``: its table, its JSON lines, its exit statuses and its reproduce command."""

from __future__ import annotations

import json
import shlex

import pytest
from click.testing import CliRunner, Result

from dokuspec.cli.app import main
from dokuspec.verify.campaign import Check, all_checks, run_campaign
from dokuspec.verify.sumodoku import checks as sumodoku_checks
from dokuspec.vocabulary.sumodoku import Position
from framework.test_planted_bugs import clear_engine_caches, td_wrong_reveal
from framework.test_simulate_workers import group_interrupted

OWN_GAMES = ("sumodoku", "competitive", "twodoku")
"""dokuspec's own games with checks (another package may install more)."""

TINY = ["--check", "competitive/line-kinds", "--check", "twodoku/engine-deals", "--examples", "1"]


def verify(*args: str) -> Result:
    return CliRunner().invoke(main, ["verify", *args])


def line_kinds_cases(seed: int) -> int:
    """The different cases of competitive/line-kinds at --examples 1: 20 drawn by 2 tasks,
    a triple drawn by both counted once (tests/framework/test_verify_campaign.py)."""
    (result,) = run_campaign(names=["competitive/line-kinds"], examples=1, seed=seed)
    return result.cases


def test_a_tiny_run_prints_its_table_and_totals() -> None:
    result = verify(*TINY)
    assert result.exit_code == 0
    kinds = line_kinds_cases(0)
    # engine-deals costs 0.1: one task of 10 cases, different by construction.
    assert result.stdout.splitlines() == [
        "check                           cases  result  what",
        f"competitive/line-kinds          {kinds:>5}  passed  line kinds: engine, spec, API",
        "twodoku/engine-deals               10  passed  engine deals vs the validator",
        "",
        f"2 checks, {kinds + 10} cases: all passed",
    ]
    assert result.stderr == ""  # no progress bar off a terminal


def test_one_check_of_one_case_is_said_in_the_singular() -> None:
    result = verify("--check", "sumodoku/sat-vs-z3", "--examples", "1")  # cost 2: 1 case
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == [
        "sumodoku/sat-vs-z3                  1  passed  SAT vs Z3, engine rules, cores",
        "",
        "1 check, 1 case: all passed",
    ]


def test_json_is_one_object_per_check_then_the_totals() -> None:
    result = verify(*TINY, "--seed", "7", "--json")
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = line_kinds_cases(7)
    assert lines == [
        {
            "name": "competitive/line-kinds",
            "game": "competitive",
            "summary": "line kinds: engine, spec, API",
            "cases": kinds,
            "unknown": 0,
            "unknown_reason": None,
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
            "unknown": 0,
            "unknown_reason": None,
            "tasks": 1,
            "passed": True,
            "counterexample": None,
            "error": None,
            "reproduce": None,
        },
        {"checks": 2, "cases": kinds + 10, "unknown": 0, "failed": []},
    ]


def test_cases_cut_short_by_the_time_limit_are_unknown_not_passed() -> None:
    # With a limit of 0 s every query on a position with variants answers unknown at once
    # (solvers.Budget); positions without variants have no limit and are decided.
    (check,) = [c for c in all_checks() if c.name == "sumodoku/sat-vs-z3"]
    real = check.prop
    seen: list[Position] = []

    def recorded(position: Position) -> str | None:
        seen.append(position)
        return real(position)

    args = ["--check", check.name, "--examples", "20", "--seed", "0"]  # one task of 10 cases
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sumodoku_checks, "TIME_LIMIT", 0)
        mp.setattr(Check, "prop", property(lambda self: recorded))
        table = verify(*args)
        as_json = verify(*args, "--json")
    plain = {p for p in seen if p.variants == Position(p.board).variants}
    variants = set(seen) - plain
    assert len(set(seen)) == 10
    assert variants  # the cases drawn hold positions with variants
    assert table.exit_code == as_json.exit_code == 0
    assert table.stdout.splitlines()[1:] == [
        f"sumodoku/sat-vs-z3              {len(plain):>5}  passed  SAT vs Z3, engine rules, cores",
        "",
        f"sumodoku/sat-vs-z3: {len(variants)} cases unknown, neither passed nor failed",
        "  first: sat and z3 answered unknown within 0 s",
        "",
        f"1 check, {len(plain)} cases passed, {len(variants)} cases unknown: no discrepancy",
    ]
    found, totals = map(json.loads, as_json.stdout.splitlines())
    assert (found["cases"], found["unknown"], found["passed"]) == (len(plain), len(variants), True)
    assert found["unknown_reason"] == "sat and z3 answered unknown within 0 s"
    assert totals == {"checks": 1, "cases": len(plain), "unknown": len(variants), "failed": []}


def test_list_names_every_check_of_a_game_within_80_columns() -> None:
    result = verify("--list", "--game", "twodoku")
    assert result.exit_code == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert names == [c.name for c in all_checks() if c.game == "twodoku"]
    assert len(names) == 4
    everything = verify("--list")
    assert len(everything.stdout.splitlines()) == len(all_checks())
    assert len([c for c in all_checks() if c.game in OWN_GAMES]) == 15
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
        (
            ["--seed", "-1"],
            "Invalid value for '--seed': the seed is an integer 0 to 18446744073709551615, not -1",
        ),
        (["--workers", "0"], "Invalid value for '--workers': '0': give a whole number 1-1,024"),
        (
            ["--workers", "\u0662"],
            "Invalid value for '--workers': '\u0662': give a whole number 1-1,024",
        ),
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


@pytest.mark.slow
def test_the_reproduce_command_reproduces_a_planted_failure() -> None:
    with pytest.MonkeyPatch.context() as mp:
        td_wrong_reveal(mp)
        first = verify("--game", "twodoku", "--examples", "1", "--seed", "3")
        assert first.exit_code == 1
        lines = first.stdout.splitlines()
        assert "twodoku/engine-vs-spec failed (1 case passed before it):" in lines
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
        "unknown": 0,
        "failed": ["twodoku/engine-vs-spec"],
    }


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    args = [*TINY, "--check", "competitive/hands", "--seed", "5", "--json"]
    one = verify(*args, "--workers", "1")
    two = verify(*args, "--workers", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_ctrl_c_with_two_workers_totals_exactly_the_checks_printed() -> None:
    # In the campaign's order; the third runs for seconds after the first two rows.
    checks = [
        "sumodoku/placements",
        "competitive/line-kinds",
        "twodoku/validator-vs-model",
        "twodoku/engine-deals",
    ]
    args = ["verify", "--json", "--examples", "1", "--workers", "2"]
    for name in checks:
        args += ["--check", name]
    for lines_first in (1, 2):  # interrupted at different moments
        lines = group_interrupted(args, lines_first)
        rows, totals = lines[:-1], lines[-1]
        assert lines_first <= len(rows) < len(checks)
        assert [row["name"] for row in rows] == checks[: len(rows)]
        assert totals == {
            "checks": len(rows),
            "cases": sum(row["cases"] for row in rows),
            "unknown": sum(row["unknown"] for row in rows),
            "failed": [row["name"] for row in rows if not row["passed"]],
        }
