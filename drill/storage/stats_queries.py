"""The aggregate queries behind ``drill stats``: one query per figure, none per card."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence


def count_reviews(
    conn: sqlite3.Connection, start_ms: int | None = None, end_ms: int | None = None
) -> tuple[int, int]:
    """(all logged ratings, cram ratings among them) in [start, end), or in all."""
    lo = start_ms if start_ms is not None else -(2**62)
    hi = end_ms if end_ms is not None else 2**62
    if start_ms is None and end_ms is None:  # COUNT(*) alone can use the smallest index
        total = conn.execute("SELECT COUNT(*) FROM revlog").fetchone()[0]
    else:
        total = conn.execute(
            "SELECT COUNT(*) FROM revlog WHERE time >= ? AND time < ?", (lo, hi)
        ).fetchone()[0]
    cram = conn.execute(
        "SELECT COUNT(*) FROM revlog WHERE kind = 'cram' AND time >= ? AND time < ?", (lo, hi)
    ).fetchone()[0]
    return int(total), int(cram)


def counts_per_span(conn: sqlite3.Connection, spans: Sequence[tuple[int, int]]) -> list[int]:
    """Logged ratings (any kind) in each [start, end) span, in one query.

    Days are local and can be 23 or 25 hours long, so the caller passes each day's span.
    """
    if not spans:
        return []
    values = ", ".join("(?, ?, ?)" for _ in spans)
    params = [value for i, (lo, hi) in enumerate(spans) for value in (i, lo, hi)]
    rows = conn.execute(
        f"WITH spans (i, lo, hi) AS (VALUES {values}) "
        "SELECT i, (SELECT COUNT(*) FROM revlog WHERE time >= lo AND time < hi) "
        "FROM spans ORDER BY i",
        params,
    ).fetchall()
    return [int(count) for _i, count in rows]


def review_card_ratings(
    conn: sqlite3.Connection, start_ms: int, end_ms: int
) -> list[tuple[int, int, int]]:
    """(card id, time, rating) of scheduled reviews of cards in the review phase, by time."""
    return [
        (int(card), int(time), int(rating))
        for card, time, rating in conn.execute(
            "SELECT card_id, time, rating FROM revlog WHERE kind = 'review' "
            "AND phase_before = 2 AND time >= ? AND time < ? ORDER BY time, id",
            (start_ms, end_ms),
        )
    ]


def rated_today(conn: sqlite3.Connection, start_ms: int, end_ms: int) -> dict[int, int]:
    """Distinct cards given a scheduled rating in [start, end), by the phase they were in."""
    rows = conn.execute(
        "SELECT phase_before, COUNT(DISTINCT card_id) FROM revlog "
        "WHERE kind = 'review' AND time >= ? AND time < ? GROUP BY phase_before",
        (start_ms, end_ms),
    )
    return {int(phase): int(n) for phase, n in rows}


def rated_today_in_phase(conn: sqlite3.Connection, card_id: int, phase: int, start_ms: int,
                         end_ms: int) -> bool:
    """Whether the card had a scheduled rating in [start, end) while in ``phase``."""
    row = conn.execute(
        "SELECT 1 FROM revlog WHERE card_id = ? AND kind = 'review' AND phase_before = ? "
        "AND time >= ? AND time < ? LIMIT 1",
        (card_id, int(phase), start_ms, end_ms),
    ).fetchone()
    return row is not None


def mistake_counts(conn: sqlite3.Connection, limit: int) -> list[tuple[str, int, list[str]]]:
    """The most frequent mistake ids: (id, times made, keys of the cards it was made on)."""
    top = conn.execute(
        "SELECT mistake_id, COUNT(*) AS n FROM answer_mistakes "
        "GROUP BY mistake_id ORDER BY n DESC, mistake_id LIMIT ?",
        (limit,),
    ).fetchall()
    if not top:
        return []
    ids = [mistake for mistake, _n in top]
    cards: dict[str, list[str]] = {mistake: [] for mistake in ids}
    marks = ", ".join("?" * len(ids))
    for mistake, key in conn.execute(
        "SELECT DISTINCT m.mistake_id, c.key FROM answer_mistakes m "
        "JOIN answers a ON a.id = m.answer_id JOIN revlog r ON r.id = a.review_id "
        f"JOIN cards c ON c.id = r.card_id WHERE m.mistake_id IN ({marks}) "
        "ORDER BY m.mistake_id, c.key",
        ids,
    ):
        cards[mistake].append(key)
    return [(mistake, int(n), cards[mistake]) for mistake, n in top]


def reviews_per_card(conn: sqlite3.Connection, card_ids: Sequence[int]) -> dict[int, int]:
    """How many ratings each of the given cards has."""
    if not card_ids:
        return {}
    counts: dict[int, int] = {}
    for start in range(0, len(card_ids), 500):
        chunk = list(card_ids[start : start + 500])
        marks = ", ".join("?" * len(chunk))
        counts.update(
            (int(card), int(n))
            for card, n in conn.execute(
                f"SELECT card_id, COUNT(*) FROM revlog WHERE card_id IN ({marks}) "
                "GROUP BY card_id",
                chunk,
            )
        )
    return counts
