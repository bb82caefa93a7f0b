"""Cross-checks of Sumodoku answers: solvers against each other, and against the engine.

Each function raises :class:`SumodokuCheckError` (a
:class:`~dokuspec.errors.DiscrepancyError`, an :class:`AssertionError`) with
a message naming the position and what is wrong, and returns quietly (or with the verdicts it
computed) when all is well. They hold the answers of the public API
(:mod:`dokuspec.sumodoku`, solved through the spec model) against:

* the other backend (:func:`check_agreement`: SAT and Z3 give the same status);
* the independent rule checker :func:`dokuspec.engine.sumodoku.violations`
  (:func:`check_completion`: a completion is a valid full board, rules SU-3,
  SU-12..SU-14, that extends the position and respects the supply, SU-15);
* the definition of an explanation (:func:`check_explanation`: the conflict
  pieces alone are impossible, and removing any one makes them completable;
  the named rule groups are needed and enough), confirmed by the *other*
  backend and by the engine's own search
  (:func:`dokuspec.engine.sumodoku.search_completion`), so that neither a
  wrong backend nor a wrong spec model can confirm its own explanation;
* the engine's search (:func:`check_search`: it gives a position the same
  status as a verdict).

Why both: the two backends solve the *same* spec model, so they confirm each
other's solving but not the model. A completion is checked against the
engine's rule checker, an independent certificate; an "impossible" has no
certificate, so it is confirmed by the engine's search, an independent
implementation of SU-15, within the search's node limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from dokuspec.engine.sumodoku import (
    DEFAULT_NODE_LIMIT,
    SearchResult,
    search_completion,
    violations,
)
from dokuspec.solvers import Budget
from dokuspec.spec.sumodoku import cell_literal
from dokuspec.sumodoku import BackendName, Verdict, check, compiled_model, explain
from dokuspec.verify.sumodoku.errors import SumodokuCheckError
from dokuspec.vocabulary.sumodoku import Piece, Position

__all__ = [
    "SumodokuCheckError",
    "check_agreement",
    "check_completion",
    "check_explanation",
    "check_position",
    "check_search",
]


def _fail(position: Position, problem: str) -> SumodokuCheckError:
    return SumodokuCheckError(f"{problem}\n  position: {position}")


def check_agreement(
    position: Position, *, time_limit: float | None = None
) -> tuple[Verdict, Verdict]:
    """Check that the SAT and the Z3 backends give ``position`` the same status (SU-15).

    Each completion is also checked with :func:`check_completion`.

    Args:
        position: the position to decide twice.
        time_limit: seconds for each backend's query, or ``None``. Without a
            limit ``"unknown"`` is a failure; with one, a backend that answers
            ``"unknown"`` makes the comparison inconclusive (no failure).

    Returns:
        The two verdicts, SAT first.

    Raises:
        SumodokuCheckError: the statuses differ, one is ``"unknown"`` without a
            budget, or a completion is wrong.
    """
    sat = check(position, backend="sat", time_limit=time_limit)
    smt = check(position, backend="z3", time_limit=time_limit)
    for verdict in (sat, smt):
        if verdict.status == "unknown" and time_limit is None:
            raise _fail(position, f"{verdict.backend} answered 'unknown' without a budget")
        if verdict.status == "completable":
            check_completion(position, verdict)
    if "unknown" not in (sat.status, smt.status) and sat.status != smt.status:
        raise _fail(position, f"the backends disagree: sat says {sat.status}, z3 says {smt.status}")
    return sat, smt


def check_completion(position: Position, verdict: Verdict) -> None:
    """Check a ``"completable"`` verdict's completion against the engine.

    The completion must be a full board, hold every piece of
    ``position.board`` in the same cell, break no rule under
    ``position.variants`` according to
    :func:`dokuspec.engine.sumodoku.violations` (SU-3, SU-12..SU-14), and
    use no more pieces of a colour than exist outside the game (SU-9,
    SU-15): at most ``9 - out[k - 1]`` pieces of colour ``k``.

    Raises:
        SumodokuCheckError: the verdict is not completable or its completion is wrong.
    """
    if verdict.status != "completable":
        raise _fail(position, f"expected a completable verdict, got {verdict.status}")
    if verdict.position != position:
        raise _fail(position, f"the verdict is about another position: {verdict.position}")
    completion = verdict.completion
    if completion is None:
        raise _fail(position, "a completable verdict has no completion")
    if not completion.is_full():
        raise _fail(position, f"the completion is not full: {completion}")
    if not completion.extends(position.board):
        moved = [
            str(piece)
            for piece in position.board.pieces()
            if completion[piece.row, piece.col] != piece.colour
        ]
        raise _fail(
            position,
            f"the completion {completion} does not keep the pieces {', '.join(moved)}",
        )
    broken = violations(completion, position.variants)
    if broken:
        listed = "; ".join(f"{v.rule}: {v.message}" for v in broken[:5])
        raise _fail(position, f"the completion {completion} breaks rules: {listed}")
    counts = completion.counts()
    for colour in range(1, 10):
        allowed = 9 - position.out[colour - 1]
        if counts[colour - 1] > allowed:
            raise _fail(
                position,
                f"the completion {completion} holds {counts[colour - 1]} pieces of colour "
                f"{colour}, but only {allowed} are in the game",
            )


def check_explanation(
    position: Position,
    verdict: Verdict,
    *,
    backend: BackendName | None = None,
    require_minimal: bool = True,
    time_limit: float | None = None,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> None:
    """Check an ``"impossible"`` verdict from :func:`dokuspec.sumodoku.explain`.

    * The conflict pieces are pieces of ``position.board``, each once.
    * The conflict pieces alone (same variants, same pieces out of the
      game) are impossible, according to :func:`dokuspec.sumodoku.check`
      on the checking backend, and according to the engine's search
      (:func:`dokuspec.engine.sumodoku.search_completion`, independent of
      the spec model) when it finishes within ``node_limit`` tried pieces.
    * When the verdict says it is minimal (required unless
      ``require_minimal`` is false): removing any one conflict piece makes
      the rest completable, and that completion passes
      :func:`check_completion` (the engine's rule checker: a certificate,
      so these queries go to the verdict's own backend, the faster one to
      trust here).
    * The ``conflict_rules`` are names of guarded rule groups of the
      position's rules (variant marks, diagonals, supplies), or of a rule
      that holds on every border alike (``non-consecutive (every border)``,
      ``no mark (every unmarked border)``: all its groups), each once; with
      the conflict pieces, those groups alone (besides rows, columns, boxes
      and cell domains) are unsatisfiable on the checking backend, and, when
      minimal, dropping any one of them is satisfiable on the verdict's
      own backend.

    Args:
        position: the position explained.
        verdict: the verdict of ``explain(position)``.
        backend: the backend that confirms each "impossible" (the conflict
            alone, the conflict with only its named rules); by default the
            other one than the backend that gave the verdict (``"z3"``
            checks ``"sat"`` and the reverse). The same backend cannot catch
            its own mistakes, and neither backend catches a mistake of the
            spec model they share: the engine's search does.
        require_minimal: fail when ``verdict.minimal`` is false.
        time_limit: seconds for each checking query, or ``None``. A query
            that runs out of time proves nothing either way and is skipped;
            without a limit every query must answer.
        node_limit: the engine search's bound (see
            :data:`dokuspec.engine.sumodoku.DEFAULT_NODE_LIMIT`); a search
            that reaches it proves nothing and is skipped; ``0`` skips the
            search.

    Raises:
        SumodokuCheckError: the verdict is not impossible or its explanation is wrong.
    """
    if verdict.status != "impossible":
        raise _fail(position, f"expected an impossible verdict, got {verdict.status}")
    if verdict.position != position:
        raise _fail(position, f"the verdict is about another position: {verdict.position}")
    conflict = verdict.conflict
    if conflict is None:
        raise _fail(position, "an explained impossible verdict has no conflict")
    if require_minimal and not verdict.minimal:
        raise _fail(position, "the explanation is not marked minimal")
    on_board = set(position.board.pieces())
    strangers = [str(p) for p in conflict if p not in on_board]
    if strangers:
        raise _fail(position, f"conflict pieces not on the board: {', '.join(strangers)}")
    if len(set(conflict)) != len(conflict):
        raise _fail(position, f"the conflict repeats a piece: {_pieces(conflict)}")
    own: BackendName = "z3" if verdict.backend == "z3" else "sat"
    chosen: BackendName = backend or ("sat" if own == "z3" else "z3")
    alone = position.with_board(position.board.only(conflict))
    answer = check(alone, backend=chosen, time_limit=time_limit)
    what = f"the conflict {_pieces(conflict)} alone"
    _expect(position, answer.status, "impossible", f"{what}, according to {chosen},")
    if node_limit:
        found = search_completion(alone, node_limit=node_limit)
        if found.status == "completable":
            # The search's completion is checked too: the engine must not blame a right answer.
            check_completion(
                alone, Verdict("completable", alone, found.completion, backend="search")
            )
            raise _fail(
                position,
                f"{what} is completable according to the engine's search, "
                f"which found {found.completion}",
            )
    if verdict.minimal:
        for piece in conflict:
            fewer = alone.with_board(alone.board.without([piece]))
            reduced = check(fewer, backend=own, time_limit=time_limit)
            _expect(
                position,
                reduced.status,
                "completable",
                f"the conflict {_pieces(conflict)} is not minimal: without {piece} it",
            )
            if reduced.status == "completable":
                check_completion(fewer, reduced)
    _check_rules(position, conflict, verdict, chosen, own, time_limit)


def check_search(
    position: Position, verdict: Verdict, *, node_limit: int = DEFAULT_NODE_LIMIT
) -> SearchResult:
    """Check a verdict's status against the engine's search (SU-15), independent of the spec.

    Args:
        position: the position decided.
        verdict: a verdict about ``position`` (any backend).
        node_limit: the search's bound; a search that reaches it, or an
            ``"unknown"`` verdict, makes the comparison inconclusive (no
            failure).

    Returns:
        What the search found; its completion, if any, obeys every rule
        according to :func:`check_completion`.

    Raises:
        SumodokuCheckError: the search and the verdict disagree, or the
            verdict is about another position.
    """
    if verdict.position != position:
        raise _fail(position, f"the verdict is about another position: {verdict.position}")
    found = search_completion(position, node_limit=node_limit)
    if found.status == "completable":
        check_completion(
            position, Verdict("completable", position, found.completion, backend="search")
        )
    if "unknown" not in (found.status, verdict.status) and found.status != verdict.status:
        raise _fail(
            position,
            f"{verdict.backend} says {verdict.status}, the engine's search says {found.status}"
            + (f" (it found {found.completion})" if found.completion else ""),
        )
    return found


def _expect(position: Position, status: str, expected: str, what: str) -> None:
    """Fail unless ``status`` is ``expected`` (``"unknown"`` passes: a budget ran out)."""
    if status not in (expected, "unknown"):
        raise _fail(position, f"{what} is {status}, not {expected}")


def _pieces(pieces: Sequence[Piece]) -> str:
    return "{" + " ".join(str(p) for p in pieces) + "}"


def _check_rules(
    position: Position,
    conflict: Sequence[Piece],
    verdict: Verdict,
    backend: BackendName,
    own: BackendName,
    time_limit: float | None,
) -> None:
    """Check ``conflict_rules``: impossible on ``backend``, minimal on ``own``."""
    spec, compiled = compiled_model(position, backend)
    groups: dict[str, tuple[int, ...]] = {
        name: (selector,) for name, selector in spec.rule_groups.items()
    }
    groups.update(spec.families)  # a rule on every border alike is named once
    rules = verdict.conflict_rules
    strangers = [name for name in rules if name not in groups]
    if strangers:
        raise _fail(position, f"conflict_rules names no rule group in force: {strangers}")
    if len(set(rules)) != len(rules):
        raise _fail(position, f"conflict_rules repeats a rule: {rules}")
    pieces = [cell_literal(piece.cell, piece.colour) for piece in conflict]
    chosen = [groups[name] for name in rules]
    selectors = [selector for group in chosen for selector in group]
    answer = compiled.solve([*pieces, *selectors], Budget(time_limit))
    _expect(
        position,
        {"sat": "completable", "unsat": "impossible"}.get(answer.status, "unknown"),
        "impossible",
        f"the conflict {_pieces(conflict)} with only the rules {list(rules)}",
    )
    if verdict.minimal:
        own_spec, own_compiled = compiled_model(position, own)
        own_groups: dict[str, tuple[int, ...]] = {
            name: (selector,) for name, selector in own_spec.rule_groups.items()
        }
        own_groups.update(own_spec.families)
        for name in rules:
            rest = [s for other in rules if other != name for s in own_groups[other]]
            dropped = own_compiled.solve([*pieces, *rest], Budget(time_limit))
            _expect(
                position,
                {"sat": "completable", "unsat": "impossible"}.get(dropped.status, "unknown"),
                "completable",
                f"conflict_rules {list(rules)} are not minimal: without {name!r} the conflict",
            )


def check_position(
    position: Position,
    *,
    explain_with: BackendName | None = "sat",
    time_limit: float | None = None,
) -> Verdict:
    """Every cross-check at once: the backends agree, then the answer is checked.

    Completions are checked with :func:`check_completion` (by
    :func:`check_agreement`); an impossible position is explained with
    :func:`dokuspec.sumodoku.explain` on ``explain_with`` (``None``: not
    explained) and the explanation checked with :func:`check_explanation`.

    Args:
        position: the position to check.
        explain_with: the backend that explains impossible positions, or ``None``.
        time_limit: seconds for each decision query and for the whole
            explanation, or ``None``. With a limit, answers cut short by it
            are not held against the solvers (nothing is concluded from them)
            and an explanation need not be minimal.

    Returns:
        The SAT verdict, or the explanation when there is one.

    Raises:
        SumodokuCheckError: as the checks above.
    """
    sat, _ = check_agreement(position, time_limit=time_limit)
    if sat.status != "impossible" or explain_with is None:
        return sat
    why = explain(position, backend=explain_with, time_limit=time_limit)
    if why.status == "unknown" and time_limit is not None:
        return why
    check_explanation(position, why, require_minimal=time_limit is None, time_limit=time_limit)
    return why
