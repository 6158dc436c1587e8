from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from drill.review.session import ReviewSession
from drill.scheduling.clock import FixedClock, local_zone, posix_zone, utc_now_ms
from drill.scheduling.days import StudyDays


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


def test_local_zone_follows_a_posix_tz_string(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "JST-9")  # POSIX: the offset is west of UTC, so -9 is UTC+9
    zone = local_zone()
    assert datetime(2025, 1, 15, 12, tzinfo=zone).utcoffset() == timedelta(hours=9)
    # 20:30 UTC on 14 June is 05:30 on the 15th in Japan: a day starting at 4 is the 15th.
    instant = datetime(2025, 6, 14, 20, 30, tzinfo=UTC)
    assert instant.astimezone(zone).replace(tzinfo=None) == datetime(2025, 6, 15, 5, 30)


def test_a_posix_tz_string_with_summer_time_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # US Eastern as POSIX writes it: UTC-5, summer time from the second Sunday of March
    # to the first Sunday of November.
    monkeypatch.setenv("TZ", "XST5XDT,M3.2.0,M11.1.0")
    zone = local_zone()
    assert datetime(2025, 1, 15, 12, tzinfo=zone).utcoffset() == timedelta(hours=-5)
    assert datetime(2025, 7, 15, 12, tzinfo=zone).utcoffset() == timedelta(hours=-4)
    assert datetime(2025, 3, 9, 1, tzinfo=zone).utcoffset() == timedelta(hours=-5)
    assert datetime(2025, 3, 9, 3, tzinfo=zone).utcoffset() == timedelta(hours=-4)


def test_posix_zone_refuses_what_is_not_a_tz_string() -> None:
    assert posix_zone("JST-9") is not None
    for text in ("garbage", "", "Not/AZone", "JST"):
        assert posix_zone(text) is None, text


def test_the_study_day_follows_a_posix_tz(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "JST-9")
    days = StudyDays(local_zone(), 4)
    # 19:00 UTC on 14 June is 04:00 on the 15th in Japan: the 15th's study day begins.
    assert days.day_of(datetime(2025, 6, 14, 18, 59, tzinfo=UTC)) == date(2025, 6, 14)
    assert days.day_of(datetime(2025, 6, 14, 19, 0, tzinfo=UTC)) == date(2025, 6, 15)
