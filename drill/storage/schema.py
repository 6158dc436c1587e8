"""The database schema, as a list of forward migrations.

A new database runs every step from the first; an old one runs the steps it lacks. Steps
are never edited once released: a change is a new step. ``schema_version`` holds the
version reached.

Times are integer milliseconds since the epoch (UTC), as in Anki's revlog.
"""

from __future__ import annotations

import functools
import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class AddColumn:
    """``ALTER TABLE table ADD COLUMN column definition``, unless the column is there
    already (SQLite has no ``ADD COLUMN IF NOT EXISTS``)."""

    table: str
    column: str
    definition: str

    def run(self, conn: sqlite3.Connection) -> None:
        columns = {row[1] for row in conn.execute(f"PRAGMA table_info({self.table})")}
        if self.column not in columns:
            conn.execute(f"ALTER TABLE {self.table} ADD COLUMN {self.column} {self.definition}")


# version reached → the statements that reach it from the version before.
# The interviews and their explanations (step 3), written once: step 4 makes the same
# tables where a development database reached version 3 without them.
_INTERVIEWS = """CREATE TABLE interviews (
    id INTEGER PRIMARY KEY,
    started INTEGER NOT NULL,
    finished INTEGER NOT NULL
)"""
_EXPLANATIONS = """CREATE TABLE explanations (
    id INTEGER PRIMARY KEY,
    time INTEGER NOT NULL,
    interview_id INTEGER REFERENCES interviews (id),
    position INTEGER NOT NULL DEFAULT 0,
    card_key TEXT NOT NULL,
    variant TEXT,
    text TEXT NOT NULL,
    duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
    figures_right INTEGER NOT NULL,
    figures_wrong INTEGER NOT NULL,
    points_covered INTEGER NOT NULL,
    points_total INTEGER NOT NULL,
    mistakes TEXT NOT NULL DEFAULT ''
)"""

MIGRATIONS: dict[int, tuple[str | AddColumn, ...]] = {
    1: (
        "CREATE TABLE schema_version (version INTEGER NOT NULL)",
        "INSERT INTO schema_version (version) VALUES (0)",
        # One row per card drill has scheduled or acted on, keyed by the sha256-derived id.
        # Rows are never deleted: a card removed from its pack keeps its history.
        """CREATE TABLE cards (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL,
            phase INTEGER NOT NULL DEFAULT 0 CHECK (phase BETWEEN 0 AND 3),
            step INTEGER,
            stability REAL,
            difficulty REAL,
            due INTEGER,
            last_review INTEGER,
            reps INTEGER NOT NULL DEFAULT 0,
            lapses INTEGER NOT NULL DEFAULT 0,
            suspended INTEGER NOT NULL DEFAULT 0,
            buried_until INTEGER,
            leech INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX cards_due ON cards (due)",
        # Modelled on Anki's revlog: one row per rating. `prior` is the card row before the
        # rating (JSON), so an undo restores it exactly; NULL for cram, which changes nothing.
        """CREATE TABLE revlog (
            id INTEGER PRIMARY KEY,
            time INTEGER NOT NULL,
            card_id INTEGER NOT NULL REFERENCES cards (id),
            kind TEXT NOT NULL CHECK (kind IN ('review', 'cram')),
            rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
            phase_before INTEGER NOT NULL,
            phase_after INTEGER NOT NULL,
            interval_before INTEGER NOT NULL,
            interval_after INTEGER NOT NULL,
            stability_after REAL,
            difficulty_after REAL,
            duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
            prior TEXT
        )""",
        "CREATE INDEX revlog_time ON revlog (time)",
        "CREATE INDEX revlog_card ON revlog (card_id, time)",
        # Cram is rare: a small partial index counts it without reading the whole log.
        "CREATE INDEX revlog_cram ON revlog (time) WHERE kind = 'cram'",
    ),
    2: (
        # Typed answers, their verdicts and mistakes, and which variant of a card was shown.
        "ALTER TABLE revlog ADD COLUMN variant TEXT",
        """CREATE TABLE answers (
            id INTEGER PRIMARY KEY,
            review_id INTEGER NOT NULL REFERENCES revlog (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            ask_id TEXT NOT NULL,
            text TEXT NOT NULL,
            verdict TEXT NOT NULL CHECK (verdict IN ('correct', 'incorrect', 'invalid'))
        )""",
        "CREATE INDEX answers_review ON answers (review_id)",
        """CREATE TABLE answer_mistakes (
            answer_id INTEGER NOT NULL REFERENCES answers (id) ON DELETE CASCADE,
            rank INTEGER NOT NULL,
            mistake_id TEXT NOT NULL,
            PRIMARY KEY (answer_id, rank)
        )""",
        "CREATE INDEX answer_mistakes_id ON answer_mistakes (mistake_id)",
    ),
    3: (
        # Mock interviews and the explanations given in them: the learner's own words, kept.
        _INTERVIEWS,
        _EXPLANATIONS,
        "CREATE INDEX explanations_interview ON explanations (interview_id, position)",
        "CREATE INDEX explanations_card ON explanations (card_key, time)",
    ),
    4: (
        # Written to run from either database that reached version 3 during development:
        # step 3 above (the interviews) or the review-loop branch's own step 3, which held
        # these first two. So everything here is "if not there yet".
        # "More new cards today": new cards allowed on a study day beyond the daily limit.
        """CREATE TABLE IF NOT EXISTS day_limits (
            day TEXT PRIMARY KEY,
            extra_new INTEGER NOT NULL DEFAULT 0 CHECK (extra_new >= 0)
        )""",
        # A card the user flagged (to look at again, to study as a set).
        AddColumn("cards", "flagged", "INTEGER NOT NULL DEFAULT 0"),
        # The interviews, for a database whose version 3 was the branch's step.
        _INTERVIEWS.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1),
        _EXPLANATIONS.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS", 1),
        "CREATE INDEX IF NOT EXISTS explanations_interview"
        " ON explanations (interview_id, position)",
        "CREATE INDEX IF NOT EXISTS explanations_card ON explanations (card_key, time)",
    ),
    5: (
        # An explanation written on a card and then rated belongs to that rating: Browse
        # shows it under the review. NULL for one given in an interview, or never rated;
        # an undone rating lets go of it (the text itself is never deleted).
        AddColumn("explanations", "review_id",
                  "INTEGER REFERENCES revlog (id) ON DELETE SET NULL"),
        "CREATE INDEX IF NOT EXISTS explanations_review ON explanations (review_id)",
        # The card's asks answered as numbers beside the explanation (the app's mock
        # interview asks them): how many right and wrong.
        AddColumn("explanations", "asks_right", "INTEGER NOT NULL DEFAULT 0"),
        AddColumn("explanations", "asks_wrong", "INTEGER NOT NULL DEFAULT 0"),
    ),
}

SCHEMA_VERSION = max(MIGRATIONS)


def read_version(conn: sqlite3.Connection) -> int | None:
    """The schema version; 0 for a database without tables; None if it is not drill's."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables:
        return 0
    if "schema_version" not in tables:
        return None
    # Every row fetched: a statement left open would stop a later PRAGMA (journal_mode).
    rows = conn.execute("SELECT version FROM schema_version").fetchall()
    row = rows[0] if rows else None
    # Another program's table of that name may hold anything.
    if row is None or isinstance(row[0], bool) or not isinstance(row[0], int):
        return None
    return row[0]


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Run the missing steps up to ``target`` in the caller's transaction; the old version."""
    current = read_version(conn)
    if current is None:
        raise ValueError("not a drill database")
    for version in range(current + 1, target + 1):
        for statement in MIGRATIONS[version]:
            if isinstance(statement, AddColumn):
                statement.run(conn)
            else:
                conn.execute(statement)
        conn.execute("UPDATE schema_version SET version = ?", (version,))
    return current


@functools.cache
def _expected(version: int) -> dict[str, frozenset[str]]:
    """The tables and columns a database at ``version`` has, built in memory."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(conn, version)
        return table_columns(conn)
    finally:
        conn.close()


def table_columns(conn: sqlite3.Connection) -> dict[str, frozenset[str]]:
    """Every table of the database and its columns."""
    tables = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {table: frozenset(row[0] for row in conn.execute(
        "SELECT name FROM pragma_table_info(?)", (table,))) for table in tables}


def schema_problem(conn: sqlite3.Connection, version: int) -> str:
    """"" when the database has every table and column drill's schema ``version`` has;
    else the first one missing, in words."""
    # Two versions 3 were made during development (the interviews, or the day limits and
    # flags); only what both have is required of one.
    expected = _expected(2 if version == 3 else version)
    found = table_columns(conn)
    for table, columns in sorted(expected.items()):
        if table not in found:
            return f"has no table '{table}'"
        missing = sorted(columns - found[table])
        if missing:
            return f"has no column '{missing[0]}' in table '{table}'"
    return ""
