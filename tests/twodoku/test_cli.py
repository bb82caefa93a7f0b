"""``dokuspec twodoku``: deal, validate, count, infer; output, exit statuses, one-line errors."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from framework.test_simulate_workers import interrupted_run, stopped_after

from dokuspec import twodoku
from dokuspec.cli import main
from dokuspec.twodoku import Deal, Dominoes, FaceDown, Play, Square, View


def run(*args: str, stdin: bytes | str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["twodoku", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, data: dict[str, Any] | str, name: str = "deal.json") -> Path:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, indent=1)
    path.write_text(text, encoding="utf-8")
    return path


def place(text: str, what: str, nth: int = 0) -> tuple[int, int]:
    """The line and column (from 1) of the ``nth`` occurrence of ``what`` in ``text``."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(what, offset + 1)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def one_line_error(code: int, out: str, err: str) -> str:
    """The message of a one-line error with status 2 and nothing on standard output."""
    assert (code, out) == (2, "")
    assert err.startswith("dokuspec: error: ") and err.count("\n") == 1
    return err.removeprefix("dokuspec: error: ").rstrip("\n")


def test_the_group_lists_its_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "dokuspec", "twodoku"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    listed = done.stderr.split("Commands:\n", 1)[1].splitlines()
    names = [
        "count", "deal", "health", "infer", "ladder", "loopholes", "replay", "simulate",
        "validate", "view",
    ]  # fmt: skip
    assert [line.split()[0] for line in listed] == names
    assert not any(line.endswith("...") for line in listed)  # each summary whole


# -- deal ----------------------------------------------------------------------------------------


def test_deal_json_is_the_seeded_deal_and_valid() -> None:
    code, out, err = run("deal", "--seed", "5", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert list(data) == ["red_squares", "blue_squares", "face_down", "pot", "red", "blue"]
    assert data == twodoku.deal(5).to_json()
    # The rules, counted here: ten of each digit, 2 + 40 + 40, equal sums, 36 squares each.
    digits = Counter([f["digit"] for f in data["face_down"]] + data["pot"] + data["red"])
    digits.update(data["blue"])
    assert digits == dict.fromkeys(range(1, 10), 10)
    assert (len(data["pot"]), len(data["red"]), len(data["blue"])) == (2, 40, 40)
    assert sum(data["red"]) == sum(data["blue"])
    assert len({tuple(s) for s in data["red_squares"]}) == 36
    assert len({tuple(s) for s in data["blue_squares"]}) == 36
    assert run("deal", "--seed", "5", "--json")[1] == out


def test_deal_text_fits_80_columns_with_the_sums_and_the_seed() -> None:
    code, out, err = run("deal", "--seed", "11")
    assert (code, err) == (0, "")
    dealt = twodoku.deal(11)
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert out.startswith(twodoku.deal_text(dealt) + "\n")
    total = sum(dealt.red)
    assert total == sum(dealt.blue)
    assert lines[-2:] == [
        f"Red's pile sums to {total} and Blue's to {total}: a fair deal (TD-4)",
        "seed 11; balance: off",
    ]


def test_deal_without_a_seed_prints_the_seed_that_draws_it_again() -> None:
    code, out, _ = run("deal")
    assert code == 0
    seed_line = out.splitlines()[-1]
    assert seed_line.startswith("seed ") and seed_line.endswith("; balance: off")
    seed = int(seed_line.removeprefix("seed ").split(";")[0])
    assert run("deal", "--seed", str(seed))[1] == out


def test_deal_with_balance_options_meets_them() -> None:
    code, out, _ = run(
        "deal", "--seed", "3", "--balance", "max_digit_count_gap=1,equal_high_count", "--json"
    )
    assert code == 0
    data = json.loads(out)
    red, blue = Counter(data["red"]), Counter(data["blue"])
    assert all(abs(red[d] - blue[d]) <= 1 for d in range(1, 10))
    assert sum(red[d] for d in (7, 8, 9)) == sum(blue[d] for d in (7, 8, 9))
    assert sum(data["red"]) == sum(data["blue"])
    code, text, _ = run("deal", "--seed", "3", "--balance", "equal_high_count")
    assert code == 0
    assert text.splitlines()[-1] == "seed 3; balance: equal_high_count"


def test_deal_by_rejection_meets_the_balance_options() -> None:
    args = ["--seed", "8", "--balance", "equal_high_count", "--method", "rejection", "--json"]
    code, out, _ = run("deal", *args)
    assert code == 0
    data = json.loads(out)
    assert sum(data["red"]) == sum(data["blue"])
    high = [sum(1 for d in data[pile] if d >= 7) for pile in ("red", "blue")]
    assert high[0] == high[1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seed", "x"], "Invalid value for '--seed': 'x': give an integer"),
        (["--seed", "1.5"], "Invalid value for '--seed'"),
        (["--balance", "fairish"], "Invalid value for '--balance': 'fairish'"),
        (["--balance", "max_digit_count_gap=-1"], "Invalid value for '--balance'"),
        (["--method", "magic"], "Invalid value for '--method'"),
        (
            ["--balance", "max_digit_count_gap=2,max_digit_count_gap=1"],
            "Invalid value for '--balance': 'max_digit_count_gap=2,max_digit_count_gap=1': "
            "twodoku: option 'max_digit_count_gap': is given twice; give each option once",
        ),
    ],
)
def test_deal_usage_errors_are_one_line(args: list[str], words: str) -> None:
    message = one_line_error(*run("deal", *args))
    assert message.startswith(words)


# -- validate ------------------------------------------------------------------------------------


def dealt(seed: int = 2) -> dict[str, Any]:
    data: dict[str, Any] = twodoku.deal(seed).to_json()
    return data


def swap_unequal(data: dict[str, Any]) -> None:
    """Exchange a domino of Red's with a different digit of Blue's: only the sums change."""
    i = next(i for i, d in enumerate(data["red"]) if d != data["blue"][0])
    data["red"][i], data["blue"][0] = data["blue"][0], data["red"][i]


def third_pot_domino(data: dict[str, Any]) -> None:
    data["pot"].append(data["red"][0])


def face_down_on_red(data: dict[str, Any]) -> None:
    taken = {(f["row"], f["col"]) for f in data["face_down"]}
    row, col = next(s for s in data["red_squares"] if tuple(s) not in taken)
    data["face_down"][0].update(row=row, col=col)


def repeated_square(data: dict[str, Any]) -> None:
    data["blue_squares"][-1] = data["blue_squares"][0]


def digit_ten(data: dict[str, Any]) -> None:
    data["red"][0] = 10


@pytest.mark.parametrize(
    ("corrupt", "codes"),
    [
        (swap_unequal, ["unequal-sums"]),
        (third_pot_domino, ["pot-size", "conservation"]),
        (face_down_on_red, ["face-down-coloured"]),
        (repeated_square, ["colouring-repeat"]),
        # Out-of-range digits are left out of the sums (and of the ten of each).
        (digit_ten, ["digit-range", "conservation", "unequal-sums"]),
    ],
)
def test_validate_lists_each_violation_with_its_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corrupt: Any, codes: list[str]
) -> None:
    data = dealt()
    corrupt(data)
    path = write(tmp_path, data)
    monkeypatch.chdir(tmp_path)  # a short name, so that the first line is whole
    code, out, err = run("validate", path.name)
    assert (code, err) == (1, "")
    lines = out.splitlines()
    noun = "violation" if len(codes) == 1 else "violations"
    assert lines[0] == f"{path.name}: not a valid deal: {len(codes)} {noun}"
    starts = [line for line in lines[1:] if not line.startswith("      ")]
    assert [line.split(":")[0] for line in starts] == [f"  {c}" for c in codes]
    assert all(len(line) <= 80 for line in lines)
    code, out, _ = run("validate", str(path), "--json")
    assert code == 1
    report = json.loads(out)
    assert (report["source"], report["valid"]) == (str(path), False)
    assert [v["code"] for v in report["violations"]] == codes
    assert all(set(v) == {"code", "message"} and v["message"] for v in report["violations"])
    assert set(codes) <= set(twodoku.VIOLATION_CODES)


def test_a_valid_deal_exits_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short name, so that the line fits 80 columns
    path = write(tmp_path, dealt(7)).relative_to(tmp_path)
    assert run("validate", str(path)) == (0, f"{path}: a valid deal\n", "")
    code, out, _ = run("validate", str(path), "--json")
    assert code == 0
    assert json.loads(out) == {"source": str(path), "valid": True, "violations": []}


def test_validate_reads_standard_input() -> None:
    code, out, err = run("validate", "-", stdin=json.dumps(dealt(4)))
    assert (code, out, err) == (0, "<stdin>: a valid deal\n", "")


def test_validate_checks_balance_options_when_asked(tmp_path: Path) -> None:
    data = dealt(9)
    red, blue = Counter(data["red"]), Counter(data["blue"])
    path = write(tmp_path, data)
    code, out, _ = run("validate", str(path), "--balance", "max_digit_count_gap=0", "--json")
    unequal = any(red[d] != blue[d] for d in range(1, 10))
    assert code == (1 if unequal else 0)
    found = [v["code"] for v in json.loads(out)["violations"]]
    assert found == (["digit-gap"] if unequal else [])


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"red_squares": [],\n "pot": [1,,2]}', "2:12: not JSON"),
        ("[]", "1:1: $: a deal is a JSON object, not an array"),
        ('{"red_squares": [[1, 1]]}', "1:1: $: 'blue_squares' is a required property"),
    ],
)
def test_unreadable_deals_exit_2_with_file_line_and_column(
    tmp_path: Path, text: str, where: str
) -> None:
    path = write(tmp_path, text)
    message = one_line_error(*run("validate", str(path)))
    assert message.startswith(f"{path}:{where}")


def test_a_value_of_the_wrong_type_is_located_by_its_json_path(tmp_path: Path) -> None:
    data = dealt()
    text = json.dumps(data, indent=1).replace('"placed_by": "red"', '"placed_by": "green"', 1)
    path = write(tmp_path, text)
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines) if '"green"' in line)
    column = lines[number].index('"green"') + 1
    message = one_line_error(*run("validate", str(path)))
    assert message.startswith(f"{path}:{number + 1}:{column}: $.face_down[0].placed_by: ")


def test_bad_bytes_and_missing_files_are_one_line(tmp_path: Path) -> None:
    message = one_line_error(*run("validate", "-", stdin=b'{"pot": \xfe}'))
    assert message == "<stdin>:1:9: not UTF-8: the byte 0xfe cannot start or continue a character"
    missing = tmp_path / "none.json"
    message = one_line_error(*run("validate", str(missing)))
    assert message == f"'{missing}': cannot open: No such file or directory"
    message = one_line_error(*run("validate", str(tmp_path)))
    assert message.startswith("Invalid value for 'FILE'")


def test_control_characters_in_a_file_name_are_escaped(tmp_path: Path) -> None:
    path = write(tmp_path, "{", name="a\x1b[31mb.json")
    message = one_line_error(*run("validate", str(path)))
    assert "\x1b" not in message
    assert "a\\x1b[31mb.json:1:2: not JSON" in message


# -- count ---------------------------------------------------------------------------------------

DRAW = "1 1 2 3 5 7 9 9"


def all_deals() -> int:
    """82 physical dominoes: 2 to the pot, 40 to Red, 40 to Blue (TD-4)."""
    return math.comb(82, 2) * math.comb(80, 40)


def test_count_of_a_draw_as_digits(tmp_path: Path) -> None:
    path = write(tmp_path, "# the face-down draw\n1 1 2 3\n5, 7, 9, 9\n", name="draw.txt")
    code, out, err = run("count", str(path))
    assert (code, err) == (0, "")
    exact = twodoku.count_fair_deals(Dominoes.parse(DRAW))
    assert exact.total == all_deals()
    lines = out.splitlines()
    assert lines[:3] == [
        f"face-down draw: {DRAW}",
        f"fair deals: {exact.fair:,}",
        f"all deals: {all_deals():,}",
    ]
    assert lines[3].startswith(f"acceptance probability: {100 * exact.fair / all_deals():.3f} %")
    assert lines[4] == f"fair deals by digit multisets: {exact.multisets:,}"
    assert all(len(line) <= 80 for line in lines)


def test_count_of_a_deal_file_uses_its_face_down_draw(tmp_path: Path) -> None:
    data = dealt(6)
    draw = Dominoes(f["digit"] for f in data["face_down"])
    path = write(tmp_path, data)
    code, out, _ = run("count", str(path), "--json")
    assert code == 0
    report = json.loads(out)
    exact = twodoku.count_fair_deals(draw)
    assert report["face_down"] == sorted(f["digit"] for f in data["face_down"])
    assert (report["fair"], report["total"]) == (exact.fair, all_deals())
    assert report["probability"] == pytest.approx(exact.fair / all_deals(), rel=1e-12)
    assert report["multisets"] == exact.multisets
    # Every pot of two of the 82 left, and the fair deals split among the pots.
    assert sum(p["fair"] for p in report["by_pot"]) == exact.fair
    assert all(len(p["pot"]) == 2 and p["fair"] > 0 for p in report["by_pot"])
    assert sum(p["multisets"] for p in report["by_pot"]) == exact.multisets


def test_count_pots_table_fits_80_columns() -> None:
    code, out, _ = run("count", "-", "--pots", stdin=DRAW)
    assert code == 0
    lines = out.splitlines()
    start = lines.index("") + 1
    assert lines[start].split() == ["pot", "fair", "deals", "share"]
    rows = lines[start + 1 :]
    exact = twodoku.count_fair_deals(Dominoes.parse(DRAW))
    assert len(rows) == len(exact.by_pot)
    assert sum(int(row.split()[2].replace(",", "")) for row in rows) == exact.fair
    assert all(len(line) <= 80 for line in lines)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Too few: just after the last digit; too many: the first digit too many.
        ("1 1 2 3 5 7 9", "<stdin>:1:14: a face-down draw is 8 dominoes (TD-3), not 7"),
        ("1 1 2 3\n5 x 9 9", "<stdin>:2:3: 'x' is not a domino: a digit 1-9"),
        ("1 1 1 1 1 1 1 1 1 1 1", "<stdin>:1:17: a face-down draw is 8 dominoes (TD-3), not 11"),
        (
            "# none\n1 2 3 4\n5,6,7,8\n9 # one more",
            "<stdin>:4:1: a face-down draw is 8 dominoes (TD-3), not 9",
        ),
        ("", "<stdin>:1:1: a face-down draw is 8 dominoes (TD-3), not 0"),
    ],
)
def test_count_refuses_a_draw_that_is_not_eight_digits(text: str, message: str) -> None:
    assert one_line_error(*run("count", "-", stdin=text)) == message


# -- infer ---------------------------------------------------------------------------------------


def opening(seed: int) -> tuple[Deal, View, Square, int, Square]:
    """Red's view after Red's first play: a domino placed on a red square beside a face-down one.

    Returns the deal, the view, the square played, its digit and the
    face-down square in its row.
    """
    deal = twodoku.deal(seed)
    reds = {Square(r, c) for r, c in deal.red_squares}
    blues = {Square(r, c) for r, c in deal.blue_squares}
    downs = {Square(f.row, f.col): f for f in deal.face_down}
    square, beside = next(
        (s, d) for d in sorted(downs) for s in sorted(reds) if s.row == d.row and s not in downs
    )
    digit = deal.red[0]
    pile = deal.pile("red") - Dominoes([digit])
    view = View(
        player="red",
        phase="play",
        to_move="blue",
        red_squares=reds,
        blue_squares=blues,
        face_down=[FaceDown(s, f.placed_by) for s, f in downs.items()],
        face_up={square: digit},
        pot=deal.pot_dominoes(),
        pile=pile,
        pile_sizes=(39, 40),
        initial_pot=deal.pot_dominoes(),
        initial_pile=deal.pile("red"),
        events=[Play("red", square, digit, "placed")],
    )
    return deal, view, square, digit, beside


def test_infer_lists_the_digits_each_face_down_domino_can_hold(tmp_path: Path) -> None:
    _, view, _, digit, beside = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    code, out, err = run("infer", str(path), "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    assert report["source"] == str(path)
    assert (report["observer"], report["complete"], report["plays"]) == ("red", True, [])
    squares = sorted((f.square.row, f.square.col) for f in view.face_down)
    assert [(d["row"], d["col"]) for d in report["dominoes"]] == squares
    for domino in report["dominoes"]:
        assert domino["undecided"] == []
        assert sorted(domino["possible"] + domino["impossible"]) == list(range(1, 10))
    # TD-8: the play succeeded, so the face-down domino in its row does not hold its digit.
    that = next(d for d in report["dominoes"] if (d["row"], d["col"]) == (beside.row, beside.col))
    assert digit in that["impossible"]
    answer = twodoku.infer_face_down(view)
    assert [(d["possible"], d["impossible"]) for d in report["dominoes"]] == [
        (list(d.possible), list(d.impossible)) for d in answer.dominoes
    ]

    code, out, _ = run("infer", str(path))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Red's view: 8 dominoes face down"
    assert lines[1].split() == ["square", "placed", "by", "can", "hold"]
    for line, domino in zip(lines[2:10], answer.dominoes, strict=True):
        placer = "Red" if domino.placed_by == "red" else "Blue"
        assert line.split() == [str(domino.square), placer, *map(str, domino.possible)]


def test_infer_why_names_the_facts_that_rule_each_digit_out(tmp_path: Path) -> None:
    _, view, _, _, _ = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    code, out, err = run("infer", str(path), "--why", "--json")
    assert (code, err) == (0, "")
    report = json.loads(out)
    answer = twodoku.infer_face_down(view, explain=True)
    for domino, found in zip(report["dominoes"], answer.dominoes, strict=True):
        assert sorted(map(int, domino["reasons"])) == domino["impossible"]
        assert {int(k): tuple(v) for k, v in domino["reasons"].items()} == dict(found.reasons)
        assert all(domino["reasons"].values())
    # the other backend rules out the same digits, each with facts of its own finding
    other = twodoku.infer_face_down(view, explain=True, backend="z3")
    assert [sorted(d.reasons) for d in other.dominoes] == [
        sorted(map(int, d["reasons"])) for d in report["dominoes"]
    ]
    code, out, _ = run("infer", str(path), "--why")
    lines = out.splitlines()
    assert lines[10] == "why (a minimal set of the facts seen rules out each digit):"
    assert all(len(line) <= 80 for line in lines)
    first = answer.dominoes[0]
    digit = min(first.reasons)
    assert lines[11].startswith(f"  {first.square} cannot hold {digit}")
    code, out, _ = run("infer", str(path))
    assert "why" not in out


def test_infer_judges_planned_plays(tmp_path: Path) -> None:
    deal, view, square, digit, _ = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    reds = {Square(r, c) for r, c in deal.red_squares}
    empty = [s for s in sorted(reds) if s not in view.face_up and s.row != square.row]
    # TD-8: a clash with the face-up domino in the same column (or box) fails on sight.
    clash = next(
        s
        for s in sorted(reds)
        if s != square
        and s.col == square.col
        and s not in view.face_up
        and s not in {f.square for f in view.face_down}
    )
    white = next(
        s
        for s in twodoku.ALL_SQUARES
        if s not in reds
        and s not in {Square(r, c) for r, c in deal.blue_squares}
        and s not in {f.square for f in view.face_down}
    )
    plays = [f"{clash}={digit}", f"{white}=1", f"{empty[0]}=1"]
    code, out, _ = run("infer", str(path), "--json", *(x for p in plays for x in ("--play", p)))
    assert code == 0
    found = json.loads(out)["plays"]
    assert found[0] == {
        "row": clash.row,
        "col": clash.col,
        "digit": digit,
        "verdict": "clash",
        "against": [[square.row, square.col]],
    }
    # TD-7: Red still has empty red squares, so a white square is not allowed (TD-17).
    assert (found[1]["verdict"], found[1]["against"]) == ("not-allowed", [])
    assert found[2]["verdict"] in ("safe", "uncertain", "hidden-clash")
    code, out, _ = run("infer", str(path), "--play", f"{white}=1")
    assert out.splitlines()[-2:] == [
        "planned plays:",
        f"  1 on {white}: fails: TD-7 does not allow this square now (TD-17)",
    ]


@pytest.mark.parametrize(
    ("play", "words"),
    [
        ("r3c5", "'r3c5': give a square and a digit 1-9"),
        ("r0c5=1", "'r0c5=1': give a square and a digit 1-9"),
        ("r3c5=10", "'r3c5=10': give a square"),
        ("r3c5=x", "'r3c5=x': give a square"),
    ],
)
def test_infer_usage_errors_are_one_line(tmp_path: Path, play: str, words: str) -> None:
    path = write(tmp_path, opening(1)[1].to_json(), name="view.json")
    message = one_line_error(*run("infer", str(path), "--play", play))
    assert message.startswith(f"Invalid value for '--play': {words}")
    assert message.endswith("(see --help)")


def test_infer_refuses_a_planned_play_on_an_occupied_square(tmp_path: Path) -> None:
    _, view, square, _, beside = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    for occupied in (square, beside):
        message = one_line_error(*run("infer", str(path), "--play", f"{occupied}=1"))
        assert message == (
            f"Invalid value for '--play': '{occupied}=1': {occupied} is not empty in the view: "
            "no domino can be played there (TD-6) (see --help)"
        )


def test_infer_names_the_place_of_a_bad_view(tmp_path: Path) -> None:
    text = json.dumps(opening(1)[1].to_json(), indent=1).replace('"phase": "play"', '"phase": 3')
    path = write(tmp_path, text, name="view.json")
    number = next(n for n, line in enumerate(text.splitlines()) if '"phase": 3' in line)
    message = one_line_error(*run("infer", str(path)))
    assert message.startswith(f"{path}:{number + 1}:")
    assert ": $.phase: " in message


# -- simulate ------------------------------------------------------------------------------------


def test_simulate_prints_a_summary_within_80_columns() -> None:
    code, out, err = run("simulate", "--games", "12", "--seed", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert lines[0] == "12 games, seed 1"
    assert lines[1].split() == ["Red", "Blue"]
    assert lines[2].split() == ["bot", "random", "random"]
    results = list(twodoku.simulate(12, 1))
    red = sum(r.winner == "red" for r in results)
    blue = sum(r.winner == "blue" for r in results)
    assert lines[3].split() == ["wins", str(red), f"({100 * red / 12:.1f}%)", str(blue),
                                f"({100 * blue / 12:.1f}%)"]  # fmt: skip
    draws = 12 - red - blue
    assert lines[4] == f"draws (equal pile sums): {draws} ({100 * draws / 12:.1f}%)"
    won = [max(r.scores) for r in results if r.winner is not None]
    assert lines[5] == "mean winning score: " + (f"{sum(won) / len(won):.2f}" if won else "-")
    turns = [r.turns for r in results]
    assert lines[6] == (
        f"game length: {sum(turns) / 12:.1f} turns of play on average, {min(turns)} to {max(turns)}"
    )
    start = lines.index(next(line for line in lines if line.startswith("ending")))
    rows = {line.split()[0]: int(line.split()[1]) for line in lines[start + 1 :]}
    assert rows == {e: sum(r.ending == e for r in results) for e in twodoku.ENDINGS}


def test_simulate_json_lines_then_the_summary() -> None:
    code, out, err = run("simulate", "--games", "5", "--seed", "7", "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    results = list(twodoku.simulate(5, 7))
    assert lines[:-1] == [result.to_json() for result in results]
    assert [line["index"] for line in lines[:-1]] == [0, 1, 2, 3, 4]
    summary = lines[-1]["summary"]
    assert summary == twodoku.summarise(results).to_json()
    assert summary["games"] == 5
    assert summary["wins"] == {
        "red": sum(r.winner == "red" for r in results),
        "blue": sum(r.winner == "blue" for r in results),
    }


def test_simulate_max_turns_ends_games_by_the_turn_limit() -> None:
    code, out, _ = run("simulate", "--games", "3", "--max-turns", "1", "--json")
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()[:-1]]
    assert all(game["turns"] <= 1 for game in games)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "-1"], "Invalid value for '--games': '-1': give a whole number"),
        (["--games", "1e3"], "Invalid value for '--games'"),
        (["--seed", "x"], "Invalid value for '--seed': 'x': give an integer"),
        (["--bots", "random,clever"], "Invalid value for '--bots': 'random,clever'"),
        (["--bots", "random,random,random"], "Invalid value for '--bots'"),
        (["--max-turns", "0"], "Invalid value for '--max-turns'"),
    ],
)
def test_simulate_usage_errors_are_one_line(args: list[str], words: str) -> None:
    assert one_line_error(*run("simulate", *args)).startswith(words)


def test_simulate_writes_records_that_replay(tmp_path: Path) -> None:
    records = tmp_path / "records"
    code, out, _ = run(
        "simulate", "--games", "3", "--seed", "2", "--json", "--records", str(records)
    )
    assert code == 0
    games = [json.loads(line) for line in out.splitlines()[:-1]]
    assert sorted(p.name for p in records.iterdir()) == [
        "game-000000.json",
        "game-000001.json",
        "game-000002.json",
    ]
    for game in games:
        path = records / f"game-{game['index']:06d}.json"
        code, out, err = run("replay", str(path), "--json")
        assert (code, err) == (0, "")
        replayed = json.loads(out)
        assert replayed["finished"] is True
        result = replayed["result"]
        for key in ("winner", "scores", "pile_sums", "pot_sum", "ending", "turns"):
            assert result[key] == game[key]
        position = replayed["position"]
        assert (sum(position["red"]), sum(position["blue"])) == tuple(game["pile_sums"])
        assert sum(position["pot"]) == game["pot_sum"]
        code, out, _ = run("replay", str(path))
        lines = out.splitlines()
        assert code == 0 and all(len(line) <= 80 for line in lines)
        red, blue = game["pile_sums"]
        winner = {"red": "Red wins", "blue": "Blue wins", None: "a draw"}[game["winner"]]
        assert lines[-3:] == [
            f"pile sums: Red {red}, Blue {blue}; the pot {game['pot_sum']}",
            f"scores: Red {game['scores'][0]}, Blue {game['scores'][1]}: {winner} (TD-10)",
            f"{game['turns']} turns of play",
        ]
        assert lines[-4].startswith("game over: ")


def test_simulate_refuses_a_directory_holding_records(tmp_path: Path) -> None:
    taken = tmp_path / "game-000000.json"
    taken.write_text("keep me", encoding="utf-8")
    message = one_line_error(*run("simulate", "--games", "2", "--records", str(tmp_path)))
    assert message == (
        f"the records directory holds {taken} already; give an empty "
        "directory (records are never overwritten)"
    )
    assert taken.read_text(encoding="utf-8") == "keep me"


def full_disk() -> OSError:
    return OSError(28, "No space left on device")


def test_a_record_that_cannot_be_written_ends_with_74_after_the_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(twodoku, "simulate", stopped_after(twodoku.simulate, 2, full_disk))
    code, out, err = run("simulate", "--games", "5", "--records", str(tmp_path), "--json")
    assert code == 74
    assert err == (
        f"dokuspec: error: cannot write a record to '{tmp_path}': No space left on device\n"
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.get("index") for line in lines[:-1]] == [0, 1]
    assert lines[-1]["summary"]["games"] == 2


def test_an_interrupt_keeps_the_games_printed_and_their_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(twodoku, "simulate", stopped_after(twodoku.simulate, 2, KeyboardInterrupt))
    code, out, err = run("simulate", "--games", "10", "--json", "--records", str(tmp_path))
    assert code == 130
    assert err == "dokuspec: interrupted\n"
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.get("index") for line in lines[:-1]] == [0, 1]
    assert lines[-1]["summary"]["games"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-000000.json", "game-000001.json"]
    code, out, err = run("simulate", "--games", "10")
    assert (code, err) == (130, "dokuspec: interrupted\n")
    assert out.splitlines()[0] == "2 games, seed 0"


def test_json_lines_stream_and_sigint_ends_with_130_records_matching(tmp_path: Path) -> None:
    games = interrupted_run(
        "twodoku", "simulate", "--games", "1000000000", "--json", "--records", str(tmp_path)
    )
    # Exactly the records of the games printed, and no temporary file left.
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"game-{i:06d}.json" for i in range(len(games))]


# -- replay --------------------------------------------------------------------------------------


def a_record() -> str:
    _, state = twodoku.play_game(3, 1)
    text: str = twodoku.record_text(state)
    return text


def test_replay_reads_standard_input() -> None:
    code, out, err = run("replay", "-", "--json", stdin=a_record())
    assert (code, err) == (0, "")
    assert json.loads(out)["finished"] is True


def test_a_step_that_breaks_a_rule_is_refused_naming_the_action(tmp_path: Path) -> None:
    lines = a_record().splitlines()
    # The first play goes onto a square a face-down domino lies on: not empty (TD-6).
    first = next(n for n, line in enumerate(lines) if '"type": "place-face-down"' in line)
    square = json.loads(lines[first].rstrip(","))["action"]
    number = next(n for n, line in enumerate(lines) if '"type": "play"' in line)
    step = json.loads(lines[number].rstrip(","))
    step["action"].update(row=square["row"], col=square["col"])
    lines[number] = "    " + json.dumps(step) + ("," if lines[number].endswith(",") else "")
    path = write(tmp_path, "\n".join(lines) + "\n", name="game.json")
    message = one_line_error(*run("replay", str(path)))
    where = f"r{square['row']}c{square['col']}"
    assert message.startswith(f"{path}:{number + 1}:5: $.actions[{number - 5}]: ")
    who = ("Red", "Blue")[step["player"]]  # the game's words, not the engine's numbers
    assert f"illegal action play {step['action']['digit']} on {where} for {who}: " in message
    assert message.endswith(f"{where} is not empty")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "twodoku",\n "seed": 1,,}', "2:12: not JSON"),
        ("[]", "1:1: $: [] is not of type 'object'"),
        (
            '{"game": "competitive", "options": {}, "seed": 1, "actions": [], "result": null}',
            "1:10: $.game: a 'competitive' record, not a Two-Doku record ('twodoku')",
        ),
    ],
)
def test_bad_records_exit_2_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text, name="bad.json")
    assert one_line_error(*run("replay", str(path))).startswith(f"{path}:{message}")


def test_replay_of_a_missing_file() -> None:
    message = one_line_error(*run("replay", ""))
    assert message == "'': cannot open: No such file or directory"


def unfinished(steps: int) -> str:
    """The record of a game stopped after ``steps`` steps, each the first legal action."""
    state = twodoku.TwoDoku().new_initial_state(5)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(state.legal_actions()[0])
    text: str = twodoku.record_text(state)
    return text


def test_replay_of_an_unfinished_record() -> None:
    # 72 colourings, 8 face-down placements and 8 draws: the deal is not complete.
    code, out, _ = run("replay", "-", stdin=unfinished(88))
    assert (code, out) == (
        0,
        "not finished: 0 turns of play over (88 steps of the record replayed)\n",
    )
    code, out, _ = run("replay", "-", "--json", stdin=unfinished(88))
    assert json.loads(out) == {
        "finished": False,
        "turns": 0,
        "steps": 88,
        "position": None,
        "result": None,
    }
    # The pot and Red's nine counts complete the deal (TD-4): a position, no result yet.
    code, out, _ = run("replay", "-", "--json", stdin=unfinished(98))
    data = json.loads(out)
    assert (data["finished"], data["steps"], data["result"]) == (False, 98, None)
    assert (len(data["position"]["red"]), len(data["position"]["blue"])) == (40, 40)
    assert sum(data["position"]["red"]) == sum(data["position"]["blue"])
    code, out, _ = run("replay", "-", stdin=unfinished(98))
    lines = out.splitlines()
    assert lines[-1] == "not finished: 0 turns of play over (98 steps of the record replayed)"
    assert lines[-3] == "Red to move"
    assert all(len(line) <= 80 for line in lines)


def test_a_record_that_is_not_utf8_is_one_line() -> None:
    message = one_line_error(*run("replay", "-", stdin=b'{"game": "\xff"}'))
    assert message == (
        "<stdin>:1:11: not UTF-8: the byte 0xff cannot start or continue a character"
    )


def test_count_names_a_face_down_digit_out_of_range(tmp_path: Path) -> None:
    data = dealt(3)
    data["face_down"][2]["digit"] = 0
    path = write(tmp_path, data)
    line, column = place(path.read_text(), '"digit": 0')
    assert one_line_error(*run("count", str(path))) == (
        f"{path}:{line}:{column + 9}: $.face_down[2].digit: a face-down domino's digit is a "
        "digit 1-9, not 0"
    )


def test_count_names_a_deal_without_eight_face_down_dominoes(tmp_path: Path) -> None:
    data = dealt(3)
    del data["face_down"][5]
    path = write(tmp_path, data)
    line, column = place(path.read_text(), '"face_down": [')
    assert one_line_error(*run("count", str(path))) == (
        f"{path}:{line}:{column + 13}: $.face_down: a face-down draw is 8 dominoes (TD-3), not 7"
    )


@pytest.mark.parametrize("limit", ["0", "-1", "nan", "1e9"])
def test_infer_time_limit_is_a_number_of_seconds(tmp_path: Path, limit: str) -> None:
    path = write(tmp_path, opening(1)[1].to_json(), name="view.json")
    message = one_line_error(*run("infer", str(path), "--time-limit", limit))
    assert message.startswith(f"Invalid value for '--time-limit': '{limit}': give a number")


def test_infer_within_a_time_limit_answers_as_without_one(tmp_path: Path) -> None:
    path = write(tmp_path, opening(1)[1].to_json(), name="view.json")
    code, out, _ = run("infer", str(path), "--json")
    limited = run("infer", str(path), "--json", "--time-limit", "600")
    assert (code, out) == limited[:2]
    assert code == 0


# -- infer: every error about a view names its file, line and column -------------------------------


def view_text_with(view: View, old: str, new: str) -> str:
    """The view's JSON text (one value per line) with ``old`` replaced by ``new``, once."""
    text = json.dumps(view.to_json(), indent=1)
    assert text.count(old) >= 1
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "member", "message"),
    [
        # The constructor's checks: a member that contradicts another.
        (
            '"red": 39',
            '"red": 38',
            '"red": ',
            "$.pile_sizes.red: Red's pile holds 39 dominoes but its size is 38",
        ),
        # What the phase, whose turn it is and the events must agree with (check_view).
        (
            '"phase": "play"',
            '"phase": "over"',
            '"to_move": ',
            "$.to_move: nobody is to move once the game is over (TD-9), not Blue",
        ),
        (
            '"phase": "play"',
            '"phase": "dealing"',
            '"to_move": ',
            "$.to_move: nobody is to move, not Blue: the deal is dealt by chance (TD-4)",
        ),
        (
            '"result": "placed"',
            '"result": "clash"',
            '"result": ',
            "$.events[0].result: Red's 5 on r1c1 is a clash, but no face-up domino clashes (TD-8)",
        ),
    ],
)
def test_infer_names_the_line_and_column_of_the_member_at_fault(
    tmp_path: Path, old: str, new: str, member: str, message: str
) -> None:
    _, view, square, digit, _ = opening(1)
    assert (str(square), digit) == ("r1c1", 5)
    text = view_text_with(view, old, new)
    path = write(tmp_path, text, name="view.json")
    line, column = place(text, member)
    assert one_line_error(*run("infer", str(path))) == (
        f"{path}:{line}:{column + len(member)}: {message}"
    )


def test_infer_finds_a_face_down_domino_whatever_the_order(tmp_path: Path) -> None:
    # Blue's face-down domino moved onto a square Red coloured, listed first in the file.
    _, view, _, _, _ = opening(1)
    data = view.to_json()
    red_square = next(s for s in data["red_squares"] if s != [1, 1])
    moved = {"row": red_square[0], "col": red_square[1], "placed_by": "blue"}
    blue = next(i for i, f in enumerate(data["face_down"]) if f["placed_by"] == "blue")
    data["face_down"] = [moved] + [f for i, f in enumerate(data["face_down"]) if i != blue]
    text = json.dumps(data, indent=1)
    path = write(tmp_path, text, name="view.json")
    line, _ = place(text, '"face_down": [')  # the item moved is the next line's object
    square = f"r{red_square[0]}c{red_square[1]}"
    assert one_line_error(*run("infer", str(path))) == (
        f"{path}:{line + 1}:3: $.face_down: the face-down domino on {square} lies on a square "
        "Red coloured: they are placed on white squares (TD-3)"
    )


def test_infer_names_a_view_no_deal_fits_at_its_start(tmp_path: Path) -> None:
    _, view, _, _, _ = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    message = one_line_error(*run("infer", str(path), "--balance", "max_digit_count_gap=0"))
    assert message.startswith(
        f"{path}:1:1: $: no deal and no face-down digits fit everything seen: "
        "max_digit_count_gap 0 (TD-15)"
    )


def test_infer_names_an_event_the_game_cannot_have_reached(tmp_path: Path) -> None:
    # Red's placed play, then a second play of Red: a pass of Blue between them, which
    # follows a successful turn; then Red's take from the pot ends without a play while
    # Blue is to move, after Blue's pass: the game was over (TD-9).
    _, view, _, _, _ = opening(1)
    data = view.to_json()
    data["events"].append(
        {"player": "red", "type": "take", "source": "pot", "digit": data["pot"][0]}
    )
    data["pile"] = sorted([*data["pile"], data["pot"][0]])
    data["pile_sizes"]["red"] += 1
    data["pot"] = data["pot"][1:]
    text = json.dumps(data, indent=1)
    path = write(tmp_path, text, name="view.json")
    line, column = place(text, '"phase": "play"')
    assert one_line_error(*run("infer", str(path))) == (
        f"{path}:{line}:{column + 9}: $.phase: the game is over: Blue's pass between events 1 "
        "and 2 (Red's turn of event 1 ended with a successful play, so event 2 begins another "
        "turn of Red; TD-6) and Red's turn of event 2 both ended without a successful play "
        "(TD-9, TD-13)"
    )


# -- pictures: --svg -------------------------------------------------------------------------------


def test_deal_and_validate_draw_the_deal_as_svg(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short name, so that the line fits 80 columns
    svg = twodoku.deal_svg(twodoku.deal(4)) + "\n"
    code, out, err = run("deal", "--seed", "4", "--svg", str(tmp_path / "deal.svg"))
    assert (code, err) == (0, "")
    assert out == run("deal", "--seed", "4")[1]  # the text as without --svg
    assert (tmp_path / "deal.svg").read_text(encoding="utf-8") == svg
    assert run("deal", "--seed", "4", "--svg", "-") == (0, svg, "")
    path = write(tmp_path, twodoku.deal(4).to_json()).relative_to(tmp_path)
    code, out, err = run("validate", str(path), "--svg", str(tmp_path / "valid.svg"))
    assert (code, out, err) == (0, f"{path}: a valid deal\n", "")
    assert (tmp_path / "valid.svg").read_text(encoding="utf-8") == svg
    assert run("validate", str(path), "--svg", "-") == (0, svg, "")


def test_validate_still_lists_what_is_wrong_with_a_deal_it_cannot_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a short name, so that the first line is whole
    data = dealt(3)
    data["face_down"][0]["digit"] = 0
    path = write(tmp_path, data).relative_to(tmp_path)
    picture = tmp_path / "bad.svg"
    code, out, err = run("validate", str(path), "--svg", str(picture))
    assert code == 1
    assert out.startswith(f"{path}: not a valid deal: ")
    assert "digit-range: the face-down dominoes hold 0" in out
    assert err == (
        f"dokuspec: error: --svg {picture}: not written: the deal cannot be drawn: "
        "deal.face_down[0].digit is 0, not 1-9\n"
    )
    assert not picture.exists()


def test_infer_draws_the_view_with_the_planned_plays_outlined(tmp_path: Path) -> None:
    _, view, _, _, beside = opening(1)
    path = write(tmp_path, view.to_json(), name="view.json")
    target = Square(beside.row, 9) if beside.col != 9 else Square(beside.row, 2)
    code, out, _ = run("infer", str(path), "--play", f"{target}=1", "--svg", "-")
    assert code == 0
    assert out == twodoku.view_svg(view, highlight=[target]) + "\n"
    picture = tmp_path / "view.svg"
    code, out, _ = run("infer", str(path), "--svg", str(picture), "--json")
    assert code == 0 and json.loads(out)["observer"] == "red"
    assert picture.read_text(encoding="utf-8") == twodoku.view_svg(view) + "\n"


def test_replay_draws_the_final_position(tmp_path: Path) -> None:
    text = a_record()
    state = twodoku.replay_record(text)
    picture = tmp_path / "end.svg"
    code, out, _ = run("replay", "-", "--svg", str(picture), stdin=text)
    assert code == 0 and out == run("replay", "-", stdin=text)[1]
    assert picture.read_text(encoding="utf-8") == twodoku.position_svg(state.position()) + "\n"
    # Before the deal is complete: Red's view (nothing is private yet).
    early = twodoku.replay_record(unfinished(88))
    code, out, _ = run("replay", "-", "--svg", "-", stdin=unfinished(88))
    assert (code, out) == (0, twodoku.view_svg(early.view(0)) + "\n")


@pytest.mark.parametrize("command", ["deal", "validate", "infer", "replay"])
def test_svg_on_standard_output_and_json_are_refused_together(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, twodoku.deal(4).to_json())
    args = {"deal": [], "validate": [str(path)], "infer": [str(path)], "replay": ["-"]}[command]
    message = one_line_error(*run(command, *args, "--svg", "-", "--json", stdin=a_record()))
    assert message == ("--svg - and --json both write standard output: choose one (see --help)")


def test_an_svg_file_that_cannot_be_written_is_an_output_failure(tmp_path: Path) -> None:
    code, out, err = run("deal", "--seed", "4", "--svg", str(tmp_path / "no" / "deal.svg"))
    assert (code, out) == (74, "")
    assert err == (
        f"dokuspec: error: cannot write '{tmp_path / 'no' / 'deal.svg'}': No such file or "
        "directory\n"
    )


def test_the_public_module_draws_every_value() -> None:
    dealt_now = twodoku.deal(2)
    assert twodoku.deal_svg(dealt_now).startswith("<svg")
    assert {"deal_svg", "position_svg", "view_svg"} <= set(twodoku.__all__)


# -- view: a player's view from a record -----------------------------------------------------------


def views_at_every_turn(seed: int) -> tuple[str, list[twodoku.TwoDokuState]]:
    """A game of the inference bot (Red) and the random bot: its record, and its state as
    play began and as each turn of play ended."""
    _, state = twodoku.play_game(seed, 2, ("inference", "random"))
    game = twodoku.TwoDoku(**state.game.options)
    replayed = game.new_initial_state(state.seed)
    states = []
    for entry in state.history():
        replayed.apply_action(entry.actions[0])
        if replayed.phase in ("play", "over") and replayed.turns == len(states):
            states.append(replayed.clone())  # the first step at which that turn is over
    return twodoku.record_text(state), states


def test_view_writes_what_infer_reads_at_each_turn(tmp_path: Path) -> None:
    record, states = views_at_every_turn(2)
    assert [s.turns for s in states] == list(range(len(states)))
    path = write(tmp_path, record, name="game.json")
    for turn in sorted({0, 1, len(states) // 2, len(states) - 1}):
        for number, player in enumerate(("red", "blue")):
            expected = states[turn].view(number)
            code, out, err = run("view", str(path), "--player", player, "--turn", str(turn))
            assert (code, err) == (0, "")
            assert all(len(line) <= 80 for line in out.splitlines())
            assert View.parse(out) == expected
            # infer reads it, and answers as the library does on the engine's view.
            code, answer, _ = run("infer", "-", "--json", stdin=out)
            assert code == 0
            report = json.loads(answer)
            found = twodoku.infer_face_down(expected)
            assert report["observer"] == player
            assert [(d["row"], d["col"], d["possible"]) for d in report["dominoes"]] == [
                (d.square.row, d.square.col, list(d.possible)) for d in found.dominoes
            ]
    # Without --turn: the record's end, the game over.
    code, out, _ = run("view", str(path), "--player", "blue")
    assert View.parse(out) == states[-1].view(1)
    assert View.parse(out).phase == "over"


def test_view_draws_the_view(tmp_path: Path) -> None:
    record, states = views_at_every_turn(2)
    path = write(tmp_path, record, name="game.json")
    code, out, _ = run("view", str(path), "--player", "red", "--turn", "1", "--svg", "-")
    assert (code, out) == (0, twodoku.view_svg(states[1].view(0)) + "\n")


def test_view_refuses_a_turn_the_game_does_not_have(tmp_path: Path) -> None:
    record, states = views_at_every_turn(2)
    path = write(tmp_path, record, name="game.json")
    last = len(states) - 1
    message = one_line_error(*run("view", str(path), "--player", "red", "--turn", str(last + 1)))
    assert message == (
        f"Invalid value for '--turn': the game has {last} turns of play: 0 to {last}, "
        f"not {last + 1} (see --help)"
    )
    assert one_line_error(*run("view", "-", "--player", "red", "--turn", "0",
                               stdin=unfinished(88))) == (
        "Invalid value for '--turn': the game stops in the dealing phase, before the play "
        "phase: it has no turn of play (see --help)"
    )  # fmt: skip
    code, out, _ = run("view", "-", "--player", "blue", stdin=unfinished(88))
    assert code == 0 and View.parse(out).phase == "dealing"
    assert one_line_error(*run("view", str(path), "--player", "green")).startswith(
        "Invalid value for '--player': 'green' is not one of 'red', 'blue'"
    )


def test_a_step_for_the_wrong_player_names_both_players(tmp_path: Path) -> None:
    lines = a_record().splitlines()
    number = next(n for n, line in enumerate(lines) if line.lstrip().startswith('{"player": 1'))
    lines[number] = lines[number].replace('{"player": 1', '{"player": 0', 1)
    path = write(tmp_path, "\n".join(lines) + "\n", name="game.json")
    assert one_line_error(*run("replay", str(path))) == (
        f"{path}:{number + 1}:16: $.actions[{number - 5}].player: recorded for player 0 (Red), "
        "but Blue is to act"
    )
