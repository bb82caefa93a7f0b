"""Proofs that Sumodoku positions cannot be completed, and the commands that write and check them.

Each proof is judged by the independent checker (dratify), and the CNF is
read back: its unit clauses are exactly the position's pieces and the rules
in force, and its comments name every cell literal. The positions come from
the bundled impossible boards (some refuted by unit propagation alone, most
not) and the bundled positions with variants.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import data_lines

from dokuspec import sumodoku
from dokuspec.cli import main
from dokuspec.errors import DokuspecError, SolverError
from dokuspec.solvers.proofs import check_refutation, read_dimacs
from dokuspec.sumodoku import Position

IMPOSSIBLE = [Position.parse(line) for line in data_lines("impossible.txt")]
#: Bundled impossible boards that unit propagation alone does not refute (16 of the 60 do
#: not), and the first few that it does.
HARD = [IMPOSSIBLE[i] for i in (7, 12, 23, 40)]
EASY = IMPOSSIBLE[:2]
VARIANTS = [
    Position.from_json(json.loads(line))
    for line in data_lines("variants.jsonl")
    if line.startswith("{")
]


def _facts(cnf: str) -> list[int]:
    """The unit clauses after the comment that opens the query's facts."""
    lines = cnf.splitlines()
    start = lines.index("c the facts of the query, one unit clause each:")
    return [int(line.split()[0]) for line in lines[start + 1 :]]


def test_impossible_positions_get_proofs_the_checker_accepts() -> None:
    needed = 0
    for position in EASY + HARD:
        verdict = sumodoku.check(position, proof=True)
        assert verdict.status == "impossible" and verdict.proof is not None
        found = verdict.proof
        assert found.check().accepted
        needed += not check_refutation(found.cnf, "").accepted  # not refuted by propagation
        spec, _ = sumodoku.compiled_model(position)
        assert _facts(found.cnf) == spec.assumptions(position.board)
        lines = found.cnf.splitlines()
        assert "c var 1 r1c1=1" in lines and "c var 729 r9c9=9" in lines
        assert f"c board {position.board}" in lines
        assert read_dimacs(found.cnf)[0] == found.variables
    assert needed == len(HARD)


def test_positions_with_variants_get_proofs_naming_their_rules() -> None:
    proved = 0
    for position in VARIANTS[:12]:
        verdict = sumodoku.check(position, proof=True)
        if verdict.status != "impossible":
            assert verdict.proof is None
            continue
        assert verdict.proof is not None and verdict.proof.check().accepted
        spec, _ = sumodoku.compiled_model(position)
        assert _facts(verdict.proof.cnf) == spec.assumptions(position.board)
        names = {f"c var {s} {spec.model.names[s]}" for s in spec.always}
        assert names <= set(verdict.proof.cnf.splitlines())
        proved += 1
    assert proved == 6


def test_proof_arguments() -> None:
    puzzle = Position.parse(data_lines("sudoku17.txt")[0])
    assert sumodoku.check(puzzle, proof=True).proof is None  # completable: nothing to prove
    with pytest.raises(DokuspecError, match="the position is completable"):
        sumodoku.refutation(puzzle)
    with pytest.raises(SolverError, match="proofs come from the SAT backend"):
        sumodoku.check(IMPOSSIBLE[0], backend="z3", proof=True)
    with pytest.raises(TypeError, match="proof must be a bool"):
        sumodoku.check(IMPOSSIBLE[0], proof=1)  # type: ignore[arg-type]
    found = sumodoku.refutation(HARD[1], solver="glucose4")
    assert found.solver == "glucose4" and found.check().accepted


def _invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_writes_a_proof_per_impossible_position(tmp_path: Path) -> None:
    source = tmp_path / "boards.txt"
    puzzle = data_lines("sudoku17.txt")[0]
    source.write_text(f"{puzzle}\n{HARD[0].board}\n", encoding="ascii")
    code, out, _ = _invoke(
        "sumodoku", "check", "--json", "--proof", str(tmp_path / "p"), str(source)
    )
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert "proof" not in first
    assert second["proof"]["cnf"] == str(tmp_path / "p" / "boards.txt-2.cnf")
    assert second["proof"]["drat"] == str(tmp_path / "p" / "boards.txt-2.drat")
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == [
        "boards.txt-2.cnf",
        "boards.txt-2.drat",
    ]
    code, out, _ = _invoke("proof", "check", second["proof"]["cnf"], second["proof"]["drat"])
    assert code == 0
    assert re.fullmatch(r"accepted: [1-9][0-9]* proof steps checked by dratify \S+\n", out)
    # Never overwritten: the same run again is refused before any answer.
    code, out, err = _invoke("sumodoku", "check", "--proof", str(tmp_path / "p"), str(source))
    assert (code, out) == (2, "")
    assert "boards.txt-2.cnf exists already" in err and "never overwritten" in err
    # The table names the proof; the summary counts the proofs written.
    code, out, _ = _invoke("sumodoku", "check", "--proof", str(tmp_path / "q"), str(source))
    assert code == 0
    assert "proof boards.txt-2:" in out and "1 proof written to" in out


def test_proof_check_exit_statuses(tmp_path: Path) -> None:
    found = sumodoku.refutation(HARD[0])
    cnf, proof, cut = tmp_path / "a.cnf", tmp_path / "a.drat", tmp_path / "cut.drat"
    cnf.write_text(found.cnf, encoding="ascii")
    proof.write_text(found.proof, encoding="ascii")
    cut.write_text("".join(found.proof.splitlines(keepends=True)[:20]), encoding="ascii")
    assert _invoke("proof", "check", str(cnf), str(proof))[0] == 0
    code, out, _ = _invoke("proof", "check", str(cnf), str(cut))
    assert code == 1 and out.startswith("rejected by dratify")
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 x 0\n", encoding="ascii")
    code, out, err = _invoke("proof", "check", str(bad), str(proof))
    assert (code, out) == (2, "")
    assert err.strip().endswith(f"{bad}:2:3: 'x' is not a literal")
    code, _, err = _invoke("proof", "check", str(tmp_path / "none.cnf"), str(proof))
    assert code == 74 and "cannot read" in err
    binary = tmp_path / "binary.cnf"
    binary.write_bytes(b"p cnf 1 1\n\xff 0\n")
    code, _, err = _invoke("proof", "check", str(binary), str(proof))
    assert code == 2 and f"{binary}:2:1: not ASCII text" in err
