"""The streamed table and the summary: fixed columns that fit 80 columns, bounded statistics.

A row is printed as soon as its position is answered (a rich ``Table``
measures every row before printing, so it cannot stream)::

    boards.txt
       line  status           time  conflict
          1  completable    1.2 ms
          3  impossible     0.9 ms  r1c3=1 r1c8=1

The detail column (the conflict with ``--explain``) wraps within 80 columns;
with ``--wide`` it holds the completion or the conflict unwrapped.
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter

from rich.text import Text

from dokuspec.cli.io import WIDTH, shown

__all__ = ["STATUSES", "WIDTH", "Tally", "duration", "header", "heading", "row"]

STATUSES = ("completable", "impossible", "unknown")
_STYLE = {"completable": "green", "impossible": "red", "unknown": "yellow"}

_LINE = 7
_STATUS = 11
_TIME = 9
_GAP = "  "
_DETAIL_COLUMN = _LINE + _STATUS + _TIME + 3 * len(_GAP)
_DETAIL = WIDTH - _DETAIL_COLUMN
_SUMMARY_INDENT = "  "


def duration(seconds: float) -> str:
    """A duration in at most 9 characters: ``"850 µs"``, ``"12.3 ms"``, ``"1.23 s"``."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def heading(source: str) -> Text:
    """The line naming an input before its rows."""
    return Text(shown(source), style="bold")


def header(detail: str) -> Text:
    """The column titles."""
    return Text(
        f"{'line':>{_LINE}}{_GAP}{'status':<{_STATUS}}{_GAP}{'time':>{_TIME}}{_GAP}{detail}".rstrip()
    )


def row(line: int, status: str, seconds: float, detail: str, *, wide: bool) -> Text:
    """One answer: line number, status, time and the detail (wrapped unless ``wide``)."""
    text = Text(f"{line:>{_LINE}}{_GAP}")
    text.append(f"{status:<{_STATUS}}", style=_STYLE[status])
    text.append(f"{_GAP}{duration(seconds):>{_TIME}}")
    if detail:
        parts = (
            [detail]
            if wide
            else textwrap.wrap(detail, _DETAIL, break_long_words=False, break_on_hyphens=False)
        )
        text.append(_GAP + ("\n" + " " * _DETAIL_COLUMN).join(parts))
    return text


class Tally:
    """Counts per status and the median time per query, in memory bounded by a constant.

    The counts are exact. The median is exact while at most :attr:`EXACT`
    times were added; past that it comes from a histogram of log-spaced
    bins (32 per doubling, from 1 ns) and is within 1.1 % of the exact
    median (each time is replaced by its bin's geometric middle).
    """

    EXACT = 10_000
    _PER_DOUBLING = 32
    __slots__ = ("_bins", "_times", "counts")

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self._times: list[float] | None = []
        self._bins: Counter[int] = Counter()

    @property
    def total(self) -> int:
        """How many answers were added."""
        return sum(self.counts.values())

    def add(self, status: str, seconds: float) -> None:
        """Count one answer of ``status`` that took ``seconds``."""
        self.counts[status] += 1
        self._bins[math.floor(math.log2(max(seconds, 1e-9)) * self._PER_DOUBLING)] += 1
        if self._times is not None:
            self._times.append(seconds)
            if len(self._times) > self.EXACT:
                self._times = None

    def median(self) -> tuple[float, bool]:
        """The median time and whether it is exact; ``(0.0, True)`` with no answers."""
        total = self.total
        if self._times is not None:
            if not self._times:
                return 0.0, True
            ordered = sorted(self._times)
            middle = (ordered[(total - 1) // 2] + ordered[total // 2]) / 2
            return middle, True
        low, high = self._rank((total - 1) // 2), self._rank(total // 2)
        return (low + high) / 2, False

    def _rank(self, rank: int) -> float:
        seen = 0
        for index in sorted(self._bins):
            seen += self._bins[index]
            if seen > rank:
                return float(2 ** ((index + 0.5) / self._PER_DOUBLING))
        raise AssertionError("rank beyond the count")  # pragma: no cover

    def summary(self, label: str) -> list[str]:
        """The summary in two short lines: ``label: N positions``, then indented
        ``a completable, b impossible, c unknown; median T per query``."""
        total = self.total
        noun = "position" if total == 1 else "positions"
        counts = ", ".join(f"{self.counts[status]} {status}" for status in STATUSES)
        text = f"{_SUMMARY_INDENT}{counts}"
        if total:
            median, exact = self.median()
            text += f"; median {'' if exact else '~'}{duration(median)} per query"
        return [f"{label}: {total} {noun}", text]
