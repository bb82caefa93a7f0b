"""Two-Doku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME", "MUTATION"]

GAME = GameSpec(
    name="twodoku",
    title="Two-Doku",
    summary="Two-Doku: deals (TD-1 to TD-4), what a player can infer...",
    rules="TD",
    engine="dokuspec.engine.twodoku:TwoDoku",
    api="dokuspec.twodoku",
    cli="dokuspec.cli.twodoku:twodoku_group",
    checks="dokuspec.verify.twodoku.checks:CHECKS",
    strategies="dokuspec.verify.twodoku.strategies",
    openspiel="dokuspec.openspiel.twodoku:OPENSPIEL",
    chapter="rules/twodoku",
    figures="scripts/make_twodoku_figures.py",
    schemas=(
        "schemas/twodoku-deal.schema.json",
        "schemas/twodoku-position.schema.json",
        "schemas/twodoku-view.schema.json",
    ),
    order=30,
    handbook="docs/games/twodoku",
    mutation="dokuspec.twodoku.plugin:MUTATION",
    play="dokuspec.twodoku.agents:PLAY",
)
"""The declaration of Two-Doku, the game of 90 one-digit dominoes (TD-1 to TD-18)."""

MUTATION: dict[str, tuple[str, ...]] = {
    "dokuspec/engine/twodoku/deals.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
    "dokuspec/engine/twodoku/actions.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
    "dokuspec/engine/twodoku/game.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
    "dokuspec/spec/twodoku/deals.py": ("tests/twodoku/test_deals.py",),
    "dokuspec/spec/twodoku/positions.py": (
        "tests/twodoku/test_positions.py",
        "tests/twodoku/test_verify_engine.py",
    ),
    "dokuspec/spec/twodoku/deal_models.py": ("tests/twodoku/test_deals.py",),
    "dokuspec/spec/twodoku/fair_deals.py": ("tests/twodoku/test_deals.py",),
    "dokuspec/spec/twodoku/facts.py": ("tests/twodoku/test_positions.py",),
    "dokuspec/spec/twodoku/position_models.py": ("tests/twodoku/test_positions.py",),
    "dokuspec/engine/twodoku/state.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
    "dokuspec/engine/twodoku/infostate.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
    "dokuspec/engine/twodoku/outcomes.py": (
        "tests/twodoku/test_engine.py",
        "tests/twodoku/test_verify_engine.py",
        "tests/twodoku/test_engine_contracts.py",
    ),
}
"""Its modules under mutation testing -> their own test files (paths from the repository's
root), read by ``scripts/mutation.py``."""
