"""Backups of the review database, as Anki keeps them: one a study day, kept for the last
N days, and on demand; and putting a backup back.

A backup reads only a database :func:`~drill.storage.probe.accept` took (so a log that is
not its own is never replayed into it), through a read-only connection, by ``VACUUM
INTO`` (a snapshot with the log's changes, even while another drill is writing). The copy
is written under a hidden ``.partial`` name, checked with ``PRAGMA integrity_check``,
synced, and only then given its name.

A restore runs in steps, each named to the caller's ``step`` as it ends (so a test can
stop the process at each), and at every moment the database's path holds the old
database or the new one, whole:

1. ``copying`` (repeatedly), ``checked``: the backup is read through SQLite, its log
   applied, into a hidden ``.restoring`` file beside the database, which is checked as
   drill checks a database it opens, switched to WAL and synced. The backup and its
   folder are never written.
2. ``kept``: the current database's log is checkpointed into it (when it is drill's; a
   damaged one's log is kept beside the copy), and the file is hard-linked (or copied)
   to ``backups/drill-replaced-<time>.sqlite3``.
3. ``replaced``: ``os.replace`` puts the new file at the path in one step.

Hidden files left by a process killed half-way are removed by the next backup, restore,
or start of the app.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path

from drill.config import leftovers
from drill.storage.errors import StorageError
from drill.storage.probe import accept, check_file, check_version
from drill.storage.wal import open_elsewhere, wal_path

BACKUPS_FOLDER = "backups"
_DAILY = re.compile(r"drill-(\d{4}-\d{2}-\d{2})\.sqlite3")
#: A hidden file a backup or restore writes first, with the id of the process writing it
#: (and the files SQLite may make beside it).
_UNFINISHED = re.compile(r"\..+\.(\d+)\.(?:partial|restoring)(?:-wal|-shm|-journal)?")
#: Pages copied between two calls of a restore's ``step`` (4 MiB at drill's page size).
_PAGES_A_STEP = 1024
_SIDE_FILES = ("-wal", "-shm", "-journal")


def backups_dir(database: Path) -> Path:
    """Where the backups of ``database`` go: ``backups`` beside it."""
    return database.parent / BACKUPS_FOLDER


def back_up(database: Path, target: Path) -> Path:
    """Copy ``database`` to ``target`` (a new file), checked whole; returns ``target``."""
    if target.exists():
        raise StorageError(target, "exists already; name a new file")
    accept(database)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(target, f"cannot create its folder: {exc.strerror or exc}") from None
    remove_unfinished(target.parent)
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        partial.unlink(missing_ok=True)
        source = sqlite3.connect(_uri(database, "mode=ro"), uri=True, isolation_level=None)
        try:
            source.execute("VACUUM INTO ?", (str(partial),))
        finally:
            source.close()
        problem = integrity_problem(partial)
        if problem:
            raise StorageError(database, f"the backup of it fails SQLite's check ({problem}); "
                                         "the database itself may be damaged")
        _sync(partial)
        os.replace(partial, target)
        _sync_folder(target.parent)
    except sqlite3.Error as exc:
        raise StorageError(database, f"cannot back it up: {exc}") from None
    except OSError as exc:
        raise StorageError(target, f"cannot write the backup: {exc.strerror or exc}") from None
    finally:
        _remove_with_side_files(partial)
    return target


def daily_backup(database: Path, today: date, keep_days: int) -> Path | None:
    """Today's backup, if there is none yet; then only the last ``keep_days`` are kept.

    ``keep_days`` 0 turns daily backups off. Returns the new file, or None.
    """
    # A start: what a backup or restore killed half-way left behind goes.
    remove_unfinished(database.parent)
    remove_unfinished(backups_dir(database))
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
        conn = sqlite3.connect(_uri(path, "immutable=1"), uri=True)
        try:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        return str(exc)
    return "" if rows == [("ok",)] else str(rows[0][0])


def _no_step(name: str) -> None:
    """A restore's steps go by unremarked."""


def restore(backup: Path, database: Path, now: datetime,
            step: Callable[[str], None] = _no_step) -> Path:
    """Put ``backup`` in place of ``database``; returns where the replaced file was kept
    (``database`` itself when there was none).

    Refused while another process has the database open (it would go on writing to the
    replaced file), for the database itself, and for a backup that is not a whole drill
    database. ``step`` is called with the name of each step as it ends.
    """
    backup, database = backup.absolute(), database.absolute()
    if not backup.is_file():
        raise StorageError(backup, "no such file")
    if database.exists() and os.path.samefile(backup, database):
        raise StorageError(backup, "is the review database itself; name a backup")
    if open_elsewhere(database):
        raise StorageError(database, "is open in another drill (or another program); close "
                                     "it, then restore")
    remove_unfinished(database.parent)
    remove_unfinished(backups_dir(database))
    incoming = database.with_name(f".{database.name}.{os.getpid()}.restoring")
    try:
        _bring_in(backup, incoming, step)
        step("checked")
        kept = _keep(database, now) if database.exists() else None
        step("kept")
        os.replace(incoming, database)
        _sync_folder(database.parent)
        step("replaced")
        # The old file's index of its log, now describing nothing (its log is gone).
        database.with_name(database.name + "-shm").unlink(missing_ok=True)
    except OSError as exc:
        raise StorageError(database, f"cannot put the backup in place: {exc.strerror or exc}"
                                     "; the database was not changed") from None
    finally:
        _remove_with_side_files(incoming)
    return kept if kept is not None else database


def _bring_in(backup: Path, incoming: Path, step: Callable[[str], None]) -> None:
    """``backup`` read through SQLite (its log applied) into ``incoming``, checked as a
    database drill opens, in WAL mode, and synced; the backup itself is only read."""
    check_file(backup)
    _remove_with_side_files(incoming)
    in_use = open_elsewhere(backup) is True
    try:
        if wal_path(backup).is_file() and wal_path(backup).stat().st_size and not in_use:
            # A copy of a data folder taken with its log: read-only, SQLite would make an
            # -shm file beside the backup to replay it, so the log is replayed into the
            # copy instead.
            shutil.copyfile(backup, incoming)
            shutil.copyfile(wal_path(backup), wal_path(incoming))
            conn = sqlite3.connect(incoming, isolation_level=None)
        else:
            # immutable=1 reads the file alone: no lock, no -shm, nothing written.
            reader = sqlite3.connect(_uri(backup, "mode=ro" if in_use else "immutable=1"),
                                     uri=True, isolation_level=None)
            conn = sqlite3.connect(incoming, isolation_level=None)
            try:
                reader.backup(conn, pages=_PAGES_A_STEP, progress=lambda *_: step("copying"))
            finally:
                reader.close()
        try:
            found = conn.execute("PRAGMA integrity_check").fetchall()
            if found != [("ok",)]:
                raise StorageError(backup, f"is not a whole SQLite database ({found[0][0]}); "
                                           "the database was not changed")
            check_version(backup, conn)
        finally:
            conn.close()
        # A connection of its own: on the one that ran the checks, SQLite 3.40 refuses the
        # checkpoint ("database table is locked").
        conn = sqlite3.connect(incoming, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL").fetchall()
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise StorageError(backup, f"cannot be restored ({exc}); the database was not "
                                   "changed") from None
    except OSError as exc:
        raise StorageError(incoming, f"cannot write the incoming copy: {exc.strerror or exc}; "
                                     "the database was not changed") from None
    for suffix in ("-wal", "-shm"):  # emptied by the checkpoint; closing removes the log
        incoming.with_name(incoming.name + suffix).unlink(missing_ok=True)
    _sync(incoming)


def _keep(database: Path, now: datetime) -> Path:
    """Keep the current database (with everything its log holds) as a replaced file in
    the backups folder, and leave no log beside it to be replayed into the new one."""
    folder = backups_dir(database)
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"drill-replaced-{now.strftime('%Y-%m-%dT%H%M%S')}.sqlite3"
    number = 1
    while kept.exists() or wal_path(kept).exists():
        number += 1
        kept = folder / f"drill-replaced-{now.strftime('%Y-%m-%dT%H%M%S')}-{number}.sqlite3"
    wal = wal_path(database)
    log = wal.is_file() and wal.stat().st_size > 0
    try:
        accept(database)
        ours = True
    except StorageError:
        ours = False  # damaged or another program's: kept byte for byte, log and all
    if ours and log:
        conn = sqlite3.connect(database, isolation_level=None)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.Error as exc:
            raise StorageError(database, f"cannot write its log into it before the restore: "
                                         f"{exc}; nothing was changed") from None
        finally:
            conn.close()
    _link_or_copy(database, kept)
    if not ours and log:
        _link_or_copy(wal, wal_path(kept))
        wal.unlink()
    return kept


def _link_or_copy(source: Path, target: Path) -> None:
    """``target`` the same bytes as ``source``: a hard link, or a synced copy."""
    try:
        os.link(source, target)
    except OSError:
        partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
        try:
            shutil.copyfile(source, partial)
            _sync(partial)
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
    _sync_folder(target.parent)


def remove_unfinished(folder: Path) -> None:
    """Remove the hidden files a backup or restore killed half-way left in ``folder``
    (those of a process still running are its own business)."""
    leftovers.remove_unfinished(folder, _UNFINISHED)


def _remove_with_side_files(path: Path) -> None:
    for name in (path.name, *(path.name + suffix for suffix in _SIDE_FILES)):
        with contextlib.suppress(OSError):
            path.with_name(name).unlink(missing_ok=True)


def _sync(path: Path) -> None:
    with path.open("rb+") as handle:
        os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _listing(folder: Path) -> list[Path]:
    try:
        return list(folder.iterdir())
    except OSError:
        return []


def _uri(path: Path, query: str) -> str:
    return f"{path.absolute().as_uri()}?{query}"
