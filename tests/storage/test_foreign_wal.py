"""A ``-wal`` file beside the database that is not its own (copied from another database,
or left by another program) must not be replayed into it: refused, both files named,
nothing changed. drill's own WAL, left by a crash, is replayed as SQLite always does."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table
from drill.storage.database import open_database
from drill.storage.errors import ForeignWal
from drill.storage.wal import open_elsewhere
from testkit import wal_left_by_a_crash


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def drill_database(path: Path, cards: int = 3) -> Path:
    states = [CardState(card_id(f"p/c{i}"), f"p/c{i}", Phase.NEW) for i in range(cards)]
    with open_database(path) as database:
        database.write(lambda conn: card_table.save_many(conn, states))
    return path


def test_another_databases_wal_is_refused_and_nothing_changes(tmp_path: Path) -> None:
    path = drill_database(tmp_path / "drill.sqlite3")
    other = tmp_path / "elsewhere" / "recipes.sqlite3"
    other.parent.mkdir()
    foreign = wal_left_by_a_crash(
        other, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');"
    )
    wal = path.with_name(path.name + "-wal")
    shutil.copyfile(foreign, wal)
    before = (digest(path), digest(wal))
    with pytest.raises(ForeignWal) as caught:
        open_database(path)
    message = str(caught.value)
    assert str(path) in message and str(wal) in message and "\n" not in message
    assert "move" in message  # how to recover
    assert (digest(path), digest(wal)) == before


def test_drills_own_wal_after_a_crash_is_replayed(tmp_path: Path) -> None:
    path = drill_database(tmp_path / "drill.sqlite3")
    wal_left_by_a_crash(path, f"UPDATE cards SET reps = 5 WHERE id = {card_id('p/c1')};")
    with open_database(path) as database:
        reps = database.read(lambda conn: conn.execute(
            "SELECT reps FROM cards WHERE id = ?", (card_id("p/c1"),)).fetchone()[0])
    assert reps == 5


def test_a_wal_in_use_by_another_process_is_left_to_it(tmp_path: Path) -> None:
    """The CLI opens the database while the app has it open: that WAL is the app's."""
    path = drill_database(tmp_path / "drill.sqlite3")
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         "conn = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "conn.execute('PRAGMA wal_autocheckpoint = 0')\n"
         "conn.execute('UPDATE cards SET reps = 2')\n"
         "print('ready', flush=True)\n"
         "sys.stdin.readline()\n", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        assert open_elsewhere(path) is True
        with open_database(path) as database:
            total = database.read(
                lambda conn: conn.execute("SELECT SUM(reps) FROM cards").fetchone()[0])
        assert total == 6
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=10)
    assert open_elsewhere(path) is False


def test_this_process_knows_what_it_has_open(tmp_path: Path) -> None:
    path = drill_database(tmp_path / "drill.sqlite3")
    assert open_elsewhere(path) is False
    with open_database(path):
        assert open_elsewhere(path) is True
    assert open_elsewhere(path) is False

