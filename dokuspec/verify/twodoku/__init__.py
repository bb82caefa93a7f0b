"""Two-Doku's cross-checks: engine against spec, validator against model, sampler against counts.

The checks of each part live in a module of their own; this package gathers them.
"""
