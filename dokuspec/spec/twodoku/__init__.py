"""Two-Doku's rules as definitions and solver-neutral constraint models (TD-1 to TD-11).

:mod:`~dokuspec.spec.twodoku.deals` states what a deal is (TD-1 to TD-4),
:mod:`~dokuspec.spec.twodoku.deal_models` says it again as constraint models
and :mod:`~dokuspec.spec.twodoku.fair_deals` counts the fair deals exactly;
:mod:`~dokuspec.spec.twodoku.positions` states what a play does (TD-6 to TD-8),
:mod:`~dokuspec.spec.twodoku.facts` what a player can know (TD-11) and
:mod:`~dokuspec.spec.twodoku.position_models` the models that answer with it.
"""
