"""The database schema, as a list of forward migrations.

A new database runs every step from the first; an old one runs the steps it lacks. Steps
are never edited once released: a change is a new step. ``schema_version`` holds the
version reached.

Times are integer milliseconds since the epoch (UTC), as in Anki's revlog.
"""

from __future__ import annotations

import sqlite3

# version reached → the statements that reach it from the version before.
MIGRATIONS: dict[int, tuple[str, ...]] = {
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
        """CREATE TABLE interviews (
            id INTEGER PRIMARY KEY,
            started INTEGER NOT NULL,
            finished INTEGER NOT NULL
        )""",
        """CREATE TABLE explanations (
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
        )""",
        "CREATE INDEX explanations_interview ON explanations (interview_id, position)",
        "CREATE INDEX explanations_card ON explanations (card_key, time)",
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
    row = conn.execute("SELECT version FROM schema_version").fetchone()
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
            conn.execute(statement)
        conn.execute("UPDATE schema_version SET version = ?", (version,))
    return current
