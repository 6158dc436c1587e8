"""One app per data folder, as Anki allows one instance per profile.

Two apps on one folder would show the same queue, so every card would be rated twice. The
app holds an exclusive lock on ``.drill-app.lock`` in the data folder while it runs (the
lock goes with the process, so a crash leaves nothing to clean up); a second app is told
which process has it. The command line takes no claim: it reads alongside the app.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import IO

from drill.storage.errors import StorageError

LOCK_FILE = ".drill-app.lock"


class AppAlreadyOpen(StorageError):
    """Another drill app has this data folder open."""


class AppClaim:
    """The running app's hold on its data folder; :meth:`release` when it closes."""

    def __init__(self, handle: IO[str] | None) -> None:
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the lock
            self._handle = None


def claim_folder(folder: Path) -> AppClaim:
    """Hold ``folder`` for this app, or raise :class:`AppAlreadyOpen`; a lock path that
    cannot serve (a link, a folder, a pipe) is a :class:`StorageError` naming it, as the
    guard would otherwise be off without a word."""
    try:
        import fcntl
    except ImportError:  # Windows: no claim (the database still copes with two writers)
        return AppClaim(None)
    path = folder / LOCK_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return AppClaim(None)  # the database reports the folder by name
    try:
        # Never through a link (its target would be overwritten with a process id), and
        # without waiting on a pipe put in its place.
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
                             | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        if exc.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
            return AppClaim(None)  # a read-only folder: the database reports it by name
        raise _unusable(path, "a symbolic link" if exc.errno == errno.ELOOP
                        else "a folder" if exc.errno == errno.EISDIR
                        else f"not usable ({exc.strerror or exc})") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise _unusable(path, "not a regular file (a pipe or device)")
    os.set_blocking(descriptor, True)
    handle = os.fdopen(descriptor, "r+", encoding="utf-8")
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read(20).strip()
        handle.close()
        process = f" (process {holder})" if holder.isdigit() else ""
        raise AppAlreadyOpen(
            folder, f"drill is already open on this data folder{process}; two apps would "
            "show the same cards and rate each twice. Quit the other one first (drill "
            "commands such as 'drill stats' work beside it)"
        ) from None
    except OSError:
        handle.close()
        return AppClaim(None)  # a file system without locks
    with contextlib.suppress(OSError):
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
    return AppClaim(handle)


def _unusable(path: Path, what: str) -> StorageError:
    return StorageError(path, f"is {what}, so drill cannot tell whether another app has "
                              "this data folder open; remove it (drill makes it afresh)")
