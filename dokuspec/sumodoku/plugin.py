"""Sumodoku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME"]

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
)
"""The declaration of Sumodoku, 81 coloured pieces placed by Sudoku rules (SU-1 to SU-17)."""
