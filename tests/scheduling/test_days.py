"""The study day starts at 4 am local time, also on the days DST starts and ends."""

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drill.scheduling.days import StudyDays

NEW_YORK = ZoneInfo("America/New_York")
DAYS = StudyDays(NEW_YORK, 4)


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0,
        second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


def test_an_hour_after_midnight_belongs_to_the_evening_before() -> None:
    # 1 am EDT on 10 June = 05:00 UTC.
    assert DAYS.day_of(utc(2025, 6, 10, 5, 0)) == date(2025, 6, 9)
    # 4 am EDT = 08:00 UTC starts 10 June.
    assert DAYS.day_of(utc(2025, 6, 10, 7, 59, 59)) == date(2025, 6, 9)
    assert DAYS.day_of(utc(2025, 6, 10, 8, 0)) == date(2025, 6, 10)


def test_march_switch_day_is_23_hours_long() -> None:
    # Clocks go from 2:00 EST to 3:00 EDT on 9 March 2025.
    # 8 March 4:00 EST = 09:00 UTC; 9 March 4:00 EDT = 08:00 UTC.
    assert DAYS.start_of(date(2025, 3, 8)) == utc(2025, 3, 8, 9)
    assert DAYS.start_of(date(2025, 3, 9)) == utc(2025, 3, 9, 8)
    assert DAYS.end_of(date(2025, 3, 8)) - DAYS.start_of(date(2025, 3, 8)) == timedelta(hours=23)
    assert DAYS.day_of(utc(2025, 3, 9, 7, 59)) == date(2025, 3, 8)  # 3:59 EDT
    assert DAYS.day_of(utc(2025, 3, 9, 8, 0)) == date(2025, 3, 9)  # 4:00 EDT


def test_november_switch_day_is_25_hours_long() -> None:
    # Clocks go from 2:00 EDT back to 1:00 EST on 2 November 2025.
    # 1 November 4:00 EDT = 08:00 UTC; 2 November 4:00 EST = 09:00 UTC.
    assert DAYS.start_of(date(2025, 11, 1)) == utc(2025, 11, 1, 8)
    assert DAYS.start_of(date(2025, 11, 2)) == utc(2025, 11, 2, 9)
    assert DAYS.end_of(date(2025, 11, 1)) - DAYS.start_of(date(2025, 11, 1)) == timedelta(hours=25)
    # 08:30 UTC on 2 November is 3:30 EST: still 1 November's study day.
    assert DAYS.day_of(utc(2025, 11, 2, 8, 30)) == date(2025, 11, 1)
    assert DAYS.day_of(utc(2025, 11, 2, 9, 0)) == date(2025, 11, 2)


def test_start_hour_inside_the_spring_gap_begins_the_day_after_the_gap() -> None:
    # 2:30 does not exist on 9 March in New York; the day starts at 3:00 EDT = 07:00 UTC.
    days = StudyDays(NEW_YORK, 2)
    start = days.start_of(date(2025, 3, 9))
    assert days.day_of(start) == date(2025, 3, 9)
    assert days.day_of(start - timedelta(seconds=1)) == date(2025, 3, 8)
    assert start == utc(2025, 3, 9, 7)


def test_start_hour_must_be_an_hour_of_the_day() -> None:
    with pytest.raises(ValueError):
        StudyDays(NEW_YORK, 24)


ZONES = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata",
         "America/Santiago", "UTC", "Pacific/Chatham"]


@given(
    zone=st.sampled_from(ZONES),
    hour=st.integers(0, 23),
    instant=st.datetimes(datetime(2000, 1, 1), datetime(2040, 1, 1), timezones=st.just(UTC)),
)
def test_every_instant_lies_inside_its_own_study_day(
    zone: str, hour: int, instant: datetime
) -> None:
    days = StudyDays(ZoneInfo(zone), hour)
    day = days.day_of(instant)
    assert days.start_of(day) <= instant < days.end_of(day)
    assert days.day_of(days.start_of(day)) == day
    length = days.end_of(day) - days.start_of(day)
    assert timedelta(hours=22) <= length <= timedelta(hours=26)
