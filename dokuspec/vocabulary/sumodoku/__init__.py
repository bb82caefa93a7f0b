"""Sumodoku vocabulary: boards, pieces, variants and positions, with their text forms.

These are plain values shared by the spec and the engine; they know no rule
beyond their own well-formedness.

Notation (the handbook's page ``notation`` states it in full)
-------------------------------------------------------------

* **Board**, one line: 81 characters, row by row from the top left; ``.``,
  ``0``, ``_``, ``*`` or ``-`` is an empty cell, ``1``-``9`` a piece of that
  colour (colour ``k`` is digit ``k`` where a variant needs digits, unless
  the variants' ``digits`` say otherwise, SU-36).
  ``str(board)`` writes ``.``.
* **Board**, grid form: 9 lines of 9 cells (``.``, ``0``, ``_``, ``*`` empty;
  ``-`` is not a cell here, it draws separator lines). Spaces, tabs and ``|``
  between cells are ignored, and so are separator lines made only of ``-``,
  ``=``, ``+``, ``|``, spaces and tabs. :meth:`Board.grid` writes plain
  9-character lines.
* **Piece**: ``r4c7=3``, a piece of colour 3 on row 4, column 7.
* **Border**: ``r1c1-r1c2``, between two orthogonal neighbours.
* **Position** (a board with variants and pieces out of the game): a JSON
  object, see :meth:`Position.parse` and the schema
  ``dokuspec/schemas/sumodoku-position.schema.json``. A position with no
  variant and nothing out of the game is written as its board line.

White space around a text means spaces, tabs, CR and LF only; a UTF-8 byte
order mark at the very start is skipped. Errors name the 1-based line and
column (a tab counts as one column; the byte order mark as none) or the JSON
path. Only ASCII digits are digits.

Rows and columns are numbered 1-9 from the top left, as in ``r4c7``.

The package's modules, one idea each: ``cells`` (cells, pieces, borders),
``board``, ``variants`` and ``position`` (with its JSON form). Every public
name is imported from the package itself, where it is documented.
"""

from __future__ import annotations

from types import FunctionType

from dokuspec.vocabulary.sumodoku import variants as _variants
from dokuspec.vocabulary.sumodoku.board import Board
from dokuspec.vocabulary.sumodoku.cells import (
    Piece,
    all_borders,
    border_name,
    cell_name,
    parse_border,
)
from dokuspec.vocabulary.sumodoku.position import Position, position_schema
from dokuspec.vocabulary.sumodoku.variants import Variants

__all__ = [
    "EMPTY_VARIANTS",
    "IDENTITY_DIGITS",
    "Board",
    "Piece",
    "Position",
    "Variants",
    "all_borders",
    "border_name",
    "cell_name",
    "parse_border",
    "position_schema",
]

IDENTITY_DIGITS = _variants.IDENTITY_DIGITS
"""The default digits of the colours (SU-36), colour ``k`` being digit ``k``."""

EMPTY_VARIANTS = _variants.EMPTY_VARIANTS
"""Plain Sumodoku, with no variant in force."""


# Every class and function keeps the package as its home, as when the package was one module:
# its pickles, its repr and the handbook name it ``dokuspec.vocabulary.sumodoku.<name>``.
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type | FunctionType):
        _value.__module__ = __name__
del _name, _value
