"""Budgets: how long a query may search, and the watchdog that stops it in time.

A :class:`Budget` holds a time limit for a whole query (its deadline is
fixed when the budget is made) and a conflict limit per solver call; the
same budget means the same on every backend. :func:`as_budget` builds one
from the two limits the public queries take. A :class:`Watchdog` thread
interrupts a solver call that passes its deadline, and interrupts it again
until the call has ended.
"""

from __future__ import annotations

import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from dokuspec.errors import BudgetError

__all__ = [
    "MAX_CONFLICT_LIMIT",
    "MAX_TIME_LIMIT",
    "UNLIMITED",
    "Budget",
    "Watchdog",
    "as_budget",
]

#: The largest accepted time limit, in seconds (about 11.6 days). Larger
#: values, NaN and infinity are refused rather than wrapped: use ``None``
#: for no limit.
MAX_TIME_LIMIT = 1_000_000.0

#: The largest accepted conflict limit (2**31 - 1, what every solver's
#: native conflict budget can hold without wrapping). Use ``None`` for none.
MAX_CONFLICT_LIMIT = 2**31 - 1


def _clock() -> float:
    return time.monotonic()


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a query may spend: time for the whole query, conflicts per solver call.

    The clock starts when the budget is made, so one budget shared by the
    several solver calls of a query (a minimal core, an enumeration, an
    explanation) bounds them all together: :meth:`remaining` is what is left.
    A conflict limit bounds each solver call of the query.

    Attributes:
        time_limit: seconds for the whole query (0 to :data:`MAX_TIME_LIMIT`),
            or ``None`` for no limit. 0 answers ``"unknown"`` at once.
        conflict_limit: solver conflicts per call (0 to
            :data:`MAX_CONFLICT_LIMIT`), or ``None`` for no limit. 0 answers
            ``"unknown"`` at once, on every backend.

    Raises:
        TypeError: a limit is not a number (``bool`` is not a number here;
            a conflict limit must be an ``int``).
        BudgetError: a limit is negative, NaN, infinite or above its maximum.
    """

    time_limit: float | None = None
    conflict_limit: int | None = None
    started: float = field(default_factory=_clock, compare=False, repr=False)

    def __post_init__(self) -> None:
        limit = self.time_limit
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, int | float):
                raise TypeError(
                    f"time_limit must be a number of seconds or None, not {type(limit).__name__}"
                )
            # Compared as given (an int is never converted to a float, which
            # fails past about 10**308): NaN compares false with everything.
            if not 0 <= limit <= MAX_TIME_LIMIT:
                raise BudgetError(
                    f"time_limit must be between 0 and {MAX_TIME_LIMIT:,.0f} seconds "
                    f"(None for no limit), not {_shown_number(limit)}"
                )
        conflicts = self.conflict_limit
        if conflicts is not None:
            if isinstance(conflicts, bool) or not isinstance(conflicts, int):
                raise TypeError(
                    f"conflict_limit must be an int or None, not {type(conflicts).__name__}"
                )
            if not 0 <= conflicts <= MAX_CONFLICT_LIMIT:
                raise BudgetError(
                    f"conflict_limit must be between 0 and {MAX_CONFLICT_LIMIT:,} "
                    f"(None for no limit), not {_shown_number(conflicts)}"
                )

    @property
    def deadline(self) -> float | None:
        """The :func:`time.monotonic` time at which the budget runs out, or ``None``."""
        return None if self.time_limit is None else self.started + self.time_limit

    def remaining(self) -> float | None:
        """Seconds left (never negative), or ``None`` without a time limit."""
        deadline = self.deadline
        return None if deadline is None else max(0.0, deadline - _clock())

    def exhausted(self) -> bool:
        """Whether no solver call may start: no time left, or a conflict limit of 0."""
        remaining = self.remaining()
        return (remaining is not None and remaining <= 0.0) or self.conflict_limit == 0

    @property
    def unlimited(self) -> bool:
        """Whether neither limit is set."""
        return self.time_limit is None and self.conflict_limit is None


#: The budget with no limit.
UNLIMITED = Budget()


def _shown_number(value: float) -> str:
    """``value`` for a message, without writing out a huge integer."""
    if isinstance(value, float) or -(10**40) < value < 10**40:
        return repr(value)
    return "an integer of more than 40 digits"


def as_budget(
    budget: Budget | None = None,
    *,
    time_limit: float | None = None,
    conflict_limit: int | None = None,
) -> Budget:
    """A :class:`Budget` from either a budget or the two limits (not both).

    Raises:
        TypeError: ``budget`` is not a :class:`Budget`, or a limit is not a number.
        BudgetError: a budget and limits were both given, or a limit is invalid.
    """
    if budget is None:
        if time_limit is None and conflict_limit is None:
            return UNLIMITED
        return Budget(time_limit, conflict_limit)
    if not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget, not {type(budget).__name__}")
    if time_limit is not None or conflict_limit is not None:
        raise BudgetError("give either a budget or time_limit/conflict_limit, not both")
    return budget


#: Seconds between two interrupts of a call that has not ended yet (:class:`Watchdog`).
_INTERRUPT_AGAIN = 0.02


class Watchdog:
    """Interrupts a running solver call at a deadline, or when SIGINT arrives.

    Used around solver calls that release the GIL and can be interrupted
    from another thread (Z3, and python-sat solvers with ``interrupt()``).
    In the main thread, SIGINT is noticed through :func:`signal.set_wakeup_fd`
    (Python's own handler still runs, and raises :class:`KeyboardInterrupt`
    as soon as the interrupted call returns). The interrupt is repeated
    until the call ends, since one sent before the call began is lost.

    Attributes:
        fired: ``"time"`` once the deadline interrupted the call, ``"signal"``
            once SIGINT did, else ``None``.
    """

    def __init__(self, interrupt: Callable[[], object], deadline: float | None) -> None:
        self._interrupt = interrupt
        self._deadline = deadline
        self.fired: str | None = None

    @contextmanager
    def watching(self) -> Iterator[Watchdog]:
        """Watch for the duration of the ``with`` block."""
        main = threading.current_thread() is threading.main_thread()
        signal_read, signal_write = os.pipe() if main else (-1, -1)
        stop_read, stop_write = os.pipe()
        previous = -1
        try:
            if main:
                os.set_blocking(signal_write, False)
                try:
                    previous = signal.set_wakeup_fd(signal_write, warn_on_full_buffer=False)
                except ValueError:  # pragma: no cover - not the main interpreter
                    main = False
            thread = threading.Thread(
                target=self._watch,
                args=(signal_read if main else -1, stop_read),
                name="dokuspec-watchdog",
                daemon=True,
            )
            thread.start()
            try:
                yield self
            finally:
                os.write(stop_write, b"x")
                _join(thread)
        finally:
            if main:
                signal.set_wakeup_fd(previous)
            for descriptor in (signal_read, signal_write, stop_read, stop_write):
                if descriptor >= 0:
                    os.close(descriptor)

    def _watch(self, signal_read: int, stop_read: int) -> None:
        watched = [stop_read] + ([signal_read] if signal_read >= 0 else [])
        while True:
            timeout = None if self._deadline is None else max(0.0, self._deadline - _clock())
            try:
                ready, _, _ = select.select(watched, [], [], timeout)
                if stop_read in ready:
                    return
                received = os.read(signal_read, 64) if signal_read in ready else b""
            except OSError:  # the descriptors are closed: the watch is over
                return
            if signal_read in ready:
                if signal.SIGINT in received:
                    self.fired = "signal"
                    self._keep_interrupting(stop_read)
                    return
                continue
            self.fired = "time"
            self._keep_interrupting(stop_read)
            return

    def _keep_interrupting(self, stop_read: int) -> None:
        """Interrupt the call, and again every :data:`_INTERRUPT_AGAIN` seconds until it ends.

        An interrupt that arrives before the solver's call has begun is lost
        (Z3 forgets it when its check starts): on a busy machine a deadline
        can pass before then, and the search would run unbounded. Repeating
        the interrupt until the block ends stops it soon after it begins.
        """
        while True:
            self._interrupt()
            try:
                ready, _, _ = select.select([stop_read], [], [], _INTERRUPT_AGAIN)
            except OSError:  # the descriptors are closed: the watch is over
                return
            if ready:
                return


def _join(thread: threading.Thread) -> None:
    """Wait for ``thread`` to end, even through a KeyboardInterrupt (raised afterwards).

    A SIGINT arriving during :meth:`threading.Thread.join` would otherwise
    let the caller close the watchdog's descriptors while it still reads them.
    """
    interrupted: KeyboardInterrupt | None = None
    while thread.is_alive():
        try:
            thread.join()
        except KeyboardInterrupt as error:
            interrupted = error
    if interrupted is not None:
        raise interrupted
