"""The ``day_limits`` table: more new cards allowed on one study day, as Anki's "extend
today's limits" gives."""

from __future__ import annotations

import sqlite3
from datetime import date


def extra_new(conn: sqlite3.Connection, day: date) -> int:
    """New cards allowed on ``day`` beyond the daily limit (0 when none were asked for)."""
    row = conn.execute("SELECT extra_new FROM day_limits WHERE day = ?",
                       (day.isoformat(),)).fetchone()
    return int(row[0]) if row else 0


def add_extra_new(conn: sqlite3.Connection, day: date, count: int) -> int:
    """Allow ``count`` more new cards on ``day``; the extra allowed now."""
    conn.execute(
        "INSERT INTO day_limits (day, extra_new) VALUES (?, ?) "
        "ON CONFLICT (day) DO UPDATE SET extra_new = extra_new + excluded.extra_new",
        (day.isoformat(), count),
    )
    return extra_new(conn, day)
