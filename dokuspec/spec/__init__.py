"""The rules as solver-neutral constraint models, plus each game's vocabulary.

Nothing here imports a solver library: :mod:`dokuspec.solvers` compiles the
models.
"""
