"""Two-Doku's cross-checks: engine against spec, validator against model, sampler against counts.

* :mod:`dokuspec.verify.twodoku.deals`: the deal validator against both
  backends' models on valid and corrupted deals; exact counts against brute
  force; the engine's deal law against the spec's count.
* :mod:`dokuspec.verify.twodoku.sampler`: the sampler against exact laws by
  chi-square tests (:mod:`dokuspec.verify.chisquare`).
* :mod:`dokuspec.verify.twodoku.defects`: the defects of a known faulty
  dealer as named properties (``ten_of_each``, ``equal_sums``, pile order,
  pot law).
* :mod:`dokuspec.verify.twodoku.simulator`: a plain simulator of the play
  phase, and what is hidden from a view by brute force.
* :mod:`dokuspec.verify.twodoku.positions`: valid plays, inference of
  face-down digits and completion against the simulator, brute force, a
  plain Sudoku solver, the other backend and the engine's hidden digits.
* :mod:`dokuspec.verify.twodoku.engine`: every play and reveal of engine
  games against the spec's readings of TD-7, TD-8 and TD-17.
* :mod:`dokuspec.verify.twodoku.strategies`: the Hypothesis strategies
  (deals, valid and corrupted; games, views and positions).
* :mod:`dokuspec.verify.twodoku.checks`: the checks of the campaign.

The engine's own invariants (the 90 dominoes accounted for, observations
that never leak, the conformance suite) are checked in
``tests/twodoku/test_engine.py`` with :mod:`dokuspec.verify.conformance`.
"""
