"""Mock interviews and explanations on disk: each interview and the explanation given to
each of its cards, an explanation written on a card and the rating it belongs to, and the
weak spots an interview draws on (lapses and logged mistakes per card)."""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from drill.scheduling.timestamps import from_ms, to_ms


@dataclass(frozen=True, slots=True)
class ExplanationRow:
    """One explanation as stored: the text and how it scored."""

    card_key: str
    variant: str | None
    text: str
    duration_ms: int
    figures_right: int
    figures_wrong: int
    points_covered: int
    points_total: int
    mistakes: tuple[str, ...] = ()  # what went wrong, in words
    asks_right: int = 0  # the card's asks answered as numbers beside it
    asks_wrong: int = 0


@dataclass(frozen=True, slots=True)
class StoredExplanation:
    """An explanation as kept: when, what it belongs to (a rating, an interview, or
    neither: written and never rated), and the text with its check."""

    id: int
    time: datetime  # UTC
    review_id: int | None
    interview_id: int | None
    row: ExplanationRow


@dataclass(frozen=True, slots=True)
class InterviewSummary:
    id: int
    started: int  # ms since the epoch
    finished: int
    cards: int
    figures_right: int
    figures_wrong: int
    points_covered: int
    points_total: int
    asks_right: int = 0
    asks_wrong: int = 0

    @property
    def score(self) -> float | None:
        """The share of what could be got right that was: figures right, asks right and
        key points made, out of every figure and ask judged and every point; None with
        nothing to judge."""
        out_of = (self.figures_right + self.figures_wrong + self.asks_right + self.asks_wrong
                  + self.points_total)
        if not out_of:
            return None
        return (self.figures_right + self.asks_right + self.points_covered) / out_of


def save_interview(conn: sqlite3.Connection, started: int, finished: int,
                   rows: Sequence[ExplanationRow]) -> int:
    """Store an interview and its explanations (in the caller's transaction); its id."""
    cursor = conn.execute("INSERT INTO interviews (started, finished) VALUES (?, ?)",
                          (started, finished))
    interview_id = cursor.lastrowid
    assert interview_id is not None
    for position, row in enumerate(rows):
        conn.execute(
            "INSERT INTO explanations (time, interview_id, position, card_key, variant, text, "
            "duration_ms, figures_right, figures_wrong, points_covered, points_total, "
            "mistakes, asks_right, asks_wrong) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (finished, interview_id, position, row.card_key, row.variant, row.text,
             row.duration_ms, row.figures_right, row.figures_wrong, row.points_covered,
             row.points_total, "\n".join(row.mistakes), row.asks_right, row.asks_wrong))
    return interview_id


def add_to_interview(conn: sqlite3.Connection, interview_id: int | None, started: int,
                     when: int, position: int, row: ExplanationRow) -> tuple[int, int]:
    """Store one answer of an interview as it is checked (in the caller's transaction):
    the interview's row is made with its first answer, and its end moves to ``when``
    with each. The interview's id and the explanation's."""
    if interview_id is None:
        cursor = conn.execute("INSERT INTO interviews (started, finished) VALUES (?, ?)",
                              (started, max(started, when)))
        assert cursor.lastrowid is not None
        interview_id = cursor.lastrowid
    else:
        conn.execute("UPDATE interviews SET finished = MAX(finished, ?) WHERE id = ?",
                     (when, interview_id))
    cursor = conn.execute(
        "INSERT INTO explanations (time, interview_id, position, card_key, variant, text, "
        "duration_ms, figures_right, figures_wrong, points_covered, points_total, "
        "mistakes, asks_right, asks_wrong) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (when, interview_id, position, row.card_key, row.variant, row.text,
         row.duration_ms, row.figures_right, row.figures_wrong, row.points_covered,
         row.points_total, "\n".join(row.mistakes), row.asks_right, row.asks_wrong))
    assert cursor.lastrowid is not None
    return interview_id, cursor.lastrowid


def finish_interview(conn: sqlite3.Connection, interview_id: int, finished: int) -> None:
    """The interview ended at ``finished`` (its scorecard shown)."""
    conn.execute("UPDATE interviews SET finished = MAX(finished, ?) WHERE id = ?",
                 (finished, interview_id))


def save_explanation(conn: sqlite3.Connection, when: datetime, row: ExplanationRow) -> int:
    """Store one explanation given outside an interview (the explain box); its id."""
    cursor = conn.execute(
        "INSERT INTO explanations (time, card_key, variant, text, duration_ms, figures_right, "
        "figures_wrong, points_covered, points_total, mistakes, asks_right, asks_wrong) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (to_ms(when), row.card_key, row.variant, row.text, row.duration_ms, row.figures_right,
         row.figures_wrong, row.points_covered, row.points_total, "\n".join(row.mistakes),
         row.asks_right, row.asks_wrong))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def link_to_review(conn: sqlite3.Connection, review_id: int,
                   explanation_ids: Sequence[int]) -> None:
    """The explanations written on a card belong to the rating just logged for it (in the
    rating's transaction). One already linked (to an earlier rating) stays where it is."""
    conn.executemany(
        "UPDATE explanations SET review_id = ? WHERE id = ? AND review_id IS NULL",
        [(review_id, explanation_id) for explanation_id in explanation_ids])


def unlink_review(conn: sqlite3.Connection, review_id: int) -> None:
    """A rating undone lets go of its explanations; their text is kept."""
    conn.execute("UPDATE explanations SET review_id = NULL WHERE review_id = ?", (review_id,))


def card_explanations(conn: sqlite3.Connection, card_key: str) -> list[StoredExplanation]:
    """Every explanation of the card (its variants too), oldest first."""
    return _stored(conn, "card_key = ? ORDER BY time, id", card_key)


def interview_explanations(conn: sqlite3.Connection,
                           interview_id: int) -> list[StoredExplanation]:
    """The explanations of one interview, in the order the cards were asked."""
    return _stored(conn, "interview_id = ? ORDER BY position", interview_id)


_ROW_COLUMNS = ("card_key, variant, text, duration_ms, figures_right, figures_wrong, "
                "points_covered, points_total, mistakes, asks_right, asks_wrong")


def _stored(conn: sqlite3.Connection, where: str, value: object) -> list[StoredExplanation]:
    rows = conn.execute(f"SELECT id, time, review_id, interview_id, {_ROW_COLUMNS} "
                        f"FROM explanations WHERE {where}", (value,)).fetchall()
    return [StoredExplanation(row[0], from_ms(row[1]), row[2], row[3], _row(row[4:]))
            for row in rows]


def _row(values: Sequence[Any]) -> ExplanationRow:
    """An :class:`ExplanationRow` from its columns, in the order of ``_ROW_COLUMNS``."""
    return ExplanationRow(values[0], values[1], values[2], values[3], values[4], values[5],
                          values[6], values[7], tuple(m for m in values[8].split("\n") if m),
                          values[9], values[10])


def interview_history(conn: sqlite3.Connection, limit: int = 10) -> list[InterviewSummary]:
    """The latest interviews, newest first, with their totals."""
    rows = conn.execute(
        "SELECT i.id, i.started, i.finished, COUNT(e.id), COALESCE(SUM(e.figures_right), 0), "
        "COALESCE(SUM(e.figures_wrong), 0), COALESCE(SUM(e.points_covered), 0), "
        "COALESCE(SUM(e.points_total), 0), COALESCE(SUM(e.asks_right), 0), "
        "COALESCE(SUM(e.asks_wrong), 0) FROM interviews i "
        "LEFT JOIN explanations e ON e.interview_id = i.id "
        "GROUP BY i.id ORDER BY i.started DESC, i.id DESC LIMIT ?", (limit,)).fetchall()
    return [InterviewSummary(*row) for row in rows]


def weak_spots(conn: sqlite3.Connection) -> dict[str, int]:
    """Per card key: its lapses, plus the mistakes logged on its typed answers, plus the
    wrong figures of its explanations."""
    found: Counter[str] = Counter()
    for key, lapses in conn.execute("SELECT key, lapses FROM cards WHERE lapses > 0"):
        found[key] += lapses
    for key, count in conn.execute(
            "SELECT c.key, COUNT(*) FROM answer_mistakes m JOIN answers a ON a.id = m.answer_id "
            "JOIN revlog r ON r.id = a.review_id JOIN cards c ON c.id = r.card_id "
            "GROUP BY c.key"):
        found[key] += count
    for key, wrong in conn.execute(
            "SELECT card_key, SUM(figures_wrong) FROM explanations GROUP BY card_key"):
        found[key] += wrong or 0
    return dict(found)
