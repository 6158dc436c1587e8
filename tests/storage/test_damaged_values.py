"""A database that opens but fails on its first query: a missing table, a hand-edited
value. Each is refused with one line naming the file, and the file is left as it was."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from drill.review.session import ReviewSession
from drill.scheduling.ids import card_id
from drill.scheduling.state import CardState, Phase
from drill.storage import card_table
from drill.storage.database import open_database
from drill.storage.errors import DatabaseCorrupt, StorageError

KEYS = ("p/c0", "p/c1", "p/c2")


def filled_database(path: Path) -> Path:
    """A drill database with three cards in review."""
    when = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    states = [CardState(card_id(key), key, Phase.REVIEW, stability=3.0, difficulty=5.0,
                        due=when, last_review=when, reps=1) for key in KEYS]
    with open_database(path) as database:
        database.write(lambda conn: card_table.save_many(conn, states))
    return path


def _edit(*statements: str) -> Callable[[Path], None]:
    def edit(path: Path) -> None:
        conn = sqlite3.connect(path)
        try:
            conn.execute("PRAGMA ignore_check_constraints = ON")  # as a hand edit can
            for statement in statements:
                conn.execute(statement)
            conn.commit()
        finally:
            conn.close()

    return edit


DAMAGES: dict[str, Callable[[Path], None]] = {
    "a missing table": _edit("DROP TABLE answer_mistakes", "DROP TABLE answers"),
    "schema version -1": _edit("UPDATE schema_version SET version = -1"),
    "an unknown phase": _edit("UPDATE cards SET phase = 7"),
    "text in a date column": _edit("UPDATE cards SET due = 'tomorrow'"),
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_database_is_named_and_left_untouched(tmp_path: Path, damage: str) -> None:
    path = filled_database(tmp_path / "drill.sqlite3")
    DAMAGES[damage](path)
    before = digest(path)

    def use() -> None:
        with open_database(path) as database:
            session = ReviewSession([], database)
            session.stats()
            session.queue()
            database.read(card_table.load_all)

    with pytest.raises(DatabaseCorrupt) as caught:
        use()
    message = str(caught.value)
    assert str(path) in message and "\n" not in message
    assert "left untouched" in message
    assert digest(path) == before


def test_schema_version_minus_one_is_not_a_drill_database(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "drill.sqlite3")
    DAMAGES["schema version -1"](path)
    with pytest.raises(DatabaseCorrupt, match="schema version -1"):
        open_database(path)


def test_an_unreadable_value_names_the_column_and_the_value(tmp_path: Path) -> None:
    path = filled_database(tmp_path / "drill.sqlite3")
    DAMAGES["text in a date column"](path)
    with open_database(path) as database, pytest.raises(DatabaseCorrupt) as caught:
        ReviewSession([], database).stats()
    assert "'tomorrow'" in str(caught.value)



def test_a_full_database_or_disk_says_the_disk_is_full(tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    with open_database(path) as database:
        pages = database.read(lambda conn: conn.execute("PRAGMA page_count").fetchone()[0])
        # SQLite's own "database or disk is full", as a full disk gives it, without
        # filling one: the file may not grow by a page.
        database.read(lambda conn: conn.execute(f"PRAGMA max_page_count = {pages}"))
        states = [CardState(card_id(f"p/x{i}"), f"p/x{i}" * 50, Phase.NEW) for i in range(500)]
        with pytest.raises(StorageError) as caught:
            database.write(lambda conn: card_table.save_many(conn, states))
    message = str(caught.value)
    assert str(path) in message and "the disk is full" in message and "not saved" in message
