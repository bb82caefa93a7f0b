"""Cross-checks of Two-Doku's deals: the validator against the models, exact counts, the engine.

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
  fraction, and its deals against the validator.

The sampler's statistics are in :mod:`dokuspec.verify.twodoku.sampler`,
the defects of the public Java deal in
:mod:`dokuspec.verify.twodoku.defects`, the strategies in
:mod:`dokuspec.verify.twodoku.strategies`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal, TypeAlias

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
    "DealCheckError",
    "check_counts_against_model",
    "check_counts_brute_force",
    "check_engine_deal",
    "check_engine_deal_law",
    "check_every_face_down_draw",
    "check_fair_split_exists",
    "check_generated",
    "check_validator_against_model",
    "deal_with",
    "model_codes",
]

BackendName: TypeAlias = Literal["sat", "z3"]
"""A solver backend, python-sat (CNF, CaDiCaL) or Z3."""

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
