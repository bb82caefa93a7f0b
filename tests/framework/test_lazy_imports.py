"""What each part loads: a game's module, query or command imports only what it uses.

The public game modules, the engine package and the solvers package import
their parts when first used (:pep:`562`); the engine registry imports a
game's module when the game is first asked for. Each test that counts
imports runs a fresh Python process (this one has loaded everything).
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner
from helpers import declarations

import dokuspec
from dokuspec import competitive, sumodoku, twodoku
from dokuspec.cli import main

ROOT = Path(dokuspec.__file__).parent.parent
PUZZLE = "000000013040000090200070000706000400000300000000900000030100500000060807000000000"
GAMES = ("sumodoku", "competitive", "twodoku")


def loaded_after(script: str, *args: str) -> tuple[str, list[list[str]]]:
    """Run ``script`` in a new process: its standard output, and at each ``mark()`` in it the
    modules loaded then (the names under dokuspec and the top-level names of the others)."""
    prelude = (
        "import json, sys\n"
        "def mark():\n"
        "    names = sorted(m for m in sys.modules if m.startswith('dokuspec') or '.' not in m)\n"
        "    sys.stderr.write(json.dumps(names) + '\\n')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", prelude + script, *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    marks = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("[")]
    return done.stdout, marks


def ours(names: list[str], *parts: str) -> list[str]:
    """The loaded modules among ``parts`` (prefixes: a package and everything in it), but for
    the games' declarations."""
    return [
        n
        for n in names
        if any(n == p or n.startswith(p + ".") for p in parts) and n not in declarations()
    ]


# -- the public game modules -------------------------------------------------------------------

HEAVY = (
    "hypothesis",
    "z3",
    "click",
    "rich",
    "multiprocessing",
    "dokuspec.verify",
    "dokuspec.cli",
    "dokuspec.engine.competitive",
    "dokuspec.engine.minidoku",
    "dokuspec.engine.sumodoku.actions",
    "dokuspec.engine.sumodoku.state",
    "dokuspec.engine.sumodoku.records",
    "dokuspec.engine.twodoku",
)
"""What no query below needs: Hypothesis, Z3 (asked for only with backend="z3"), the command
line, process pools, the verify layer and every game engine (Sumodoku's rules on a board,
``dokuspec.engine.sumodoku.rules``, serve its fast search without the game)."""

QUERIES = {
    "sumodoku": f"print(sumodoku.check({PUZZLE!r}).status)",
    "competitive": "print(competitive.is_winning('r1 r2 r3 / b1 b2 b3 / r1 r2 r3'))",
    "twodoku": "print(twodoku.validate(twodoku.deal(1)))",
}


@pytest.mark.parametrize("game", GAMES)
def test_a_public_game_module_loads_its_parts_when_they_are_used(game: str) -> None:
    script = f"from dokuspec import {game}\nmark()\n{QUERIES[game]}\nmark()\n"
    _, (imported, answered) = loaded_after(script)
    # The module alone loads nothing else of dokuspec but the loader of its names.
    assert f"dokuspec.{game}" in imported
    assert ours(imported, "dokuspec") == ["dokuspec", "dokuspec.lazy"]
    # A query loads its own parts: no other game, bot, simulation or heavy library.
    others = [f"dokuspec.{other}" for other in GAMES if other != game]
    assert ours(answered, *HEAVY, *others) == []
    assert ours(answered, f"dokuspec.{game}.bots", f"dokuspec.{game}.simulation") == []


def test_z3_loads_only_for_the_z3_backend() -> None:
    script = (
        "from dokuspec import sumodoku\n"
        f"sumodoku.check({PUZZLE!r})\n"
        "mark()\n"
        f"sumodoku.check({PUZZLE!r}, backend='z3')\n"
        "mark()\n"
    )
    _, (with_sat, with_z3) = loaded_after(script)
    assert ours(with_sat, "pysat", "z3", "dokuspec.solvers") == [
        "dokuspec.solvers",
        "dokuspec.solvers.base",
        "dokuspec.solvers.budget",
        "dokuspec.solvers.proofs",
        "dokuspec.solvers.results",
        "dokuspec.solvers.sat",
        "pysat",
    ]
    assert ours(with_z3, "z3", "dokuspec.solvers.smt") == ["dokuspec.solvers.smt", "z3"]


def type_checking_imports(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """The names imported under ``if TYPE_CHECKING:`` in ``module``'s source, by module."""
    tree = ast.parse(Path(str(module.__file__)).read_text())
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.module is not None
                names = tuple(alias.name for alias in statement.names)
                found[statement.module] = found.get(statement.module, ()) + names
    return found


@pytest.mark.parametrize("module", [sumodoku, competitive, twodoku], ids=GAMES)
def test_the_table_of_public_names_is_the_modules_imports_and_all(module: ModuleType) -> None:
    table: dict[str, tuple[str, ...]] = module._SOURCES
    names = [name for listed in table.values() for name in listed]
    assert sorted(names) == sorted(set(names)) == sorted(module.__all__)
    # What a reader and mypy see is what is imported at run time.
    assert type_checking_imports(module) == table
    for source, listed in table.items():
        for name in listed:
            assert getattr(module, name) is getattr(importlib.import_module(source), name)
    assert set(module.__all__) <= set(dir(module))


@pytest.mark.parametrize("module", [sumodoku, competitive, twodoku], ids=GAMES)
def test_an_unknown_name_of_a_public_module_is_an_attribute_error(module: ModuleType) -> None:
    with pytest.raises(AttributeError) as caught:
        module.simulated  # noqa: B018
    assert str(caught.value) == f"module {module.__name__!r} has no attribute 'simulated'"


def test_a_public_modules_parts_are_its_attributes() -> None:
    script = "import dokuspec.sumodoku\nprint(dokuspec.sumodoku.moves.safe_moves.__module__)\n"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout == "dokuspec.sumodoku.moves\n"


# -- the engine registry -----------------------------------------------------------------------


def test_the_engine_registry_imports_a_game_when_it_is_asked_for() -> None:
    script = (
        "import dokuspec.engine as engine\n"
        "mark()\n"
        "engine.load_game('minidoku')\n"
        "mark()\n"
        "from dokuspec.engine.base import Game, RegistryError, register\n"
        "class Impostor(Game):\n"
        "    name = 'twodoku'\n"
        "try:\n"
        "    register(Impostor)\n"
        "except RegistryError as error:\n"
        "    print(error)\n"
        "mark()\n"
        "print(engine.registered_games())\n"
        "mark()\n"
    )
    said, (alone, one, refused, every) = loaded_after(script)
    games = ("dokuspec.engine.competitive", "dokuspec.engine.minidoku")
    games += ("dokuspec.engine.sumodoku", "dokuspec.engine.twodoku")
    assert "dokuspec.engine" in alone
    assert ours(alone, "dokuspec.engine") == []
    assert [n for n in one if n in games] == ["dokuspec.engine.minidoku"]
    # A class registered under a game's name meets that game, as when every game loaded first.
    found = [n for n in refused if n in games]
    assert found == ["dokuspec.engine.minidoku", "dokuspec.engine.twodoku"]
    assert [n for n in every if n in games] == sorted(games)
    refusal, listed = said.splitlines()
    assert refusal == "a game named 'twodoku' is already registered"
    # dokuspec's own games, and any other package's installed beside them, sorted.
    names = ast.literal_eval(listed)
    assert list(names) == sorted(names)
    assert {"competitive", "minidoku", "sumodoku", "twodoku"} <= set(names)


def test_the_engine_packages_names_are_those_of_its_modules() -> None:
    from dokuspec import engine  # noqa: PLC0415 - the package itself is the subject
    from dokuspec.engine import base  # noqa: PLC0415

    for name in engine.__all__:
        if hasattr(base, name):
            assert getattr(engine, name) is getattr(base, name)
        else:
            assert getattr(engine, name) is importlib.import_module(f"dokuspec.engine.{name}")
    assert set(engine.__all__) <= set(dir(engine))
    with pytest.raises(AttributeError, match=r"^module 'dokuspec.engine' has no attribute 'go'$"):
        engine.go  # noqa: B018


# -- the command line --------------------------------------------------------------------------

COMMANDS = {
    "sumodoku": (["sumodoku", "count", PUZZLE], "1 completion\n"),
    "competitive": (
        ["competitive", "outs", "r1 r2 .. / b1 b2 b3 / r1 r2 r3", "--available", "r3"],
        "r1 r2 .. / b1 b2 b3 / r1 r2 r3\n  r3  place on position 3\n",
    ),
    "twodoku": (["twodoku", "deal", "--seed", "1"], "seed 1; balance: off\n"),
}
"""A command of each game and the end of what it prints."""


@pytest.mark.parametrize("game", GAMES)
def test_a_command_loads_no_other_game_no_bot_and_no_z3(game: str) -> None:
    script = "from dokuspec.cli import run\ntry:\n    run(sys.argv[1:])\nfinally:\n    mark()\n"
    args, answer = COMMANDS[game]
    said, (loaded,) = loaded_after(script, *args)
    assert said.endswith(answer)
    others = [f"dokuspec.{part}{other}" for other in GAMES if other != game for part in PARTS]
    assert ours(loaded, "hypothesis", "z3", "multiprocessing", "dokuspec.verify", *others) == []
    assert ours(loaded, f"dokuspec.{game}.bots", f"dokuspec.{game}.simulation") == []
    assert f"dokuspec.cli.{game}" in loaded


def test_validating_a_deal_loads_neither_the_solvers_nor_the_engine(tmp_path: Path) -> None:
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(twodoku.deal(1).to_json()))
    script = "from dokuspec.cli import run\ntry:\n    run(sys.argv[1:])\nfinally:\n    mark()\n"
    said, (loaded,) = loaded_after(script, "twodoku", "validate", str(deal))
    assert " ".join(said.split()).endswith(": a valid deal")  # the long name may wrap
    assert ours(loaded, "pysat", "z3", "dokuspec.solvers", "dokuspec.engine") == []


PARTS = ("", "cli.", "engine.")
"""A game's public module, commands and engine are ``dokuspec.GAME``, ``dokuspec.cli.GAME`` and
``dokuspec.engine.GAME``."""


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("sumodoku", "random, solver, strong"),
        ("competitive", "random, greedy, strong"),
        ("twodoku", "random, inference, strong"),
    ],
)
def test_a_wrong_bot_names_the_games_bots_which_load_when_bots_is_read(
    game: str, names: str
) -> None:
    result = CliRunner().invoke(main, [game, "simulate", "--bots", "nope"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"dokuspec: error: Invalid value for '--bots': 'nope': give one or two bots "
        f"separated by a comma ({names}) (see --help)\n"
    )
