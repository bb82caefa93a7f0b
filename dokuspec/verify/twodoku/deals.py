"""Cross-checks of Two-Doku's deals: validator against models, counts against brute force, sampler.

The rules of a deal are read three times: the direct definitions
(:func:`~dokuspec.spec.twodoku.deals.deal_violations`, behind
:func:`dokuspec.twodoku.validate`), the deal model entry by entry
(:func:`~dokuspec.spec.twodoku.deal_models.deal_model`) and the count model
(:func:`~dokuspec.spec.twodoku.deal_models.count_model`), both solved by the SAT
and the Z3 backends. The exact counts are read twice more: the generating
function of :func:`~dokuspec.spec.twodoku.fair_deals.count_fair_deals` and a
brute force over the physical dominoes. Each check raises a
:class:`DealCheckError` (an :class:`AssertionError`) naming the deal and
both answers when two readings differ:

* :func:`check_validator_against_model`: the codes the validator reports
  for a deal are exactly the codes whose group of the deal model is
  unsatisfiable with the deal's entries assumed (each rule alone);
* :func:`check_counts_against_model`: the same for the codes a deal's digit
  counts decide, against the count model;
* :func:`check_counts_brute_force`: the exact counts of a small multiset
  (smaller pot and piles) against enumerating every physical deal, and the
  count by digit multisets against the count model's projected enumeration;
* :func:`check_fair_split_exists`: whether a face-down draw admits a fair
  (or balanced) deal, by the exact count and by the count model;
* :func:`check_every_face_down_draw`: all 12,870 digit multisets a draw of
  8 can have, each with a fair deal built and validated;
* :func:`check_generated`: :func:`dokuspec.twodoku.deal` gives deals that
  validate (with their balance options);
* :func:`check_engine_deal_law` and :func:`check_engine_deal`: the
  engine's deal (:mod:`dokuspec.engine.twodoku`, chance nodes of its own
  exact arithmetic) against the spec's exact counts, fraction for
  fraction, and its deals against the validator;
* :func:`chi_square` and the sampler's statistics against exact
  probabilities from the counts: :func:`pot_test`,
  :func:`pile_digit_test`, :func:`pile_order_test`,
  :func:`face_down_test`.

**The defects of the public Java deal.** Each defect the issue names is a
named property a deal or a sample of deals must have
(:data:`DEFECT_PROPERTIES`); :func:`defective_deal` re-implements the
defects one by one, so the tests show each property catching its defect
and passing on :func:`dokuspec.twodoku.deal`:

* ``face-down-with-replacement`` (the face-down dominoes drawn with
  replacement): caught by ``ten-of-each`` (every deal holds ten of each
  digit) and ``face-down-distribution`` (how many distinct digits the
  face-down dominoes show, against its exact law without replacement);
* ``pot-by-index`` (a pot domino removed by index, not by value): caught by
  ``ten-of-each``;
* ``eighty-unshuffled`` (the 80 dealt in the order they lie): caught by
  ``pile-order`` (the digit at a pile's first and last place has the exact
  law of any place) and ``pile-digit-distribution`` (how many 9s Red holds);
* ``odd-difference-unequal`` (balancing that leaves an odd difference):
  caught by ``equal-sums`` (every deal is fair).

Strategies for Hypothesis: :func:`fair_deals` (valid deals built without
the sampler: fairness is reached by exchanging dominoes between the piles)
and :func:`corrupted_deals` (a valid deal with one part broken, and the
codes that must then be reported).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import Final, Literal, TypeAlias, TypeVar

from hypothesis import assume
from hypothesis import strategies as st

from dokuspec.engine import twodoku as engine
from dokuspec.engine.base import CHANCE
from dokuspec.errors import DiscrepancyError
from dokuspec.solvers import CACHE, Backend
from dokuspec.spec.twodoku import deal_models as spec_models
from dokuspec.spec.twodoku import deals as spec
from dokuspec.spec.twodoku import fair_deals as spec_fair
from dokuspec.spec.twodoku.deal_models import CountModel, DealModel, DealShape
from dokuspec.twodoku import deals as public
from dokuspec.twodoku.validation import Balance, validate
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    DIGITS,
    DOMINO_COUNT,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    PILE_SIZE,
    POT_SIZE,
    RED,
    SQUARES_EACH,
    Deal,
    DealFaceDown,
    Dominoes,
)

__all__ = [
    "BACKENDS",
    "CORRUPTIONS",
    "DEFECTS",
    "DEFECT_PROPERTIES",
    "PROPERTIES",
    "ChiSquare",
    "DealCheckError",
    "check_counts_against_model",
    "check_counts_brute_force",
    "check_engine_deal",
    "check_engine_deal_law",
    "check_every_face_down_draw",
    "check_fair_split_exists",
    "check_generated",
    "check_validator_against_model",
    "chi_square",
    "chi_square_tail",
    "corrupted_deals",
    "deal_with",
    "defective_deal",
    "equal_sums",
    "face_down_test",
    "fair_deals",
    "model_codes",
    "pile_digit_test",
    "pile_order_test",
    "pot_test",
    "ten_of_each",
]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

K = TypeVar("K")

BACKENDS: Final[tuple[BackendName, ...]] = ("sat", "z3")
"""The solver backends the model checks run on by default."""


class DealCheckError(DiscrepancyError):
    """Two readings of the rules of a deal, or of its exact counts, disagree."""


# -- validator against the models ----------------------------------------------------------------


def _entries(
    deal: Deal,
) -> tuple[
    tuple[tuple[int, int], ...],
    tuple[tuple[int, int], ...],
    list[tuple[int, int, int, str]],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
]:
    return (
        deal.red_squares,
        deal.blue_squares,
        [(f.row, f.col, f.digit, f.placed_by) for f in deal.face_down],
        deal.pot,
        deal.red,
        deal.blue,
    )


def _compiled_deal_model(
    shape: DealShape, balance: Balance, backend: BackendName
) -> tuple[DealModel, Backend]:
    gap, high = balance.max_digit_count_gap, balance.equal_high_count
    model, compiled = CACHE.get(
        ("twodoku", "deal entries", shape, gap, high),
        lambda: spec_models.deal_model(shape, gap, high),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, DealModel)
    return model, compiled


def _codes_by_groups(
    compiled: Backend, fixed: list[int], selectors: Mapping[str, int], claimed: Iterable[str]
) -> set[str]:
    """The codes whose group alone is unsatisfiable under ``fixed``.

    Every code is decided on its own group. To save solver calls, the codes
    not in ``claimed`` are first tried together: if all their groups hold
    at once, each holds alone, and only the claimed codes need a call each.
    """
    claimed_set = set(claimed)
    others = [selectors[code] for code in selectors if code not in claimed_set]
    found: set[str] = set()
    if compiled.solve(fixed + others).status == "sat":
        candidates = [code for code in selectors if code in claimed_set]
    else:
        candidates = list(selectors)
    for code in candidates:
        answer = compiled.solve([*fixed, selectors[code]])
        if answer.status == "unknown":  # pragma: no cover - no budget is given
            raise DealCheckError(f"the solver gave no answer for {code}")
        if answer.status == "unsat":
            found.add(code)
    return found


def model_codes(
    deal: Deal,
    balance: Balance | None = None,
    backend: BackendName = "sat",
    *,
    claimed: Iterable[str] = (),
) -> set[str]:
    """The violation codes of ``deal`` by the deal model: the groups unsatisfiable with it.

    Args:
        deal: any deal.
        balance: balance options whose groups are part of the model.
        backend: ``"sat"`` or ``"z3"``.
        claimed: codes expected to be broken (only a hint that saves calls:
            the answer is the same whatever is claimed).
    """
    options = balance or Balance()
    entries = _entries(deal)
    shape = DealShape.fitting(*(len(part) for part in entries))
    model, compiled = _compiled_deal_model(shape, options, backend)
    fixed = model.assumptions(*entries)
    return _codes_by_groups(compiled, fixed, model.selectors, claimed)


def check_validator_against_model(
    deal: Deal,
    balance: Balance | None = None,
    backends: Sequence[BackendName] = BACKENDS,
) -> set[str]:
    """Check that the validator and the deal model report the same codes for ``deal``.

    Returns:
        The codes (empty for a valid deal).

    Raises:
        DealCheckError: the two sets of codes differ; the message names the
            deal, the backend and both sets.
    """
    claimed = {v.code for v in validate(deal, balance)}
    for backend in backends:
        found = model_codes(deal, balance, backend, claimed=claimed)
        if found != claimed:
            raise DealCheckError(
                f"the validator reports {sorted(claimed)} but the deal model on {backend} "
                f"{sorted(found)} (balance {balance or Balance()}) for the deal {deal}"
            )
    return claimed


def _digit_counts(digits: Iterable[int]) -> tuple[int, ...]:
    counts = [0] * 9
    for digit in digits:
        counts[digit - 1] += 1
    return tuple(counts)


def check_counts_against_model(
    deal: Deal,
    balance: Balance | None = None,
    backends: Sequence[BackendName] = BACKENDS,
) -> set[str] | None:
    """Check the validator's codes that digit counts decide against the count model.

    Applies to deals whose digits are all 1-9 and whose counts fit the
    model's domains (no digit more than ten times in a pile, more than 2 in
    the pot, more than 8 face down); ``None`` for others.

    Returns:
        The codes of :data:`~dokuspec.spec.twodoku.deal_models.COUNT_CODES` that
        both report, or ``None`` when the deal does not fit the model.

    Raises:
        DealCheckError: they differ.
    """
    options = balance or Balance()
    places = [[f.digit for f in deal.face_down], deal.pot, deal.red, deal.blue]
    if any(d not in DIGITS for place in places for d in place):
        return None
    counts = [_digit_counts(place) for place in places]
    claimed = {v.code for v in validate(deal, options)} & set(spec_models.COUNT_CODES)
    result: set[str] | None = None
    for backend in backends:
        model, compiled = _compiled_count_model(options, backend)
        if not model.fits(counts):
            return None
        fixed = [
            literal
            for place, values in zip(model.places, counts, strict=True)
            for literal in model.literals(place, values)
        ]
        found = _codes_by_groups(compiled, fixed, model.selectors, claimed)
        if found != claimed:
            raise DealCheckError(
                f"the validator reports {sorted(claimed)} but the count model on {backend} "
                f"{sorted(found)} (balance {options}) for the deal {deal}"
            )
        result = found
    return result


def _compiled_count_model(
    balance: Balance, backend: BackendName, sizes: tuple[int, int, int, int] | None = None
) -> tuple[CountModel, Backend]:
    copies, face_down, pot, pile = sizes or (COPIES, FACE_DOWN_COUNT, POT_SIZE, PILE_SIZE)
    gap, high = balance.max_digit_count_gap, balance.equal_high_count
    model, compiled = CACHE.get(
        ("twodoku", "deal counts", gap, high, copies, face_down, pot, pile),
        lambda: spec_models.count_model(
            gap, high, copies=copies, face_down=face_down, pot=pot, pile=pile
        ),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, CountModel)
    return model, compiled


# -- exact counts against brute force and the count model ---------------------------------------


@dataclass(frozen=True, slots=True)
class _BruteCount:
    fair: int
    by_pot: dict[tuple[int, ...], int]
    multisets: set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]
    red_counts: Counter[tuple[int, int]]


def _brute_force(counts: Sequence[int], pot_size: int, pile_size: int) -> _BruteCount:
    """Every physical deal of a small multiset: pot sets, then Red's sets of the rest."""
    pieces = [d for d in DIGITS for _ in range(counts[d - 1])]
    everything = range(len(pieces))
    fair = 0
    by_pot: Counter[tuple[int, ...]] = Counter()
    multisets = set()
    red_counts: Counter[tuple[int, int]] = Counter()
    for pot in itertools.combinations(everything, pot_size):
        rest = [i for i in everything if i not in pot]
        pot_counts = _digit_counts(pieces[i] for i in pot)
        for red in itertools.combinations(rest, pile_size):
            chosen = set(red)
            blue = [i for i in rest if i not in chosen]
            red_digits = [pieces[i] for i in red]
            blue_digits = [pieces[i] for i in blue]
            if sum(red_digits) != sum(blue_digits):
                continue
            fair += 1
            by_pot[pot_counts] += 1
            red_shape = _digit_counts(red_digits)
            multisets.add((pot_counts, red_shape, _digit_counts(blue_digits)))
            for digit in DIGITS:
                red_counts[digit, red_shape[digit - 1]] += 1
    return _BruteCount(fair, dict(by_pot), multisets, red_counts)


def check_counts_brute_force(
    counts: Sequence[int],
    pot_size: int,
    pile_size: int,
    *,
    backends: Sequence[BackendName] = (),
) -> int:
    """Check the exact counts of a small multiset against enumerating every physical deal.

    Compared: the fair deals, by pot, by digit multisets (and by pot), the
    fair deals by Red's count of each digit
    (:func:`~dokuspec.spec.twodoku.fair_deals.pile_digit_counts`), whether a
    fair deal exists (:func:`~dokuspec.spec.twodoku.fair_deals.fair_split_exists`),
    and that a witness (:func:`~dokuspec.spec.twodoku.fair_deals.fair_split_witness`),
    when found, is one of the fair deals. With ``backends``, the count model
    (copies ``max(counts)`` of each digit, the rest face down) enumerates the
    digit-multiset triples as well, when the sizes fit it.

    Keep it small: the enumeration visits ``C(n, pot) C(n - pot, pile)`` deals.

    Returns:
        The number of fair deals.

    Raises:
        DealCheckError: a count differs.
    """
    counts = tuple(counts)
    found = spec_fair.count_fair_deals(counts, pot_size=pot_size, pile_size=pile_size)
    brute = _brute_force(counts, pot_size, pile_size)
    where = f"{counts} with a pot of {pot_size} and piles of {pile_size}"

    def differ(what: str, counted: object, enumerated: object) -> None:
        if counted != enumerated:
            raise DealCheckError(f"{where}: {what} {counted} counted, {enumerated} enumerated")

    differ("fair deals", found.fair, brute.fair)
    differ("fair deals by pot", dict(found.by_pot), brute.by_pot)
    differ("digit-multiset deals", found.multisets, len(brute.multisets))
    by_pot = Counter(pot for pot, _, _ in brute.multisets)
    differ("digit-multiset deals by pot", dict(found.multisets_by_pot), dict(by_pot))
    n = sum(counts)
    differ(
        "all deals",
        found.total,
        math.comb(n, pot_size) * math.comb(n - pot_size, pile_size),
    )
    for digit in DIGITS:
        by_count = spec_fair.pile_digit_counts(
            counts, digit, pot_size=pot_size, pile_size=pile_size
        )
        enumerated = tuple(brute.red_counts[digit, k] for k in range(len(by_count)))
        differ(f"fair deals by Red's count of {digit}", by_count, enumerated)
    differ(
        "a fair deal exists",
        spec_fair.fair_split_exists(counts, pot_size=pot_size),
        brute.fair > 0,
    )
    witness = spec_fair.fair_split_witness(counts, pot_size=pot_size, pile_size=pile_size)
    if witness is not None and witness not in brute.multisets:
        raise DealCheckError(f"{where}: the witness {witness} is not a fair deal")
    copies = max(counts)
    face_down = copies * 9 - n
    for backend in backends:
        if face_down > copies * 9:  # pragma: no cover - n is never negative
            continue
        model, compiled = _compiled_count_model(
            Balance(), backend, (copies, face_down, pot_size, pile_size)
        )
        fixed = model.literals(model.face_down, [copies - m for m in counts]) + model.always
        projection = [abs(lit) for var in (*model.pot, *model.red) for lit in var.literals]
        enumeration = compiled.enumerate(projection, assumptions=fixed)
        if not enumeration.complete:  # pragma: no cover - no budget is given
            raise DealCheckError(f"{where}: the enumeration on {backend} did not finish")
        differ(
            f"digit-multiset deals (count model on {backend})",
            found.multisets,
            len(enumeration.solutions),
        )
    return found.fair


def check_fair_split_exists(
    face_down: Dominoes,
    balance: Balance | None = None,
    backends: Sequence[BackendName] = BACKENDS,
) -> bool:
    """Check whether a face-down draw admits a fair (balanced) deal, by the count and by the model.

    Without balance options: the exact count's answer (``fair > 0``),
    :func:`dokuspec.twodoku.fair_split_exists` on the 82 left, and the count
    model's satisfiability with the draw assumed. With options, the count
    model's answer on each backend (they must agree), and when it says yes
    a balanced deal built from its counts must validate.

    Returns:
        Whether such a deal exists.

    Raises:
        DealCheckError: two answers differ, or the solver's deal is invalid.
    """
    options = balance or Balance()
    drawn = face_down.counts()
    answers: dict[str, bool] = {}
    if not options.active:
        left = Dominoes.from_counts(COPIES - n for n in drawn)
        answers["the exact count"] = public.count_fair_deals(face_down).fair > 0
        answers["fair_split_exists"] = public.fair_split_exists(left)
    for backend in backends:
        model, compiled = _compiled_count_model(options, backend)
        answer = compiled.solve(model.literals(model.face_down, drawn) + model.always)
        answers[f"the count model on {backend}"] = answer.status == "sat"
        if answer.status == "sat":
            assert answer.model is not None
            _, pot, red, blue = model.counts_of(answer.model)
            built = deal_with(face_down, pot, red, blue)
            problems = validate(built, options)
            if problems:
                raise DealCheckError(
                    f"the count model on {backend} gave counts for {face_down} whose deal "
                    f"breaks {[str(p) for p in problems]}"
                )
    if len(set(answers.values())) > 1:
        raise DealCheckError(
            f"does {face_down} admit a deal with {options}? "
            + ", ".join(f"{source}: {answer}" for source, answer in answers.items())
        )
    return next(iter(answers.values()))


# -- deals built from counts ---------------------------------------------------------------------

_COLOURING_RED: Final = tuple((s.row, s.col) for s in ALL_SQUARES[:SQUARES_EACH])
_COLOURING_BLUE: Final = tuple((s.row, s.col) for s in ALL_SQUARES[SQUARES_EACH : 2 * SQUARES_EACH])
_WHITE: Final = tuple((s.row, s.col) for s in ALL_SQUARES[2 * SQUARES_EACH :])


def _expand(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(d for d in DIGITS for _ in range(counts[d - 1]))


def deal_with(
    face_down: Dominoes | Sequence[int],
    pot: Sequence[int],
    red: Sequence[int],
    blue: Sequence[int],
) -> Deal:
    """A deal with these digit counts, on a fixed colouring (rows 1-4 red, 5-8 blue, 9 white).

    The face-down dominoes lie on row 9's first squares, Red's four first.
    Counts are nine ints each (``face_down`` may be Dominoes).
    """
    drawn = face_down.counts() if isinstance(face_down, Dominoes) else tuple(face_down)
    digits = _expand(drawn)
    return Deal(
        red_squares=_COLOURING_RED,
        blue_squares=_COLOURING_BLUE,
        face_down=tuple(
            DealFaceDown(row, col, digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, ((row, col), digit) in enumerate(zip(_WHITE, digits, strict=False))
        ),
        pot=_expand(pot),
        red=_expand(red),
        blue=_expand(blue),
    )


def check_every_face_down_draw() -> int:
    """Check that every face-down draw admits a fair deal: all 12,870 digit multisets of 8.

    For each multiset, :func:`~dokuspec.spec.twodoku.fair_deals.fair_split_witness`
    builds a fair split of the 82 left, and the validator's rules
    (:func:`~dokuspec.spec.twodoku.deals.deal_violations`, on a fixed
    colouring with the face-down dominoes on white squares) must find
    nothing wrong with the deal made of it: a proof by exhibited deals, each
    checked by the validator (which knows nothing of how the split was built).

    Returns:
        The number of draws checked (12,870).

    Raises:
        DealCheckError: a draw for which no fair deal was found (the exact
            count then says whether one exists), or a deal that does not validate.
    """
    checked = 0
    for combination in itertools.combinations_with_replacement(DIGITS, FACE_DOWN_COUNT):
        drawn = _digit_counts(combination)
        left = tuple(COPIES - n for n in drawn)
        witness = spec_fair.fair_split_witness(left)
        if witness is None:
            exists = spec_fair.count_fair_deals(left).fair > 0
            raise DealCheckError(
                f"no fair deal was built for the face-down draw {Dominoes(combination)}; "
                f"the exact count says one {'exists' if exists else 'does not exist'}"
            )
        pot, red, blue = (_expand(counts) for counts in witness)
        face_down = [
            (row, col, digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, ((row, col), digit) in enumerate(zip(_WHITE, combination, strict=False))
        ]
        problems = spec.deal_violations(_COLOURING_RED, _COLOURING_BLUE, face_down, pot, red, blue)
        if problems:
            raise DealCheckError(
                f"the fair deal built for {Dominoes(combination)} breaks "
                f"{[f'{code}: {message}' for code, message in problems]}"
            )
        checked += 1
    return checked


def check_generated(
    seed: int,
    balance: Balance | None = None,
    **options: object,
) -> Deal:
    """Check that :func:`dokuspec.twodoku.deal` of ``seed`` validates, and is reproducible.

    ``options`` are passed on to :func:`~dokuspec.twodoku.deal`.

    Raises:
        DealCheckError: the deal breaks a rule (or ``balance``), or a second
            call with the same arguments gives another deal.
    """
    made = public.deal(seed, balance=balance, **options)  # type: ignore[arg-type]
    problems = validate(made, balance)
    if problems:
        raise DealCheckError(
            f"deal({seed}, balance={balance}) breaks {[str(p) for p in problems]}: {made}"
        )
    again = public.deal(seed, balance=balance, **options)  # type: ignore[arg-type]
    if again != made:
        raise DealCheckError(f"deal({seed}, balance={balance}) is not reproducible")
    return made


# -- the engine's deal against the spec's counts -------------------------------------------------


def _engine_at_pot(face_down: Sequence[int], seed: int = 0) -> engine.TwoDokuState:
    """An engine state at its pot node after the face-down digits ``face_down`` (in order).

    The colouring and the placement take each player's first legal action.
    """
    state = engine.TwoDoku().new_initial_state(seed)
    digits = list(face_down)
    while True:
        player = state.current_player()
        if player == CHANCE:
            if not digits:
                return state
            state.apply_action(engine.DrawFaceDown(digits.pop(0)))
        elif player >= 0:
            state.apply_action(state.legal_actions(player)[0])
        else:  # pragma: no cover - the deal comes before any end
            raise DealCheckError("the engine's game ended before its deal")


def check_engine_deal_law(face_down: Dominoes, digit: int = 1) -> None:
    """Check the engine's deal against the spec's exact counts for one face-down draw (TD-16).

    The engine deals with chance nodes of its own exact arithmetic
    (:mod:`dokuspec.engine.twodoku`: the pot, then Red's count of each digit
    in turn). Compared, as exact fractions:

    * the number of fair deals (:func:`dokuspec.engine.twodoku.fair_deal_count`
      against :func:`dokuspec.twodoku.count_fair_deals`);
    * the pot's law: the engine's pot node against the spec's share of
      the fair deals of each pot;
    * the law of Red's count of ``digit``: summed over the pot node's
      outcomes, the engine's count node of ``digit`` (reached through the
      count nodes of the smaller digits) against
      :func:`dokuspec.twodoku.pile_digit_distribution`. Deeper digits
      enumerate more paths: 1 and 2 take well under a second.

    Raises:
        DealCheckError: a count or a probability differs.
    """
    counted = public.count_fair_deals(face_down)
    theirs = engine.fair_deal_count(face_down)
    if theirs != counted.fair:
        raise DealCheckError(
            f"{face_down}: the engine counts {theirs} fair deals, the spec {counted.fair}"
        )
    state = _engine_at_pot(list(face_down))
    pot_law = {
        Dominoes((action.low, action.high)): p
        for action, p in state.chance_outcomes()
        if isinstance(action, engine.DealPot)
    }
    ours = {pot: counted.pot_probability(pot) for pot in counted.by_pot}
    if pot_law != ours:
        raise DealCheckError(f"{face_down}: the pot's law differs: engine {pot_law}, spec {ours}")
    law: dict[int, Fraction] = {}
    paths = [(state, Fraction(1))]
    while paths:
        current, weight = paths.pop()
        for action, p in current.chance_outcomes():
            if isinstance(action, engine.DealCount) and action.digit == digit:
                law[action.count] = law.get(action.count, Fraction(0)) + weight * p
                continue
            following = current.clone()
            following.apply_action(action)
            paths.append((following, weight * p))
    expected = public.pile_digit_distribution(face_down, digit)
    found = tuple(law.get(k, Fraction(0)) for k in range(len(expected)))
    if found != expected or sum(law.values()) != 1:
        raise DealCheckError(
            f"{face_down}: the law of Red's count of {digit} differs: engine {found}, "
            f"spec {expected}"
        )


def check_engine_deal(seed: int) -> Deal:
    """Check that the engine's deal of a game validates (TD-1 to TD-4).

    The game of ``seed`` is played to the end of its deal: chance outcomes
    sampled from the state's seed, each player's choices uniformly at
    random (from ``random.Random(seed)``).

    Returns:
        The engine's deal (:meth:`dokuspec.engine.twodoku.TwoDokuState.deal`).

    Raises:
        DealCheckError: the validator finds a broken rule.
    """
    state = engine.TwoDoku().new_initial_state(seed)
    choices = random.Random(seed)
    while (made := state.deal()) is None:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(choices.choice(state.legal_actions(player)))
    problems = validate(made)
    if problems:
        raise DealCheckError(
            f"the engine's deal of game {seed} breaks {[str(p) for p in problems]}: {made}"
        )
    return made


# -- chi-square ----------------------------------------------------------------------------------


def chi_square_tail(statistic: float, degrees: int) -> float:
    """The probability that a chi-square variable with ``degrees`` exceeds ``statistic``.

    SciPy's survival function of the chi-square distribution
    (``scipy.stats.chi2.sf``), loaded when first used.

    Raises:
        ValueError: ``degrees`` is below 1.
    """
    if degrees < 1:
        raise ValueError(f"degrees of freedom are 1 or more, not {degrees}")
    from scipy.stats import chi2  # noqa: PLC0415 - SciPy loads with the first test only

    return float(chi2.sf(statistic, degrees))


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A chi-square goodness-of-fit test of observed counts against exact probabilities.

    Attributes:
        statistic: ``sum (observed - expected)^2 / expected``.
        degrees: degrees of freedom (categories after merging, less one).
        p_value: the chance of a statistic at least this large if the
            sample follows the probabilities (:func:`chi_square_tail`).
        samples: the sample size.
        impossible: observations in categories of probability 0 (any such
            observation alone refutes the probabilities).
    """

    statistic: float
    degrees: int
    p_value: float
    samples: int
    impossible: int = 0

    def rejects(self, level: float) -> bool:
        """Whether the test rejects the probabilities at significance ``level``."""
        return self.impossible > 0 or self.p_value < level


def chi_square(observed: Mapping[K, int], probabilities: Mapping[K, Fraction | float]) -> ChiSquare:
    """Test observed counts against exact probabilities.

    Categories are taken in decreasing probability and merged, the least
    likely last, until each merged category expects at least 5
    observations. Observations in a category of probability 0 are counted
    as ``impossible``.

    Raises:
        ValueError: fewer than two categories remain, or no observations.
    """
    samples = sum(observed.values())
    impossible = sum(n for key, n in observed.items() if not probabilities.get(key, 0))
    tested = samples - impossible  # the statistic is over the possible categories
    if tested <= 0:
        raise ValueError("no observations in a category of positive probability")
    ordered = sorted(
        ((float(p), observed.get(key, 0)) for key, p in probabilities.items() if p),
        reverse=True,
    )
    merged: list[tuple[float, int]] = []
    pending_p, pending_n = 0.0, 0
    for p, n in ordered:
        pending_p += p
        pending_n += n
        if pending_p * tested >= 5:
            merged.append((pending_p, pending_n))
            pending_p, pending_n = 0.0, 0
    if pending_p:
        if merged:
            last_p, last_n = merged.pop()
            merged.append((last_p + pending_p, last_n + pending_n))
        else:
            merged.append((pending_p, pending_n))
    if len(merged) < 2:
        raise ValueError("fewer than two categories with enough expected observations")
    statistic = sum((n - p * tested) ** 2 / (p * tested) for p, n in merged)
    degrees = len(merged) - 1
    return ChiSquare(statistic, degrees, chi_square_tail(statistic, degrees), samples, impossible)


def _same_draw(deals: Sequence[Deal]) -> Dominoes:
    draws = {Dominoes(f.digit for f in deal.face_down) for deal in deals}
    if len(draws) != 1:
        raise ValueError("the deals do not all have the same face-down draw")
    return draws.pop()


def pot_test(deals: Sequence[Deal]) -> ChiSquare:
    """The pots of deals of one face-down draw against their exact law (TD-16).

    The probability of each pot (its digit multiset) is its share of the
    fair deals (:meth:`dokuspec.twodoku.FairDealCount.pot_probability`).

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    counted = public.count_fair_deals(_same_draw(deals))
    observed = Counter(Dominoes(deal.pot) for deal in deals)
    probabilities: dict[Dominoes, Fraction | float] = {
        pot: counted.pot_probability(pot) for pot in counted.by_pot
    }
    return chi_square(observed, probabilities)


def pile_digit_test(deals: Sequence[Deal], digit: int = 9) -> ChiSquare:
    """How many dominoes of ``digit`` Red's and Blue's piles hold, against their exact law.

    Both piles are counted (each deal gives two observations of the same law).

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    law = public.pile_digit_distribution(_same_draw(deals), digit)
    observed: Counter[int] = Counter()
    for deal in deals:
        observed[deal.red.count(digit)] += 1
        observed[deal.blue.count(digit)] += 1
    probabilities: dict[int, Fraction | float] = dict(enumerate(law))
    return chi_square(observed, probabilities)


def pile_order_test(deals: Sequence[Deal]) -> ChiSquare:
    """The digits at both ends of both piles against the exact law of any one place.

    In a uniformly ordered pile every place has the same law: a digit's
    chance is its expected count in the pile divided by 40. Four
    observations per deal: Red's first and last, Blue's first and last,
    each counted in its own category ``(place, digit)``.

    Raises:
        ValueError: the deals have different face-down draws, or none.
    """
    drawn = _same_draw(deals)
    mean = {
        digit: sum(k * p for k, p in enumerate(public.pile_digit_distribution(drawn, digit)))
        for digit in DIGITS
    }
    places = ("Red's first", "Red's last", "Blue's first", "Blue's last")
    observed: Counter[tuple[str, int]] = Counter()
    for deal in deals:
        for place, pile, index in zip(
            places, (deal.red, deal.red, deal.blue, deal.blue), (0, -1, 0, -1), strict=True
        ):
            observed[place, pile[index]] += 1
    probabilities: dict[tuple[str, int], Fraction | float] = {
        (place, digit): mean[digit] / PILE_SIZE / len(places)
        for place in places
        for digit in DIGITS
    }
    return chi_square(observed, probabilities)


@cache
def _distinct_digit_law() -> dict[int, Fraction | float]:
    """How many distinct digits 8 dominoes drawn without replacement from the 90 show, exactly."""
    law: Counter[int] = Counter()
    for combination in itertools.combinations_with_replacement(DIGITS, FACE_DOWN_COUNT):
        counts = _digit_counts(combination)
        law[sum(1 for n in counts if n)] += math.prod(math.comb(COPIES, n) for n in counts)
    total = math.comb(DOMINO_COUNT, FACE_DOWN_COUNT)
    return {k: Fraction(n, total) for k, n in law.items()}


def face_down_test(deals: Sequence[Deal]) -> ChiSquare:
    """How many distinct digits the face-down dominoes show, against the law of 8 drawn of 90."""
    observed = Counter(len({f.digit for f in deal.face_down}) for deal in deals)
    return chi_square(observed, _distinct_digit_law())


# -- the defects of the public Java deal ---------------------------------------------------------


def ten_of_each(deal: Deal) -> bool:
    """Property ``ten-of-each``: face-down dominoes, pot and piles hold ten of each digit (TD-1)."""
    return not any(v.code in ("conservation", "digit-range") for v in validate(deal))


def equal_sums(deal: Deal) -> bool:
    """Property ``equal-sums``: the piles' sums are equal (TD-4)."""
    return not any(v.code == "unequal-sums" for v in validate(deal))


DEFECTS: Final = (
    "face-down-with-replacement",
    "pot-by-index",
    "eighty-unshuffled",
    "odd-difference-unequal",
)
"""The defects of the public Java deal that the issue names (see :func:`defective_deal`)."""

PROPERTIES: Final = (
    "ten-of-each",
    "equal-sums",
    "face-down-distribution",
    "pot-distribution",
    "pile-order",
    "pile-digit-distribution",
)
"""The named properties of deals, two of each deal (:func:`ten_of_each`, :func:`equal_sums`)
and four of samples (:func:`face_down_test`, :func:`pot_test`, :func:`pile_order_test`,
:func:`pile_digit_test`)."""

DEFECT_PROPERTIES: Final[Mapping[str, tuple[str, ...]]] = {
    "face-down-with-replacement": ("ten-of-each", "face-down-distribution"),
    "pot-by-index": ("ten-of-each",),
    "eighty-unshuffled": ("pile-order", "pile-digit-distribution"),
    "odd-difference-unequal": ("equal-sums",),
}
"""For each defect, the properties that catch it."""


def _balance_by_exchanges(red: list[int], blue: list[int]) -> None:
    """The Java way to balance: exchange dominoes between the piles while that narrows the gap.

    Each step exchanges the smallest domino of Red's that has a partner in
    Blue's pile differing by as close to half the gap as any pair does; it
    stops when no exchange narrows the gap (an odd gap cannot close).
    """
    while True:
        gap = sum(red) - sum(blue)
        if abs(gap) < 2:
            return
        reds, blues = sorted(set(red)), set(blue)
        for delta in sorted(range(-8, 9), key=lambda d: abs(gap - 2 * d)):
            if abs(gap - 2 * delta) >= abs(gap):
                return
            x = next((x for x in reds if x - delta in blues), None)
            if x is not None:
                i, j = red.index(x), blue.index(x - delta)
                red[i], blue[j] = blue[j], red[i]
                break


def defective_deal(seed: int, defects: Iterable[str], *, face_down: Dominoes | None = None) -> Deal:
    """A deal made with some of the Java deal's defects, to show the properties catch them.

    Colouring and face-down squares as :func:`dokuspec.twodoku.deal` draws
    them. Then, with each defect named in ``defects``:

    * ``face-down-with-replacement``: the 8 face-down digits are drawn with
      replacement (each uniform 1-9), and the 82 dealt are 82 of the 90
      drawn without regard to them;
    * ``pot-by-index``: the pot's two digits are drawn from the 82, but the
      dominoes taken out of the sorted 82 are those at the positions given
      by the digits' values;
    * ``eighty-unshuffled``: the 80 are dealt in sorted order, the first 40
      to Red, then balanced by exchanges (below);
    * ``odd-difference-unequal``: the piles are dealt shuffled and balanced
      by exchanges, and an odd difference is left as it is.

    Without the last two, the piles are a uniform fair split of what is
    left after the pot, and with balancing but without
    ``odd-difference-unequal`` an odd difference deals again.

    Raises:
        ValueError: an unknown defect.
    """
    chosen = frozenset(defects)
    unknown = chosen - set(DEFECTS)
    if unknown:
        raise ValueError(f"unknown defects {sorted(unknown)}")
    rng = random.Random(seed)
    red_squares = sorted(rng.sample(range(81), SQUARES_EACH))
    blue_squares = sorted(rng.sample(range(81), SQUARES_EACH))
    white = [i for i in range(81) if i not in set(red_squares) | set(blue_squares)]
    squares = rng.sample(white, FACE_DOWN_COUNT)
    full = [d for d in DIGITS for _ in range(COPIES)]
    if "face-down-with-replacement" in chosen:
        digits = [rng.randint(1, 9) for _ in range(FACE_DOWN_COUNT)]
        left = sorted(rng.sample(full, len(full) - FACE_DOWN_COUNT))
    else:
        digits = list(face_down) if face_down is not None else rng.sample(full, FACE_DOWN_COUNT)
        rng.shuffle(digits)
        left = list(full)
        for digit in digits:
            left.remove(digit)
    exchanges = bool(chosen & {"eighty-unshuffled", "odd-difference-unequal"})
    while True:
        pool = list(left)
        first, second = rng.sample(range(len(pool)), 2)
        pot = [pool[first], pool[second]]
        if "pot-by-index" in chosen:
            for value in sorted(pot, reverse=True):
                del pool[value]
        else:
            for index in sorted((first, second), reverse=True):
                del pool[index]
        if not exchanges:
            if sum(pool) % 2:
                continue
            red, blue = _split_only(rng, pool)
            break
        if "eighty-unshuffled" not in chosen:
            rng.shuffle(pool)
        red, blue = pool[:PILE_SIZE], pool[PILE_SIZE:]
        _balance_by_exchanges(red, blue)
        if sum(red) == sum(blue) or "odd-difference-unequal" in chosen:
            break
    pairs = [(s.row, s.col) for s in ALL_SQUARES]
    return Deal(
        red_squares=tuple(pairs[i] for i in red_squares),
        blue_squares=tuple(pairs[i] for i in blue_squares),
        face_down=tuple(
            DealFaceDown(*pairs[square], digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, (square, digit) in enumerate(zip(squares, digits, strict=True))
        ),
        pot=tuple(pot),
        red=tuple(red),
        blue=tuple(blue),
    )


def _split_only(rng: random.Random, pool: Sequence[int]) -> tuple[list[int], list[int]]:
    """A uniform fair split of the pool into two piles of equal size (rejection)."""
    size = len(pool) // 2
    while True:
        chosen = rng.sample(range(len(pool)), size)
        taken = set(chosen)
        red = [pool[i] for i in chosen]
        blue = [pool[i] for i in range(len(pool)) if i not in taken]
        if sum(red) == sum(blue):
            rng.shuffle(blue)
            return red, blue


# -- strategies ----------------------------------------------------------------------------------


def _swap_to_fair(red: list[int], blue: list[int]) -> bool:
    """Exchange dominoes between the piles until their sums are equal; False if none narrows."""
    _balance_by_exchanges(red, blue)
    return sum(red) == sum(blue)


@st.composite
def fair_deals(draw: st.DrawFn) -> Deal:
    """Valid deals, built without the sampler or the witness.

    Colourings are random sets of 36 squares, the face-down dominoes 8 of
    a permutation of the 90 on random white squares, the pot 2 of the rest
    (redrawn while the rest has an odd sum), the piles the rest in a drawn
    order, made fair by exchanging dominoes between them (closest first).
    """
    squares = list(range(81))
    red_squares = sorted(draw(st.permutations(squares))[:SQUARES_EACH])
    blue_squares = sorted(draw(st.permutations(squares))[:SQUARES_EACH])
    coloured = set(red_squares) | set(blue_squares)
    white = [i for i in squares if i not in coloured]
    placed = draw(st.permutations(white))[:FACE_DOWN_COUNT]
    pieces = draw(st.permutations([d for d in DIGITS for _ in range(COPIES)]))
    digits, rest = pieces[:FACE_DOWN_COUNT], pieces[FACE_DOWN_COUNT:]
    first, second = draw(
        st.lists(st.integers(0, len(rest) - 1), min_size=2, max_size=2, unique=True)
    )
    if (sum(rest) - rest[first] - rest[second]) % 2:
        # An odd rest cannot be split fairly: the pot's second domino becomes the next
        # one of the other parity.
        second = next(
            i
            for i in itertools.chain(range(second + 1, len(rest)), range(second))
            if i != first and (rest[i] - rest[second]) % 2
        )
    pot = [rest[first], rest[second]]
    piles = [rest[i] for i in range(len(rest)) if i not in (first, second)]
    red, blue = piles[:PILE_SIZE], piles[PILE_SIZE:]
    assume(_swap_to_fair(red, blue))
    pairs = [(s.row, s.col) for s in ALL_SQUARES]
    return Deal(
        red_squares=tuple(pairs[i] for i in red_squares),
        blue_squares=tuple(pairs[i] for i in blue_squares),
        face_down=tuple(
            DealFaceDown(*pairs[square], digit, RED if i < FACE_DOWN_EACH else BLUE)
            for i, (square, digit) in enumerate(zip(placed, digits, strict=True))
        ),
        pot=tuple(pot),
        red=tuple(red),
        blue=tuple(blue),
    )


Corruption: TypeAlias = Callable[[st.DrawFn, Deal], tuple[Deal, frozenset[str]]]
"""A way to break a valid deal, ``corruption(draw, deal) -> (broken deal, codes)``, with
the violation codes it cannot fail to cause (see :data:`CORRUPTIONS`)."""


def _pile_key(draw: st.DrawFn) -> str:
    return draw(st.sampled_from(("pot", "red", "blue")))


def _changed_pile_digit(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red", "blue")))
    pile = list(getattr(deal, key))
    i = draw(st.integers(0, len(pile) - 1))
    pile[i] = draw(st.sampled_from([d for d in DIGITS if d != pile[i]]))
    return replace(deal, **{key: tuple(pile)}), frozenset({"conservation", "unequal-sums"})


def _exchanged_between_piles(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    pairs = [(i, j) for i, x in enumerate(deal.red) for j, y in enumerate(deal.blue) if x != y]
    i, j = draw(st.sampled_from(pairs))
    red, blue = list(deal.red), list(deal.blue)
    red[i], blue[j] = blue[j], red[i]
    return replace(deal, red=tuple(red), blue=tuple(blue)), frozenset({"unequal-sums"})


def _exchanged_with_pot(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red", "blue")))
    pile = list(getattr(deal, key))
    pot = list(deal.pot)
    pairs = [(k, i) for k, x in enumerate(pot) for i, y in enumerate(pile) if x != y]
    k, i = draw(st.sampled_from(pairs))
    pot[k], pile[i] = pile[i], pot[k]
    return replace(deal, pot=tuple(pot), **{key: tuple(pile)}), frozenset({"unequal-sums"})


def _dropped_domino(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = _pile_key(draw)
    values = list(getattr(deal, key))
    del values[draw(st.integers(0, len(values) - 1))]
    size = "pot-size" if key == "pot" else "pile-size"
    return replace(deal, **{key: tuple(values)}), frozenset({size, "conservation"})


def _added_domino(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = _pile_key(draw)
    values = list(getattr(deal, key))
    values.insert(draw(st.integers(0, len(values))), draw(st.sampled_from(tuple(DIGITS))))
    size = "pot-size" if key == "pot" else "pile-size"
    return replace(deal, **{key: tuple(values)}), frozenset({size, "conservation"})


_BAD_DIGITS: Final = st.one_of(
    st.integers(-(10**6), 0), st.integers(10, 10**6), st.sampled_from((0, 10, -1, 2**70))
)


def _digit_out_of_range(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("pot", "red", "blue", "face_down")))
    bad = draw(_BAD_DIGITS)
    if key == "face_down":
        entries = list(deal.face_down)
        i = draw(st.integers(0, len(entries) - 1))
        entries[i] = replace(entries[i], digit=bad)
        return replace(deal, face_down=tuple(entries)), frozenset({"digit-range", "conservation"})
    values = list(getattr(deal, key))
    values[draw(st.integers(0, len(values) - 1))] = bad
    return replace(deal, **{key: tuple(values)}), frozenset({"digit-range", "conservation"})


_BAD_LINES: Final = st.one_of(st.integers(-(10**6), 0), st.integers(10, 10**6))


def _square_off_board(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares", "face_down")))
    row_bad = draw(st.booleans())
    bad = draw(_BAD_LINES)
    good = draw(st.integers(1, 9))
    if key == "face_down":
        entries = list(deal.face_down)
        i = draw(st.integers(0, len(entries) - 1))
        entries[i] = replace(entries[i], row=bad if row_bad else good, col=good if row_bad else bad)
        return replace(deal, face_down=tuple(entries)), frozenset({"square-range"})
    squares = list(getattr(deal, key))
    squares[draw(st.integers(0, len(squares) - 1))] = (bad, good) if row_bad else (good, bad)
    return replace(deal, **{key: tuple(squares)}), frozenset({"square-range"})


def _colouring_repeated(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares")))
    squares = list(getattr(deal, key))
    i, j = draw(st.lists(st.integers(0, len(squares) - 1), min_size=2, max_size=2, unique=True))
    squares[i] = squares[j]
    return replace(deal, **{key: tuple(squares)}), frozenset({"colouring-repeat"})


def _colouring_resized(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    key = draw(st.sampled_from(("red_squares", "blue_squares")))
    squares = list(getattr(deal, key))
    if draw(st.booleans()):
        del squares[draw(st.integers(0, len(squares) - 1))]
    else:
        taken = set(squares) | {(f.row, f.col) for f in deal.face_down}
        free = [(s.row, s.col) for s in ALL_SQUARES if (s.row, s.col) not in taken]
        squares.append(draw(st.sampled_from(free)))
    return replace(deal, **{key: tuple(squares)}), frozenset({"colouring-size"})


def _face_down_on_colour(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    coloured = sorted(set(deal.red_squares) | set(deal.blue_squares))
    row, col = draw(st.sampled_from(coloured))
    entries[i] = replace(entries[i], row=row, col=col)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-coloured"})


def _face_down_stacked(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i, j = draw(st.lists(st.integers(0, len(entries) - 1), min_size=2, max_size=2, unique=True))
    entries[i] = replace(entries[i], row=entries[j].row, col=entries[j].col)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-repeat"})


def _face_down_placer(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    entries[i] = replace(entries[i], placed_by=BLUE if entries[i].placed_by == RED else RED)
    return replace(deal, face_down=tuple(entries)), frozenset({"face-down-players"})


def _face_down_digit(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    i = draw(st.integers(0, len(entries) - 1))
    digit = draw(st.sampled_from([d for d in DIGITS if d != entries[i].digit]))
    entries[i] = replace(entries[i], digit=digit)
    return replace(deal, face_down=tuple(entries)), frozenset({"conservation"})


def _face_down_resized(draw: st.DrawFn, deal: Deal) -> tuple[Deal, frozenset[str]]:
    entries = list(deal.face_down)
    if draw(st.booleans()):
        del entries[draw(st.integers(0, len(entries) - 1))]
    else:
        taken = set(deal.red_squares) | set(deal.blue_squares) | {(f.row, f.col) for f in entries}
        free = [(s.row, s.col) for s in ALL_SQUARES if (s.row, s.col) not in taken]
        row, col = draw(st.sampled_from(free))
        entries.append(
            DealFaceDown(
                row, col, draw(st.sampled_from(tuple(DIGITS))), draw(st.sampled_from((RED, BLUE)))
            )
        )
    return replace(deal, face_down=tuple(entries)), frozenset(
        {"face-down-count", "face-down-players", "conservation"}
    )


CORRUPTIONS: Final[Mapping[str, Corruption]] = {
    "a pile's digit changed": _changed_pile_digit,
    "dominoes exchanged between the piles": _exchanged_between_piles,
    "a domino exchanged with the pot": _exchanged_with_pot,
    "a domino dropped": _dropped_domino,
    "a domino added": _added_domino,
    "a digit out of range": _digit_out_of_range,
    "a square off the board": _square_off_board,
    "a coloured square repeated": _colouring_repeated,
    "a colouring resized": _colouring_resized,
    "a face-down domino on a coloured square": _face_down_on_colour,
    "two face-down dominoes on one square": _face_down_stacked,
    "a face-down domino's placer changed": _face_down_placer,
    "a face-down digit changed": _face_down_digit,
    "a face-down domino dropped or added": _face_down_resized,
}
"""Ways to break one part of a valid deal, each with the codes it must cause (by name)."""


@st.composite
def corrupted_deals(
    draw: st.DrawFn, deals: st.SearchStrategy[Deal] | None = None
) -> tuple[str, Deal, frozenset[str]]:
    """A valid deal with one part broken: ``(corruption's name, deal, codes it must cause)``.

    The codes are those the corruption cannot fail to cause; the validator
    may report more (a dropped domino can also leave the sums unequal).
    """
    base = draw(deals if deals is not None else fair_deals())
    name = draw(st.sampled_from(sorted(CORRUPTIONS)))
    corrupted, codes = CORRUPTIONS[name](draw, base)
    return name, corrupted, codes
