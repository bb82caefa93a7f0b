"""Plain game values with their notation.

* :mod:`dokuspec.vocabulary.sumodoku`: Board, Piece, Variants, Position.
* :mod:`dokuspec.vocabulary.competitive`: Card, Cards, Deck, Grid, Stack,
  Pool, Table, Scoring.
* :mod:`dokuspec.vocabulary.twodoku`: Square, Dominoes, Colouring, Deal,
  Position, the events Take, Play and Return, and the View of one player.
* :mod:`dokuspec.vocabulary.text` and :mod:`dokuspec.vocabulary.jsontext`:
  located reading of text and JSON input, shared by every game.

The vocabulary knows no rule beyond its own well-formedness. It imports no
layer of dokuspec above it (only :mod:`dokuspec.render`, to draw itself, and
:mod:`dokuspec.errors`): the spec, the engine, the cross-checks and the
public API all build on it.
"""
