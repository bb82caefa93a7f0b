"""Executable games: an independent second implementation of the rules.

Nothing here imports the spec's constraint models or a solver (enforced by
import-linter), so cross-checks between engine and spec compare two separate
readings of the rules.

* :mod:`dokuspec.engine.base`: the engine protocol every game follows
  (OpenSpiel's names: ``Game``, ``State``, ``current_player``,
  ``legal_actions``, ``chance_outcomes``, ``apply_action``, ...), game
  records that replay, and the registry of games.
* :mod:`dokuspec.engine.minidoku`: Minidoku, a small two-player game on a
  4x4 Sudoku board with chance, hidden information and a simultaneous move;
  registered as ``"minidoku"``.
* :mod:`dokuspec.engine.competitive`: Competitive Sudoku, the card game
  (rules CS-1 to CS-25), and its rule helpers (line kinds, winning hands,
  hand values, scores, counts of winning hands); registered as
  ``"competitive"``.
* :mod:`dokuspec.engine.sumodoku`: Sumodoku, the game of coloured pieces
  (rules SU-1 to SU-17, rulings SU-20 to SU-29): setup with its chance node,
  strict and tabletop enforcement, the observer as chance, the "Sudoku!"
  claim as an open action, and game records; registered as ``"sumodoku"``.
  The rule checker and completion search on a board are in
  :mod:`dokuspec.engine.sumodoku.rules` (re-exported by the package).
* :mod:`dokuspec.engine.twodoku`: Two-Doku, the domino game (rules TD-1 to
  TD-18): colouring, face-down dominoes, the fair deal as exact chance nodes,
  turns, hidden clashes and reveals; registered as ``"twodoku"``.

Each game's engine is named by its plug-in (:attr:`dokuspec.games.GameSpec.engine`)
and imported when the game is first asked for, through the registry
(:func:`load_game`, :func:`registered_games`), or as an attribute of this
package for the modules in it (``dokuspec.engine.twodoku``). A program
loads only the games it uses; the names above from
:mod:`dokuspec.engine.base` too load when first used.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "GameRecord",
    "load_game",
    "register",
    "registered_games",
    "replay",
]

if TYPE_CHECKING:
    from dokuspec.engine.base import (
        CHANCE,
        SIMULTANEOUS,
        TERMINAL,
        GameRecord,
        load_game,
        register,
        registered_games,
        replay,
    )
else:

    def __getattr__(name: str) -> object:
        """A name of :mod:`dokuspec.engine.base`, or a module of this package (a game's
        engine), imported when first used (:pep:`562`)."""
        if name in __all__:
            return getattr(importlib.import_module(f"{__name__}.base"), name)
        if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}"):
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})
