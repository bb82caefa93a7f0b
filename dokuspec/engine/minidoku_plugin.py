"""Minidoku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point. Minidoku is the small test game of the engine protocol
(MD-1 to MD-9): an engine and an OpenSpiel game; no public module, command or checks."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME", "MUTATION"]

GAME = GameSpec(
    name="minidoku",
    title="Minidoku",
    summary="Minidoku, the small test game of the engine protocol.",
    rules="MD",
    engine="dokuspec.engine.minidoku:Minidoku",
    openspiel="dokuspec.openspiel.minidoku:OPENSPIEL",
    chapter="engine",
    order=5,
    handbook="docs/games/minidoku",
    mutation="dokuspec.engine.minidoku_plugin:MUTATION",
)
"""The declaration of Minidoku, a 4x4 game with chance, hidden tiles and a bid (MD-1 to MD-9)."""

MUTATION: dict[str, tuple[str, ...]] = {
    "dokuspec/engine/minidoku.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/framework/test_engine_playout.py",
        "tests/minidoku/test_engine.py",
    ),
}
"""Its modules under mutation testing -> their own test files (paths from the repository's
root), read by ``scripts/mutation.py``."""
