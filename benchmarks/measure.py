"""What every benchmark script shares: summaries of timings, compact times, package versions.

Imported by the scripts beside it (``python benchmarks/<script>.py`` puts
this directory first on the import path). Percentiles are
:func:`statistics.quantiles` with the inclusive method (linear
interpolation between order statistics).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from importlib import metadata


def summary(values: Sequence[float]) -> dict[str, float]:
    """``n``, ``median``, ``p90``, ``p99``, ``mean``, ``min`` and ``max`` of ``values``.

    With fewer than two values every statistic is that value (``nan`` for none).
    """
    ordered = sorted(values)
    if len(ordered) < 2:
        only = ordered[0] if ordered else math.nan
        return {"n": len(ordered), "median": only, "p90": only, "p99": only,
                "mean": only, "min": only, "max": only}  # fmt: skip
    cuts = statistics.quantiles(ordered, n=100, method="inclusive")
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p90": cuts[89],
        "p99": cuts[98],
        "mean": statistics.fmean(ordered),
        "min": ordered[0],
        "max": ordered[-1],
    }


def fmt(seconds: float, *, compact: bool = False) -> str:
    """A time in three significant digits: ``1.47 µs``, ``195 µs``, ``22.4 ms``, ``1.46 s``.

    ``compact`` drops the space (``22.4ms``); ``nan`` is ``-``.
    """
    if math.isnan(seconds):
        return "-"
    space = "" if compact else " "
    if seconds < 1e-3:
        return f"{seconds * 1e6:.3g}{space}µs"
    if seconds < 1:
        return f"{seconds * 1e3:.3g}{space}ms"
    return f"{seconds:.3g}{space}s"


def version(package: str) -> str:
    """The installed version of ``package``, or ``?``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"
