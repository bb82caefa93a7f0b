"""Two-Doku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME"]

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
)
"""The declaration of Two-Doku, the game of 90 one-digit dominoes (TD-1 to TD-18)."""
