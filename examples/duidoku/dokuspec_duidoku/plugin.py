"""Duidoku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point of this package's metadata: it names where each part of
the game is defined and imports none of them (every ``dokuspec`` command reads it)."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME", "MUTATION"]

GAME = GameSpec(
    name="duidoku",
    title="Duidoku",
    summary="Duidoku: legal moves, completions, best play (DU-1..DU-8).",
    rules="DU",
    engine="dokuspec_duidoku.engine:Duidoku",
    api="dokuspec_duidoku",
    cli="dokuspec_duidoku.cli:duidoku_group",
    checks="dokuspec_duidoku.checks:CHECKS",
    strategies="dokuspec_duidoku.strategies",
    openspiel="dokuspec_duidoku.openspiel:OPENSPIEL",
    chapter="examples/duidoku",
    schemas=("schemas/duidoku-observation.schema.json",),
    order=100,
    handbook="examples/duidoku/docs",
    mutation="dokuspec_duidoku.plugin:MUTATION",
    play="dokuspec_duidoku.agents:PLAY",
)
"""Duidoku: two players fill a 4x4 Sudoku board; the last to move wins (DU-1 to DU-8)."""

MUTATION: dict[str, tuple[str, ...]] = {
    f"examples/duidoku/dokuspec_duidoku/{module}.py": ("examples/duidoku/tests/test_duidoku.py",)
    for module in ("vocabulary", "engine", "spec", "search")
}
"""Its modules under mutation testing -> their own test files (paths from dokuspec's
repository root, where this example lives), for dokuspec's ``scripts/mutation.py``."""
