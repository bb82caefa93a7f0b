"""Hypothesis strategies, the cross-checks engine <-> spec <-> solvers, and the conformance suite.

The one place where the engine and the spec meet:

* :mod:`dokuspec.verify.strategies`: Hypothesis strategies for Sumodoku
  grids, variants and positions.
* :mod:`dokuspec.verify.sumodoku`: cross-checks of Sumodoku answers (SAT
  against Z3, completions against the engine, explanations against their
  definition); each raises :class:`AssertionError` on a mismatch.
* :mod:`dokuspec.verify.conformance`: the conformance suite every
  registered game must pass (the engine protocol of
  :mod:`dokuspec.engine.base`, checked in random playouts); a failure is a
  :class:`~dokuspec.verify.conformance.ConformanceError`, an
  :class:`AssertionError`.
"""
