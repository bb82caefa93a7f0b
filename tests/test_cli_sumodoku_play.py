"""``dokuspec sumodoku show`` (and the game commands): output, exit statuses, one-line errors."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from dokuspec import sumodoku
from dokuspec.cli import main
from dokuspec.sumodoku import Piece, Position

SVG = "{http://www.w3.org/2000/svg}"
CLASH = "55" + "." * 79  # colour 5 twice in row 1: impossible, the two pieces the conflict
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(*args: str, stdin: bytes | str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["sumodoku", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def one_line_error(code: int, out: str, err: str, status: int = 2) -> str:
    """The message of a one-line error with nothing on standard output."""
    assert (code, out) == (status, "")
    assert err.startswith("dokuspec: error: ") and err.count("\n") == 1
    return err.removeprefix("dokuspec: error: ").rstrip("\n")


def highlighted_cells(svg: str) -> list[tuple[str | None, str | None]]:
    root = ET.fromstring(svg)
    return [
        (e.get("x"), e.get("y"))
        for e in root.iter(f"{SVG}rect")
        if "highlight" in (e.get("class") or "").split()
    ]


# -- show ----------------------------------------------------------------------------------------


def test_show_prints_the_terminal_picture() -> None:
    code, out, err = run("show", PUZZLE)
    assert (code, err) == (0, "")
    position = Position.parse(PUZZLE)
    assert out == sumodoku.board_text(position) + "\n"
    assert all(len(line) <= 80 for line in out.splitlines())
    assert out.splitlines()[2] == "1 ┃ 4  │ .  │ .  ┃ .  │ .  │ .  ┃ 8  │ .  │ 5  ┃"


def test_show_reads_a_json_position_from_standard_input() -> None:
    text = json.dumps({"board": CLASH, "x": True, "out": {"2": 1}}, indent=2)
    code, out, err = run("show", "-", stdin=text)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert "Sudoku X (SU-12): both diagonals hold 9 colours" in lines
    assert lines[-2] == "Out of the game    .  1  .  .  .  .  .  .  .     1"


def test_show_explain_highlights_the_conflict_of_an_impossible_position(tmp_path: Path) -> None:
    svg = tmp_path / "clash.svg"
    code, out, err = run("show", CLASH, "--explain", "--svg", str(svg), "--title", "a <clash>")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "a <clash>"
    assert lines[3] == "1 ┃[5] │[5] │ .  ┃ .  │ .  │ .  ┃ .  │ .  │ .  ┃"
    assert lines[-1] == "impossible (SU-15); conflict: r1c1=5 r1c2=5"
    drawn = svg.read_text(encoding="utf-8")
    position = Position.parse(CLASH)
    expected = sumodoku.board_svg(
        position, highlight=[Piece(1, 1, 5), Piece(1, 2, 5)], title="a <clash>"
    )
    assert drawn == expected + "\n"
    assert highlighted_cells(drawn) == [("2", "2"), ("50", "2")]
    assert [p.name for p in tmp_path.iterdir()] == ["clash.svg"]  # no temporary file left


def test_show_explain_of_a_completable_position() -> None:
    code, out, _ = run("show", PUZZLE, "--explain")
    assert code == 0
    assert out.splitlines()[-1] == "completable (SU-15)"
    assert "[" not in out.split(".: empty")[0]  # nothing highlighted on the board


def test_show_svg_on_standard_output_instead_of_the_text() -> None:
    code, out, err = run("show", CLASH, "--svg", "-", "--explain")
    assert (code, err) == (0, "")
    assert (
        out
        == sumodoku.board_svg(Position.parse(CLASH), highlight=[Piece(1, 1, 5), Piece(1, 2, 5)])
        + "\n"
    )


def test_show_svg_replaces_a_file_whole(tmp_path: Path) -> None:
    svg = tmp_path / "board.svg"
    svg.write_text("old", encoding="utf-8")
    assert run("show", PUZZLE, "--svg", str(svg))[0] == 0
    assert svg.read_text(encoding="utf-8") == sumodoku.board_svg(Position.parse(PUZZLE)) + "\n"


def test_show_svg_into_a_missing_directory_is_74(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "board.svg"
    message = one_line_error(*run("show", PUZZLE, "--svg", str(target)), status=74)
    assert message == f"cannot write '{target}': No such file or directory"


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["show", "5" * 80], None, "POSITION:1:81: "),
        (["show", "x" + "." * 80], None, "POSITION:1:1: "),
        (["show", '{"board": "' + CLASH + '", "x": 1}'], None, "POSITION:1:"),
        (["show", "-"], "\n\n" + "." * 40 + "?" + "." * 40, "<stdin>:3:41: "),
        (["show", "-"], b"\xff", "<stdin>:1:1: not UTF-8: the byte 0xff"),
        (["show", PUZZLE, "--svg", "-", "--title", "a\tb"], None, "--title: column 2: "),
        (["show", PUZZLE, "--time-limit", "0"], None, "Invalid value for '--time-limit'"),
    ],
)
def test_show_bad_input_is_one_line(
    args: list[str], stdin: bytes | str | None, message: str
) -> None:
    assert one_line_error(*run(*args, stdin=stdin)).startswith(message)


def test_show_prints_markup_in_a_title_as_it_is() -> None:
    code, out, _ = run("show", PUZZLE, "--title", "[bold]x[/bold] \x1b[31m")
    assert code == 0
    assert out.splitlines()[0] == "[bold]x[/bold] \\x1b[31m"
