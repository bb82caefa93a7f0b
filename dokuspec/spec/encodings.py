"""Game-neutral encodings over the modelling vocabulary: numbers made of literals.

Every function here adds Boolean variables to a :class:`~dokuspec.spec.model.Model`
and returns the constraints (clauses) that define them; none knows a game.
The games' models (:mod:`dokuspec.spec.competitive`,
:mod:`dokuspec.spec.twodoku`) count and sum with them.

* **Binary numbers** (:data:`Bits`): :func:`binary_sum` adds numbers given
  as one-hot :data:`Addend` choices with ripple-carry adders (half and full
  adders, every clause of their truth tables), :func:`plus_constant` adds a
  constant, and :func:`bits_equal` and :func:`bits_at_most` compare two
  numbers bit by bit. These are the adder networks and comparators of
  N. Eén and N. Sörensson, "Translating Pseudo-Boolean Constraints into
  SAT", *Journal on Satisfiability, Boolean Modeling and Computation* 2
  (2006), section 5 (after J. P. Warners, "A linear-time transformation of
  linear inequalities into conjunctive normal form", *Information
  Processing Letters* 68 (1998)).
* **Order-encoded sums** (:class:`SumLiterals`): :func:`sequential_sum`
  gives a literal "the sum is at least ``t``" for every ``t``, built over
  the partial sums, the sequential weight counter of S. Hölldobler,
  N. Manthey and P. Steinke, "A Compact Encoding of Pseudo-Boolean
  Constraints into SAT", *KI 2012*, LNCS 7526, with the order encoding of
  N. Tamura, A. Taga, S. Kitagawa and M. Banbara, "Compiling finite linear
  CSP into SAT", *Constraints* 14 (2009).
* **Counting literals**: :func:`sequential_counter`, C. Sinz's sequential
  counter ("Towards an Optimal CNF Encoding of Boolean Cardinality
  Constraints", *CP 2005*, LNCS 3709) with its clauses in both directions.

Literals are DIMACS-style non-zero ints (negative: the negation), as in
:mod:`dokuspec.spec.model`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from dokuspec.spec.model import Constraint, Model, clause

__all__ = [
    "Addend",
    "Bits",
    "LiteralOrConstant",
    "SumLiterals",
    "add_bits",
    "append_clause",
    "binary_sum",
    "bits_at_most",
    "bits_equal",
    "negate",
    "plus_constant",
    "sequential_counter",
    "sequential_sum",
]

# -- binary numbers -----------------------------------------------------------------------------

Addend: TypeAlias = Sequence[tuple[int, int]]
"""A number in a model, as ``(literal, value)`` pairs with at most one literal true.

The addend's value is the value paired with its true literal, 0 when none
is. A one-hot finite-domain variable gives one pair per value; a single
Boolean gives ``((literal, 1),)``.
"""

Bits: TypeAlias = list[int | None]
"""A binary number, least significant bit first, as a literal per bit (``None`` for 0)."""


def _addend_bits(model: Model, addend: Addend, name: str, out: list[Constraint]) -> Bits:
    top = max((value for _, value in addend), default=0)
    bits: Bits = []
    for j in range(top.bit_length()):
        literals = [literal for literal, value in addend if value >> j & 1]
        if not literals:
            bits.append(None)
        elif len(literals) == 1:
            bits.append(literals[0])
        else:
            bit = model.bool_var(f"{name}, bit {j}")
            out.extend(clause(-literal, bit) for literal in literals)
            out.append(clause(-bit, *literals))
            bits.append(bit)
    return bits


def _xor(model: Model, inputs: Sequence[int], name: str, out: list[Constraint]) -> int:
    """A literal equal to the parity of 2 or 3 input literals (all clauses of its truth table).

    The sum bit of a half adder (2 inputs) or a full adder (3 inputs).
    """
    result = model.bool_var(name)
    for signs in itertools.product((1, -1), repeat=len(inputs)):
        odd = sum(1 for s in signs if s > 0) % 2  # inputs true under this row
        literals = [-s * lit for s, lit in zip(signs, inputs, strict=True)]
        out.append(clause(*literals, result if odd else -result))
    return result


def _majority(model: Model, inputs: Sequence[int], name: str, out: list[Constraint]) -> int:
    """A literal true when at least 2 of 2 or 3 inputs are: the carry of a half or full adder."""
    result = model.bool_var(name)
    for a, b in itertools.combinations(inputs, 2):
        out.append(clause(-a, -b, result))
    if len(inputs) == 2:
        out.extend(clause(-result, lit) for lit in inputs)
    else:
        for a, b in itertools.combinations(inputs, 2):
            out.append(clause(-result, a, b))
    return result


def add_bits(model: Model, left: Bits, right: Bits, name: str, out: list[Constraint]) -> Bits:
    """``left + right`` by a ripple-carry adder, its defining clauses appended to ``out``.

    Each bit position is a half adder (two inputs) or a full adder (two bits
    and the carry); a position with one input passes it on. The new
    variables are named after ``name`` ("..., bit j", "..., carry j").

    Returns:
        The sum's bits, least significant first (``None`` for a bit always 0),
        one longer than the longer input when the last position carries.
    """
    result: Bits = []
    carry: int | None = None
    for j in range(max(len(left), len(right))):
        inputs = [
            lit
            for lit in (
                left[j] if j < len(left) else None,
                right[j] if j < len(right) else None,
                carry,
            )
            if lit is not None
        ]
        if len(inputs) <= 1:
            result.append(inputs[0] if inputs else None)
            carry = None
            continue
        result.append(_xor(model, inputs, f"{name}, bit {j}", out))
        carry = _majority(model, inputs, f"{name}, carry {j}", out)
    if carry is not None:
        result.append(carry)
    return result


def binary_sum(model: Model, addends: Sequence[Addend], name: str) -> tuple[Bits, list[Constraint]]:
    """The sum of ``addends`` as bits, and the clauses defining them.

    Each addend becomes bits (one literal per bit, or an auxiliary variable
    equal to the disjunction of the literals whose value has that bit), and
    the numbers are added pairwise in a balanced tree of ripple-carry adders
    (half and full adders with every clause of their truth tables, so each
    sum bit is a function of the inputs).

    Returns:
        ``(bits, constraints)``: the sum's bits, least significant first
        (``None`` for a bit that is always 0), and the clauses to add
        (unguarded: they define the bits, they forbid nothing).
    """
    out: list[Constraint] = []
    numbers = [
        _addend_bits(model, addend, f"{name}, term {i}", out) for i, addend in enumerate(addends)
    ]
    level = 0
    while len(numbers) > 1:
        level += 1
        paired: list[Bits] = []
        for i in range(0, len(numbers) - 1, 2):
            paired.append(
                add_bits(model, numbers[i], numbers[i + 1], f"{name}, sum {level}.{i // 2}", out)
            )
        if len(numbers) % 2:
            paired.append(numbers[-1])
        numbers = paired
    return (numbers[0] if numbers else []), out


def bits_equal(left: Bits, right: Bits) -> list[Constraint]:
    """Clauses stating ``left == right``, bit by bit (a missing or ``None`` bit is 0).

    Adds no variable; the clauses forbid every assignment where the two
    numbers differ.
    """
    constraints: list[Constraint] = []
    for j in range(max(len(left), len(right))):
        a = left[j] if j < len(left) else None
        b = right[j] if j < len(right) else None
        if a is None and b is None:
            continue
        if a is None:
            assert b is not None
            constraints.append(clause(-b))
        elif b is None:
            constraints.append(clause(-a))
        else:
            constraints += [clause(-a, b), clause(a, -b)]
    return constraints


def bits_at_most(model: Model, left: Bits, right: Bits, name: str) -> list[Constraint]:
    """Clauses stating ``left <= right`` (with auxiliary "equal so far" literals).

    The numbers are compared from the most significant bit down; a new
    literal "equal above bit j" (named after ``name``) links each position
    to the next.
    """
    constraints: list[Constraint] = []
    width = max(len(left), len(right))
    equal: int | None = None  # None: the bits above are all equal (the top)
    for j in range(width - 1, -1, -1):
        a = left[j] if j < len(left) else None
        b = right[j] if j < len(right) else None
        guard = [] if equal is None else [-equal]
        if a is not None:
            constraints.append(clause(*guard, -a) if b is None else clause(*guard, -a, b))
        if j == 0:
            break
        following = model.bool_var(f"{name}, equal above bit {j - 1}")
        if a is None and b is None:
            constraints.append(clause(*guard, following))
        elif a is None:
            assert b is not None
            constraints.append(clause(*guard, b, following))
        elif b is None:
            constraints.append(clause(*guard, a, following))
        else:
            constraints += [clause(*guard, a, b, following), clause(*guard, -a, -b, following)]
        equal = following
    return constraints


def plus_constant(
    model: Model, bits: Bits, constant: int, name: str
) -> tuple[Bits, list[Constraint]]:
    """``bits + constant`` as bits, with the clauses defining them.

    ``constant`` is 0 or more; 0 returns a copy of ``bits`` and no clause.
    Otherwise a variable fixed true ("``name``, constant 1") stands for the
    constant's 1 bits and :func:`add_bits` adds them.

    Returns:
        ``(bits, constraints)``, as :func:`binary_sum`.
    """
    out: list[Constraint] = []
    if not constant:
        return list(bits), out
    true = model.bool_var(f"{name}, constant 1")
    out.append(clause(true))
    fixed: Bits = [true if constant >> j & 1 else None for j in range(constant.bit_length())]
    return add_bits(model, list(bits), fixed, name, out), out


# -- order-encoded sums -------------------------------------------------------------------------

LiteralOrConstant: TypeAlias = int | bool
"""A literal, or the constant ``True`` / ``False`` where a sum's bound is trivial."""


def negate(literal: LiteralOrConstant) -> LiteralOrConstant:
    """The negation of a literal, or of a constant (``not literal``)."""
    if literal is True or literal is False:
        return not literal
    return -literal


def append_clause(into: list[Constraint], literals: Iterable[LiteralOrConstant]) -> None:
    """Append the clause of ``literals``, simplified: skipped when a constant is true."""
    kept: list[int] = []
    for literal in literals:
        if literal is True:
            return
        if literal is False:
            continue
        kept.append(literal)
    into.append(clause(*kept))


@dataclass(frozen=True, slots=True)
class SumLiterals:
    """The order encoding of a sum: a literal "the sum is at least ``t``" for each ``t``.

    Attributes:
        name: what is summed ("the face-down digits").
        low: the least value the sum can take.
        high: the greatest value the sum can take.
        literals: ``literals[t - low - 1]`` is "the sum >= t", for ``low < t <= high``.
    """

    name: str
    low: int
    high: int
    literals: tuple[int, ...]

    def at_least(self, value: int) -> LiteralOrConstant:
        """The literal "the sum >= value" (``True``/``False`` outside ``low < value <= high``)."""
        if value <= self.low:
            return True
        if value > self.high:
            return False
        return self.literals[value - self.low - 1]

    def equal_to(self, value: int) -> list[LiteralOrConstant]:
        """Literals that together say "the sum == value" (constants where trivial)."""
        return [self.at_least(value), negate(self.at_least(value + 1))]


def sequential_sum(
    model: Model,
    name: str,
    items: Sequence[Sequence[tuple[int, int]]],
    *,
    exactly_one: bool,
) -> SumLiterals:
    """Add the sequential (order-encoded) sum of ``items`` to ``model``.

    Item ``k`` contributes the weight ``w`` of its true option ``(w, literal)``
    (its options exclude each other), or 0 when none is true (impossible
    with ``exactly_one``). Partial sums ``s_k`` get literals ``s_k >= t``;
    with ``s_(k-1) >= t`` and an option ``(w, l)`` true, ``s_k >= t + w``;
    with ``s_(k-1) < t + 1`` and ``l``, ``s_k < t + w + 1``; with no option
    true, ``s_k`` equals ``s_(k-1)``. Unit propagation keeps the bounds of
    every partial sum consistent. Weights are positive.

    Returns:
        The literals of the last partial sum (the whole sum).
    """
    constraints: list[Constraint] = []
    low = high = 0
    previous = SumLiterals(name, 0, 0, ())
    for k, options in enumerate(items, start=1):
        weights = [w for w, _ in options]
        new_low = low + (min(weights) if exactly_one else 0)
        new_high = high + max(weights)
        current = SumLiterals(
            name,
            new_low,
            new_high,
            tuple(
                model.bool_var(f"{name}, first {k}: at least {t}")
                for t in range(new_low + 1, new_high + 1)
            ),
        )
        for t in range(new_low + 1, new_high):
            append_clause(constraints, [negate(current.at_least(t + 1)), current.at_least(t)])
        for t in range(low, high + 1):
            for weight, literal in options:
                append_clause(
                    constraints,
                    [negate(previous.at_least(t)), -literal, current.at_least(t + weight)],
                )
                append_clause(
                    constraints,
                    [previous.at_least(t + 1), -literal, negate(current.at_least(t + weight + 1))],
                )
            if not exactly_one:
                append_clause(constraints, [negate(previous.at_least(t)), current.at_least(t)])
                append_clause(
                    constraints,
                    [
                        previous.at_least(t + 1),
                        *(literal for _, literal in options),
                        negate(current.at_least(t + 1)),
                    ],
                )
        previous, low, high = current, new_low, new_high
    model.add(f"{name}: the sum", constraints)
    return previous


# -- counting literals --------------------------------------------------------------------------


def sequential_counter(
    model: Model, literals: Sequence[int], label: str
) -> tuple[tuple[int, ...], list[Constraint]]:
    """A sequential counter: ``result[k - 1]`` is true exactly when at least ``k`` literals are.

    ``s[i][k]`` ("at least ``k`` of the first ``i + 1``") is defined in both
    directions, so every counter literal is a function of the counted ones.
    """
    constraints: list[Constraint] = []
    previous: list[int] = [literals[0]]  # at least 1 of the first one: the literal itself
    for i in range(1, len(literals)):
        x = literals[i]
        current: list[int] = []
        for k in range(1, i + 2):
            s = model.bool_var(f"at least {k} {label} in positions 1-{i + 1}")
            below = previous[k - 1] if k <= i else None  # at least k of the first i
            less = previous[k - 2] if k >= 2 else None  # at least k - 1 of the first i
            if below is not None:
                constraints.append(clause(-below, s))
            constraints.append(clause(-x, s) if less is None else clause(-x, -less, s))
            constraints.append(clause(-s, x) if below is None else clause(-s, below, x))
            if less is not None:
                constraints.append(clause(-s, less) if below is None else clause(-s, below, less))
            current.append(s)
        previous = current
    return tuple(previous), constraints
