"""Opening the database: creation, WAL, schema version, migration, and refusing bad files
without changing a byte of them."""

import hashlib
import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table, database, schema
from drill.storage.database import open_database
from drill.storage.errors import DatabaseCorrupt, DatabaseLocked, NewerSchema, StorageError


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sidecars(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if p != path]


def make_filled_database(path: Path) -> None:
    with open_database(path) as db:
        states = [CardState(card_id(f"p/c{i}"), f"p/c{i}", Phase.NEW) for i in range(300)]
        db.write(lambda conn: card_table.save_many(conn, states))


def test_new_database_has_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "drill.sqlite3"
    with open_database(path) as db:
        assert db.read(schema.read_version) == schema.SCHEMA_VERSION
        mode = db.read(lambda c: c.execute("PRAGMA journal_mode").fetchone()[0])
        assert mode == "wal"
        timeout = db.read(lambda c: c.execute("PRAGMA busy_timeout").fetchone()[0])
        assert timeout >= 5000
    assert not list(tmp_path.glob("sub/.*.new"))  # the temporary build file is gone


def test_data_survives_closing_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    with open_database(path) as db:
        assert db.read(lambda c: c.execute("SELECT COUNT(*) FROM cards").fetchone()[0]) == 300


def test_random_bytes_are_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    path.write_bytes(os.urandom(8192))
    before = digest(path)
    with pytest.raises(DatabaseCorrupt) as caught:
        open_database(path)
    message = str(caught.value)
    assert str(path) in message and "not a SQLite database" in message and "\n" not in message
    assert digest(path) == before
    assert sidecars(path) == []


def test_a_truncated_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)  # closing checkpoints the WAL into the file
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = digest(path)
    with pytest.raises(DatabaseCorrupt, match="truncated"):
        open_database(path)
    assert digest(path) == before


def test_a_file_cut_inside_the_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x10\x00")
    with pytest.raises(DatabaseCorrupt, match="truncated"):
        open_database(path)


def test_an_empty_file_is_refused_not_filled(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    path.touch()
    with pytest.raises(DatabaseCorrupt, match="empty"):
        open_database(path)
    assert path.read_bytes() == b""


def test_damaged_pages_are_reported_as_corrupt_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for offset in range(page, len(data)):  # every page after the first: garbage
        data[offset] = (data[offset] * 7 + 13) % 256
    path.write_bytes(bytes(data))
    before = digest(path)
    # Opening or the first read of a damaged page may notice; either must say "corrupt".
    with pytest.raises(DatabaseCorrupt) as caught, open_database(path) as db:
        db.read(lambda c: c.execute("SELECT SUM(reps) FROM cards").fetchone())
    assert str(path) in str(caught.value)
    assert digest(path) == before


def test_another_programs_sqlite_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    before = digest(path)
    with pytest.raises(DatabaseCorrupt, match="not drill's"):
        open_database(path)
    assert digest(path) == before


def test_a_newer_schema_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE schema_version SET version = 99")
    conn.commit()
    conn.close()
    before = digest(path)
    with pytest.raises(NewerSchema, match="newer drill"):
        open_database(path)
    assert digest(path) == before


def test_a_version_1_database_is_migrated_keeping_its_data_and_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    # A database as the first release wrote it: version 1, no answers table yet.
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    schema.migrate(conn, target=1)
    conn.execute("INSERT INTO cards (id, key, phase, reps) VALUES (7, 'p/c', 2, 3)")
    conn.execute(
        "INSERT INTO revlog (time, card_id, kind, rating, phase_before, phase_after, "
        "interval_before, interval_after, duration_ms) VALUES (1000, 7, 'review', 3, 2, 2, "
        "86400, 172800, 5000)"
    )
    conn.execute("COMMIT")
    conn.close()
    assert sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchone()[0] == 1

    with open_database(path) as db:
        assert db.read(schema.read_version) == schema.SCHEMA_VERSION
        row = db.read(lambda c: c.execute("SELECT card_id, rating, variant FROM revlog").fetchone())
        assert row == (7, 3, None)
        assert db.read(lambda c: c.execute("SELECT COUNT(*) FROM answers").fetchone()[0]) == 0
        state = db.read(lambda c: card_table.load(c, 7))
        assert state is not None and state.reps == 3 and state.phase is Phase.REVIEW
    backup = tmp_path / "drill.sqlite3.v1.bak"
    old = sqlite3.connect(backup)
    assert old.execute("SELECT version FROM schema_version").fetchone()[0] == 1
    assert old.execute("SELECT COUNT(*) FROM revlog").fetchone()[0] == 1


def test_a_lock_held_briefly_is_waited_for(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    threading.Timer(0.5, lambda: holder.execute("COMMIT")).start()
    with open_database(path) as db:
        state = CardState(card_id("p/new"), "p/new")
        db.write(lambda conn: card_table.save(conn, state))
        assert db.read(lambda c: card_table.load(c, state.card_id)) == state
    holder.close()


def test_a_lock_held_too_long_gives_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    db = open_database(path)
    db._conn.execute("PRAGMA busy_timeout = 100")  # do not wait 10 s in a test
    monkeypatch.setattr(database, "LOCK_RETRIES", 1)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    started = time.monotonic()
    try:
        with pytest.raises(DatabaseLocked) as caught:
            db.write(lambda conn: card_table.save(conn, CardState(1, "p/x")))
        assert str(path) in str(caught.value) and "locked" in str(caught.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        db.close()
    assert time.monotonic() - started < 30  # it gave up instead of hanging


def test_an_unwritable_folder_gives_a_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError) as caught:
        open_database(blocker / "drill.sqlite3")
    assert "\n" not in str(caught.value)


def test_a_lock_waited_out_in_full_is_not_waited_for_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found in the app: a write under another program's lock froze the screen for three
    # busy timeouts (15 s), while the message said it had waited 5 s.
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.05)
    path = tmp_path / "drill.sqlite3"
    make_filled_database(path)
    db = open_database(path)
    attempts: list[str] = []
    db._conn.set_trace_callback(
        lambda sql: attempts.append(sql) if sql.startswith("BEGIN") else None)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseLocked):
            db.write(lambda conn: card_table.save(conn, CardState(1, "p/x")))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
        db.close()
    assert attempts == ["BEGIN IMMEDIATE"]  # one full wait, then the clear error


def test_a_read_only_folder_is_named_as_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found in the audit on a read-only mount: a WAL database whose folder cannot be
    # written (SQLite must create its -shm file there) said only "unable to open database
    # file". Tests run as root, where chmod does not stop writes, so the folder's answer
    # to os.access is what is faked here; the error is the one SQLite gave on the mount.
    path = tmp_path / "drill.sqlite3"
    real_access = os.access
    monkeypatch.setattr(
        os, "access",
        lambda p, mode: False if Path(p) == tmp_path else real_access(p, mode),
    )
    error = database.translate(path, sqlite3.OperationalError("unable to open database file"))
    assert str(error).startswith(f"{path}: ")
    assert "read-only" in str(error) and str(tmp_path) in str(error)
    assert "\n" not in str(error)


def test_a_schema_version_that_is_not_a_number_is_not_drills(tmp_path: Path) -> None:
    # Found in the audit: another program's table of that name stopped drill with
    # "invalid literal for int()" and no file named.
    path = tmp_path / "drill.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE schema_version (version TEXT)")
    other.execute("INSERT INTO schema_version VALUES ('abc')")
    other.commit()
    other.close()
    before = digest(path)
    with pytest.raises(DatabaseCorrupt) as caught:
        open_database(path)
    assert str(path) in str(caught.value) and "not drill's" in str(caught.value)
    assert digest(path) == before and sidecars(path) == []
