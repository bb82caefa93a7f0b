"""Shared test setup: the Hypothesis profiles.

Profiles (choose with the environment variable ``HYPOTHESIS_PROFILE``):

* ``ci`` (default): few examples, no deadline; the whole suite runs in a few minutes.
* ``thorough``: many more examples, for a verification campaign.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
