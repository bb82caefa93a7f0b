"""Proofs of unsatisfiability that anyone can check. Knows no game.

An "impossible" answer is a claim about every assignment. A **refutation**
makes it checkable: the CNF of the query, with the query's facts stated as
unit clauses (a solver's proof does not cover assumptions), and a DRUP proof
(clauses added and deleted, ending in the empty clause) written by a
proof-producing SAT solver of python-sat (``with_proof=True``). A checker
that shares no code with the solver replays the proof against the CNF:
:func:`check_refutation` uses `dratify <https://pypi.org/project/dratify/>`_
(forward DRAT checking, pure Python); any DRAT checker, such as
``drat-trim``, reads the same two files.

The CNF says what it states in comment lines: each variable's meaning (the
model's names; auxiliary variables of encodings are named as such) and, before
each group of clauses, the rule they encode, then the facts of the query. So a
reader can check that the CNF states the rules and the position and nothing
more.

Which solvers' proofs the checker accepts (:data:`PROOF_SOLVERS`) is measured
by the tests and ``benchmarks/proofs.py``: CaDiCaL 1.5.3 and 1.9.5 and
Glucose 4 and 4.2 write proofs dratify accepts; python-sat's Maplesat writes
proofs it rejects, and most other solvers of python-sat write none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata

from pysat.solvers import Solver

from dokuspec.errors import NotationError, SolverError

__all__ = [
    "PROOF_SOLVERS",
    "UNIT_PROPAGATION",
    "ProofCheck",
    "Refutation",
    "check_proof_request",
    "check_refutation",
    "dimacs",
    "read_dimacs",
    "refute",
]

#: The python-sat solvers (canonical names) whose proofs the checker accepts (see the
#: module notes; the tests check each of them).
PROOF_SOLVERS: tuple[str, ...] = ("cadical153", "cadical195", "glucose4", "glucose42")

#: The solver of :func:`refute` by default: CaDiCaL 1.9.5, which writes short proofs.
DEFAULT_PROOF_SOLVER = "cadical195"

#: ``Refutation.solver`` when unit propagation alone refutes the CNF (checked by MiniSat 2.2's
#: propagation at decision level 0) and the proof is the empty clause alone.
UNIT_PROPAGATION = "unit propagation"


@dataclass(frozen=True, slots=True)
class ProofCheck:
    """What a proof checker said of a refutation.

    Attributes:
        accepted: every step checked and the empty clause derived.
        checker: the checker and its version (``"dratify 0.1.10"``).
        steps: proof steps checked (clauses added and deleted).
        reason: the checker's reason when it rejects (``""`` when accepted).
    """

    accepted: bool
    checker: str
    steps: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Refutation:
    """A CNF and a DRUP proof that it is unsatisfiable.

    Attributes:
        cnf: the CNF in DIMACS text, with comment lines saying what it states.
        proof: the proof in DRUP text (one step a line; ``d`` deletes a clause).
        solver: the python-sat solver that wrote the proof (canonical name), or
            :data:`UNIT_PROPAGATION` when unit propagation alone refutes the
            CNF and the proof is the empty clause alone (``"0"``).
        variables: the CNF's variables.
        clauses: the CNF's clauses.
    """

    cnf: str
    proof: str
    solver: str
    variables: int
    clauses: int

    @property
    def lemmas(self) -> int:
        """Clauses the proof adds (its lines that are not deletions)."""
        return sum(1 for line in self.proof.splitlines() if line and line[0] not in "dc")

    @property
    def size(self) -> int:
        """The proof's size in bytes (UTF-8, which is ASCII here)."""
        return len(self.proof)

    def check(self) -> ProofCheck:
        """The independent checker's verdict (:func:`check_refutation`)."""
        return check_refutation(self.cnf, self.proof)


def check_proof_request(proof: object, backend: str) -> None:
    """Refuse a ``proof`` argument of a query that is not a bool, or ``True`` with another
    backend than ``"sat"`` (only the SAT backend writes proofs).

    Raises:
        TypeError: ``proof`` is not a bool.
        SolverError: ``proof`` is true and ``backend`` is not ``"sat"``.
    """
    if not isinstance(proof, bool):
        raise TypeError(f"proof must be a bool, not {type(proof).__name__}")
    if proof and backend != "sat":
        raise SolverError("proofs come from the SAT backend (backend='sat')")


def dimacs(
    sections: Iterable[tuple[str, Sequence[Sequence[int]]]],
    variables: int,
    names: Mapping[int, str],
    title: Sequence[str] = (),
) -> str:
    """DIMACS text of the clauses of ``sections``, each preceded by a comment naming it.

    Args:
        sections: ``(what the clauses state, clauses)`` in order.
        variables: the CNF's variable count (at least every variable used).
        names: the meaning of each named variable; the others are listed as
            auxiliary variables of the encodings.
        title: comment lines at the top.

    Raises:
        SolverError: a literal is 0 or names a variable above ``variables``.
    """
    body: list[str] = []
    count = 0
    for label, clauses in sections:
        body.append(f"c {label}")
        for cnf_clause in clauses:
            for literal in cnf_clause:
                if not literal or abs(literal) > variables:
                    raise SolverError(f"literal {literal} is outside 1..{variables}")
            body.append(" ".join(map(str, (*cnf_clause, 0))))
            count += 1
    head = [f"c {line}" for line in title]
    head.append(f"c {len(names)} named variables, then auxiliary ones of the encodings:")
    head += [f"c var {v} {names[v]}" for v in sorted(names)]
    unnamed = variables - len(names)
    if unnamed > 0:
        head.append(f"c the other {unnamed} variables are auxiliary")
    head.append(f"p cnf {variables} {count}")
    return "\n".join((*head, *body)) + "\n"


def read_dimacs(text: str, *, source: str = "<cnf>") -> tuple[int, list[tuple[int, ...]]]:
    """The variable count and clauses of DIMACS text, read strictly.

    Comment lines (``c``) anywhere; one header ``p cnf VARIABLES CLAUSES``
    before the first clause; clauses of non-zero integers within
    ``-VARIABLES..VARIABLES``, each ended by ``0`` (a clause may span lines);
    exactly ``CLAUSES`` of them.

    Raises:
        NotationError: the first thing wrong, located (``source:line:column: what``).
    """
    variables: int | None = None
    declared = 0
    clauses: list[tuple[int, ...]] = []
    pending: list[int] = []
    line_number = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] == "c":
            continue
        if stripped[0] == "p":
            fields = stripped.split()
            ok = len(fields) == 4 and fields[1] == "cnf" and all(f.isdigit() for f in fields[2:])
            if not ok or variables is not None:
                problem = "a second header" if ok else "a header is 'p cnf VARIABLES CLAUSES'"
                raise NotationError(problem, source=source, line=line_number, column=1)
            variables, declared = int(fields[2]), int(fields[3])
            continue
        column = 1
        for token in line.split():
            column = line.index(token, column - 1) + 1
            if variables is None:
                raise NotationError(
                    "a clause before the header", source=source, line=line_number, column=column
                )
            try:
                literal = int(token)
            except ValueError:
                raise NotationError(
                    f"{token!r} is not a literal", source=source, line=line_number, column=column
                ) from None
            if abs(literal) > variables:
                raise NotationError(
                    f"literal {literal} is outside -{variables}..{variables}",
                    source=source,
                    line=line_number,
                    column=column,
                )
            if literal:
                pending.append(literal)
            else:
                clauses.append(tuple(pending))
                pending = []
            column += len(token)
    if variables is None:
        raise NotationError("no 'p cnf' header", source=source, line=max(line_number, 1))
    if pending:
        raise NotationError("the last clause is not ended by 0", source=source, line=line_number)
    if len(clauses) != declared:
        raise NotationError(
            f"the header declares {declared} clauses, the file holds {len(clauses)}",
            source=source,
        )
    return variables, clauses


def refute(
    sections: Sequence[tuple[str, Sequence[Sequence[int]]]],
    variables: int,
    names: Mapping[int, str],
    *,
    title: Sequence[str] = (),
    solver: str = DEFAULT_PROOF_SOLVER,
) -> Refutation | None:
    """A refutation of the CNF of ``sections``, or ``None`` when it is satisfiable.

    When unit propagation on the CNF alone reaches a conflict, the proof is
    the empty clause alone (``"0"``, a RUP lemma every DRAT checker accepts;
    the solver is :data:`UNIT_PROPAGATION`). Otherwise a fresh python-sat
    solver with proof logging decides the CNF (no assumptions, no budget: a
    proof must cover everything it uses) and its proof is given whole.

    Args:
        sections, variables, names, title: as :func:`dimacs`.
        solver: a solver of :data:`PROOF_SOLVERS`.

    Raises:
        SolverError: ``solver`` writes no proof the checker accepts, or a
            literal is out of range.
    """
    if solver not in PROOF_SOLVERS:
        known = ", ".join(PROOF_SOLVERS)
        raise SolverError(f"solver {solver!r} writes no checkable proof; choose one of {known}")
    cnf = dimacs(sections, variables, names, title)
    clauses = [list(c) for _, group in sections for c in group]
    if _propagation_refutes(clauses):
        # Trimmed: unit propagation on the CNF alone derives a conflict, so the empty
        # clause is a lemma every checker accepts (RUP), and the whole proof.
        return Refutation(cnf, "0\n", UNIT_PROPAGATION, variables, len(clauses))
    with Solver(name=solver, bootstrap_with=clauses, with_proof=True) as sat:
        if sat.solve():
            return None
        steps = sat.get_proof() or []
    return Refutation(cnf, "".join(f"{step}\n" for step in steps), solver, variables, len(clauses))


def _propagation_refutes(clauses: Sequence[Sequence[int]]) -> bool:
    """Whether unit propagation on ``clauses`` alone reaches a conflict (MiniSat 2.2's, at
    decision level 0)."""
    with Solver(name="minisat22", bootstrap_with=clauses) as sat:
        status, _ = sat.propagate()
    return not status


def check_refutation(cnf: str, proof: str) -> ProofCheck:
    """Check a DRAT or DRUP ``proof`` of the DIMACS ``cnf`` with dratify (independent of
    every solver), with its pure-Python engine whatever accelerator is installed.

    Returns:
        The verdict; a proof that does not derive the empty clause, a step
        that does not follow, or text that is no proof is rejected with the
        checker's reason.

    Raises:
        SolverError: ``cnf`` is not DIMACS text (its header or a clause is malformed).
    """
    from dratify import check_proof, parse_dimacs  # noqa: PLC0415 - loaded when first used

    checker = f"dratify {metadata.version('dratify')}"
    try:
        formula = parse_dimacs(cnf, strict=True)
    except ValueError as error:
        raise SolverError(f"not a DIMACS CNF: {error}") from None
    try:
        result = check_proof(formula, proof, engine="python")
    except ValueError as error:
        return ProofCheck(False, checker, 0, f"not a proof: {error}")
    return ProofCheck(
        bool(result.ok), checker, int(result.steps), "" if result.ok else result.reason
    )
