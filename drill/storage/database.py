"""Opening the review database safely, and running transactions on it.

- A new database is built in a temporary file and linked into place whole, so a crash
  never leaves a half-made file that would later look corrupt.
- An existing file is checked (SQLite header, size against the header's page count,
  drill's tables, its ``-wal``) by :func:`drill.storage.probe.accept`, which only reads,
  before any read-write connection opens it; a file that fails is left byte for byte as
  it was, and the error names it.
- WAL mode, ``synchronous=FULL`` and one ``BEGIN IMMEDIATE`` transaction per write: a
  rating is on disk when ``write`` returns, and ``kill -9`` cannot undo it.
- Two drill processes share the file: SQLite waits up to ``BUSY_TIMEOUT_S`` for a lock,
  and a transaction that still meets one is retried whole a few times.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from drill.storage.errors import (
    DatabaseCorrupt,
    DatabaseLocked,
    DatabaseReplaced,
    StorageError,
)
from drill.storage.probe import accept, check_version
from drill.storage.schema import SCHEMA_VERSION, migrate
from drill.storage.wal import closed_here, opened_here

T = TypeVar("T")

BUSY_TIMEOUT_S = 5.0
LOCK_RETRIES = 2


class Database:
    """An open review database. Use :func:`open_database` to get one."""

    def __init__(self, path: Path, conn: sqlite3.Connection, read_only: bool = False) -> None:
        self.path = path
        self._conn = conn
        self._lock = threading.RLock()  # one transaction at a time per connection
        self._open = True
        opened_here(path)
        self._identity = _identity(path)  # the file opened, to notice it being replaced
        #: Opened for reading only: every write is refused.
        self.read_only = read_only
        self._replaced: DatabaseReplaced | None = None

    def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in a read transaction (a consistent snapshot)."""
        return self._transaction(work, "BEGIN")

    def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in a write transaction, committed (durably) before returning.

        ``work`` may run more than once if the database is busy, so it must do nothing
        but database work.
        """
        return self._transaction(work, "BEGIN IMMEDIATE")

    @contextlib.contextmanager
    def impatient(self) -> Iterator[None]:
        """Within it, a lock another program holds fails at once (after the quick retries)
        instead of waiting ``BUSY_TIMEOUT_S``: for a caller that must not block (the
        app's screen), and tries again later itself."""
        with self._lock:
            self._conn.execute("PRAGMA busy_timeout = 0")
            try:
                yield
            finally:
                self._conn.execute(f"PRAGMA busy_timeout = {round(BUSY_TIMEOUT_S * 1000)}")

    def close(self) -> None:
        with self._lock:
            if self._open:
                self._open = False
                self._conn.close()
                closed_here(self.path)

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _transaction(self, work: Callable[[sqlite3.Connection], T], begin: str) -> T:
        with self._lock:
            for attempt in range(LOCK_RETRIES + 1):
                started = time.monotonic()
                try:
                    self._conn.execute(begin)
                    try:
                        if begin == "BEGIN IMMEDIATE":
                            self._check_still_there()
                        result = work(self._conn)
                        self._conn.execute("COMMIT")
                    except BaseException:
                        if self._conn.in_transaction:
                            self._conn.execute("ROLLBACK")
                        raise
                    return result
                except sqlite3.OperationalError as exc:
                    # Retry only a lock SQLite gave up on at once (a snapshot gone stale):
                    # after a full busy timeout another try would only wait as long again
                    # (the app's screen froze three times BUSY_TIMEOUT_S).
                    waited = time.monotonic() - started >= BUSY_TIMEOUT_S
                    if _is_busy(exc) and attempt < LOCK_RETRIES and not waited:
                        time.sleep(0.05 * (attempt + 1))
                        continue
                    raise translate(self.path, exc) from None
                except sqlite3.Error as exc:
                    raise translate(self.path, exc) from None
                except (ValueError, TypeError, OverflowError) as exc:
                    # A row drill cannot make sense of: a hand edit, or another program's
                    # (rolled back above, so nothing was written).
                    raise DatabaseCorrupt(
                        self.path, f"holds a value drill cannot read ({exc})"
                    ) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def _check_still_there(self) -> None:
        """Refuse a write once the file at ``path`` is not the one opened (deleted, or
        replaced by a copy or a fresh database): SQLite would go on writing to the old
        file, and every rating after that would be lost on quitting. What the old file
        holds is saved once, and the message says where."""
        if self._replaced is None:
            now = _identity(self.path)
            if now == self._identity:
                return
            how = "deleted" if now is None else "replaced by another file"
            self._conn.execute("ROLLBACK")  # VACUUM INTO cannot run in a transaction
            try:
                rescued = self._rescue()
                saved = (f"what drill had written to it is saved as {rescued} (quit drill, "
                         f"then 'drill restore {rescued}' puts it back)")
            except (sqlite3.Error, OSError) as exc:
                saved = f"and the old file could not be saved ({exc})"
            self._replaced = DatabaseReplaced(
                self.path, f"was {how} while drill was running; this change was not saved, "
                + saved,
            )
        raise self._replaced

    def _rescue(self) -> Path:
        from drill.storage.backup import backups_dir

        folder = backups_dir(self.path)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"drill-rescued-{time.strftime('%Y-%m-%dT%H%M%S')}.sqlite3"
        self._conn.execute("VACUUM INTO ?", (str(target),))
        return target


def open_database(path: Path, *, read_only: bool = False) -> Database:
    """Open (creating if absent) the review database at ``path``, migrated to the schema.

    A file this user may not write, or any file when ``read_only``, is opened for reading
    only (SQLite's ``mode=ro``): every write is refused, root's too, and a file that is
    missing or needs migrating cannot be opened.
    """
    path = Path(path).absolute()
    read_only = read_only or (path.exists() and not os.access(path, os.W_OK))
    if not read_only:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(path, f"cannot create its folder: {exc.strerror or exc}"
                               ) from None
        if not path.exists():
            _create(path)
    elif not path.exists():
        raise StorageError(path, "does not exist (a read-only session cannot create it)")
    accept(path)
    try:
        conn = sqlite3.connect(
            f"{path.as_uri()}?mode=ro" if read_only else str(path), uri=read_only,
            timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as exc:
        raise translate(path, exc) from None
    database = Database(path, conn, read_only)
    try:
        _prepare(database)
    except BaseException:
        conn.close()
        raise
    return database


def translate(path: Path, exc: sqlite3.Error) -> StorageError:
    """A one-line StorageError naming the file, for any sqlite3 error."""
    text = str(exc)
    lowered = text.lower()
    if isinstance(exc, sqlite3.OperationalError) and _is_busy(exc):
        return DatabaseLocked(
            path, f"is locked by another program (waited {BUSY_TIMEOUT_S:.0f} s); try again"
        )
    if "malformed" in lowered or "not a database" in lowered or "encrypted" in lowered:
        return DatabaseCorrupt(path, f"is corrupt ({text})")
    if "disk is full" in lowered or ("disk i/o error" in lowered and _disk_full(path)):
        # A full disk shows as either, depending on which file SQLite was extending.
        return StorageError(path, "cannot be written: the disk is full; this change was not "
                                  "saved (free some space, then try again)")
    if "no such table" in lowered or "no such column" in lowered:
        return DatabaseCorrupt(path, f"is missing part of drill's tables ({text})")
    if "readonly" in lowered or "read-only" in lowered:
        return StorageError(path, "cannot be written (read-only file or folder)")
    if "unable to open" in lowered and not os.access(path.parent, os.W_OK):
        # SQLite must create the WAL's -shm (and -wal) file next to the database.
        return StorageError(path, f"cannot be opened: its folder {path.parent} is read-only "
                                  "(SQLite needs to create files next to it)")
    return StorageError(path, text)


def _prepare(database: Database) -> None:
    """Read the schema version, switch to WAL, and migrate, in that order."""
    # Checked by accept() already; read again here, where it is used, as another drill may
    # have migrated the file since.
    version = database.read(lambda conn: check_version(database.path, conn))
    conn = database._conn
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA synchronous = FULL")
        _retry_busy(lambda: conn.execute("PRAGMA journal_mode = WAL").fetchone())
    except sqlite3.Error as exc:
        raise translate(database.path, exc) from None
    if version < SCHEMA_VERSION:
        if version > 0:
            _backup(database, version)
        database.write(migrate)


def _backup(database: Database, version: int) -> None:
    """Copy the database before migrating it (``drill.sqlite3.v1.bak``), once per version."""
    target = database.path.with_name(f"{database.path.name}.v{version}.bak")
    if target.exists():
        return
    partial = target.with_name(target.name + ".partial")
    try:
        destination = sqlite3.connect(str(partial))
        try:
            database._conn.backup(destination)
        finally:
            destination.close()
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise StorageError(database.path, f"cannot back it up before migrating: {exc}") from None


def _create(path: Path) -> None:
    """Build an empty database next to ``path`` and link it into place if still absent."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        temporary.unlink(missing_ok=True)
        conn = sqlite3.connect(str(temporary), isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            migrate(conn)
            conn.execute("COMMIT")
            conn.execute("PRAGMA journal_mode = WAL")
        finally:
            conn.close()
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another drill created it meanwhile: use theirs
        except OSError:
            if not path.exists():  # a file system without hard links
                os.replace(temporary, path)
        _sync_folder(path.parent)
    except (sqlite3.Error, OSError) as exc:
        message = getattr(exc, "strerror", None) or str(exc)
        raise StorageError(path, f"cannot create the database: {message}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _wal_size(path: Path) -> int:
    try:
        return path.with_name(path.name + "-wal").stat().st_size
    except OSError:
        return 0


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _retry_busy(action: Callable[[], object]) -> None:
    for attempt in range(LOCK_RETRIES + 1):
        try:
            action()
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or attempt == LOCK_RETRIES:
                raise
            time.sleep(0.05 * (attempt + 1))


def _identity(path: Path) -> tuple[int, int] | None:
    """Which file is at ``path`` (device and inode); None if there is none."""
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _disk_full(path: Path) -> bool:
    try:
        return os.statvfs(path.parent).f_bavail == 0
    except (OSError, AttributeError):  # statvfs is POSIX only
        return False
