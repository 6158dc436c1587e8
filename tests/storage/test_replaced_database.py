"""The database deleted or replaced under a running drill: the next write says so (and
writes nothing to a file nobody will read again), and what drill had written to the old
file is saved where the message says. Review times are taken once the write lock is held."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.scheduling.ids import card_id
from drill.storage import review_log
from drill.storage.database import open_database
from drill.storage.errors import DatabaseReplaced

CARDS = [Card(pack="p", id=f"c{i}", title=f"card {i}", priority="solid", scenario="s",
              order=i) for i in range(4)]
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def session_on(path: Path, clock: FixedClock | None = None) -> ReviewSession:
    return ReviewSession(CARDS, open_database(path), clock=clock or FixedClock(NOW))


def reviews_in(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM revlog").fetchone()[0])
    finally:
        conn.close()


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_the_next_rating_says_the_file_is_gone_and_the_old_ratings_are_saved(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "drill.sqlite3"
    session = session_on(path)
    try:
        session.rate("p/c0", 3, 1000)
        session.rate("p/c1", 3, 1000)
        for name in ("drill.sqlite3", "drill.sqlite3-wal", "drill.sqlite3-shm"):
            (tmp_path / name).unlink(missing_ok=True)
        if how == "replaced":  # another drill made a fresh one in its place
            open_database(path).close()
        with pytest.raises(DatabaseReplaced) as caught:
            session.rate("p/c2", 3, 1000)
        message = str(caught.value)
        assert str(path) in message and how in message and "not saved" in message
        (rescued,) = (tmp_path / "backups").glob("drill-rescued-*.sqlite3")
        assert str(rescued) in message
        assert reviews_in(rescued) == 2  # the two ratings the old file held
        if how == "replaced":
            assert reviews_in(path) == 0  # the new file got nothing behind its back
        with pytest.raises(DatabaseReplaced):  # and so on for every later write
            session.rate("p/c3", 3, 1000)
        assert len(list((tmp_path / "backups").glob("drill-rescued-*"))) == 1
    finally:
        session.close()


def test_a_review_is_timed_when_it_is_written_not_before_waiting_for_the_lock(
    tmp_path: Path,
) -> None:
    path = tmp_path / "drill.sqlite3"
    clock = FixedClock(NOW)
    session = session_on(path, clock)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another drill holds the write lock
    rater = threading.Thread(target=session.rate, args=("p/c0", 3, 1000))
    rater.start()
    time.sleep(0.3)  # the rating is waiting for the lock
    clock.advance(timedelta(minutes=5))  # meanwhile the other drill logs its review
    other.execute("COMMIT")
    other.close()
    rater.join(timeout=10)
    (entry,) = session.database.read(lambda conn: review_log.history(conn, card_id("p/c0")))
    session.close()
    assert entry.time == NOW + timedelta(minutes=5)


def test_rename_back_is_not_a_replacement(tmp_path: Path) -> None:
    """Moving the file away and back (a sync tool's dance) leaves it the same file."""
    path = tmp_path / "drill.sqlite3"
    session = session_on(path)
    try:
        session.rate("p/c0", 3, 1000)
        os.rename(path, tmp_path / "aside.sqlite3")
        os.rename(tmp_path / "aside.sqlite3", path)
        session.rate("p/c1", 3, 1000)
    finally:
        session.close()
    assert reviews_in(path) == 2
