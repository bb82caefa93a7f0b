"""Competitive Sudoku's declaration to the toolkit (:mod:`dokuspec.games`), read through
the ``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME", "MUTATION"]

GAME = GameSpec(
    name="competitive",
    title="Competitive Sudoku",
    summary="Competitive Sudoku: hands (rules CS-17..CS-20), simulated...",
    rules="CS",
    engine="dokuspec.engine.competitive:CompetitiveSudoku",
    api="dokuspec.competitive",
    cli="dokuspec.cli.competitive:competitive_group",
    checks="dokuspec.verify.competitive.checks:CHECKS",
    strategies="dokuspec.verify.competitive.strategies",
    openspiel="dokuspec.openspiel.competitive:OPENSPIEL",
    chapter="rules/competitive",
    figures="scripts/make_competitive_figures.py",
    order=20,
    handbook="docs/games/competitive",
    mutation="dokuspec.competitive.plugin:MUTATION",
    play="dokuspec.competitive.agents:PLAY",
)
"""The declaration of Competitive Sudoku, the card game on a 3x3 Grid (CS-1 to CS-25)."""

MUTATION: dict[str, tuple[str, ...]] = {
    "dokuspec/engine/competitive/rules.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/engine/competitive/analysis.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/engine/competitive/actions.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/engine/competitive/game.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/spec/competitive.py": (
        "tests/competitive/test_spec.py",
        "tests/competitive/test_queries.py",
        "tests/competitive/test_verify.py",
    ),
    "dokuspec/engine/competitive/state.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/engine/competitive/phases.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
    "dokuspec/engine/competitive/observation.py": (
        "tests/competitive/test_engine.py",
        "tests/competitive/test_play.py",
        "tests/competitive/test_engine_contracts.py",
        "tests/competitive/test_engine_search.py",
    ),
}
"""Its modules under mutation testing -> their own test files (paths from the repository's
root), read by ``scripts/mutation.py``."""
