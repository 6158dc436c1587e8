from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock, local_zone, utc_now_ms


def test_local_zone_follows_tz_as_a_named_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "America/New_York")
    zone = local_zone()
    # A named zone knows both offsets; a fixed offset would get one of these wrong.
    assert datetime(2025, 1, 15, 12, tzinfo=zone).utcoffset() == timedelta(hours=-5)
    assert datetime(2025, 7, 15, 12, tzinfo=zone).utcoffset() == timedelta(hours=-4)


def test_now_is_utc_whole_milliseconds() -> None:
    clock = FixedClock(datetime(2025, 6, 10, 12, 0, 0, 123_456, tzinfo=ZoneInfo("Asia/Tokyo")))
    now = utc_now_ms(clock)
    assert now.tzinfo is UTC  # datetime.UTC is timezone.utc, which fsrs insists on
    assert now == datetime(2025, 6, 10, 3, 0, 0, 123_000, tzinfo=UTC)


def test_fixed_clock_refuses_naive_times() -> None:
    with pytest.raises(ValueError):
        FixedClock(datetime(2025, 1, 1))


def test_the_settings_time_zone_sets_where_days_start(tmp_path: Path) -> None:
    (tmp_path / "settings.toml").write_text('timezone = "Asia/Tokyo"\nday_start_hour = 5\n')
    with ReviewSession.open([], tmp_path) as session:
        assert str(session.clock.zone) == "Asia/Tokyo"
        assert session.days.start_hour == 5
    assert (tmp_path / "drill.sqlite3").exists()
