"""Files the command line writes (``--svg FILE``, ``--records DIR``), as ordinary tools write them.

A regular file (or a new path) is replaced whole, keeping an existing
file's mode, a new one getting the umask's; a symbolic link is followed; a
device or a FIFO is written in place; a write that fails is one line and
exit status 74. The devices are nodes made in the test's directory when
the tests run as root (who could replace the machine's own ``/dev/full``),
else the machine's ``/dev/null`` and ``/dev/full``.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.cli import main
from dokuspec.files import FileWriteError, write_bytes_file, write_text_file
from dokuspec.sumodoku import Position

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SVG = sumodoku.board_svg(Position.parse(PUZZLE)) + "\n"
ROOT = os.geteuid() == 0


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def ran(args: list[str]) -> bool:
    """Whether ``dokuspec ARGS`` ended with status 0 and nothing on standard error."""
    code, _, err = run(*args)
    return (code, err) == (0, "")


@contextmanager
def umask(mask: int) -> Iterator[None]:
    before = os.umask(mask)
    try:
        yield
    finally:
        os.umask(before)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Sumodoku game record, as ``simulate --records`` writes it."""
    directory = tmp_path_factory.mktemp("record")
    list(sumodoku.simulate(1, 3, ("random", "random"), directory))
    return directory / "game-000000.json"


@pytest.fixture(params=["show", "replay"])
def svg_command(request: pytest.FixtureRequest, record: Path) -> Callable[[str], list[str]]:
    """A command that writes an SVG picture to FILE, and the picture it writes."""
    if request.param == "show":
        return lambda path: ["sumodoku", "show", PUZZLE, "--svg", path]
    return lambda path: ["sumodoku", "replay", str(record), "--svg", path]


def expected_svg(args: list[str]) -> str:
    """The picture ``args`` writes, as it prints it on standard output with ``--svg -``."""
    code, out, err = run(*args[:-1], "-")
    assert (code, err) == (0, "")
    return out


def device(tmp_path: Path, name: str) -> Path:
    """The null (``name="null"``) or full device, as a path (see the module)."""
    if not ROOT:
        return Path("/dev", name)
    node = tmp_path / name
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3 if name == "null" else 7))
    except PermissionError:  # pragma: no cover - a container without CAP_MKNOD
        pytest.skip("root, but no device node can be made here (the real one is not risked)")
    return node


def listing(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir())


# -- --svg FILE -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_a_new_file_gets_the_umasks_mode(
    svg_command: Callable[[str], list[str]], tmp_path: Path, mask: int, mode: int
) -> None:
    target = tmp_path / "board.svg"
    with umask(mask):
        assert ran(svg_command(str(target)))
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8") == expected_svg(svg_command(str(target)))
    assert listing(tmp_path) == ["board.svg"]  # no temporary file left


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_an_existing_file_is_replaced_whole_and_keeps_its_mode(
    svg_command: Callable[[str], list[str]], tmp_path: Path, mode: int
) -> None:
    target = tmp_path / "board.svg"
    target.write_text("old picture", encoding="utf-8")
    target.chmod(mode)
    with umask(0o077):
        assert ran(svg_command(str(target)))
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8") == expected_svg(svg_command(str(target)))
    assert listing(tmp_path) == ["board.svg"]


def test_a_symbolic_link_is_followed_and_its_target_written(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    (tmp_path / "pictures").mkdir()
    target = tmp_path / "pictures" / "board.svg"
    target.write_text("old picture", encoding="utf-8")
    target.chmod(0o644)
    link = tmp_path / "latest.svg"
    link.symlink_to(Path("pictures") / "board.svg")
    # A chain of links is followed to its end.
    chain = tmp_path / "chain.svg"
    chain.symlink_to("latest.svg")
    with umask(0o077):
        assert ran(svg_command(str(chain)))
    assert chain.is_symlink() and link.is_symlink()
    assert os.readlink(link) == str(Path("pictures") / "board.svg")
    assert target.read_text(encoding="utf-8") == expected_svg(svg_command(str(chain)))
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert listing(tmp_path / "pictures") == ["board.svg"]


def test_a_link_to_a_file_not_yet_there_makes_that_file(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    (tmp_path / "pictures").mkdir()
    link = tmp_path / "latest.svg"
    link.symlink_to(Path("pictures") / "board.svg")
    with umask(0o022):
        assert ran(svg_command(str(link)))
    assert link.is_symlink()
    target = tmp_path / "pictures" / "board.svg"
    assert target.read_text(encoding="utf-8") == expected_svg(svg_command(str(link)))
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_a_fifo_is_written_in_place_to_its_reader(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    fifo = tmp_path / "picture.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as stream:  # waits for the writer
            received.append(stream.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    result = ran(svg_command(str(fifo)))
    reader.join(timeout=60)  # a guard against a hang, not a timing
    assert result
    assert received == [expected_svg(svg_command(str(fifo))).encode()]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert listing(tmp_path) == ["picture.fifo"]


def test_the_null_device_takes_the_picture_and_stays_a_device(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    null = device(tmp_path, "null")
    before = os.lstat(null)
    assert ran(svg_command(str(null)))
    after = os.lstat(null)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


def test_the_full_device_is_74_and_one_line_and_stays_a_device(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    full = device(tmp_path, "full")
    before = os.lstat(full)
    code, out, err = run(*svg_command(str(full)))
    assert (code, err) == (74, f"dokuspec: error: cannot write '{full}': No space left on device\n")
    assert "<svg" not in out
    after = os.lstat(full)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino


def test_a_directory_is_refused_as_a_usage_error(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:
    (tmp_path / "pictures").mkdir()
    link = tmp_path / "link"
    link.symlink_to("pictures")
    for path in (tmp_path / "pictures", link):
        code, out, err = run(*svg_command(str(path)))
        assert (code, out) == (2, "")
        assert err == (
            f"dokuspec: error: Invalid value for '--svg': File '{path}' is a directory "
            "(see --help)\n"
        )
    assert listing(tmp_path / "pictures") == []


@pytest.mark.skipif(ROOT, reason="root may write in a read-only directory")
def test_a_read_only_directory_is_74_and_one_line(
    svg_command: Callable[[str], list[str]], tmp_path: Path
) -> None:  # pragma: no cover - the suite runs as root in some places
    directory = tmp_path / "read-only"
    directory.mkdir()
    (directory / "old.svg").write_text("old picture", encoding="utf-8")
    directory.chmod(0o555)
    try:
        for name in ("new.svg", "old.svg"):
            target = directory / name
            code, out, err = run(*svg_command(str(target)))
            assert (code, out) == (74, "")
            assert err == f"dokuspec: error: cannot write '{target}': Permission denied\n"
        assert (directory / "old.svg").read_text(encoding="utf-8") == "old picture"
        assert listing(directory) == ["old.svg"]
    finally:
        directory.chmod(0o755)


FILE_SIZE_LIMIT = """
import resource, sys
from dokuspec.cli import main
resource.setrlimit(resource.RLIMIT_FSIZE, (512, 512))  # bytes; Python ignores SIGXFSZ
sys.argv = ["dokuspec", *sys.argv[1:]]
main()
"""


def run_with_a_file_size_limit(*args: str) -> subprocess.CompletedProcess[str]:
    """``dokuspec ARGS`` in a process that cannot write a file past 512 bytes (a full disk)."""
    return subprocess.run(
        [sys.executable, "-c", FILE_SIZE_LIMIT, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_full_disk_is_74_and_one_line_and_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    target.write_text("old picture", encoding="utf-8")
    done = run_with_a_file_size_limit("sumodoku", "show", PUZZLE, "--svg", str(target))
    assert (done.returncode, done.stderr) == (
        74,
        f"dokuspec: error: cannot write '{target}': File too large\n",
    )
    assert target.read_text(encoding="utf-8") == "old picture"
    assert listing(tmp_path) == ["board.svg"]


# -- every command that draws ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A game record of Competitive Sudoku and of Two-Doku, and a Two-Doku deal's JSON."""
    directory = tmp_path_factory.mktemp("records")
    list(competitive.simulate(1, 3, "draft", ("random", "random"), records=directory / "cs"))
    list(twodoku.simulate(1, 3, ("random", "random"), directory / "td"))
    deal = directory / "deal.json"
    deal.write_text(json.dumps(twodoku.deal(4).to_json()), encoding="utf-8")
    return {
        "competitive": directory / "cs" / "game-000000.json",
        "twodoku": directory / "td" / "game-000000.json",
        "deal": deal,
    }


DRAWING_COMMANDS: dict[str, Callable[[dict[str, Path]], list[str]]] = {
    "competitive hand": lambda _: ["competitive", "hand", "r1 r2 r3 / b1 b2 b3 / r1 r2 r3"],
    "competitive outs": lambda _: [
        *("competitive", "outs", "r1 r2 r3 / b1 b2 b3 / r1 r2 ..", "--available", "r3 b3 b9"),
    ],
    "competitive best": lambda _: [
        *("competitive", "best", "r1 r2 r3 / b1 b2 b3 / r1 r2 ..", "--available", "r3 b3 b9"),
    ],
    "competitive replay": lambda paths: ["competitive", "replay", str(paths["competitive"])],
    "twodoku deal": lambda _: ["twodoku", "deal", "--seed", "1"],
    "twodoku validate": lambda paths: ["twodoku", "validate", str(paths["deal"])],
    "twodoku replay": lambda paths: ["twodoku", "replay", str(paths["twodoku"])],
    "twodoku view": lambda paths: ["twodoku", "view", str(paths["twodoku"]), "--player", "red"],
}


@pytest.mark.parametrize("command", sorted(DRAWING_COMMANDS))
def test_every_drawing_command_writes_through_a_link_keeps_the_mode_and_reports_a_full_disk(
    command: str, records: dict[str, Path], tmp_path: Path
) -> None:
    args = DRAWING_COMMANDS[command](records)
    (tmp_path / "pictures").mkdir()
    target = tmp_path / "pictures" / "picture.svg"
    target.write_text("old picture", encoding="utf-8")
    target.chmod(0o644)
    link = tmp_path / "latest.svg"
    link.symlink_to(Path("pictures") / "picture.svg")
    with umask(0o077):
        assert ran([*args, "--svg", str(link)])
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == expected_svg([*args, "--svg", "-"])
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert listing(tmp_path / "pictures") == ["picture.svg"]
    full = device(tmp_path, "full")
    code, _, err = run(*args, "--svg", str(full))
    assert (code, err) == (74, f"dokuspec: error: cannot write '{full}': No space left on device\n")
    assert stat.S_ISCHR(os.lstat(full).st_mode)


# -- --records DIR -------------------------------------------------------------------------------


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_records_get_the_umasks_mode(tmp_path: Path, mask: int, mode: int) -> None:
    with umask(mask):
        code, _, err = run("sumodoku", "simulate", "--games", "2", "--records", str(tmp_path))
    assert (code, err) == (0, "")
    assert listing(tmp_path) == ["game-000000.json", "game-000001.json"]
    assert [stat.S_IMODE(path.stat().st_mode) for path in tmp_path.iterdir()] == [mode, mode]


def test_records_go_through_a_link_to_a_directory(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    link = tmp_path / "latest"
    link.symlink_to("games")
    code, out, _ = run("sumodoku", "simulate", "--games", "1", "--records", str(link), "--json")
    assert code == 0
    assert link.is_symlink()
    assert listing(tmp_path / "games") == ["game-000000.json"]
    written = json.loads((tmp_path / "games" / "game-000000.json").read_text(encoding="utf-8"))
    assert written["seed"] == json.loads(out.splitlines()[0])["seed"]


def test_a_record_that_cannot_be_written_is_74_and_one_line_after_the_summary(
    tmp_path: Path,
) -> None:
    done = run_with_a_file_size_limit(
        "sumodoku", "simulate", "--games", "3", "--records", str(tmp_path), "--json"
    )
    record = tmp_path / "game-000000.json"
    assert (done.returncode, done.stderr) == (
        74,
        f"dokuspec: error: cannot write '{record}': File too large\n",
    )
    assert [json.loads(line) for line in done.stdout.splitlines()][-1]["summary"]["games"] == 0
    assert listing(tmp_path) == []  # neither the record nor its temporary file


@pytest.mark.skipif(ROOT, reason="root may write in a read-only directory")
def test_a_read_only_records_directory_is_74_and_one_line(
    tmp_path: Path,
) -> None:  # pragma: no cover - the suite runs as root in some places
    tmp_path.chmod(0o555)
    try:
        code, _, err = run("sumodoku", "simulate", "--games", "1", "--records", str(tmp_path))
    finally:
        tmp_path.chmod(0o755)
    record = tmp_path / "game-000000.json"
    assert (code, err) == (74, f"dokuspec: error: cannot write '{record}': Permission denied\n")


# -- the helper itself ---------------------------------------------------------------------------


def test_the_helper_raises_an_os_error_naming_the_path_as_given(tmp_path: Path) -> None:
    with pytest.raises(FileWriteError) as caught:
        write_text_file(tmp_path, "text")
    assert str(caught.value) == f"cannot write '{tmp_path}': Is a directory"
    assert isinstance(caught.value, OSError)
    assert (caught.value.errno, caught.value.filename) == (errno.EISDIR, str(tmp_path))
    with pytest.raises(FileWriteError, match=r"^cannot write '': No such file or directory$"):
        write_bytes_file("", b"")
    loop = tmp_path / "loop"
    loop.symlink_to("loop")
    with pytest.raises(FileWriteError, match="Too many levels of symbolic links"):
        write_text_file(loop, "text")


def test_the_helper_writes_text_as_utf8_unchanged(tmp_path: Path) -> None:
    write_text_file(tmp_path / "a.txt", "µ\r\nb")
    assert (tmp_path / "a.txt").read_bytes() == "µ\r\nb".encode()
    write_bytes_file(tmp_path / "a.txt", b"\xff")
    assert (tmp_path / "a.txt").read_bytes() == b"\xff"


@pytest.mark.parametrize(
    ("path", "data", "message"),
    [
        (b"a.txt", "text", "path is a str or a path object, not bytes"),
        (3, "text", "path is a str or a path object, not int"),
        ("a.txt", b"text", "text is a str, not bytes"),
    ],
)
def test_the_helper_refuses_wrong_types(path: object, data: object, message: str) -> None:
    with pytest.raises(TypeError, match=f"^{message}$"):
        write_text_file(path, data)  # type: ignore[arg-type]
