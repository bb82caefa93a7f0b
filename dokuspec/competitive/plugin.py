"""Competitive Sudoku's declaration to the toolkit (:mod:`dokuspec.games`), read through
the ``dokuspec.games`` entry point: it names where each part of the game is defined and
imports none of them."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME"]

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
)
"""The declaration of Competitive Sudoku, the card game on a 3x3 Grid (CS-1 to CS-25)."""
