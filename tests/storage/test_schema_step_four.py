"""Schema step 4 runs from either version 3 a database may hold: the interviews step, or
the review-loop branch's own step 3 (day limits and flags) from before the two met."""

from __future__ import annotations

import sqlite3

from drill.storage import schema

#: The review-loop branch's step 3, as it stood before it was renumbered.
BRANCH_STEP_THREE = (
    "CREATE TABLE day_limits (day TEXT PRIMARY KEY,"
    " extra_new INTEGER NOT NULL DEFAULT 0 CHECK (extra_new >= 0))",
    "ALTER TABLE cards ADD COLUMN flagged INTEGER NOT NULL DEFAULT 0",
)


def tables(conn: sqlite3.Connection) -> set[str]:
    return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def card_columns(conn: sqlite3.Connection) -> set[str]:
    return {row[1] for row in conn.execute("PRAGMA table_info(cards)")}


def test_step_four_after_the_interviews_step() -> None:
    conn = sqlite3.connect(":memory:")
    schema.migrate(conn, target=3)
    assert "day_limits" not in tables(conn) and "flagged" not in card_columns(conn)
    assert schema.migrate(conn, target=4) == 3
    assert {"day_limits", "interviews", "explanations"} <= tables(conn)
    assert "flagged" in card_columns(conn)
    assert schema.read_version(conn) == 4


def test_step_four_after_the_branchs_own_step_three() -> None:
    conn = sqlite3.connect(":memory:")
    schema.migrate(conn, target=2)
    for statement in BRANCH_STEP_THREE:
        conn.execute(statement)
    conn.execute("UPDATE schema_version SET version = 3")
    conn.execute("INSERT INTO day_limits (day, extra_new) VALUES ('2026-11-30', 10)")
    assert "interviews" not in tables(conn)
    assert schema.migrate(conn, target=4) == 3
    assert {"day_limits", "interviews", "explanations"} <= tables(conn)
    assert "flagged" in card_columns(conn)
    # what the branch's step kept stays
    assert conn.execute("SELECT extra_new FROM day_limits").fetchall() == [(10,)]
    assert schema.read_version(conn) == 4
