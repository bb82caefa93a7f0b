"""Two-Doku deals: exact counts, and uniform fair (and balanced) deals (TD-1 to TD-4).

* :func:`~dokuspec.twodoku.validation.validate` (in
  :mod:`dokuspec.twodoku.validation`, and here too): every rule a deal
  breaks; :class:`~dokuspec.twodoku.validation.Balance`: the balance
  options of TD-15.
* :func:`deal`: a random deal, reproducible from its seed. The deal proper
  is drawn as TD-4 reads under TD-16: uniformly among the *fair* deals of
  the face-down draw, counting dominoes as physical pieces, exactly as
  "shuffle the 82, deal the pot and the piles, and deal again until the
  piles' sums are equal" would (see :func:`deal` for how, faster).
* :func:`count_fair_deals`: the exact number of fair deals of a face-down
  draw, of all deals, the acceptance probability as a
  :class:`~fractions.Fraction`, the fair deals by pot and by digit
  multisets (:class:`FairDealCount`); :func:`pile_digit_distribution`: the exact
  distribution of how many dominoes of a digit a pile holds.
* :func:`fair_split_exists`: whether a multiset can be dealt as a pot of 2
  and two piles of equal size and sum.

Every face-down draw admits a fair deal: the 12,870 digit multisets a draw
of 8 can have were checked one by one (a fair deal was built for each and
validated; :func:`dokuspec.verify.twodoku.deals.check_every_face_down_draw`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final, Literal, TypeAlias

from dokuspec.errors import PositionError, quote
from dokuspec.seeds import check_seed
from dokuspec.solvers import CACHE, Backend, Budget, as_budget
from dokuspec.spec.twodoku import deal_models as spec_models
from dokuspec.spec.twodoku import fair_deals as spec_fair
from dokuspec.spec.twodoku.deal_models import CountModel
from dokuspec.twodoku.validation import (
    DEAL_METHODS,
    Balance,
    BalanceError,
    DealMethod,
    as_balance,
    option_error,
)
from dokuspec.vocabulary.twodoku import (
    ALL_SQUARES,
    BLUE,
    COPIES,
    DIGITS,
    DOMINO_COUNT,
    FACE_DOWN_COUNT,
    FACE_DOWN_EACH,
    FULL_SET,
    PILE_SIZE,
    POT_SIZE,
    RED,
    SQUARES_EACH,
    Colouring,
    Deal,
    DealFaceDown,
    Dominoes,
)

__all__ = [
    "COMPILED",
    "MAX_REDRAWS",
    "REJECTION_ATTEMPTS",
    "SOLVER_TRIES",
    "FairDealCount",
    "count_fair_deals",
    "deal",
    "fair_split_exists",
    "pile_digit_distribution",
]

BackendName: TypeAlias = Literal["sat", "z3"]

#: Uniform fair deals drawn by ``method="rejection"`` before it gives up (BalanceError).
REJECTION_ATTEMPTS: Final = 100_000

#: Uniform fair deals ``method="solver"`` tries before it asks the solver (about 3 ms).
SOLVER_TRIES: Final = 50

#: Face-down draws tried before :func:`deal` gives up on balance options no draw meets.
MAX_REDRAWS: Final = 1_000

#: Deal attempts after which the sampler asks whether the draw admits a fair deal at all.
_ATTEMPTS_BEFORE_EXISTENCE_CHECK: Final = 10_000


@dataclass(frozen=True, slots=True)
class FairDealCount:
    """The exact counts of the deals of one face-down draw (TD-4 read as TD-16).

    Dominoes are physical pieces: a deal is the set of pieces in the pot,
    the set in Red's pile and the set in Blue's, out of the 82 left.

    Attributes:
        face_down: the face-down draw (8 dominoes).
        fair: the fair deals (equal pile sums).
        total: all deals: ``82! / (2! 40! 40!)``.
        by_pot: the fair deals by the pot's digits (pots of no fair deal left out).
        multisets: the fair deals counted by digit multisets: distinct
            (pot, Red's pile, Blue's pile) triples of multisets.
        multisets_by_pot: the same by the pot's digits.
    """

    face_down: Dominoes
    fair: int
    total: int
    by_pot: Mapping[Dominoes, int]
    multisets: int
    multisets_by_pot: Mapping[Dominoes, int]

    @property
    def probability(self) -> Fraction:
        """The chance that a uniform random deal is fair, ``fair / total`` (the acceptance rate)."""
        return Fraction(self.fair, self.total)

    def pot_probability(self, pot: Dominoes) -> Fraction:
        """The chance of the pot ``pot`` in a uniformly random fair deal of this draw."""
        if not isinstance(pot, Dominoes):
            raise TypeError(f"pot is Dominoes, not {type(pot).__name__}")
        return Fraction(self.by_pot.get(pot, 0), self.fair)


def _face_down_draw(face_down: Dominoes) -> tuple[int, ...]:
    """The 82 left after a face-down draw, as digit counts (checked: 8 dominoes)."""
    if not isinstance(face_down, Dominoes):
        raise TypeError(f"the face-down draw is Dominoes, not {type(face_down).__name__}")
    if len(face_down) != FACE_DOWN_COUNT:
        raise PositionError(
            f"a face-down draw is {FACE_DOWN_COUNT} dominoes (TD-3), not {len(face_down)}"
        )
    return (FULL_SET - face_down).counts()  # 8 dominoes never hold more than ten of a digit


def count_fair_deals(face_down: Dominoes) -> FairDealCount:
    """The exact number of fair deals of a face-down draw, of all deals, and their shares.

    Exact integers, from a generating function over the 82 dominoes left
    (:func:`dokuspec.spec.twodoku.fair_deals.count_fair_deals`), in a few
    milliseconds. For example a draw of ``1 1 2 3 5 7 9 9`` has
    6,317,860,625,443,075,283,867,376 fair deals of about 3.57e26: an
    acceptance probability of about 1.77 %.

    Args:
        face_down: the face-down draw, 8 dominoes (TD-3).

    Raises:
        TypeError: ``face_down`` is not Dominoes.
        PositionError: not 8 dominoes.
    """
    counted = spec_fair.count_fair_deals(_face_down_draw(face_down))
    return FairDealCount(
        face_down=face_down,
        fair=counted.fair,
        total=counted.total,
        by_pot={Dominoes.from_counts(pot): n for pot, n in counted.by_pot.items()},
        multisets=counted.multisets,
        multisets_by_pot={
            Dominoes.from_counts(pot): n for pot, n in counted.multisets_by_pot.items()
        },
    )


def pile_digit_distribution(face_down: Dominoes, digit: int) -> tuple[Fraction, ...]:
    """How many dominoes of ``digit`` a pile holds in a uniform fair deal of a draw, exactly.

    Entry ``k`` is the probability that Red's pile holds exactly ``k``
    dominoes of ``digit``; Blue's pile has the same distribution (the two
    piles play symmetric parts in a fair deal).

    Raises:
        TypeError: ``face_down`` is not Dominoes, or ``digit`` not an int.
        PositionError: a bad draw (see :func:`count_fair_deals`), or a digit outside 1-9.
    """
    counts = spec_fair.pile_digit_counts(_face_down_draw(face_down), digit)
    total = sum(counts)
    return tuple(Fraction(n, total) for n in counts)


def fair_split_exists(dominoes: Dominoes) -> bool:
    """Whether ``dominoes`` can be dealt as a pot of 2 and two piles of equal size and sum (TD-4).

    The piles are of equal size: ``(n - 2) / 2`` each for ``n`` dominoes (40
    each for the 82 left after a face-down draw). A multiset of fewer than 2
    dominoes, or of an odd number, cannot be dealt so: ``False``. Exact:
    decided by building a fair split or, failing that, by the exact count.

    Raises:
        TypeError: ``dominoes`` is not Dominoes.
    """
    if not isinstance(dominoes, Dominoes):
        raise TypeError(f"fair_split_exists() takes Dominoes, not {type(dominoes).__name__}")
    return spec_fair.fair_split_exists(dominoes.counts(), pot_size=POT_SIZE)


# -- the sampler ------------------------------------------------------------------------------


class _Pieces:
    """The 82 pieces left after a face-down draw, sorted by digit, for :func:`_fair_split`."""

    __slots__ = ("counts", "digits", "starts", "total")

    def __init__(self, counts: tuple[int, ...]) -> None:
        self.counts = counts
        self.digits = [d for d in DIGITS for _ in range(counts[d - 1])]
        # starts[k - 2]: the first position of a piece of digit k or more (k = 2..9), so that
        # a set's sum is its size plus the sizes of its parts from each start on.
        self.starts = tuple(sum(counts[: k - 1]) for k in range(2, 10))
        self.total = sum(self.digits)


@lru_cache(maxsize=4096)
def _pieces_of(counts: tuple[int, ...]) -> _Pieces:
    """The pieces of ``counts`` (read only), cached: a few thousand draws recur in a long run."""
    return _Pieces(counts)


def _fair_split(rng: random.Random, pieces: _Pieces) -> tuple[list[int], list[int], list[int]]:
    """A uniformly random fair deal of ``pieces``: pot, Red's pile and Blue's pile, in dealt order.

    Rejection sampling, every rejection restarting the whole deal (so the
    accepted deal is uniform among the fair ones): the pot is 2 pieces
    drawn one after the other; when the rest has an odd sum no split can be
    fair and the deal restarts at once; otherwise Red's pieces are a uniform
    set of 40 of the other 80 (a random 82-bit mask without the pot's bits,
    drawn again until it has 40 bits), whose sum is read off the mask with
    shifts and bit counts; unequal sums restart. The piles are then shuffled
    (``rng.shuffle``, as :func:`random.shuffle`), so the order in which a pile is
    written is uniform too.

    If no fair deal comes in :data:`_ATTEMPTS_BEFORE_EXISTENCE_CHECK` tries,
    the exact existence test decides whether to go on; a draw with no fair
    deal raises PositionError (every draw of the game has one).
    """
    digits = pieces.digits
    n = len(digits)
    total = pieces.total
    everything = (1 << n) - 1
    getrandbits = rng.getrandbits
    # rng.randrange(n) and rng.randrange(n - 1), inlined: the same draws of the same bits
    # (random.Random._randbelow_with_getrandbits), without two calls per draw.
    width_first, width_second = n.bit_length(), (n - 1).bit_length()
    s2, s3, s4, s5, s6, s7, s8, s9 = pieces.starts
    attempts = 0
    while True:
        attempts += 1
        if attempts == _ATTEMPTS_BEFORE_EXISTENCE_CHECK and not spec_fair.fair_split_exists(
            pieces.counts
        ):
            raise PositionError(
                f"the dominoes {Dominoes.from_counts(pieces.counts)} have no fair deal (TD-4)"
            )
        first = getrandbits(width_first)
        while first >= n:
            first = getrandbits(width_first)
        second = getrandbits(width_second)
        while second >= n - 1:
            second = getrandbits(width_second)
        if second >= first:
            second += 1
        rest = total - digits[first] - digits[second]
        if rest & 1:
            continue
        allowed = everything ^ (1 << first) ^ (1 << second)
        red = getrandbits(n) & allowed
        while red.bit_count() != PILE_SIZE:
            red = getrandbits(n) & allowed
        # from digit k on (k = 2..9): the red pieces of digit k or more
        c2 = (red >> s2).bit_count()
        c3 = (red >> s3).bit_count()
        c4 = (red >> s4).bit_count()
        c5 = (red >> s5).bit_count()
        c6 = (red >> s6).bit_count()
        c7 = (red >> s7).bit_count()
        c8 = (red >> s8).bit_count()
        c9 = (red >> s9).bit_count()
        if 2 * (PILE_SIZE + c2 + c3 + c4 + c5 + c6 + c7 + c8 + c9) != rest:
            continue
        # The piles in the order of the pieces (by digit), then shuffled: per digit, the red
        # pieces are read off the mask's counts, the blue ones are the rest of the digit's.
        red_counts = (
            PILE_SIZE - c2,
            c2 - c3,
            c3 - c4,
            c4 - c5,
            c5 - c6,
            c6 - c7,
            c7 - c8,
            c8 - c9,
            c9,
        )
        left = list(pieces.counts)
        left[digits[first] - 1] -= 1
        left[digits[second] - 1] -= 1
        red_pile: list[int] = []
        blue_pile: list[int] = []
        for digit, (in_red, in_all) in enumerate(zip(red_counts, left, strict=True), 1):
            red_pile += [digit] * in_red
            blue_pile += [digit] * (in_all - in_red)
        rng.shuffle(red_pile)
        rng.shuffle(blue_pile)
        return [digits[first], digits[second]], red_pile, blue_pile


def _shuffled(rng: random.Random, counts: Sequence[int]) -> list[int]:
    digits = [d for d in DIGITS for _ in range(counts[d - 1])]
    rng.shuffle(digits)
    return digits


def _counts(digits: Iterable[int]) -> tuple[int, ...]:
    found = [0] * 9
    for digit in digits:
        found[digit - 1] += 1
    return tuple(found)


# -- balanced deals ---------------------------------------------------------------------------


def _compiled(balance: Balance, backend: str) -> tuple[CountModel, Backend]:
    if not isinstance(backend, str):
        raise TypeError(f"backend is a str, not {type(backend).__name__}")
    if backend not in ("sat", "z3"):
        raise option_error("backend", f"is 'sat' or 'z3', not {quote(backend)}")
    gap, high = balance.max_digit_count_gap, balance.equal_high_count
    model, compiled = CACHE.get(
        ("twodoku", "deal counts", gap, high, COPIES, FACE_DOWN_COUNT, POT_SIZE, PILE_SIZE),
        lambda: spec_models.count_model(gap, high),
        lambda m: m.model,
        backend,
    )
    assert isinstance(model, CountModel)
    return model, compiled


_EXISTS: dict[tuple[int | None, bool, tuple[int, ...]], bool] = {}


def _balanced_deal_exists(
    balance: Balance, face_down: tuple[int, ...], backend: str, budget: Budget
) -> bool:
    """Whether some fair deal of a draw meets ``balance``: a solver's proven answer, cached."""
    key = (balance.max_digit_count_gap, balance.equal_high_count, face_down)
    known = _EXISTS.get(key)
    if known is not None:
        return known
    model, compiled = _compiled(balance, backend)
    answer = compiled.solve(model.literals(model.face_down, face_down) + model.always, budget)
    if answer.status == "unknown":
        raise BalanceError(
            f"the solver ran out of its budget ({answer.reason}) deciding whether the face-down "
            f"draw {Dominoes.from_counts(face_down)} admits a balanced deal ({balance}); "
            "give it more time"
        )
    _EXISTS[key] = answer.status == "sat"
    if len(_EXISTS) > 100_000:
        _EXISTS.clear()
    return answer.status == "sat"


def _solver_counts(
    rng: random.Random,
    balance: Balance,
    face_down: tuple[int, ...],
    candidate: tuple[list[int], list[int], list[int]],
    backend: str,
    budget: Budget,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Balanced digit counts (pot, Red, Blue) close to ``candidate``'s, decided count by count.

    The eighteen counts (the pot's and Red's count of each digit; Blue's
    follow) are taken in a random order. Each gets the candidate's value if
    some balanced deal has it together with the values fixed before it,
    else the closest value that some balanced deal allows (the smaller of
    two equally close). Every step asks only whether a balanced deal exists
    (a solver model that already has the value answers without a call), so
    the result depends on the seed alone, not on which backend answers or
    which model it happens to find.
    """
    model, compiled = _compiled(balance, backend)
    fixed = model.literals(model.face_down, face_down) + model.always
    items = [
        *zip(model.pot, _counts(candidate[0]), strict=True),
        *zip(model.red, _counts(candidate[1]), strict=True),
    ]
    rng.shuffle(items)
    kept: list[int] = []
    witness: set[int] = set()
    for var, target in items:
        for value in sorted(var.values, key=lambda v: (abs(v - target), v)):
            literal = var.literal(value)
            if literal in witness:
                kept.append(literal)
                break
            answer = compiled.solve([*fixed, *kept, literal], budget)
            if answer.status == "unknown":
                raise BalanceError(
                    f"the solver ran out of its budget ({answer.reason}) finding a balanced "
                    f"deal ({balance}); give it more time"
                )
            if answer.status == "sat":
                assert answer.model is not None
                witness = {lit for lit in answer.model if lit > 0}
                kept.append(literal)
                break
        else:  # pragma: no cover - the draw was proven to admit a balanced deal
            raise BalanceError(f"the solver found no balanced deal ({balance}) for this draw")
    _, pot, red, blue = model.counts_of(sorted(witness))
    return pot, red, blue


# -- deal() -----------------------------------------------------------------------------------


def _draw_face_down(rng: random.Random, face_down: Dominoes | None) -> list[int]:
    if face_down is None:
        return [piece // COPIES + 1 for piece in rng.sample(range(DOMINO_COUNT), FACE_DOWN_COUNT)]
    digits = list(face_down)
    rng.shuffle(digits)
    return digits


def deal(
    seed: int,
    colouring: Colouring | None = None,
    balance: Balance | None = None,
    *,
    face_down: Dominoes | None = None,
    method: DealMethod = "solver",
    backend: BackendName = "sat",
    budget: Budget | None = None,
    max_attempts: int = REJECTION_ATTEMPTS,
) -> Deal:
    """A random deal, the same for the same arguments (TD-2 to TD-4, TD-15, TD-16).

    Everything random comes from ``random.Random(seed)``, in this order:

    1. **The colouring** (TD-2), unless given: each player's 36 squares are
       a uniform random set of 36 of the 81, the two drawn independently
       (a square may carry both colours). This is a neutral default, not a
       model of how players choose.
    2. **The face-down draw** (TD-3): 8 of the 90 physical dominoes, drawn
       uniformly without replacement (or the digits of ``face_down``, in a
       random order).
    3. **The face-down squares**: 8 distinct white squares, drawn uniformly
       from the white squares in row-major order; the first four dominoes
       drawn go on the first four squares, placed by Red, the last four on
       the others, placed by Blue. (Players choose these squares in a game;
       here they are uniform, and so is which digit lies where.)
    4. **The deal** (TD-4 under TD-16): uniform among the fair deals of the
       82 dominoes left, counting dominoes as pieces, exactly the
       distribution of "shuffle the 82, deal 2 to the pot and 40 to each
       player, and deal again until the sums are equal": rejection sampling
       on bit masks, each rejection restarting the whole deal (see
       :func:`count_fair_deals` for the acceptance rate: between 1.60 % and
       1.87 % depending on the draw, 1.71 % on average).
       Piles and pot are listed in dealt order, a uniform order. With no
       colouring, face-down draw or balance given, the compiled extension
       (:data:`COMPILED`) makes the same draws from the same generator
       (CPython's Mersenne Twister seeded with ``seed``), so the same deal,
       about 7 times as fast. Were a
       draw to admit no fair deal, it would be drawn again (TD-4); no draw
       of 8 lacks one.

    **Balance** (TD-15, off by default). A draw that admits no fair deal
    meeting the options (decided by the count model's solver,
    :func:`dokuspec.spec.twodoku.deal_models.count_model`) is drawn again, as
    TD-4 does for fairness (up to :data:`MAX_REDRAWS` draws). Then:

    * ``method="solver"`` (the default): up to :data:`SOLVER_TRIES`
      uniform fair deals are drawn as above, and the first that meets the
      options is the deal (so far exactly uniform among the balanced fair
      deals). If none does, balanced digit counts are chosen close to the
      last one drawn: the pot's and Red's count of each digit, in a random
      order, each keeps that deal's value if some balanced deal allows it
      with the counts fixed before, else takes the closest value one allows
      (the smaller of two). The solver only answers whether a balanced
      deal exists, so the deal depends on the seed alone, whichever backend
      answers. The pot and piles are those counts in a uniform order.
      **Not uniform over balanced deals** when the solver steps in (always
      for tight options such as a gap of 0 or 1): deals close to a likely
      fair deal are favoured, and the greedy order decides among equally
      close ones. Given the counts, the order of each pile and of the pot
      is uniform. Milliseconds to tens of milliseconds.
    * ``method="rejection"``: uniform fair deals are drawn until one meets
      the options: **exactly uniform among the balanced fair deals** of
      the draw. After ``max_attempts`` fair deals without one it refuses
      (BalanceError) rather than loop; tight options (a gap of 0 or 1) need
      far more attempts than any budget allows: use the solver.

    Args:
        seed: the deal's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        colouring: the colouring to deal on (TD-2); ``None``: a random one.
        balance: balance options (TD-15); ``None``: none.
        face_down: the face-down draw's digits (8 dominoes); ``None``: drawn.
        method: ``"solver"`` or ``"rejection"`` (only with balance options).
        backend: the solver backend, ``"sat"`` or ``"z3"`` (only with balance options).
        budget: a time limit for the solver calls of this deal (only with balance
            options); its clock runs from when the Budget was made, so make one per call.
        max_attempts: fair deals ``method="rejection"`` draws before it refuses.

    Returns:
        A deal that :func:`validate` accepts (with ``balance``, too).

    Raises:
        TypeError: an argument of the wrong type.
        DokuspecError: ``seed`` outside 0 to ``2**64 - 1``.
        PositionError: ``face_down`` not 8 dominoes of the 90, or (given
            ``face_down``) no fair or balanced deal for that draw.
        GameOptionError: an unknown method or backend, or max_attempts below 1.
        BalanceError: balance options not met within the attempts, redraws
            or solver budget.
    """
    seed = check_seed(seed)
    options = as_balance(balance)
    if colouring is not None and not isinstance(colouring, Colouring):
        raise TypeError(f"colouring is a Colouring or None, not {type(colouring).__name__}")
    if face_down is not None:
        _face_down_draw(face_down)
    if method not in DEAL_METHODS:
        raise option_error("method", f"is 'solver' or 'rejection', not {quote(method)}")
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int):
        raise TypeError(f"max_attempts is an int, not {type(max_attempts).__name__}")
    if max_attempts < 1:
        raise option_error("max_attempts", f"is 1 or more, not {max_attempts}")
    limits = as_budget(budget)
    if options.active:
        _compiled(options, backend)  # checks the backend name before any drawing
    elif colouring is None and face_down is None and _COMPILED_DEAL is not None:
        parts = _COMPILED_DEAL(seed)  # the same draws from the same generator, compiled
        if parts is not None:
            return _make_deal(*parts)
    rng = random.Random(seed)
    if colouring is None:
        red_indices = sorted(rng.sample(range(81), SQUARES_EACH))
        blue_indices = sorted(rng.sample(range(81), SQUARES_EACH))
    else:
        red_indices = sorted(s.index for s in colouring.red)
        blue_indices = sorted(s.index for s in colouring.blue)
    coloured = set(red_indices) | set(blue_indices)
    white = [i for i in range(81) if i not in coloured]
    for _ in range(MAX_REDRAWS):
        digits = _draw_face_down(rng, face_down)
        squares = rng.sample(white, FACE_DOWN_COUNT)
        remaining = _counts_left(digits)
        pieces = _pieces_of(remaining[0])
        if not options.active:
            pot, red, blue = _fair_split(rng, pieces)
            return _make_deal(red_indices, blue_indices, squares, digits, pot, red, blue)
        # A balanced deal found among uniform fair deals proves that the draw admits one;
        # only when none is found does the solver decide whether to draw again.
        tries = min(SOLVER_TRIES, max_attempts)
        (pot, red, blue), met = _first_balanced(rng, pieces, options, tries)
        if not met:
            if not _balanced_deal_exists(options, remaining[1], backend, limits):
                if face_down is not None:
                    raise PositionError(
                        f"the face-down draw {face_down} admits no fair deal with {options} (TD-15)"
                    )
                continue
            if method == "rejection":
                (pot, red, blue), met = _first_balanced(rng, pieces, options, max_attempts - tries)
                if not met:
                    raise BalanceError(
                        f"none of {max_attempts:,} uniform fair deals met {options}; this "
                        "draw's balanced deals are rarer than that: raise max_attempts, or "
                        "use method='solver'"
                    )
            else:
                counts = _solver_counts(
                    rng, options, remaining[1], (pot, red, blue), backend, limits
                )
                pot, red, blue = (_shuffled(rng, c) for c in counts)
        return _make_deal(red_indices, blue_indices, squares, digits, pot, red, blue)
    raise BalanceError(
        f"none of {MAX_REDRAWS} face-down draws admits a fair deal with {options} (TD-15)"
    )


def _compiled_deal() -> Callable[[int], tuple[bytes, ...] | None] | None:
    """``_fastdeal.deal``: :func:`deal` with no options, compiled (``None`` when not built)."""
    try:
        from dokuspec.twodoku import _fastdeal  # type: ignore[attr-defined,unused-ignore]  # noqa: PLC0415
    except ImportError:
        return None
    found: Callable[[int], tuple[bytes, ...] | None] = _fastdeal.deal
    return found


_COMPILED_DEAL = _compiled_deal()

#: Whether :func:`deal` with no options runs compiled (the optional C extension
#: ``dokuspec.twodoku._fastdeal``, the same draws of the same generator as the Python
#: code, so the same deals); otherwise the Python code deals.
COMPILED: bool = _COMPILED_DEAL is not None


def _counts_left(face_down: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The counts of the 82 left and of the draw itself."""
    drawn = _counts(face_down)
    return tuple(COPIES - n for n in drawn), drawn


def _first_balanced(
    rng: random.Random, pieces: _Pieces, balance: Balance, attempts: int
) -> tuple[tuple[list[int], list[int], list[int]], bool]:
    """Up to ``attempts`` uniform fair deals: the first that meets ``balance`` (and True),
    else the last one drawn (and False)."""
    drawn: tuple[list[int], list[int], list[int]] = ([], [], [])
    for _ in range(attempts):
        drawn = _fair_split(rng, pieces)
        if balance.is_met(drawn[1], drawn[2]):
            return drawn, True
    return drawn, False


_PAIRS: Final = tuple((s.row, s.col) for s in ALL_SQUARES)


def _make_deal(
    red_indices: Sequence[int],
    blue_indices: Sequence[int],
    squares: Sequence[int],
    digits: Sequence[int],
    pot: Sequence[int],
    red: Sequence[int],
    blue: Sequence[int],
) -> Deal:
    pair = _PAIRS
    # ints and tuples of ints by construction: the type checks of the constructor are skipped
    return Deal._unchecked(
        tuple([pair[i] for i in red_indices]),
        tuple([pair[i] for i in blue_indices]),
        tuple(
            [
                DealFaceDown._unchecked(
                    pair[square][0],
                    pair[square][1],
                    digit,
                    RED if number < FACE_DOWN_EACH else BLUE,
                )
                for number, (square, digit) in enumerate(zip(squares, digits, strict=True))
            ]
        ),
        tuple(pot),
        tuple(red),
        tuple(blue),
    )
