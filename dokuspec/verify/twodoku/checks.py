"""Two-Doku's cross-checks in the verification campaign (:mod:`dokuspec.verify.campaign`).

Each check is a property of drawn cases (see :class:`~dokuspec.verify.campaign.Check`):
the deal validator against the deal model, the engine's deals, plays and
reveals against the spec, and the engine protocol's conformance (rules
TD-1 to TD-18).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from dokuspec.engine.twodoku import TwoDoku
from dokuspec.verify.campaign import SEEDS, Check
from dokuspec.verify.conformance import check_playout, playouts
from dokuspec.verify.twodoku import deals as verify_deals
from dokuspec.verify.twodoku import engine as verify_twodoku_engine
from dokuspec.verify.twodoku import strategies

__all__ = ["CHECKS"]

# -- the properties ----------------------------------------------------------------------------


def _twodoku_validator(case: tuple[str, Any, frozenset[str]]) -> None:
    """The deal validator and the deal model (SAT and Z3) report the same broken rules
    (TD-1..TD-4); a corruption's codes are among them."""
    name, deal, codes = case
    found = verify_deals.check_validator_against_model(deal)
    if not codes <= found:
        raise AssertionError(f"the corruption {name} must cause {sorted(codes)}, found {found}")


def _twodoku_engine_deal(seed: int) -> None:
    """The engine's deal of a game validates (TD-1..TD-4, fair piles)."""
    verify_deals.check_engine_deal(seed)


def _twodoku_plays(case: tuple[int, int, float]) -> None:
    """Every play, reveal and result of a game is what the spec says (TD-7..TD-10)."""
    seed, policy_seed, aim = case
    verify_twodoku_engine.check_engine_plays(seed, policy_seed, aim=aim)


def _twodoku_conformance(case: tuple[int, int]) -> None:
    """The engine protocol's invariants in a random Two-Doku game."""
    check_playout(TwoDoku(), *case)


def _twodoku_deal_cases() -> st.SearchStrategy[tuple[str, Any, frozenset[str]]]:
    valid = strategies.fair_deals().map(lambda deal: ("none", deal, frozenset[str]()))
    return st.one_of(valid, strategies.corrupted_deals())


def _twodoku_seeds() -> st.SearchStrategy[int]:
    return SEEDS


def _twodoku_games() -> st.SearchStrategy[tuple[int, int, float]]:
    return st.tuples(SEEDS, SEEDS, st.sampled_from([0.3, 0.8]))


def _twodoku_playouts() -> st.SearchStrategy[tuple[int, int]]:
    return playouts()


# -- the checks --------------------------------------------------------------------------------

CHECKS: tuple[Check, ...] = (
    Check(
        "twodoku/validator-vs-model",
        "twodoku",
        "deal validator vs SAT, Z3 models",
        _twodoku_deal_cases,
        _twodoku_validator,
        cost=2.0,
    ),
    Check(
        "twodoku/engine-deals",
        "twodoku",
        "engine deals vs the validator",
        _twodoku_seeds,
        _twodoku_engine_deal,
        cost=0.1,
    ),
    Check(
        "twodoku/engine-vs-spec",
        "twodoku",
        "plays, reveals, results vs spec",
        _twodoku_games,
        _twodoku_plays,
        cost=0.1,
    ),
    Check(
        "twodoku/conformance",
        "twodoku",
        "engine protocol conformance",
        _twodoku_playouts,
        _twodoku_conformance,
        cost=2.0,
    ),
)
"""Two-Doku's checks, in the order a campaign runs them."""
