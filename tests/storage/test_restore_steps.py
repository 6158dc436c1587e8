"""A restore stopped at any step (kill -9, Ctrl+C) leaves the old database or the new one
at the path, whole, never none; what a killed restore left half-written is cleared by the
next one; a copy taken with its log brings the log's reviews; the backup is only read."""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table
from drill.storage.backup import back_up, restore
from drill.storage.database import open_database
from drill.storage.errors import StorageError

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
OLD_CARDS, NEW_CARDS = 3, 5
#: Where a restore is stopped: a step's name and which of its calls (the copy reports
#: every 1024 pages; the backup below has about 2,600).
STOPS = [("copying", 1), ("copying", 2), ("checked", 1), ("kept", 1), ("replaced", 1)]

CHILD = """
import os, signal, sys
from datetime import datetime, timezone
from pathlib import Path
from drill.storage.backup import restore

stop, nth = sys.argv[3], int(sys.argv[4])
seen = []

def step(name):
    seen.append(name)
    if name == stop and seen.count(name) == nth:
        os.kill(os.getpid(), signal.SIGKILL)

restore(Path(sys.argv[1]), Path(sys.argv[2]), datetime(2026, 11, 30, 9, tzinfo=timezone.utc),
        step)
"""


def cards(path: Path, count: int, prefix: str = "p") -> Path:
    states = [CardState(card_id(f"{prefix}/c{i}"), f"{prefix}/c{i}", Phase.NEW)
              for i in range(count)]
    with open_database(path) as database:
        database.write(lambda conn: card_table.save_many(conn, states))
    return path


def reps_and_count(path: Path) -> tuple[int, int]:
    with open_database(path) as database:
        states = database.read(card_table.load_all)
    return sum(state.reps for state in states), len(states)


def wal_left_by_a_crash(path: Path, statements: str) -> None:
    script = (
        "import sqlite3, os, signal, sys\n"
        "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "conn.execute('PRAGMA wal_autocheckpoint = 0')\n"
        "conn.executescript(sys.argv[2])\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path), statements], check=False)
    assert path.with_name(path.name + "-wal").stat().st_size > 0


def large_backup(tmp_path: Path) -> Path:
    """A drill database of NEW_CARDS cards and about 10 MB of another table (extra tables
    are allowed), backed up."""
    source = cards(tmp_path / "source" / "drill.sqlite3", NEW_CARDS, prefix="n")
    conn = sqlite3.connect(source, isolation_level=None)
    conn.execute("CREATE TABLE padding (data BLOB)")
    conn.executemany("INSERT INTO padding VALUES (?)",
                     [(bytes([i % 256]) * 100_000,) for i in range(100)])
    conn.close()
    return back_up(source, tmp_path / "saved.sqlite3")


def data_folder(tmp_path: Path) -> Path:
    """The database being replaced: OLD_CARDS cards, and a log left by a crash that gives
    one of them 7 repetitions (only in the log)."""
    path = cards(tmp_path / "data" / "drill.sqlite3", OLD_CARDS)
    wal_left_by_a_crash(path, f"UPDATE cards SET reps = 7 WHERE id = {card_id('p/c0')};")
    return path


def hidden_files(*folders: Path) -> list[str]:
    return sorted(p.name for folder in folders if folder.is_dir()
                  for p in folder.iterdir() if p.name.startswith("."))


@pytest.mark.parametrize(("stop", "nth"), STOPS)
def test_a_restore_killed_at_any_step_leaves_the_old_or_the_new_database(
        tmp_path: Path, stop: str, nth: int) -> None:
    saved = large_backup(tmp_path)
    saved_digest = hashlib.sha256(saved.read_bytes()).hexdigest()
    path = data_folder(tmp_path)
    killed = subprocess.run([sys.executable, "-c", CHILD, str(saved), str(path), stop,
                             str(nth)], capture_output=True, text=True, check=False)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    # Old (with its log's change) before the swap, new from it on.
    expected = (0, NEW_CARDS) if stop == "replaced" else (7, OLD_CARDS)
    assert reps_and_count(path) == expected
    # The next restore clears what the killed one left, and completes.
    restore(saved, path, NOW)
    assert reps_and_count(path) == (0, NEW_CARDS)
    assert hidden_files(path.parent, path.parent / "backups") == []
    assert hashlib.sha256(saved.read_bytes()).hexdigest() == saved_digest
    assert sorted(p.name for p in saved.parent.glob("saved*")) == ["saved.sqlite3"]


@pytest.mark.parametrize(("stop", "nth"), STOPS)
def test_ctrl_c_at_any_step_leaves_a_whole_database_and_nothing_half_written(
        tmp_path: Path, stop: str, nth: int) -> None:
    saved = large_backup(tmp_path)
    path = data_folder(tmp_path)
    seen: list[str] = []

    def interrupt(name: str) -> None:
        seen.append(name)
        if name == stop and seen.count(name) == nth:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        restore(saved, path, NOW, interrupt)
    assert hidden_files(path.parent, path.parent / "backups") == []
    expected = (0, NEW_CARDS) if stop == "replaced" else (7, OLD_CARDS)
    assert reps_and_count(path) == expected


def test_the_replaced_database_is_kept_with_its_logs_changes(tmp_path: Path) -> None:
    saved = large_backup(tmp_path)
    path = data_folder(tmp_path)
    kept = restore(saved, path, NOW)
    assert kept == path.parent / "backups" / "drill-replaced-2026-11-30T090000.sqlite3"
    assert sorted(p.name for p in kept.parent.iterdir()) == [kept.name]
    assert sorted(p.name for p in path.parent.iterdir()) == ["backups", "drill.sqlite3"]
    # Putting the replaced file back brings the old database back, change and all, and
    # leaves nothing beside it in the backups folder.
    again = restore(kept, path, NOW)
    assert reps_and_count(path) == (7, OLD_CARDS)
    assert sorted(p.name for p in kept.parent.iterdir()) == sorted([kept.name, again.name])


def test_a_copy_taken_with_its_log_restores_the_logs_reviews(tmp_path: Path) -> None:
    """A copy of the data folder made while drill ran: the reviews still in the log."""
    copy = cards(tmp_path / "copy" / "drill.sqlite3", 2, prefix="n")
    wal_left_by_a_crash(copy, f"UPDATE cards SET reps = 4 WHERE id = {card_id('n/c1')};")
    copy.with_name(copy.name + "-shm").unlink()
    before = {p.name: p.read_bytes() for p in copy.parent.iterdir()}
    path = cards(tmp_path / "data" / "drill.sqlite3", OLD_CARDS)
    restore(copy, path, NOW)
    assert reps_and_count(path) == (4, 2)
    assert {p.name: p.read_bytes() for p in copy.parent.iterdir()} == before


def test_the_database_itself_is_refused_as_the_backup(tmp_path: Path) -> None:
    path = cards(tmp_path / "data" / "drill.sqlite3", OLD_CARDS)
    link = tmp_path / "link.sqlite3"
    link.hardlink_to(path)
    before = path.read_bytes()
    for same in (path, link):
        with pytest.raises(StorageError, match="the review database itself"):
            restore(same, path, NOW)
    assert path.read_bytes() == before
    assert not (path.parent / "backups").exists()


def test_a_restore_that_cannot_write_its_copy_changes_nothing(tmp_path: Path) -> None:
    """The incoming copy is written first: when that fails (here a folder in its way),
    the database has not been moved."""
    saved = large_backup(tmp_path)
    path = data_folder(tmp_path)
    blocker = path.with_name(f".{path.name}.{os.getpid()}.restoring")
    blocker.mkdir()
    (blocker / "x").write_text("in the way")
    with pytest.raises(StorageError, match="the database was not changed"):
        restore(saved, path, NOW)
    assert reps_and_count(path) == (7, OLD_CARDS)
    assert not (path.parent / "backups").exists()


def test_the_days_first_start_clears_what_a_killed_backup_left(tmp_path: Path) -> None:
    from datetime import date

    from drill.storage.backup import daily_backup

    path = cards(tmp_path / "data" / "drill.sqlite3", OLD_CARDS)
    daily_backup(path, date(2026, 11, 30), keep_days=7)  # today's backup exists already
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a process id no process has now
    left = [path.parent / "backups" / f".drill-2026-11-30.sqlite3.{dead.pid}.partial",
            path.parent / f".drill.sqlite3.{dead.pid}.restoring",
            path.parent / f".drill.sqlite3.{dead.pid}.restoring-wal"]
    for leftover in left:
        leftover.write_bytes(b"half a copy")
    ours = path.parent / f".drill.sqlite3.{os.getpid()}.restoring"  # a running process's
    ours.write_bytes(b"being written")
    assert daily_backup(path, date(2026, 11, 30), keep_days=7) is None
    assert [p.name for p in left if p.exists()] == []
    assert ours.exists()
