"""The ``dokuspec`` command line: a thin layer over the public API.

It parses arguments, reads input, calls the public game modules and prints.
One module or package per game (:mod:`dokuspec.cli.sumodoku`); :mod:`dokuspec.cli.io`
holds what every command shares: the exit statuses, one-line errors, and
guarded standard streams; :mod:`dokuspec.cli.app` the command group,
:data:`main`.

Exit statuses (:class:`~dokuspec.cli.io.Status`): 0 everything asked was answered,
1 some answer ``unknown`` (a budget ran out), 2 bad input or bad usage, 74 an
input or output failure (closed or failing standard streams, a full disk, a
closed pipe), 130 interrupted (SIGINT, Ctrl-C).

This module stays light (the solvers are imported by :func:`run`, not
here), so that a Ctrl-C while they load still ends with one line and 130.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any, NoReturn

__all__ = ["main", "run"]


def run(args: list[str] | None = None, prog_name: str = "dokuspec") -> None:
    """The ``dokuspec`` program: run the command group with the exit statuses above.

    Closed standard output is refused before anything runs (status 74), and
    SIGINT while the solver libraries load ends with one line (status 130).
    """
    _sigint_received.clear()
    try:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, _on_sigint)
            sys.unraisablehook = _unraisable
        from dokuspec.cli.io import Status, error_line  # noqa: PLC0415 - see the module docstring

        if sys.stdout is None:
            error_line("cannot write standard output: standard output is closed")
            sys.exit(Status.IO_FAILURE)
        from dokuspec.cli.app import main as group  # noqa: PLC0415 - see the module docstring

        group.main(args, prog_name=prog_name)
    except KeyboardInterrupt:
        if sys.stderr is not None:
            sys.stderr.write("dokuspec: interrupted\n")
        _exit_interrupted()
    except SystemExit as done:
        if done.code == _INTERRUPTED:
            _exit_interrupted()
        if _sigint_received.is_set():
            _interrupted_late()
        raise
    except Exception:
        # A KeyboardInterrupt raised inside a C library's call-back comes out
        # wrapped (ctypes.ArgumentError from Z3's bindings): still an interrupt.
        if _sigint_received.is_set():
            _interrupted_late()
        raise
    if _sigint_received.is_set():
        _interrupted_late()


_INTERRUPTED = 130

_sigint_received = threading.Event()
"""Set when SIGINT arrives during :func:`run` (see :func:`_on_sigint`)."""


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """Python's own SIGINT handler (raise KeyboardInterrupt), remembering that it ran.

    A KeyboardInterrupt raised while a finaliser runs (``__del__``, as Z3's
    objects have) is printed and swallowed by Python, and the program goes
    on; the flag lets :func:`run` still end such a run as interrupted.
    """
    _sigint_received.set()
    raise KeyboardInterrupt


def _unraisable(unraisable: Any) -> None:
    """Say nothing of a KeyboardInterrupt that Python had to swallow (in a finaliser).

    :func:`run` ends such a run as interrupted anyway; every other
    unraisable exception goes to Python's own hook.
    """
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        return
    sys.__unraisablehook__(unraisable)


def _interrupted_late() -> NoReturn:
    """End a run whose SIGINT was swallowed on the way: one line, status 130."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.write("dokuspec: interrupted\n")
    _exit_interrupted()


def _exit_interrupted() -> NoReturn:
    """Exit with status 130 now, whatever CPython noted about the interrupt.

    A SIGINT that lands while a string of code is being executed (as
    :mod:`dataclasses` does for each class it makes, at import time) makes
    CPython record an "unhandled" KeyboardInterrupt, even when dokuspec
    handles it; at exit CPython then kills itself with SIGINT instead of
    returning the status. So the streams are flushed and the process ends
    here, with the status documented above.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(_INTERRUPTED)


def __getattr__(name: str) -> object:
    """``main``, the click command group, is imported when first asked for."""
    if name == "main":
        from dokuspec.cli.app import main as group  # noqa: PLC0415 - see the module docstring

        return group
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
