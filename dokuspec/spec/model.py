"""The solver-neutral modelling vocabulary.

A :class:`Model` holds Boolean variables, finite-domain variables and named
groups of constraints. It knows no solver: :mod:`dokuspec.solvers` compiles it
to CNF (python-sat) or to Z3.

Conventions (DIMACS):

* A Boolean variable is a positive integer ``v >= 1``; a **literal** is ``v``
  (the variable is true) or ``-v`` (it is false).
* A **finite-domain variable** (:class:`IntVar`) takes one value of a finite
  set of integers. It is represented by one Boolean literal per value, of
  which exactly one is true (the *direct* or *one-hot* encoding).
* Every constraint belongs to a :class:`Group` with a name in the game's terms
  ("row 4, colour 7"). A group may be **guarded** by a selector literal: the
  group holds only when its selector is true, so a solver can take the
  selector as an assumption and name the group in an unsat core.

Constraint kinds: :class:`Clause`, :class:`Cardinality` (at most / at least /
exactly ``k`` of some literals), :class:`PseudoBoolean` (a linear constraint
with integer coefficients over literals) and :class:`Table` (allowed or
forbidden tuples of values of finite-domain variables). :class:`Objective` is a
linear function of literals to minimise or maximise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from dokuspec.errors import ModelError

__all__ = [
    "Cardinality",
    "Clause",
    "Comparator",
    "Constraint",
    "Group",
    "IntVar",
    "Model",
    "Objective",
    "Prohibitions",
    "PseudoBoolean",
    "Table",
    "at_least",
    "at_most",
    "can_hold",
    "clause",
    "exactly",
    "linear",
    "prohibitions",
    "sums_equal",
]

Comparator: TypeAlias = Literal["<=", ">=", "=="]
"""How the left-hand side of a cardinality or linear constraint compares to its bound."""

_COMPARATORS = ("<=", ">=", "==")


@dataclass(frozen=True, slots=True)
class Clause:
    """A disjunction of literals: at least one of them is true.

    The empty clause is unsatisfiable.
    """

    literals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cardinality:
    """A cardinality constraint: the number of true literals ``comparator`` ``bound``.

    Attributes:
        literals: the counted literals (distinct variables).
        comparator: ``"<="`` (at most), ``">="`` (at least) or ``"=="`` (exactly).
        bound: a non-negative integer.
    """

    literals: tuple[int, ...]
    comparator: Comparator
    bound: int


@dataclass(frozen=True, slots=True)
class PseudoBoolean:
    """A pseudo-Boolean linear constraint ``sum(c * l) comparator bound``.

    A true literal counts 1, a false one 0. Coefficients may be negative, so an
    equality between two sums is one constraint (see :func:`sums_equal`).

    Attributes:
        terms: ``(coefficient, literal)`` pairs, coefficients non-zero integers.
        comparator: ``"<="``, ``">="`` or ``"=="``.
        bound: an integer.
    """

    terms: tuple[tuple[int, int], ...]
    comparator: Comparator
    bound: int

    def normalized(self) -> PseudoBoolean:
        """Return the same constraint with every coefficient positive.

        A term ``c * l`` with ``c < 0`` is rewritten ``-c * (-l) + c``
        (because ``l = 1 - (-l)``), and the constant moves to the bound.
        """
        terms: list[tuple[int, int]] = []
        bound = self.bound
        for coefficient, literal in self.terms:
            if coefficient < 0:
                terms.append((-coefficient, -literal))
                bound -= coefficient
            else:
                terms.append((coefficient, literal))
        return PseudoBoolean(tuple(terms), self.comparator, bound)


@dataclass(frozen=True, slots=True)
class IntVar:
    """A finite-domain variable, one Boolean literal per value.

    Attributes:
        name: a readable name ("r4c7").
        values: the domain, distinct integers in a fixed order.
        literals: ``literals[i]`` is true exactly when the variable equals ``values[i]``.
    """

    name: str
    values: tuple[int, ...]
    literals: tuple[int, ...]

    def literal(self, value: int) -> int:
        """Return the literal that is true when this variable equals ``value``.

        Raises:
            ModelError: ``value`` is not in the domain.
        """
        try:
            return self.literals[self.values.index(value)]
        except ValueError:
            raise ModelError(f"{value} is not in the domain of {self.name}") from None

    def value_of(self, true_literals: Iterable[int]) -> int | None:
        """The value whose literal is among ``true_literals``, or ``None``."""
        wanted = set(true_literals)
        for value, literal in zip(self.values, self.literals, strict=True):
            if literal in wanted:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Table:
    """A table constraint over finite-domain variables.

    With ``allowed`` true the variables must take together one of ``tuples``;
    with ``allowed`` false they must take none of them.

    Attributes:
        variables: the constrained variables, in tuple order.
        tuples: value tuples, each as long as ``variables``.
        allowed: whether ``tuples`` lists the allowed (support) or forbidden tuples.
    """

    variables: tuple[IntVar, ...]
    tuples: tuple[tuple[int, ...], ...]
    allowed: bool = True


Constraint: TypeAlias = Clause | Cardinality | PseudoBoolean | Table
"""Any constraint a :class:`Group` can hold."""


@dataclass(frozen=True, slots=True)
class Group:
    """A named group of constraints.

    Attributes:
        name: the group's name in the game's terms, used to explain answers.
        constraints: the constraints, all of which must hold.
        selector: ``None`` for a group that always holds; otherwise a
            variable: the group holds when it is true. Pass it as an
            assumption to activate the group and to see it in unsat cores.
    """

    name: str
    constraints: tuple[Constraint, ...]
    selector: int | None = None


@dataclass(frozen=True, slots=True)
class Objective:
    """A linear objective ``sum(c * l)`` over literals.

    Attributes:
        terms: ``(coefficient, literal)`` pairs (integers, any sign).
        sense: ``"minimize"`` or ``"maximize"``.
    """

    terms: tuple[tuple[int, int], ...]
    sense: Literal["minimize", "maximize"] = "minimize"


def clause(*literals: int) -> Clause:
    """A :class:`Clause` of ``literals``."""
    return Clause(tuple(literals))


def at_most(literals: Iterable[int], k: int) -> Cardinality:
    """At most ``k`` of ``literals`` are true."""
    return Cardinality(tuple(literals), "<=", k)


def at_least(literals: Iterable[int], k: int) -> Cardinality:
    """At least ``k`` of ``literals`` are true."""
    return Cardinality(tuple(literals), ">=", k)


def exactly(literals: Iterable[int], k: int) -> Cardinality:
    """Exactly ``k`` of ``literals`` are true."""
    return Cardinality(tuple(literals), "==", k)


def linear(terms: Iterable[tuple[int, int]], comparator: Comparator, bound: int) -> PseudoBoolean:
    """A :class:`PseudoBoolean` constraint ``sum(c * l) comparator bound``."""
    return PseudoBoolean(tuple(terms), comparator, bound)


def sums_equal(left: Iterable[tuple[int, int]], right: Iterable[tuple[int, int]]) -> PseudoBoolean:
    """The pseudo-Boolean equality ``sum(left) == sum(right)``.

    Each side is a sequence of ``(coefficient, literal)`` pairs. Used, for
    example, for fair deals: two piles with equal sums (rule TD-4).
    """
    terms = [(c, lit) for c, lit in left] + [(-c, lit) for c, lit in right]
    return PseudoBoolean(tuple(terms), "==", 0)


def can_hold(constraint: Constraint, truth: Callable[[int], bool | None]) -> bool:
    """Whether ``constraint`` can still hold on a partial assignment, taken on its own.

    ``truth(literal)`` is the literal's value (``True``, ``False``) or
    ``None`` while its variable is unassigned. Every unassigned variable may
    take either value independently of the others: a relaxation within one
    constraint, exact once every variable it speaks of is assigned. A
    finite-domain variable of a :class:`Table` is assigned when one of its
    value literals is true, and otherwise may take any value of its domain.

    * a :class:`Clause`, :class:`Cardinality` or :class:`PseudoBoolean` can
      hold when its bound lies within the least and the most its sum can
      still reach (a clause: at least one literal can be true). An equality
      whose sum skips values (``2 * x == 1``) is judged by that range alone;
    * an allowed :class:`Table` when some tuple agrees with the assigned
      variables; a forbidden one unless every way to fill the unassigned
      variables is forbidden.

    Args:
        constraint: any constraint of a :class:`Group`.
        truth: the partial assignment, asked once per literal and value.

    Returns:
        ``False`` only when no values of the unassigned variables satisfy it
        (and always then, for a constraint over distinct variables that is
        not such an equality).
    """
    if isinstance(constraint, Table):
        known = [_assigned(var, truth) for var in constraint.variables]
        fits = [
            row
            for row in constraint.tuples
            if all(k is None or k == v for k, v in zip(known, row, strict=True))
        ]
        if constraint.allowed:
            return bool(fits)
        free = 1
        for var, k in zip(constraint.variables, known, strict=True):
            if k is None:
                free *= len(var.values)
        return len(set(fits)) != free  # not every way to fill the open variables is forbidden
    terms: Iterable[tuple[int, int]]
    if isinstance(constraint, PseudoBoolean):
        terms, comparator, bound = constraint.terms, constraint.comparator, constraint.bound
    elif isinstance(constraint, Cardinality):
        terms = ((1, literal) for literal in constraint.literals)
        comparator, bound = constraint.comparator, constraint.bound
    else:
        terms, comparator, bound = ((1, literal) for literal in constraint.literals), ">=", 1
    low = high = 0  # the least and the most the sum can still reach
    for coefficient, literal in terms:
        value = truth(literal)
        if value is None:
            if coefficient < 0:
                low += coefficient
            else:
                high += coefficient
        elif value:
            low += coefficient
            high += coefficient
    if comparator == "<=":
        return low <= bound
    if comparator == ">=":
        return high >= bound
    return low <= bound <= high


def _assigned(var: IntVar, truth: Callable[[int], bool | None]) -> int | None:
    """The value of ``var`` whose literal is true, or ``None`` (unassigned)."""
    for value, literal in zip(var.values, var.literals, strict=True):
        if truth(literal):
            return value
    return None


@dataclass(frozen=True, slots=True)
class Prohibitions:
    """A prohibitive model compiled to judge a whole assignment with one sum.

    Each prohibition counts some variables and allows at most ``k`` of them
    true (a clause of negative literals allows one fewer than its length; a
    forbidden tuple of a table, one fewer than its variables). Each gets a
    field of bits in one integer, wide enough that its count never carries
    into the next, and starts at a bias that sets the field's top bit (its
    guard) exactly when the count exceeds ``k``. ``weights[v]`` adds 1 to
    the field of every prohibition that counts variable ``v`` (once per
    occurrence), so the sum of the weights of the true variables, plus the
    bias, has a guard bit set exactly when some prohibition is broken.

    Attributes:
        weights: per variable ``0..top`` (index 0 unused), its integer weight.
        bias: the sum of every field's bias.
        guards: the guard bits.
        broken: whether the model holds an empty clause (no assignment obeys it).
        counted: the same prohibitions as a list, each the variables it
            counts and the most of them that may be true, ``(variables,
            most)``: for evaluators that count instead of summing (those
            that can never be broken are left out of both forms).
    """

    weights: tuple[int, ...]
    bias: int
    guards: int
    broken: bool = False
    counted: tuple[tuple[tuple[int, ...], int], ...] = ()

    def allow(self, true_variables: Iterable[int]) -> bool:
        """Whether the assignment that makes exactly ``true_variables`` true obeys every
        prohibition.

        Args:
            true_variables: distinct variables in ``1..top``, every other
                variable false, giving each finite-domain variable of a
                table exactly one value. A variable listed twice counts twice.

        Raises:
            IndexError: a variable above ``top``.
        """
        if self.broken:
            return False
        return not (sum(map(self.weights.__getitem__, true_variables), self.bias) & self.guards)


def prohibitions(model: Model, top: int) -> Prohibitions:
    """Compile the prohibitions of ``model`` over variables ``1..top`` (:class:`Prohibitions`).

    Recognised forms, each anti-monotone (making a true variable false never
    breaks it): a :class:`Clause` of negative literals, an "at most"
    :class:`Cardinality` over positive literals, and a forbidden
    :class:`Table` whose value literals are variables. Every group must be
    unguarded and every literal a variable in ``1..top``.

    Args:
        model: the model.
        top: the highest variable an assignment speaks of (a positive int).

    Returns:
        The compiled prohibitions.

    Raises:
        ModelError: a constraint of another form, a guarded group, or a
            literal outside ``1..top``; ``top`` out of range.
    """
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= model.num_vars:
        raise ModelError(f"top must be a variable of the model (1..{model.num_vars}), not {top!r}")
    counted: list[tuple[tuple[int, ...], int]] = []  # (variables counted, at most this many true)
    broken = False
    for group in model.groups:
        if group.selector is not None:
            raise ModelError(f"group {group.name!r} is guarded; prohibitions hold always")
        for constraint in group.constraints:
            if isinstance(constraint, Clause):
                if not constraint.literals:
                    broken = True
                    continue
                if any(literal > 0 for literal in constraint.literals):
                    raise ModelError(f"group {group.name!r}: a clause requires a literal")
                variables = tuple(-literal for literal in constraint.literals)
                counted.append((variables, len(variables) - 1))
            elif isinstance(constraint, Cardinality):
                if constraint.comparator != "<=" or any(lit < 0 for lit in constraint.literals):
                    raise ModelError(f"group {group.name!r}: not an 'at most' over variables")
                counted.append((constraint.literals, constraint.bound))
            elif isinstance(constraint, Table) and not constraint.allowed:
                for row in constraint.tuples:
                    variables = tuple(
                        var.literal(value)
                        for var, value in zip(constraint.variables, row, strict=True)
                    )
                    counted.append((variables, len(variables) - 1))
            else:
                kind = type(constraint).__name__
                raise ModelError(f"group {group.name!r}: a {kind} that does not only forbid")
    weights = [0] * (top + 1)
    bias = guards = 0
    offset = 0
    kept: list[tuple[tuple[int, ...], int]] = []
    for variables, most in counted:
        if most >= len(variables):
            continue  # it can never be broken
        kept.append((tuple(variables), most))
        if any(not 1 <= v <= top for v in variables):
            raise ModelError(f"a prohibition counts a variable outside 1..{top}")
        # A field of ``high + 1`` bits: the count plus the bias stays below 2**(high + 1)
        # and reaches the guard, 2**high, exactly when the count exceeds ``most``.
        high = max(most.bit_length(), (len(variables) - most - 1).bit_length())
        for variable in variables:
            weights[variable] += 1 << offset
        bias += ((1 << high) - 1 - most) << offset
        guards |= 1 << (offset + high)
        offset += high + 1
    return Prohibitions(tuple(weights), bias, guards, broken, tuple(kept))


@dataclass
class Model:
    """A constraint model: variables and named groups of constraints.

    Variables are numbered from 1 in creation order. Constraints are checked
    when added: a literal naming an unknown variable, a value outside a
    domain or a malformed bound raises :class:`~dokuspec.errors.ModelError`.
    """

    num_vars: int = 0
    groups: list[Group] = field(default_factory=list)
    int_vars: list[IntVar] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)

    def bool_var(self, name: str | None = None) -> int:
        """Create a Boolean variable and return it (a positive literal)."""
        self.num_vars += 1
        if name is not None:
            self.names[self.num_vars] = name
        return self.num_vars

    def int_var(self, name: str, values: Iterable[int]) -> IntVar:
        """Create a finite-domain variable over ``values``.

        Adds the group ``"domain of <name>"``: exactly one value literal is true.

        Raises:
            ModelError: the domain is empty or has repeated values.
        """
        domain = tuple(values)
        if not domain:
            raise ModelError(f"the domain of {name} is empty")
        if len(set(domain)) != len(domain):
            raise ModelError(f"the domain of {name} repeats a value")
        literals = tuple(self.bool_var(f"{name}={v}") for v in domain)
        var = IntVar(name, domain, literals)
        self.int_vars.append(var)
        self.add(f"domain of {name}", [exactly(literals, 1)])
        return var

    def add(self, name: str, constraints: Iterable[Constraint], *, guarded: bool = False) -> Group:
        """Add a named group of constraints and return it.

        Args:
            name: the group's name in the game's terms.
            constraints: the constraints of the group.
            guarded: when true a fresh selector variable guards the group
                (see :class:`Group`).

        Raises:
            ModelError: a constraint is malformed; the message names the group.
        """
        items = tuple(constraints)
        for item in items:
            self._check(name, item)
        selector = self.bool_var(f"selector of {name}") if guarded else None
        group = Group(name, items, selector)
        self.groups.append(group)
        return group

    def selectors(self) -> list[int]:
        """The selector variables of all guarded groups, in creation order."""
        return [g.selector for g in self.groups if g.selector is not None]

    def check_literal(self, literal: int, where: str = "") -> None:
        """Raise :class:`ModelError` unless ``literal`` names a variable of this model."""
        if not isinstance(literal, int) or literal == 0 or abs(literal) > self.num_vars:
            raise ModelError(f"{where}: {literal!r} is not a literal of this model".lstrip(": "))

    def _check(self, name: str, item: Constraint) -> None:
        where = f"group {name!r}"
        if isinstance(item, Clause):
            for lit in item.literals:
                self.check_literal(lit, where)
        elif isinstance(item, Cardinality):
            if item.comparator not in _COMPARATORS:
                raise ModelError(f"{where}: unknown comparator {item.comparator!r}")
            if item.bound < 0:
                raise ModelError(f"{where}: cardinality bound {item.bound} is negative")
            for lit in item.literals:
                self.check_literal(lit, where)
            if len({abs(lit) for lit in item.literals}) != len(item.literals):
                raise ModelError(f"{where}: a cardinality constraint repeats a variable")
        elif isinstance(item, PseudoBoolean):
            if item.comparator not in _COMPARATORS:
                raise ModelError(f"{where}: unknown comparator {item.comparator!r}")
            for coefficient, lit in item.terms:
                if not isinstance(coefficient, int) or coefficient == 0:
                    raise ModelError(f"{where}: coefficient {coefficient!r} is not a non-zero int")
                self.check_literal(lit, where)
            if len({abs(lit) for _, lit in item.terms}) != len(item.terms):
                raise ModelError(f"{where}: a linear constraint repeats a variable")
        elif isinstance(item, Table):
            arity = len(item.variables)
            if arity == 0:
                raise ModelError(f"{where}: a table constraint needs at least one variable")
            for row in item.tuples:
                if len(row) != arity:
                    raise ModelError(f"{where}: tuple {row} has {len(row)} values, not {arity}")
                for var, value in zip(item.variables, row, strict=True):
                    if value not in var.values:
                        raise ModelError(f"{where}: {value} is not in the domain of {var.name}")
        else:  # pragma: no cover - the type checker rules this out
            raise ModelError(f"{where}: {item!r} is not a constraint")

    def check_objective(self, objective: Objective) -> None:
        """Raise :class:`ModelError` unless ``objective`` is over this model's literals."""
        if objective.sense not in ("minimize", "maximize"):
            raise ModelError(f"unknown objective sense {objective.sense!r}")
        for coefficient, lit in objective.terms:
            if not isinstance(coefficient, int):
                raise ModelError(f"objective coefficient {coefficient!r} is not an int")
            self.check_literal(lit, "objective")

    def describe(self, literal: int) -> str:
        """A readable name for ``literal`` (``"r4c7=3"``, ``"not r4c7=3"``)."""
        name = self.names.get(abs(literal), f"x{abs(literal)}")
        return name if literal > 0 else f"not {name}"
