"""Shared test setup: the Hypothesis profiles.

Profiles (choose with the environment variable ``HYPOTHESIS_PROFILE``):

* ``ci`` (the default, locally and in CI): Hypothesis's own ``ci`` profile
  (derandomised, so every run draws the same examples; no example database;
  no deadline; a failing example is printed as a reproduction blob) with
  few examples, so the whole suite runs in a few minutes.
* ``dev``: as many examples as ``ci``, but randomised and with the example
  database under ``.hypothesis/``, so that repeated local runs explore new
  examples and replay the failures they found.
* ``thorough``: many more examples, randomised, with the example database:
  a verification campaign (run the property tests with it before a release).
* ``mutation``: Hypothesis's ``ci`` profile (derandomised, no database) with
  fewer examples still, for mutation testing, which runs the tests that
  reach a function once per mutant of it (see ``docs/mutation.rst``).

Test modules scale their example counts to the active profile with
``helpers.examples``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from helpers import CI_EXAMPLES, MUTATION_EXAMPLES
from hypothesis import HealthCheck, settings

settings.register_profile("ci", parent=settings.get_profile("ci"), max_examples=CI_EXAMPLES)
settings.register_profile(
    "dev",
    max_examples=CI_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("thorough", parent=settings.get_profile("dev"), max_examples=500)
settings.register_profile(
    "mutation", parent=settings.get_profile("ci"), max_examples=MUTATION_EXAMPLES
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Collect only the test files named in ``DOKUSPEC_MUTATION_TESTS``, when it is set.

    ``scripts/mutation.py`` sets it (comma-separated paths under ``tests/``, such
    as ``framework/test_engine_playout.py,framework/test_engine_protocol.py``) to
    measure one module against its own tests; unset, every test file is collected.
    """
    selected = os.environ.get("DOKUSPEC_MUTATION_TESTS")
    name = collection_path.name
    if not selected or collection_path.suffix != ".py" or not name.startswith("test_"):
        return None
    where = collection_path.resolve().relative_to(Path(__file__).resolve().parent).as_posix()
    return where not in selected.split(",")


@pytest.fixture(autouse=True)
def _fresh_caches_of_the_mutated_module() -> None:
    """Under mutation testing, empty the mutated module's ``functools`` caches before each test.

    ``scripts/mutation.py`` names the module in ``DOKUSPEC_MUTATION_MODULE``
    (such as ``dokuspec.engine.competitive``). A cached result computed by an
    earlier test would hide a mutant of the function behind the cache from
    every later test, and from mutmut's record of which tests reach which
    function; with fresh caches each test computes what it uses.
    """
    name = os.environ.get("DOKUSPEC_MUTATION_MODULE")
    module = sys.modules.get(name) if name else None
    if module is None:
        return
    for value in vars(module).values():
        if getattr(value, "__module__", None) == name and hasattr(value, "cache_clear"):
            value.cache_clear()
