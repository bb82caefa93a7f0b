"""The command line on a real terminal, and how fast it starts.

Each command runs under a pseudo-terminal of 80 columns and 24 lines
(:mod:`pexpect`), and what it wrote is rendered by a VT100 emulator
(:mod:`pyte`), its scrollback included: the screen must hold exactly the
lines the same command prints to a pipe, each within 80 columns. So no
line was wider than the terminal (it would have wrapped onto two), no row
shares a line with the progress bar, and the bar is gone at the end.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pexpect
import pyte
import pytest
from click.testing import CliRunner
from helpers import declarations
from rich.cells import cell_len

import dokuspec
from dokuspec.cli import app, main

ROOT = Path(dokuspec.__file__).parent.parent
PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
CLASH = "..1....13.4.....9.2...7....7.6...4.....3........9......3.1..5......6.8.7........."
QUICKSTART = [
    "sumodoku",
    "check",
    "-q",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "dokuspec/data/sumodoku").glob("*.txt")),
    "dokuspec/data/sumodoku/variants.jsonl",
]
_TIME = re.compile(r" *[0-9][0-9.]* (µs|ms|s)\b")
_BAR = "━"  # rich's progress bar is drawn with it


def on_terminal(args: list[str]) -> tuple[int, list[str]]:
    """Run ``dokuspec ARGS`` under an 80x24 pseudo-terminal (both standard streams on it):
    its exit status and the lines a user sees at the end, scrollback first, trailing
    spaces and blank lines at the end dropped."""
    screen = pyte.HistoryScreen(80, 24, history=10_000)
    stream = pyte.ByteStream(screen)
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env |= {"TERM": "xterm-256color", "LANG": "C.UTF-8"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dokuspec", *args],
        cwd=ROOT,
        env=env,
        dimensions=(24, 80),
        timeout=120,
    )
    stream.feed(child.read())
    child.close()
    rows = [*screen.history.top, *(screen.buffer[y] for y in range(screen.lines))]
    lines = ["".join(row[x].data for x in range(screen.columns)).rstrip() for row in rows]
    while lines and not lines[-1]:
        lines.pop()
    return child.exitstatus, lines


def to_a_pipe(args: list[str]) -> tuple[int, list[str]]:
    """The exit status and the lines of ``dokuspec ARGS`` written to a pipe (in this process,
    whose working directory must be the checkout's)."""
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.stdout.splitlines()


def without_times(lines: list[str]) -> list[str]:
    return [_TIME.sub(" T", line) for line in lines]


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["sumodoku", "check", "--explain", "boards"], id="check"),
        pytest.param(["sumodoku", "count", "--limit", "2", PUZZLE], id="count"),
        pytest.param(["sumodoku", "explain", "--steps", "--repairs", CLASH], id="explain"),
        pytest.param(
            ["twodoku", "infer", "--why", "docs/generated/twodoku-view.json"],
            id="infer-why",
            marks=pytest.mark.skipif(
                not (ROOT / "docs/generated/twodoku-view.json").is_file(),
                reason="the handbook's example view is not here (tests run against the wheel)",
            ),
        ),
        pytest.param(["sumodoku", "moves", CLASH, "--player", "2"], id="moves"),
        pytest.param(["sumodoku", "simulate", "--games", "3", "--bots", "random"], id="sumodoku"),
        pytest.param(["competitive", "simulate", "--games", "3"], id="competitive"),
        pytest.param(["twodoku", "simulate", "--games", "3"], id="twodoku"),
        pytest.param(
            ["twodoku", "health", "--agents", "inference,random", "--games", "4"], id="health"
        ),
        pytest.param(
            ["competitive", "ladder", "--agents", "random,greedy", "--games", "2"], id="ladder"
        ),
        pytest.param(
            ["competitive", "deal", "--seed", "7", "--balance", "0.5", "--target", "1.5"],
            id="deal",
        ),
        pytest.param(
            ["twodoku", "loopholes", "--games", "2", "--option-set", "short"], id="loopholes"
        ),
        pytest.param(
            [
                "verify",
                "--examples",
                "1",
                "--check",
                "competitive/line-kinds",
                "--check",
                "twodoku/engine-deals",
            ],
            id="verify",
        ),
    ],
)
def test_what_a_terminal_shows_is_the_output_within_80_columns(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    args = [str(tmp_path / "boards") if arg == "boards" else arg for arg in args]
    (tmp_path / "boards").write_text(f"{PUZZLE}\n{CLASH}\n")
    status, seen = on_terminal(args)
    expected_status, expected = to_a_pipe(args)
    assert status == expected_status
    assert not any(_BAR in line for line in seen)  # the bar is cleared, no row beside it
    assert without_times(seen) == without_times(expected)
    assert all(cell_len(line) <= 80 for line in expected)


def test_the_quickstart_on_a_terminal_prints_two_short_lines_per_file() -> None:
    status, seen = on_terminal(QUICKSTART)
    assert status == 0
    assert without_times(seen) == [
        "dokuspec/data/sumodoku/impossible.txt: 60 positions",
        "  0 completable, 60 impossible, 0 unknown; median T per query",
        "dokuspec/data/sumodoku/solutions.txt: 595 positions",
        "  595 completable, 0 impossible, 0 unknown; median T per query",
        "dokuspec/data/sumodoku/sudoku17.txt: 500 positions",
        "  500 completable, 0 impossible, 0 unknown; median T per query",
        "dokuspec/data/sumodoku/top95.txt: 95 positions",
        "  95 completable, 0 impossible, 0 unknown; median T per query",
        "dokuspec/data/sumodoku/variants.jsonl: 20 positions",
        "  6 completable, 14 impossible, 0 unknown; median T per query",
        "total: 1270 positions",
        "  1196 completable, 74 impossible, 0 unknown; median T per query",
    ]


# -- start-up ----------------------------------------------------------------------------------

_HEAVY = ("z3", "pysat", "hypothesis", "dokuspec.sumodoku", "dokuspec.competitive",
          "dokuspec.twodoku", "dokuspec.verify", "dokuspec.engine", "dokuspec.solvers",
          "dokuspec.spec", "dokuspec.cli.sumodoku", "dokuspec.cli.competitive",
          "dokuspec.cli.twodoku", "dokuspec.cli.verify")  # fmt: skip


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["sumodok"]])
def test_version_help_and_a_mistyped_command_load_no_game(args: list[str]) -> None:
    script = (
        "import json, sys\n"
        "from dokuspec.cli import run\n"
        "try:\n"
        f"    run({args!r})\n"
        "finally:\n"
        "    sys.stderr.write(json.dumps(sorted(sys.modules)) + '\\n')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=ROOT
    )
    *said, modules = done.stderr.splitlines()
    # The games' declarations load (dokuspec.games), with their packages' faces, which load
    # nothing more; no game's code does.
    loaded = [
        name
        for name in json.loads(modules)
        if name.startswith(_HEAVY) and name not in declarations()
    ]
    assert loaded == []
    if args == ["sumodok"]:
        expected = (
            "dokuspec: error: No such command 'sumodok'. Did you mean 'sumodoku'? (see --help)"
        )
        assert (done.returncode, said) == (2, [expected])
    else:
        assert (done.returncode, said) == (0, [])
        assert done.stdout.startswith("dokuspec, version" if args == ["--version"] else "Usage:")


def test_the_commands_table_is_what_click_makes_of_each_command() -> None:
    group = main
    context = click.Context(group, info_name="dokuspec")
    table = app.commands()
    assert group.list_commands(context) == sorted(table)
    assert {"competitive", "sumodoku", "twodoku", "verify"} <= set(table)
    limit = click.HelpFormatter().width - 6 - max(map(len, table))
    for name, (_, line) in table.items():
        command = group.get_command(context, name)
        assert command is not None and command.name == name
        assert line == command.get_short_help_str(limit)
    # The full help, as click would write it with every command loaded.
    eager = click.Group(
        "dokuspec",
        commands=[group.get_command(context, name) for name in table],  # type: ignore[misc]
        help=group.help,
        params=group.params,
    )
    lazy_help = CliRunner().invoke(main, ["--help"], prog_name="dokuspec").stdout
    assert lazy_help == CliRunner().invoke(eager, ["--help"], prog_name="dokuspec").stdout


def test_ctrl_c_while_a_game_loads_is_one_line_and_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(name: str) -> None:
        raise KeyboardInterrupt

    app.games.installed()  # the games are known; loading the game's commands is interrupted
    monkeypatch.setattr(app.games, "load_reference", interrupted)
    result = CliRunner().invoke(main, ["sumodoku", "count", PUZZLE])
    assert (result.exit_code, result.stdout, result.stderr) == (130, "", "dokuspec: interrupted\n")


@pytest.mark.parametrize(
    ("args", "module", "note"),
    [
        (
            ["sumodoku", "check"],
            "dokuspec.cli.sumodoku.positions._is_terminal",
            "dokuspec: reading positions from standard input (81 cells or a JSON object per\n"
            "    line, or 9-line grids); end with Ctrl-D\n",
        ),
        (
            ["sumodoku", "show", "-"],
            "dokuspec.cli.shared.is_terminal",
            "dokuspec: reading a position (81 cells, a grid or a JSON object) from standard\n"
            "    input; end with Ctrl-D\n",
        ),
    ],
)
def test_the_note_for_standard_input_on_a_terminal_fits_80_columns(
    args: list[str], module: str, note: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Standard input is taken for a terminal; standard error is not (no progress bar).
    monkeypatch.setattr(module, lambda stream: stream is sys.stdin)
    result = CliRunner().invoke(main, args, input=PUZZLE + "\n")
    assert result.exit_code == 0
    assert result.stderr == note
