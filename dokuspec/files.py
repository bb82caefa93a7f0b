"""Files written on a user's behalf, the way ordinary tools write them.

Every file dokuspec writes to a path it was given (an SVG picture of
``--svg FILE``, a game record of ``--records DIR``, a benchmark's JSON)
goes through :func:`write_text_file` (or :func:`write_bytes_file`), which
treats the path as ``cp`` or a text editor does:

* a new path, or an existing regular file, is replaced whole or not at
  all: the text goes to a temporary file in the same directory, which is
  flushed to disk and then renamed over the path (an atomic replace). A
  new file gets the mode the umask gives any new file (``0644`` under the
  usual umask ``022``); an existing file keeps its permission bits (and,
  where this process may set them, its owner and group);
* a symbolic link is followed (through every link of a chain): its target
  is written as above, the link stays, and a link to a file that does not
  exist yet makes that file;
* a character or block device, a FIFO (a named pipe) or a socket is
  written in place, never replaced: ``/dev/null`` takes the text and stays
  the null device, ``/dev/full`` reports a full disk, a FIFO's reader gets
  the text (the call waits for a reader, as a shell's ``>`` does);
* a directory is refused.

Every failure raises :class:`FileWriteError`, an :class:`OSError` whose
message is one line, ``cannot write 'PATH': reason`` (``cannot write
'/dev/full': No space left on device``), naming the path as the caller
gave it; a failed replace leaves the path as it was and no temporary file
behind. The command line turns it into that line and exit status 74::

    from dokuspec.files import write_text_file

    write_text_file(path, svg + "\\n")  # FileWriteError -> exit status 74
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

__all__ = ["FileWriteError", "write_bytes_file", "write_text_file"]

#: Tries at a free temporary name (8 random hexadecimal digits each) before giving up.
_TRIES = 100


class FileWriteError(OSError):
    """A file could not be written; the message is ``cannot write 'PATH': reason``.

    The :class:`OSError` it stands for is its cause (``__cause__``); its
    ``errno`` and ``strerror`` are that error's, and its ``filename`` and
    ``path`` the path as the caller gave it.
    """

    def __init__(self, path: str, error: OSError) -> None:
        reason = error.strerror or str(error) or type(error).__name__
        super().__init__(error.errno, reason, path)
        self.path = path

    def __str__(self) -> str:
        return f"cannot write {self.path!r}: {self.strerror}"


def write_text_file(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to the file ``path`` in UTF-8, as ordinary tools do (see the module).

    The text is written as it is: no newline is added or translated.

    Args:
        path: the file's path (a str or a path object).
        text: the whole content.

    Raises:
        TypeError: ``path`` is not a str or path object, or ``text`` not a str.
        UnicodeEncodeError: ``text`` holds a lone surrogate, which UTF-8 cannot
            encode (nothing is written).
        FileWriteError: the file could not be written (a missing directory,
            no permission, a directory as ``path``, a full disk, a FIFO whose
            reader went away...); a regular file is left as it was.
    """
    if not isinstance(text, str):
        raise TypeError(f"text is a str, not {type(text).__name__}")
    write_bytes_file(path, text.encode("utf-8"))


def write_bytes_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to the file ``path``, as ordinary tools do (see the module).

    Args:
        path: the file's path (a str or a path object).
        data: the whole content.

    Raises:
        TypeError: ``path`` is not a str or path object, or ``data`` not bytes.
        FileWriteError: the file could not be written; a regular file is left
            as it was.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path is a str or a path object, not {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"path is a str or a path object, not {type(name).__name__}")
    if not isinstance(data, bytes | bytearray | memoryview):
        raise TypeError(f"data is bytes, not {type(data).__name__}")
    try:
        if not name:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        # Every symbolic link of the path is followed, a dangling one to the file it names.
        target = os.path.realpath(name)
        try:
            info: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            info = None
        if info is None or stat.S_ISREG(info.st_mode):
            _replace(target, bytes(data), info)
        elif stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        else:
            _write_in_place(target, bytes(data))
    except OSError as error:
        raise FileWriteError(name, error) from error


def _replace(target: str, data: bytes, info: os.stat_result | None) -> None:
    """Write ``data`` to a temporary file beside ``target`` and rename it over ``target``.

    ``info``: the existing regular file's status (its mode and owner are
    kept), or ``None`` for a new file (the umask's mode).
    """
    directory, base = os.path.split(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    for _ in range(_TRIES):  # pragma: no branch - a free name comes at once
        # A hidden name that says whose it is; 32 characters of the name keep it short.
        temporary = os.path.join(directory, f".{base[:32]}.{os.urandom(4).hex()}.tmp")
        try:
            # 0o666: the umask's mode, as any new file gets (tempfile's would be 0o600).
            descriptor = os.open(temporary, flags, 0o666)
            break
        except FileExistsError:  # pragma: no cover - 32 random bits taken
            continue
    else:  # pragma: no cover
        raise FileExistsError(errno.EEXIST, "no free temporary name in its directory")
    try:
        with open(descriptor, "wb") as handle:
            if info is not None:
                _keep_owner_and_mode(handle.fileno(), info)
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):  # removed by someone else meanwhile
            os.unlink(temporary)
        raise


def _keep_owner_and_mode(descriptor: int, info: os.stat_result) -> None:
    """Give the new file the replaced file's owner and group (where allowed) and mode."""
    now = os.fstat(descriptor)
    if (now.st_uid, now.st_gid) != (info.st_uid, info.st_gid):
        # Only root may give a file away, and its owner only to one of its own
        # groups; where neither can, the new file is this user's.
        with contextlib.suppress(PermissionError):
            os.fchown(descriptor, info.st_uid, info.st_gid)
    os.fchmod(descriptor, stat.S_IMODE(info.st_mode))


def _write_in_place(target: str, data: bytes) -> None:
    """Write ``data`` into ``target``, a device, a FIFO or a socket, without replacing it."""
    # No O_CREAT: a path that went away meanwhile is an error, not a new regular file.
    flags = os.O_WRONLY | os.O_TRUNC | getattr(os, "O_NOCTTY", 0)
    descriptor = os.open(target, flags)
    with open(descriptor, "wb") as handle:
        handle.write(data)
