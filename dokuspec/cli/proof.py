"""``dokuspec proof check CNF PROOF``: check a proof that a CNF is unsatisfiable.

The CNF is DIMACS text (``c`` comment lines, one ``p cnf VARIABLES CLAUSES``
header, clauses of non-zero integers each ended by ``0``); the proof is DRAT
or DRUP text (one step a line, ``d`` for a deletion), as
``dokuspec sumodoku check --proof DIR`` writes them. The checker is
dratify's (:func:`dokuspec.solvers.proofs.check_refutation`), which shares no
code with any solver.

Exit statuses: 0 the proof is accepted; 1 it is rejected (the line says
why); 2 a file is not DIMACS text (the line names the file, line and
column); 74 a file cannot be read; 130 interrupted.
"""

from __future__ import annotations

import sys

import click

from dokuspec.cli.io import InputError, Status, guarded, shown, standard_output
from dokuspec.errors import DokuspecError

__all__ = ["proof_command"]


@click.group(name="proof")
def proof_command() -> None:
    """Check a proof that a CNF is unsatisfiable (DRAT, DRUP).

    The checker (dratify) shares no code with any solver.
    """


@proof_command.command(name="check")
@click.argument("cnf", type=click.Path(dir_okay=False, allow_dash=False))
@click.argument("proof", type=click.Path(dir_okay=False, allow_dash=False))
def check_command(cnf: str, proof: str) -> None:
    """Check that PROOF (DRAT or DRUP text) refutes CNF (DIMACS text).

    Prints one line: 'accepted' with the steps checked and the checker, or
    'rejected' with the checker's reason.

    Exit status: 0 accepted; 1 rejected; 2 CNF is not DIMACS text; 74 a file
    cannot be read; 130 interrupted.
    """
    from dokuspec.solvers.proofs import check_refutation, read_dimacs  # noqa: PLC0415

    with guarded():
        texts = {name: _read(name) for name in (cnf, proof)}
        read_dimacs(texts[cnf], source=shown(cnf))  # a located error, before the checker
        verdict = check_refutation(texts[cnf], texts[proof])
        out = standard_output()
        if verdict.accepted and not verdict.steps:
            out.write(f"accepted by {verdict.checker}: unit propagation alone refutes the CNF\n")
        elif verdict.accepted:
            noun = "proof step" if verdict.steps == 1 else "proof steps"
            out.write(f"accepted: {verdict.steps} {noun} checked by {verdict.checker}\n")
        else:
            out.write(f"rejected by {verdict.checker}: {verdict.reason}\n")
        status = Status.OK if verdict.accepted else Status.UNKNOWN
    sys.exit(status)


def _read(name: str) -> str:
    try:
        with open(name, "rb") as stream:
            data = stream.read()
    except OSError as error:
        raise InputError(name, error) from None
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise DokuspecError(
            f"{shown(name)}:{line}:{column}: not ASCII text (DIMACS and DRAT are ASCII)"
        ) from None
