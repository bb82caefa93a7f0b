"""Sumodoku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME", "MUTATION"]

GAME = GameSpec(
    name="sumodoku",
    title="Sumodoku",
    summary="Sumodoku positions (rules SU-3, SU-12..SU-15).",
    rules="SU",
    engine="dokuspec.engine.sumodoku:Sumodoku",
    api="dokuspec.sumodoku",
    cli="dokuspec.cli.sumodoku:sumodoku_group",
    checks="dokuspec.verify.sumodoku.checks:CHECKS",
    strategies="dokuspec.verify.sumodoku.strategies",
    openspiel="dokuspec.openspiel.sumodoku:OPENSPIEL",
    chapter="rules/sumodoku",
    figures="scripts/make_sumodoku_figures.py",
    schemas=("schemas/sumodoku-position.schema.json", "schemas/sumodoku-record.schema.json"),
    order=10,
    handbook="docs/games/sumodoku",
    mutation="dokuspec.sumodoku.plugin:MUTATION",
    play="dokuspec.sumodoku.agents:PLAY",
)
"""The declaration of Sumodoku, 81 coloured pieces placed by Sudoku rules (SU-1 to SU-17)."""

MUTATION: dict[str, tuple[str, ...]] = {
    "dokuspec/engine/sumodoku/rules.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_engine_search.py",
        "tests/sumodoku/test_verify_positions.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_fast_search.py",
        "tests/sumodoku/test_safe_moves.py",
        "tests/sumodoku/test_engine_rules_contracts.py",
    ),
    "dokuspec/engine/sumodoku/actions.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
    "dokuspec/engine/sumodoku/game.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
    "dokuspec/engine/sumodoku/records.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
    "dokuspec/spec/sumodoku.py": (
        "tests/sumodoku/test_full_board_model.py",
        "tests/sumodoku/test_fast_search.py",
        "tests/sumodoku/test_safe_moves.py",
        "tests/sumodoku/test_verify_positions.py",
    ),
    "dokuspec/engine/sumodoku/state.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
    "dokuspec/engine/sumodoku/observation.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
    "dokuspec/engine/sumodoku/illegal.py": (
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_bots.py",
        "tests/sumodoku/test_verify_play.py",
        "tests/sumodoku/test_engine_moves.py",
        "tests/sumodoku/test_engine_records.py",
    ),
}
"""Its modules under mutation testing -> their own test files (paths from the repository's
root), read by ``scripts/mutation.py``."""
