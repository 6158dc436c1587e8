"""Whether a file is drill's review database, found out without changing a byte of it.

SQLite changes a database as soon as a read-write connection uses it: it replays a
``-wal`` beside it, rolls back a journal, and drill's first statement (WAL mode) rewrites
the header. So every way into a database (the app, each command, a backup, the copy a
restore brings in) first passes :func:`accept`, which only reads:

- the file: a regular file, a SQLite header, as long as the header says;
- its tables, through a connection opened ``immutable=1`` (no lock, no ``-shm``, no log
  replayed, no journal rolled back), or ``mode=ro`` while another program has the
  database open (its ``-shm`` is there already, and its writes must be waited for);
- every table and column of the schema version it names, so a database that lacks one
  is refused before a write could fail half-way;
- page by page (``quick_check``) too for a file in rollback-journal mode: drill switches it
  to WAL, which rewrites its header, so it must be whole first;
- a ``-wal`` nobody is using, replayed into a scratch copy (:mod:`drill.storage.wal`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import stat
from pathlib import Path

from drill.storage.errors import DatabaseCorrupt, NewerSchema, StorageError
from drill.storage.schema import SCHEMA_VERSION, read_version, schema_problem
from drill.storage.wal import check_wal, open_elsewhere, wal_path

SQLITE_MAGIC = b"SQLite format 3\x00"
#: Header byte 18, the file format's write version: 1 rollback journal, 2 WAL.
_ROLLBACK_JOURNAL = 1


def accept(path: Path) -> None:
    """Refuse (a :class:`StorageError`) any file that is not a whole drill database with
    its own log; the file and its log are left exactly as they were either way."""
    header = check_file(path)
    in_use = open_elsewhere(path) is True
    query = "mode=ro" if in_use else "immutable=1"
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?{query}", uri=True,
                               isolation_level=None)
    except sqlite3.Error as exc:
        raise _translate(path, exc) from None
    try:
        with contextlib.closing(conn):
            if header[18] == _ROLLBACK_JOURNAL:
                found = conn.execute("PRAGMA quick_check(1)").fetchone()
                if found != ("ok",):
                    raise DatabaseCorrupt(path, f"is corrupt ({found[0] if found else '?'})")
            check_version(path, conn)
    except sqlite3.Error as exc:
        raise _translate(path, exc) from None
    check_wal(path)


def check_version(path: Path, conn: sqlite3.Connection) -> int:
    """The schema version of the database ``conn`` reads, once it is known to be drill's
    with every table and column of that version; else the error naming ``path``."""
    version = read_version(conn)
    if version is None:
        raise DatabaseCorrupt(path, "is a SQLite database but not drill's")
    if version < 0:
        raise DatabaseCorrupt(path, f"has schema version {version}, which no drill writes")
    if version > SCHEMA_VERSION:
        raise NewerSchema(
            path,
            f"was written by a newer drill (schema {version}; this drill knows up to "
            f"{SCHEMA_VERSION}); update drill",
        )
    problem = schema_problem(conn, version)
    if problem:
        raise DatabaseCorrupt(path, f"is missing part of drill's tables (it {problem})")
    return version


def check_file(path: Path) -> bytes:
    """Refuse a file that is not a whole SQLite database, without writing to it; its
    first 100 bytes (the header)."""
    try:
        status = path.stat()
        # Opening a named pipe would wait forever for a writer; a folder cannot be read.
        if not stat.S_ISREG(status.st_mode):
            raise StorageError(path, "is not a regular file (a folder, pipe or device); "
                                     "it was left untouched")
        size = status.st_size
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise StorageError(path, f"cannot read: {exc.strerror or exc}") from None
    if size == 0:
        raise DatabaseCorrupt(path, "is empty (0 bytes), not a drill database")
    if not header.startswith(SQLITE_MAGIC):
        raise DatabaseCorrupt(path, "is not a SQLite database")
    if len(header) < 100:
        raise DatabaseCorrupt(path, "is truncated (shorter than a SQLite header)")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    # The header's page count is valid when its version-valid-for number equals the
    # change counter. A non-empty WAL may hold pages the main file has not got yet.
    count_is_valid = header[92:96] == header[24:28]
    if pages and count_is_valid and _size(wal_path(path)) == 0 and size < pages * page_size:
        raise DatabaseCorrupt(
            path, f"is truncated ({size} bytes; its header says {pages * page_size})"
        )
    return header


def _translate(path: Path, exc: sqlite3.Error) -> StorageError:
    from drill.storage.database import translate  # which imports this module

    return translate(path, exc)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
