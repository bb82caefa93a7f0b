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
    assert record["reason"] == "row 1 holds colour 1 twice: r1c3 and r1c8"


def test_table_and_summary_on_bundled_files(monkeypatch: pytest.MonkeyPatch) -> None:
    # Short names, so that no line is wrapped (wherever dokuspec is installed).
    monkeypatch.chdir(DATA)
    code, out, _ = run("top95.txt", "impossible.txt")
    assert code == 0
    lines = out.splitlines()
    # The summary: two lines per input and two for the total, every one within
    # 80 columns.
    summary = [line.split("; median")[0] for line in lines[-6:]]
    assert summary == [
        "top95.txt: 95 positions",
        "  95 completable, 0 impossible, 0 unknown",
        "impossible.txt: 60 positions",
        "  0 completable, 60 impossible, 0 unknown",
        "total: 155 positions",
        "  95 completable, 60 impossible, 0 unknown",
    ]
    assert all(line.endswith(" per query") for line in lines[-5::2])
    assert lines[0] == "top95.txt"  # a heading names each input
    assert lines[1].split() == ["line", "status", "time"]
    assert lines[2].split()[:2] == ["1", "completable"]
    rows = lines[:-6]
    assert len(rows) == 2 + 1 + 95 + 60  # two headings, the column titles, a row per position
    assert all(len(line) <= 80 for line in lines)


def test_quiet_prints_only_the_summary() -> None:
    code, out, _ = run("-q", stdin=PUZZLE + "\n")
    assert code == 0
    first, second = out.splitlines()
    assert first == "<stdin>: 1 position"
    assert second.startswith("  1 completable, 0 impossible, 0 unknown; median ")


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
    # Answers stream: the answer before the bad line stands, nothing after it.
    assert [json.loads(line)["line"] for line in out.splitlines()] == [1]
    assert err.strip() == (
        f"dokuspec: error: {bad}:3:40: "
        "'x' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)"
    )
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PUZZLE[:80] + "\n", "<stdin>:1:81: a board line has 81 cells, this one has 80"),
        ('{"board": 3}\n', "<stdin>:1:11: $.board: 3 is not of type 'string'"),
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


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_budget_exhausted_gives_unknown_and_exit_status_1(backend: str) -> None:
    # The first top95 puzzle is not solved by propagation alone: no conflict allowed,
    # no answer.
    hard = (DATA / "top95.txt").read_text().splitlines()[0]
    code, out, _ = run("--json", "--backend", backend, "--conflict-limit", "0", stdin=hard + "\n")
    assert code == 1
    assert json.loads(out)["status"] == "unknown"


def test_unknown_solver_name_is_bad_input() -> None:
    code, _, err = run("--solver", "nosuchsolver", stdin=PUZZLE + "\n")
    assert code == 2
    assert "unknown SAT solver 'nosuchsolver'" in err


def test_other_sat_solver_gives_the_same_answer() -> None:
    code, out, _ = run("--json", "--solver", "glucose4", stdin=PUZZLE + "\n")
    assert code == 0
    assert json.loads(out)["completion"] == SOLUTION


def _grid(board: str, separators: bool) -> str:
    rows = []
    for r in range(9):
        cells = board[r * 9 : r * 9 + 9]
        if separators:
            rows.append(" | ".join(" ".join(cells[b : b + 3]) for b in (0, 3, 6)))
            if r in (2, 5):
                rows.append("------+-------+------")
        else:
            rows.append(" ".join(cells))
    return "\n".join(rows)


def test_grids_separated_by_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "grids.txt"
    path.write_text(f"# grids\n{_grid(PUZZLE, False)}\n\n{_grid(CLASH, True)}\n{PUZZLE}\n")
    code, out, _ = run("--json", str(path))
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [
        (2, "completable"),
        (12, "impossible"),
        (23, "completable"),
    ]
    assert records[0]["completion"] == SOLUTION


def test_bad_cell_in_a_grid_names_the_file_line_and_column(tmp_path: Path) -> None:
    rows = _grid(PUZZLE, False).splitlines()
    rows[4] = rows[4][:6] + "x" + rows[4][7:]
    path = tmp_path / "grid.txt"
    path.write_text("\n\n" + "\n".join(rows) + "\n")
    code, _, err = run(str(path))
    assert code == 2
    assert err == (
        f"dokuspec: error: {path}:7:7: "
        "'x' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)\n"
    )


def test_grid_with_too_few_rows_is_reported_at_its_first_line() -> None:
    rows = "\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(8))
    code, _, err = run(stdin="# eight rows\n" + rows + "\n")
    assert code == 2
    assert err == "dokuspec: error: <stdin>:2:1: a grid has 9 rows, this one has 8\n"


def test_markup_in_file_names_and_input_is_printed_as_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short name: a heading over 80 columns would be wrapped
    path = Path("[bold red]x[link=a] :smile:.txt")
    path.write_text(PUZZLE + "\n[red]x\n")
    code, out, err = run(str(path))
    assert code == 2
    assert out.splitlines()[0] == str(path)
    assert err == (
        f"dokuspec: error: {path}:2:1: "
        "'[' starts neither a board nor a position's JSON object ('{')\n"
    )


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--time-limit", "nan"),
        ("--time-limit", "inf"),
        ("--time-limit", "-1"),
        ("--time-limit", "0"),
        ("--conflict-limit", "-1"),
    ],
)
def test_invalid_budgets_are_one_line_naming_the_option(option: str, value: str) -> None:
    code, out, err = run(option, value, stdin=PUZZLE + "\n")
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"dokuspec: error: Invalid value for '{option}': ")


def test_time_limit_none_is_no_limit() -> None:
    code, out, _ = run("--json", "--time-limit", "none", stdin=PUZZLE + "\n")
    assert code == 0
    assert json.loads(out)["status"] == "completable"


def test_unknown_option_is_one_line() -> None:
    code, _, err = run("--nope")
    assert code == 2
    assert err == "dokuspec: error: No such option '--nope' (see --help)\n"


def test_wide_rows_hold_the_completion_unwrapped() -> None:
    code, out, _ = run("--wide", stdin=PUZZLE + "\n")
    assert code == 0
    fields = out.splitlines()[2].split()
    assert (fields[:2], fields[-1]) == (["1", "completable"], SOLUTION)


def test_default_rows_fit_80_columns_with_the_explanation_wrapped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(DATA)  # a short name: the heading is one line wherever dokuspec is
    code, out, _ = run("--explain", "impossible.txt")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "impossible.txt"
    table = [line for line in lines[1:] if "positions:" not in line]
    assert max(len(line) for line in table) <= 80
    assert sum(" impossible " in line for line in table) == 60


def test_count_a_proper_puzzle_and_an_open_board() -> None:
    result = CliRunner().invoke(main, ["sumodoku", "count", PUZZLE, "--limit", "2"])
    assert (result.exit_code, result.stdout) == (0, "1 completion\n")
    result = CliRunner().invoke(main, ["sumodoku", "count", "." * 81, "--limit", "3", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "board": "." * 81,
        "count": 3,
        "exact": False,
        "limit": 3,
        "budget_reached": False,
    }


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_count_cut_short_by_the_budget_is_a_lower_bound_with_exit_1(backend: str) -> None:
    args = ["sumodoku", "count", "." * 81, "--limit", "5", "--backend", backend]
    result = CliRunner().invoke(main, [*args, "--conflict-limit", "0", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "board": "." * 81,
        "count": 0,
        "exact": False,
        "limit": 5,
        "budget_reached": True,
    }
    result = CliRunner().invoke(main, [*args, "--conflict-limit", "0"])
    assert (result.exit_code, result.stdout) == (1, "at least 0 completions (the budget ran out)\n")


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--time-limit", "1000001", "give a number of seconds above 0 and at most 1,000,000"),
        ("--conflict-limit", str(2**31), "2147483648 is not in the range 0<=x<=2147483647"),
    ],
)
def test_limits_beyond_the_largest_are_usage_errors(option: str, value: str, message: str) -> None:
    result = CliRunner().invoke(main, ["sumodoku", "count", PUZZLE, option, value])
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_count_bad_position_names_the_argument() -> None:
    result = CliRunner().invoke(main, ["sumodoku", "count", PUZZLE[:10] + "x" + PUZZLE[11:]])
    assert result.exit_code == 2
    assert result.stderr == (
        "dokuspec: error: POSITION:1:11: "
        "'x' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)\n"
    )
