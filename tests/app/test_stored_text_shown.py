"""Text kept in the review database (an interview answer, a typed answer) is kept as
written and shown in Browse's history with control and bidirectional characters written
out as escapes: an answer cannot set the terminal's title or reorder what is shown."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from drill.app.screens.browse import history_lines
from drill.explaining.interview import keep_answer
from drill.packs.model import Card
from drill.scheduling.ratings import Rating, TypedAnswer
from drill.scheduling.state import Phase
from drill.storage.database import open_database
from drill.storage.interviews import ExplanationRow, card_explanations
from drill.storage.review_log import ReviewEntry

TITLE = "\x1b]0;owned\x07"  # sets the terminal's title, obeyed
FLIP = "\u202e"  # right-to-left override: what follows shows reversed
WRITTEN = f"The floor is{TITLE} 4.8 ms{FLIP} per token"
CARD = Card(pack="p", id="c", title="t", priority="solid", scenario="s", order=0)


def test_an_interview_answer_is_kept_as_written_and_shown_escaped(tmp_path: Path) -> None:
    with open_database(tmp_path / "drill.sqlite3") as database:
        keep_answer(database, None, 1_000, 2_000, 0,
                    ExplanationRow(CARD.key, None, WRITTEN, 1_000, 0, 0, 0, 0,
                                   (f"bad{TITLE}",)))
        kept = database.read(lambda conn: card_explanations(conn, CARD.key))
    assert kept[0].row.text == WRITTEN  # the learner's words, unchanged on disk
    shown = "\n".join(line.plain for line in history_lines([], UTC, CARD, kept))
    assert "\x1b" not in shown and "\x07" not in shown and FLIP not in shown
    assert "The floor is\\x1b]0;owned\\x07 4.8 ms\\u202e per token" in shown
    assert "bad\\x1b]0;owned\\x07" in shown


def test_a_typed_answer_is_shown_escaped(tmp_path: Path) -> None:
    entry = ReviewEntry(datetime(2026, 1, 1, tzinfo=UTC), 1, "review", Rating.GOOD,
                        Phase.NEW, Phase.LEARNING, 0, 600, 5_000,
                        answers=(TypedAnswer("a1", f"4.8{TITLE}", "correct"),), id=1)
    shown = "\n".join(line.plain for line in history_lines([entry], UTC, CARD))
    assert "\x1b" not in shown and "4.8\\x1b]0;owned\\x07" in shown
