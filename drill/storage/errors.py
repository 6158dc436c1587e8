"""Storage failures, each with a one-line message that names the database file."""

from __future__ import annotations

from pathlib import Path


class StorageError(Exception):
    """The review database cannot be used. ``str(error)`` is a complete, one-line message."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class DatabaseCorrupt(StorageError):
    """The file is not a readable drill database. It is left exactly as it is."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            path, f"{problem}; the file was left untouched (move it away to start afresh)"
        )


class DatabaseLocked(StorageError):
    """Another program held the database for too long."""


class NewerSchema(StorageError):
    """The database was written by a newer drill."""


class ForeignWal(StorageError):
    """The ``-wal`` file beside the database would not replay into a drill database (it
    is another database's). Neither file was changed."""

    def __init__(self, path: Path, wal: Path) -> None:
        self.wal = wal
        super().__init__(
            path,
            f"its write-ahead log {wal} is not this database's (replayed, it would change "
            "the database into something else); neither file was changed. To recover, "
            f"move {wal.name} out of the folder: drill then opens the database as it was "
            "at its last checkpoint",
        )


class DatabaseReplaced(StorageError):
    """The file drill opened was deleted, or another file put in its place, while drill
    ran: a write would go to a file nobody reads again, so it is refused."""
