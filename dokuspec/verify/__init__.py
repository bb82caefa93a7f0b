"""Hypothesis strategies and the cross-checks engine <-> spec <-> solvers.

The one place where the engine and the spec meet.
"""
