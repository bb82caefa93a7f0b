"""dokuspec: the rules of three competitive Sudoku-family games, stated as constraint models.

Each game's rules exist twice: as declarative constraint models (``spec``),
solved by SAT (python-sat) and SMT (Z3) backends (``solvers``), and as an
executable engine (``engine``); Hypothesis cross-checks them (``verify``).
The public API of each game is a module of its own: :mod:`dokuspec.sumodoku`.
"""

__version__ = "0.1.0"
