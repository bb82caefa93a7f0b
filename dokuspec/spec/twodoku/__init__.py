"""Two-Doku's rules as definitions and solver-neutral constraint models (TD-1 to TD-11).

:mod:`~dokuspec.spec.twodoku.deals` states what a deal is (TD-1 to TD-4) and
:mod:`~dokuspec.spec.twodoku.positions` what a play does and what a player
can know (TD-6 to TD-11).
"""
