"""A damaged or foreign database, in WAL or rollback-journal mode, with or without a log
beside it, is refused by every way into it (the app's open, each command, a backup, a
restore that would read it) and left byte for byte as it was, with no file made beside it."""

from __future__ import annotations

import hashlib
import io
import sqlite3
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from drill.cli import main
from drill.review.session import ReviewSession
from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table
from drill.storage.database import open_database
from drill.storage.errors import StorageError
from testkit import wal_left_by_a_crash


def drill_database(path: Path, cards: int = 300) -> Path:
    states = [CardState(card_id(f"p/c{i}"), f"p/c{i}", Phase.NEW) for i in range(cards)]
    with open_database(path) as database:
        database.write(lambda conn: card_table.save_many(conn, states))
    return path


def run_sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement).fetchall()
    finally:
        conn.close()


def to_rollback_mode(path: Path) -> None:
    run_sql(path, "PRAGMA journal_mode = DELETE")
    assert path.read_bytes()[18:20] == b"\x01\x01"


def missing_a_table_wal(path: Path) -> None:
    drill_database(path)
    run_sql(path, "DROP TABLE answer_mistakes")
    assert path.read_bytes()[18:20] == b"\x02\x02"


def missing_a_table_rollback(path: Path) -> None:
    missing_a_table_wal(path)
    to_rollback_mode(path)


def missing_a_column_rollback(path: Path) -> None:
    drill_database(path)
    run_sql(path, "ALTER TABLE cards DROP COLUMN flagged")
    to_rollback_mode(path)


def foreign_wal_mode(path: Path) -> None:
    run_sql(path, "PRAGMA journal_mode = WAL", "CREATE TABLE recipes (name TEXT)",
            "INSERT INTO recipes VALUES ('soup')")


def foreign_rollback_mode(path: Path) -> None:
    run_sql(path, "CREATE TABLE recipes (name TEXT)", "INSERT INTO recipes VALUES ('soup')")


def bad_page_rollback(path: Path) -> None:
    """A page no query of drill's opening reads (the last, an index's) turned to garbage."""
    drill_database(path)
    to_rollback_mode(path)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[-page + 8:] = bytes((i * 37 + 11) % 256 for i in range(page - 8))
    path.write_bytes(bytes(data))


def foreign_log(path: Path) -> None:
    drill_database(path)
    other = path.parent / "elsewhere" / "recipes.sqlite3"
    other.parent.mkdir()
    foreign = wal_left_by_a_crash(
        other, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
    path.with_name(path.name + "-wal").write_bytes(foreign.read_bytes())
    other.with_name(other.name + "-shm").unlink()


def log_that_drops_a_table(path: Path) -> None:
    """drill's own database, whose log (left by a crash) holds a change that removes a
    table: replayed, the database would be damaged."""
    drill_database(path)
    wal_left_by_a_crash(path, "DROP TABLE answer_mistakes;")
    path.with_name(path.name + "-shm").unlink()


DAMAGED: dict[str, Callable[[Path], None]] = {
    "missing a table, WAL": missing_a_table_wal,
    "missing a table, rollback": missing_a_table_rollback,
    "missing a column, rollback": missing_a_column_rollback,
    "another program's, WAL": foreign_wal_mode,
    "another program's, rollback": foreign_rollback_mode,
    "a bad page, rollback": bad_page_rollback,
    "a foreign log": foreign_log,
    "a log that damages it": log_that_drops_a_table,
}


def snapshot(folder: Path) -> dict[str, str]:
    """Every file of the folder (not its subfolders) and its sha256."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.iterdir()) if path.is_file()}


def damaged_folder(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    DAMAGED[kind](folder / "drill.sqlite3")
    return folder


def run_cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


@pytest.mark.parametrize("kind", DAMAGED)
def test_the_apps_open_refuses_and_changes_nothing(tmp_path: Path, kind: str) -> None:
    folder = damaged_folder(tmp_path, kind)
    before = snapshot(folder)
    with pytest.raises(StorageError) as caught:
        ReviewSession.open((), folder).close()
    assert str(folder / "drill.sqlite3") in str(caught.value)
    after = snapshot(folder)
    after.pop("settings.toml", None)  # written on a first start, before the database
    assert after == before


@pytest.mark.parametrize("kind", DAMAGED)
@pytest.mark.parametrize("command", [["stats"], ["optimize"], ["optimize", "--reset"],
                                     ["backup"], ["interview", "-n", "1"]])
def test_every_command_refuses_and_changes_nothing(tmp_path: Path, kind: str,
                                                   command: list[str]) -> None:
    folder = damaged_folder(tmp_path, kind)
    before = snapshot(folder)
    code, err = run_cli(*command, "--data", str(folder))
    assert code != 0
    assert str(folder / "drill.sqlite3") in err and "Traceback" not in err
    assert snapshot(folder) == before
    assert not (folder / "backups").exists()


@pytest.mark.parametrize("kind", DAMAGED)
def test_restoring_from_a_damaged_file_refuses_and_changes_neither(tmp_path: Path,
                                                                   kind: str) -> None:
    source = damaged_folder(tmp_path, kind)
    target = tmp_path / "target"
    drill_database(target / "drill.sqlite3", cards=2)
    before = snapshot(source), snapshot(target)
    code, err = run_cli("restore", "--data", str(target), str(source / "drill.sqlite3"))
    assert code != 0 and str(source / "drill.sqlite3") in err
    assert (snapshot(source), snapshot(target)) == before
    assert not (target / "backups").exists()


def test_a_backup_refuses_a_foreign_log_and_leaves_both_files(tmp_path: Path) -> None:
    folder = damaged_folder(tmp_path, "a foreign log")
    wal = folder / "drill.sqlite3-wal"
    before = snapshot(folder)
    assert wal.name in before
    code, err = run_cli("backup", "--data", str(folder))
    assert code != 0 and str(wal) in err
    assert snapshot(folder) == before
    # The database, once the log is moved away, still holds its 300 cards.
    wal.rename(tmp_path / "moved-wal")
    with open_database(folder / "drill.sqlite3") as database:
        assert len(database.read(card_table.load_all)) == 300
