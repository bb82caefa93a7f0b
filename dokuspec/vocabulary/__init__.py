"""Plain game values with their notation: Board, Piece, Variants, Position, and later Card, Grid,
Domino and Deal.

The vocabulary knows no rule beyond its own well-formedness and imports no
other layer of dokuspec: the spec, the engine, the cross-checks and the
public API all build on it.
"""
