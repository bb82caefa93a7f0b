"""Work shared among processes or a Dask cluster, its results in order.

:func:`ordered_map` applies a function to each item of an iterable and
yields the results in the items' order, wherever the calls run:

* ``workers=1`` (the default): in this process, one after the other, with
  no executor and no pickling;
* ``workers=W`` (more than 1): in ``W`` local processes, through a
  :class:`concurrent.futures.ProcessPoolExecutor`;
* ``scheduler="tcp://host:port"``: on the workers of a Dask cluster,
  through ``distributed.Client.get_executor()``, Dask's
  :mod:`concurrent.futures`-compatible executor. Dask is not a dependency
  of dokuspec: it comes with the optional ``cluster`` extra
  (``pip install 'dokuspec[cluster]'``).

Local processes are started with the ``spawn`` start method, on every
platform: a spawned process begins from a fresh interpreter and imports
what it needs, so it never shares the state of the process that started
it. With ``fork`` (Linux's default before Python 3.14), a child would
inherit copies of the solvers a process caches (python-sat and Z3 objects
hold native state, threads and locks that are not safe to use in a forked
copy) and of any lock held by another thread at the moment of the fork.
Spawning costs a fresh import of dokuspec in each worker (a fraction of a
second, once per worker), which a run long enough to share is worth.

The functions given to a pool must be picklable: module-level functions
(never lambdas or closures) of picklable arguments. This module knows no
game: a game's simulation gives it the function that plays one game (see
``dokuspec.engine.playout.play_game``).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import importlib
import multiprocessing
import re
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import resource_tracker
from typing import Any, TypeVar

from dokuspec.errors import DokuspecError, quote

__all__ = ["check_options", "executor", "ordered_map"]

#: The type of the items a function is mapped over.
T = TypeVar("T")
#: The type of the function's results.
R = TypeVar("R")

#: Tasks in flight per worker when ``window`` is not given, enough to keep
#: every worker busy while the consumer handles a result, few enough that a
#: run of a million tasks is submitted a few at a time.
TASKS_PER_WORKER = 2

_ADDRESS = re.compile(
    r"(?P<protocol>tcp|tls)://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})"
)


def check_options(workers: object = 1, scheduler: object = None) -> None:
    """Check a choice of where work runs, as :func:`ordered_map` and :func:`executor` take it.

    Args:
        workers: the number of local processes, 1 or more (1: this process).
        scheduler: the address of a Dask scheduler, ``"tcp://host:port"``
            (or ``"tls://host:port"``), or ``None``.

    Raises:
        TypeError: ``workers`` is not an int, or ``scheduler`` is neither a
            str nor ``None``.
        DokuspecError: ``workers`` is less than 1, both ``workers`` (more
            than 1) and ``scheduler`` are given, or ``scheduler`` is not an
            address of that form with a port from 1 to 65535.
    """
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers is an int, not {type(workers).__name__}")
    if workers < 1:
        raise DokuspecError(f"the number of workers is 1 or more, not {quote(workers)}")
    if scheduler is None:
        return
    if not isinstance(scheduler, str):
        raise TypeError(f"the scheduler is an address (a str), not {type(scheduler).__name__}")
    if workers > 1:
        raise DokuspecError(
            "give either a number of local workers or a Dask scheduler, not both: "
            "the cluster's workers do the work"
        )
    match = _ADDRESS.fullmatch(scheduler)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise DokuspecError(
            f"a Dask scheduler's address is tcp://host:port (or tls://host:port), "
            f"not {quote(scheduler)}"
        )


def _distributed() -> Any:
    """The ``distributed`` package, or a DokuspecError naming the extra that brings it."""
    try:
        return importlib.import_module("distributed")
    except ImportError as error:
        raise DokuspecError(
            "running on a Dask cluster needs the 'cluster' extra: pip install 'dokuspec[cluster]'"
        ) from error


def _ignore_interrupts() -> None:
    """A local worker's initializer: Ctrl-C is the parent's to handle.

    The terminal sends SIGINT to every process of the foreground group; the
    parent cancels the pending tasks and stops the workers, which would
    otherwise each print a traceback. A worker starts with SIGINT blocked
    (:class:`_WorkerPool`), so one sent while it imports is held back; it is
    ignored from here on, and unblocked (a SIGINT held back is discarded).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # pragma: no branch - every POSIX platform
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread for the block, so that processes started in it inherit it
    blocked (a spawned process keeps the signal mask of the thread that starts it)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    # Starting multiprocessing's resource tracker unblocks SIGINT in the thread
    # that starts it (SIG_UNBLOCK, not the mask it found): start it first.
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class _WorkerPool(concurrent.futures.ProcessPoolExecutor):
    """A process pool whose workers never see SIGINT, from their first instruction on.

    The pool starts its workers as tasks are submitted, in the thread that
    submits; :meth:`submit` blocks SIGINT meanwhile, so a worker begins with
    SIGINT blocked and ignores it (:func:`_ignore_interrupts`) before
    unblocking it. Without that, a Ctrl-C sent to the process group while a
    worker still imports would end it with a traceback and break the pool.
    """

    def submit(
        self, fn: Callable[..., R], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[R]:
        with _sigint_blocked():
            return super().submit(fn, *args, **kwargs)


def _stop_processes(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop the workers without waiting for their calls, and cancel what has not started."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14 and later
    if terminate is not None:
        terminate()
        return
    # Before 3.14 the executor has no public way to stop a running call; its
    # worker processes are in this attribute (CPython 3.11 to 3.13).
    processes: dict[int, multiprocessing.process.BaseProcess] = dict(
        getattr(pool, "_processes", None) or {}
    )
    for process in processes.values():
        process.terminate()
    # The executor's thread sees its workers gone, fails the calls in flight
    # (BrokenProcessPool; nobody waits for them) and ends: join it, so that
    # the queues it shares with the workers are released now.
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes.values():
        process.join()


@contextlib.contextmanager
def executor(
    workers: int = 1, scheduler: str | None = None
) -> Iterator[concurrent.futures.Executor | None]:
    """The executor that runs work where ``workers`` and ``scheduler`` say, for a ``with`` block.

    ``workers=1`` and no ``scheduler`` gives ``None``: the caller runs its
    work itself. ``workers`` more than 1 gives a process pool (``spawn``
    start method, see the module's introduction) whose workers ignore
    SIGINT. A ``scheduler`` gives the executor of a Dask client connected
    to it, which submits tasks as impure (never merged with an equal task).

    When the block ends normally, the executor waits for its tasks and
    shuts down. When it ends with an exception (KeyboardInterrupt and a
    closed generator's GeneratorExit included), the tasks not yet started
    are cancelled and the running ones abandoned: local workers are
    terminated, a cluster's tasks cancelled; then the exception goes on.

    Args:
        workers: the number of local processes, 1 or more.
        scheduler: a Dask scheduler's address, ``"tcp://host:port"``, or ``None``.

    Yields:
        The executor, or ``None`` for work in this process.

    Raises:
        TypeError, DokuspecError: bad arguments (:func:`check_options`).
        DokuspecError: a scheduler without the ``cluster`` extra installed,
            or a scheduler that could not be reached.
    """
    check_options(workers, scheduler)
    with _executor(workers, scheduler) as (pool, _):
        yield pool


@contextlib.contextmanager
def _executor(
    workers: int, scheduler: str | None
) -> Iterator[tuple[concurrent.futures.Executor | None, int]]:
    """:func:`executor`'s executor (arguments checked) and how many calls it runs at once."""
    if scheduler is not None:
        distributed = _distributed()
        try:
            client = distributed.Client(scheduler)
        except (OSError, TimeoutError) as error:
            raise DokuspecError(
                f"could not connect to the Dask scheduler at {quote(scheduler)}: {error}"
            ) from error
        try:
            cluster: concurrent.futures.Executor = client.get_executor(pure=False)
            try:
                yield cluster, _cluster_threads(client)
            except BaseException:
                cluster.shutdown(wait=False)  # cancels every task of the executor
                raise
            cluster.shutdown(wait=True)
        finally:
            client.close()
    elif workers > 1:
        pool = _WorkerPool(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_ignore_interrupts,
        )
        try:
            yield pool, workers
        except BaseException:
            _stop_processes(pool)
            raise
        pool.shutdown(wait=True)
    else:
        yield None, 1


def ordered_map(
    function: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    window: int | None = None,
) -> Iterator[R]:
    """``function(item)`` for each item, in the items' order, as soon as each is ready.

    The arguments are checked at the call; the work starts when the
    iterator is first advanced. The items are read lazily, and at most
    ``window`` calls are submitted and not yet yielded at any time. The
    result of item ``i`` is yielded as soon as it and every earlier one are
    done, so a consumer sees the first results while later ones run.

    A call that raises stops the map: the results of the items before it
    are yielded first (as when the calls run one by one), then its
    exception is raised in the caller, with a note naming the item's index
    (its position in ``items``, from 0). Closing the iterator early, or an
    exception in the consumer such as KeyboardInterrupt, cancels the
    pending calls and stops the workers (see :func:`executor`).

    Args:
        function: called with one item. Unless the calls run in this
            process it must be picklable (a module-level function), as must
            the items and the results.
        items: the items, any iterable; read only as calls are submitted.
        workers: the number of local processes, 1 or more; 1 (the
            default) runs the calls in this process, with no executor.
        scheduler: a Dask scheduler's address (``"tcp://host:port"``) to
            run the calls on its cluster, or ``None``; needs the
            ``cluster`` extra.
        window: the most calls in flight, 1 or more; by default
            :data:`TASKS_PER_WORKER` times the workers (for a cluster,
            the threads of its workers when the map starts).

    Returns:
        An iterator of the results, item 0's first.

    Raises:
        TypeError: ``function`` is not callable, ``workers`` or ``window``
            not an int, ``scheduler`` not a str.
        DokuspecError: ``workers`` or ``window`` less than 1, both
            ``workers`` and ``scheduler``, a malformed address, or a
            scheduler without the ``cluster`` extra installed (at the call);
            a scheduler that could not be reached (when the map starts).
        Exception: whatever a call raised, when the iterator reaches its item.
    """
    if not callable(function):
        raise TypeError(f"function is callable, not a {type(function).__name__}")
    check_options(workers, scheduler)
    if window is not None:
        if isinstance(window, bool) or not isinstance(window, int):
            raise TypeError(f"window is an int, not {type(window).__name__}")
        if window < 1:
            raise DokuspecError(f"the window is 1 or more tasks, not {quote(window)}")
    if scheduler is not None:
        _distributed()  # the missing extra is reported now, not at the first result
    elif workers == 1:
        return _in_this_process(function, items)
    return _submitted(function, items, workers, scheduler, window)


def _noted(error: BaseException, index: int) -> None:
    error.add_note(f"raised by ordered_map's call on item {index}")


def _in_this_process(function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    for index, item in enumerate(items):
        try:
            result = function(item)
        except Exception as error:
            _noted(error, index)
            raise
        yield result


def _cluster_threads(client: Any) -> int:
    """How many calls a Dask client's cluster runs at once (its workers' threads), 1 or more."""
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


def _submitted(
    function: Callable[[T], R],
    items: Iterable[T],
    workers: int,
    scheduler: str | None,
    window: int | None,
) -> Iterator[R]:
    with _executor(workers, scheduler) as (pool, slots):
        assert pool is not None
        if window is None:
            window = TASKS_PER_WORKER * slots
        in_flight: deque[tuple[int, concurrent.futures.Future[R]]] = deque()
        indexed = enumerate(items)
        exhausted = False
        while True:
            while not exhausted and len(in_flight) < window:
                try:
                    index, item = next(indexed)
                except StopIteration:
                    exhausted = True
                    break
                in_flight.append((index, pool.submit(function, item)))
            if not in_flight:
                return
            index, future = in_flight.popleft()
            try:
                result = future.result()
            except Exception as error:
                _noted(error, index)
                raise
            yield result
