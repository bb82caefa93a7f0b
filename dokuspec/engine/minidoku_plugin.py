"""Minidoku's declaration to the toolkit (:mod:`dokuspec.games`), read through the
``dokuspec.games`` entry point. Minidoku is the small test game of the engine protocol
(MD-1 to MD-9): an engine and an OpenSpiel game; no public module, command or checks."""

from __future__ import annotations

from dokuspec.games import GameSpec

__all__ = ["GAME"]

GAME = GameSpec(
    name="minidoku",
    title="Minidoku",
    summary="Minidoku, the small test game of the engine protocol.",
    rules="MD",
    engine="dokuspec.engine.minidoku:Minidoku",
    openspiel="dokuspec.openspiel.minidoku:OPENSPIEL",
    chapter="engine",
    order=5,
)
"""The declaration of Minidoku, a 4x4 game with chance, hidden tiles and a bid (MD-1 to MD-9)."""
