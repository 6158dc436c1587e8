"""Backups of the review database, as Anki keeps them: one a study day, kept for the last
N days, and on demand; and putting a backup back.

A backup is a consistent copy made by ``VACUUM INTO`` (a snapshot, even while another
drill is writing), written under a temporary name, checked with ``PRAGMA
integrity_check`` and only then given its name. A restore keeps the file it replaces.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
from datetime import date, datetime
from pathlib import Path

from drill.storage.errors import StorageError
from drill.storage.schema import SCHEMA_VERSION, read_version
from drill.storage.wal import open_elsewhere, wal_path

BACKUPS_FOLDER = "backups"
_DAILY = re.compile(r"drill-(\d{4}-\d{2}-\d{2})\.sqlite3")


def backups_dir(database: Path) -> Path:
    """Where the backups of ``database`` go: ``backups`` beside it."""
    return database.parent / BACKUPS_FOLDER


def back_up(database: Path, target: Path) -> Path:
    """Copy ``database`` to ``target`` (a new file), checked whole; returns ``target``."""
    if target.exists():
        raise StorageError(target, "exists already; name a new file")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(target, f"cannot create its folder: {exc.strerror or exc}") from None
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        partial.unlink(missing_ok=True)
        source = sqlite3.connect(database, isolation_level=None)
        try:
            source.execute("VACUUM INTO ?", (str(partial),))
        finally:
            source.close()
        problem = integrity_problem(partial)
        if problem:
            raise StorageError(database, f"the backup of it fails SQLite's check ({problem}); "
                                         "the database itself may be damaged")
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise StorageError(database, f"cannot back it up: {exc}") from None
    except OSError as exc:
        raise StorageError(target, f"cannot write the backup: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return target


def daily_backup(database: Path, today: date, keep_days: int) -> Path | None:
    """Today's backup, if there is none yet; then only the last ``keep_days`` are kept.

    ``keep_days`` 0 turns daily backups off. Returns the new file, or None.
    """
    if keep_days <= 0 or not database.exists():
        return None
    folder = backups_dir(database)
    target = folder / f"drill-{today.isoformat()}.sqlite3"
    made = None if target.exists() else back_up(database, target)
    daily = sorted(path for path in _listing(folder) if _DAILY.fullmatch(path.name))
    for old in daily[:-keep_days]:
        with contextlib.suppress(OSError):
            old.unlink()
    return made


def integrity_problem(path: Path) -> str:
    """"" when SQLite's integrity check passes on ``path``, else what it found first."""
    try:
        conn = sqlite3.connect(_read_only(path), uri=True)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return str(exc)
    return "" if rows == [("ok",)] else str(rows[0][0])


def restore(backup: Path, database: Path, now: datetime) -> Path:
    """Put ``backup`` in place of ``database``; returns where the replaced file was kept.

    Refused while another process has the database open (it would go on writing to the
    replaced file), and for a backup that is not a whole drill database.
    """
    _check_backup(backup)
    if open_elsewhere(database):
        raise StorageError(database, "is open in another drill (or another program); close "
                                     "it, then restore")
    kept = None
    if database.exists():
        stamp = now.strftime("%Y-%m-%dT%H%M%S")
        kept = backups_dir(database) / f"drill-replaced-{stamp}.sqlite3"
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            os.replace(database, kept)
            wal = wal_path(database)
            if wal.exists():  # changes not yet checkpointed belong with the file they extend
                os.replace(wal, wal_path(kept))
            database.with_name(database.name + "-shm").unlink(missing_ok=True)
        except OSError as exc:
            raise StorageError(database, f"cannot move it aside: {exc.strerror or exc}") from None
    incoming = database.with_name(f".{database.name}.{os.getpid()}.restoring")
    try:
        shutil.copyfile(backup, incoming)
        with incoming.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(incoming, database)
    except OSError as exc:
        raise StorageError(database, f"cannot put the backup in place: {exc.strerror or exc}"
                           + (f"; the replaced file is {kept}" if kept else "")) from None
    finally:
        with contextlib.suppress(OSError):
            incoming.unlink(missing_ok=True)
    return kept if kept is not None else database


def _check_backup(backup: Path) -> None:
    if not backup.is_file():
        raise StorageError(backup, "no such file")
    problem = integrity_problem(backup)
    if problem:
        raise StorageError(backup, f"is not a whole SQLite database ({problem})")
    try:
        conn = sqlite3.connect(_read_only(backup), uri=True)
        try:
            version = read_version(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise StorageError(backup, f"cannot be read: {exc}") from None
    if not version or version < 0:
        raise StorageError(backup, "is not a drill database")
    if version > SCHEMA_VERSION:
        raise StorageError(backup, f"was written by a newer drill (schema {version})")


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _read_only(path: Path) -> str:
    return path.absolute().as_uri() + "?mode=ro"
