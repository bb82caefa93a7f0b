"""Hypothesis strategies, the cross-checks engine <-> spec <-> solvers, and the conformance suite.

The one place where the engine and the spec meet. Each game has a package
of its own, with its cross-checks split by idea, its Hypothesis strategies
(``strategies``) and the checks of the verification campaign (``checks``,
named by the game's :class:`~dokuspec.games.GameSpec`):

* :mod:`dokuspec.verify.sumodoku`: cross-checks of Sumodoku answers (SAT
  against Z3, completions against the engine, explanations against their
  definition) and of play (placements, the fast search, safe moves, games
  through the engine); a mismatch is an :class:`AssertionError`.
* :mod:`dokuspec.verify.competitive`: cross-checks of Competitive Sudoku
  (line kinds, winning rank patterns, Grids and their scores, the cards of
  a game and its deal): the engine against the spec's definitions, its
  models on SAT and Z3, and the public API; a mismatch is a
  :class:`~dokuspec.verify.competitive.errors.CompetitiveCheckError`, an
  :class:`AssertionError`.
* :mod:`dokuspec.verify.twodoku`: cross-checks of Two-Doku (deals, the
  sampler, positions, the engine's plays).

Game-neutral:

* :mod:`dokuspec.verify.conformance`: the conformance suite every
  registered game must pass (the engine protocol of
  :mod:`dokuspec.engine.base`, checked in random playouts); a failure is a
  :class:`~dokuspec.verify.conformance.ConformanceError`, an
  :class:`AssertionError`.
* :mod:`dokuspec.verify.campaign`: the verification campaign
  (``dokuspec verify``).
* :mod:`dokuspec.verify.playthrough`: golden playthroughs.
* :mod:`dokuspec.verify.chisquare`: chi-square tests of samples against
  exact probabilities.
"""
