"""The game plug-in (dokuspec.games): declarations, the games installed, and the cache of the
entry points that lets every command start without reading all installed metadata."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import dokuspec
from dokuspec import games
from dokuspec.engine import load_game, registered_games, registry
from dokuspec.engine.base import Game, RegistryError
from dokuspec.engine.minidoku import Minidoku
from dokuspec.engine.sumodoku import Sumodoku
from dokuspec.games import GameSpec, PluginError, UnknownGameError

ROOT = Path(dokuspec.__file__).parent.parent
OWN = ("minidoku", "sumodoku", "competitive", "twodoku")


def test_dokuspecs_own_games_are_installed_through_the_entry_points_in_their_order() -> None:
    points = {p.name: p.value for p in entry_points(group=games.ENTRY_POINT_GROUP)}
    assert {name: points[name] for name in OWN} == {
        "minidoku": "dokuspec.engine.minidoku_plugin:GAME",
        "sumodoku": "dokuspec.sumodoku.plugin:GAME",
        "competitive": "dokuspec.competitive.plugin:GAME",
        "twodoku": "dokuspec.twodoku.plugin:GAME",
    }
    assert [name for name in games.names() if name in OWN] == list(OWN)
    for spec in games.installed():
        assert spec.load("engine").name == spec.name


def test_every_part_of_dokuspecs_own_declarations_loads() -> None:
    for name in OWN:
        spec = games.game(name)
        for part in ("engine", "api", "cli", "checks", "strategies", "openspiel"):
            if getattr(spec, part) is not None:
                assert spec.load(part) is not None
    assert games.game("minidoku").cli is None  # no command, no checks
    with pytest.raises(PluginError, match=r"^the game 'minidoku' has no cli$"):
        games.game("minidoku").load("cli")
    with pytest.raises(PluginError, match=r"^a game has no part 'rules' \(parts: engine"):
        games.game("minidoku").load("rules")


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(UnknownGameError, match=r"^no game named 'chess' \(games: minidoku, "):
        games.game("chess")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "Chess"}, "a game's name is lower case letters"),
        ({"name": "a" * 31}, "a game's name is lower case letters"),
        ({"summary": "x" * 61}, "chess: the summary is one line of at most 60 characters"),
        ({"summary": "two\nlines"}, "chess: the summary is one line"),
        (
            {"engine": "not a reference"},
            "chess: engine 'not a reference' is not 'module:attribute'",
        ),
        ({"order": "1"}, "a game's order is '1', of the wrong type"),
        ({"schemas": ["a.json"]}, "a game's schemas is \\['a.json'\\], of the wrong type"),
        ({"cli": 3}, "a game's cli is 3, of the wrong type"),
    ],
)
def test_a_bad_declaration_is_refused_naming_the_field(
    fields: dict[str, object], message: str
) -> None:
    values: dict[str, object] = {"name": "chess", "title": "Chess", "summary": "Chess."}
    values |= {"engine": "chess.engine:Chess"}
    values |= fields
    with pytest.raises(PluginError, match=message):
        GameSpec(**values)  # type: ignore[arg-type]


def test_a_game_registered_for_a_while_is_everywhere_then_gone() -> None:
    spec = GameSpec("tinydoku", "Tinydoku", "A test game.", "dokuspec.engine.minidoku:Minidoku")
    with games.registered(spec):
        assert "tinydoku" in games.names()
        assert games.game("tinydoku") is spec
        with pytest.raises(PluginError, match="is installed already"), games.registered(spec):
            pass
    assert "tinydoku" not in games.names()
    with (
        pytest.raises(PluginError, match="installed already"),
        games.registered(games.game("sumodoku")),
    ):
        pass


def test_an_engine_named_otherwise_than_its_game_is_refused() -> None:
    spec = GameSpec("impostor", "Impostor", "A test game.", "dokuspec.engine.minidoku:Minidoku")
    with (
        games.registered(spec),
        pytest.raises(
            PluginError,
            match=r"^impostor: its engine 'dokuspec\.engine\.minidoku:Minidoku' is named",
        ),
    ):
        load_game("impostor")
    assert "impostor" not in registered_games()


def test_an_engine_that_is_no_game_is_refused() -> None:
    spec = GameSpec(
        "notagame", "Not a game", "A test game.", "dokuspec.engine.minidoku:MinidokuState"
    )
    with (
        games.registered(spec),
        pytest.raises(
            PluginError,
            match=r"^notagame: its engine 'dokuspec\.engine\.minidoku:MinidokuState' is not a "
            r"Game$",
        ),
    ):
        load_game("notagame")


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, type[Game]]:
    """An empty registry (as in a new process): each installed game is registered when it is
    first asked for."""
    empty: dict[str, type[Game]] = {}
    monkeypatch.setattr(registry, "_REGISTRY", empty)
    return empty


def test_an_installed_game_is_registered_alone_when_first_asked_for(
    fresh_registry: dict[str, type[Game]],
) -> None:
    assert load_game("twodoku").name == "twodoku"
    assert set(fresh_registry) == {"twodoku"}
    registry.unregister("competitive")  # registered first, then removed
    assert set(fresh_registry) == {"twodoku"}
    assert set(OWN) <= set(registered_games())  # every installed game, now
    assert load_game("competitive").name == "competitive"


def test_an_installed_engine_registering_itself_loads_no_other_game(
    fresh_registry: dict[str, type[Game]],
) -> None:
    assert registry.register(Sumodoku) is Sumodoku
    assert fresh_registry == {"sumodoku": Sumodoku}


def test_another_class_under_an_installed_game_s_name_is_refused(
    fresh_registry: dict[str, type[Game]],
) -> None:
    """The installed game of that name is registered first, so the program's own class,
    defined outside the installed engine's package, cannot take its name."""

    class Other(Sumodoku):
        pass

    with pytest.raises(RegistryError, match=r"^a game named 'sumodoku' is already registered$"):
        registry.register(Other)
    assert fresh_registry == {"sumodoku": Sumodoku}


class Tinydoku(Minidoku):
    """An installed game's engine for the tests below (Minidoku's rules, another name)."""

    name = "tinydoku"


def test_a_class_of_the_installed_engine_s_package_registers_without_loading_it(
    fresh_registry: dict[str, type[Game]],
) -> None:
    """A class defined in the installed engine's module or one below it is the engine
    registering itself as its module is imported: nothing else is loaded. A class of the same
    name from elsewhere finds the installed engine registered first."""
    spec = GameSpec("tinydoku", "Tinydoku", "A test game.", f"{__name__}:Tinydoku")
    below = type("Tinydoku", (Minidoku,), {"name": "tinydoku", "__module__": f"{__name__}.x"})
    beside = type("Tinydoku", (Minidoku,), {"name": "tinydoku", "__module__": f"{__name__}x"})
    with games.registered(spec):
        assert registry.register(below) is below
        assert fresh_registry == {"tinydoku": below}
        registry.unregister("tinydoku")
        with pytest.raises(RegistryError, match=r"^a game named 'tinydoku' is already registered$"):
            registry.register(beside)
        assert fresh_registry == {"tinydoku": Tinydoku}


# -- the cache of the entry points ---------------------------------------------------------------

SCRIPT = (
    "import json, sys\n"
    "from dokuspec import games\n"
    "print(json.dumps([games.names(), 'importlib.metadata' in sys.modules]))\n"
)


def _names(cache: Path, cwd: Path = ROOT) -> tuple[list[str], bool]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
    )
    names, metadata = json.loads(done.stdout)
    return names, metadata


@pytest.mark.skipif(
    "DOKUSPEC_MUTATION_MODULE" in os.environ,
    reason="under mutation testing mutmut writes into the copied tree on sys.path as it runs, "
    "which changes the cache's key between two reads",
)
def test_the_entry_points_are_read_once_then_kept_while_nothing_is_installed(
    tmp_path: Path,
) -> None:
    first, read = _names(tmp_path)
    (kept,) = (tmp_path / "dokuspec").iterdir()
    assert read and json.loads(kept.read_text())["group"] == "dokuspec.games"
    again, read_again = _names(tmp_path)
    assert (again, read_again) == (first, False)  # from the cache: no metadata read
    # A cache of other entry points is taken only for the same environment: a changed
    # file that claims another game is read as it is, but one from another environment
    # (another key) is passed over.
    data = json.loads(kept.read_text())
    data["key"][0][0] = "another Python"
    kept.write_text(json.dumps(data))
    third, read_third = _names(tmp_path)
    assert (third, read_third) == (first, True)


def test_a_cache_that_cannot_be_written_or_read_is_passed_over(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    names, read = _names(blocked)  # $XDG_CACHE_HOME is a file: no cache can be made
    assert read and names[:4] == list(OWN)
    cache = tmp_path / "cache"
    (cache / "dokuspec").mkdir(parents=True)
    _names(cache)
    (kept,) = (cache / "dokuspec").iterdir()
    kept.write_text("{not json")
    names, read = _names(cache)
    assert read and names[:4] == list(OWN)


def test_a_game_whose_command_does_not_load_is_one_line_and_status_2() -> None:
    from click.testing import CliRunner  # noqa: PLC0415

    from dokuspec.cli import main  # noqa: PLC0415

    broken = GameSpec(
        "brokendoku",
        "Brokendoku",
        "A broken test game.",
        "dokuspec.engine.minidoku:Minidoku",
        cli="dokuspec_no_such_package.cli:group",
    )
    odd = GameSpec(
        "odddoku",
        "Odddoku",
        "A test game.",
        "dokuspec.engine.minidoku:Minidoku",
        cli="dokuspec.games:names",
    )
    with games.registered(broken), games.registered(odd):
        listed = CliRunner().invoke(main, ["--help"])
        assert listed.exit_code == 0
        assert "  brokendoku   A broken test game.\n" in listed.stdout
        ran = CliRunner().invoke(main, ["brokendoku", "--help"])
        assert (ran.exit_code, ran.stdout) == (2, "")
        assert ran.stderr == (
            "dokuspec: error: brokendoku: its command 'dokuspec_no_such_package.cli:group' "
            "does not load: No module named 'dokuspec_no_such_package'\n"
        )
        ran = CliRunner().invoke(main, ["odddoku"])
        assert (ran.exit_code, ran.stderr) == (
            2,
            "dokuspec: error: odddoku: its command 'dokuspec.games:names' is not a command\n",
        )


def test_a_directory_that_changes_rewrites_the_one_cache_file_of_its_environment(
    tmp_path: Path,
) -> None:
    # The current directory is on the path of "python -c": a file made there changes it.
    # The entry points are read again (it might hold a distribution now), and kept in the
    # same file: the cache does not grow with every change.
    cache, here = tmp_path / "cache", tmp_path / "here"
    here.mkdir()
    first, _ = _names(cache, here)
    (here / "made.txt").write_text("a change\n")
    os.utime(here, ns=(0, 10**18))  # a later change time, whatever the clock's resolution
    again, read = _names(cache, here)
    assert (again, read) == (first, True)
    assert len(list((cache / "dokuspec").iterdir())) == 1
    assert _names(cache, here) == (first, False)
