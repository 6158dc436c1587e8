"""The review log (Anki's revlog) and the answers typed during each review."""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from drill.scheduling.fitting import LoggedRating
from drill.scheduling.ratings import Rating, TypedAnswer
from drill.scheduling.state import CardState, Phase
from drill.scheduling.timestamps import from_ms, to_ms
from drill.storage import card_table, interviews

ReviewKind = Literal["review", "cram"]


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One logged rating. Intervals are in seconds, as given before and after it."""

    time: datetime  # UTC
    card_id: int
    kind: ReviewKind
    rating: Rating
    phase_before: Phase
    phase_after: Phase
    interval_before_s: int
    interval_after_s: int
    duration_ms: int
    stability_after: float | None = None
    difficulty_after: float | None = None
    variant: str | None = None
    answers: tuple[TypedAnswer, ...] = ()
    id: int = 0  # set once stored


_COLUMNS = (
    "id, time, card_id, kind, rating, phase_before, phase_after, interval_before, "
    "interval_after, duration_ms, stability_after, difficulty_after, variant"
)


def append(conn: sqlite3.Connection, entry: ReviewEntry, prior: CardState | None) -> int:
    """Store the entry and its answers; the new row's id. ``prior`` is kept for undo."""
    cursor = conn.execute(
        "INSERT INTO revlog (time, card_id, kind, rating, phase_before, phase_after, "
        "interval_before, interval_after, duration_ms, stability_after, difficulty_after, "
        "variant, prior) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            to_ms(entry.time),
            entry.card_id,
            entry.kind,
            int(entry.rating),
            int(entry.phase_before),
            int(entry.phase_after),
            entry.interval_before_s,
            entry.interval_after_s,
            entry.duration_ms,
            entry.stability_after,
            entry.difficulty_after,
            entry.variant,
            None if prior is None else card_table.to_json(prior),
        ),
    )
    review_id = cursor.lastrowid
    assert review_id is not None
    for position, answer in enumerate(entry.answers):
        answer_id = conn.execute(
            "INSERT INTO answers (review_id, position, ask_id, text, verdict) "
            "VALUES (?, ?, ?, ?, ?)",
            (review_id, position, answer.ask_id, answer.text, answer.verdict),
        ).lastrowid
        conn.executemany(
            "INSERT INTO answer_mistakes (answer_id, rank, mistake_id) VALUES (?, ?, ?)",
            [(answer_id, rank, mistake) for rank, mistake in enumerate(answer.mistakes)],
        )
    return review_id


def delete(conn: sqlite3.Connection, review_id: int) -> None:
    """Drop a logged rating and its answers (an undo); explanations written on the card
    stay, no longer linked to it."""
    interviews.unlink_review(conn, review_id)
    conn.execute(
        "DELETE FROM answer_mistakes WHERE answer_id IN "
        "(SELECT id FROM answers WHERE review_id = ?)",
        (review_id,),
    )
    conn.execute("DELETE FROM answers WHERE review_id = ?", (review_id,))
    conn.execute("DELETE FROM revlog WHERE id = ?", (review_id,))


def latest_id(conn: sqlite3.Connection, card_id: int) -> int | None:
    row = conn.execute(
        "SELECT id FROM revlog WHERE card_id = ? ORDER BY time DESC, id DESC LIMIT 1",
        (card_id,),
    ).fetchone()
    return None if row is None else int(row[0])


def prior_state(conn: sqlite3.Connection, review_id: int) -> tuple[bool, CardState | None]:
    """(found, the card state before that review; None for cram)."""
    row = conn.execute("SELECT prior FROM revlog WHERE id = ?", (review_id,)).fetchone()
    if row is None:
        return False, None
    return True, None if row[0] is None else card_table.from_json(row[0])


def states_before(conn: sqlite3.Connection, since: datetime) -> dict[int, CardState]:
    """Each card rated on its schedule since ``since``, as it stood before the first of
    those ratings (the state kept for undo), by card id."""
    rows = conn.execute(
        "SELECT card_id, prior FROM revlog WHERE kind = 'review' AND time >= ? "
        "AND prior IS NOT NULL ORDER BY time, id", (to_ms(since),))
    first: dict[int, CardState] = {}
    for card_id, prior in rows:
        if card_id not in first:
            first[card_id] = card_table.from_json(prior)
    return first


def load(conn: sqlite3.Connection, review_id: int) -> ReviewEntry | None:
    rows = conn.execute(f"SELECT {_COLUMNS} FROM revlog WHERE id = ?", (review_id,)).fetchall()
    entries = _with_answers(conn, rows)
    return entries[0] if entries else None


def history(conn: sqlite3.Connection, card_id: int) -> list[ReviewEntry]:
    """Every logged rating of a card, oldest first, with its typed answers."""
    rows = conn.execute(
        f"SELECT {_COLUMNS} FROM revlog WHERE card_id = ? ORDER BY time, id", (card_id,)
    ).fetchall()
    return _with_answers(conn, rows)


def _with_answers(conn: sqlite3.Connection, rows: list[tuple[Any, ...]]) -> list[ReviewEntry]:
    ids = [row[0] for row in rows]
    answers: dict[int, list[TypedAnswer]] = defaultdict(list)
    if ids:
        marks = ", ".join("?" * len(ids))
        mistakes: dict[int, list[str]] = defaultdict(list)
        for answer_id, mistake in conn.execute(
            "SELECT m.answer_id, m.mistake_id FROM answer_mistakes m JOIN answers a "
            f"ON a.id = m.answer_id WHERE a.review_id IN ({marks}) ORDER BY m.answer_id, m.rank",
            ids,
        ):
            mistakes[answer_id].append(mistake)
        for answer_id, review_id, ask_id, text, verdict in conn.execute(
            "SELECT id, review_id, ask_id, text, verdict FROM answers "
            f"WHERE review_id IN ({marks}) ORDER BY review_id, position",
            ids,
        ):
            answers[review_id].append(
                TypedAnswer(ask_id, text, verdict, tuple(mistakes.get(answer_id, ())))
            )
    return [
        ReviewEntry(
            id=row[0],
            time=from_ms(row[1]),
            card_id=row[2],
            kind=row[3],
            rating=Rating(row[4]),
            phase_before=Phase(row[5]),
            phase_after=Phase(row[6]),
            interval_before_s=row[7],
            interval_after_s=row[8],
            duration_ms=row[9],
            stability_after=row[10],
            difficulty_after=row[11],
            variant=row[12],
            answers=tuple(answers.get(row[0], ())),
        )
        for row in rows
    ]


def scheduled_ratings(conn: sqlite3.Connection) -> list[LoggedRating]:
    """Every scheduled rating (no cram), by card and in time order: what fitting FSRS to
    the user's history reads (``drill.scheduling.fitting``)."""
    return [
        LoggedRating(card_id, from_ms(time), Rating(rating), Phase(phase_before))
        for card_id, time, rating, phase_before in conn.execute(
            "SELECT card_id, time, rating, phase_before FROM revlog WHERE kind = 'review' "
            "ORDER BY card_id, time, id"
        )
    ]
