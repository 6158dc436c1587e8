"""The database's write-ahead log (``-wal``) and who else has the database open.

SQLite replays any ``-wal`` file it finds beside a database when the first connection
opens it; nothing ties a log to its database. A log copied from another database (or
left by another program under the same name) would be written into drill's file on the
first checkpoint. So before drill opens a database whose log nobody else is using, it
replays the log into a scratch copy and checks the copy; a log that does not replay into
a whole drill database (every table of its schema version) is refused
(:class:`ForeignWal`) and both files are left alone.

Whether another process has the database open is read from the locks SQLite keeps on the
``-shm`` file (Linux only: elsewhere drill assumes it may be, and skips the check).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import struct
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

from drill.storage.errors import ForeignWal
from drill.storage.schema import SCHEMA_VERSION, read_version, schema_problem

#: SQLite's unix VFS locks bytes 120-127 of the -shm file for readers and writers and
#: holds a shared lock on byte 128 (the "dead man switch") while a connection is open.
_SHM_LOCKS_START, _SHM_LOCKS_LENGTH = 120, 9

#: Databases this process has open (the locks above do not show a process its own).
_open_here: Counter[Path] = Counter()
_open_lock = threading.Lock()


def wal_path(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def opened_here(path: Path) -> None:
    with _open_lock:
        _open_here[path] += 1


def closed_here(path: Path) -> None:
    with _open_lock:
        _open_here[path] -= 1
        if _open_here[path] <= 0:
            del _open_here[path]


def open_elsewhere(path: Path) -> bool | None:
    """Whether another process (or another connection of this one) has the database
    open; None where that cannot be told (not Linux)."""
    with _open_lock:
        if _open_here[path] > 0:
            return True
    if not sys.platform.startswith("linux"):
        return None
    import fcntl  # POSIX only

    shm = path.with_name(path.name + "-shm")
    try:
        fd = os.open(shm, os.O_RDONLY)
    except FileNotFoundError:
        return False
    except OSError:
        return None
    try:
        # struct flock on Linux: l_type, l_whence (short), l_start, l_len (off_t), l_pid.
        query = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, _SHM_LOCKS_START,
                            _SHM_LOCKS_LENGTH, 0)
        answer = fcntl.fcntl(fd, fcntl.F_GETLK, query)
    except OSError:
        return None
    finally:
        os.close(fd)
    lock_type: int = struct.unpack("hhqqi4x", answer)[0]
    return lock_type != fcntl.F_UNLCK


def check_wal(path: Path) -> None:
    """Refuse a non-empty log nobody is using that does not replay into a drill database."""
    wal = wal_path(path)
    try:
        if wal.stat().st_size == 0:
            return
    except OSError:
        return
    if open_elsewhere(path) is not False:
        return  # the log is in use, so it is the database's own (or cannot be told)
    if not _replays_into_drill(path, wal):
        raise ForeignWal(path, wal)


def _replays_into_drill(path: Path, wal: Path) -> bool:
    with tempfile.TemporaryDirectory(prefix="drill-wal-check-") as scratch:
        copy = Path(scratch) / path.name
        try:
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, wal_path(copy))
        except OSError:
            return True  # cannot tell: SQLite's own checks come next
        try:
            conn = sqlite3.connect(copy, isolation_level=None)
        except sqlite3.Error:
            return False
        try:
            with contextlib.closing(conn):
                if conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    return False
                version = read_version(conn)
                if version is None or version <= 0:
                    return False
                return version > SCHEMA_VERSION or not schema_problem(conn, version)
        except sqlite3.Error:
            return False
