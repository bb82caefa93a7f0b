"""The command line: input forms, output forms, exit statuses, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import dokuspec
from dokuspec.cli import main

DATA = Path(dokuspec.__file__).parent / "data" / "sumodoku"
PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
SOLUTION = "978654213645231798213879654796518432521347986384926175437182569159463827862795341"
CLASH = "..1....13.4.....9.2...7....7.6...4.....3........9......3.1..5......6.8.7........."


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["sumodoku", "check", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_json_lines_in_input_order(backend: str) -> None:
    text = f"# a comment\n\n{PUZZLE}\n{CLASH}\n"
    code, out, _ = run("--json", "--backend", backend, "-", stdin=text)
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [3, 4]
    assert records[0]["status"] == "completable"
    assert records[0]["completion"] == SOLUTION
    assert records[0]["board"] == PUZZLE.replace("0", ".")
    assert records[1]["status"] == "impossible"
    assert "completion" not in records[1]
    assert "conflict" not in records[1]


def test_explain_json_names_the_clashing_pieces() -> None:
    code, out, _ = run("--json", "--explain", stdin=CLASH + "\n")
    assert code == 0
    (record,) = [json.loads(line) for line in out.splitlines()]
    assert record["status"] == "impossible"
    assert record["conflict"] == [
        {"row": 1, "col": 3, "colour": 1},
        {"row": 1, "col": 8, "colour": 1},
    ]
    assert record["minimal"] is True


def test_table_and_summary_on_bundled_files() -> None:
    code, out, _ = run(str(DATA / "top95.txt"), str(DATA / "impossible.txt"))
    assert code == 0
    assert "top95.txt: 95 positions: 95 completable, 0 impossible, 0 unknown" in out
    assert "impossible.txt: 60 positions: 0 completable, 60 impossible, 0 unknown" in out
    assert "total: 155 positions: 95 completable, 60 impossible, 0 unknown; median" in out
    assert "top95.txt:1" in out  # the table names each input line


def test_quiet_prints_only_the_summary() -> None:
    code, out, _ = run("-q", stdin=PUZZLE + "\n")
    assert code == 0
    assert len(out.strip().splitlines()) == 1
    assert out.startswith("<stdin>: 1 positions: 1 completable, 0 impossible, 0 unknown")


def test_positions_with_variants_in_json_form() -> None:
    code, out, _ = run("--json", "--explain", str(DATA / "variants.jsonl"))
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 20
    supply = [r for r in records if "out" in r.get("position", {})]
    assert supply and all(r["status"] == "impossible" for r in supply)
    assert all(r["conflict_rules"][0].startswith("supply of colour") for r in supply)


def test_bad_character_names_file_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "boards.txt"
    bad.write_text(f"{PUZZLE}\n# fine\n{PUZZLE[:39]}x{PUZZLE[40:]}\n")
    code, out, err = run("--json", str(bad))
    assert code == 2
    assert out == ""  # bad input fails before any answer is printed
    assert err.strip() == (
        f"dokuspec: error: {bad}:3:40: "
        "'x' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)"
    )
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PUZZLE[:80] + "\n", "<stdin>:1:81: a board line has 81 cells, this one has 80"),
        ('{"board": 3}\n', "<stdin>:1:1: $.board: 3 is not of type 'string'"),
        ('{"board": \n', "<stdin>:1:11: not JSON"),
        ("1" * 10 + "." * 71 + "\n", "<stdin>:1: colour 1: 10 on the board"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(text: str, expected: str) -> None:
    code, _, err = run(stdin=text)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert expected in lines[0]


def test_missing_file_is_reported_not_raised() -> None:
    code, _, err = run("no-such-file.txt")
    assert code == 2
    assert "no-such-file.txt" in err
    assert "Traceback" not in err


def test_budget_exhausted_gives_unknown_and_exit_status_1() -> None:
    # A hard top95 puzzle needs conflicts; a budget of 0 conflicts stops it.
    hard = (DATA / "top95.txt").read_text().splitlines()[0]
    code, out, _ = run("--json", "--conflict-limit", "0", stdin=hard + "\n")
    record = json.loads(out)
    assert record["status"] in {"unknown", "completable"}
    assert code == (1 if record["status"] == "unknown" else 0)


def test_unknown_solver_name_is_bad_input() -> None:
    code, _, err = run("--solver", "nosuchsolver", stdin=PUZZLE + "\n")
    assert code == 2
    assert "unknown SAT solver 'nosuchsolver'" in err


def test_other_sat_solver_gives_the_same_answer() -> None:
    code, out, _ = run("--json", "--solver", "glucose4", stdin=PUZZLE + "\n")
    assert code == 0
    assert json.loads(out)["completion"] == SOLUTION
