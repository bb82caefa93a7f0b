"""Mutation testing of engine/ and spec/, one module at a time, against its own tests.

Usage (from the repository root; see docs/mutation.rst)::

    python scripts/mutation.py                         # every module below, in turn
    python scripts/mutation.py dokuspec/engine/twodoku.py
    python scripts/mutation.py --list                  # the modules and their tests
    python scripts/mutation.py --not-killed dokuspec/engine/twodoku.py   # after adding tests
    python scripts/mutation.py --sample 300 dokuspec/spec/twodoku/deals.py  # an estimate

For each module this runs ``mutmut run`` (configured in pyproject.toml) on
that module's mutants only, with the ``mutation`` Hypothesis profile and only
the module's own test files collected (``DOKUSPEC_MUTATION_TESTS``, read by
tests/conftest.py) and the module's ``functools`` caches emptied before each
test (``DOKUSPEC_MUTATION_MODULE``: a result cached by one test would hide a
mutant behind the cache from the others), then prints every module's score with
``scripts/mutation_scores.py``. A module's own tests are the files that test
it directly; the whole suite reaches more of it through the cross-checks, so
the score is a lower bound of the whole suite's (``mutmut run`` without this
script measures that, at about a hundred times the cost).

mutmut keeps its statistics of which test reaches which function in
``mutants/mutmut-stats.json``; they depend on the tests collected, so this
script removes that file before each module. Results of other modules stay.

With ``--not-killed``, only the module's mutants that no test has killed yet
(survived, no tests, or not run) are run again: after tests were added, a
killed mutant stays killed. mutmut resets the results of every function whose
source changed when it next generates the mutants, so a second pass then runs
the mutants left without a result.

A mutant that makes the code loop forever is killed when a test times out
(pytest-timeout). The suite allows a test 300 seconds; the mutation runs
allow ``--test-timeout`` (60 by default), so that such a mutant costs a
minute, not five. Keep it well above the slowest own test of the module
under load (mutmut's ``mutants/mutmut-stats.json`` records each test's
duration; the Competitive engine's slowest takes about 6 seconds), or a slow
test would kill mutants it does not catch.

With ``--sample N``, N of the module's mutants not run yet are drawn at
random (seeded with ``--seed``) and only those are run: on a module with no
mutant run yet, the score is then an estimate from a uniform sample, and
``scripts/mutation_scores.py`` prints its 95% interval. Later runs of the
same command draw further mutants, so samples add up to the full run.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path

SHARED_TESTS: dict[str, tuple[str, ...]] = {
    "dokuspec/engine/base.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/sumodoku/test_engine.py",
        "tests/framework/test_engine_base.py",
        "tests/framework/test_engine_actions.py",
    ),
    "dokuspec/engine/playout.py": (
        "tests/framework/test_engine_playout.py",
        "tests/sumodoku/test_simulation.py",
        "tests/framework/test_engine_playout_contracts.py",
    ),
    "dokuspec/engine/records.py": (
        "tests/framework/test_engine_playout.py",
        "tests/sumodoku/test_engine.py",
        "tests/sumodoku/test_simulation.py",
        "tests/competitive/test_play.py",
        "tests/framework/test_engine_records.py",
    ),
    "dokuspec/spec/model.py": (
        "tests/framework/test_model.py",
        "tests/framework/test_solvers.py",
        "tests/framework/test_model_can_hold.py",
        "tests/sumodoku/test_verify_play.py",
    ),
    "dokuspec/spec/encodings.py": (
        "tests/twodoku/test_deals.py",
        "tests/twodoku/test_positions.py",
        "tests/competitive/test_spec.py",
    ),
    "dokuspec/engine/game.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/sumodoku/test_engine.py",
        "tests/framework/test_engine_base.py",
    ),
    "dokuspec/engine/state.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/sumodoku/test_engine.py",
        "tests/framework/test_engine_base.py",
    ),
    "dokuspec/engine/game_record.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/sumodoku/test_engine.py",
        "tests/framework/test_engine_base.py",
    ),
    "dokuspec/engine/registry.py": (
        "tests/framework/test_engine_protocol.py",
        "tests/sumodoku/test_engine.py",
        "tests/framework/test_engine_base.py",
        "tests/framework/test_games.py",  # the installed games, registered when first asked for
    ),
}
"""The toolkit's own modules under mutation testing (paths from the repository's root) ->
their own test files. Each game declares its own modules and tests
(:attr:`dokuspec.games.GameSpec.mutation`), read by :func:`own_tests`."""


def own_tests() -> dict[str, tuple[str, ...]]:
    """Every module under mutation testing -> its own test files (paths from the repository's
    root): the toolkit's own (``SHARED_TESTS``), then each installed game's, in the order the
    games are listed (``dokuspec.games.installed``).

    Raises:
        dokuspec.games.PluginError: a game's declaration of them does not load.
        ValueError: a game declares a module that another one declares too.
    """
    from dokuspec.games import installed  # noqa: PLC0415 - only when the script runs

    found = dict(SHARED_TESTS)
    for spec in installed():
        if spec.mutation is None:
            continue
        for module, tests in spec.load("mutation").items():
            if module in found:
                raise ValueError(f"{spec.name}: {module} is declared twice")
            found[module] = tuple(tests)
    return found


def mutated_by_mutmut(root: Path, module: str) -> bool:
    """Whether mutmut's configuration (``only_mutate`` in pyproject.toml) mutates ``module``."""
    settings = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = settings.get("tool", {}).get("mutmut", {}).get("only_mutate", ["*"])
    return any(fnmatch.fnmatch(module, pattern) for pattern in patterns)


def mutant_pattern(module: str) -> str:
    """The mutmut name pattern of a module's mutants: ``dokuspec.engine.base.*``."""
    return module.removesuffix(".py").replace("/", ".") + ".*"


def module_statuses_of(root: Path, module: str) -> dict[str, str]:
    """The module's mutants and their mutmut statuses (empty before mutmut generated them)."""
    from mutation_scores import module_statuses  # noqa: PLC0415 - the script beside

    return module_statuses(root).get(module, {})


def mutants_of(
    root: Path, module: str, *, killed: bool | None = None, status: str | None = None
) -> list[str]:
    """The names of the module's mutants killed or not (``killed``), or of one ``status``."""
    from mutation_scores import KILLED  # noqa: PLC0415 - the script beside

    found = module_statuses_of(root, module)
    if status is not None:
        return [name for name, now in found.items() if now == status]
    return [name for name, now in found.items() if (now in KILLED) == killed]


def sample(root: Path, module: str, size: int, seed: int, env: dict[str, str]) -> list[str]:
    """``size`` of the module's mutants not run yet, drawn at random with ``seed``.

    Before the module's first run its mutants are not listed yet: mutmut is
    then run once (in ``env``) with a pattern that matches none of them, which
    generates them and collects its statistics but runs no mutant.
    """
    if not module_statuses_of(root, module):
        mutmut = Path(sys.executable).with_name("mutmut")
        subprocess.run([str(mutmut), "run", "dokuspec.no_such_module.*"], env=env, check=False)
    names = sorted(mutants_of(root, module, status="not checked"))
    return sorted(random.Random(seed).sample(names, min(size, len(names))))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="modules to mutate (default: all below)")
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--not-killed", action="store_true", help="run only the mutants not killed so far"
    )
    parser.add_argument(
        "--sample", type=int, metavar="N", help="run N random mutants not run yet, per module"
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of --sample (default 0)")
    parser.add_argument(
        "--test-timeout",
        type=int,
        default=60,
        metavar="SECONDS",
        help="fail a test that runs longer (default 60; the suite's own limit is 300)",
    )
    args = parser.parse_args(argv)
    if args.sample is not None and (args.sample < 1 or args.not_killed):
        print("error: --sample takes a positive N, without --not-killed", file=sys.stderr)
        return 2
    root = Path.cwd()
    if not (root / "pyproject.toml").is_file() or not (root / "dokuspec").is_dir():
        print("error: run this from the repository root", file=sys.stderr)
        return 2
    tests_of = own_tests()
    if args.list:
        for module, tests in tests_of.items():
            names = " ".join(
                (Path(test).relative_to("tests").as_posix() if test.startswith("tests/") else test)
                for test in tests
            )
            outside = "" if mutated_by_mutmut(root, module) else " (not in mutmut's only_mutate)"
            print(f"{module}: {names}{outside}")
        return 0
    unknown = [module for module in args.modules if module not in tests_of]
    if unknown:
        print(f"error: {unknown[0]}: not a mutated module (see --list)", file=sys.stderr)
        return 2
    outside = [module for module in args.modules if not mutated_by_mutmut(root, module)]
    if outside:
        print(f"error: {outside[0]}: not in mutmut's only_mutate (pyproject.toml)", file=sys.stderr)
        return 2
    mutmut = Path(sys.executable).with_name("mutmut")
    chosen = args.modules or [module for module in tests_of if mutated_by_mutmut(root, module)]
    for module in chosen:
        (root / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
        names_of_tests = [Path(test).relative_to("tests").as_posix() for test in tests_of[module]]
        env = dict(
            os.environ,
            HYPOTHESIS_PROFILE="mutation",
            DOKUSPEC_MUTATION_TESTS=",".join(names_of_tests),
            DOKUSPEC_MUTATION_MODULE=module.removesuffix(".py").replace("/", "."),
            PYTEST_ADDOPTS=f"{os.environ.get('PYTEST_ADDOPTS', '')} --timeout={args.test_timeout}",
        )
        print(f"== {module}: {' '.join(names_of_tests)}", flush=True)
        command = [str(mutmut), "run", "--max-children", str(args.max_children)]
        if args.sample is not None:
            passes = [
                lambda module=module, env=env: sample(root, module, args.sample, args.seed, env)
            ]
        elif not args.not_killed:
            passes = [lambda module=module: [mutant_pattern(module)]]
        else:
            # The second pass: functions changed since the last run lost their results.
            passes = [
                lambda module=module: mutants_of(root, module, killed=False),
                lambda module=module: mutants_of(root, module, status="not checked"),
            ]
        for names_now in passes:
            names = names_now()
            if not names:
                continue
            finished = subprocess.run([*command, *names], env=env, check=False)
            if finished.returncode:
                print(f"error: mutmut failed on {module} ({finished.returncode})", file=sys.stderr)
                return 1
    scores = Path(__file__).with_name("mutation_scores.py")
    return subprocess.run(
        [sys.executable, str(scores), "--root", str(root)], check=False
    ).returncode


if __name__ == "__main__":
    sys.exit(main())
