"""A review database opened for reading only: drill says so when it opens it (a read-only
session), and a rating is refused naming the file, not half-stored.

The session is asked for (``read_only``), as it is for a file this user may not write:
root writes any file whatever its mode, so a file's permissions would make the test depend
on the user running it. SQLite opens the file read-only either way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drill.app.backend import Backend, BackendError
from drill.config.location import DATABASE_FILE
from drill.storage.database import open_database
from drill.storage.errors import StorageError


def test_a_read_only_database_is_said_at_open_and_a_rating_is_refused(tmp_path: Path) -> None:
    database = tmp_path / DATABASE_FILE
    open_database(database).close()
    before = database.read_bytes()
    backend = Backend(tmp_path, (), builtin_packs=True, run_solver_code=False, read_only=True)
    backend.open()
    try:
        notice = backend.read_only_notice()
        assert str(database) in notice and "read-only session" in notice
        key = backend.cards[0].key
        with pytest.raises(BackendError) as refused:
            backend.rate(key, 3, 1.0, ())
        assert str(database) in str(refused.value) and "read-only" in str(refused.value)
        assert backend.session.history(key) == []
    finally:
        backend.close()
    assert database.read_bytes() == before


def test_a_read_only_session_cannot_create_the_database(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="does not exist"):
        open_database(tmp_path / DATABASE_FILE, read_only=True)
    assert list(tmp_path.iterdir()) == []
