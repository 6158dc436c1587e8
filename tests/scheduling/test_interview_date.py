"""An interview date: every card comes back at least twice more before it, the last time
before the day; settings.toml and `drill interview --date` set it; Home shows the days."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from drill.cli import main
from drill.config.settings import SettingsError, load_settings, parse_settings
from drill.scheduling.deadline import days_left, deadline_cap
from drill.scheduling.memory import MemoryModel
from drill.scheduling.ratings import Rating
from drill.scheduling.state import CardState, Phase

NOW = datetime(2025, 6, 10, 16, 0, tzinfo=UTC)  # study day 2025-06-10 in UTC


@pytest.mark.parametrize(("left", "cap"), [
    (30, 14), (10, 4), (5, 2), (4, 1), (3, 1), (2, 1), (1, None), (0, None), (-3, None),
])
def test_the_cap_leaves_room_for_two_more_reviews_before_the_day(
        left: int, cap: int | None) -> None:
    today = date(2025, 6, 10)
    assert deadline_cap(today, today + timedelta(days=left)) == cap
    if left >= 3:  # two more reviews, cap days apart, both before the day
        assert cap is not None and 2 * cap <= left - 1


def test_no_date_no_cap() -> None:
    assert deadline_cap(date(2025, 6, 10), None) is None
    assert days_left(date(2025, 6, 10), None) is None
    assert days_left(date(2025, 6, 10), date(2025, 6, 9)) is None
    assert days_left(date(2025, 6, 10), date(2025, 6, 20)) == 10


def test_a_well_known_card_comes_back_twice_before_the_interview() -> None:
    # Stability 100 days: FSRS alone would wait about 100 days after a Good.
    deadline = date(2025, 6, 30)
    free = MemoryModel(0.9, fuzz=False)
    model = MemoryModel(0.9, fuzz=False, deadline=deadline)
    card = CardState(card_id=7, key="p/c", phase=Phase.REVIEW, stability=100.0,
                     difficulty=5.0, due=NOW, last_review=NOW - timedelta(days=100), reps=10)
    assert free.review(card, Rating.GOOD, NOW, 0).interval > timedelta(days=60)
    reviews = []
    now = NOW
    for _ in range(10):
        after = model.review(card, Rating.GOOD, now, 0).after
        assert after.due is not None
        if after.due.date() >= deadline:
            break
        reviews.append(after.due.date())
        card, now = after, after.due
    assert len(reviews) >= 2
    assert all(day < deadline for day in reviews)


def test_the_setting_is_a_date_or_empty() -> None:
    assert parse_settings({"interview_date": "2026-12-20"}, "s").interview_day() == date(
        2026, 12, 20)
    assert parse_settings({"interview_date": date(2026, 12, 20)}, "s").interview_date == (
        "2026-12-20")
    assert parse_settings({"interview_date": ""}, "s").interview_day() is None
    with pytest.raises(SettingsError, match="interview_date must be a date"):
        parse_settings({"interview_date": "next friday"}, "settings.toml")


def test_drill_interview_date_keeps_it_in_the_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(tmp_path), "interview", "--date", "2030-01-15"]) == 0
    assert "Interview date 2030-01-15" in capsys.readouterr().out
    assert load_settings(tmp_path).interview_day() == date(2030, 1, 15)
    assert main(["--data", str(tmp_path), "interview", "--date", "none"]) == 0
    assert load_settings(tmp_path).interview_day() is None
    assert main(["--data", str(tmp_path), "interview", "--date", "soon"]) == 2
    assert "not a date" in capsys.readouterr().err
