"""Executable games: an independent second implementation of the rules.

Nothing here imports the spec's constraint models or a solver (enforced by
import-linter), so cross-checks between engine and spec compare two separate
readings of the rules.
"""
