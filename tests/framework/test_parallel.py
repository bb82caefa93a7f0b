"""dokuspec.parallel: ordered results wherever the calls run, streaming, errors, cancellation."""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dokuspec.errors import DokuspecError
from dokuspec.parallel import check_options, executor, ordered_map

# The calls below run in spawned processes: they are module-level functions,
# found there by the module's name (the worker starts with this sys.path).


def _cube(n: int) -> int:
    return n * n * n


def _fail_on_three(n: int) -> int:
    if n == 3:
        raise DokuspecError(f"item {n} is refused")
    return n


def _mark_started(task: tuple[str, int]) -> int:
    """Leave a file named after the item (holding this process's id) in the directory, return it."""
    directory, n = task
    (Path(directory) / f"{n}.started").write_text(str(os.getpid()))
    return n


def _first_quick_others_slow(task: tuple[str, int]) -> int:
    """Item 0 returns at once; any other marks its start, sleeps a minute, marks its end."""
    directory, n = task
    if n > 0:
        # Written whole, then named: the test reads a .started file as soon as it appears.
        (Path(directory) / f"{n}.writing").write_text(str(os.getpid()))
        os.replace(Path(directory) / f"{n}.writing", Path(directory) / f"{n}.started")
        time.sleep(60)
        (Path(directory) / f"{n}.finished").write_text("")
    return n


def _counted(limit: int, drawn: list[int]) -> Iterator[int]:
    for n in range(limit):
        drawn.append(n)
        yield n


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


EXPECTED = [n**3 for n in range(30)]


def test_in_this_process_results_in_order_and_no_pickling() -> None:
    # A closure does not pickle: with one worker the calls run here, as before.
    offset = 5
    assert list(ordered_map(lambda n: n + offset, range(4))) == [5, 6, 7, 8]
    assert list(ordered_map(_cube, range(30))) == EXPECTED


def test_two_local_processes_give_the_same_results_in_order() -> None:
    assert list(ordered_map(_cube, range(30), workers=2)) == EXPECTED
    assert list(ordered_map(_cube, iter(range(30)), workers=2, window=1)) == EXPECTED
    assert list(ordered_map(_cube, [], workers=2)) == []


def test_a_dask_cluster_gives_the_same_results_in_order(scheduler: str) -> None:
    assert list(ordered_map(math.factorial, range(30), scheduler=scheduler)) == [
        math.factorial(n) for n in range(30)
    ]
    # Equal items are separate calls (impure tasks), each with its own result.
    assert list(ordered_map(math.factorial, [4, 4, 4], scheduler=scheduler, window=2)) == [
        24,
        24,
        24,
    ]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_call_is_raised_after_the_results_before_it(workers: int) -> None:
    results = ordered_map(_fail_on_three, range(10), workers=workers, window=4)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(DokuspecError, match="item 3 is refused") as raised:
        next(results)
    assert raised.value.__notes__ == ["raised by ordered_map's call on item 3"]
    assert list(results) == []


def test_a_failing_call_on_a_dask_cluster_is_raised_with_its_index(scheduler: str) -> None:
    results = ordered_map(math.sqrt, [4, 1, -1, 9], scheduler=scheduler)
    assert [next(results), next(results)] == [2.0, 1.0]
    with pytest.raises(ValueError, match="math domain error") as raised:
        next(results)
    assert raised.value.__notes__ == ["raised by ordered_map's call on item 2"]


@pytest.mark.parametrize("workers", [1, 2])
def test_results_stream_with_at_most_a_window_of_calls_in_flight(
    workers: int, tmp_path: Path
) -> None:
    drawn: list[int] = []
    results = ordered_map(
        _mark_started, ((str(tmp_path), n) for n in _counted(100, drawn)), workers=workers, window=3
    )
    assert drawn == []  # nothing runs before the iterator is advanced
    assert next(results) == 0
    # The first result came while most items were not even read.
    assert len(drawn) == (1 if workers == 1 else 3)
    assert next(results) == 1
    assert len(drawn) == (2 if workers == 1 else 4)
    results.close()
    started = {path.stem for path in tmp_path.iterdir()}
    assert started <= {str(n) for n in drawn}
    assert {"0", "1"} <= started


@pytest.mark.timeout(60)
def test_closing_early_cancels_pending_calls_and_stops_running_ones(tmp_path: Path) -> None:
    results = ordered_map(
        _first_quick_others_slow, ((str(tmp_path), n) for n in range(50)), workers=2, window=6
    )
    assert next(results) == 0
    # Wait until both workers are inside a slow call (no timing: a file appears).
    while len(list(tmp_path.glob("*.started"))) < 2:
        time.sleep(0.05)
    results.close()  # would sleep for a minute if the running calls were awaited
    started = list(tmp_path.glob("*.started"))
    pids = {int(path.read_text()) for path in started}
    assert not pids & {child.pid for child in multiprocessing.active_children()}
    assert list(tmp_path.glob("*.finished")) == []
    # Calls beyond the window were never submitted; those queued were cancelled.
    assert {int(path.stem) for path in started} <= set(range(1, 6))


def test_an_exception_in_the_consumer_stops_the_workers(tmp_path: Path) -> None:
    results = ordered_map(
        _first_quick_others_slow, ((str(tmp_path), n) for n in range(50)), workers=2
    )
    with pytest.raises(KeyboardInterrupt):
        for n in results:
            assert n == 0
            while len(list(tmp_path.glob("*.started"))) < 2:
                time.sleep(0.05)
            raise KeyboardInterrupt
    # The for loop's exception leaves the generator suspended; dropping it closes it.
    del results
    pids = {int(path.read_text()) for path in tmp_path.glob("*.started")}
    assert not pids & {child.pid for child in multiprocessing.active_children()}
    assert list(tmp_path.glob("*.finished")) == []


def test_the_executor_context() -> None:
    with executor() as none:
        assert none is None
    with executor(workers=2) as pool:
        assert pool is not None
        assert pool.submit(_cube, 3).result() == 27


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"workers": 0}, DokuspecError, "the number of workers is 1 or more, not 0"),
        ({"workers": 2.0}, TypeError, "workers is an int, not float"),
        ({"workers": True}, TypeError, "workers is an int, not bool"),
        ({"window": 0}, DokuspecError, "the window is 1 or more tasks, not 0"),
        ({"window": "4"}, TypeError, "window is an int, not str"),
        ({"scheduler": 8786}, TypeError, "the scheduler is an address"),
        (
            {"workers": 2, "scheduler": "tcp://localhost:8786"},
            DokuspecError,
            "give either a number of local workers or a Dask scheduler, not both",
        ),
        ({"scheduler": "localhost:8786"}, DokuspecError, "not 'localhost:8786'"),
        ({"scheduler": "tcp://localhost"}, DokuspecError, "is tcp://host:port"),
        ({"scheduler": "tcp://localhost:0"}, DokuspecError, "is tcp://host:port"),
        ({"scheduler": "tcp://localhost:65536"}, DokuspecError, "is tcp://host:port"),
        ({"scheduler": "tcp://a b:1"}, DokuspecError, "is tcp://host:port"),
    ],
)
def test_bad_arguments_are_refused_at_the_call(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        ordered_map(_cube, range(3), **kwargs)  # type: ignore[arg-type]


def test_a_function_that_is_not_callable_is_refused() -> None:
    with pytest.raises(TypeError, match="function is callable, not a int"):
        ordered_map(3, range(3))  # type: ignore[arg-type]


def test_check_options_accepts_the_documented_forms() -> None:
    check_options(1, None)
    check_options(8, None)
    check_options(1, "tcp://scheduler.example.org:8786")
    check_options(1, "tls://10.0.0.1:8786")
    check_options(1, "tcp://[::1]:8786")


def test_a_scheduler_without_the_cluster_extra_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # an import of it fails
    with pytest.raises(DokuspecError, match=r"needs the 'cluster' extra: pip install"):
        ordered_map(_cube, range(3), scheduler="tcp://localhost:8786")
