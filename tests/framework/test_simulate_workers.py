"""Simulations played in other processes or on a Dask cluster: the same games, records, output.

Also the helpers the simulate commands' tests share: :func:`stopped_after`
(a run that stops early) and :func:`interrupted_run` (a command
interrupted while it runs).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dokuspec import competitive, sumodoku, twodoku
from dokuspec.cli import main
from dokuspec.cli.shared import interrupts_deferred
from dokuspec.errors import DokuspecError

GAMES = 8

# Each run: (records directory, workers, scheduler) -> an iterator of results.
RUNS: dict[str, Callable[[Path, int, str | None], Iterator[Any]]] = {
    "sumodoku": lambda records, workers, scheduler: sumodoku.simulate(
        GAMES, 11, ("solver", "random"), records, workers=workers, scheduler=scheduler
    ),
    "competitive": lambda records, workers, scheduler: competitive.simulate(
        GAMES,
        11,
        "draft",
        ("greedy", "random"),
        records=records,
        workers=workers,
        scheduler=scheduler,
    ),
    "twodoku": lambda records, workers, scheduler: twodoku.simulate(
        GAMES, 11, ("inference", "random"), records, workers=workers, scheduler=scheduler
    ),
}


def stopped_after(
    simulate: Callable[..., Iterator[Any]], count: int, error: Callable[[], BaseException]
) -> Callable[..., Iterator[Any]]:
    """A stand-in for a game's ``simulate``: the real run's first ``count`` results, then
    ``error()`` raised (``KeyboardInterrupt``: an interrupt; an ``OSError``: a record that
    could not be written)."""

    def stopped(*args: Any, **kwargs: Any) -> Iterator[Any]:
        real = simulate(*args, **kwargs)
        for _ in range(count):
            yield next(real)
        raise error()

    return stopped


def interrupted_run(
    *args: str, while_running: Callable[[subprocess.Popen[bytes]], None] = lambda _: None
) -> list[dict[str, Any]]:
    """Run ``python -m dokuspec ARGS`` (a simulate command with ``--json`` and far too many
    games to finish), read its first game, call ``while_running``, interrupt it (SIGINT);
    it must end with status 130, "interrupted" on standard error, and the summary of the
    games printed, each once and in order. Returns the games printed.

    Unbuffered, so that reading the first line takes nothing more from the pipe.
    """
    process = subprocess.Popen(
        [sys.executable, "-m", "dokuspec", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    try:
        assert process.stdout is not None
        first = json.loads(process.stdout.readline())
        assert first["index"] == 0
        assert process.poll() is None  # the first line arrived while the run goes on
        while_running(process)
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err.decode() == "dokuspec: interrupted\n"
    lines = [json.loads(line) for line in rest.decode().splitlines()]
    games = [first, *lines[:-1]]
    assert [game["index"] for game in games] == list(range(len(games)))
    assert lines[-1] == {"summary": lines[-1]["summary"]}
    assert lines[-1]["summary"]["games"] == len(games)
    return games


def _files(directory: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


@pytest.mark.parametrize("game", sorted(RUNS))
def test_two_workers_play_the_same_games_and_write_the_same_records(
    game: str, tmp_path: Path
) -> None:
    alone = list(RUNS[game](tmp_path / "one", 1, None))
    shared = list(RUNS[game](tmp_path / "two", 2, None))
    assert len(alone) == GAMES
    assert shared == alone
    assert [result.index for result in shared] == list(range(GAMES))
    records = _files(tmp_path / "one")
    assert len(records) == GAMES
    assert _files(tmp_path / "two") == records


def test_a_dask_cluster_plays_the_same_sumodoku_games(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    alone = list(RUNS["sumodoku"](tmp_path / "one", 1, None))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        on_cluster = list(RUNS["sumodoku"](tmp_path / "cluster", 1, cluster.scheduler_address))
    assert on_cluster == alone
    assert _files(tmp_path / "cluster") == _files(tmp_path / "one")


def test_stopping_early_leaves_exactly_the_records_of_the_results_received(
    tmp_path: Path,
) -> None:
    results = twodoku.simulate(200, 5, ("inference", "random"), tmp_path, workers=2)
    received = [next(results) for _ in range(3)]
    results.close()  # type: ignore[attr-defined]
    assert [result.index for result in received] == [0, 1, 2]
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        f"game-{index:06d}.json" for index in range(3)
    ]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"workers": 0}, DokuspecError, "the number of workers is 1 or more, not 0"),
        ({"workers": "2"}, TypeError, "workers is an int, not str"),
        ({"workers": 2, "scheduler": "tcp://h:1"}, DokuspecError, "not both"),
        ({"scheduler": "h:8786"}, DokuspecError, "is tcp://host:port"),
    ],
)
def test_bad_workers_or_scheduler_are_refused_before_the_records_directory_is_made(
    kwargs: dict[str, Any], error: type[Exception], message: str, tmp_path: Path
) -> None:
    with pytest.raises(error, match=message):
        sumodoku.simulate(3, 0, ("random", "random"), tmp_path / "records", **kwargs)
    assert not (tmp_path / "records").exists()


def test_a_simulate_command_prints_the_same_with_two_workers() -> None:
    # The three commands share this path (cli/shared.py); the games' own
    # equality with two workers is checked above for each game.
    runner = CliRunner()
    args = ["twodoku", "simulate", "--games", "6", "--seed", "4", "--json", "--bots", "inference"]
    alone = runner.invoke(main, args)
    shared = runner.invoke(main, [*args, "--workers", "2"])
    assert (alone.exit_code, shared.exit_code) == (0, 0)
    assert shared.output == alone.output
    assert len(alone.output.splitlines()) == 7
    assert json.loads(alone.output.splitlines()[-1])["summary"]["games"] == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "Invalid value for '--workers': '0': give a whole number 1-1,024"),
        (["--workers", "٢"], "Invalid value for '--workers'"),
        (
            ["--workers", "2", "--scheduler", "tcp://h:1"],
            "give either a number of local workers or a Dask scheduler, not both",
        ),
        (["--scheduler", "h"], "a Dask scheduler's address is tcp://host:port"),
    ],
)
def test_bad_workers_or_scheduler_options_are_one_line_with_status_2(
    args: list[str], message: str
) -> None:
    result = CliRunner().invoke(main, ["competitive", "simulate", "--games", "2", *args])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1
    assert message in lines[0]


def test_sigint_with_two_workers_keeps_the_games_printed_and_stops_the_workers(
    tmp_path: Path,
) -> None:
    psutil = pytest.importorskip("psutil")
    workers: list[Any] = []

    def find_workers(process: subprocess.Popen[bytes]) -> None:
        workers.extend(psutil.Process(process.pid).children(recursive=True))

    games = interrupted_run(
        "sumodoku", "simulate", "--games", "1000000000", "--workers", "2", "--json",
        "--records", str(tmp_path), while_running=find_workers,
    )  # fmt: skip
    assert len(workers) >= 2
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == [f"game-{index:06d}.json" for index in range(len(games))]
    # No worker outlives the run (a guard against a hang, not a timing).
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []


# -- SIGINT to the whole process group (Ctrl-C), several workers ---------------------------------


def group_interrupted(args: list[str], lines_first: int) -> list[dict[str, Any]]:
    """Run ``python -m dokuspec ARGS`` (with ``--json``, far too much work to finish) in a
    process group of its own, read its first ``lines_first`` lines, then send SIGINT to the
    whole group, as Ctrl-C does; it must end with status 130, "interrupted" on standard
    error and nothing else, and leave no process behind (the workers and multiprocessing's
    resource tracker hold its standard streams: one left running would hang the reading).
    Returns every line printed, as JSON."""
    process = subprocess.Popen(
        [sys.executable, "-m", "dokuspec", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,  # reading a line takes nothing more from the pipe
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        first = [process.stdout.readline() for _ in range(lines_first)]
        os.killpg(process.pid, signal.SIGINT)
        rest, err = process.communicate(timeout=60)  # a guard against a hang
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert (process.returncode, err.decode()) == (130, "dokuspec: interrupted\n")
    return [json.loads(line) for line in [*first, *rest.splitlines()]]


def wins_of(wins: dict[str, int] | list[int]) -> dict[str, int]:
    """A summary's wins per winner (a dict, or a list per seat), the winners with a win."""
    pairs = wins.items() if isinstance(wins, dict) else enumerate(wins)
    return {str(winner): count for winner, count in pairs if count}


SIMULATE_ARGS = {
    "sumodoku": ["sumodoku", "simulate", "--bots", "random"],
    "competitive": ["competitive", "simulate"],
    "twodoku": ["twodoku", "simulate"],
}


@pytest.mark.parametrize("game", sorted(SIMULATE_ARGS))
def test_ctrl_c_with_two_workers_prints_records_and_counts_the_same_games(
    game: str, tmp_path: Path
) -> None:
    # Interrupted at different moments: after the first game, and later.
    for lines_first in (1, 6):
        records = tmp_path / f"after-{lines_first}"
        args = [*SIMULATE_ARGS[game], "--games", "1000000000", "--json", "--workers", "2"]
        lines = group_interrupted([*args, "--records", str(records)], lines_first)
        games, summary = lines[:-1], lines[-1]["summary"]
        assert len(games) >= lines_first
        assert [line["index"] for line in games] == list(range(len(games)))
        assert summary["games"] == len(games)
        won = Counter(str(line["winner"]) for line in games if line["winner"] is not None)
        assert wins_of(summary["wins"]) == dict(won)
        assert sorted(path.name for path in records.iterdir()) == [
            f"game-{index:06d}.json" for index in range(len(games))
        ]
        recorded = [json.loads(path.read_text()) for path in sorted(records.iterdir())]
        assert [record["seed"] for record in recorded] == [line["seed"] for line in games]


def test_a_sigint_that_another_thread_receives_waits_for_the_end_of_the_block() -> None:
    """The kernel gives a process its SIGINT through any thread that does not block it (a
    process pool's threads, a progress bar's; multiprocessing unblocks it in the thread that
    starts its resource tracker): the block still runs to its end, then the interrupt comes."""

    def interrupt_from_a_thread_that_does_not_block_sigint() -> None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        os.kill(os.getpid(), signal.SIGINT)

    steps: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts_deferred():
            thread = threading.Thread(target=interrupt_from_a_thread_that_does_not_block_sigint)
            thread.start()
            thread.join()
            steps.append("the rest of the block")
        steps.append("after the block")
    assert steps == ["the rest of the block"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_sigint_ignored_before_the_block_stays_ignored() -> None:
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupts_deferred():
            signal.raise_signal(signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
