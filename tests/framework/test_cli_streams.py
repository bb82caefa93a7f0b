"""The command line as a real process: encodings, closed streams, pipes, SIGINT, statistics."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dokuspec import sumodoku
from dokuspec.cli.report import Tally
from dokuspec.errors import NotationError

PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
BOARD = PUZZLE.replace("0", ".")
COMMAND = [sys.executable, "-m", "dokuspec", "sumodoku", "check"]
CELL = "'x' is not a cell ('.' or '0' for empty, '1'-'9' for a colour)"
# An impossible position whose minimal explanation takes minutes with either backend.
HARD = json.dumps(
    {
        "board": "." * 10 + "3" + "." * 17 + "4" + "." * 10 + "4" + "." * 41,
        "non_consecutive": True,
        "x": True,
    }
)


def dokuspec(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    streams: dict[str, object] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "dokuspec", *args], check=False, timeout=120, **(streams | kwargs)
    )


def check(path: Path, *options: str) -> tuple[int, str, str]:
    done = dokuspec("sumodoku", "check", *options, str(path))
    return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.mark.parametrize(
    ("data", "where", "reason"),
    [
        (b"\xef\xbb\xbf" + PUZZLE.encode() + b"\n....\xff..\n", "2:5", "not UTF-8 (byte 0xff)"),
        (PUZZLE.encode() + "\n...é\xe9".encode("latin-1"), "2:4", "not UTF-8 (byte 0xe9)"),
        (
            (PUZZLE + "\n").encode("utf-16"),
            "1:1",
            "UTF-16 text (byte-order mark); save it as UTF-8",
        ),
        (
            (PUZZLE + "\n").encode("utf-32"),
            "1:1",
            "UTF-32 text (byte-order mark); save it as UTF-8",
        ),
        (
            (PUZZLE + "\n").encode("utf-16-le"),
            "1:2",
            "a NUL byte: UTF-16 or binary data, not UTF-8 text",
        ),
        (b"." * (2 << 20), "1:1048577", "a line longer than 1,048,576 bytes"),
        (b"# \xc3\xa9t\xc3\xa9\n" + PUZZLE.encode() + b"\r\n.x\r\n", "3:2", CELL),
    ],
)
def test_undecodable_files_are_located(
    tmp_path: Path, data: bytes, where: str, reason: str
) -> None:
    path = tmp_path / "boards.txt"
    path.write_bytes(data)
    code, out, err = check(path, "--json")
    assert code == 2
    assert err == f"dokuspec: error: {path}:{where}: {reason}\n"
    assert all(json.loads(line)["status"] == "completable" for line in out.splitlines())


def test_a_utf8_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "boards.txt"
    path.write_bytes(b"\xef\xbb\xbf" + PUZZLE.encode() + b"\n")
    code, out, err = check(path, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["board"] == BOARD


def test_control_characters_in_a_file_name_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "a\x1b[31mb.txt"
    path.write_text("x\n")
    code, _, err = check(path)
    assert code == 2
    assert err == f"dokuspec: error: {tmp_path}/a\\x1b[31mb.txt:1:1: {CELL}\n"


def test_closed_stdout_is_an_output_failure(tmp_path: Path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text(PUZZLE + "\n")
    done = subprocess.run(
        f'"{sys.executable}" -m dokuspec sumodoku check "{path}" >&-',
        shell=True,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 74
    assert (
        done.stderr == b"dokuspec: error: cannot write standard output: standard output is closed\n"
    )


def test_closed_stdin_is_an_input_failure() -> None:
    done = subprocess.run(
        f'"{sys.executable}" -m dokuspec sumodoku check <&-',
        shell=True,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 74
    assert done.stderr == b"dokuspec: error: cannot read <stdin>: standard input is closed\n"


def test_full_disk_is_an_output_failure(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full on this system")
    path = tmp_path / "boards.txt"
    path.write_text(PUZZLE + "\n")
    with open("/dev/full", "w") as full:
        done = dokuspec("sumodoku", "check", str(path), stdout=full)
    assert done.returncode == 74
    assert (
        done.stderr == b"dokuspec: error: cannot write standard output: No space left on device\n"
    )


def test_closed_pipe_is_an_output_failure(tmp_path: Path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text((PUZZLE + "\n") * 200)
    process = subprocess.Popen(
        [sys.executable, "-m", "dokuspec", "sumodoku", "check", "--json", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    err = process.stderr.read()
    assert process.wait(timeout=120) == 74
    assert json.loads(first)["status"] == "completable"
    assert err == b"dokuspec: error: cannot write standard output: Broken pipe\n"


def test_answers_stream_before_the_end_of_input() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "dokuspec", "sumodoku", "check", "--json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write((PUZZLE + "\n").encode())
    process.stdin.flush()
    first = json.loads(process.stdout.readline())  # answered while stdin is still open
    assert first["status"] == "completable"
    process.stdin.close()
    assert process.wait(timeout=120) == 0


@pytest.mark.parametrize("backend", ["sat", "z3"])
def test_sigint_stops_at_once_with_status_130_keeping_answers(tmp_path: Path, backend: str) -> None:
    path = tmp_path / "boards.jsonl"
    path.write_text(f"{PUZZLE}\n{HARD}\n{PUZZLE}\n")
    process = subprocess.Popen(
        [*COMMAND, "--json", "--explain", "--backend", backend, "--time-limit", "3600", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    first = json.loads(process.stdout.readline())
    time.sleep(2)  # not an assertion: lets the solver start on the hard position
    process.send_signal(signal.SIGINT)
    status = process.wait(timeout=10)
    rest = process.stdout.read()
    err = process.stderr.read()
    assert (first["line"], first["status"]) == (1, "completable")
    assert rest == b""
    assert err == b"dokuspec: interrupted\n"
    assert status == 130


def test_python_dash_m_dokuspec() -> None:
    done = dokuspec("--version")
    assert done.returncode == 0
    assert done.stdout.decode().startswith("dokuspec, version ")


def test_read_positions_from_a_binary_stream_and_a_path(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf# two\n" + PUZZLE.encode() + b"\n\n" + PUZZLE.encode() + b"\n"
    from_stream = list(sumodoku.read_positions(io.BytesIO(data), source="s"))
    path = tmp_path / "p.txt"
    path.write_bytes(data)
    from_path = list(sumodoku.read_positions(path))
    assert [n for n, _ in from_stream] == [n for n, _ in from_path] == [2, 4]
    assert all(str(p.board) == BOARD for _, p in from_stream + from_path)
    with pytest.raises(NotationError) as caught:
        list(sumodoku.read_positions(io.BytesIO(b"\n\xff"), source="s"))
    assert str(caught.value) == "s:2:1: not UTF-8 (byte 0xff)"
    with pytest.raises(TypeError):
        list(sumodoku.read_positions(PUZZLE))  # type: ignore[arg-type]


def test_tally_counts_exactly_and_bounds_the_median() -> None:
    small = Tally()
    for seconds in (0.003, 0.001, 0.002, 0.010):
        small.add("completable", seconds)
    assert small.median() == (0.0025, True)
    assert small.summary("f") == [
        "f: 4 positions",
        "  4 completable, 0 impossible, 0 unknown; median 2.5 ms per query",
    ]
    large = Tally()
    times = [0.001 * (1 + i % 1000) for i in range(Tally.EXACT + 1001)]
    for i, seconds in enumerate(times):
        large.add("unknown" if i % 7 == 0 else "impossible", seconds)
    median, exact = large.median()
    ordered = sorted(times)
    true = (ordered[(len(times) - 1) // 2] + ordered[len(times) // 2]) / 2
    assert not exact
    assert abs(median - true) / true <= 0.011
    assert large.counts == {"unknown": 1572, "impossible": 9429}
    assert Tally().summary("x") == ["x: 0 positions", "  0 completable, 0 impossible, 0 unknown"]
