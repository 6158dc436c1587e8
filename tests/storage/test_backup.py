"""Backups: a consistent, checked copy; one a study day, the last N kept; restore puts a
backup back, keeps what it replaces, and refuses while the database is open elsewhere."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from drill.cli import main
from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table
from drill.storage.backup import back_up, daily_backup, integrity_problem, restore
from drill.storage.database import open_database
from drill.storage.errors import StorageError

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def database_with(path: Path, cards: int) -> Path:
    states = [CardState(card_id(f"p/c{i}"), f"p/c{i}", Phase.NEW) for i in range(cards)]
    with open_database(path) as database:
        database.write(lambda conn: card_table.save_many(conn, states))
    return path


def count_cards(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0])
    finally:
        conn.close()


def test_a_backup_is_a_whole_copy_even_while_a_write_is_under_way(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 40)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM cards")  # not committed: the backup must not see it
    try:
        copy = back_up(path, tmp_path / "copy.sqlite3")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert integrity_problem(copy) == ""
    assert count_cards(copy) == 40


def test_a_backup_never_overwrites_a_file(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 1)
    existing = tmp_path / "mine.txt"
    existing.write_text("keep me")
    with pytest.raises(StorageError, match="exists already"):
        back_up(path, existing)
    assert existing.read_text() == "keep me"


def test_one_backup_a_study_day_and_only_the_last_n_days_kept(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 2)
    first = date(2026, 11, 1)
    made = [daily_backup(path, first + timedelta(days=n), keep_days=3) for n in range(6)]
    assert all(made)
    assert daily_backup(path, first + timedelta(days=5), keep_days=3) is None  # done today
    names = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert names == ["drill-2026-11-04.sqlite3", "drill-2026-11-05.sqlite3",
                     "drill-2026-11-06.sqlite3"]


def test_no_daily_backup_when_turned_off(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 2)
    assert daily_backup(path, date(2026, 11, 1), keep_days=0) is None
    assert not (tmp_path / "backups").exists()


def test_restore_puts_the_backup_back_and_keeps_the_replaced_file(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 3)
    saved = back_up(path, tmp_path / "saved.sqlite3")
    with open_database(path) as database:  # three more cards after the backup
        database.write(lambda conn: card_table.save_many(conn, [
            CardState(card_id(f"q/c{i}"), f"q/c{i}", Phase.NEW) for i in range(3)]))
    before = digest(path)
    kept = restore(saved, path, NOW)
    assert kept == tmp_path / "backups" / "drill-replaced-2026-11-30T090000.sqlite3"
    assert digest(kept) == before and count_cards(kept) == 6
    assert count_cards(path) == 3
    with open_database(path) as database:  # drill opens what was restored
        assert len(database.read(card_table.load_all)) == 3


def test_restore_refuses_while_another_process_has_the_database_open(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 3)
    saved = back_up(path, tmp_path / "saved.sqlite3")
    before = digest(path)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         "conn = sqlite3.connect(sys.argv[1])\n"
         "conn.execute('SELECT COUNT(*) FROM cards').fetchone()\n"
         "print('ready', flush=True)\n"
         "sys.stdin.readline()\n", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StorageError, match="open in another drill"):
            restore(saved, path, NOW)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)
    assert digest(path) == before
    assert not (tmp_path / "backups").exists()


def test_restore_refuses_a_file_that_is_not_a_drill_database(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 3)
    before = digest(path)
    other = tmp_path / "recipes.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    for bad in (other, junk, tmp_path / "missing.sqlite3"):
        with pytest.raises(StorageError, match=str(bad.name)):
            restore(bad, path, NOW)
    assert digest(path) == before


def test_the_backup_and_restore_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    data = tmp_path / "data"
    path = database_with(data / "drill.sqlite3", 4)
    assert main(["backup", "--data", str(data)]) == 0
    (written,) = (data / "backups").iterdir()
    assert str(written) in capsys.readouterr().out
    assert integrity_problem(written) == "" and count_cards(written) == 4
    chosen = tmp_path / "chosen.sqlite3"
    assert main(["backup", "--data", str(data), str(chosen)]) == 0
    assert count_cards(chosen) == 4
    assert main(["backup", "--data", str(data), str(chosen)]) == 1  # never over a file
    assert "exists already" in capsys.readouterr().err
    path.unlink()
    assert main(["restore", "--data", str(data), str(chosen)]) == 0
    assert count_cards(path) == 4
    assert main(["backup", "--data", str(tmp_path / "empty")]) == 1
    assert "no review database" in capsys.readouterr().err


def test_restoring_a_replaced_file_leaves_no_log_files_in_backups(tmp_path: Path) -> None:
    path = database_with(tmp_path / "drill.sqlite3", 3)
    saved = back_up(path, tmp_path / "saved.sqlite3")
    kept = restore(saved, path, NOW)
    with open_database(path) as database:  # the restored one written to: a log appears
        database.write(lambda conn: card_table.save_many(conn, [
            CardState(card_id("q/c0"), "q/c0", Phase.NEW)]))
    again = restore(kept, path, NOW + timedelta(seconds=5))
    names = sorted(p.name for p in (tmp_path / "backups").iterdir())
    assert names == ["drill-replaced-2026-11-30T090000.sqlite3",
                     "drill-replaced-2026-11-30T090005.sqlite3"]  # no -shm, no -wal
    assert count_cards(path) == 3 and count_cards(again) == 4
