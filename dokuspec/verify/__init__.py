"""Hypothesis strategies and the cross-checks engine <-> spec <-> solvers.

The one place where the engine and the spec meet:

* :mod:`dokuspec.verify.strategies`: Hypothesis strategies for Sumodoku
  grids, variants and positions.
* :mod:`dokuspec.verify.sumodoku`: cross-checks of Sumodoku answers (SAT
  against Z3, completions against the engine, explanations against their
  definition); each raises :class:`AssertionError` on a mismatch.
"""
