"""An explanation written on a card belongs to the rating that follows it: stored with the
review, let go of (never deleted) when the rating is undone, and a database of the
schema before (version 4) gains the link with every explanation it held intact."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from drill.packs.model import Card
from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock
from drill.storage import schema
from drill.storage.database import open_database
from drill.storage.interviews import (
    ExplanationRow,
    InterviewSummary,
    card_explanations,
    save_explanation,
    save_interview,
)

CARDS = [Card(pack="p", id=f"c{i}", title=f"card {i}", priority="solid", scenario="s",
              order=i) for i in range(2)]
NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
WRITTEN = ExplanationRow("p/c0", "h20", "The floor is 16 GB ÷ 3.35 TB/s ≈ 48 ms.", 41_000,
                         2, 1, 1, 3, ("48 ms: off by 10×",))
ANSWERED = ExplanationRow("p/c0", None, "Decode reads every weight once per token.", 30_000,
                          0, 0, 1, 3, ("1. 48 ms: power of ten",), asks_right=1, asks_wrong=1)


def session_on(path: Path) -> ReviewSession:
    return ReviewSession(CARDS, open_database(path), clock=FixedClock(NOW), fuzz=False)


def test_an_explanation_is_kept_with_the_rating_and_read_back_whole(tmp_path: Path) -> None:
    with session_on(tmp_path / "drill.sqlite3") as session:
        kept = session.database.write(lambda conn: save_explanation(conn, NOW, WRITTEN))
        rated = session.rate("p/c0", 3, 50_000, explanations=[kept])
        [stored] = session.explanations("p/c0")
    assert stored.id == kept and stored.review_id == rated.review_id
    assert stored.interview_id is None and stored.time == NOW
    assert stored.row == WRITTEN  # text, scores and mistakes, as written


def test_a_cram_keeps_its_explanation_too(tmp_path: Path) -> None:
    with session_on(tmp_path / "drill.sqlite3") as session:
        kept = session.database.write(lambda conn: save_explanation(conn, NOW, WRITTEN))
        review_id = session.cram("p/c0", 4, 10_000, explanations=[kept])
        assert [e.review_id for e in session.explanations("p/c0")] == [review_id]


def test_undoing_the_rating_lets_go_of_the_explanation_and_keeps_its_text(
        tmp_path: Path) -> None:
    with session_on(tmp_path / "drill.sqlite3") as session:
        kept = session.database.write(lambda conn: save_explanation(conn, NOW, WRITTEN))
        session.rate("p/c0", 1, 50_000, explanations=[kept])
        session.undo()
        [stored] = session.explanations("p/c0")
        assert stored.review_id is None and stored.row.text == WRITTEN.text
        # rated again, the same explanation goes with the new rating
        again = session.rate("p/c0", 3, 60_000, explanations=[kept])
        assert [e.review_id for e in session.explanations("p/c0")] == [again.review_id]


def test_an_explanation_already_with_a_rating_stays_with_it(tmp_path: Path) -> None:
    with session_on(tmp_path / "drill.sqlite3") as session:
        kept = session.database.write(lambda conn: save_explanation(conn, NOW, WRITTEN))
        first = session.rate("p/c0", 3, 50_000, explanations=[kept])
        session.rate("p/c0", 3, 50_000, explanations=[kept])
        assert [e.review_id for e in session.explanations("p/c0")] == [first.review_id]


def test_explanations_of_interviews_and_of_other_cards_are_told_apart(tmp_path: Path) -> None:
    with session_on(tmp_path / "drill.sqlite3") as session:
        session.database.write(lambda conn: save_interview(conn, 1, 2, [WRITTEN]))
        other = ExplanationRow("p/c1", None, "Another card.", 5_000, 0, 0, 0, 0)
        session.database.write(lambda conn: save_explanation(conn, NOW, other))
        [interviewed] = session.explanations("p/c0")
    assert interviewed.interview_id is not None and interviewed.review_id is None


def test_an_interview_keeps_its_asks_and_sums_them(tmp_path: Path) -> None:
    from drill.storage.interviews import interview_explanations, interview_history

    with session_on(tmp_path / "drill.sqlite3") as session:
        interview = session.database.write(
            lambda conn: save_interview(conn, 1_000, 61_000, [WRITTEN, ANSWERED]))
        stored = session.database.read(lambda c: interview_explanations(c, interview))
        [summary] = session.database.read(interview_history)
    assert [e.row for e in stored] == [WRITTEN, ANSWERED]
    assert (summary.cards, summary.figures_right, summary.figures_wrong, summary.asks_right,
            summary.asks_wrong, summary.points_covered, summary.points_total) == \
        (2, 2, 1, 1, 1, 2, 6)


def test_a_version_four_database_gains_the_link_and_keeps_every_explanation(
        tmp_path: Path) -> None:
    path = tmp_path / "drill.sqlite3"
    conn = sqlite3.connect(path)
    with conn:
        schema.migrate(conn, target=4)
        # rows as version 4 wrote them: one of an interview, one from the explain box
        conn.execute("INSERT INTO interviews (id, started, finished) VALUES (1, 1000, 2000)")
        for interview, position in ((1, 0), (None, 0)):
            conn.execute(
                "INSERT INTO explanations (time, interview_id, position, card_key, variant, "
                "text, duration_ms, figures_right, figures_wrong, points_covered, "
                "points_total, mistakes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (int(NOW.timestamp() * 1000), interview, position, "p/c0", "h20",
                 WRITTEN.text, 41_000, 2, 1, 1, 3, "48 ms: off by 10×"))
    conn.close()
    with session_on(path) as session:
        version = session.database.read(schema.read_version)
        stored = session.explanations("p/c0")
        assert version == schema.SCHEMA_VERSION == 5
        assert [(e.row, e.review_id, e.interview_id) for e in stored] == [
            (WRITTEN, None, 1), (WRITTEN, None, None)]  # no asks answered: 0 right, 0 wrong
        # and a rating links one of them from now on
        rated = session.rate("p/c0", 3, 1_000, explanations=[stored[1].id])
        assert session.database.read(lambda c: card_explanations(c, "p/c0"))[1].review_id \
            == rated.review_id


def test_an_interviews_score_is_the_share_of_figures_right_and_points_made() -> None:
    # 6 figures right and 2 wrong, 5 of 8 points: (6 + 5) / (6 + 2 + 8) = 11/16
    summary = InterviewSummary(1, 0, 60_000, 3, 6, 2, 5, 8)
    assert summary.score == 11 / 16
    # and 3 asks right, 1 wrong on top: (6 + 3 + 5) / (6 + 2 + 3 + 1 + 8) = 14/20
    assert InterviewSummary(1, 0, 60_000, 3, 6, 2, 5, 8, 3, 1).score == 14 / 20
    assert InterviewSummary(2, 0, 1, 1, 0, 0, 0, 0).score is None
